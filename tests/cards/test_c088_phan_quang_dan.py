"""Card 88, Phan Quang Dan (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: Saigon 1 level toward Active Support; Patronage +5;
- shaded: Saigon 1 level toward Neutral (from either side); Patronage -5; ARVN Ineligible
  through the next card (2.3.6 PLAY NOTE).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, Side, Support
from tests.cards.helpers import KISSINGER, effective, execute, play, state_on, tracks
from tests.conftest import eligibility

CARD = 88


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("passive-opposition", Support.NEUTRAL),
        ("neutral", Support.PASSIVE_SUPPORT),
        ("active-support", Support.ACTIVE_SUPPORT),  # at the end already (1.6.1)
    ],
)
def test_unshaded_saigon_toward_active_support_patronage_plus_5(
    before: str, after: Support
) -> None:
    state = execute(CARD, Side.UNSHADED, f"space saigon {before}").state
    assert state.space("saigon").support is after
    assert state.patronage == 18 + 5
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)
    state = state_on(CARD, tracks(patronage=75), "space saigon active-support")
    assert not effective(state, CARD)
    assert effective(state_on(CARD, tracks(patronage=75)), CARD)  # Saigon shifts


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("active-support", Support.PASSIVE_SUPPORT),
        ("passive-support", Support.NEUTRAL),
        ("neutral", Support.NEUTRAL),  # at Neutral: no shift
        ("passive-opposition", Support.NEUTRAL),  # toward Neutral from Opposition too
        ("active-opposition", Support.PASSIVE_OPPOSITION),
    ],
)
def test_shaded_saigon_toward_neutral(before: str, after: Support) -> None:
    state = execute(CARD, Side.SHADED, f"space saigon {before}").state
    assert state.space("saigon").support is after
    assert state.patronage == 18 - 5


def test_shaded_arvn_ineligible_through_next_card_2_3_6() -> None:
    game = execute(CARD, Side.SHADED, tracks(patronage=3))
    state = game.state
    assert state.patronage == 0  # at least 0 (1.8)
    assert not state.eligible(Faction.ARVN) and state.ineligible_next == (Faction.ARVN,)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # 2nd: ARVN, VC, NVA, US
    while game.state.current_card == CARD:
        play(game, "pass")  # VC, NVA, US pass (2.3.3)
    state = game.state
    assert state.current_card == KISSINGER
    assert state.eligibility == eligibility(Faction.ARVN)  # still Ineligible on the next card


def test_shaded_effective_8_1() -> None:
    # ARVN's Ineligibility is an effect even with nothing else to change
    assert effective(state_on(CARD, tracks(patronage=0)), CARD, Side.SHADED)
