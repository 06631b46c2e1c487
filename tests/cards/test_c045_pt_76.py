"""Card 45, PT-76: an NVA Capability (5.3). Each text only puts the Capability into effect.

- unshaded: each NVA Attack space first loses 1 NVA Troop (``effects.attack_troop_loss``);
- shaded: in 1 NVA Attack space, NVA Troops remove 1 enemy per Troop
  (``effects.attack_one_per_troop``).

The Operations themselves: ``tests/test_insurgent_operations.py``
(``test_pt_76_unshaded_first_removes_an_nva_troop_card_45``,
``test_pt_76_shaded_one_space_removes_1_per_troop_card_45``).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, Side
from coinlake.rules import effects
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over

CARD = 45


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_unshaded_nva_attack_loses_a_troop_first() -> None:
    state = capability_executed(CARD, Side.UNSHADED)
    assert effects.attack_troop_loss(state, Faction.NVA)
    assert not effects.attack_troop_loss(state, Faction.VC)  # NVA Attacks only
    assert not effects.attack_one_per_troop(state, Faction.NVA)


def test_shaded_nva_troops_remove_one_enemy_per_troop() -> None:
    state = capability_executed(CARD, Side.SHADED)
    assert effects.attack_one_per_troop(state, Faction.NVA)
    assert not effects.attack_one_per_troop(state, Faction.VC)
    assert not effects.attack_troop_loss(state, Faction.NVA)
