"""Card 99, Masher/White Wing (dual use, 5.2).

- unshaded: the executing Faction selects the US or ARVN (5.1), which decides the details:
  a free Sweep (3.2.3, 5.5) into 1 Province or City that is not Jungle (even in Monsoon:
  the card's tip, 5.1.1) in which US and ARVN Troops both move and Activate; then a free
  Assault there in which the US and ARVN Troops remove enemies as US Troops (2 per Troop
  with a US Base, 1 per 2 in Highland...) -- the joint terms of :class:`Grant` (ruling
  R246).
- shaded: the executing Faction selects the VC or NVA -- one with a Guerrilla that could
  March (5.1.3, as R132) -- which Marches only Guerrillas for free (3.3.2) into up to 3
  destinations of its choice (even in Monsoon; NVA ones may go on through Laos and
  Cambodia while the Trail is above 0), then Ambushes for free (4.4.3) in each of those
  destinations where it can, with any of its Guerrillas there, Active or not, Marched or
  not (the card's tip; ruling R247).
"""

from __future__ import annotations

from coinlake.data.map import SPACES, Terrain
from coinlake.data.pieces import GUERRILLAS, Faction, Piece, pieces_of
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.operations.sweep import sweep_origins
from coinlake.state.model import GameState

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
NOT_JUNGLE = tuple(s.id for s in SPACES if not s.is_loc and s.terrain is not Terrain.JUNGLE)
"""Cities and the Highland and Lowland Provinces (1.3.2)."""
TROOPS = (Piece.US_TROOPS, Piece.ARVN_TROOPS)
INSURGENTS = (*pieces_of(NVA), *pieces_of(VC))
SWEEP = Grant("sweep", spaces=NOT_JUNGLE, max_spaces=1, joint=True, ignore_monsoon=True)
ASSAULT = Grant("assault", joint=True)
DESTINATIONS = 3
MARCH = Grant("march", mode="guerrillas", max_spaces=DESTINATIONS, ignore_monsoon=True)
AMBUSH = Grant("ambush", active_ok=True, compulsory=True, max_spaces=DESTINATIONS)


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: a non-Jungle Province or City with NVA or VC pieces where US or ARVN Troops are
    or could Sweep in."""

    def troops(key: str) -> bool:
        return state.space(key).count(*TROOPS) > 0

    return any(
        state.space(key).count(*INSURGENTS)
        and (troops(key) or any(troops(o) for o in sweep_origins(state, key)))
        for key in NOT_JUNGLE
        if key != "north-vietnam"
    )


@unshaded(99, effective=unshaded_effective)
def masher_white_wing_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    coin = yield from lib.choose_faction(
        ctx, faction, (US, ARVN), f"{faction}: the US or ARVN Sweeps and Assaults?"
    )
    swept = yield from free_action(ctx, coin, SWEEP)
    if swept.spaces:
        yield from free_action(ctx, coin, ASSAULT.within(swept.spaces))


def _can_march(state: GameState, insurgent: Faction) -> bool:
    return kit.anywhere(state, *GUERRILLAS[insurgent]) and lib.could_grant(state, insurgent, MARCH)


@shaded(99)
def masher_white_wing_shaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    word = yield from lib.choose_branch(
        ctx,
        faction,
        {"vc": _can_march(state, VC), "nva": _can_march(state, NVA)},
        f"{faction}: the VC or the NVA Marches and Ambushes?",
        "5.1",
    )
    if word is None:
        return
    insurgent = VC if word == "vc" else NVA
    marched = yield from free_action(ctx, insurgent, MARCH)
    if marched.spaces:
        yield from free_action(ctx, insurgent, AMBUSH.within(marched.spaces))
