"""Card 37, Khe Sanh (dual use, 5.2).

- unshaded: the executing Faction selects a space holding a US Base and US Troops, then
  removes 10 NVA Troops (to Available, 1.4.1) from that space and the spaces adjacent to it,
  choosing which, as many as there are (5.1.3). Where some such space has NVA Troops within
  1, the space selected must be one of those (5.1.3: text that can be implemented must be).
- shaded: the executing Faction selects a space with US Troops and any NVA piece and moves
  up to 3 US Troops there to Casualties, as many as it likes; the US is then Ineligible
  through the next card (2.3.6 PLAY NOTE), whether or not a Troop went.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import CASUALTIES, GameState

NVA_TROOPS_REMOVED = 10


def base_spaces(state: GameState) -> tuple[str, ...]:
    """Spaces with a US Base and US Troops; those with NVA Troops within 1 space when there
    are any (5.1.3)."""
    bases = lib.spaces(state, lib.has(Piece.US_BASE), lib.has(Piece.US_TROOPS))
    useful = tuple(
        key
        for key in bases
        if any(state.space(k).pieces[Piece.NVA_TROOPS] for k in lib.within(key, 1))
    )
    return useful or bases


@unshaded(37)
def khe_sanh_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    where = yield from lib.choose_space(
        ctx,
        faction,
        base_spaces(ctx.state),
        f"{faction}: the space with a US Base and US Troops",
        "5.1",
    )
    if where is not None:
        yield from lib.remove_steps(
            ctx,
            faction,
            (Piece.NVA_TROOPS,),
            lib.within(where, 1),
            NVA_TROOPS_REMOVED,
            f"{faction}: remove an NVA Troop within 1 space",
            "5.1",
        )


@shaded(37)
def khe_sanh_shaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.has(Piece.US_TROOPS), lib.has(*pieces_of(Faction.NVA)))
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: the space with US Troops and NVA", "5.1"
    )
    if where is not None:
        yield from lib.remove_steps(
            ctx,
            faction,
            (Piece.US_TROOPS,),
            (where,),
            3,
            f"{faction}: up to 3 US Troops to Casualties (or done)",
            "5.1",
            to=CASUALTIES,
            optional=True,
        )
    effects.ineligible_through_next_card(ctx, Faction.US, "5.1")
