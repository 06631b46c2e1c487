"""Card 83, Election (dual use, 5.2).

- unshaded: the executing Faction sets 3 spaces at Passive Support to Active Support (as
  many as there are, 5.1.3; Saigon may be one, the card's tip); Aid +10 (at most 75,
  5.1.1), whether or not any space was set (5.1.3, ruling R161).
- shaded: it shifts 2 Cities 1 level each toward Active Opposition, among those not there
  already (5.1.3, ruling R162); Aid -15 (at least 0, 1.8).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Support, Track


def _to_active_support(ctx: Ctx, key: str) -> None:
    lib.set_level(ctx, key, Support.ACTIVE_SUPPORT, "5.1")


def _toward_opposition(ctx: Ctx, key: str) -> None:
    kit.shift(ctx, key, -1, "5.1")


@unshaded(83)
def election_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.at_level(Support.PASSIVE_SUPPORT)),
        3,
        f"{faction}: a Passive Support space to set to Active Support",
        "5.1",
        lambda key: _to_active_support(ctx, key),
    )
    ctx.add_track(Track.AID, 10, "5.1.1")


@shaded(83)
def election_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.is_city, lib.can_shift(-1)),
        2,
        f"{faction}: a City to shift 1 level toward Active Opposition",
        "5.1",
        lambda key: _toward_opposition(ctx, key),
    )
    ctx.add_track(Track.AID, -15, "5.1")
