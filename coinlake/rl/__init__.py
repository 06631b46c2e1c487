"""Reinforcement learning on coinlake (extra ``coinlake[rl]``: PettingZoo and Gymnasium).

- :func:`env`: a PettingZoo AEC environment whose agents are the Factions that are not
  Non-players; the Non-players (section 8) act inside the environment
  (:class:`coinlake.rl.aec.CoinlakeEnv`).
- :func:`gym_env`: a Gymnasium environment for one Faction against three Non-players
  (:class:`coinlake.rl.gym.CoinlakeGymEnv`).

Both observe a fixed ``float32`` vector and an ``int8`` action mask, and act by
``Discrete(coinlake.MAX_OPTIONS)``: action ``i`` is option ``i`` of the pending Decision.
Every slice of the vector is documented in :mod:`coinlake.rl.observation`. Only the public
API (``import coinlake``) is used. The PettingZoo and Gymnasium modules are imported when an
environment is first made, so ``import coinlake.rl`` works without the extra.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coinlake.rl.aec import CoinlakeEnv
    from coinlake.rl.gym import CoinlakeGymEnv

_MISSING = "coinlake.rl needs the rl extra (pettingzoo, gymnasium): pip install 'coinlake[rl]'"


def env(
    scenario: str = "short",
    *,
    non_players: Iterable[str] = (),
    max_commands: int | None = None,
    render_mode: str | None = None,
    **game_options: Any,
) -> CoinlakeEnv:
    """A PettingZoo AEC environment of a ``scenario`` game; the Factions in ``non_players``
    are played by section 8, the others are the agents (see :class:`CoinlakeEnv`)."""
    try:
        from coinlake.rl.aec import CoinlakeEnv
    except ImportError as missing:
        raise ImportError(f"{_MISSING} ({missing})") from missing
    return CoinlakeEnv(
        scenario,
        non_players=non_players,
        max_commands=max_commands,
        render_mode=render_mode,
        **game_options,
    )


def gym_env(faction: str = "US", scenario: str = "short", **kwargs: Any) -> CoinlakeGymEnv:
    """A Gymnasium environment: ``faction`` against the section-8 Non-players (see
    :class:`CoinlakeGymEnv` for ``opponents``, ``max_commands``, ``illegal_reward``)."""
    try:
        from coinlake.rl.gym import CoinlakeGymEnv
    except ImportError as missing:
        raise ImportError(f"{_MISSING} ({missing})") from missing
    return CoinlakeGymEnv(faction, scenario, **kwargs)


__all__ = ["env", "gym_env"]
