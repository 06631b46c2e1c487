"""Measure coinlake against the budgets of DESIGN.md ("Budgets"), each beside an anchor.

Run from the project root (the anchors need the ``bench`` extra: ``pip install -e .[bench]``)::

    python benchmarks/run.py            # full run (about a minute)
    python benchmarks/run.py --quick    # fast smoke run (a few seconds)
    python benchmarks/run.py --json     # machine-readable results on stdout
    python benchmarks/run.py --seed 7   # other games (the default first seed is 1)

Every figure is printed beside an anchor measured in the same run, on the same machine: before,
during (a batch between two timed coinlake operations, every so often) and after the coinlake
figure, so that whatever else the machine does meanwhile weighs on both alike:

- python-chess, in a middle-game position reached by a fixed move list (``CHESS_LINE``):
  ``board.push(m); board.pop()`` and ``c = board.copy(); c.push(m); c.pop()`` for every legal
  ``m``; ``board.copy()``; ``board.pop()`` / ``board.push(m)`` along the line; a complete game of
  random legal moves; its memory; ``list(board.move_stack)`` and ``board.fen()``;
- the eventsourcing library, for replay: an ``Application`` with the in-memory (POPO)
  infrastructure reconstructing an ``Aggregate`` from its many stored events.

``ratio`` is coinlake ÷ anchor in the row's unit (for times lower is better, for rates higher
is better); a p99 ratio is coinlake's p99 ÷ the anchor's median. Budgets written with ``×``
apply to the ratio, the others (µs, s, MB, events/s) to the coinlake figure itself, as in
DESIGN.md; rows without a budget are informative (verdict ``info``).

Only the public API (``import coinlake``) is used. Every game is played with random legal
commands chosen by a seeded ``random.Random``, so runs are reproducible (same commands, same
games); only the timings vary. Timings use ``time.perf_counter_ns`` with the garbage collector
left on (as in real use). This is a script, not a test: it reports verdicts (``ok`` / ``over``)
and never fails on a slow result; it exits non-zero only if a measurement could not run (an
``error`` row: a coinlake call raised; the row says which and the traceback is on stderr).
"""

# ruff: noqa: RUF001, RUF002
from __future__ import annotations

import argparse
import gc
import io
import json
import platform
import random
import statistics
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

try:
    import chess
    import chess.pgn
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event
except ImportError as missing:  # pragma: no cover - depends on the environment
    sys.exit(f"benchmarks/run.py needs the bench extra ({missing}): pip install -e '.[bench]'")

import coinlake

NS_PER_US = 1_000
NS_PER_MS = 1_000_000
NS_PER_S = 1_000_000_000
MB = 1024 * 1024

SHORT_HISTORY = 10
"""Commands played before the "short history" fork."""

LONG_HISTORY = 1000
"""Commands wanted in the "long history" game (the longest game played is used)."""

GROWTH_LIMIT = 2.0
"""A figure "does not grow" (with history, with progress) if the largest group's median is at
most this many times the smallest group's."""

ALL_FACTIONS = ("US", "ARVN", "NVA", "VC")

CHESS_LINE = (
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 "
    "6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7"
)
"""The anchor position: the Closed Ruy Lopez, Breyer Variation, after 10...Nbd7 (a full board
in the middle game, 20 plies of history)."""


# -- configuration -------------------------------------------------------------------------
@dataclass(frozen=True)
class Config:
    """How much work each measurement does (``--quick`` shrinks everything)."""

    seed: int
    live_games: int  # validate + apply: whole Full games played, every command timed
    cold_samples: int  # fork + apply, cold: positions sampled from those games
    warm_games: int  # fork + apply, warm: whole Full games, every command timed
    anchor_batches: int  # python-chess anchors: batches timed before + after (more in between)
    fork_batches: int  # fork: batches timed per history length
    fork_batch_size: int  # forks per batch (one perf_counter_ns pair per batch)
    history_samples: int  # undo / redo: operations timed (each individually)
    replay_min_runs: int  # load / eventsourcing replay: at least this many runs ...
    replay_min_ns: int  # ... and at least this much time
    es_events: int  # events in the eventsourcing aggregate
    full_games: int  # complete Full games timed (and as many random chess games)
    memory_games: int  # complete Full games measured with tracemalloc
    line_reps: int  # game.events / game.view(): calls timed per kind
    non_player_games: int  # complete Short games with four Non-players

    @staticmethod
    def make(quick: bool, seed: int) -> Config:
        if quick:
            return Config(
                seed=seed,
                live_games=2,
                cold_samples=300,
                warm_games=1,
                anchor_batches=100,
                fork_batches=20,
                fork_batch_size=100,
                history_samples=300,
                replay_min_runs=3,
                replay_min_ns=50 * NS_PER_MS,
                es_events=5_000,
                full_games=3,
                memory_games=1,
                line_reps=50,
                non_player_games=2,
            )
        return Config(
            seed=seed,
            live_games=20,
            cold_samples=4000,
            warm_games=10,
            anchor_batches=1000,
            fork_batches=200,
            fork_batch_size=200,
            history_samples=5000,
            replay_min_runs=10,
            replay_min_ns=NS_PER_S,
            es_events=20_000,
            full_games=20,
            memory_games=3,
            line_reps=500,
            non_player_games=10,
        )


# -- results -------------------------------------------------------------------------------
@dataclass
class Result:
    """One row of the table: ``key`` is stable (for machines), ``what`` is for people.

    ``value`` is coinlake's figure and ``anchor_value`` the anchor's, both in ``unit``;
    ``ratio_value`` is value ÷ anchor_value. ``budget_on`` says what the verdict compares
    with ``budget_value``: ``"ratio"``, ``"value"``, or ``""`` (no budget: ``info``)."""

    key: str
    what: str
    coinlake: str
    anchor: str = "—"
    ratio: str = "—"
    budget: str = "—"
    verdict: str = "info"
    value: float | None = None
    unit: str = ""
    anchor_value: float | None = None
    ratio_value: float | None = None
    budget_on: str = ""
    budget_value: float | None = None
    details: dict[str, Any] = field(default_factory=dict)


