"""ARVN Special Activities: Govern (4.3.1), Transport (4.3.2) and Raid (4.3.3), with the
lasting effects that change them (5.3, 5.4, 2.4.1), read through :mod:`coinlake.rules.effects`.

Run inside an Operation's :class:`~coinlake.rules.actions.SpecialActivitySlot` (``sa``),
each records its spaces in ``sa.sa_spaces`` and reads ``sa.op_spaces`` (Govern keeps out of
the Train spaces, 4.3.1); unshaded Armored Cavalry's Assault waits in ``sa.after`` until the
Operation is complete. A Special Activity granted by the Event being played (``free=True``)
is not stopped by Typhoon Kate (5.1.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial

from coinlake.data.cards import ARMORED_CAVALRY, MANDATE_OF_HEAVEN, NGUYEN_KHANH, YOUNG_TURKS, Side
from coinlake.data.map import (
    ADJACENT,
    IN_NORTH_VIETNAM,
    INDEX,
    IS_CITY,
    IS_LOC,
    NAME,
    POPULATION,
    SAIGON,
    SPACE_IDS,
)
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, SpecialActivitySlot, special_activity
from coinlake.rules.core import DONE, Ctx, Kind, ask_unless_one
from coinlake.rules.kit import NO_GRANT, NOT_NORTH, Gen, Slot, at, word, work_on
from coinlake.rules.operations.assault import assault_in, can_assault_in
from coinlake.rules.operations.train import outside_train, train_spaces
from coinlake.state.commands import Command, Move, Select
from coinlake.state.model import GameState, Track
from coinlake.state.queries import Control, control_of

P = Piece
ARVN = Faction.ARVN

TRANSPORT_PIECES = 6
"""4.3.2: ARVN Troops and Rangers one Transport moves, in all."""
YOUNG_TURKS_PATRONAGE = 2


# -- 4.3.1 Govern --------------------------------------------------------------------------------
AID, PATRONAGE, PATRONAGE_NO_SHIFT = word("aid"), word("patronage"), word("patronage-no-shift")


def _govern_space(state: GameState, space: str) -> bool:
    """4.3.1: a COIN-Controlled Province or City at Passive or Active Support, not Saigon."""
    if IS_LOC[space] or space == SAIGON or IN_NORTH_VIETNAM[space]:
        return False
    sp = at(state, space)
    return sp.support > 0 and control_of(sp) is Control.COIN


def _govern_reason(state: GameState, space: str) -> tuple[str, str]:
    if space == SAIGON:
        return "Govern may not select Saigon", "4.3.1"
    return f"{NAME[space]} is not a COIN-Controlled space at Support", "4.3.1"


def can_govern(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    return any(_govern_space(state, s) for s in kit.COIN_PROVINCES_AND_CITIES)


def govern_in_slot(state: GameState, slot: SpecialActivitySlot) -> bool:
    """Govern could act in a space its Train did not select (4.3.1)."""
    return outside_train(state, slot, _govern_space)


@special_activity(
    "govern",
    ARVN,
    rule="4.3.1",
    legal=can_govern,
    accompanies=("train", "patrol"),
    legal_in_slot=govern_in_slot,
)
def govern(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """4.3.1 Govern, with Train or Patrol, in 1 or 2 spaces (not Train spaces): in each add 3
    x Population to Aid, or -- with more ARVN cubes than US Troops there -- move Population
    from Aid to Patronage and shift the space 1 level toward Neutral.

    Mandate of Heaven (86): unshaded, 1 Govern space may move Aid to Patronage without the
    shift; shaded, 1 space only. Typhoon Kate (115): 1 space. Young Turks (126, RVN Leader):
    each Govern adds 2 Patronage."""
    kit.honour(grant, "govern", *kit.SPACE_TERMS)
    state = ctx.state
    mandate = effects.capability(state, MANDATE_OF_HEAVEN)
    limit = 1 if mandate is Side.SHADED or kit.typhoon_kate(state, free) else 2
    keep_level = mandate is Side.UNSHADED

    def each(space: str) -> Gen[None]:
        nonlocal keep_level
        p = at(ctx.state, space).pieces
        modes: list[Command] = [AID]
        if p[P.ARVN_TROOPS] + p[P.ARVN_POLICE] > p[P.US_TROOPS]:
            modes.append(PATRONAGE)
            if keep_level:
                modes.append(PATRONAGE_NO_SHIFT)
        mode = yield from ask_unless_one(
            ctx,
            ARVN,
            Kind.CHOOSE_MODE,
            f"ARVN Govern in {NAME[space]}: add Aid or take Patronage?",
            tuple(modes),
            "4.3.1",
        )
        if mode == AID:
            ctx.add_track(Track.AID, 3 * POPULATION[space], "4.3.1")
            return
        amount = min(POPULATION[space], ctx.state.aid)
        ctx.add_track(Track.AID, -amount, "4.3.1")
        ctx.add_track(Track.PATRONAGE, amount, "4.3.1")
        if mode == PATRONAGE_NO_SHIFT:
            keep_level = False  # only 1 space
        else:
            kit.shift(ctx, space, -1, "4.3.1")

    avoid = train_spaces(sa)
    chosen = yield from kit.action_spaces(
        ctx,
        ARVN,
        "Govern",
        "4.3.1",
        grant=grant,
        spaces=kit.COIN_PROVINCES_AND_CITIES,
        outside=kit.coin_outside("Govern", "4.3.1"),
        limit=limit,
        ok=_govern_space,
        reason=_govern_reason,
        avoid=lambda: avoid,
        avoided=("the Train", "4.3.1"),
        record=None if sa is None else sa.sa_spaces,
        each=each,
        special_activity=True,
    )
    if not chosen:
        return Outcome(executed=False)
    if effects.leader_in_effect(ctx.state, YOUNG_TURKS):
        ctx.add_track(Track.PATRONAGE, YOUNG_TURKS_PATRONAGE, "2.4.1")
    return Outcome(executed=True)


# -- 4.3.2 Transport -------------------------------------------------------------------------------
RANGERS = (P.ARVN_RANGER_UNDERGROUND, P.ARVN_RANGER_ACTIVE)
NEXT_TO_LOC: tuple[str, ...] = tuple(s for s in SPACE_IDS if any(IS_LOC[n] for n in ADJACENT[s]))
"""Spaces a Transport can leave (4.3.2: its first step is onto a LoC)."""


def transport_pieces(state: GameState) -> tuple[Piece, ...]:
    """4.3.2: ARVN Troops and Rangers; shaded Armored Cavalry (61): Rangers only."""
    if effects.capability(state, ARMORED_CAVALRY) is Side.SHADED:
        return RANGERS
    return (P.ARVN_TROOPS, *RANGERS)


def transport_reach(state: GameState, origin: str) -> tuple[str, ...]:
    """4.3.2: where a Transported piece from ``origin`` may end, in map order: onto an
    adjacent LoC, on along LoCs and through Cities, then into any adjacent space (never
    North Vietnam), stopping on entering a space with NVA or VC pieces. Nguyen Khanh (125,
    RVN Leader): at most 1 LoC on the way."""
    most = 1 if effects.leader_in_effect(state, NGUYEN_KHANH) else len(SPACE_IDS)
    out: set[str] = set()
    best: dict[str, int] = {}
    stack = [(n, 1) for n in ADJACENT[origin] if IS_LOC[n]]
    while stack:
        n, used = stack.pop()
        if best.get(n, len(SPACE_IDS) + 1) <= used:
            continue
        best[n] = used
        out.add(n)
        if kit.insurgent_count(at(state, n).pieces):
            continue  # must stop here
        for m in ADJACENT[n]:
            if m == origin or IN_NORTH_VIETNAM[m]:
                continue
            if IS_LOC[m] or IS_CITY[m]:
                more = used + (1 if IS_LOC[m] else 0)
                if more <= most:
                    stack.append((m, more))
            else:
                out.add(m)
    out.discard(origin)
    return tuple(sorted(out, key=INDEX.__getitem__))


def can_transport(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Transport (4.3.2): not under Typhoon Kate (115); pieces to move."""
    if kit.typhoon_kate(state, free):
        return False
    return kit.anywhere(state, *transport_pieces(state))


