"""ARVN Special Activities: Govern, Transport and Raid (rules 4.1, 4.1.1, 4.3.1-4.3.3), with
the lasting effects that change them (5.3, 5.4, 2.4.1), read through
:mod:`coinlake.rules.effects`.

Each is registered in :mod:`coinlake.rules.actions` and asks in small steps (``Select`` a
space or ``done``, ``Move`` pieces, ``Choose`` a word), each naming its
:class:`~coinlake.rules.core.Kind`. Inside an Operation's
:class:`~coinlake.rules.actions.SpecialActivitySlot` it records its spaces in
``slot.sa_spaces`` and reads ``slot.op_spaces`` (Govern keeps out of the Train spaces,
4.3.1); unshaded Armored Cavalry's Assault waits in ``slot.after`` until the Operation is
complete. A Special Activity granted by the Event being played (``free=True``) is not
stopped by Typhoon Kate (5.1.2).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from coinlake.data.cards import Side
from coinlake.data.map import space_index
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.actions import ActionProc, Outcome, SpecialActivitySlot, special_activity
from coinlake.rules.coin_operations import (
    ADJ,
    COIN_PROVINCES_AND_CITIES,
    DECLINE,
    IDS,
    IN_NORTH,
    IS_LOC,
    LOC_OR_CITY,
    N_SPACES,
    NAMES,
    NEXT_TO_LOC,
    NOT_NORTH,
    POP,
    SAIGON,
    SELECT,
    Gen,
    assault_in,
    can_assault_in,
    capability_side,
    choose,
    coin_control,
    coin_sa_spaces,
    insurgent_pieces,
    kate,
    move_cmd,
    outside_train,
    record_sa_space,
    remove_enemies,
    shift,
    strike_targets,
    train_spaces,
    work_on,
)
from coinlake.rules.core import DONE, Ctx, Kind, ask_unless_one
from coinlake.state.commands import Command, Move, Select
from coinlake.state.model import GameState, Track

P = Piece
ARVN = Faction.ARVN

ARMORED_CAVALRY = 61
MANDATE_OF_HEAVEN = 86
NGUYEN_KHANH = 125
YOUNG_TURKS = 126

TRANSPORT_PIECES = 6
"""4.3.2: ARVN Troops and Rangers one Transport moves, in all."""
YOUNG_TURKS_PATRONAGE = 2


# -- 4.3.1 Govern --------------------------------------------------------------------------------
AID, PATRONAGE, PATRONAGE_NO_SHIFT = (
    choose("aid"),
    choose("patronage"),
    choose("patronage-no-shift"),
)


def _govern_space(state: GameState, i: int) -> bool:
    """4.3.1: a COIN-Controlled Province or City at Passive or Active Support, not Saigon."""
    if IS_LOC[i] or i == SAIGON or IN_NORTH[i]:
        return False
    sp = state.spaces[i]
    return sp.support > 0 and coin_control(sp.pieces)


def can_govern(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    return any(_govern_space(state, i) for i in COIN_PROVINCES_AND_CITIES)


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
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    **options: Any,
) -> ActionProc:
    """4.3.1 Govern, with Train or Patrol, in 1 or 2 spaces (not Train spaces): in each add 3
    x Population to Aid, or -- with more ARVN cubes than US Troops there -- move Population
    from Aid to Patronage and shift the space 1 level toward Neutral.

    Mandate of Heaven (86): unshaded, 1 Govern space may move Aid to Patronage without the
    shift; shaded, 1 space only. Typhoon Kate (115): 1 space. Young Turks (126, RVN Leader):
    each Govern adds 2 Patronage."""
    slot: SpecialActivitySlot | None = options.get("slot")
    state = ctx.state
    mandate = capability_side(state, MANDATE_OF_HEAVEN)
    limit = 1 if mandate is Side.SHADED or kate(state, free) else 2
    keep_level = mandate is Side.UNSHADED

    def each(space: str) -> Gen[None]:
        nonlocal keep_level
        i = space_index(space)
        p = ctx.state.spaces[i].pieces
        modes: list[Command] = [AID]
        if p[P.ARVN_TROOPS] + p[P.ARVN_POLICE] > p[P.US_TROOPS]:
            modes.append(PATRONAGE)
            if keep_level:
                modes.append(PATRONAGE_NO_SHIFT)
        mode = yield from ask_unless_one(
            ctx,
            ARVN,
            Kind.CHOOSE_MODE,
            f"ARVN Govern in {NAMES[i]}: add Aid or take Patronage?",
            tuple(modes),
            "4.3.1",
        )
        if mode == AID:
            ctx.add_track(Track.AID, 3 * POP[i], "4.3.1")
            return
        amount = min(POP[i], ctx.state.aid)
        ctx.add_track(Track.AID, -amount, "4.3.1")
        ctx.add_track(Track.PATRONAGE, amount, "4.3.1")
        if mode == PATRONAGE_NO_SHIFT:
            keep_level = False  # only 1 space
        else:
            shift(ctx, i, -1, "4.3.1")

    chosen = yield from coin_sa_spaces(
        ctx,
        ARVN,
        "ARVN Govern",
        Kind.SELECT_SPACE,
        "4.3.1",
        limit=limit,
        ok=_govern_space,
        slot=slot,
        each=each,
        avoid=train_spaces(slot),
        spaces=COIN_PROVINCES_AND_CITIES,
    )
    if not chosen:
        return Outcome(executed=False)
    if effects.leader_in_effect(ctx.state, YOUNG_TURKS):
        ctx.add_track(Track.PATRONAGE, YOUNG_TURKS_PATRONAGE, "2.4.1")
    return Outcome(executed=True)


# -- 4.3.2 Transport -------------------------------------------------------------------------------
def transport_pieces(state: GameState) -> tuple[Piece, ...]:
    """4.3.2: ARVN Troops and Rangers; shaded Armored Cavalry (61): Rangers only."""
    rangers = (P.ARVN_RANGER_UNDERGROUND, P.ARVN_RANGER_ACTIVE)
    if capability_side(state, ARMORED_CAVALRY) is Side.SHADED:
        return rangers
    return (P.ARVN_TROOPS, *rangers)


def transport_reach(state: GameState, origin: int) -> list[int]:
    """4.3.2: where a Transported piece from ``origin`` may end: onto an adjacent LoC, on
    along LoCs and through Cities, then into any adjacent space (never North Vietnam),
    stopping on entering a space with NVA or VC pieces. Nguyen Khanh (125, RVN Leader):
    at most 1 LoC on the way."""
    most = 1 if effects.leader_in_effect(state, NGUYEN_KHANH) else N_SPACES
    out: set[int] = set()
    best: dict[int, int] = {}
    stack = [(n, 1) for n in ADJ[origin] if IS_LOC[n]]
    while stack:
        n, used = stack.pop()
        if best.get(n, N_SPACES + 1) <= used:
            continue
        best[n] = used
        out.add(n)
        if insurgent_pieces(state.spaces[n].pieces):
            continue  # must stop here
        for m in ADJ[n]:
            if m == origin or IN_NORTH[m]:
                continue
            if LOC_OR_CITY[m]:
                more = used + (1 if IS_LOC[m] else 0)
                if more <= most:
                    stack.append((m, more))
            else:
                out.add(m)
    out.discard(origin)
    return sorted(out)


def can_transport(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Transport (4.3.2): not under Typhoon Kate (115); pieces to move."""
    if kate(state, free):
        return False
    pieces = transport_pieces(state)
    return any(sp.pieces[x] for sp in state.spaces for x in pieces)


