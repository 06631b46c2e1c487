"""Card 78, General Lansdale (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: a space outside Saigon with a US or ARVN piece that can have Support (1.6.1)
  goes to Active Support and gets a Terror marker, even if it has one (ruling R21; while one
  of the 15 is left, 3.3.4); Patronage +1;
- shaded (Momentum, 5.4): Patronage +3; no US Assault until the Coup Round.
"""

from __future__ import annotations

import pytest

from coinlake import IllegalCommand, Select, Side, Support
from coinlake.rules import effects
from tests.cards.helpers import COUP, effective, execute, state_on, tracks

CARD = 78
MAP = (
    "space hue 2 arvn-police",
    "space saigon 1 us-troops",
    "space kien-phong 2 vc-guerrilla-u",
    "space loc-hue-da-nang 1 arvn-police",
    "space phuoc-long 1 arvn-troops",  # Population 0
    "space kontum 1 us-troops",
)


def test_general_lansdale_unshaded() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.UNSHADED, *MAP)  # ARVN 1st; Hue has ARVN Police, Neutral
    with pytest.raises(IllegalCommand):
        game.apply(Select("saigon"))  # outside Saigon only
    with pytest.raises(IllegalCommand):
        game.apply(Select("kien-phong"))  # no US or ARVN piece there
    with pytest.raises(IllegalCommand):
        game.apply(Select("loc-hue-da-nang"))  # a LoC cannot have Support (1.6.1)
    with pytest.raises(IllegalCommand):
        game.apply(Select("phuoc-long"))  # nor a Province without Population (1.6.1)
    game.apply(Select("hue"))
    hue = game.state.space("hue")
    assert hue.support is Support.ACTIVE_SUPPORT and hue.terror == 1
    assert game.state.patronage == 18 + 1


def test_unshaded_adds_terror_where_there_is_some_r21() -> None:
    game = execute(CARD, Side.UNSHADED, "space hue 2 arvn-police terror=1")
    assert game.state.space("hue").terror == 2  # the lone candidate is taken unasked


def test_unshaded_no_terror_marker_left_3_3_4() -> None:
    markers = [f"space {key} terror=5" for key in ("kontum", "qui-nhon", "cam-ranh")]
    game = execute(CARD, Side.UNSHADED, "space hue 2 arvn-police", *markers)
    assert game.state.space("hue").terror == 0
    assert game.state.space("hue").support is Support.ACTIVE_SUPPORT


def test_unshaded_without_a_space_still_adds_patronage_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED)
    assert game.state.patronage == 18 + 1
    assert not effective(state_on(CARD, tracks(patronage=75)), CARD, Side.UNSHADED)


def test_general_lansdale_shaded() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.SHADED)
    assert game.state.patronage == 18 + 3
    assert effects.momentum_active(game.state, 78)


def test_shaded_before_a_coup_is_effective_only_below_75_patronage_8_1() -> None:
    assert effective(state_on(CARD, next_card=COUP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, tracks(patronage=75), next_card=COUP), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(patronage=75)), CARD, Side.SHADED)  # Momentum
