"""The game options ``coinlake play`` and ``coinlake serve`` share: who people play, every
``new_game`` option (2.1, 1.5, 7.3, 8.9), the log file and ``--resume``, as Typer option
types and one function that opens the game they describe; and ``--key-file``, which every
command that reads or writes a log file takes (a keyed log: :mod:`coinlake.store.logfile`)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

import coinlake
from coinlake.cli.app import fail, usage

if TYPE_CHECKING:
    from coinlake.store import LoadReport

FACTIONS = tuple(str(f) for f in coinlake.Faction)
FactionName = StrEnum("FactionName", {f: f for f in FACTIONS})  # type: ignore[misc]
"""The choices of ``--human``."""
MARKERS = ("empty-threat", "hidden-agenda", "hidden-asset")
"""The Handicap markers (7.3)."""
DEFAULT_LOG = Path("game.fitl")


class Scenario(StrEnum):
    """The choices of ``--scenario`` (2.1)."""

    SHORT = "short"
    MEDIUM = "medium"
    FULL = "full"


class UndoName(StrEnum):
    """The choices of ``--undo``."""

    FREE = "free"
    STRICT = "strict"


Human = Annotated[
    list[FactionName] | None,
    typer.Option(
        help="A Faction a person plays (repeat for more); none: the four Non-players play.",
    ),
]
ScenarioOption = Annotated[Scenario | None, typer.Option("--scenario", help="Default: short.")]
Seed = Annotated[
    int | None,
    typer.Option(
        min=0, max=2**64 - 1, help="Seed of the deck and the dice; default: a secret one."
    ),
]
Log = Annotated[Path, typer.Option(help="The log file, saved after every command.")]
Force = Annotated[bool, typer.Option(help="Overwrite an existing log file.")]
Resume = Annotated[
    Path | None,
    typer.Option(help="Continue the game of this log file (its options and seats)."),
]
KeyFile = Annotated[
    Path | None,
    typer.Option(help="File holding a keyed log's key: its bytes, one final newline dropped."),
]
PeriodEvents = Annotated[bool, typer.Option(help="Period Events option (2.1).")]
PoliticalRhythm = Annotated[bool, typer.Option(help="Political Rhythm option.")]
HighWinds = Annotated[bool, typer.Option(help="High Winds option.")]
Deception = Annotated[bool, typer.Option(help="Victory Deception option (7.3).")]
Handicap = Annotated[
    list[str] | None,
    typer.Option(
        help="Handicap option (7.3): FACTION=MARKER,MARKER, least experienced player first."
    ),
]
Player = Annotated[
    list[str] | None, typer.Option(help="A player holding two Factions (1.5), e.g. NVA+VC.")
]
Easy = Annotated[bool, typer.Option(help="1-player Easy option (8.9).")]
DifficultyA = Annotated[bool, typer.Option(help="1-player Difficulty option A (8.9).")]
DifficultyB = Annotated[bool, typer.Option(help="1-player Difficulty option B (8.9).")]
Undo = Annotated[
    UndoName | None,
    typer.Option(help="Undo policy; default: strict when a person plays, else free."),
]


def read_key(path: Path | None) -> bytes | None:
    """The key in the ``--key-file`` ``path`` (none: ``None``): its bytes without one final
    newline, 1 to 64 of them; an unreadable file or a bad length is a user error."""
    if path is None:
        return None
    try:
        key = path.read_bytes()
    except OSError as exc:
        raise fail(f"cannot read the key file {path}: {exc.strerror or exc}") from None
    key = key.removesuffix(b"\n")
    if not 1 <= len(key) <= 64:
        raise fail(f"the key in {path} is {len(key)} bytes long; a key has 1 to 64")
    return key


def load_log(
    log: Path, key: bytes | None, *, verify: bool = True
) -> tuple[coinlake.Game, LoadReport]:
    """The game of the log file ``log`` and the reader's report (``coinlake.load_with_report``;
    keyed: with ``key``); a file that cannot be read, or that the reader refuses (the
    message names the frame), is a user error. Every command that reads a log reads it here."""
    try:
        return coinlake.load_with_report(log, verify=verify, key=key)
    except coinlake.LogFileError as exc:
        raise fail(f"cannot read {log}: {rejection(exc, key)}") from None
    except OSError as exc:  # the reader's own errors are LogFileErrors: this is the disk's
        raise fail(f"cannot read {log}: {exc.strerror or exc}") from None


def rejection(exc: coinlake.LogFileError, key: bytes | None) -> str:
    """Why a log file was refused, in one line: ``exc``'s message (it names the frame), and
    for a keyed log read without a key, the option that gives it."""
    if key is None and exc.frame is None and "keyed" in str(exc):  # only a keyed file says so
        return f"{exc} (pass it with --key-file FILE)"
    return str(exc)


def handicap_of(values: Sequence[str]) -> dict[str, list[str]]:
    """``--handicap FACTION=MARKER,MARKER`` values as ``new_game``'s ``handicap``."""
    handicap: dict[str, list[str]] = {}
    for value in values:
        faction, _, picks = value.partition("=")
        markers = picks.split(",")
        if faction not in FACTIONS or len(markers) != 2 or any(m not in MARKERS for m in markers):
            raise typer.BadParameter(
                f"{value!r}: FACTION=MARKER,MARKER with markers among {', '.join(MARKERS)}",
                param_hint="--handicap",
            )
        handicap[faction] = markers
    return handicap


