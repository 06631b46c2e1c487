"""Card 27, Phoenix Program (dual use, 5.2).

- unshaded: the executing Faction removes 3 VC pieces in all, one at a time, from spaces
  under COIN Control (1.7; removing VC pieces there never ends it): Guerrillas and Bases
  without Tunnel -- a Tunneled Base only if the VC executes and so opts, never forced
  (1.4.4, 5.1.1) -- as many as there are (5.1.3).
- shaded: in 2 spaces other than Saigon under COIN Control with a VC piece, the executing
  Faction adds a Terror marker (while one of the 15 is left, 3.3.4, 5.1.1) and sets the
  space to Active Opposition (where it has Population, 1.6.1). A space qualifies only while
  one of the two would still change it (5.1.3; ruling R146).
"""

from __future__ import annotations

from coinlake.data.map import space
from coinlake.data.pieces import PIECES, Faction
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Support
from coinlake.state.queries import Control

SAIGON = "saigon"
VC_PIECES = PIECES[Faction.VC]
COIN_CONTROL = lib.controlled_by(Control.COIN)


@unshaded(27)
def phoenix_program_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.owner_remove_steps(
        ctx,
        faction,
        VC_PIECES,
        lib.spaces(ctx.state, COIN_CONTROL),
        3,
        f"{faction}: remove a VC piece from a COIN-Controlled space",
        "5.1",
    )


def would_change(state: GameState, key: str) -> bool:
    """A Terror marker is left to add there, or its level would become Active Opposition."""
    level = state.space(key).support
    settable = space(key).can_have_support and level is not Support.ACTIVE_OPPOSITION
    return kit.markers_left(state) > 0 or settable


def shaded_candidates(state: GameState) -> tuple[str, ...]:
    """Spaces outside Saigon with COIN Control and a VC piece that the text would change."""
    return tuple(
        key
        for key in lib.spaces(state, lib.other_than(SAIGON), COIN_CONTROL, lib.has(*VC_PIECES))
        if would_change(state, key)
    )


def _terror_and_opposition(ctx: Ctx, key: str) -> None:
    kit.add_marker(ctx, key, "terror", "5.1.1")
    lib.set_level(ctx, key, Support.ACTIVE_OPPOSITION, "5.1")


@shaded(27)
def phoenix_program_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.each_space(
        ctx,
        faction,
        shaded_candidates,
        2,
        f"{faction}: a COIN-Controlled space with VC outside Saigon for Terror and Opposition",
        "5.1",
        lambda key: _terror_and_opposition(ctx, key),
    )
