"""Card 46, 559th Transport Grp (dual use, 5.2).

- unshaded (Momentum, 5.4): the Trail Degrades 2 boxes at once (an Event: shaded Oriskany
  does not stop it, 5.1.2, ruling R16); until the Coup Round's Reset an Infiltrate takes at
  most 1 space (``effects.infiltrate_space_limit``).
- shaded: the NVA Infiltrate for free (4.4.1, 5.5), deciding its details (5.1) -- on its own,
  with no Rally or March, and even under McNamara Line (5.1.2); then the NVA gain 3 and the
  VC 2 Resources per box of the Trail's value (at most 75, 5.1.1).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track

INFILTRATE = Grant("infiltrate")


@unshaded(46)
def transport_grp_559_unshaded(ctx: Ctx, faction: Faction) -> None:
    effects.change_trail(ctx, -2, "6.7", by_event=True)


@shaded(46)
def transport_grp_559_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from free_action(ctx, Faction.NVA, INFILTRATE)
    trail = ctx.state.trail
    ctx.add_track(Track.NVA_RESOURCES, 3 * trail, "5.1.1")
    ctx.add_track(Track.VC_RESOURCES, 2 * trail, "5.1.1")
