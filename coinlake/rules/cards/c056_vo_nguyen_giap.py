"""Card 56, Vo Nguyen Giap (dual use, 5.2).

- unshaded: the executing Faction selects 3 different spaces (card tip) each holding at least
  2 Guerrillas, NVA or VC in any mix, as many as there are (5.1.3); in each it removes 2 of
  them of its choice to Available and places 1 NVA Troop from Available -- or, with none
  Available, only removes them (5.1.1; ruling R259).
- shaded: the NVA (named, so it decides, 5.1) Marches for free into up to 3 spaces (3.3.2,
  5.5), even in Monsoon (card tip, 5.1.1); then, in each space it Marched into, in that
  order, it may execute 1 free Operation or Special Activity of its choice restricted to
  that space (Monsoon applies to it, ruling R251), or decline ("if desired").
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

GUERRILLAS = (
    Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.NVA_GUERRILLA_ACTIVE,
    Piece.VC_GUERRILLA_UNDERGROUND,
    Piece.VC_GUERRILLA_ACTIVE,
)
MARCH = Grant("march", max_spaces=3, ignore_monsoon=True)
WITHIN = Grant(kind=None, optional=True)


def with_2_guerrillas(state: GameState) -> tuple[str, ...]:
    """Spaces holding at least 2 Guerrillas, NVA and VC together."""
    return tuple(k for k in lib.spaces(state) if state.space(k).count(*GUERRILLAS) >= 2)


@unshaded(56)
def vo_nguyen_giap_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    def replace_2(key: str) -> Proc:
        yield from lib.remove_steps(
            ctx, faction, GUERRILLAS, (key,), 2, f"{faction}: a Guerrilla to replace", "5.1"
        )
        kit.place(ctx, Piece.NVA_TROOPS, 1, key, "5.1.1")

    yield from lib.each_space(
        ctx,
        faction,
        with_2_guerrillas,
        3,
        f"{faction}: a space where 2 Guerrillas become 1 NVA Troop",
        "5.1",
        replace_2,
    )


@shaded(56)
def vo_nguyen_giap_shaded(ctx: Ctx, faction: Faction) -> Proc:
    marched = yield from free_action(ctx, Faction.NVA, MARCH)
    for key in marched.spaces:
        yield from free_action(ctx, Faction.NVA, WITHIN.within((key,)))
