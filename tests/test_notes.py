"""Notes in the journal (issue 27: the log carries evaluations): ``Game.annotate`` and
``Game.notes``, and the ``[4, kind, data]`` frame of a format 2 log file."""

from __future__ import annotations

import contextlib
import json
import math
import pickle
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referencing import Registry, Resource

import coinlake
from coinlake import Game, LogFileError, Note
from coinlake.engine.notes import MAX_NOTE_BYTES, MAX_NOTE_DEPTH
from coinlake.store import NOTE, journal_frames
from coinlake.store.logfile import FIRST_CHECK, MAGIC, frame_bytes, pack, read_log
from tests.conftest import ROOT, as_lists, drive

FAST = settings(
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
"""JSON-like note data."""


def _game() -> Game:
    game = coinlake.new_game("short", seed=7)
    drive(game, 5)
    return game


# -- the engine -------------------------------------------------------------------------------
def test_a_note_is_kept_in_order_and_filtered_by_kind() -> None:
    game = _game()
    at, depth = game.cursor, game.node.depth
    first = game.annotate("evaluation", {"rows": [{"step": 0, "US_win": 0.25}]})
    drive(game, 2)
    second = game.annotate("comment", "a quiet opening")
    third = game.annotate("evaluation", [1, 2.5, None, True])
    assert isinstance(first, Note) and first.kind == "evaluation"
    assert game.notes() == (first, second, third)
    assert game.notes("evaluation") == (first, third)
    assert game.notes("nothing") == ()
    assert [n.index for n in game.notes()] == [at, at + 3, at + 4]  # places in the journal
    assert game.cursor == at + 5
    assert game.journal()[first.index].action == "note"
    assert game.journal()[first.index].node.depth == depth  # the position it was made at
    assert third.data == [1, 2.5, None, True]


def test_the_data_handed_out_is_a_copy() -> None:
    game = _game()
    data: dict[str, Any] = {"rows": [{"step": 1}], "tuple": (1, 2)}
    note = game.annotate("evaluation", data)
    data["rows"].append("changed")
    note.data["rows"].clear()
    assert game.notes()[0].data == {"rows": [{"step": 1}], "tuple": [1, 2]}
    with pytest.raises(AttributeError):
        note.kind = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kind", "data", "error"),
    [
        ("", 1, ValueError),
        ("has space", 1, ValueError),
        ("x" * 65, 1, ValueError),
        (3, 1, TypeError),
        ("k", math.nan, ValueError),
        ("k", [math.inf], ValueError),
        ("k", 2**64, ValueError),
        ("k", -(2**63) - 1, ValueError),
        ("k", {1: "x"}, TypeError),
        ("k", {"a": {b"x": 1}}, TypeError),
        ("k", b"bytes", TypeError),
        ("k", {1, 2}, TypeError),
        ("k", coinlake.Faction.US, TypeError),  # a str subclass: not plain JSON
        ("k", "\ud800", ValueError),
        ("k", "x" * MAX_NOTE_BYTES, ValueError),
        ("k", [0.5] * (MAX_NOTE_BYTES // 9 + 1), ValueError),
    ],
    ids=repr,
)
def test_bad_notes_are_refused_and_change_nothing(kind: Any, data: Any, error: type) -> None:
    game = _game()
    journal, cursor = game.journal(), game.cursor
    with pytest.raises(error):
        game.annotate(kind, data)
    assert game.journal() == journal and game.cursor == cursor and game.notes() == ()


def test_nesting_is_bounded() -> None:
    game = _game()
    deep: Any = 1
    for _ in range(MAX_NOTE_DEPTH):
        deep = [deep]
    game.annotate("k", deep)  # MAX_NOTE_DEPTH containers: accepted
    with pytest.raises(ValueError, match="nested"):
        game.annotate("k", {"a": deep})


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("apply"), st.integers(0, 5)),
        st.tuples(st.just("undo"), st.just(0)),
        st.tuples(st.just("redo"), st.just(0)),
        st.tuples(st.just("note"), JSON),
    ),
    max_size=14,
)


def _run(ops: list[tuple[str, Any]], notes: bool) -> tuple[Game, list[Any]]:
    """Play ``ops`` on a new game (notes made only with ``notes``); the game and what a
    subscriber received."""
    game = coinlake.new_game("short", seed=3)
    seen: list[Any] = []
    game.subscribe(seen.append)
    for op, arg in ops:
        if op == "apply":
            legal = game.legal()
            if legal:
                game.apply(legal[arg % len(legal)])
        elif op == "undo" and game.node.parent is not None:
            game.undo()
        elif op == "redo":
            with contextlib.suppress(coinlake.HistoryError):
                game.redo()
        elif op == "note" and notes:
            game.annotate("test", arg)
    return game, seen


@FAST
@given(ops=OPS)
def test_notes_never_change_the_game(ops: list[tuple[str, Any]]) -> None:
    """A note changes neither the position nor the events nor the legal commands nor what
    subscribers receive; fork and pickling keep the notes."""
    noted, seen = _run(ops, notes=True)
    plain, plain_seen = _run(ops, notes=False)
    assert noted.state == plain.state
    assert noted.events == plain.events
    assert noted.legal() == plain.legal()
    assert seen == plain_seen
    assert noted.events_since(0)[0] == plain.events_since(0)[0]
    assert [e.action for e in noted.journal() if e.action != "note"] == [
        e.action for e in plain.journal()
    ]
    expected = [as_lists(arg) for op, arg in ops if op == "note"]
    assert [n.data for n in noted.notes()] == expected
    assert noted.fork().notes() == noted.notes()
    copy = pickle.loads(pickle.dumps(noted))
    assert copy.notes() == noted.notes() and copy.state == noted.state
    assert [e.action for e in copy.journal()] == [e.action for e in noted.journal()]


