"""Card 10, Rolling Thunder (dual use, 5.2).

- unshaded: the Trail Degrades by 2 boxes; the NVA loses 9 Resources and is Ineligible
  through the next card (2.3.6 PLAY NOTE: at once, so it cannot act later on this card).
- shaded (Momentum, 5.4): ARVN loses 5 Resources at once; no Air Strike until the Coup
  Round's Reset (Air Strike consults ``effects.momentum_active(state, 10)``).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import Track


@unshaded(10)
def rolling_thunder_unshaded(ctx: Ctx, faction: Faction) -> None:
    effects.change_trail(ctx, -2, "6.7", by_event=True)
    ctx.add_track(Track.NVA_RESOURCES, -9, "5.1")
    effects.ineligible_through_next_card(ctx, Faction.NVA, "2.3.6")


@shaded(10)
def rolling_thunder_shaded(ctx: Ctx, faction: Faction) -> None:
    ctx.add_track(Track.ARVN_RESOURCES, -5, "5.1")
