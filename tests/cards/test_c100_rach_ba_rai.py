"""Card 100, Rach Ba Rai (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: in a Lowland with US Troops, all VC pieces or all NVA pieces but Troops to
  Available, the executing Faction's choice (5.1); Tunneled Bases stay (1.4.4, 5.1.1);
- shaded: in a Lowland with any VC piece, a die roll of US/ARVN cubes removed (US to
  Casualties, ARVN to Available), then 1 VC piece (Guerrilla or Base) placed there.
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Move, Piece, Select, Side
from coinlake.state.model import AVAILABLE, CASUALTIES
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 100
LOWLANDS = (
    "space kien-phong 1 us-troops 2 vc-guerrilla-u 1 vc-base-t 1 nva-guerrilla-a"
    " 1 nva-troops 1 nva-base",
    "space ba-xuyen 1 us-troops 2 nva-troops",  # only NVA Troops
    "space tay-ninh 1 us-troops 1 vc-guerrilla-u",  # a Jungle
    "space kien-hoa-vinh-binh 2 vc-guerrilla-u",  # no US Troops
)


def test_unshaded_removes_all_vc_but_tunneled_bases_5_1_1() -> None:
    game = execute(CARD, Side.UNSHADED, *LOWLANDS)  # Kien Phong, the lone candidate
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert set(decision.options) == {Choose("remove-vc"), Choose("remove-nva")}
    play(game, "remove-vc")
    here = game.state.space("kien-phong").pieces
    assert here[Piece.VC_GUERRILLA_UNDERGROUND] == 0
    assert here[Piece.VC_TUNNELED_BASE] == 1  # not named by the text (1.4.4)
    assert here[Piece.NVA_GUERRILLA_ACTIVE] == 1 and here[Piece.NVA_BASE] == 1
    assert game.state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 2
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 1
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_removes_all_nva_but_troops_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, *LOWLANDS)
    play(game, "remove-nva")
    here = game.state.space("kien-phong").pieces
    assert here[Piece.NVA_GUERRILLA_ACTIVE] == 0 and here[Piece.NVA_BASE] == 0
    assert here[Piece.NVA_TROOPS] == 1  # Troops stay
    assert here[Piece.VC_GUERRILLA_UNDERGROUND] == 2
    assert game.state.available[Piece.NVA_BASE] == 1


def test_unshaded_space_choice_and_lone_branch_5_1_3() -> None:
    lines = (
        "space kien-phong 1 us-troops 1 vc-base-t 1 nva-guerrilla-u",
        *LOWLANDS[2:],
        "space ba-xuyen 1 us-troops 1 vc-guerrilla-a",
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Select("kien-phong"), Select("ba-xuyen")}
    with pytest.raises(IllegalCommand):
        game.apply(Select("kien-hoa-vinh-binh"))
    play(game, "select kien-phong")
    decision = game.decision  # only the NVA branch would remove something
    assert decision is not None and decision.options == (Choose("remove-nva"),)
    play(game, "remove-nva")
    assert pieces(game, "kien-phong", "nva-guerrilla-u") == 0
    assert pieces(game, "kien-phong", "vc-base-t") == 1


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *LOWLANDS), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, *LOWLANDS[1:]), CARD, Side.UNSHADED)
    tunnel = "space kien-phong 1 us-troops 1 vc-base-t"
    assert not effective(state_on(CARD, tunnel), CARD, Side.UNSHADED)


AMBUSH = "space kien-phong 1 vc-guerrilla-u 2 us-troops 2 arvn-police 1 arvn-troops"


def test_shaded_removes_a_die_roll_of_cubes_then_places_a_vc_piece_5_1() -> None:
    lines = ("dice 3", "available 1 vc-guerrilla-u 1 vc-base", AMBUSH)
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {
        Move(Piece.US_TROOPS, 1, "kien-phong", CASUALTIES),  # US to Casualties
        Move(Piece.ARVN_POLICE, 1, "kien-phong", AVAILABLE),
        Move(Piece.ARVN_TROOPS, 1, "kien-phong", AVAILABLE),
    }
    play(
        game,
        f"move 1 us-troops kien-phong {CASUALTIES}",
        f"move 1 arvn-police kien-phong {AVAILABLE}",
        f"move 1 us-troops kien-phong {CASUALTIES}",
    )
    decision = game.decision
    assert decision is not None and set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "kien-phong"),
        Move(Piece.VC_BASE, 1, AVAILABLE, "kien-phong"),
    }
    play(game, f"move 1 vc-base {AVAILABLE} kien-phong")
    state = game.state
    here = state.space("kien-phong").pieces
    assert here[Piece.US_TROOPS] == 0 and here[Piece.ARVN_POLICE] == 1
    assert here[Piece.ARVN_TROOPS] == 1 and here[Piece.VC_BASE] == 1
    assert state.casualties[Piece.US_TROOPS] == 2 and state.available[Piece.ARVN_POLICE] == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_roll_above_the_cubes_removes_all_5_1_3() -> None:
    lines = ("dice 6", "available 1 vc-guerrilla-u", "space kien-phong 1 vc-base 2 us-troops")
    game = execute(CARD, Side.SHADED, *lines)  # one kind: no question
    assert pieces(game, "kien-phong", "us-troops") == 0
    assert pieces(game, "kien-phong", "vc-guerrilla-u") == 1
    assert game.state.casualties[Piece.US_TROOPS] == 2


def test_shaded_no_cubes_no_roll_and_stacking_1_4_2() -> None:
    lines = ("dice 2", "available 1 vc-guerrilla-u 1 vc-base", "space ba-xuyen 2 vc-base")
    game = execute(CARD, Side.SHADED, *lines)  # 2 Bases there: only a Guerrilla, unasked
    assert game.state.fixed_dice == (2,)  # no die rolled
    assert pieces(game, "ba-xuyen", "vc-guerrilla-u") == 1
    assert pieces(game, "ba-xuyen", "vc-base") == 2
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_vc_may_take_its_own_piece_from_the_map_1_4_1() -> None:
    lines = ("space ba-xuyen 1 vc-guerrilla-a", "space hue 1 vc-guerrilla-a")
    game = execute(CARD, Side.SHADED, *lines)  # none Available
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} ba-xuyen")  # from Hue, unasked
    assert pieces(game, "ba-xuyen", "vc-guerrilla-u") == 1
    assert pieces(game, "hue", "vc-guerrilla-a") == 0


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "dice 1", AMBUSH), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space tay-ninh 1 vc-base 2 us-troops"), CARD, Side.SHADED)
