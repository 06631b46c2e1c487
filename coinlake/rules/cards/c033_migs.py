"""Card 33, MiGs: a NVA Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
33)``:

- unshaded: the NVA loses 6 Resources at each Reset.
- shaded: while unshaded Top Gun is not in effect, each Trail Degrade by Air Strike sends 1
  Available US Troop to Casualties.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(33, __name__)
