"""Card 21, Americal (dual use, 5.2).

- unshaded: the US (named, so it decides, 5.1) picks one destination -- any space US Troops
  may enter (1.4.2) or the Available box -- then moves there up to 2 US Troops from other
  map spaces and up to 2 from Out of Play.
- shaded: the executing Faction selects 1 Province, then may select a 2nd, each with US
  Troops and a VC piece it may remove (Guerrilla or untunneled Base; the VC may opt for its
  own Tunneled Base, 1.4.4, 5.1.1); in each it removes 1 VC piece to Available and sets the
  Province to Active Opposition (where it can have a level, 1.6.1). Provinces whose level
  would change must be chosen first (the card's tip, ruling R191).
"""

from __future__ import annotations

from coinlake.data.map import space
from coinlake.data.pieces import PIECES, Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState, Support

US_TROOPS = (Piece.US_TROOPS,)
VC_PIECES = PIECES[Faction.VC]
TARGET = Support.ACTIVE_OPPOSITION


@unshaded(21)
def americal_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    destination = yield from lib.choose_space(
        ctx,
        Faction.US,
        (*lib.spaces(ctx.state, lib.outside_north), AVAILABLE),
        "US: move US Troops to which space (or to Available)?",
        "5.1",
    )
    assert destination is not None
    yield from lib.move_to(
        ctx,
        Faction.US,
        US_TROOPS,
        lambda state: kit.spaces_with(state, Piece.US_TROOPS),
        destination,
        "US: move up to 2 US Troops from the map (or done)",
        "5.1",
        most=2,
        optional=True,
    )
    yield from lib.move_to(
        ctx,
        Faction.US,
        US_TROOPS,
        (OUT_OF_PLAY,),
        destination,
        "US: move up to 2 US Troops from Out of Play (or done)",
        "5.1",
        most=2,
        optional=True,
    )


@shaded(21)
def americal_shaded(ctx: Ctx, faction: Faction) -> Proc:
    removable = lib.removable_by(faction, VC_PIECES)

    def candidates(state: GameState) -> tuple[str, ...]:
        found = lib.spaces(state, lib.is_province, lib.has(Piece.US_TROOPS), lib.has(*removable))
        changing = tuple(
            k for k in found if space(k).can_have_support and state.space(k).support != TARGET
        )
        return changing or found

    def clean_out(key: str) -> Proc:
        removed = yield from lib.owner_remove_steps(
            ctx, faction, VC_PIECES, (key,), 1, f"{faction}: remove 1 VC piece", "5.1"
        )
        if removed:
            lib.set_level(ctx, key, TARGET, "5.1")

    first = yield from lib.each_space(
        ctx,
        faction,
        candidates,
        1,
        f"{faction}: a Province with US Troops and VC",
        "5.1",
        clean_out,
    )
    if first:
        yield from lib.each_space(
            ctx,
            faction,
            lambda state: tuple(k for k in candidates(state) if k not in first),
            1,
            f"{faction}: a 2nd Province with US Troops and VC (or done)",
            "5.1",
            clean_out,
            optional=True,
        )
