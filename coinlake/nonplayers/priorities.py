"""8.1.3 and 8.1.4: choosing spaces (or targets) by a flowchart's priorities.

A flowchart step lists its priorities in order (❶, ❷ or ①, ②: sequential); each has a test
saying which candidates it wants and, lettered (a, b: nested), tie-breakers that narrow
the ones it wants, best first. :func:`pick` takes the first priority with a candidate,
narrows by its tie-breakers and leaves remaining ties to the Random Spaces (8.2, 8.3) --
and says which priority decided, for the reason recorded with the choice. Because a
Decision asks for one space at a time, a priority is exhausted simply by being asked again
until it has no candidate left (8.1.3). :func:`feasible` is the cheap "would this select
anything?" query of a flowchart's "IF NONE" branches.

>>> import coinlake
>>> state = coinlake.new_game("short", seed=1).state
>>> pop = Priority("8.5.1", "the most Population", lambda s, k: True, (population,))
>>> pick(state, ["hue", "saigon", "da-nang"], [pop], Roller(state))[0]
'saigon'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from coinlake import GameState
from coinlake.nonplayers.board import SPACE
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.random_spaces import choose_space

Test = Callable[[GameState, str], bool]
"""Whether a space is a candidate of a priority."""
Score = Callable[[GameState, str], float]
"""A nested priority: higher is preferred."""


@frozen
class Priority:
    """One sequential priority of a flowchart step: the rule, what it wants (in words, for
    the reason recorded with the choice), its test and its nested tie-breakers."""

    rule: str
    wants: str
    test: Test
    prefer: tuple[Score, ...] = ()


def narrow(state: GameState, candidates: Sequence[str], prefer: Sequence[Score]) -> list[str]:
    """The candidates left after each tie-breaker in turn keeps only its best (8.1.4)."""
    left = list(candidates)
    for score in prefer:
        if len(left) <= 1:
            break
        scores = [score(state, k) for k in left]
        best = max(scores)
        left = [k for k, v in zip(left, scores, strict=True) if v == best]
    return left


def pick(
    state: GameState, candidates: Sequence[str], priorities: Sequence[Priority], roller: Roller
) -> tuple[str, Priority] | None:
    """The space the first priority with a candidate selects (8.1.3), its tie-breakers
    applied and remaining ties broken by 8.2/8.3; ``None`` when no priority wants any."""
    for priority in priorities:
        wanted = [k for k in candidates if priority.test(state, k)]
        if wanted:
            return choose_space(narrow(state, wanted, priority.prefer), roller), priority
    return None


def feasible(state: GameState, candidates: Sequence[str], priorities: Sequence[Priority]) -> bool:
    """Whether any priority wants any candidate (no roll, no fork)."""
    return any(p.test(state, k) for p in priorities for k in candidates)


# -- common tie-breakers -------------------------------------------------------------------------
def population(state: GameState, key: str) -> float:
    """The space's Population (1.3.2)."""
    return SPACE[key].population


def econ(state: GameState, key: str) -> float:
    """A LoC's Econ (1.3.4)."""
    return SPACE[key].econ
