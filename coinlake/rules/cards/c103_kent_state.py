"""Card 103, Kent State (dual use, 5.2).

- unshaded: the executing Faction moves 2 US Casualties of its choice (Troops or Bases) to
  Available (as many as there are, 5.1.3); the US executes 1 free Limited Operation of its
  choice (2.3.5, 5.5; ruling R250); then the US cylinder goes to the Eligible box from
  wherever it is (card tip, 2.3.1, ``lib.make_eligible``): a US that has not acted may act
  on this card; a US that executed the Event stays Eligible (ruling R81).
- shaded: the executing Faction moves 0 to 3 US Troop Casualties Out of Play; Aid -6 (at
  least 0, 1.8); the US is Ineligible through the next card (2.3.6 PLAY NOTE).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, CASUALTIES, OUT_OF_PLAY, Track

LIMOP = Grant(limited=True)


@unshaded(103)
def kent_state_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.box_steps(
        ctx,
        faction,
        pieces_of(Faction.US),
        CASUALTIES,
        AVAILABLE,
        2,
        f"{faction}: a US Casualty to Available",
        "5.1",
    )
    yield from free_action(ctx, Faction.US, LIMOP)
    lib.make_eligible(ctx, Faction.US, faction, "5.1")


@shaded(103)
def kent_state_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.box_steps(
        ctx,
        faction,
        (Piece.US_TROOPS,),
        CASUALTIES,
        OUT_OF_PLAY,
        3,
        f"{faction}: a US Troop Casualty Out of Play (or done)",
        "5.1",
        optional=True,
    )
    ctx.add_track(Track.AID, -6, "5.1")
    effects.ineligible_through_next_card(ctx, Faction.US, "5.1")