@special_activity("transport", ARVN, rule="4.3.2", legal=can_transport)
def transport(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    **options: Any,
) -> ActionProc:
    """4.3.2 Transport: from 1 space, move up to 6 ARVN Troops and Rangers per
    :func:`transport_reach`; then flip every Ranger on the map Underground. Unshaded
    Armored Cavalry (61): once the Operation is complete, ARVN may Assault free in 1
    Transport destination."""
    slot: SpecialActivitySlot | None = options.get("slot")
    state = ctx.state
    if kate(state, free):
        return Outcome(executed=False)
    pieces = transport_pieces(state)

    def origins() -> list[Command]:
        found: list[Command] = [
            SELECT[i]
            for i in range(N_SPACES)
            if NEXT_TO_LOC[i] and any(state.spaces[i].pieces[x] for x in pieces)
        ]
        if found:
            found.append(DONE)
        return found

    answer = yield ctx.ask(
        ARVN,
        Kind.SELECT_SPACE,
        "ARVN Transport: move from which space? (or done)",
        origins,
        "4.3.2",
        none_done=True,
    )
    if not isinstance(answer, Select):
        return Outcome(executed=False)
    origin = answer.space
    o = space_index(origin)
    record_sa_space(slot, origin)
    reach: list[tuple[Command, ...]] = []  # worked out once, when first asked

    def destinations(state: GameState = state) -> tuple[Command, ...]:
        if not reach:
            reach.append((*(SELECT[d] for d in transport_reach(state, o)), DONE))
        return reach[0]

    moved = 0
    destinations_used: list[str] = []
    while moved < TRANSPORT_PIECES:
        state = ctx.state
        if not any(state.spaces[o].pieces[x] for x in pieces):
            break
        target = yield ctx.ask(
            ARVN,
            Kind.SELECT_SPACE,
            f"ARVN Transport from {NAMES[o]}: to which space ({moved} of 6 moved), or done",
            destinations,
            "4.3.2",
        )
        if not isinstance(target, Select):
            break
        work_on(ctx, target.space)
        move = yield from ask_unless_one(
            ctx,
            ARVN,
            Kind.MOVE_PIECES,
            f"ARVN Transport from {NAMES[o]} to {NAMES[space_index(target.space)]}: move "
            "which pieces?",
            partial(_transport_moves, state, pieces, o, target.space, moved),
            "4.3.2",
        )
        work_on(ctx, None)
        assert isinstance(move, Move)
        ctx.move(move.piece, move.count, origin, move.destination, "4.3.2")
        moved += move.count
        if move.destination not in destinations_used:
            destinations_used.append(move.destination)
            record_sa_space(slot, move.destination)
    for i in range(N_SPACES):
        n = ctx.state.spaces[i].pieces[P.ARVN_RANGER_ACTIVE]
        if n:
            ctx.flip(IDS[i], P.ARVN_RANGER_ACTIVE, n, "4.3.2")
    if destinations_used and capability_side(ctx.state, ARMORED_CAVALRY) is Side.UNSHADED:
        if slot is not None:
            slot.after.append(lambda ctx: _cavalry_assault(ctx, destinations_used))
        else:
            yield from _cavalry_assault(ctx, destinations_used)
    return Outcome(executed=True)


