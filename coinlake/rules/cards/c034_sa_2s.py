"""Card 34, SA-2s: a NVA Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
34)``:

- unshaded: when Air Strike Degrades the Trail, the US also takes 1 NVA piece off the map from
  North Vietnam, Laos or Cambodia.
- shaded: an NVA Rally Improves the Trail by 2 boxes rather than 1 (unshaded Wild Weasels can
  cancel it).
"""

from coinlake.rules.cards.lib import capability_card

capability_card(34, __name__)
