"""Card 110, No Contact (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: 2 US pieces from Casualties placed on the map by the executing Faction where
  they may stand (1.4.2); then every Ranger and Irregular Underground (1.4.3);
- shaded: every NVA and VC Guerrilla Underground.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Move, Piece, Select, Side
from coinlake.state.model import CASUALTIES
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 110
ACTIVE = (
    "space hue 1 arvn-ranger-a 2 us-irregular-a 1 vc-guerrilla-a",
    "space saigon 1 nva-guerrilla-a 1 arvn-ranger-u",
)


def test_unshaded_places_2_casualties_then_rangers_and_irregulars_underground_5_1() -> None:
    lines = (
        "casualties 2 us-troops 1 us-base 1 us-irregular-u",
        "space kontum 2 nva-base",
        *ACTIVE,
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert Select("north-vietnam") not in decision.options  # 1.4.2
    assert Select("central-laos") in decision.options and Select("kontum") in decision.options
    with pytest.raises(IllegalCommand):
        game.apply(Select("north-vietnam"))
    play(game, "select kontum")
    decision = game.decision
    assert decision is not None and set(decision.options) == {
        Move(Piece.US_TROOPS, 1, CASUALTIES, "kontum"),
        Move(Piece.US_IRREGULAR_UNDERGROUND, 1, CASUALTIES, "kontum"),
    }  # no 3rd Base (1.4.2)
    play(game, f"move 1 us-irregular-u {CASUALTIES} kontum", "select binh-dinh")
    play(game, f"move 1 us-base {CASUALTIES} binh-dinh")
    state = game.state
    assert pieces(game, "kontum", "us-irregular-u") == 1
    assert pieces(game, "binh-dinh", "us-base") == 1
    assert state.casualties[Piece.US_TROOPS] == 2  # 2 placed: done
    assert pieces(game, "hue", "arvn-ranger-u") == 1 and pieces(game, "hue", "us-irregular-u") == 2
    assert pieces(game, "hue", "vc-guerrilla-a") == 1  # Guerrillas stay Active
    assert pieces(game, "saigon", "nva-guerrilla-a") == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_without_casualties_only_flips_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, *ACTIVE)
    assert pieces(game, "hue", "arvn-ranger-a") == 0 and pieces(game, "hue", "us-irregular-a") == 0
    assert game.state.turn.acted == ((Faction.VC, "event"),)
    assert effective(state_on(CARD, *ACTIVE), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "casualties 1 us-troops"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, ACTIVE[1]), CARD, Side.UNSHADED)


def test_shaded_flips_every_guerrilla_underground_5_1() -> None:
    game = execute(CARD, Side.SHADED, *ACTIVE)
    state = game.state
    assert pieces(game, "hue", "vc-guerrilla-u") == 1 and pieces(game, "hue", "vc-guerrilla-a") == 0
    assert pieces(game, "saigon", "nva-guerrilla-u") == 1
    assert pieces(game, "hue", "arvn-ranger-a") == 1  # Rangers and Irregulars stay Active
    assert pieces(game, "hue", "us-irregular-a") == 2
    assert state.turn.acted == ((Faction.VC, "event"),)
    assert effective(state_on(CARD, *ACTIVE), CARD, Side.SHADED)
    assert not effective(
        state_on(CARD, "space hue 1 arvn-ranger-a 1 vc-guerrilla-u"), CARD, Side.SHADED
    )
