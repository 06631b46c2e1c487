"""Seats: who decides for a Faction when :meth:`Game.play_non_players` runs.

An :class:`Agent` is any object with a ``choose(game, decision)`` method returning a
:class:`Choice`: one of ``decision.options`` and :class:`~coinlake.engine.steps.Why` it was
chosen (the rule and priority, and the rolls it read from the game's generator with
``coinlake.next_rolls``). The section-8 Non-players (``coinlake.nonplayers``), the random
agent, a user's own bot, the CLI and the RL environment all sit at a Faction the same way::

    game.seat("VC", my_bot)      # my_bot.choose(game, decision) -> Choice
    game.play_non_players()      # seated agents act until a player must decide

Every Faction named in ``non_players`` has the section-8 Non-player seated unless another
agent is; a player's decisions are never taken by ``play_non_players`` unless an agent is
seated there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from attrs import frozen

from coinlake.engine.steps import Decision, Why
from coinlake.state.commands import Command

if TYPE_CHECKING:
    from coinlake.engine.game import Game


@frozen
class Choice:
    """An agent's answer: the command and why it was chosen."""

    command: Command
    why: Why


class Agent(Protocol):
    """Decides for the Faction it is seated at (see the module docstring)."""

    def choose(self, game: Game, decision: Decision) -> Choice:
        """One of ``decision.options`` for the position ``game.state``, and why. ``game`` may
        be forked to look ahead; it must not be changed."""
        ...
