"""Card 33, MiGs: an NVA Capability (5.3). Each text only puts the Capability into effect.

- unshaded: the NVA loses 6 Resources at each Reset (``effects.reset_nva_resource_loss``);
- shaded: unless unshaded Top Gun (4) is in effect, each Trail Degrade by Air Strike costs
  the US 1 Available Troop to Casualties (Air Strike reads ``effects.capability``).

Top Gun unshaded cancels shaded MiGs: a shaded MiGs executed while unshaded Top Gun is in
effect never comes into effect, even if Top Gun is later turned over to shaded (by RAND,
card 52). The rules themselves: ``tests/test_coin_special_activities.py``
(``test_migs_and_sa_2s_when_air_strike_degrades_5_3``) and ``tests/test_coup_effects.py``
(``test_migs_unshaded_costs_nva_six_resources_each_reset_5_3``).
"""

from __future__ import annotations

import pytest

import coinlake
from coinlake import Side
from coinlake.rules import effects
from tests.cards.helpers import (
    SIDES,
    capability_executed,
    capability_turned_over,
    effective,
    execute,
    play,
    position_text,
)

CARD = 33


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_unshaded_costs_the_nva_6_at_each_reset() -> None:
    assert effects.reset_nva_resource_loss(capability_executed(CARD, Side.UNSHADED)) == 6
    assert effects.reset_nva_resource_loss(capability_executed(CARD, Side.SHADED)) == 0


def test_shaded_under_unshaded_top_gun_never_comes_into_effect() -> None:
    """Card 4 cancels shaded MiGs: executed while unshaded Top Gun is in effect, shaded
    MiGs does not come into effect, and stays out once RAND (52) turns Top Gun shaded."""
    game = execute(CARD, Side.SHADED, "capabilities 4:unshaded")
    assert game.state.capabilities == ((4, Side.UNSHADED),)
    assert game.state.turn.acted == ((coinlake.Faction.NVA, "event"),)  # executed all the same
    # later, RAND shaded turns unshaded Top Gun over to shaded: MiGs is still not in effect
    later = coinlake.from_position(position_text(52, "capabilities 4:unshaded", next_card=3))
    assert later.state.capabilities == game.state.capabilities
    play(later, "event", "shaded", "top-gun")  # the NVA, 1st on RAND, turns Top Gun over
    assert later.state.capabilities == ((4, Side.SHADED),)
    assert effects.capability(later.state, CARD) is None


def test_shaded_under_unshaded_top_gun_keeps_unshaded_migs() -> None:
    """Shaded MiGs blocked by Top Gun changes nothing: an unshaded MiGs stays in effect."""
    game = execute(CARD, Side.SHADED, "capabilities 4:unshaded 33:unshaded")
    assert effects.capability(game.state, CARD) is Side.UNSHADED


def test_shaded_under_unshaded_top_gun_is_ineffective_8_1() -> None:
    blocked = coinlake.parse_position(position_text(CARD, "capabilities 4:unshaded"))
    assert not effective(blocked, CARD, Side.SHADED)
    assert effective(blocked, CARD, Side.UNSHADED)


def test_shaded_marker_meets_unshaded_top_gun_only_by_turning_top_gun() -> None:
    """Shaded MiGs in effect, then Top Gun turned to unshaded (RAND, not Top Gun's own
    text): MiGs is kept but has no effect while Top Gun stays unshaded."""
    game = coinlake.from_position(position_text(52, "capabilities 4:shaded 33:shaded", next_card=3))
    play(game, "event", "unshaded", "top-gun")
    assert effects.capability(game.state, 4) is Side.UNSHADED
    assert (CARD, Side.SHADED) in game.state.capabilities
    assert effects.capability(game.state, CARD) is None
