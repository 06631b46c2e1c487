"""The Gymnasium single-agent wrapper: one Faction learns, the other three are Non-players.

>>> from coinlake.rl import gym_env
>>> e = gym_env("VC", "short")
>>> obs, info = e.reset(seed=5)
>>> int(obs["action_mask"].sum()) == len(e.game.legal()) > 0
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

import coinlake
from coinlake.rl.aec import (
    Observation,
    decision_text,
    final_margins,
    new_seed,
    observation_space,
)
from coinlake.rl.observation import ACTIONS, action_mask, observe


class CoinlakeGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """``faction`` against the section-8 Non-players at the other three Factions (or the
    agents of ``opponents``, e.g. ``{"NVA": coinlake.nonplayers.RandomAgent()}``, seated
    with ``game.seat``).

    Observations and actions are those of :class:`coinlake.rl.aec.CoinlakeEnv`;
    :meth:`action_masks` gives the mask too. The episode terminates when the game ends,
    with ``faction``'s own 7.3 victory margin as the reward (0 on other steps), and is
    truncated after ``max_commands`` commands. An action outside the mask (as an unmasked
    sampler draws) changes nothing: it is refused with reward ``illegal_reward`` and
    ``info["illegal"] = True``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  # as gymnasium.Env

    def __init__(
        self,
        faction: str = "US",
        scenario: str = "short",
        *,
        opponents: Mapping[str, coinlake.Agent] | None = None,
        max_commands: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **game_options: Any,
    ) -> None:
        if scenario not in coinlake.SCENARIOS:
            raise ValueError(f"scenario is one of {', '.join(coinlake.SCENARIOS)}: {scenario!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.faction = coinlake.Faction(faction)
        self.opponents = {coinlake.Faction(f): a for f, a in (opponents or {}).items()}
        if self.faction in self.opponents:
            raise ValueError(f"{self.faction} is the learning Faction, not an opponent")
        self.scenario = scenario
        self.max_commands = max_commands
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.game_options = game_options
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(ACTIONS)
        self.game = self._new_game(new_seed(self.np_random))

    def _new_game(self, seed: int) -> coinlake.Game:
        others = {f for f in coinlake.Faction if f is not self.faction}
        game = coinlake.new_game(self.scenario, seed=seed, non_players=others, **self.game_options)
        for faction, agent in self.opponents.items():
            game.seat(faction, agent)
        game.play_non_players()
        return game

    def _observation(self) -> Observation:
        return {"observation": observe(self.game, self.faction), "action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal actions now (as :func:`coinlake.rl.observation.action_mask`)."""
        return action_mask(self.game)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: ``coinlake.new_game(scenario, seed)`` with ``seed``, else a seed
        drawn from the environment's generator; the Non-players play until ``faction``
        decides."""
        super().reset(seed=seed)
        self.game = self._new_game(seed if seed is not None else new_seed(self.np_random))
        return self._observation(), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply ``decision.options[action]``; the Non-players act until ``faction`` must
        decide again or the game ends."""
        options = self.game.legal()
        if not 0 <= int(action) < len(options):
            return self._observation(), self.illegal_reward, False, False, {"illegal": True}
        self.game.apply(options[int(action)])
        self.game.play_non_players()
        state = self.game.state
        if state.result is not None or self.game.decision is None:
            reward = float(final_margins(state)[self.faction])
            return self._observation(), reward, True, False, {}
        truncated = self.max_commands is not None and state.seq >= self.max_commands
        return self._observation(), 0.0, False, truncated, {}

    def render(self) -> str | None:
        """``ansi``: the pending Decision and its options as text."""
        if self.render_mode is None:
            return None
        return decision_text(self.game)
