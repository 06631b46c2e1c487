"""3.2.3 Sweep (US, ARVN): move Troops into Provinces and Cities (a group may pass through 1
adjacent LoC free of NVA and VC), then Activate enemy Guerrillas there; never in Monsoon
(2.3.9, the registry's). With Combined Action Platoons, Cobras and Booby Traps (5.3).

:func:`sweep_activation` and :func:`sweep_aftermath` serve Advise's Sweep too (4.2.1).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from coinlake.data.cards import BOOBY_TRAPS, COBRAS, COMBINED_ACTION_PLATOONS, Side
from coinlake.data.map import ADJACENT, IS_JUNGLE, IS_LOC, NAME, SPACE_IDS
from coinlake.data.pieces import ACTIVE, UNDERGROUND, Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import (
    Grant,
    Outcome,
    operation,
    pay,
    spendable,
)
from coinlake.rules.core import DONE, Ctx, Kind, subprocedure
from coinlake.rules.kit import ARVN_COST, NO_GRANT, Gen, Slot, at, work_on
from coinlake.state.commands import Command, Select
from coinlake.state.model import AVAILABLE, CASUALTIES, Counts, GameState

P = Piece
US, ARVN = Faction.US, Faction.ARVN


def _reach(destination: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The spaces whose Troops may Sweep into ``destination`` (3.2.3), in map order, each with
    the LoCs it must pass through (none: adjacent; else any 1 of them free of NVA and VC)."""
    via: dict[str, list[str]] = {}
    for n in ADJACENT[destination]:
        via[n] = []
    for loc in ADJACENT[destination]:
        if IS_LOC[loc]:
            for beyond in ADJACENT[loc]:
                if beyond != destination and beyond not in ADJACENT[destination]:
                    via.setdefault(beyond, []).append(loc)
    return tuple((s, tuple(via[s])) for s in SPACE_IDS if s in via)


SWEEP_REACH: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {s: _reach(s) for s in SPACE_IDS}
"""For each Sweep destination, where Troops may come from and through which LoCs (3.2.3)."""


def sweep_origins(state: GameState, destination: str) -> Iterator[str]:
    """3.2.3: spaces whose Troops may Sweep into ``destination``: adjacent ones, and those
    adjacent to a LoC that is adjacent to it and free of NVA and VC pieces (1 LoC on the
    way)."""
    for origin, locs in SWEEP_REACH[destination]:
        if not locs or any(not kit.insurgent_count(at(state, loc).pieces) for loc in locs):
            yield origin


def sweepers(faction: Faction, grant: Grant = NO_GRANT) -> tuple[Piece, ...]:
    """The Troops a Sweep moves (3.2.3): the Faction's own -- as if US Troops, ARVN cubes
    too, when the granting Event says so; US and ARVN Troops, in a joint Sweep (card 99)."""
    if grant.as_us_troops:
        return (P.US_TROOPS, P.ARVN_TROOPS, P.ARVN_POLICE)
    if grant.joint:
        return (P.US_TROOPS, P.ARVN_TROOPS)
    return (P.US_TROOPS,) if faction is US else (P.ARVN_TROOPS,)


def sweep_forces(p: Counts, faction: Faction, grant: Grant = NO_GRANT) -> int:
    """3.2.3: the pieces that Activate Guerrillas in a Sweep space with counts ``p``: the
    Faction's cubes and Special Forces (US: Troops and Irregulars; ARVN: Troops, Police and
    Rangers); as if US with ARVN cubes as US Troops when the granting Event says so; with
    the other COIN Faction's Troops too in a joint Sweep (card 99)."""
    own = ARVN if faction is ARVN and not grant.as_us_troops else US
    forces = sweepers(faction, grant) + UNDERGROUND[own] + ACTIVE[own]
    if own is ARVN:
        forces += (P.ARVN_POLICE,)
    return sum(p[x] for x in forces)


