"""The command line's structured logs: the library logs through structlog and stays silent
until the application configures it; ``coinlake play --log-json FILE`` does, for the time of
the game, so that every decision (``Game.apply``) becomes one JSON line.

A line holds ``event`` (``"decision"``), ``seq`` (the command's number), ``faction`` (the
deciding Faction, ``null`` for the game's own steps), ``command`` (its text notation),
``rule`` (the Decision's rule) and ``reason`` (a Non-player's reason, 8.1.3-8.8; ``null``
for a person's decision).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import structlog


@contextmanager
def json_lines(path: Path) -> Iterator[None]:
    """Append the library's log records to ``path`` as JSON lines while the block runs;
    structlog is back to its unconfigured (silent for coinlake) state afterwards."""
    with path.open("a", encoding="utf-8") as out:
        structlog.configure(
            processors=[structlog.processors.JSONRenderer(sort_keys=True)],
            wrapper_class=structlog.make_filtering_bound_logger(logging.INFO),
            logger_factory=structlog.WriteLoggerFactory(file=out),
            cache_logger_on_first_use=False,
        )
        try:
            yield
        finally:
            structlog.reset_defaults()
