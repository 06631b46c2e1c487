"""Card 17, Claymores (dual use, 5.2).

- unshaded (Momentum, 5.4): the executing Faction stays Eligible (2.3.6 PLAY NOTE); until the
  Coup Round's Reset there is no Ambush, and each Marching group that Activates loses 1
  Guerrilla (March and Ambush consult ``effects.momentum_active(state, 17)``).
- shaded: in one space that holds both, take out one US or ARVN Base and one Underground NVA
  or VC Guerrilla; a US Base goes to Casualties. The executing Faction picks the space and pieces
  (5.1).
"""

from __future__ import annotations

from coinlake.data.map import space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE, CASUALTIES

COIN_BASES = (Piece.US_BASE, Piece.ARVN_BASE)
UNDERGROUND_INSURGENTS = (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_UNDERGROUND)


@unshaded(17)
def claymores_unshaded(ctx: Ctx, faction: Faction) -> None:
    effects.stay_eligible(ctx, faction, "2.3.6")


@shaded(17)
def claymores_shaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.has(*COIN_BASES), lib.has(*UNDERGROUND_INSURGENTS))
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: choose the space for Claymores", "5.1"
    )
    if where is None:
        return
    name = space(where).name
    here = ctx.state.space(where).pieces
    base = yield ctx.ask(
        faction,
        Kind.REMOVE_PIECES,
        f"{faction}: which COIN Base to remove from {name}?",
        tuple(
            Move(b, 1, where, CASUALTIES if b is Piece.US_BASE else AVAILABLE)
            for b in COIN_BASES
            if here[b]
        ),
        "5.1",
        single=True,
    )
    assert isinstance(base, Move)
    lib.remove(ctx, base.piece, where, 1, "5.1", to=base.destination)
    here = ctx.state.space(where).pieces
    guerrilla = yield ctx.ask(
        faction,
        Kind.REMOVE_PIECES,
        f"{faction}: which Underground Guerrilla to remove from {name}?",
        tuple(Move(g, 1, where, AVAILABLE) for g in UNDERGROUND_INSURGENTS if here[g]),
        "5.1",
        single=True,
    )
    assert isinstance(guerrilla, Move)
    lib.remove(ctx, guerrilla.piece, where, 1, "5.1")
