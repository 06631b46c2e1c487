"""US Special Activities: Advise, Air Lift and Air Strike (rules 4.1, 4.1.1, 4.2.1-4.2.3), with
Monsoon (2.3.9), the High Winds option, and the lasting effects that change them (5.3, 5.4),
read through :mod:`coinlake.rules.effects`.

Each is registered in :mod:`coinlake.rules.actions` and asks in small steps (``Select`` a
space or ``done``, ``Move`` pieces, ``Choose`` a word), each naming its
:class:`~coinlake.rules.core.Kind`. Run inside an Operation's
:class:`~coinlake.rules.actions.SpecialActivitySlot` it records its spaces in
``slot.sa_spaces`` and reads ``slot.op_spaces`` (Advise keeps out of the Train spaces, 4.2.1).
A Special Activity granted by the Event being played (``free=True``) is not stopped by the
lasting bans of earlier Events (Typhoon Kate, Rolling Thunder, Bombing Pause): the current
Event takes precedence (5.1.2).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from coinlake.data.cards import Side
from coinlake.data.map import space_index
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.actions import ActionProc, Outcome, SpecialActivitySlot, special_activity
from coinlake.rules.coin_operations import (
    ACTIVE_GUERRILLAS,
    BOTH,
    DECLINE,
    IDS,
    IN_NORTH,
    IS_LOC,
    IS_PROVINCE,
    NAMES,
    NOT_NORTH,
    OPEN_BASES,
    OUTSIDE_SOUTH_SPACES,
    SELECT,
    Gen,
    Targets,
    assault_in,
    can_assault_in,
    capability_side,
    choose,
    choose_targets,
    coin_pieces,
    coin_sa_spaces,
    guerrillas,
    kate,
    move_cmd,
    outside_train,
    record_sa_space,
    remove_enemies,
    shift,
    strike_targets,
    sweep_activation,
    sweep_aftermath,
    train_spaces,
    work_on,
)
from coinlake.rules.core import DONE, Ctx, Kind, ask_unless_one, select_spaces
from coinlake.state.commands import Command, Done, Move, Select
from coinlake.state.model import AVAILABLE, CASUALTIES, Counts, GameState, Track

P = Piece
US, ARVN, NVA = Faction.US, Faction.ARVN, Faction.NVA

WILD_WEASELS = 5
ARC_LIGHT = 8
ROLLING_THUNDER = 10
MEDEVAC = 15
DA_NANG = 22
LASER_GUIDED_BOMBS = 20
AAA = 31
MIGS = 33
SA_2S = 34
BOMBING_PAUSE = 41

ADVISE_AID = 6
"""4.2.1: the Aid Advise may add (once, whatever the number of spaces)."""
AIR_LIFT_OTHERS = 4
"""4.2.2: ARVN Troops, Rangers and Irregulars an Air Lift may move, in all."""
AIR_STRIKE_PIECES = 6
"""4.2.3: at most 6 pieces removed by one Air Strike (even in Monsoon)."""


def _max_spaces(state: GameState, free: bool, normal: int) -> int:
    """Typhoon Kate (115): every Special Activity takes at most 1 space (5.4)."""
    return 1 if kate(state, free) else normal


# -- 4.2.1 Advise ------------------------------------------------------------------------------
SWEEP, ASSAULT, SPECIAL_FORCES = choose("sweep"), choose("assault"), choose("special-forces")
ADD_AID = choose("add-aid")


def _advise_modes(state: GameState, i: int) -> tuple[Command, ...]:
    """What Advise may do in space ``i`` (4.2.1): an ARVN Sweep without movement (a Province
    or City with ARVN cubes or Rangers, never in Monsoon), an ARVN Assault (ARVN cubes and
    Insurgents), or an Underground Irregular or Ranger removing 2 enemy pieces."""
    if IN_NORTH[i]:
        return ()
    p = state.spaces[i].pieces
    modes: list[Command] = []
    arvn = p[P.ARVN_TROOPS] + p[P.ARVN_POLICE] + p[P.ARVN_RANGER_UNDERGROUND]
    if not IS_LOC[i] and arvn + p[P.ARVN_RANGER_ACTIVE] and not effects.monsoon(state):
        modes.append(SWEEP)
    if can_assault_in(p, ARVN):
        modes.append(ASSAULT)
    if (p[P.US_IRREGULAR_UNDERGROUND] or p[P.ARVN_RANGER_UNDERGROUND]) and strike_targets(p):
        modes.append(SPECIAL_FORCES)
    return tuple(modes)


def can_advise(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space where Advise could act (4.2.1)."""
    return any(_advise_modes(state, i) for i in NOT_NORTH)


