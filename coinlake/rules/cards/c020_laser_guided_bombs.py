"""Card 20, Laser Guided Bombs: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
20)``:

- unshaded: Air Strike does not shift Support/Opposition where it removed just 1 piece.
- shaded: Air Strike removes at most 2 pieces.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(20, __name__)
