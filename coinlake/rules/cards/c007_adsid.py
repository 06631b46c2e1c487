"""Card 7, ADSID (dual use, 5.2).

- unshaded (Momentum, 5.4): until the Coup Round's Reset, every change of the Trail's value
  costs the NVA 6 Resources -- applied by ``effects.change_trail`` whoever moves the Trail.
- shaded: the Trail Improves by 1 box, and at least up to 2; ARVN loses 9 Resources.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import Track


@unshaded(7)
def adsid_unshaded(ctx: Ctx, faction: Faction) -> None:
    """Only the Momentum, which the registry puts into play (5.4)."""


@shaded(7)
def adsid_shaded(ctx: Ctx, faction: Faction) -> None:
    effects.set_trail(ctx, max(ctx.state.trail + 1, 2), "6.7", by_event=True)
    ctx.add_track(Track.ARVN_RESOURCES, -9, "5.1")
