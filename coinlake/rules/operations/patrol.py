"""3.2.2 Patrol (US, ARVN): move cubes along LoCs and through Cities, Activate enemy
Guerrillas on LoCs, then Assault in 1 LoC; with M-48 Patton (5.3), Body Count and General
Lansdale (5.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial

from coinlake.data.cards import M48_PATTON, Side
from coinlake.data.map import ADJACENT, INDEX, IS_CITY, IS_LOC, LOC_IDS, SPACE_IDS
from coinlake.data.pieces import CUBES, Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import (
    Grant,
    Outcome,
    operation,
    pay,
    spendable,
)
from coinlake.rules.core import DONE, Ctx, Kind, deferred_refusals
from coinlake.rules.kit import ARVN_COST, NO_GRANT, Gen, Slot, at, move_cmd, work_on
from coinlake.rules.operations.assault import (
    assault_in,
    body_count,
    can_assault_in,
    us_assault_banned,
)
from coinlake.state.commands import Choose, Command, Done, Move, Select
from coinlake.state.model import AVAILABLE, CASUALTIES, GameState, memo

P = Piece
US, ARVN, NVA = Faction.US, Faction.ARVN, Faction.NVA

LOC_OR_CITY: dict[str, bool] = {s: IS_LOC[s] or IS_CITY[s] for s in SPACE_IDS}
PATROL_STEPS: dict[str, tuple[str, ...]] = {
    s: tuple(n for n in ADJACENT[s] if LOC_OR_CITY[n]) for s in SPACE_IDS
}
"""The LoCs and Cities next to each space: where a Patrolling cube may step (3.2.2)."""
PATROL_ORIGINS: tuple[str, ...] = tuple(s for s in SPACE_IDS if PATROL_STEPS[s])
LOC_OR_CITY_IDS: tuple[str, ...] = tuple(s for s in SPACE_IDS if LOC_OR_CITY[s])
"""Spaces a Patrolling cube can leave (3.2.2: its first step is into a LoC or City)."""
PATROL_ASSAULT = "patrol-assault"
"""The procedure named in the Context of the Patrol's closing Assault in 1 LoC (3.2.2): its
space question and the Assault's own questions, within the Patrol."""


def patrol_reach(state: GameState, origin: str) -> tuple[str, ...]:
    """3.2.2: where a cube in ``origin`` may end: adjacent LoCs and Cities, and on from LoC
    or City to LoC or City, stopping on entering a space with any NVA or VC piece (in map
    order; memoised on the state)."""
    return memo(state, ("patrol-reach", origin), lambda: _reach(state, origin))


def _reach(state: GameState, origin: str) -> tuple[str, ...]:
    # the origin itself is left out: a path back through it reaches only what its own
    # first steps reach
    ends = _patrol_ends(state)
    out = {e for n in PATROL_STEPS[origin] for e in ends[n]}
    out.discard(origin)
    return tuple(sorted(out, key=INDEX.__getitem__))


def _patrol_ends(state: GameState) -> dict[str, frozenset[str]]:
    """Where a cube that steps into each LoC or City may end (3.2.2): there, if it holds an
    NVA or VC piece; else anywhere in the stretch of LoCs and Cities without any that it
    belongs to, and any LoC or City next to that stretch (adjacency is mutual). Memoised on
    the state: every origin's reach is made of these."""
    return memo(state, "patrol-ends", partial(_stretches, state))


def _stretches(state: GameState) -> dict[str, frozenset[str]]:
    clear = {s for s in LOC_OR_CITY_IDS if not kit.insurgent_count(at(state, s).pieces)}
    ends = {s: frozenset((s,)) for s in LOC_OR_CITY_IDS if s not in clear}
    for start in LOC_OR_CITY_IDS:
        if start in ends:
            continue  # blocked, or its stretch is done
        stretch: set[str] = set()
        reached = {start}
        stack = [start]
        while stack:
            n = stack.pop()
            stretch.add(n)
            for m in PATROL_STEPS[n]:
                if m not in reached:
                    reached.add(m)
                    if m in clear:
                        stack.append(m)
        found = frozenset(reached)
        for n in stretch:
            ends[n] = found
    return ends


