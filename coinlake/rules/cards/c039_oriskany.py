"""Card 39, Oriskany (dual use, 5.2).

- unshaded: the executing Faction removes 4 pieces of any Factions -- US ones included -- to
  Available (1.4.1, ruling R101), from North Vietnam and, once none is left there, from Laos
  (either space); then the Trail Degrades 2 boxes (6.7). Tunneled Bases stay (1.4.4) unless
  they are the executing Faction's own, which it may choose to remove but is never forced
  to (5.1.1, ruling R20); "once none" in North Vietnam means once no piece is left there
  that the Faction must remove (ruling R101). As many as there are (5.1.3).
- shaded (Momentum, 5.4): 1 Available US Troop goes Out of Play (none if none is Available,
  5.1.3); until the Coup Round's Reset nothing but an Event Degrades the Trail
  (``effects.change_trail``; its Coup Round effect is 8.1's example).
"""

from __future__ import annotations

from coinlake.data.map import SPACES, Country
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import DONE, Ctx, Kind, Proc
from coinlake.state.commands import Command, Move
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState

NORTH_VIETNAM = tuple(s.id for s in SPACES if s.country is Country.NORTH_VIETNAM)
LAOS = tuple(s.id for s in SPACES if s.country is Country.LAOS)
PIECES = 4


def _pieces(
    state: GameState, zone: tuple[str, ...], tunneled: bool, faction: Faction
) -> list[Command]:
    """Removals of the pieces in ``zone``: untunneled ones of any Faction, or (``tunneled``)
    ``faction``'s own Tunneled Bases."""
    return [
        Move(p, 1, key, AVAILABLE)
        for key in zone
        for p in Piece
        if p.tunneled is tunneled
        and (not tunneled or p.faction is faction)
        and state.space(key).pieces[p]
    ]


def _removals(state: GameState, faction: Faction) -> list[Command]:
    """The pieces ``faction`` may remove next: any untunneled piece in North Vietnam, or in
    Laos once North Vietnam has none; its own Tunneled Bases there too, with ``done`` once
    only such Bases are left (not forced, 5.1.1)."""
    own = _pieces(state, NORTH_VIETNAM, True, faction)
    must = _pieces(state, NORTH_VIETNAM, False, faction)
    if not must:
        own += _pieces(state, LAOS, True, faction)
        must = _pieces(state, LAOS, False, faction)
    if must:
        return must + own
    return [*own, DONE] if own else []


@unshaded(39)
def oriskany_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from kit.move_steps(
        ctx,
        faction,
        Kind.REMOVE_PIECES,
        lambda state: _removals(state, faction),
        lambda answer: ctx.move(answer.piece, 1, answer.origin, AVAILABLE, "5.1"),
        lambda done: (
            f"{faction}: remove a piece from North Vietnam, else Laos ({done + 1} of {PIECES})"
        ),
        "5.1",
        most=PIECES,
        may_stop=lambda found: False,
        single=True,
    )
    effects.change_trail(ctx, -2, "6.7", by_event=True)


@shaded(39)
def oriskany_shaded(ctx: Ctx, faction: Faction) -> None:
    if kit.available(ctx.state, Piece.US_TROOPS):
        ctx.move(Piece.US_TROOPS, 1, AVAILABLE, OUT_OF_PLAY, "5.1")
