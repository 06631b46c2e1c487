"""Card 115, Typhoon Kate (single use, Momentum, 5.4): VC 1st, so the VC executes it here.

The executing Faction stays Eligible; until the Coup Round, no Air Lift, Transport or
Bombard, and every other Special Activity takes at most 1 space -- except one an Event grants
(5.1.2, ruling R57/R65).
"""

from __future__ import annotations

from coinlake import Faction
from coinlake.rules import actions, effects
from tests.cards.helpers import COUP, effective, execute, state_on

CARD = 115


def test_stays_eligible_and_limits_special_activities() -> None:
    state = execute(CARD, None).state
    assert state.stay_eligible == (Faction.VC,)
    assert effects.momentum_active(state, CARD)
    assert effects.bombard_space_limit(state) == 0
    assert effects.bombard_space_limit(state, by_event=True) == 2  # 5.1.2
    assert effects.infiltrate_space_limit(state) == 1
    assert effects.ambush_space_limit(state) == 1
    assert effects.special_activity_space_limit(state, 4) == 1  # Tax
    assert effects.special_activity_space_limit(state, 2) == 1  # Subvert


def test_no_air_lift_or_transport() -> None:
    lines = ("space saigon 2 us-troops 2 arvn-troops", "space loc-saigon-can-tho 1 arvn-police")
    state = execute(CARD, None, *lines).state
    before = state_on(CARD, *lines)
    for faction, name in ((Faction.US, "air-lift"), (Faction.ARVN, "transport")):
        action = actions.lookup(faction, name)
        assert action is not None
        assert action.legal(before, faction, limited=False, free=False)
        assert not action.legal(state, faction, limited=False, free=False)


def test_before_a_coup_is_ineffective_8_1() -> None:
    """Like Claymores (named by 8.1), it only keeps a Faction Eligible -- which the Reset
    does anyway (6.6) -- and bans until the Coup Round."""
    assert not effective(state_on(CARD, next_card=COUP), CARD)
    assert effective(state_on(CARD), CARD)
