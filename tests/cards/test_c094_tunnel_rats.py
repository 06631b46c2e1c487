"""Card 94, Tunnel Rats (single use): VC 1st, so the VC executes it here.

Either a Tunnel on an Insurgent Base in each of 2 Provinces (1.4.4), or 1 Tunneled Base
removed from a space with US Troops (named by the text, 1.4.4, 5.1.1); only a branch that
can do something is offered (5.1.3).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Piece, Select, Side
from coinlake.state.commands import Choose, Move
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 94
MAP = (
    "space binh-dinh 1 nva-base 1 vc-base",
    "space tay-ninh 1 vc-base-t 1 vc-base 2 us-troops",
    "space quang-nam 1 nva-base-t",  # already Tunneled
    "space hue 1 vc-base",  # a City
    "space kien-phong 1 nva-base-t 1 vc-guerrilla-u",  # no US Troops
    "space pleiku-darlac 1 nva-base-t 1 us-troops",
)


def test_tunnels_on_bases_in_2_provinces() -> None:
    game = execute(CARD, None, *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {Choose("tunnels"), Choose("remove")}
    play(game, "tunnels")
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Select("binh-dinh"), Select("tay-ninh")}  # no City
    play(game, "select binh-dinh")
    decision = game.decision  # NVA or VC Base? the VC picks
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {Choose("nva-base"), Choose("vc-base")}
    play(game, "nva-base")  # then Tay Ninh, the lone Province left, and its lone untunneled kind
    state = game.state
    assert (
        pieces(game, "binh-dinh", "nva-base-t") == 1 and pieces(game, "binh-dinh", "vc-base") == 1
    )
    assert pieces(game, "tay-ninh", "vc-base-t") == 2
    assert pieces(game, "hue", "vc-base") == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_remove_a_tunneled_base_from_a_space_with_us_troops() -> None:
    game = execute(CARD, None, *MAP)
    play(game, "remove")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {
        Move(Piece.VC_TUNNELED_BASE, 1, "tay-ninh", AVAILABLE),
        Move(Piece.NVA_TUNNELED_BASE, 1, "pleiku-darlac", AVAILABLE),
    }
    play(game, f"move 1 vc-base-t tay-ninh {AVAILABLE}")
    state = game.state
    assert pieces(game, "tay-ninh", "vc-base-t") == 0 and pieces(game, "tay-ninh", "vc-base") == 1
    assert pieces(game, "kien-phong", "nva-base-t") == 1
    assert state.available[Piece.VC_BASE] == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_only_a_branch_that_can_be_carried_out_5_1_3() -> None:
    game = execute(CARD, None, "space quang-nam 1 nva-base-t 1 us-troops")
    decision = game.decision
    assert decision is not None and decision.options == (Choose("remove"),)
    with pytest.raises(IllegalCommand):
        play(game, "tunnels")
    play(game, "remove")
    assert pieces(game, "quang-nam", "nva-base-t") == 0


def test_a_single_province_to_tunnel_5_1_3() -> None:
    game = execute(CARD, None, "space binh-dinh 1 vc-base")
    play(game, "tunnels")
    assert pieces(game, "binh-dinh", "vc-base-t") == 1
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *MAP), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "space binh-dinh 1 vc-base"), CARD)
    nothing = ("space quang-nam 1 nva-base-t", "space hue 1 vc-base 1 us-troops")
    assert not effective(state_on(CARD, *nothing), CARD)
