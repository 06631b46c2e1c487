"""Layer 6: saving and loading games as append-only log files.

>>> import coinlake, tempfile, pathlib
>>> game = coinlake.new_game("short", seed=7)
>>> _ = game.apply(game.legal()[0])
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.fitl"
>>> game.save(path)
>>> coinlake.load(path).state == game.state
True

Format 2 payloads (the framing is in :mod:`coinlake.store.logfile`, the value encoding in
:mod:`coinlake.store.compact`, the JSON Schemas in ``schemas/``):

- the **header** is a msgpack map with exactly the keys ``format`` (2), ``library`` (the
  writing version), ``scenario``, ``seed`` (0..2**64-1), ``rng`` (the generator of the
  deck and dice, :data:`~coinlake.state.rng.ALGORITHMS`), ``options`` (a map of
  :class:`~coinlake.state.model.Options` fields; a missing one takes its default),
  ``undo`` (``"free"``/``"strict"``), and the type tables ``commands`` and ``events``
  (``[[name, [field, ...]], ...]``: the index of a type in its table is how frames name
  it). Every value is checked against its type with no coercion (``"no"`` is not a
  boolean, ``1.0`` not an integer, ``"SHORT"`` not a scenario);
- each **journal frame** is a positional array:

  - ``[0, faction, rule, command, [event, ...]]`` — an ``apply``: the deciding Faction (or
    nil for the game's own steps), the rule of the Decision answered, the command, and the
    events it produced after the opening ``Chosen`` event (rebuilt from the first three);
  - ``[1]`` — an ``undo``; ``[2]`` — a ``redo``;
  - ``[3, seed]`` — a ``reseed`` (:meth:`Game.reseed`: a strict game's fork); ``[3, seed,
    false]`` — a reseed that kept the deck as it was (``reshuffle=False``);
  - ``[4, kind, data]`` — a ``note`` (:meth:`Game.annotate`: an evaluation table, a
    comment), which changes nothing in the game: ``kind`` a short name, ``data`` any
    JSON-like value (nil, booleans, integers, finite floats, strings, arrays, maps with
    string keys), bounded in depth and size (:mod:`coinlake.engine.notes`). Reading checks
    it as :meth:`Game.annotate` does, naming the frame. Files written before notes existed
    have none and load as before.

  A command is ``[type, field...]`` and an event ``[type, rule, field...]``
  (:mod:`coinlake.store.compact`); every event of a frame carries the frame's command
  number (``seq``: the position's ``seq`` before the command), which is not written.

An **exported view** (:meth:`Game.export`, read by :func:`load_view`) is the log of what
one Faction may see. Its header has exactly the keys ``format`` (2), ``library``, ``view``
(the Faction), ``position`` (the Faction's view of the game's first position, as
``coinlake.position`` writes it: no seed, no deck order, no other player's markers) and the
two type tables; its frames are the ``apply`` frames of the current line, each with the
events that Faction may see. It cannot be re-decided: reading it folds the events.

A file saved with a ``key`` is keyed (:mod:`coinlake.store.logfile`): it loads only with
that key, and any change to it is refused, naming the frame.

Loading streams the file (:class:`~coinlake.store.logfile.LogReader`: bounded memory) and
replays each chunk of frames as it is read. Without ``verify`` each frame costs one copy of
the state: its opening ``Chosen`` is folded into a fresh copy and its other events into
that copy in place (see :func:`coinlake.state.model.replace`), each event as soon as it is
decoded; the garbage collector is paused meanwhile (everything allocated is acyclic and
kept). Format 1 files (maps, the decision protocol before issue #8) are re-decided and
upcast: see :mod:`coinlake.store.v1`.
"""

from __future__ import annotations

import gc
import os
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import msgpack

