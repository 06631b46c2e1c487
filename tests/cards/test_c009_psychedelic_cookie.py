"""Card 9, Psychedelic Cookie (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: the US moves up to 3 US Troops, either from Out of Play (each to Available or to
  a space of South Vietnam, 1.3.5) or from the map to Available -- one source, not both
  (ruling R100); the US decides even when another Faction executes (5.1);
- shaded: the US moves 3 of its Troops from the map to Out of Play (all if fewer, 5.1.3).
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Done, Faction, IllegalCommand, Move, Piece, Side
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 9
TROOPS = ("out-of-play 4 us-troops", "space saigon 2 us-troops", "space central-laos 1 us-troops")


def test_unshaded_out_of_play_to_available_or_south_vietnam() -> None:
    game = execute(CARD, Side.UNSHADED, *TROOPS)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert set(decision.options) == {Choose("out-of-play"), Choose("map")}
    play(game, "out-of-play")
    decision = game.decision
    assert decision is not None and Done() in decision.options  # "up to"
    targets = {m.destination for m in decision.options if isinstance(m, Move)}
    assert {AVAILABLE, "hue", "loc-hue-da-nang", "can-tho"} <= targets  # LoCs too (1.3.5)
    assert "north-vietnam" not in targets and "central-laos" not in targets
    play(game, f"move 1 us-troops {OUT_OF_PLAY} {AVAILABLE}")
    play(game, f"move 1 us-troops {OUT_OF_PLAY} hue")
    play(game, f"move 1 us-troops {OUT_OF_PLAY} loc-hue-da-nang")
    state = game.state  # 3 at most: over
    assert state.out_of_play[Piece.US_TROOPS] == 1 and state.available[Piece.US_TROOPS] == 1
    assert (
        pieces(game, "hue", "us-troops") == 1 and pieces(game, "loc-hue-da-nang", "us-troops") == 1
    )
    assert pieces(game, "saigon", "us-troops") == 2  # not both sources (R100)
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_up_to_3_may_stop_early() -> None:
    game = execute(CARD, Side.UNSHADED, *TROOPS)
    play(game, "out-of-play", f"move 1 us-troops {OUT_OF_PLAY} saigon", "done")
    assert game.state.out_of_play[Piece.US_TROOPS] == 3
    assert pieces(game, "saigon", "us-troops") == 3
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_from_the_map_to_available_r100() -> None:
    game = execute(CARD, Side.UNSHADED, *TROOPS)
    play(game, "map")
    decision = game.decision
    assert decision is not None and Done() in decision.options
    with pytest.raises(IllegalCommand):
        play(game, f"move 1 us-troops {OUT_OF_PLAY} {AVAILABLE}")
    play(game, f"move 1 us-troops central-laos {AVAILABLE}")
    play(game, f"move 1 us-troops saigon {AVAILABLE}")
    play(game, "done")
    state = game.state
    assert state.available[Piece.US_TROOPS] == 2 and state.out_of_play[Piece.US_TROOPS] == 4
    assert pieces(game, "saigon", "us-troops") == 1


def test_unshaded_only_the_source_holding_troops_is_offered_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "space saigon 2 us-troops")
    decision = game.decision
    assert decision is not None and decision.options == (Choose("map"),)


def test_unshaded_decided_by_the_us_when_the_nva_execute_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible US", *TROOPS)  # NVA next in order
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    play(game, "map", "done")
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_us_takes_3_troops_from_the_map_out_of_play() -> None:
    game = execute(CARD, Side.SHADED, "space saigon 2 us-troops", "space hue 2 us-troops")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert Done() not in decision.options  # mandatory (5.1.3)
    play(game, f"move 1 us-troops hue {OUT_OF_PLAY}")
    play(game, f"move 1 us-troops hue {OUT_OF_PLAY}")  # then only Saigon's: unasked
    state = game.state
    assert state.out_of_play[Piece.US_TROOPS] == 3
    assert pieces(game, "saigon", "us-troops") == 1 and pieces(game, "hue", "us-troops") == 0
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_fewer_than_3_all_go_5_1_3() -> None:
    lines = ("space kontum 2 us-troops 1 us-base", "available 5 us-troops")
    state = execute(CARD, Side.SHADED, *lines).state
    assert state.out_of_play[Piece.US_TROOPS] == 2
    assert state.available[Piece.US_TROOPS] == 5  # never from Available
    assert state.space("kontum").pieces[Piece.US_BASE] == 1  # Troops only


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *TROOPS), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "out-of-play 1 us-troops"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "available 5 us-troops"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "space hue 1 us-troops"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "out-of-play 3 us-troops"), CARD, Side.SHADED)
