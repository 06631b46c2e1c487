"""``coinlake simulate``: batch self-play with statistics (:mod:`coinlake.simulate`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

import coinlake
from coinlake import simulate as sim
from coinlake.cli.app import app, console, fail


def _parse_seats(values: list[str]) -> dict[str, str]:
    seats: dict[str, str] = {}
    for value in values:
        faction, sep, agent = value.partition("=")
        if not sep or faction.upper() not in sim.FACTIONS or not agent:
            raise fail(f"--agent is FACTION=AGENT (e.g. VC=nonplayer, NVA=random), not {value!r}")
        seats[faction.upper()] = agent
    return seats


def summary_table(stats: list[sim.FactionStats]) -> Table:
    """Win rates and mean margins per Faction, with their 95% intervals."""
    table = Table(title=f"{stats[0].games} games")
    for name in ("Faction", "wins", "win rate", "95% CI (Wilson)", "mean margin", "95% CI (t)"):
        table.add_column(name, justify="left" if name == "Faction" else "right")
    for s in stats:
        table.add_row(
            s.faction,
            str(s.wins),
            f"{s.win_rate:.1%}",
            f"{s.win_low:.1%} – {s.win_high:.1%}",  # noqa: RUF001
            f"{s.mean_margin:+.2f}",
            f"{s.margin_low:+.2f} – {s.margin_high:+.2f}",  # noqa: RUF001
        )
    return table


@app.command()
def simulate(
    games: Annotated[int, typer.Option(help="how many games")] = 100,
    scenario: Annotated[str, typer.Option(help="short, medium or full")] = "short",
    agent: Annotated[
        list[str] | None,
        typer.Option(help="FACTION=nonplayer|random|module:attr (repeatable; default nonplayer)"),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(help=f"a scenario option: {', '.join(sim.OPTIONS)} (repeatable)"),
    ] = None,
    seed: Annotated[int, typer.Option(help="batch seed: game i plays with a seed from it")] = 1,
    jobs: Annotated[int, typer.Option(help="local processes")] = 1,
    engine: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address")] = None,
    max_commands: Annotated[int | None, typer.Option(help="stop each game after this")] = None,
    logs: Annotated[Path | None, typer.Option(help="folder to keep every game's log")] = None,
    out: Annotated[Path | None, typer.Option(help="results, one JSON line per game")] = None,
    chart: Annotated[Path | None, typer.Option(help="chart file: .svg or .html")] = None,
) -> None:
    """Play many seeded games (batch self-play) and summarise win rates and margins."""
    if engine not in ("local", "ray"):
        raise fail(f"--engine is local or ray, not {engine!r}")
    if chart is not None and chart.suffix not in (".svg", ".html"):
        raise fail(f"--chart is a .svg or .html file, not {str(chart)!r}")
    if games < 1 or jobs < 1:
        raise fail("--games and --jobs are at least 1")
    try:
        spec = sim.BatchSpec(
            scenario,
            seats=_parse_seats(agent or []),
            options=[o.replace("-", "_") for o in option or []],
            max_commands=max_commands,
        )
        spec.check()
    except ValueError as exc:
        raise fail(str(exc)) from None
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("simulating", total=games, rate="-")

        def advance(_: sim.Row) -> None:
            progress.advance(task)
            speed = progress.tasks[task].speed
            progress.update(task, rate="-" if speed is None else f"{speed:.2f}")

        try:
            if engine == "ray":
                rows = sim.run_ray(
                    spec, seed=seed, games=games, address=address, logs=logs, on_row=advance
                )
            else:
                rows = sim.run_local(
                    spec, seed=seed, games=games, jobs=jobs, logs=logs, on_row=advance
                )
        except (ImportError, OSError, coinlake.CoinlakeError) as exc:
            raise fail(str(exc)) from None
    if out is not None:
        out.write_text("".join(json.dumps(row.to_json()) + "\n" for row in rows))
    console.print(summary_table(sim.summarize(rows)))
    if chart is not None:
        text = sim.chart_svg(rows) if chart.suffix == ".svg" else sim.chart_html(rows)
        chart.write_text(text)
        console.print(f"chart written to {chart}")
