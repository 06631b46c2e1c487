"""8.2 Random Spaces and 8.3 Random LoCs: choosing among equal candidates by die rolls.

The Random Spaces map numbers the Provinces and Cities 11..66 with arrows from each
number to the next (``coinlake.RANDOM_SPACES``: roll -> (space, next roll)). Two dice give
the tens and the ones; from a space that is not a candidate the arrows are followed until
one is (8.2). LoCs among equal candidates come last; among LoCs the highest Econ, then one
adjacent to a Random City, then an equal-chance roll (8.3).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import coinlake
from coinlake.nonplayers.board import SPACE
from coinlake.nonplayers.dice import Roller


def random_space(candidates: Collection[str], roller: Roller) -> str:
    """A Province or City among ``candidates`` by the Random Spaces walk (8.2)."""
    wanted = frozenset(candidates)
    if not wanted & _NUMBERED:
        raise ValueError(f"no Province or City among {sorted(candidates)}")
    number = roller.roll() * 10 + roller.roll()  # 1st die the tens, 2nd the ones
    for space in _ARROWS[number]:
        if space in wanted:
            return space
    raise AssertionError("the Random Spaces arrows reach every Province and City")


def _follow(number: int) -> tuple[str, ...]:
    """The spaces the arrows lead through from ``number``, in order, once round the map."""
    spaces = []
    for _ in range(len(coinlake.RANDOM_SPACES)):
        space, number = coinlake.RANDOM_SPACES[number]
        spaces.append(space)
    return tuple(spaces)


_ARROWS = {number: _follow(number) for number in coinlake.RANDOM_SPACES}
"""Each number's walk (8.2), followed once here rather than at every roll."""
_NUMBERED = frozenset(space for space, _ in coinlake.RANDOM_SPACES.values())


def random_loc(candidates: Collection[str], roller: Roller) -> str:
    """A LoC among ``candidates`` (8.3): the highest Econ, then adjacent to a Random City
    (8.2), then an equal-chance roll."""
    locs = sorted(candidates, key=lambda c: SPACE[c].index)
    if not locs:
        raise ValueError("no LoC to choose from")
    best = max(SPACE[c].econ for c in locs)
    locs = [c for c in locs if SPACE[c].econ == best]
    if len(locs) > 1:
        city = SPACE[random_space(CITIES, roller)]
        near = [c for c in locs if city.index in SPACE[c].adjacent]
        locs = near or locs
    return roller.pick(locs)


CITIES: tuple[str, ...] = tuple(s.id for s in coinlake.SPACES if s.is_city)
_LOCS = frozenset(s.id for s in coinlake.SPACES if s.is_loc)


def choose_space(candidates: Sequence[str], roller: Roller) -> str:
    """One of equal ``candidates`` (8.2, 8.3): Provinces and Cities by the Random Spaces
    walk, LoCs only when no Province or City is a candidate; no roll for a single one."""
    if len(candidates) == 1:
        return candidates[0]
    others = [c for c in candidates if c not in _LOCS]
    if others:
        return random_space(others, roller)
    return random_loc(candidates, roller)
