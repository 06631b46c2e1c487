"""The Special Activities (4.0), one module per Faction, named after the rulebook: ``us``
(Advise 4.2.1, Air Lift 4.2.2, Air Strike 4.2.3), ``arvn`` (Govern 4.3.1, Transport 4.3.2,
Raid 4.3.3), ``nva`` (Infiltrate 4.4.1, Bombard 4.4.2), ``vc`` (Tax 4.5.1, Subvert 4.5.2),
and ``ambush`` (4.4.3, 4.5.3), shared by the NVA and VC. Each registers itself in
:mod:`coinlake.rules.actions` when imported.
"""

from coinlake.rules.special_activities import ambush, arvn, nva, us, vc

__all__ = ["ambush", "arvn", "nva", "us", "vc"]
