"""Card 40, PoWs (dual use, 5.2).

- unshaded: a free US Air Strike (4.2.3 as usual, 5.5), carried out and decided by the
  executing Faction -- spaces, targets, whether to Degrade the Trail (card tip; 5.1, ruling
  R220); then 2 US Troops go from Casualties to Available (as many as there are, 5.1.3).
- shaded: 3 US Troops go from Available to Casualties (as many as are Available, 5.1.3).
"""

from __future__ import annotations

from coinlake.data.cards import POWS
from coinlake.data.pieces import Faction, Piece
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.special_activities.us import air_strike_effective
from coinlake.state.model import AVAILABLE, CASUALTIES, GameState

AIR_STRIKE = Grant("air-strike", owner=Faction.US)
TROOPS = Piece.US_TROOPS


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: US Troops among the Casualties, or an Air Strike that could do something."""
    return state.casualties[TROOPS] > 0 or air_strike_effective(state, AIR_STRIKE)


@unshaded(POWS, effective=unshaded_effective)
def pows_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from free_action(ctx, faction, AIR_STRIKE)
    troops = min(2, ctx.state.casualties[TROOPS])
    if troops:
        ctx.move(TROOPS, troops, CASUALTIES, AVAILABLE, "5.1")


@shaded(POWS)
def pows_shaded(ctx: Ctx, faction: Faction) -> None:
    troops = min(3, ctx.state.available[TROOPS])
    if troops:
        ctx.move(TROOPS, troops, AVAILABLE, CASUALTIES, "5.1")
