"""Card 12, Capt Buck Adams (dual use, 5.2).

- unshaded: in every space outside South Vietnam (North Vietnam, Laos, Cambodia, 1.3.5) all
  Underground NVA and VC Guerrillas turn Active (1.4.3); then the executing Faction removes
  1 NVA Base from such a space to Available -- not a Tunneled one, unless the NVA executes
  and opts to remove its own (1.4.4, 5.1.1).
- shaded: the executing Faction places 1 NVA Base in a space outside South Vietnam that
  already has NVA Control (1.7) and room for a Base (1.4.2), from Available (the NVA itself
  may take one from the map if none is Available, 1.4.1, ruling R207); then it flips 3
  Active NVA Guerrillas of its choice, anywhere on the map, Underground (all of them if
  fewer, 5.1.3).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState
from coinlake.state.queries import Control, control

NVA_BASES = (Piece.NVA_BASE, Piece.NVA_TUNNELED_BASE)
FLIPPED_UNDERGROUND = 3
ACTIVE = Piece.NVA_GUERRILLA_ACTIVE


def outside_south(state: GameState, where: Space) -> bool:
    """North Vietnam, Laos or Cambodia (1.3.5)."""
    return not where.in_south


def nva_control(state: GameState, where: Space) -> bool:
    """The space is under NVA Control (1.7)."""
    return control(state, where.index) is Control.NVA


@unshaded(12)
def capt_buck_adams_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    outside = lib.spaces(ctx.state, outside_south)
    for key in outside:
        here = ctx.state.space(key).pieces
        for guerrilla in (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_UNDERGROUND):
            ctx.flip(key, guerrilla, here[guerrilla], "5.1")
    yield from lib.owner_remove_steps(
        ctx,
        faction,
        NVA_BASES,
        outside,
        1,
        f"{faction}: remove 1 NVA Base outside the South",
        "5.1",
    )


@shaded(12)
def capt_buck_adams_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_anywhere(
        ctx,
        faction,
        (Piece.NVA_BASE,),
        lib.spaces(ctx.state, outside_south, nva_control),
        1,
        f"{faction}: place 1 NVA Base at NVA Control outside the South",
        "5.1",
        from_map=True,
    )
    for nth in range(FLIPPED_UNDERGROUND):
        active = lib.spaces(ctx.state, lib.has(ACTIVE))
        if kit.on_map(ctx.state, ACTIVE) <= FLIPPED_UNDERGROUND - nth:
            for each in active:  # every one left flips: nothing to choose
                ctx.flip(each, ACTIVE, ctx.state.space(each).pieces[ACTIVE], "5.1")
            return
        key = yield from lib.choose_space(
            ctx,
            faction,
            active,
            f"{faction}: flip an Active NVA Guerrilla Underground where? ({nth + 1} of 3)",
            "5.1",
        )
        assert key is not None  # more were Active than are left to flip
        ctx.flip(key, ACTIVE, 1, "5.1")
