"""Card 82, Domino Theory (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: ARVN picks up to 3 US or up to 6 ARVN pieces from Out of Play to Available, or
  ARVN Resources and Aid +9 each -- among the branches that can do something (ruling R132);
- shaded: 3 Available US Troops to Out of Play; Aid -9.
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Done, Faction, IllegalCommand, Move, Piece, Side
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 82
BOXES = "out-of-play 4 us-troops 1 us-base 8 arvn-troops 1 arvn-ranger-u"
US, ARVN, RESOURCES = Choose("us-pieces"), Choose("arvn-pieces"), Choose("resources-and-aid")


def test_unshaded_up_to_3_us_pieces_bases_included() -> None:
    game = execute(CARD, Side.UNSHADED, BOXES)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # it decides (5.1)
    assert decision.options == (US, ARVN, RESOURCES)
    play(game, "us-pieces")
    decision = game.decision
    assert decision is not None and Done() in decision.options  # "up to"
    assert Move(Piece.US_BASE, 1, OUT_OF_PLAY, AVAILABLE) in decision.options
    play(game, f"move 1 us-base {OUT_OF_PLAY} {AVAILABLE}")
    play(game, f"move 1 us-troops {OUT_OF_PLAY} {AVAILABLE}")
    play(game, f"move 1 us-troops {OUT_OF_PLAY} {AVAILABLE}")  # the 3rd: the step ends
    state = game.state
    assert state.available[Piece.US_BASE] == 1 and state.available[Piece.US_TROOPS] == 2
    assert state.out_of_play[Piece.US_TROOPS] == 2
    assert state.out_of_play[Piece.ARVN_TROOPS] == 8  # one branch only
    assert state.aid == 15 and state.resources(Faction.ARVN) == 30
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_up_to_6_arvn_pieces_may_stop_early() -> None:
    game = execute(CARD, Side.UNSHADED, BOXES)
    play(game, "arvn-pieces")
    for _ in range(5):
        play(game, f"move 1 arvn-troops {OUT_OF_PLAY} {AVAILABLE}")
    play(game, f"move 1 arvn-ranger-u {OUT_OF_PLAY} {AVAILABLE}")
    state = game.state
    assert state.available[Piece.ARVN_TROOPS] == 5
    assert state.available[Piece.ARVN_RANGER_UNDERGROUND] == 1
    assert state.out_of_play[Piece.ARVN_TROOPS] == 3  # at most 6
    assert state.out_of_play[Piece.US_TROOPS] == 4
    assert state.turn.acted == ((Faction.ARVN, "event"),)
    game = execute(CARD, Side.UNSHADED, BOXES)
    play(game, "arvn-pieces", f"move 1 arvn-troops {OUT_OF_PLAY} {AVAILABLE}", "done")
    assert game.state.available[Piece.ARVN_TROOPS] == 1
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_resources_and_aid_at_most_75_1_8() -> None:
    game = execute(CARD, Side.UNSHADED, BOXES, tracks(aid=70))
    play(game, "resources-and-aid")
    state = game.state
    assert state.aid == 75 and state.resources(Faction.ARVN) == 30 + 9
    assert state.out_of_play[Piece.US_TROOPS] == 4
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_offers_only_branches_that_can_be_carried_out_r132() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 2 arvn-police")  # no US piece Out of Play
    decision = game.decision
    assert decision is not None and decision.options == (ARVN, RESOURCES)
    with pytest.raises(IllegalCommand):
        play(game, "us-pieces")
    game = execute(CARD, Side.UNSHADED, tracks(arvn_resources=75, aid=75))  # nothing can be done
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)
    assert game.state.aid == 75


def test_shaded_3_us_troops_out_of_play_and_aid_minus_9() -> None:
    state = execute(CARD, Side.SHADED, "available 5 us-troops 2 us-base").state
    assert state.available[Piece.US_TROOPS] == 2 and state.out_of_play[Piece.US_TROOPS] == 3
    assert state.available[Piece.US_BASE] == 2  # Troops only
    assert state.aid == 15 - 9
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_fewer_troops_and_aid_at_least_0_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "available 2 us-troops", tracks(aid=4)).state
    assert state.available[Piece.US_TROOPS] == 0 and state.out_of_play[Piece.US_TROOPS] == 2
    assert state.aid == 0


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, BOXES), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.UNSHADED)  # Resources and Aid +9
    assert not effective(state_on(CARD, tracks(arvn_resources=75, aid=75)), CARD, Side.UNSHADED)
    full = tracks(arvn_resources=75, aid=75)
    assert effective(state_on(CARD, "out-of-play 1 us-base", full), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Aid -9
    assert effective(state_on(CARD, "available 1 us-troops", tracks(aid=0)), CARD, Side.SHADED)
    assert not effective(state_on(CARD, tracks(aid=0)), CARD, Side.SHADED)
