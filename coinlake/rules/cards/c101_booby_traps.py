"""Card 101, Booby Traps: a VC Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
101)``:

- unshaded: NVA and VC Ambush take at most 1 space.
- shaded: after each Sweep, in every Sweep space the VC rolls a die and, when it shows 3 or
  less, takes off 1 of the Troops that Swept there (US ones to Casualties).
"""

from coinlake.rules.cards.lib import capability_card

capability_card(101, __name__)