@special_activity("transport", ARVN, rule="4.3.2", legal=can_transport)
def transport(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """4.3.2 Transport: from 1 space, move up to 6 ARVN Troops and Rangers per
    :func:`transport_reach`; then flip every Ranger on the map Underground. Unshaded
    Armored Cavalry (61): once the Operation is complete, ARVN may Assault free in 1
    Transport destination. A granting Event may name the destinations (``spaces``) and the
    origins."""
    kit.honour(grant, "transport", "spaces", "origins")
    state = ctx.state
    if kit.typhoon_kate(state, free):
        return Outcome(executed=False)
    pieces = transport_pieces(state)

    def origins() -> Iterator[Command]:
        for s in NEXT_TO_LOC:
            if grant.origins is not None and s not in grant.origins:
                continue
            if any(at(state, s).pieces[x] for x in pieces):
                yield kit.SELECT[s]

    answer = yield ctx.ask(
        ARVN,
        Kind.SELECT_SPACE,
        "ARVN Transport: move from which space? (or done)",
        lambda: kit.then_done(origins()),
        "4.3.2",
        none_done=True,
    )
    if not isinstance(answer, Select):
        return Outcome(executed=False)
    origin = answer.space
    if sa is not None:
        sa.sa_spaces.append(origin)
    reach: list[tuple[str, ...]] = []  # worked out once, when first asked

    def targets(state: GameState, o: str, piece: Piece) -> Iterable[str]:
        if not reach:
            found = transport_reach(state, o)
            reach.append(
                found if grant.spaces is None else tuple(s for s in found if s in grant.spaces)
            )
        return reach[0]

    mover = kit.Mover(pieces, targets=targets, caps=((pieces, TRANSPORT_PIECES),))
    moved = 0
    destinations: list[str] = []
    while moved < TRANSPORT_PIECES:
        state = ctx.state
        if not any(at(state, origin).pieces[x] for x in pieces):
            break
        target = yield ctx.ask(
            ARVN,
            Kind.SELECT_SPACE,
            f"ARVN Transport from {NAME[origin]}: to which space ({moved} of 6 moved), or done",
            partial(_destinations, targets, state, origin, pieces[0]),
            "4.3.2",
        )
        if not isinstance(target, Select):
            break
        work_on(ctx, target.space)
        move = yield from ask_unless_one(
            ctx,
            ARVN,
            Kind.MOVE_PIECES,
            f"ARVN Transport from {NAME[origin]} to {NAME[target.space]}: move which pieces?",
            partial(mover.from_to, state, origin, target.space),
            "4.3.2",
        )
        work_on(ctx, None)
        assert isinstance(move, Move)
        ctx.move(move.piece, move.count, origin, move.destination, "4.3.2")
        mover.record(move)
        moved += move.count
        if move.destination not in destinations:
            destinations.append(move.destination)
            if sa is not None:
                sa.sa_spaces.append(move.destination)
    for s in kit.spaces_with(ctx.state, P.ARVN_RANGER_ACTIVE):
        ctx.flip(s, P.ARVN_RANGER_ACTIVE, at(ctx.state, s).pieces[P.ARVN_RANGER_ACTIVE], "4.3.2")
    if destinations and effects.capability(ctx.state, ARMORED_CAVALRY) is Side.UNSHADED:
        if sa is not None:
            sa.after.append(lambda ctx: _cavalry_assault(ctx, destinations))
        else:
            yield from _cavalry_assault(ctx, destinations)
    return Outcome(executed=True, spaces=tuple(destinations))


def _destinations(
    targets: kit.Targets, state: GameState, origin: str, piece: Piece
) -> tuple[Command, ...]:
    return (*(kit.SELECT[d] for d in targets(state, origin, piece)), DONE)


def _cavalry_assault(ctx: Ctx, destinations: list[str]) -> Gen[None]:
    """Unshaded Armored Cavalry (61): a free ARVN Assault in 1 Transport destination."""
    state = ctx.state
    assaults = tuple(
        kit.SELECT[s] for s in destinations if can_assault_in(at(state, s).pieces, ARVN)
    )
    if not assaults:
        return
    answer = yield ctx.ask(
        ARVN,
        Kind.SELECT_SPACE,
        "Armored Cavalry: free ARVN Assault in 1 Transport destination, or done",
        (*assaults, DONE),
        "5.3",
    )
    if isinstance(answer, Select):
        before = ctx.top.space if ctx.top is not None else None
        work_on(ctx, answer.space)
        yield from assault_in(ctx, ARVN, answer.space, "3.2.4")
        work_on(ctx, before)


# -- 4.3.3 Raid -----------------------------------------------------------------------------------
STRIKE = word("strike")


def can_raid(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Raid (4.3.3): Rangers on the map."""
    return kit.anywhere(state, *RANGERS)


@special_activity(
    "raid", ARVN, rule="4.3.3", legal=can_raid, accompanies=("patrol", "sweep", "assault")
)
def raid(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """4.3.3 Raid, with Patrol, Sweep or Assault, in 1 or 2 spaces (1 under Typhoon Kate):
    move in adjacent Rangers (keeping their side), then, if desired, Activate 1 Underground
    Ranger there to remove 2 enemy pieces (Bases only once no other enemy piece is there,
    never Tunneled Bases; Underground Guerrillas may be removed)."""
    kit.honour(grant, "raid", *kit.SPACE_TERMS, "targets", "untunneled")
    mover = kit.Mover(RANGERS, sources=lambda state, d: ADJACENT[d])

    def ok(state: GameState, space: str) -> bool:
        """A Raid space has Rangers, or Rangers next to it that may still move (4.3.3)."""
        if IN_NORTH_VIETNAM[space]:
            return False
        p = at(state, space).pieces
        if p[RANGERS[0]] or p[RANGERS[1]]:
            return True
        return any(mover.movable(state, o, r) for o in ADJACENT[space] for r in RANGERS)

    def each(space: str) -> Gen[None]:
        yield from kit.move_into(
            ctx,
            ARVN,
            mover,
            space,
            lambda _: f"ARVN Raid into {NAME[space]}: move in Rangers, or done",
            "4.3.3",
        )
        p = at(ctx.state, space).pieces
        if p[P.ARVN_RANGER_UNDERGROUND] and kit.strike_targets(p, grant=grant):
            strike = yield ctx.ask(
                ARVN,
                Kind.YES_NO,
                f"ARVN Raid in {NAME[space]}: Activate a Ranger to remove 2 enemy pieces?",
                (STRIKE, kit.DECLINE),
                "4.3.3",
            )
            if strike == STRIKE:
                ctx.flip(space, P.ARVN_RANGER_UNDERGROUND, 1, "4.3.3")
                yield from kit.remove_insurgents(ctx, ARVN, space, 2, "4.3.3", grant)

    chosen = yield from kit.action_spaces(
        ctx,
        ARVN,
        "Raid",
        "4.3.3",
        grant=grant,
        spaces=NOT_NORTH,
        outside=kit.coin_outside("Raid", "4.3.3", locs=True),
        limit=1 if kit.typhoon_kate(ctx.state, free) else 2,
        ok=ok,
        reason=lambda state, s: (f"no Rangers in or next to {NAME[s]} may Raid", "4.3.3"),
        record=None if sa is None else sa.sa_spaces,
        each=each,
        special_activity=True,
    )
    return Outcome(executed=bool(chosen))
