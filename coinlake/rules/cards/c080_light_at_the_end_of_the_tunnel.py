"""Card 80, Light at the End of the Tunnel (single use).

The executing Faction decides every detail (5.1, the card's tip):

1. it removes 1 to 4 US pieces (Troops, Bases, Irregulars) from anywhere on the map to
   Available (1.4.1): the first is compulsory while any US piece is on the map (5.1.3), up
   to 3 more are its choice;
2. for each piece removed: Patronage +2 (at most 75, 1.8); 1 space shifts 1 level toward
   Active Opposition -- a different space for each piece, among those that can still shift
   (Population above 0 and not at Active Opposition, 1.6; ruling R130); and 4 NVA Troops
   from Available (1.4.1) go into spaces outside South Vietnam (North Vietnam, Laos and
   Cambodia, 1.3.5), as many as are Available (5.1.3);
3. it stays Eligible for the next card (2.3.6 PLAY NOTE) -- even with no US piece on the map,
   since that part can still be carried out (5.1.3; ruling R131).
"""

from __future__ import annotations

from coinlake.data.cards import CARDS, CardKind
from coinlake.data.map import SPACES, Space
from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects, kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Support, Track

US_PIECES = pieces_of(Faction.US)
MOST = 4


def can_shift_toward_opposition(state: GameState, where: Space) -> bool:
    """A space with Population not yet at Active Opposition (1.6.1)."""
    return (
        where.can_have_support
        and state.spaces[where.index].support is not Support.ACTIVE_OPPOSITION
    )


OUTSIDE_THE_SOUTH = tuple(s.id for s in SPACES if not s.in_south)
"""North Vietnam, Laos and Cambodia (1.3.5), in map order."""


def _us_spaces(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.has(*US_PIECES))


def _shift(ctx: Ctx, key: str) -> None:
    kit.shift(ctx, key, -1, "5.1")


def _effective(state: GameState, faction: Faction) -> bool:
    """8.1: with a US piece on the map something always happens; without, only staying
    Eligible -- no effect when a Coup card shows next, as its Reset makes every Faction
    Eligible anyway (6.6, ruling R75)."""
    if kit.on_map(state, *US_PIECES):
        return True
    upcoming = state.next_card
    return upcoming is None or CARDS[upcoming].kind is not CardKind.COUP


@single(80, effective=_effective)
def light_at_the_end_of_the_tunnel(ctx: Ctx, faction: Faction) -> Proc:
    removed = yield from lib.remove_steps(
        ctx, faction, US_PIECES, _us_spaces, 1, f"{faction}: a US piece to Available", "5.1"
    )
    if removed:
        removed += yield from lib.remove_steps(
            ctx,
            faction,
            US_PIECES,
            _us_spaces,
            MOST - 1,
            f"{faction}: another US piece to Available (or done)",
            "5.1",
            optional=True,
        )
    ctx.add_track(Track.PATRONAGE, 2 * removed, "5.1.1")
    yield from lib.each_space(
        ctx,
        faction,
        lambda state: lib.spaces(state, can_shift_toward_opposition),
        removed,
        f"{faction}: a space to shift 1 level toward Active Opposition",
        "5.1",
        lambda key: _shift(ctx, key),
    )
    yield from lib.place_steps(
        ctx,
        faction,
        (Piece.NVA_TROOPS,),
        OUTSIDE_THE_SOUTH,
        4 * removed,
        f"{faction}: an NVA Troop outside the South",
        "5.1",
    )
    effects.stay_eligible(ctx, faction, "2.3.6")
