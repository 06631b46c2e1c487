"""Card 24, Operation Starlite (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: every VC piece leaves 1 coastal Province (1.3.7) with or adjacent to US Troops
  (no Tunneled Base, 1.4.4, 5.1.1, R212);
- shaded: all VC Guerrillas Underground in up to 3 Provinces; the executing Faction stays
  Eligible (2.3.6; 8.1 per R75, R176).
"""

from __future__ import annotations

from coinlake import Faction, Piece, Select, Side
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 24
UNSHADED = (
    "space qui-nhon 1 us-troops",  # adjacent to Binh Dinh
    "space binh-dinh 2 vc-guerrilla-u 1 vc-guerrilla-a 1 vc-base 1 vc-base-t 1 nva-guerrilla-u",
    "space kien-giang-an-xuyen 1 us-troops 1 vc-guerrilla-u",  # coastal, US Troops in it
    "space pleiku-darlac 1 us-troops 1 vc-guerrilla-u",  # not coastal
    "space quang-nam 1 vc-guerrilla-u",  # coastal, no US Troops near
)


def test_unshaded_removes_all_vc_from_a_coastal_province_near_us_troops() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert set(decision.options) == {Select("binh-dinh"), Select("kien-giang-an-xuyen")}
    play(game, "select binh-dinh")
    state = game.state
    here = state.space("binh-dinh").pieces
    assert here[Piece.VC_GUERRILLA_UNDERGROUND] == here[Piece.VC_GUERRILLA_ACTIVE] == 0
    assert here[Piece.VC_BASE] == 0
    assert here[Piece.VC_TUNNELED_BASE] == 1  # not a Tunneled Base (5.1.1)
    assert here[Piece.NVA_GUERRILLA_UNDERGROUND] == 1  # VC only
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 3
    assert state.available[Piece.VC_BASE] == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_tunneled_bases_stay_even_for_the_vc_r212() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible US", *UNSHADED)  # VC is 2nd in order
    play(game, "select binh-dinh")
    assert pieces(game, "binh-dinh", "vc-base-t") == 1
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 0
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED), CARD, Side.UNSHADED)
    tunnel_only = ("space qui-nhon 1 us-troops", "space binh-dinh 1 vc-base-t")
    assert not effective(state_on(CARD, *tunnel_only), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, *UNSHADED[3:]), CARD, Side.UNSHADED)


SHADED = (
    "space binh-dinh 2 vc-guerrilla-a 1 nva-guerrilla-a",
    "space quang-nam 1 vc-guerrilla-a",
    "space tay-ninh 1 vc-guerrilla-a 1 vc-guerrilla-u",
    "space kien-phong 1 vc-guerrilla-a",
    "space hue 1 vc-guerrilla-a",  # a City
)


def test_shaded_flips_vc_underground_in_up_to_3_provinces_and_stays_eligible() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert Select("hue") not in decision.options
    play(game, "select binh-dinh", "select tay-ninh", "select quang-nam")
    state = game.state
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 2
    assert pieces(game, "binh-dinh", "nva-guerrilla-a") == 1  # VC only
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 2
    assert pieces(game, "kien-phong", "vc-guerrilla-a") == 1  # 3 at most
    assert pieces(game, "hue", "vc-guerrilla-a") == 1
    assert state.stay_eligible == (Faction.US,)
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_up_to_3_and_stay_eligible_without_guerrillas_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    play(game, "select quang-nam", "done")
    assert pieces(game, "binh-dinh", "vc-guerrilla-a") == 2
    assert game.state.stay_eligible == (Faction.US,)
    game = execute(CARD, Side.SHADED)
    assert game.state.stay_eligible == (Faction.US,)
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)  # staying Eligible (R176)
    assert not effective(state_on(CARD, next_card=COUP), CARD, Side.SHADED)  # R75
    assert effective(state_on(CARD, *SHADED, next_card=COUP), CARD, Side.SHADED)
