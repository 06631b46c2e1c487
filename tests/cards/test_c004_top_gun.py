"""Card 4, Top Gun: a US Capability (5.3).

- unshaded: cancels shaded MiGs (33) -- taken out of effect at once, and kept out while
  unshaded Top Gun is in effect (``tests/cards/test_c033_migs.py``); Air Strike Degrades the
  Trail 2 boxes;
- shaded: Air Strike Degrades the Trail after 2 hits only on a roll of 4-6.

What each side does to an Air Strike: ``tests/test_coin_special_activities.py``
(``test_top_gun_5_3``).
"""

from __future__ import annotations

import attrs
import pytest

from coinlake import Side
from coinlake.rules import effects
from tests.cards.helpers import (
    SIDES,
    capability_executed,
    capability_turned_over,
    effective,
    execute,
    state_on,
)

CARD = 4


@pytest.mark.parametrize("side", SIDES)
def test_each_text_puts_the_capability_into_effect_5_3(side: Side) -> None:
    capability_executed(CARD, side)


@pytest.mark.parametrize("side", SIDES)
def test_the_other_text_turns_the_marker_over_5_3(side: Side) -> None:
    capability_turned_over(CARD, side)


def test_top_gun_cancels_shaded_migs() -> None:
    """Moved from ``tests/test_event_cards.py`` (ruling R18)."""
    game = execute(CARD, Side.UNSHADED, "capabilities 33:shaded")
    assert game.state.capabilities == ((4, Side.UNSHADED),)
    # shaded MiGs executed later has no effect while unshaded Top Gun is in effect
    later = attrs.evolve(game.state, capabilities=((4, Side.UNSHADED), (33, Side.SHADED)))
    assert effects.capability(later, 33) is None
    assert effects.capability(later, 4) is Side.UNSHADED


def test_unshaded_leaves_unshaded_migs_alone() -> None:
    state = execute(CARD, Side.UNSHADED, "capabilities 33:unshaded").state
    assert state.capabilities == ((4, Side.UNSHADED), (33, Side.UNSHADED))


def test_shaded_does_not_cancel_migs() -> None:
    state = execute(CARD, Side.SHADED, "capabilities 33:shaded").state
    assert effects.capability(state, 33) is Side.SHADED


def test_unshaded_is_effective_even_when_only_migs_goes_8_1() -> None:
    state = state_on(CARD, "capabilities 33:shaded")
    assert effective(state, CARD, Side.UNSHADED)
