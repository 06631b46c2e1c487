"""Card 103, Kent State (dual use, 5.2): VC 1st (VC, NVA, US, ARVN), so the VC executes it
here unless a line makes it Ineligible.

- unshaded: any 2 US Casualties to Available (the executing Faction picks); 1 free US LimOp
  of the US's choice (R250); the US Eligible at once (card tip, R81);
- shaded: up to 3 US Troop Casualties Out of Play; Aid -6; the US Ineligible through the next
  card.
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Kind, Piece, Side
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE, CASUALTIES, OUT_OF_PLAY, Eligibility, Track
from tests.cards.helpers import KISSINGER, effective, execute, pieces, play, state_on, tracks
from tests.conftest import eligibility

CARD = 103
CASUALTY_LINE = "casualties 3 us-troops 1 us-base"
HUE = "space hue 2 us-troops 2 vc-guerrilla-a"


def test_unshaded_2_casualties_a_free_us_limop_and_the_us_eligible_2_3_1() -> None:
    game = execute(CARD, Side.UNSHADED, CASUALTY_LINE, HUE, "ineligible US")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert Move(Piece.US_BASE, 1, CASUALTIES, AVAILABLE) in decision.options
    play(game, f"move 1 us-base {CASUALTIES} {AVAILABLE}")  # then a Troop: the lone kind
    state = game.state
    assert state.available[Piece.US_BASE] == 1 and state.available[Piece.US_TROOPS] == 1
    assert state.casualties[Piece.US_TROOPS] == 2
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # its own choice
    assert decision.kind is Kind.OPERATION and "Limited" in decision.prompt
    assert Choose("assault") in decision.options
    play(game, "assault", "select hue")  # 1 space (2.3.5)
    state = game.state
    assert pieces(game, "hue", "vc-guerrilla-a") == 0  # 1 per US Troop in a City (3.2.4)
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free
    assert state.eligible(Faction.US)  # from the Ineligible box, at once (card tip)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # 2nd Eligible
    play(game, "pass")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # may act on this card


def test_unshaded_executed_by_the_us_keeps_it_eligible_r81() -> None:
    game = execute(CARD, Side.UNSHADED, CASUALTY_LINE, HUE, "ineligible VC NVA")
    play(game, f"move 1 us-base {CASUALTIES} {AVAILABLE}", "assault", "select hue")
    state = game.state
    assert state.stay_eligible == (Faction.US,)
    play(game, "pass")  # the ARVN, 2nd Eligible
    assert game.state.current_card == KISSINGER
    assert game.state.eligibility == eligibility()  # the US too, though it executed


def test_unshaded_fewer_casualties_and_no_limop_possible_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "casualties 1 us-troops")
    state = game.state
    assert state.available[Piece.US_TROOPS] == 1 and state.casualties[Piece.US_TROOPS] == 0
    decision = game.decision
    assert decision is not None and decision.kind is Kind.OPERATION  # a Troop is Available
    assert decision.faction is Faction.US


def test_shaded_up_to_3_troop_casualties_out_of_play_aid_us_ineligible_2_3_6() -> None:
    game = execute(CARD, Side.SHADED, "casualties 5 us-troops 1 us-base", tracks(aid=4))
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.options == (Move(Piece.US_TROOPS, 1, CASUALTIES, OUT_OF_PLAY), Done())
    play(game, f"move 1 us-troops {CASUALTIES} {OUT_OF_PLAY}")
    play(game, f"move 1 us-troops {CASUALTIES} {OUT_OF_PLAY}", "done")  # "up to": 2
    state = game.state
    assert state.out_of_play[Piece.US_TROOPS] == 2 and state.casualties[Piece.US_TROOPS] == 3
    assert state.casualties[Piece.US_BASE] == 1  # Troops only
    assert state.tracks[Track.AID] == 0  # 4 - 6, at least 0 (1.8)
    assert state.eligibility[list(Faction).index(Faction.US)] is Eligibility.INELIGIBLE
    assert state.ineligible_next == (Faction.US,)
    play(game, "pass")  # the NVA; the US may not act on this card
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, CASUALTY_LINE), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # nothing: no US piece at all
    assert effective(state_on(CARD, "ineligible US"), CARD, Side.UNSHADED)  # US Eligible
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Aid, US Ineligible
