"""Card 79, Henry Cabot Lodge (dual use, 5.2).

- unshaded: Aid +20 (at most 75, 1.8).
- shaded: the executing Faction removes up to 3 ARVN pieces from the map (any kind, Bases
  included; card tip) to Available (1.4.1); Patronage +2 for each piece removed (at most
  75; ruling R120); the ARVN become Ineligible through the next card (2.3.6 PLAY NOTE, at
  once).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, pieces_of
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track


@unshaded(79)
def henry_cabot_lodge_unshaded(ctx: Ctx, faction: Faction) -> None:
    ctx.add_track(Track.AID, 20, "5.1.1")


@shaded(79)
def henry_cabot_lodge_shaded(ctx: Ctx, faction: Faction) -> Proc:
    removed = yield from lib.remove_steps(
        ctx,
        faction,
        pieces_of(Faction.ARVN),
        lib.spaces(ctx.state),
        3,
        f"{faction}: remove an ARVN piece (or done)",
        "5.1",
        optional=True,
    )
    ctx.add_track(Track.PATRONAGE, 2 * removed, "5.1.1")
    effects.ineligible_through_next_card(ctx, Faction.ARVN, "5.1")
