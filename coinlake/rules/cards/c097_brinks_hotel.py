"""Card 97, Brinks Hotel (dual use, 5.2).

- unshaded: the executing Faction picks Aid +10 (at most 75, 1.8) or moving 4 Patronage to
  ARVN Resources (as much as there is, ARVN Resources at most 75) -- among those that can do
  something (5.1.3, ruling R132). Then the current RVN Leader card is flipped: its lingering
  text no longer applies (``effects.leader_in_effect``), but it still counts as a card in
  the RVN Leader box (2.4.1, e.g. for Pivotal pre-conditions, 2.3.8). Duong Van Minh is not
  a card and a Failed Attempt has no text: nothing to flip then (the card's tip; ruling
  R133).
- shaded: the executing Faction picks a City with a VC piece (Guerrilla or Base); it shifts
  2 levels toward Active Opposition (1.6) and gets a Terror marker, even if it has one,
  while one of the 15 is left (3.3.4, 5.1.1).
"""

from __future__ import annotations

from coinlake.data.cards import FAILED_ATTEMPTS
from coinlake.data.pieces import Faction, pieces_of
from coinlake.rules import effects, kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Support, Track

AID = "aid"
PATRONAGE = "patronage-to-arvn"
VC_PIECES = pieces_of(Faction.VC)


def flippable_leader(state: GameState) -> int | None:
    """The current RVN Leader card if it can be flipped: a Leader card (not Minh, not a
    Failed Attempt, 2.4.1) not flipped yet."""
    leader = effects.rvn_leader(state)
    if leader is None or leader in FAILED_ATTEMPTS:
        return None
    return None if effects.card_marker(state, leader) == effects.LEADER_FLIPPED else leader


@unshaded(97)
def brinks_hotel_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {AID: state.aid < 75, PATRONAGE: state.patronage > 0},
        f"{faction}: Aid +10, or 4 Patronage to ARVN Resources",
    )
    if branch == AID:
        ctx.add_track(Track.AID, 10, "5.1.1")
    elif branch == PATRONAGE:
        moved = min(4, ctx.state.patronage)
        ctx.add_track(Track.PATRONAGE, -moved, "5.1")
        ctx.add_track(Track.ARVN_RESOURCES, moved, "5.1.1")
    leader = flippable_leader(ctx.state)
    if leader is not None:
        effects.set_card_marker(ctx, leader, effects.LEADER_FLIPPED, "2.4.1")


def _vc_cities(state: GameState) -> tuple[str, ...]:
    return lib.spaces(state, lib.is_city, lib.has(*VC_PIECES))


def _shaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: a City with VC that can shift, or a Terror marker left to add (the dry run
    picks the first such City in map order, which may do neither)."""
    cities = _vc_cities(state)
    return bool(cities) and (
        kit.markers_left(state) > 0
        or any(state.space(k).support is not Support.ACTIVE_OPPOSITION for k in cities)
    )


@shaded(97, effective=_shaded_effective)
def brinks_hotel_shaded(ctx: Ctx, faction: Faction) -> Proc:
    where = yield from lib.choose_space(
        ctx,
        faction,
        _vc_cities(ctx.state),
        f"{faction}: a City with VC to shift 2 levels toward Active Opposition",
        "5.1",
    )
    if where is not None:
        kit.shift(ctx, where, -2, "5.1")
        kit.add_marker(ctx, where, "terror", "5.1.1")
