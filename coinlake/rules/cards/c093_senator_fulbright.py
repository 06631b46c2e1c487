"""Card 93, Senator Fulbright (dual use, 5.2).

- unshaded: the US (named by the text, 5.1) removes 4 of its pieces -- Troops, Bases or
  Irregulars, its choice, from any spaces -- from the map to Available (1.4.1), as many as
  it has there (5.1.3).
- shaded: 1 US Base goes from Available to Out of Play, if one is Available (5.1.3);
  Aid -9 (at least 0, 1.8).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState, Track

US_PIECES = pieces_of(Faction.US)


def _us_spaces(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.has(*US_PIECES))


@unshaded(93)
def senator_fulbright_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.remove_steps(
        ctx, Faction.US, US_PIECES, _us_spaces, 4, "US: a US piece from the map to Available", "5.1"
    )


@shaded(93)
def senator_fulbright_shaded(ctx: Ctx, faction: Faction) -> None:
    bases = min(1, kit.available(ctx.state, Piece.US_BASE))
    ctx.move(Piece.US_BASE, bases, AVAILABLE, OUT_OF_PLAY, "5.1")
    ctx.add_track(Track.AID, -9, "5.1.1")
