"""The log file (DESIGN.md, Persistence): save/load round trips, append-only saving, torn
frames, tampering, malformed input, and that loading never executes anything."""

from __future__ import annotations

import os
import pickle
import struct
from pathlib import Path
from typing import Any

import msgpack
import pytest

import coinlake
from coinlake import Game, LogFileError
from coinlake.store.logfile import (
    MAGIC,
    MAX_FRAME_BYTES,
    MAX_HEADER_BYTES,
    LogWriter,
    digest,
    pack,
    read_log,
)
from tests.conftest import drive

PREFIX = struct.Struct(">I8s")  # the documented layout: 4-byte length, 8-byte digest


# -- helpers ------------------------------------------------------------------------------------
def _game() -> Game:
    """A Medium game with applies, an undo and a redo in its journal."""
    game = coinlake.new_game("medium", seed=21, period_events=True)
    drive(game, 6)
    game.undo()
    game.redo()
    game.undo()
    drive(game, 3)
    return game


def _spans(data: bytes) -> list[tuple[int, int, int]]:
    """(prefix start, payload start, end) of each frame; item 0 is the header."""
    pos, out = len(MAGIC), []
    while pos < len(data):
        length, _ = PREFIX.unpack_from(data, pos)
        start = pos + PREFIX.size
        out.append((pos, start, start + length))
        pos = start + length
    return out


def _write_raw(path: Path, payloads: list[bytes]) -> None:
    """Write MAGIC and frames with a valid digest chain; payload 0 is the header."""
    out, previous = bytearray(MAGIC), b""
    for payload in payloads:
        d = digest(payload, previous)
        out += PREFIX.pack(len(payload), d) + payload
        previous = d
    path.write_bytes(bytes(out))


def _rewrite(path: Path, header: dict[str, Any], frames: list[dict[str, Any]]) -> None:
    """Re-encode a log with a valid checksum chain (the library's own writer)."""
    writer = LogWriter(path, header)
    writer.append(frames)
    writer.close()


def _saved(tmp_path: Path) -> tuple[Game, Path]:
    game = _game()
    path = tmp_path / "game.fitl"
    game.save(path)
    return game, path


def _flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x5A]) + data[at + 1 :]


def _load_error(path: Path, *, verify: bool = True) -> LogFileError:
    before = path.read_bytes()
    listing = sorted(os.listdir(path.parent))
    with pytest.raises(LogFileError) as info:
        coinlake.load_with_report(path, verify=verify)
    # A failed load changes nothing on disk and leaves nothing behind.
    assert path.read_bytes() == before
    assert sorted(os.listdir(path.parent)) == listing
    return info.value


# -- round trips ------------------------------------------------------------------------------
def test_save_load_round_trip(tmp_path: Path) -> None:
    """DESIGN.md Persistence: save and load give the same game, journal included."""
    game, path = _saved(tmp_path)
    loaded, report = coinlake.load_with_report(path)
    assert report.torn is False and report.frames == len(game.journal())
    assert loaded.state == game.state
    assert loaded.root == game.root
    assert loaded.events == game.events
    assert loaded.commands == game.commands
    assert len(loaded.journal()) == len(game.journal())
    assert [e.action for e in loaded.journal()] == [e.action for e in game.journal()]
    assert loaded.undo_policy == game.undo_policy
    # Both go on identically, including the redo path rebuilt from the journal.
    command = game.legal()[0]
    assert loaded.apply(command) == game.apply(command)
    assert loaded.state == game.state


def test_load_without_verify_gives_the_same_game(tmp_path: Path) -> None:
    """DESIGN.md Persistence: folding the recorded events (no re-deciding) gives the same game."""
    game, path = _saved(tmp_path)
    loaded = coinlake.load(path, verify=False)
    assert loaded.state == game.state
    assert loaded.events == game.events
    assert len(loaded.journal()) == len(game.journal())


