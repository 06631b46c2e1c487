"""Card 108, Draft Dodgers (dual use, 5.2).

Casualty pieces are every piece in the Casualties box -- Troops, Bases and Irregulars (the
card's tip; 1.4.1).

- unshaded: if fewer than 3 pieces are Casualties, 3 US Troops go from Out of Play to
  Available, as many as are Out of Play (5.1.3).
- shaded: 1 US Troop per Casualty piece, at most 3, goes from Available to Out of Play, as
  many as are Available (5.1.3).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState

MOST = 3


def casualty_pieces(state: GameState) -> int:
    """Every piece in the Casualties box (1.4.1)."""
    return sum(state.casualties)


@unshaded(108)
def draft_dodgers_unshaded(ctx: Ctx, faction: Faction) -> None:
    if casualty_pieces(ctx.state) < MOST:
        troops = min(MOST, kit.count_at(ctx.state, Piece.US_TROOPS, OUT_OF_PLAY))
        ctx.move(Piece.US_TROOPS, troops, OUT_OF_PLAY, AVAILABLE, "5.1")


@shaded(108)
def draft_dodgers_shaded(ctx: Ctx, faction: Faction) -> None:
    due = min(MOST, casualty_pieces(ctx.state))
    troops = min(due, kit.available(ctx.state, Piece.US_TROOPS))
    ctx.move(Piece.US_TROOPS, troops, AVAILABLE, OUT_OF_PLAY, "5.1")
