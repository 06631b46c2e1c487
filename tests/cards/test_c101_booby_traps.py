"""Card 101, Booby Traps: a VC Capability (5.3). Each text only puts the Capability into
effect.

- unshaded: NVA and VC Ambush take at most 1 space (``effects.ambush_space_limit``; 4.4.3:
  2);
- shaded: after each Sweep the VC may take off a Sweeping Troop on a roll of 1-3 (Sweep
  reads ``effects.capability``).

The Operations themselves: ``tests/test_insurgent_special_activities.py``
(``test_booby_traps_ambush_1_space_and_claymores_no_ambush_cards_101_17``) and
``tests/test_coin_operations.py``
(``test_booby_traps_shaded_removes_a_sweeping_troop_on_1_to_3_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from coinlake.rules import effects
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over, state_on

CARD = 101


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_unshaded_ambush_takes_1_space() -> None:
    assert effects.ambush_space_limit(state_on(CARD)) == 2  # 4.4.3
    assert effects.ambush_space_limit(capability_executed(CARD, Side.UNSHADED)) == 1
    assert effects.ambush_space_limit(capability_executed(CARD, Side.SHADED)) == 2
