"""Card 88, Phan Quang Dan (dual use, 5.2).

- unshaded: Saigon shifts 1 level toward Active Support (1.6.1); Patronage +5 (at most 75,
  5.1.1).
- shaded: Saigon shifts 1 level toward Neutral -- down from Support, up from Opposition,
  not at all from Neutral (ruling R165); Patronage -5 (at least 0, 1.8); the ARVN is
  Ineligible through the next card (2.3.6 PLAY NOTE): at once, so it cannot act later on
  this card.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects, kit
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import Support, Track

SAIGON = "saigon"


@unshaded(88)
def phan_quang_dan_unshaded(ctx: Ctx, faction: Faction) -> None:
    kit.shift(ctx, SAIGON, 1, "5.1")
    ctx.add_track(Track.PATRONAGE, 5, "5.1.1")


@shaded(88)
def phan_quang_dan_shaded(ctx: Ctx, faction: Faction) -> None:
    kit.shift(ctx, SAIGON, 1, "5.1", toward=Support.NEUTRAL)
    ctx.add_track(Track.PATRONAGE, -5, "5.1")
    effects.ineligible_through_next_card(ctx, Faction.ARVN, "2.3.6")
