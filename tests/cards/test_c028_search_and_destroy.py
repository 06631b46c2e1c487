"""Card 28, Search and Destroy: a US Capability (5.3). Each text only puts the Capability into
effect; the rule it changes consults it (Assault reads ``effects.capability``).

What each side does: ``tests/test_coin_operations.py`` (``test_search_and_destroy_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over

CARD = 28


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)
