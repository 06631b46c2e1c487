"""Invariants under random legal US and ARVN play (docs/architecture.md "Invariants"): the 229
pieces (1.2), stacking (1.4.2), tracks within bounds (1.8, 6.7); ``undo`` restores the exact
prior state and replaying the events gives the live state.

Each run starts a game (scenario and seed drawn by hypothesis) and applies commands chosen by
index among ``game.legal()``; the NVA and VC Pass whenever they may, so that play dwells in
the US and ARVN Operations and Special Activities. Some runs start on a hand-built position
crowded with pieces of every kind, to reach removals, Tunnels and Air Strikes quickly.
"""

from __future__ import annotations

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Game
from coinlake.data.pieces import Faction, Piece
from coinlake.engine import fold, prime
from coinlake.state.commands import Choose
from coinlake.state.model import GameState
from tests.conftest import check_invariants, put
from tests.test_coin_operations import blank

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PASS = Choose("pass")
COIN = (Faction.US, Faction.ARVN)
P = Piece


def crowded() -> GameState:
    """A position with COIN and Insurgent pieces of every kind side by side."""
    state = blank(arvn_resources=40, trail=3)
    mixed = {
        "Quang Tri": {P.US_TROOPS: 3, P.ARVN_TROOPS: 2, P.NVA_TROOPS: 2, P.NVA_BASE: 1},
        "Hue": {P.ARVN_POLICE: 2, P.US_IRREGULAR_UNDERGROUND: 1, P.VC_GUERRILLA_ACTIVE: 2},
        "Quang Nam": {
            P.US_BASE: 1,
            P.US_TROOPS: 2,
            P.VC_TUNNELED_BASE: 1,
            P.VC_GUERRILLA_UNDERGROUND: 2,
        },
        "loc-hue-da-nang": {P.ARVN_TROOPS: 1, P.NVA_GUERRILLA_UNDERGROUND: 2},
        "Tay Ninh": {
            P.ARVN_RANGER_UNDERGROUND: 2,
            P.VC_BASE: 1,
            P.VC_GUERRILLA_ACTIVE: 1,
            P.NVA_GUERRILLA_ACTIVE: 1,
        },
        "Saigon": {P.US_TROOPS: 2, P.ARVN_TROOPS: 3, P.ARVN_POLICE: 2},
        "Kontum": {P.ARVN_BASE: 1, P.ARVN_TROOPS: 2, P.NVA_TROOPS: 3},
        "Central Laos": {P.NVA_TROOPS: 2, P.NVA_TUNNELED_BASE: 1},
    }
    for space, pieces in mixed.items():
        state = put(state, space, pieces)
    return attrs.evolve(state, pending=None)


@st.composite
def starts(draw: st.DrawFn) -> Game:
    if draw(st.booleans()):
        return Game(prime(crowded()))
    scenario = draw(st.sampled_from(["short", "medium", "full"]))
    seed = draw(st.integers(min_value=0, max_value=2**32))
    return coinlake.new_game(scenario, seed=seed)


@SETTINGS
@given(
    game=starts(),
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=20, max_size=150),
    undo_every=st.integers(min_value=2, max_value=7),
)
def test_random_coin_play_keeps_invariants_and_undo_is_exact(
    game: Game, picks: list[int], undo_every: int
) -> None:
    root = game.state
    events: list[coinlake.Event] = []
    for n, pick in enumerate(picks):
        decision = game.decision
        if decision is None:
            break
        legal = decision.options
        command: coinlake.Command = legal[pick % len(legal)]
        if decision.faction not in COIN and PASS in legal:
            command = PASS
        before = game.state
        new = game.apply(command)
        check_invariants(game.state)
        if n % undo_every == 0:
            after = game.state
            game.undo()
            assert game.state == before
            game.redo()
            assert game.state == after
        events.extend(new)
    assert fold(root, events) == game.state
