"""Card 117, Corps Commanders (dual use, 5.2): VC 1st (VC, ARVN, NVA, US); the ARVN
executes the unshaded text here (VC Ineligible), the VC the shaded one.

- unshaded: the ARVN places 3 Troops from Out of Play or Available into 1 or 2 adjacent
  spaces (ruling R227), then Sweeps for free in each (not in Monsoon, 2.3.9);
- shaded: a die roll of ARVN pieces removed from 1 or 2 adjacent spaces; ARVN Ineligible
  through the next card.
"""

from __future__ import annotations

from coinlake import Done, Faction, Piece, Side, Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 117
ARVN_FIRST = "ineligible VC"
SCENE = (
    "available 2 arvn-troops",
    "out-of-play 2 arvn-troops",
    "space kontum 1 vc-guerrilla-u",
    "space binh-dinh 2 arvn-troops 2 vc-guerrilla-u",
)


def test_unshaded_3_troops_into_2_adjacent_spaces_then_sweep_each() -> None:
    game = execute(CARD, Side.UNSHADED, ARVN_FIRST, *SCENE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    options = {str(c) for c in decision.options}
    assert "move 1 arvn-troops out-of-play hue" in options
    assert "move 1 arvn-troops available hue" in options
    assert not any("north-vietnam" in o for o in options)  # 1.4.2
    play(game, "move 1 arvn-troops out-of-play kontum")
    decision = game.decision
    assert decision is not None
    options = {str(c) for c in decision.options}
    assert "move 1 arvn-troops available pleiku-darlac" in options  # adjacent
    assert "move 1 arvn-troops available hue" not in options
    assert Done() not in decision.options  # 3 Troops (5.1.3)
    play(game, "move 1 arvn-troops available pleiku-darlac")
    decision = game.decision
    assert decision is not None
    assert {str(c) for c in decision.options} == {
        "move 1 arvn-troops out-of-play kontum",
        "move 1 arvn-troops available kontum",
        "move 1 arvn-troops out-of-play pleiku-darlac",
        "move 1 arvn-troops available pleiku-darlac",
    }  # 2 spaces already
    play(game, "move 1 arvn-troops available kontum")
    state = game.state
    assert pieces(game, "kontum", "arvn-troops") == 2
    assert pieces(game, "pleiku-darlac", "arvn-troops") == 1
    assert state.out_of_play[Piece.ARVN_TROOPS] == 1
    decision = game.decision
    assert decision is not None and decision.context.procedure == "sweep"
    assert decision.faction is Faction.ARVN
    assert {str(c) for c in decision.options} == {"select kontum", "select pleiku-darlac"}
    play(game, "select kontum", "done")  # no Troops moved in; then Pleiku, forced
    play(game, "move 2 arvn-troops binh-dinh pleiku-darlac", "done")
    assert pieces(game, "pleiku-darlac", "arvn-troops") == 3
    assert pieces(game, "kontum", "vc-guerrilla-a") == 1  # 2 Troops Activate 1 (3.2.3)
    state = game.state
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_1_space_and_fewer_troops_5_1_3() -> None:
    lines = (ARVN_FIRST, "available 1 arvn-troops", "space hue 1 vc-guerrilla-u")
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "move 1 arvn-troops available hue")
    assert pieces(game, "hue", "arvn-troops") == 1
    # the Sweep in Hue, forced: nothing to move in, 1 Troop Activates 1 (3.2.3)
    assert pieces(game, "hue", "vc-guerrilla-a") == 1
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_no_sweep_in_monsoon_or_on_a_loc_2_3_9() -> None:
    lines = (ARVN_FIRST, "available 3 arvn-troops")
    game = execute(CARD, Side.UNSHADED, *lines, next_card=COUP)
    for _ in range(3):
        play(game, "move 1 arvn-troops available hue")
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)  # no Sweep in Monsoon
    game = execute(CARD, Side.UNSHADED, *lines)
    for _ in range(3):
        play(game, "move 1 arvn-troops available loc-hue-da-nang")
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)  # Sweep: no LoC (3.2.3)
    assert pieces(game, "loc-hue-da-nang", "arvn-troops") == 3


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "out-of-play 1 arvn-troops"), CARD)
    assert not effective(state_on(CARD), CARD)


def test_shaded_die_roll_of_arvn_pieces_from_2_adjacent_spaces_ineligible() -> None:
    lines = (
        "dice 4",
        "space kontum 2 arvn-troops 1 arvn-police",
        "space pleiku-darlac 1 arvn-base 1 arvn-ranger-u",
        "space hue 3 arvn-troops",
    )
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    play(game, "move 1 arvn-police kontum available")
    decision = game.decision
    assert decision is not None
    assert not any("hue" in str(c) for c in decision.options)  # not adjacent to Kontum
    play(game, "move 1 arvn-base pleiku-darlac available")
    decision = game.decision
    assert decision is not None
    assert {str(c) for c in decision.options} == {
        "move 1 arvn-troops kontum available",
        "move 1 arvn-ranger-u pleiku-darlac available",
    }  # 2 spaces already
    play(game, "move 1 arvn-troops kontum available", "move 1 arvn-troops kontum available")
    state = game.state
    assert pieces(game, "kontum", "arvn-troops") == 0
    assert pieces(game, "pleiku-darlac", "arvn-ranger-u") == 1  # 4 removed in all
    assert pieces(game, "hue", "arvn-troops") == 3
    assert state.available[Piece.ARVN_BASE] == 1
    assert not state.eligible(Faction.ARVN) and state.ineligible_next == (Faction.ARVN,)
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_fewer_pieces_than_the_roll_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "dice 6", "space hue 2 arvn-police").state
    assert state.space("hue").count(Piece.ARVN_POLICE) == 0
    assert state.available[Piece.ARVN_POLICE] == 2
    assert state.ineligible_next == (Faction.ARVN,)


def test_shaded_no_arvn_piece_no_roll_still_ineligible() -> None:
    game = execute(CARD, Side.SHADED, "dice 6")
    state = game.state
    assert state.fixed_dice == (6,)
    assert state.ineligible_next == (Faction.ARVN,)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # the Ineligibility
