"""The log file (DESIGN.md, Persistence; issue #8 item 5, issue #10 item 2): format 2 round
trips at every step, append-only saving, torn tails, corruption in any frame, forged and
huge prefixes with bounded memory, strict headers and frames, the positional codec of every
command and event type, format 1 upcasting, and that loading never executes anything.

No test here measures time; memory bounds are asserted with ``tracemalloc``.
"""

from __future__ import annotations

import enum
import gc
import json
import os
import pickle
import random
import struct
import sys
import tracemalloc
import types
import typing
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referencing import Registry, Resource

import coinlake
from coinlake import Game, LogFileError
from coinlake.data.pieces import FACTIONS, Piece
from coinlake.state import model
from coinlake.state.commands import (
    COMMAND_TYPES,
    MAX_NUMBER,
    Choose,
    Command,
    Count,
    Done,
    Move,
    Select,
)
from coinlake.state.events import EVENT_TYPES, Chosen, Event, TrackChanged
from coinlake.store import (
    APPLY,
    CHECKPOINT,
    HEADER_KEYS,
    POSITION_HEADER_KEYS,
    REDO,
    UNDO,
    header_of,
    journal_frames,
    v1,
)
from coinlake.store import logfile as lf
from coinlake.store.codec import converter, unstructure_command, unstructure_event
from coinlake.store.compact import (
    COMMANDS,
    CURRENT_READER,
    EVENTS,
    REBUILT_EVENTS,
    Malformed,
    command_reader,
    encode_command,
    encode_event,
    table_reader,
)
from coinlake.store.logfile import (
    FIRST_CHECK,
    MAGIC,
    MAGIC_V1,
    MAX_FRAME_BYTES,
    MAX_HEADER_BYTES,
    PREFIX,
    PREFIX_V1,
    LogReader,
    frame_bytes,
    pack,
    read_log,
)
from tests.conftest import ROOT, as_lists, drive

SCHEMAS = ROOT / "schemas"
FAST = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


# -- helpers -------------------------------------------------------------------------------------
def _game() -> Game:
    """A Medium game with applies, undos and a redo in its journal."""
    game = coinlake.new_game("medium", seed=21, period_events=True)
    drive(game, 6)
    game.undo()
    game.redo()
    game.undo()
    drive(game, 3)
    return game


def _saved(tmp_path: Path, game: Game | None = None) -> tuple[Game, Path]:
    game = game or _game()
    path = tmp_path / "game.fitl"
    game.save(path)
    return game, path


def _spans(data: bytes) -> list[tuple[int, int, int]]:
    """``(prefix start, payload start, end)`` of each format 2 frame; item 0 is the header."""
    pos, out = len(MAGIC), []
    while pos < len(data):
        (length,) = struct.unpack_from(">I", data, pos)
        start = pos + PREFIX.size
        out.append((pos, start, start + length))
        pos = start + length
    return out


def _write_raw(path: Path, payloads: list[bytes]) -> None:
    """MAGIC and frames with valid digests and checks; payload 0 is the header."""
    out, digest, check = bytearray(MAGIC), MAGIC, FIRST_CHECK
    for payload in payloads:
        data, digest, check = frame_bytes(payload, digest, check)
        out += data
    path.write_bytes(bytes(out))


def _rewrite(path: Path, header: Any, frames: list[Any]) -> None:
    """Re-encode a log with valid digests and checks (so only the content is wrong)."""
    _write_raw(path, [pack(header), *(pack(f) for f in frames)])


def _header_and_frames(tmp_path: Path) -> tuple[Path, dict[str, Any], list[Any]]:
    _, path = _saved(tmp_path)
    contents, _ = read_log(path)
    return path, dict(contents.header), [list(f) for f in contents.frames]


def _flip(data: bytes, at: int, mask: int = 0x5A) -> bytes:
    return data[:at] + bytes([data[at] ^ mask]) + data[at + 1 :]


def _load_error(path: Path, *, verify: bool = True) -> LogFileError:
    before = path.read_bytes()
    listing = sorted(os.listdir(path.parent))
    with pytest.raises(LogFileError) as info:
        coinlake.load_with_report(path, verify=verify)
    # A failed load changes nothing on disk, leaves nothing behind, and no draft state.
    assert path.read_bytes() == before
    assert sorted(os.listdir(path.parent)) == listing
    assert model._DRAFT is None
    return info.value


def _both_fail(path: Path) -> int | None:
    """The frame named by the error, which must be the same with and without verify."""
    a = _load_error(path, verify=True).frame
    b = _load_error(path, verify=False).frame
    assert a == b
    return a