def verdict(value: float, limit: float, *, higher_is_better: bool = False) -> str:
    ok = value >= limit if higher_is_better else value <= limit
    return "ok" if ok else "over"


def error_row(key: str, what: str, exc: BaseException) -> Result:
    return Result(key, what, f"error: {type(exc).__name__}: {exc}", verdict="error")


class Failures:
    """Coinlake calls that raised during a measurement: counted, the first one kept, the
    traceback printed on stderr; a row with failures gets the verdict ``error``."""

    def __init__(self) -> None:
        self.count = 0
        self.first = ""

    def record(self, exc: BaseException) -> None:
        if self.count == 0:
            self.first = f"{type(exc).__name__}: {exc}"
            traceback.print_exc()
        self.count += 1

    def mark(self, row: Result) -> Result:
        if self.count:
            row.verdict = "error"
            row.coinlake += f"; {self.count} call(s) failed, first: {self.first}"
            row.details["failures"] = self.count
            row.details["first_failure"] = self.first
        return row


# -- statistics and formatting ---------------------------------------------------------------
def median(xs: Sequence[float]) -> float:
    return float(statistics.median(xs))


def percentile(xs: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank); for one sample, that sample."""
    ordered = sorted(xs)
    rank = max(1, min(len(ordered), -(-int(q * len(ordered)) // 100)))
    return float(ordered[rank - 1])


def p99(xs: Sequence[float]) -> float:
    return percentile(xs, 99)


def dur(ns: float) -> str:
    """A duration, in the unit that suits it."""
    if ns < 10 * NS_PER_MS:
        return f"{ns / NS_PER_US:,.2f} µs"
    if ns < 10 * NS_PER_S:
        return f"{ns / NS_PER_MS:,.1f} ms"
    return f"{ns / NS_PER_S:,.2f} s"


def times(r: float) -> str:
    if r < 0.1:
        return f"{r:.2g}×"
    return f"{r:,.2f}×" if r < 10 else f"{r:,.1f}×"


def rate(n: int, ns: float) -> float:
    return n / (ns / NS_PER_S) if ns > 0 else float("inf")


def progress_of(state: coinlake.GameState) -> int:
    """How far into the current procedure a position is: the answers it has recorded."""
    pending = state.pending
    return len(pending.answers) if pending is not None else 0


# -- anchors -------------------------------------------------------------------------------
class Anchor:
    """An anchor measured in the same run: ``batch()`` times one batch and returns the ns per
    operation. Sampled before a coinlake measurement, during it (one batch every ``every``
    ticks, taken between two timed coinlake operations) and after it, so that whatever the
    machine does meanwhile (other processes, frequency changes) weighs on both figures."""

    def __init__(self, name: str, batch: Callable[[], float], every: int = 1) -> None:
        self.name = name
        self.batch = batch
        self.every = max(1, every)
        self.ticks = 0
        self.samples: list[float] = []

    def take(self, n: int) -> None:
        for _ in range(n):
            self.samples.append(self.batch())

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks % self.every == 0:
            self.samples.append(self.batch())

    @property
    def median(self) -> float:
        return median(self.samples)

    def __str__(self) -> str:
        return f"{self.name} {dur(self.median)}"

    def details(self) -> dict[str, Any]:
        return {
            "anchor": self.name,
            "anchor_samples": len(self.samples),
            "anchor_median_us": self.median / NS_PER_US,
            "anchor_p99_us": p99(self.samples) / NS_PER_US,
        }


def chess_position() -> chess.Board:
    game = chess.pgn.read_game(io.StringIO(CHESS_LINE))
    if game is None:
        raise RuntimeError("CHESS_LINE does not parse")
    return game.end().board()


def chess_push_pop() -> Callable[[], float]:
    """``board.push(m); board.pop()``; a batch takes every legal move once."""
    board = chess_position()
    moves = list(board.legal_moves)
    clock = time.perf_counter_ns

    def batch() -> float:
        t0 = clock()
        for m in moves:
            board.push(m)
            board.pop()
        return (clock() - t0) / len(moves)

    return batch


def chess_copy_push_pop(stack: bool = True) -> Callable[[], float]:
    """``c = board.copy(); c.push(m); c.pop()``; a batch takes every legal move once.
    (``copy()`` copies the move stack, one ``copy.copy`` per ply: most of the cost.)"""
    board = chess_position()
    moves = list(board.legal_moves)
    clock = time.perf_counter_ns

    def batch() -> float:
        t0 = clock()
        for m in moves:
            c = board.copy(stack=stack)
            c.push(m)
            c.pop()
        return (clock() - t0) / len(moves)

    return batch


def chess_copy(size: int = 20) -> Callable[[], float]:
    """``board.copy()`` (with its move stack)."""
    board = chess_position()
    clock = time.perf_counter_ns

    def batch() -> float:
        t0 = clock()
        for _ in range(size):
            board.copy()
        return (clock() - t0) / size

    return batch


def chess_pop() -> Callable[[], float]:
    """``board.pop()`` along the whole line (pushed back untimed): the analogue of undo."""
    board = chess_position()
    line = list(board.move_stack)
    clock = time.perf_counter_ns

    def batch() -> float:
        t0 = clock()
        for _ in line:
            board.pop()
        ns = clock() - t0
        for m in line:
            board.push(m)
        return ns / len(line)

    return batch


def chess_push() -> Callable[[], float]:
    """``board.push(m)`` along the whole line (popped first, untimed): the analogue of redo."""
    board = chess_position()
    line = list(board.move_stack)
    clock = time.perf_counter_ns

    def batch() -> float:
        for _ in line:
            board.pop()
        t0 = clock()
        for m in line:
            board.push(m)
        return (clock() - t0) / len(line)

    return batch


def chess_pop_legal() -> Callable[[], float]:
    """``board.pop(); list(board.legal_moves)`` along the line (the first look after a
    take-back); pushed back untimed."""
    board = chess_position()
    line = list(board.move_stack)
    clock = time.perf_counter_ns

    def batch() -> float:
        t0 = clock()
        for _ in line:
            board.pop()
            list(board.legal_moves)
        ns = clock() - t0
        for m in line:
            board.push(m)
        return ns / len(line)

    return batch


def chess_random_game(seed: int) -> chess.Board:
    """A complete game of random legal moves (to mate, stalemate, the 75-move rule, fivefold
    repetition or insufficient material)."""
    rng = random.Random(seed)
    board = chess.Board()
    while not board.is_game_over():
        moves = list(board.legal_moves)
        board.push(moves[rng.randrange(len(moves))])
    return board


def chess_random_games(first_seed: int, plies: list[int]) -> Callable[[], float]:
    """A complete random chess game, a new seed each batch (its plies go to ``plies``)."""
    seeds = iter(range(first_seed, sys.maxsize))
    clock = time.perf_counter_ns

    def batch() -> float:
        t0 = clock()
        board = chess_random_game(next(seeds))
        ns = clock() - t0
        plies.append(len(board.move_stack))
        return ns

    return batch


def chess_at_end(
    seed: int, call: Callable[[chess.Board], object], size: int
) -> Callable[[], float]:
    """``call(board)`` at the end of a random game."""
    board = chess_random_game(seed)
    clock = time.perf_counter_ns

    def batch() -> float:
        t0 = clock()
        for _ in range(size):
            call(board)
        return (clock() - t0) / size

    return batch


def chess_memory(seed: int) -> tuple[int, int]:
    """tracemalloc peak while playing a random chess game (kept alive with its move stack),
    and its plies."""
    gc.collect()
    tracemalloc.start()
    try:
        board = chess_random_game(seed)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, len(board.move_stack)


# -- anchors: eventsourcing ------------------------------------------------------------------
class Counters(Aggregate):
    """An eventsourcing aggregate whose events look like a rules engine's (pieces moved)."""

    def __init__(self) -> None:
        self.moved = 0
        self.where: dict[str, str] = {}

    @event("PiecesMoved")
    def move(self, piece: str, source: str, target: str, count: int) -> None:
        self.where[piece] = target
        self.moved += count


