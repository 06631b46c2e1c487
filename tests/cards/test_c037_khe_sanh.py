"""Card 37, Khe Sanh (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: a space with a US Base and US Troops; 10 NVA Troops within 1 space of it to
  Available, the executing Faction choosing which (5.1), as many as there are (5.1.3);
  the space must have NVA Troops within 1 where one does (ruling R205);
- shaded: up to 3 US Troops in 1 space with NVA to Casualties; US Ineligible through the
  next card (2.3.6).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Select, Side
from coinlake.state.model import AVAILABLE, CASUALTIES
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 37
BASE = "space quang-tri-thua-thien 1 us-base 1 us-troops 6 nva-troops"


def test_unshaded_removes_10_nva_troops_within_1_space_5_1() -> None:
    lines = (BASE, "space hue 6 nva-troops", "space kontum 4 nva-troops")
    game = execute(CARD, Side.UNSHADED, *lines)  # the lone candidate is taken unasked
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert Move(Piece.NVA_TROOPS, 1, "hue", AVAILABLE) in decision.options
    assert Move(Piece.NVA_TROOPS, 1, "kontum", AVAILABLE) not in decision.options  # 2 away
    assert Done() not in decision.options  # not "up to" (5.1.3)
    for _ in range(5):
        play(game, f"move 1 nva-troops hue {AVAILABLE}")
    for _ in range(5):
        play(game, f"move 1 nva-troops quang-tri-thua-thien {AVAILABLE}")
    state = game.state
    assert pieces(game, "hue", "nva-troops") == 1
    assert pieces(game, "quang-tri-thua-thien", "nva-troops") == 1
    assert pieces(game, "kontum", "nva-troops") == 4
    assert state.available[Piece.NVA_TROOPS] == 10  # removed to Available (1.4.1)
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_removes_what_there_is_5_1_3() -> None:
    lines = (
        "space quang-tri-thua-thien 1 us-base 2 us-troops",
        "space north-vietnam 3 nva-troops",
    )
    game = execute(CARD, Side.UNSHADED, *lines)  # a lone kind in one space: no question
    assert pieces(game, "north-vietnam", "nva-troops") == 0
    assert game.state.available[Piece.NVA_TROOPS] == 3
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_space_must_be_a_base_with_troops_near_nva_troops_r205() -> None:
    lines = (
        BASE,
        "space kontum 1 us-base 1 us-troops",  # no NVA Troops within 1
        "space saigon 1 us-base 4 nva-troops",  # a US Base without US Troops
        "space binh-dinh 1 us-base 2 us-troops",  # next to Kontum: no NVA Troops either
        "space hue 2 nva-troops",
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    # Quang Tri, the only Base with Troops near NVA Troops, is taken unasked: removals follow
    while game.state.turn.acted == ():
        decision = game.decision
        assert decision is not None
        assert all(isinstance(o, Move) for o in decision.options)
        assert {o.origin for o in decision.options if isinstance(o, Move)} <= {
            "quang-tri-thua-thien",
            "hue",
        }
        game.apply(decision.options[0])
    assert game.state.available[Piece.NVA_TROOPS] == 8  # all 8 within 1 space
    assert pieces(game, "saigon", "nva-troops") == 4


def test_unshaded_without_nva_troops_near_a_base_any_base_may_be_selected_5_1() -> None:
    lines = ("space kontum 1 us-base 1 us-troops", "space hue 1 us-base 1 us-troops")
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and set(decision.options) == {Select("hue"), Select("kontum")}
    play(game, "select hue")
    assert game.state.turn.acted == ((Faction.NVA, "event"),)
    assert not effective(state_on(CARD, *lines), CARD, Side.UNSHADED)  # 8.1: nothing happens


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, BASE), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # no US Base with Troops
    no_troops = "space quang-tri-thua-thien 1 us-base 6 nva-troops"
    assert not effective(state_on(CARD, no_troops), CARD, Side.UNSHADED)


SHADED_MAP = (
    "space hue 5 us-troops 1 nva-guerrilla-u",
    "space kontum 2 us-troops 1 vc-guerrilla-u",  # VC only: not "with NVA"
)


def test_shaded_up_to_3_us_troops_to_casualties_and_us_ineligible_2_3_6() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)  # Hue is the lone candidate
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Done() in decision.options  # "up to"
    assert game.state.eligible(Faction.US)  # not yet: the Troops come first
    for _ in range(3):
        play(game, f"move 1 us-troops hue {CASUALTIES}")
    state = game.state
    assert pieces(game, "hue", "us-troops") == 2
    assert state.casualties[Piece.US_TROOPS] == 3
    assert not state.eligible(Faction.US) and state.ineligible_next == (Faction.US,)
    decision = game.decision  # the US, 2nd on the card, is skipped: the VC is next
    assert decision is not None and decision.faction is Faction.VC


def test_shaded_may_stop_before_3_and_kontum_is_refused() -> None:
    lines = (*SHADED_MAP, "space kontum 2 us-troops 1 vc-guerrilla-u 1 nva-troops")
    game = execute(CARD, Side.SHADED, *lines)
    with pytest.raises(IllegalCommand):
        game.apply(Select("saigon"))
    play(game, "select kontum", f"move 1 us-troops kontum {CASUALTIES}", "done")
    state = game.state
    assert pieces(game, "kontum", "us-troops") == 1 and pieces(game, "hue", "us-troops") == 5
    assert state.casualties[Piece.US_TROOPS] == 1
    assert state.ineligible_next == (Faction.US,)


def test_shaded_without_a_space_still_makes_the_us_ineligible_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, SHADED_MAP[1])
    assert game.state.ineligible_next == (Faction.US,)
    assert game.state.casualties[Piece.US_TROOPS] == 0
    assert effective(state_on(CARD), CARD, Side.SHADED)  # 8.1: the US's Eligibility
