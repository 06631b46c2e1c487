"""Card 98, Long Tan (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: the executing Faction picks (5.1) between 2 Out of Play US Troops into a
  Province (not North Vietnam, 1.4.2) and removing all Guerrillas from every Jungle with US
  Troops; only an effect that would do something is offered (5.1.3);
- shaded: 1 US Base and 1 US Troop in a Jungle with 2+ VC Guerrillas to Casualties.
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Piece, Select, Side
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 98
JUNGLES = (
    "space tay-ninh 1 us-troops 2 vc-guerrilla-u 1 nva-guerrilla-a 1 vc-base",
    "space phuoc-long 1 us-troops 1 nva-guerrilla-u",
    "space the-fishhook 2 vc-guerrilla-u",  # a Jungle without US Troops
    "space kontum 1 us-troops 1 vc-guerrilla-u",  # not a Jungle
)


def test_unshaded_removes_all_guerrillas_from_jungles_with_us_troops_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 3 us-troops", *JUNGLES)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert set(decision.options) == {Choose("place-troops"), Choose("remove-guerrillas")}
    play(game, "remove-guerrillas")
    state = game.state
    tay_ninh = state.space("tay-ninh").pieces
    assert tay_ninh[Piece.VC_GUERRILLA_UNDERGROUND] == tay_ninh[Piece.NVA_GUERRILLA_ACTIVE] == 0
    assert tay_ninh[Piece.VC_BASE] == 1  # Guerrillas only
    assert pieces(game, "phuoc-long", "nva-guerrilla-u") == 0
    assert pieces(game, "the-fishhook", "vc-guerrilla-u") == 2
    assert pieces(game, "kontum", "vc-guerrilla-u") == 1
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 2  # to Available (1.4.1)
    assert state.available[Piece.NVA_GUERRILLA_UNDERGROUND] == 2
    assert state.out_of_play[Piece.US_TROOPS] == 3
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_places_2_out_of_play_us_troops_in_a_province_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 3 us-troops", *JUNGLES)
    play(game, "place-troops")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Select("central-laos") in decision.options  # any Province
    for refused in ("north-vietnam", "kontum", "loc-hue-da-nang"):  # 1.4.2, City, LoC
        with pytest.raises(IllegalCommand):
            game.apply(Select(refused))
    play(game, "select quang-nam")
    assert pieces(game, "quang-nam", "us-troops") == 2
    assert game.state.out_of_play[Piece.US_TROOPS] == 1
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 2


def test_unshaded_as_many_as_out_of_play_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 1 us-troops")
    decision = game.decision
    assert decision is not None and decision.options == (Choose("place-troops"),)
    play(game, "place-troops", "select binh-dinh")
    assert pieces(game, "binh-dinh", "us-troops") == 1
    assert game.state.out_of_play[Piece.US_TROOPS] == 0


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, JUNGLES[1]), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "out-of-play 1 us-troops"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, *JUNGLES[2:]), CARD, Side.UNSHADED)


STRUCK = "space tay-ninh 1 us-base 2 us-troops 1 vc-guerrilla-u 1 vc-guerrilla-a"


def test_shaded_us_base_and_troop_to_casualties_5_1() -> None:
    lines = (STRUCK, "space phuoc-long 1 us-troops 1 vc-guerrilla-u 1 nva-guerrilla-u")
    game = execute(CARD, Side.SHADED, *lines)  # Tay Ninh, the lone candidate, unasked
    state = game.state
    assert pieces(game, "tay-ninh", "us-base") == 0 and pieces(game, "tay-ninh", "us-troops") == 1
    assert state.casualties[Piece.US_BASE] == 1 and state.casualties[Piece.US_TROOPS] == 1
    assert pieces(game, "phuoc-long", "us-troops") == 1  # 1 VC Guerrilla only
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_what_is_there_and_the_choice_5_1_3() -> None:
    lines = (
        "space tay-ninh 1 us-troops 2 vc-guerrilla-u",
        "space the-fishhook 1 us-base 3 vc-guerrilla-a",
        "space kontum 1 us-troops 2 vc-guerrilla-u",  # a City
    )
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {Select("tay-ninh"), Select("the-fishhook")}
    play(game, "select the-fishhook")
    assert pieces(game, "the-fishhook", "us-base") == 0
    assert game.state.casualties[Piece.US_BASE] == 1
    assert game.state.casualties[Piece.US_TROOPS] == 0
    assert pieces(game, "tay-ninh", "us-troops") == 1


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, STRUCK), CARD, Side.SHADED)
    assert not effective(
        state_on(CARD, "space tay-ninh 1 us-troops 1 vc-guerrilla-u"), CARD, Side.SHADED
    )
