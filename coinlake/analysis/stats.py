"""Small tools for batches of games: a seed per game or rollout, and 95% intervals of a
rate (Wilson) and of a mean (Student's t).

>>> low, high = wilson(7, 10)
>>> round(low, 3), round(high, 3)
(0.397, 0.892)
>>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0])]
[2.0, -0.484, 4.484]
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The 97.5th percentile of the standard normal distribution."""

T95 = (
    *(12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228),
    *(2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086),
    *(2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042),
)
"""Student's t 97.5th percentiles for 1..30 degrees of freedom (standard tables)."""


def derived_seed(purpose: str, seed: int, index: int) -> int:
    """A 64-bit seed for item ``index`` of a batch seeded ``seed`` (64 bits of a BLAKE2b
    digest of the three: the same in every process, unlike Python's string hash)."""
    digest = hashlib.blake2b(f"coinlake-{purpose}:{seed}:{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def t95(df: int) -> float:
    """Student's t 97.5th percentile for ``df`` degrees of freedom: the table up to 30,
    then the Cornish-Fisher expansion around the normal (error below 0.001)."""
    if df < 1:
        raise ValueError(f"degrees of freedom are at least 1, not {df}")
    if df <= len(T95):
        return T95[df - 1]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a rate of ``successes`` in ``trials``: well-behaved
    near 0 and 1, unlike the normal approximation; exactly 0 (1) at no (every) success."""
    if trials < 1:
        raise ValueError("a rate needs at least one trial")
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% t interval (a zero-width interval for one
    value)."""
    if not values:
        raise ValueError("the mean of no values")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half
