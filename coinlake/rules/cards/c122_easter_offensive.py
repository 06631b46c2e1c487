"""Card 122, Easter Offensive: the NVA Pivotal Event (2.3.8, 5.1.4).

Pre-condition: at least 2 cards in the RVN Leader box (Minh is not a card, 2.4.1), and the
NVA Troops on the map outnumber the US Troops there (every space, North Vietnam, Laos and
Cambodia included).

Effect:

1. the NVA Marches for free (3.3.2, 5.5), with the usual moves on through Laos and Cambodia
   while the Trail is above 0 (a Pivotal Event is never played in Monsoon, 2.3.8);
2. NVA Troops on LoCs without US or ARVN pieces (as the step begins) may each move 1 space,
   to any adjacent space;
3. every NVA Troop Attacks for free: an NVA Attack by Troops only (1 enemy per 2 Troops, no
   die roll, no Activation, 3.3.3), compulsory in each space where NVA Troops are with enemy
   pieces as the step begins; NVA Guerrillas do not Attack. Lasting effects apply as usual
   (PT-76), Attrition too.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import pivotal
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

MARCH = Grant("march")
TROOPS_ATTACK = Grant("attack", mode="troops", compulsory=True)


def troops_on_map(state: GameState, piece: Piece) -> int:
    """``piece`` (Troops) in all map spaces."""
    return sum(sp.pieces[piece] for sp in state.spaces)


def precondition(state: GameState) -> bool:
    """2+ cards in the RVN Leader box and more NVA than US Troops on the map."""
    return effects.leader_box_cards(state) >= 2 and troops_on_map(
        state, Piece.NVA_TROOPS
    ) > troops_on_map(state, Piece.US_TROOPS)


@pivotal(122, precondition=precondition)
def easter_offensive(ctx: Ctx, faction: Faction) -> Proc:
    yield from free_action(ctx, Faction.NVA, MARCH)
    free_locs = lib.spaces(
        ctx.state, lib.is_loc, lib.has(Piece.NVA_TROOPS), lib.lacks(*lib.COIN_PIECES)
    )
    quota = {loc: ctx.state.space(loc).pieces[Piece.NVA_TROOPS] for loc in free_locs}
    yield from lib.relocate_steps(
        ctx,
        Faction.NVA,
        (Piece.NVA_TROOPS,),
        quota,
        "NVA: move a Troop from a LoC without US/ARVN pieces 1 space (or done)",
        "5.1",
    )
    yield from free_action(ctx, Faction.NVA, TROOPS_ATTACK)
