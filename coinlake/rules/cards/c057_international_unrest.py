"""Card 57, International Unrest (dual use, 5.2).

- unshaded: the executing Faction moves any 2 US pieces from Casualties to Available (Troops,
  Bases or Irregulars, its choice; card tip), as many as there are (5.1.3).
- shaded: 2 Available US Troops go Out of Play (as many as are Available), then the NVA add
  a die roll of Resources (at most 75, 1.8).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, CASUALTIES, OUT_OF_PLAY, Track


@unshaded(57)
def international_unrest_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.box_steps(
        ctx,
        faction,
        pieces_of(Faction.US),
        CASUALTIES,
        AVAILABLE,
        2,
        f"{faction}: a US Casualty to Available",
        "5.1",
    )


@shaded(57)
def international_unrest_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.box_steps(
        ctx,
        faction,
        (Piece.US_TROOPS,),
        AVAILABLE,
        OUT_OF_PLAY,
        2,
        f"{faction}: an Available US Troop to Out of Play",
        "5.1",
    )
    roll = ctx.roll("International Unrest: NVA Resources", "5.1")
    ctx.add_track(Track.NVA_RESOURCES, roll, "5.1.1")
