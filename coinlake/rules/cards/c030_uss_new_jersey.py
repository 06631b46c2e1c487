"""Card 30, USS New Jersey (dual use, 5.2).

- unshaded: the executing Faction selects the US or the ARVN, which then carries out a free
  Air Strike (4.2.3, 5.5) and decides its details (card tip; ruling R222): in 1 to 3 coastal
  spaces (1.3.7: North Vietnam included; at most 2 in Monsoon, 2.3.9, since the Air Strike
  keeps its usual restrictions), even without US or ARVN pieces (card tip), at least 1
  (5.1.3); no die roll -- up to 2 Active enemy pieces removed in each space under the usual
  order (NVA Troops first, Bases last), the usual shifts -- and no effect on the Trail.
- shaded: 2 coastal Provinces with US Troops, whose level can still move that way, each
  shift 2 levels toward Active Opposition (1.6.1; fewer when fewer qualify, 5.1.3; ruling
  R162).
"""

from __future__ import annotations

from coinlake.data.cards import USS_NEW_JERSEY
from coinlake.data.map import SPACES
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.special_activities.us import air_strike_effective
from coinlake.state.model import GameState

COASTAL = tuple(s.id for s in SPACES if s.coastal)
AIR_STRIKE = Grant(
    "air-strike",
    owner=Faction.US,
    spaces=COASTAL,
    max_spaces=3,
    any_space=True,
    hits=6,
    per_space=2,
    trail=0,
)


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: an Active enemy piece the Air Strike could remove in a coastal space."""
    return air_strike_effective(state, AIR_STRIKE)


@unshaded(USS_NEW_JERSEY, effective=unshaded_effective)
def uss_new_jersey_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    striker = yield from lib.choose_faction(
        ctx, faction, (Faction.US, Faction.ARVN), f"{faction}: the US or the ARVN Air Strikes?"
    )
    yield from free_action(ctx, striker, AIR_STRIKE)


def shaded_candidates(state: GameState) -> tuple[str, ...]:
    """Coastal Provinces with US Troops that can still shift toward Active Opposition."""
    return tuple(
        s
        for s in lib.spaces(state, lib.is_province, lib.has(Piece.US_TROOPS), lib.can_shift(-1))
        if s in COASTAL
    )


@shaded(USS_NEW_JERSEY)
def uss_new_jersey_shaded(ctx: Ctx, faction: Faction) -> Proc:
    def shift(key: str) -> None:
        kit.shift(ctx, key, -2, "5.1")

    yield from lib.each_space(
        ctx,
        faction,
        shaded_candidates(ctx.state),
        2,
        f"{faction}: a coastal Province with US Troops to shift 2 levels toward Opposition",
        "5.1",
        shift,
    )
