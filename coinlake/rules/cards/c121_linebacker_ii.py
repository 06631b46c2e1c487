"""Card 121, Linebacker II: the US Pivotal Event (2.3.8, 5.1.4).

Pre-condition: at least 2 cards in the RVN Leader box (Minh is not a card, 2.4.1) and US
Support+Available (the US victory marker, 1.9) above 40 -- above 25 once unshaded Peace Talks
(3) has marked this card (``effects.peace_talks``).

Effect, all implemented:

1. the NVA removes 2 of its Bases from the map, choosing which (5.1); it must take Bases
   without Tunnel while any remain, and may choose its own Tunneled Bases instead (5.1.1);
2. NVA Resources drop to half, rounded down;
3. the NVA is Ineligible through the next card (2.3.6 PLAY NOTE);
4. 3 US pieces of the US's choice go from Casualties to Available (all if fewer).
"""

from __future__ import annotations

from functools import partial

from coinlake.data.map import SPACES
from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import pivotal
from coinlake.rules.core import DONE, Ctx, Kind, Proc
from coinlake.state.commands import Command, Move
from coinlake.state.model import AVAILABLE, CASUALTIES, GameState, Track
from coinlake.state.queries import victory_markers

NVA_BASES = (Piece.NVA_BASE, Piece.NVA_TUNNELED_BASE)
US_PIECES = pieces_of(Faction.US)


def precondition(state: GameState) -> bool:
    """2+ cards in the RVN Leader box and Support+Available above 40 (25 with Peace Talks)."""
    threshold = 25 if effects.peace_talks(state) else 40
    return effects.leader_box_cards(state) >= 2 and victory_markers(state)[Faction.US] > threshold


@pivotal(121, precondition=precondition)
def linebacker_ii(ctx: Ctx, faction: Faction) -> Proc:
    yield from _nva_removes_bases(ctx)
    ctx.set_track(Track.NVA_RESOURCES, ctx.state.resources(Faction.NVA) // 2, "5.1")
    effects.ineligible_through_next_card(ctx, Faction.NVA, "2.3.6")
    yield from lib.box_steps(
        ctx, Faction.US, US_PIECES, CASUALTIES, AVAILABLE, 3, "US: a Casualty to Available", "5.1"
    )


def _base_removals(state: GameState) -> list[Command]:
    """Every NVA Base the NVA may remove, then ``done`` when only Tunneled Bases are left
    (not forced, 5.1.1); nothing when none is left."""
    options: list[Command] = [
        Move(base, 1, s.id, AVAILABLE)
        for s in SPACES
        for base in NVA_BASES
        if state.spaces[s.index].pieces[base]
    ]
    if options and not any(m.piece is Piece.NVA_BASE for m in options if isinstance(m, Move)):
        options.append(DONE)
    return options


def _nva_removes_bases(ctx: Ctx) -> Proc:
    for nth in (1, 2):
        answer = yield ctx.ask(
            Faction.NVA,
            Kind.REMOVE_PIECES,
            f"NVA: remove an NVA Base ({nth} of 2)",
            partial(_base_removals, ctx.state),
            "5.1",
            none_done=True,
        )
        if not isinstance(answer, Move):
            return
        lib.remove(ctx, answer.piece, answer.origin, 1, "5.1", tunnels=True)
