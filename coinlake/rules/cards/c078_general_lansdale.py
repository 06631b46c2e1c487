"""Card 78, General Lansdale (dual use, 5.2).

- unshaded: the executing Faction picks a space other than Saigon that holds a US or ARVN
  piece and can have Support (1.6.1); it becomes Active Support and gets a Terror marker,
  even if it already has one (while one of the 15 is left, 5.1.1); Patronage +1.
- shaded (Momentum, 5.4): Patronage +3; no US Assault until the Coup Round's Reset (Assault
  consults ``effects.momentum_active(state, 78)``).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Support, Track

SAIGON = "saigon"


@unshaded(78)
def general_lansdale_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(
        ctx.state, lib.other_than(SAIGON), lib.can_have_support, lib.has(*lib.COIN_PIECES)
    )
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: the space to set to Active Support", "5.1"
    )
    if where is not None:
        lib.set_level(ctx, where, Support.ACTIVE_SUPPORT, "5.1")
        kit.add_marker(ctx, where, "terror", "5.1.1")
    ctx.add_track(Track.PATRONAGE, 1, "5.1.1")


@shaded(78)
def general_lansdale_shaded(ctx: Ctx, faction: Faction) -> None:
    ctx.add_track(Track.PATRONAGE, 3, "5.1.1")
