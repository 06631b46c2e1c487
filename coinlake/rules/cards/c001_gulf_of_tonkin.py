"""Card 1, Gulf of Tonkin (dual use, 5.2).

- unshaded: the US Air Strikes for free (4.2.3 as usual: spaces with US or ARVN pieces, the
  die roll, the Trail, the shifts; 5.5), deciding its details; then the US moves 6 of its
  pieces -- Troops, Bases, Irregulars (1.4, card tip) -- from Out of Play into Cities of its
  choice (5.1.1), as many as there are and stacking allows (1.4.2, 5.1.3).
- shaded: Aid drops 1 for each piece in the Casualties box (1.8, at least 0); then every
  Casualty goes Out of Play (1.4.1).
"""

from __future__ import annotations

from coinlake.data.cards import GULF_OF_TONKIN
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.special_activities.us import air_strike_effective
from coinlake.state.model import CASUALTIES, OUT_OF_PLAY, GameState, Track

AIR_STRIKE = Grant("air-strike")
US_PIECES = (Piece.US_TROOPS, Piece.US_BASE, Piece.US_IRREGULAR_UNDERGROUND)
"""The box forms of US pieces (1.4.1)."""
PIECES = 6


def cities(state: GameState) -> tuple[str, ...]:
    """Every City (1.3.3)."""
    return lib.spaces(state, lib.is_city)


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: the Air Strike could remove a piece or Degrade the Trail, or a US piece could
    come from Out of Play into a City."""
    return air_strike_effective(state, AIR_STRIKE) or any(
        state.out_of_play[p] and kit.can_place(state, p, city)
        for p in US_PIECES
        for city in cities(state)
    )


@unshaded(GULF_OF_TONKIN, effective=unshaded_effective)
def gulf_of_tonkin_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from free_action(ctx, Faction.US, AIR_STRIKE)
    yield from lib.place_anywhere(
        ctx,
        Faction.US,
        US_PIECES,
        cities(ctx.state),
        PIECES,
        "US: a piece from Out of Play to a City",
        "5.1.1",
        source=OUT_OF_PLAY,
    )


@shaded(GULF_OF_TONKIN)
def gulf_of_tonkin_shaded(ctx: Ctx, faction: Faction) -> None:
    casualties = ctx.state.casualties
    ctx.add_track(Track.AID, -sum(casualties), "5.1")
    for piece in Piece:
        if casualties[piece]:
            ctx.move(piece, casualties[piece], CASUALTIES, OUT_OF_PLAY, "5.1")
