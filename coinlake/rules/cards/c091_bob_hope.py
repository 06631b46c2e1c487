"""Card 91, Bob Hope (dual use, 5.2).

- unshaded: the executing Faction may move any number of US Troops from 1 Province to 1
  City under COIN Control (1.7), in one group (ruling R195); then, for each 2 Troops moved
  (rounded down), it moves 1 US piece of its choice from Casualties to Available (all there
  are if fewer).
- shaded: the executing Faction selects the NVA or the VC (ruling R193); that Faction (it
  decides the details, 5.1) moves up to 3 US Troops, from any Provinces to any Cities, and
  places 1 of its own Guerrillas in the Province each Troop left: from Available -- or,
  none being Available, it may take them from elsewhere on the map (1.4.1, ruling R207) --
  Underground (1.4.3).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import PIECES, Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE, CASUALTIES, GameState
from coinlake.state.queries import Control, control

US_TROOPS = (Piece.US_TROOPS,)
GUERRILLA = {
    Faction.NVA: Piece.NVA_GUERRILLA_UNDERGROUND,
    Faction.VC: Piece.VC_GUERRILLA_UNDERGROUND,
}


def coin_control(state: GameState, where: Space) -> bool:
    """The space is under COIN Control (1.7)."""
    return control(state, where.index) is Control.COIN


def _provinces_with_troops(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.is_province, lib.has(Piece.US_TROOPS))


@unshaded(91)
def bob_hope_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    cities = lib.spaces(ctx.state, lib.is_city, coin_control)
    moved = yield from lib.move_anywhere(
        ctx,
        faction,
        US_TROOPS,
        _provinces_with_troops,
        lambda state, origin: cities,
        f"{faction}: move US Troops from a Province to a COIN Control City (or done)",
        "5.1",
        groups=1,
    )
    yield from lib.box_steps(
        ctx,
        faction,
        PIECES[Faction.US],
        CASUALTIES,
        AVAILABLE,
        moved // 2,
        f"{faction}: move a US Casualty to Available",
        "5.1",
    )


@shaded(91)
def bob_hope_shaded(ctx: Ctx, faction: Faction) -> Proc:
    word = yield from lib.choose_word(
        ctx, faction, ("nva", "vc"), f"{faction}: the NVA or the VC moves the US Troops?", "5.1"
    )
    mover = Faction.NVA if word == "nva" else Faction.VC

    def leave_guerrillas(move: Move) -> Proc:
        yield from lib.place_in_each(
            ctx,
            mover,
            GUERRILLA[mover],
            (move.origin,),
            move.count,
            f"{mover}: place a Guerrilla where each Troop was",
            "5.1",
            from_map=True,
        )

    yield from lib.move_anywhere(
        ctx,
        mover,
        US_TROOPS,
        _provinces_with_troops,
        lambda state, origin: lib.spaces(state, lib.is_city),
        f"{mover}: move up to 3 US Troops from Provinces to Cities (or done)",
        "5.1",
        most=3,
        then=leave_guerrillas,
    )