def _transport_moves(
    state: GameState, pieces: tuple[Piece, ...], o: int, destination: str, moved: int
) -> list[Command]:
    """Every number of each Transportable piece in ``o`` that may still go to
    ``destination``, within the 6 pieces of one Transport (4.3.2)."""
    return [
        move_cmd(x, k, IDS[o], destination)
        for x in pieces
        for k in range(1, min(state.spaces[o].pieces[x], TRANSPORT_PIECES - moved) + 1)
    ]


def _cavalry_assault(ctx: Ctx, destinations: list[str]) -> Gen[None]:
    """Unshaded Armored Cavalry (61): a free ARVN Assault in 1 Transport destination."""
    state = ctx.state
    targets = tuple(
        SELECT[space_index(s)] for s in destinations if can_assault_in(state.space(s).pieces, ARVN)
    )
    if not targets:
        return
    answer = yield ctx.ask(
        ARVN,
        Kind.SELECT_SPACE,
        "Armored Cavalry: free ARVN Assault in 1 Transport destination, or done",
        (*targets, DONE),
        "5.3",
    )
    if isinstance(answer, Select):
        before = ctx.top.space if ctx.top is not None else None
        work_on(ctx, answer.space)
        yield from assault_in(ctx, ARVN, answer.space, "3.2.4")
        work_on(ctx, before)


