"""Card 14, M-48 Patton: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
14)``:

- unshaded: in 2 US Assault spaces that are not Lowland, 2 more enemy pieces are removed in
  each.
- shaded: once a US or ARVN Patrol is over, the NVA may take off as many as 2 of the cubes
  that just moved (US ones to Casualties).
"""

from coinlake.rules.cards.lib import capability_card

capability_card(14, __name__)