from coinlake._version import __version__
from coinlake.data.pieces import Faction
from coinlake.data.scenarios import SCENARIOS
from coinlake.engine import Game, GameView, UndoPolicy, Why, start_state
from coinlake.engine.game import view_state
from coinlake.errors import CoinlakeError, LogFileError
from coinlake.state import model
from coinlake.state.commands import Command
from coinlake.state.construct import constructor
from coinlake.state.events import _HANDLERS, Chosen, Event, Explained, Reseeded, evolve
from coinlake.state.model import GameState, Options
from coinlake.state.position import parse_position, position
from coinlake.state.rng import ALGORITHMS, KEYED, SPLITMIX
from coinlake.state.setup import reshuffled_deck
from coinlake.store.compact import (
    COMMANDS,
    EVENTS,
    REBUILT_EVENTS,
    Malformed,
    decode_value,
    encode_command,
    file_table,
    spec,
    table_reader,
    type_table,
)
from coinlake.store.logfile import (
    FORMAT_VERSION,
    LogReader,
    _no_ext,
    append_log,
    check_key,
    encode_frames,
    pack,
    start_of,
    unpack_frame,
    write_log,
)

__all__ = [
    "APPLY",
    "HEADER_KEYS",
    "NOTE",
    "POSITION_HEADER_KEYS",
    "REDO",
    "RESEED",
    "UNDO",
    "VIEW_HEADER_KEYS",
    "LoadReport",
    "header_of",
    "journal_frames",
    "load",
    "load_view",
    "load_with_report",
    "position_header_of",
    "save_from_position",
    "save_game",
    "view_frames",
    "view_header_of",
]

APPLY, UNDO, REDO, RESEED, NOTE = 0, 1, 2, 3, 4
"""The action codes that open a journal frame."""
HEADER_KEYS = frozenset(
    {"format", "library", "scenario", "seed", "rng", "options", "undo", "commands", "events"}
)
"""Exactly the keys of a format 2 header (``schemas/header.schema.json``)."""
VIEW_HEADER_KEYS = frozenset({"format", "library", "view", "position", "commands", "events"})
"""Exactly the keys of an exported view's header (``schemas/view-header.schema.json``)."""
POSITION_HEADER_KEYS = frozenset({"format", "library", "position", "undo", "commands", "events"})
"""Exactly the keys of the header of a game started from a position
(``coinlake.from_position``; ``schemas/position-header.schema.json``)."""

_FACTIONS: dict[str, Faction] = {f.value: f for f in Faction}
_MAKE_CHOSEN = constructor(Chosen)
"""``Chosen(seq, rule, faction, command)``, positional and fast."""
_OPTION_TYPES: dict[str, Any] = {
    f.name: typing.get_type_hints(Options)[f.name] for f in attrs.fields(Options)
}
_OPTIONS = {name: spec(tp) for name, tp in _OPTION_TYPES.items()}


# -- writing ---------------------------------------------------------------------------------
def header_of(game: Game) -> dict[str, Any]:
    """The header: format and library versions, scenario, seed, options, undo policy and
    the type tables."""
    root = game.root
    options = root.options
    return {
        "format": FORMAT_VERSION,
        "library": __version__,
        "scenario": root.scenario,
        "seed": root.rng.seed,
        "rng": root.rng.algorithm,
        "options": {name: _plain(getattr(options, name), s) for name, s in _OPTIONS.items()},
        "undo": game.undo_policy.value,
        "commands": type_table(COMMANDS),
        "events": type_table(EVENTS),
    }


def position_header_of(game: Game) -> dict[str, Any]:
    """The header of a game started from a position (:func:`save_from_position`): format
    and library versions, that position as ``coinlake.position`` writes it (the referee's:
    seed and deck included), the undo policy and the type tables."""
    return {
        "format": FORMAT_VERSION,
        "library": __version__,
        "position": position(game.root),
        "undo": game.undo_policy.value,
        "commands": type_table(COMMANDS),
        "events": type_table(EVENTS),
    }


def _plain(value: Any, s: Any) -> Any:
    return value if s.encode is None else s.encode(value)


_ENCODERS = {codec.cls: codec.encode for codec in EVENTS.values()}


