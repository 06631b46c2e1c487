"""Card 19, CORDS: a US Capability (5.3). Each text only puts the Capability into effect; the rule
it changes consults it (Train's Pacification reads ``effects.capability``).

What each side does: ``tests/test_coin_operations.py``
(``test_cords_unshaded_lets_the_us_pacify_in_2_spaces_5_3``,
``test_cords_shaded_stops_us_pacification_at_passive_support_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over

CARD = 19


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)
