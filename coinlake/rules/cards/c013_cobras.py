"""Card 13, Cobras: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
13)``:

- unshaded: in 2 US or ARVN Sweep spaces, 1 Active enemy piece that is not a Tunneled Base is
  removed in each (Troops first, Bases last).
- shaded: in each US Assault space, a die roll of 1-3 sends 1 US Troop to Casualties.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(13, __name__)
