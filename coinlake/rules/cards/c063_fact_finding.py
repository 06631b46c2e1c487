"""Card 63, Fact Finding (dual use, 5.2).

- unshaded: the executing Faction either places 2 US pieces (Troops, Bases, Irregulars) from
  Out of Play in South Vietnam, LoCs included (1.3.5; stacking, 1.4.2), or rolls a die and
  moves that many points from Patronage to ARVN Resources -- as many as Patronage holds,
  ARVN Resources stopping at 75 (1.8, 5.1.1; ruling R152); it picks among the branches
  that can do something (5.1.3, R132). Then Aid +6.
- shaded: the executing Faction sets a City other than Saigon under COIN Control and at
  Support to Neutral ("remove Support", 1.6; ruling R149), then picks Patronage +4 or VC
  Resources +4 (a branch that can still rise, 5.1.3).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import OUT_OF_PLAY, Support, Track
from coinlake.state.queries import Control

SAIGON = "saigon"
US_PIECES = (Piece.US_TROOPS, Piece.US_BASE, Piece.US_IRREGULAR_UNDERGROUND)
"""The US pieces in their box forms (1.4.1)."""
PIECES, TRANSFER = "us-pieces", "transfer"
PATRONAGE, VC_RESOURCES = "patronage", "vc-resources"
AT_SUPPORT = lib.at_level(Support.PASSIVE_SUPPORT, Support.ACTIVE_SUPPORT)


@unshaded(63)
def fact_finding_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {
            PIECES: any(state.out_of_play[p] for p in US_PIECES),
            TRANSFER: state.patronage > 0,
        },
        f"{faction}: US pieces from Out of Play, or a die roll from Patronage to ARVN?",
        "5.1",
    )
    if branch == PIECES:
        yield from lib.place_steps(
            ctx,
            faction,
            US_PIECES,
            lib.spaces(ctx.state, lib.in_south),
            2,
            f"{faction}: place a US piece from Out of Play in South Vietnam",
            "5.1.1",
            source=OUT_OF_PLAY,
        )
    elif branch == TRANSFER:
        roll = ctx.roll("Patronage to ARVN Resources", "5.1")
        points = min(roll, ctx.state.patronage)
        ctx.add_track(Track.PATRONAGE, -points, "5.1")
        ctx.add_track(Track.ARVN_RESOURCES, points, "5.1.1")
    ctx.add_track(Track.AID, 6, "5.1.1")


@shaded(63)
def fact_finding_shaded(ctx: Ctx, faction: Faction) -> Proc:
    cities = lib.spaces(
        ctx.state,
        lib.is_city,
        lib.other_than(SAIGON),
        lib.controlled_by(Control.COIN),
        AT_SUPPORT,
    )
    where = yield from lib.choose_space(
        ctx, faction, cities, f"{faction}: a COIN-Controlled City to remove Support from", "5.1"
    )
    if where is not None:
        lib.set_level(ctx, where, Support.NEUTRAL, "5.1")
    tracks = {PATRONAGE: Track.PATRONAGE, VC_RESOURCES: Track.VC_RESOURCES}
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {word: ctx.state.tracks[track] < 75 for word, track in tracks.items()},
        f"{faction}: Patronage +4 or VC Resources +4?",
        "5.1",
    )
    if branch is not None:
        ctx.add_track(tracks[branch], 4, "5.1.1")
