"""Card 6, Aces (dual use, 5.2).

- unshaded: a free Air Strike (4.2.3, 5.5) -- carried out and decided by the executing
  Faction, since the text names none (5.1; ruling R220) -- in exactly 1 space outside the
  South (North Vietnam, Laos or Cambodia, 1.3.5), even one without US or ARVN pieces (card
  tip), with 6 hits (no die roll) for Active enemy pieces under the usual order (NVA Troops
  first, Bases last) and the usual shift; and the Air Strike Degrades the Trail 2 boxes,
  taking no hits, "2 boxes total" (card tip): Top Gun, AAA and Oriskany do not change it
  (5.1.2), while MiGs and SA-2s, which act whenever an Air Strike Degrades, do (ruling
  R221).
- shaded: 2 Available US Troops go to Casualties (as many as are Available, 5.1.3); the
  Trail Improves 2 boxes (6.7, at most 4).
"""

from __future__ import annotations

from coinlake.data.cards import ACES
from coinlake.data.map import SPACES
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.special_activities.us import air_strike_effective
from coinlake.state.model import AVAILABLE, CASUALTIES, GameState

OUTSIDE_SOUTH = tuple(s.id for s in SPACES if not s.in_south)
AIR_STRIKE = Grant(
    "air-strike",
    owner=Faction.US,
    spaces=OUTSIDE_SOUTH,
    max_spaces=1,
    any_space=True,
    hits=6,
    trail=2,
)


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: the Trail can Degrade, or an Active enemy piece outside the South can be hit."""
    return air_strike_effective(state, AIR_STRIKE)


@unshaded(ACES, effective=unshaded_effective)
def aces_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from free_action(ctx, faction, AIR_STRIKE)


@shaded(ACES)
def aces_shaded(ctx: Ctx, faction: Faction) -> None:
    troops = min(2, ctx.state.available[Piece.US_TROOPS])
    if troops:
        ctx.move(Piece.US_TROOPS, troops, AVAILABLE, CASUALTIES, "5.1")
    effects.change_trail(ctx, 2, "6.7", by_event=True)
