"""Card 21, Americal (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: the US moves up to 2 US Troops from the map and up to 2 from Out of Play to 1
  space or to Available;
- shaded: in 1 or 2 Provinces with US Troops, 1 VC piece removed (no Tunneled Base unless
  its owner opts, 1.4.4, 5.1.1) and the Province set to Active Opposition; Provinces whose
  level would change first (R191).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Piece, Select, Side, Support
from coinlake.rules.core import DONE
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 21
TROOPS = (
    "space hue 3 us-troops",
    "space kontum 1 us-troops",
    "out-of-play 3 us-troops",
)


def test_unshaded_us_moves_2_from_the_map_and_2_from_out_of_play_to_a_space() -> None:
    game = execute(CARD, Side.UNSHADED, *TROOPS)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert Select("north-vietnam") not in decision.options  # 1.4.2
    assert Select(AVAILABLE) in decision.options
    play(game, "select saigon", "move 1 us-troops hue saigon", "move 1 us-troops kontum saigon")
    play(game, f"move 2 us-troops {OUT_OF_PLAY} saigon")
    state = game.state
    assert pieces(game, "saigon", "us-troops") == 4
    assert pieces(game, "hue", "us-troops") == 2 and pieces(game, "kontum", "us-troops") == 0
    assert state.out_of_play[Piece.US_TROOPS] == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_to_available_up_to_2_each() -> None:
    game = execute(CARD, Side.UNSHADED, *TROOPS)
    play(game, f"select {AVAILABLE}")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert Move(Piece.US_TROOPS, 3, "hue", AVAILABLE) not in decision.options  # 2 at most
    play(game, f"move 2 us-troops hue {AVAILABLE}")
    play(game, "done")  # "up to": none from Out of Play
    state = game.state
    assert state.available[Piece.US_TROOPS] == 2 and state.out_of_play[Piece.US_TROOPS] == 3
    assert pieces(game, "hue", "us-troops") == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "out-of-play 1 us-troops"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "available 5 us-troops"), CARD, Side.UNSHADED)


SHADED = (
    "space binh-dinh 1 us-troops 1 vc-guerrilla-u 1 vc-base passive-support",
    "space quang-nam 1 us-troops 1 vc-guerrilla-a",  # Neutral
    "space tay-ninh 1 us-troops 2 vc-guerrilla-u active-opposition",  # no change of level
    "space kien-phong 2 vc-guerrilla-u",  # no US Troops
    "space hue 1 us-troops 1 vc-guerrilla-u",  # a City
)


def test_shaded_removes_a_vc_piece_and_sets_active_opposition_in_1_or_2_provinces() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the executing Faction
    # Provinces whose level would change come first (R191); no City, none without US Troops
    assert set(decision.options) == {Select("binh-dinh"), Select("quang-nam")}
    play(game, "select binh-dinh")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # which VC piece
    play(game, f"move 1 vc-base binh-dinh {AVAILABLE}")
    assert pieces(game, "binh-dinh", "vc-base") == 0
    assert game.state.space("binh-dinh").support is Support.ACTIVE_OPPOSITION
    decision = game.decision
    assert decision is not None and set(decision.options) == {Select("quang-nam"), DONE}
    play(game, "select quang-nam")  # the lone VC piece goes unasked
    state = game.state
    assert pieces(game, "quang-nam", "vc-guerrilla-a") == 0
    assert state.space("quang-nam").support is Support.ACTIVE_OPPOSITION
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 1
    assert state.space("tay-ninh").pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 2
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_a_second_province_is_optional() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    with pytest.raises(IllegalCommand):
        play(game, "done")  # at least 1 Province (5.1.3)
    play(game, "select quang-nam", "done")
    state = game.state
    assert state.space("binh-dinh").support is Support.PASSIVE_SUPPORT
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_no_changing_province_left_any_other_qualifies() -> None:
    game = execute(
        CARD, Side.SHADED, "space tay-ninh 1 us-troops 2 vc-guerrilla-u active-opposition"
    )
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 1  # the lone Province, the lone piece
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_shaded_tunneled_base_only_its_owner_may_opt_5_1_1() -> None:
    line = "space binh-dinh 1 us-troops 1 vc-base-t"
    game = execute(CARD, Side.SHADED, line)
    assert pieces(game, "binh-dinh", "vc-base-t") == 1  # the US may not
    assert game.state.space("binh-dinh").support is Support.NEUTRAL
    game = execute(CARD, Side.SHADED, line, "ineligible US")  # VC 2nd in order: executes
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.options == (Move(Piece.VC_TUNNELED_BASE, 1, "binh-dinh", AVAILABLE), DONE)
    play(game, f"move 1 vc-base-t binh-dinh {AVAILABLE}")
    assert game.state.space("binh-dinh").support is Support.ACTIVE_OPPOSITION


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED), CARD, Side.SHADED)
    no_us = ("space kien-phong 2 vc-guerrilla-u", "space hue 1 us-troops 1 vc-guerrilla-u")
    assert not effective(state_on(CARD, *no_us), CARD, Side.SHADED)
