"""Card 65, International Forces (dual use, 5.2).

- unshaded: the executing Faction places 4 US pieces from Out of Play (Troops, Bases or
  Irregulars, its choice) in any spaces but North Vietnam, keeping stacking (1.4.2: no Base
  on a LoC nor a third Base), as many as there are (5.1.3); Irregulars arrive Underground
  (1.4.3).
- shaded: a die roll says how many US pieces the US must remove from the map to Out of Play
  (the US choosing which, card tip; Bases included), as many as there are (5.1.3); with no
  US piece on the map the die is not rolled (rulings R119, R210).
"""

from __future__ import annotations

from coinlake.data.pieces import BOX_FORMS, Faction, pieces_of
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import OUT_OF_PLAY

US_PIECES = pieces_of(Faction.US)
US_BOX_FORMS = tuple(p for p in US_PIECES if p in BOX_FORMS)


@unshaded(65)
def international_forces_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_anywhere(
        ctx,
        faction,
        US_BOX_FORMS,
        lib.spaces(ctx.state, lib.outside_north),
        4,
        f"{faction}: place an Out of Play US piece on the map",
        "5.1",
        source=OUT_OF_PLAY,
    )


@shaded(65)
def international_forces_shaded(ctx: Ctx, faction: Faction) -> Proc:
    if not kit.on_map(ctx.state, *US_PIECES):
        return  # nothing to remove: no roll (rulings R119, R210)
    roll = ctx.roll("International Forces: US pieces to remove", "5.1")
    yield from lib.remove_steps(
        ctx,
        Faction.US,
        US_PIECES,
        lib.spaces(ctx.state),
        roll,
        "US: remove a US piece from the map to Out of Play",
        "5.1",
        to=OUT_OF_PLAY,
    )
