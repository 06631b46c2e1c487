"""Card 121, Linebacker II: the US Pivotal Event (2.3.8, 5.1.4).

Pre-condition: 2+ cards in the RVN Leader box (Minh is not a card, 2.4.1) and
Support+Available above 40 -- above 25 with the Peace Talks marker (card 3).

Effect: the NVA removes 2 of its Bases (its choice; its own Tunneled Bases only if it wants,
5.1.1, ruling R20); NVA Resources to half, rounded down; the NVA is Ineligible through the
next card (2.3.6); 3 US Casualties (the US's choice) to Available.
"""

from __future__ import annotations

import pytest

import coinlake
from coinlake import Choose, Done, Faction, Move, Piece
from coinlake.rules import effects
from coinlake.rules.cards import c121_linebacker_ii as linebacker
from coinlake.state.model import AVAILABLE
from coinlake.state.queries import victory_markers
from tests.cards.helpers import effective, on_card, position_text, tracks
from tests.conftest import counts

CARD = 121
PIVOTAL = Choose("pivotal")
ROLLING_THUNDER = 10  # US 1st Eligible
LEADERS = "leader-box 125 126"


def us_marker(value: int) -> tuple[str, ...]:
    """Lines that make Support+Available (the US marker, 1.9) ``value``: US Troops and Bases
    Available, and Saigon at Active Support (2 x Pop 6) for more than the Force Pool's 46."""
    support = 12 if value > 46 else 0
    troops = min(40, value - support)
    bases = value - support - troops
    line = f"available {troops} us-troops" + (f" {bases} us-base" if bases else "")
    return (line, "space saigon active-support") if support else (line,)


@pytest.mark.parametrize(
    ("leaders", "marker", "talks", "expected"),
    [
        ("125 126", 41, False, True),
        ("125 126", 40, False, False),  # more than 40
        ("126", 50, False, False),  # 2+ cards (Minh is not one)
        ("125 126", 26, True, True),  # Peace Talks: more than 25
        ("125 126", 25, True, False),
    ],
)
def test_linebacker_ii_precondition(leaders: str, marker: int, talks: bool, expected: bool) -> None:
    """Moved from ``tests/test_pivotal.py``."""
    lines = [f"leader-box {leaders}", "pivotals 121", *us_marker(marker)]
    if talks:
        lines.append(f"card-markers 121:{effects.PEACE_TALKS_MARKER}")
    state = coinlake.parse_position(position_text(ROLLING_THUNDER, *lines))
    assert victory_markers(state)[Faction.US] == marker
    assert linebacker.precondition(state) is expected


EFFECTS = (
    LEADERS,
    "pivotals 121",
    "available 38 us-troops 5 us-base",  # Support+Available 43
    "casualties 2 us-troops 1 us-base 1 us-irregular-u",
    "space central-laos 1 nva-base",
    "space north-vietnam 1 nva-base",
    "space southern-laos 1 nva-base-t",
    tracks(nva_resources=11),
)


def test_linebacker_ii_effects() -> None:
    """Moved from ``tests/test_pivotal.py``."""
    game = on_card(ROLLING_THUNDER, *EFFECTS)
    game.apply(PIVOTAL)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the NVA chooses (5.1)
    assert Done() not in decision.options  # Bases without Tunnel remain: not optional
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "southern-laos", AVAILABLE) in decision.options
    game.apply(Move(Piece.NVA_TUNNELED_BASE, 1, "southern-laos", AVAILABLE))  # its own choice
    game.apply(Move(Piece.NVA_BASE, 1, "central-laos", AVAILABLE))
    assert game.state.space("north-vietnam").pieces[Piece.NVA_BASE] == 1
    assert game.state.tracks[coinlake.Track.NVA_RESOURCES] == 5  # half of 11, rounded down
    assert not game.state.eligible(Faction.NVA)  # Ineligible through the next card
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    game.apply(Move(Piece.US_BASE, 1, "casualties", AVAILABLE))
    game.apply(Move(Piece.US_TROOPS, 1, "casualties", AVAILABLE))
    game.apply(Move(Piece.US_TROOPS, 1, "casualties", AVAILABLE))
    assert game.state.casualties == counts({Piece.US_IRREGULAR_UNDERGROUND: 1})
    assert game.state.ineligible_next == (Faction.NVA,)
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_linebacker_ii_tunneled_bases_are_not_forced_5_1_1() -> None:
    """Moved from ``tests/test_pivotal.py``."""
    game = on_card(
        ROLLING_THUNDER,
        LEADERS,
        "pivotals 121",
        "available 38 us-troops 5 us-base",
        "space southern-laos 1 nva-base-t",
    )
    game.apply(PIVOTAL)
    decision = game.decision
    assert decision is not None and Done() in decision.options
    game.apply(Done())
    assert game.state.space("southern-laos").pieces[Piece.NVA_TUNNELED_BASE] == 1


def test_fewer_than_3_casualties_all_go_and_a_lone_kind_goes_unasked() -> None:
    game = on_card(
        ROLLING_THUNDER,
        LEADERS,
        "pivotals 121",
        "available 38 us-troops 5 us-base",
        "casualties 1 us-troops",
        tracks(nva_resources=3),
    )
    game.apply(PIVOTAL)  # no NVA Base to remove, one kind of Casualty: nothing asked
    state = game.state
    assert state.casualties == counts() and state.available[Piece.US_TROOPS] == 39
    assert state.tracks[coinlake.Track.NVA_RESOURCES] == 1


def test_effective_8_1() -> None:
    state = coinlake.parse_position(position_text(ROLLING_THUNDER, *EFFECTS))
    assert effective(state, CARD)
