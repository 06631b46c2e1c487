"""Card 95, Westmoreland (dual use, 5.2).

- unshaded: the US (named, so deciding the details, 5.1) executes for free (5.5), in order:
  an Air Lift (4.2.2); then in 2 spaces of its choice, each a Sweep in place (3.2.3: "no
  moves"; even in Monsoon, the card's tip, 5.1.1) or an Assault (3.2.4) to which no ARVN
  Assault is added ("no ARVN") -- one Sweep in the spaces picked for it and one Assault in
  the others (:func:`lib.sweep_or_assault`; ruling R245); then an Air Strike (4.2.3, the
  Trail included as usual).
- shaded: the executing Faction selects 3 Provinces without ARVN Police whose level can
  still move toward Active Opposition (Population 0 never does, 1.6.1; as R162) and shifts
  each 2 levels that way, fewer Provinces when fewer qualify (5.1.3).
"""

from __future__ import annotations

from coinlake.data.map import SPACE_IDS
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

US = Faction.US
SPACES_SELECTED = 2
SWEEP = Grant("sweep", ignore_monsoon=True)
ASSAULT = Grant("assault", no_arvn=True)
PROVINCES_SHIFTED = 3
LEVELS = 2


@unshaded(95)
def westmoreland_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from free_action(ctx, US, Grant("air-lift"))
    yield from lib.sweep_or_assault(
        ctx,
        US,
        SPACE_IDS,
        SPACES_SELECTED,
        "US: a space to Sweep in place or Assault in",
        "5.1",
        sweep=SWEEP,
        assault=ASSAULT,
    )
    yield from free_action(ctx, US, Grant("air-strike"))


@shaded(95)
def westmoreland_shaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(
        ctx.state, lib.is_province, lib.lacks(Piece.ARVN_POLICE), lib.can_shift(-1)
    )

    def shift(key: str) -> None:
        kit.shift(ctx, key, -LEVELS, "5.1")

    yield from lib.each_space(
        ctx,
        faction,
        candidates,
        PROVINCES_SHIFTED,
        f"{faction}: a Province without Police to shift 2 levels toward Active Opposition",
        "5.1",
        shift,
    )