def _apply_frame(node: Any, events: tuple[Event, ...]) -> tuple[Any, ...]:
    """The ``apply`` frame of a node, holding ``events`` (its events after ``Chosen``)."""
    chosen = node.events[0]
    assert node.command is not None and isinstance(chosen, Chosen)
    for e in events:
        if e.seq != chosen.seq or type(e) in REBUILT_EVENTS:
            raise ValueError(f"cannot save {e!r}: a frame's events share its seq")
    return (
        APPLY,
        chosen.faction.value if chosen.faction is not None else None,
        chosen.rule,
        encode_command(node.command),
        tuple([_ENCODERS[type(e)](e) for e in events]),
    )


def journal_frames(game: Game) -> list[tuple[Any, ...]]:
    """One positional frame per journal entry (see the module docstring)."""
    frames: list[tuple[Any, ...]] = []
    notes = {note.index: note for note in game.notes()}
    for entry in game.journal():
        if entry.action == "apply":
            frames.append(_apply_frame(entry.node, entry.node.events[1:]))
        elif entry.action == "reseed":
            event = entry.node.events[0]
            assert isinstance(event, Reseeded)
            parent = entry.node.parent
            assert parent is not None
            if event.deck == reshuffled_deck(parent.state, event.seed):
                frames.append((RESEED, event.seed))
            else:
                frames.append((RESEED, event.seed, False))  # the deck kept as it was
        elif entry.action == "note":
            note = notes[entry.index]
            frames.append((NOTE, note.kind, note.data))
        else:
            frames.append((UNDO,) if entry.action == "undo" else (REDO,))
    return frames


def view_header_of(game: Game, faction: Faction) -> dict[str, Any]:
    """The header of ``faction``'s exported view (see the module docstring)."""
    return {
        "format": FORMAT_VERSION,
        "library": __version__,
        "view": faction.value,
        "position": position(view_state(game.root, faction)),
        "commands": type_table(COMMANDS),
        "events": type_table(EVENTS),
    }


def view_frames(game: Game, faction: Faction) -> list[tuple[Any, ...]]:
    """The ``apply`` frames of the current line with the events ``faction`` may see (a
    reseed, which no Faction sees, leaves none)."""
    return [
        _apply_frame(node, tuple(e for e in node.events[1:] if e.visible_to(faction)))
        for node in game.line()
        if node.command is not None
    ]


def save_game(
    game: Game, path: Path, *, key: bytes | None = None, view: Faction | None = None
) -> None:
    """Write ``game``'s journal to ``path`` (with ``view``, that Faction's exported view;
    with ``key``, a keyed file). If ``path`` already holds an intact save of the same game
    with the same key, only the new frames are appended; otherwise the file is written
    afresh (to a temporary file first, then renamed: :func:`~coinlake.store.logfile.write_log`)."""
    _save(game, path, key, view, header_of)


def save_from_position(
    game: Game, path: Path, *, key: bytes | None = None, view: Faction | None = None
) -> None:
    """:func:`save_game` for a game started from a position (``coinlake.from_position``): the
    header holds that position (:func:`position_header_of`), and loading replays the
    journal from it."""
    _save(game, path, key, view, position_header_of)


def _save(
    game: Game,
    path: Path,
    key: bytes | None,
    view: Faction | None,
    header_for: Callable[[Game], dict[str, Any]],
) -> None:
    secret = b"" if key is None else check_key(key)
    if view is not None:
        header = pack(view_header_of(game, view))
        write_log(path, header, [pack(f) for f in view_frames(game, view)], secret)
        return
    header = pack(header_for(game))
    payloads = [pack(f) for f in journal_frames(game)]
    if path.exists():
        old = _intact_prefix(path, header, secret)
        if old is not None:
            k, last, check = old
            magic, first = start_of(secret)
            _, digest, chained = encode_frames([header, *payloads[:k]], magic, first, secret)
            if k <= len(payloads) and (digest, chained) == (last, check):
                if k < len(payloads):
                    append_log(path, payloads[k:], last, check, secret)
                return
    write_log(path, header, payloads, secret)


def _intact_prefix(path: Path, header: bytes, key: bytes) -> tuple[int, bytes, int] | None:
    """``(frames, last digest, last check)`` of an intact format 2 log with this exact
    header and key, else ``None`` (another game, another format or key, a torn or damaged
    file)."""
    try:
        with LogReader(path, key=key or None) as reader:
            if reader.format != FORMAT_VERSION or reader.header() != header:
                return None
            for _ in reader.batches():
                pass
            if reader.torn:
                return None
            return reader.frames, reader.last_digest, reader.last_check
    except LogFileError:
        return None


