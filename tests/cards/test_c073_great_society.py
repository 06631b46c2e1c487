"""Card 73, Great Society (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: a Commitment Phase now (6.5), the US deciding its details (5.1): outside the Coup
  Round, it moves no Coup Card marker, records nothing in the Coup Round's record and ends no
  Momentum -- unshaded Medevac (15) applies to it and stays in play (card 15's tip);
- shaded: the US moves 3 of its pieces from Available to Out of Play (Bases included).
"""

from __future__ import annotations

from coinlake import Faction, Piece, Select, Side, Support
from coinlake.rules import effects
from coinlake.state.model import AVAILABLE, CASUALTIES, NO_COUP_STEP, OUT_OF_PLAY, Phase
from tests.cards.helpers import effective, execute, play, state_on

CARD = 73
CASUALTY_LINE = "casualties 6 us-troops 1 us-base 2 us-irregular-u"
MAP = (
    "space saigon 2 us-troops 2 arvn-police",  # COIN Control
    "space hue 1 arvn-police 1 vc-guerrilla-u",  # no Control
    "space da-nang 1 us-troops passive-support",  # COIN Control, Pop 1
)


def test_unshaded_conducts_a_commitment_phase_6_5() -> None:
    game = execute(CARD, Side.UNSHADED, CASUALTY_LINE, "available 3 us-troops", *MAP)
    state = game.state
    # rotation: a third of the 6 Troop Casualties and the Base out of play, Irregulars back
    assert state.out_of_play[Piece.US_TROOPS] == 2 and state.out_of_play[Piece.US_BASE] == 1
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 2
    assert state.casualties[Piece.US_TROOPS] == 4
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the US decides (5.1)
    assert decision.context.procedure == "commitment"
    assert decision.context.parent is not None and decision.context.parent.procedure == "event"
    # the 4 others go to COIN-Controlled spaces, LoCs or Saigon (Hue has no COIN Control)
    assert Select("saigon") in decision.options and Select("da-nang") in decision.options
    assert Select("hue") not in decision.options
    play(game, "select da-nang", f"move 4 us-troops {CASUALTIES} da-nang")
    assert game.state.space("da-nang").pieces[Piece.US_TROOPS] == 5
    # then up to 10 - 4 = 6 Troops and 2 Bases among Available, those spaces and LoCs:
    # 2 Troops from Saigon to Available...
    play(
        game, "select saigon", f"select {AVAILABLE}", f"move 2 us-troops saigon {AVAILABLE}", "done"
    )
    # ...so the VC may shift 1 Population 1 level toward Opposition (WITHDRAWAL)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.context.procedure == "withdrawal"
    assert Select("saigon") not in decision.options  # Population 6
    play(game, "select da-nang")
    state = game.state
    assert state.space("da-nang").support is Support.NEUTRAL
    assert state.turn.acted == ((Faction.ARVN, "event"),)
    # nothing of a Coup Round was touched
    assert state.phase is Phase.EVENT_CARD and state.coup_phase is None
    assert state.coup_step == NO_COUP_STEP


def test_unshaded_with_medevac_every_troop_casualty_to_available_and_medevac_stays() -> None:
    """Card 15's tip: unshaded Medevac affects this Commitment and the Coup Round's."""
    lines = (CASUALTY_LINE, "momentum 15", "card-markers 15:unshaded", *MAP)
    game = execute(CARD, Side.UNSHADED, *lines)
    state = game.state
    assert state.casualties[Piece.US_TROOPS] == 0
    assert state.available[Piece.US_TROOPS] == 6 and state.out_of_play[Piece.US_TROOPS] == 0
    assert state.out_of_play[Piece.US_BASE] == 1  # Base Casualties still go
    play(game, "done")  # no Troops to place: straight to the US moves; the US moves none
    state = game.state
    assert state.turn.acted == ((Faction.ARVN, "event"),)
    assert effects.momentum_side(state, 15) is Side.UNSHADED
    assert effects.medevac_commitment(state)


def test_shaded_us_moves_3_pieces_available_to_out_of_play() -> None:
    game = execute(CARD, Side.SHADED, "available 5 us-troops 2 us-base 1 us-irregular-u")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the US decides
    play(game, f"move 1 us-base {AVAILABLE} {OUT_OF_PLAY}")
    play(game, f"move 1 us-base {AVAILABLE} {OUT_OF_PLAY}")
    play(game, f"move 1 us-irregular-u {AVAILABLE} {OUT_OF_PLAY}")
    state = game.state
    assert state.out_of_play[Piece.US_BASE] == 2
    assert state.out_of_play[Piece.US_IRREGULAR_UNDERGROUND] == 1
    assert state.available[Piece.US_TROOPS] == 5
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_with_fewer_than_3_available_moves_them_all_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "available 2 us-troops")  # one kind: no question
    assert game.state.out_of_play[Piece.US_TROOPS] == 2
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_effective_8_1() -> None:
    assert not effective(state_on(CARD), CARD, Side.SHADED)  # nothing Available
    assert effective(state_on(CARD, "available 1 us-base"), CARD, Side.SHADED)
    assert effective(state_on(CARD, CASUALTY_LINE, *MAP), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # nothing to rotate or move
