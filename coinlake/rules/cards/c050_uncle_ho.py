"""Card 50, Uncle Ho (dual use, 5.2).

- unshaded: the executing Faction picks (5.1; only a branch that can do something is offered,
  ruling R132): 4 US Troops from Out of Play to any spaces of South Vietnam, LoCs included
  (1.3.5, ruling R260; as many as there are, 5.1.3), or ARVN Resources +9 (at most 75,
  1.8). Then the ARVN executes 2 free Limited Operations (2.3.5, 3.1.2, 5.5), one after the
  other, each of its choice and in any spaces, the same or not (card tip; ruling R250).
- shaded: the VC executes 3 free Limited Operations, then the NVA 3, each of its choice.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import OUT_OF_PLAY, Track

LIMOP = Grant(limited=True)
TROOPS, RESOURCES = "troops", "resources"


def limited_operations(ctx: Ctx, faction: Faction, count: int) -> Proc:
    """``faction`` executes ``count`` free Limited Operations of its choice, one at a time."""
    for _ in range(count):
        yield from free_action(ctx, faction, LIMOP)


@unshaded(50)
def uncle_ho_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {
            TROOPS: state.out_of_play[Piece.US_TROOPS] > 0,
            RESOURCES: state.tracks[Track.ARVN_RESOURCES] < Track.ARVN_RESOURCES.bounds[1],
        },
        f"{faction}: 4 US Troops from Out of Play to South Vietnam, or ARVN Resources +9?",
    )
    if branch == TROOPS:
        yield from lib.place_steps(
            ctx,
            faction,
            (Piece.US_TROOPS,),
            lib.spaces(ctx.state, lib.in_south),
            4,
            f"{faction}: a US Troop from Out of Play to South Vietnam",
            "5.1",
            source=OUT_OF_PLAY,
        )
    elif branch == RESOURCES:
        ctx.add_track(Track.ARVN_RESOURCES, 9, "5.1")
    yield from limited_operations(ctx, Faction.ARVN, 2)


@shaded(50)
def uncle_ho_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from limited_operations(ctx, Faction.VC, 3)
    yield from limited_operations(ctx, Faction.NVA, 3)
