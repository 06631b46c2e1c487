"""Card 17, Claymores (dual use, 5.2).

- unshaded (Momentum, 5.4): the executing Faction stays Eligible (2.3.6 PLAY NOTE); until the
  Coup Round's Reset there is no Ambush, and each Marching group that Activates loses 1
  Guerrilla (March and Ambush consult ``effects.momentum_active(state, 17)``).
- shaded: in one space that holds both, take out one US or ARVN Base and one Underground NVA
  or VC Guerrilla; a US Base goes to Casualties. The executing Faction picks the space and pieces
  (5.1).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, CASUALTIES

COIN_BASES = (Piece.US_BASE, Piece.ARVN_BASE)
UNDERGROUND_INSURGENTS = (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_UNDERGROUND)


@unshaded(17)
def claymores_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    effects.stay_eligible(ctx, faction, "2.3.6")
    return
    yield


@shaded(17)
def claymores_shaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    candidates = lib.spaces_where(
        [
            sp.count(*COIN_BASES) > 0 and sp.count(*UNDERGROUND_INSURGENTS) > 0
            for sp in state.spaces
        ],
    )
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: choose the space for Claymores", "5.1"
    )
    if where is None:
        return
    bases = [(b, where) for b in COIN_BASES if ctx.state.space(where).pieces[b]]
    base = bases[0][0]
    if len(bases) > 1:
        choice = yield from lib.choose_word(
            ctx, faction, [b.token for b, _ in bases], f"{faction}: which COIN Base?", "5.1"
        )
        base = next(b for b, _ in bases if b.token == choice)
    lib.remove(ctx, base, where, 1, "5.1", to=CASUALTIES if base is Piece.US_BASE else AVAILABLE)
    guerrillas = [g for g in UNDERGROUND_INSURGENTS if ctx.state.space(where).pieces[g]]
    guerrilla = guerrillas[0]
    if len(guerrillas) > 1:
        choice = yield from lib.choose_word(
            ctx,
            faction,
            [g.token for g in guerrillas],
            f"{faction}: which Underground Guerrilla in {where}?",
            "5.1",
        )
        guerrilla = next(g for g in guerrillas if g.token == choice)
    lib.remove(ctx, guerrilla, where, 1, "5.1")
