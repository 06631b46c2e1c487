"""Card 89, Tam Chau (dual use, 5.2).

- unshaded: Saigon shifts 1 level toward Passive Support -- up from Neutral or Opposition,
  down from Active Support, not at all from Passive Support (ruling R165); Patronage +6 (at
  most 75, 5.1.1).
- shaded: the executing Faction places a VC piece -- a Guerrilla or a Base, its choice among
  those Available that stacking allows (1.4.1, 1.4.2, 5.1.1; the card's tip: a Base is a
  piece) -- in Saigon; Saigon shifts 1 level toward Passive Opposition (likewise from either
  side, ruling R165); Patronage -6 (at least 0, 1.8).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Support, Track

SAIGON = "saigon"
VC_PIECES = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE)


@unshaded(89)
def tam_chau_unshaded(ctx: Ctx, faction: Faction) -> None:
    kit.shift(ctx, SAIGON, 1, "5.1", toward=Support.PASSIVE_SUPPORT)
    ctx.add_track(Track.PATRONAGE, 6, "5.1.1")


@shaded(89)
def tam_chau_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_steps(
        ctx, faction, VC_PIECES, (SAIGON,), 1, f"{faction}: place a VC piece in Saigon", "5.1.1"
    )
    kit.shift(ctx, SAIGON, 1, "5.1", toward=Support.PASSIVE_OPPOSITION)
    ctx.add_track(Track.PATRONAGE, -6, "5.1")
