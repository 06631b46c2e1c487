"""Card 39, Oriskany (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: 4 pieces of any Factions removed to Available (1.4.1), from North Vietnam while
  any is there, then from Laos; never another Faction's Tunneled Base, the executing
  Faction's own only by choice (5.1.1, rulings R20, R101); then the Trail Degrades 2 boxes
  (even under shaded Oriskany, ruling R16);
- shaded (Momentum, 5.4): 1 Available US Troop Out of Play; no Degrade until the Coup
  Round's Reset but by Events (``tests/test_coup_effects.py`` for the Coup Round).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, Game, IllegalCommand, Kind, Move, Piece, Side
from coinlake.rules import effects
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on, tracks

CARD = 39
MAP = (
    "space north-vietnam 2 nva-troops 1 vc-guerrilla-u",
    "space central-laos 1 us-troops 2 nva-guerrilla-a 1 vc-base-t",
    "space southern-laos 1 arvn-police",
    "space the-fishhook 1 nva-troops",  # Cambodia: never
)


def origins(game: Game) -> set[str]:
    decision = game.decision
    assert decision is not None
    return {m.origin for m in decision.options if isinstance(m, Move)}


def test_unshaded_north_vietnam_first_then_laos_any_faction_r101() -> None:
    game = execute(CARD, Side.UNSHADED, *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert origins(game) == {"north-vietnam"}  # Laos only once none is left there
    with pytest.raises(IllegalCommand):
        play(game, f"move 1 us-troops central-laos {AVAILABLE}")
    play(game, f"move 1 nva-troops north-vietnam {AVAILABLE}")
    play(game, f"move 1 vc-guerrilla-u north-vietnam {AVAILABLE}")  # then the lone Troop left
    assert origins(game) == {"central-laos", "southern-laos"}
    decision = game.decision
    assert decision is not None
    assert Move(Piece.VC_TUNNELED_BASE, 1, "central-laos", AVAILABLE) not in decision.options
    assert Done() not in decision.options  # 4 pieces: mandatory (5.1.3)
    play(game, f"move 1 us-troops central-laos {AVAILABLE}")
    state = game.state
    assert state.available[Piece.US_TROOPS] == 1 and state.casualties[Piece.US_TROOPS] == 0
    assert pieces(game, "north-vietnam", "nva-troops") == 0
    assert pieces(game, "central-laos", "nva-guerrilla-a") == 2
    assert pieces(game, "the-fishhook", "nva-troops") == 1
    assert state.trail == 0  # then Degrade 2 boxes
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_fewer_than_4_pieces_removes_them_all_5_1_3() -> None:
    lines = ("space north-vietnam 1 nva-troops", "space southern-laos 1 arvn-police")
    game = execute(CARD, Side.UNSHADED, *lines, tracks(trail=3))
    state = game.state  # each lone removal taken unasked
    assert state.available[Piece.NVA_TROOPS] == 1 and state.available[Piece.ARVN_POLICE] == 1
    assert state.trail == 1
    assert game.decision is not None and game.decision.kind is Kind.ACTION  # next Faction


def test_unshaded_own_tunneled_base_only_by_choice_5_1_1_r20() -> None:
    lines = ("space north-vietnam 1 nva-troops 1 nva-base-t", "space southern-laos 1 arvn-police")
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {
        Move(Piece.NVA_TROOPS, 1, "north-vietnam", AVAILABLE),
        Move(Piece.NVA_TUNNELED_BASE, 1, "north-vietnam", AVAILABLE),
    }
    play(game, f"move 1 nva-troops north-vietnam {AVAILABLE}")
    # North Vietnam holds nothing the NVA must remove: Laos, and its own Base still may go
    decision = game.decision
    assert decision is not None and Done() not in decision.options
    assert origins(game) == {"north-vietnam", "southern-laos"}
    play(game, f"move 1 arvn-police southern-laos {AVAILABLE}")
    decision = game.decision
    assert decision is not None and Done() in decision.options  # not forced
    play(game, "done")
    assert pieces(game, "north-vietnam", "nva-base-t") == 1
    assert game.state.trail == 0


def test_unshaded_own_tunneled_base_may_be_removed() -> None:
    game = execute(CARD, Side.UNSHADED, "space north-vietnam 1 nva-base-t")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Done() in decision.options  # its own: a choice, not a duty (5.1.1)
    play(game, f"move 1 nva-base-t north-vietnam {AVAILABLE}")
    assert pieces(game, "north-vietnam", "nva-base-t") == 0
    assert game.state.available[Piece.NVA_BASE] == 1  # the Tunnel goes (1.4.4)


def test_unshaded_by_the_us_leaves_tunneled_bases_alone() -> None:
    lines = ("ineligible NVA", "space north-vietnam 1 nva-base-t 1 nva-base")
    game = execute(CARD, Side.UNSHADED, *lines)  # the US, next in order, executes
    state = game.state
    assert state.turn.acted == ((Faction.US, "event"),)
    assert pieces(game, "north-vietnam", "nva-base-t") == 1
    assert pieces(game, "north-vietnam", "nva-base") == 0
    assert state.trail == 0


def test_unshaded_degrades_under_shaded_oriskany_r16() -> None:
    state = execute(CARD, Side.UNSHADED, "momentum 39").state
    assert state.trail == 0


def test_shaded_us_troop_out_of_play_and_momentum_5_4() -> None:
    state = execute(CARD, Side.SHADED, "available 3 us-troops").state
    assert state.available[Piece.US_TROOPS] == 2 and state.out_of_play[Piece.US_TROOPS] == 1
    assert effects.momentum_side(state, CARD) is Side.SHADED
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_without_available_troop_still_momentum_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "space saigon 2 us-troops")  # none Available
    assert game.state.out_of_play[Piece.US_TROOPS] == 0
    assert pieces(game, "saigon", "us-troops") == 2  # never from the map
    assert effects.momentum_active(game.state, CARD)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *MAP), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.UNSHADED)  # the Trail at 2
    bare = (tracks(trail=0), "space north-vietnam 1 vc-base-t", "space the-fishhook 1 nva-base")
    assert not effective(state_on(CARD, *bare), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # the Momentum
    # 8.1 names Oriskany as a Momentum with a Coup Round effect
    assert effective(state_on(CARD, next_card=COUP), CARD, Side.SHADED)
