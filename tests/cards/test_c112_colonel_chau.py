"""Card 112, Colonel Chau (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: 1 ARVN Police into each of 6 different Provinces -- any but North Vietnam (1.4.2;
  Laos and Cambodia included, ruling R177) -- while Police are Available (1.4.1, 5.1.3);
- shaded: 3 different Provinces with ARVN pieces each shift 1 level toward Active Opposition
  and get a VC Guerrilla while one is Available (5.1.1); a Province that cannot shift
  (Population 0, Active Opposition) may be picked (the card's tip, ruling R178).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Piece, Select, Side, Support
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 112
SIX = ("tay-ninh", "kien-phong", "central-laos", "phuoc-long", "binh-dinh", "the-fishhook")


def test_unshaded_police_into_6_provinces() -> None:
    game = execute(CARD, Side.UNSHADED, "available 8 arvn-police", "space kien-phong 1 arvn-police")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    for key in ("saigon", "loc-hue-da-nang", "north-vietnam"):  # a City, a LoC, 1.4.2
        with pytest.raises(IllegalCommand):
            game.apply(Select(key))
    play(game, "select tay-ninh")
    with pytest.raises(IllegalCommand):
        game.apply(Select("tay-ninh"))  # each Province once
    play(game, *(f"select {key}" for key in SIX[1:]))
    state = game.state
    for key in SIX:
        assert pieces(game, key, "arvn-police") == (2 if key == "kien-phong" else 1)
    assert state.available[Piece.ARVN_POLICE] == 2
    assert state.turn.acted == ((Faction.VC, "event"),)
    assert game.decision is not None and game.decision.faction is Faction.ARVN  # card goes on


def test_unshaded_stops_when_police_run_out_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "available 2 arvn-police")
    play(game, "select tay-ninh", "select binh-dinh")
    assert pieces(game, "binh-dinh", "arvn-police") == 1
    assert game.state.turn.acted == ((Faction.VC, "event"),)  # done after 2


def test_unshaded_another_executing_faction_decides_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "available 6 arvn-police", "ineligible VC")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # ARVN 1st then


def test_shaded_shifts_3_provinces_with_arvn_and_places_guerrillas() -> None:
    game = execute(
        CARD,
        Side.SHADED,
        "available 5 vc-guerrilla-u",
        "space tay-ninh 1 arvn-police passive-support",
        "space kien-phong 1 arvn-ranger-u",
        "space binh-dinh 1 arvn-base active-opposition",
        "space quang-nam 1 arvn-troops",
        "space saigon 1 arvn-police",  # a City
        "space pleiku-darlac 1 us-troops",  # no ARVN
    )
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {
        Select(k) for k in ("quang-nam", "binh-dinh", "tay-ninh", "kien-phong")
    }
    play(game, "select tay-ninh", "select binh-dinh", "select kien-phong")
    state = game.state
    assert state.space("tay-ninh").support is Support.NEUTRAL
    assert state.space("binh-dinh").support is Support.ACTIVE_OPPOSITION  # no level beyond
    assert state.space("kien-phong").support is Support.PASSIVE_OPPOSITION
    assert state.space("quang-nam").support is Support.NEUTRAL  # not picked
    for key in ("tay-ninh", "binh-dinh", "kien-phong"):
        assert pieces(game, key, "vc-guerrilla-u") == 1
    assert pieces(game, "quang-nam", "vc-guerrilla-u") == 0
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_population_0_province_may_be_picked_r178() -> None:
    game = execute(
        CARD,
        Side.SHADED,
        "available 1 vc-guerrilla-u",
        "space southern-laos 1 arvn-troops",
        "space phuoc-long 1 arvn-troops",
        "space tay-ninh 1 arvn-troops",
        "space kien-phong 1 arvn-troops",
    )
    play(game, "select southern-laos", "select tay-ninh", "select phuoc-long")
    state = game.state
    assert pieces(game, "southern-laos", "vc-guerrilla-u") == 1  # the only one Available
    assert state.space("southern-laos").support is Support.NEUTRAL  # Population 0 (1.6.1)
    assert state.space("phuoc-long").support is Support.NEUTRAL
    assert state.space("tay-ninh").support is Support.PASSIVE_OPPOSITION
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 0  # none left (5.1.1)
    assert state.space("kien-phong").support is Support.NEUTRAL


def test_shaded_fewer_than_3_provinces_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "available 3 vc-guerrilla-u", "space tay-ninh 1 arvn-police")
    state = game.state  # the lone Province is taken unasked
    assert state.space("tay-ninh").support is Support.PASSIVE_OPPOSITION
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, "available 1 arvn-police"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # no Police Available
    assert not effective(state_on(CARD), CARD, Side.SHADED)  # no Province with ARVN
    assert effective(state_on(CARD, "space tay-ninh 1 arvn-police"), CARD, Side.SHADED)
    # Provinces that cannot shift and no Guerrilla Available: nothing to do
    stuck = (
        "space southern-laos 1 arvn-troops",
        "space central-laos 1 arvn-troops",
        "space phuoc-long 1 arvn-troops",
        "space tay-ninh 1 arvn-troops active-opposition",
    )
    assert not effective(state_on(CARD, *stuck), CARD, Side.SHADED)
    assert effective(state_on(CARD, *stuck, "available 1 vc-guerrilla-u"), CARD, Side.SHADED)
    # a later Province (map order) can shift, though the dry run's first 3 picks cannot
    assert effective(state_on(CARD, *stuck, "space kien-phong 1 arvn-troops"), CARD, Side.SHADED)
