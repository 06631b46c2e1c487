"""Card 40, PoWs (dual use, 5.2): NVA 1st (NVA, US, VC, ARVN), so the NVA executes it here.

- unshaded: a free US Air Strike whose details the executing Faction decides (card tip,
  ruling R220), then 2 US Troops from Casualties to Available;
- shaded: 3 US Troops from Available to Casualties.
"""

from __future__ import annotations

from coinlake import Faction, Piece, Side
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 40
STRIKE = "space hue 1 arvn-police 2 nva-guerrilla-a 1 vc-guerrilla-a"


def test_unshaded_executing_faction_decides_the_air_strike_then_2_troops_back() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 2", STRIKE, "casualties 3 us-troops")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert decision.context.procedure == "air-strike"
    play(game, "select hue")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # it targets (3.1)
    play(game, "target-vc", "done")
    play(game, "move 1 vc-guerrilla-a hue available")  # the 2nd hit finds no VC target
    state = game.state
    assert pieces(game, "hue", "nva-guerrilla-a") == 2
    assert pieces(game, "hue", "vc-guerrilla-a") == 0
    assert state.casualties[Piece.US_TROOPS] == 1
    assert state.available[Piece.US_TROOPS] == 2
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_us_executing_decides_itself() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible NVA", "dice 1", STRIKE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US


def test_unshaded_fewer_casualties_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "casualties 1 us-troops", tracks(trail=0))
    play(game, "done")  # no space
    state = game.state
    assert state.casualties[Piece.US_TROOPS] == 0
    assert state.available[Piece.US_TROOPS] == 1


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "casualties 1 us-troops", tracks(trail=0)), CARD)
    assert effective(state_on(CARD, STRIKE, tracks(trail=0)), CARD)
    assert not effective(state_on(CARD, tracks(trail=0)), CARD)


def test_shaded_3_troops_to_casualties() -> None:
    state = execute(CARD, Side.SHADED, "available 5 us-troops").state
    assert state.available[Piece.US_TROOPS] == 2
    assert state.casualties[Piece.US_TROOPS] == 3
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_fewer_available_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "available 2 us-troops").state
    assert state.casualties[Piece.US_TROOPS] == 2
    assert not effective(state_on(CARD), CARD, Side.SHADED)
