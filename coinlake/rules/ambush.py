"""Ambush (4.4.3 NVA, 4.5.3 VC): one implementation for both Insurgent Factions, and the
removal steps every Insurgent Attack shares (3.3.3).

Ambush is not a stand-alone step of the Operation it accompanies: it changes the Attack in a
space selected for Attack, or strikes from a space selected as a March destination. So the
Attack and March procedures (``rules/insurgent_operations.py``) offer it themselves at that
moment -- as an Attack mode, or as an ``ambush`` option of the March once a destination is
complete -- through an :class:`AmbushTracker`, and mark their :class:`SpecialActivitySlot`
used; its questions then carry a Context level ``ambush`` within the Operation's
(:meth:`AmbushTracker.scope`). The registered ``ambush`` Special Activity is therefore never
listed by the slot's generic choices (``legal_in_slot`` is always false); it counts for
"Operation with a Special Activity" (2.3.4) and runs directly when an Event grants a free
Ambush (5.5): then it occurs as if an Attack were occurring in the space, with no
accompanying Operation.

In each Ambush space (:func:`strike`): under unshaded PT-76 the NVA first lose 1 NVA Troop
there; 1 Underground Guerrilla of the Faction Activates; exactly 1 enemy piece is removed, no
die roll, no Attrition; US and ARVN Bases only once no other US or ARVN piece is left in the
space it is taken from; US pieces go to Casualties (3.3.3). From a LoC (ROAD/RIVER) the piece
may be taken from any adjacent space instead, even one just hit, and the LoC itself needs no
enemy. Under shaded Main Force Bns 1 VC Ambush space may remove a 2nd piece.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence, Set
from functools import partial
from typing import Any

from coinlake.data.map import SPACES, space_index
from coinlake.data.pieces import GUERRILLAS, UNDERGROUND, Faction, Piece
from coinlake.rules import effects
from coinlake.rules.actions import (
    Outcome,
    SpecialActivitySlot,
    special_activity,
)
from coinlake.rules.core import DONE, Ask, Ctx, Kind, Scope, deferred_refusals, select_spaces
from coinlake.state.commands import Command, Move, Select
from coinlake.state.model import AVAILABLE, CASUALTIES, GameState, SpaceState

COIN_NON_BASES: tuple[Piece, ...] = (
    Piece.US_TROOPS,
    Piece.US_IRREGULAR_UNDERGROUND,
    Piece.US_IRREGULAR_ACTIVE,
    Piece.ARVN_TROOPS,
    Piece.ARVN_POLICE,
    Piece.ARVN_RANGER_UNDERGROUND,
    Piece.ARVN_RANGER_ACTIVE,
)
"""US and ARVN cubes and Special Forces: what an Attack removes before Bases (3.3.3), and
what counts against a Marching group (3.3.2)."""
COIN_BASES: tuple[Piece, ...] = (Piece.US_BASE, Piece.ARVN_BASE)
COIN_ALL: tuple[Piece, ...] = COIN_NON_BASES + COIN_BASES
ATTRITION_PIECES = (Piece.US_TROOPS, Piece.US_BASE)
"""Each of these removed by an Attack costs the attacker 1 attacking piece (3.3.3)."""

SELECT: dict[str, Select] = {s.id: Select(s.id) for s in SPACES}
"""One ``Select`` per space, built once (options are rebuilt at every step)."""

Steps = Generator[Ask, Command, int]


def has_enemy(sp: SpaceState) -> bool:
    """Any US or ARVN piece here (the enemies of the Insurgents, 1.5.1)."""
    p = sp.pieces
    return any(p[x] for x in COIN_ALL)


def removable(sp: SpaceState) -> tuple[Piece, ...]:
    """The US and ARVN pieces an Attack may remove here now: Bases only once no other US or
    ARVN piece is left; Underground Special Forces may be removed (3.3.3)."""
    p = sp.pieces
    others = tuple(x for x in COIN_NON_BASES if p[x])
    return others or tuple(x for x in COIN_BASES if p[x])


def removal_box(piece: Piece) -> str:
    """Where a piece removed by an Attack goes: US pieces to Casualties, ARVN to Available
    (3.3.3 CASUALTIES)."""
    return CASUALTIES if piece.faction is Faction.US else AVAILABLE


def reach(space: str) -> tuple[str, ...]:
    """The spaces an Ambush in ``space`` may take its piece from: the space, and from a LoC
    every adjacent space too (4.4.3 ROAD/RIVER)."""
    info = SPACES[space_index(space)]
    if not info.is_loc:
        return (space,)
    return (space, *(SPACES[i].id for i in info.adjacent))


def ambush_targets(state: GameState, space: str) -> tuple[str, ...]:
    """The spaces within an Ambush's reach from ``space`` that hold an enemy piece."""
    return tuple(s for s in reach(space) if has_enemy(state.space(s)))


