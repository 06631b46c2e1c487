"""Card 49, Russian Arms (dual use, 5.2).

- unshaded: the executing Faction places 6 ARVN pieces of its choice (Troops, Police,
  Rangers, Bases) in any spaces of South Vietnam, LoCs included (1.3.5), within stacking
  (1.4.2): from Available, as many as are there (5.1.3) -- ARVN, or the US, may take a
  type none of which is Available from elsewhere on the map (1.4.1).
- shaded: the NVA (named by the text, so it decides, 5.1) selects 3 spaces with NVA Troops
  and in each places as many NVA Troops as are there already, doubling them: from
  Available, then from elsewhere on the map, the NVA choosing where from, once none is
  Available (its own forces, 1.4.1); a space without Troops has nothing to double, so
  only spaces with Troops are selected. Then it Bombards for free (4.4.2, 5.5), with or
  without the Troops just placed.
"""

from __future__ import annotations

from coinlake.data.map import space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

ARVN_PIECES = (Piece.ARVN_TROOPS, Piece.ARVN_POLICE, Piece.ARVN_RANGER_UNDERGROUND, Piece.ARVN_BASE)
BOMBARD = Grant("bombard")


@unshaded(49)
def russian_arms_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_anywhere(
        ctx,
        faction,
        ARVN_PIECES,
        lib.spaces(ctx.state, lib.in_south),
        6,
        f"{faction}: place an ARVN piece in South Vietnam",
        "5.1",
        from_map=True,
    )


def troop_spaces(state: GameState) -> tuple[str, ...]:
    """Spaces whose NVA Troops can be doubled now: with Troops, while some are Available or
    elsewhere on the map (1.4.1)."""
    spaces = lib.spaces(state, lib.has(Piece.NVA_TROOPS))
    return spaces if kit.available(state, Piece.NVA_TROOPS) or len(spaces) > 1 else ()


@shaded(49)
def russian_arms_shaded(ctx: Ctx, faction: Faction) -> Proc:
    def double(key: str) -> Proc:
        here = ctx.state.space(key).pieces[Piece.NVA_TROOPS]
        yield from lib.place_in_each(
            ctx,
            Faction.NVA,
            Piece.NVA_TROOPS,
            (key,),
            here,
            f"NVA: place an NVA Troop in {space(key).name}",
            "5.1",
            from_map=True,
        )

    yield from lib.each_space(
        ctx,
        Faction.NVA,
        troop_spaces,
        3,
        "NVA: a space whose NVA Troops to double",
        "5.1",
        double,
    )
    yield from free_action(ctx, Faction.NVA, BOMBARD)
