"""Card 42, Chou En Lai (dual use, 5.2).

- unshaded: NVA Resources -10 (not below 0, 1.8); then a die is rolled and the NVA remove
  that many of their Troops from the map to Available, choosing which and from where (the
  text names the NVA, 5.1); all of them if fewer (5.1.3). No die is rolled when no NVA Troop
  is on the map (ruling R210).
- shaded: NVA Resources +10; the VC gain as many Resources as the Trail's value (at most
  75, 5.1.1).
"""

from __future__ import annotations

from coinlake.data.map import SPACE_IDS
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track


@unshaded(42)
def chou_en_lai_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    ctx.add_track(Track.NVA_RESOURCES, -10, "5.1")
    if not kit.on_map(ctx.state, Piece.NVA_TROOPS):
        return
    roll = ctx.roll("Chou En Lai: NVA Troops to remove", "5.1")
    yield from lib.remove_steps(
        ctx,
        Faction.NVA,
        (Piece.NVA_TROOPS,),
        SPACE_IDS,
        roll,
        "NVA: remove an NVA Troop",
        "5.1",
    )


@shaded(42)
def chou_en_lai_shaded(ctx: Ctx, faction: Faction) -> None:
    ctx.add_track(Track.NVA_RESOURCES, 10, "5.1.1")
    ctx.add_track(Track.VC_RESOURCES, ctx.state.trail, "5.1.1")
