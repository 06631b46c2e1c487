"""Card 54, Son Tay (dual use, 5.2): NVA 1st (NVA, VC, US, ARVN), so the NVA executes it
here unless a line makes it Ineligible.

- unshaded: 2 US Troops from Casualties to Available; the NVA Ineligible through the next
  card (at once, ruling R10); the US cylinder to the Eligible box (card tip, rulings R81,
  R117);
- shaded: any 2 Casualties to Out of Play, the executing Faction choosing; the US Ineligible
  through the next card.
"""

from __future__ import annotations

from coinlake import Choose, Faction, Move, Piece, Side
from coinlake.engine import Game
from coinlake.state.model import CASUALTIES, OUT_OF_PLAY
from tests.cards.helpers import KISSINGER, effective, execute, play, state_on
from tests.conftest import eligibility

CARD = 54
PASS = Choose("pass")
CASUALTY_LINE = "casualties 3 us-troops 1 us-base 1 us-irregular-u"


def pass_all(game: Game) -> None:
    """Pass with every Faction still to act on the current card."""
    card = game.state.current_card
    while game.state.current_card == card and PASS in game.legal():
        game.apply(PASS)


def test_unshaded_troops_back_nva_ineligible_us_eligible_2_3_6() -> None:
    game = execute(CARD, Side.UNSHADED, CASUALTY_LINE, "ineligible US")
    state = game.state
    assert state.casualties[Piece.US_TROOPS] == 1 and state.available[Piece.US_TROOPS] == 2
    assert state.casualties[Piece.US_BASE] == 1  # only Troops
    assert state.ineligible_next == (Faction.NVA,)
    assert state.eligible(Faction.US)  # from wherever it was, at once (card tip)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # 2nd Eligible
    play(game, "pass")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # now Eligible: may act
    pass_all(game)
    state = game.state
    assert state.current_card == KISSINGER
    assert state.eligibility == eligibility(Faction.NVA)  # through the next card
    assert state.ineligible_next == ()


def test_unshaded_executed_by_the_us_keeps_it_eligible_and_arvn_acts_2_3_6() -> None:
    """Card tip: the US executes, the ARVN 2nd Eligible may still take an Operation and a
    Special Activity; the US stays Eligible for the next card (ruling R81)."""
    arvn = "space saigon 3 arvn-troops 2 arvn-police passive-support"  # Govern, Transport
    game = execute(CARD, Side.UNSHADED, CASUALTY_LINE, arvn, "ineligible NVA VC")
    state = game.state
    assert state.stay_eligible == (Faction.US,)
    assert state.ineligible_next == (Faction.NVA,)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert Choose("op+sa") in decision.options
    pass_all(game)
    assert game.state.current_card == KISSINGER
    assert game.state.eligibility == eligibility(Faction.NVA)


def test_unshaded_with_1_troop_casualty_moves_it_5_1_3() -> None:
    state = execute(CARD, Side.UNSHADED, "casualties 1 us-troops 2 us-base").state
    assert state.casualties[Piece.US_TROOPS] == 0 and state.available[Piece.US_TROOPS] == 1
    assert state.casualties[Piece.US_BASE] == 2
    assert state.ineligible_next == (Faction.NVA,)


def test_shaded_any_2_casualties_out_of_play_us_ineligible() -> None:
    game = execute(CARD, Side.SHADED, CASUALTY_LINE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert {m.piece for m in decision.options if isinstance(m, Move)} == {
        Piece.US_TROOPS,
        Piece.US_BASE,
        Piece.US_IRREGULAR_UNDERGROUND,
    }
    play(
        game,
        f"move 1 us-base {CASUALTIES} {OUT_OF_PLAY}",
        f"move 1 us-irregular-u {CASUALTIES} {OUT_OF_PLAY}",
    )
    state = game.state
    assert state.out_of_play[Piece.US_BASE] == 1
    assert state.out_of_play[Piece.US_IRREGULAR_UNDERGROUND] == 1
    assert state.casualties[Piece.US_TROOPS] == 3
    assert not state.eligible(Faction.US)  # at once (ruling R10)
    assert state.ineligible_next == (Faction.US,)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    play(game, "pass")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the US is skipped


def test_shaded_with_1_casualty_moves_it_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "casualties 1 us-troops").state
    assert state.out_of_play[Piece.US_TROOPS] == 1 and state.casualties[Piece.US_TROOPS] == 0
    assert state.ineligible_next == (Faction.US,)


def test_effective_8_1() -> None:
    """Either text changes Eligibility, so it has an effect even with no Casualties."""
    assert effective(state_on(CARD), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)
    assert effective(state_on(CARD, CASUALTY_LINE), CARD, Side.SHADED)
