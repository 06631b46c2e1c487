"""``coinlake eval``: each Faction's chances over a logged game, by Non-player rollouts;
``--annotate`` appends the table to the log as a note (:mod:`coinlake.analysis.table`)."""

from __future__ import annotations

import csv
import io
import json
import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table

import coinlake
from coinlake.analysis import evaluate
from coinlake.analysis.chart import win_chart
from coinlake.analysis.table import EVALUATION, note_data, table_row
from coinlake.cli.app import app, console, fail
from coinlake.cli.options import KeyFile, load_log, read_key


class Every(StrEnum):
    """Which positions of the log are evaluated."""

    CARD = "card"
    COMMAND = "command"


def positions(game: coinlake.Game, every: Every) -> list[tuple[int, coinlake.GameState]]:
    """``(step, state)`` to evaluate: the start, then after every command or at each new
    card (2.3.7: the next card's turn begins), and the last position."""
    line = game.line()
    if not line:
        return [(0, game.state)]
    root = line[0].parent
    assert root is not None
    found = [(0, root.state)]
    for node in line:
        previous = found[-1][1]
        if every is Every.COMMAND or node.state.current_card != previous.current_card:
            found.append((node.depth, node.state))
    if found[-1][0] != line[-1].depth:
        found.append((line[-1].depth, line[-1].state))
    return found


def table_text(rows: list[dict[str, Any]], suffix: str) -> str:
    """The rows as CSV (``.csv``) or JSON lines (anything else)."""
    if suffix == ".csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return buffer.getvalue()
    return "".join(json.dumps(r, sort_keys=False) + "\n" for r in rows)


@app.command("eval")
def eval_command(
    log: Annotated[Path, typer.Argument(help="log file of the game")],
    every: Annotated[Every, typer.Option(help="evaluate at each card or after every command")] = (
        Every.CARD
    ),
    rollouts: Annotated[int, typer.Option(min=1, help="futures played per position")] = 50,
    jobs: Annotated[int, typer.Option(min=1, help="processes")] = 1,
    seed: Annotated[int, typer.Option(min=0, max=2**64 - 1, help="seed of the rollouts")] = 0,
    omniscient: Annotated[bool, typer.Option(help="read the real deck order")] = False,
    out: Annotated[Path | None, typer.Option(help="table to write: .csv or .jsonl")] = None,
    chart: Annotated[Path | None, typer.Option(help="SVG chart of the chances")] = None,
    annotate: Annotated[
        bool, typer.Option(help="append the table to the log, for export-html and audit")
    ] = False,
    key_file: KeyFile = None,
) -> None:
    """Evaluate a logged game position by position: each Faction's chance of winning and
    mean final margin, from the four Non-players playing the rest many times (section 8)."""
    key = read_key(key_file)
    game, report = load_log(log, key)
    points = positions(game, every)
    if annotate:
        _check_annotate(log, game, report.torn, report.format, len(points), every, rollouts, seed)
    rows = []
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("evaluating", total=len(points))
        for step, state in points:
            evaluation = evaluate(
                coinlake.Game.from_state(state),
                rollouts=rollouts,
                jobs=jobs,
                seed=seed,
                omniscient=omniscient,
            )
            rows.append(table_row(step, state, evaluation, seed))
            progress.advance(task)
    table = Table(title=f"chances of winning over {log.name} ({rollouts} rollouts each)")
    for column in ("step", "card", *(str(f) for f in coinlake.Faction)):
        table.add_column(column, justify="right")
    for r in rows:
        chances = (f"{r[f'{f}_win']:.0%}" for f in coinlake.Faction)
        table.add_row(str(r["step"]), str(r["card"]), *chances)
    console.print(table)
    try:
        if out is not None:
            out.write_text(table_text(rows, out.suffix))
            console.print(f"table written to {out}")
        if chart is not None:
            chart.write_text(
                win_chart(
                    [(r["step"], {str(f): r[f"{f}_win"] for f in coinlake.Faction}) for r in rows]
                )
            )
            console.print(f"chart written to {chart}")
        if annotate:
            data = note_data(
                rows, every=every.value, rollouts=rollouts, seed=seed, omniscient=omniscient
            )
            game.annotate(EVALUATION, data)
            game.save(log, key=key)
            count = len(game.notes(EVALUATION))
            later = "" if count == 1 else f" (the latest of {count} evaluations it carries)"
            console.print(f"evaluation appended to {log}{later}")
    except ValueError as exc:
        raise fail(f"cannot annotate {log}: {exc}") from None
    except OSError as exc:
        raise fail(f"cannot write: {exc}") from None


def _check_annotate(
    log: Path,
    game: coinlake.Game,
    torn: bool,
    version: int,
    count: int,
    every: Every,
    rollouts: int,
    seed: int,
) -> None:
    """Refuse ``--annotate`` before any rollout when the table could not be appended to
    ``log``: a torn or format 1 log (saving would rewrite it), a file that cannot be
    written, or a table too large for a note (tried on a fork, with the rows' shape)."""
    if torn:
        raise fail(f"{log} ends in a torn frame: --annotate appends only to an intact log")
    if version != 2:
        raise fail(f"{log} is a format {version} log: --annotate appends to format 2 logs")
    if not os.access(log, os.W_OK):
        raise fail(f"cannot annotate {log}: the file is not writable")
    big = 2**32  # an int as large as a log stores it (9 bytes): the check errs on the safe side
    shape: dict[str, Any] = {"step": big, "card": big}
    for f in coinlake.Faction:
        shape |= {f"{f}_win": 0.5, f"{f}_low": 0.5, f"{f}_high": 0.5, f"{f}_margin": 0.5}
    shape |= {"rollouts": rollouts, "seed": seed, "omniscient": False}
    data = note_data(
        [shape] * count, every=every.value, rollouts=rollouts, seed=seed, omniscient=False
    )
    try:
        game.fork().annotate(EVALUATION, data)
    except ValueError as exc:
        raise fail(f"cannot annotate {log}: {exc}; try --every card") from None