def test_game_loaded_without_verify_plays_on_like_the_original(tmp_path: Path) -> None:
    """DESIGN.md Persistence: a game rebuilt from recorded events decides like the original."""
    game, path = _saved(tmp_path)
    loaded = coinlake.load(path, verify=False)
    assert loaded.decision == game.decision
    for _ in range(5):
        legal = game.legal()
        if not legal:
            break
        assert loaded.legal() == legal
        assert loaded.apply(legal[-1]) == game.apply(legal[-1])
    assert loaded.state == game.state


def test_loaded_game_undoes_like_the_original(tmp_path: Path) -> None:
    """DESIGN.md Persistence/History: a loaded game keeps its history for undo."""
    game, path = _saved(tmp_path)
    loaded = coinlake.load(path)
    for _ in range(3):
        game.undo()
        loaded.undo()
        assert loaded.state == game.state


def test_strict_policy_and_options_survive_a_round_trip(tmp_path: Path) -> None:
    """DESIGN.md Persistence: the header keeps options, seed and undo policy."""
    game = coinlake.new_game(
        "full", seed=2**64 - 1, political_rhythm=True, non_players={"NVA", "VC"}, undo="strict"
    )
    drive(game, 5)
    path = tmp_path / "strict.fitl"
    game.save(path)
    loaded = coinlake.load(path)
    assert loaded.undo_policy == game.undo_policy == "strict"
    assert loaded.state == game.state
    assert loaded.state.options == game.state.options


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
    assert len(second) > len(first)
    assert second[: len(first)] == first
    assert os.stat(path).st_ino == inode  # appended in place, not rewritten
    assert len(_spans(second)) == 1 + len(game.journal())
    assert coinlake.load(path).state == game.state


def test_saving_a_different_game_over_a_log_rewrites_it(tmp_path: Path) -> None:
    """DESIGN.md Persistence: a log of another game is replaced, not appended to."""
    _, path = _saved(tmp_path)
    other = coinlake.new_game("short", seed=1)
    drive(other, 2)
    other.save(path)
    loaded = coinlake.load(path)
    assert loaded.state == other.state
    assert not list(tmp_path.glob("*.tmp"))


# -- torn frames ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cut", [1, 5, "prefix"])
def test_torn_last_frame_is_dropped_and_reported(tmp_path: Path, cut: int | str) -> None:
    """DESIGN.md Persistence: a torn last frame is dropped; everything before it is kept."""
    game, path = _saved(tmp_path)
    data = path.read_bytes()
    last_start, _, end = _spans(data)[-1]
    keep = last_start + 5 if cut == "prefix" else end - int(cut)
    assert keep < end
    path.write_bytes(data[:keep])
    torn = path.read_bytes()
    loaded, report = coinlake.load_with_report(path)
    assert report.torn is True
    n = len(game.journal())
    assert report.frames == n - 1
    assert len(loaded.journal()) == n - 1
    # Everything before the torn frame is kept: the position before the last journal entry.
    expected = _replay_prefix(game, n - 1)
    assert loaded.state == expected.state
    assert loaded.events == expected.events
    assert path.read_bytes() == torn  # loading does not repair the file behind our back


def _replay_prefix(game: Game, entries: int) -> Game:
    """A fresh game that replays the first ``entries`` journal entries of ``game``."""
    root = game.root
    fresh = Game(root, undo=game.undo_policy)
    for entry in game.journal()[:entries]:
        if entry.action == "undo":
            fresh.undo()
        elif entry.action == "redo":
            fresh.redo()
        else:
            assert entry.node.command is not None
            fresh.apply(entry.node.command)
    return fresh


