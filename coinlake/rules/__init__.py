"""Layer 3: the rules — Sequence of Play, Operations, Special Activities, cards, Coup Round."""

from coinlake.rules import (  # the Operations and Special Activities register themselves
    ambush,
    arvn_special_activities,
    coin_operations,
    coup,
    insurgent_operations,
    nva_special_activities,
    sequence,
    us_special_activities,
    vc_special_activities,
    victory,
)
from coinlake.rules.core import KINDS, MAX_OPTIONS, PROCEDURES, Ask, Context, Ctx, Kind, Proc, procedure
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
    "ambush",
    "arvn_special_activities",
    "coin_operations",
    "coup",
    "insurgent_operations",
    "next_step",
    "nva_special_activities",
    "procedure",
    "sequence",
    "us_special_activities",
    "vc_special_activities",
    "victory",
]
