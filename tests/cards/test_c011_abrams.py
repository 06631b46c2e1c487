"""Card 11, Abrams: a US Capability (5.3). Each text only puts the Capability into effect; the rule
it changes consults it (Assault reads ``effects.capability``).

What each side does to an Assault: ``tests/test_coin_operations.py``
(``test_abrams_unshaded_one_base_first_abrams_shaded_2_spaces_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over, execute

CARD = 11


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_executing_the_other_side_of_a_capability_flips_it_5_3() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.SHADED, "capabilities 11:unshaded")
    assert game.state.capabilities == ((11, Side.SHADED),)
