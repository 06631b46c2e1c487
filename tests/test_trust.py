"""Trust at the edges (issue #10): crash-safe saving, exported views, keyed logs, strict
play and secret seeds.

- Saving is tested like a storage engine: a fault (a crash, a torn write, a full disk, an
  I/O error, a disk that fails for good) is injected at every step of the file-system calls
  the saver makes, and whatever the disk may then hold loads to a prefix of the game.
- ``Game.export`` writes what one Faction may see; ``coinlake.load_view`` reads back exactly
  ``Game.view``, and the file holds neither the seed nor the deck.
- A key makes a log tamper-evident: any edit is refused with the key, naming the frame.
- Under ``undo="strict"`` undo knows who asks, forks do not share future dice or cards,
  the policy is fixed, and no view shows another player's Hidden Asset (7.3).
- A seedless game's view does not give its seed away.
"""

from __future__ import annotations

import errno
import hashlib
import os
import random
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import msgpack
import pytest

import coinlake
from coinlake import Choose, Faction, Game, HistoryError, LogFileError
from coinlake.data.cards import COUP_CARDS
from coinlake.data.scenarios import SCENARIOS
from coinlake.engine import advance, fold
from coinlake.rules import victory
from coinlake.state.events import CardRevealed, DeceptionUsed, DieRolled, Reseeded
from coinlake.state.model import (
    EMPTY_THREAT,
    HIDDEN_AGENDA,
    HIDDEN_ASSET,
    UNKNOWN_MARKER,
    DeceptionMarker,
    Options,
)
from coinlake.state.rng import KEYED, SPLITMIX, Rng
from coinlake.state.setup import build_deck, reshuffled_deck
from coinlake.store import journal_frames, logfile
from coinlake.store.logfile import (
    FIRST_CHECK,
    MAGIC,
    MAGIC_KEYED,
    PREFIX,
    frame_bytes,
    pack,
    read_log,
    start_of,
)
from tests.conftest import on_card, stand_in
from tests.test_dice import ROLL, _dice_game
from tests.test_schemas import _json, _validator

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
LIMOP, OP, PASS = Choose("limop"), Choose("op"), Choose("pass")
ASSET = victory.HIDDEN_ASSET_OPTION
BOMBING_PAUSE = 41  # Faction order NVA, ARVN, US, VC


def _played(steps: int, seed: int = 4, **options: Any) -> Game:
    game = coinlake.new_game("short", seed=seed, **options)
    rnd = random.Random(seed)
    for _ in range(steps):
        if not game.legal():
            break
        game.apply(rnd.choice(game.legal()))
    return game


# -- crash safety: fault injection -----------------------------------------------------------
class Crash(BaseException):
    """A simulated crash: the process stops where it is (no ``except Exception`` runs)."""


FAULTS = ("crash", "torn", "enospc", "eio", "dead")
"""``crash`` before the step; ``torn``: a write gets half its bytes out, then the crash;
``enospc``/``eio``: the step fails with that error (a write after half its bytes);
``dead``: ``eio``, and every later step fails too (cleanup included)."""


