"""``coinlake play`` (a game into a log file) and ``coinlake replay`` (audit a log file).

``play`` seats the section-8 Non-player at all four Factions (or, ``--agent random``, the
seeded random agent) and lets them play the game, using only the public API.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

import coinlake
from coinlake.cli.app import app, console
from coinlake.nonplayers import RandomAgent


def _summary(game: coinlake.Game, title: str) -> Table:
    state = game.state
    markers = coinlake.victory_markers(state)
    margins = coinlake.victory_margins(state)
    table = Table(title=title)
    table.add_column("Faction")
    table.add_column("victory total", justify="right")
    table.add_column("margin (7.3)", justify="right")
    table.add_column("Resources", justify="right")
    for faction in coinlake.Faction:
        resources = "-" if faction is coinlake.Faction.US else str(state.resources(faction))
        table.add_row(str(faction), str(markers[faction]), str(margins[faction]), resources)
    return table


def _report(game: coinlake.Game) -> None:
    state = game.state
    kinds = Counter(type(e).__name__ for e in game.events)
    console.print(_summary(game, f"{state.scenario.title()} scenario after {state.seq} commands"))
    console.print(
        f"cards played: {len(state.played)}, cards left in deck: {len(state.deck)}, "
        f"Trail {state.trail}, Aid {state.aid}, Patronage {state.patronage}, "
        f"phase: {state.phase.value}"
    )
    console.print("events: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    decision = game.decision
    result = state.result
    if result is not None:
        winner = "+".join(str(f) for f in result.winner) or "nobody"
        ranking = ", ".join(
            f"{'+'.join(str(f) for f in side)} {margin:+d}"
            for side, margin in zip(result.ranking, result.side_margins, strict=True)
        )
        console.print(
            f"[bold]Game over ({result.rule}): {result.outcome}, winner {winner}[/bold]; "
            f"ranking by margin: {ranking}"
        )
    elif decision is None:
        console.print("[bold]The game has no further Decision.[/bold]")
    else:
        console.print(f"next decision: {decision.faction or 'game'}: {decision.prompt}")


AGENTS = ("nonplayer", "random")


@app.command()
def play(
    scenario: Annotated[str, typer.Option(help="short, medium or full")] = "short",
    seed: Annotated[int, typer.Option(help="seed of the deck and the dice")] = 1,
    log: Annotated[Path, typer.Option(help="log file to write")] = Path("game.fitl"),
    max_commands: Annotated[int, typer.Option(help="stop after this many commands")] = 100_000,
    agent: Annotated[
        str, typer.Option(help="nonplayer (section 8) or random, at every Faction")
    ] = "nonplayer",
) -> None:
    """Play a game with every Faction a Non-player (section 8), into a log file."""
    if agent not in AGENTS:
        console.print(f"[red]error:[/red] --agent is one of {', '.join(AGENTS)}, not {agent!r}")
        raise typer.Exit(1)
    if scenario not in coinlake.SCENARIOS:
        console.print(
            f"[red]error:[/red] --scenario is one of {', '.join(coinlake.SCENARIOS)}, "
            f"not {scenario!r}"
        )
        raise typer.Exit(1)
    game = coinlake.new_game(scenario, seed=seed, non_players=set(coinlake.Faction))
    if agent == "random":
        for faction in coinlake.Faction:
            game.seat(faction, RandomAgent())
    game.play_non_players(limit=max_commands)
    game.save(log)
    _report(game)
    console.print(f"log written to {log} ({log.stat().st_size} bytes)")


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(help="log file to audit")],
    trust: Annotated[bool, typer.Option(help="fold events without re-deciding")] = False,
) -> None:
    """Load a log file, re-deciding every command against the rules, and summarise it."""
    try:
        game, report = coinlake.load_with_report(log, verify=not trust)
    except coinlake.LogFileError as exc:
        console.print(f"[red]rejected:[/red] {exc}")
        raise typer.Exit(1) from None
    if report.torn:
        console.print("[yellow]the last frame was torn (incomplete) and was dropped[/yellow]")
    _report(game)
