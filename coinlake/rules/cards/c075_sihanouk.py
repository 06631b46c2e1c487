"""Card 75, Sihanouk (dual use, 5.2).

- unshaded: the executing Faction selects the US or the ARVN, which then -- deciding the
  details (card tip) -- Sweeps for free into or in any Cambodia spaces (3.2.3: Troops may
  come in from any adjacent space; even in Monsoon, card tip, 5.1.1), then Assaults for
  free in 1 of the Sweep spaces (3.2.4; ruling R225; a free US Assault may add a free ARVN
  Assault there, card tip).
- shaded: the VC Rallies for free in any Cambodia spaces (3.3.1), then Marches for free from
  any of those Rally spaces (3.3.2, even in Monsoon, card tip, 5.1.1); then the NVA does
  the same (each Faction deciding its own details, 5.1). The NVA March may move on through
  Laos and Cambodia only from its own Rally spaces (card tip, 3.3.2 THE TRAIL).
"""

from __future__ import annotations

from coinlake.data.cards import SIHANOUK
from coinlake.data.map import SPACES, Country
from coinlake.data.pieces import Faction
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
CAMBODIA = tuple(s.id for s in SPACES if s.country is Country.CAMBODIA)
SWEEP = Grant("sweep", spaces=CAMBODIA, ignore_monsoon=True)
ASSAULT = Grant("assault", max_spaces=1)
RALLY = Grant("rally", spaces=CAMBODIA)


@unshaded(SIHANOUK)
def sihanouk_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    sweeper = yield from lib.choose_faction(
        ctx, faction, (US, ARVN), f"{faction}: the US or the ARVN Sweeps in Cambodia?"
    )
    swept = yield from free_action(ctx, sweeper, SWEEP)
    if swept.spaces:
        yield from free_action(ctx, sweeper, ASSAULT.within(swept.spaces))


@shaded(SIHANOUK)
def sihanouk_shaded(ctx: Ctx, faction: Faction) -> Proc:
    for insurgent in (VC, NVA):
        rallied = yield from free_action(ctx, insurgent, RALLY)
        if rallied.spaces:
            march = Grant("march", origins=rallied.spaces, ignore_monsoon=True)
            yield from free_action(ctx, insurgent, march)