# -- loading ---------------------------------------------------------------------------------
class LoadReport:
    """What :func:`load_with_report` found: the file's ``format`` version, how many journal
    ``frames`` it replayed, whether a torn last frame was dropped (``torn``), and ``end``,
    the byte offset just after the last good frame (where a repair would truncate)."""

    def __init__(self, frames: int, torn: bool, format: int = FORMAT_VERSION, end: int = 0) -> None:
        self.frames = frames
        self.torn = torn
        self.format = format
        self.end = end

    def __repr__(self) -> str:
        return (
            f"LoadReport(frames={self.frames}, torn={self.torn}, format={self.format}, "
            f"end={self.end})"
        )


def load(path: str | Path, *, verify: bool = True, key: bytes | None = None) -> Game:
    """Rebuild a game from its log file. See :func:`load_with_report`."""
    return load_with_report(path, verify=verify, key=key)[0]


def load_with_report(
    path: str | Path, *, verify: bool = True, key: bytes | None = None
) -> tuple[Game, LoadReport]:
    """Rebuild a game from a log file, frame by frame.

    With ``verify`` (the default) every command is decided again by the rules
    (:meth:`Game.apply`) and must produce exactly the recorded events; without it the
    recorded events are folded as they are (faster, for trusted files). Anything malformed
    raises :class:`LogFileError` naming the frame (``None``: the header). A torn last
    frame is dropped and reported (``report.torn``). A format 1 file is always re-decided,
    whatever ``verify`` says (its events name procedures of an older engine, so they cannot
    be folded); see :mod:`coinlake.store.v1`. A keyed file needs its ``key``, and with a
    key a file that is not keyed is refused. An exported view is refused: see
    :func:`load_view`.
    """
    if type(verify) is not bool:
        raise TypeError(f"verify is True or False, not {verify!r}"[:200])
    enabled = gc.isenabled()
    gc.disable()  # the loop allocates only acyclic, long-lived objects
    try:
        with LogReader(_path(path), key=key) as reader:
            header = unpack_frame(reader.header(), None)
            if reader.format == FORMAT_VERSION:
                game, read_command, decoders, steps = _from_header(header)
                _replay(game, reader.batches(), read_command, decoders, steps, verify)
            else:
                from coinlake.store import v1

                # format 1 logs were written with the SplitMix64 generator (state/rng.py)
                game = v1.replay(header, reader.batches(), _new_v1_game, _check_options)
            report = LoadReport(reader.frames, reader.torn, reader.format, reader.end)
    finally:
        if enabled:
            if gc.get_freeze_count() == 0:
                # Move what the load allocated (the game: long-lived, acyclic) straight to
                # the oldest generation, instead of letting the next allocation trigger a
                # collection that walks all of it.
                gc.freeze()
                gc.unfreeze()
            gc.enable()
    return game, report


def _new_v1_game(scenario: Any, seed: Any, options: Options, undo: Any) -> Game:
    """A new game for a format 1 log: its dice and deck came from :data:`SPLITMIX`."""
    return _new_game(scenario, seed, options, undo, SPLITMIX)


def _new_game(
    scenario: Any, seed: Any, options: Options, undo: Any, algorithm: str = KEYED
) -> Game:
    """A new game from checked header values (raises ``ValueError`` when they do not fit
    together, e.g. options that 1.5 does not allow)."""
    if scenario.__class__ is not str or scenario not in SCENARIOS:
        raise Malformed(f"scenario: expected one of {sorted(SCENARIOS)}, got {scenario!r}")
    if seed.__class__ is not int or not 0 <= seed < 2**64:
        raise Malformed(f"seed: expected an integer in 0..2**64-1, got {seed!r}")
    policy = _undo_policy(undo)
    state = start_state(scenario, seed, options, algorithm)
    return Game(state, undo=policy, saver=save_game)


