"""Card 78, General Lansdale (dual use, 5.2).

- unshaded: the executing Faction picks a space other than Saigon that holds a US or ARVN
  piece and can have Support (1.6.1); it becomes Active Support and gets a Terror marker,
  even if it already has one (while one of the 15 is left, 5.1.1); Patronage +1.
- shaded (Momentum, 5.4): Patronage +3; no US Assault until the Coup Round's Reset (Assault
  consults ``effects.momentum_active(state, 78)``).
"""

from __future__ import annotations

from coinlake.data.map import SPACES
from coinlake.data.pieces import Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Support, Track

COIN_PIECES = tuple(p for p in Piece if p.faction.is_coin)


@unshaded(78)
def general_lansdale_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    candidates = [
        s.id
        for s in SPACES
        if s.id != "saigon" and s.can_have_support and state.space(s.id).count(*COIN_PIECES)
    ]
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: the space to set to Active Support", "5.1"
    )
    if where is not None:
        lib.set_level(ctx, where, Support.ACTIVE_SUPPORT, "5.1")
        lib.add_terror(ctx, where, "5.1.1")
    ctx.add_track(Track.PATRONAGE, 1, "5.1.1")


@shaded(78)
def general_lansdale_shaded(ctx: Ctx, faction: Faction) -> Proc:
    ctx.add_track(Track.PATRONAGE, 3, "5.1.1")
    return
    yield
