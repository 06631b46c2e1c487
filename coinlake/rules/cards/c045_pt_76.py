"""Card 45, PT-76: a NVA Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
45)``:

- unshaded: each NVA Attack space first loses 1 NVA Troop.
- shaded: in 1 NVA Attack space, 1 enemy is removed per NVA Troop.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(45, __name__)
