"""Card 18, Combined Action Platoons: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
18)``:

- unshaded: each US Train places or moves 1 extra Police into 1 space with US Troops.
- shaded: a US Sweep selects at most 2 spaces.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(18, __name__)
