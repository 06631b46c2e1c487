"""Card 116, Cadres: a VC Capability (5.3). Each text only puts the Capability into effect.

- unshaded: VC Terror and Agitation must remove 2 VC Guerrillas in each space
  (``effects.terror_guerrilla_cost``, ``effects.agitation_guerrilla_cost``);
- shaded: a VC Rally may Agitate in 1 space that had a VC Base (``effects.rally_agitation``).

The rules themselves: ``tests/test_insurgent_operations.py``
(``test_cadres_unshaded_terror_removes_2_vc_guerrillas_card_116``,
``test_cadres_shaded_rally_agitates_once_and_pays_even_if_free_card_116``) and
``tests/test_coup_effects.py``
(``test_cadres_unshaded_agitation_needs_and_removes_two_guerrillas_5_3``).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, Side
from coinlake.rules import effects
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over

CARD = 116


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_unshaded_terror_and_agitation_remove_2_vc_guerrillas() -> None:
    state = capability_executed(CARD, Side.UNSHADED)
    assert effects.terror_guerrilla_cost(state, Faction.VC) == 2
    assert effects.terror_guerrilla_cost(state, Faction.NVA) == 0  # VC Terror only
    assert effects.agitation_guerrilla_cost(state) == 2
    assert not effects.rally_agitation(state, Faction.VC)


def test_shaded_vc_rally_may_agitate() -> None:
    state = capability_executed(CARD, Side.SHADED)
    assert effects.rally_agitation(state, Faction.VC)
    assert not effects.rally_agitation(state, Faction.NVA)
    assert effects.terror_guerrilla_cost(state, Faction.VC) == 0
    assert effects.agitation_guerrilla_cost(state) == 0
