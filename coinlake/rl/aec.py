"""The PettingZoo AEC environment: the Factions played by agents, the rest by section 8.

>>> from coinlake.rl import env
>>> e = env("short", non_players={"ARVN", "NVA", "VC"})
>>> e.reset(seed=3)
>>> e.agents, e.agent_selection
(['US'], 'US')
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()) == len(e.game.legal())
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

import coinlake
from coinlake.rl.observation import ACTIONS, HIGH, LOW, action_mask, observe

Observation = dict[str, npt.NDArray[Any]]


def observation_space() -> spaces.Dict:
    """``{"observation": Box(LOW, HIGH), "action_mask": Box(0, 1, (ACTIONS,), int8)}``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(LOW, HIGH, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
        }
    )


def new_seed(rng: np.random.Generator) -> int:
    """A game seed drawn from the environment's generator (for ``reset()`` without a seed)."""
    return int(rng.integers(0, 2**63))


def final_margins(state: coinlake.GameState) -> dict[coinlake.Faction, int]:
    """Each Faction's own 7.3 victory margin: the game result's, else the current ones."""
    if state.result is not None:
        return dict(zip(coinlake.Faction, state.result.margins, strict=True))
    return coinlake.victory_margins(state)


def decision_text(game: coinlake.Game) -> str:
    """The pending Decision and its numbered options as one line (``ansi`` rendering)."""
    decision = game.decision
    if decision is None:
        return f"game over: {game.state.result}"
    options = ", ".join(f"{i}: {cmd}" for i, cmd in enumerate(decision.options))
    return f"{decision.faction} ({decision.kind}) {decision.prompt} [{options}]"


class CoinlakeEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # untyped base
    """Fire in the Lake as a PettingZoo AEC environment (see :mod:`coinlake.rl`).

    ``agents`` are the Factions not named in ``non_players`` (``"US"``, ``"ARVN"``...); the
    Non-players' Decisions, and the game's own confirmations, are taken inside :meth:`step`
    (section 8). Action ``i`` answers the pending Decision with ``decision.options[i]``;
    any action outside the mask raises ``ValueError`` and changes nothing. When the game
    ends (7.2, 7.3, 8.9) every agent is terminated with its own 7.3 victory margin as its
    reward; after ``max_commands`` commands every agent is truncated with reward 0. Other
    steps reward 0. ``game_options`` go to :func:`coinlake.new_game` (``period_events``...).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "coinlake_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        scenario: str = "short",
        *,
        non_players: Iterable[str] = (),
        max_commands: int | None = None,
        render_mode: str | None = None,
        **game_options: Any,
    ) -> None:
        super().__init__()
        if scenario not in coinlake.SCENARIOS:
            raise ValueError(f"scenario is one of {', '.join(coinlake.SCENARIOS)}: {scenario!r}")
        if isinstance(non_players, str):
            raise TypeError(f"non_players is a collection of Factions, not {non_players!r}")
        npcs = {coinlake.Faction(f) for f in non_players}
        self.possible_agents: list[str] = [str(f) for f in coinlake.Faction if f not in npcs]
        if not self.possible_agents:
            raise ValueError("at least one Faction must be an agent (not a Non-player)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.scenario = scenario
        self.non_players = frozenset(npcs)
        self.max_commands = max_commands
        self.render_mode = render_mode
        self.game_options = game_options
        self._observation_space = observation_space()
        self._action_space = spaces.Discrete(ACTIONS)
        self._rng = np.random.default_rng()
        self.game = self._new_game(new_seed(self._rng))

    def _new_game(self, seed: int) -> coinlake.Game:
        game = coinlake.new_game(
            self.scenario, seed=seed, non_players=self.non_players, **self.game_options
        )
        game.play_non_players()
        return game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same :func:`observation_space` for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(ACTIONS)``: an index into the pending Decision's options."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: with ``seed``, the game ``coinlake.new_game(scenario, seed)``
        (and the environment's generator reseeded); without, a seed drawn from that
        generator. The Non-players play until an agent must decide."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = self._new_game(seed if seed is not None else new_seed(self._rng))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle()
        self._accumulate_rewards()

    def observe(self, agent: str) -> Observation:
        """The observation vector for ``agent`` and the mask of the pending Decision (all
        zeros unless ``agent`` is the one to decide)."""
        mask = action_mask(self.game)
        decision = self.game.decision
        if decision is None or str(decision.faction) != agent:
            mask[:] = 0
        return {"observation": observe(self.game, agent), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply ``decision.options[action]`` for the selected agent, then let the
        Non-players act until an agent must decide or the game ends."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        options = self.game.legal()
        if action is None or not 0 <= int(action) < len(options):
            raise ValueError(
                f"action {action!r} is not one of the {len(options)} legal options (0.."
                f"{len(options) - 1}) of {agent}'s Decision; see the action mask"
            )
        self.game.apply(options[int(action)])
        self.game.play_non_players()
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """Select the agent to decide, or end the episode (rewards: 7.3 margins)."""
        state = self.game.state
        decision = self.game.decision
        if state.result is not None or decision is None:
            margins = final_margins(state)
            for agent in self.agents:
                self.rewards[agent] = float(margins[coinlake.Faction(agent)])
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        elif self.max_commands is not None and state.seq >= self.max_commands:
            for agent in self.agents:
                self.truncations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            if decision.faction is None or str(decision.faction) not in self.agents:
                raise RuntimeError(f"no agent decides {decision.prompt!r}")
            self.agent_selection = str(decision.faction)

    def render(self) -> str | None:
        """``ansi``: the pending Decision and its options as text."""
        if self.render_mode is None:
            return None
        return decision_text(self.game)

    def close(self) -> None:
        """Nothing to release (the game lives in memory)."""
