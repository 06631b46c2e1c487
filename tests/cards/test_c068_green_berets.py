"""Card 68, Green Berets (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: 3 Irregulars or 3 Rangers from Available into a Province without NVA Control
  (outside North Vietnam, 1.4.2), set to Active Support (ruling R151);
- shaded: 3 Irregulars to Available, then 1 Province that lost one to Active Opposition
  (Population at least 1, not there already; ruling R151).
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Kind, Select, Side, Support
from coinlake.data.pieces import Piece
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 68
AVAILABLE_LINE = "available 2 us-irregular-u 5 arvn-ranger-u"
NVA_CONTROL = "space pleiku-darlac 2 nva-troops"


def test_unshaded_places_irregulars_and_sets_active_support_1_4_3() -> None:
    game = execute(CARD, Side.UNSHADED, AVAILABLE_LINE, NVA_CONTROL)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert decision.options == (Choose("irregulars"), Choose("rangers"))
    play(game, "irregulars")
    decision = game.decision
    assert decision is not None
    assert Select("pleiku-darlac") not in decision.options  # NVA Control (1.7)
    assert Select("north-vietnam") not in decision.options  # 1.4.2
    assert Select("hue") not in decision.options  # a City
    assert Select("central-laos") in decision.options
    with pytest.raises(IllegalCommand):
        game.apply(Select("loc-hue-da-nang"))
    play(game, "select khanh-hoa")
    state = game.state
    assert pieces(game, "khanh-hoa", "us-irregular-u") == 2  # as many as Available (5.1.1)
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 0
    assert state.space("khanh-hoa").support is Support.ACTIVE_SUPPORT
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_rangers_in_a_province_without_population_1_6_1() -> None:
    game = execute(CARD, Side.UNSHADED, AVAILABLE_LINE)
    play(game, "rangers", "select phuoc-long")
    state = game.state
    assert pieces(game, "phuoc-long", "arvn-ranger-u") == 3
    assert state.available[Piece.ARVN_RANGER_UNDERGROUND] == 2
    assert state.space("phuoc-long").support is Support.NEUTRAL


def test_unshaded_only_a_kind_that_is_available_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "available 1 arvn-ranger-u")
    decision = game.decision
    assert decision is not None and decision.options == (Choose("rangers"),)


def test_unshaded_nothing_available_only_provinces_it_would_change_r151() -> None:
    game = execute(CARD, Side.UNSHADED, "space khanh-hoa active-support")
    decision = game.decision
    assert decision is not None and decision.kind is Kind.SELECT_SPACE
    assert Select("khanh-hoa") not in decision.options  # already Active Support
    assert Select("phuoc-long") not in decision.options  # Population 0
    play(game, "select binh-dinh")
    assert game.state.space("binh-dinh").support is Support.ACTIVE_SUPPORT


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)
    supported = tuple(
        f"space {s} active-support"
        for s in (
            "quang-tri-thua-thien",
            "quang-nam",
            "quang-tin-quang-ngai",
            "binh-dinh",
            "pleiku-darlac",
            "phu-bon-phu-yen",
            "khanh-hoa",
            "quang-duc-long-khanh",
            "binh-tuy-binh-thuan",
            "tay-ninh",
            "kien-phong",
            "kien-hoa-vinh-binh",
            "ba-xuyen",
            "kien-giang-an-xuyen",
        )
    )
    assert not effective(state_on(CARD, *supported), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, *supported, AVAILABLE_LINE), CARD, Side.UNSHADED)


IRREGULARS = (
    "space pleiku-darlac 2 us-irregular-u",
    "space hue 1 us-irregular-a",  # a City
    "space phuoc-long 1 us-irregular-u",  # Population 0
    "space khanh-hoa 1 us-irregular-u active-opposition",  # already there
    "space binh-dinh 1 us-irregular-a passive-support",
)


def test_shaded_removes_3_irregulars_then_sets_one_of_their_provinces_r151() -> None:
    game = execute(CARD, Side.SHADED, *IRREGULARS)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    play(
        game,
        "move 1 us-irregular-u pleiku-darlac available",
        "move 1 us-irregular-a binh-dinh available",
        "move 1 us-irregular-a hue available",
    )
    decision = game.decision
    assert decision is not None
    assert decision.options == (Select("binh-dinh"), Select("pleiku-darlac"))
    play(game, "select binh-dinh")
    state = game.state
    assert state.space("binh-dinh").support is Support.ACTIVE_OPPOSITION
    assert state.space("pleiku-darlac").support is Support.NEUTRAL
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 3  # to Available
    assert pieces(game, "pleiku-darlac", "us-irregular-u") == 1
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_no_province_it_would_change_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, *IRREGULARS[1:4])
    play(
        game,
        "move 1 us-irregular-u khanh-hoa available",
        "move 1 us-irregular-a hue available",
    )
    state = game.state  # the 3rd, Phuoc Long's, taken unasked; no Province to set
    assert not any(sp.count(Piece.US_IRREGULAR_UNDERGROUND) for sp in state.spaces)
    assert state.space("phuoc-long").support is Support.NEUTRAL
    assert state.space("khanh-hoa").support is Support.ACTIVE_OPPOSITION
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *IRREGULARS), CARD, Side.SHADED)
    assert not effective(state_on(CARD), CARD, Side.SHADED)
