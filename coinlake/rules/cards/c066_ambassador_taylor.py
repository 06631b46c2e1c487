"""Card 66, Ambassador Taylor (dual use, 5.2).

- unshaded: Aid +9 and ARVN Resources +9 (at most 75, 1.8); then the executing Faction may
  place up to 2 US pieces (Troops, Bases, Irregulars) from Out of Play in South Vietnam,
  LoCs included (1.3.5; stacking, 1.4.2), or instead Patronage -3, or neither ("if
  desired", card 66's tip; ruling R150). Only branches that can do something are offered.
- shaded: the executing Faction sets 3 spaces other than Saigon at Support to Neutral
  ("remove Support", 1.6; ruling R149), as many as there are (5.1.3); Patronage -3 (at
  least 0).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import OUT_OF_PLAY, Support, Track

SAIGON = "saigon"
US_PIECES = (Piece.US_TROOPS, Piece.US_BASE, Piece.US_IRREGULAR_UNDERGROUND)
"""The US pieces in their box forms (1.4.1)."""
PIECES, PATRONAGE, DECLINE = "us-pieces", "patronage", "decline"


@unshaded(66)
def ambassador_taylor_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    ctx.add_track(Track.AID, 9, "5.1.1")
    ctx.add_track(Track.ARVN_RESOURCES, 9, "5.1.1")
    state = ctx.state
    pieces = any(state.out_of_play[p] for p in US_PIECES)
    if not (pieces or state.patronage > 0):
        return
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {PIECES: pieces, PATRONAGE: state.patronage > 0, DECLINE: True},
        f"{faction}: up to 2 US pieces from Out of Play, Patronage -3, or decline?",
        "5.1",
    )
    if branch == PIECES:
        yield from lib.place_steps(
            ctx,
            faction,
            US_PIECES,
            lib.spaces(ctx.state, lib.in_south),
            2,
            f"{faction}: place a US piece from Out of Play in South Vietnam (or done)",
            "5.1.1",
            source=OUT_OF_PLAY,
            optional=True,
        )
    elif branch == PATRONAGE:
        ctx.add_track(Track.PATRONAGE, -3, "5.1")


def _remove_support(ctx: Ctx, key: str) -> None:
    lib.set_level(ctx, key, Support.NEUTRAL, "5.1")


@shaded(66)
def ambassador_taylor_shaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(
        ctx.state,
        lib.other_than(SAIGON),
        lib.at_level(Support.PASSIVE_SUPPORT, Support.ACTIVE_SUPPORT),
    )
    yield from lib.each_space(
        ctx,
        faction,
        candidates,
        3,
        f"{faction}: a space outside Saigon to remove Support from",
        "5.1",
        lambda key: _remove_support(ctx, key),
    )
    ctx.add_track(Track.PATRONAGE, -3, "5.1")
