"""Card 107, Burning Bonze (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: Patronage +3, or +6 with Saigon at Active Support (at most 75, 1.8);
- shaded: Saigon shifts 1 level toward Active Opposition (1.6.1); Aid -12 (at least 0, 1.8).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, Side, Support
from tests.cards.helpers import effective, execute, state_on, tracks

CARD = 107


@pytest.mark.parametrize(
    ("level", "gain"),
    [
        ("active-support", 6),
        ("passive-support", 3),
        ("neutral", 3),
        ("active-opposition", 3),
    ],
)
def test_unshaded_patronage_3_or_6_with_saigon_at_active_support(level: str, gain: int) -> None:
    game = execute(CARD, Side.UNSHADED, f"space saigon {level}")
    state = game.state
    assert state.patronage == 18 + gain
    assert state.space("saigon").support is Support[level.upper().replace("-", "_")]
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_patronage_stops_at_75_1_8() -> None:
    game = execute(CARD, Side.UNSHADED, "space saigon active-support", tracks(patronage=72))
    assert game.state.patronage == 75


def test_shaded_shifts_saigon_toward_opposition_and_aid_minus_12() -> None:
    game = execute(CARD, Side.SHADED, "space saigon active-support", tracks(aid=20))
    state = game.state
    assert state.space("saigon").support is Support.PASSIVE_SUPPORT
    assert state.aid == 20 - 12


def test_shaded_at_active_opposition_and_aid_below_12_1_8() -> None:
    game = execute(CARD, Side.SHADED, "space saigon active-opposition", tracks(aid=5))
    state = game.state
    assert state.space("saigon").support is Support.ACTIVE_OPPOSITION  # no level beyond
    assert state.aid == 0  # never below 0


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, tracks(patronage=75)), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)
    full = ("space saigon active-opposition", tracks(aid=0))
    assert not effective(state_on(CARD, *full), CARD, Side.SHADED)
    assert effective(state_on(CARD, full[0]), CARD, Side.SHADED)  # Aid 15 drops
    assert effective(state_on(CARD, full[1]), CARD, Side.SHADED)  # Saigon shifts
