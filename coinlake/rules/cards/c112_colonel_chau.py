"""Card 112, Colonel Chau (dual use, 5.2).

- unshaded: the executing Faction places 1 ARVN Police in each of 6 different Provinces, any
  Province but North Vietnam (1.4.2; Laos and Cambodia included, ruling R177), as long as
  Police are Available (1.4.1, 5.1.3).
- shaded: the executing Faction picks 3 different Provinces holding an ARVN piece; each
  shifts 1 level toward Active Opposition (none for Population 0 or past Active Opposition,
  1.6.1) and gets 1 VC Guerrilla while one is Available (5.1.1). A Province where nothing
  would shift may be picked (the card's tip; ruling R178).
"""

from __future__ import annotations

from coinlake.data.map import space
from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Support

ARVN_PIECES = pieces_of(Faction.ARVN)


def _police_provinces(state: GameState) -> tuple[str, ...]:
    """Provinces that may take a Police, none while no Police is Available (1.4.1, 1.4.2)."""
    if not kit.available(state, Piece.ARVN_POLICE):
        return ()
    return lib.spaces(state, lib.is_province, lib.outside_north)


def _place_police(ctx: Ctx, key: str) -> None:
    kit.place(ctx, Piece.ARVN_POLICE, 1, key, "5.1.1")


@unshaded(112)
def colonel_chau_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        _police_provinces,
        6,
        f"{faction}: a Province to place a Police in",
        "5.1",
        lambda key: _place_police(ctx, key),
    )


def _shift_and_place(ctx: Ctx, key: str) -> None:
    kit.shift(ctx, key, -1, "5.1")
    kit.place(ctx, Piece.VC_GUERRILLA_UNDERGROUND, 1, key, "5.1.1")


def _arvn_provinces(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.is_province, lib.has(*ARVN_PIECES))


def _shaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: a Province with ARVN can shift toward Opposition or take an Available Guerrilla
    (the dry run picks the first Provinces in map order, which may do neither)."""
    provinces = _arvn_provinces(state)
    if provinces and kit.available(state, Piece.VC_GUERRILLA_UNDERGROUND):
        return True
    return any(
        space(k).can_have_support and state.space(k).support is not Support.ACTIVE_OPPOSITION
        for k in provinces
    )


@shaded(112, effective=_shaded_effective)
def colonel_chau_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        _arvn_provinces(ctx.state),
        3,
        f"{faction}: a Province with ARVN to shift toward Opposition and place a Guerrilla",
        "5.1",
        lambda key: _shift_and_place(ctx, key),
    )
