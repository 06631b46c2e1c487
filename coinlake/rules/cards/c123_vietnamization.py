"""Card 123, Vietnamization: the ARVN Pivotal Event (2.3.8, 5.1.4).

Pre-condition: at least 2 cards in the RVN Leader box (Minh is not a card, 2.4.1) and fewer
than 20 US Troops on the map.

Effect, all implemented: ARVN Resources +12 and Aid +12 (at most 75, 5.1.1); every ARVN piece
Out of Play goes to Available; ARVN places 4 ARVN cubes (Troops or Police, its choice) from
Available in any spaces outside North Vietnam (1.4.2), as many as are Available.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import pivotal
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState, Track


def precondition(state: GameState) -> bool:
    """2+ cards in the RVN Leader box and fewer than 20 US Troops on the map."""
    us_troops = sum(sp.pieces[Piece.US_TROOPS] for sp in state.spaces)
    return effects.leader_box_cards(state) >= 2 and us_troops < 20


@pivotal(123, precondition=precondition)
def vietnamization(ctx: Ctx, faction: Faction) -> Proc:
    ctx.add_track(Track.ARVN_RESOURCES, 12, "5.1.1")
    ctx.add_track(Track.AID, 12, "5.1.1")
    for piece in pieces_of(Faction.ARVN):
        ctx.move(piece, ctx.state.out_of_play[piece], OUT_OF_PLAY, AVAILABLE, "5.1")
    yield from lib.place_steps(
        ctx,
        Faction.ARVN,
        (Piece.ARVN_TROOPS, Piece.ARVN_POLICE),
        lib.spaces(ctx.state, lib.outside_north),
        4,
        "ARVN: place an ARVN cube",
        "5.1",
    )
