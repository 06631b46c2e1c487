"""Card 7, ADSID (dual use, 5.2): US 1st, so the US executes it here.

- unshaded (Momentum, 5.4): until the Coup Round's Reset, each change of the Trail's value,
  by any means, costs the NVA 6 Resources (ruling R17);
- shaded: the Trail Improves 1 box and to at least 2; ARVN Resources -9.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, Side, Track
from coinlake.rules import effects
from coinlake.rules.core import Ctx
from tests.cards.helpers import COUP, effective, execute, state_on, tracks

CARD = 7


@pytest.mark.parametrize(("trail", "expected"), [(0, 2), (1, 2), (2, 3), (3, 4), (4, 4)])
def test_adsid_shaded_improves_trail_to_at_least_2(trail: int, expected: int) -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.SHADED, tracks(trail=trail))
    assert game.state.tracks[Track.TRAIL] == expected
    assert game.state.tracks[Track.ARVN_RESOURCES] == 30 - 9


def test_adsid_unshaded_costs_nva_6_at_each_trail_change_5_4() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.UNSHADED)
    assert effects.momentum_active(game.state, 7)
    ctx = Ctx(game.state)
    assert effects.change_trail(ctx, -2, "6.7") == -2  # one change: -6 once
    assert ctx.state.trail == 0 and ctx.state.resources(Faction.NVA) == 15 - 6
    assert effects.change_trail(ctx, -1, "6.7") == 0  # no change: no cost
    assert ctx.state.resources(Faction.NVA) == 15 - 6


def test_unshaded_has_no_immediate_effect() -> None:
    before = state_on(CARD)
    after = execute(CARD, Side.UNSHADED).state
    assert after.tracks == before.tracks


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        ((tracks(trail=2),), False),  # nothing moves the Trail in the Coup Round
        ((tracks(trail=4),), True),  # the Reset turns 4 into 3 (6.6)
        ((tracks(trail=0),), True),  # the Reset turns 0 into 1 (6.6)
        ((tracks(trail=2), "space central-laos 1 arvn-police"), True),  # Degrade (6.2.2)
        ((tracks(trail=4), "momentum 39"), False),  # Oriskany
    ],
)
def test_unshaded_before_a_coup_needs_a_trail_change_in_the_round_8_1(
    lines: tuple[str, ...], expected: bool
) -> None:
    state = state_on(CARD, *lines, next_card=COUP)
    assert effective(state, CARD, Side.UNSHADED) is expected
    assert effective(state_on(CARD, *lines), CARD, Side.UNSHADED)  # no Coup next: Momentum


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, tracks(trail=4, arvn_resources=0)), CARD, Side.SHADED) is False
    assert effective(state_on(CARD, tracks(trail=4)), CARD, Side.SHADED)
