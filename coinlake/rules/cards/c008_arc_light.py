"""Card 8, Arc Light: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
8)``:

- unshaded: each Air Strike may include 1 Province without COIN pieces.
- shaded: Air Strike spaces where more than 1 piece is removed shift 2 levels toward Active
  Opposition.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(8, __name__)
