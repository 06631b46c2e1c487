"""Card 68, Green Berets (dual use, 5.2).

- unshaded: the executing Faction picks Irregulars or Rangers (a kind with pieces Available,
  5.1.3) and a Province outside North Vietnam (1.4.2) not under NVA Control (1.7), places 3
  of that kind there from Available, as many as there are (1.4.1, Underground, 1.4.3), and
  sets it to Active Support (where it has Population, 1.6.1). With neither kind
  Available, only a Province that Active Support would change qualifies (ruling R151).
- shaded: the executing Faction removes 3 Irregulars from the map to Available, one at a
  time, as many as there are; then it sets 1 Province that lost one of them to Active
  Opposition, among those with Population not there already (1.6.1, 5.1.3; ruling R151).
"""

from __future__ import annotations

from coinlake.data.map import Space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState, Support
from coinlake.state.queries import Control

IRREGULARS = (Piece.US_IRREGULAR_UNDERGROUND, Piece.US_IRREGULAR_ACTIVE)
KINDS = {"irregulars": Piece.US_IRREGULAR_UNDERGROUND, "rangers": Piece.ARVN_RANGER_UNDERGROUND}
"""The two kinds to place, by the word that picks them, in box form."""


def _not_nva_controlled(state: GameState, where: Space) -> bool:
    return not lib.controlled_by(Control.NVA)(state, where)


def _settable(level: Support) -> lib.SpaceTest:
    """Setting the space to ``level`` would change it (1.6.1)."""
    others = tuple(s for s in Support if s is not level)
    return lib.at_level(*others)


@unshaded(68)
def green_berets_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    word = yield from lib.choose_branch(
        ctx,
        faction,
        {w: ctx.state.available[p] > 0 for w, p in KINDS.items()},
        f"{faction}: place 3 Irregulars or 3 Rangers?",
        "5.1",
    )
    tests: list[lib.SpaceTest] = [lib.is_province, lib.outside_north, _not_nva_controlled]
    if word is None:
        tests.append(_settable(Support.ACTIVE_SUPPORT))
    where = yield from lib.choose_space(
        ctx,
        faction,
        lib.spaces(ctx.state, *tests),
        f"{faction}: a Province without NVA Control to place in and set to Active Support",
        "5.1",
    )
    if where is None:
        return
    if word is not None:
        kit.place(ctx, KINDS[word], 3, where, "5.1.1")
    lib.set_level(ctx, where, Support.ACTIVE_SUPPORT, "5.1")


@shaded(68)
def green_berets_shaded(ctx: Ctx, faction: Faction) -> Proc:
    before = {key: ctx.state.space(key).count(*IRREGULARS) for key in lib.spaces(ctx.state)}
    yield from lib.remove_steps(
        ctx,
        faction,
        IRREGULARS,
        lib.spaces(ctx.state, lib.has(*IRREGULARS)),
        3,
        f"{faction}: remove an Irregular to Available",
        "5.1",
    )
    lost = [key for key, n in before.items() if ctx.state.space(key).count(*IRREGULARS) < n]
    provinces = lib.spaces(
        ctx.state, lib.among(lost), lib.is_province, _settable(Support.ACTIVE_OPPOSITION)
    )
    where = yield from lib.choose_space(
        ctx, faction, provinces, f"{faction}: a Province to set to Active Opposition", "5.1"
    )
    if where is not None:
        lib.set_level(ctx, where, Support.ACTIVE_OPPOSITION, "5.1")
