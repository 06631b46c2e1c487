"""Card 41, Bombing Pause (single use, Momentum, 5.4): NVA 1st, so the NVA executes it here.

2 different spaces that can have Support (1.6.1) go to Passive Support; Patronage +2 (at most
75, 5.1.1); no Air Strike until the Coup Round.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Select, Support
from coinlake.rules import actions, effects
from tests.cards.helpers import COUP, effective, execute, state_on, tracks

CARD = 41


def test_bombing_pause_sets_2_spaces_passive_support_and_patronage_5_1_1() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, None, tracks(patronage=74))  # NVA is 1st Eligible (NVA, ARVN, US, VC)
    with pytest.raises(IllegalCommand):
        game.apply(Select("loc-hue-da-nang"))  # a LoC cannot have Support (1.6.1)
    with pytest.raises(IllegalCommand):
        game.apply(Select("phuoc-long"))  # Pop 0
    game.apply(Select("kien-phong"))
    with pytest.raises(IllegalCommand):
        game.apply(Select("kien-phong"))  # 2 different spaces
    game.apply(Select("hue"))
    state = game.state
    assert state.space("kien-phong").support is Support.PASSIVE_SUPPORT
    assert state.space("hue").support is Support.PASSIVE_SUPPORT
    assert state.patronage == 75  # never above 75 (5.1.1)
    assert effects.momentum_active(state, 41)
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_opposition_also_becomes_passive_support() -> None:
    game = execute(CARD, None, "space saigon active-opposition")
    game.apply(Select("saigon"))
    game.apply(Select("hue"))
    assert game.state.space("saigon").support is Support.PASSIVE_SUPPORT
    assert game.state.patronage == 18 + 2


def test_no_air_strike_until_the_coup_round_5_4() -> None:
    air_strike = actions.lookup(Faction.US, "air-strike")
    assert air_strike is not None
    game = execute(CARD, None)
    game.apply(Select("hue"))
    game.apply(Select("saigon"))
    assert not air_strike.legal(game.state, Faction.US, limited=False, free=False)


def test_before_a_coup_is_effective_8_1() -> None:
    """8.1 names Bombing Pause among the Momentum Events with an immediate effect."""
    assert effective(state_on(CARD, next_card=COUP), CARD)
