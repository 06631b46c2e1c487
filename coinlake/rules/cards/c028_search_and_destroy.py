"""Card 28, Search and Destroy: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
28)``:

- unshaded: each US Assault space may also remove 1 Underground Guerrilla.
- shaded: each Province with a US or ARVN Assault shifts 1 level toward Active Opposition.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(28, __name__)
