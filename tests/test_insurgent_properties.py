"""Random legal play of all four Factions, with the Insurgent Operations and Special
Activities registered, runs to the end of a scenario without breaking an invariant of
``docs/architecture.md``: 229 pieces (1.2), stacking (1.4.2), tracks 0..75 and Trail 0..4
(1.8, 6.7), no negative count; and undo restores the exact prior state (redo the later one).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinlake
from tests.conftest import check_invariants

SETTINGS = settings(
    max_examples=6,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
INSURGENT_RULES = ("3.3.1", "3.3.2", "3.3.3", "3.3.4", "4.4.1", "4.4.2", "4.4.3", "4.5.1", "4.5.2")


@SETTINGS
@given(
    scenario=st.sampled_from(["short", "short", "medium", "full"]),
    seed=st.integers(min_value=0, max_value=2**32),
    undo_every=st.integers(min_value=3, max_value=40),
)
def test_random_play_to_the_end_keeps_invariants_and_undo_is_exact(
    scenario: str, seed: int, undo_every: int
) -> None:
    game = coinlake.new_game(scenario, seed=seed)
    pick = random.Random(seed)
    steps = 0
    while (legal := game.legal()) and steps < 20_000:
        before = game.state
        game.apply(pick.choice(legal))
        after = game.state
        check_invariants(after)
        if steps % undo_every == 0:
            game.undo()
            assert game.state == before
            assert game.legal() == legal
            game.redo()
            assert game.state == after
        steps += 1
    assert game.state.result is not None  # the game ended (6.1, 7.3)
    rules = {event.rule for event in game.events}
    assert rules & set(INSURGENT_RULES)  # Insurgent Operations were played
