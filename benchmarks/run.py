"""Measure coinlake against the budgets of DESIGN.md ("Budgets").

Run from the project root::

    python benchmarks/run.py            # full run (a minute or less)
    python benchmarks/run.py --quick    # fast smoke run (a few seconds)
    python benchmarks/run.py --json     # machine-readable results on stdout
    python benchmarks/run.py --seed 7   # other games (the default first seed is 1)

Only the public API (``import coinlake``) is used. Every game is played with random legal
commands chosen by a seeded ``random.Random``, so runs are reproducible (same commands, same
games); only the timings vary. Timings use ``time.perf_counter_ns``; verdicts compare the
median with the budget (the p90 is shown beside it). This is a script, not a test: it reports
verdicts (``ok`` / ``over``) and never fails on a slow result; it exits non-zero only if a
measurement could not run at all (an ``error`` row).
"""

from __future__ import annotations

import argparse
import gc
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

import coinlake

NS_PER_US = 1_000
NS_PER_MS = 1_000_000
NS_PER_S = 1_000_000_000
MB = 1024 * 1024

SHORT_HISTORY = 10
"""Commands played before the "short history" fork."""

LONG_HISTORY = 1000
"""Commands wanted before the "long history" fork (the longest game found is used)."""

FORK_RATIO_LIMIT = 2.0
"""Fork at the long history may cost at most this many times fork at the short one."""

ALL_FACTIONS = ("US", "ARVN", "NVA", "VC")


# -- configuration -------------------------------------------------------------------------
@dataclass(frozen=True)
class Config:
    """How much work each measurement does (``--quick`` shrinks everything)."""

    seed: int
    apply_samples: int  # validate + apply: commands timed (over as many games as needed)
    long_game_tries: int  # games tried to find one with >= LONG_HISTORY commands
    fork_batches: int  # fork: batches timed per history length
    fork_batch_size: int  # forks per batch (one perf_counter_ns pair per batch)
    history_samples: int  # undo / redo: operations timed (each individually)
    replay_min_runs: int  # load: at least this many runs ...
    replay_min_ns: int  # ... and at least this much time
    full_games: int  # complete Full games timed
    memory_games: int  # complete Full games measured with tracemalloc
    non_player_games: int  # complete Short games with four Non-players

    @staticmethod
    def make(quick: bool, seed: int) -> Config:
        if quick:
            return Config(
                seed=seed,
                apply_samples=300,
                long_game_tries=2,
                fork_batches=20,
                fork_batch_size=100,
                history_samples=300,
                replay_min_runs=3,
                replay_min_ns=50 * NS_PER_MS,
                full_games=3,
                memory_games=1,
                non_player_games=2,
            )
        return Config(
            seed=seed,
            apply_samples=5000,
            long_game_tries=40,
            fork_batches=200,
            fork_batch_size=200,
            history_samples=5000,
            replay_min_runs=20,
            replay_min_ns=NS_PER_S,
            full_games=20,
            memory_games=3,
            non_player_games=10,
        )


# -- results -------------------------------------------------------------------------------
@dataclass
class Result:
    """One row of the table: ``key`` is stable (for machines), ``what`` is for people.
    ``value`` (in ``unit``) is what the verdict compares with ``budget_value``; rows
    without a budget are informative (verdict ``info``)."""

    key: str
    what: str
    measured: str
    budget: str
    verdict: str
    value: float | None = None
    unit: str = ""
    budget_value: float | None = None
    details: dict[str, Any] = field(default_factory=dict)


def verdict(value: float, limit: float, *, higher_is_better: bool = False) -> str:
    ok = value >= limit if higher_is_better else value <= limit
    return "ok" if ok else "over"


# -- statistics ----------------------------------------------------------------------------
def median(xs: Sequence[float]) -> float:
    return float(statistics.median(xs))


