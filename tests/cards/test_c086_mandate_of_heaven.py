"""Card 86, Mandate of Heaven: an ARVN Capability (5.3). Each text only puts the Capability
into effect.

- unshaded: 1 Govern space may transfer Aid to Patronage without the shift toward Neutral
  (Govern reads ``effects.capability``);
- shaded: ARVN Govern and ARVN Pacify each take at most 1 space
  (``effects.pacify_space_limit`` for Pacification).

The rules themselves: ``tests/test_coin_special_activities.py``
(``test_mandate_of_heaven_and_young_turks_5_3_2_4_1``) and ``tests/test_coup_effects.py``
(``test_mandate_of_heaven_shaded_arvn_pacifies_one_space_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, Side
from coinlake.rules import effects
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over

CARD = 86


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_shaded_arvn_pacifies_in_1_space() -> None:
    state = capability_executed(CARD, Side.SHADED)
    assert effects.pacify_space_limit(state, Faction.ARVN) == 1
    assert effects.pacify_space_limit(state, Faction.US) is None  # ARVN only
    unshaded = capability_executed(CARD, Side.UNSHADED)
    assert effects.pacify_space_limit(unshaded, Faction.ARVN) is None
