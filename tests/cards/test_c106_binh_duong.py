"""Card 106, Binh Duong (single use): VC 1st, so the VC executes it here.

In each of 2 different Provinces adjacent to Saigon (1.3.6) the executing Faction shifts 1
level, toward Support or Opposition as it chooses -- only directions in which the space can
still shift are offered (5.1.3, ruling R175) -- and places a VC Guerrilla or an ARVN Police,
its choice among those Available (1.4.1, 5.1.1).
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Move, Piece, Select, Support
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 106
PIECES = "available 3 vc-guerrilla-u 3 arvn-police"


def test_shift_either_way_and_place_either_piece_in_2_provinces() -> None:
    game = execute(CARD, None, PIECES, "space kien-phong passive-opposition")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {
        Select(k)
        for k in (
            "quang-duc-long-khanh",
            "binh-tuy-binh-thuan",
            "tay-ninh",
            "kien-phong",
            "kien-hoa-vinh-binh",
        )
    }  # Provinces adjacent to Saigon: not Saigon, LoCs or farther Provinces
    with pytest.raises(IllegalCommand):
        game.apply(Select("saigon"))
    with pytest.raises(IllegalCommand):
        game.apply(Select("loc-saigon-can-tho"))
    play(game, "select kien-phong")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.options == (Choose("toward-support"), Choose("toward-opposition"))
    play(game, "toward-support")  # the VC may pick the direction that hurts it
    decision = game.decision
    assert decision is not None and set(decision.options) == {
        Move(piece, 1, AVAILABLE, "kien-phong")
        for piece in (Piece.VC_GUERRILLA_UNDERGROUND, Piece.ARVN_POLICE)
    }
    play(game, f"move 1 arvn-police {AVAILABLE} kien-phong")
    play(
        game, "select tay-ninh", "toward-opposition", f"move 1 vc-guerrilla-u {AVAILABLE} tay-ninh"
    )
    state = game.state
    assert state.space("kien-phong").support is Support.NEUTRAL
    assert state.space("tay-ninh").support is Support.PASSIVE_OPPOSITION
    assert pieces(game, "kien-phong", "arvn-police") == 1
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 1
    assert state.turn.acted == ((Faction.VC, "event"),)
    assert game.decision is not None and game.decision.faction is Faction.NVA  # card goes on


def test_only_a_direction_that_shifts_is_offered_5_1_3_r175() -> None:
    game = execute(
        CARD, None, PIECES, "space tay-ninh active-support", "space kien-phong active-opposition"
    )
    play(game, "select tay-ninh")
    assert game.decision is not None
    assert game.decision.options == (Choose("toward-opposition"),)
    play(game, "toward-opposition", f"move 1 arvn-police {AVAILABLE} tay-ninh", "select kien-phong")
    assert game.decision is not None
    assert game.decision.options == (Choose("toward-support"),)
    play(game, "toward-support", f"move 1 arvn-police {AVAILABLE} kien-phong")
    assert game.state.space("tay-ninh").support is Support.PASSIVE_SUPPORT
    assert game.state.space("kien-phong").support is Support.PASSIVE_OPPOSITION


def test_only_available_pieces_are_placed_5_1_1() -> None:
    game = execute(CARD, None, "available 1 vc-guerrilla-u")
    play(game, "select tay-ninh", "toward-support")
    assert game.decision is not None  # the lone Guerrilla: no Police to choose
    assert game.decision.options == (
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "tay-ninh"),
    )
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} tay-ninh", "select kien-phong", "toward-support")
    # nothing left to place: the shift alone is done (5.1.3), and the card goes on
    state = game.state
    assert state.space("kien-phong").support is Support.PASSIVE_SUPPORT
    assert (
        pieces(game, "kien-phong", "vc-guerrilla-u")
        == pieces(game, "kien-phong", "arvn-police")
        == 0
    )
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_another_executing_faction_decides_5_1() -> None:
    game = execute(CARD, None, PIECES, "ineligible VC")  # NVA is then 1st (VC, NVA, ARVN, US)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    play(game, "select kien-hoa-vinh-binh")
    assert game.decision is not None and game.decision.faction is Faction.NVA


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)  # a shift is always possible (all have Population)
