"""Card 32, Long Range Guns: an NVA Capability (5.3). Each text only puts the Capability into
effect; Bombard reads its space limit from ``effects.bombard_space_limit`` (4.4.2: 2).

- unshaded: Bombard takes at most 1 space;
- shaded: Bombard takes up to 3 spaces.

The Special Activity itself: ``tests/test_insurgent_special_activities.py``
(``test_long_range_guns_and_typhoon_kate_change_bombard_cards_32_115``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from coinlake.rules import effects
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over, state_on

CARD = 32


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


@pytest.mark.parametrize(("side", "spaces"), [(Side.UNSHADED, 1), (Side.SHADED, 3)])
def test_bombard_space_limit(side: Side, spaces: int) -> None:
    assert effects.bombard_space_limit(state_on(CARD)) == 2  # 4.4.2
    assert effects.bombard_space_limit(capability_executed(CARD, side)) == spaces
