"""Card 63, Fact Finding (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: 2 US pieces from Out of Play to South Vietnam, or a die roll moved from Patronage
  to ARVN Resources (a branch that can do something, 5.1.3); Aid +6;
- shaded: a COIN-Controlled City outside Saigon at Support goes to Neutral (ruling R149);
  Patronage +4 or VC Resources +4.
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Move, Select, Side, Support
from coinlake.data.pieces import Piece
from coinlake.state.model import OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 63
OOP = "out-of-play 2 us-troops 1 us-base"


def test_unshaded_us_pieces_from_out_of_play_to_south_vietnam_5_1_1() -> None:
    game = execute(CARD, Side.UNSHADED, OOP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert decision.options == (Choose("us-pieces"), Choose("transfer"))
    play(game, "us-pieces")
    decision = game.decision
    assert decision is not None
    assert Move(Piece.US_BASE, 1, OUT_OF_PLAY, "hue") in decision.options
    assert Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, "loc-hue-da-nang") in decision.options
    assert Move(Piece.US_BASE, 1, OUT_OF_PLAY, "loc-hue-da-nang") not in decision.options  # 1.4.2
    assert Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, "central-laos") not in decision.options  # South
    with pytest.raises(IllegalCommand):
        game.apply(Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, "north-vietnam"))
    play(game, f"move 1 us-base {OUT_OF_PLAY} hue", f"move 1 us-troops {OUT_OF_PLAY} kontum")
    state = game.state
    assert pieces(game, "hue", "us-base") == 1 and pieces(game, "kontum", "us-troops") == 1
    assert state.out_of_play[Piece.US_TROOPS] == 1
    assert state.aid == 15 + 6 and state.patronage == 18
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_transfer_a_die_roll_from_patronage_to_arvn() -> None:
    game = execute(CARD, Side.UNSHADED, OOP, "dice 5")
    play(game, "transfer")
    state = game.state
    assert state.patronage == 18 - 5 and state.resources(Faction.ARVN) == 30 + 5
    assert state.aid == 15 + 6
    assert state.out_of_play[Piece.US_TROOPS] == 2


def test_unshaded_transfer_limited_by_patronage_and_75_r152() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 6", tracks(patronage=4, arvn_resources=73))
    play(game, "transfer")  # the only branch: nothing Out of Play (asked all the same)
    state = game.state
    assert state.patronage == 0  # 4 of the 6
    assert state.resources(Faction.ARVN) == 75
    assert state.aid == 21


def test_unshaded_only_pieces_when_patronage_is_0_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, OOP, tracks(patronage=0))
    decision = game.decision
    assert decision is not None and decision.options == (Choose("us-pieces"),)


def test_unshaded_neither_branch_only_aid_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, tracks(patronage=0))
    state = game.state
    assert state.aid == 21
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, tracks(aid=75, patronage=0), OOP), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, tracks(aid=75, patronage=1)), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, tracks(aid=75, patronage=0)), CARD, Side.UNSHADED)


CITIES = (
    "space hue 2 arvn-police active-support",  # COIN Control
    "space da-nang 1 us-troops passive-support",  # COIN Control
    "space saigon 2 us-troops active-support",  # Saigon is excluded
    "space kontum 1 vc-guerrilla-u active-support",  # no COIN Control
    "space qui-nhon 1 us-troops",  # Neutral: no Support to remove (R149)
    "space quang-nam 1 us-troops active-support",  # a Province
)


def test_shaded_removes_support_from_a_coin_controlled_city_r149() -> None:
    game = execute(CARD, Side.SHADED, *CITIES)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (Select("hue"), Select("da-nang"))
    play(game, "select hue")
    assert game.state.space("hue").support is Support.NEUTRAL
    decision = game.decision
    assert decision is not None and decision.options == (
        Choose("patronage"),
        Choose("vc-resources"),
    )
    play(game, "vc-resources")
    state = game.state
    assert state.resources(Faction.VC) == 10 + 4 and state.patronage == 18
    assert state.space("da-nang").support is Support.PASSIVE_SUPPORT
    assert state.space("saigon").support is Support.ACTIVE_SUPPORT
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_patronage_and_a_full_track_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, tracks(patronage=75))
    decision = game.decision
    assert decision is not None and decision.options == (Choose("vc-resources"),)
    game = execute(CARD, Side.SHADED, CITIES[1])
    play(game, "patronage")  # Da Nang, the lone City, was taken unasked
    state = game.state
    assert state.space("da-nang").support is Support.NEUTRAL and state.patronage == 22


def test_shaded_effective_8_1() -> None:
    full = tracks(patronage=75, vc_resources=75)
    assert not effective(state_on(CARD, full, *CITIES[2:]), CARD, Side.SHADED)
    assert effective(state_on(CARD, full, *CITIES), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(patronage=75)), CARD, Side.SHADED)
