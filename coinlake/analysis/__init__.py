"""Analysis over the public API: position evaluation by Non-player rollouts
(:func:`evaluate`) and the statistics it reports (:mod:`coinlake.analysis.stats`)."""

from coinlake.analysis.evaluate import (
    Background,
    Evaluation,
    Outlook,
    Rollout,
    evaluate,
    rollout_seed,
)
from coinlake.analysis.stats import mean_interval, wilson

__all__ = [
    "Background",
    "Evaluation",
    "Outlook",
    "Rollout",
    "evaluate",
    "mean_interval",
    "rollout_seed",
    "wilson",
]