class CountersApp(Application[UUID]):
    """The in-memory (POPO) infrastructure, no snapshots, no aggregate cache."""


def eventsourcing_store(events: int) -> tuple[CountersApp, UUID, int]:
    """An application holding one aggregate with ``events`` stored events."""
    app = CountersApp()
    agg = Counters()
    spaces = ("Hue", "Da Nang", "Kontum", "Saigon", "Can Tho", "Quang Tri")
    for i in range(events - 1):
        agg.move("US Troops", spaces[i % 6], spaces[(i + 1) % 6], 1 + i % 3)
    app.save(agg)
    if app.repository.get(agg.id).version != events:
        raise RuntimeError("eventsourcing did not store every event")
    return app, agg.id, events


# -- playing games -------------------------------------------------------------------------
def play_random(game: coinlake.Game, rng: random.Random, limit: int | None = None) -> int:
    """Play random legal commands until the game ends (or ``limit`` commands); return how
    many were played."""
    played = 0
    while limit is None or played < limit:
        legal = game.legal()
        if not legal:
            break
        game.apply(legal[rng.randrange(len(legal))])
        played += 1
    return played


def full_game(seed: int) -> coinlake.Game:
    """A complete Full-scenario game of random legal commands (game and dice seeded by
    ``seed``, command choices by ``random.Random(seed)``)."""
    game = coinlake.new_game("full", seed=seed)
    play_random(game, random.Random(seed))
    return game


@dataclass
class Timed:
    """Per-command timings (ns) with the progress of the position each was timed at."""

    ns: list[float] = field(default_factory=list)
    progress: list[int] = field(default_factory=list)


@dataclass
class LivePlay:
    """What the live pass leaves for the later measurements."""

    timed: Timed
    games: int
    commands: list[int]
    cold_positions: list[tuple[coinlake.GameState, coinlake.Command]]
    long_seed: int
    long_game: coinlake.Game | None
    failures: Failures


