"""Card 4, Top Gun: a US Capability (5.3).

- unshaded: cancels shaded MiGs (33) -- it is taken out of effect at once if it is in
  effect, and a shaded MiGs executed while unshaded Top Gun is in effect never comes into
  effect (``effects.place_capability``); Air Strike Degrades the Trail by 2 boxes instead of 1.
- shaded: Air Strike Degrades the Trail after 2 hits only on a die roll of 4-6.

Apart from cancelling MiGs, both texts only put the Capability into effect; Air Strike
consults ``effects.capability(state, 4)``.
"""

from __future__ import annotations

from coinlake.data.cards import MIGS, Side
from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx


@unshaded(4)
def top_gun_unshaded(ctx: Ctx, faction: Faction) -> None:
    if (MIGS, Side.SHADED) in ctx.state.capabilities:
        effects.remove_capability(ctx, MIGS, "5.1.2")


@shaded(4)
def top_gun_shaded(ctx: Ctx, faction: Faction) -> None:
    """Nothing happens at once: the Capability comes into effect (5.3)."""
