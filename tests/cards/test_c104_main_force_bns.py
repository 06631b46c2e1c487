"""Card 104, Main Force Bns: a VC Capability (5.3). Each text only puts the Capability into
effect.

- unshaded: a Marching group Activates once it and the COIN cubes and SF there exceed 1
  (``effects.march_activation_limit``; 3.3.2: 3);
- shaded: 1 VC Ambush space may remove a second enemy (``effects.ambush_double_removal``).

The Operations themselves: ``tests/test_insurgent_operations.py``
(``test_main_force_bns_unshaded_activates_above_1_card_104``) and
``tests/test_insurgent_special_activities.py``
(``test_main_force_bns_shaded_1_vc_ambush_space_removes_2_card_104``).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, Side
from coinlake.rules import effects
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over, state_on

CARD = 104


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_unshaded_march_activates_above_1() -> None:
    assert effects.march_activation_limit(state_on(CARD)) == 3  # 3.3.2
    assert effects.march_activation_limit(capability_executed(CARD, Side.UNSHADED)) == 1


def test_shaded_one_vc_ambush_space_removes_2() -> None:
    state = capability_executed(CARD, Side.SHADED)
    assert effects.ambush_double_removal(state, Faction.VC)
    assert not effects.ambush_double_removal(state, Faction.NVA)  # VC Ambush only
    assert effects.march_activation_limit(state) == 3