def _traced_error(path: Path) -> tuple[LogFileError, int]:
    """The error of loading ``path`` (without verify) and the peak memory traced meanwhile."""
    gc.collect()
    tracemalloc.start()
    try:
        with pytest.raises(LogFileError) as info:
            coinlake.load_with_report(path, verify=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return info.value, peak


def _replay_prefix(game: Game, entries: int) -> Game:
    """A fresh game that replays the first ``entries`` journal entries of ``game``."""
    fresh = Game(game.root, undo=game.undo_policy)
    for entry in game.journal()[:entries]:
        if entry.action == "undo":
            fresh.undo()
        elif entry.action == "redo":
            fresh.redo()
        else:
            assert entry.node.command is not None
            fresh.apply(entry.node.command)
    return fresh


def _same_game(loaded: Game, game: Game) -> None:
    assert loaded.state == game.state
    assert loaded.root == game.root
    assert loaded.events == game.events
    assert loaded.commands == game.commands
    assert [(e.action, e.node.state) for e in loaded.journal()] == [
        (e.action, e.node.state) for e in game.journal()
    ]
    assert [n.faction for n in loaded.line()] == [n.faction for n in game.line()]
    assert loaded.undo_policy == game.undo_policy


# -- round trips ---------------------------------------------------------------------------------
@pytest.mark.parametrize("verify", [True, False])
def test_save_load_round_trip(tmp_path: Path, verify: bool) -> None:
    """DESIGN.md Persistence: save and load give the same game, journal and history included,
    and both go on identically (the redo path is rebuilt from the journal)."""
    game, path = _saved(tmp_path)
    loaded, report = coinlake.load_with_report(path, verify=verify)
    assert (report.torn, report.frames, report.format) == (False, len(game.journal()), 2)
    assert report.end == path.stat().st_size
    _same_game(loaded, game)
    assert loaded.decision == game.decision
    for _ in range(4):
        command = game.legal()[-1]
        assert loaded.apply(command) == game.apply(command)
    loaded.undo()
    game.undo()
    loaded.redo()
    game.redo()
    assert loaded.state == game.state


def test_round_trip_at_every_step(tmp_path: Path) -> None:
    """Issue #8 item 5: after every command, undo and redo, saving (by appending) and loading
    (with and without verify) gives the same game."""
    game = coinlake.new_game("short", seed=3, undo="strict")
    path = tmp_path / "steps.fitl"
    rng = random.Random(3)
    for step in range(40):
        if step % 9 == 4 and game.node.faction is not None:
            try:
                game.undo(faction=game.node.faction)
            except coinlake.HistoryError:
                pass
            else:
                if step % 2:
                    game.redo()
        elif game.legal():
            game.apply(rng.choice(game.legal()))
        game.save(path)
        for verify in (True, False):
            loaded, report = coinlake.load_with_report(path, verify=verify)
            assert not report.torn
            _same_game(loaded, game)


@FAST
@given(
    scenario=st.sampled_from(["short", "medium", "full"]),
    seed=st.integers(0, 2**64 - 1),
    picks=st.lists(st.integers(0, 1000), min_size=1, max_size=25),
    moves=st.lists(st.sampled_from(["apply", "apply", "apply", "undo", "redo"]), max_size=25),
)
def test_round_trip_property(
    tmp_path: Path, scenario: str, seed: int, picks: list[int], moves: list[str]
) -> None:
    """DESIGN.md Persistence: any game of applies, undos and redos round-trips, and a game
    loaded without verify decides exactly like the original."""
    game = coinlake.new_game(scenario, seed=seed)
    for pick, move in zip(picks, [*moves, *["apply"] * len(picks)], strict=False):
        try:
            if move == "undo":
                game.undo()
            elif move == "redo":
                game.redo()
            elif game.legal():
                game.apply(game.legal()[pick % len(game.legal())])
        except coinlake.HistoryError:
            pass
    path = tmp_path / f"p{seed}.fitl"
    game.save(path)
    for verify in (True, False):
        loaded = coinlake.load(path, verify=verify)
        _same_game(loaded, game)
        assert loaded.legal() == game.legal()


@settings(FAST, max_examples=15)
@given(
    seed=st.integers(0, 2**32),
    length=st.integers(1, 3 * CHECKPOINT + 5),
    undos=st.sets(st.integers(1, 3 * CHECKPOINT), max_size=4),
    order=st.randoms(use_true_random=False),
    pickled=st.booleans(),
)
def test_a_trusted_load_folds_the_states_it_did_not_keep(
    tmp_path: Path,
    seed: int,
    length: int,
    undos: set[int],
    order: random.Random,
    pickled: bool,
) -> None:
    """Issue #8 item 5: ``load(verify=False)`` keeps the state of one frame in
    ``CHECKPOINT`` and of the last; every other node folds its own when first asked. Asked
    in any order, after pickling the loaded game or not, each node's state is the one the
    original game reached there, and so is each branch an undo left."""
    game = coinlake.new_game("short", seed=seed)
    rng = random.Random(seed)
    for step in range(length):
        if not game.legal():
            break
        if step in undos and game.node.parent is not None:
            game.undo()
        game.apply(rng.choice(game.legal()))
    _, path = _saved(tmp_path, game)
    loaded = coinlake.load(path, verify=False)
    if pickled:
        loaded = pickle.loads(pickle.dumps(loaded))
    pairs = [(a.node, b.node) for a, b in zip(loaded.journal(), game.journal(), strict=True)]
    order.shuffle(pairs)
    if len(pairs) > CHECKPOINT:  # the load did skip states (white box: Node._state)
        assert any(mine._state is None for mine, _ in pairs)
    for mine, theirs in pairs:
        assert mine.depth == theirs.depth
        assert mine.events == theirs.events
        assert mine.state == theirs.state
    assert loaded.state == game.state


def test_trusted_loads_on_several_threads_at_once(tmp_path: Path) -> None:
    """Issue #8 item 2: the log reader's draft (model._DRAFT) is one per process; loads
    running on four threads at once, switching every few bytecodes, still each give their
    own game, every node's state included."""
    games, paths = [], []
    for seed in range(4):
        game = coinlake.new_game("short", seed=seed)
        rng = random.Random(seed)
        for _ in range(2 * CHECKPOINT + 7):
            game.apply(rng.choice(game.legal()))
        paths.append(tmp_path / f"t{seed}.fitl")
        game.save(paths[-1])
        games.append(game)
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(4) as pool:
            loaded = list(pool.map(lambda p: coinlake.load(p, verify=False), paths * 3))
    finally:
        sys.setswitchinterval(before)
    for i, mine in enumerate(loaded):
        _same_game(mine, games[i % 4])


def test_a_full_game_round_trips(tmp_path: Path) -> None:
    """A complete Full game of random legal commands, the load-rate workload."""
    game = coinlake.new_game("full", seed=5)
    rng = random.Random(5)
    while game.decision is not None:
        game.apply(rng.choice(game.legal()))
    _, path = _saved(tmp_path, game)
    for verify in (True, False):
        _same_game(coinlake.load(path, verify=verify), game)


def test_saving_is_deterministic_and_self_describing(tmp_path: Path) -> None:
    """The same game saves to the same bytes; the header names the format, generator and
    the type tables the frames index."""
    game = _game()
    a, b = tmp_path / "a.fitl", tmp_path / "b.fitl"
    game.save(a)
    game.fork().save(b)
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes().startswith(MAGIC)
    header = read_log(a)[0].header
    assert set(header) == HEADER_KEYS
    assert header["format"] == 2 and header["rng"] == game.root.rng.algorithm
    assert [name for name, _ in header["events"]] == [t.__name__ for t in EVENT_TYPES]
    assert [name for name, _ in header["commands"]] == [t.__name__ for t in COMMAND_TYPES]


def test_strict_policy_and_options_survive_a_round_trip(tmp_path: Path) -> None:
    """DESIGN.md Persistence: the header keeps options, seed and undo policy."""
    game = coinlake.new_game(
        "full", seed=2**64 - 1, political_rhythm=True, non_players={"NVA", "VC"}, undo="strict"
    )
    drive(game, 5)
    _, path = _saved(tmp_path, game)
    loaded = coinlake.load(path)
    assert loaded.undo_policy == "strict"
    assert loaded.state == game.state and loaded.state.options == game.state.options


def test_save_again_appends_only_new_frames(tmp_path: Path) -> None:
    """DESIGN.md Persistence: the log is append-only; saving again appends new frames only."""
    game, path = _saved(tmp_path)
    first = path.read_bytes()
    inode = os.stat(path).st_ino
    game.save(path)
    assert path.read_bytes() == first  # nothing new, nothing written
    drive(game, 3)
    game.undo()
    game.save(path)
    second = path.read_bytes()
    assert second[: len(first)] == first and len(second) > len(first)
    assert os.stat(path).st_ino == inode  # appended in place, not rewritten
    assert len(_spans(second)) == 1 + len(game.journal())
    fresh = tmp_path / "fresh.fitl"
    game.save(fresh)
    assert fresh.read_bytes() == second  # appending gives what writing afresh gives
    _same_game(coinlake.load(path), game)


def test_saving_a_different_game_over_a_log_rewrites_it(tmp_path: Path) -> None:
    """DESIGN.md Persistence: a log of another game is replaced, not appended to."""
    _, path = _saved(tmp_path)
    other = coinlake.new_game("short", seed=1)
    drive(other, 2)
    other.save(path)
    _same_game(coinlake.load(path), other)
    assert not list(tmp_path.glob("*.tmp"))


# -- torn tails and truncation -------------------------------------------------------------------
def _small_log(tmp_path: Path) -> tuple[Game, bytes]:
    game = coinlake.new_game("short", seed=11)
    drive(game, 3)
    game.undo()
    game.redo()
    drive(game, 2)
    game.undo()
    _, path = _saved(tmp_path, game)
    return game, path.read_bytes()


def test_every_truncation_offset(tmp_path: Path) -> None:
    """Issue #10 item 2: a log cut at ANY byte either fails as a header error (cut before the
    header is complete) or loads exactly the journal entries whose frames are complete,
    reporting a torn tail exactly when the cut is not at a frame boundary."""
    game, data = _small_log(tmp_path)
    spans = _spans(data)
    header_end = spans[0][2]
    ends = [end for _, _, end in spans[1:]]
    path = tmp_path / "cut.fitl"
    expected = {k: _replay_prefix(game, k) for k in range(len(ends) + 1)}
    for cut in range(len(data) + 1):
        path.write_bytes(data[:cut])
        if cut < header_end:
            assert _load_error(path).frame is None, cut
            continue
        complete = sum(1 for end in ends if end <= cut)
        boundary = header_end if complete == 0 else ends[complete - 1]
        for verify in (True, False):
            loaded, report = coinlake.load_with_report(path, verify=verify)
            assert report.torn == (cut != boundary), cut
            assert report.frames == complete and report.end == boundary, cut
            _same_game(loaded, expected[complete])


def test_saving_after_a_torn_load_writes_a_clean_log(tmp_path: Path) -> None:
    """DESIGN.md Persistence: saving a recovered game writes a clean log (not appended after
    the torn bytes)."""
    game, path = _saved(tmp_path)
    path.write_bytes(path.read_bytes()[:-3])
    loaded = coinlake.load(path)
    loaded.save(path)
    again, report = coinlake.load_with_report(path)
    assert report.torn is False
    _same_game(again, _replay_prefix(game, len(game.journal()) - 1))


# -- corruption ------------------------------------------------------------------------------------
def _frame_of(data: bytes, at: int) -> int | None:
    """The frame whose bytes include offset ``at`` (``None``: magic or header)."""
    for i, (start, _, end) in enumerate(_spans(data)):
        if start <= at < end:
            return None if i == 0 else i - 1
    return None


@settings(FAST, max_examples=200)
@given(data=st.data())
def test_random_bit_flips_name_the_damaged_frame(tmp_path: Path, data: st.DataObject) -> None:
    """Issue #10 item 2: flipping 1 to 3 random bits anywhere is always reported as a
    LogFileError naming the first damaged frame (every byte is covered by the magic, a
    prefix check or a digest), never loaded as a different game."""
    _, raw = _small_log(tmp_path)
    flips = data.draw(
        st.lists(
            st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 7)),
            min_size=1,
            max_size=3,
            unique_by=lambda f: f,
        )
    )
    damaged = bytearray(raw)
    for at, bit in flips:
        damaged[at] ^= 1 << bit
    if bytes(damaged) == raw:  # two flips of the same bit cancel out
        return
    path = tmp_path / "flipped.fitl"
    path.write_bytes(bytes(damaged))
    first = min(at for at, bit in flips if damaged[at] != raw[at])
    assert _both_fail(path) == _frame_of(raw, first)


