"""Layer 6: saving and loading games as append-only log files.

>>> import coinlake, tempfile, pathlib
>>> game = coinlake.new_game("short", seed=7)
>>> _ = game.apply(game.legal()[0])
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.fitl"
>>> game.save(path)
>>> coinlake.load(path).state == game.state
True
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from coinlake import __version__
from coinlake.data.pieces import Faction
from coinlake.engine import Game, UndoPolicy, start_state
from coinlake.errors import CoinlakeError, LogFileError
from coinlake.state.events import Chosen
from coinlake.state.model import Options
from coinlake.store.codec import (
    converter,
    structure_command,
    structure_event,
    unstructure_command,
    unstructure_event,
)
from coinlake.store.logfile import (
    FORMAT_VERSION,
    LogContents,
    LogWriter,
    digest,
    pack,
    read_log,
)

__all__ = ["LoadReport", "load", "load_with_report", "save_game"]

APPLY_KEYS = frozenset({"action", "faction", "command", "rule", "events"})
"""Exactly the keys of an ``apply`` frame (``schemas/frame.schema.json``)."""
HEADER_KEYS = frozenset({"format", "library", "scenario", "seed", "options", "undo"})
"""Exactly the keys of a header frame (``schemas/header.schema.json``)."""


def header_of(game: Game) -> dict[str, Any]:
    """The header frame: format and library versions, scenario, seed, options, undo policy."""
    root = game.root
    return {
        "format": FORMAT_VERSION,
        "library": __version__,
        "scenario": root.scenario,
        "seed": root.rng.seed,
        "options": converter.unstructure(root.options),
        "undo": game.undo_policy.value,
    }


def journal_frames(game: Game) -> list[dict[str, Any]]:
    """One plain-data frame per journal entry: ``apply`` (the command, its Faction, the rule
    of the Decision it answered, and the events after the opening ``Chosen`` event, which the
    first three fields determine), ``undo`` or ``redo``."""
    frames: list[dict[str, Any]] = []
    for entry in game.journal():
        if entry.action == "apply":
            node = entry.node
            chosen = node.events[0]
            assert node.command is not None and isinstance(chosen, Chosen)
            frames.append(
                {
                    "action": "apply",
                    "faction": node.faction.value if node.faction else None,
                    "command": unstructure_command(node.command),
                    "rule": chosen.rule,
                    "events": [unstructure_event(e) for e in node.events[1:]],
                }
            )
        else:
            frames.append({"action": entry.action})
    return frames


def save_game(game: Game, path: Path) -> None:
    """Write ``game``'s journal to ``path``. If ``path`` already holds an earlier save of the
    same game, only the new frames are appended; otherwise the file is written afresh
    (to a temporary file first, then renamed)."""
    header = header_of(game)
    payloads = [pack(f) for f in journal_frames(game)]
    chain = [digest(pack(header), b"")]
    for p in payloads:
        chain.append(digest(p, chain[-1]))
    if path.exists():
        try:
            old, last = read_log(path)
        except LogFileError:
            old, last = None, b""
        if old is not None and not old.torn and old.header == header:
            k = len(old.frames)
            if k <= len(payloads) and chain[k] == last:
                writer = LogWriter(path, None, last)
                writer.append(journal_frames(game)[k:])
                writer.close()
                return
    tmp = path.with_name(path.name + ".tmp")
    writer = LogWriter(tmp, header)
    writer.append(journal_frames(game))
    writer.close()
    os.replace(tmp, path)


class LoadReport:
    """What :func:`load_with_report` found: whether a torn last frame was dropped."""

    def __init__(self, frames: int, torn: bool) -> None:
        self.frames = frames
        self.torn = torn

    def __repr__(self) -> str:
        return f"LoadReport(frames={self.frames}, torn={self.torn})"


def load(path: str | Path, *, verify: bool = True) -> Game:
    """Rebuild a game from its log file. See :func:`load_with_report`."""
    return load_with_report(path, verify=verify)[0]


def load_with_report(path: str | Path, *, verify: bool = True) -> tuple[Game, LoadReport]:
    """Rebuild a game from a log file, frame by frame.

    With ``verify`` (the default) every command is decided again by the rules and must
    produce exactly the recorded events; without it the recorded events are folded as they
    are (faster, for trusted files). Anything malformed raises :class:`LogFileError` naming
    the frame. A torn last frame is dropped and reported (``report.torn``).
    """
    contents, _ = read_log(path)
    game = _new_from_header(contents)
    for index, frame in enumerate(contents.frames):
        try:
            _replay_frame(game, frame, verify)
        except (CoinlakeError, ValueError, KeyError, TypeError, IndexError) as exc:
            raise LogFileError(str(exc), frame=index) from None
        except Exception as exc:  # cattrs validation groups and anything else malformed
            raise LogFileError(f"malformed frame ({exc})", frame=index) from None
    return game, LoadReport(len(contents.frames), contents.torn)


def _new_from_header(contents: LogContents) -> Game:
    h = contents.header
    try:
        if h.get("format") != FORMAT_VERSION:
            raise ValueError(f"unsupported format version {h.get('format')!r}")
        if set(h) != HEADER_KEYS:
            raise ValueError(f"header keys {sorted(h)} are not {sorted(HEADER_KEYS)}")
        if not isinstance(h["library"], str):
            raise ValueError("library version is not a string")
        options = converter.structure(h["options"], Options)
        seed = h["seed"]
        if not isinstance(seed, int):
            raise ValueError("seed is not an integer")
        state = start_state(h["scenario"], seed, options)
        return Game(state, undo=UndoPolicy(h["undo"]), saver=save_game)
    except Exception as exc:
        raise LogFileError(f"bad header ({exc})", frame=None) from None


def _replay_frame(game: Game, frame: dict[str, Any], verify: bool) -> None:
    action = frame.get("action")
    if action == "undo" and len(frame) == 1:
        game.undo()
    elif action == "redo" and len(frame) == 1:
        game.redo()
    elif action == "apply" and frame.keys() == APPLY_KEYS:
        raw = frame["events"]
        if not isinstance(raw, list) or not isinstance(frame["rule"], str):
            raise ValueError("events is not a list or rule is not a string")
        faction = Faction(frame["faction"]) if frame["faction"] is not None else None
        command = structure_command(frame["command"])
        chosen = Chosen(seq=game.state.seq, rule=frame["rule"], faction=faction, command=command)
        events = (chosen, *(structure_event(e) for e in raw))
        if verify:
            produced = game.apply(command)
            if produced != events:
                raise ValueError("recorded events differ from what the rules produce")
            if game.node.faction != faction:
                raise ValueError("recorded faction differs from the deciding faction")
        else:
            game.record(command, faction, events)
    else:
        raise ValueError(f"unknown or malformed action {action!r}")
