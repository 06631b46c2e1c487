"""Card 90, Walt Rostow (dual use, 5.2).

- unshaded: the executing Faction moves 2 ARVN pieces of its choice, Bases included (card
  tip), from anywhere -- Available, Out of Play or another space -- into spaces under COIN
  Control as the text begins (1.7), stacking kept (1.4.2); 2 if there are (5.1.3).
- shaded: the executing Faction places 1 Guerrilla, NVA or VC as it likes, in each Province
  holding an ARVN piece as the text begins, from Available (its own from the map once none of
  that type is Available, ruling R207); then ARVN Troops Redeploy as if there were no Bases
  (ruling R79): every one on a LoC or in a Province leaves, and any may move, to Cities
  without NVA Control or Saigon, the ARVN deciding (5.1: the text names its Troops; ruling
  R253). Police and other pieces stay.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import coup
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY
from coinlake.state.queries import Control

ARVN_PIECES = pieces_of(Faction.ARVN)
GUERRILLAS = (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_UNDERGROUND)


@unshaded(90)
def walt_rostow_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    coin = lib.spaces(ctx.state, lib.controlled_by(Control.COIN))
    yield from lib.move_anywhere(
        ctx,
        faction,
        ARVN_PIECES,
        (AVAILABLE, OUT_OF_PLAY, *lib.spaces(ctx.state, lib.has(*ARVN_PIECES))),
        lambda state, origin: coin,
        f"{faction}: place an ARVN piece from anywhere into a COIN-Controlled space",
        "5.1",
        most=2,
        optional=False,
    )


@shaded(90)
def walt_rostow_shaded(ctx: Ctx, faction: Faction) -> Proc:
    provinces = lib.spaces(ctx.state, lib.is_province, lib.has(*ARVN_PIECES))
    yield from lib.place_in_spaces(
        ctx,
        faction,
        GUERRILLAS,
        provinces,
        len(provinces),
        f"{faction}: place a Guerrilla in a Province with ARVN",
        "5.1",
        from_map=True,
    )
    yield from coup.redeploy(ctx, (coup.ARVN_TROOPS,), bases=False)
