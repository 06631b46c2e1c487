"""Card 35, Thanh Hoa (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: the Trail Degrades 3 boxes (6.7), even under shaded Oriskany (ruling R16);
- shaded: the Trail Improves 1 box, then NVA Resources + 3 x the Trail's new value.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, Side
from tests.cards.helpers import effective, execute, state_on, tracks

CARD = 35


@pytest.mark.parametrize(("trail", "expected"), [(4, 1), (3, 0), (2, 0), (1, 0)])
def test_unshaded_degrades_the_trail_3_boxes_6_7(trail: int, expected: int) -> None:
    state = execute(CARD, Side.UNSHADED, tracks(trail=trail)).state
    assert state.trail == expected
    assert state.resources(Faction.NVA) == 15
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_degrades_under_shaded_oriskany_5_1_2_r16() -> None:
    state = execute(CARD, Side.UNSHADED, tracks(trail=4), "momentum 39").state
    assert state.trail == 1


def test_unshaded_under_adsid_costs_the_nva_6_once_5_4() -> None:
    state = execute(CARD, Side.UNSHADED, tracks(trail=4), "momentum 7").state
    assert state.trail == 1 and state.resources(Faction.NVA) == 15 - 6


@pytest.mark.parametrize(("trail", "after", "gain"), [(0, 1, 3), (2, 3, 9), (3, 4, 12), (4, 4, 12)])
def test_shaded_improves_1_then_adds_3_times_the_new_trail(
    trail: int, after: int, gain: int
) -> None:
    state = execute(CARD, Side.SHADED, tracks(trail=trail)).state
    assert state.trail == after
    assert state.resources(Faction.NVA) == 15 + gain


def test_shaded_resources_stop_at_75_5_1_1() -> None:
    state = execute(CARD, Side.SHADED, tracks(trail=3, nva_resources=70)).state
    assert state.trail == 4 and state.resources(Faction.NVA) == 75


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, tracks(trail=1)), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, tracks(trail=0)), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, tracks(trail=4)), CARD, Side.SHADED)  # Resources
    assert effective(state_on(CARD, tracks(trail=0, nva_resources=75)), CARD, Side.SHADED)
    full = state_on(CARD, tracks(trail=4, nva_resources=75))
    assert not effective(full, CARD, Side.SHADED)