def _undo_policy(undo: Any) -> UndoPolicy:
    """A header's undo policy, checked without coercion."""
    if undo.__class__ is not str or undo not in {p.value for p in UndoPolicy}:
        raise Malformed(f"undo: expected 'free' or 'strict', got {undo!r}")
    return UndoPolicy(undo)


def _header_position(header: dict[Any, Any]) -> GameState:
    """The state a header's ``position`` text describes (``PositionError`` names the line)."""
    text = header["position"]
    if text.__class__ is not str:
        raise Malformed("position: expected a string")
    return parse_position(text)


def _check_options(value: Any) -> Options:
    """The options map of a header, checked field by field without coercion."""
    if value.__class__ is not dict:
        raise Malformed(f"options: expected a map, got {value!r}"[:120])
    unknown = sorted(set(value) - set(_OPTION_TYPES), key=str)
    if unknown:
        raise Malformed(f"options: unknown keys {unknown}")
    kw = {k: decode_value(_OPTIONS[k], v, f"options.{k}") for k, v in value.items()}
    return Options(**kw)


Decoders = dict[int, Callable[..., Any]]
Reader = Callable[[Any], Command]


def _path(path: object) -> Path:
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"a path is a str or a path-like object, not {type(path).__name__}")
    return Path(path)


def _tables(h: dict[str, Any]) -> tuple[Reader, Decoders, Decoders]:
    """A header's type tables: its command reader (shared by the files with the same
    table), event decoders and event steps (decode + fold), by the file's indexes."""
    if h["format"].__class__ is not int or h["format"] != FORMAT_VERSION:
        raise Malformed(f"format: expected {FORMAT_VERSION}, got {h['format']!r}")
    if h["library"].__class__ is not str:
        raise Malformed("library: expected a string")
    read_command = table_reader(h["commands"])
    events = file_table(h["events"], EVENTS, "events", REBUILT_EVENTS)
    decoders = {i: c.decode for i, c in events.items()}
    steps: Decoders = {}
    for i, c in events.items():
        assert c.step is not None  # every event codec has one
        steps[i] = c.step
    return read_command, decoders, steps


def _from_header(h: Any) -> tuple[Game, Reader, Decoders, Decoders]:
    """The new game a format 2 header describes, and the file's type tables (:func:`_tables`)."""
    try:
        if h.__class__ is not dict:
            raise Malformed("the header is not a map")
        if "view" in h:
            raise Malformed(f"the file is an exported view of {h['view']}: use load_view"[:120])
        if "position" in h:
            return _from_position_header(h)
        if set(h) != HEADER_KEYS:
            raise Malformed(f"header keys {sorted(h)} are not {sorted(HEADER_KEYS)}")
        read_command, decoders, steps = _tables(h)
        options = _check_options(h["options"])
        rng = h["rng"]
        if rng.__class__ is not str or rng not in ALGORITHMS:
            raise Malformed(f"rng: expected one of {list(ALGORITHMS)}, got {rng!r}")
        game = _new_game(h["scenario"], h["seed"], options, h["undo"], rng)
    except Exception as exc:
        raise LogFileError(f"bad header ({exc})", frame=None) from None
    return game, read_command, decoders, steps


def _from_position_header(h: dict[Any, Any]) -> tuple[Game, Reader, Decoders, Decoders]:
    """The game a header of a game started from a position describes (raises for a bad one:
    :func:`_from_header` reports it)."""
    if set(h) != POSITION_HEADER_KEYS:
        raise Malformed(f"header keys {sorted(h)} are not {sorted(POSITION_HEADER_KEYS)}")
    read_command, decoders, steps = _tables(h)
    policy = _undo_policy(h["undo"])
    state = _header_position(h)
    if state.pending is None and state.result is None:
        raise Malformed("position: a game's first position waits on a Decision")
    return Game(state, undo=policy, saver=save_from_position), read_command, decoders, steps


CHECKPOINT = 32
"""Loading without verification keeps the state of one frame in this many, and of the
last; the others are folded when first asked (:attr:`Node.state`)."""


