"""Measure position evaluation by Non-player rollouts (``coinlake.analysis.evaluate``).

Run from the project root::

    python benchmarks/evaluate.py            # full run (a few minutes on 2 cores)
    python benchmarks/evaluate.py --quick    # smoke run
    python benchmarks/evaluate.py --json     # machine-readable results

Figures: rollouts per second from a mid-game Full position (the position halfway through a
Full game of four Non-players) with 1 and 2 jobs, and the time of a 200-rollout evaluation of
a mid-game Short position (budget: 10 s) with 1 and 2 jobs. A script, not a test: it prints
verdicts and never fails on a slow result.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from collections.abc import Sequence

import coinlake
from coinlake.analysis import evaluate

BUDGET_SECONDS = 10.0
"""DESIGN.md / issue 27: a 200-rollout evaluation of a Short-scenario position."""


def midgame(scenario: str, seed: int) -> coinlake.Game:
    """The position halfway (in commands) through a game of four Non-players."""
    whole = coinlake.new_game(scenario, seed=seed, non_players=set(coinlake.Faction))
    whole.play_non_players()
    line = whole.line()
    return coinlake.Game.from_state(line[len(line) // 2].state)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run")
    parser.add_argument("--json", action="store_true", help="print results as JSON")
    args = parser.parse_args(argv)
    full_rollouts = 4 if args.quick else 16
    short_rollouts = 8 if args.quick else 200
    results: dict[str, float | str] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    full = midgame("full", 1)
    short = midgame("short", 1)
    for jobs in (1, 2):
        e = evaluate(full, rollouts=full_rollouts, jobs=jobs, seed=1)
        results[f"full_rollouts_per_s_jobs{jobs}"] = e.rollouts / e.seconds
        e = evaluate(short, rollouts=short_rollouts, jobs=jobs, seed=1)
        results[f"short_{short_rollouts}_rollouts_s_jobs{jobs}"] = e.seconds
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"Python {results['python']} on {results['machine']}")
    for jobs in (1, 2):
        rate = results[f"full_rollouts_per_s_jobs{jobs}"]
        seconds = results[f"short_{short_rollouts}_rollouts_s_jobs{jobs}"]
        assert isinstance(rate, float) and isinstance(seconds, float)
        verdict = "ok" if seconds <= BUDGET_SECONDS or args.quick else "over"
        print(
            f"jobs={jobs}: {rate:.2f} rollouts/s from a mid-game Full position; "
            f"{short_rollouts} rollouts of a mid-game Short position in {seconds:.1f} s"
            f" (budget {BUDGET_SECONDS:.0f} s for 200: {verdict})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
