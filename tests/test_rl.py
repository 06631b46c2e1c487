"""coinlake.rl: the PettingZoo AEC environment and the Gymnasium wrapper (issue 25)."""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import coinlake
from coinlake.rl import env, gym_env, observation
from coinlake.rl.observation import ACTIONS, SIZE, SLICES


def test_pettingzoo_api_test() -> None:
    api_test(env("short"), num_cycles=60)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env("short", non_players={"ARVN", "VC"}), num_cycles=40)


def test_gymnasium_env_checker() -> None:
    check_env(gym_env("VC", "short"), skip_render_check=True)


def test_agents_are_the_factions_that_are_not_non_players() -> None:
    """8.0: Non-players act inside the environment; only the other Factions are agents."""
    e = env("short", non_players={"US", "NVA"})
    e.reset(seed=2)
    assert e.possible_agents == ["ARVN", "VC"]
    with pytest.raises(ValueError, match="at least one Faction"):
        env("short", non_players=set(coinlake.Faction))


def test_mask_equals_legal_at_every_step_of_random_episodes() -> None:
    """The mask marks exactly the first len(legal()) actions; the observation keeps its
    shape and bounds; the rewards at the end are the 7.3 margins of the result."""
    e = env("short", non_players={"ARVN"})
    space = e.observation_space("US")
    for seed in (1, 2):
        e.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            assert obs["observation"].shape == (SIZE,)
            assert space.contains(obs)
            if terminated or truncated:
                result = e.game.state.result
                assert result is not None and terminated
                margins = dict(zip(coinlake.Faction, result.margins, strict=True))
                assert reward == margins[coinlake.Faction(agent)]
                e.step(None)
                continue
            legal = e.game.legal()
            decision = e.game.decision
            assert decision is not None and str(decision.faction) == agent
            assert agent != "ARVN"
            assert len(legal) <= ACTIONS
            expected = np.zeros(ACTIONS, dtype=np.int8)
            expected[: len(legal)] = 1
            assert np.array_equal(obs["action_mask"], expected)
            e.step(rng.randrange(len(legal)))
            steps += 1
        assert steps > 50 and not e.agents


def test_illegal_action_raises_and_changes_nothing() -> None:
    e = env("short")
    e.reset(seed=4)
    before = e.game.state
    with pytest.raises(ValueError, match="legal options"):
        e.step(len(e.game.legal()))
    assert e.game.state is before


def test_gym_illegal_action_is_refused_with_a_penalty() -> None:
    g = gym_env("US", "short", illegal_reward=-2.0)
    g.reset(seed=4)
    before = g.game.state
    _, reward, terminated, truncated, info = g.step(ACTIONS - 1)
    assert (reward, terminated, truncated, info) == (-2.0, False, False, {"illegal": True})
    assert g.game.state is before


def test_gym_episode_ends_with_the_factions_margin() -> None:
    g = gym_env("NVA", "short", opponents={"US": coinlake.nonplayers.RandomAgent()})
    obs, _ = g.reset(seed=9)
    rng = random.Random(9)
    terminated = False
    while not terminated:
        n = int(obs["action_mask"].sum())
        assert n == len(g.game.legal()) > 0
        obs, reward, terminated, truncated, _ = g.step(rng.randrange(n))
        assert not truncated
    result = g.game.state.result
    assert result is not None
    assert reward == result.margins[list(coinlake.Faction).index(coinlake.Faction.NVA)]


def test_truncation_after_max_commands() -> None:
    e = env("short", max_commands=30)
    e.reset(seed=1)
    for _agent in e.agent_iter():
        _, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and e.game.state.seq >= 30
            e.step(None)
        else:
            e.step(0)
    assert not e.agents


def test_observation_slices_cover_the_vector_and_are_documented() -> None:
    parts = sorted(SLICES.values(), key=lambda s: s.start)
    assert parts[0].start == 0 and parts[-1].stop == SIZE
    assert all(a.stop == b.start for a, b in itertools.pairwise(parts))
    assert observation.__doc__ is not None
    for name in SLICES:
        assert f"``{name}``" in observation.__doc__


def test_observation_reads_the_position() -> None:
    """Pieces, tracks and the Decision as the state shows them (1.4, 1.8, 2.3.4)."""
    game = coinlake.new_game("short", seed=7)
    obs = observation.observe(game, "US")
    state = game.state
    pieces = obs[SLICES["pieces"]].reshape(len(coinlake.SPACES), len(coinlake.Piece))
    saigon = next(i for i, s in enumerate(coinlake.SPACES) if s.id == "saigon")
    assert list(pieces[saigon]) == list(state.space("saigon").pieces)
    assert list(obs[SLICES["tracks"]]) == list(state.tracks)
    decision = game.decision
    assert decision is not None and str(decision.kind) == "action"  # 2.3.4
    kinds = list(coinlake.Kind)
    assert obs[SLICES["kind"]][kinds.index(coinlake.Kind.ACTION)] == 1
    assert obs[SLICES["n_options"]][0] == len(decision.options)
    table = obs[SLICES["options"]].reshape(ACTIONS, 6)
    assert all(table[i, 0] == 1 for i in range(len(decision.options)))  # Choose words
    assert not table[len(decision.options) :].any()
    assert np.all(obs >= observation.LOW) and np.all(obs <= observation.HIGH)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 80))
def test_observations_stay_in_bounds_along_any_random_line(seed: int, steps: int) -> None:
    """Whatever the seed and the moves, every observation has the fixed shape and lies in
    the observation space; the mask counts the legal options."""
    e = env("short", non_players={"VC"})
    e.reset(seed=seed)
    rng = random.Random(seed)
    space = e.observation_space("US")
    for _ in range(steps):
        obs, _, terminated, truncated, _ = e.last()
        assert space.contains(obs) and obs["observation"].shape == (SIZE,)
        if terminated or truncated:
            break
        n = len(e.game.legal())
        assert int(obs["action_mask"].sum()) == n
        e.step(rng.randrange(n))
