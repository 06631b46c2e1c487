"""Card 118, Korean War Arms (dual use, 5.2).

- unshaded: in each space with 2 or more VC Guerrillas and no NVA Base (Tunneled or not), as
  the text begins, the VC (named, so it decides, 5.1) removes 1 of its Guerrillas to
  Available, Active or Underground, its choice.
- shaded: the executing Faction places 1 VC piece -- a Guerrilla (Underground, 1.4.3) or a
  Base (within stacking, 1.4.2) -- in each of 3 different spaces of its choice, from
  Available, as many as it can (5.1.3); the VC may take its own from elsewhere on the map
  once none of a type is Available (1.4.1).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

VC_GUERRILLAS = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE)


@unshaded(118)
def korean_war_arms_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    spaces = [
        key
        for key in lib.spaces(state, lib.lacks(Piece.NVA_BASE, Piece.NVA_TUNNELED_BASE))
        if state.space(key).count(*VC_GUERRILLAS) >= 2
    ]
    for key in spaces:
        yield from lib.remove_steps(
            ctx,
            Faction.VC,
            VC_GUERRILLAS,
            (key,),
            1,
            "VC: remove a VC Guerrilla",
            "5.1",
        )


@shaded(118)
def korean_war_arms_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_in_spaces(
        ctx,
        faction,
        (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE),
        lib.spaces(ctx.state),
        3,
        f"{faction}: place a VC piece in a space",
        "5.1",
        from_map=True,
    )