def _replay(
    game: Game,
    batches: Iterator[list[bytes]],
    read_command: Reader,
    decoders: Decoders,
    steps: Decoders,
    verify: bool,
) -> None:
    """Replay format 2 journal frames as they stream in. Without ``verify`` each event is
    folded as soon as it is decoded, and the frames of each chunk are recorded together
    (:meth:`Game.record_many`), with the state of one frame in :data:`CHECKPOINT`; with it,
    each command is applied and must produce exactly the decoded events."""
    index = -1
    chosen = _HANDLERS[Chosen]
    opening = _opening
    record_many = game.record_many
    apply = game.replay_apply
    unpackb, no_ext = msgpack.unpackb, _no_ext
    state = game.node.state
    unkept = 0  # frames folded since the last state kept
    try:
        for batch in batches:
            entries: list[tuple[Command, Faction | None, tuple[Event, ...], GameState | None]] = []
            for payload in batch:
                index += 1
                frame = unpackb(
                    payload, use_list=False, raw=False, strict_map_key=True, ext_hook=no_ext
                )
                if frame.__class__ is not tuple or not frame or frame[0].__class__ is not int:
                    raise Malformed("a frame is an array that starts with its action code")
                if frame[0] != APPLY or len(frame) != 5:
                    model._DRAFT = None
                    record_many(entries, state)
                    entries = []
                    if frame == (UNDO,):
                        game.undo(game.node.faction)  # strict: the one Faction allowed
                    elif frame == (REDO,):
                        game.redo()
                    elif frame[0] == RESEED and len(frame) == 2:
                        game.reseed(frame[1])
                    elif frame[0] == RESEED and len(frame) == 3 and frame[2] is False:
                        game.reseed(frame[1], reshuffle=False)
                    elif frame[0] == NOTE and len(frame) == 3:
                        game.annotate(frame[1], frame[2])  # checks kind and data
                    else:
                        raise Malformed(f"unknown or malformed action {frame!r}"[:120])
                    state = game.node.state
                    continue
                seq = state.seq
                event, raw = opening(frame, read_command, seq)
                command, faction = event.command, event.faction
                decoded: list[Event] = [event]
                if verify:
                    for a in raw:
                        t = a[0]
                        if t.__class__ is not int or t not in decoders:
                            raise Malformed(f"event type {t!r} is not in the header's table")
                        decoded.append(decoders[t](a, seq, read_command))
                    recorded = tuple(decoded)
                    why = None
                    told = recorded[1] if len(recorded) > 1 else None
                    if isinstance(told, Explained):
                        why = Why(told.rule, told.reason, told.rolls, told.note)
                    produced = apply(command, why)
                    if produced != recorded:
                        raise Malformed(_difference(recorded, produced))
                    state = game.node.state
                else:
                    # Consecutive frames are folded in place into one private copy of the
                    # state (a draft: see model.replace); every CHECKPOINT frames the draft
                    # is kept as that frame's state, and the frames between get theirs when
                    # first asked (Node.state).
                    if model._DRAFT is None:
                        state = model._DRAFT = chosen(state, event)  # the copy
                    else:
                        state = chosen(state, event)
                    for a in raw:
                        t = a[0]
                        step = steps.get(t) if t.__class__ is int else None
                        if step is None:
                            raise Malformed(f"event type {t!r} is not in the header's table")
                        state = step(a, seq, read_command, state, decoded)
                    unkept += 1
                    if unkept == CHECKPOINT:
                        unkept = 0
                        model._DRAFT = None
                        entries.append((command, faction, tuple(decoded), state))
                    else:
                        entries.append((command, faction, tuple(decoded), None))
            model._DRAFT = None
            record_many(entries, state)
    except LogFileError:
        raise
    except (CoinlakeError, ValueError, KeyError, TypeError, IndexError) as exc:
        raise LogFileError(str(exc) or type(exc).__name__, frame=index) from None
    except Exception as exc:
        raise LogFileError(f"malformed frame ({type(exc).__name__}: {exc})", frame=index) from None
    finally:
        model._DRAFT = None


