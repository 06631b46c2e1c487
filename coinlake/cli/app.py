"""The ``coinlake`` command line: the Typer application every command module registers on,
and :func:`run`, which turns every user error into one line on stderr.

Each command lives in its own module of this package (``play.py``: ``play`` and ``replay``)
and uses only the public API. Help texts are plain text (no Rich markup or boxes).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated

import typer
from rich.console import Console

# typer carries its own copy of click; its exceptions are these, not click's
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError

import coinlake

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"coinlake {coinlake.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Fire in the Lake (GMT Games, 2nd edition) at the terminal: play against the
    Non-players of section 8, audit and replay log files."""


def fail(message: str) -> ClickException:
    """A user error of a command (a missing or rejected file...): one line, exit status 1.
    Raise what this returns."""
    return ClickException(message)


def usage(message: str) -> UsageError:
    """A usage error (options that do not fit together): one line, exit status 2. Raise
    what this returns."""
    return UsageError(message)


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``) and return the exit
    status. A usage error (a bad option or value) prints one line on stderr and returns 2,
    as click does; any other user error (a missing, unreadable or rejected file, a
    refused command) one line and 1; ``--help`` and ``--version`` print and return 0."""
    try:
        result = app(args=argv, prog_name="coinlake", standalone_mode=False)
    except NoArgsIsHelpError as exc:
        typer.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=True)
        return exc.exit_code
    except UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "coinlake"
        typer.echo(f"{where}: error: {exc.format_message()} (see {where} --help)", err=True)
        return exc.exit_code
    except ClickException as exc:
        typer.echo(f"coinlake: error: {exc.format_message()}", err=True)
        return exc.exit_code
    except typer.Abort:
        typer.echo("coinlake: aborted", err=True)
        return 1
    except (coinlake.CoinlakeError, OSError) as exc:
        typer.echo(f"coinlake: error: {exc}", err=True)
        return 1
    return result if isinstance(result, int) else 0


def main() -> None:
    """Entry point of the ``coinlake`` console script and of ``python -m coinlake``."""
    sys.exit(run())
