"""Card 48, Nam Dong (dual use, 5.2).

- unshaded: the executing Faction picks a Province with a US or ARVN Base, removes up to 3
  NVA or VC Guerrillas there (its choice, 0 included) and sets it to Active Support (where
  it has Population, 1.6.1). A Province qualifies only if one of the two would change it
  (5.1.3; ruling R148).
- shaded: the executing Faction picks a Province with a US or ARVN Base and at most 2 US
  and ARVN cubes (Troops and Police, 1.4), removes one of those Bases there -- a US Base
  to Casualties, an ARVN Base to Available (1.4.1) -- and sets it to Active Opposition
  (where it has Population, 1.6.1).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import GUERRILLAS, Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc
from coinlake.state.commands import Move
from coinlake.state.model import GameState, Support

COIN_BASES = (Piece.US_BASE, Piece.ARVN_BASE)
COIN_CUBES = (Piece.US_TROOPS, Piece.ARVN_TROOPS, Piece.ARVN_POLICE)
INSURGENT_GUERRILLAS = GUERRILLAS[Faction.NVA] + GUERRILLAS[Faction.VC]


def _would_change(state: GameState, where: Space) -> bool:
    """Guerrillas to remove, or a level that Active Support would change."""
    here = state.spaces[where.index]
    settable = where.can_have_support and here.support is not Support.ACTIVE_SUPPORT
    return settable or here.count(*INSURGENT_GUERRILLAS) > 0


@unshaded(48)
def nam_dong_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.is_province, lib.has(*COIN_BASES), _would_change)
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: a Province with a COIN Base for Nam Dong", "5.1"
    )
    if where is None:
        return
    yield from lib.remove_steps(
        ctx,
        faction,
        INSURGENT_GUERRILLAS,
        (where,),
        3,
        f"{faction}: remove a Guerrilla (or done)",
        "5.1",
        optional=True,
    )
    lib.set_level(ctx, where, Support.ACTIVE_SUPPORT, "5.1")


def _few_cubes(state: GameState, where: Space) -> bool:
    """0-2 US and ARVN cubes."""
    return state.spaces[where.index].count(*COIN_CUBES) <= 2


@shaded(48)
def nam_dong_shaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.is_province, lib.has(*COIN_BASES), _few_cubes)
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: a Province with a COIN Base and 0-2 cubes", "5.1"
    )
    if where is None:
        return
    here = ctx.state.space(where).pieces
    base = yield ctx.ask(
        faction,
        Kind.REMOVE_PIECES,
        f"{faction}: which COIN Base to remove?",
        tuple(Move(b, 1, where, kit.removal_box(b)) for b in COIN_BASES if here[b]),
        "5.1",
        single=True,
    )
    assert isinstance(base, Move)
    lib.remove(ctx, base.piece, where, 1, "5.1", to=base.destination)
    lib.set_level(ctx, where, Support.ACTIVE_OPPOSITION, "5.1")
