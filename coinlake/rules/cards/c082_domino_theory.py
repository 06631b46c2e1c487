"""Card 82, Domino Theory (dual use, 5.2).

- unshaded: the executing Faction picks one branch (ruling R132: among those that can do
  something, 5.1.3): up to 3 US pieces, or up to 6 ARVN pieces, from Out of Play to
  Available, its choice of pieces (Bases included, the card's tip; 1.4.1); or ARVN
  Resources +9 and Aid +9 (each at most 75, 1.8).
- shaded: 3 US Troops go from Available to Out of Play, as many as are Available (5.1.3);
  Aid -9 (at least 0, 1.8).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, Track

US_PIECES = "us-pieces"
ARVN_PIECES = "arvn-pieces"
RESOURCES = "resources-and-aid"
MOST = {US_PIECES: (Faction.US, 3), ARVN_PIECES: (Faction.ARVN, 6)}
"""The piece branches: whose pieces, at most how many."""


@unshaded(82)
def domino_theory_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    out_of_play = {
        word: any(kit.count_at(state, p, OUT_OF_PLAY) for p in pieces_of(owner))
        for word, (owner, _) in MOST.items()
    }
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {**out_of_play, RESOURCES: state.resources(Faction.ARVN) < 75 or state.aid < 75},
        f"{faction}: US or ARVN pieces from Out of Play, or ARVN Resources and Aid +9",
    )
    if branch == RESOURCES:
        ctx.add_track(Track.ARVN_RESOURCES, 9, "5.1.1")
        ctx.add_track(Track.AID, 9, "5.1.1")
    elif branch is not None:
        owner, most = MOST[branch]
        yield from lib.box_steps(
            ctx,
            faction,
            pieces_of(owner),
            OUT_OF_PLAY,
            AVAILABLE,
            most,
            f"{faction}: an Out of Play {owner} piece to Available (or done)",
            "5.1",
            optional=True,
        )


@shaded(82)
def domino_theory_shaded(ctx: Ctx, faction: Faction) -> None:
    troops = min(3, kit.available(ctx.state, Piece.US_TROOPS))
    ctx.move(Piece.US_TROOPS, troops, AVAILABLE, OUT_OF_PLAY, "5.1")
    ctx.add_track(Track.AID, -9, "5.1.1")
