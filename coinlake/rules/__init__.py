"""Layer 3: the rules — Sequence of Play, Operations, Special Activities, cards, Coup Round."""

from coinlake.rules import coup, sequence, victory
from coinlake.rules.core import PROCEDURES, Ask, Ctx, Proc, procedure
from coinlake.rules.sequence import next_step

__all__ = [
    "PROCEDURES",
    "Ask",
    "Ctx",
    "Proc",
    "coup",
    "next_step",
    "procedure",
    "sequence",
    "victory",
]
