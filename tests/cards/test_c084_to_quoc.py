"""Card 84, To Quoc (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: 1 ARVN Troop and 1 Police in each South Vietnam space with NVA (5.1), the
  executing Faction choosing where when too few are Available (5.1.3), and ARVN then may
  take its cubes from the map (1.4.1);
- shaded: ARVN removes 1 in 3 of its cubes (rounded down) in each space, as a Failed
  Attempt does (2.4), choosing Troops or Police; a VC Guerrilla in 3 spaces where it did.
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Side
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 84
NVA = (
    "space hue 1 nva-guerrilla-u",
    "space loc-hue-da-nang 2 nva-troops",
    "space kontum 1 nva-base",
    "space central-laos 3 nva-troops",  # not South Vietnam
)


def test_unshaded_places_a_troop_and_a_police_in_each_space_with_nva_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "available 5 arvn-troops 5 arvn-police", *NVA)
    for key in ("hue", "loc-hue-da-nang", "kontum"):
        assert pieces(game, key, "arvn-troops") == 1 and pieces(game, key, "arvn-police") == 1
    assert pieces(game, "central-laos", "arvn-troops") == 0
    assert game.state.available[Piece.ARVN_TROOPS] == 2
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_too_few_available_the_executing_faction_picks_5_1_3_1_4_1() -> None:
    lines = ("available 1 arvn-troops 3 arvn-police", "space saigon 2 arvn-troops", *NVA)
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert Done() not in decision.options  # one is Available: it must be placed
    play(game, f"move 1 arvn-troops {AVAILABLE} kontum")
    decision = game.decision  # ARVN may go on with Troops from Saigon (1.4.1)
    assert decision is not None and Done() in decision.options
    with pytest.raises(IllegalCommand):  # 1 in each space only
        game.apply(Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "kontum"))
    play(game, f"move 1 arvn-troops {AVAILABLE} hue")
    decision = game.decision  # from where: Saigon, or Kontum's new Troop (1.4.1)
    assert decision is not None and decision.faction is Faction.ARVN
    assert Move(Piece.ARVN_TROOPS, 1, "kontum", "hue") in decision.options
    play(game, "move 1 arvn-troops saigon hue", "done")
    state = game.state
    assert pieces(game, "kontum", "arvn-troops") == 1 and pieces(game, "hue", "arvn-troops") == 1
    assert pieces(game, "saigon", "arvn-troops") == 1  # taken from Saigon
    assert pieces(game, "loc-hue-da-nang", "arvn-troops") == 0
    for key in ("hue", "loc-hue-da-nang", "kontum"):  # enough Police: all at once
        assert pieces(game, key, "arvn-police") == 1
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "available 1 arvn-police", *NVA), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, *NVA), CARD, Side.UNSHADED)  # none Available
    assert not effective(state_on(CARD, "available 1 arvn-police"), CARD, Side.UNSHADED)


ARVN = (
    "space saigon 4 arvn-police 2 arvn-troops",  # 6 cubes: 2 go
    "space hue 3 arvn-troops",  # 1 goes
    "space kontum 2 arvn-police",  # none
    "space da-nang 5 arvn-police",  # 1 goes
)


def test_shaded_arvn_removes_1_in_3_then_vc_guerrillas_in_3_of_those_spaces_2_4() -> None:
    game = execute(CARD, Side.SHADED, "available 2 vc-guerrilla-u", *ARVN)
    decision = game.decision  # Hue and Da Nang hold one kind: no question there
    assert decision is not None and decision.faction is Faction.ARVN
    assert set(decision.options) == {
        Move(Piece.ARVN_TROOPS, 1, "saigon", AVAILABLE),
        Move(Piece.ARVN_POLICE, 1, "saigon", AVAILABLE),
    }
    play(game, f"move 1 arvn-troops saigon {AVAILABLE}", f"move 1 arvn-troops saigon {AVAILABLE}")
    state = game.state
    assert pieces(game, "saigon", "arvn-police") == 4 and pieces(game, "saigon", "arvn-troops") == 0
    assert pieces(game, "hue", "arvn-troops") == 2
    assert pieces(game, "kontum", "arvn-police") == 2
    assert pieces(game, "da-nang", "arvn-police") == 4
    assert state.available[Piece.ARVN_TROOPS] == 3 and state.available[Piece.ARVN_POLICE] == 1
    decision = game.decision  # ARVN executes: it places the VC Guerrillas too
    assert decision is not None and decision.faction is Faction.ARVN
    assert {m.destination for m in decision.options if isinstance(m, Move)} == {
        "saigon",
        "hue",
        "da-nang",
    }
    assert Done() not in decision.options
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} hue")
    with pytest.raises(IllegalCommand):  # a 2nd in the same space
        game.apply(Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "hue"))
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} saigon")  # the last one Available
    assert pieces(game, "hue", "vc-guerrilla-u") == 1
    assert pieces(game, "saigon", "vc-guerrilla-u") == 1
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_arvn_removes_when_the_vc_executes_5_1() -> None:
    lines = ("ineligible ARVN", "available 5 vc-guerrilla-u", *ARVN)
    game = execute(CARD, Side.SHADED, *lines)  # the VC, 2nd, executes
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # named by the text
    play(game, f"move 1 arvn-police saigon {AVAILABLE}", f"move 1 arvn-troops saigon {AVAILABLE}")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # it places
    assert decision.context.procedure == "event"


def test_shaded_vc_may_take_its_guerrillas_from_the_map_1_4_1() -> None:
    lines = ("ineligible ARVN", "space hue 3 arvn-troops", "space kontum 1 vc-guerrilla-a")
    game = execute(CARD, Side.SHADED, *lines)  # nothing to ask ARVN; Hue only
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Done() in decision.options  # none Available: the VC may (1.4.1)
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} hue")
    assert pieces(game, "hue", "vc-guerrilla-u") == 1
    assert pieces(game, "kontum", "vc-guerrilla-a") == 0


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space hue 3 arvn-troops"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space hue 2 arvn-troops"), CARD, Side.SHADED)
