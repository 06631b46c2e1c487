"""Card 72, Body Count (dual use, 5.2).

- unshaded (Momentum, 5.4): no immediate effect; until the Coup Round's Reset, Assault and
  Patrol cost 0 and add 3 Aid per Guerrilla they remove (``operations.assault.body_count``,
  consulted by Assault and Patrol).
- shaded: 1 VC Guerrilla is placed in each space at Active Opposition and 2 NVA Troops in
  each Laos and Cambodia space; when too few are Available, the executing Faction places
  those there where it likes (5.1, 5.1.3) -- and, placing its own forces, may then take
  them from elsewhere on the map (1.4.1).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Support


def in_laos_or_cambodia(state: GameState, where: Space) -> bool:
    """A Laos or Cambodia space (1.3.5)."""
    return where.in_laos_or_cambodia


@unshaded(72)
def body_count_unshaded(ctx: Ctx, faction: Faction) -> None:
    """Nothing happens at once: the Momentum comes into play (5.4)."""


@shaded(72)
def body_count_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_in_each(
        ctx,
        faction,
        Piece.VC_GUERRILLA_UNDERGROUND,
        lib.spaces(ctx.state, lib.at_level(Support.ACTIVE_OPPOSITION)),
        1,
        f"{faction}: place a VC Guerrilla at Active Opposition",
        "5.1",
        from_map=True,
    )
    yield from lib.place_in_each(
        ctx,
        faction,
        Piece.NVA_TROOPS,
        lib.spaces(ctx.state, in_laos_or_cambodia),
        2,
        f"{faction}: place an NVA Troop in Laos or Cambodia",
        "5.1",
        from_map=True,
    )
