"""Card 74, Lam Son 719 (dual use, 5.2).

- unshaded: the executing Faction selects a Laos space (even if it places nothing) and places
  up to 6 ARVN Troops there from Available (1.4.1; the executing Faction's own forces, or the
  US's ARVN ones, from the map once none is Available, ruling R207). The ARVN then executes 1
  free Limited Operation of its choice in that space only (2.3.5, 5.5; the ARVN decides, card
  tip; only Operations that would occur there are offered, ruling R252). Then the Trail
  Degrades 2 boxes (at least 0, 6.7; even under shaded Oriskany, 5.1.2).
- shaded: NVA Resources +6, +1 per ARVN piece (Bases included) in Laos, not Cambodia (at
  most 75, 1.8; ruling R260).
"""

from __future__ import annotations

from coinlake.data.map import Country, Space
from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Track


def in_laos(state: GameState, where: Space) -> bool:
    """A Laos Province (1.3.5)."""
    return where.country is Country.LAOS


@unshaded(74)
def lam_son_719_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    key = yield from lib.choose_space(
        ctx, faction, lib.spaces(ctx.state, in_laos), f"{faction}: the Laos space", "5.1"
    )
    assert key is not None
    yield from lib.place_steps(
        ctx,
        faction,
        (Piece.ARVN_TROOPS,),
        (key,),
        6,
        f"{faction}: place up to 6 ARVN Troops (or done)",
        "5.1",
        optional=True,
        from_map=True,
    )
    yield from free_action(ctx, Faction.ARVN, Grant(limited=True, spaces=(key,)))
    effects.change_trail(ctx, -2, "5.1", by_event=True)


@shaded(74)
def lam_son_719_shaded(ctx: Ctx, faction: Faction) -> None:
    state = ctx.state
    arvn = sum(state.space(k).count(*pieces_of(Faction.ARVN)) for k in lib.spaces(state, in_laos))
    ctx.add_track(Track.NVA_RESOURCES, 6 + arvn, "5.1")
