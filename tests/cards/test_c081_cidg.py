"""Card 81, CIDG (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: a die roll of VC Guerrillas in South Vietnam replaced, each with a Ranger, an
  Irregular or a Police of the executing Faction's choice from Available; removed only when
  none is Available (5.1.1); all of them when fewer than the roll (5.1.3);
- shaded: all Rangers, Police and Irregulars in a Highland space to Available (Irregulars
  too, 1.4.1), replaced by 2 VC Guerrillas in all, from Available (5.1.1).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Move, Piece, Select, Side
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 81
VC = (
    "space hue 2 vc-guerrilla-u",
    "space loc-saigon-can-tho 1 vc-guerrilla-a",
    "space central-laos 2 vc-guerrilla-u",  # not South Vietnam
)


def test_unshaded_replaces_a_die_roll_of_vc_guerrillas_5_1() -> None:
    lines = ("dice 3", "available 1 arvn-ranger-u 1 us-irregular-u", *VC)
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "hue", AVAILABLE),
        Move(Piece.VC_GUERRILLA_ACTIVE, 1, "loc-saigon-can-tho", AVAILABLE),
    }
    play(game, f"move 1 vc-guerrilla-a loc-saigon-can-tho {AVAILABLE}")
    decision = game.decision
    assert decision is not None and set(decision.options) == {
        Move(Piece.ARVN_RANGER_UNDERGROUND, 1, AVAILABLE, "loc-saigon-can-tho"),
        Move(Piece.US_IRREGULAR_UNDERGROUND, 1, AVAILABLE, "loc-saigon-can-tho"),
    }
    play(game, f"move 1 us-irregular-u {AVAILABLE} loc-saigon-can-tho")
    # the 2nd and 3rd: the lone Guerrillas left, in Hue, go unasked; the 2nd is replaced
    # by the lone Ranger, the 3rd only removed: nothing is left Available (5.1.1)
    state = game.state
    assert pieces(game, "hue", "arvn-ranger-u") == 1
    assert pieces(game, "hue", "vc-guerrilla-u") == 0 and pieces(game, "hue", "arvn-police") == 0
    assert pieces(game, "loc-saigon-can-tho", "us-irregular-u") == 1
    assert pieces(game, "central-laos", "vc-guerrilla-u") == 2
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 3  # removed to Available
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_roll_above_the_guerrillas_replaces_all_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 6", "available 5 arvn-police", *VC)
    for _ in range(3):
        decision = game.decision
        assert decision is not None
        game.apply(decision.options[0])  # the Police come unasked
    assert pieces(game, "hue", "arvn-police") == 2
    assert pieces(game, "loc-saigon-can-tho", "arvn-police") == 1
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_rolls_only_with_a_vc_guerrilla_in_the_south_8_1() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 2", VC[2])
    assert game.state.fixed_dice == (2,)  # not rolled
    assert not effective(state_on(CARD, VC[2]), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, *VC), CARD, Side.UNSHADED)  # removed at least


HIGHLAND = (
    "space pleiku-darlac 1 arvn-ranger-a 2 arvn-police 1 us-irregular-u 1 arvn-troops 1 us-troops",
    "space binh-dinh 1 us-irregular-a",
    "space kontum 2 arvn-police",  # a City
    "space quang-nam 2 arvn-troops",  # no Ranger, Police or Irregular
)


def test_shaded_replaces_rangers_police_irregulars_with_2_vc_guerrillas_5_1() -> None:
    game = execute(CARD, Side.SHADED, "available 4 vc-guerrilla-u", *HIGHLAND)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert set(decision.options) == {Select("pleiku-darlac"), Select("binh-dinh")}
    with pytest.raises(IllegalCommand):
        game.apply(Select("kontum"))
    play(game, "select pleiku-darlac")
    state = game.state
    here = state.space("pleiku-darlac").pieces
    assert here[Piece.ARVN_RANGER_ACTIVE] == here[Piece.ARVN_POLICE] == 0
    assert here[Piece.US_IRREGULAR_UNDERGROUND] == 0
    assert here[Piece.ARVN_TROOPS] == 1 and here[Piece.US_TROOPS] == 1  # Troops stay
    assert here[Piece.VC_GUERRILLA_UNDERGROUND] == 2  # 2 in all
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 1  # not Casualties (1.4.1)
    assert state.casualties[Piece.US_IRREGULAR_UNDERGROUND] == 0
    assert state.available[Piece.ARVN_RANGER_UNDERGROUND] == 1
    assert state.available[Piece.ARVN_POLICE] == 2
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_only_removes_when_no_guerrilla_is_available_5_1_1() -> None:
    game = execute(CARD, Side.SHADED, "available 1 vc-guerrilla-u", HIGHLAND[1])
    assert pieces(game, "binh-dinh", "us-irregular-a") == 0  # the lone space, unasked
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 1
    game = execute(CARD, Side.SHADED, HIGHLAND[1])
    assert pieces(game, "binh-dinh", "us-irregular-a") == 0
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 0


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, HIGHLAND[1]), CARD, Side.SHADED)
    assert not effective(state_on(CARD, *HIGHLAND[2:]), CARD, Side.SHADED)