def test_saving_after_a_torn_load_writes_a_clean_log(tmp_path: Path) -> None:
    """DESIGN.md Persistence: saving a recovered game writes a clean log."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-3])
    loaded = coinlake.load(path)
    loaded.save(path)
    again, report = coinlake.load_with_report(path)
    assert report.torn is False
    assert again.state == loaded.state


# -- tampering ------------------------------------------------------------------------------------
@pytest.mark.parametrize("which", ["first", "middle", "last"])
@pytest.mark.parametrize("where", ["payload", "digest"])
def test_flipped_byte_names_its_frame(tmp_path: Path, which: str, where: str) -> None:
    """DESIGN.md Persistence: a damaged frame fails its checksum; the error names it."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    spans = _spans(data)[1:]  # journal frames
    index = {"first": 0, "middle": len(spans) // 2, "last": len(spans) - 1}[which]
    prefix_start, payload_start, end = spans[index]
    at = (payload_start + end) // 2 if where == "payload" else prefix_start + 6
    path.write_bytes(_flip(data, at))
    error = _load_error(path)
    assert error.frame == index
    assert f"frame {index}" in str(error)


@pytest.mark.parametrize("which", ["first", "middle"])
@pytest.mark.parametrize(("byte", "mask"), [(0, 0x01), (3, 0x01), (3, 0x80)])
def test_damaged_length_of_an_inner_frame_names_it(
    tmp_path: Path, which: str, byte: int, mask: int
) -> None:
    """DESIGN.md Persistence: a damaged length inside the file is an error naming the frame,
    never mistaken for a torn tail (only the last frame can be torn)."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    spans = _spans(data)[1:]
    index = 0 if which == "first" else len(spans) // 2
    at = spans[index][0] + byte
    path.write_bytes(data[:at] + bytes([data[at] ^ mask]) + data[at + 1 :])
    error = _load_error(path)
    assert error.frame == index


def test_flipped_byte_in_the_header(tmp_path: Path) -> None:
    """DESIGN.md Persistence: a damaged header is named as the header (frame None)."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    _, start, end = _spans(data)[0]
    path.write_bytes(_flip(data, (start + end) // 2))
    assert _load_error(path).frame is None


def test_swapped_frames_are_detected(tmp_path: Path) -> None:
    """DESIGN.md Persistence: chained checksums detect reordered frames."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    spans = _spans(data)
    (a0, _, a1), (b0, _, b1) = spans[2], spans[3]
    path.write_bytes(data[:a0] + data[b0:b1] + data[a0:a1] + data[b1:])
    assert _load_error(path).frame == 1


def test_consistently_altered_events_are_rejected_by_verify(tmp_path: Path) -> None:
    """DESIGN.md Persistence: loading never trusts the file; verify re-decides every command."""
    game = _game()
    while not any(type(e).__name__ == "TrackChanged" for n in game.line() for e in n.events):
        drive(game, 1)  # play on until some command changed a track
    path = tmp_path / "game.fitl"
    game.save(path)
    contents, _ = read_log(path)
    frames = [dict(f) for f in contents.frames]
    index = next(
        i
        for i, f in enumerate(frames)
        if f["action"] == "apply" and any(e["type"] == "TrackChanged" for e in f["events"])
    )
    events = [dict(e) for e in frames[index]["events"]]
    for e in events:
        if e["type"] == "TrackChanged":
            e["value"] = 70
    frames[index] = dict(frames[index], events=events)
    _rewrite(path, contents.header, frames)
    read_log(path)  # the checksum chain is valid
    error = _load_error(path)
    assert error.frame == index and f"frame {index}" in str(error)
    # Without verification the recorded events are trusted as they are.
    trusted = coinlake.load(path, verify=False)
    assert 70 in trusted.journal()[index].node.state.tracks


def test_altered_faction_is_rejected_by_verify(tmp_path: Path) -> None:
    """DESIGN.md Persistence: the recorded deciding Faction is checked too."""
    _, path = _saved(tmp_path)
    contents, _ = read_log(path)
    frames = [dict(f) for f in contents.frames]
    index = next(i for i, f in enumerate(frames) if f["action"] == "apply" and f["faction"])
    others = [f for f in ("US", "ARVN", "NVA", "VC") if f != frames[index]["faction"]]
    frames[index]["faction"] = others[0]
    _rewrite(path, contents.header, frames)
    assert _load_error(path).frame == index


def test_dropped_event_is_rejected_by_verify(tmp_path: Path) -> None:
    """DESIGN.md Persistence: a frame missing an event is rejected."""
    _, path = _saved(tmp_path)
    contents, _ = read_log(path)
    frames = [dict(f) for f in contents.frames]
    frames[1] = dict(frames[1], events=frames[1]["events"][:-1])
    _rewrite(path, contents.header, frames)
    assert _load_error(path).frame == 1


# -- malformed files -----------------------------------------------------------------------------
def _header_and_frames(tmp_path: Path) -> tuple[Path, dict[str, Any], list[dict[str, Any]]]:
    _, path = _saved(tmp_path)
    contents, _ = read_log(path)
    return path, dict(contents.header), [dict(f) for f in contents.frames]


def test_bad_magic(tmp_path: Path) -> None:
    """DESIGN.md Persistence: a file that is not a coinlake log is refused (header)."""
    _, path = _saved(tmp_path)
    path.write_bytes(b"NOTALOG!" + path.read_bytes()[len(MAGIC) :])
    assert _load_error(path).frame is None


@pytest.mark.parametrize("content", [b"", MAGIC[:4], MAGIC])
def test_empty_or_headerless_file(tmp_path: Path, content: bytes) -> None:
    """DESIGN.md Persistence: a file without a complete header is refused."""
    path = tmp_path / "empty.fitl"
    path.write_bytes(content)
    assert _load_error(path).frame is None


@pytest.mark.parametrize("keep", [3, PREFIX.size, PREFIX.size + 10])
def test_truncated_header(tmp_path: Path, keep: int) -> None:
    """DESIGN.md Persistence: a torn header is an error, not a recovery."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(MAGIC) + keep])
    error = _load_error(path)
    assert error.frame is None
    assert "header" in str(error)


def test_oversize_header_length(tmp_path: Path) -> None:
    """DESIGN.md Persistence: sizes are bounded before anything is allocated (header)."""
    path = tmp_path / "big.fitl"
    path.write_bytes(MAGIC + PREFIX.pack(MAX_HEADER_BYTES + 1, b"\0" * 8) + b"\0" * 16)
    assert _load_error(path).frame is None


@pytest.mark.parametrize("index", [0, 2])
def test_oversize_frame_length(tmp_path: Path, index: int) -> None:
    """DESIGN.md Persistence: sizes are bounded before anything is allocated (frames)."""
    _, path = _saved(tmp_path)
    data = path.read_bytes()
    start = _spans(data)[1 + index][0]
    forged = PREFIX.pack(MAX_FRAME_BYTES + 1, b"\0" * 8)
    path.write_bytes(data[:start] + forged + data[start + PREFIX.size :])
    error = _load_error(path)
    assert error.frame == index
    assert str(MAX_FRAME_BYTES + 1) in str(error)


@pytest.mark.parametrize(
    "payload",
    [
        msgpack.packb([1, 2, 3]),
        msgpack.packb("apply"),
        msgpack.packb(None),
        b"\xc1",  # never-used msgpack byte
        b"\x81",  # a map missing its contents
    ],
)
def test_non_map_or_invalid_payload_names_its_frame(tmp_path: Path, payload: bytes) -> None:
    """DESIGN.md Persistence: schema-checked frames; the error names the frame."""
    path, header, frames = _header_and_frames(tmp_path)
    payloads = [pack(header), pack(frames[0]), payload, pack(frames[1])]
    _write_raw(path, payloads)
    assert _load_error(path).frame == 1


def test_non_map_header(tmp_path: Path) -> None:
    """DESIGN.md Persistence: a header that is not a map is refused."""
    path = tmp_path / "list.fitl"
    _write_raw(path, [msgpack.packb(["format", 1])])
    assert _load_error(path).frame is None


def test_msgpack_ext_type_is_refused(tmp_path: Path) -> None:
    """DESIGN.md Persistence: no msgpack extension types (no code execution)."""
    path, header, frames = _header_and_frames(tmp_path)
    evil = dict(frames[1], command=msgpack.ExtType(42, b"payload"))
    payloads = [pack(header), pack(frames[0]), msgpack.packb(evil, use_bin_type=True)]
    _write_raw(path, payloads)
    assert _load_error(path).frame == 1


def test_msgpack_ext_type_in_the_header_is_refused(tmp_path: Path) -> None:
    """DESIGN.md Persistence: no msgpack extension types in the header either."""
    path, header, _ = _header_and_frames(tmp_path)
    header["seed"] = msgpack.ExtType(1, b"\x00")
    _write_raw(path, [msgpack.packb(header, use_bin_type=True)])
    assert _load_error(path).frame is None


def test_unknown_command_type(tmp_path: Path) -> None:
    """DESIGN.md Persistence: an unknown command type names its frame."""
    path, header, frames = _header_and_frames(tmp_path)
    frames[2] = dict(frames[2], command={"type": "Nuke", "target": "hanoi"})
    _rewrite(path, header, frames)
    assert _load_error(path).frame == 2
    assert _load_error(path, verify=False).frame == 2


def test_unknown_event_type(tmp_path: Path) -> None:
    """DESIGN.md Persistence: an unknown event type names its frame."""
    path, header, frames = _header_and_frames(tmp_path)
    frames[2] = dict(frames[2], events=[*frames[2]["events"], {"type": "Nuke", "seq": 2}])
    _rewrite(path, header, frames)
    assert _load_error(path, verify=False).frame == 2


def test_unknown_action(tmp_path: Path) -> None:
    """DESIGN.md Persistence: a journal frame is apply, undo or redo."""
    path, header, frames = _header_and_frames(tmp_path)
    frames[1] = {"action": "rewind"}
    _rewrite(path, header, frames)
    assert _load_error(path).frame == 1


@pytest.mark.parametrize("part", ["frame", "command", "event", "undo"])
def test_extra_keys_name_the_frame(tmp_path: Path, part: str) -> None:
    """DESIGN.md Persistence: schema-checked frames refuse extra keys."""
    path, header, frames = _header_and_frames(tmp_path)
    index = next(i for i, f in enumerate(frames) if f["action"] == "undo")
    target = index if part == "undo" else 1
    frame = frames[target]
    if part in ("frame", "undo"):
        frame = dict(frame, extra=1)
    elif part == "command":
        frame = dict(frame, command=dict(frame["command"], extra=1))
    else:
        events = [dict(e) for e in frame["events"]]
        events[0]["extra"] = 1
        frame = dict(frame, events=events)
    frames[target] = frame
    _rewrite(path, header, frames)
    assert _load_error(path).frame == target
    assert _load_error(path, verify=False).frame == target


@pytest.mark.parametrize("key", ["action", "faction", "command", "events"])
def test_missing_keys_name_the_frame(tmp_path: Path, key: str) -> None:
    """DESIGN.md Persistence: schema-checked frames refuse missing keys."""
    path, header, frames = _header_and_frames(tmp_path)
    frames[1] = {k: v for k, v in frames[1].items() if k != key}
    _rewrite(path, header, frames)
    assert _load_error(path).frame == 1


@pytest.mark.parametrize(
    "change",
    [
        {"format": 99},
        {"scenario": "campaign"},
        {"seed": "seven"},
        {"seed": -1},
        {"undo": "lenient"},
        {"options": {"period_events": True, "bogus": 1}},
        {"options": "none"},
    ],
)
def test_bad_header_values(tmp_path: Path, change: dict[str, Any]) -> None:
    """DESIGN.md Persistence: a header with bad values is refused (frame None)."""
    path, header, frames = _header_and_frames(tmp_path)
    _rewrite(path, dict(header, **change), frames)
    assert _load_error(path).frame is None


@pytest.mark.parametrize("key", ["format", "library", "scenario", "seed", "options", "undo"])
def test_missing_header_keys(tmp_path: Path, key: str) -> None:
    """DESIGN.md Persistence: a header missing a key is refused (frame None)."""
    path, header, frames = _header_and_frames(tmp_path)
    _rewrite(path, {k: v for k, v in header.items() if k != key}, frames)
    assert _load_error(path).frame is None


def test_extra_keys_in_the_header_are_refused(tmp_path: Path) -> None:
    """DESIGN.md Persistence: the header is schema-checked like the frames."""
    path, header, frames = _header_and_frames(tmp_path)
    _rewrite(path, dict(header, extra=1), frames)
    assert _load_error(path).frame is None


def test_header_without_library_version_is_refused(tmp_path: Path) -> None:
    """DESIGN.md Persistence: the header names the library version (required by the
    header schema)."""
    path, header, frames = _header_and_frames(tmp_path)
    _rewrite(path, {k: v for k, v in header.items() if k != "library"}, frames)
    assert _load_error(path).frame is None


def test_wrong_field_types_name_the_frame(tmp_path: Path) -> None:
    """DESIGN.md Persistence: wrongly typed fields name the frame."""
    path, header, frames = _header_and_frames(tmp_path)
    frames[1] = dict(frames[1], events="lots")
    _rewrite(path, header, frames)
    assert _load_error(path).frame == 1
    assert _load_error(path, verify=False).frame == 1


def test_an_undo_or_redo_the_history_does_not_allow_names_the_frame(tmp_path: Path) -> None:
    """DESIGN.md Persistence/History: an impossible undo or redo names its frame."""
    path, header, frames = _header_and_frames(tmp_path)
    _rewrite(path, header, [frames[0], {"action": "undo"}, {"action": "undo"}])
    assert _load_error(path).frame == 2  # nothing left to undo
    _rewrite(path, header, [frames[0], {"action": "redo"}])
    assert _load_error(path).frame == 1  # nothing to redo


# -- never executes anything -----------------------------------------------------------------------
class _Boom:
    """Unpickling this would create a file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.marker,))


def test_a_pickle_is_never_unpickled(tmp_path: Path) -> None:
    """DESIGN.md Persistence: loading never executes anything from the file."""
    marker = tmp_path / "executed"
    path = tmp_path / "pickle.fitl"
    path.write_bytes(MAGIC + pickle.dumps(_Boom(marker)))
    assert _load_error(path).frame is None
    assert not marker.exists()
    # A pickle inside a well-formed frame with a valid checksum is refused as well.
    game, saved = _saved(tmp_path)
    contents, _ = read_log(saved)
    _write_raw(saved, [pack(contents.header), pickle.dumps(_Boom(marker))])
    assert _load_error(saved).frame == 0
    assert not marker.exists()
    assert game.state is not None


def test_loading_never_calls_pickle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """DESIGN.md Persistence: no pickle on the load path."""

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("pickle was used while loading")

    _, path = _saved(tmp_path)
    monkeypatch.setattr(pickle, "loads", forbidden)
    monkeypatch.setattr(pickle, "load", forbidden)
    monkeypatch.setattr(pickle, "Unpickler", forbidden)
    assert coinlake.load(path).state is not None
    assert coinlake.load(path, verify=False).state is not None


def test_read_log_reports_header_frames_and_digest(tmp_path: Path) -> None:
    """DESIGN.md Persistence: the reader returns the header, the frames and the last digest."""
    game, path = _saved(tmp_path)
    contents, last = read_log(path)
    assert contents.header["scenario"] == "medium"
    assert contents.header["seed"] == 21
    assert len(contents.frames) == len(game.journal())
    assert contents.torn is False
    data = path.read_bytes()
    assert last == data[_spans(data)[-1][0] + 4 : _spans(data)[-1][1]]
