"""Card 6, Aces (dual use, 5.2): US 1st (US, NVA, VC, ARVN), so the US executes it here.

- unshaded: a free Air Strike in 1 space outside the South, even without US or ARVN pieces
  (card tip), 6 hits and no die roll, and a Degrade of 2 boxes that takes no hits (rulings
  R220, R221);
- shaded: 2 Available US Troops to Casualties; the Trail Improves 2 boxes.
"""

from __future__ import annotations

from coinlake import Choose, Faction, Piece, Side
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 6
NORTH = "space north-vietnam 3 nva-troops 2 nva-guerrilla-a 1 nva-guerrilla-u 1 nva-base"


def test_unshaded_1_space_outside_the_south_6_hits_and_trail_minus_2() -> None:
    game = execute(CARD, Side.UNSHADED, NORTH, "space hue 1 us-troops 2 vc-guerrilla-a")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    options = {str(c) for c in decision.options}
    assert "select north-vietnam" in options and "select central-laos" in options  # any
    assert "select hue" not in options  # the South
    assert "done" not in options  # 1 space must be selected (5.1.3)
    play(game, "select north-vietnam")
    decision = game.decision
    assert decision is not None and Choose("degrade-trail") not in decision.options
    for piece in ("nva-troops",) * 3 + ("nva-guerrilla-a",) * 2:
        play(game, f"move 1 {piece} north-vietnam available")
    state = game.state
    assert pieces(game, "north-vietnam", "nva-troops") == 0
    assert pieces(game, "north-vietnam", "nva-guerrilla-a") == 0
    # the Underground Guerrilla protects the Base (4.2.3): the 6th hit has no target
    assert pieces(game, "north-vietnam", "nva-base") == 1
    assert pieces(game, "hue", "vc-guerrilla-a") == 2  # 1 space only
    assert state.trail == 0  # 2 - 2, without hits
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_no_die_roll_4_2_3() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 1", NORTH)
    play(game, "select north-vietnam")
    decision = game.decision
    assert decision is not None and "6 hit(s)" in decision.prompt
    assert game.state.fixed_dice == (1,)  # never rolled


def test_unshaded_degrade_prevails_over_top_gun_aaa_and_oriskany_5_1_2() -> None:
    lines = ("capabilities 4:unshaded 31:shaded", "momentum 39", tracks(trail=4))
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "select central-laos")
    assert game.state.trail == 2  # 2 boxes total, below AAA's 2 and despite Oriskany


def test_unshaded_migs_and_sa_2s_follow_the_air_strike_degrade_5_3() -> None:
    lines = ("capabilities 33:shaded 34:unshaded", "available 3 us-troops", NORTH)
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "select central-laos")
    state = game.state
    assert state.trail == 0
    assert state.casualties[Piece.US_TROOPS] == 1  # shaded MiGs
    decision = game.decision
    assert decision is not None and decision.context.procedure == "air-strike"  # SA-2s
    play(game, "move 1 nva-troops north-vietnam available")
    assert pieces(game, "north-vietnam", "nva-troops") == 2


def test_unshaded_the_executing_faction_decides_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible US", NORTH)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.context.procedure == "air-strike"
    play(game, "select central-laos")  # the NVA spares its own pieces
    assert pieces(game, "north-vietnam", "nva-troops") == 3
    assert game.state.trail == 0


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)  # the Trail at 2
    assert effective(state_on(CARD, tracks(trail=0), NORTH), CARD)
    assert not effective(state_on(CARD, tracks(trail=0)), CARD)
    underground = "space central-laos 2 nva-guerrilla-u"
    assert not effective(state_on(CARD, tracks(trail=0), underground), CARD)


def test_shaded_2_us_troops_to_casualties_and_trail_plus_2() -> None:
    state = execute(CARD, Side.SHADED, "available 5 us-troops", tracks(trail=1)).state
    assert state.available[Piece.US_TROOPS] == 3
    assert state.casualties[Piece.US_TROOPS] == 2
    assert state.trail == 3


def test_shaded_partial_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "available 1 us-troops", tracks(trail=3)).state
    assert state.casualties[Piece.US_TROOPS] == 1
    assert state.trail == 4  # at most 4 (6.7)
    assert not effective(state_on(CARD, tracks(trail=4)), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(trail=4), "available 1 us-troops"), CARD, Side.SHADED)
