"""Card 115, Typhoon Kate (single use, Momentum, 5.4).

The executing Faction stays Eligible (2.3.6 PLAY NOTE). Until the Coup Round's Reset there is
Air Lift, Transport and Bombard are forbidden, and any other Special Activity is held to 1 space
(Special Activities consult ``effects.momentum_active(state, 115)``; a later Event that
grants a Special Activity takes precedence, 5.1.2).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx, Proc


@single(115)
def typhoon_kate(ctx: Ctx, faction: Faction) -> Proc:
    effects.stay_eligible(ctx, faction, "2.3.6")
    return
    yield
