"""Card 66, Ambassador Taylor (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: Aid and ARVN Resources +9; then up to 2 US pieces from Out of Play to South
  Vietnam, or Patronage -3, or neither (card 66's tip; ruling R150);
- shaded: 3 spaces outside Saigon at Support go to Neutral (ruling R149); Patronage -3.
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Move, Select, Side, Support
from coinlake.data.pieces import Piece
from coinlake.state.model import OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 66
OOP = "out-of-play 3 us-troops 1 us-irregular-u"
WORDS = (Choose("us-pieces"), Choose("patronage"), Choose("decline"))


def test_unshaded_aid_arvn_and_up_to_2_us_pieces_r150() -> None:
    game = execute(CARD, Side.UNSHADED, OOP)
    state = game.state
    assert state.aid == 15 + 9 and state.resources(Faction.ARVN) == 30 + 9
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert decision.options == WORDS
    play(game, "us-pieces", f"move 1 us-irregular-u {OUT_OF_PLAY} loc-hue-da-nang")
    decision = game.decision
    assert decision is not None and Done() in decision.options  # "up to"
    assert Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, "north-vietnam") not in decision.options
    assert Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, "the-fishhook") not in decision.options
    play(game, f"move 1 us-troops {OUT_OF_PLAY} saigon")
    state = game.state  # 2 placed: done
    assert pieces(game, "loc-hue-da-nang", "us-irregular-u") == 1
    assert pieces(game, "saigon", "us-troops") == 1
    assert state.out_of_play[Piece.US_TROOPS] == 2 and state.patronage == 18
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_pieces_may_stop_at_none() -> None:
    game = execute(CARD, Side.UNSHADED, OOP)
    play(game, "us-pieces", "done")
    state = game.state
    assert state.out_of_play[Piece.US_TROOPS] == 3 and state.patronage == 18
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_patronage_minus_3_instead() -> None:
    game = execute(CARD, Side.UNSHADED, OOP)
    play(game, "patronage")
    state = game.state
    assert state.patronage == 15 and state.out_of_play[Piece.US_TROOPS] == 3


def test_unshaded_decline_both_r150() -> None:
    game = execute(CARD, Side.UNSHADED, OOP, tracks(aid=70, arvn_resources=70))
    play(game, "decline")
    state = game.state
    assert state.patronage == 18 and state.out_of_play[Piece.US_TROOPS] == 3
    assert state.aid == 75 and state.resources(Faction.ARVN) == 75  # 1.8


def test_unshaded_offers_only_what_can_happen_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED)
    decision = game.decision
    assert decision is not None and decision.options == (Choose("patronage"), Choose("decline"))
    game = execute(CARD, Side.UNSHADED, tracks(patronage=0))
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)  # nothing left to ask


def test_unshaded_effective_8_1() -> None:
    full = tracks(aid=75, arvn_resources=75, patronage=0)
    assert not effective(state_on(CARD, full), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, full, OOP), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, tracks(aid=75, arvn_resources=75)), CARD, Side.UNSHADED)


SUPPORT = (
    "space hue active-support",
    "space saigon active-support",  # excluded
    "space quang-nam passive-support",
    "space binh-dinh active-support",
    "space kontum passive-support",
    "space can-tho passive-opposition",  # no Support to remove (R149)
)


def test_shaded_removes_support_from_3_spaces_outside_saigon_r149() -> None:
    game = execute(CARD, Side.SHADED, *SUPPORT)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == tuple(Select(k) for k in ("hue", "kontum", "quang-nam", "binh-dinh"))
    play(game, "select hue", "select binh-dinh", "select quang-nam")
    state = game.state
    for key in ("hue", "binh-dinh", "quang-nam"):
        assert state.space(key).support is Support.NEUTRAL
    assert state.space("kontum").support is Support.PASSIVE_SUPPORT
    assert state.space("saigon").support is Support.ACTIVE_SUPPORT
    assert state.space("can-tho").support is Support.PASSIVE_OPPOSITION
    assert state.patronage == 15
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_fewer_spaces_and_patronage_floor_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, tracks(patronage=1), *SUPPORT[:3])
    play(game, "select quang-nam")
    state = game.state  # Hue, the last one, taken unasked
    assert state.space("hue").support is Support.NEUTRAL
    assert state.space("quang-nam").support is Support.NEUTRAL
    assert state.patronage == 0


def test_shaded_effective_8_1() -> None:
    assert not effective(state_on(CARD, tracks(patronage=0), *SUPPORT[1::4]), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(patronage=0), *SUPPORT), CARD, Side.SHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)
