"""Card 3, Peace Talks (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: NVA Resources -9; the Peace Talks marker goes on Linebacker II (121) while the
  US still holds it, lowering its pre-condition to Support+Available above 25 (5.4 MARKERS);
- shaded: NVA Resources +9 (at most 75, 5.1.1); a Trail at 0-2 is Improved to 3.
"""

from __future__ import annotations

import pytest

from coinlake import Side, Track
from coinlake.rules import effects
from tests.cards.helpers import effective, execute, state_on, tracks

CARD = 3
PIVOTALS = "pivotals 121 122 123 124"


def test_peace_talks_unshaded_marks_linebacker_ii() -> None:
    """Moved from ``tests/test_event_cards.py`` (ruling R19)."""
    game = execute(CARD, Side.UNSHADED, tracks(nva_resources=10), PIVOTALS)  # the Full's 10
    assert game.state.tracks[Track.NVA_RESOURCES] == 1
    assert effects.peace_talks(game.state)
    short = execute(CARD, Side.UNSHADED)  # no Pivotal Events held: no marker
    assert short.state.tracks[Track.NVA_RESOURCES] == 6 and not effects.peace_talks(short.state)


def test_unshaded_nva_resources_stop_at_0_1_8() -> None:
    game = execute(CARD, Side.UNSHADED, tracks(nva_resources=4))
    assert game.state.tracks[Track.NVA_RESOURCES] == 0


def test_unshaded_marks_nothing_once_linebacker_ii_was_played() -> None:
    game = execute(CARD, Side.UNSHADED, "pivotals 122 123 124", "played 121")
    assert not effects.peace_talks(game.state)
    assert game.state.card_markers == ()


@pytest.mark.parametrize(("trail", "expected"), [(0, 3), (1, 3), (2, 3), (3, 3), (4, 4)])
def test_peace_talks_shaded(trail: int, expected: int) -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.SHADED, tracks(trail=trail))
    assert game.state.tracks[Track.NVA_RESOURCES] == 15 + 9
    assert game.state.tracks[Track.TRAIL] == expected


def test_shaded_nva_resources_at_most_75_5_1_1() -> None:
    game = execute(CARD, Side.SHADED, tracks(nva_resources=70, trail=3))
    assert game.state.tracks[Track.NVA_RESOURCES] == 75


def test_effective_8_1() -> None:
    assert not effective(state_on(CARD, tracks(nva_resources=0)), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, tracks(nva_resources=0), PIVOTALS), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, tracks(nva_resources=75, trail=3)), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(nva_resources=75, trail=2)), CARD, Side.SHADED)
