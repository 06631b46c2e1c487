"""Card 120, US Press Corps (dual use, 5.2): VC 1st, so the VC executes it here.

Cards in the RVN Leader box: Coup cards there, Failed Attempts included, Minh not (2.4.1).

- unshaded: the VC moves 4 (0-2 cards in the box) or 2 (3-5 cards) US pieces from Out of
  Play onto the map, anywhere but North Vietnam (1.4.2);
- shaded: as many US Troop Casualties as there are cards in the box, and every US Base
  Casualty, go Out of Play; Irregulars stay (ruling R134).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Side
from coinlake.state.model import OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 120
BOX = "out-of-play 6 us-troops 2 us-base 2 us-irregular-u"


def test_unshaded_4_pieces_with_0_to_2_cards_in_the_box() -> None:
    game = execute(CARD, Side.UNSHADED, BOX, "leader-box 125 129")  # a Failed Attempt counts
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # it decides (5.1)
    assert Done() not in decision.options  # not "up to" (5.1.3)
    moves = [m for m in decision.options if isinstance(m, Move)]
    assert Move(Piece.US_BASE, 1, OUT_OF_PLAY, "saigon") in moves  # Bases too
    assert all(m.destination != "north-vietnam" for m in moves)  # 1.4.2
    assert not any(m.piece is Piece.US_BASE and m.destination == "loc-hue-da-nang" for m in moves)
    play(
        game,
        f"move 1 us-base {OUT_OF_PLAY} saigon",
        f"move 1 us-irregular-u {OUT_OF_PLAY} hue",
        f"move 1 us-troops {OUT_OF_PLAY} hue",
        f"move 1 us-troops {OUT_OF_PLAY} loc-hue-da-nang",
    )
    state = game.state
    assert pieces(game, "saigon", "us-base") == 1
    assert pieces(game, "hue", "us-irregular-u") == 1  # Underground (1.4.3)
    assert (
        pieces(game, "hue", "us-troops") == 1 and pieces(game, "loc-hue-da-nang", "us-troops") == 1
    )
    assert state.out_of_play[Piece.US_TROOPS] == 4
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_2_pieces_with_3_to_5_cards_in_the_box() -> None:
    game = execute(CARD, Side.UNSHADED, BOX, "leader-box 129 125 126")
    play(game, f"move 1 us-troops {OUT_OF_PLAY} hue", f"move 1 us-troops {OUT_OF_PLAY} hue")
    state = game.state
    assert pieces(game, "hue", "us-troops") == 2 and state.out_of_play[Piece.US_TROOPS] == 4
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_stacking_no_third_base_1_4_2() -> None:
    game = execute(CARD, Side.UNSHADED, BOX, "space saigon 1 us-base 1 arvn-base")
    with pytest.raises(IllegalCommand):
        play(game, f"move 1 us-base {OUT_OF_PLAY} saigon")


def test_unshaded_fewer_out_of_play_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 1 us-troops")
    play(game, f"move 1 us-troops {OUT_OF_PLAY} kontum")
    assert pieces(game, "kontum", "us-troops") == 1
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_troops_up_to_cards_in_the_box_and_all_bases() -> None:
    lines = ("casualties 5 us-troops 2 us-base 1 us-irregular-u", "leader-box 129 125 126")
    state = execute(CARD, Side.SHADED, *lines).state
    assert state.out_of_play[Piece.US_TROOPS] == 3 and state.casualties[Piece.US_TROOPS] == 2
    assert state.out_of_play[Piece.US_BASE] == 2 and state.casualties[Piece.US_BASE] == 0
    assert state.casualties[Piece.US_IRREGULAR_UNDERGROUND] == 1  # Troops only (R134)
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_fewer_troops_than_cards_and_minh_is_no_card_2_4_1() -> None:
    state = execute(CARD, Side.SHADED, "casualties 1 us-troops", "leader-box 125 126").state
    assert state.out_of_play[Piece.US_TROOPS] == 1
    state = execute(CARD, Side.SHADED, "casualties 4 us-troops 1 us-base").state  # Minh
    assert state.casualties[Piece.US_TROOPS] == 4 and state.out_of_play[Piece.US_BASE] == 1


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, BOX), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "casualties 3 us-troops"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "casualties 3 us-troops"), CARD, Side.SHADED)  # Minh
    assert effective(state_on(CARD, "casualties 3 us-troops", "leader-box 125"), CARD, Side.SHADED)
    assert effective(state_on(CARD, "casualties 1 us-base"), CARD, Side.SHADED)
    assert not effective(
        state_on(CARD, "casualties 2 us-irregular-u", "leader-box 125"), CARD, Side.SHADED
    )
