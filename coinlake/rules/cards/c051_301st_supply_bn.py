"""Card 51, 301st Supply Bn (dual use, 5.2).

- unshaded: the executing Faction removes 6 NVA or VC pieces other than Bases (NVA Troops,
  NVA and VC Guerrillas, either side up) from North Vietnam, Laos and Cambodia (1.3.5), to
  Available (1.4.1), as many as there are (5.1.3).
- shaded: the Trail Improves 2 boxes (at most 4, 6.7; through ``effects.change_trail``, so
  ADSID applies), then the NVA add a die roll of Resources (at most 75, 1.8).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track

NON_BASE_INSURGENTS = (
    Piece.NVA_TROOPS,
    Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.NVA_GUERRILLA_ACTIVE,
    Piece.VC_GUERRILLA_UNDERGROUND,
    Piece.VC_GUERRILLA_ACTIVE,
)


@unshaded(51)
def supply_bn_301_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.remove_steps(
        ctx,
        faction,
        NON_BASE_INSURGENTS,
        lib.spaces(ctx.state, lib.outside_south),
        6,
        f"{faction}: remove a non-Base Insurgent piece outside South Vietnam",
        "5.1",
    )


@shaded(51)
def supply_bn_301_shaded(ctx: Ctx, faction: Faction) -> None:
    effects.change_trail(ctx, 2, "5.1", by_event=True)
    roll = ctx.roll("301st Supply Bn: NVA Resources", "5.1")
    ctx.add_track(Track.NVA_RESOURCES, roll, "5.1.1")
