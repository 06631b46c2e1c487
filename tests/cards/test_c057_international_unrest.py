"""Card 57, International Unrest (dual use, 5.2): NVA 1st (NVA, VC, ARVN, US), so the NVA
executes it here.

- unshaded: any 2 US Casualties (Troops, Bases, Irregulars; card tip) to Available, the
  executing Faction choosing;
- shaded: 2 Available US Troops to Out of Play; NVA Resources + a die roll (at most 75, 1.8).
"""

from __future__ import annotations

from coinlake import Faction, Move, Piece, Side, Track
from coinlake.state.model import AVAILABLE, CASUALTIES
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 57
CASUALTY_LINE = "casualties 3 us-troops 1 us-base 2 us-irregular-u"


def test_unshaded_any_2_us_casualties_to_available() -> None:
    game = execute(CARD, Side.UNSHADED, CASUALTY_LINE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert {m.piece for m in decision.options if isinstance(m, Move)} == {
        Piece.US_TROOPS,
        Piece.US_BASE,
        Piece.US_IRREGULAR_UNDERGROUND,
    }
    play(
        game,
        f"move 1 us-base {CASUALTIES} {AVAILABLE}",
        f"move 1 us-irregular-u {CASUALTIES} {AVAILABLE}",
    )
    state = game.state
    assert state.available[Piece.US_BASE] == 1
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 1
    assert state.casualties[Piece.US_TROOPS] == 3
    assert state.casualties[Piece.US_IRREGULAR_UNDERGROUND] == 1
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_with_1_casualty_moves_it_5_1_3() -> None:
    state = execute(CARD, Side.UNSHADED, "casualties 1 us-base").state
    assert state.available[Piece.US_BASE] == 1 and state.casualties[Piece.US_BASE] == 0
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_2_us_troops_out_of_play_and_a_die_roll_of_nva_resources() -> None:
    state = execute(CARD, Side.SHADED, "available 5 us-troops 1 us-base", "dice 4").state
    assert state.available[Piece.US_TROOPS] == 3 and state.out_of_play[Piece.US_TROOPS] == 2
    assert state.available[Piece.US_BASE] == 1  # only Troops
    assert state.tracks[Track.NVA_RESOURCES] == 19  # 15 + 4


def test_shaded_with_1_available_troop_and_resources_near_75() -> None:
    lines = ("available 1 us-troops", "dice 6", tracks(nva_resources=71))
    state = execute(CARD, Side.SHADED, *lines).state
    assert state.out_of_play[Piece.US_TROOPS] == 1 and state.available[Piece.US_TROOPS] == 0
    assert state.tracks[Track.NVA_RESOURCES] == 75  # 1.8


def test_effective_8_1() -> None:
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # no Casualties
    assert effective(state_on(CARD, "casualties 1 us-irregular-u"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # the roll adds Resources
    full = state_on(CARD, tracks(nva_resources=75))
    assert not effective(full, CARD, Side.SHADED)  # only a die roll (ruling R77)
    assert effective(
        state_on(CARD, "available 1 us-troops", tracks(nva_resources=75)), CARD, Side.SHADED
    )
