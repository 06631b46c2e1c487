"""Card 110, No Contact (dual use, 5.2).

- unshaded: the executing Faction places 2 US pieces of its choice from Casualties (Troops,
  Bases, Irregulars) in any map spaces where they may stand (1.4.2: not North Vietnam, no
  Base on a LoC or beyond 2), as many as are there (5.1.3); then every ARVN Ranger and US
  Irregular on the map flips Underground (1.4.3).
- shaded: every NVA and VC Guerrilla on the map flips Underground (1.4.3).
"""

from __future__ import annotations

from coinlake.data.map import SPACES
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import CASUALTIES

US_PIECES = (Piece.US_TROOPS, Piece.US_BASE, Piece.US_IRREGULAR_UNDERGROUND)


def all_underground(ctx: Ctx, *factions: Faction) -> None:
    """Flip every Active Guerrilla or Special Forces of ``factions`` Underground (1.4.3)."""
    for sp in SPACES:
        for faction in factions:
            kit.go_underground(ctx, sp.id, faction, "5.1")


@unshaded(110)
def no_contact_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_anywhere(
        ctx,
        faction,
        US_PIECES,
        lib.spaces(ctx.state, lib.outside_north),
        2,
        f"{faction}: place a US piece from Casualties",
        "5.1",
        source=CASUALTIES,
    )
    all_underground(ctx, Faction.ARVN, Faction.US)


@shaded(110)
def no_contact_shaded(ctx: Ctx, faction: Faction) -> None:
    all_underground(ctx, Faction.NVA, Faction.VC)
