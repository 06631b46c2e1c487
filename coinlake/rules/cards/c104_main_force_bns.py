"""Card 104, Main Force Bns: a VC Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
104)``:

- unshaded: a March into a Support space or LoC Activates when the moving group plus the COIN
  pieces there other than Bases exceed 1 (not 3).
- shaded: in one of its Ambush spaces the VC may take out a second enemy piece.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(104, __name__)
