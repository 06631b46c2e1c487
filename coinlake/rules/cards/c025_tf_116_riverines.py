"""Card 25, TF-116 Riverines (dual use, 5.2).

"Mekong": the 3 river LoCs touching Can Tho (the card's tip; the map's Mekong LoCs).

- unshaded: every NVA and VC piece on the Mekong LoCs goes to Available (no Base stands on
  a LoC, 1.4.2). Then the executing Faction selects the US or ARVN (5.1), which decides the
  details: a free Sweep (3.2.3, 5.5; Monsoon does not stop it, the card's tip) into or in
  each Lowland Province touching a Mekong LoC -- all 4 selected, Troops moving in as it
  likes -- then a free Assault (3.2.4) in each of them where it can occur; a US Assault may
  add a free ARVN Assault (3.2.4). Ruling R237.
- shaded: 2 VC Guerrillas are placed on each Mekong LoC from Available (1.4.1; the VC
  executing may take its own from the map once none is, R207), then each Mekong LoC with
  more VC pieces than US and ARVN pieces gets a Sabotage marker -- not a second one, and
  while one of the 15 is left (3.3.4), the executing Faction picking which when too few
  are left (ruling R238).
"""

from __future__ import annotations

from coinlake.data.map import SPACES, Terrain
from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import kit
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.operations.sweep import sweep_origins
from coinlake.state.model import GameState

MEKONG = tuple(s.id for s in SPACES if "mekong" in s.loc_kinds)
"""The 3 Mekong LoCs (the river LoCs touching Can Tho)."""
LOWLANDS = tuple(
    s.id
    for s in SPACES
    if s.terrain is Terrain.LOWLAND and any(SPACES[j].id in MEKONG for j in s.adjacent)
)
"""The Lowland Provinces touching a Mekong LoC."""
INSURGENTS = tuple(p for f in (Faction.NVA, Faction.VC) for p in pieces_of(f) if not p.tunneled)
"""NVA and VC pieces (a Tunneled Base never stands on a LoC, 1.4.2)."""
VC_PIECES = pieces_of(Faction.VC)
TROOPS = (Piece.US_TROOPS, Piece.ARVN_TROOPS)
CUBES = (*TROOPS, Piece.ARVN_POLICE)


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: NVA or VC on a Mekong LoC, or a Lowland touching one with NVA or VC pieces and US
    or ARVN cubes there or Troops able to Sweep in."""

    def reachable(key: str) -> bool:
        if state.space(key).count(*CUBES):
            return True
        return any(state.space(o).count(*TROOPS) for o in sweep_origins(state, key))

    return any(state.space(k).count(*INSURGENTS) for k in MEKONG) or any(
        state.space(k).count(*INSURGENTS) and reachable(k) for k in LOWLANDS
    )


@unshaded(25, effective=unshaded_effective)
def tf_116_riverines_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    for key in MEKONG:
        for piece in INSURGENTS:
            lib.remove(ctx, piece, key, ctx.state.space(key).pieces[piece], "5.1")
    coin = yield from lib.choose_faction(
        ctx, faction, (Faction.US, Faction.ARVN), f"{faction}: the US or ARVN Sweeps and Assaults?"
    )
    sweep = Grant("sweep", spaces=LOWLANDS, compulsory=True, ignore_monsoon=True)
    yield from free_action(ctx, coin, sweep)
    yield from free_action(ctx, coin, Grant("assault", spaces=LOWLANDS, compulsory=True))


def _sabotage_targets(state: GameState) -> list[str]:
    return [
        key
        for key in MEKONG
        if not state.space(key).sabotage
        and state.space(key).count(*VC_PIECES) > state.space(key).count(*lib.COIN_PIECES)
    ]


@shaded(25)
def tf_116_riverines_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_in_each(
        ctx,
        faction,
        Piece.VC_GUERRILLA_UNDERGROUND,
        MEKONG,
        2,
        f"{faction}: place a VC Guerrilla on a Mekong LoC",
        "5.1",
        from_map=faction is Faction.VC,
    )

    def sabotage(key: str) -> None:
        kit.add_marker(ctx, key, "sabotage", "5.1")

    targets = _sabotage_targets(ctx.state)
    left = kit.markers_left(ctx.state)
    if len(targets) <= left:
        for key in targets:
            sabotage(key)
        return
    yield from lib.each_space(
        ctx, faction, targets, left, f"{faction}: Sabotage which Mekong LoC", "3.3.4", sabotage
    )
