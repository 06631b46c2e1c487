"""Card 116, Cadres: a VC Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
116)``:

- unshaded: VC Terror or Agitation must remove 2 VC Guerrillas in each such space.
- shaded: a VC Rally in 1 space that already had a VC Base may also Agitate there as in the
  Support Phase, even under COIN Control.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(116, __name__)
