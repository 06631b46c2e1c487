"""Card 38, McNamara Line (single use, Momentum, 5.4).

1. Every US and ARVN piece in Laos and Cambodia ("outside Vietnam", card tip; "forces": Bases
   and Special Forces too, 1.4) Redeploys to Cities under COIN Control (1.7), the executing
   Faction choosing which piece goes to which City (card tip, 5.1), stacking kept (1.4.2: a
   Base only where fewer than 2 are). Nothing else of 6.4 applies (rulings R79, R254): no piece goes
   elsewhere, and one that can reach no such City stays (5.1.3).
2. ARVN Resources -12 (not below 0, 1.8).
3. Until the Coup Round's Reset: no Infiltrate, and a Rally Improves the Trail by no box
   (``effects.infiltrate_space_limit``, ``effects.rally_trail_boxes`` consult it).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import Faction
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Track
from coinlake.state.queries import Control


def outside_vietnam(state: GameState, where: Space) -> bool:
    """A Laos or Cambodia Province (card tip)."""
    return where.in_laos_or_cambodia


@single(38)
def mcnamara_line(ctx: Ctx, faction: Faction) -> Proc:
    cities = lib.spaces(ctx.state, lib.is_city, lib.controlled_by(Control.COIN))
    yield from lib.move_anywhere(
        ctx,
        faction,
        lib.COIN_PIECES,
        lib.spaces(ctx.state, outside_vietnam),
        lambda state, origin: cities,
        f"{faction}: Redeploy US and ARVN pieces from Laos and Cambodia to COIN-Controlled Cities",
        "5.1",
        optional=False,
    )
    ctx.add_track(Track.ARVN_RESOURCES, -12, "5.1")
