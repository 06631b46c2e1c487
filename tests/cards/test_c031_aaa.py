"""Card 31, AAA: an NVA Capability (5.3). Each text only puts the Capability into effect.

- unshaded: a Rally that Improves the Trail selects at most 1 space
  (``effects.rally_improvement_space_limit``);
- shaded: Air Strike cannot Degrade the Trail below 2 (Air Strike reads
  ``effects.capability``).

The Operations themselves: ``tests/test_insurgent_operations.py``
(``test_aaa_unshaded_improving_rally_takes_1_space_card_31``) and
``tests/test_coin_special_activities.py`` (``test_aaa_shaded_no_degrade_below_2_and_oriskany_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from coinlake.rules import effects
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over, state_on

CARD = 31


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_unshaded_an_improving_rally_takes_1_space() -> None:
    assert effects.rally_improvement_space_limit(state_on(CARD)) is None
    state = capability_executed(CARD, Side.UNSHADED)
    assert effects.rally_improvement_space_limit(state) == 1
    assert effects.rally_improvement_space_limit(state_on(CARD, "capabilities 31:shaded")) is None
