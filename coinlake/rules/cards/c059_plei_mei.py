"""Card 59, Plei Mei (dual use, 5.2).

- unshaded: the executing Faction selects 1 space that has a US or ARVN Base or is adjacent
  to one (1.3.6) and holds an NVA piece it may remove, then removes 3 NVA pieces of its
  choice from that one space to Available (Bases included, the card's tip; a Tunneled Base
  only the NVA's own, by its choice, 1.4.4, 5.1.1, ruling R196), all of them if fewer
  (5.1.3).
- shaded: the NVA (named, so deciding the details, 5.1) Marches for free from any spaces
  outside South Vietnam (3.3.2, 5.5: North Vietnam, Laos, Cambodia -- NVA pieces arriving
  in Laos or Cambodia may go on while the Trail is above 0), even in Monsoon (5.1.1's own
  example). Then it Attacks (3.3.3) or Ambushes (4.4.3) in any 1 space for free, its
  choice among those that could occur (5.1.3): the Ambush with any NVA Guerrilla, Active or
  not, need not be in a March destination (the card's tip; ruling R239).
"""

from __future__ import annotations

from coinlake.data.map import SPACE_IDS, SPACES
from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules.actions import Grant, free_action
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.operations.attack import attack_spaces
from coinlake.rules.special_activities.ambush import can_ambush_in
from coinlake.state.model import GameState

NVA = Faction.NVA
NVA_PIECES = pieces_of(NVA)
COIN_BASES = (Piece.US_BASE, Piece.ARVN_BASE)
REMOVED = 3
ATTACK, AMBUSH = "attack", "ambush"
OUTSIDE_SOUTH = tuple(s.id for s in SPACES if not s.in_south)
"""North Vietnam, Laos and Cambodia (1.3.5)."""
MARCH = Grant("march", origins=OUTSIDE_SOUTH, ignore_monsoon=True)


def _near_coin_base(state: GameState, key: str) -> bool:
    return any(state.space(k).count(*COIN_BASES) for k in lib.within(key, 1))


@unshaded(59)
def plei_mei_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    pieces = lib.removable_by(faction, NVA_PIECES)
    candidates = [
        k for k in SPACE_IDS if state.space(k).count(*pieces) and _near_coin_base(state, k)
    ]
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: remove 3 NVA pieces from which space?", "5.1"
    )
    if where is not None:
        yield from lib.owner_remove_steps(
            ctx, faction, pieces, (where,), REMOVED, f"{faction}: remove an NVA piece", "5.1"
        )


def _can_attack(state: GameState) -> bool:
    return bool(attack_spaces(state, NVA, joint=False, mode=None, ambush=False, pt76=False))


def _can_ambush(state: GameState) -> bool:
    ambush = Grant("ambush", active_ok=True)
    return lib.could_grant(state, NVA, ambush) and any(
        can_ambush_in(state, NVA, k, allow_active=True) for k in SPACE_IDS
    )


@shaded(59)
def plei_mei_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from free_action(ctx, NVA, MARCH)
    state = ctx.state
    branch = yield from lib.choose_branch(
        ctx,
        NVA,
        {ATTACK: _can_attack(state), AMBUSH: _can_ambush(state)},
        "NVA: free Attack or Ambush in 1 space?",
    )
    if branch == ATTACK:
        yield from free_action(ctx, NVA, Grant("attack", max_spaces=1))
    elif branch == AMBUSH:
        yield from free_action(ctx, NVA, Grant("ambush", max_spaces=1, active_ok=True))
