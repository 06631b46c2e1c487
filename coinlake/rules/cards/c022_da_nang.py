"""Card 22, Da Nang (dual use, 5.2).

- unshaded: the US places up to 6 US Troops in Da Nang, of which up to 3 may come from Out of
  Play (the rest from Available, 5.1.1). The US decides, one Troop at a time.
- shaded (Momentum, 5.4): every space within 1 of Da Nang (Da Nang and its adjacent spaces)
  at Support becomes Neutral; no Air Strike until the Coup Round's Reset (Air Strike consults
  ``effects.momentum_active(state, 22)``).
"""

from __future__ import annotations

from coinlake.data.map import SPACES, space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import DONE, Ctx, Kind, Proc
from coinlake.state.commands import Command, Move
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, Support

DA_NANG = "da-nang"


@unshaded(22)
def da_nang_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    from_out_of_play = 0
    for placed in range(6):
        options: list[Command] = []
        if lib.can_place(ctx.state, Piece.US_TROOPS, DA_NANG, AVAILABLE):
            options.append(Move(Piece.US_TROOPS, 1, AVAILABLE, DA_NANG))
        if from_out_of_play < 3 and lib.can_place(ctx.state, Piece.US_TROOPS, DA_NANG, OUT_OF_PLAY):
            options.append(Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, DA_NANG))
        answer = yield ctx.ask(
            Faction.US,
            Kind.PLACE_PIECES,
            f"US: place US Troops in Da Nang ({placed + 1} of up to 6)",
            (*options, DONE) if options else (),
            "5.1",
            none_done=True,
        )
        if not isinstance(answer, Move):
            return
        lib.place(ctx, Piece.US_TROOPS, DA_NANG, 1, "5.1", answer.origin)
        from_out_of_play += answer.origin == OUT_OF_PLAY


@shaded(22)
def da_nang_shaded(ctx: Ctx, faction: Faction) -> Proc:
    da_nang = space(DA_NANG)
    for index in (da_nang.index, *da_nang.adjacent):
        key = SPACES[index].id
        if ctx.state.space(key).support > Support.NEUTRAL:
            ctx.set_support(key, Support.NEUTRAL, "5.1")
    return
    yield
