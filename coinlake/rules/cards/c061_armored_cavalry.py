"""Card 61, Armored Cavalry: a ARVN Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
61)``:

- unshaded: after its Operation, ARVN may Assault for free in 1 Transport destination.
- shaded: Transport moves Rangers only.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(61, __name__)
