"""``coinlake eval``: each Faction's chances over a logged game, by Non-player rollouts."""

from __future__ import annotations

import csv
import io
import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table

import coinlake
from coinlake.analysis import Evaluation, evaluate
from coinlake.analysis.chart import win_chart
from coinlake.cli.app import app, console, fail


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


def row(step: int, state: coinlake.GameState, evaluation: Evaluation) -> dict[str, Any]:
    """One table row: the step, its card, and per Faction the chance with its interval and
    the mean margin."""
    out: dict[str, Any] = {"step": step, "card": state.current_card}
    for o in evaluation:
        key = str(o.faction)
        out |= {
            f"{key}_win": round(o.win, 4),
            f"{key}_low": round(o.win_low, 4),
            f"{key}_high": round(o.win_high, 4),
            f"{key}_margin": round(o.margin, 3),
        }
    out["rollouts"] = evaluation.rollouts
    return out


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
) -> None:
    """Evaluate a logged game position by position: each Faction's chance of winning and
    mean final margin, from the four Non-players playing the rest many times (section 8)."""
    try:
        game = coinlake.load(log)
    except (OSError, coinlake.LogFileError) as exc:
        raise fail(f"cannot read {log}: {exc}") from None
    points = positions(game, every)
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
            rows.append(row(step, state, evaluation))
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
    except OSError as exc:
        raise fail(f"cannot write: {exc}") from None
