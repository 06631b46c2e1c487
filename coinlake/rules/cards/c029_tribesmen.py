"""Card 29, Tribesmen (dual use, 5.2).

- unshaded: the executing Faction removes 4 NVA or VC pieces in all, one at a time, from
  spaces holding Irregulars: Troops, Guerrillas and Bases without Tunnel -- its own
  Tunneled Bases too if it is the NVA or VC and so opts, never forced (1.4.4, 5.1.1) -- as
  many as there are (5.1.3).
- shaded: every Irregular on the map goes to Available and each is replaced in its space
  by an Underground VC Guerrilla (1.4.3) from Available; when fewer are Available, the
  executing Faction picks the spaces that get them, the others' Irregulars are only removed
  (1.4.1, 5.1.1; ruling R147). Then it sets 1 Neutral Highland Province with Population
  to Active Opposition (1.6.1), and Patronage -3 (at least 0, 1.8).
"""

from __future__ import annotations

from coinlake.data.pieces import INSURGENT_PIECES, Faction, Piece
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc
from coinlake.state.commands import Command, Move
from coinlake.state.model import AVAILABLE, GameState, Support, Track

IRREGULARS = (Piece.US_IRREGULAR_UNDERGROUND, Piece.US_IRREGULAR_ACTIVE)
GUERRILLA = Piece.VC_GUERRILLA_UNDERGROUND


@unshaded(29)
def tribesmen_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.owner_remove_steps(
        ctx,
        faction,
        INSURGENT_PIECES,
        lib.spaces(ctx.state, lib.has(*IRREGULARS)),
        4,
        f"{faction}: remove an Insurgent piece from a space with Irregulars",
        "5.1",
    )


@shaded(29)
def tribesmen_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from _replace_irregulars(ctx, faction)
    highlands = lib.spaces(ctx.state, lib.is_highland, lib.at_level(Support.NEUTRAL))
    where = yield from lib.choose_space(
        ctx, faction, highlands, f"{faction}: a Neutral Highland to set to Active Opposition", "5.1"
    )
    if where is not None:
        lib.set_level(ctx, where, Support.ACTIVE_OPPOSITION, "5.1")
    ctx.add_track(Track.PATRONAGE, -3, "5.1")


def _replace_irregulars(ctx: Ctx, faction: Faction) -> Proc:
    """Every Irregular to Available, a VC Guerrilla from Available in its place (1.4.1)."""
    left = {key: ctx.state.space(key).count(*IRREGULARS) for key in lib.spaces(ctx.state)}
    left = {key: n for key, n in left.items() if n}
    for key in left:
        for form in IRREGULARS:
            lib.remove(ctx, form, key, ctx.state.space(key).pieces[form], "5.1")
    if ctx.state.available[GUERRILLA] >= sum(left.values()):
        for key, n in left.items():
            kit.place(ctx, GUERRILLA, n, key, "5.1")
        return

    def moves(state: GameState) -> list[Command]:
        if not state.available[GUERRILLA]:
            return []
        return [Move(GUERRILLA, 1, AVAILABLE, key) for key, n in left.items() if n]

    def apply(answer: Move) -> None:
        kit.place(ctx, GUERRILLA, 1, answer.destination, "5.1")
        left[answer.destination] -= 1

    yield from kit.move_steps(
        ctx,
        faction,
        Kind.PLACE_PIECES,
        moves,
        apply,
        lambda done: f"{faction}: a VC Guerrilla in place of an Irregular ({done + 1})",
        "5.1.1",
        may_stop=lambda found: False,
        single=True,
    )
