"""Card 87, Nguyen Chanh Thi (dual use, 5.2).

- unshaded: the executing Faction places 3 ARVN pieces (Troops, Police, Rangers or Bases,
  its choice) from Available in spaces within 3 of Hue (1.3.6; never North Vietnam, no
  Base on a LoC or as a 3rd Base, 1.4.2), as many as are Available (5.1.1, 5.1.3); then
  each space that received one shifts 1 level toward Active Support, once however many it
  received (LoCs and Population 0 do not shift, 1.6.1; ruling R166).
- shaded: it replaces 2 ARVN pieces (any, Bases included) in spaces within 2 of Hue, one
  at a time, each with a VC Guerrilla or VC Base (its choice) from Available in the same
  space -- simply removed when no VC piece fits (5.1.1, 1.4.2; ruling R167); then
  Patronage +4 or -4, its choice among the ways Patronage can move (5.1.3, ruling R164).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Track

HUE = "hue"
WITHIN_3 = lib.within(HUE, 3)
WITHIN_2 = lib.within(HUE, 2)
ARVN_PIECES: tuple[Piece, ...] = pieces_of(Faction.ARVN)
VC_PIECES: tuple[Piece, ...] = pieces_of(Faction.VC)


def _arvn_pieces(ctx: Ctx, key: str) -> int:
    return ctx.state.space(key).count(*ARVN_PIECES)


@unshaded(87)
def nguyen_chanh_thi_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    before = {key: _arvn_pieces(ctx, key) for key in WITHIN_3}
    yield from lib.place_steps(
        ctx,
        faction,
        ARVN_PIECES,
        WITHIN_3,
        3,
        f"{faction}: place an ARVN piece within 3 spaces of Hue",
        "5.1.1",
    )
    for key in WITHIN_3:
        if _arvn_pieces(ctx, key) > before[key]:
            kit.shift(ctx, key, 1, "5.1")


@shaded(87)
def nguyen_chanh_thi_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.replace_steps(
        ctx,
        faction,
        ARVN_PIECES,
        VC_PIECES,
        WITHIN_2,
        2,
        f"{faction}: replace an ARVN piece within 2 spaces of Hue with a VC piece",
        "5.1.1",
    )
    yield from lib.raise_or_lower(
        ctx, faction, Track.PATRONAGE, 4, f"{faction}: Patronage +4 or -4?", "5.1"
    )