def _opening(frame: Any, read_command: Callable[[Any], Command], seq: int) -> tuple[Chosen, Any]:
    """An ``apply`` frame's opening ``Chosen`` event (number ``seq``), rebuilt from its
    Faction, rule and command, and its array of other events (not yet decoded)."""
    _, name, rule, command, raw = frame
    faction = None
    if name is not None:
        faction = _FACTIONS.get(name) if name.__class__ is str else None
        if faction is None:
            raise Malformed(f"faction: expected a Faction or nil, got {name!r}"[:120])
    if rule.__class__ is not str:
        raise Malformed(f"rule: expected a string, got {rule!r}"[:120])
    if raw.__class__ is not tuple:
        raise Malformed(f"events: expected an array, got {raw!r}"[:120])
    event: Chosen = _MAKE_CHOSEN(seq, rule, faction, read_command(command))
    return event, raw


def load_view(path: str | Path, *, key: bytes | None = None) -> GameView:
    """Read a Faction's exported view (:meth:`Game.export`): the :class:`GameView` at the
    end of the exported line (its ``decision`` is ``None``: a log holds no pending
    question). The events are folded from the header's position, never re-decided (the
    file has no seed to decide with). Anything malformed, and any event that Faction may
    not see, raises :class:`LogFileError` naming the frame; a torn last frame is dropped.
    A keyed file needs its ``key``."""
    with LogReader(_path(path), key=key) as reader:
        header = unpack_frame(reader.header(), None)
        try:
            if reader.format != FORMAT_VERSION or header.__class__ is not dict:
                raise Malformed("not an exported view")
            if set(header) != VIEW_HEADER_KEYS:
                keys = sorted(VIEW_HEADER_KEYS)
                raise Malformed(f"header keys {sorted(header)} are not an exported view's {keys}")
            read_command, decoders, _ = _tables(header)
            who = header["view"]
            if who.__class__ is not str or who not in _FACTIONS:
                raise Malformed(f"view: expected a Faction, got {who!r}"[:120])
            faction = _FACTIONS[who]
            state = _header_position(header)
            if state != view_state(state, faction):
                raise Malformed(f"position: it shows more than {faction} may see")
        except Exception as exc:
            raise LogFileError(f"bad header ({exc})", frame=None) from None
        events, state = _fold_view(state, faction, reader.batches(), read_command, decoders)
    return GameView(faction, view_state(state, faction), events)


def _fold_view(
    state: GameState,
    faction: Faction,
    batches: Iterator[list[bytes]],
    read_command: Reader,
    decoders: Decoders,
) -> tuple[tuple[Event, ...], GameState]:
    """Fold an exported view's frames into ``state``: the events and the state reached."""
    index = -1
    seen: list[Event] = []
    try:
        for batch in batches:
            for payload in batch:
                index += 1
                frame = unpack_frame(payload, index)
                if (
                    frame.__class__ is not tuple
                    or len(frame) != 5
                    or frame[0].__class__ is not int  # false and 0.0 equal 0 (APPLY)
                    or frame[0] != APPLY
                ):
                    raise Malformed("an exported view holds only apply frames")
                seq = state.seq
                event, raw = _opening(frame, read_command, seq)
                state = evolve(state, event)
                seen.append(event)
                for a in raw:
                    t = a[0]
                    if t.__class__ is not int or t not in decoders:
                        raise Malformed(f"event type {t!r} is not in the header's table")
                    e = decoders[t](a, seq, read_command)
                    if not e.visible_to(faction):
                        raise Malformed(f"{type(e).__name__} is hidden from {faction}")
                    state = evolve(state, e)
                    seen.append(e)
    except LogFileError:
        raise
    except (CoinlakeError, ValueError, KeyError, TypeError, IndexError) as exc:
        raise LogFileError(str(exc) or type(exc).__name__, frame=index) from None
    except Exception as exc:
        raise LogFileError(f"malformed frame ({type(exc).__name__}: {exc})", frame=index) from None
    return tuple(seen), state


def _difference(recorded: tuple[Event, ...], produced: tuple[Event, ...]) -> str:
    for i, (r, p) in enumerate(zip(recorded, produced, strict=False)):
        if r != p:
            return f"recorded event {i} differs from what the rules produce: {r!r} != {p!r}"
    return f"the rules produce {len(produced)} events where the file records {len(recorded)}"
