"""Card 118, Korean War Arms (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: the VC removes 1 VC Guerrilla from each space with 2+ VC Guerrillas and no NVA
  Base, picking Active or Underground (5.1: the text names the VC);
- shaded: 1 VC piece (Guerrilla or Base, 1.4.2) in each of 3 spaces, the executing
  Faction's choice; the VC may take its own from the map when none is Available (1.4.1).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Side
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 118
GUERRILLAS = (
    "space hue 1 vc-guerrilla-u 1 vc-guerrilla-a",
    "space saigon 3 vc-guerrilla-u",
    "space kontum 2 vc-guerrilla-u 1 nva-base",  # an NVA Base
    "space binh-dinh 2 vc-guerrilla-a 1 nva-base-t",  # a Tunneled NVA Base is one too
    "space tay-ninh 1 vc-guerrilla-u 2 nva-guerrilla-u",  # 1 VC Guerrilla only
)


def test_unshaded_vc_removes_1_guerrilla_per_space_with_2_and_no_nva_base_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible VC", *GUERRILLAS)  # ARVN, 2nd, executes
    decision = game.decision  # Hue: both sides up, the VC picks
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "hue", AVAILABLE),
        Move(Piece.VC_GUERRILLA_ACTIVE, 1, "hue", AVAILABLE),
    }
    play(game, f"move 1 vc-guerrilla-a hue {AVAILABLE}")
    state = game.state  # Saigon's comes unasked
    assert pieces(game, "hue", "vc-guerrilla-u") == 1 and pieces(game, "hue", "vc-guerrilla-a") == 0
    assert pieces(game, "saigon", "vc-guerrilla-u") == 2
    assert pieces(game, "kontum", "vc-guerrilla-u") == 2
    assert pieces(game, "binh-dinh", "vc-guerrilla-a") == 2
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 1
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 2  # to Available (box form)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *GUERRILLAS), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, *GUERRILLAS[2:]), CARD, Side.UNSHADED)


def test_shaded_places_a_vc_piece_in_each_of_3_spaces_5_1() -> None:
    lines = ("available 2 vc-guerrilla-u 1 vc-base", "space hue 1 us-base 1 arvn-base")
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Move(Piece.VC_BASE, 1, AVAILABLE, "hue") not in decision.options  # 2 Bases (1.4.2)
    assert Move(Piece.VC_BASE, 1, AVAILABLE, "loc-hue-da-nang") not in decision.options
    assert Done() not in decision.options  # mandatory (5.1.3)
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} hue")
    with pytest.raises(IllegalCommand):  # each in a different space
        game.apply(Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "hue"))
    play(game, f"move 1 vc-base {AVAILABLE} kontum")
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} north-vietnam")
    assert pieces(game, "hue", "vc-guerrilla-u") == 1
    assert pieces(game, "kontum", "vc-base") == 1
    assert pieces(game, "north-vietnam", "vc-guerrilla-u") == 1
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_vc_may_take_pieces_from_the_map_once_none_is_available_1_4_1() -> None:
    lines = ("available 1 vc-base", "space saigon 2 vc-guerrilla-a")
    game = execute(CARD, Side.SHADED, *lines)
    play(game, f"move 1 vc-base {AVAILABLE} kontum")
    decision = game.decision
    assert decision is not None and Done() in decision.options  # it may, not must
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} hue")  # from Saigon, the lone source
    assert pieces(game, "hue", "vc-guerrilla-u") == 1
    assert pieces(game, "saigon", "vc-guerrilla-a") == 1
    play(game, "done")
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_arvn_places_only_available_pieces_1_4_1() -> None:
    lines = ("ineligible VC", "available 1 vc-guerrilla-u", "space saigon 2 vc-guerrilla-a")
    game = execute(CARD, Side.SHADED, *lines)  # ARVN executes: not its pieces
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} hue")
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)
    assert effective(state_on(CARD, "available 1 vc-base"), CARD, Side.SHADED)
    assert not effective(state_on(CARD), CARD, Side.SHADED)  # nothing to place
