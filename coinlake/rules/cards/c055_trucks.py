"""Card 55, Trucks (dual use, 5.2).

- unshaded: the Trail Degrades 2 boxes (not below 0, 6.7; an Event Degrades even under
  shaded Oriskany, 5.1.2); then the NVA (named, so it decides, 5.1) removes 4 of its pieces
  from Laos spaces and 4 from Cambodia spaces to Available (all it has there if fewer,
  5.1.3), Bases included; a Tunneled Base only if it opts to (1.4.4, 5.1.1).
- shaded: NVA and VC Resources each gain twice the Trail's value (at most 75, 1.8); then
  the NVA may move any of its untunneled Bases from Laos and Cambodia spaces to other Laos
  and Cambodia spaces, each Base once, never beyond 2 Bases in a space (1.4.2).
"""

from __future__ import annotations

from coinlake.data.map import Country, Space
from coinlake.data.pieces import PIECES, Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Track

NVA = Faction.NVA
REMOVED_EACH = 4


def in_laos(state: GameState, where: Space) -> bool:
    """A Laos space (1.3.5)."""
    return where.country is Country.LAOS


def in_cambodia(state: GameState, where: Space) -> bool:
    """A Cambodia space (1.3.5)."""
    return where.country is Country.CAMBODIA


def in_laos_or_cambodia(state: GameState, where: Space) -> bool:
    """A Laos or Cambodia space (1.3.5)."""
    return where.in_laos_or_cambodia


@unshaded(55)
def trucks_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    effects.change_trail(ctx, -2, "5.1", by_event=True)
    for country, where in (("Laos", in_laos), ("Cambodia", in_cambodia)):
        yield from lib.owner_remove_steps(
            ctx,
            NVA,
            PIECES[NVA],
            lib.spaces(ctx.state, where),
            REMOVED_EACH,
            f"NVA: remove 4 NVA pieces from {country}",
            "5.1",
        )


@shaded(55)
def trucks_shaded(ctx: Ctx, faction: Faction) -> Proc:
    gain = 2 * ctx.state.trail
    ctx.add_track(Track.NVA_RESOURCES, gain, "5.1")
    ctx.add_track(Track.VC_RESOURCES, gain, "5.1")
    laos_cambodia = lib.spaces(ctx.state, in_laos_or_cambodia)
    yield from lib.move_anywhere(
        ctx,
        NVA,
        (Piece.NVA_BASE,),
        laos_cambodia,
        lambda state, origin: laos_cambodia,
        "NVA: move untunneled Bases within Laos and Cambodia",
        "5.1",
    )
