"""Card 70, ROKs (dual use, 5.2).

- unshaded: the executing Faction selects the US or ARVN (5.1), which decides the details:
  a free Sweep (3.2.3, 5.5) into or in Phu Bon and each adjacent Province and City (all of
  them selected, Troops moving in as it likes; even in Monsoon: the card's tip, 5.1.1),
  then a free Assault (3.2.4) in Phu Bon and each adjacent space where it can occur, the
  3 LoCs touching Phu Bon included -- both as if US, with every ARVN cube (Troops and
  Police) a US Troop: they move, Activate and remove as US Troops (2 per cube with a US
  Base, the US Capabilities...), the US Special Forces counting for the Activation (the
  card's tip). The ARVN cubes already Assault as US Troops, so no ARVN Assault is added
  (ruling R242).
- shaded: Qui Nhon, Phu Bon and Khanh Hoa each shift 1 level toward Active Opposition
  (1.6).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

PHU_BON = "phu-bon-phu-yen"
AREA = lib.within(PHU_BON, 1)
"""Phu Bon and its adjacent spaces (1.3.6)."""
SWEEP = Grant("sweep", spaces=AREA, compulsory=True, ignore_monsoon=True, as_us_troops=True)
ASSAULT = Grant("assault", spaces=AREA, compulsory=True, as_us_troops=True)
SHIFTED = ("qui-nhon", PHU_BON, "khanh-hoa")


@unshaded(70)
def roks_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    coin = yield from lib.choose_faction(
        ctx, faction, (Faction.US, Faction.ARVN), f"{faction}: the US or ARVN Sweeps and Assaults?"
    )
    yield from free_action(ctx, coin, SWEEP)
    yield from free_action(ctx, coin, ASSAULT)


@shaded(70)
def roks_shaded(ctx: Ctx, faction: Faction) -> None:
    for key in SHIFTED:
        kit.shift(ctx, key, -1, "5.1")
