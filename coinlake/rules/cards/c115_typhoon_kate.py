"""Card 115, Typhoon Kate (single use, Momentum, 5.4).

The executing Faction stays Eligible (2.3.6 PLAY NOTE). Until the Coup Round's Reset, Air
Lift, Transport and Bombard may not be executed, and every other Special Activity takes at
most 1 space. The Special Activities consult ``effects.momentum_active(state, 115)``; a
Special Activity that a later Event grants is not held back, since the Event being played
takes precedence (5.1.2).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx


@single(115)
def typhoon_kate(ctx: Ctx, faction: Faction) -> None:
    effects.stay_eligible(ctx, faction, "2.3.6")
