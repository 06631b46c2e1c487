"""Card 26, LRRP (dual use, 5.2).

- unshaded: the US places 3 of its Irregulars (card tip: US Special Forces, not Rangers)
  outside the South -- Laos or Cambodia, since US pieces never enter North Vietnam (1.4.2,
  card tip) -- from Available, or, when none is Available, from elsewhere on the map if it
  wants (1.4.1, ruling R207); then the US Air Strikes for free (4.2.3 as usual: any spaces
  with US or ARVN pieces, card tip; 5.5), deciding its details.
- shaded: the executing Faction moves 3 US Irregulars (Active or Underground) from the map
  to Casualties (as many as there are, 5.1.3); each space one left shifts 1 level toward
  Active Opposition (1.6.1: Provinces with Population only), once however many left it.
"""

from __future__ import annotations

from coinlake.data.cards import LRRP
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.special_activities.us import air_strike_effective
from coinlake.state.model import CASUALTIES, GameState

AIR_STRIKE = Grant("air-strike")
IRREGULARS = (Piece.US_IRREGULAR_UNDERGROUND, Piece.US_IRREGULAR_ACTIVE)
COUNT = 3


def laos_cambodia(state: GameState) -> tuple[str, ...]:
    """Outside the South where US pieces may stand: Laos and Cambodia (1.3.5, 1.4.2)."""
    return lib.spaces(state, lib.outside_south, lib.outside_north)


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: an Irregular can be placed (Available, or from the map), or the Air Strike could
    do something."""
    irregular = Piece.US_IRREGULAR_UNDERGROUND
    return (
        kit.available(state, irregular) > 0
        or bool(kit.map_sources(state, Faction.US, irregular))
        or air_strike_effective(state, AIR_STRIKE)
    )


@unshaded(LRRP, effective=unshaded_effective)
def lrrp_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_steps(
        ctx,
        Faction.US,
        (Piece.US_IRREGULAR_UNDERGROUND,),
        laos_cambodia(ctx.state),
        COUNT,
        "US: place an Irregular in Laos or Cambodia",
        "5.1.1",
        from_map=True,
    )
    yield from free_action(ctx, Faction.US, AIR_STRIKE)


@shaded(LRRP)
def lrrp_shaded(ctx: Ctx, faction: Faction) -> Proc:
    before = {s: ctx.state.space(s).count(*IRREGULARS) for s in kit.NOT_NORTH}
    yield from lib.remove_steps(
        ctx,
        faction,
        IRREGULARS,
        lambda state: tuple(s for s in kit.NOT_NORTH if state.space(s).count(*IRREGULARS)),
        COUNT,
        f"{faction}: an Irregular to Casualties",
        "5.1",
        to=CASUALTIES,
    )
    for s, n in before.items():
        if ctx.state.space(s).count(*IRREGULARS) < n:
            kit.shift(ctx, s, -1, "5.1")
