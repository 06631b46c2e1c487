"""Card 96, APC (dual use, 5.2).

- unshaded: the US, then the ARVN, Pacify at once as in the Support Phase (6.3.1), each
  deciding its own (5.1): in up to 4 spaces together with COIN Control, Police and the
  Pacifying Faction's Troops, but every step -- a Terror marker removed or a level shifted
  (card tip) -- costs nothing (rulings R80, R258), and no space shifts more than 1 level in all
  (``coup.pacify``).
- shaded: if Tet Offensive (124) is on the played pile, it goes back to the VC, who may play
  it again (2.3.8, ``lib.return_pivotal``); otherwise the VC carries out Tet Offensive's text
  without the card, which stays where it is (card tip): free Terror with 1 Underground VC
  Guerrilla per space, 6 VC pieces in Cities, then the joint Guerrilla Attack.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import coup
from coinlake.rules.cards import lib
from coinlake.rules.cards.c124_tet_offensive import general_uprising
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc


@unshaded(96)
def apc_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from coup.pacify(ctx, (Faction.US, Faction.ARVN), cost=0, max_levels=1)


@shaded(96)
def apc_shaded(ctx: Ctx, faction: Faction) -> Proc:
    if not lib.return_pivotal(ctx, Faction.VC, "5.1"):
        yield from general_uprising(ctx)
