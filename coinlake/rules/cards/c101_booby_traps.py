"""Card 101, Booby Traps: a VC Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
101)``:

- unshaded: NVA and VC Ambush take at most 1 space.
- shaded: after each Sweep, the VC removes 1 Sweeping Troop per Sweep space on a die roll of 1-3
  (US to Casualties).
"""

from coinlake.rules.cards.lib import capability_card

capability_card(101, __name__)
