"""Card 15, Medevac (dual use, both texts Momentum, 5.4; its marker records the side): US 1st,
so the US executes it here.

- unshaded: in the coming Commitment Phase every US Troop Casualty goes to Available, none
  out of play (``effects.medevac_commitment``, read by the Coup Round and by card 73);
- shaded: the executing Faction stays Eligible (2.3.6 PLAY NOTE); no Air Lift until the Coup
  Round.

The Commitment itself: ``tests/test_coup_effects.py`` (ruling R45) and
``tests/cards/test_c073_great_society.py``.
"""

from __future__ import annotations

from coinlake import Faction, Side
from coinlake.rules import actions, effects
from tests.cards.helpers import COUP, effective, execute, state_on

CARD = 15


def test_unshaded_puts_the_medevac_marker_on_its_unshaded_side_5_4() -> None:
    state = execute(CARD, Side.UNSHADED).state
    assert effects.momentum_side(state, CARD) is Side.UNSHADED
    assert state.card_markers == ((15, "unshaded"),)
    assert effects.medevac_commitment(state)
    assert state.stay_eligible == ()


def test_shaded_stays_eligible_and_bans_air_lift() -> None:
    air_lift = actions.lookup(Faction.US, "air-lift")
    assert air_lift is not None
    before = state_on(CARD, "space saigon 2 us-troops")
    assert air_lift.legal(before, Faction.US, limited=False, free=False)
    state = execute(CARD, Side.SHADED, "space saigon 2 us-troops").state
    assert effects.momentum_side(state, CARD) is Side.SHADED
    assert state.card_markers == ((15, "shaded"),)
    assert state.stay_eligible == (Faction.US,)
    assert not effects.medevac_commitment(state)
    assert not air_lift.legal(state, Faction.US, limited=False, free=False)
    assert air_lift.legal(state, Faction.US, limited=False, free=True)  # an Event's (5.1.2)


def test_before_a_coup_only_unshaded_is_effective_8_1() -> None:
    """8.1 names Medevac: the unshaded text acts in the Coup Round's Commitment Phase; the
    shaded one only keeps a Faction Eligible, which the Reset does anyway (6.6)."""
    state = state_on(CARD, next_card=COUP)
    assert effective(state, CARD, Side.UNSHADED)
    assert not effective(state, CARD, Side.SHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)
