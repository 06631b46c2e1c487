"""Card 22, Da Nang (dual use, 5.2).

- unshaded: the US places up to 6 US Troops in Da Nang, of which up to 3 may come from Out of
  Play (the rest from Available, 5.1.1). The US decides, one Troop at a time.
- shaded (Momentum, 5.4): every space within 1 of Da Nang (Da Nang and its adjacent spaces)
  at Support becomes Neutral; no Air Strike until the Coup Round's Reset (Air Strike consults
  ``effects.momentum_active(state, 22)``).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, Support

DA_NANG = "da-nang"


@unshaded(22)
def da_nang_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_steps(
        ctx,
        Faction.US,
        (Piece.US_TROOPS,),
        (DA_NANG,),
        6,
        "US: place US Troops in Da Nang",
        "5.1",
        sources={AVAILABLE: None, OUT_OF_PLAY: 3},
        optional=True,
    )


@shaded(22)
def da_nang_shaded(ctx: Ctx, faction: Faction) -> None:
    for key in lib.within(DA_NANG, 1):
        if ctx.state.space(key).support > Support.NEUTRAL:
            ctx.set_support(key, Support.NEUTRAL, "5.1")
