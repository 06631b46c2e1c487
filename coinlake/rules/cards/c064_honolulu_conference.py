"""Card 64, Honolulu Conference (single use).

1. Aid +10 or -10, then Patronage +3 or -5: the executing Faction picks each sign among the
   ways the track can still move (0..75, 1.8; ruling R164's reading of "+N or -N").
2. A US or ARVN executing Faction -- that one only (card tip, ruling R256) -- Pacifies as in
   the Support Phase (6.3.1): up to 4 spaces with COIN Control, Police and its Troops, each
   step costing what the Support Phase costs (ruling R80), at most 2 levels per space
   (``coup.pacify``).
3. An NVA or VC executing Faction stays Eligible for the next card (2.3.6 PLAY NOTE).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import coup, effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track


@single(64)
def honolulu_conference(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.raise_or_lower(ctx, faction, Track.AID, 10, f"{faction}: Aid +10 or -10?", "5.1")
    patronage = ctx.state.tracks[Track.PATRONAGE]
    low, high = Track.PATRONAGE.bounds
    word = yield from lib.choose_branch(
        ctx,
        faction,
        {lib.INCREASE: patronage < high, lib.DECREASE: patronage > low},
        f"{faction}: Patronage +3 or -5?",
        "5.1",
    )
    if word is not None:
        ctx.add_track(Track.PATRONAGE, 3 if word == lib.INCREASE else -5, "5.1")
    if faction.is_coin:
        yield from coup.pacify(ctx, (faction,))
    else:
        effects.stay_eligible(ctx, faction, "5.1")