def players_of(values: Sequence[str]) -> list[tuple[str, ...]]:
    """``--player NVA+VC`` values as ``new_game``'s ``players``."""
    groups = []
    for value in values:
        group = tuple(value.split("+"))
        if not group or any(f not in FACTIONS for f in group):
            raise typer.BadParameter(
                f"{value!r}: Factions joined by +, e.g. NVA+VC", param_hint="--player"
            )
        groups.append(group)
    return groups


def open_game(
    *,
    human: Sequence[str],
    scenario: Scenario | None,
    seed: int | None,
    log: Path,
    force: bool,
    resume: Path | None,
    period_events: bool,
    political_rhythm: bool,
    high_winds: bool,
    deception: bool,
    handicap: Sequence[str],
    player: Sequence[str],
    easy: bool,
    difficulty_a: bool,
    difficulty_b: bool,
    undo: UndoName | None,
    key: bytes | None = None,
) -> tuple[coinlake.Game, Path, bool]:
    """The game the options describe, its log file, and whether it was resumed: a new game
    (2.1) with ``human`` Factions as players and the others as Non-players, or the game of
    ``resume`` (whose options and seats come from it; a keyed log is read with ``key``, the
    key the caller saves it with). Refuses, without writing anything, a log that exists
    (unless ``force``), options given with ``--resume``, a log the key does not open, and
    options that do not fit together."""
    options_given = (
        human or scenario or seed is not None or period_events or political_rhythm
    ) or (high_winds or deception or handicap or player or easy or difficulty_a or difficulty_b)
    if resume is not None:
        if options_given or undo is not None or log != DEFAULT_LOG:
            raise usage(
                "--resume continues the game of the log file: its scenario, options, seats "
                "and log come from it"
            )
        return load_log(resume, key)[0], resume, True
    if log.exists() and not force:
        raise fail(f"{log} exists: add --force to overwrite it, or --resume {log} to continue")
    humans = [str(h) for h in human]
    try:
        game = coinlake.new_game(
            str(scenario or Scenario.SHORT),
            seed,
            period_events=period_events,
            political_rhythm=political_rhythm,
            high_winds=high_winds,
            deception=deception,
            handicap=handicap_of(handicap),
            non_players=set(FACTIONS) - set(humans),
            players=players_of(player),
            easy=easy,
            difficulty_a=difficulty_a,
            difficulty_b=difficulty_b,
            undo=str(undo or ("strict" if humans else "free")),
        )
    except ValueError as exc:
        raise usage(str(exc)) from None
    return game, log, False
