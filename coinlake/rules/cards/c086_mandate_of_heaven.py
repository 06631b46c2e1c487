"""Card 86, Mandate of Heaven: a ARVN Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
86)``:

- unshaded: 1 Govern space may move Aid to Patronage without the shift toward Neutral.
- shaded: ARVN Govern and ARVN Pacify each take at most 1 space.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(86, __name__)
