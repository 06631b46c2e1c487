"""Card 43, Economic Aid (dual use, 5.2).

- unshaded: the executing Faction picks ARVN or US Bases -- one kind, not a mix -- and 2 of
  that kind go from Out of Play to Available (1 if only 1 is there, 5.1.3); then it picks
  ARVN Resources +6 or Aid +12 (at most 75, 5.1.1).
- shaded: the Trail Improves 1 box (6.7); then the executing Faction picks a second box of
  Trail Improvement or NVA Resources +10.

Each "or" is chosen among the alternatives that would do something (5.1.3,
``lib.choose_branch``, ruling R132); nothing is asked when none would.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, Track

BASES = {"arvn-bases": Piece.ARVN_BASE, "us-bases": Piece.US_BASE}
TRACK_BRANCHES = {"arvn-resources": (Track.ARVN_RESOURCES, 6), "aid": (Track.AID, 12)}
TRAIL, NVA_RESOURCES = "trail", "nva-resources"


def _below_max(ctx: Ctx, track: Track) -> bool:
    return ctx.state.tracks[track] < track.bounds[1]


@unshaded(43)
def economic_aid_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    out = ctx.state.out_of_play
    kind = yield from lib.choose_branch(
        ctx,
        faction,
        {word: out[base] > 0 for word, base in BASES.items()},
        f"{faction}: 2 ARVN or 2 US Bases from Out of Play to Available?",
    )
    if kind is not None:
        base = BASES[kind]
        ctx.move(base, min(2, out[base]), OUT_OF_PLAY, AVAILABLE, "5.1")
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {word: _below_max(ctx, track) for word, (track, _) in TRACK_BRANCHES.items()},
        f"{faction}: ARVN Resources +6 or Aid +12?",
    )
    if branch is not None:
        track, amount = TRACK_BRANCHES[branch]
        ctx.add_track(track, amount, "5.1.1")


@shaded(43)
def economic_aid_shaded(ctx: Ctx, faction: Faction) -> Proc:
    effects.change_trail(ctx, 1, "6.7", by_event=True)
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {TRAIL: _below_max(ctx, Track.TRAIL), NVA_RESOURCES: _below_max(ctx, Track.NVA_RESOURCES)},
        f"{faction}: Improve the Trail 1 more box or NVA Resources +10?",
    )
    if branch == TRAIL:
        effects.change_trail(ctx, 1, "6.7", by_event=True)
    elif branch == NVA_RESOURCES:
        ctx.add_track(Track.NVA_RESOURCES, 10, "5.1.1")
