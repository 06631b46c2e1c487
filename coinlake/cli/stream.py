"""``coinlake audit`` (a readable account of a logged game and, when the log carries an
evaluation, what moved the chances most) and ``coinlake export`` (its commands or events as
JSON lines, CSV or Parquet), over the public API and :mod:`coinlake.audit` (Parquet:
:mod:`coinlake.analytics`, the ``analytics`` extra).
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from coinlake import analytics
from coinlake import audit as audit_lib
from coinlake.analysis.table import EvaluationTable, latest_table
from coinlake.cli.app import app, fail
from coinlake.cli.options import KeyFile, load_log, read_key


class To(StrEnum):
    """The file formats of ``coinlake export``."""

    JSONL = "jsonl"
    CSV = "csv"
    PARQUET = "parquet"


class Grain(StrEnum):
    """One row per command or per event."""

    COMMAND = "command"
    EVENT = "event"


@app.command()
def audit(
    log: Annotated[Path, typer.Argument(help="log file to audit")],
    trust: Annotated[bool, typer.Option(help="fold events without re-deciding")] = False,
    top: Annotated[
        int, typer.Option(min=1, help="moves of each Faction's chance listed each way")
    ] = 5,
    key_file: KeyFile = None,
) -> None:
    """Print a readable account of a logged game: per card who did what, the changes of the
    victory totals (1.9), the Coup Rounds, the Non-players' reasons, and why the winner won;
    with an evaluation in the log (coinlake eval --annotate), the cards and commands that
    moved each Faction's chance of winning most."""
    game, _ = load_log(log, read_key(key_file), verify=not trust)
    try:
        table = latest_table(game)
        movers = audit_lib.chance_movers(game, top)
    except ValueError as exc:
        raise fail(f"{log}: {exc}") from None
    typer.echo(audit_lib.account(game), nl=False)
    if table is not None:
        typer.echo(_movers_text(table, movers), nl=False)


def _movers_text(table: EvaluationTable, movers: tuple[audit_lib.FactionMovers, ...]) -> str:
    """The section of ``coinlake audit`` on what moved the chances (:func:`chance_movers`)."""
    out = [
        "\nWhat moved the chances of winning most (the log's latest evaluation, "
        f"{table.describe()}):"
    ]
    for faction in movers:
        out.append(f"  {faction.faction}")
        if not faction.rises and not faction.falls:
            out.append("    no change")
        for move in (*faction.rises, *faction.falls):
            steps = (
                f"step {move.end}"
                if move.end == move.start + 1
                else f"steps {move.start + 1}-{move.end}"
            )
            what = f"    {move.change:+.0%} ({move.before:.0%} to {move.after:.0%}), {steps}, "
            title = audit_lib.card_title(move.card)
            what += title if move.card is None else f"card {title}"
            if move.command is not None:
                what += f": {move.by or 'the game'} '{move.command}'"
            out.append(what)
    return "\n".join(out) + "\n"


@app.command()
def export(
    log: Annotated[Path, typer.Argument(help="log file to export")],
    to: Annotated[To, typer.Option("--to", help="file format")] = To.JSONL,
    per: Annotated[Grain, typer.Option(help="one row per command or per event")] = Grain.EVENT,
    out: Annotated[
        Path | None, typer.Option(help="file to write (default: the log's name, new suffix)")
    ] = None,
    trust: Annotated[bool, typer.Option(help="fold events without re-deciding")] = False,
    key_file: KeyFile = None,
) -> None:
    """Write a logged game as rows (sequence number, card, phase, Faction, command, event
    type, rule, victory-total changes): JSON lines, CSV, or Parquet (needs the
    ``analytics`` extra)."""
    if to is To.PARQUET:
        try:
            analytics.require()
        except ImportError as exc:
            raise fail(str(exc)) from None
    target = out if out is not None else log.with_suffix(f".{to.value}")
    game, _ = load_log(log, read_key(key_file), verify=not trust)
    grain: audit_lib.Per = "event" if per is Grain.EVENT else "command"
    try:
        if to is To.JSONL:
            count = audit_lib.write_jsonl(target, audit_lib.rows(game, grain))
        elif to is To.CSV:
            count = audit_lib.write_csv(target, audit_lib.rows(game, grain))
        else:
            count = analytics.write_parquet(game, target, grain)
    except OSError as exc:
        raise fail(f"{target}: {exc.strerror or exc}") from None
    typer.echo(f"{count} rows ({per.value}s) written to {target}")