def live_pass(cfg: Config, anchor: Anchor) -> LivePlay:
    """Whole Full games, each command timed as ``game.apply(cmd)`` (apply validates, then
    appends: the "validate + apply" of the budget); ``legal()`` and the choice are not timed.
    Positions for the cold fork are sampled uniformly from every game's line."""
    clock = time.perf_counter_ns
    timed = Timed()
    failures = Failures()
    commands: list[int] = []
    cold: list[tuple[coinlake.GameState, coinlake.Command]] = []
    per_game = -(-cfg.cold_samples // cfg.live_games)
    long_seed, long_game, long_complete = cfg.seed, None, False
    sampler = random.Random(cfg.seed ^ 0x5EED)
    for seed in range(cfg.seed, cfg.seed + cfg.live_games):
        complete = True
        try:
            game = coinlake.new_game("full", seed=seed)
        except Exception as exc:
            failures.record(exc)
            continue
        rng = random.Random(seed)
        try:
            while True:
                legal = game.legal()
                if not legal:
                    break
                cmd = legal[rng.randrange(len(legal))]
                progress = progress_of(game.state)
                t0 = clock()
                game.apply(cmd)
                timed.ns.append(clock() - t0)
                timed.progress.append(progress)
                anchor.tick()
        except Exception as exc:  # the engine is a work in progress: report, keep what ran
            failures.record(exc)
            complete = False
        line = game.line()
        if complete:
            commands.append(len(line))
        for i in sorted(sampler.sample(range(len(line)), min(per_game, len(line)))):
            node = line[i]
            assert node.parent is not None and node.command is not None
            cold.append((node.parent.state, node.command))
        # The long game: the longest complete one (a broken one only while none is complete).
        if long_game is None or (complete, len(line)) > (long_complete, len(long_game.commands)):
            long_seed, long_game, long_complete = seed, game, complete
    return LivePlay(timed, len(commands), commands, cold, long_seed, long_game, failures)


# -- the measurements ----------------------------------------------------------------------
def ratio_row(
    key: str,
    what: str,
    samples: Sequence[float],
    anchor: Anchor,
    *,
    budget_median: float | None,
    budget_p99: float | None = None,
    details: dict[str, Any] | None = None,
) -> Result:
    """A row whose budget is a ratio to the anchor's median (median, and p99 if given)."""
    med, tail, unit = median(samples), p99(samples), anchor.median
    r_med, r_tail = med / unit, tail / unit
    budget = "—"
    ok = "info"
    if budget_median is not None:
        budget = f"median ≤ {budget_median:g}×"
        good = r_med <= budget_median
        if budget_p99 is not None:
            budget += f", p99 ≤ {budget_p99:g}×"
            good = good and r_tail <= budget_p99
        ok = "ok" if good else "over"
    return Result(
        key,
        what,
        f"median {dur(med)}, p99 {dur(tail)} (n={len(samples):,})",
        str(anchor),
        f"{times(r_med)} (p99 {times(r_tail)})",
        budget,
        ok,
        med / NS_PER_US,
        "µs",
        unit / NS_PER_US,
        r_med,
        "ratio" if budget_median is not None else "",
        budget_median,
        {
            "samples": len(samples),
            "p99_us": tail / NS_PER_US,
            "p99_ratio": r_tail,
            **({"budget_p99_ratio": budget_p99} if budget_p99 is not None else {}),
            **anchor.details(),
            **(details or {}),
        },
    )


def progress_groups(timed: Timed) -> list[tuple[int, int, list[float]]]:
    """The samples grouped by quartiles of progress: (lowest, highest progress, samples) for
    each non-empty group (quartiles that coincide, e.g. many positions at 0, merge)."""
    if len(timed.ns) < 4:
        return [(min(timed.progress), max(timed.progress), list(timed.ns))]
    q1, q2, q3 = statistics.quantiles(timed.progress, n=4, method="inclusive")
    cuts = sorted({q1, q2, q3})
    groups: list[list[int]] = [[] for _ in range(len(cuts) + 1)]
    for i, p in enumerate(timed.progress):
        g = 0
        while g < len(cuts) and p > cuts[g]:
            g += 1
        groups[g].append(i)
    out = []
    for idx in groups:
        if idx:
            ps = [timed.progress[i] for i in idx]
            out.append((min(ps), max(ps), [timed.ns[i] for i in idx]))
    return out


def group_summary(groups: list[tuple[int, int, list[float]]]) -> list[dict[str, float]]:
    return [
        {
            "progress_min": lo,
            "progress_max": hi,
            "samples": len(ns),
            "median_us": median(ns) / NS_PER_US,
        }
        for lo, hi, ns in groups
    ]


def group_rows(key: str, label: str, timed: Timed, anchor: Anchor) -> list[Result]:
    """One row per progress quartile, and one comparing the last quartile with the first."""
    unit = anchor.median
    rows: list[Result] = []
    groups = progress_groups(timed)
    for n, (lo, hi, ns) in enumerate(groups, 1):
        rows.append(
            ratio_row(
                f"{key}_q{n}",
                f"  {label}, {lo}–{hi} answers into the procedure (quartile {n})",
                ns,
                anchor,
                budget_median=None,
                details={"progress_min": lo, "progress_max": hi},
            )
        )
    first, last = median(groups[0][2]), median(groups[-1][2])
    growth = last / first
    rows.append(
        Result(
            f"{key}_growth",
            f"  {label}: last quartile ÷ first (growth with progress)",
            f"{dur(last)} ÷ {dur(first)}",
            str(anchor),
            f"{times(last / unit)} vs {times(first / unit)}",
            f"≤ {GROWTH_LIMIT:g}× (no growth)",
            verdict(growth, GROWTH_LIMIT),
            growth,
            "×",
            None,
            growth,
            "value",
            GROWTH_LIMIT,
            {"groups": group_summary(groups)},
        )
    )
    return rows


def bench_live(cfg: Config) -> tuple[list[Result], LivePlay]:
    anchor = Anchor("chess push+pop", chess_push_pop(), every=5)
    anchor.take(cfg.anchor_batches // 2)
    play = live_pass(cfg, anchor)
    anchor.take(cfg.anchor_batches // 2)
    if not play.timed.ns:
        raise RuntimeError(f"no game could be played ({play.failures.first})")
    groups = progress_groups(play.timed)
    row = ratio_row(
        "validate_apply",
        "validate + apply one command, live (Full games)",
        play.timed.ns,
        anchor,
        budget_median=5,
        details={
            "games": play.games,
            "commands_median": median(play.commands) if play.commands else 0,
            "groups": group_summary(groups),
        },
    )
    row.coinlake += f", {play.games} games"
    return [play.failures.mark(row)], play


def cold_pass(
    positions: Sequence[tuple[coinlake.GameState, coinlake.Command]], anchor: Anchor
) -> tuple[Timed, Failures]:
    """Per position: ``coinlake.Game(parent_state)`` (not timed: a game with a cold cache, like
    a fork that lost the race for the live generator, an undo or a loaded game), then
    ``f = g.fork(); f.apply(cmd)`` timed."""
    clock = time.perf_counter_ns
    timed = Timed()
    failures = Failures()
    for state, cmd in positions:
        try:
            g = coinlake.Game(state)
            t0 = clock()
            f = g.fork()
            f.apply(cmd)
            timed.ns.append(clock() - t0)
            timed.progress.append(progress_of(state))
        except Exception as exc:
            failures.record(exc)
        anchor.tick()
    return timed, failures


def taken_pass(
    game: coinlake.Game, samples: int, seed: int, anchor: Anchor
) -> tuple[Timed, Failures]:
    """Positions of a played game reached again by undo (not timed): each one's question is
    known but its live generator was taken when play went on -- a fork of a position in the
    history, or the first apply after an undo. Then ``f = g.fork(); f.apply(cmd)`` timed."""
    clock = time.perf_counter_ns
    timed = Timed()
    failures = Failures()
    line = game.line()
    picks = sorted(random.Random(seed).sample(range(len(line)), min(samples, len(line))))
    cursor = game.fork()
    depth = len(line)
    for i in reversed(picks):
        try:
            while depth > i:
                cursor.undo()
                depth -= 1
            cmd = line[i].command
            assert cmd is not None
            t0 = clock()
            f = cursor.fork()
            f.apply(cmd)
            timed.ns.append(clock() - t0)
            timed.progress.append(progress_of(cursor.state))
        except Exception as exc:
            failures.record(exc)
        anchor.tick()
    return timed, failures


def warm_pass(cfg: Config, anchor: Anchor) -> tuple[Timed, Failures, int]:
    """Whole Full games where every command is played as ``f = game.fork(); f.apply(cmd)``
    (timed: the fork takes the live generator) and play goes on in ``f``."""
    clock = time.perf_counter_ns
    timed = Timed()
    failures = Failures()
    games = 0
    for seed in range(cfg.seed, cfg.seed + cfg.warm_games):
        try:
            game = coinlake.new_game("full", seed=seed)
            rng = random.Random(seed)
            while True:
                legal = game.legal()
                if not legal:
                    break
                cmd = legal[rng.randrange(len(legal))]
                progress = progress_of(game.state)
                t0 = clock()
                f = game.fork()
                f.apply(cmd)
                timed.ns.append(clock() - t0)
                timed.progress.append(progress)
                game = f
                anchor.tick()
            games += 1
        except Exception as exc:
            failures.record(exc)
    return timed, failures, games


def bench_fork_apply(cfg: Config, play: LivePlay) -> list[Result]:
    rows: list[Result] = []
    anchor = Anchor("chess copy+push+pop", chess_copy_push_pop(), every=4)
    anchor.take(cfg.anchor_batches // 2)
    timed, failures = cold_pass(play.cold_positions, anchor)
    anchor.take(cfg.anchor_batches // 2)
    if not timed.ns:
        raise RuntimeError(f"no cold fork could be applied ({failures.first})")
    no_stack = Anchor("", chess_copy_push_pop(stack=False))
    no_stack.take(cfg.anchor_batches // 4)
    row = ratio_row(
        "fork_apply_cold",
        "fork + apply, cold cache (positions across Full games)",
        timed.ns,
        anchor,
        budget_median=10,
        budget_p99=30,
        details={
            "positions": len(play.cold_positions),
            "games": play.games,
            "chess_copy_without_stack_push_pop_us": no_stack.median / NS_PER_US,
        },
    )
    rows.append(failures.mark(row))
    rows.extend(group_rows("fork_apply_cold", "cold", timed, anchor))

    if play.long_game is not None:
        anchor = Anchor("chess copy+push+pop", chess_copy_push_pop(), every=4)
        anchor.take(cfg.anchor_batches // 2)
        ttimed, tfailures = taken_pass(play.long_game, cfg.cold_samples, cfg.seed, anchor)
        anchor.take(cfg.anchor_batches // 2)
        if ttimed.ns:
            row = ratio_row(
                "fork_apply_taken",
                "fork + apply, generator taken (after undo / fork in the history)",
                ttimed.ns,
                anchor,
                budget_median=10,
                budget_p99=30,
                details={"positions": len(ttimed.ns)},
            )
            rows.append(tfailures.mark(row))
            rows.extend(group_rows("fork_apply_taken", "taken", ttimed, anchor))

    anchor = Anchor("chess copy+push+pop", chess_copy_push_pop(), every=15)
    anchor.take(cfg.anchor_batches // 2)
    wtimed, wfailures, games = warm_pass(cfg, anchor)
    anchor.take(cfg.anchor_batches // 2)
    if not wtimed.ns:
        raise RuntimeError(f"no warm fork could be applied ({wfailures.first})")
    groups = progress_groups(wtimed)
    by_quartile = " · ".join(times(median(ns) / anchor.median) for _, _, ns in groups)
    row = ratio_row(
        "fork_apply_warm",
        "fork + apply, warm (fork of the live game, first apply)",
        wtimed.ns,
        anchor,
        budget_median=10,
        budget_p99=30,
        details={"games": games, "groups": group_summary(groups)},
    )
    row.ratio += f"; by quartile {by_quartile}"
    rows.append(wfailures.mark(row))
    return rows


def time_forks(game: coinlake.Game, cfg: Config, anchor: Anchor) -> list[float]:
    """Per-fork cost (ns) of each batch: one clock pair per ``fork_batch_size`` forks."""
    clock = time.perf_counter_ns
    per_fork: list[float] = []
    for _ in range(cfg.fork_batches):
        t0 = clock()
        for _ in range(cfg.fork_batch_size):
            game.fork()
        per_fork.append((clock() - t0) / cfg.fork_batch_size)
        anchor.tick()
    return per_fork


def bench_fork(cfg: Config, long_seed: int, long_game: coinlake.Game) -> list[Result]:
    short_game = coinlake.new_game("full", seed=cfg.seed)
    play_random(short_game, random.Random(cfg.seed), SHORT_HISTORY)
    anchor = Anchor("chess copy", chess_copy())
    anchor.take(cfg.anchor_batches // 2)
    short = time_forks(short_game, cfg, anchor)
    long = time_forks(long_game, cfg, anchor)
    anchor.take(cfg.anchor_batches // 2)
    rows: list[Result] = []
    for label, game, forks in (("short", short_game, short), ("long", long_game, long)):
        med = median(forks)
        ended = "" if game.legal() else ", game over"
        rows.append(
            Result(
                f"fork_{label}",
                f"fork alone, {label} history ({len(game.commands)} commands{ended})",
                f"{dur(med)} (p99 {dur(p99(forks))})",
                str(anchor),
                times(med / anchor.median),
                "≤ 5 µs",
                verdict(med / NS_PER_US, 5),
                med / NS_PER_US,
                "µs",
                anchor.median / NS_PER_US,
                med / anchor.median,
                "value",
                5,
                {
                    "history_commands": len(game.commands),
                    "forks_per_batch": cfg.fork_batch_size,
                    "batches": len(forks),
                    "seed": long_seed if label == "long" else cfg.seed,
                    **anchor.details(),
                },
            )
        )
    growth = median(long) / median(short)
    rows.append(
        Result(
            "fork_growth",
            "  fork: long history ÷ short (independent of history)",
            times(growth),
            budget=f"≤ {GROWTH_LIMIT:g}×",
            verdict=verdict(growth, GROWTH_LIMIT),
            value=growth,
            unit="×",
            budget_on="value",
            budget_value=GROWTH_LIMIT,
        )
    )
    if len(long_game.commands) < LONG_HISTORY:
        rows[1].details["note"] = (
            f"no game played reached {LONG_HISTORY} commands; forked at the end of the longest"
        )
    return rows


def bench_undo_redo(cfg: Config, game: coinlake.Game) -> list[Result]:
    """Walk the whole line back with ``undo`` and forward again with ``redo``, timing each
    call, as many times as needed; then, on fresh games, ``undo`` followed by ``legal()``."""
    clock = time.perf_counter_ns
    depth = len(game.commands)
    if depth == 0:
        raise RuntimeError("undo / redo need a game with at least one command")
    pops = Anchor("chess pop", chess_pop(), every=50)
    pushes = Anchor("chess push", chess_push(), every=50)
    for a in (pops, pushes):
        a.take(cfg.anchor_batches // 2)
    undos: list[int] = []
    redos: list[int] = []
    while len(undos) < cfg.history_samples:
        for _ in range(depth):
            t0 = clock()
            game.undo()
            undos.append(clock() - t0)
            pops.tick()
        for _ in range(depth):
            t0 = clock()
            game.redo()
            redos.append(clock() - t0)
            pushes.tick()
    for a in (pops, pushes):
        a.take(cfg.anchor_batches // 2)
    rows = []
    for name, samples, anchor in (("undo", undos, pops), ("redo", redos, pushes)):
        med, unit = median(samples), anchor.median
        rows.append(
            Result(
                name,
                f"{name} (along a {depth}-command line)",
                f"median {dur(med)}, p99 {dur(p99(samples))}",
                str(anchor),
                times(med / unit),
                "≤ 20 µs",
                verdict(med / NS_PER_US, 20),
                med / NS_PER_US,
                "µs",
                unit / NS_PER_US,
                med / unit,
                "value",
                20,
                {"operations": len(samples), "line_commands": depth, **anchor.details()},
            )
        )

    failures = Failures()
    anchor = Anchor("chess pop+legal_moves", chess_pop_legal(), every=20)
    anchor.take(cfg.anchor_batches // 4)
    cold: list[int] = []
    wanted = max(50, cfg.history_samples // 10)
    seed = cfg.seed
    while len(cold) < wanted and seed < cfg.seed + 100:
        try:
            fresh = full_game(seed)
            for _ in range(min(len(fresh.commands), wanted - len(cold))):
                t0 = clock()
                fresh.undo()
                fresh.legal()
                cold.append(clock() - t0)
                anchor.tick()
        except Exception as exc:
            failures.record(exc)
        seed += 1
    anchor.take(cfg.anchor_batches // 4)
    what = "undo + legal() (first look after undo)"
    if cold:
        row = ratio_row("undo_legal", what, cold, anchor, budget_median=None)
    else:
        row = Result("undo_legal", what, "no sample")
    rows.append(failures.mark(row))
    return rows


def time_jobs(jobs: Sequence[Callable[[], object]], cfg: Config) -> list[list[int]]:
    """Time each job round-robin (so a drift in the machine's speed affects every job
    alike), until each has enough runs. What a job returns (the loaded game, the
    aggregate) is dropped after the clock is read: freeing it is not part of the job."""
    clock = time.perf_counter_ns
    runs: list[list[int]] = [[] for _ in jobs]
    started = clock()
    while len(runs[0]) < cfg.replay_min_runs or clock() - started < cfg.replay_min_ns:
        for job, samples in zip(jobs, runs, strict=True):
            t0 = clock()
            made = job()
            samples.append(clock() - t0)
            del made
    return runs


def bench_replay(cfg: Config, seed: int, game: coinlake.Game) -> list[Result]:
    """``coinlake.load`` of ``game`` saved to a temporary file, without and with verification,
    and of a game saved right after ``new_game`` (the fixed cost of any load); beside them,
    the eventsourcing library reconstructing an aggregate from its stored events. All are
    timed round-robin in the same loop."""
    app, agg_id, es_events = eventsourcing_store(cfg.es_events)
    with tempfile.TemporaryDirectory(prefix="coinlake-bench-") as tmp:
        path = Path(tmp) / "game.fitl"
        game.save(path)
        if coinlake.load(path, verify=False).state != game.state:
            raise RuntimeError("load does not reproduce the saved game")
        empty = coinlake.new_game("full", seed=seed)
        empty_path = Path(tmp) / "empty.fitl"
        empty.save(empty_path)
        runs = time_jobs(
            [
                lambda: coinlake.load(path, verify=False),
                lambda: coinlake.load(path, verify=True),
                lambda: coinlake.load(empty_path, verify=False),
                lambda: app.repository.get(agg_id),
            ],
            cfg,
        )
        fast, verified, fixed, es = (median(r) for r in runs)
        size = path.stat().st_size

    events = len(game.events)
    es_rate = rate(es_events, es)
    anchor = f"eventsourcing {es_rate:,.0f} events/s"
    details = {
        "events": events,
        "commands": len(game.commands),
        "file_bytes": size,
        "seed": seed,
        "runs": len(runs[0]),
        "anchor": "eventsourcing Application (POPO) repository.get",
        "eventsourcing_events": es_events,
        "eventsourcing_median_ms": es / NS_PER_MS,
    }

    def rate_row(key: str, what: str, n: int, ns: float, budget: int | None) -> Result:
        r = rate(n, ns)
        return Result(
            key,
            what,
            f"{r:,.0f} events/s ({n:,} events in {dur(ns)})",
            anchor,
            times(r / es_rate),
            f"≥ {budget:,} events/s" if budget else "—",
            verdict(r, budget, higher_is_better=True) if budget else "info",
            r,
            "events/s",
            es_rate,
            r / es_rate,
            "value" if budget else "",
            budget,
            {**details, "median_ms": ns / NS_PER_MS},
        )

    rows = [
        rate_row("replay", "replay a saved game (load verify=False)", events, fast, 200_000),
        rate_row(
            "replay_verified",
            "replay, every command re-decided (verify=True)",
            events,
            verified,
            50_000,
        ),
    ]
    # The rate per event beyond the fixed cost, once the game is long enough for the
    # difference to stand out of the noise (while games are short the fixed cost dominates).
    if fast - fixed > 0.25 * fast:
        rows.append(
            rate_row(
                "replay_beyond_fixed_cost",
                f"  replay beyond the fixed cost ({dur(fixed)} per load)",
                events - len(empty.events),
                fast - fixed,
                None,
            )
        )
    return rows


def bench_full_games(cfg: Config) -> Result:
    clock = time.perf_counter_ns
    failures = Failures()
    plies: list[int] = []
    anchor = Anchor("chess random game", chess_random_games(cfg.seed, plies))
    walls: list[int] = []
    commands: list[int] = []
    for seed in range(cfg.seed, cfg.seed + cfg.full_games):
        try:
            t0 = clock()
            game = coinlake.new_game("full", seed=seed)
            n = play_random(game, random.Random(seed))
            walls.append(clock() - t0)
            commands.append(n)
        except Exception as exc:
            failures.record(exc)
        anchor.tick()
    if not walls:
        raise RuntimeError(f"no Full game could be played ({failures.first})")
    med, unit = median(walls), anchor.median
    row = Result(
        "full_game",
        "complete Full game, random legal commands",
        f"median {dur(med)}, max {dur(max(walls))}; {statistics.median(commands):g} commands "
        f"(max {max(commands)})",
        f"{anchor} ({statistics.median(plies):g} plies)",
        times(med / unit),
        "≤ 1 s",
        verdict(med / NS_PER_S, 1),
        med / NS_PER_S,
        "s",
        unit / NS_PER_S,
        med / unit,
        "value",
        1,
        {
            "games": len(walls),
            "max_s": max(walls) / NS_PER_S,
            "commands_median": statistics.median(commands),
            "commands_max": max(commands),
            "chess_plies_median": statistics.median(plies),
            **anchor.details(),
        },
    )
    return failures.mark(row)


def bench_memory(cfg: Config, seeds: Sequence[int]) -> Result:
    """tracemalloc while building a complete Full game (the game is kept alive, so
    ``current`` is what the game with its whole history holds)."""
    peaks: list[int] = []
    currents: list[int] = []
    sizes: list[tuple[int, int]] = []
    for seed in seeds[: cfg.memory_games]:
        gc.collect()
        tracemalloc.start()
        try:
            game = full_game(seed)
            current, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        peaks.append(peak)
        currents.append(current)
        sizes.append((len(game.commands), len(game.events)))
        del game
    chess_peak, chess_plies = max(
        chess_memory(seed) for seed in range(cfg.seed, cfg.seed + cfg.memory_games)
    )
    worst = max(range(len(peaks)), key=peaks.__getitem__)
    peak_mb = peaks[worst] / MB
    commands, events = sizes[worst]
    return Result(
        "memory_full_game",
        "memory of a complete Full game + history",
        f"peak {peak_mb:.2f} MB, kept {currents[worst] / MB:.2f} MB "
        f"({commands} commands, {events} events)",
        f"chess random game {chess_peak / MB:.3f} MB ({chess_plies} plies)",
        times(peaks[worst] / chess_peak),
        "≤ 50 MB",
        verdict(peak_mb, 50),
        peak_mb,
        "MB",
        chess_peak / MB,
        peaks[worst] / chess_peak,
        "value",
        50,
        {
            "current_mb": currents[worst] / MB,
            "commands": commands,
            "events": events,
            "games": len(peaks),
            "anchor": "python-chess random game, tracemalloc peak",
        },
    )


def bench_line_calls(cfg: Config, game: coinlake.Game) -> list[Result]:
    """``game.events`` and ``game.view("US")`` at the end of a Full game, on a fork (whose
    caches start empty): the first call (builds the line), a repeated call, and a call after
    one step (undo or redo; not timed), which is what a UI pays after each command."""
    clock = time.perf_counter_ns
    plies = len(chess_random_game(cfg.seed).move_stack)
    rows = []
    calls: list[tuple[str, str, Callable[[coinlake.Game], object], Anchor]] = [
        (
            "events",
            "game.events",
            lambda g: g.events,
            Anchor(
                "chess list(move_stack)",
                chess_at_end(cfg.seed, lambda b: list(b.move_stack), 20),
            ),
        ),
        (
            "view",
            'game.view("US")',
            lambda g: g.view("US"),
            Anchor("chess fen()", chess_at_end(cfg.seed, lambda b: b.fen(), 5)),
        ),
    ]
    for key, label, call, anchor in calls:
        anchor.take(cfg.line_reps // 4)
        g = game.fork()
        t0 = clock()
        call(g)
        first = clock() - t0
        again: list[int] = []
        step: list[int] = []
        for _ in range(cfg.line_reps):
            t0 = clock()
            call(g)
            again.append(clock() - t0)
            anchor.tick()
        for i in range(cfg.line_reps):
            if i % 2 == 0:
                g.undo()
            else:
                g.redo()
            t0 = clock()
            call(g)
            step.append(clock() - t0)
            anchor.tick()
        anchor.take(cfg.line_reps // 4)
        med, unit = median(step), anchor.median
        rows.append(
            Result(
                f"line_{key}",
                f"{label} at the end of a Full game",
                f"after one step {dur(med)}, repeated {dur(median(again))}, first {dur(first)}"
                f" ({len(g.events):,} events)",
                f"{anchor} ({plies} plies)",
                times(med / unit),
                value=med / NS_PER_US,
                unit="µs",
                anchor_value=unit / NS_PER_US,
                ratio_value=med / unit,
                details={
                    "first_us": first / NS_PER_US,
                    "repeated_us": median(again) / NS_PER_US,
                    "events": len(g.events),
                    "calls": cfg.line_reps,
                    **anchor.details(),
                },
            )
        )
    return rows


def bench_non_players(cfg: Config) -> Result:
    what = "complete Short game, four Non-players"
    clock = time.perf_counter_ns
    plies: list[int] = []
    anchor = Anchor("chess random game", chess_random_games(cfg.seed, plies))
    failures = Failures()
    walls: list[int] = []
    commands: list[int] = []
    for seed in range(cfg.seed, cfg.seed + cfg.non_player_games):
        try:
            t0 = clock()
            game = coinlake.new_game("short", seed=seed, non_players=ALL_FACTIONS)
            game.play_non_players()
            walls.append(clock() - t0)
            if game.decision is not None:
                raise RuntimeError(f"the Non-players stopped before the end: {game.decision}")
            commands.append(len(game.commands))
        except Exception as exc:
            failures.record(exc)
        anchor.tick()
    if not walls:
        raise RuntimeError(f"no Short game could be played ({failures.first})")
    med, unit = median(walls), anchor.median
    row = Result(
        "non_players_short",
        what,
        f"median {dur(med)}, max {dur(max(walls))}; {statistics.median(commands):g} commands",
        f"{anchor} ({statistics.median(plies):g} plies)",
        times(med / unit),
        "≤ 1 s",
        verdict(med / NS_PER_S, 1),
        med / NS_PER_S,
        "s",
        unit / NS_PER_S,
        med / unit,
        "value",
        1,
        {"games": len(walls), "max_s": max(walls) / NS_PER_S, **anchor.details()},
    )
    return failures.mark(row)


# -- running and reporting -----------------------------------------------------------------
def run(cfg: Config, progress: Callable[[str], None]) -> list[Result]:
    """Every measurement, in order. A measurement that raises becomes an ``error`` row (with
    its traceback on stderr) so the others are still reported."""
    results: list[Result] = []

    def step(key: str, name: str, bench: Callable[[], Result | list[Result]]) -> None:
        progress(name)
        try:
            outcome = bench()
        except Exception as exc:
            traceback.print_exc()
            results.append(error_row(key, name, exc))
            return
        results.extend(outcome if isinstance(outcome, list) else [outcome])

    # Warm up (imports, lazily built data, code paths) before anything is timed.
    progress("warming up")
    try:
        full_game(cfg.seed)
    except Exception:
        traceback.print_exc()
    for batch in (chess_push_pop(), chess_copy_push_pop(), chess_copy()):
        for _ in range(20):
            batch()
    chess_random_game(cfg.seed)

    plays: list[LivePlay] = []

    def live() -> list[Result]:
        rows, play = bench_live(cfg)
        plays.append(play)
        return rows

    step("validate_apply", "validate + apply, live", live)
    play = plays[0] if plays else None
    if play is None or play.long_game is None or not play.cold_positions:
        why = RuntimeError("the live games could not be played")
        for key, name in (
            ("fork_apply", "fork + apply"),
            ("fork", "fork"),
            ("replay", "replay"),
            ("line_calls", "game.events / game.view"),
            ("undo_redo", "undo / redo"),
        ):
            results.append(error_row(key, name, why))
    else:
        long_seed, long_game = play.long_seed, play.long_game
        step("fork_apply", "fork + apply", lambda: bench_fork_apply(cfg, play))
        step("fork", "fork", lambda: bench_fork(cfg, long_seed, long_game))
        step("replay", "replay", lambda: bench_replay(cfg, long_seed, long_game))
        step("line_calls", "game.events / game.view", lambda: bench_line_calls(cfg, long_game))
        step("undo_redo", "undo / redo", lambda: bench_undo_redo(cfg, long_game))
    step("full_game", "complete Full game", lambda: bench_full_games(cfg))
    memory_seeds = list(range(cfg.seed, cfg.seed + cfg.memory_games))
    if play is not None and play.long_game is not None:
        memory_seeds = list(dict.fromkeys([play.long_seed, *memory_seeds]))
    step("memory_full_game", "memory", lambda: bench_memory(cfg, memory_seeds))
    step(
        "non_players_short", "complete Short game, four Non-players", lambda: bench_non_players(cfg)
    )
    return results


def environment() -> dict[str, str]:
    from importlib.metadata import version

    return {
        "coinlake": coinlake.__version__,
        "python-chess": chess.__version__,
        "eventsourcing": version("eventsourcing"),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
    }


def print_table(results: Sequence[Result], cfg: Config, quick: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    env = environment()
    title = (
        f"coinlake {env['coinlake']} vs python-chess {env['python-chess']} / eventsourcing "
        f"{env['eventsourcing']} — Python {env['python']} on {env['machine']}"
        f"{' (--quick)' if quick else ''}, seed {cfg.seed}"
    )
    table = Table(title=title, caption="ratio = coinlake ÷ anchor, same run")
    for name in ("what", "coinlake", "anchor", "ratio", "budget", "verdict"):
        table.add_column(name)
    styles = {"ok": "green", "over": "bold red", "info": "dim", "n/a": "yellow", "error": "red"}
    for r in results:
        table.add_row(
            r.what, r.coinlake, r.anchor, r.ratio, r.budget, f"[{styles[r.verdict]}]{r.verdict}[/]"
        )
    console = Console() if sys.stdout.isatty() else Console(width=230)
    console.print(table)
    for r in results:
        if "note" in r.details:
            console.print(f"note — {r.what}: {r.details['note']}", highlight=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fast smoke run")
    parser.add_argument("--json", action="store_true", help="print results as JSON")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    args = parser.parse_args(argv)
    cfg = Config.make(args.quick, args.seed)

    def progress(step: str) -> None:
        if not args.json:
            print(f"  … {step}", file=sys.stderr, flush=True)

    started = time.perf_counter_ns()
    results = run(cfg, progress)
    elapsed = (time.perf_counter_ns() - started) / NS_PER_S
    if args.json:
        doc = {
            "environment": environment(),
            "quick": args.quick,
            "config": asdict(cfg),
            "elapsed_s": elapsed,
            "results": [asdict(r) for r in results],
        }
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        print_table(results, cfg, args.quick)
        print(f"({elapsed:.1f} s)")
    return 1 if any(r.verdict == "error" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
