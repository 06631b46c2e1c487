"""Exceptions raised by coinlake."""

from __future__ import annotations


class CoinlakeError(Exception):
    """Base class of every error coinlake raises on purpose."""


class IllegalCommand(CoinlakeError):
    """A command that the rules do not allow now; the game state is left unchanged.

    ``rule`` is the rulebook section that forbids it (e.g. ``"3.2.3"``).

    >>> err = IllegalCommand("no Sweep in Monsoon", rule="2.3.9")
    >>> str(err), err.rule
    ('no Sweep in Monsoon (rule 2.3.9)', '2.3.9')
    """

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(f"{message} (rule {rule})")
        self.rule = rule
        self.reason = message


class LogFileError(CoinlakeError):
    """A log file that is malformed, tampered with or too large; nothing is loaded.

    ``frame`` is the 0-based index of the offending frame, or ``None`` for the header.
    """

    def __init__(self, message: str, *, frame: int | None) -> None:
        where = "header" if frame is None else f"frame {frame}"
        super().__init__(f"{where}: {message}")
        self.frame = frame