def can_sweep(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Sweep (3.2.3): ARVN can pay 3 for a space (unless free); Monsoon is the registry's."""
    return faction is US or free or spendable(state, ARVN) >= ARVN_COST


@operation("sweep", (US, ARVN), rule="3.2.3", legal=can_sweep, monsoon_banned=True)
def sweep(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """3.2.3 Sweep: select Provinces and Cities (ARVN pays 3 each) and move adjacent Troops
    into them (a group may pass through 1 adjacent LoC free of NVA and VC); then in each
    Activate per :func:`sweep_activation`. Shaded Combined Action Platoons (18): the US
    selects at most 2 spaces. Not in Monsoon (the registry, 2.3.9). A granting Event may
    Sweep in place (no moves), name where the Troops may come from (``origins``), fix the
    targets (3.1), count ARVN cubes as US Troops, or move and Activate with US and ARVN
    Troops together (``joint``)."""
    kit.honour(
        grant, "sweep", *kit.SPACE_TERMS, "in_place", "origins", "targets", "as_us_troops", "joint"
    )
    limit = 1 if limited else None
    cap = effects.capability(ctx.state, COMBINED_ACTION_PLATOONS)
    if faction is US and cap is Side.SHADED:
        limit = 2 if limit is None else min(limit, 2)

    arrived: kit.Arrivals = ()

    def each(space: str) -> Gen[None]:
        # a sub-procedure: a re-run starts inside it, or passes it
        nonlocal arrived
        arrived = yield from ctx.call("sweep-space", faction, space, free, grant, arrived)

    chosen = yield from kit.action_spaces(
        ctx,
        faction,
        "Sweep",
        "3.2.3",
        grant=grant,
        spaces=kit.COIN_PROVINCES_AND_CITIES,
        outside=kit.coin_outside("Sweep", "3.2.3"),
        slot=sa,
        operation="sweep",
        limit=limit,
        ok=lambda state, s: True,
        full=kit.arvn_space_cost(faction, free, "Sweep", "3.2.3"),
        each=each,
        what="a destination",
    )
    if not chosen:
        return Outcome(executed=False)
    for space in chosen:
        work_on(ctx, space)
        yield from sweep_activation(ctx, faction, space, "3.2.3", grant)
    work_on(ctx, None)
    yield from sweep_aftermath(ctx, faction, chosen, "3.2.3")
    return Outcome(executed=True)


@subprocedure("sweep-space")
def sweep_space(
    ctx: Ctx,
    faction: Faction,
    space: str,
    free: bool,
    grant: Grant,
    arrived: kit.Arrivals,
) -> Gen[kit.Arrivals]:
    """3.2.3 in one selected space: ARVN pays 3, then Troops move in from adjacent spaces
    (unless the Event Sweeps in place); Troops that ``arrived`` in a Sweep space move no
    further. Gives back those that have arrived after."""
    pay(ctx, faction, ARVN_COST if faction is ARVN else 0, free=free, rule="3.2.3")
    if grant.in_place:
        return arrived

    def sources(state: GameState, destination: str) -> Iterator[str]:
        for origin in sweep_origins(state, destination):
            if grant.origins is None or origin in grant.origins:
                yield origin

    mover = kit.Mover(sweepers(faction, grant), sources=sources)
    mover.arrived = dict(arrived)
    yield from kit.move_into(
        ctx,
        faction,
        mover,
        space,
        lambda _: (
            f"{faction} Sweep into {NAME[space]}: move Troops in (from which space, how many), "
            "or done"
        ),
        "3.2.3",
    )
    return mover.arrivals()


def sweep_activation(
    ctx: Ctx, faction: Faction, space: str, rule: str = "3.2.3", grant: Grant = NO_GRANT
) -> Gen[int]:
    """3.2.3: Activate 1 enemy Guerrilla per own cube or Special Force in the space (US:
    Troops and Irregulars; ARVN: Troops, Police and Rangers; as if US with ARVN cubes as US
    Troops when the granting Event says so), 1 per 2 in Jungle."""
    n = sweep_forces(at(ctx.state, space).pieces, faction, grant)
    if IS_JUNGLE[space]:
        n //= 2
    return (yield from kit.activate_guerrillas(ctx, faction, space, n, rule, grant))


def cobras_targets(p: Counts) -> tuple[Piece, ...]:
    """Unshaded Cobras (13): the pieces one removal may take -- Active, not Tunneled, NVA
    Troops first, Bases last (once no other enemy piece is there)."""
    if p[P.NVA_TROOPS]:
        return (P.NVA_TROOPS,)
    active = tuple(g for g in kit.ACTIVE_GUERRILLAS if p[g])
    if active:
        return active
    if p[P.NVA_GUERRILLA_UNDERGROUND] or p[P.VC_GUERRILLA_UNDERGROUND]:
        return ()
    return tuple(b for b in kit.OPEN_BASES if p[b])


def sweep_aftermath(ctx: Ctx, faction: Faction, spaces: Sequence[str], rule: str) -> Gen[None]:
    """Lasting effects after a Sweep (also Advise's Sweep, 4.2.1):

    - unshaded Cobras (13): in up to 2 of the Sweep spaces, remove 1 Active enemy piece
      that is not a Tunneled Base (NVA Troops first, Bases last);
    - shaded Booby Traps (101): in each Sweep space, a die roll of 1-3 removes 1 Troop of
      the Sweeping Faction there (US Troops to Casualties).
    """
    if effects.capability(ctx.state, COBRAS) is Side.UNSHADED:
        done: list[str] = []
        while len(done) < 2:
            state = ctx.state
            targets = [s for s in spaces if s not in done and cobras_targets(at(state, s).pieces)]
            if not targets:
                break
            if len(targets) <= 2 - len(done):
                where = targets[0]
            else:
                options: tuple[Command, ...] = (*(kit.SELECT[s] for s in targets), DONE)
                answer = yield ctx.ask(
                    faction,
                    Kind.SELECT_SPACE,
                    f"Cobras: remove 1 Active enemy in which Sweep space ({2 - len(done)} left)?",
                    options,
                    "5.3",
                )
                if not isinstance(answer, Select):
                    break
                where = answer.space
            done.append(where)
            work_on(ctx, where)
            piece = yield from kit.which_piece(
                ctx,
                faction,
                f"Cobras: remove which piece from {NAME[where]}?",
                cobras_targets(at(ctx.state, where).pieces),
                where,
                "5.3",
            )
            work_on(ctx, None)
            ctx.move(piece, 1, where, AVAILABLE, "5.3")
    if effects.capability(ctx.state, BOOBY_TRAPS) is Side.SHADED:
        troop = P.US_TROOPS if faction is US else P.ARVN_TROOPS
        box = CASUALTIES if faction is US else AVAILABLE
        for s in spaces:
            if at(ctx.state, s).pieces[troop]:
                roll = ctx.roll("Booby Traps", "5.3")
                if roll <= 3:
                    ctx.move(troop, 1, s, box, "5.3")