def can_ambush_in(
    state: GameState, faction: Faction, space: str, *, allow_active: bool = False
) -> bool:
    """Whether ``faction`` could Ambush in ``space`` now: an Underground Guerrilla of its own
    there (any Guerrilla if an Event allows Active ones) and an enemy within reach."""
    sp = state.space(space)
    pieces = GUERRILLAS[faction] if allow_active else UNDERGROUND[faction]
    return sp.count(*pieces) > 0 and bool(ambush_targets(state, space))


def remove_enemies(
    ctx: Ctx,
    faction: Faction,
    spaces: Sequence[str],
    up_to: int,
    *,
    must: int,
    rule: str,
    free_stop: bool = False,
) -> Steps:
    """Let ``faction`` remove up to ``up_to`` enemy pieces one at a time from ``spaces``
    (Bases last in each space, US to Casualties, 3.3.3). The first ``must`` removals are
    compulsory while a piece can be removed. After them the Faction may stop -- unless
    ``free_stop`` is false and a piece of a Faction it already hit is still removable: once
    targeted, a Faction is affected to the maximum extent (3.1). Returns how many US Troops
    and US Bases were removed (for Attrition)."""
    hit: set[Faction] = set()
    us_losses = 0
    for nth in range(up_to):
        answer = yield ctx.ask(
            faction,
            Kind.REMOVE_PIECES,
            f"{faction}: remove an enemy piece ({nth + 1} of up to {up_to})",
            partial(_removals, ctx.state, spaces, nth >= must, free_stop, hit),
            rule,
            single=True,
            none_done=True,
        )
        if not isinstance(answer, Move):
            break
        ctx.move(answer.piece, 1, answer.origin, answer.destination, rule)
        hit.add(answer.piece.faction)
        if answer.piece in ATTRITION_PIECES:
            us_losses += 1
    return us_losses


def _removals(
    state: GameState,
    spaces: Sequence[str],
    optional: bool,
    free_stop: bool,
    hit: Set[Faction],
) -> tuple[Command, ...]:
    """The enemy pieces removable now (one ``move 1 piece space box`` each), then ``done``
    when the removal is ``optional`` and -- unless ``free_stop`` -- no piece of a Faction
    already ``hit`` is among them (3.1); nothing at all when no piece is removable."""
    moves = [Move(p, 1, s, removal_box(p)) for s in spaces for p in removable(state.space(s))]
    if moves and optional and (free_stop or not any(m.piece.faction in hit for m in moves)):
        return (*moves, DONE)
    return tuple(moves)


def troop_loss(ctx: Ctx, faction: Faction, space: str) -> None:
    """Unshaded PT-76 (45): an NVA Attack (or Ambush) space first loses 1 NVA Troop."""
    if (
        effects.attack_troop_loss(ctx.state, faction)
        and ctx.state.space(space).pieces[Piece.NVA_TROOPS]
    ):
        ctx.move(Piece.NVA_TROOPS, 1, space, AVAILABLE, "5.3")


class AmbushTracker:
    """One Ambush Special Activity in progress: the spaces it took so far (each only once,
    at most :func:`effects.ambush_space_limit`), and whether shaded Main Force Bns' extra
    removal was used. Lives only inside a running procedure."""

    __slots__ = ("double_used", "faction", "limit", "rule", "spaces")

    def __init__(self, faction: Faction, limit: int) -> None:
        self.faction = faction
        self.limit = limit
        self.rule = "4.5.3" if faction is Faction.VC else "4.4.3"
        self.spaces: list[str] = []
        self.double_used = False

    def scope(self, ctx: Ctx) -> Scope:
        """The level of :class:`~coinlake.rules.core.Context` for this Ambush when its
        Operation runs it (the registry opens none then): use as ``with tracker.scope(ctx)
        as scope`` and set ``scope.space``; ``done`` lists its earlier spaces."""
        scope = ctx.scope("ambush", self.rule, faction=self.faction)
        scope.done.extend(self.spaces)
        return scope

    def open(self, sa: SpecialActivitySlot | None) -> bool:
        """Whether the Operation's Special Activity may (still) be this Ambush: the slot is
        unused, or already taken by this Ambush and spaces remain."""
        if sa is None or len(self.spaces) >= self.limit:
            return False
        return bool(self.spaces) or not sa.used

    def strike(
        self, ctx: Ctx, space: str, sa: SpecialActivitySlot | None = None
    ) -> Generator[Ask, Command, None]:
        """Ambush in ``space`` (see :func:`strike`), recorded as the slot's Special
        Activity."""
        self.spaces.append(space)
        if sa is not None:
            sa.outcome = Outcome(executed=True)
            sa.sa_spaces.append(space)
        extra = 0
        if not self.double_used and effects.ambush_double_removal(ctx.state, self.faction):
            extra = 1
        removed = yield from strike(ctx, self.faction, space, extra=extra)
        if removed > 1:
            self.double_used = True