def can_patrol(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Patrol (3.2.2): ARVN can pay 3 (unless free or Body Count); the Faction has cubes."""
    free = free or body_count(state)
    if faction is ARVN and not free and spendable(state, ARVN) < ARVN_COST:
        return False
    return kit.anywhere(state, *CUBES[faction])


@operation("patrol", (US, ARVN), rule="3.2.2", legal=can_patrol)
def patrol(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """3.2.2 Patrol: move cubes through LoCs and Cities (each cube once, stopping at NVA or
    VC pieces); then in each LoC Activate 1 enemy Guerrilla per own cube; then a free Assault
    in 1 LoC (the US adds no ARVN). ARVN pays 3 in all; a Limited Patrol has 1 destination
    (its Activation and Assault there). Shaded M-48 Patton (14): afterwards the NVA may take
    off as many as 2 of the cubes that just moved. Unshaded Body Count (72): no cost; shaded
    General Lansdale (78): no US Assault. A granting Event may name the destinations
    (``spaces``) and origins, and the targets (3.1)."""
    kit.honour(grant, "patrol", "spaces", "origins", "targets")
    free = free or body_count(ctx.state)
    pay(ctx, faction, ARVN_COST if faction is ARVN else 0, free=free, rule="3.2.2")
    cubes = CUBES[faction]
    fixed: list[str] = []  # a Limited Patrol's single destination, once chosen

    def origins(state: GameState) -> Iterator[str]:
        dest = fixed[0] if fixed else None
        for s in PATROL_ORIGINS:
            if s == dest or (grant.origins is not None and s not in grant.origins):
                continue
            p = at(state, s).pieces
            if any(map(p.__getitem__, cubes)) and (dest is None or dest in patrol_reach(state, s)):
                yield s

    def targets(state: GameState, origin: str, piece: Piece) -> Iterable[str]:
        if fixed:
            return fixed
        reach = patrol_reach(state, origin)
        if grant.spaces is not None:
            return tuple(s for s in reach if s in grant.spaces)
        return reach

    mover = kit.Mover(cubes, origins=origins, targets=targets)
    while True:
        state = ctx.state
        refusals = (
            ()
            if ctx.replaying
            else deferred_refusals(
                lambda state=state: kit.sa_refusals(state, faction, sa, "patrol")
            )
        )
        answer = yield from kit.move_step(
            ctx,
            faction,
            mover,
            f"{faction} Patrol",
            "3.2.2",
            extras=None if sa is None else sa.choices,
            refusals=refusals,
            destination_rule="2.3.5" if limited and fixed else None,
        )
        if isinstance(answer, Done):
            break
        if isinstance(answer, Choose):
            assert sa is not None
            yield from sa.take(ctx, answer)
            continue
        assert isinstance(answer, Move)
        if limited and not fixed:
            fixed.append(answer.destination)
    locs = tuple(s for s in fixed if IS_LOC[s]) if limited else LOC_IDS
    for s in locs:
        n = sum(at(ctx.state, s).pieces[c] for c in cubes)
        if n:
            work_on(ctx, s)
            yield from kit.activate_guerrillas(ctx, faction, s, n, "3.2.2", grant)
            work_on(ctx, None)
    state = ctx.state
    assaults = tuple(kit.SELECT[s] for s in locs if can_assault_in(at(state, s).pieces, faction))
    if assaults and not (faction is US and us_assault_banned(state)):
        with ctx.scope(PATROL_ASSAULT, "3.2.2"):
            answer = yield ctx.ask(
                faction,
                Kind.SELECT_SPACE,
                f"{faction} Patrol: Assault in 1 LoC at no added cost, or done",
                (*assaults, DONE),
                "3.2.2",
            )
            if isinstance(answer, Select):
                work_on(ctx, answer.space)
                yield from assault_in(ctx, faction, answer.space, "3.2.2", grant=grant)
    if effects.capability(ctx.state, M48_PATTON) is Side.SHADED:
        yield from _rpgs(ctx, faction, mover)
    destinations = tuple(dict.fromkeys(d for (d, _), n in mover.arrived.items() if n))
    # 2.3.4 NOTE: a Patrol that moved no cube and Assaulted nowhere occurred in no space
    occurred = bool(destinations) or any(sum(at(state, s).pieces[c] for c in cubes) for s in locs)
    return Outcome(executed=occurred, spaces=destinations)


def _rpgs(ctx: Ctx, faction: Faction, mover: kit.Mover) -> Gen[None]:
    """Shaded M-48 Patton (14): once the Patrol is over, the NVA may take off as many as 2 of
    the cubes that just moved (US Troops to Casualties)."""
    box = CASUALTIES if faction is US else AVAILABLE
    arrived = mover.arrived
    for _ in range(2):
        state = ctx.state
        options: tuple[Command, ...] = tuple(
            move_cmd(piece, 1, s, box)
            for s in SPACE_IDS
            for piece in mover.pieces
            if arrived.get((s, piece), 0) > 0 and at(state, s).pieces[piece] > 0
        )
        if not options:
            return
        answer = yield ctx.ask(
            NVA,
            Kind.REMOVE_PIECES,
            "M-48 Patton (shaded): NVA removes a cube that Patrolled, or done",
            (*options, DONE),
            "5.3",
        )
        if not isinstance(answer, Move):
            return
        ctx.move(answer.piece, 1, answer.origin, box, "5.3")
        arrived[(answer.origin, answer.piece)] -= 1
