"""Card 43, Economic Aid (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: 2 ARVN or 2 US Bases (one kind) from Out of Play to Available; then ARVN
  Resources +6 or Aid +12 -- the executing Faction chooses each, among the alternatives
  that would do something (5.1.3, ruling R132);
- shaded: the Trail Improves 1 box, then 1 more box or NVA Resources +10, the executing
  Faction's choice (same ruling).
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Kind, Piece, Side, Track
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 43
BASES = "out-of-play 2 us-base 1 arvn-base"


def test_unshaded_us_bases_then_aid_by_the_executing_faction() -> None:
    game = execute(CARD, Side.UNSHADED, BASES)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.kind is Kind.CHOOSE_MODE
    assert set(decision.options) == {Choose("arvn-bases"), Choose("us-bases")}
    play(game, "us-bases")
    state = game.state
    assert state.available[Piece.US_BASE] == 2 and state.out_of_play[Piece.US_BASE] == 0
    assert state.out_of_play[Piece.ARVN_BASE] == 1  # one kind only, never a mix
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert set(decision.options) == {Choose("arvn-resources"), Choose("aid")}
    play(game, "aid")
    state = game.state
    assert state.tracks[Track.AID] == 15 + 12
    assert state.tracks[Track.ARVN_RESOURCES] == 30
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_only_1_arvn_base_then_arvn_resources_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, BASES)
    play(game, "arvn-bases", "arvn-resources")
    state = game.state
    assert state.available[Piece.ARVN_BASE] == 1 and state.out_of_play[Piece.US_BASE] == 2
    assert state.tracks[Track.ARVN_RESOURCES] == 30 + 6 and state.tracks[Track.AID] == 15


def test_unshaded_offers_only_a_kind_out_of_play_r132() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 3 arvn-base")
    decision = game.decision
    assert decision is not None and decision.options == (Choose("arvn-bases"),)
    with pytest.raises(IllegalCommand):
        play(game, "us-bases")
    play(game, "arvn-bases")
    assert game.state.available[Piece.ARVN_BASE] == 2  # 2 of the 3


def test_unshaded_without_bases_asks_only_the_track_and_skips_a_full_one_r132() -> None:
    game = execute(CARD, Side.UNSHADED, tracks(arvn_resources=75))
    decision = game.decision
    assert decision is not None and decision.options == (Choose("aid"),)
    play(game, "aid")
    assert game.state.tracks[Track.AID] == 27


def test_unshaded_aid_stops_at_75_5_1_1() -> None:
    game = execute(CARD, Side.UNSHADED, tracks(aid=70))
    play(game, "aid")
    assert game.state.tracks[Track.AID] == 75


def test_unshaded_executed_by_the_us_the_us_chooses_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible NVA ARVN", BASES)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    play(game, "us-bases", "arvn-resources")
    assert game.state.turn.acted == ((Faction.US, "event"),)


@pytest.mark.parametrize(("answer", "trail", "nva"), [("trail", 4, 15), ("nva-resources", 3, 25)])
def test_shaded_improves_1_then_1_more_or_nva_plus_10(answer: str, trail: int, nva: int) -> None:
    game = execute(CARD, Side.SHADED)
    assert game.state.trail == 3  # the first box at once
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert set(decision.options) == {Choose("trail"), Choose("nva-resources")}
    play(game, answer)
    state = game.state
    assert state.trail == trail and state.resources(Faction.NVA) == nva
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_trail_at_4_only_resources_r132() -> None:
    game = execute(CARD, Side.SHADED, tracks(trail=3))
    decision = game.decision
    assert decision is not None and decision.options == (Choose("nva-resources"),)
    play(game, "nva-resources")
    assert game.state.trail == 4 and game.state.resources(Faction.NVA) == 25


def test_shaded_nothing_left_to_choose_asks_nothing() -> None:
    game = execute(CARD, Side.SHADED, tracks(trail=4, nva_resources=75))
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)
    full = tracks(arvn_resources=75, aid=75)
    assert not effective(state_on(CARD, full), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, full, "out-of-play 1 us-base"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(trail=4)), CARD, Side.SHADED)  # NVA +10
    assert not effective(state_on(CARD, tracks(trail=4, nva_resources=75)), CARD, Side.SHADED)
