"""Card 122, Easter Offensive: the NVA Pivotal Event (2.3.8, 5.1.4).

Pre-condition: 2+ cards in the RVN Leader box and more NVA than US Troops on the map (North
Vietnam, Laos and Cambodia included).

Effect: the NVA Marches for free (3.3.2, 5.5); then NVA Troops on LoCs without US or ARVN
pieces may each move 1 space; then every NVA Troop Attacks for free -- an Attack by Troops
only, compulsory wherever they are with enemies (ruling R70).
"""

from __future__ import annotations

import pytest

import coinlake
from coinlake import Choose, Done, Faction, Move, Piece, Select
from coinlake.rules.cards import c122_easter_offensive as easter
from tests.cards.helpers import effective, on_card, position_text

CARD = 122
PIVOTAL = Choose("pivotal")
ROLLING_THUNDER = 10  # US, NVA, VC, ARVN: the NVA is asked before the US acts (2.3.8)
LEADERS = "leader-box 125 126"


@pytest.mark.parametrize(("nva", "us", "expected"), [(5, 4, True), (4, 4, False), (0, 0, False)])
def test_easter_offensive_precondition(nva: int, us: int, expected: bool) -> None:
    """Moved from ``tests/test_pivotal.py``: North Vietnam counts."""
    lines = [LEADERS]
    if nva:
        lines.append(f"space north-vietnam {nva} nva-troops")
    if us:
        lines.append(f"space saigon {us} us-troops")
    state = coinlake.parse_position(position_text(ROLLING_THUNDER, *lines))
    assert easter.precondition(state) is expected
    assert not easter.precondition(coinlake.parse_position(position_text(ROLLING_THUNDER)))


def test_easter_offensive_troops_on_free_locs_move_one_space() -> None:
    """Moved from ``tests/test_pivotal.py``."""
    game = on_card(
        ROLLING_THUNDER,
        LEADERS,
        "pivotals 122",
        "space loc-hue-da-nang 2 nva-troops",
        "space loc-hue-khe-sanh 1 nva-troops 1 arvn-police",  # COIN there: stays
    )
    game.apply(PIVOTAL)  # the NVA, in the window before the US acts
    game.apply(Select("north-vietnam"))  # step 1, the free March (3.3.2)
    game.apply(Move(Piece.NVA_TROOPS, 1, "loc-hue-khe-sanh", "north-vietnam"))
    game.apply(Done())
    game.apply(Done())
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    origins = {m.origin for m in decision.options if isinstance(m, Move)}
    assert origins == {"loc-hue-da-nang"}
    game.apply(Move(Piece.NVA_TROOPS, 1, "loc-hue-da-nang", "hue"))
    game.apply(Move(Piece.NVA_TROOPS, 1, "loc-hue-da-nang", "da-nang"))
    assert game.state.space("hue").pieces[Piece.NVA_TROOPS] == 1
    assert game.state.space("da-nang").pieces[Piece.NVA_TROOPS] == 1
    assert game.state.turn.acted == ((Faction.NVA, "event"),)  # each Troop moved once


def test_step_2_is_optional() -> None:
    game = on_card(
        ROLLING_THUNDER,
        LEADERS,
        "pivotals 122",
        "space loc-hue-da-nang 2 nva-troops",
        "space north-vietnam 1 nva-troops",
    )
    game.apply(PIVOTAL)
    game.apply(Select("quang-tri-thua-thien"))  # the March: 1 Troop from North Vietnam
    game.apply(Move(Piece.NVA_TROOPS, 1, "north-vietnam", "quang-tri-thua-thien"))
    game.apply(Done())
    game.apply(Done())
    decision = game.decision
    assert decision is not None and Done() in decision.options  # "may move"
    game.apply(Done())
    assert game.state.space("loc-hue-da-nang").pieces[Piece.NVA_TROOPS] == 2


def test_troops_attack_wherever_there_are_enemies_and_guerrillas_do_not() -> None:
    game = on_card(
        ROLLING_THUNDER,
        LEADERS,
        "pivotals 122",
        "space quang-tri-thua-thien 3 nva-troops 2 arvn-police",
        "space north-vietnam 1 nva-troops",
        "space hue 2 nva-guerrilla-u 1 arvn-police",  # Guerrillas: no Attack
    )
    game.apply(PIVOTAL)
    game.apply(Select("quang-tri-thua-thien"))  # the March: 1 Troop from North Vietnam
    game.apply(Move(Piece.NVA_TROOPS, 1, "north-vietnam", "quang-tri-thua-thien"))
    game.apply(Done())
    game.apply(Done())
    # no Troops on a LoC: step 2 asks nothing; step 3 Attacks in Quang Tri (compulsory):
    # 4 Troops remove 2 Police, no roll, no Activation (3.3.3)
    state = game.state
    assert state.space("quang-tri-thua-thien").pieces[Piece.ARVN_POLICE] == 0
    assert state.space("hue").pieces[Piece.ARVN_POLICE] == 1
    assert state.space("hue").pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 2
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_effective_8_1() -> None:
    state = coinlake.parse_position(
        position_text(ROLLING_THUNDER, LEADERS, "space hue 2 nva-troops 1 arvn-police")
    )
    assert effective(state, CARD)
