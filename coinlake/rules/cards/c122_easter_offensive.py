"""Card 122, Easter Offensive: the NVA Pivotal Event (2.3.8, 5.1.4).

Pre-condition: at least 2 cards in the RVN Leader box (Minh is not a card, 2.4.1), and the
NVA Troops on the map outnumber the US Troops there (every space, North Vietnam, Laos and
Cambodia included).

Effect:

1. the NVA Marches for free (3.3.2, 5.5) through the action registry
   (``actions.free_action(ctx, NVA, "march")``), with the usual moves on through Laos and
   Cambodia while the Trail is above 0 (a Pivotal Event is never played in Monsoon, 2.3.8);
2. NVA Troops on LoCs without US or ARVN pieces (as the step begins) may each move 1 space,
   to any adjacent space;
3. every NVA Troop Attacks for free: an NVA Attack by Troops only (1 enemy per 2 Troops, no
   die roll, no Activation, 3.3.3), compulsory in each space where NVA Troops are with enemy
   pieces as the step begins (``mode="troops"``, ``mandatory=True``); NVA Guerrillas do not
   Attack. Lasting effects apply as usual (PT-76), Attrition too.
"""

from __future__ import annotations

from functools import partial

from coinlake.data.map import SPACES, space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import actions, effects
from coinlake.rules.cards.registry import pivotal
from coinlake.rules.core import DONE, Ctx, Kind, Proc
from coinlake.state.commands import Command, Move
from coinlake.state.model import GameState

COIN_PIECES = tuple(p for p in Piece if p.faction.is_coin)


def troops_on_map(state: GameState, piece: Piece) -> int:
    """``piece`` (Troops) in all map spaces."""
    return sum(sp.pieces[piece] for sp in state.spaces)


def precondition(state: GameState) -> bool:
    """2+ cards in the RVN Leader box and more NVA than US Troops on the map."""
    return effects.leader_box_cards(state) >= 2 and troops_on_map(
        state, Piece.NVA_TROOPS
    ) > troops_on_map(state, Piece.US_TROOPS)


@pivotal(122, precondition=precondition)
def easter_offensive(ctx: Ctx, faction: Faction) -> Proc:
    yield from actions.free_action(ctx, Faction.NVA, "march")
    yield from _troops_leave_locs(ctx)
    yield from actions.free_action(ctx, Faction.NVA, "attack", mode="troops", mandatory=True)


def _troop_moves(movable: dict[str, int]) -> tuple[Command, ...]:
    """A Troop from each LoC with Troops still to move, to each adjacent space; or done."""
    options: list[Command] = [
        Move(Piece.NVA_TROOPS, 1, loc, SPACES[adj].id)
        for loc, n in movable.items()
        if n
        for adj in space(loc).adjacent
    ]
    return (*options, DONE)


def _troops_leave_locs(ctx: Ctx) -> Proc:
    state = ctx.state
    movable = {
        s.id: state.space(s.id).pieces[Piece.NVA_TROOPS]
        for s in SPACES
        if s.is_loc
        and state.space(s.id).pieces[Piece.NVA_TROOPS]
        and not state.space(s.id).count(*COIN_PIECES)
    }
    while any(movable.values()):
        answer = yield ctx.ask(
            Faction.NVA,
            Kind.MOVE_PIECES,
            "NVA: move a Troop from a LoC without US/ARVN pieces 1 space (or done)",
            partial(_troop_moves, dict(movable)),
            "5.1",
        )
        if not isinstance(answer, Move):
            return
        ctx.move(Piece.NVA_TROOPS, 1, answer.origin, answer.destination, "5.1")
        movable[answer.origin] -= 1
