"""Card 54, Son Tay (dual use, 5.2).

- unshaded: 2 US Troops go from Casualties to Available (only US pieces are Casualties,
  1.4.1; as many as there are, 5.1.3); the NVA become Ineligible through the next card (2.3.6
  PLAY NOTE, at once: it cannot act later on this card); the US cylinder goes to the
  Eligible box from wherever it is (card tip), so the US may still act on this card if it
  has not, and stays Eligible for the next card if it executed the Event
  (``lib.make_eligible``, 2.3.6 PLAY NOTE; ruling R117).
- shaded: the executing Faction moves any 2 pieces from Casualties to Out of Play (US Troops,
  Bases or Irregulars, its choice); the US becomes Ineligible through the next card.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, CASUALTIES, OUT_OF_PLAY


@unshaded(54)
def son_tay_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.box_steps(
        ctx,
        faction,
        (Piece.US_TROOPS,),
        CASUALTIES,
        AVAILABLE,
        2,
        f"{faction}: a US Troop from Casualties to Available",
        "5.1",
    )
    effects.ineligible_through_next_card(ctx, Faction.NVA, "5.1")
    lib.make_eligible(ctx, Faction.US, faction, "5.1")


@shaded(54)
def son_tay_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.box_steps(
        ctx,
        faction,
        pieces_of(Faction.US),
        CASUALTIES,
        OUT_OF_PLAY,
        2,
        f"{faction}: a Casualty to Out of Play",
        "5.1",
    )
    effects.ineligible_through_next_card(ctx, Faction.US, "5.1")
