"""Card 72, Body Count (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded (Momentum, 5.4): nothing at once; Assault and Patrol then cost 0 and add 3 Aid
  per Guerrilla removed until the Coup Round (``tests/test_coin_operations.py``);
- shaded: 1 VC Guerrilla in each Active Opposition space, 2 NVA Troops in each Laos and
  Cambodia space, the executing Faction choosing where when too few are Available (5.1.3),
  taking its own forces from the map if it likes (1.4.1).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Side
from coinlake.rules import effects
from coinlake.rules.operations import assault
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import COUP, KISSINGER, effective, execute, on_card, pieces, play, state_on

CARD = 72
LAOS_CAMBODIA = (
    "central-laos",
    "southern-laos",
    "northeast-cambodia",
    "the-fishhook",
    "the-parrots-beak",
    "sihanoukville",
)
MAP = (
    "space hue active-opposition",
    "space saigon active-opposition",
    "space kontum passive-opposition",
)


def test_unshaded_momentum_only_5_4() -> None:
    before = on_card(CARD, "available 4 vc-guerrilla-u", *MAP).state
    game = execute(CARD, Side.UNSHADED, "available 4 vc-guerrilla-u", *MAP)
    state = game.state
    assert effects.momentum_side(state, CARD) is Side.UNSHADED
    assert assault.body_count(state)  # Assault and Patrol consult it
    assert state.spaces == before.spaces and state.available == before.available
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_before_a_coup_has_no_effect_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, next_card=COUP), CARD, Side.UNSHADED)


def test_shaded_places_in_every_space_when_enough_are_available_5_1() -> None:
    game = execute(CARD, Side.SHADED, "available 5 vc-guerrilla-u 20 nva-troops", *MAP)
    state = game.state
    assert pieces(game, "hue", "vc-guerrilla-u") == 1
    assert pieces(game, "saigon", "vc-guerrilla-u") == 1
    assert pieces(game, "kontum", "vc-guerrilla-u") == 0  # only Active Opposition
    for key in LAOS_CAMBODIA:
        assert pieces(game, key, "nva-troops") == 2
    assert pieces(game, "north-vietnam", "nva-troops") == 0
    assert state.available[Piece.NVA_TROOPS] == 20 - 12
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_executing_faction_picks_where_too_few_are_available_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "available 1 vc-guerrilla-u 3 nva-troops", *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "hue"),
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "saigon"),
    }
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} saigon")
    play(game, f"move 1 nva-troops {AVAILABLE} central-laos")
    play(game, f"move 1 nva-troops {AVAILABLE} central-laos")
    with pytest.raises(IllegalCommand):  # 2 in each space at most
        game.apply(Move(Piece.NVA_TROOPS, 1, AVAILABLE, "central-laos"))
    decision = game.decision
    assert decision is not None and Done() not in decision.options  # ARVN may not take NVA
    play(game, f"move 1 nva-troops {AVAILABLE} sihanoukville")
    state = game.state
    assert (
        pieces(game, "saigon", "vc-guerrilla-u") == 1 and pieces(game, "hue", "vc-guerrilla-u") == 0
    )
    assert pieces(game, "central-laos", "nva-troops") == 2
    assert pieces(game, "sihanoukville", "nva-troops") == 1
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_vc_may_take_its_guerrillas_from_the_map_1_4_1() -> None:
    lines = ("ineligible ARVN NVA US", "space kontum 2 vc-guerrilla-a", *MAP[:1])
    game = execute(CARD, Side.SHADED, *lines)  # the VC, 4th, executes
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Done() in decision.options  # it may (1.4.1)
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} hue")  # from Kontum, the lone source
    assert pieces(game, "hue", "vc-guerrilla-u") == 1  # placed anew: Underground (1.4.3)
    assert pieces(game, "kontum", "vc-guerrilla-a") == 1
    assert game.state.current_card == KISSINGER  # the Event is over, and so is the card


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "available 1 nva-troops"), CARD, Side.SHADED)
    assert effective(state_on(CARD, "available 1 vc-guerrilla-u", *MAP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "available 1 vc-guerrilla-u"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, *MAP), CARD, Side.SHADED)  # none Available
