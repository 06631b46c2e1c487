"""Card 102, Cu Chi (dual use, 5.2).

- unshaded: the executing Faction selects 1 space with a Tunneled Base (1.4.4), COIN Control
  (1.7) and Guerrillas; every NVA and VC Guerrilla there, Underground or Active, goes to
  Available.
- shaded: the executing Faction selects 1 Province with an NVA or VC Base (ruling R194);
  every Base there without a Tunnel marker gets one (1.4.4); then 1 NVA and 1 VC Guerrilla
  are placed there, Underground, from Available -- the executing Faction may take its own
  from elsewhere on the map if none is Available (1.4.1, ruling R207).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import GUERRILLAS, Faction, Piece
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState
from coinlake.state.queries import Control, control

ALL_GUERRILLAS = GUERRILLAS[Faction.NVA] + GUERRILLAS[Faction.VC]


def coin_control(state: GameState, where: Space) -> bool:
    """The space is under COIN Control (1.7)."""
    return control(state, where.index) is Control.COIN


@unshaded(102)
def cu_chi_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    key = yield from lib.choose_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.has(*lib.TUNNELED_BASES), coin_control, lib.has(*ALL_GUERRILLAS)),
        f"{faction}: remove all Guerrillas from which space with a Tunnel and COIN Control?",
        "5.1",
    )
    if key is None:
        return
    here = ctx.state.space(key).pieces
    for guerrilla in ALL_GUERRILLAS:
        lib.remove(ctx, guerrilla, key, here[guerrilla], "5.1")


@shaded(102)
def cu_chi_shaded(ctx: Ctx, faction: Faction) -> Proc:
    key = yield from lib.choose_space(
        ctx,
        faction,
        lib.spaces(ctx.state, lib.is_province, lib.has(*lib.UNTUNNELED_BASES, *lib.TUNNELED_BASES)),
        f"{faction}: Tunnels on every Insurgent Base in which Province?",
        "5.1",
    )
    if key is None:
        return
    lib.tunnel_all(ctx, key, "5.1")
    for guerrilla in (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_UNDERGROUND):
        yield from lib.place_in_each(
            ctx,
            faction,
            guerrilla,
            (key,),
            1,
            f"{faction}: place a Guerrilla",
            "5.1",
            from_map=True,
        )
