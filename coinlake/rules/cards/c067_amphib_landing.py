"""Card 67, Amphib Landing (dual use, 5.2).

"Coastal": adjacent to the ocean, across a LoC included (1.3.7).

- unshaded: the executing Faction selects the US or ARVN (5.1), which decides the details:
  it moves any of its Troops from coastal spaces to other coastal spaces, each Troop once,
  as many as it likes (none included: "any"); then it selects 1 coastal space and there
  Sweeps (3.2.3; Troops may move in, even in Monsoon: the card's tip, 5.1.1; not on a LoC,
  where Sweep never occurs) and Assaults (3.2.4) for free (5.5); a US Assault may add a
  free ARVN Assault (3.2.4). US and ARVN pieces never enter North Vietnam (1.4.2), so it
  is never one of the coastal spaces here (ruling R240).
- shaded: the VC (named, 5.1) may relocate up to 3 of its pieces from 1 coastal space of
  its choice to any spaces (stacking kept, 1.4.2; Bases included, not Tunneled ones, which
  stay dug in; ruling R241); then the US and ARVN are Ineligible through the next card
  (2.3.6 PLAY NOTE).
"""

from __future__ import annotations

from coinlake.data.map import SPACE_IDS, SPACES
from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

US, ARVN, VC = Faction.US, Faction.ARVN, Faction.VC
ALL_COASTAL = tuple(s.id for s in SPACES if s.coastal)
"""The coastal spaces (1.3.7), in map order."""
COASTAL = tuple(k for k in ALL_COASTAL if k != "north-vietnam")
"""The coastal spaces US and ARVN pieces may enter (1.4.2)."""
TROOPS = {US: Piece.US_TROOPS, ARVN: Piece.ARVN_TROOPS}
CUBES = (Piece.US_TROOPS, Piece.ARVN_TROOPS, Piece.ARVN_POLICE)
INSURGENTS = (*pieces_of(Faction.NVA), *pieces_of(VC))
VC_MOVABLE = tuple(p for p in pieces_of(VC) if not p.tunneled)
RELOCATED = 3


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: US or ARVN Troops in or next to a coastal space (they may relocate or Sweep in),
    or US or ARVN cubes with NVA or VC pieces in one (an Assault)."""
    troops = (Piece.US_TROOPS, Piece.ARVN_TROOPS)
    return any(
        any(state.space(k).count(*troops) for k in lib.within(key, 1))
        or (state.space(key).count(*CUBES) and state.space(key).count(*INSURGENTS))
        for key in COASTAL
    )


@unshaded(67, effective=unshaded_effective)
def amphib_landing_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    coin = yield from lib.choose_faction(
        ctx, faction, (US, ARVN), f"{faction}: the US or ARVN lands (relocates, Sweeps, Assaults)?"
    )
    troop = TROOPS[coin]
    yield from lib.move_anywhere(
        ctx,
        coin,
        (troop,),
        lambda state: [k for k in COASTAL if state.space(k).pieces[troop]],
        lambda state, origin: COASTAL,
        f"{coin}: relocate Troops among coastal spaces (or done)",
        "5.1",
    )
    where = yield from lib.choose_space(
        ctx, coin, COASTAL, f"{coin}: the coastal space to Sweep and Assault in", "5.1"
    )
    if where is None:
        return
    yield from free_action(ctx, coin, Grant("sweep", spaces=(where,), ignore_monsoon=True))
    yield from free_action(ctx, coin, Grant("assault", spaces=(where,)))


@shaded(67)
def amphib_landing_shaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    origins = [k for k in ALL_COASTAL if state.space(k).count(*VC_MOVABLE)]
    where = yield from lib.choose_space(
        ctx,
        VC,
        origins,
        "VC: relocate up to 3 pieces from which coastal space (or done)?",
        "5.1",
        optional=True,
    )
    if where is not None:
        yield from lib.move_anywhere(
            ctx,
            VC,
            VC_MOVABLE,
            (where,),
            lambda state, origin: SPACE_IDS,
            f"VC: relocate up to {RELOCATED} pieces from the coastal space (or done)",
            "5.1",
            most=RELOCATED,
        )
    effects.ineligible_through_next_card(ctx, US, "5.1")
    effects.ineligible_through_next_card(ctx, ARVN, "5.1")
