"""Card 1, Gulf of Tonkin (dual use, 5.2): US 1st (US, NVA, ARVN, VC), so the US executes it
here.

- unshaded: a free US Air Strike as usual (4.2.3, card tip), then 6 US pieces (Bases too)
  from Out of Play to Cities (5.1.1), within stacking (1.4.2) and as many as there are
  (5.1.3);
- shaded: Aid -1 per Casualty, then all Casualties Out of Play.
"""

from __future__ import annotations

from coinlake import Choose, Faction, Piece, Side, Track
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 1
STRIKE = (
    "space hue 1 us-troops 2 vc-guerrilla-a",
    "space central-laos 2 nva-guerrilla-a",  # no US or ARVN piece: not selectable (4.2.3)
)


def test_unshaded_usual_air_strike_then_pieces_from_out_of_play_to_cities_4_2_3() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 3", "out-of-play 5 us-troops 2 us-base", *STRIKE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.context.procedure == "air-strike"
    assert "select central-laos" not in {str(c) for c in decision.options}
    play(game, "select hue", "done")
    decision = game.decision
    assert decision is not None and Choose("degrade-trail") in decision.options  # 3 hits
    play(game, "degrade-trail", "move 1 vc-guerrilla-a hue available")
    state = game.state
    assert state.trail == 1
    assert pieces(game, "hue", "vc-guerrilla-a") == 1
    assert int(state.space("hue").support) == -1  # a piece removed: 1 level to Opposition
    # then the US places its Out of Play pieces in Cities
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    play(game, "select saigon", "move 1 us-base out-of-play saigon")
    play(game, "select saigon", "move 1 us-base out-of-play saigon")
    decision = game.decision
    assert decision is not None
    options = {str(c) for c in decision.options}
    assert "select saigon" in options  # Troops still fit
    for _ in range(4):
        play(game, "select da-nang", "move 1 us-troops out-of-play da-nang")
    state = game.state
    assert state.out_of_play[Piece.US_BASE] == 0
    assert pieces(game, "saigon", "us-base") == 2
    assert pieces(game, "da-nang", "us-troops") == 4  # 6 pieces in all
    assert state.out_of_play[Piece.US_TROOPS] == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_fewer_than_6_pieces_out_of_play_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 2 us-troops")
    play(game, "done")  # the Air Strike: no space (nothing to hit), the roll may Degrade
    decision = game.decision
    while decision is not None and decision.context.procedure == "air-strike":
        play(game, "done")
        decision = game.decision
    play(game, "select hue", "move 1 us-troops out-of-play hue")
    play(game, "select an-loc", "move 1 us-troops out-of-play an-loc")
    state = game.state
    assert state.out_of_play[Piece.US_TROOPS] == 0
    assert pieces(game, "hue", "us-troops") == pieces(game, "an-loc", "us-troops") == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "out-of-play 1 us-troops", tracks(trail=0)), CARD)
    assert effective(state_on(CARD, *STRIKE, tracks(trail=0)), CARD)  # a piece to hit
    assert effective(state_on(CARD), CARD)  # the Trail at 2 may be Degraded
    assert not effective(state_on(CARD, tracks(trail=0)), CARD)


def test_shaded_aid_minus_casualties_then_all_out_of_play() -> None:
    lines = ("casualties 3 us-troops 1 us-base 1 us-irregular-u", tracks(aid=15))
    state = execute(CARD, Side.SHADED, *lines).state
    assert state.tracks[Track.AID] == 10  # 5 Casualties
    assert sum(state.casualties) == 0
    assert state.out_of_play[Piece.US_TROOPS] == 3
    assert state.out_of_play[Piece.US_BASE] == 1
    assert state.out_of_play[Piece.US_IRREGULAR_UNDERGROUND] == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_aid_stops_at_0_1_8() -> None:
    state = execute(CARD, Side.SHADED, "casualties 4 us-troops", tracks(aid=2)).state
    assert state.tracks[Track.AID] == 0
    assert state.out_of_play[Piece.US_TROOPS] == 4


def test_shaded_effective_only_with_casualties_8_1() -> None:
    assert effective(state_on(CARD, "casualties 1 us-troops"), CARD, Side.SHADED)
    assert not effective(state_on(CARD), CARD, Side.SHADED)
