"""``coinlake audit`` (a readable account of a logged game) and ``coinlake export`` (its
commands or events as JSON lines, CSV or Parquet), over the public API and
:mod:`coinlake.audit` (Parquet: :mod:`coinlake.analytics`, the ``analytics`` extra).
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

import coinlake
from coinlake import analytics
from coinlake import audit as audit_lib
from coinlake.cli.app import app

errors = Console(stderr=True, soft_wrap=True)


class To(StrEnum):
    """The file formats of ``coinlake export``."""

    JSONL = "jsonl"
    CSV = "csv"
    PARQUET = "parquet"


class Grain(StrEnum):
    """One row per command or per event."""

    COMMAND = "command"
    EVENT = "event"


def _fail(message: str) -> typer.Exit:
    errors.print(f"error: {message}", markup=False, highlight=False)
    return typer.Exit(1)


def _load(log: Path, trust: bool) -> coinlake.Game:
    try:
        return coinlake.load(log, verify=not trust)
    except coinlake.LogFileError as exc:
        raise _fail(f"{log}: {exc}") from None
    except OSError as exc:
        raise _fail(f"{log}: {exc.strerror or exc}") from None


@app.command()
def audit(
    log: Annotated[Path, typer.Argument(help="log file to audit")],
    trust: Annotated[bool, typer.Option(help="fold events without re-deciding")] = False,
) -> None:
    """Print a readable account of a logged game: per card who did what, the changes of the
    victory totals (1.9), the Coup Rounds, the Non-players' reasons, and why the winner won."""
    game = _load(log, trust)
    typer.echo(audit_lib.account(game), nl=False)


@app.command()
def export(
    log: Annotated[Path, typer.Argument(help="log file to export")],
    to: Annotated[To, typer.Option("--to", help="file format")] = To.JSONL,
    per: Annotated[Grain, typer.Option(help="one row per command or per event")] = Grain.EVENT,
    out: Annotated[
        Path | None, typer.Option(help="file to write (default: the log's name, new suffix)")
    ] = None,
    trust: Annotated[bool, typer.Option(help="fold events without re-deciding")] = False,
) -> None:
    """Write a logged game as rows (sequence number, card, phase, Faction, command, event
    type, rule, victory-total changes): JSON lines, CSV, or Parquet (needs the
    ``analytics`` extra)."""
    if to is To.PARQUET:
        try:
            analytics.require()
        except ImportError as exc:
            raise _fail(str(exc)) from None
    target = out if out is not None else log.with_suffix(f".{to.value}")
    game = _load(log, trust)
    grain: audit_lib.Per = "event" if per is Grain.EVENT else "command"
    try:
        if to is To.JSONL:
            count = audit_lib.write_jsonl(target, audit_lib.rows(game, grain))
        elif to is To.CSV:
            count = audit_lib.write_csv(target, audit_lib.rows(game, grain))
        else:
            count = analytics.write_parquet(game, target, grain)
    except OSError as exc:
        raise _fail(f"{target}: {exc.strerror or exc}") from None
    typer.echo(f"{count} rows ({per.value}s) written to {target}")
