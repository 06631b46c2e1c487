"""Many games as data frames, for questions such as "win rate by scenario" or "which cards
swing the US total most" (optional extra: ``pip install 'coinlake[analytics]'``).

The data-frame library is `polars <https://pola.rs>`_: it is Arrow-columnar, writes and
scans Parquet itself (no pyarrow, no pandas), runs group-bys on all cores, and
``pl.scan_parquet("exports/*.parquet")`` queries thousands of exports lazily. The rows are
those of :func:`coinlake.audit.rows` (its :data:`~coinlake.audit.ROW_FIELDS`), with the log
file they came from; :func:`games` has one row per log with its result (7.1-7.3, 8.9).

Reads the public API only (``coinlake``, ``coinlake.audit``); polars is imported when first
needed, so this module imports without the extra.

```python
from coinlake import analytics

table = analytics.games(paths)              # one row per log
table.group_by("scenario", "winner").len()  # win rate by scenario
moves = analytics.load_logs(paths)          # one row per command
moves.group_by("card").agg(pl.col("d_us").abs().sum()).sort("d_us", descending=True)
```
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import coinlake
from coinlake.audit import FACTIONS, ROW_FIELDS, Per, rows

if TYPE_CHECKING:
    import polars as pl

EXTRA_HINT = "needs the 'analytics' extra: pip install 'coinlake[analytics]' (polars)"

GAME_FIELDS: tuple[str, ...] = (
    "log",
    "scenario",
    "commands",
    "over",
    "rule",
    "outcome",
    "winner",
    *(f"total_{f.value.lower()}" for f in FACTIONS),
    *(f"margin_{f.value.lower()}" for f in FACTIONS),
)
"""The columns of :func:`games`: the log file, the scenario, the number of commands of its
current line, whether the game is over, its :class:`~coinlake.GameResult` (``rule``
7.2/7.3/8.9, ``outcome``, ``winner`` as ``"NVA"`` or ``"NVA+VC"``), and each Faction's
final victory total (1.9) and margin (7.3)."""


def require() -> None:
    """Raise ``ImportError`` saying which extra to install when polars is missing."""
    try:
        import polars  # noqa: F401
    except ImportError as err:
        raise ImportError(f"coinlake.analytics {EXTRA_HINT}") from err


def frame(game: coinlake.Game, per: Per = "command") -> pl.DataFrame:
    """One game's :func:`coinlake.audit.rows` as a data frame (columns :data:`ROW_FIELDS`)."""
    require()
    import polars as pl

    return pl.DataFrame(list(rows(game, per)), schema=_row_schema(), orient="row")


def _row_schema() -> dict[str, Any]:
    import polars as pl

    types: dict[str, Any] = dict.fromkeys(ROW_FIELDS, pl.Utf8)
    for name in ("seq", "card", "events", "d_us", "d_arvn", "d_nva", "d_vc"):
        types[name] = pl.Int64
    return types


def _paths(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    if isinstance(paths, str | os.PathLike):
        raise TypeError("paths is a collection of log files, not one path")
    return [Path(p) for p in paths]


def load_logs(
    paths: Iterable[str | os.PathLike[str]], per: Per = "command", *, verify: bool = True
) -> pl.DataFrame:
    """The rows of every log in ``paths`` in one frame, with a ``log`` column (the path)
    and a ``scenario`` column first. ``verify=False`` folds trusted logs without deciding
    their commands again (faster; see :func:`coinlake.load`)."""
    require()
    import polars as pl

    parts = []
    for path in _paths(paths):
        game = coinlake.load(path, verify=verify)
        part = frame(game, per)
        parts.append(
            part.select(
                pl.lit(str(path)).alias("log"),
                pl.lit(game.state.scenario).alias("scenario"),
                pl.all(),
            )
        )
    if not parts:
        schema = {"log": pl.Utf8, "scenario": pl.Utf8, **_row_schema()}
        return pl.DataFrame(schema=schema)
    return pl.concat(parts)


def games(paths: Iterable[str | os.PathLike[str]], *, verify: bool = True) -> pl.DataFrame:
    """One row per log (columns :data:`GAME_FIELDS`): e.g. the win rate by scenario is
    ``games(logs).group_by("scenario", "winner").len()``."""
    require()
    import polars as pl

    table: list[dict[str, Any]] = []
    for path in _paths(paths):
        game = coinlake.load(path, verify=verify)
        state = game.state
        result = state.result
        totals = coinlake.victory_markers(state)
        margins = coinlake.victory_margins(state)
        row: dict[str, Any] = {
            "log": str(path),
            "scenario": state.scenario,
            "commands": len(game.commands),
            "over": result is not None,
            "rule": "" if result is None else result.rule,
            "outcome": "" if result is None else result.outcome,
            "winner": "" if result is None else "+".join(str(f) for f in result.winner),
        }
        for f in FACTIONS:
            row[f"total_{f.value.lower()}"] = totals[f]
            row[f"margin_{f.value.lower()}"] = margins[f]
        table.append(row)
    return pl.DataFrame(table, schema=list(GAME_FIELDS), orient="row")


def write_parquet(game: coinlake.Game, path: str | os.PathLike[str], per: Per = "command") -> int:
    """Write one game's rows to a Parquet file; returns how many."""
    table = frame(game, per)
    table.write_parquet(Path(path))
    return int(table.height)
