"""Card 60, War Photographer (dual use, 5.2).

- unshaded: the executing Faction moves 3 US pieces from Out of Play to Available (Troops,
  Bases or Irregulars, its choice), as many as there are (5.1.3).
- shaded: the NVA place 6 NVA Troops in North Vietnam, Laos or Cambodia (1.3.5), choosing
  where: Available ones first, then, once none is Available, they may take their own Troops
  from elsewhere on the map (1.4.1; ruling R116); NVA Resources +6 (at most 75, 1.8);
  the NVA stay Eligible if they executed the Event (2.3.6 PLAY NOTE, card tip), another
  executing Faction does not.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, Track

TROOPS = (Piece.NVA_TROOPS,)


@unshaded(60)
def war_photographer_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.box_steps(
        ctx,
        faction,
        pieces_of(Faction.US),
        OUT_OF_PLAY,
        AVAILABLE,
        3,
        f"{faction}: a US piece from Out of Play to Available",
        "5.1",
    )


@shaded(60)
def war_photographer_shaded(ctx: Ctx, faction: Faction) -> Proc:
    where = lib.spaces(ctx.state, lib.outside_south)
    prompt = "NVA: place a Troop outside South Vietnam"
    placed = yield from lib.place_steps(ctx, Faction.NVA, TROOPS, where, 6, prompt, "5.1")
    yield from lib.place_steps(
        ctx,
        Faction.NVA,
        TROOPS,
        where,
        6 - placed,
        f"{prompt}, taken from the map (or done)",
        "1.4.1",
        optional=True,
        from_map=True,
    )
    ctx.add_track(Track.NVA_RESOURCES, 6, "5.1.1")
    if faction is Faction.NVA:
        effects.stay_eligible(ctx, faction, "2.3.6")
