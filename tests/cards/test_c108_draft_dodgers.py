"""Card 108, Draft Dodgers (dual use, 5.2): VC 1st, so the VC executes it here.

Casualty pieces: every piece in the Casualties box, Bases and Irregulars included (the card's
tip).

- unshaded: with fewer than 3 Casualty pieces, 3 US Troops from Out of Play to Available;
- shaded: 1 US Troop per Casualty piece, at most 3, from Available to Out of Play.
"""

from __future__ import annotations

from coinlake import Faction, Piece, Side
from tests.cards.helpers import effective, execute, state_on

CARD = 108


def test_unshaded_fewer_than_3_casualties_3_troops_to_available() -> None:
    state = execute(CARD, Side.UNSHADED, "casualties 2 us-troops", "out-of-play 5 us-troops").state
    assert state.out_of_play[Piece.US_TROOPS] == 2 and state.available[Piece.US_TROOPS] == 3
    assert state.casualties[Piece.US_TROOPS] == 2
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_3_casualty_pieces_bases_and_irregulars_count_nothing() -> None:
    lines = ("casualties 1 us-troops 1 us-base 1 us-irregular-u", "out-of-play 5 us-troops")
    state = execute(CARD, Side.UNSHADED, *lines).state
    assert state.out_of_play[Piece.US_TROOPS] == 5 and state.available[Piece.US_TROOPS] == 0
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_fewer_troops_out_of_play_5_1_3() -> None:
    state = execute(CARD, Side.UNSHADED, "out-of-play 1 us-troops 2 us-base").state
    assert state.available[Piece.US_TROOPS] == 1
    assert state.out_of_play[Piece.US_BASE] == 2  # Troops only


def test_shaded_1_troop_per_casualty_piece() -> None:
    lines = ("casualties 1 us-base 1 us-irregular-u", "available 6 us-troops")
    state = execute(CARD, Side.SHADED, *lines).state
    assert state.available[Piece.US_TROOPS] == 4 and state.out_of_play[Piece.US_TROOPS] == 2
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_at_most_3() -> None:
    state = execute(CARD, Side.SHADED, "casualties 7 us-troops", "available 6 us-troops").state
    assert state.available[Piece.US_TROOPS] == 3 and state.out_of_play[Piece.US_TROOPS] == 3
    assert state.casualties[Piece.US_TROOPS] == 7  # the Casualties stay


def test_shaded_fewer_troops_available_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "casualties 3 us-troops", "available 1 us-troops").state
    assert state.available[Piece.US_TROOPS] == 0 and state.out_of_play[Piece.US_TROOPS] == 1


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, "out-of-play 1 us-troops"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # no Troop Out of Play
    three = ("casualties 3 us-base", "out-of-play 1 us-troops")
    assert not effective(state_on(CARD, *three), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, *three, "available 1 us-troops"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "available 5 us-troops"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "casualties 1 us-troops"), CARD, Side.SHADED)
