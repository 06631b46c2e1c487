"""Card 5, Wild Weasels (dual use, 5.2).

- unshaded: if shaded SA-2s (34) is in effect, it is taken out of effect and nothing else
  happens (ruling R102); otherwise the Trail Degrades 2 boxes (an Event: shaded Oriskany
  does not stop it, 5.1.2, ruling R16) and the NVA lose 9 Resources. Unshaded SA-2s is not
  touched.
- shaded (Momentum, 5.4): no immediate effect; until the Coup Round's Reset each Air Strike
  either Degrades the Trail or removes at most 1 piece, not both (Air Strike consults
  ``effects.momentum_side(state, 5)``).
"""

from __future__ import annotations

from coinlake.data.cards import SA_2S, Side
from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import Track


@unshaded(5)
def wild_weasels_unshaded(ctx: Ctx, faction: Faction) -> None:
    if effects.capability(ctx.state, SA_2S) is Side.SHADED:
        effects.remove_capability(ctx, SA_2S, "5.1")
        return
    effects.change_trail(ctx, -2, "6.7", by_event=True)
    ctx.add_track(Track.NVA_RESOURCES, -9, "5.1")


@shaded(5)
def wild_weasels_shaded(ctx: Ctx, faction: Faction) -> None:
    """Only the Momentum, which the registry puts into play (5.4)."""
