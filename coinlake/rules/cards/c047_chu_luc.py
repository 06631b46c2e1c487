"""Card 47, Chu Luc (dual use, 5.2).

- unshaded: the executing Faction selects a space with NVA pieces and ARVN pieces (Bases
  included, card tip; not North Vietnam, 1.4.2; a space without ARVN pieces would double
  nothing, 5.1.3) and places there as many ARVN Troops as there are ARVN pieces -- from
  Available, as many as there are (5.1.1), or, when the ARVN executes and none is
  Available, from the map if it wants (ruling R207). Then the ARVN (named, deciding the
  details, 5.1) Assaults for free (3.2.4, 5.5) in every space where its cubes meet NVA
  pieces, removing NVA pieces only (3.1; card tip; ruling R228).
- shaded: the executing Faction places up to 10 NVA Troops from Available in North Vietnam
  and the spaces adjacent to it -- Central Laos, Quang Tri and the Hue-Khe Sanh LoC (card
  tip) -- even where there is Support or COIN Control; the NVA, placing its own Troops,
  may take them from the map once none is Available (ruling R207).
"""

from __future__ import annotations

from coinlake.data.cards import CHU_LUC
from coinlake.data.pieces import Faction, Piece
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

ARVN, NVA = Faction.ARVN, Faction.NVA
NVA_PIECES = tuple(p for p in Piece if p.faction is NVA)
ARVN_PIECES = tuple(p for p in Piece if p.faction is ARVN)
ASSAULT_NVA = Grant("assault", targets=(NVA,), compulsory=True)
NEAR_NORTH = lib.within("north-vietnam", 1)


@unshaded(CHU_LUC)
def chu_luc_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.has(*NVA_PIECES), lib.has(*ARVN_PIECES))
    where = yield from lib.choose_space(
        ctx,
        faction,
        candidates,
        f"{faction}: double the ARVN pieces in which space with NVA?",
        "5.1",
    )
    if where is not None:
        count = ctx.state.space(where).count(*ARVN_PIECES)
        yield from lib.place_in_each(
            ctx,
            faction,
            Piece.ARVN_TROOPS,
            (where,),
            count,
            f"{faction}: add an ARVN Troop",
            "5.1.1",
            from_map=faction is ARVN,
        )
    yield from free_action(ctx, ARVN, ASSAULT_NVA)


@shaded(CHU_LUC)
def chu_luc_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_steps(
        ctx,
        faction,
        (Piece.NVA_TROOPS,),
        NEAR_NORTH,
        10,
        f"{faction}: place an NVA Troop within 1 space of North Vietnam (or done)",
        "5.1.1",
        optional=True,
        from_map=faction is NVA,
    )
