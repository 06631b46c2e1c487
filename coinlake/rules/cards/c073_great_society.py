"""Card 73, Great Society (dual use, 5.2).

- unshaded: a Commitment Phase is conducted now, as in a Coup Round (6.5), the US deciding
  its details (``coup.commitment``): unshaded Medevac (15), if in play, applies to it and
  stays in play for the Coup Round's own Commitment Phase (card 15's tip); no Coup Round
  record, Coup Card marker or Momentum is touched.
- shaded: the US moves 3 of its pieces (Troops, Bases or Irregulars, its choice) from
  Available to Out of Play, as many as are Available (5.1.3).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, pieces_of
from coinlake.rules import coup
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY


@unshaded(73)
def great_society_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from coup.commitment(ctx)


@shaded(73)
def great_society_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.box_steps(
        ctx,
        Faction.US,
        pieces_of(Faction.US),
        AVAILABLE,
        OUT_OF_PLAY,
        3,
        "US: a piece from Available to Out of Play",
        "5.1",
    )
