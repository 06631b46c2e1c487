"""Card 24, Operation Starlite (dual use, 5.2).

- unshaded: the executing Faction selects a coastal Province (1.3.7) holding US Troops or
  adjacent to a space that does, with an untunneled VC piece; every VC piece there goes to
  Available but Tunneled Bases, which the text does not name (1.4.4, 5.1.1; ruling R212).
- shaded: the executing Faction selects up to 3 Provinces and flips every Active VC
  Guerrilla there Underground (1.4.3); it stays Eligible (2.3.6 PLAY NOTE). 8.1: staying
  Eligible counts, but not while a Coup card shows next (the Reset makes every Faction
  Eligible, 6.6; rulings R75, R176), then only a Guerrilla to flip does.
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import PIECES, Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

VC_PIECES = PIECES[Faction.VC]
UNTUNNELED_VC = tuple(p for p in VC_PIECES if not p.tunneled)
ACTIVE_VC = Piece.VC_GUERRILLA_ACTIVE


def near_us_troops(state: GameState, where: Space) -> bool:
    """US Troops in the space or in an adjacent one (1.3.6)."""
    return any(state.spaces[i].pieces[Piece.US_TROOPS] for i in (where.index, *where.adjacent))


def coastal(state: GameState, where: Space) -> bool:
    """A coastal space (1.3.7)."""
    return where.coastal


@unshaded(24)
def operation_starlite_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(
        ctx.state,
        lib.is_province,
        coastal,
        near_us_troops,
        lib.has(*UNTUNNELED_VC),
    )
    key = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: remove all VC from which coastal Province?", "5.1"
    )
    if key is None:
        return
    here = ctx.state.space(key).pieces
    for piece in UNTUNNELED_VC:
        lib.remove(ctx, piece, key, here[piece], "5.1")


def _flippable(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.is_province, lib.has(ACTIVE_VC))


def _shaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: staying Eligible counts unless a Coup card shows next (``effects.monsoon``)."""
    return not effects.monsoon(state) or bool(_flippable(state))


@shaded(24, effective=_shaded_effective)
def operation_starlite_shaded(ctx: Ctx, faction: Faction) -> Proc:
    def go_underground(key: str) -> None:
        ctx.flip(key, ACTIVE_VC, ctx.state.space(key).pieces[ACTIVE_VC], "5.1")

    yield from lib.each_space(
        ctx,
        faction,
        _flippable(ctx.state),
        3,
        f"{faction}: flip VC Guerrillas Underground in which Province (or done)?",
        "5.1",
        go_underground,
        optional=True,
    )
    effects.stay_eligible(ctx, faction, "2.3.6")
