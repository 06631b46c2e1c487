"""Card 15, Medevac (dual use, both texts Momentum, 5.4; its marker records the side).

- unshaded: in the coming Commitment Phase, all US Troop Casualties go to Available (none
  out of play); every Commitment Phase reads ``effects.medevac_commitment`` -- the Coup
  Round's and one an Event conducts (card 73), which leaves the Momentum in play for the
  Coup Round's.
- shaded: the executing Faction stays Eligible (2.3.6 PLAY NOTE); no Air Lift until the Coup
  Round's Reset (Air Lift reads ``effects.momentum_side(state, 15)``).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx


@unshaded(15)
def medevac_unshaded(ctx: Ctx, faction: Faction) -> None:
    """Only the Momentum, which the registry puts into play with its marker (5.4)."""


@shaded(15)
def medevac_shaded(ctx: Ctx, faction: Faction) -> None:
    effects.stay_eligible(ctx, faction, "2.3.6")
