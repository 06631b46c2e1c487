"""Card 53, Sappers (dual use, 5.2).

- unshaded: the executing Faction selects up to 3 South Vietnam spaces (LoCs included, 1.3.5)
  with NVA Troops and removes 2 NVA Troops from each to Available (1 where only 1 is);
  it stays Eligible (2.3.6 PLAY NOTE). 8.1: staying Eligible counts, but not while a Coup
  card shows next (the Reset makes every Faction Eligible, 6.6; rulings R75, R176).
- shaded: the executing Faction removes up to 1 US Base from a Province to Casualties and up
  to 2 ARVN Bases from Provinces to Available (never from a City).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, CASUALTIES, GameState


def _with_troops(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.in_south, lib.has(Piece.NVA_TROOPS))


def _unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: staying Eligible counts unless a Coup card shows next (``effects.monsoon``)."""
    return not effects.monsoon(state) or bool(_with_troops(state))


def _remove_two(ctx: Ctx, key: str) -> None:
    lib.remove(ctx, Piece.NVA_TROOPS, key, 2, "5.1")


@unshaded(53, effective=_unshaded_effective)
def sappers_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        _with_troops(ctx.state),
        3,
        f"{faction}: remove 2 NVA Troops from which space in South Vietnam (or done)?",
        "5.1",
        lambda key: _remove_two(ctx, key),
        optional=True,
    )
    effects.stay_eligible(ctx, faction, "2.3.6")


@shaded(53)
def sappers_shaded(ctx: Ctx, faction: Faction) -> Proc:
    provinces = lib.spaces(ctx.state, lib.is_province)
    for base, most, box in ((Piece.US_BASE, 1, CASUALTIES), (Piece.ARVN_BASE, 2, AVAILABLE)):
        yield from lib.remove_steps(
            ctx,
            faction,
            (base,),
            provinces,
            most,
            f"{faction}: remove up to {most} {base.faction} Base(s) from Provinces (or done)",
            "5.1",
            to=box,
            optional=True,
        )