@pytest.mark.parametrize("which", ["first", "middle", "last"])
@pytest.mark.parametrize(
    ("where", "offset"),
    [("length", 0), ("length", 3), ("digest", 6), ("check", 13), ("payload", None)],
)
def test_damage_anywhere_in_a_frame_names_it(
    tmp_path: Path, which: str, where: str, offset: int | None
) -> None:
    """Issue #10 item 2: a damaged length, digest, check or payload in ANY frame (the last
    one included) is corruption naming that frame, never a torn tail."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    spans = _spans(data)[1:]
    index = {"first": 0, "middle": len(spans) // 2, "last": len(spans) - 1}[which]
    start, payload, end = spans[index]
    for mask in (0x01, 0x80):
        at = (payload + end) // 2 if offset is None else start + offset
        path.write_bytes(_flip(data, at, mask))
        error = _both_fail(path)
        assert error == index
        assert f"frame {index}" in str(_load_error(path))


def test_a_longer_length_in_the_last_frame_is_not_a_torn_tail(tmp_path: Path) -> None:
    """The old format read a last frame whose length grew past the end of the file as torn;
    its prefix check now says it was damaged."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    start, _, end = _spans(data)[-1]
    longer = struct.pack(">I", end - start + 1000)
    path.write_bytes(data[:start] + longer + data[start + 4 :])
    assert _both_fail(path) == len(_spans(data)) - 2


def test_damaged_header_and_magic(tmp_path: Path) -> None:
    """A damaged magic or header is named as the header (frame ``None``)."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    _, start, end = _spans(data)[0]
    for at in (0, 7, 8, 8 + 5, (start + end) // 2):
        path.write_bytes(_flip(data, at))
        assert _both_fail(path) is None


def test_swapped_or_dropped_frames_are_detected(tmp_path: Path) -> None:
    """DESIGN.md Persistence: chained checksums detect reordered and missing frames."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    spans = _spans(data)
    (a0, _, a1), (b0, _, b1) = spans[2], spans[3]
    path.write_bytes(data[:a0] + data[b0:b1] + data[a0:a1] + data[b1:])
    assert _both_fail(path) == 1
    path.write_bytes(data[:a0] + data[a1:])
    assert _both_fail(path) == 1


def _forged(length: int, previous: bytes, check: int, digest: bytes = b"\0" * 8) -> bytes:
    """A prefix whose check is right: damage no checksum can see, only the limits."""
    return PREFIX.pack(length, digest, zlib.crc32(length.to_bytes(4, "big") + digest, check))


def _chain(path: Path) -> tuple[bytes, bytes, int]:
    with LogReader(path) as reader:
        reader.header()
        for _ in reader.batches():
            pass
        return path.read_bytes(), reader.last_digest, reader.last_check


def test_forged_prefix_with_a_huge_length_is_refused_with_bounded_memory(
    tmp_path: Path,
) -> None:
    """Issue #10 item 2: a well-formed prefix claiming 4 GiB is refused by the size limit
    before anything is allocated, naming the frame."""
    game, path = _saved(tmp_path)
    data, digest, check = _chain(path)
    path.write_bytes(data + _forged(2**32 - 1, digest, check) + b"x" * 64)
    error, peak = _traced_error(path)
    assert error.frame == len(game.journal())
    assert str(2**32 - 1) in str(error)
    assert peak < 8 * 1024 * 1024


