"""Card 32, Long Range Guns: a NVA Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
32)``:

- unshaded: Bombard selects at most 1 space.
- shaded: Bombard selects up to 3 spaces.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(32, __name__)
