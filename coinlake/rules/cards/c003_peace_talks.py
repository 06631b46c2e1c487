"""Card 3, Peace Talks (dual use, 5.2).

- unshaded: the NVA loses 9 Resources; if the US still holds Linebacker II (121), the Peace
  Talks marker goes on it, lowering its Support+Available pre-condition to above 25 (5.4
  MARKERS, see ``effects.peace_talks``).
- shaded: the NVA gains 9 Resources; a Trail at 0, 1 or 2 is Improved to 3.
"""

from __future__ import annotations

from coinlake.data.cards import LINEBACKER_II
from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import Track


@unshaded(3)
def peace_talks_unshaded(ctx: Ctx, faction: Faction) -> None:
    ctx.add_track(Track.NVA_RESOURCES, -9, "5.1")
    if LINEBACKER_II in ctx.state.pivotals_held:
        effects.set_card_marker(ctx, LINEBACKER_II, effects.PEACE_TALKS_MARKER, "5.4")


@shaded(3)
def peace_talks_shaded(ctx: Ctx, faction: Faction) -> None:
    ctx.add_track(Track.NVA_RESOURCES, 9, "5.1.1")
    if ctx.state.trail <= 2:
        effects.set_trail(ctx, 3, "6.7", by_event=True)
