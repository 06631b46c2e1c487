"""Card 17, Claymores (dual use, 5.2): US 1st, so the US executes it here.

- unshaded (Momentum, 5.4): the executing Faction stays Eligible; no Ambush until the Coup
  Round, and each Marching group that Activates loses 1 Guerrilla;
- shaded: in a space with both, 1 COIN Base (a US one to Casualties) and 1 Underground
  Insurgent are removed, the executing Faction choosing (5.1).
"""

from __future__ import annotations

from coinlake import Faction, Kind, Move, Piece, Side
from coinlake.rules import effects
from coinlake.state.model import AVAILABLE, CASUALTIES
from tests.cards.helpers import COUP, effective, execute, state_on

CARD = 17
PLEIKU = (
    "space pleiku-darlac 1 us-base 1 arvn-base 2 vc-guerrilla-u 1 nva-guerrilla-u 1 vc-guerrilla-a"
)


def test_unshaded_stays_eligible_no_ambush_and_march_losses() -> None:
    state = execute(CARD, Side.UNSHADED).state
    assert state.stay_eligible == (Faction.US,)
    assert effects.momentum_active(state, CARD)
    assert effects.ambush_space_limit(state) == 0
    assert effects.ambush_space_limit(state, by_event=True) == 2  # an Event's Ambush (5.1.2)
    assert effects.march_activation_loss(state)


def test_unshaded_before_a_coup_is_ineffective_8_1() -> None:
    """8.1 names Claymores as a Momentum Event without immediate or Coup Round effect."""
    assert not effective(state_on(CARD, next_card=COUP), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.UNSHADED)


def test_claymores_shaded_removes_a_coin_base_and_an_underground_insurgent() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.SHADED, PLEIKU)  # the only space with both: taken unasked
    us_base = Move(Piece.US_BASE, 1, "pleiku-darlac", CASUALTIES)
    assert game.legal() == (us_base, Move(Piece.ARVN_BASE, 1, "pleiku-darlac", AVAILABLE))
    assert game.decision is not None and game.decision.kind is Kind.REMOVE_PIECES
    assert game.decision.context.space == "pleiku-darlac"
    game.apply(us_base)
    vc = Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "pleiku-darlac", AVAILABLE)
    assert game.legal() == (
        Move(Piece.NVA_GUERRILLA_UNDERGROUND, 1, "pleiku-darlac", AVAILABLE),
        vc,
    )
    game.apply(vc)
    after = game.state.space("pleiku-darlac")
    assert after.pieces[Piece.US_BASE] == 0 and after.pieces[Piece.ARVN_BASE] == 1
    assert after.pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 1
    assert game.state.casualties[Piece.US_BASE] == 1  # US to Casualties


def test_shaded_asks_for_the_space_when_several_qualify() -> None:
    game = execute(
        CARD,
        Side.SHADED,
        "space hue 1 arvn-base 1 vc-guerrilla-u",
        "space kontum 1 us-base 1 nva-guerrilla-u",
        "space da-nang 1 us-base 1 vc-guerrilla-a",  # Active only: does not qualify
    )
    decision = game.decision
    assert decision is not None and decision.kind is Kind.SELECT_SPACE
    assert [str(o) for o in decision.options] == ["select hue", "select kontum"]
    game.apply(decision.options[1])  # a lone Base and Guerrilla then go unasked
    assert game.state.space("kontum").pieces == state_on(CARD).space("kontum").pieces
    assert game.state.casualties[Piece.US_BASE] == 1


def test_claymores_shaded_without_a_space_does_nothing_5_1_3() -> None:
    """Moved from ``tests/test_event_cards.py``."""
    game = execute(CARD, Side.SHADED)
    assert game.state.turn.acted == ((Faction.US, "event"),)
    assert not effective(state_on(CARD), CARD, Side.SHADED)  # 8.1
    assert effective(state_on(CARD, PLEIKU), CARD, Side.SHADED)
