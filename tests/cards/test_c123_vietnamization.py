"""Card 123, Vietnamization: the ARVN Pivotal Event (2.3.8, 5.1.4).

Pre-condition: 2+ cards in the RVN Leader box and fewer than 20 US Troops on the map.

Effect: ARVN Resources +12, Aid +12 (at most 75, 5.1.1); every ARVN piece Out of Play to
Available; ARVN places 4 ARVN cubes anywhere but North Vietnam (ruling R23).
"""

from __future__ import annotations

import pytest

import coinlake
from coinlake import Choose, Done, Faction, Move, Piece
from coinlake.rules.cards import c123_vietnamization as vietnamization
from coinlake.state.model import AVAILABLE, Track
from tests.cards.helpers import effective, on_card, position_text, tracks
from tests.conftest import counts

CARD = 123
PIVOTAL = Choose("pivotal")
LANSDALE = 78  # ARVN 1st Eligible
LEADERS = "leader-box 125 126"


@pytest.mark.parametrize(("us", "expected"), [(19, True), (20, False)])
def test_vietnamization_precondition(us: int, expected: bool) -> None:
    """Moved from ``tests/test_pivotal.py``: Cambodia is on the map."""
    line = f"space the-fishhook {us} us-troops"
    state = coinlake.parse_position(position_text(LANSDALE, LEADERS, line))
    assert vietnamization.precondition(state) is expected
    alone = coinlake.parse_position(position_text(LANSDALE, "leader-box 125", line))
    assert not vietnamization.precondition(alone)


def test_vietnamization_effects() -> None:
    """Moved from ``tests/test_pivotal.py`` (the Full scenario's Out of Play box)."""
    game = on_card(
        LANSDALE,
        LEADERS,
        "pivotals 123",
        "available 6 arvn-troops 10 arvn-police",
        "out-of-play 10 us-troops 2 us-base 10 arvn-troops 3 arvn-ranger-u",
        tracks(aid=70),
    )
    game.apply(PIVOTAL)
    s = game.state
    assert s.tracks[Track.ARVN_RESOURCES] == 42 and s.aid == 75  # at most 75 (5.1.1)
    assert s.out_of_play == counts({Piece.US_TROOPS: 10, Piece.US_BASE: 2})  # ARVN all out
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "north-vietnam") not in decision.options
    assert Move(Piece.ARVN_POLICE, 1, AVAILABLE, "loc-hue-da-nang") in decision.options
    assert Done() not in decision.options  # all 4 must be placed (5.1.3)
    before = s.available[Piece.ARVN_TROOPS]
    for _ in range(4):
        game.apply(Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "hue"))
    assert game.state.space("hue").pieces[Piece.ARVN_TROOPS] == 4
    assert game.state.available[Piece.ARVN_TROOPS] == before - 4
    assert game.state.available[Piece.ARVN_RANGER_UNDERGROUND] == 3


def test_fewer_cubes_available_all_are_placed_5_1_3() -> None:
    game = on_card(LANSDALE, LEADERS, "pivotals 123", "available 1 arvn-police")
    game.apply(PIVOTAL)
    game.apply(Move(Piece.ARVN_POLICE, 1, AVAILABLE, "saigon"))
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_effective_8_1() -> None:
    state = coinlake.parse_position(position_text(LANSDALE, LEADERS))
    assert effective(state, CARD)
