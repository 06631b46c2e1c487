"""Card 124, Tet Offensive: the VC Pivotal Event (2.3.8, 5.1.4).

Pre-condition: at least 2 cards in the RVN Leader box (Minh is not a card, 2.4.1) and more
than 20 VC Guerrillas in South Vietnam (LoCs included, 1.3.5).

Effect, in order:

1. NOT IMPLEMENTED (no Terror Operation exists yet, 5.1.3): a free VC Terror (3.3.4) in every
   space with an Underground VC Guerrilla, mandatory, Activating exactly 1 Underground VC
   Guerrilla in each; the VC orders the spaces if Terror/Sabotage markers run out. It needs a
   Terror procedure accepting "every space with an Underground VC Guerrilla, mandatory";
2. implemented: the VC places 6 VC pieces (Guerrillas, which arrive Underground, or Bases
   within stacking, 1.4.2) from Available in any Cities, as many as are Available;
3. NOT IMPLEMENTED (no Attack Operation exists yet, 5.1.3): a free Attack (3.3.3), mandatory,
   in every space where VC or NVA Guerrillas are with enemy pieces: all those Guerrillas (VC
   and NVA together) Activate and count for the die roll, and VC pieces are removed before NVA
   ones for Attrition. It needs an Attack procedure for VC and NVA Guerrillas jointly.
"""

from __future__ import annotations

from coinlake.data.map import SPACES
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import pivotal
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

VC_GUERRILLAS = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE)


def vc_guerrillas_in_south(state: GameState) -> int:
    """VC Guerrillas in South Vietnam spaces, LoCs included (1.3.5)."""
    return sum(state.spaces[s.index].count(*VC_GUERRILLAS) for s in SPACES if s.in_south)


def precondition(state: GameState) -> bool:
    """2+ cards in the RVN Leader box and more than 20 VC Guerrillas in the South."""
    return effects.leader_box_cards(state) >= 2 and vc_guerrillas_in_south(state) > 20


@pivotal(124, precondition=precondition)
def tet_offensive(ctx: Ctx, faction: Faction) -> Proc:
    # Step 1 (free Terror everywhere with an Underground VC) awaits the Terror Operation.
    cities = [s.id for s in SPACES if s.is_city]
    yield from lib.place_steps(
        ctx,
        Faction.VC,
        (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE),
        cities,
        6,
        "VC: place a VC piece in a City",
        "5.1",
    )
    # Step 3 (free Attack by VC and NVA Guerrillas with enemies) awaits the Attack Operation.
