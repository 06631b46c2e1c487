"""Card 31, AAA: a NVA Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
31)``:

- unshaded: a Rally that Improves the Trail selects at most 1 space.
- shaded: Air Strike cannot Degrade the Trail below 2.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(31, __name__)