def advise_in_slot(state: GameState, slot: SpecialActivitySlot) -> bool:
    """Advise could act in a space its Train did not select (4.2.1)."""
    return outside_train(state, slot, _advise_modes)


@special_activity(
    "advise",
    US,
    rule="4.2.1",
    legal=can_advise,
    accompanies=("train", "patrol"),
    legal_in_slot=advise_in_slot,
)
def advise(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    **options: Any,
) -> ActionProc:
    """4.2.1 Advise, with Train or Patrol, in 1 or 2 spaces not selected for Training: in
    each an ARVN Sweep in place, an ARVN Assault, or 1 Underground Irregular or Ranger
    Activated to remove 2 enemy pieces; then, if desired, +6 Aid."""
    slot: SpecialActivitySlot | None = options.get("slot")
    swept: list[str] = []

    def each(space: str) -> Gen[None]:
        i = space_index(space)
        mode = yield from ask_unless_one(
            ctx,
            US,
            Kind.CHOOSE_MODE,
            f"US Advise in {NAMES[i]}: ARVN Sweep, ARVN Assault or Special Forces?",
            partial(_advise_modes, ctx.state, i),
            "4.2.1",
        )
        if mode == SWEEP:
            swept.append(space)
            yield from sweep_activation(ctx, ARVN, space, "4.2.1")
        elif mode == ASSAULT:
            yield from assault_in(ctx, ARVN, space, "4.2.1")
        else:
            yield from _special_forces(ctx, space)

    chosen = yield from coin_sa_spaces(
        ctx,
        US,
        "US Advise",
        Kind.SELECT_SPACE,
        "4.2.1",
        limit=_max_spaces(ctx.state, free, 2),
        ok=_advise_modes,
        slot=slot,
        each=each,
        avoid=train_spaces(slot),
        spaces=NOT_NORTH,
    )
    if swept:
        yield from sweep_aftermath(ctx, ARVN, swept, "4.2.1")
    if not chosen:
        return Outcome(executed=False)
    if ctx.state.aid < 75:
        answer = yield ctx.ask(
            US, Kind.YES_NO, "US Advise: add 6 Aid?", (ADD_AID, DECLINE), "4.2.1"
        )
        if answer == ADD_AID:
            ctx.add_track(Track.AID, ADVISE_AID, "4.2.1")
    return Outcome(executed=True)


def _special_forces(ctx: Ctx, space: str) -> Gen[None]:
    """Activate 1 Underground Irregular or Ranger to remove 2 enemy pieces (4.2.1)."""
    p = ctx.state.space(space).pieces
    words = {P.US_IRREGULAR_UNDERGROUND: "irregular", P.ARVN_RANGER_UNDERGROUND: "ranger"}
    forms = tuple(f for f in words if p[f])
    which = yield from ask_unless_one(
        ctx,
        US,
        Kind.CHOOSE_MODE,
        "US Advise: Activate an Irregular or a Ranger?",
        tuple(choose(words[f]) for f in forms),
        "4.2.1",
    )
    ctx.flip(space, next(f for f in forms if choose(words[f]) == which), 1, "4.2.1")
    yield from remove_enemies(ctx, US, space, 2, "4.2.1")


# -- 4.2.2 Air Lift ----------------------------------------------------------------------------
def _liftable(state: GameState) -> tuple[Piece, ...]:
    """4.2.2: US Troops and up to 4 ARVN Troops, Rangers or Irregulars; HIGH WINDS option:
    in Monsoon only US pieces (US Troops and Irregulars)."""
    if effects.monsoon(state) and state.options.high_winds:
        return (P.US_TROOPS, P.US_IRREGULAR_UNDERGROUND, P.US_IRREGULAR_ACTIVE)
    return (
        P.US_TROOPS,
        P.ARVN_TROOPS,
        P.ARVN_RANGER_UNDERGROUND,
        P.ARVN_RANGER_ACTIVE,
        P.US_IRREGULAR_UNDERGROUND,
        P.US_IRREGULAR_ACTIVE,
    )


