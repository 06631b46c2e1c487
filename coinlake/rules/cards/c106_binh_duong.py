"""Card 106, Binh Duong (single use).

The executing Faction picks 2 different Provinces adjacent to Saigon (1.3.6; all have
Population, 1.6.1). In each, it shifts Support/Opposition 1 level toward Support or toward
Opposition, its choice among the directions in which the space can still shift (5.1.3,
ruling R175), then places 1 VC Guerrilla or 1 ARVN Police there, its choice among those
Available (1.4.1, 5.1.1; neither Available: nothing is placed).
"""

from __future__ import annotations

from coinlake.data.map import space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Support

SAIGON = "saigon"
PROVINCES = tuple(k for k in lib.within(SAIGON, 1) if space(k).is_province)
"""The Provinces adjacent to Saigon, in map order."""
TOWARD_SUPPORT, TOWARD_OPPOSITION = "toward-support", "toward-opposition"
PIECES = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.ARVN_POLICE)


def _shift_and_place(ctx: Ctx, faction: Faction, key: str) -> Proc:
    level = ctx.state.space(key).support
    words = [
        word
        for word, end in (
            (TOWARD_SUPPORT, Support.ACTIVE_SUPPORT),
            (TOWARD_OPPOSITION, Support.ACTIVE_OPPOSITION),
        )
        if level != end
    ]
    direction = yield from lib.choose_word(
        ctx, faction, words, f"{faction}: shift {kit.place_name(key)} 1 level which way?", "5.1"
    )
    kit.shift(ctx, key, 1 if direction == TOWARD_SUPPORT else -1, "5.1")
    yield from lib.place_steps(
        ctx, faction, PIECES, (key,), 1, f"{faction}: place a VC Guerrilla or a Police", "5.1.1"
    )


@single(106)
def binh_duong(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        PROVINCES,
        2,
        f"{faction}: a Province adjacent to Saigon to shift and place in",
        "5.1",
        lambda key: _shift_and_place(ctx, faction, key),
    )
