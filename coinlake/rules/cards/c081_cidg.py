"""Card 81, CIDG (dual use, 5.2).

- unshaded: a die is rolled (when South Vietnam holds a VC Guerrilla); the executing
  Faction replaces that many VC Guerrillas in South Vietnam (LoCs included, 1.3.5), one at
  a time, each with an ARVN Ranger, a US Irregular or an ARVN Police of its choice from
  Available; a Guerrilla whose replacement is not Available is only removed (5.1.1).
  Fewer Guerrillas than the roll: all are replaced (5.1.3).
- shaded: the executing Faction selects a Highland space with ARVN Rangers, ARVN Police or
  US Irregulars; all of those there go to Available -- Irregulars too, not Casualties
  (1.4.1, the card's tip) -- and 2 VC Guerrillas in all take their place, from Available
  (as many as are there, 5.1.1), Underground (1.4.3).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

VC_GUERRILLAS = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE)
REPLACEMENTS = (Piece.ARVN_RANGER_UNDERGROUND, Piece.US_IRREGULAR_UNDERGROUND, Piece.ARVN_POLICE)
TURNCOATS = (
    Piece.ARVN_RANGER_UNDERGROUND,
    Piece.ARVN_RANGER_ACTIVE,
    Piece.ARVN_POLICE,
    Piece.US_IRREGULAR_UNDERGROUND,
    Piece.US_IRREGULAR_ACTIVE,
)
"""What the shaded text removes: Rangers, Police and Irregulars, either side up."""


@unshaded(81)
def cidg_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    south = lib.spaces(ctx.state, lib.in_south, lib.has(*VC_GUERRILLAS))
    if not south:
        return
    roll = ctx.roll("CIDG: VC Guerrillas to replace", "5.1")
    yield from lib.replace_steps(
        ctx,
        faction,
        VC_GUERRILLAS,
        REPLACEMENTS,
        south,
        roll,
        f"{faction}: replace a VC Guerrilla in South Vietnam",
        "5.1",
    )


@shaded(81)
def cidg_shaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.is_highland, lib.has(*TURNCOATS))
    where = yield from lib.choose_space(
        ctx,
        faction,
        candidates,
        f"{faction}: the Highland space whose Rangers, Police and Irregulars defect",
        "5.1",
    )
    if where is None:
        return
    for piece in TURNCOATS:
        lib.remove(ctx, piece, where, ctx.state.space(where).pieces[piece], "5.1")
    kit.place(ctx, Piece.VC_GUERRILLA_UNDERGROUND, 2, where, "5.1")
