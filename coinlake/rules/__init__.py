"""Layer 3: the rules — Sequence of Play, Operations, Special Activities, cards, Coup Round."""

from coinlake.rules import (  # the Operations and Special Activities register themselves
    coup,
    operations,
    sequence,
    special_activities,
    victory,
)
from coinlake.rules.core import (
    KINDS,
    MAX_OPTIONS,
    PROCEDURES,
    Ask,
    Context,
    Ctx,
    Kind,
    Proc,
    procedure,
)
from coinlake.rules.sequence import next_step

__all__ = [
    "KINDS",
    "MAX_OPTIONS",
    "PROCEDURES",
    "Ask",
    "Context",
    "Ctx",
    "Kind",
    "Proc",
    "coup",
    "next_step",
    "operations",
    "procedure",
    "sequence",
    "special_activities",
    "victory",
]
