"""Plans a flowchart makes at the first question of a step and keeps in an agent note, so
that the questions the engine asks one at a time follow what the text decides at once
(8.7.5 and 8.8.5 Sweeps, 8.8.3 Air Lift origins: rulings R318, R338, R363); and
:func:`reuse`, which spares working a plan out again for each of those questions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from coinlake import Faction, GameState, Move

PlannedMove = tuple[str, str, int, str]
"""A planned move: origin, destination, how many, and why."""


def noted_spaces(state: GameState, faction: Faction, prefix: str) -> tuple[str, ...] | None:
    """The spaces of ``faction``'s agent note ``prefix`` + '.'-separated space ids made on
    the current card, in order, or ``None`` without one."""
    for who, note, card in state.agent_notes:
        if who is faction and note.startswith(prefix) and card == state.current_card:
            return tuple(k for k in note.removeprefix(prefix).split(".") if k)
    return None


def still_to_move(
    plan: Sequence[PlannedMove], dest: str, made: Sequence[Move]
) -> list[tuple[str, int, str]]:
    """The planned moves into ``dest`` not made yet: (origin, how many, why), in plan
    order, each origin's planned total less what it already moved in."""
    left: dict[str, int] = {}
    why: dict[str, list[str]] = {}
    for origin, to, n, reason in plan:
        if to == dest:
            left[origin] = left.get(origin, 0) + n
            if reason not in why.setdefault(origin, []):
                why[origin].append(reason)
    for m in made:
        if m.origin in left:
            left[m.origin] -= m.count
    return [(o, n, " and ".join(why[o])) for o, n in left.items() if n > 0]


T = TypeVar("T")

_LAST: dict[str, tuple[tuple[object, ...], object]] = {}
"""The last result :func:`reuse` kept under each name, with its key."""


def reuse(name: str, key: tuple[object, ...], make: Callable[[], T]) -> T:
    """``make()`` -- or the result it gave when last asked under ``name``, if ``key`` (all
    that result depends on: the spaces' contents, a Capability, the arguments...) is equal.
    The questions of one move (from where, to where, how many) ask the same look-ahead of
    the same position. Only what ``key`` holds may decide the result; a caller changes it
    only to fill in more of what ``key`` alone decides (e.g. a table filled as asked)."""
    last = _LAST.get(name)
    if last is not None and last[0] == key:
        return cast(T, last[1])
    value = make()
    _LAST[name] = (key, value)
    return value
