"""Card 124, Tet Offensive: the VC Pivotal Event (2.3.8, 5.1.4).

Pre-condition: at least 2 cards in the RVN Leader box (Minh is not a card, 2.4.1) and more
than 20 VC Guerrillas in South Vietnam (LoCs included, 1.3.5).

Effect, in order:

1. a free VC Terror (3.3.4) in every space with an Underground VC Guerrilla as the step
   begins, compulsory, Activating exactly 1 Underground VC Guerrilla in each (as Terror
   always does); the VC picks the order of the spaces, which matters when the
   Terror/Sabotage markers run out. Unshaded Cadres still requires 2 VC Guerrillas to
   remove in a space, so spaces with fewer are skipped (5.1.3);
2. the VC places 6 VC pieces (Guerrillas, which arrive Underground, or Bases within stacking,
   1.4.2) from Available in any Cities, as many as are Available;
3. a free Attack (3.3.3), compulsory, in every space where VC or NVA Guerrillas are with enemy
   pieces as the step begins, joint: all those Guerrillas, VC and NVA together, Activate and
   count for the die roll; the VC decides the removals, and VC Guerrillas are removed before
   NVA ones for Attrition.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import pivotal
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

VC_GUERRILLAS = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE)
TERROR = Grant("terror", compulsory=True)
JOINT_ATTACK = Grant("attack", mode="guerrillas", joint=True, compulsory=True)


def vc_guerrillas_in_south(state: GameState) -> int:
    """VC Guerrillas in South Vietnam spaces, LoCs included (1.3.5)."""
    return sum(state.space(key).count(*VC_GUERRILLAS) for key in lib.spaces(state, lib.in_south))


def precondition(state: GameState) -> bool:
    """2+ cards in the RVN Leader box and more than 20 VC Guerrillas in the South."""
    return effects.leader_box_cards(state) >= 2 and vc_guerrillas_in_south(state) > 20


@pivotal(124, precondition=precondition)
def tet_offensive(ctx: Ctx, faction: Faction) -> Proc:
    yield from general_uprising(ctx)


def general_uprising(ctx: Ctx) -> Proc:
    """The card's text, carried out by the VC: also run without the card by shaded APC (96)."""
    yield from free_action(ctx, Faction.VC, TERROR)
    yield from lib.place_steps(
        ctx,
        Faction.VC,
        (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE),
        lib.spaces(ctx.state, lib.is_city),
        6,
        "VC: place a VC piece in a City",
        "5.1",
    )
    yield from free_action(ctx, Faction.VC, JOINT_ATTACK)
