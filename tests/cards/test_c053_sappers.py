"""Card 53, Sappers (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: 2 NVA Troops removed from each of up to 3 South Vietnam spaces; the executing
  Faction stays Eligible (2.3.6; 8.1 per R75, R176);
- shaded: up to 1 US Base (to Casualties) and 2 ARVN Bases (to Available) removed from
  Provinces, never Cities.
"""

from __future__ import annotations

from coinlake import Faction, Piece, Select, Side
from coinlake.rules.core import DONE
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE, CASUALTIES
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 53
TROOPS = (
    "space quang-nam 3 nva-troops",
    "space loc-hue-da-nang 1 nva-troops",  # a LoC in South Vietnam
    "space hue 2 nva-troops",
    "space tay-ninh 2 nva-troops",
    "space central-laos 4 nva-troops",  # Laos
)


def test_unshaded_removes_2_nva_troops_from_up_to_3_spaces_and_stays_eligible() -> None:
    game = execute(CARD, Side.UNSHADED, *TROOPS)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Select("central-laos") not in decision.options
    assert DONE in decision.options  # "up to"
    play(game, "select quang-nam", "select loc-hue-da-nang", "select hue")
    state = game.state
    assert pieces(game, "quang-nam", "nva-troops") == 1
    assert pieces(game, "loc-hue-da-nang", "nva-troops") == 0
    assert pieces(game, "hue", "nva-troops") == 0
    assert pieces(game, "tay-ninh", "nva-troops") == 2  # 3 spaces at most
    assert state.available[Piece.NVA_TROOPS] == 5
    assert state.stay_eligible == (Faction.NVA,)
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_may_stop_and_still_stays_eligible() -> None:
    game = execute(CARD, Side.UNSHADED, *TROOPS)
    play(game, "done")
    assert pieces(game, "quang-nam", "nva-troops") == 3
    assert game.state.stay_eligible == (Faction.NVA,)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space central-laos 4 nva-troops"), CARD)  # Eligible
    assert not effective(state_on(CARD, "space central-laos 4 nva-troops", next_card=COUP), CARD)
    assert effective(state_on(CARD, *TROOPS, next_card=COUP), CARD)


SHADED = (
    "space binh-dinh 1 us-base 1 arvn-base",
    "space tay-ninh 1 us-base",
    "space kontum 1 arvn-base",  # a City
    "space quang-nam 1 arvn-base",
)


def test_shaded_removes_up_to_1_us_and_2_arvn_bases_from_provinces() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Move(Piece.US_BASE, 1, "tay-ninh", CASUALTIES) in decision.options  # US: Casualties
    play(game, f"move 1 us-base tay-ninh {CASUALTIES}")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Move(Piece.ARVN_BASE, 1, "kontum", AVAILABLE) not in decision.options  # a City
    play(game, f"move 1 arvn-base quang-nam {AVAILABLE}", f"move 1 arvn-base binh-dinh {AVAILABLE}")
    state = game.state
    assert state.casualties[Piece.US_BASE] == 1 and state.available[Piece.ARVN_BASE] == 2
    assert pieces(game, "binh-dinh", "us-base") == 1
    assert pieces(game, "quang-nam", "arvn-base") == 0
    assert pieces(game, "kontum", "arvn-base") == 1
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_up_to_none_of_either() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    play(game, "done", "done")
    assert game.state.casualties[Piece.US_BASE] == 0
    assert pieces(game, "quang-nam", "arvn-base") == 1
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space kontum 1 arvn-base 1 us-base"), CARD, Side.SHADED)
