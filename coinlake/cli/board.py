"""``coinlake show`` (the board of a log file at any step, as SVG) and ``coinlake
export-html`` (the whole log as a self-contained HTML replay), through the public API.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import coinlake
from coinlake import viewer
from coinlake.cli.app import app, console, fail
from coinlake.cli.options import KeyFile, load_log, read_key

_TRUST = typer.Option(help="fold the log's events without re-deciding every command")


def _write(path: Path, text: str) -> int:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write {path}: {exc.strerror or exc}") from None
    return len(text.encode("utf-8"))


@app.command()
def show(
    log: Annotated[Path, typer.Argument(help="log file (coinlake play --log ...)")],
    svg: Annotated[Path, typer.Option("--svg", help="SVG file to write the board to")],
    at: Annotated[
        int | None, typer.Option(help="the board after this many commands (default: the end)")
    ] = None,
    size: Annotated[int, typer.Option(help="width of the picture in pixels")] = 1200,
    trust: Annotated[bool, _TRUST] = False,
    key_file: KeyFile = None,
) -> None:
    """Write the board of a log file's game, at its end or after N commands, as SVG."""
    game, _ = load_log(log, read_key(key_file), verify=not trust)
    states = [game.root] + [n.state for n in game.line() if n.command is not None]
    steps = len(states) - 1
    if at is not None and not 0 <= at <= steps:
        raise fail(f"--at is a number of commands from 0 to {steps}, not {at}")
    if size <= 0:
        raise fail(f"--size is a width in pixels, not {size}")
    state = states[steps if at is None else at]
    written = _write(svg, coinlake.svg.board(state, size=size))
    console.print(f"board after {state.seq} commands written to {svg} ({written} bytes)")


@app.command("export-html")
def export_html(
    log: Annotated[Path, typer.Argument(help="log file (coinlake play --log ...)")],
    output: Annotated[Path, typer.Option("--output", "-o", help="HTML file to write")],
    title: Annotated[str | None, typer.Option(help="the page's title")] = None,
    trust: Annotated[bool, _TRUST] = False,
    key_file: KeyFile = None,
) -> None:
    """Write a log file's game as one self-contained HTML replay (no server, no network);
    with the chances of winning when the log carries an evaluation (coinlake eval
    --annotate)."""
    game, _ = load_log(log, read_key(key_file), verify=not trust)
    try:
        page = viewer.html(game, title=title)
    except ValueError as exc:  # an evaluation note that is not one
        raise fail(f"{log}: {exc}") from None
    written = _write(output, page)
    console.print(f"replay of {len(game.line())} steps written to {output} ({written} bytes)")
