"""Card 113, Ruff Puff (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: up to 8 Police placed in South Vietnam, LoCs included (1.3.5), by the executing
  Faction; ARVN (or the US) may take Police from the map when none is Available (1.4.1);
- shaded: 5 Police outside Cities replaced one at a time by 1 VC piece each, at most one a
  Base; removed only when no replacement is Available (5.1.1).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Side
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 113


def test_unshaded_places_up_to_8_police_in_the_south_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "available 10 arvn-police")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert Done() in decision.options  # "up to"
    assert Move(Piece.ARVN_POLICE, 1, AVAILABLE, "loc-hue-da-nang") in decision.options
    with pytest.raises(IllegalCommand):  # outside South Vietnam
        game.apply(Move(Piece.ARVN_POLICE, 1, AVAILABLE, "central-laos"))
    play(game, f"move 1 arvn-police {AVAILABLE} hue", f"move 1 arvn-police {AVAILABLE} hue", "done")
    assert pieces(game, "hue", "arvn-police") == 2
    assert game.state.available[Piece.ARVN_POLICE] == 8
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_at_most_8_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "available 10 arvn-police")
    for _ in range(8):
        play(game, f"move 1 arvn-police {AVAILABLE} saigon")
    assert pieces(game, "saigon", "arvn-police") == 8
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_arvn_may_take_police_from_the_map_1_4_1() -> None:
    lines = ("ineligible VC", "available 1 arvn-police", "space saigon 2 arvn-police")
    game = execute(CARD, Side.UNSHADED, *lines)  # ARVN, 2nd, executes
    play(game, f"move 1 arvn-police {AVAILABLE} hue", f"move 1 arvn-police {AVAILABLE} hue")
    assert pieces(game, "hue", "arvn-police") == 2  # the 2nd from Saigon, the lone source
    assert pieces(game, "saigon", "arvn-police") == 1
    play(game, "done")
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "available 1 arvn-police"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "space saigon 2 arvn-police"), CARD, Side.UNSHADED)


POLICE = (
    "space hue 3 arvn-police",  # a City
    "space quang-nam 2 arvn-police",
    "space loc-hue-da-nang 1 arvn-police",
    "space central-laos 2 arvn-police",
)


def test_shaded_replaces_5_police_outside_cities_one_base_at_most_5_1() -> None:
    game = execute(CARD, Side.SHADED, "available 3 vc-guerrilla-u 2 vc-base", *POLICE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Move(Piece.ARVN_POLICE, 1, "hue", AVAILABLE) not in decision.options  # a City
    play(game, f"move 1 arvn-police quang-nam {AVAILABLE}")
    decision = game.decision
    assert decision is not None and set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "quang-nam"),
        Move(Piece.VC_BASE, 1, AVAILABLE, "quang-nam"),
    }
    play(game, f"move 1 vc-base {AVAILABLE} quang-nam")
    play(game, f"move 1 arvn-police quang-nam {AVAILABLE}")  # a Guerrilla, unasked: 1 Base
    assert pieces(game, "quang-nam", "vc-guerrilla-u") == 1
    assert pieces(game, "quang-nam", "vc-base") == 1
    play(game, f"move 1 arvn-police loc-hue-da-nang {AVAILABLE}")
    # the 4th and 5th: Central Laos's Police, the lone ones left outside Cities, go unasked;
    # the 5th is only removed: no Guerrilla is left to replace it (5.1.1)
    state = game.state
    assert pieces(game, "loc-hue-da-nang", "vc-guerrilla-u") == 1
    assert pieces(game, "central-laos", "vc-guerrilla-u") == 1
    assert pieces(game, "central-laos", "arvn-police") == 0
    assert pieces(game, "hue", "arvn-police") == 3
    assert state.available[Piece.ARVN_POLICE] == 5
    assert state.available[Piece.VC_BASE] == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_fewer_police_all_of_them_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "available 5 vc-guerrilla-u", *POLICE[:3])
    for _ in range(3):
        decision = game.decision
        assert decision is not None
        game.apply(decision.options[0])
    assert pieces(game, "quang-nam", "arvn-police") == 0
    assert pieces(game, "loc-hue-da-nang", "arvn-police") == 0
    assert game.state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 2
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, POLICE[1]), CARD, Side.SHADED)
    assert not effective(state_on(CARD, POLICE[0]), CARD, Side.SHADED)
