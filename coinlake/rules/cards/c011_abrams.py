"""Card 11, Abrams: a US Capability (5.3).

Neither text has an immediate effect: executing one puts the Capability into effect on that
side for the rest of the game, and the rules concerned consult ``effects.capability(state,
11)``:

- unshaded: in 1 US Assault space, 1 enemy Base without Tunnel may be removed first rather than
  last.
- shaded: a US Assault selects at most 2 spaces.
"""

from coinlake.rules.cards.lib import capability_card

capability_card(11, __name__)
