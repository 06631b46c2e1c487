"""Card 2, Kissinger (dual use, 5.2).

- unshaded: roll a die; the executing Faction removes that many NVA and VC pieces in all, one
  at a time, from Laos and Cambodia spaces to Available (all there are if fewer, 5.1.3).
  Bases count as pieces; a Tunneled Base only if it is the executing Faction's own, which it
  may opt to remove (1.4.4, 5.1.1).
- shaded: the NVA places 2 NVA pieces of its choice (Troops, Guerrillas, or Bases within
  stacking, 1.4.2) in Cambodia spaces, from Available -- or, a type being exhausted, it may
  take them from elsewhere on the map (1.4.1, ruling R207); the US then moves 2 US Troops of
  its choice to Out of Play, from the map, Available or Casualties (ruling R190); Aid -6
  (at least 0, 1.8).
"""

from __future__ import annotations

from coinlake.data.map import Country, Space
from coinlake.data.pieces import INSURGENT_PIECES, Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc
from coinlake.state.model import AVAILABLE, CASUALTIES, OUT_OF_PLAY, GameState, Track

NVA_BOX_FORMS = (Piece.NVA_TROOPS, Piece.NVA_GUERRILLA_UNDERGROUND, Piece.NVA_BASE)


def in_laos_or_cambodia(state: GameState, where: Space) -> bool:
    """A Laos or Cambodia space (1.3.5)."""
    return where.in_laos_or_cambodia


def in_cambodia(state: GameState, where: Space) -> bool:
    """A Cambodia space (1.3.5)."""
    return where.country is Country.CAMBODIA


@unshaded(2)
def kissinger_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    roll = ctx.roll("Kissinger: Insurgent pieces to remove", "5.1")
    yield from lib.owner_remove_steps(
        ctx,
        faction,
        INSURGENT_PIECES,
        lib.spaces(ctx.state, in_laos_or_cambodia),
        roll,
        f"{faction}: remove an Insurgent piece from Laos or Cambodia (die roll {roll})",
        "5.1",
    )


@shaded(2)
def kissinger_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_anywhere(
        ctx,
        Faction.NVA,
        NVA_BOX_FORMS,
        lib.spaces(ctx.state, in_cambodia),
        2,
        "NVA: place an NVA piece in Cambodia",
        "5.1",
        from_map=True,
    )
    yield from lib.move_to(
        ctx,
        Faction.US,
        (Piece.US_TROOPS,),
        _us_troops_anywhere,
        OUT_OF_PLAY,
        "US: move US Troops to Out of Play (2 in all)",
        "5.1",
        most=2,
        kind=Kind.REMOVE_PIECES,
    )
    ctx.add_track(Track.AID, -6, "5.1")


def _us_troops_anywhere(state: GameState) -> tuple[str, ...]:
    """Where "any" US Troops may come from: the map, Available and Casualties (R190)."""
    return (*kit.spaces_with(state, Piece.US_TROOPS), AVAILABLE, CASUALTIES)
