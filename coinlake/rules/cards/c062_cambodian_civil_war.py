"""Card 62, Cambodian Civil War (dual use, 5.2).

- unshaded: the US Air Lifts for free into Cambodia (4.2.2, 5.5: every destination a
  Cambodia space), deciding its details; then the executing Faction selects the US or the
  ARVN, which Sweeps for free within Cambodia and decides its details (card tip): Cambodia
  spaces only, Troops moving in only from other Cambodia spaces (ruling R224), even in
  Monsoon (card tip, 5.1.1); then the executing Faction removes 2 NVA or VC Bases from
  Cambodia -- no Tunneled Base (card tip, 1.4.4) but its own, which it may opt to remove
  (5.1.1, ruling R196) -- as many as there are (5.1.3).
- shaded: the NVA (named) places 12 pieces in all, NVA Troops and Guerrillas as it likes,
  in Cambodia spaces, from Available -- and, once none of a type is Available, from the
  map if it wants (1.4.1, ruling R207) -- as many as there are (5.1.3).
"""

from __future__ import annotations

from coinlake.data.cards import CAMBODIAN_CIVIL_WAR
from coinlake.data.map import SPACES, Country
from coinlake.data.pieces import Faction, Piece
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

US, ARVN, NVA = Faction.US, Faction.ARVN, Faction.NVA
CAMBODIA = tuple(s.id for s in SPACES if s.country is Country.CAMBODIA)
AIR_LIFT = Grant("air-lift", spaces=CAMBODIA)
SWEEP = Grant("sweep", spaces=CAMBODIA, origins=CAMBODIA, ignore_monsoon=True)
BASES = (*lib.UNTUNNELED_BASES, *lib.TUNNELED_BASES)


@unshaded(CAMBODIAN_CIVIL_WAR)
def cambodian_civil_war_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from free_action(ctx, US, AIR_LIFT)
    sweeper = yield from lib.choose_faction(
        ctx, faction, (US, ARVN), f"{faction}: the US or the ARVN Sweeps within Cambodia?"
    )
    yield from free_action(ctx, sweeper, SWEEP)
    yield from lib.owner_remove_steps(
        ctx,
        faction,
        BASES,
        CAMBODIA,
        2,
        f"{faction}: remove an NVA or VC Base from Cambodia",
        "5.1",
    )


@shaded(CAMBODIAN_CIVIL_WAR)
def cambodian_civil_war_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_steps(
        ctx,
        NVA,
        (Piece.NVA_TROOPS, Piece.NVA_GUERRILLA_UNDERGROUND),
        CAMBODIA,
        12,
        "NVA: place a Troop or a Guerrilla in Cambodia",
        "5.1.1",
        from_map=True,
    )
