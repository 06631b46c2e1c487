"""Card 36, Hamburger Hill (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: 4 US Troops moved from any spaces to 1 Highland (not North Vietnam, 1.4.2,
  R192), then 1 NVA or VC Base there removed, even a Tunneled one (1.4.4, 5.1.1);
- shaded: a Tunnel on a Highland NVA or VC Base (1.4.4), 3 US Troops there to Casualties.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Piece, Select, Side
from coinlake.state.commands import Choose, Move
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 36
UNSHADED = (
    "space saigon 3 us-troops",
    "space hue 2 us-troops",
    "space pleiku-darlac 1 us-troops 1 nva-base-t 1 vc-base",
)


def test_unshaded_moves_4_us_troops_to_a_highland_and_removes_a_base_even_tunneled() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert Select("north-vietnam") not in decision.options  # no US Troops there (R192)
    assert Select("tay-ninh") not in decision.options  # Jungle
    assert Select("quang-nam") in decision.options
    play(game, "select pleiku-darlac")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Move(Piece.US_TROOPS, 3, "saigon", "pleiku-darlac") in decision.options
    with pytest.raises(IllegalCommand):
        play(game, "done")  # 4 must move while any can (5.1.3)
    play(game, "move 2 us-troops hue pleiku-darlac", "move 2 us-troops saigon pleiku-darlac")
    assert pieces(game, "pleiku-darlac", "us-troops") == 5
    assert pieces(game, "saigon", "us-troops") == 1
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "pleiku-darlac", AVAILABLE) in decision.options
    play(game, f"move 1 nva-base-t pleiku-darlac {AVAILABLE}")
    state = game.state
    assert pieces(game, "pleiku-darlac", "nva-base-t") == 0
    assert pieces(game, "pleiku-darlac", "vc-base") == 1
    assert state.available[Piece.NVA_BASE] == 1
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_fewer_troops_and_no_base_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "space hue 2 us-troops")
    play(game, "select khanh-hoa", "move 2 us-troops hue khanh-hoa")
    state = game.state
    assert pieces(game, "khanh-hoa", "us-troops") == 2
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED), CARD, Side.UNSHADED)
    # every US Troop is in the first Highland: another Highland would still gain them
    assert effective(state_on(CARD, "space quang-tri-thua-thien 2 us-troops"), CARD)
    assert effective(state_on(CARD, "space binh-dinh 1 vc-base-t"), CARD)
    lowland = "space kien-phong 1 vc-base 1 nva-base"
    assert not effective(state_on(CARD, lowland, "space north-vietnam 1 nva-base"), CARD)


SHADED = (
    "space binh-dinh 4 us-troops 1 nva-base 1 vc-base",
    "space kien-phong 1 vc-base 2 us-troops",  # Lowland
    "space khanh-hoa 1 vc-base-t 1 us-troops",  # already Tunneled
)


def test_shaded_tunnels_a_highland_base_and_3_us_troops_to_casualties() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)  # no Lowland, no Tunneled Base: 1 Highland
    decision = game.decision  # taken unasked; the NVA or the VC Base?
    assert decision is not None and decision.faction is Faction.NVA
    assert set(decision.options) == {Choose("nva-base"), Choose("vc-base")}
    play(game, "vc-base")
    state = game.state
    assert (
        pieces(game, "binh-dinh", "vc-base-t") == 1 and pieces(game, "binh-dinh", "nva-base") == 1
    )
    assert pieces(game, "binh-dinh", "us-troops") == 1
    assert state.casualties[Piece.US_TROOPS] == 3
    assert pieces(game, "khanh-hoa", "us-troops") == 1
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_fewer_troops_there_and_north_vietnam_qualifies() -> None:
    game = execute(CARD, Side.SHADED, "space north-vietnam 1 nva-base", "space kontum 2 us-troops")
    state = game.state
    assert pieces(game, "north-vietnam", "nva-base-t") == 1
    assert state.casualties[Piece.US_TROOPS] == 0  # none there
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED), CARD, Side.SHADED)
    assert not effective(state_on(CARD, *SHADED[1:]), CARD, Side.SHADED)
