"""Plans a flowchart makes at the first question of a step and keeps in an agent note, so
that the questions the engine asks one at a time follow what the text decides at once
(8.7.5 and 8.8.5 Sweeps, 8.8.3 Air Lift origins: rulings R318, R338, R363)."""

from __future__ import annotations

from collections.abc import Sequence

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
