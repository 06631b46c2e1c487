"""Card 107, Burning Bonze (dual use, 5.2).

- unshaded: Patronage +6 if Saigon is at Active Support, else +3 (at most 75, 1.8).
- shaded: Saigon shifts 1 level toward Active Opposition (none past it, 1.6.1); Aid -12 (at
  least 0, 1.8).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import kit
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import Support, Track

SAIGON = "saigon"


@unshaded(107)
def burning_bonze_unshaded(ctx: Ctx, faction: Faction) -> None:
    active = ctx.state.space(SAIGON).support is Support.ACTIVE_SUPPORT
    ctx.add_track(Track.PATRONAGE, 6 if active else 3, "5.1.1")


@shaded(107)
def burning_bonze_shaded(ctx: Ctx, faction: Faction) -> None:
    kit.shift(ctx, SAIGON, -1, "5.1")
    ctx.add_track(Track.AID, -12, "5.1.1")
