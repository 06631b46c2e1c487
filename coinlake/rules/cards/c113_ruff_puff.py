"""Card 113, Ruff Puff (dual use, 5.2).

- unshaded: the executing Faction places up to 8 ARVN Police in any spaces of South Vietnam,
  LoCs included (1.3.5), from Available -- ARVN, or the US, may take Police from elsewhere
  on the map once none is Available (1.4.1).
- shaded: the executing Faction replaces 5 ARVN Police in spaces other than Cities, one at
  a time, each with 1 VC piece from Available: a Guerrilla (Underground, 1.4.3) or, for at
  most one of them, a Base (within stacking, 1.4.2). A Police whose replacement is not
  Available is only removed (5.1.1); fewer Police: all of them (5.1.3).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

REPLACED = 5
VC_PIECES = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE)


@unshaded(113)
def ruff_puff_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_steps(
        ctx,
        faction,
        (Piece.ARVN_POLICE,),
        lib.spaces(ctx.state, lib.in_south),
        8,
        f"{faction}: place up to 8 Police in South Vietnam (or done)",
        "5.1",
        optional=True,
        from_map=True,
    )


def outside_cities(state: GameState, where: Space) -> bool:
    """A Province or LoC: any space but a City (1.3)."""
    return not where.is_city


@shaded(113)
def ruff_puff_shaded(ctx: Ctx, faction: Faction) -> Proc:
    base_placed = False
    for nth in range(REPLACED):
        bases = kit.available(ctx.state, Piece.VC_BASE)
        replaced = yield from lib.replace_steps(
            ctx,
            faction,
            (Piece.ARVN_POLICE,),
            (Piece.VC_GUERRILLA_UNDERGROUND,) if base_placed else VC_PIECES,
            lib.spaces(ctx.state, lib.has(Piece.ARVN_POLICE), outside_cities),
            1,
            f"{faction}: Police {nth + 1} of {REPLACED} outside Cities to a VC piece",
            "5.1",
        )
        if not replaced:
            return
        base_placed = base_placed or kit.available(ctx.state, Piece.VC_BASE) < bases
