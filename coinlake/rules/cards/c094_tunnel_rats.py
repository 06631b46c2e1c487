"""Card 94, Tunnel Rats (single use).

The executing Faction picks one of two branches among those that can do something (5.1.3):

- ``tunnels``: it selects 2 Provinces, each with an NVA or VC Base without a Tunnel marker,
  and puts a Tunnel marker on one such Base in each (1.4.4: at most 1 per Base), picking
  the NVA or the VC Base where both are there (1 Province only if only 1 qualifies);
- ``remove``: it removes 1 Tunneled NVA or VC Base, to Available, from a space with US
  Troops (the text names Tunneled Bases, 1.4.4, 5.1.1).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

TUNNELS, REMOVE = "tunnels", "remove"


def _untunneled(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.is_province, lib.has(*lib.UNTUNNELED_BASES))


def _tunneled_with_us(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.has(Piece.US_TROOPS), lib.has(*lib.TUNNELED_BASES))


def _tunnel(ctx: Ctx, faction: Faction, key: str) -> Proc:
    yield from lib.tunnel_a_base(ctx, faction, key, "5.1")


@single(94)
def tunnel_rats(ctx: Ctx, faction: Faction) -> Proc:
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {TUNNELS: bool(_untunneled(ctx.state)), REMOVE: bool(_tunneled_with_us(ctx.state))},
        f"{faction}: Tunnels on Bases in 2 Provinces, or remove a Tunneled Base?",
    )
    if branch == TUNNELS:
        yield from lib.each_space(
            ctx,
            faction,
            _untunneled(ctx.state),
            2,
            f"{faction}: put a Tunnel on a Base in which Province?",
            "5.1",
            lambda key: _tunnel(ctx, faction, key),
        )
    elif branch == REMOVE:
        yield from lib.remove_steps(
            ctx,
            faction,
            lib.TUNNELED_BASES,
            _tunneled_with_us(ctx.state),
            1,
            f"{faction}: remove 1 Tunneled Base from a space with US Troops",
            "5.1",
            tunnels=True,
        )
