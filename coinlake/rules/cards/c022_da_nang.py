"""Card 22, Da Nang (dual use, 5.2).

- unshaded: the US places up to 6 US Troops in Da Nang, of which up to 3 may come from Out of
  Play (the rest from Available, 5.1.1). The US decides, one Troop at a time.
- shaded (Momentum, 5.4): every space within 1 of Da Nang (Da Nang and its adjacent spaces)
  at Support becomes Neutral; no Air Strike until the Coup Round's Reset (Air Strike consults
  ``effects.momentum_active(state, 22)``).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState, Support

DA_NANG = "da-nang"


@unshaded(22)
def da_nang_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    mover = kit.Mover((Piece.US_TROOPS,), sources=_sources, quotas={OUT_OF_PLAY: 3}, one=True)
    yield from kit.move_into(
        ctx,
        Faction.US,
        mover,
        DA_NANG,
        lambda n: f"US: place US Troops in Da Nang ({n + 1} of 6)",
        "5.1",
        kind=Kind.PLACE_PIECES,
        most=6,
    )


def _sources(state: GameState, destination: str) -> tuple[str, ...]:
    """Where the Troops come from: Available, then Out of Play (up to 3, 5.1.1)."""
    return (AVAILABLE, OUT_OF_PLAY)


@shaded(22)
def da_nang_shaded(ctx: Ctx, faction: Faction) -> None:
    for key in lib.within(DA_NANG, 1):
        if ctx.state.space(key).support > Support.NEUTRAL:
            ctx.set_support(key, Support.NEUTRAL, "5.1")
