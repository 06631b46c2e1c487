"""Card 41, Bombing Pause (single use, Momentum, 5.4).

The executing Faction sets 2 different spaces that can have Support (Pop at least 1, 1.6.1)
to Passive Support; Patronage +2 (at most 75, 5.1.1); no Air Strike until the Coup Round's
Reset (Air Strike consults ``effects.momentum_active(state, 41)``).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Support, Track


@single(41)
def bombing_pause(ctx: Ctx, faction: Faction) -> Proc:
    chosen: list[str] = []
    for nth in ("1st", "2nd"):
        candidates = lib.spaces(ctx.state, lib.can_have_support, lib.other_than(*chosen))
        where = yield from lib.choose_space(
            ctx, faction, candidates, f"{faction}: {nth} space to set to Passive Support", "5.1"
        )
        if where is None:
            break
        chosen.append(where)
        lib.set_level(ctx, where, Support.PASSIVE_SUPPORT, "5.1")
    ctx.add_track(Track.PATRONAGE, 2, "5.1.1")
