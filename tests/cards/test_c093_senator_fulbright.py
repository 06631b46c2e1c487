"""Card 93, Senator Fulbright (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: the US (named by the text, 5.1) moves 4 US pieces from the map to Available;
- shaded: 1 Available US Base to Out of Play; Aid -9.
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Side
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 93
MAP = (
    "space saigon 3 us-troops 1 us-base",
    "space hue 1 us-irregular-a 2 arvn-troops",
    "space kontum 1 us-troops",
)


def test_unshaded_the_us_moves_4_of_its_pieces_to_available() -> None:
    game = execute(CARD, Side.UNSHADED, *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # named by the text (5.1)
    assert Done() not in decision.options  # 4 pieces, not "up to" (5.1.3)
    assert Move(Piece.US_BASE, 1, "saigon", AVAILABLE) in decision.options  # Bases too
    assert all(m.piece.faction is Faction.US for m in decision.options if isinstance(m, Move))
    play(
        game,
        f"move 1 us-base saigon {AVAILABLE}",
        f"move 1 us-irregular-a hue {AVAILABLE}",
        f"move 1 us-troops kontum {AVAILABLE}",
    )  # the 4th: a lone kind of removal left, taken unasked
    state = game.state
    assert state.available[Piece.US_BASE] == 1 and state.available[Piece.US_TROOPS] == 2
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 1  # box form (1.4.1)
    assert state.space("saigon").pieces[Piece.US_TROOPS] == 2
    assert state.space("hue").pieces[Piece.ARVN_TROOPS] == 2
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_cannot_stop_early_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, *MAP)
    with pytest.raises(IllegalCommand):
        play(game, "done")


def test_unshaded_fewer_than_4_on_the_map_all_go_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "space saigon 3 us-troops")  # one kind: unasked
    state = game.state
    assert state.space("saigon").pieces[Piece.US_TROOPS] == 0
    assert state.available[Piece.US_TROOPS] == 3
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_1_us_base_out_of_play_and_aid_minus_9() -> None:
    state = execute(CARD, Side.SHADED, "available 2 us-base 3 us-troops").state
    assert state.available[Piece.US_BASE] == 1 and state.out_of_play[Piece.US_BASE] == 1
    assert state.available[Piece.US_TROOPS] == 3
    assert state.aid == 15 - 9
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_no_base_available_aid_at_least_0_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "space saigon 1 us-base", tracks(aid=5)).state
    assert state.out_of_play[Piece.US_BASE] == 0  # only an Available Base (1.4.1)
    assert state.space("saigon").pieces[Piece.US_BASE] == 1
    assert state.aid == 0


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *MAP), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "available 4 us-troops"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Aid -9
    assert effective(state_on(CARD, "available 1 us-base", tracks(aid=0)), CARD, Side.SHADED)
    assert not effective(state_on(CARD, tracks(aid=0)), CARD, Side.SHADED)