def test_forged_good_prefix_with_a_short_payload_is_a_torn_tail(tmp_path: Path) -> None:
    """Only a good prefix followed by a short payload at the end of the file is a torn
    tail: everything before it is recovered and the tear reported."""
    game, path = _saved(tmp_path)
    data, digest, check = _chain(path)
    path.write_bytes(data + _forged(500, digest, check) + b"partial")
    loaded, report = coinlake.load_with_report(path)
    assert report.torn and report.frames == len(game.journal()) and report.end == len(data)
    _same_game(loaded, game)


@pytest.mark.parametrize("extra", [b"\0", b"\0" * 15, b"\0" * 16, b"\xff" * 40])
def test_bytes_after_the_last_frame(tmp_path: Path, extra: bytes) -> None:
    """Trailing bytes too short for a prefix are a torn prefix; a full prefix of garbage is
    a damaged frame (its check fails)."""
    game, path = _saved(tmp_path)
    path.write_bytes(path.read_bytes() + extra)
    if len(extra) < PREFIX.size:
        loaded, report = coinlake.load_with_report(path)
        assert report.torn
        _same_game(loaded, game)
    else:
        assert _both_fail(path) == len(game.journal())


def test_oversize_header_length(tmp_path: Path) -> None:
    """DESIGN.md Persistence: sizes are bounded before anything is allocated (header)."""
    path = tmp_path / "big.fitl"
    path.write_bytes(MAGIC + _forged(MAX_HEADER_BYTES + 1, MAGIC, FIRST_CHECK) + b"\0" * 16)
    assert "exceeds" in str(_load_error(path))
    assert _load_error(path).frame is None


def test_oversize_frame_length_with_a_good_check(tmp_path: Path) -> None:
    """DESIGN.md Persistence: sizes are bounded before anything is allocated (frames)."""
    game, path = _saved(tmp_path)
    data, digest, check = _chain(path)
    path.write_bytes(data + _forged(MAX_FRAME_BYTES + 1, digest, check) + b"\0" * 32)
    error = _load_error(path)
    assert error.frame == len(game.journal())
    assert str(MAX_FRAME_BYTES + 1) in str(error)


def test_a_file_over_the_size_cap_is_refused_before_reading(tmp_path: Path) -> None:
    """Issue #10 item 2: a file larger than the cap (here a sparse 1 GiB + 1 byte one) is
    refused from its size alone, in bounded memory."""
    game, path = _saved(tmp_path)
    with open(path, "r+b") as f:
        f.truncate(lf.MAX_FILE_BYTES + 1)
    error, peak = _traced_error(path)
    assert error.frame is None and "exceeds" in str(error)
    assert peak < 1024 * 1024
    assert game.state is not None


def test_damage_early_in_a_big_file_is_found_in_bounded_memory(tmp_path: Path) -> None:
    """Issue #10 item 2: the reader streams, so a 200 MB file whose frame 1 is damaged is
    rejected after reading one chunk, not the whole file."""
    game = coinlake.new_game("short", seed=2)
    drive(game, 2)
    _, path = _saved(tmp_path, game)
    data = path.read_bytes()
    start = _spans(data)[2][0]
    with open(path, "r+b") as f:
        f.seek(start)
        f.write(b"\xee" * 16)
        f.truncate(200 * 1024 * 1024)  # sparse
    error, peak = _traced_error(path)
    assert error.frame == 1
    assert peak < 4 * lf.CHUNK_BYTES


def test_many_small_frames_load_in_bounded_extra_memory(tmp_path: Path) -> None:
    """Issue #10 item 2: memory beyond what the loaded game itself keeps does not grow with
    the number of frames (frames are streamed and folded one by one, never all read first):
    a log of 40,000 undo/redo frames."""
    game = coinlake.new_game("short", seed=4)
    drive(game, 1)
    payloads = [pack(header_of(game)), *(pack(f) for f in journal_frames(game))]
    payloads += [pack((UNDO,)), pack((REDO,))] * 20_000
    path = tmp_path / "many.fitl"
    _write_raw(path, payloads)
    gc.collect()
    tracemalloc.start()
    try:
        loaded, report = coinlake.load_with_report(path, verify=False)
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.frames == len(game.journal()) + 40_000 and loaded.state == game.state
    assert peak - kept < 4 * lf.CHUNK_BYTES + 1024 * 1024
    assert kept < 300 * 40_000  # the journal itself: a few small objects per entry


# -- strict headers --------------------------------------------------------------------------------
BAD_HEADERS: list[dict[str, Any]] = [
    {"format": 99},
    {"format": "2"},
    {"format": 2.0},
    {"format": True},
    {"library": 1},
    {"scenario": "campaign"},
    {"scenario": "SHORT"},
    {"seed": "seven"},
    {"seed": -1},
    {"seed": 1.0},
    {"seed": True},
    {"rng": "mersenne"},
    {"undo": "lenient"},
    {"undo": None},
    {"options": "none"},
    {"options": {"period_events": "no"}},
    {"options": {"period_events": 1}},
    {"options": {"period_events": None}},
    {"options": {"bogus": 1}},
    {"options": {"non_players": "VC"}},
    {"options": {"non_players": ["XX"]}},
    {"options": {"non_players": [1]}},
    {"options": {"players": [["US", "VC"]]}},  # a type-correct arrangement 1.5 forbids
    {"options": {"handicap": [["US"]]}},
    {"commands": [["Teleport", ["where"]]]},
    {"commands": [["Select", ["space", "twice"]]]},
    {"commands": "Choose"},
    {"events": [["Chosen", ["faction", "command"]], ["Chosen", ["faction", "command"]]]},
    {"events": [["PiecesMoved", ["piece"]]]},
    {"events": [[1, []]]},
]


