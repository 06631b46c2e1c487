"""Card 117, Corps Commanders (dual use, 5.2).

- unshaded: the ARVN (named, deciding the details, card tip) places 3 ARVN Troops, each
  from Out of Play or Available as it likes (5.1.1), into 1 or 2 adjacent spaces (1.3.6;
  not North Vietnam, 1.4.2): the spaces are those the Troops go to -- the first Troop's
  space and at most 1 space adjacent to it (ruling R227) -- as many as there are (5.1.3);
  then it Sweeps for free (3.2.3, 5.5) in each of those spaces that is a Province or City
  (Troops may move in as usual; not in Monsoon, 2.3.9, the text does not override it).
- shaded: the executing Faction removes a die roll of ARVN pieces (Bases included) to
  Available from 1 or 2 adjacent spaces -- those the pieces come from, as above -- all of
  them there if fewer (5.1.3; no roll without an ARVN piece on the map, as R210); then
  the ARVN is Ineligible through the next card (2.3.6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from coinlake.data.cards import CORPS_COMMANDERS
from coinlake.data.map import ADJACENT
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc
from coinlake.state.commands import Command, Move
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState

ARVN = Faction.ARVN
TROOPS = Piece.ARVN_TROOPS
ARVN_PIECES = tuple(p for p in Piece if p.faction is ARVN)
COUNT = 3


def adjacent_pair(used: Sequence[str]) -> Callable[[str], bool]:
    """Whether a space keeps the spaces ``used`` so far to 1 space or 2 adjacent ones."""
    if len(used) >= 2:
        return lambda key: key in used
    if used:
        first = used[0]
        return lambda key: key == first or key in ADJACENT[first]
    return lambda key: True


@unshaded(CORPS_COMMANDERS)
def corps_commanders_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    used: list[str] = []

    def moves(state: GameState) -> list[Command]:
        allowed = adjacent_pair(used)
        return [
            Move(TROOPS, 1, box, key)
            for key in kit.NOT_NORTH
            if allowed(key)
            for box in (OUT_OF_PLAY, AVAILABLE)
            if kit.count_at(state, TROOPS, box)
        ]

    def apply(answer: Move) -> None:
        kit.place(ctx, TROOPS, 1, answer.destination, "5.1.1", answer.origin)
        if answer.destination not in used:
            used.append(answer.destination)

    yield from kit.move_steps(
        ctx,
        ARVN,
        Kind.PLACE_PIECES,
        moves,
        apply,
        lambda done: f"ARVN: place a Troop from Out of Play or Available ({done + 1} of 3)",
        "5.1.1",
        most=COUNT,
        may_stop=lambda found: False,
    )
    if used:
        yield from free_action(ctx, ARVN, Grant("sweep", spaces=tuple(used), compulsory=True))


@shaded(CORPS_COMMANDERS)
def corps_commanders_shaded(ctx: Ctx, faction: Faction) -> Proc:
    start = {k: ctx.state.space(k).count(*ARVN_PIECES) for k in kit.NOT_NORTH}

    def sources(state: GameState) -> tuple[str, ...]:
        left = {k: state.space(k).count(*ARVN_PIECES) for k in kit.NOT_NORTH}
        allowed = adjacent_pair([k for k, n in left.items() if n < start[k]])
        return tuple(k for k, n in left.items() if n and allowed(k))

    if sources(ctx.state):
        roll = ctx.roll("Corps Commanders: ARVN pieces removed", "5.1")
        yield from lib.remove_steps(
            ctx,
            faction,
            ARVN_PIECES,
            sources,
            roll,
            f"{faction}: remove an ARVN piece from 1 or 2 adjacent spaces",
            "5.1",
        )
    effects.ineligible_through_next_card(ctx, ARVN, "5.1")
