"""Measure batch self-play and the RL environment (issue 25).

Run from the project root (needs the ``rl`` extra for the environment rows)::

    python benchmarks/agents.py            # 16 Short games per row, 3,000 env steps
    python benchmarks/agents.py --quick    # a smoke run (4 games, 300 steps)
    python benchmarks/agents.py --json     # machine-readable output

Rows: complete Short-scenario games per second (``coinlake.simulate.run_local``: seeded
games, every Faction seated with the random agent or the section-8 Non-player, with 1 and 2
spawned processes; process start-up is included, as a user of ``--jobs`` pays it), and
steps per second of the PettingZoo environment (four agents, random legal actions, resets
included) and of the Gymnasium wrapper (one Faction against three Non-players, whose
commands are inside each step). Only the public API is used.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Sequence

from coinlake import simulate as sim


def games_per_second(seat: str, jobs: int, games: int) -> float:
    """Complete Short games per second with every Faction at ``seat``."""
    spec = sim.BatchSpec("short", seats=dict.fromkeys(sim.FACTIONS, seat))
    start = time.perf_counter()
    sim.run_local(spec, seed=1, games=games, jobs=jobs)
    return games / (time.perf_counter() - start)


def aec_steps_per_second(steps: int) -> float:
    """PettingZoo AEC steps per second (observation and mask built every step)."""
    from coinlake.rl import env

    e = env("short")
    rng = random.Random(1)
    seed, done = 1, 0
    e.reset(seed=seed)
    start = time.perf_counter()
    while done < steps:
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            if not e.agents:
                seed += 1
                e.reset(seed=seed)
            continue
        e.step(rng.randrange(int(obs["action_mask"].sum())))
        done += 1
    return steps / (time.perf_counter() - start)


def gym_steps_per_second(steps: int) -> float:
    """Gymnasium steps per second for the US against three Non-players."""
    from coinlake.rl import gym_env

    g = gym_env("US", "short")
    rng = random.Random(1)
    obs, _ = g.reset(seed=1)
    start = time.perf_counter()
    for i in range(steps):
        obs, _, terminated, truncated, _ = g.step(rng.randrange(int(obs["action_mask"].sum())))
        if terminated or truncated:
            obs, _ = g.reset(seed=i + 2)
    return steps / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run")
    parser.add_argument("--json", action="store_true", help="print results as JSON")
    args = parser.parse_args(argv)
    games, steps = (4, 300) if args.quick else (16, 3000)
    rows: list[tuple[str, float, str]] = []
    for seat in ("random", "nonplayer"):
        for jobs in (1, 2):
            rate = games_per_second(seat, jobs, games)
            rows.append((f"Short games, {seat} seats, {jobs} job(s)", rate, "games/s"))
    try:
        rows.append(("PettingZoo AEC env, 4 agents", aec_steps_per_second(steps), "steps/s"))
        rows.append(("Gymnasium env, US vs 3 Non-players", gym_steps_per_second(steps), "steps/s"))
    except ImportError as missing:
        print(f"RL rows skipped: {missing}", file=sys.stderr)
    if args.json:
        print(json.dumps([{"what": w, "value": v, "unit": u} for w, v, u in rows], indent=2))
    else:
        print(f"Python {platform.python_version()}, {platform.machine()}")
        for what, value, unit in rows:
            print(f"{what:<45} {value:>10.1f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
