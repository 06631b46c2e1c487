"""Card 124, Tet Offensive: the VC Pivotal Event (2.3.8, 5.1.4).

Pre-condition: 2+ cards in the RVN Leader box and more than 20 VC Guerrillas in South
Vietnam (LoCs included).

Effect: a free VC Terror, compulsory, in every space with an Underground VC Guerrilla
(Activating 1 in each); the VC places 6 VC pieces in any Cities; then VC and NVA Guerrillas
free Attack together wherever they are with enemies, compulsory, VC removed first for
Attrition (ruling R70).
"""

from __future__ import annotations

import pytest

import coinlake
from coinlake import Choose, Faction, Move, Piece, Select
from coinlake.rules.cards import c124_tet_offensive as tet
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, on_card, position_text

CARD = 124
PIVOTAL = Choose("pivotal")
KATE = 115  # VC 1st Eligible
LEADERS = "leader-box 125 126"


@pytest.mark.parametrize(("south", "expected"), [(21, True), (20, False)])
def test_tet_offensive_precondition(south: int, expected: bool) -> None:
    """Moved from ``tests/test_pivotal.py``: LoCs count, Cambodia does not."""
    state = coinlake.parse_position(
        position_text(
            KATE,
            LEADERS,
            "space loc-saigon-can-tho 1 vc-guerrilla-a",
            f"space kien-phong {south - 1} vc-guerrilla-u",
            "space the-parrots-beak 5 vc-guerrilla-u",
        )
    )
    assert tet.precondition(state) is expected


def test_tet_offensive_places_6_vc_pieces_in_cities() -> None:
    """Moved from ``tests/test_pivotal.py``."""
    game = on_card(
        KATE,
        LEADERS,
        "pivotals 124",
        "available 5 vc-guerrilla-u 2 vc-base",
        "space kien-phong 21 vc-guerrilla-u",
        "space hue 1 us-base 1 arvn-base",
    )
    game.apply(PIVOTAL)
    # step 1, the free Terror, took its only space (Kien Phong) at once (3.3.4)
    assert game.state.space("kien-phong").terror == 1
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Move(Piece.VC_BASE, 1, AVAILABLE, "hue") not in decision.options  # stacking
    assert Move(Piece.VC_BASE, 1, AVAILABLE, "kien-phong") not in decision.options  # Cities
    game.apply(Move(Piece.VC_BASE, 1, AVAILABLE, "saigon"))
    for _ in range(5):
        game.apply(Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "hue"))
    assert game.state.space("saigon").pieces[Piece.VC_BASE] == 1
    hue = game.state.space("hue")  # step 3, the joint Attack in Hue, has Activated them
    assert hue.pieces[Piece.VC_GUERRILLA_ACTIVE] == 5
    while not game.state.turn.acted:  # its removals, if the roll hit
        game.apply(game.legal()[0])
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_terror_in_every_space_with_an_underground_vc_guerrilla() -> None:
    game = on_card(
        KATE,
        LEADERS,
        "pivotals 124",
        "space kien-phong 19 vc-guerrilla-u",
        "space tay-ninh 2 vc-guerrilla-u",
        "space an-loc 1 vc-guerrilla-a",  # none Underground: no Terror
    )
    game.apply(PIVOTAL)
    decision = game.decision
    assert decision is not None and decision.context.procedure == "terror"
    assert Select("an-loc") not in decision.options
    game.apply(Select("tay-ninh"))  # the VC orders the spaces; both must be taken
    state = game.state
    for key in ("kien-phong", "tay-ninh"):
        assert state.space(key).terror == 1
        assert state.space(key).pieces[Piece.VC_GUERRILLA_ACTIVE] == 1  # exactly 1 each
    assert state.space("an-loc").terror == 0


def test_joint_attack_counts_nva_guerrillas_and_takes_vc_first() -> None:
    """Step 3: VC and NVA Guerrillas together; with the die at 1 the Attack hits; the US
    Troop removed costs the VC Guerrilla first (Attrition, 3.3.3)."""
    game = on_card(
        KATE,
        LEADERS,
        "pivotals 124",
        "space kien-phong 21 vc-guerrilla-a",
        "space khanh-hoa 1 vc-guerrilla-a 2 nva-guerrilla-u 1 us-troops",
        "dice 1",
    )
    game.apply(PIVOTAL)  # no Underground VC: no Terror; nothing Available: no placement
    while not game.state.turn.acted:
        game.apply(game.legal()[0])
    khanh_hoa = game.state.space("khanh-hoa")
    assert khanh_hoa.pieces[Piece.US_TROOPS] == 0
    assert game.state.casualties[Piece.US_TROOPS] == 1
    assert khanh_hoa.pieces[Piece.VC_GUERRILLA_ACTIVE] == 0  # VC removed first
    assert khanh_hoa.pieces[Piece.NVA_GUERRILLA_ACTIVE] == 2  # Activated by the joint Attack


def test_effective_8_1() -> None:
    state = coinlake.parse_position(
        position_text(KATE, LEADERS, "space kien-phong 21 vc-guerrilla-u")
    )
    assert effective(state, CARD)
