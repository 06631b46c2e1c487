"""Card 19, CORDS: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
19)``:

- unshaded: US Train may Pacify in 2 of its spaces.
- shaded: US Train Pacifies no further than Passive Support.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(19, __name__)
