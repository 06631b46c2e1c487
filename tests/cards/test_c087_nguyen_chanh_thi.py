"""Card 87, Nguyen Chanh Thi (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: place 3 ARVN pieces from Available within 3 spaces of Hue (1.3.6, 1.4.2: no
  North Vietnam, no Base on a LoC); each receiving space shifts 1 level toward Active
  Support, once (LoCs and Population 0 do not, 1.6.1);
- shaded: replace 2 ARVN pieces within 2 spaces of Hue with VC pieces, one at a time (the
  VC piece from Available, where stacking allows: else simply removed, 5.1.1); Patronage +4
  or -4, the executing Faction's choice where Patronage can move (5.1.3, R164).
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Kind, Move, Piece, Side, Support
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 87


def place(piece: str, key: str) -> str:
    return f"move 1 {piece} {AVAILABLE} {key}"


def test_unshaded_places_3_within_3_of_hue_and_shifts_receiving_spaces() -> None:
    lines = (
        "available 2 arvn-troops 1 arvn-police 1 arvn-base 1 arvn-ranger-u",
        "space quang-nam passive-support",
        "space da-nang active-support",
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    for refused in (
        Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "north-vietnam"),  # 1.4.2
        Move(Piece.ARVN_BASE, 1, AVAILABLE, "loc-hue-da-nang"),  # no Base on a LoC
        Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "kontum"),  # 4 spaces from Hue
    ):
        with pytest.raises(IllegalCommand):
            game.apply(refused)
    play(
        game,
        place("arvn-troops", "quang-nam"),
        place("arvn-base", "quang-nam"),
        place("arvn-police", "loc-da-nang-qui-nhon"),  # 3 spaces away
    )
    state = game.state
    assert pieces(game, "quang-nam", "arvn-troops") == 1
    assert pieces(game, "quang-nam", "arvn-base") == 1
    assert pieces(game, "loc-da-nang-qui-nhon", "arvn-police") == 1
    assert state.space("quang-nam").support is Support.ACTIVE_SUPPORT  # once, not twice
    assert state.space("loc-da-nang-qui-nhon").support is Support.NEUTRAL  # a LoC
    assert state.space("da-nang").support is Support.ACTIVE_SUPPORT  # received nothing
    assert state.space("hue").support is Support.NEUTRAL
    assert state.available[Piece.ARVN_TROOPS] == 1
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_places_in_laos_and_shift_stops_at_active_support() -> None:
    lines = ("available 1 arvn-ranger-u 2 arvn-police", "space hue active-support")
    game = execute(CARD, Side.UNSHADED, *lines)
    play(
        game,
        place("arvn-ranger-u", "central-laos"),
        place("arvn-police", "hue"),
        place("arvn-police", "hue"),
    )
    assert pieces(game, "central-laos", "arvn-ranger-u") == 1  # Laos: 1 space from Hue
    assert pieces(game, "hue", "arvn-police") == 2
    assert game.state.space("hue").support is Support.ACTIVE_SUPPORT


def test_unshaded_fewer_available_places_those_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "available 1 arvn-police")
    play(game, place("arvn-police", "quang-tri-thua-thien"))
    state = game.state
    assert state.space("quang-tri-thua-thien").support is Support.PASSIVE_SUPPORT
    assert state.turn.acted == ((Faction.ARVN, "event"),)  # nothing more to place


def test_unshaded_effective_8_1() -> None:
    assert not effective(state_on(CARD), CARD)  # no ARVN piece Available
    assert effective(state_on(CARD, "available 1 arvn-troops"), CARD)


REPLACE_MAP = (
    "space hue 2 arvn-police",
    "space quang-tri-thua-thien 1 arvn-base 1 nva-base",  # 2 Bases
    "space quang-nam 1 arvn-ranger-a",  # 2 spaces from Hue
    "space kontum 1 arvn-troops",  # too far
    "space quang-tin-quang-ngai 1 arvn-troops",  # 3 spaces from Hue
)


def test_shaded_replaces_2_arvn_with_vc_then_patronage_r164() -> None:
    lines = ("available 2 vc-guerrilla-u 1 vc-base", *REPLACE_MAP)
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    for refused in (
        Move(Piece.ARVN_TROOPS, 1, "kontum", AVAILABLE),
        Move(Piece.ARVN_TROOPS, 1, "quang-tin-quang-ngai", AVAILABLE),
    ):
        with pytest.raises(IllegalCommand):
            game.apply(refused)
    play(game, f"move 1 arvn-base quang-tri-thua-thien {AVAILABLE}")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # which VC piece
    assert set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "quang-tri-thua-thien"),
        Move(Piece.VC_BASE, 1, AVAILABLE, "quang-tri-thua-thien"),  # the ARVN Base left
    }
    play(game, f"move 1 vc-base {AVAILABLE} quang-tri-thua-thien")
    play(game, f"move 1 arvn-ranger-a quang-nam {AVAILABLE}")  # only Guerrillas left: unasked
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # Patronage's sign
    assert set(decision.options) == {Choose("increase"), Choose("decrease")}
    play(game, "decrease")
    state = game.state
    assert pieces(game, "quang-tri-thua-thien", "vc-base") == 1
    assert pieces(game, "quang-tri-thua-thien", "arvn-base") == 0
    assert pieces(game, "quang-nam", "vc-guerrilla-u") == 1
    assert pieces(game, "hue", "arvn-police") == 2  # only 2 replaced
    assert state.available[Piece.ARVN_BASE] == 1  # removed pieces go to Available
    assert state.available[Piece.ARVN_RANGER_UNDERGROUND] == 1
    assert state.patronage == 18 - 4
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_no_vc_base_beyond_stacking_1_4_2() -> None:
    lines = (
        "available 1 vc-guerrilla-u 1 vc-base",
        "space quang-tri-thua-thien 1 arvn-police 1 arvn-base 1 nva-base",
    )
    game = execute(CARD, Side.SHADED, *lines)
    play(game, f"move 1 arvn-police quang-tri-thua-thien {AVAILABLE}")
    # 2 Bases there: only the Guerrilla may replace the Police (unasked); then the lone ARVN
    # piece left, the Base, is replaced unasked by the VC Base (a Base for a Base)
    assert pieces(game, "quang-tri-thua-thien", "vc-guerrilla-u") == 1
    assert pieces(game, "quang-tri-thua-thien", "vc-base") == 1
    assert pieces(game, "quang-tri-thua-thien", "arvn-base") == 0
    decision = game.decision
    assert decision is not None and decision.kind is Kind.CHOOSE_MODE  # Patronage


def test_shaded_without_vc_available_simply_removes_5_1_1() -> None:
    game = execute(CARD, Side.SHADED, "space hue 2 arvn-police", tracks(patronage=75))
    # 1 kind of ARVN piece in 1 space: both removals unasked; Patronage cannot rise (5.1.3)
    decision = game.decision
    assert decision is not None and decision.options == (Choose("decrease"),)
    play(game, "decrease")
    state = game.state
    assert pieces(game, "hue", "arvn-police") == 0
    assert pieces(game, "hue", "vc-guerrilla-u") == 0 and state.available[Piece.ARVN_POLICE] == 2
    assert state.patronage == 71


def test_shaded_patronage_at_0_only_rises_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, tracks(patronage=0))
    decision = game.decision
    assert decision is not None and decision.options == (Choose("increase"),)
    play(game, "increase")
    assert game.state.patronage == 4


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Patronage always moves
    assert effective(state_on(CARD, tracks(patronage=75)), CARD, Side.SHADED)
