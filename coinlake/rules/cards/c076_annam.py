"""Card 76, Annam (dual use, 5.2).

- unshaded: the NVA and the VC each lose 1 Resource per space holding both NVA and VC
  pieces (any space, Bases included; at least 0, 1.8); Patronage +2 (at most 75, 5.1.1).
- shaded: Hue and Da Nang lose any Support (Active or Passive Support to Neutral; Opposition
  stays, 1.6.1), and so does one Province adjacent to either (1.3.6) that the executing
  Faction picks among those at Support -- none at Support: nothing more (5.1.3, ruling
  R160).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import Support, Track

HUE, DA_NANG = "hue", "da-nang"
ADJACENT = tuple(dict.fromkeys((*lib.within(HUE, 1), *lib.within(DA_NANG, 1))))
"""Hue, Da Nang and the spaces adjacent to either."""
SUPPORT = (Support.PASSIVE_SUPPORT, Support.ACTIVE_SUPPORT)
NVA_PIECES: tuple[Piece, ...] = pieces_of(Faction.NVA)
VC_PIECES: tuple[Piece, ...] = pieces_of(Faction.VC)


def _remove_support(ctx: Ctx, key: str) -> None:
    """Active or Passive Support to Neutral (the card's tip)."""
    if ctx.state.space(key).support in SUPPORT:
        lib.set_level(ctx, key, Support.NEUTRAL, "5.1")


@unshaded(76)
def annam_unshaded(ctx: Ctx, faction: Faction) -> None:
    both = len(lib.spaces(ctx.state, lib.has(*NVA_PIECES), lib.has(*VC_PIECES)))
    ctx.add_track(Track.NVA_RESOURCES, -both, "5.1")
    ctx.add_track(Track.VC_RESOURCES, -both, "5.1")
    ctx.add_track(Track.PATRONAGE, 2, "5.1.1")


@shaded(76)
def annam_shaded(ctx: Ctx, faction: Faction) -> Proc:
    _remove_support(ctx, HUE)
    _remove_support(ctx, DA_NANG)
    candidates = lib.spaces(ctx.state, lib.is_province, lib.among(ADJACENT), lib.at_level(*SUPPORT))
    where = yield from lib.choose_space(
        ctx,
        faction,
        candidates,
        f"{faction}: a Province adjacent to Hue or Da Nang to lose its Support",
        "5.1.3",
    )
    if where is not None:
        _remove_support(ctx, where)
