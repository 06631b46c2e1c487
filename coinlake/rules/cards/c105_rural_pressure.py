"""Card 105, Rural Pressure (dual use, 5.2).

- unshaded: the executing Faction shifts 4 Provinces holding any VC piece (Bases included)
  1 level each toward Active Support, among those with Population not there already (1.6.1,
  5.1.3, ruling R162).
- shaded: it shifts 3 Provinces holding ARVN Police 1 level each toward Active Opposition,
  likewise; then Patronage +6 or -6, its choice among the ways Patronage can move (5.1.3,
  ruling R164).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track

VC_PIECES: tuple[Piece, ...] = pieces_of(Faction.VC)


def _shift(ctx: Ctx, key: str, levels: int) -> None:
    kit.shift(ctx, key, levels, "5.1")


@unshaded(105)
def rural_pressure_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.is_province, lib.has(*VC_PIECES), lib.can_shift(1)),
        4,
        f"{faction}: a Province with VC to shift 1 level toward Active Support",
        "5.1",
        lambda key: _shift(ctx, key, 1),
    )


@shaded(105)
def rural_pressure_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.is_province, lib.has(Piece.ARVN_POLICE), lib.can_shift(-1)),
        3,
        f"{faction}: a Province with Police to shift 1 level toward Active Opposition",
        "5.1",
        lambda key: _shift(ctx, key, -1),
    )
    yield from lib.raise_or_lower(
        ctx, faction, Track.PATRONAGE, 6, f"{faction}: Patronage +6 or -6?", "5.1"
    )
