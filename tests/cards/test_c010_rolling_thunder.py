"""Card 10, Rolling Thunder (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: Trail Degrades 2 boxes; NVA Resources -9; the NVA is Ineligible through the next
  card (2.3.6 PLAY NOTE, ruling R10);
- shaded (Momentum, 5.4): ARVN Resources -5 at once; no Air Strike until the Coup Round.
"""

from __future__ import annotations

import attrs

from coinlake import Choose, Faction, Side, Track
from coinlake.engine import Game
from coinlake.rules import actions, effects
from coinlake.rules.core import Ctx
from tests.cards.helpers import COUP, KISSINGER, effective, execute, on_card, state_on, tracks
from tests.conftest import eligibility

CARD = 10
PASS = Choose("pass")


def pass_all(game: Game) -> None:
    """Pass with every Faction still to act on the current card."""
    card = game.state.current_card
    while game.state.current_card == card and PASS in game.legal():
        game.apply(PASS)


def test_ineligible_through_next_card_rolling_thunder_2_3_6() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.UNSHADED)  # US, NVA, VC, ARVN; Trail 2, NVA Resources 15
    assert game.state.tracks[Track.TRAIL] == 0
    assert game.state.tracks[Track.NVA_RESOURCES] == 6
    assert not game.state.eligible(Faction.NVA)  # at once: NVA cannot be 2nd Eligible
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    pass_all(game)
    state = game.state
    assert state.current_card == KISSINGER
    assert state.eligibility == eligibility(Faction.US, Faction.NVA)
    assert state.ineligible_next == () and state.stay_eligible == ()
    # on the next card the NVA is skipped (US, NVA, ARVN, VC; US Ineligible too)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    pass_all(game)
    assert game.state.eligibility == eligibility()  # through the next card only


def test_oriskany_momentum_blocks_degrade_except_by_a_later_event_5_1_2() -> None:
    """Moved from ``tests/test_event_cards.py`` (ruling R16)."""
    ctx = Ctx(attrs.evolve(state_on(CARD), momentum=(39,)))
    assert effects.change_trail(ctx, -2, "4.2.3") == 0  # e.g. an Air Strike
    assert effects.change_trail(ctx, 1, "3.3.1") == 1 and ctx.state.trail == 3
    game = execute(CARD, Side.UNSHADED, "momentum 39")  # executed after Oriskany
    assert game.state.tracks[Track.TRAIL] == 0


def test_unshaded_trail_stops_at_0_and_resources_at_0() -> None:
    game = execute(CARD, Side.UNSHADED, tracks(trail=1, nva_resources=5))
    assert game.state.tracks[Track.TRAIL] == 0 and game.state.tracks[Track.NVA_RESOURCES] == 0


def test_rolling_thunder_shaded() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.SHADED)
    assert game.state.tracks[Track.ARVN_RESOURCES] == 25
    assert effects.momentum_active(game.state, 10)


def test_shaded_no_air_strike_until_the_coup_round_5_4() -> None:
    air_strike = actions.lookup(Faction.US, "air-strike")
    assert air_strike is not None
    assert air_strike.legal(state_on(CARD), Faction.US, limited=False, free=False)
    state = execute(CARD, Side.SHADED).state
    assert not air_strike.legal(state, Faction.US, limited=False, free=False)
    assert air_strike.legal(state, Faction.US, limited=False, free=True)  # an Event's (5.1.2)


def test_shaded_before_a_coup_is_effective_8_1() -> None:
    """8.1 names Rolling Thunder among the Momentum Events with an immediate effect."""
    assert effective(state_on(CARD, next_card=COUP), CARD, Side.SHADED)
    game = on_card(CARD)
    assert effective(game.state, CARD, Side.UNSHADED)
