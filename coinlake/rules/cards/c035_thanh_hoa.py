"""Card 35, Thanh Hoa (dual use, 5.2).

- unshaded: the Trail Degrades 3 boxes (down to 0 at least, 6.7) -- an Event, so shaded
  Oriskany (39) does not stop it (5.1.2, ruling R16).
- shaded: the Trail Improves 1 box (at most 4, 6.7); then the NVA gain 3 Resources per box of
  the Trail's new value (at most 75, 5.1.1).

Every Trail change goes through ``effects.change_trail`` (unshaded ADSID applies, card 7).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import Track


@unshaded(35)
def thanh_hoa_unshaded(ctx: Ctx, faction: Faction) -> None:
    effects.change_trail(ctx, -3, "6.7", by_event=True)


@shaded(35)
def thanh_hoa_shaded(ctx: Ctx, faction: Faction) -> None:
    effects.change_trail(ctx, 1, "6.7", by_event=True)
    ctx.add_track(Track.NVA_RESOURCES, 3 * ctx.state.trail, "5.1.1")
