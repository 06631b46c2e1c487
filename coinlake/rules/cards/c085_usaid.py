"""Card 85, USAID (dual use, 5.2).

- unshaded: the executing Faction shifts 3 COIN-Controlled spaces (1.7; Population at least
  1, 1.6.1) 1 level each toward Active Support, among those not there already (5.1.3,
  ruling R162).
- shaded: it raises, lowers or leaves each of ARVN Resources, Aid and Patronage, by 2,
  its choice track by track -- never up at 75 nor down at 0 (5.1.3), and at least one of
  the three changes (ruling R163).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track
from coinlake.state.queries import Control

TRACKS = (
    (Track.ARVN_RESOURCES, "ARVN Resources"),
    (Track.AID, "Aid"),
    (Track.PATRONAGE, "Patronage"),
)


def _toward_support(ctx: Ctx, key: str) -> None:
    kit.shift(ctx, key, 1, "5.1")


@unshaded(85)
def usaid_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.controlled_by(Control.COIN), lib.can_shift(1)),
        3,
        f"{faction}: a COIN-Controlled space to shift 1 level toward Active Support",
        "5.1",
        lambda key: _toward_support(ctx, key),
    )


@shaded(85)
def usaid_shaded(ctx: Ctx, faction: Faction) -> Proc:
    changed = False
    for nth, (track, name) in enumerate(TRACKS):
        last = nth == len(TRACKS) - 1
        change = yield from lib.raise_or_lower(
            ctx,
            faction,
            track,
            2,
            f"{faction}: {name} +2, -2 or unchanged?",
            "5.1",
            may_keep=changed or not last,
        )
        changed = changed or change != 0
