"""Card 20, Laser Guided Bombs: a US Capability (5.3). Each text only puts the Capability into
effect; the rule it changes consults it (Air Strike reads ``effects.capability``).

What each side does: ``tests/test_coin_special_activities.py``
(``test_laser_guided_bombs_and_arc_light_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over

CARD = 20


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)
