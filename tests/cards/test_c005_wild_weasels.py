"""Card 5, Wild Weasels (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: shaded SA-2s (34) in effect is removed and nothing else happens (ruling R102);
  otherwise the Trail Degrades 2 boxes (even under shaded Oriskany, ruling R16) and NVA
  Resources -9;
- shaded (Momentum, 5.4): no immediate effect; Air Strike then either Degrades or removes 1
  piece (``tests/test_coin_special_activities.py``,
  ``test_wild_weasels_shaded_degrade_or_1_piece_5_4``).
"""

from __future__ import annotations

from coinlake import Faction, Side
from coinlake.rules import effects
from tests.cards.helpers import COUP, effective, execute, state_on, tracks

CARD = 5
SA_2S = 34


def test_unshaded_removes_shaded_sa_2s_and_nothing_else_r102() -> None:
    state = execute(CARD, Side.UNSHADED, "capabilities 34:shaded 4:unshaded").state
    assert effects.capability(state, SA_2S) is None
    assert state.capabilities == ((4, Side.UNSHADED),)  # other Capabilities stay
    assert effects.rally_trail_boxes(state) == 1  # Rally Improves 1 box again (3.3.1)
    assert state.trail == 2 and state.resources(Faction.NVA) == 15  # no Degrade, no -9
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_without_shaded_sa_2s_degrades_2_and_nva_minus_9() -> None:
    state = execute(CARD, Side.UNSHADED, tracks(trail=3)).state
    assert state.trail == 1 and state.resources(Faction.NVA) == 15 - 9


def test_unshaded_sa_2s_stays_in_effect_and_the_trail_degrades() -> None:
    state = execute(CARD, Side.UNSHADED, "capabilities 34:unshaded").state
    assert effects.capability(state, SA_2S) is Side.UNSHADED
    assert state.trail == 0 and state.resources(Faction.NVA) == 15 - 9


def test_unshaded_clamps_at_0_and_degrades_under_oriskany_r16() -> None:
    lines = (tracks(trail=1, nva_resources=4), "momentum 39")
    state = execute(CARD, Side.UNSHADED, *lines).state
    assert state.trail == 0 and state.resources(Faction.NVA) == 0


def test_shaded_is_momentum_without_immediate_effect_5_4() -> None:
    before = state_on(CARD)
    state = execute(CARD, Side.SHADED).state
    assert effects.momentum_side(state, CARD) is Side.SHADED
    assert state.tracks == before.tracks and state.spaces == before.spaces
    assert state.turn.acted == ((Faction.US, "event"),)


def test_effective_8_1() -> None:
    nothing = (tracks(trail=0, nva_resources=0),)
    assert not effective(state_on(CARD, *nothing), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, *nothing, "capabilities 34:shaded"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, tracks(trail=0)), CARD, Side.UNSHADED)  # NVA -9
    assert effective(state_on(CARD, tracks(nva_resources=0)), CARD, Side.UNSHADED)  # Trail
    assert effective(state_on(CARD), CARD, Side.SHADED)  # the Momentum
    # 8.1 names Wild Weasels as a Momentum without immediate or Coup Round effect
    assert not effective(state_on(CARD, next_card=COUP), CARD, Side.SHADED)