def air_lift_banned(state: GameState, free: bool) -> bool:
    """No Air Lift under Typhoon Kate (115) or shaded Medevac (15) (Momentum, 5.4) -- unless
    the Event being played grants it (5.1.2)."""
    if free:
        return False
    return kate(state, free) or effects.momentum_side(state, MEDEVAC) is Side.SHADED


def can_air_lift(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Air Lift (4.2.2): not banned; something to lift."""
    if air_lift_banned(state, free):
        return False
    pieces = _liftable(state)
    return any(sp.pieces[x] for sp in state.spaces for x in pieces)


@special_activity("air-lift", US, rule="4.2.2", legal=can_air_lift)
def air_lift(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    **options: Any,
) -> ActionProc:
    """4.2.2 Air Lift: move any US Troops and up to 4 ARVN Troops, Rangers or Irregulars
    among at most 4 spaces (2 in Monsoon), never into North Vietnam. Each piece moves once."""
    slot: SpecialActivitySlot | None = options.get("slot")
    state = ctx.state
    if air_lift_banned(state, free):
        return Outcome(executed=False)
    limit = 2 if effects.monsoon(state) else 4
    pieces = _liftable(state)
    touched: list[int] = []
    arrived: dict[tuple[int, Piece], int] = {}
    others = 0

    def movable(state: GameState, i: int, piece: Piece) -> int:
        n = state.spaces[i].pieces[piece] - arrived.get((i, piece), 0)
        return n if piece is P.US_TROOPS else min(n, AIR_LIFT_OTHERS - others)

    def room(i: int) -> bool:  # a destination other than i fits in the limit
        extra = 0 if i in touched else 1
        return len(touched) + extra < limit or any(t != i for t in touched)

    def origins(state: GameState) -> list[Command]:
        found: list[Command] = [
            SELECT[i]
            for i in NOT_NORTH
            if (i in touched or len(touched) < limit)
            and room(i)
            and any(movable(state, i, x) > 0 for x in pieces)
        ]
        if found:
            found.append(DONE)
        return found

    def destinations(o: int) -> list[Command]:
        with_o = len(set(touched) | {o})
        return [SELECT[d] for d in NOT_NORTH if d != o and (d in touched or with_o < limit)]

    def moves(state: GameState, o: int, d: int) -> list[Command]:
        return [
            move_cmd(x, k, IDS[o], IDS[d])
            for x in pieces
            for k in range(1, movable(state, o, x) + 1)
        ]

    while True:
        state = ctx.state
        answer = yield ctx.ask(
            US,
            Kind.SELECT_SPACE,
            f"US Air Lift: lift from which space ({len(touched)} of {limit} spaces used), or done",
            partial(origins, state),
            "4.2.2",
            none_done=True,
        )
        if not isinstance(answer, Select):
            break
        o = space_index(answer.space)
        target = yield from ask_unless_one(
            ctx,
            US,
            Kind.SELECT_SPACE,
            f"US Air Lift from {NAMES[o]}: to which space?",
            partial(destinations, o),
            "4.2.2",
        )
        assert isinstance(target, Select)
        d = space_index(target.space)
        work_on(ctx, target.space)
        move = yield from ask_unless_one(
            ctx,
            US,
            Kind.MOVE_PIECES,
            f"US Air Lift from {NAMES[o]} to {NAMES[d]}: move which pieces?",
            partial(moves, state, o, d),
            "4.2.2",
        )
        work_on(ctx, None)
        assert isinstance(move, Move)
        ctx.move(move.piece, move.count, move.origin, move.destination, "4.2.2")
        arrived[(d, move.piece)] = arrived.get((d, move.piece), 0) + move.count
        if move.piece is not P.US_TROOPS:
            others += move.count
        for i in (o, d):
            if i not in touched:
                touched.append(i)
                record_sa_space(slot, IDS[i])
    return Outcome(executed=bool(touched))


# -- 4.2.3 Air Strike ---------------------------------------------------------------------------
DEGRADE = choose("degrade-trail")


def air_strike_banned(state: GameState, free: bool) -> bool:
    """No Air Strike while shaded Rolling Thunder (10), shaded Da Nang (22) or Bombing Pause
    (41) is in play (Momentum, 5.4) -- unless the Event being played grants it (5.1.2)."""
    if free:
        return False
    return (
        effects.momentum_side(state, ROLLING_THUNDER) is Side.SHADED
        or effects.momentum_side(state, DA_NANG) is Side.SHADED
        or effects.momentum_active(state, BOMBING_PAUSE)
    )


def air_targets(p: Counts, targets: Targets = BOTH) -> tuple[Piece, ...]:
    """4.2.3: the pieces an Air Strike hit may remove in a space, among the ``targets``
    (3.1): targeted NVA Troops before any Guerrillas, targeted Active Guerrillas, targeted
    Bases only once no other Insurgent piece (Troops or Guerrillas, targeted or not: ruling
    R71) is there; never Underground Guerrillas nor Tunneled Bases."""
    if NVA in targets and p[P.NVA_TROOPS]:
        return (P.NVA_TROOPS,)
    active = tuple(g for g in ACTIVE_GUERRILLAS if p[g] and g.faction in targets)
    if active or guerrillas(p) or p[P.NVA_TROOPS]:
        return active
    return tuple(b for b in OPEN_BASES if p[b] and b.faction in targets)


def trail_floor(state: GameState) -> int:
    """Shaded AAA (31): Air Strike does not Degrade the Trail below 2."""
    return 2 if capability_side(state, AAA) is Side.SHADED else 0


def can_degrade(state: GameState) -> bool:
    """Whether an Air Strike could Degrade the Trail now (6.7; Oriskany 39 blocks, AAA 31
    floors)."""
    if effects.momentum_active(state, effects.ORISKANY):
        return False
    return state.trail > trail_floor(state)


def can_air_strike(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Air Strike (4.2.3): not banned; it may take place in any spaces with US or ARVN
    pieces (or none, to hit the Trail)."""
    return not air_strike_banned(state, free)


@special_activity("air-strike", US, rule="4.2.3", legal=can_air_strike)
def air_strike(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    **options: Any,
) -> ActionProc:
    """4.2.3 Air Strike (2nd edition): select up to 6 spaces with US or ARVN pieces (2 in
    Monsoon), targeting the NVA, the VC or both in each where both could lose pieces (3.1);
    roll a die for hits; 2 hits Degrade the Trail 1 box (at most once), 1 hit removes 1
    Active targeted enemy piece (at most 6) in a selected space; each space that lost a
    piece shifts 1 level toward Active Opposition.

    Lasting effects: Arc Light (8: unshaded, 1 Province without COIN pieces may be selected;
    shaded, 2 levels where more than 1 piece was removed), Laser Guided Bombs (20: unshaded,
    no shift where exactly 1 was removed; shaded, at most 2 pieces), Wild Weasels (5,
    shaded Momentum: Degrade or remove 1 piece, not both), Top Gun (4: unshaded, Degrade 2
    boxes; shaded, the Degrade needs a 4-6 on a second die), AAA (31, shaded: not below 2),
    MiGs (33, shaded: each Degrade sends 1 Available US Troop to Casualties), SA-2s (34,
    unshaded: each Degrade also takes 1 NVA piece from North Vietnam, Laos or Cambodia),
    Oriskany (39, shaded Momentum: no Degrade), Typhoon Kate (115: 1 space)."""
    slot: SpecialActivitySlot | None = options.get("slot")
    state = ctx.state
    if air_strike_banned(state, free):
        return Outcome(executed=False)
    limit = 2 if effects.monsoon(state) else 6
    limit = min(limit, _max_spaces(state, free, limit))
    arc_light = capability_side(state, ARC_LIGHT) is Side.UNSHADED

    def candidates(state: GameState, chosen: Sequence[str]) -> Iterator[Command]:
        skip = {space_index(s) for s in chosen}
        spaces = state.spaces
        return (
            SELECT[i]
            for i in range(len(spaces))
            if i not in skip
            and (coin_pieces(spaces[i].pieces) > 0 or (arc_light and IS_PROVINCE[i]))
        )

    targets: dict[int, Targets] = {}

    def each(space: str) -> Gen[None]:
        nonlocal arc_light
        p = ctx.state.space(space).pieces
        if not coin_pieces(p):
            arc_light = False  # unshaded Arc Light: only 1 such Province
        targets[space_index(space)] = yield from choose_targets(
            ctx, US, space, "Air Strike", lambda t: bool(air_targets(p, t))
        )

    spaces = yield from select_spaces(
        ctx,
        US,
        Kind.SELECT_SPACE,
        lambda chosen: f"US Air Strike: select a space ({len(chosen)} of at most {limit}) or done",
        "4.2.3",
        limit=limit,
        candidates=candidates,
        each=each,
        record=None if slot is None else slot.sa_spaces,
        may_stop=lambda *_: True,  # none at all: the roll may still Degrade the Trail
        ask_done_alone=True,
    )
    chosen = [space_index(s) for s in spaces]
    hits = ctx.roll("Air Strike hits", "4.2.3")
    weasels = effects.momentum_side(ctx.state, WILD_WEASELS) is Side.SHADED
    most = AIR_STRIKE_PIECES
    if capability_side(ctx.state, LASER_GUIDED_BOMBS) is Side.SHADED:
        most = 2
    if weasels:
        most = 1
    removed: dict[int, int] = {}
    total = 0
    degraded = tried = False

    def hit_options(state: GameState, hits: int, total: int, tried: bool) -> list[Command]:
        found: list[Command] = []
        if hits >= 2 and not tried and not (weasels and total) and can_degrade(state):
            found.append(DEGRADE)
        if total < most and not (weasels and tried):
            for i in chosen:
                found.extend(
                    move_cmd(x, 1, IDS[i], AVAILABLE)
                    for x in air_targets(state.spaces[i].pieces, targets.get(i, BOTH))
                )
        if found:
            found.append(DONE)
        return found

    while hits > 0:
        answer = yield ctx.ask(
            US,
            Kind.REMOVE_PIECES,
            f"US Air Strike: {hits} hit(s) left -- Degrade the Trail (2 hits), remove an "
            "Active enemy piece (1 hit), or done",
            partial(hit_options, ctx.state, hits, total, tried),
            "4.2.3",
            none_done=True,
        )
        if isinstance(answer, Done):
            break
        if answer == DEGRADE:
            hits -= 2
            tried = True
            degraded = (yield from _degrade(ctx)) or degraded
            continue
        assert isinstance(answer, Move)
        ctx.move(answer.piece, 1, answer.origin, AVAILABLE, "4.2.3")
        i = space_index(answer.origin)
        removed[i] = removed.get(i, 0) + 1
        total += 1
        hits -= 1
    lgb = capability_side(ctx.state, LASER_GUIDED_BOMBS) is Side.UNSHADED
    moonscape = capability_side(ctx.state, ARC_LIGHT) is Side.SHADED
    for i in chosen:
        n = removed.get(i, 0)
        if n == 0 or (lgb and n == 1):
            continue
        shift(ctx, i, -2 if moonscape and n > 1 else -1, "4.2.3")
    return Outcome(executed=bool(chosen) or degraded)


def _degrade(ctx: Ctx) -> Gen[bool]:
    """Apply 2 hits to the Trail (4.2.3, 6.7); returns whether it Degraded."""
    state = ctx.state
    top_gun = capability_side(state, 4)
    if top_gun is Side.SHADED and ctx.roll("Top Gun", "5.3") < 4:
        return False
    boxes = 2 if top_gun is Side.UNSHADED else 1
    boxes = min(boxes, state.trail - trail_floor(state))
    if boxes <= 0 or not effects.change_trail(ctx, -boxes, "4.2.3"):
        return False
    if capability_side(ctx.state, MIGS) is Side.SHADED and ctx.state.available[P.US_TROOPS]:
        ctx.move(P.US_TROOPS, 1, AVAILABLE, CASUALTIES, "5.3")
    if capability_side(ctx.state, SA_2S) is Side.UNSHADED:
        state = ctx.state
        targets = tuple(
            move_cmd(x, 1, IDS[i], AVAILABLE)
            for i in OUTSIDE_SOUTH_SPACES
            for x in (
                P.NVA_TROOPS,
                P.NVA_GUERRILLA_UNDERGROUND,
                P.NVA_GUERRILLA_ACTIVE,
                P.NVA_BASE,
            )
            if state.spaces[i].pieces[x]
        )
        if targets:
            answer = yield from ask_unless_one(
                ctx,
                US,
                Kind.REMOVE_PIECES,
                "SA-2s (unshaded): remove 1 NVA piece outside the South",
                targets,
                "5.3",
            )
            assert isinstance(answer, Move)
            ctx.move(answer.piece, 1, answer.origin, AVAILABLE, "5.3")
    return True
