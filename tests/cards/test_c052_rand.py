"""Card 52, RAND (dual use, 5.2): NVA 1st, so the NVA executes it here (5.2: either text,
whatever the Faction).

- unshaded: 1 shaded US Capability turns over to unshaded;
- shaded: 1 unshaded US Capability turns over to shaded.

The executing Faction picks which (5.1); only US Capabilities (5.3) qualify; with none on
that side nothing happens (5.1.3).
"""

from __future__ import annotations

from coinlake import Choose, Faction, Kind, Side
from coinlake.rules import effects
from tests.cards.helpers import effective, execute, play, state_on

CARD = 52


def test_unshaded_turns_a_shaded_us_capability_unshaded() -> None:
    game = execute(CARD, Side.UNSHADED, "capabilities 11:shaded 13:shaded 31:shaded 14:unshaded")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.kind is Kind.CHOOSE_MODE
    assert decision.options == (Choose("abrams"), Choose("cobras"))  # not AAA: NVA's
    play(game, "cobras")
    state = game.state
    assert effects.capability(state, 13) is Side.UNSHADED
    assert effects.capability(state, 11) is Side.SHADED
    assert effects.capability(state, 31) is Side.SHADED
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_turns_an_unshaded_us_capability_shaded() -> None:
    game = execute(CARD, Side.SHADED, "capabilities 20:unshaded 61:unshaded")
    assert game.legal() == (Choose("laser-guided-bombs"),)  # asked, even alone
    play(game, "laser-guided-bombs")
    assert game.state.capabilities == ((20, Side.SHADED), (61, Side.UNSHADED))


def test_nothing_to_turn_over_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "capabilities 11:unshaded")
    assert game.state.capabilities == ((11, Side.UNSHADED),)
    assert game.state.turn.acted == ((Faction.NVA, "event"),)
    assert not effective(state_on(CARD, "capabilities 11:unshaded"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "capabilities 11:unshaded"), CARD, Side.SHADED)


def test_turning_top_gun_is_not_executing_it() -> None:
    """Top Gun turned unshaded by RAND keeps a shaded MiGs marker (it has no effect while
    Top Gun is unshaded); see ``test_c033_migs.py`` for the other way round."""
    game = execute(CARD, Side.UNSHADED, "capabilities 4:shaded 33:shaded")
    play(game, "top-gun")
    assert game.state.capabilities == ((4, Side.UNSHADED), (33, Side.SHADED))
    assert effects.capability(game.state, 33) is None
