"""Card 42, Chou En Lai (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: NVA Resources -10; then the NVA remove a die roll of their Troops from the map
  to Available, choosing which (named by the text, 5.1), all of them if fewer (5.1.3);
- shaded: NVA Resources +10, VC Resources + the Trail's value (at most 75, 5.1.1).
"""

from __future__ import annotations

from coinlake import Faction, Kind, Move, Piece, Side
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 42
TROOPS = (
    "space north-vietnam 3 nva-troops",
    "space southern-laos 2 nva-troops",
    "space hue 1 nva-troops 1 arvn-police",
)


def test_unshaded_nva_minus_10_and_removes_a_die_roll_of_troops() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 4", *TROOPS)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the NVA choose
    assert decision.kind is Kind.REMOVE_PIECES
    assert game.state.resources(Faction.NVA) == 15 - 10
    assert {m.origin for m in decision.options if isinstance(m, Move)} == {
        "north-vietnam",
        "southern-laos",
        "hue",
    }
    play(game, f"move 1 nva-troops hue {AVAILABLE}")
    play(game, f"move 1 nva-troops southern-laos {AVAILABLE}")
    play(game, f"move 1 nva-troops north-vietnam {AVAILABLE}")
    play(game, f"move 1 nva-troops north-vietnam {AVAILABLE}")
    state = game.state
    assert state.available[Piece.NVA_TROOPS] == 4
    assert pieces(game, "north-vietnam", "nva-troops") == 1
    assert pieces(game, "southern-laos", "nva-troops") == 1
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_executed_by_arvn_the_nva_still_choose_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible NVA", "dice 1", *TROOPS)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert not game.state.turn.acted  # ARVN's Event still in progress
    play(game, f"move 1 nva-troops hue {AVAILABLE}")
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)
    assert game.state.available[Piece.NVA_TROOPS] == 1


def test_unshaded_roll_above_the_troops_removes_them_all_5_1_3() -> None:
    lines = (
        "dice 6",
        "space north-vietnam 2 nva-troops 1 nva-guerrilla-u",
        tracks(nva_resources=4),
    )
    state = execute(CARD, Side.UNSHADED, *lines).state  # one kind in one space: unasked
    assert state.space("north-vietnam").pieces[Piece.NVA_TROOPS] == 0
    assert state.space("north-vietnam").pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 1
    assert state.resources(Faction.NVA) == 0  # not below 0 (1.8)


def test_unshaded_without_troops_rolls_no_die_r210() -> None:
    state = execute(CARD, Side.UNSHADED, "dice 3").state
    assert state.fixed_dice == (3,)  # the die stays unrolled
    assert state.resources(Faction.NVA) == 15 - 10


def test_shaded_nva_plus_10_vc_plus_trail() -> None:
    state = execute(CARD, Side.SHADED, tracks(trail=3)).state
    assert state.resources(Faction.NVA) == 15 + 10
    assert state.resources(Faction.VC) == 10 + 3
    assert state.trail == 3


def test_shaded_stops_at_75_5_1_1() -> None:
    state = execute(CARD, Side.SHADED, tracks(nva_resources=70, vc_resources=74)).state
    assert state.resources(Faction.NVA) == 75 and state.resources(Faction.VC) == 75


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)  # Resources -10
    assert not effective(state_on(CARD, tracks(nva_resources=0)), CARD, Side.UNSHADED)
    with_troops = state_on(CARD, tracks(nva_resources=0), *TROOPS)
    assert effective(with_troops, CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)
    full = state_on(CARD, tracks(nva_resources=75, trail=0))
    assert not effective(full, CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(nva_resources=75)), CARD, Side.SHADED)  # VC + 2
