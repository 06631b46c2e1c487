"""Card 34, SA-2s: an NVA Capability (5.3). Each text only puts the Capability into effect.

- unshaded: when Air Strike Degrades the Trail, the US also removes 1 NVA piece outside the
  South (Air Strike reads ``effects.capability``);
- shaded: an NVA Rally Improves the Trail by 2 boxes (``effects.rally_trail_boxes``).

The Operations themselves: ``tests/test_coin_special_activities.py``
(``test_migs_and_sa_2s_when_air_strike_degrades_5_3``) and ``tests/test_insurgent_operations.py``
(``test_sa_2s_shaded_improves_2_boxes_card_34_and_mcnamara_forbids_card_38``).
"""

from __future__ import annotations

import pytest

from coinlake import Side
from coinlake.rules import effects
from tests.cards.helpers import SIDES, capability_executed, capability_turned_over, state_on

CARD = 34


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_shaded_rally_improves_the_trail_2_boxes_3_3_1() -> None:
    assert effects.rally_trail_boxes(state_on(CARD)) == 1  # 3.3.1
    assert effects.rally_trail_boxes(capability_executed(CARD, Side.SHADED)) == 2
    assert effects.rally_trail_boxes(capability_executed(CARD, Side.UNSHADED)) == 1
