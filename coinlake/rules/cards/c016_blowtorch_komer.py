"""Card 16, Blowtorch Komer (dual use, 5.2).

- unshaded (Momentum, 5.4): Aid +10 at once (at most 75, 1.8); until the Coup Round's Reset,
  Pacification in the Support Phase costs 1 ARVN Resource per Terror marker removed or level
  shifted (6.3.1; ``effects.pacification_cost`` consults the Momentum).
- shaded: Aid -10 (at least 0, 1.8); then the executing Faction shifts 1 level toward Active
  Opposition one space holding US or ARVN Troops and ARVN Police, among those that can
  still shift that way (1.6.1, 5.1.3; ruling R145).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track

COIN_TROOPS = (Piece.US_TROOPS, Piece.ARVN_TROOPS)


@unshaded(16)
def blowtorch_komer_unshaded(ctx: Ctx, faction: Faction) -> None:
    ctx.add_track(Track.AID, 10, "5.1.1")


@shaded(16)
def blowtorch_komer_shaded(ctx: Ctx, faction: Faction) -> Proc:
    ctx.add_track(Track.AID, -10, "5.1")
    candidates = lib.spaces(
        ctx.state, lib.has(*COIN_TROOPS), lib.has(Piece.ARVN_POLICE), lib.can_shift(-1)
    )
    where = yield from lib.choose_space(
        ctx,
        faction,
        candidates,
        f"{faction}: a space with Troops and Police to shift toward Active Opposition",
        "5.1",
    )
    if where is not None:
        kit.shift(ctx, where, -1, "5.1")
