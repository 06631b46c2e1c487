"""Card 77, Detente (dual use, 5.2).

- unshaded: NVA and VC Resources each drop to half, rounded down; 5 Available NVA Troops go
  Out of Play (as many as are Available, 5.1.3) -- the only way Insurgent pieces reach that
  box (card tip, 1.4.1; ruling R118).
- shaded: the NVA choose (the Faction the text names decides, 5.1; ruling R115) between
  a free Infiltrate (4.4.1, 5.5) and NVA Resources +9 (at most 75, 1.8), each offered only
  when it can do something (5.1.3); then the VC Rally for free (3.3.1, 5.5) in up to 6
  spaces, deciding its details.
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece
from coinlake.rules import actions
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState, Track

INFILTRATE = "infiltrate"
RESOURCES = "resources"
RALLY = Grant("rally", max_spaces=6)


def could_occur(state: GameState, faction: Faction, name: str) -> bool:
    """``faction``'s free Operation or Special Activity ``name`` could occur now (5.5)."""
    action = actions.lookup(faction, name)
    return action is not None and action.legal(state, faction, limited=False, free=True)


def can_infiltrate(state: GameState) -> bool:
    """A free NVA Infiltrate could occur now (4.4.1; a ban yields to the Event, 5.1.2)."""
    return could_occur(state, Faction.NVA, INFILTRATE)


def shaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: NVA Resources below 75, or an Infiltrate or a VC Rally that could occur -- the
    dry run's first answers (0 Troops placed) could make a possible Infiltrate look
    ineffective."""
    return (
        state.tracks[Track.NVA_RESOURCES] < 75
        or can_infiltrate(state)
        or could_occur(state, Faction.VC, "rally")
    )


@unshaded(77)
def detente_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    for track in (Track.NVA_RESOURCES, Track.VC_RESOURCES):
        ctx.set_track(track, ctx.state.tracks[track] // 2, "5.1")
    yield from lib.box_steps(
        ctx,
        faction,
        (Piece.NVA_TROOPS,),
        AVAILABLE,
        OUT_OF_PLAY,
        5,
        f"{faction}: an Available NVA Troop to Out of Play",
        "5.1",
    )


@shaded(77, effective=shaded_effective)
def detente_shaded(ctx: Ctx, faction: Faction) -> Proc:
    choice = yield from lib.choose_branch(
        ctx,
        Faction.NVA,
        {
            INFILTRATE: can_infiltrate(ctx.state),
            RESOURCES: ctx.state.tracks[Track.NVA_RESOURCES] < 75,
        },
        "NVA: a free Infiltrate or +9 Resources?",
        "5.1",
    )
    if choice == INFILTRATE:
        yield from free_action(ctx, Faction.NVA, Grant(INFILTRATE))
    elif choice == RESOURCES:
        ctx.add_track(Track.NVA_RESOURCES, 9, "5.1.1")
    yield from free_action(ctx, Faction.VC, RALLY)
