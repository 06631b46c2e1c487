"""Card 61, Armored Cavalry: an ARVN Capability (5.3). Each text only puts the Capability into
effect; the rule it changes consults it (Transport reads ``effects.capability``).

What each side does: ``tests/test_coin_special_activities.py``
(``test_armored_cavalry_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over

CARD = 61


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)
