"""Card 22, Da Nang (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: the US places up to 6 US Troops in Da Nang, at most 3 of them from Out of Play;
- shaded (Momentum, 5.4): Support within 1 space of Da Nang becomes Neutral (ruling R22); no
  Air Strike until the Coup Round.
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Side, Support
from coinlake.rules import actions, effects
from coinlake.rules.cards import lib
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY
from tests.cards.helpers import COUP, effective, execute, state_on

CARD = 22


def test_da_nang_unshaded_up_to_6_troops_at_most_3_from_out_of_play() -> None:
    """Moved from ``tests/test_event_cards.py`` (the Full scenario's 10 US Troops Out of
    Play)."""
    game = execute(
        CARD,
        Side.UNSHADED,
        "available 5 us-troops",
        "out-of-play 10 us-troops",
        "space da-nang 1 us-troops",
    )
    before = 1
    from_oop = Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, "da-nang")
    from_avail = Move(Piece.US_TROOPS, 1, AVAILABLE, "da-nang")
    for _ in range(3):
        game.apply(from_oop)
    assert from_oop not in game.legal() and Done() in game.legal()
    with pytest.raises(IllegalCommand):
        game.apply(from_oop)
    game.apply(from_avail)
    game.apply(Done())  # "up to"
    assert game.state.space("da-nang").pieces[Piece.US_TROOPS] == before + 4
    assert game.state.out_of_play[Piece.US_TROOPS] == 10 - 3


def test_unshaded_stops_at_6() -> None:
    game = execute(CARD, Side.UNSHADED, "available 9 us-troops")
    for _ in range(6):
        game.apply(Move(Piece.US_TROOPS, 1, AVAILABLE, "da-nang"))
    assert game.state.space("da-nang").pieces[Piece.US_TROOPS] == 6
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_without_troops_is_ineffective_8_1() -> None:
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "out-of-play 1 us-troops"), CARD, Side.UNSHADED)


def test_da_nang_shaded_removes_support_within_1_space() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(
        CARD,
        Side.SHADED,
        "space da-nang active-support",
        "space quang-nam passive-support",
        "space quang-tin-quang-ngai passive-opposition",
        "space saigon active-support",
    )
    state = game.state
    assert state.space("da-nang").support is Support.NEUTRAL
    assert state.space("quang-nam").support is Support.NEUTRAL
    assert state.space("quang-tin-quang-ngai").support is Support.PASSIVE_OPPOSITION
    assert state.space("saigon").support is Support.ACTIVE_SUPPORT  # not adjacent
    assert effects.momentum_active(state, 22)
    assert "quang-nam" in lib.within("da-nang", 1) and "saigon" not in lib.within("da-nang", 1)


def test_shaded_no_air_strike_until_the_coup_round_5_4() -> None:
    air_strike = actions.lookup(Faction.US, "air-strike")
    assert air_strike is not None
    state = execute(CARD, Side.SHADED).state
    assert not air_strike.legal(state, Faction.US, limited=False, free=False)


def test_shaded_before_a_coup_needs_support_to_remove_8_1() -> None:
    assert not effective(state_on(CARD, next_card=COUP), CARD, Side.SHADED)
    supported = state_on(CARD, "space quang-nam passive-support", next_card=COUP)
    assert effective(supported, CARD, Side.SHADED)
