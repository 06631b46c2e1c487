"""Card 98, Long Tan (dual use, 5.2).

- unshaded: the executing Faction picks one of two effects, among those that would do
  something (5.1.3): 2 US Troops from Out of Play placed into a Province of its choice
  (any but North Vietnam, 1.4.2; as many as are Out of Play), or every Guerrilla, NVA and
  VC, either side up, removed to Available from every Jungle Province with US Troops.
- shaded: the executing Faction selects a Jungle Province with 2 or more VC Guerrillas and a
  US Base or US Troops; 1 US Base and 1 US Troop there (those there) go to Casualties.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import CASUALTIES, OUT_OF_PLAY, GameState

PLACE_TROOPS, REMOVE_GUERRILLAS = "place-troops", "remove-guerrillas"
GUERRILLAS = (
    Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.NVA_GUERRILLA_ACTIVE,
    Piece.VC_GUERRILLA_UNDERGROUND,
    Piece.VC_GUERRILLA_ACTIVE,
)
VC_GUERRILLAS = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE)


def jungles_with_guerrillas(state: GameState) -> tuple[str, ...]:
    """Jungle Provinces with US Troops and Guerrillas."""
    return lib.spaces(state, lib.is_jungle, lib.has(Piece.US_TROOPS), lib.has(*GUERRILLAS))


@unshaded(98)
def long_tan_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    jungles = jungles_with_guerrillas(ctx.state)
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {
            PLACE_TROOPS: kit.count_at(ctx.state, Piece.US_TROOPS, OUT_OF_PLAY) > 0,
            REMOVE_GUERRILLAS: bool(jungles),
        },
        f"{faction}: place Out of Play US Troops, or remove Guerrillas from Jungles?",
    )
    if branch == REMOVE_GUERRILLAS:
        for key in jungles:
            for piece in GUERRILLAS:
                lib.remove(ctx, piece, key, ctx.state.space(key).pieces[piece], "5.1")
    elif branch == PLACE_TROOPS:
        where = yield from lib.choose_space(
            ctx,
            faction,
            lib.spaces(ctx.state, lib.is_province, lib.outside_north),
            f"{faction}: the Province for 2 Out of Play US Troops",
            "5.1",
        )
        if where is not None:
            kit.place(ctx, Piece.US_TROOPS, 2, where, "5.1.1", OUT_OF_PLAY)


@shaded(98)
def long_tan_shaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = tuple(
        key
        for key in lib.spaces(ctx.state, lib.is_jungle, lib.has(Piece.US_BASE, Piece.US_TROOPS))
        if ctx.state.space(key).count(*VC_GUERRILLAS) >= 2
    )
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: the Jungle where US pieces are struck", "5.1"
    )
    if where is not None:
        for piece in (Piece.US_BASE, Piece.US_TROOPS):
            lib.remove(ctx, piece, where, 1, "5.1", to=CASUALTIES)
