"""Card 111, Agent Orange (dual use, 5.2).

- unshaded: every Underground NVA and VC Guerrilla in a Jungle Province (Laos and Cambodia
  included, 1.3.2) goes Active (1.4.3); then the US Air Strikes for free (4.2.3, 5.5),
  deciding its details, in at most 2 Jungle Provinces -- each with US or ARVN pieces as
  usual (ruling R226) -- without any effect on the Trail (card tip: no Degrade).
- shaded: each Jungle and each Highland Province with any NVA or VC piece shifts 1 level
  toward Active Opposition (1.6.1: not those with Population 0, card tip).
"""

from __future__ import annotations

from coinlake.data.cards import AGENT_ORANGE
from coinlake.data.map import SPACES, Terrain
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.special_activities.us import air_strike_effective
from coinlake.state.model import GameState

JUNGLE = tuple(s.id for s in SPACES if s.terrain is Terrain.JUNGLE)
JUNGLE_OR_HIGHLAND = tuple(s.id for s in SPACES if s.terrain in (Terrain.JUNGLE, Terrain.HIGHLAND))
AIR_STRIKE = Grant("air-strike", spaces=JUNGLE, max_spaces=2, trail=0)
INSURGENTS = tuple(p for p in Piece if p.faction in (Faction.NVA, Faction.VC))
UNDERGROUND = (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_UNDERGROUND)


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: an Underground Guerrilla in a Jungle, or an Active enemy piece the Air Strike
    could remove."""
    hidden = lib.spaces(state, lib.among(JUNGLE), lib.has(*UNDERGROUND))
    return bool(hidden) or air_strike_effective(state, AIR_STRIKE)


@unshaded(AGENT_ORANGE, effective=unshaded_effective)
def agent_orange_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    for key in JUNGLE:
        for guerrilla in UNDERGROUND:
            n = ctx.state.space(key).pieces[guerrilla]
            if n:
                ctx.flip(key, guerrilla, n, "5.1")
    yield from free_action(ctx, Faction.US, AIR_STRIKE)


def shaded_spaces(state: GameState) -> tuple[str, ...]:
    """Jungle and Highland Provinces with an Insurgent piece."""
    return lib.spaces(state, lib.among(JUNGLE_OR_HIGHLAND), lib.has(*INSURGENTS))


@shaded(AGENT_ORANGE)
def agent_orange_shaded(ctx: Ctx, faction: Faction) -> None:
    for key in shaded_spaces(ctx.state):
        kit.shift(ctx, key, -1, "5.1")