# -- 4.3.3 Raid -----------------------------------------------------------------------------------
RANGERS = (P.ARVN_RANGER_UNDERGROUND, P.ARVN_RANGER_ACTIVE)
STRIKE = choose("strike")


def _raid_space(state: GameState, i: int, arrived: dict[tuple[int, Piece], int]) -> bool:
    """A Raid space has Rangers, or Rangers next to it that may still move (4.3.3)."""
    if IN_NORTH[i]:
        return False
    if state.spaces[i].pieces[RANGERS[0]] or state.spaces[i].pieces[RANGERS[1]]:
        return True
    return any(state.spaces[o].pieces[r] > arrived.get((o, r), 0) for o in ADJ[i] for r in RANGERS)


def can_raid(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Raid (4.3.3): Rangers on the map."""
    return any(sp.pieces[r] for sp in state.spaces for r in RANGERS)


@special_activity(
    "raid", ARVN, rule="4.3.3", legal=can_raid, accompanies=("patrol", "sweep", "assault")
)
def raid(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    **options: Any,
) -> ActionProc:
    """4.3.3 Raid, with Patrol, Sweep or Assault, in 1 or 2 spaces (1 under Typhoon Kate):
    move in adjacent Rangers (keeping their side), then, if desired, Activate 1 Underground
    Ranger there to remove 2 enemy pieces (Bases only once no other enemy piece is there,
    never Tunneled Bases; Underground Guerrillas may be removed)."""
    slot: SpecialActivitySlot | None = options.get("slot")
    arrived: dict[tuple[int, Piece], int] = {}

    def moves(state: GameState, i: int) -> list[Command]:
        space = IDS[i]
        found: list[Command] = [
            move_cmd(r, k, IDS[o], space)
            for o in ADJ[i]
            for r in RANGERS
            for k in range(1, state.spaces[o].pieces[r] - arrived.get((o, r), 0) + 1)
        ]
        if found:
            found.append(DONE)
        return found

    def each(space: str) -> Gen[None]:
        i = space_index(space)
        while True:
            move = yield ctx.ask(
                ARVN,
                Kind.MOVE_PIECES,
                f"ARVN Raid into {NAMES[i]}: move in Rangers, or done",
                partial(moves, ctx.state, i),
                "4.3.3",
                none_done=True,
            )
            if not isinstance(move, Move):
                break
            ctx.move(move.piece, move.count, move.origin, space, "4.3.3")
            arrived[(i, move.piece)] = arrived.get((i, move.piece), 0) + move.count
        p = ctx.state.spaces[i].pieces
        if p[P.ARVN_RANGER_UNDERGROUND] and strike_targets(p):
            strike = yield ctx.ask(
                ARVN,
                Kind.YES_NO,
                f"ARVN Raid in {NAMES[i]}: Activate a Ranger to remove 2 enemy pieces?",
                (STRIKE, DECLINE),
                "4.3.3",
            )
            if strike == STRIKE:
                ctx.flip(space, P.ARVN_RANGER_UNDERGROUND, 1, "4.3.3")
                yield from remove_enemies(ctx, ARVN, space, 2, "4.3.3")

    chosen = yield from coin_sa_spaces(
        ctx,
        ARVN,
        "ARVN Raid",
        Kind.SELECT_SPACE,
        "4.3.3",
        limit=1 if kate(ctx.state, free) else 2,
        ok=lambda state, i: _raid_space(state, i, arrived),
        slot=slot,
        each=each,
        spaces=NOT_NORTH,
    )
    return Outcome(executed=bool(chosen))
