"""Card 20, Laser Guided Bombs: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
20)``:

- unshaded: an Air Strike space that lost only a single piece keeps its Support/Opposition.
- shaded: Air Strike removes at most 2 pieces.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(20, __name__)