class FaultyOS:
    """Stands in for the ``os`` module inside :mod:`coinlake.store.logfile`: every
    file-system step of saving (open, write, fsync, close, replace, ftruncate, unlink) is
    counted and the ``at``-th fails with ``fault``; ``short`` makes every write write at
    most half its bytes. It keeps what a crash may lose: the file bytes written since the
    last fsync, and a rename whose directory was not synced. fsync is not performed (the
    test needs no real durability, only where the saver asks for it)."""

    def __init__(self, at: int | None = None, fault: str = "crash", short: bool = False) -> None:
        self.at, self.fault, self.short = at, fault, short
        self.steps: list[str] = []
        self.crashed = self.failing = self.renamed = self.dir_synced = False
        self.paths: dict[int, Path] = {}
        self.synced: dict[Path, int] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def _due(self, name: str) -> bool:
        if self.crashed:
            raise Crash(name)
        self.steps.append(name)
        if self.failing:
            raise OSError(errno.EIO, "I/O error (the disk is gone)")
        return len(self.steps) == self.at

    def _fail(self, name: str) -> None:
        if self.fault in ("crash", "torn"):
            self.crashed = True
            raise Crash(name)
        self.failing = self.fault == "dead"
        code = errno.ENOSPC if self.fault == "enospc" else errno.EIO
        raise OSError(code, os.strerror(code))

    def open(self, path: Any, flags: int, mode: int = 0o777) -> int:
        if self._due("open"):
            self._fail("open")
        fd = os.open(path, flags, mode)
        self.paths[fd] = Path(path)
        return fd

    def write(self, fd: int, data: Any) -> int:
        due = self._due("write")
        data = bytes(data)
        if due and self.fault != "crash":
            os.write(fd, data[: len(data) // 2])
        if due:
            self._fail("write")
        if self.short and len(data) > 1:
            data = data[: len(data) // 2]
        return os.write(fd, data)

    def fsync(self, fd: int) -> None:
        if self._due("fsync"):
            self._fail("fsync")
        path = self.paths[fd]
        if path.is_dir():
            self.dir_synced = True
        else:
            self.synced[path] = os.fstat(fd).st_size

    def close(self, fd: int) -> None:
        if self.crashed:
            os.close(fd)
            raise Crash("close")
        due = self._due("close")
        os.close(fd)
        if due:
            self._fail("close")

    def replace(self, src: Any, dst: Any) -> None:
        if self._due("replace"):
            self._fail("replace")
        os.replace(src, dst)
        self.renamed = True
        self.synced[Path(dst)] = self.synced.pop(Path(src), 0)

    def ftruncate(self, fd: int, length: int) -> None:
        if self._due("ftruncate"):
            self._fail("ftruncate")
        os.ftruncate(fd, length)

    def unlink(self, path: Any) -> None:
        if self._due("unlink"):
            self._fail("unlink")
        os.unlink(path)


def _frames_of(data: bytes, where: Path) -> list[tuple[Any, ...]]:
    """The journal frames of the game a file's bytes load to (it must load)."""
    where.write_bytes(data)
    return journal_frames(coinlake.load(where, verify=False))


def _may_hold(path: Path, disk: FaultyOS, old: bytes | None) -> list[bytes | None]:
    """What ``path`` may hold after the run: what it holds now, and after a crash the
    same without any of its bytes written since their last fsync, or the old file if a
    rename's directory entry was not synced."""
    now = path.read_bytes() if path.exists() else None
    out = [now]
    if disk.crashed and now is not None:
        kept = old is not None and not disk.renamed and now.startswith(old)
        synced = disk.synced.get(path, len(old) if kept and old is not None else 0)
        out += [now[:cut] for cut in range(synced, len(now), max(1, (len(now) - synced) // 40))]
    if disk.crashed and disk.renamed and not disk.dir_synced:
        out.append(old)
    return out


SCENARIOS_OF_SAVING = ("fresh", "append", "torn-rewrite", "other-rewrite")


def _setting(kind: str, folder: Path) -> tuple[Game, bytes | None, list[Any], int]:
    """A game to save, what its file holds before (``None``: nothing), the frames another
    game's file may hold instead, and how many of the game's frames were durable before."""
    game = _played(24)
    path = folder / "game.fitl"
    if kind == "fresh":
        return game, None, [], 0
    if kind == "other-rewrite":
        other = _played(10, seed=9)
        other.save(path)
        return game, path.read_bytes(), journal_frames(other), 0
    early = _played(14)
    early.save(path)
    old = path.read_bytes()
    if kind == "torn-rewrite":
        old = old[:-3]
    durable = len(journal_frames(coinlake.load(path, verify=False))) if kind == "append" else 0
    if kind == "torn-rewrite":
        durable = len(journal_frames(early)) - 1
    assert journal_frames(game)[: len(journal_frames(early))] == journal_frames(early)
    return game, old, [], durable


def _run(
    kind: str, folder: Path, monkeypatch: pytest.MonkeyPatch, disk: FaultyOS
) -> BaseException | None:
    """Save under ``disk`` and check every content the file may then have."""
    game, old, other, durable = _setting(kind, folder)
    path = folder / "game.fitl"
    if old is not None:
        path.write_bytes(old)
    target = journal_frames(game)
    error: BaseException | None = None
    with monkeypatch.context() as m:
        m.setattr(logfile, "os", disk)
        try:
            game.save(path)
        except (Crash, OSError) as exc:
            error = exc
    for data in _may_hold(path, disk, old):
        if data is None:
            assert old is None, "the old file vanished"
            continue
        frames = _frames_of(data, folder / "check.fitl")
        assert frames == target[: len(frames)] or frames == other, "not a prefix of the game"
        assert frames == other or len(frames) >= durable, "durable frames were lost"
    tmp = path.with_name(path.name + ".tmp")
    if isinstance(error, OSError) and disk.fault in ("enospc", "eio"):
        assert not tmp.exists(), "a failed save left its temporary file"
    game.save(path)  # recovery: the next save (with a sound disk) writes it all
    assert journal_frames(coinlake.load(path)) == target
    assert not tmp.exists()
    return error


@pytest.mark.parametrize("kind", SCENARIOS_OF_SAVING)
def test_saving_on_a_sound_disk_with_short_writes(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write may write fewer bytes than asked: the saver writes the rest; the steps are
    open, write(s), fsync, close, then (a new file) rename and directory sync."""
    disk = FaultyOS(short=True)
    assert _run(kind, tmp_path, monkeypatch, disk) is None
    assert disk.steps.count("write") > 1
    assert disk.steps.index("fsync") > max(i for i, s in enumerate(disk.steps) if s == "write")
    if kind != "append":
        assert disk.steps[-4:] == ["replace", "open", "fsync", "close"]  # the directory
        assert disk.dir_synced


@pytest.mark.parametrize("short", [False, True], ids=["whole", "short"])
@pytest.mark.parametrize("kind", SCENARIOS_OF_SAVING)
def test_a_fault_at_any_step_leaves_a_prefix_of_the_game(
    kind: str, short: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #10 item 2: at every step of saving, each fault leaves a file that loads to a
    prefix of the game (what was durable before included), the error reaches the caller,
    and the next save recovers."""
    counting = FaultyOS(short=short)
    (tmp_path / "count").mkdir()
    assert _run(kind, tmp_path / "count", monkeypatch, counting) is None
    steps = len(counting.steps)
    assert steps >= 4
    for at in range(1, steps + 1):
        for fault in FAULTS:
            folder = tmp_path / f"{at}-{fault}"
            folder.mkdir()
            disk = FaultyOS(at, fault, short)
            error = _run(kind, folder, monkeypatch, disk)
            assert error is not None, (at, fault, counting.steps)
            if fault in ("enospc", "eio"):
                assert isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EIO)


def test_a_failed_append_is_cut_back_to_the_old_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When an append fails after some of its bytes reached the file, the saver cuts the
    file back to its old end, so that nothing the disk failed to sync stays to be taken
    for good later (an fsync error may have dropped the data it reported on)."""
    early = _played(14)
    path = tmp_path / "game.fitl"
    early.save(path)
    old = path.read_bytes()
    game = _played(24)
    for fault in ("enospc", "eio"):
        for at in (2, 3):  # the write, the fsync (after open)
            disk = FaultyOS(at, fault)
            with monkeypatch.context() as m, pytest.raises(OSError):
                m.setattr(logfile, "os", disk)
                game.save(path)
            assert disk.steps == [*["open", "write", "fsync"][:at], "ftruncate", "fsync", "close"]
            assert path.read_bytes() == old


# -- exported views -----------------------------------------------------------------------------
def _same_view(game: Game, path: Path, faction: Faction, key: bytes | None = None) -> None:
    game.export(path, faction, key=key)
    view, live = coinlake.load_view(path, key=key), game.view(faction)
    assert view.faction is faction
    assert view.state == live.state
    assert view.events == live.events
    assert view.decision is None


def test_an_exported_view_replays_the_factions_view(tmp_path: Path) -> None:
    """Issue #10 item 3: ``export`` then ``load_view`` gives exactly ``Game.view`` -- state
    and events -- for every Faction, along a whole game with the Victory Deception option,
    a Hidden Asset used (revealed to all) and every marker revealed at the end (7.3)."""
    game = coinlake.new_game("short", seed=0, deception=True)
    rnd = random.Random(0)
    path = tmp_path / "view.fitl"
    step = 0
    while game.legal():
        legal = game.legal()
        game.apply(ASSET if ASSET in legal else rnd.choice(legal))
        step += 1
        if step % 150 == 0 or any(isinstance(e, DeceptionUsed) for e in game.node.events):
            for faction in Faction:
                _same_view(game, path, faction)
    assert game.state.result is not None
    assert any(isinstance(e, DeceptionUsed) for e in game.events)
    for faction in Faction:
        _same_view(game, path, faction)
        assert coinlake.load_view(path).state.deception == game.state.deception  # revealed


def test_an_exported_view_holds_no_seed_and_no_deck(tmp_path: Path) -> None:
    """The file holds neither the seed nor the order of the draw deck: its header has no
    seed, its position shows the deck as hidden cards and the generator as seed 0, the
    other players' markers as unknown, and no frame holds an event the Faction may not
    see."""
    game = _played(60, seed=2**63 + 12345, deception=True)
    seed = game.state.rng.seed
    path = tmp_path / "us.fitl"
    game.export(path, "US")
    contents, _ = read_log(path)
    header = contents.header
    assert set(header) == {"format", "library", "view", "position", "commands", "events"}
    assert header["view"] == "US"
    text = header["position"]
    assert "rng seed=0 " in text and f"deck hidden {len(game.root.deck)}" in text
    assert str(seed) not in text
    data = path.read_bytes()
    for form in (struct.pack(">Q", seed), seed.to_bytes(8, "little"), str(seed).encode()):
        assert form not in data
    deck = game.state.deck
    assert msgpack.packb(list(deck[:3])) not in data
    assert all(m.kind == UNKNOWN_MARKER for m in coinlake.load_view(path).state.deception[2:])
    assert len(contents.frames) == len(game.line())


def test_an_exported_view_is_no_game_and_a_game_no_view(tmp_path: Path) -> None:
    """``load`` refuses an exported view and ``load_view`` a whole log, saying which is
    which."""
    game = _played(10)
    view, full = tmp_path / "view.fitl", tmp_path / "game.fitl"
    game.export(view, "VC")
    game.save(full)
    with pytest.raises(LogFileError, match="exported view of VC: use load_view") as info:
        coinlake.load(view)
    assert info.value.frame is None
    with pytest.raises(LogFileError, match="not an exported view") as info:
        coinlake.load_view(full)
    assert info.value.frame is None


def _rewrite_view(path: Path, change: Any) -> None:
    """Re-encode an exported view, with ``change(header, frames)`` applied, with valid
    digests and checks (so only the content is wrong)."""
    contents, _ = read_log(path)
    header, frames = dict(contents.header), [list(f) for f in contents.frames]
    change(header, frames)
    out, digest, check = bytearray(MAGIC), MAGIC, FIRST_CHECK
    for payload in [pack(header), *(pack(f) for f in frames)]:
        data, digest, check = frame_bytes(payload, digest, check)
        out += data
    path.write_bytes(bytes(out))


@pytest.mark.parametrize(
    ("change", "frame", "words"),
    [
        (lambda h, f: h.update(position=coinlake.position(_played(0).root)), None, "shows more"),
        (lambda h, f: h.update(view="XX"), None, "view"),
        (lambda h, f: h.update(seed=7), None, "header keys"),
        (lambda h, f: f.insert(2, [1]), 2, "only apply frames"),
        (lambda h, f: f[3].__setitem__(3, [0, "no such option!"]), 3, "command"),
        (lambda h, f: f[4].__setitem__(0, False), 4, "only apply frames"),
        (lambda h, f: f[4].__setitem__(0, 0.0), 4, "only apply frames"),
    ],
    ids=[
        "a full position",
        "a bad Faction",
        "a seed",
        "an undo",
        "a bad command",
        "false for the apply code",
        "a float for the apply code",
    ],
)
def test_a_malformed_view_is_refused_naming_the_frame(
    tmp_path: Path, change: Any, frame: int | None, words: str
) -> None:
    path = tmp_path / "view.fitl"
    _played(20).export(path, "NVA")
    _rewrite_view(path, change)
    with pytest.raises(LogFileError, match=words) as info:
        coinlake.load_view(path)
    assert info.value.frame == frame


# -- keyed logs ------------------------------------------------------------------------------
KEY = b"a secret the players agreed on"


def test_a_keyed_log_loads_only_with_its_key(tmp_path: Path) -> None:
    """Issue #10 item 3: ``save(path, key=...)`` makes the frame chain a keyed BLAKE2b MAC;
    ``load`` needs the key, and a wrong key is refused at the header."""
    game = _played(30)
    path = tmp_path / "keyed.fitl"
    game.save(path, key=KEY)
    assert path.read_bytes().startswith(MAGIC_KEYED)
    for verify in (True, False):
        assert journal_frames(coinlake.load(path, key=KEY, verify=verify)) == journal_frames(game)
    with pytest.raises(LogFileError, match="keyed: it loads only with its key"):
        coinlake.load(path)
    with pytest.raises(LogFileError, match="authentication failed") as info:
        coinlake.load(path, key=b"another key")
    assert info.value.frame is None
    plain = tmp_path / "plain.fitl"
    game.save(plain)
    with pytest.raises(LogFileError, match="not keyed"):
        coinlake.load(plain, key=KEY)


def test_a_keyed_log_appends_and_a_new_key_rewrites(tmp_path: Path) -> None:
    game = _played(20)
    path = tmp_path / "keyed.fitl"
    game.save(path, key=KEY)
    before = path.read_bytes()
    game.apply(game.legal()[0])
    game.save(path, key=KEY)
    assert path.read_bytes().startswith(before)  # appended
    game.save(path, key=b"new")
    assert journal_frames(coinlake.load(path, key=b"new")) == journal_frames(game)
    with pytest.raises(LogFileError):
        coinlake.load(path, key=KEY)


def _forge(data: bytes, frame: int | None, payload: bytes | None) -> bytes:
    """A forgery of the keyed log ``data`` by someone without the key: journal frame
    ``frame``'s payload replaced by ``payload``, the frames before it kept as they are and
    every digest and check from it on recomputed (without the key: all a forger can do).
    ``frame=None``: the key stripped (the plain magic, every digest recomputed)."""
    spans, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack_from(">I", data, pos)
        spans.append((pos, pos + PREFIX.size + length))
        pos += PREFIX.size + length
    first = 0 if frame is None else frame + 1  # span 0 is the header
    if first == 0:
        out, (digest, check) = bytearray(MAGIC), start_of(b"")
    else:
        out = bytearray(data[: spans[first][0]])
        _, digest, check = PREFIX.unpack_from(data, spans[first - 1][0])
    for i, (a, b) in enumerate(spans[first:], first):
        body = payload if i == first and payload is not None else data[a + PREFIX.size : b]
        piece, digest, check = frame_bytes(body, digest, check)
        out += piece
    return bytes(out)


def test_any_edit_of_a_keyed_log_is_refused_naming_the_frame(tmp_path: Path) -> None:
    """A forger without the key cannot make an edited frame pass: the MAC of that frame
    (the first one changed) fails. Stripping the key (a plain file with unkeyed digests)
    is refused when loading with the key."""
    game = _played(30)
    path = tmp_path / "keyed.fitl"
    game.save(path, key=KEY)
    data = path.read_bytes()
    frames = journal_frames(game)
    forged = tmp_path / "forged.fitl"
    for k in (0, len(frames) // 2, len(frames) - 1):
        edited = list(frames[k])
        edited[2] = "9.9"  # the rule of the Decision answered
        forged.write_bytes(_forge(data, k, pack(edited)))
        with pytest.raises(LogFileError, match="authentication failed") as info:
            coinlake.load(forged, key=KEY)
        assert info.value.frame == k
    forged.write_bytes(_forge(data, None, None))
    with pytest.raises(LogFileError, match="not keyed"):
        coinlake.load(forged, key=KEY)
    assert journal_frames(coinlake.load(forged)) == frames  # without a key, nothing is checked


def test_a_keyed_log_cut_after_a_frame_loads_that_prefix(tmp_path: Path) -> None:
    """What a MAC chain cannot show (README): frames cut from the end. The rest loads."""
    game = _played(12)
    path = tmp_path / "keyed.fitl"
    game.save(path, key=KEY)
    data = path.read_bytes()
    contents, _ = read_log(path, key=KEY)
    last = len(pack(contents.frames[-1])) + PREFIX.size
    path.write_bytes(data[:-last])
    loaded, report = coinlake.load_with_report(path, key=KEY)
    assert not report.torn
    assert journal_frames(loaded) == journal_frames(game)[:-1]


def test_an_exported_view_may_be_keyed(tmp_path: Path) -> None:
    game = _played(40)
    path = tmp_path / "view.fitl"
    _same_view(game, path, ARVN, key=KEY)
    with pytest.raises(LogFileError, match="key"):
        coinlake.load_view(path)


# -- strict play -----------------------------------------------------------------------------
def _strict_after_a_command() -> tuple[Game, Faction, coinlake.GameState]:
    game = coinlake.new_game("short", seed=7, undo="strict")
    decision = game.decision
    assert decision is not None and decision.faction is not None
    before = game.state
    game.apply(PASS)
    return game, decision.faction, before


def test_strict_undo_must_know_who_asks() -> None:
    """Issue #10 item 4: under ``strict`` an undo names the Faction asking, and only the
    Faction that made the last command may take it back; a refusal changes nothing."""
    game, me, before = _strict_after_a_command()
    after, journal = game.state, len(game.journal())
    with pytest.raises(HistoryError, match="say which Faction asks"):
        game.undo()
    for other in Faction:
        if other is not me:
            with pytest.raises(HistoryError, match=f"was {me}'s"):
                game.undo(faction=other)
    assert game.state is after and len(game.journal()) == journal
    game.undo(faction=me.value)
    assert game.state == before


def test_the_undo_policy_is_fixed_at_creation() -> None:
    game = coinlake.new_game("short", seed=1, undo="strict")
    with pytest.raises(AttributeError, match="fixed"):
        game.undo_policy = coinlake.UndoPolicy.FREE
    with pytest.raises(AttributeError):
        game.undo_policy = "free"
    assert game.undo_policy is coinlake.UndoPolicy.STRICT
    assert game.fork().undo_policy is coinlake.UndoPolicy.STRICT


def _rolls(game: Game, n: int) -> list[int]:
    return [e.value for _ in range(n) for e in game.apply(ROLL) if isinstance(e, DieRolled)]


def test_a_strict_fork_does_not_share_future_dice_or_cards() -> None:
    """Issue #10 item 4: a strict game's fork draws a new secret seed, so playing it ahead
    shows neither the game's future dice nor its future cards; the game itself is left as
    it was, and a free game's fork stays exact."""
    strict = _dice_game(undo="strict")
    _rolls(strict, 2)
    state = strict.state
    ahead = [_rolls(strict.fork(), 12) for _ in range(3)]
    assert strict.state is state
    mine = _rolls(strict, 12)
    assert all(rolls != mine for rolls in ahead)
    assert len({tuple(r) for r in ahead}) == 3
    free = _dice_game()
    assert _rolls(free.fork(), 12) == _rolls(free, 12)
    game = _played(30, undo="strict")
    fork = game.fork()
    assert fork.state.rng.seed != game.state.rng.seed
    assert fork.state.deck != game.state.deck
    assert sorted(fork.state.deck) == sorted(game.state.deck)
    assert fork.state.next_card == game.state.next_card  # the next card is known (2.2)


def test_a_reseed_keeps_the_piles_2_1() -> None:
    """What remains of each pile is shuffled again within its pile, and with Political
    Rhythm each Coup card stays among its pile's bottom 5 cards (2.1)."""
    state = coinlake.new_game("full", seed=3, political_rhythm=True).state
    size = SCENARIOS["full"].events_per_pile + 1
    for cut in (0, 3, 20):
        deck = state.deck[cut:]
        new = reshuffled_deck(attrs.evolve(state, deck=deck), 77)
        assert new != deck
        piles = [range(max(0, e - size), e) for e in range(len(deck), 0, -size)]
        for pile in piles:
            assert sorted(new[i] for i in pile) == sorted(deck[i] for i in pile)
            coups = [i for i in pile if new[i] in COUP_CARDS]
            assert all(i >= pile.stop - 5 for i in coups)


def test_a_reseed_in_the_middle_of_a_procedure_replays_exactly() -> None:
    """The procedure in progress re-runs after a reseed (undo, load, a fork that lost the
    live generator) exactly as it ran live: the rolls before the reseed come back as they
    were, the later ones from the new seed."""
    game = _dice_game()
    _rolls(game, 3)
    game.reseed(2024)
    state = game.state
    assert [type(e) for e in game.node.events] == [Reseeded]
    live = [game.apply(ROLL) for _ in range(4)]
    replayed = []
    for _ in range(4):
        events, state, _ = advance(state, ROLL)  # no live generator: re-run from the start
        replayed.append(events)
    assert replayed == live
    assert fold(game.root, game.events) == game.state


def test_a_reshuffle_depends_only_on_which_cards_remain_2_1() -> None:
    """Two decks holding the same cards in each pile in other orders reshuffle alike, so a
    reseeded fork (or an evaluation's rollout) tells nothing about the hidden order."""
    state = coinlake.new_game("full", seed=3).state
    size = SCENARIOS["full"].events_per_pile + 1
    deck = state.deck
    piles = [deck[max(0, e - size) : e] for e in range(len(deck), 0, -size)]
    other = tuple(c for pile in reversed(piles) for c in reversed(pile))
    assert other != deck and sorted(other) == sorted(deck)
    assert reshuffled_deck(attrs.evolve(state, deck=other), 77) == reshuffled_deck(state, 77)


def test_a_reseed_may_keep_the_deck_and_saves_so(tmp_path: Path) -> None:
    """``reseed(seed, reshuffle=False)``: new dice, the deck as it was; its frame is
    ``[3, seed, false]`` and loads (re-decided or folded) to the same game."""
    game = _played(20)
    deck = game.state.deck
    game.reseed(99, reshuffle=False)
    assert game.state.deck == deck and game.state.rng.seed == 99
    assert (3, 99, False) in journal_frames(game)
    for f in journal_frames(game):
        _validator("frame.schema.json").validate(_json(f))
    rnd = random.Random(2)
    for _ in range(30):
        game.apply(rnd.choice(game.legal()))
    path = tmp_path / "kept.fitl"
    game.save(path)
    for verify in (True, False):
        assert coinlake.load(path, verify=verify).state == game.state
    with pytest.raises(TypeError, match="reshuffle"):
        game.reseed(1, reshuffle=0)  # type: ignore[arg-type]


def test_a_strict_fork_saves_loads_and_exports(tmp_path: Path) -> None:
    """The reseed is in the journal and the log (``[3, seed]``), so a strict fork saves and
    loads (re-decided or folded) to the same game; no Faction sees it."""
    game = _played(40, undo="strict")
    fork = game.fork()
    rnd = random.Random(1)
    for _ in range(60):
        fork.apply(rnd.choice(fork.legal()))
    path = tmp_path / "fork.fitl"
    fork.save(path)
    assert [e.action for e in fork.journal()].count("reseed") == 1
    (reseed,) = [e for n in fork.line() for e in n.events if isinstance(e, Reseeded)]
    assert (3, reseed.seed) in journal_frames(fork)
    for verify in (True, False):
        loaded = coinlake.load(path, verify=verify)
        assert loaded.state == fork.state and journal_frames(loaded) == journal_frames(fork)
    for faction in Faction:
        assert not any(isinstance(e, Reseeded) for e in fork.view(faction).events)
        _same_view(fork, tmp_path / "view.fitl", faction)


def test_reseed_frames_and_exported_views_follow_the_schemas(tmp_path: Path) -> None:
    """``schemas/``: a reseed frame is ``[3, seed]``; an exported view has its own header."""
    fork = _played(20, undo="strict").fork()
    fork.apply(fork.legal()[0])
    frame = _validator("frame.schema.json")
    frames = [_json(f) for f in journal_frames(fork)]
    for f in frames:
        frame.validate(f)
    assert [f[0] for f in frames].count(3) == 1
    path = tmp_path / "view.fitl"
    fork.export(path, "VC")
    contents, _ = read_log(path)
    _validator("view-header.schema.json").validate(_json(contents.header))
    assert not _validator("header.schema.json").is_valid(_json(contents.header))
    for f in contents.frames:
        frame.validate(_json(f))


def test_the_reseed_cannot_be_undone_under_strict() -> None:
    game = _played(10, undo="strict")
    fork = game.fork()
    with pytest.raises(HistoryError, match="game's own steps"):
        fork.undo(faction=US)


# -- 7.3: no view shows another player's Hidden Asset ---------------------------------------
def _hands(arvn: tuple[str, str]) -> tuple[DeceptionMarker, ...]:
    kinds = {US: (EMPTY_THREAT, HIDDEN_AGENDA), ARVN: arvn, NVA: (HIDDEN_AGENDA, HIDDEN_AGENDA)}
    kinds[VC] = (HIDDEN_ASSET, EMPTY_THREAT)
    return tuple(DeceptionMarker(k, (f,)) for f in Faction for k in kinds[f])


@pytest.fixture
def stand_ins() -> Iterator[None]:
    with stand_in("deception-op"), stand_in("deception-sa", special=True):
        yield


def _arvn_decides(arvn: tuple[str, str]) -> Game:
    """ARVN, 2nd Eligible after NVA's Operation, is offered a Limited Operation (2.3.4)."""
    game = on_card(
        coinlake.new_game("short", seed=7).state,
        BOMBING_PAUSE,
        options=Options(deception=True),
        deception=_hands(arvn),
    )
    game.apply(OP)
    game.apply(Choose("deception-op"))
    game.apply(coinlake.Select("saigon"))
    decision = game.decision
    assert decision is not None and decision.faction is ARVN
    return game


def test_another_players_decision_does_not_show_a_hidden_asset_7_3(stand_ins: None) -> None:
    """The option a Hidden Asset adds is shown to its holder only: every other player's
    view of the Decision is the same whether ARVN holds one or not."""
    holder = _arvn_decides((HIDDEN_ASSET, EMPTY_THREAT))
    other = _arvn_decides((EMPTY_THREAT, HIDDEN_AGENDA))
    mine = holder.view(ARVN).decision
    assert mine is not None and ASSET in mine.options
    for faction in (US, NVA, VC):
        a, b = holder.view(faction).decision, other.view(faction).decision
        assert a is not None and b is not None
        assert a.options == b.options == (LIMOP, PASS)
        assert holder.view(faction).state.deception == other.view(faction).state.deception


def test_a_refusal_tells_about_the_marker_only_when_nothing_else_stands_in_the_way_7_3(
    stand_ins: None,
) -> None:
    """Where no Limited Operation is offered (the 1st Eligible), ``hidden-asset`` is
    refused for that reason, the same whether the Faction holds a Hidden Asset or not."""
    refusals = []
    for held in ((HIDDEN_ASSET, EMPTY_THREAT), (EMPTY_THREAT, HIDDEN_AGENDA)):
        state = attrs.evolve(
            coinlake.new_game("short", seed=7).state,
            options=Options(deception=True),
            deception=_hands(held),
        )
        refusals.append(victory.hidden_asset_option(state, ARVN, limop_offered=False))
    assert refusals[0] == refusals[1]
    assert refusals[0][1] is not None and "Limited Operation" in refusals[0][1][1]


def test_a_used_hidden_asset_shows_nothing_of_the_other_marker_7_3(stand_ins: None) -> None:
    """Once used, a Hidden Asset is public; the view lists it before its holder's unknown
    marker whatever order the holder drew them in, so the order tells nothing."""
    views = []
    for held in ((HIDDEN_ASSET, EMPTY_THREAT), (EMPTY_THREAT, HIDDEN_ASSET)):
        game = _arvn_decides(held)
        game.apply(ASSET)
        game.apply(Choose("deception-op"))
        game.apply(Choose("deception-sa"))
        game.apply(coinlake.Select("saigon"))
        views.append(game.view(US).state.deception[2:4])
    assert views[0] == views[1]
    assert [m.kind for m in views[0]] == [HIDDEN_ASSET, UNKNOWN_MARKER]


# -- secret seeds --------------------------------------------------------------------------------
def test_a_game_without_a_seed_draws_a_secret_64_bit_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """``new_game`` without a seed takes 64 bits from the operating system (``secrets``)."""
    drawn: list[int] = []

    def randbits(k: int) -> int:
        drawn.append(k)
        return 2**64 - 5

    monkeypatch.setattr("secrets.randbits", randbits)
    assert coinlake.new_game("short").root.rng.seed == 2**64 - 5
    assert drawn == [64]
    monkeypatch.undo()
    seeds = {coinlake.new_game("short").root.rng.seed for _ in range(3)}
    assert len(seeds) == 3


def test_the_generator_is_keyed_blake2b() -> None:
    """Draw ``n`` of a seed is BLAKE2b-64 of ``n`` keyed with the seed: without the seed
    no draw can be worked out from the others (format 1 logs keep SplitMix64)."""
    rng = Rng(123456789)
    assert rng.algorithm == KEYED
    for n in range(3):
        key = (123456789).to_bytes(8, "little")
        expected = hashlib.blake2b(n.to_bytes(8, "little"), key=key, digest_size=8).digest()
        value, rng = rng.draw()
        assert value == int.from_bytes(expected, "little")
    assert Rng(1, 0, SPLITMIX).draw()[0] != Rng(1).draw()[0]


def _recover(view: coinlake.GameView, seeds: range) -> list[int]:
    """A seed-recovery attempt: the seeds whose deck would have shown the cards ``view``
    saw revealed, in that order."""
    seen = [e.card for e in view.events if isinstance(e, CardRevealed)]
    setup = SCENARIOS[view.state.scenario]
    found = []
    for seed in seeds:
        deck, _ = build_deck(setup, Rng(seed), Options())
        if list(deck[: len(seen)]) == seen:
            found.append(seed)
    return found


def test_a_seedless_games_view_does_not_give_its_seed_away() -> None:
    """Issue #10: trying seeds 0..4999 against what a Faction's view shows (the cards
    revealed, the dice rolled) finds nothing for a seedless game -- and finds the seed of
    a game made with one of them, so the attempt is a real one."""
    for seed in (None, 1234):
        game = coinlake.new_game("short", seed=seed)
        rnd = random.Random(3)
        while sum(isinstance(e, CardRevealed) for e in game.events) < 6:
            game.apply(rnd.choice(game.legal()))
        view = game.view(US)
        assert view.state.rng.seed == 0 and not any(view.state.deck)
        assert not any(isinstance(e, Reseeded) for e in view.events)
        assert _recover(view, range(5000)) == ([] if seed is None else [1234])