def p90(xs: Sequence[float]) -> float:
    """The 90th percentile (nearest rank); for one sample, that sample."""
    ordered = sorted(xs)
    rank = max(1, -(-9 * len(ordered) // 10))  # ceil(0.9 * n)
    return float(ordered[rank - 1])


def us(ns: float) -> str:
    return f"{ns / NS_PER_US:.2f} µs"


def ms(ns: float) -> str:
    return f"{ns / NS_PER_MS:.1f} ms"


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


def longest_full_game(cfg: Config) -> tuple[int, coinlake.Game]:
    """The first game with at least LONG_HISTORY commands, else the longest one tried."""
    best_seed, best = cfg.seed, full_game(cfg.seed)
    for seed in range(cfg.seed + 1, cfg.seed + cfg.long_game_tries):
        if len(best.commands) >= LONG_HISTORY:
            break
        game = full_game(seed)
        if len(game.commands) > len(best.commands):
            best_seed, best = seed, game
    return best_seed, best


# -- the measurements ----------------------------------------------------------------------
def bench_validate_apply(cfg: Config) -> Result:
    """Per command: ``game.validate(cmd); game.apply(cmd)`` (choosing is not timed)."""
    samples: list[int] = []
    seed = cfg.seed
    games = 0
    clock = time.perf_counter_ns
    while len(samples) < cfg.apply_samples and games < 100_000:
        game = coinlake.new_game("full", seed=seed)
        rng = random.Random(seed)
        seed += 1
        games += 1
        while len(samples) < cfg.apply_samples:
            legal = game.legal()
            if not legal:
                break
            cmd = legal[rng.randrange(len(legal))]
            t0 = clock()
            game.validate(cmd)
            game.apply(cmd)
            samples.append(clock() - t0)
    med = median(samples)
    return Result(
        "validate_apply",
        "validate + apply one command (median)",
        f"{us(med)} (p90 {us(p90(samples))})",
        "≤ 50 µs",
        verdict(med / NS_PER_US, 50),
        med / NS_PER_US,
        "µs",
        50,
        {"commands": len(samples), "games": games, "p90_us": p90(samples) / NS_PER_US},
    )


def time_forks(game: coinlake.Game, cfg: Config) -> list[float]:
    """Per-fork cost (ns) of each batch: one clock pair per ``fork_batch_size`` forks."""
    clock = time.perf_counter_ns
    per_fork: list[float] = []
    for _ in range(cfg.fork_batches):
        t0 = clock()
        for _ in range(cfg.fork_batch_size):
            game.fork()
        per_fork.append((clock() - t0) / cfg.fork_batch_size)
    return per_fork


def bench_fork(cfg: Config, long_seed: int, long_game: coinlake.Game) -> list[Result]:
    short_game = coinlake.new_game("full", seed=cfg.seed)
    play_random(short_game, random.Random(cfg.seed), SHORT_HISTORY)
    rows: list[Result] = []
    medians: dict[str, float] = {}
    for label, game in (("short", short_game), ("long", long_game)):
        history = len(game.commands)
        forks = time_forks(game, cfg)
        med = median(forks)
        medians[label] = med
        ok = med / NS_PER_US <= 5
        budget = "≤ 5 µs"
        if label == "long":
            ratio = med / medians["short"]
            ok = ok and ratio <= FORK_RATIO_LIMIT
            budget = f"≤ 5 µs, ≤ {FORK_RATIO_LIMIT:g}x short"
        ended = "" if game.legal() else ", game over"
        rows.append(
            Result(
                f"fork_{label}",
                f"fork at {label} history ({history} commands{ended})",
                f"{us(med)} (p90 {us(p90(forks))})"
                + (f", {med / medians['short']:.2f}x short" if label == "long" else ""),
                budget,
                "ok" if ok else "over",
                med / NS_PER_US,
                "µs",
                5,
                {
                    "history_commands": history,
                    "journal_entries": len(game.journal()),
                    "game_over": not game.legal(),
                    "p90_us": p90(forks) / NS_PER_US,
                    "forks_per_batch": cfg.fork_batch_size,
                    "batches": len(forks),
                    **({"seed": long_seed} if label == "long" else {"seed": cfg.seed}),
                },
            )
        )
    if len(long_game.commands) < LONG_HISTORY:
        rows[-1].details["note"] = (
            f"no game of {cfg.long_game_tries} tried reached {LONG_HISTORY} commands; "
            "forked at the end of the longest"
        )
    return rows


def bench_undo_redo(cfg: Config, game: coinlake.Game) -> list[Result]:
    """Walk the whole line back with ``undo`` and forward again with ``redo``, timing each
    call, as many times as needed; then, once on a fresh game, ``undo`` followed by
    ``legal()`` (the first look at a position after an undo may re-run its procedure)."""
    clock = time.perf_counter_ns
    depth = len(game.commands)
    if depth == 0:
        raise RuntimeError("undo / redo need a game with at least one command")
    undos: list[int] = []
    redos: list[int] = []
    while len(undos) < cfg.history_samples:
        for _ in range(depth):
            t0 = clock()
            game.undo()
            undos.append(clock() - t0)
        for _ in range(depth):
            t0 = clock()
            game.redo()
            redos.append(clock() - t0)
    rows = []
    for name, samples in (("undo", undos), ("redo", redos)):
        med = median(samples)
        rows.append(
            Result(
                name,
                f"{name} (median)",
                f"{us(med)} (p90 {us(p90(samples))})",
                "≤ 20 µs",
                verdict(med / NS_PER_US, 20),
                med / NS_PER_US,
                "µs",
                20,
                {"operations": len(samples), "line_commands": depth},
            )
        )

    cold: list[int] = []
    wanted = max(50, cfg.history_samples // 10)
    seed = cfg.seed
    while len(cold) < wanted and seed < cfg.seed + 10_000:
        fresh = full_game(seed)
        seed += 1
        for _ in range(min(len(fresh.commands), wanted - len(cold))):
            t0 = clock()
            fresh.undo()
            fresh.legal()
            cold.append(clock() - t0)
    med = median(cold)
    rows.append(
        Result(
            "undo_legal",
            "undo + legal() (first look after undo)",
            f"{us(med)} (p90 {us(p90(cold))})",
            "info",
            "info",
            med / NS_PER_US,
            "µs",
            None,
            {"operations": len(cold)},
        )
    )
    return rows


def time_loads(jobs: Sequence[tuple[Path, bool]], cfg: Config) -> list[list[int]]:
    """Time ``coinlake.load(path, verify=verify)`` for each job, round-robin (so a drift in
    the machine's speed affects every job alike), until each has enough runs."""
    clock = time.perf_counter_ns
    runs: list[list[int]] = [[] for _ in jobs]
    started = clock()
    while len(runs[0]) < cfg.replay_min_runs or clock() - started < cfg.replay_min_ns:
        for (path, verify), times in zip(jobs, runs, strict=True):
            t0 = clock()
            coinlake.load(path, verify=verify)
            times.append(clock() - t0)
    return runs


def bench_replay(cfg: Config, seed: int, game: coinlake.Game) -> list[Result]:
    """``coinlake.load`` of ``game`` saved to a temporary file, without and with verification;
    and of a game saved right after ``new_game`` (the fixed cost of any load: read the
    header, set up the scenario), to show the rate per event beyond that fixed cost."""
    with tempfile.TemporaryDirectory(prefix="coinlake-bench-") as tmp:
        path = Path(tmp) / "game.fitl"
        game.save(path)
        if coinlake.load(path, verify=False).state != game.state:
            raise RuntimeError("load does not reproduce the saved game")
        empty = coinlake.new_game("full", seed=seed)
        empty_path = Path(tmp) / "empty.fitl"
        empty.save(empty_path)
        runs = time_loads([(path, False), (path, True), (empty_path, False)], cfg)
        fast, verified, fixed = (median(r) for r in runs)
        size = path.stat().st_size

    events = len(game.events)
    details = {
        "events": events,
        "commands": len(game.commands),
        "file_bytes": size,
        "seed": seed,
        "runs": len(runs[0]),
    }

    def rate_row(key: str, what: str, n: int, ns: float, budgeted: bool) -> Result:
        rate = n / (ns / NS_PER_S) if ns > 0 else float("inf")
        return Result(
            key,
            what,
            f"{rate:,.0f} events/s ({n} events in {ms(ns)})",
            "≥ 200,000 events/s" if budgeted else "info",
            verdict(rate, 200_000, higher_is_better=True) if budgeted else "info",
            rate,
            "events/s",
            200_000 if budgeted else None,
            {**details, "median_ms": ns / NS_PER_MS},
        )

    rows = [
        rate_row("replay", "replay a saved game (load verify=False)", events, fast, True),
        rate_row("replay_verified", "replay, verified (load verify=True)", events, verified, False),
        Result(
            "load_fixed_cost",
            f"load fixed cost (a game of {len(empty.events)} events)",
            ms(fixed),
            "info",
            "info",
            fixed / NS_PER_MS,
            "ms",
            None,
            {"events": len(empty.events)},
        ),
    ]
    # The rate per event beyond the fixed cost, once the game is long enough for the
    # difference to stand out of the noise (while games are short the fixed cost dominates).
    if fast - fixed > 0.25 * fast:
        rows.append(
            rate_row(
                "replay_beyond_fixed_cost",
                "replay beyond the fixed cost (verify=False)",
                events - len(empty.events),
                fast - fixed,
                False,
            )
        )
    return rows


def bench_full_games(cfg: Config) -> Result:
    clock = time.perf_counter_ns
    walls: list[int] = []
    commands: list[int] = []
    for seed in range(cfg.seed, cfg.seed + cfg.full_games):
        t0 = clock()
        game = coinlake.new_game("full", seed=seed)
        n = play_random(game, random.Random(seed))
        walls.append(clock() - t0)
        commands.append(n)
    med = median(walls)
    return Result(
        "full_game",
        "complete Full game, random commands",
        f"{ms(med)} (p90 {ms(p90(walls))}, max {ms(max(walls))}); "
        f"{statistics.median(commands):g} commands (max {max(commands)})",
        "≤ 1 s",
        verdict(med / NS_PER_S, 1),
        med / NS_PER_S,
        "s",
        1,
        {
            "games": len(walls),
            "p90_s": p90(walls) / NS_PER_S,
            "max_s": max(walls) / NS_PER_S,
            "commands_median": statistics.median(commands),
            "commands_max": max(commands),
        },
    )


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
    worst = max(range(len(peaks)), key=peaks.__getitem__)
    peak_mb = peaks[worst] / MB
    commands, events = sizes[worst]
    return Result(
        "memory_full_game",
        "memory of a complete Full game (tracemalloc)",
        f"peak {peak_mb:.2f} MB, current {currents[worst] / MB:.2f} MB "
        f"({commands} commands, {events} events)",
        "≤ 50 MB",
        verdict(peak_mb, 50),
        peak_mb,
        "MB",
        50,
        {
            "current_mb": currents[worst] / MB,
            "commands": commands,
            "events": events,
            "games": len(peaks),
        },
    )


def bench_non_players(cfg: Config) -> Result:
    what = "complete Short game, four Non-players"
    probe = coinlake.new_game("short", seed=cfg.seed, non_players=ALL_FACTIONS)
    if not hasattr(probe, "play_non_players"):
        return Result("non_players_short", what, "not yet available", "≤ 1 s", "n/a")
    clock = time.perf_counter_ns
    walls: list[int] = []
    commands: list[int] = []
    for seed in range(cfg.seed, cfg.seed + cfg.non_player_games):
        rng = random.Random(seed)
        t0 = clock()
        game = coinlake.new_game("short", seed=seed, non_players=ALL_FACTIONS)
        play_all_non_players(game, rng)
        walls.append(clock() - t0)
        commands.append(len(game.commands))
    med = median(walls)
    return Result(
        "non_players_short",
        what,
        f"{ms(med)} (p90 {ms(p90(walls))}, max {ms(max(walls))}); "
        f"{statistics.median(commands):g} commands (max {max(commands)})",
        "≤ 1 s",
        verdict(med / NS_PER_S, 1),
        med / NS_PER_S,
        "s",
        1,
        {"games": len(walls), "p90_s": p90(walls) / NS_PER_S, "max_s": max(walls) / NS_PER_S},
    )


def play_all_non_players(game: coinlake.Game, rng: random.Random) -> None:
    """Let the Non-players play to the end. ``play_non_players`` stops when a player must
    decide; with four Non-players that should be only the end of the game, but should it
    stop anywhere else (a step of the game itself), a random legal command is played."""
    play: Callable[[], object] = game.play_non_players  # type: ignore[attr-defined]
    while game.legal():
        before = len(game.commands)
        play()
        legal = game.legal()
        if legal and len(game.commands) == before:
            game.apply(legal[rng.randrange(len(legal))])


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
            results.append(Result(key, name, f"error: {type(exc).__name__}: {exc}", "", "error"))
            return
        results.extend(outcome if isinstance(outcome, list) else [outcome])

    # Warm up (imports, lazily built data, code paths) before anything is timed.
    full_game(cfg.seed)
    step("validate_apply", "validate + apply", lambda: bench_validate_apply(cfg))
    progress("finding a long game")
    long_seed, long_game = longest_full_game(cfg)
    step("fork", "fork", lambda: bench_fork(cfg, long_seed, long_game))
    step("replay", "replay", lambda: bench_replay(cfg, long_seed, long_game))
    step("undo_redo", "undo / redo", lambda: bench_undo_redo(cfg, long_game))
    step("full_game", "complete Full game", lambda: bench_full_games(cfg))
    memory_seeds = list(dict.fromkeys([long_seed, *range(cfg.seed, cfg.seed + cfg.memory_games)]))
    step("memory_full_game", "memory", lambda: bench_memory(cfg, memory_seeds))
    step(
        "non_players_short", "complete Short game, four Non-players", lambda: bench_non_players(cfg)
    )
    return results


def environment() -> dict[str, str]:
    return {
        "coinlake": coinlake.__version__,
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
        f"coinlake {env['coinlake']} benchmarks — Python {env['python']} on {env['machine']}"
        f"{' (--quick)' if quick else ''}, seed {cfg.seed}"
    )
    table = Table(title=title)
    table.add_column("what")
    table.add_column("measured")
    table.add_column("budget")
    table.add_column("verdict")
    styles = {"ok": "green", "over": "bold red", "info": "dim", "n/a": "yellow", "error": "red"}
    for r in results:
        table.add_row(r.what, r.measured, r.budget, f"[{styles[r.verdict]}]{r.verdict}[/]")
    console = Console() if sys.stdout.isatty() else Console(width=160)
    console.print(table)
    notes = [f"{r.what}: {r.details['note']}" for r in results if "note" in r.details]
    for note in notes:
        console.print(f"note — {note}", highlight=False)


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
