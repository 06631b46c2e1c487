"""Card 84, To Quoc (dual use, 5.2).

- unshaded: 1 ARVN Troop and 1 ARVN Police are placed in each space of South Vietnam (LoCs
  included, 1.3.5) with an NVA piece; when too few are Available, the executing Faction
  places those there where it likes (5.1.3) -- ARVN, or the US, may then take ARVN cubes
  from elsewhere on the map (1.4.1).
- shaded: ARVN (named, so it picks which cubes, 5.1) removes a third of its cubes, rounded
  down, in every space, to Available -- the Failed Attempt's step (2.4,
  ``coup.failed_attempt``); then the executing Faction places a VC Guerrilla in 3 of the
  spaces where ARVN removed cubes, from Available (the VC may take its own from the map
  once none is, 1.4.1), as many as it can (5.1.3).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import coup
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

CUBE_NAMES = {Piece.ARVN_TROOPS: "ARVN Troop", Piece.ARVN_POLICE: "ARVN Police"}


@unshaded(84)
def to_quoc_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    spaces = lib.spaces(ctx.state, lib.in_south, lib.has(*pieces_of(Faction.NVA)))
    for cube in (Piece.ARVN_TROOPS, Piece.ARVN_POLICE):
        yield from lib.place_in_each(
            ctx,
            faction,
            cube,
            spaces,
            1,
            f"{faction}: place an {CUBE_NAMES[cube]} in a South Vietnam space with NVA",
            "5.1",
            from_map=True,
        )


def losing_spaces(state: GameState) -> tuple[str, ...]:
    """Spaces where ARVN has 3 or more cubes: it loses 1 in 3 there (2.4)."""
    return tuple(
        key
        for key in lib.spaces(state)
        if state.space(key).count(Piece.ARVN_TROOPS, Piece.ARVN_POLICE) >= 3
    )


@shaded(84)
def to_quoc_shaded(ctx: Ctx, faction: Faction) -> Proc:
    removed = losing_spaces(ctx.state)
    yield from coup.failed_attempt(ctx, label="To Quoc", rule="5.1")
    yield from lib.place_in_spaces(
        ctx,
        faction,
        (Piece.VC_GUERRILLA_UNDERGROUND,),
        removed,
        3,
        f"{faction}: place a VC Guerrilla where ARVN removed cubes",
        "5.1",
        from_map=True,
    )