@pytest.mark.parametrize("change", BAD_HEADERS, ids=lambda c: repr(c)[:50])
def test_bad_header_values_are_refused_without_coercion(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    """Issue #10 item 2: header values are checked against their types with no coercion
    ("no" is not True, 1.0 not 1, "SHORT" not "short"); the error names the header."""
    path, header, frames = _header_and_frames(tmp_path)
    _rewrite(path, {**header, **change}, frames)
    assert _both_fail(path) is None


@pytest.mark.parametrize("key", sorted(HEADER_KEYS))
def test_missing_header_keys(tmp_path: Path, key: str) -> None:
    """DESIGN.md Persistence: a header missing a key is refused (frame None)."""
    path, header, frames = _header_and_frames(tmp_path)
    _rewrite(path, {k: v for k, v in header.items() if k != key}, frames)
    assert _both_fail(path) is None


@pytest.mark.parametrize(
    "header", [{"extra": 1}, ["format", 2], None, msgpack.ExtType(1, b"\0")], ids=repr
)
def test_malformed_headers(tmp_path: Path, header: Any) -> None:
    """Extra keys, a header that is not a map, an extension type: refused."""
    path, good, frames = _header_and_frames(tmp_path)
    if isinstance(header, dict):
        header = {**good, **header}
    _write_raw(path, [msgpack.packb(header, use_bin_type=True), *(pack(f) for f in frames)])
    assert _both_fail(path) is None


def test_missing_options_take_their_defaults(tmp_path: Path) -> None:
    """A header written before an option existed still loads (the option's default)."""
    path, header, frames = _header_and_frames(tmp_path)
    options = {k: v for k, v in header["options"].items() if k not in ("easy", "deception")}
    _rewrite(path, {**header, "options": options}, frames)
    assert coinlake.load(path).state.options == coinlake.load(path, verify=False).state.options


def _header_validator() -> jsonschema.Draft202012Validator:
    registry: Registry[Any] = Registry().with_resources(
        (p.name, Resource.from_contents(json.loads(p.read_text())))
        for p in SCHEMAS.glob("*.schema.json")
    )
    schema = json.loads((SCHEMAS / "header.schema.json").read_text())
    return jsonschema.Draft202012Validator(schema, registry=registry)


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["short", "free", "strict", "US", "VC", "blake2b", "Choose"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)


@FAST
@given(data=st.data())
def test_a_header_the_schema_refuses_is_refused(tmp_path: Path, data: st.DataObject) -> None:
    """Issue #10 item 2: the loader never accepts a header that ``header.schema.json``
    rejects (it may refuse more: options that do not fit together)."""
    path, header, frames = _header_and_frames(tmp_path)
    header = as_lists(header)
    key = data.draw(st.sampled_from([*sorted(HEADER_KEYS), "options.*", "extra"]))
    if key == "options.*":
        option = data.draw(st.sampled_from([*header["options"], "bogus"]))
        header["options"] = {**header["options"], option: data.draw(_json)}
    else:
        header[key] = data.draw(_json)
    if _header_validator().is_valid(header):
        return
    _rewrite(path, header, frames)
    assert _both_fail(path) is None


# -- strict frames ---------------------------------------------------------------------------------
def _apply_index(frames: list[Any], start: int = 1) -> int:
    return next(i for i, f in enumerate(frames) if i >= start and f[0] == APPLY and f[4])


def _event_index(name: str) -> int:
    return EVENTS[name].index


MALFORMED: dict[str, Callable[[list[Any]], list[Any]]] = {
    "not an array": lambda f: {"action": 0},  # type: ignore[dict-item, return-value]
    "empty": lambda f: [],
    "unknown action": lambda f: [7],
    "bool action": lambda f: [True, *f[1:]],
    "short apply": lambda f: f[:4],
    "long apply": lambda f: [*f, None],
    "undo with data": lambda f: [UNDO, 1],
    "bad faction": lambda f: [f[0], "XX", *f[2:]],
    "bool faction": lambda f: [f[0], True, *f[2:]],
    "bytes rule": lambda f: [*f[:2], b"2.0", *f[3:]],
    "unknown command type": lambda f: [*f[:3], [99, "x"], f[4]],
    "bool command type": lambda f: [*f[:3], [True, "x"], f[4]],
    "command map": lambda f: [*f[:3], {"type": "Choose"}, f[4]],
    "bad command word": lambda f: [*f[:3], [COMMANDS["Choose"].index, "no spaces"], f[4]],
    "bool count": lambda f: [*f[:3], [COMMANDS["Count"].index, True], f[4]],
    "negative count": lambda f: [*f[:3], [COMMANDS["Count"].index, -1], f[4]],
    "events not an array": lambda f: [*f[:4], "lots"],
    "unknown event type": lambda f: [*f[:4], [*f[4], [99, "2.0"]]],
    "negative event type": lambda f: [*f[:4], [*f[4], [-1, "2.0"]]],
    "rebuilt Chosen inside": lambda f: [
        *f[:4],
        [*f[4], [_event_index("Chosen"), "2.0", None, [4]]],
    ],
    "event too short": lambda f: [*f[:4], [[*f[4][0][:-1]], *f[4][1:]]],
    "event too long": lambda f: [*f[:4], [[*f[4][0], 1], *f[4][1:]]],
    "event rule not a string": lambda f: [*f[:4], [[f[4][0][0], 2, *f[4][0][2:]], *f[4][1:]]],
    "float field": lambda f: [
        *f[:4],
        [[_event_index("TrackChanged"), "1.8", "aid", 3.0, 2], *f[4]],
    ],
    "unknown piece": lambda f: [
        *f[:4],
        [[_event_index("PiecesMoved"), "1.4", "tank", 1, "hue", "saigon"], *f[4]],
    ],
    "bool support": lambda f: [
        *f[:4],
        [[_event_index("SupportShifted"), "6.3", "hue", True, 0], *f[4]],
    ],
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_frames_name_their_frame(tmp_path: Path, name: str) -> None:
    """DESIGN.md Persistence: schema-checked frames; the error names the frame, with and
    without verify."""
    path, header, frames = _header_and_frames(tmp_path)
    index = _apply_index(frames)
    frames[index] = MALFORMED[name](list(frames[index]))
    _rewrite(path, header, frames)
    assert _both_fail(path) == index


@pytest.mark.parametrize(
    "payload",
    [b"\xc1", b"\x93\x00", b"\xa3ab\xff", msgpack.packb(None), msgpack.packb("apply")],
    ids=repr,
)
def test_invalid_msgpack_names_its_frame(tmp_path: Path, payload: bytes) -> None:
    """Invalid msgpack, truncated arrays, invalid UTF-8, non-array payloads: refused."""
    path, header, frames = _header_and_frames(tmp_path)
    _write_raw(path, [pack(header), pack(frames[0]), payload, pack(frames[1])])
    assert _both_fail(path) == 1


def test_msgpack_ext_type_is_refused(tmp_path: Path) -> None:
    """DESIGN.md Persistence: no msgpack extension types (no code execution)."""
    path, header, frames = _header_and_frames(tmp_path)
    evil = [*frames[1][:3], msgpack.ExtType(42, b"payload"), frames[1][4]]
    _write_raw(path, [pack(header), pack(frames[0]), msgpack.packb(evil, use_bin_type=True)])
    assert _both_fail(path) == 1


def test_a_bad_reducer_input_fails_cleanly(tmp_path: Path) -> None:
    """An event of the right shape that the reducer cannot fold (an unknown space) names its
    frame, and the reader leaves no draft state behind."""
    path, header, frames = _header_and_frames(tmp_path)
    index = _apply_index(frames)
    moved = [_event_index("PiecesMoved"), "1.4", "us-troops", 1, "nowhere", "saigon"]
    frames[index] = [*frames[index][:4], [*frames[index][4], moved]]
    _rewrite(path, header, frames)
    assert _both_fail(path) == index


def test_consistently_altered_events_are_rejected_by_verify(tmp_path: Path) -> None:
    """DESIGN.md Persistence: loading never trusts the file; verify re-decides every command.
    Without verify the recorded (schema-valid) events are folded as they are."""
    game = _game()
    while not any(isinstance(e, TrackChanged) for n in game.line() for e in n.events):
        drive(game, 1)
    path = tmp_path / "game.fitl"
    game.save(path)
    contents, _ = read_log(path)
    frames = [list(f) for f in contents.frames]
    track = _event_index("TrackChanged")
    index = next(
        i for i, f in enumerate(frames) if f[0] == APPLY and any(e[0] == track for e in f[4])
    )
    events = [list(e) for e in frames[index][4]]
    for e in events:
        if e[0] == track:
            e[3] = 70
    frames[index] = [*frames[index][:4], events]
    _rewrite(path, contents.header, frames)
    error = _load_error(path)
    assert error.frame == index and "differs" in str(error)
    trusted = coinlake.load(path, verify=False)
    assert 70 in trusted.journal()[index].node.state.tracks


@pytest.mark.parametrize("part", ["faction", "rule", "drop event", "extra event"])
def test_altered_frames_are_rejected_by_verify(tmp_path: Path, part: str) -> None:
    """DESIGN.md Persistence: the deciding Faction, the rule and every event are checked."""
    path, header, frames = _header_and_frames(tmp_path)
    index = next(i for i, f in enumerate(frames) if f[0] == APPLY and f[1] and f[4])
    frame = list(frames[index])
    if part == "faction":
        frame[1] = next(f.value for f in FACTIONS if f.value != frame[1])
    elif part == "rule":
        frame[2] = "9.9"
    elif part == "drop event":
        frame[4] = frame[4][:-1]
    else:
        frame[4] = [*frame[4], frame[4][-1]]
    frames[index] = frame
    _rewrite(path, header, frames)
    assert _load_error(path).frame == index


def test_an_impossible_undo_or_redo_names_its_frame(tmp_path: Path) -> None:
    """DESIGN.md Persistence/History: an undo or redo the history does not allow."""
    path, header, frames = _header_and_frames(tmp_path)
    _rewrite(path, header, [frames[0], [UNDO], [UNDO]])
    assert _both_fail(path) == 2
    _rewrite(path, header, [frames[0], [REDO]])
    assert _both_fail(path) == 1


@pytest.mark.parametrize("content", [b"", MAGIC[:4], MAGIC, b"NOTALOG!" + b"\0" * 40])
def test_empty_headerless_or_foreign_file(tmp_path: Path, content: bytes) -> None:
    """DESIGN.md Persistence: a file without a complete header, or not a log, is refused."""
    path = tmp_path / "empty.fitl"
    path.write_bytes(content)
    assert _both_fail(path) is None


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LogFileError) as info:
        coinlake.load(tmp_path / "absent.fitl")
    assert info.value.frame is None


# -- loading never executes anything ---------------------------------------------------------------
class _Boom:
    """Unpickling this would create a file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.marker,))


def test_a_pickle_is_never_unpickled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """DESIGN.md Persistence: loading never executes anything from the file, and never
    calls pickle."""
    marker = tmp_path / "executed"
    path = tmp_path / "pickle.fitl"
    path.write_bytes(MAGIC + pickle.dumps(_Boom(marker)))
    assert _both_fail(path) is None
    game, saved = _saved(tmp_path)
    contents, _ = read_log(saved)
    _write_raw(saved, [pack(contents.header), pickle.dumps(_Boom(marker))])
    assert _both_fail(saved) == 0
    assert not marker.exists()

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("pickle was used while loading")

    game.save(saved)
    monkeypatch.setattr(pickle, "loads", forbidden)
    monkeypatch.setattr(pickle, "load", forbidden)
    monkeypatch.setattr(pickle, "Unpickler", forbidden)
    for verify in (True, False):
        assert coinlake.load(saved, verify=verify).state == game.state


@pytest.mark.parametrize("enabled", [True, False])
def test_the_garbage_collector_is_restored(tmp_path: Path, enabled: bool) -> None:
    """The load pauses the garbage collector and restores it as it was, error or not."""
    _, path = _saved(tmp_path)
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        coinlake.load(path, verify=False)
        assert gc.isenabled() is enabled
        path.write_bytes(_flip(path.read_bytes(), len(path.read_bytes()) - 2))
        _load_error(path)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_the_loaded_game_skips_the_young_generations(tmp_path: Path) -> None:
    """After a load the game sits in the oldest generation: the next allocation does not
    set off a collection walking it. Objects someone froze stay frozen."""
    _, path = _saved(tmp_path)
    coinlake.load(path, verify=False)
    assert gc.get_count()[0] < 50
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        coinlake.load(path, verify=False)
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_read_log_and_the_reader(tmp_path: Path) -> None:
    """The reader's view of a file: header, frames, last digest and check, byte offsets."""
    game, path = _saved(tmp_path)
    contents, last = read_log(path)
    assert contents.header["scenario"] == "medium" and contents.format == 2
    assert len(contents.frames) == len(game.journal()) and not contents.torn
    data = path.read_bytes()
    start, _, _ = _spans(data)[-1]
    assert last == data[start + 4 : start + 12]
    with LogReader(path) as reader:
        items = list(reader)
        assert [i for i, _ in items] == [None, *range(len(game.journal()))]
        assert reader.end == len(data) and reader.frames == len(game.journal())


# -- the positional codec ------------------------------------------------------------------------
_TEXT = st.text(st.characters(codec="utf-8"), max_size=8)


def _commands() -> st.SearchStrategy[Command]:
    word = st.from_regex(r"[a-z0-9][a-z0-9+.\-]{0,10}", fullmatch=True).filter(
        lambda w: w not in ("select", "move", "done", "count")
    )
    return st.one_of(
        st.builds(Choose, word),
        st.builds(Select, word),
        st.builds(Move, st.sampled_from(list(Piece)), st.integers(1, 99), word, word),
        st.builds(Count, st.integers(0, MAX_NUMBER)),
        st.just(Done()),
    )


def _values(tp: Any) -> st.SearchStrategy[Any]:
    """Values of a field annotation, within what msgpack can hold."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(-(2**63), 2**63 - 1)
    if tp is str:
        return _TEXT
    if tp is Command:
        return _commands()
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return st.sampled_from(list(tp))
    if origin in (types.UnionType, typing.Union):
        return st.one_of(*(st.none() if a is type(None) else _values(a) for a in args))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(_values(args[0]), max_size=3).map(tuple)
    if origin is tuple:
        return st.tuples(*(_values(a) for a in args))
    raise TypeError(tp)


def _event_strategy(cls: type[Event]) -> st.SearchStrategy[Event]:
    hints = typing.get_type_hints(cls)
    fields = {f.name: _values(hints[f.name]) for f in attrs.fields(cls)}
    fields["seq"] = st.integers(0, 10**6)
    return st.builds(cls, **fields)


_COMMANDS = _commands()
_EVENTS = st.one_of(*(_event_strategy(c) for c in EVENT_TYPES if c not in REBUILT_EVENTS))


@FAST
@given(command=_COMMANDS)
def test_every_command_round_trips_positionally(command: Command) -> None:
    """Every command type (from the registry, so new ones included) encodes to a compact
    array and decodes back to an equal command; format 1's dict form round-trips too."""
    encoded = encode_command(command)
    assert encoded[0] == COMMANDS[type(command).__name__].index
    assert CURRENT_READER(_plain_tuple(encoded)) == command
    assert converter.structure(unstructure_command(command), Command) == command


def _plain_tuple(value: Any) -> Any:
    """As msgpack gives it back (arrays as tuples, enumerations as plain values)."""
    return msgpack.unpackb(msgpack.packb(value), use_list=False)


@settings(max_examples=300, deadline=None, database=None)
@given(event=_EVENTS)
def test_every_event_round_trips_positionally(event: Event) -> None:
    """Every event type (from the registry) encodes to ``[type, rule, fields...]`` without
    its seq and decodes back, given the seq, to an equal event, and ``step`` folds it."""
    codec = EVENTS[type(event).__name__]
    encoded = _plain_tuple(encode_event(event))
    assert encoded[0] == codec.index and encoded[1] == event.rule
    assert len(encoded) == 2 + len(attrs.fields(type(event))) - 2
    decoded = codec.decode(encoded, event.seq, CURRENT_READER)
    assert decoded == event and type(decoded) is type(event)
    assert repr(decoded) == repr(event) and hash(decoded) == hash(event)
    assert unstructure_event(decoded) == unstructure_event(event)


@FAST
@given(event=_EVENTS, data=st.data())
def test_a_wrongly_typed_field_is_refused(event: Event, data: st.DataObject) -> None:
    """No coercion in frames either: replacing any field by a value of another kind (a
    boolean for an integer, a float, a string for a number, an array for a string...) is
    refused, or decodes to exactly what the same plain value means."""
    codec = EVENTS[type(event).__name__]
    encoded = list(_plain_tuple(encode_event(event)))
    if len(encoded) < 3:
        return
    at = data.draw(st.integers(1, len(encoded) - 1))
    wrong = data.draw(st.sampled_from([True, False, 1.5, 2.0, "x", (), ("x",), None, -1, 0]))
    encoded[at] = wrong
    try:
        decoded = codec.decode(tuple(encoded), event.seq, CURRENT_READER)
    except Malformed:
        return
    # accepted: the value was of the field's own kind (e.g. None for an optional field)
    assert _plain_tuple(encode_event(decoded)) == tuple(encoded)


def test_command_reader_cache_stays_strict() -> None:
    """The command cache never returns a remembered command for an array that only compares
    equal (``True == 1``, ``2.0 == 2``)."""
    read = command_reader({c.index: c.decode for c in COMMANDS.values()})
    move = (COMMANDS["Move"].index, "us-troops", 2, "hue", "saigon")
    count = (COMMANDS["Count"].index, 1)
    assert read(move) is read(move)
    assert read(count) == Count(1)
    for bad in [
        (COMMANDS["Move"].index, "us-troops", 2.0, "hue", "saigon"),
        (COMMANDS["Count"].index, True),
        (True, 1),
    ]:
        with pytest.raises(Malformed):
            read(bad)


def test_command_readers_are_shared_per_table_and_bounded() -> None:
    """Issue #8 item 5: files with the same command table share one command reader (commands
    repeat across games); a reader remembers at most its ``cache_size`` commands, then starts
    again, and still decodes every command."""
    table = _plain_tuple(header_of(_game())["commands"])
    assert table_reader(table) is table_reader(_plain_tuple(table))
    read = command_reader({c.index: c.decode for c in COMMANDS.values()}, cache_size=2)
    arrays = [(COMMANDS["Move"].index, "us-troops", n, "hue", "saigon") for n in (1, 2, 3)]
    first = read(arrays[0])
    assert read(arrays[0]) is first  # remembered
    read(arrays[1])
    again = read(arrays[2])  # the third: the cache was full and starts again
    assert read(arrays[2]) is again
    assert read(arrays[0]) is not first and read(arrays[0]) == first
    for array in arrays:
        assert read(array) == Move(Piece.US_TROOPS, array[2], "hue", "saigon")


# -- format 1 ------------------------------------------------------------------------------------
def _v1_game(scenario: str = "short", seed: int = 9, steps: int = 12) -> Game:
    """A game drawn with the format 1 generator (SplitMix64), as format 1 files were."""
    from coinlake.engine import UndoPolicy, start_state
    from coinlake.state.model import Options
    from coinlake.state.rng import SPLITMIX
    from coinlake.store import save_game

    game = Game(
        start_state(scenario, seed, Options(), SPLITMIX), undo=UndoPolicy.FREE, saver=save_game
    )
    _v1_drive(game, steps)
    return game


def _v1_drive(game: Game, steps: int) -> None:
    """Apply up to ``steps`` commands of the kinds format 1 knew (no ``Count``)."""
    for _ in range(steps):
        legal = [c for c in game.legal() if not isinstance(c, Count)]
        if not legal:
            break
        game.apply(legal[min(1, len(legal) - 1)])


def _write_v1(path: Path, game: Game, rename: dict[str, str] | None = None) -> None:
    """``game`` as a format 1 file (maps, format 1 framing); ``rename`` rewrites Choose
    words as an older protocol spelled them."""
    root = game.root
    header = {
        "format": 1,
        "library": "0.1.0",
        "scenario": root.scenario,
        "seed": root.rng.seed,
        "options": converter.unstructure(root.options),
        "undo": game.undo_policy.value,
    }
    frames: list[dict[str, Any]] = []
    for entry in game.journal():
        if entry.action != "apply":
            frames.append({"action": entry.action})
            continue
        node = entry.node
        chosen = node.events[0]
        assert isinstance(chosen, Chosen) and node.command is not None
        command = unstructure_command(node.command)
        if rename and command.get("option") in rename:
            command["option"] = rename[command["option"]]
        frames.append(
            {
                "action": "apply",
                "faction": node.faction.value if node.faction else None,
                "command": command,
                "rule": chosen.rule,
                "events": [unstructure_event(e) for e in node.events[1:]],
            }
        )
    out, previous = bytearray(MAGIC_V1), b""
    for payload in [pack(header), *(pack(f) for f in frames)]:
        d = lf.digest(payload, previous)
        out += PREFIX_V1.pack(len(payload), d) + payload
        previous = d
    path.write_bytes(bytes(out))


def test_a_format_1_file_is_redecided(tmp_path: Path) -> None:
    """DESIGN.md Persistence: format 1 files load by re-deciding their commands (both
    ``verify`` settings) and then save as format 2."""
    game = _v1_game()
    game.undo()
    game.undo()
    game.redo()
    _v1_drive(game, 2)
    path = tmp_path / "old.fitl"
    _write_v1(path, game)
    for verify in (True, False):
        loaded, report = coinlake.load_with_report(path, verify=verify)
        assert report.format == 1 and not report.torn
        _same_game(loaded, game)
    loaded.save(path)
    assert path.read_bytes().startswith(MAGIC)
    _same_game(coinlake.load(path, verify=False), game)


def test_format_1_torn_tail_and_damage(tmp_path: Path) -> None:
    """Format 1 keeps its own framing rules: a cut inside a frame is a torn tail, a damaged
    payload names its frame."""
    game = _v1_game()
    path = tmp_path / "old.fitl"
    _write_v1(path, game)
    data = path.read_bytes()
    path.write_bytes(data[:-2])
    loaded, report = coinlake.load_with_report(path)
    assert report.torn and report.format == 1
    _same_game(loaded, _replay_prefix(game, len(game.journal()) - 1))
    path.write_bytes(_flip(data, len(data) - 3))
    assert _both_fail(path) == len(game.journal()) - 1


def test_format_1_old_words_need_the_upcaster(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A format 1 word the current protocol no longer knows fails loudly, naming its frame,
    until an entry of ``v1.UPCASTS`` translates it (here a made-up old word for ``pass``)."""
    game = _v1_game(steps=1)
    assert Choose("pass") in game.legal()
    game.apply(Choose("pass"))
    _v1_drive(game, 3)
    index = next(i for i, e in enumerate(game.journal()) if e.node.command == Choose("pass"))
    path = tmp_path / "old.fitl"
    _write_v1(path, game, rename={"pass": "waive"})
    assert _both_fail(path) == index
    monkeypatch.setattr(v1, "UPCASTS", ((r"[\d.]+ waive", "pass"), *v1.UPCASTS))
    _same_game(coinlake.load(path), game)


def test_format_1_material_events_are_compared(tmp_path: Path) -> None:
    """A format 1 file whose recorded material events differ from what the current rules
    produce is refused, naming the frame; bookkeeping events (procedure names) are not
    compared."""
    game = _v1_game()
    path = tmp_path / "old.fitl"
    _write_v1(path, game)
    contents, _ = read_log(path)
    frames = [dict(f) for f in contents.frames]
    index = next(
        i
        for i, f in enumerate(frames)
        if any(e["type"] == "StepStarted" for e in f["events"])
        and any(e["type"] not in v1.NOT_MATERIAL for e in f["events"])
    )

    def rewrite(change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        changed = list(frames)
        changed[index] = {
            **frames[index],
            "events": [change(dict(e)) for e in frames[index]["events"]],
        }
        out, previous = bytearray(MAGIC_V1), b""
        for payload in [pack(contents.header), *(pack(f) for f in changed)]:
            d = lf.digest(payload, previous)
            out += PREFIX_V1.pack(len(payload), d) + payload
            previous = d
        path.write_bytes(bytes(out))

    rewrite(lambda e: {**e, "procedure": "old_name"} if e["type"] == "StepStarted" else e)
    _same_game(coinlake.load(path), game)  # bookkeeping: not compared
    rewrite(lambda e: {**e, "rule": "0.0"} if e["type"] not in v1.NOT_MATERIAL else e)
    assert _both_fail(path) == index


def test_format_1_header_is_strict(tmp_path: Path) -> None:
    """Format 1 headers get the same no-coercion checks."""
    game = _v1_game(steps=2)
    path = tmp_path / "old.fitl"
    _write_v1(path, game)
    contents, _ = read_log(path)
    for change in ({"format": 2}, {"seed": 1.0}, {"options": {"period_events": "no"}}, {"x": 1}):
        header = {**contents.header, **change}
        out, previous = bytearray(MAGIC_V1), b""
        for payload in [pack(header), *(pack(f) for f in contents.frames)]:
            d = lf.digest(payload, previous)
            out += PREFIX_V1.pack(len(payload), d) + payload
            previous = d
        path.write_bytes(bytes(out))
        assert _both_fail(path) is None, change


# -- games started from a position (coinlake.from_position) --------------------------------
def _position_game(steps: int, seed: int) -> Game:
    """A game started from the position after ``steps`` random commands of a Short game,
    mid-procedure or not, then played on ``steps`` more commands (one undone)."""
    rnd = random.Random(seed)
    game = coinlake.new_game("short", seed=seed)
    for _ in range(steps):
        legal = game.legal()
        if legal:
            game.apply(legal[rnd.randrange(len(legal))])
    started = coinlake.from_position(coinlake.position(game.state))
    for _ in range(steps):
        legal = started.legal()
        if legal:
            started.apply(legal[rnd.randrange(len(legal))])
    if started.node.parent is not None:
        started.undo()
    return started


@FAST
@given(steps=st.integers(0, 60), seed=st.integers(0, 2**16))
def test_a_game_from_a_position_saves_and_loads(tmp_path: Path, steps: int, seed: int) -> None:
    """DESIGN.md public API (``coinlake.from_position``) with Persistence: the log of a game
    started from a position holds that position in its header and replays from it, with
    and without verify; saving again appends."""
    game = _position_game(steps, seed)
    path = tmp_path / f"p{steps}-{seed}.fitl"
    game.save(path)
    header = read_log(path)[0].header
    assert set(header) == POSITION_HEADER_KEYS
    assert coinlake.from_position(header["position"]).state == game.root
    for verify in (True, False):
        loaded = coinlake.load(path, verify=verify)
        assert loaded.root == game.root and loaded.state == game.state
        assert loaded.events == game.events and len(loaded.journal()) == len(game.journal())
    before = path.read_bytes()
    if game.legal():
        game.apply(game.legal()[0])
        game.save(path)
        assert path.read_bytes()[: len(before)] == before  # appended, not rewritten
        assert coinlake.load(path).state == game.state


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"position": 7}, "position: expected a string"),
        ({"position": "coinlake-position 1\nscenario nowhere\n"}, "line 2"),
        ({"undo": "sometimes"}, "undo"),
        ({"scenario": "short"}, "header keys"),
    ],
    ids=["not-text", "bad-position", "bad-undo", "extra-key"],
)
def test_a_bad_position_header_is_refused(
    tmp_path: Path, change: dict[str, Any], words: str
) -> None:
    """Trust at the edges: a position header that is not one, or holds an impossible
    position, is refused naming the header (frame ``None``), and nothing is left behind."""
    game = _position_game(10, 3)
    path = tmp_path / "p.fitl"
    game.save(path)
    contents = read_log(path)[0]
    _rewrite(path, {**contents.header, **change}, [list(f) for f in contents.frames])
    assert _both_fail(path) is None
    assert words in str(_load_error(path))