def strike(ctx: Ctx, faction: Faction, space: str, *, extra: int = 0) -> Steps:
    """The Ambush procedure in one space (4.4.3): PT-76 loss, Activate 1 Underground
    Guerrilla, remove exactly 1 enemy piece within reach (plus up to ``extra`` more, shaded
    Main Force Bns), no roll, no Attrition. Returns how many pieces were removed."""
    rule = "4.5.3" if faction is Faction.VC else "4.4.3"
    troop_loss(ctx, faction, space)
    underground = UNDERGROUND[faction][0]
    ctx.flip(space, underground, min(1, ctx.state.space(space).pieces[underground]), rule)
    targets = ambush_targets(ctx.state, space)
    before = _enemies(ctx.state, targets)
    yield from remove_enemies(ctx, faction, targets, 1 + extra, must=1, rule=rule, free_stop=True)
    return before - _enemies(ctx.state, targets)


def _enemies(state: GameState, spaces: Iterable[str]) -> int:
    return sum(state.space(s).count(*COIN_ALL) for s in spaces)


# -- the registered Special Activity (free Ambush by Event, 5.5) -----------------------------
def can_ambush(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Whether an Ambush could occur: not with a Limited Operation (2.3.5), not under
    Claymores unless an Event grants it, and some Guerrilla of the Faction (Underground,
    unless granted by an Event) on the map."""
    if limited or effects.ambush_space_limit(state, by_event=free) == 0:
        return False
    pieces = GUERRILLAS[faction] if free else UNDERGROUND[faction]
    return any(sp.count(*pieces) for sp in state.spaces)


def _never(state: GameState, slot: SpecialActivitySlot) -> bool:
    """Ambush is offered by the March or Attack it accompanies, never by the slot."""
    return False


@special_activity(
    "ambush",
    (Faction.NVA, Faction.VC),
    rule="4.4.3",
    legal=can_ambush,
    accompanies=("march", "attack"),
    legal_in_slot=_never,
)
def ambush(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    operation: str = "",
    spaces: Sequence[str] | None = None,
    allow_active: bool = False,
    max_spaces: int | None = None,
    **options: Any,
) -> Generator[Ask, Command, Outcome]:
    """A free Ambush granted by an Event (5.5): as if an Attack occurred in each selected
    space (4.4.3). Options: ``spaces`` -- the spaces allowed (default: any);
    ``allow_active`` -- the Event lets it Ambush with Active Guerrillas only;
    ``max_spaces`` -- the Event's own number of spaces (default: the rule's 2, or 1 under
    Booby Traps or Typhoon Kate)."""
    rule = "4.5.3" if faction is Faction.VC else "4.4.3"
    limit = (
        max_spaces
        if max_spaces is not None
        else effects.ambush_space_limit(ctx.state, by_event=free and not operation)
    )
    tracker = AmbushTracker(faction, limit)
    pool = tuple(spaces) if spaces is not None else tuple(s.id for s in SPACES)
    done = yield from select_spaces(
        ctx,
        faction,
        Kind.SELECT_SPACE,
        lambda done: f"{faction}: select a space to Ambush in ({len(done) + 1} of up to {limit})",
        rule,
        limit=limit,
        candidates=lambda state, done: [
            SELECT[s]
            for s in pool
            if s not in done and can_ambush_in(state, faction, s, allow_active=allow_active)
        ],
        each=lambda space: tracker.strike(ctx, space),
        refusals=lambda state, done: deferred_refusals(
            partial(_refusals, state, faction, pool, done, allow_active, rule)
        ),
    )
    return Outcome(executed=bool(done))


def _refusals(
    state: GameState,
    faction: Faction,
    pool: Sequence[str],
    done: Sequence[str],
    allow_active: bool,
    rule: str,
) -> Iterable[tuple[Command, str, str]]:
    for s in SPACES:
        name = s.name
        if s.id in done:
            yield SELECT[s.id], f"{name} was already selected for this Ambush", "4.1"
        elif s.id not in pool:
            yield SELECT[s.id], f"the Event does not allow an Ambush in {name}", "5.1"
        elif not state.space(s.id).count(
            *(GUERRILLAS[faction] if allow_active else UNDERGROUND[faction])
        ):
            yield SELECT[s.id], f"no Underground {faction} Guerrilla in {name}", rule
        elif not ambush_targets(state, s.id):
            yield SELECT[s.id], f"no enemy piece within reach of {name}", rule
