"""Card 71, An Loc (dual use, 5.2).

- unshaded: the executing Faction selects a space in South Vietnam (LoCs included, 1.3.5)
  with an ARVN piece; every NVA Troop there goes to Available, then 3 ARVN Troops are
  placed there from Available (the ARVN executing may take its own from the map once none
  is, 1.4.1, ruling R207).
- shaded: the NVA (named, 5.1) selects a City -- one its Troops could March into now where
  there is such (5.1.3) -- then Marches only Troops into it for free (3.3.2, 5.5), even in
  Monsoon (the card's tip, 5.1.1): moving into An Loc, Troops may go on through Laos and
  Cambodia while the Trail is above 0 (THE TRAIL), those spaces being destinations on the
  way. Then it Attacks there for free, twice (3.3.3), with Troops or Guerrillas as the
  usual rules allow each time. Ruling R243.
"""

from __future__ import annotations

from coinlake.data.map import ADJACENT, IN_LAOS_CAMBODIA, SPACE_IDS, SPACES
from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

NVA, ARVN = Faction.NVA, Faction.ARVN
ARVN_PIECES = pieces_of(ARVN)
PLACED = 3
CITIES = tuple(s.id for s in SPACES if s.is_city)
LAOS_CAMBODIA = tuple(k for k in SPACE_IDS if IN_LAOS_CAMBODIA[k])
ATTACKS = 2


@unshaded(71)
def an_loc_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.in_south, lib.has(*ARVN_PIECES))
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: the space in the South with ARVN", "5.1"
    )
    if where is None:
        return
    lib.remove(ctx, Piece.NVA_TROOPS, where, ctx.state.space(where).pieces[Piece.NVA_TROOPS], "5.1")
    yield from lib.place_in_each(
        ctx,
        faction,
        Piece.ARVN_TROOPS,
        (where,),
        PLACED,
        f"{faction}: place an ARVN Troop",
        "5.1",
        from_map=faction is ARVN,
    )


def _by_the_trail(city: str) -> bool:
    """A City next to Laos or Cambodia (An Loc): Troops may reach it through the Trail."""
    return any(IN_LAOS_CAMBODIA[k] for k in ADJACENT[city])


def _reachable(state: GameState, city: str) -> bool:
    """NVA Troops could March into ``city`` now: next to it, or -- next to Laos or Cambodia,
    with the Trail above 0 -- in or next to a Laos or Cambodia space (3.3.2 THE TRAIL)."""

    def troops(key: str) -> bool:
        return state.space(key).pieces[Piece.NVA_TROOPS] > 0

    if any(troops(k) for k in ADJACENT[city]):
        return True
    if not _by_the_trail(city) or state.trail == 0:
        return False
    return any(troops(k) for lc in LAOS_CAMBODIA for k in (lc, *ADJACENT[lc]))


@shaded(71)
def an_loc_shaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    candidates = tuple(c for c in CITIES if _reachable(state, c)) or CITIES
    city = yield from lib.choose_space(
        ctx, NVA, candidates, "NVA: the City to March Troops into and Attack twice", "5.1"
    )
    if city is None:
        return
    way = LAOS_CAMBODIA if _by_the_trail(city) else ()
    march = Grant("march", spaces=(city, *way), mode="troops", ignore_monsoon=True)
    yield from free_action(ctx, NVA, march)
    for _ in range(ATTACKS):
        yield from free_action(ctx, NVA, Grant("attack", spaces=(city,)))
