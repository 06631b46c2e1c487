"""Card 109, Nguyen Huu Tho (dual use, 5.2).

- unshaded: every City holding a VC piece (Guerrilla or Base) shifts 1 level toward Active
  Support (none past it, 1.6.1).
- shaded: a VC Base and a VC Guerrilla are placed in Saigon, each only if Available (1.4.1,
  5.1.1) and the Base only below 2 Bases there (1.4.2); the executing Faction stays Eligible
  (2.3.6 PLAY NOTE). 8.1: keeping Eligible is no effect when a Coup card shows next (the
  Reset makes every Faction Eligible, 6.6; ruling R75), so the text is then effective only
  if a piece can be placed (ruling R176).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects, kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx
from coinlake.state.model import GameState

SAIGON = "saigon"


@unshaded(109)
def nguyen_huu_tho_unshaded(ctx: Ctx, faction: Faction) -> None:
    for key in lib.spaces(ctx.state, lib.is_city, lib.has(*pieces_of(Faction.VC))):
        kit.shift(ctx, key, 1, "5.1")


def _places_something(state: GameState) -> bool:
    """A VC Guerrilla is Available, or a VC Base and room for it in Saigon (1.4.1, 1.4.2)."""
    return kit.available(state, Piece.VC_GUERRILLA_UNDERGROUND) > 0 or (
        kit.available(state, Piece.VC_BASE) > 0 and kit.can_place(state, Piece.VC_BASE, SAIGON)
    )


def _shaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: staying Eligible counts unless a Coup card shows next (``effects.monsoon``)."""
    return not effects.monsoon(state) or _places_something(state)


@shaded(109, effective=_shaded_effective)
def nguyen_huu_tho_shaded(ctx: Ctx, faction: Faction) -> None:
    kit.place(ctx, Piece.VC_BASE, 1, SAIGON, "5.1.1")
    kit.place(ctx, Piece.VC_GUERRILLA_UNDERGROUND, 1, SAIGON, "5.1.1")
    effects.stay_eligible(ctx, faction, "2.3.6")