def test_undo_and_redo_step_over_notes() -> None:
    game = _game()
    here = game.node
    game.annotate("k", 1)
    game.undo()
    game.annotate("k", 2)
    game.redo()
    assert game.node is here
    items, _ = game.events_since(0)
    assert [i.action for i in items if isinstance(i, coinlake.JournalRecord)] == ["undo", "redo"]


# -- the log file ------------------------------------------------------------------------------
def _noted(tmp_path: Path) -> tuple[Game, Path]:
    game = _game()
    game.annotate("evaluation", {"rows": [{"step": 0, "US_win": 0.25, "card": None}]})
    drive(game, 2)
    game.undo()
    game.annotate("comment", ["undone", -1, 2**64 - 1, -0.0, {"": {}}])
    path = tmp_path / "game.fitl"
    game.save(path)
    return game, path


@pytest.mark.parametrize("verify", [True, False])
def test_notes_are_saved_and_loaded(tmp_path: Path, verify: bool) -> None:
    game, path = _noted(tmp_path)
    loaded = coinlake.load(path, verify=verify)
    assert loaded.notes() == game.notes()
    assert [e.action for e in loaded.journal()] == [e.action for e in game.journal()]
    assert loaded.state == game.state and loaded.events == game.events
    frames = [f for f in read_log(path)[0].frames if f[0] == NOTE]
    assert [f[1] for f in frames] == ["evaluation", "comment"]


def test_a_note_is_appended_to_the_file(tmp_path: Path) -> None:
    """Saving again appends only the new frames (the chained digest goes on)."""
    game, path = _noted(tmp_path)
    before = path.read_bytes()
    game.annotate("comment", "later")
    game.save(path)
    after = path.read_bytes()
    assert after.startswith(before) and len(after) > len(before)
    assert coinlake.load(path).notes() == game.notes()
    loaded = coinlake.load(path)  # its note frames are written again exactly as read
    loaded.annotate("comment", {"after": "loading"})
    loaded.save(path)
    assert path.read_bytes().startswith(after)


def test_a_keyed_file_keeps_its_notes(tmp_path: Path) -> None:
    game, _ = _noted(tmp_path)
    path = tmp_path / "keyed.fitl"
    game.save(path, key=b"secret")
    before = path.read_bytes()
    game.annotate("comment", "keyed")
    game.save(path, key=b"secret")
    assert path.read_bytes().startswith(before)
    assert coinlake.load(path, key=b"secret").notes() == game.notes()


def test_an_exported_view_leaves_the_notes_out(tmp_path: Path) -> None:
    """A note may hold what a Faction may not see (an omniscient evaluation)."""
    game, _ = _noted(tmp_path)
    path = tmp_path / "view.fitl"
    game.export(path, "VC")
    assert all(f[0] == 0 for f in read_log(path)[0].frames)
    coinlake.load_view(path)


def _rewrite(path: Path, header: Any, frames: list[Any]) -> None:
    """A log with valid digests and checks whose frames are ``frames``."""
    out, digest, check = bytearray(MAGIC), MAGIC, FIRST_CHECK
    for payload in [pack(header), *(pack(f) for f in frames)]:
        data, digest, check = frame_bytes(payload, digest, check)
        out += data
    path.write_bytes(bytes(out))


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "frame",
    [
        [NOTE, "k"],  # no data
        [NOTE, "k", 1, 2],  # one item too many
        [NOTE, 7, 1],  # a kind that is no string
        [NOTE, "bad kind", 1],
        [NOTE, "k", math.nan],
        [NOTE, "k", {"a": [math.inf]}],
        [NOTE, "k", b"raw bytes"],
        [NOTE, "k", {"a": {b"key": 1}}],
        [NOTE, "k", _nested(MAX_NOTE_DEPTH + 1)],
        [NOTE, "k", "x" * (MAX_NOTE_BYTES + 1)],
    ],
    ids=lambda f: repr(f)[:40],
)
@pytest.mark.parametrize("verify", [True, False])
def test_a_malformed_note_frame_is_refused_naming_it(
    tmp_path: Path, frame: list[Any], verify: bool
) -> None:
    _, path = _noted(tmp_path)
    contents, _ = read_log(path)
    frames = [list(f) for f in contents.frames]
    at = next(i for i, f in enumerate(frames) if f[0] == NOTE)
    frames[at] = frame
    _rewrite(path, contents.header, frames)
    before = path.read_bytes()
    with pytest.raises(LogFileError) as info:
        coinlake.load(path, verify=verify)
    assert info.value.frame == at
    assert f"frame {at}:" in str(info.value)
    assert path.read_bytes() == before


def test_a_note_frame_validates_against_the_schema(tmp_path: Path) -> None:
    game, _ = _noted(tmp_path)
    schemas = ROOT / "schemas"
    registry: Registry[Any] = Registry().with_resources(
        (p.name, Resource.from_contents(json.loads(p.read_text())))
        for p in schemas.glob("*.schema.json")
    )
    schema = json.loads((schemas / "frame.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema, registry=registry)
    notes = [as_lists(f) for f in journal_frames(game) if f[0] == NOTE]
    assert len(notes) == 2
    for frame in notes:
        validator.validate(frame)
    for bad in ([NOTE, "k"], [NOTE, "bad kind", 1], [NOTE, "k", 1, 2]):
        assert not validator.is_valid(bad)


def test_older_files_load_without_notes() -> None:
    """A format 1 file (no notes) loads as before, with none."""
    game = coinlake.load(ROOT / "fixtures" / "format-v1-short-seed1.fitl")
    assert game.notes() == ()
