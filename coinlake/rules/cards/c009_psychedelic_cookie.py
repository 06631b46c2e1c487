"""Card 9, Psychedelic Cookie (dual use, 5.2).

- unshaded: the US (named by the text, so it decides, 5.1) moves up to 3 US Troops either
  from Out of Play -- each to Available or to any space of South Vietnam, LoCs included
  (1.3.5) -- or from the map to Available; one source or the other, not both (ruling R100,
  only a source holding Troops is offered, ruling R132).
- shaded: the US moves 3 of its Troops from the map, from spaces of its choice, to Out of Play
  (all of them if fewer, 5.1.3).
"""

from __future__ import annotations

from coinlake.data.map import SPACE_IDS, SPACES
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc
from coinlake.state.commands import Command, Move
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState

US, TROOPS = Faction.US, Piece.US_TROOPS
SOUTH = tuple(s.id for s in SPACES if s.in_south)
FROM_OUT_OF_PLAY, FROM_MAP = "out-of-play", "map"
COUNT = 3


def _from_out_of_play(state: GameState) -> list[Command]:
    """A Troop from Out of Play to Available or to a space of South Vietnam."""
    if not state.out_of_play[TROOPS]:
        return []
    return [
        Move(TROOPS, 1, OUT_OF_PLAY, key)
        for key in (AVAILABLE, *SOUTH)
        if key == AVAILABLE or kit.can_place(state, TROOPS, key)
    ]


@unshaded(9)
def psychedelic_cookie_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    source = yield from lib.choose_branch(
        ctx,
        US,
        {
            FROM_OUT_OF_PLAY: ctx.state.out_of_play[TROOPS] > 0,
            FROM_MAP: kit.on_map(ctx.state, TROOPS) > 0,
        },
        "US: move up to 3 US Troops from Out of Play or from the map?",
    )
    if source == FROM_OUT_OF_PLAY:
        yield from kit.move_steps(
            ctx,
            US,
            Kind.MOVE_PIECES,
            _from_out_of_play,
            lambda answer: ctx.move(TROOPS, 1, OUT_OF_PLAY, answer.destination, "5.1.1"),
            lambda done: (
                f"US: a Troop from Out of Play to Available or South Vietnam, or "
                f"done ({done + 1} of {COUNT})"
            ),
            "5.1",
            most=COUNT,
        )
    elif source == FROM_MAP:
        yield from lib.remove_steps(
            ctx,
            US,
            (TROOPS,),
            SPACE_IDS,
            COUNT,
            "US: a Troop from the map to Available, or done",
            "5.1",
            optional=True,
        )


@shaded(9)
def psychedelic_cookie_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.remove_steps(
        ctx,
        US,
        (TROOPS,),
        SPACE_IDS,
        COUNT,
        "US: a Troop from the map to Out of Play",
        "5.1",
        to=OUT_OF_PLAY,
    )
