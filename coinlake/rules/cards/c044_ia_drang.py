"""Card 44, Ia Drang (dual use, 5.2).

- unshaded: the US (named, so it decides the details, 5.1; ruling R223) selects 1 space
  with any NVA piece that US pieces may enter (not North Vietnam, 1.4.2), then in it, for
  free (5.5): Air Lifts into it (4.2.2, any pieces it likes), Sweeps in it (3.2.3; Troops
  may move in as usual; a Province or City only, and not in Monsoon, 2.3.9, since the text
  does not override it), then Assaults there (3.2.4; the free US Assault may add a free
  ARVN Assault there).
- shaded: the executing Faction selects a Province with NVA Troops -- one with US Troops
  within 1 space where there is such (5.1.3) -- rolls a die and removes that many US
  Troops within 1 space of it (the Province and those adjacent, 1.3.6) to Casualties, its
  choice, all of them if fewer (5.1.3); no roll without such a Troop (as R210).
"""

from __future__ import annotations

from coinlake.data.cards import IA_DRANG
from coinlake.data.pieces import Faction, Piece
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

US = Faction.US
NVA_PIECES = tuple(p for p in Piece if p.faction is Faction.NVA)


@unshaded(IA_DRANG)
def ia_drang_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.has(*NVA_PIECES), lib.outside_north)
    where = yield from lib.choose_space(
        ctx,
        US,
        candidates,
        "US: the space with NVA pieces to Air Lift into, Sweep and Assault",
        "5.1",
    )
    if where is None:
        return
    yield from free_action(ctx, US, Grant("air-lift", spaces=(where,)))
    yield from free_action(ctx, US, Grant("sweep", spaces=(where,)))
    yield from free_action(ctx, US, Grant("assault", spaces=(where,)))


@shaded(IA_DRANG)
def ia_drang_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.us_troops_to_casualties_near(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.is_province, lib.has(Piece.NVA_TROOPS)),
        f"{faction}: a Province with NVA Troops",
        "Ia Drang: US Troops to Casualties",
    )
