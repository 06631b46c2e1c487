"""Card 119, My Lai (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: 2 Available US Troops to Out of Play (as many as there are, 5.1.3); Patronage +2;
- shaded: the executing Faction picks a Province with US Troops and sets it to Active
  Opposition (Population 0: no level, 1.6.1, yet it may be picked, ruling R178); VC places a
  Base (below 2 Bases, 1.4.2) and a Guerrilla there, each if Available (1.4.1); Aid -6.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Piece, Select, Side, Support
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 119
VC_PIECES = "available 2 vc-guerrilla-u 2 vc-base"


def test_unshaded_2_troops_out_of_play_and_patronage_plus_2() -> None:
    game = execute(CARD, Side.UNSHADED, "available 5 us-troops", "out-of-play 1 us-troops")
    state = game.state
    assert state.available[Piece.US_TROOPS] == 3
    assert state.out_of_play[Piece.US_TROOPS] == 1 + 2
    assert state.patronage == 18 + 2
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_fewer_troops_available_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "available 1 us-troops", "space saigon 4 us-troops")
    state = game.state
    assert state.available[Piece.US_TROOPS] == 0
    assert state.out_of_play[Piece.US_TROOPS] == 1  # none taken from the map
    assert pieces(game, "saigon", "us-troops") == 4
    assert state.patronage == 18 + 2


def test_shaded_sets_province_active_opposition_vc_place_base_and_guerrilla_aid_minus_6() -> None:
    game = execute(
        CARD,
        Side.SHADED,
        VC_PIECES,
        "space binh-dinh 2 us-troops active-support",
        "space tay-ninh 1 us-troops",
        "space saigon 3 us-troops",  # a City
        "space kontum 1 us-base",  # a City, and no Troops
        "space pleiku-darlac 1 us-irregular-u",  # no Troops
    )
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {Select("binh-dinh"), Select("tay-ninh")}
    with pytest.raises(IllegalCommand):
        game.apply(Select("pleiku-darlac"))
    play(game, "select binh-dinh")
    state = game.state
    assert state.space("binh-dinh").support is Support.ACTIVE_OPPOSITION
    assert pieces(game, "binh-dinh", "vc-base") == 1
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 1
    assert state.space("tay-ninh").support is Support.NEUTRAL
    assert state.aid == 15 - 6
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_another_executing_faction_picks_the_province_5_1() -> None:
    lines = (VC_PIECES, "space binh-dinh 1 us-troops", "space tay-ninh 1 us-troops")
    game = execute(CARD, Side.SHADED, *lines, "ineligible VC")  # ARVN 1st then
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    play(game, "select tay-ninh")
    assert game.state.space("tay-ninh").support is Support.ACTIVE_OPPOSITION
    assert pieces(game, "tay-ninh", "vc-base") == 1  # VC places: nothing to choose


def test_shaded_stacking_and_availability_5_1_1() -> None:
    lines = ("available 1 vc-base", "space tay-ninh 1 us-troops 1 us-base 1 nva-base")
    game = execute(CARD, Side.SHADED, *lines)  # the lone Province is taken unasked
    assert pieces(game, "tay-ninh", "vc-base") == 0  # 2 Bases already (1.4.2)
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 0  # none Available
    assert game.state.space("tay-ninh").support is Support.ACTIVE_OPPOSITION


def test_shaded_population_0_province_r178_and_no_province_5_1_3() -> None:
    game = execute(
        CARD, Side.SHADED, VC_PIECES, "space phuoc-long 1 us-troops", "space tay-ninh 1 us-troops"
    )
    play(game, "select phuoc-long")
    assert game.state.space("phuoc-long").support is Support.NEUTRAL  # Population 0 (1.6.1)
    assert pieces(game, "phuoc-long", "vc-base") == 1
    game = execute(CARD, Side.SHADED, VC_PIECES, tracks(aid=4))  # no Province with Troops
    assert game.state.aid == 0  # Aid still drops, not below 0 (1.8)
    assert game.state.available[Piece.VC_BASE] == 2


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)  # Patronage
    assert not effective(state_on(CARD, tracks(patronage=75)), CARD, Side.UNSHADED)
    assert effective(
        state_on(CARD, tracks(patronage=75), "available 1 us-troops"), CARD, Side.UNSHADED
    )
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Aid
    no_aid = tracks(aid=0)
    assert not effective(state_on(CARD, no_aid), CARD, Side.SHADED)
    stuck = ("space phuoc-long 1 us-troops", "space tay-ninh 1 us-troops active-opposition")
    assert not effective(state_on(CARD, no_aid, *stuck), CARD, Side.SHADED)
    # the dry run picks Phuoc Long first (map order), where nothing would happen
    assert effective(
        state_on(CARD, no_aid, *stuck[:1], "space tay-ninh 1 us-troops"), CARD, Side.SHADED
    )
    assert effective(state_on(CARD, no_aid, *stuck, "available 1 vc-base"), CARD, Side.SHADED)
