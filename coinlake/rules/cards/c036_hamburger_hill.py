"""Card 36, Hamburger Hill (dual use, 5.2).

- unshaded: the executing Faction selects 1 Highland Province that US Troops may enter (not
  North Vietnam, 1.4.2; ruling R192) and moves 4 US Troops there from any other map spaces
  (all there are if fewer, 5.1.3); then it removes 1 NVA or VC Base there to Available,
  Tunneled or not (the text names Tunneled Bases, 1.4.4, 5.1.1).
- shaded: the executing Faction puts a Tunnel marker on an NVA or VC Base without one in a
  Highland Province (1.4.4); then 3 US Troops in that Province go to Casualties (all there
  are if fewer).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import CASUALTIES, GameState

INSURGENT_BASES = lib.UNTUNNELED_BASES + lib.TUNNELED_BASES


def _us_troops_elsewhere(state: GameState, key: str) -> bool:
    return kit.on_map(state, Piece.US_TROOPS) > state.space(key).pieces[Piece.US_TROOPS]


def _unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: some Highland would gain US Troops or lose a Base (the dry run tries only the
    first Highland)."""
    return any(
        _us_troops_elsewhere(state, key) or state.space(key).count(*INSURGENT_BASES)
        for key in lib.spaces(state, lib.is_highland, lib.outside_north)
    )


@unshaded(36, effective=_unshaded_effective)
def hamburger_hill_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    key = yield from lib.choose_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.is_highland, lib.outside_north),
        f"{faction}: move 4 US Troops to which Highland?",
        "5.1",
    )
    assert key is not None
    yield from lib.move_to(
        ctx,
        faction,
        (Piece.US_TROOPS,),
        lambda state: kit.spaces_with(state, Piece.US_TROOPS),
        key,
        f"{faction}: move US Troops to the Highland (4 in all)",
        "5.1",
        most=4,
    )
    yield from lib.remove_steps(
        ctx,
        faction,
        INSURGENT_BASES,
        (key,),
        1,
        f"{faction}: remove 1 NVA or VC Base, even if Tunneled",
        "5.1",
        tunnels=True,
    )


@shaded(36)
def hamburger_hill_shaded(ctx: Ctx, faction: Faction) -> Proc:
    key = yield from lib.choose_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.is_highland, lib.has(*lib.UNTUNNELED_BASES)),
        f"{faction}: put a Tunnel on a Base in which Highland?",
        "5.1",
    )
    if key is not None:
        yield from lib.tunnel_a_base(ctx, faction, key, "5.1")
        lib.remove(ctx, Piece.US_TROOPS, key, 3, "5.1", to=CASUALTIES)
