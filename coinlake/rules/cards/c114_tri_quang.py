"""Card 114, Tri Quang (dual use, 5.2).

- unshaded: the executing Faction sets up to 3 different Cities at Neutral, Passive or
  Active Opposition to Passive Support (it may set fewer, or none).
- shaded: Hue, Da Nang and Saigon each shift 1 level toward Active Opposition (none past it,
  1.6.1); then the executing Faction places 1 VC piece in Saigon, a Guerrilla or a Base, its
  choice among those Available (1.4.1) -- a Base only below 2 Bases there (1.4.2).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Support

SAIGON = "saigon"
SHIFTED = ("hue", "da-nang", SAIGON)


def _not_supporting(state: GameState, where: Space) -> bool:
    """At Neutral or Opposition (1.6.1)."""
    return state.spaces[where.index].support <= Support.NEUTRAL


def _set_passive_support(ctx: Ctx, key: str) -> None:
    lib.set_level(ctx, key, Support.PASSIVE_SUPPORT, "5.1")


@unshaded(114)
def tri_quang_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.is_city, _not_supporting),
        3,
        f"{faction}: a Neutral or Opposition City to set to Passive Support (or done)",
        "5.1",
        lambda key: _set_passive_support(ctx, key),
        optional=True,
    )


@shaded(114)
def tri_quang_shaded(ctx: Ctx, faction: Faction) -> Proc:
    for key in SHIFTED:
        kit.shift(ctx, key, -1, "5.1")
    yield from lib.place_steps(
        ctx,
        faction,
        (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE),
        (SAIGON,),
        1,
        f"{faction}: place a VC piece in Saigon",
        "5.1.1",
    )
