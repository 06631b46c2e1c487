"""Card 44, Ia Drang (dual use, 5.2): NVA 1st (NVA, ARVN, US, VC); the US executes the
unshaded text here (NVA and ARVN Ineligible), the NVA the shaded one.

- unshaded: the US selects 1 space with an NVA piece (ruling R223), Air Lifts into it,
  Sweeps and Assaults there, all free (5.5); no Sweep in Monsoon (2.3.9);
- shaded: a Province with NVA Troops; a die roll of US Troops within 1 space of it to
  Casualties.
"""

from __future__ import annotations

from coinlake import Faction, Piece, Side
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 44
US_FIRST = "ineligible NVA ARVN"
SCENE = (
    "space pleiku-darlac 2 nva-troops 2 nva-guerrilla-u 1 vc-guerrilla-u",
    "space saigon 4 us-troops",
    "space kontum 2 us-troops",
    "space khanh-hoa 1 nva-guerrilla-u",
    "space north-vietnam 3 nva-troops",  # US pieces never enter (1.4.2)
    "space binh-dinh 2 vc-guerrilla-u",  # no NVA piece
)


def test_unshaded_air_lift_into_sweep_and_assault_in_1_space_with_nva() -> None:
    game = execute(CARD, Side.UNSHADED, US_FIRST, *SCENE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert {str(c) for c in decision.options} == {"select pleiku-darlac", "select khanh-hoa"}
    play(game, "select pleiku-darlac")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "air-lift"
    play(game, "select saigon", "move 3 us-troops saigon pleiku-darlac", "done")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "sweep"
    play(game, "select pleiku-darlac", "move 2 us-troops kontum pleiku-darlac", "done")
    play(game, "target-both")  # 5 Troops Activate all 3 Guerrillas (3.2.3)
    assert pieces(game, "pleiku-darlac", "nva-guerrilla-a") == 2
    decision = game.decision
    assert decision is not None and decision.context.procedure == "assault"
    assert {str(c) for c in decision.options} == {"select pleiku-darlac"}  # there only
    play(game, "select pleiku-darlac", "target-both")
    state = game.state
    # 5 US Troops in a Highland remove 2 (3.2.4): the NVA Troops first
    assert pieces(game, "pleiku-darlac", "nva-troops") == 0
    assert pieces(game, "pleiku-darlac", "nva-guerrilla-a") == 2
    assert pieces(game, "pleiku-darlac", "us-troops") == 5
    assert state.tracks == execute(CARD, Side.UNSHADED, US_FIRST, *SCENE).state.tracks  # free
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_no_sweep_in_monsoon_2_3_9() -> None:
    game = execute(CARD, Side.UNSHADED, US_FIRST, *SCENE, next_card=COUP)
    play(game, "select pleiku-darlac", "select saigon", "move 3 us-troops saigon pleiku-darlac")
    play(game, "done")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "assault"  # no Sweep
    play(game, "select pleiku-darlac")
    assert pieces(game, "pleiku-darlac", "nva-troops") == 1  # 3 Troops in a Highland: 1
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_on_a_loc_no_sweep_3_2_3() -> None:
    lines = ("space loc-hue-da-nang 1 nva-troops", "space hue 2 us-troops")
    game = execute(CARD, Side.UNSHADED, US_FIRST, *lines)
    play(game, "select hue", "move 2 us-troops hue loc-hue-da-nang")  # nothing more to lift
    decision = game.decision
    assert decision is not None and decision.context.procedure == "assault"  # no LoC Sweep
    play(game, "select loc-hue-da-nang")
    assert pieces(game, "loc-hue-da-nang", "nva-troops") == 0


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, US_FIRST, *SCENE), CARD)
    assert not effective(state_on(CARD, "space north-vietnam 3 nva-troops"), CARD)


def test_shaded_die_roll_of_us_troops_within_1_space_to_casualties() -> None:
    lines = (
        "dice 3",
        "space pleiku-darlac 1 nva-troops 1 us-troops",
        "space kontum 2 us-troops",  # adjacent
        "space can-tho 5 us-troops",  # farther
        "space quang-tri-thua-thien 1 nva-troops",  # no US Troops near
    )
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    # Pleiku-Darlac, the only Province with US Troops near, is taken (5.1.3)
    assert {str(c) for c in decision.options} == {
        "move 1 us-troops kontum casualties",
        "move 1 us-troops pleiku-darlac casualties",
    }
    play(game, "move 1 us-troops kontum casualties", "move 1 us-troops kontum casualties")
    state = game.state
    assert state.casualties[Piece.US_TROOPS] == 3  # the last one forced
    assert pieces(game, "pleiku-darlac", "us-troops") == 0
    assert pieces(game, "can-tho", "us-troops") == 5
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_fewer_troops_than_the_roll_5_1_3() -> None:
    lines = ("dice 6", "space quang-nam 1 nva-troops", "space da-nang 1 us-troops")
    state = execute(CARD, Side.SHADED, *lines).state
    assert state.casualties[Piece.US_TROOPS] == 1


def test_shaded_no_us_troops_near_no_roll() -> None:
    game = execute(CARD, Side.SHADED, "dice 6", "space quang-nam 1 nva-troops")
    assert game.state.fixed_dice == (6,)  # never rolled (as R210)
    assert not effective(state_on(CARD, "space quang-nam 1 nva-troops"), CARD, Side.SHADED)
    assert not effective(
        state_on(CARD, "space loc-hue-da-nang 1 nva-troops 1 us-troops"), CARD, Side.SHADED
    )
