"""Card 16, Blowtorch Komer (dual use, 5.2): US 1st, so the US executes it here.

- unshaded (Momentum, 5.4): Aid +10 at once; Pacification costs 1 per step or Terror in the
  coming Support Phase (6.3.1);
- shaded: Aid -10; a space with US or ARVN Troops and ARVN Police that can still shift goes
  1 level toward Active Opposition (ruling R145).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Select, Side, Support
from coinlake.rules import effects
from tests.cards.helpers import COUP, effective, execute, play, state_on, tracks

CARD = 16
MAP = (
    "space hue 1 us-troops 1 arvn-police",  # Neutral: a candidate
    "space can-tho 1 arvn-troops 1 arvn-police passive-support",  # a candidate
    "space da-nang 1 arvn-troops 1 arvn-police active-opposition",  # cannot shift further
    "space kontum 1 nva-troops 1 arvn-police",  # NVA Troops are not meant (R145)
    "space qui-nhon 1 us-troops",  # no Police
    "space loc-hue-da-nang 1 us-troops 1 arvn-police",  # a LoC has no level (1.6.1)
    "space phuoc-long 1 us-troops 1 arvn-police",  # Population 0 (1.6.1)
)


def test_unshaded_adds_aid_and_cheapens_support_phase_pacification_6_3_1() -> None:
    game = execute(CARD, Side.UNSHADED)
    state = game.state
    assert state.aid == 15 + 10
    assert effects.momentum_active(state, CARD)
    assert effects.momentum_side(state, CARD) is Side.UNSHADED
    assert effects.pacification_cost(state, support_phase=True) == 1
    assert effects.pacification_cost(state, support_phase=False) == 3  # Train's: unchanged
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_aid_stops_at_75_1_8() -> None:
    assert execute(CARD, Side.UNSHADED, tracks(aid=70)).state.aid == 75


def test_unshaded_is_effective_before_a_coup_8_1() -> None:
    """8.1 names it: its Momentum acts in the coming Support Phase, even at Aid 75."""
    assert effective(state_on(CARD, tracks(aid=75), next_card=COUP), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, tracks(aid=75)), CARD, Side.UNSHADED)


def test_shaded_aid_minus_10_and_a_space_shifts_toward_opposition_r145() -> None:
    game = execute(CARD, Side.SHADED, *MAP)
    assert game.state.aid == 15 - 10
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the executing Faction
    assert decision.options == (Select("hue"), Select("can-tho"))
    with pytest.raises(IllegalCommand):
        game.apply(Select("kontum"))
    play(game, "select can-tho")
    state = game.state
    assert state.space("can-tho").support is Support.NEUTRAL
    assert state.space("hue").support is Support.NEUTRAL
    assert state.space("da-nang").support is Support.ACTIVE_OPPOSITION


def test_shaded_lone_candidate_taken_and_aid_stops_at_0_1_8() -> None:
    game = execute(CARD, Side.SHADED, tracks(aid=4), "space hue 2 us-troops 2 arvn-police")
    state = game.state
    assert state.aid == 0
    assert state.space("hue").support is Support.PASSIVE_OPPOSITION
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_without_a_space_only_cuts_aid_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, *MAP[2:])
    state = game.state
    assert state.aid == 5
    assert state.space("da-nang").support is Support.ACTIVE_OPPOSITION
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Aid 15
    assert not effective(state_on(CARD, tracks(aid=0), *MAP[2:]), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(aid=0), *MAP), CARD, Side.SHADED)
