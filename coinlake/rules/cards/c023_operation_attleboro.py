"""Card 23, Operation Attleboro (dual use, 5.2).

- unshaded: the US (named, so it decides the details, 5.1; ruling R235) selects a space
  with a Tunneled Base that US pieces may enter (not North Vietnam, 1.4.2), then in it, for
  free (5.5): Air Lifts into it (4.2.2, any pieces it likes), Sweeps in it (3.2.3; Troops
  may move in, even in Monsoon, the card's tip, 5.1.1), then Assaults there (3.2.4) with
  Tunneled Bases removed as if untunneled -- no die roll (1.4.4, 5.1.1). The free US
  Assault may add a free ARVN Assault there (3.2.4), Tunneled Bases alike.
- shaded: the executing Faction selects a space with a Tunneled Base -- one with US Troops
  within 1 space where there is such (5.1.3, ruling R236) -- rolls a die and removes that
  many US Troops within 1 space of it (the space and those adjacent, 1.3.6) to Casualties,
  its choice, all of them if fewer (5.1.3); no roll without such a Troop (as R210).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

US = Faction.US
TUNNELED = lib.has(*lib.TUNNELED_BASES)


@unshaded(23)
def operation_attleboro_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, TUNNELED, lib.outside_north)
    where = yield from lib.choose_space(
        ctx,
        US,
        candidates,
        "US: the space with a Tunnel to Air Lift into, Sweep and Assault",
        "5.1",
    )
    if where is None:
        return
    yield from free_action(ctx, US, Grant("air-lift", spaces=(where,)))
    yield from free_action(ctx, US, Grant("sweep", spaces=(where,), ignore_monsoon=True))
    yield from free_action(ctx, US, Grant("assault", spaces=(where,), untunneled=True))


@shaded(23)
def operation_attleboro_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.us_troops_to_casualties_near(
        ctx,
        faction,
        lib.spaces(ctx.state, TUNNELED),
        f"{faction}: a Tunnel space",
        "Operation Attleboro: US Troops to Casualties",
    )
