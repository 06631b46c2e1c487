"""Card 119, My Lai (dual use, 5.2).

- unshaded: 2 US Troops go from Available to Out of Play, as many as are Available (5.1.3);
  Patronage +2 (at most 75, 1.8).
- shaded: the executing Faction picks a Province holding US Troops and sets it to Active
  Opposition (nothing for Population 0, 1.6.1; such a Province may still be picked, the
  card's tip, ruling R178); the VC places a VC Base (below 2 Bases there, 1.4.2) and a VC
  Guerrilla there, each only if Available (1.4.1, 5.1.1) -- nothing for the VC to choose.
  Aid -6 (at least 0, 1.8), with or without such a Province.
"""

from __future__ import annotations

from coinlake.data.map import space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState, Support, Track


@unshaded(119)
def my_lai_unshaded(ctx: Ctx, faction: Faction) -> None:
    troops = min(2, kit.available(ctx.state, Piece.US_TROOPS))
    ctx.move(Piece.US_TROOPS, troops, AVAILABLE, OUT_OF_PLAY, "5.1")
    ctx.add_track(Track.PATRONAGE, 2, "5.1.1")


def _provinces(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.is_province, lib.has(Piece.US_TROOPS))


def _shaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: Aid above 0, or a Province with US Troops that is not at Active Opposition
    though it can be, or that can take a VC piece (the dry run picks the first such
    Province in map order, which may do nothing)."""
    if state.aid > 0:
        return True
    guerrilla = kit.available(state, Piece.VC_GUERRILLA_UNDERGROUND) > 0
    base = kit.available(state, Piece.VC_BASE) > 0
    return any(
        guerrilla
        or (base and kit.can_place(state, Piece.VC_BASE, k))
        or (space(k).can_have_support and state.space(k).support is not Support.ACTIVE_OPPOSITION)
        for k in _provinces(state)
    )


@shaded(119, effective=_shaded_effective)
def my_lai_shaded(ctx: Ctx, faction: Faction) -> Proc:
    where = yield from lib.choose_space(
        ctx,
        faction,
        _provinces(ctx.state),
        f"{faction}: a Province with US Troops to set to Active Opposition",
        "5.1",
    )
    if where is not None:
        lib.set_level(ctx, where, Support.ACTIVE_OPPOSITION, "5.1")
        kit.place(ctx, Piece.VC_BASE, 1, where, "5.1.1")
        kit.place(ctx, Piece.VC_GUERRILLA_UNDERGROUND, 1, where, "5.1.1")
    ctx.add_track(Track.AID, -6, "5.1.1")
