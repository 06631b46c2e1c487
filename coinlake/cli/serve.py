"""``coinlake serve``: the game in the browser, people against the Non-players."""

from __future__ import annotations

from typing import Annotated

import typer

from coinlake.cli import options
from coinlake.cli.app import app, console, fail


@app.command()
def serve(
    human: options.Human = None,
    scenario: options.ScenarioOption = None,
    seed: options.Seed = None,
    log: options.Log = options.DEFAULT_LOG,
    force: options.Force = False,
    resume: options.Resume = None,
    period_events: options.PeriodEvents = False,
    political_rhythm: options.PoliticalRhythm = False,
    high_winds: options.HighWinds = False,
    deception: options.Deception = False,
    handicap: options.Handicap = None,
    player: options.Player = None,
    easy: options.Easy = False,
    difficulty_a: options.DifficultyA = False,
    difficulty_b: options.DifficultyB = False,
    undo: options.Undo = None,
    key_file: options.KeyFile = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port.")] = 8000,
    pace: Annotated[
        int, typer.Option(min=0, max=10_000, help="Milliseconds between Non-player commands.")
    ] = 350,
) -> None:
    """Serve a game on http://HOST:PORT/ (this machine only, unless --host says otherwise):
    the map you click, the Non-players' turns one action at a time, undo and redo, and the
    chances of winning; the log is saved after every command (keyed, with --key-file)."""
    try:
        import uvicorn

        from coinlake.serve import GameServer
        from coinlake.serve.app import create_app
    except ImportError:
        raise fail("serve needs its extra: pip install 'coinlake[serve]'") from None
    key = options.read_key(key_file)
    game, log, _ = options.open_game(
        human=[str(h) for h in human or ()],
        scenario=scenario,
        seed=seed,
        log=log,
        force=force,
        resume=resume,
        period_events=period_events,
        political_rhythm=political_rhythm,
        high_winds=high_winds,
        deception=deception,
        handicap=handicap or (),
        player=player or (),
        easy=easy,
        difficulty_a=difficulty_a,
        difficulty_b=difficulty_b,
        undo=undo,
        key=key,
    )
    humans = set(options.FACTIONS) - {str(f) for f in game.state.options.non_players}
    try:
        server = GameServer(game, humans, log, pace=pace, key=key)
    except OSError as exc:
        raise fail(f"cannot write {log}: {exc.strerror}") from None
    who = ", ".join(str(f) for f in server.humans) or "nobody (four Non-players)"
    console.print(f"serving on http://{host}:{port}/ -- people: {who}; log: {log}")
    uvicorn.run(create_app(server), host=host, port=port, log_level="warning")
