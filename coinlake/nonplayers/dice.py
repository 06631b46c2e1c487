"""Rolls a Non-player makes to decide (8.2, 8.3, 8.4.7), read from the game's generator.

An agent reads the game's next rolls with :func:`coinlake.next_rolls` before choosing and
hands them back with its choice (:class:`coinlake.Why`), so that the engine records them
and advances the generator: every random choice is a recorded roll of the game's RNG, and
the same seed and commands give the same game in any process.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import coinlake

T = TypeVar("T")


class Roller:
    """The rolls of one decision, in order, from ``state``'s generator."""

    __slots__ = ("rolls", "state")

    def __init__(self, state: coinlake.GameState) -> None:
        self.state = state
        self.rolls: list[tuple[int, int]] = []

    def roll(self, sides: int = 6) -> int:
        """The next roll of a die with ``sides`` faces (1..sides)."""
        wanted = (*(k for k, _ in self.rolls), sides)
        value = coinlake.next_rolls(self.state, wanted)[-1]
        self.rolls.append((sides, value))
        return value

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items`` with an equal chance (8.2 PLAY NOTE, 8.3, 8.4.7): a roll with as
        many faces as there are items; no roll for a single item."""
        if not items:
            raise ValueError("nothing to pick from")
        if len(items) == 1:
            return items[0]
        return items[self.roll(len(items)) - 1]

    def why(self, rule: str, reason: str) -> coinlake.Why:
        """The :class:`coinlake.Why` of the decision, with its rolls."""
        return coinlake.Why(rule, reason, tuple(self.rolls))
