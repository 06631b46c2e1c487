"""Card 100, Rach Ba Rai (dual use, 5.2).

- unshaded: the executing Faction selects a Lowland Province with US Troops and removes to
  Available either every VC piece there or every NVA piece but Troops (Guerrillas and
  Bases), its choice among those that would remove something (5.1.3). Tunneled Bases stay:
  the text does not name them (1.4.4, 5.1.1).
- shaded: the executing Faction selects a Lowland Province with any VC piece; if US or ARVN
  cubes are there, a die is rolled and it removes that many of them, its choice, US Troops
  to Casualties and ARVN cubes to Available (all of them if fewer, 5.1.3); then it places
  1 VC piece there, a Guerrilla or a Base (within stacking, 1.4.2), from Available -- the
  VC may take its own from elsewhere on the map once none is (1.4.1).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc
from coinlake.state.commands import Command, Move
from coinlake.state.model import GameState

REMOVE_VC, REMOVE_NVA = "remove-vc", "remove-nva"
VC_TARGETS = tuple(p for p in pieces_of(Faction.VC) if not p.tunneled)
NVA_TARGETS = tuple(
    p for p in pieces_of(Faction.NVA) if p is not Piece.NVA_TROOPS and not p.tunneled
)
CUBES = (Piece.US_TROOPS, Piece.ARVN_TROOPS, Piece.ARVN_POLICE)


@unshaded(100)
def rach_ba_rai_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(
        ctx.state,
        lib.is_lowland,
        lib.has(Piece.US_TROOPS),
        lib.has(*VC_TARGETS, *NVA_TARGETS),
    )
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: the Lowland with US Troops", "5.1"
    )
    if where is None:
        return
    here = ctx.state.space(where)
    branch = yield from lib.choose_branch(
        ctx,
        faction,
        {REMOVE_VC: here.count(*VC_TARGETS) > 0, REMOVE_NVA: here.count(*NVA_TARGETS) > 0},
        f"{faction}: remove all VC, or all NVA but Troops?",
    )
    for piece in VC_TARGETS if branch == REMOVE_VC else NVA_TARGETS:
        lib.remove(ctx, piece, where, ctx.state.space(where).pieces[piece], "5.1")


@shaded(100)
def rach_ba_rai_shaded(ctx: Ctx, faction: Faction) -> Proc:
    candidates = lib.spaces(ctx.state, lib.is_lowland, lib.has(*pieces_of(Faction.VC)))
    where = yield from lib.choose_space(
        ctx, faction, candidates, f"{faction}: the Lowland with VC", "5.1"
    )
    if where is None:
        return
    if ctx.state.space(where).count(*CUBES):
        roll = ctx.roll("Rach Ba Rai: US/ARVN cubes to remove", "5.1")

        def removals(state: GameState) -> list[Command]:
            here = state.space(where).pieces
            return [Move(p, 1, where, kit.removal_box(p)) for p in CUBES if here[p]]

        yield from kit.move_steps(
            ctx,
            faction,
            Kind.REMOVE_PIECES,
            removals,
            lambda answer: ctx.move(answer.piece, 1, where, answer.destination, "5.1"),
            lambda done: f"{faction}: remove a US/ARVN cube ({done + 1} of {roll})",
            "5.1",
            most=roll,
            may_stop=lambda found: False,
            single=True,
        )
    yield from lib.place_in_spaces(
        ctx,
        faction,
        (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE),
        (where,),
        1,
        f"{faction}: place a VC piece",
        "5.1",
        from_map=True,
    )
