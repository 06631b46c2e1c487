"""US Special Activities: Advise (4.2.1), Air Lift (4.2.2) and Air Strike (4.2.3), with
Monsoon (2.3.9), the High Winds option, and the lasting effects that change them (5.3, 5.4),
read through :mod:`coinlake.rules.effects`.

Run inside an Operation's :class:`~coinlake.rules.actions.SpecialActivitySlot` (``sa``),
each records its spaces in ``sa.sa_spaces`` and reads ``sa.op_spaces`` (Advise keeps out of
the Train spaces, 4.2.1). A Special Activity granted by the Event being played
(``free=True``) is not stopped by the lasting bans of earlier Events (Typhoon Kate, Rolling
Thunder, Bombing Pause): the current Event takes precedence (5.1.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from coinlake.data.cards import (
    AAA,
    ARC_LIGHT,
    BOMBING_PAUSE,
    DA_NANG,
    LASER_GUIDED_BOMBS,
    MEDEVAC,
    MIGS,
    ORISKANY,
    ROLLING_THUNDER,
    SA_2S,
    TOP_GUN,
    WILD_WEASELS,
    Side,
)
from coinlake.data.map import IN_NORTH_VIETNAM, IN_SOUTH, IS_LOC, IS_PROVINCE, NAME, SPACE_IDS
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, SpecialActivitySlot, special_activity
from coinlake.rules.core import Ctx, Kind, ask_unless_one
from coinlake.rules.kit import BOTH, NO_GRANT, NOT_NORTH, Enemies, Gen, Slot, at, move_cmd, word
from coinlake.rules.operations.assault import assault_in, can_assault_in
from coinlake.rules.operations.sweep import sweep_activation, sweep_aftermath
from coinlake.rules.operations.train import outside_train, train_spaces
from coinlake.state.commands import Command, Done, Move
from coinlake.state.model import AVAILABLE, CASUALTIES, Counts, GameState, Track

P = Piece
US, ARVN, NVA = Faction.US, Faction.ARVN, Faction.NVA

ADVISE_AID = 6
"""4.2.1: the Aid Advise may add (once, whatever the number of spaces)."""
AIR_LIFT_OTHERS = 4
"""4.2.2: ARVN Troops, Rangers and Irregulars an Air Lift may move, in all."""
AIR_STRIKE_PIECES = 6
"""4.2.3: at most 6 pieces removed by one Air Strike (even in Monsoon)."""


def _max_spaces(state: GameState, free: bool, normal: int) -> int:
    """Typhoon Kate (115): every Special Activity takes at most 1 space (5.4)."""
    return 1 if kit.typhoon_kate(state, free) else normal


# -- 4.2.1 Advise ------------------------------------------------------------------------------
SWEEP, ASSAULT, SPECIAL_FORCES = word("sweep"), word("assault"), word("special-forces")
ADD_AID = word("add-aid")


def _advise_modes(state: GameState, space: str, grant: Grant = NO_GRANT) -> tuple[Command, ...]:
    """What Advise may do in ``space`` (4.2.1): an ARVN Sweep without movement (a Province
    or City with ARVN cubes or Rangers, never in Monsoon), an ARVN Assault (ARVN cubes and
    Insurgents), or an Underground Irregular or Ranger removing 2 enemy pieces."""
    if IN_NORTH_VIETNAM[space]:
        return ()
    p = at(state, space).pieces
    modes: list[Command] = []
    arvn = p[P.ARVN_TROOPS] + p[P.ARVN_POLICE] + p[P.ARVN_RANGER_UNDERGROUND]
    if not IS_LOC[space] and arvn + p[P.ARVN_RANGER_ACTIVE] and not kit.monsoon(state, grant):
        modes.append(SWEEP)
    if can_assault_in(p, ARVN):
        modes.append(ASSAULT)
    if (p[P.US_IRREGULAR_UNDERGROUND] or p[P.ARVN_RANGER_UNDERGROUND]) and kit.strike_targets(
        p, grant=grant
    ):
        modes.append(SPECIAL_FORCES)
    return tuple(modes)


def can_advise(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space where Advise could act (4.2.1)."""
    return any(_advise_modes(state, s) for s in NOT_NORTH)


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
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """4.2.1 Advise, with Train or Patrol, in 1 or 2 spaces not selected for Training: in
    each an ARVN Sweep in place, an ARVN Assault, or 1 Underground Irregular or Ranger
    Activated to remove 2 enemy pieces; then, if desired, +6 Aid."""
    kit.honour(grant, "advise", *kit.SPACE_TERMS, "targets", "untunneled")
    swept: list[str] = []

    def each(space: str) -> Gen[None]:
        state = ctx.state
        mode = yield from ask_unless_one(
            ctx,
            US,
            Kind.CHOOSE_MODE,
            f"US Advise in {NAME[space]}: ARVN Sweep, ARVN Assault or Special Forces?",
            lambda: _advise_modes(state, space, grant),
            "4.2.1",
        )
        if mode == SWEEP:
            swept.append(space)
            yield from sweep_activation(ctx, ARVN, space, "4.2.1", grant)
        elif mode == ASSAULT:
            yield from assault_in(ctx, ARVN, space, "4.2.1", grant=grant)
        else:
            yield from _special_forces(ctx, space, grant)

    avoid = train_spaces(sa)
    chosen = yield from kit.action_spaces(
        ctx,
        US,
        "Advise",
        "4.2.1",
        grant=grant,
        spaces=NOT_NORTH,
        outside=kit.coin_outside("Advise", "4.2.1", locs=True),
        limit=_max_spaces(ctx.state, free, 2),
        ok=lambda state, s: _advise_modes(state, s, grant),
        reason=lambda state, s: (f"Advise could do nothing in {NAME[s]}", "4.2.1"),
        avoid=lambda: avoid,
        avoided=("the Train", "4.2.1"),
        record=None if sa is None else sa.sa_spaces,
        each=each,
        special_activity=True,
    )
    if swept:
        yield from sweep_aftermath(ctx, ARVN, swept, "4.2.1")
    if not chosen:
        return Outcome(executed=False)
    if ctx.state.aid < 75:
        answer = yield ctx.ask(
            US, Kind.YES_NO, "US Advise: add 6 Aid?", (ADD_AID, kit.DECLINE), "4.2.1"
        )
        if answer == ADD_AID:
            ctx.add_track(Track.AID, ADVISE_AID, "4.2.1")
    return Outcome(executed=True)


def _special_forces(ctx: Ctx, space: str, grant: Grant) -> Gen[None]:
    """Activate 1 Underground Irregular or Ranger to remove 2 enemy pieces (4.2.1)."""
    p = at(ctx.state, space).pieces
    words = {
        P.US_IRREGULAR_UNDERGROUND: word("irregular"),
        P.ARVN_RANGER_UNDERGROUND: word("ranger"),
    }
    forms = tuple(f for f in words if p[f])
    which = yield from ask_unless_one(
        ctx,
        US,
        Kind.CHOOSE_MODE,
        "US Advise: Activate an Irregular or a Ranger?",
        tuple(words[f] for f in forms),
        "4.2.1",
    )
    ctx.flip(space, next(f for f in forms if words[f] == which), 1, "4.2.1")
    yield from kit.remove_insurgents(ctx, US, space, 2, "4.2.1", grant)


# -- 4.2.2 Air Lift ----------------------------------------------------------------------------
def _liftable(state: GameState, grant: Grant = NO_GRANT) -> tuple[Piece, ...]:
    """4.2.2: US Troops and up to 4 ARVN Troops, Rangers or Irregulars; HIGH WINDS option:
    in Monsoon only US pieces (US Troops and Irregulars)."""
    if kit.monsoon(state, grant) and state.options.high_winds:
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
    return kit.typhoon_kate(state, free) or effects.momentum_side(state, MEDEVAC) is Side.SHADED


def can_air_lift(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Air Lift (4.2.2): not banned; something to lift."""
    if air_lift_banned(state, free):
        return False
    return kit.anywhere(state, *_liftable(state))


@special_activity("air-lift", US, rule="4.2.2", legal=can_air_lift)
def air_lift(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """4.2.2 Air Lift: move any US Troops and up to 4 ARVN Troops, Rangers or Irregulars
    among at most 4 spaces (2 in Monsoon), never into North Vietnam. Each piece moves once.
    A granting Event may name the destinations (``spaces``: "into") and the origins."""
    kit.honour(grant, "air-lift", "spaces", "origins")
    state = ctx.state
    if air_lift_banned(state, free):
        return Outcome(executed=False)
    limit = 2 if kit.monsoon(state, grant) else 4
    pieces = _liftable(state, grant)
    touched: list[str] = []

    def room(s: str) -> bool:  # a destination other than s fits in the limit
        extra = 0 if s in touched else 1
        return len(touched) + extra < limit or any(t != s for t in touched)

    starts = tuple(  # allowed by the Event, with a destination other than itself
        s
        for s in NOT_NORTH
        if (grant.origins is None or s in grant.origins)
        and (grant.spaces is None or any(d != s for d in grant.spaces))
    )
    ends = NOT_NORTH if grant.spaces is None else tuple(d for d in NOT_NORTH if d in grant.spaces)

    def origins(state: GameState) -> Iterator[str]:
        for s in starts:
            if not any(map(at(state, s).pieces.__getitem__, pieces)):
                continue  # nothing to lift
            if (s in touched or len(touched) < limit) and room(s):
                yield s

    def targets(state: GameState, origin: str, piece: Piece) -> Iterable[str]:
        if len(touched) + (origin not in touched) < limit:  # a new destination fits too
            return (d for d in ends if d != origin)
        return (d for d in ends if d != origin and d in touched)

    others = [p for p in pieces if p is not P.US_TROOPS]
    mover = kit.Mover(pieces, origins=origins, targets=targets, caps=((others, AIR_LIFT_OTHERS),))
    destinations: list[str] = []
    while True:
        answer = yield from kit.move_step(ctx, US, mover, "US Air Lift", "4.2.2")
        if not isinstance(answer, Move):
            break
        for s in (answer.origin, answer.destination):
            if s not in touched:
                touched.append(s)
                if sa is not None:
                    sa.sa_spaces.append(s)
        if answer.destination not in destinations:
            destinations.append(answer.destination)
    return Outcome(executed=bool(touched), spaces=tuple(destinations))


# -- 4.2.3 Air Strike ---------------------------------------------------------------------------
DEGRADE = word("degrade-trail")
OUTSIDE_SOUTH: tuple[str, ...] = tuple(s for s in SPACE_IDS if not IN_SOUTH[s])
NVA_STRUCK_OUTSIDE = (P.NVA_TROOPS, P.NVA_GUERRILLA_UNDERGROUND, P.NVA_GUERRILLA_ACTIVE, P.NVA_BASE)
"""The NVA pieces unshaded SA-2s takes outside the South with each Degrade (5.3)."""


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


def air_targets(p: Counts, targets: Enemies = BOTH) -> tuple[Piece, ...]:
    """4.2.3: the pieces an Air Strike hit may remove in a space, among the ``targets``
    (3.1): targeted NVA Troops before any Guerrillas, targeted Active Guerrillas, targeted
    Bases only once no other Insurgent piece (Troops or Guerrillas, targeted or not: ruling
    R71) is there; never Underground Guerrillas nor Tunneled Bases."""
    if NVA in targets and p[P.NVA_TROOPS]:
        return (P.NVA_TROOPS,)
    active = tuple(g for g in kit.ACTIVE_GUERRILLAS if p[g] and g.faction in targets)
    if active or kit.guerrilla_count(p) or p[P.NVA_TROOPS]:
        return active
    return tuple(b for b in kit.OPEN_BASES if p[b] and b.faction in targets)


def trail_floor(state: GameState) -> int:
    """Shaded AAA (31): Air Strike does not Degrade the Trail below 2."""
    return 2 if effects.capability(state, AAA) is Side.SHADED else 0


def can_degrade(state: GameState) -> bool:
    """Whether an Air Strike could Degrade the Trail now (6.7; Oriskany 39 blocks, AAA 31
    floors)."""
    if effects.momentum_active(state, ORISKANY):
        return False
    return state.trail > trail_floor(state)


def can_air_strike(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Air Strike (4.2.3): not banned; it may take place in any spaces with US or ARVN
    pieces (or none, to hit the Trail)."""
    return not air_strike_banned(state, free)


def air_strike_effective(state: GameState, grant: Grant = NO_GRANT) -> bool:
    """Whether a free Air Strike on ``grant``'s terms could do something now (8.1): Degrade
    the Trail (2 hits, or the Degrade the Event fixes), or remove an Active enemy piece in
    a space it may select."""
    if grant.trail is None and can_degrade(state):
        return True
    if grant.trail and state.trail > 0:
        return True
    arc_light = effects.capability(state, ARC_LIGHT) is Side.UNSHADED
    targets: Enemies = BOTH if grant.targets is None else frozenset(grant.targets)
    return any(
        (grant.any_space or kit.coin_count(p) or (arc_light and IS_PROVINCE[s]))
        and air_targets(p, targets)
        for s in (SPACE_IDS if grant.spaces is None else grant.spaces)
        for p in (at(state, s).pieces,)
    )


@special_activity("air-strike", US, rule="4.2.3", legal=can_air_strike)
def air_strike(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
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
    Oriskany (39, shaded Momentum: no Degrade), Typhoon Kate (115: 1 space).

    A granting Event may name the spaces (``any_space``: even without US or ARVN pieces),
    their number, the targets, fixed ``hits`` instead of the roll, at most ``per_space``
    pieces per space, and the Trail effect (``trail``: 0 none; ``n`` a Degrade of ``n``
    boxes that takes no hits, the Event's size prevailing over Top Gun, AAA and Oriskany,
    5.1.2); with a fixed Trail effect at least 1 space is selected (5.1.3). ``faction``
    carries it out and decides (the US, or another Faction the Event names, 5.1)."""
    kit.honour(
        grant,
        "air-strike",
        "spaces",
        "max_spaces",
        "targets",
        "owner",
        "any_space",
        "hits",
        "per_space",
        "trail",
    )
    state = ctx.state
    if air_strike_banned(state, free):
        return Outcome(executed=False)
    limit = 2 if kit.monsoon(state, grant) else 6
    limit = min(limit, _max_spaces(state, free, limit))
    arc_light = effects.capability(state, ARC_LIGHT) is Side.UNSHADED
    targets: dict[str, Enemies] = {}

    def ok(state: GameState, s: str) -> bool:
        if grant.any_space or kit.coin_count(at(state, s).pieces) > 0:
            return True
        return arc_light and IS_PROVINCE[s]

    def each(space: str) -> Gen[None]:
        nonlocal arc_light
        p = at(ctx.state, space).pieces
        if not kit.coin_count(p) and not grant.any_space:
            arc_light = False  # unshaded Arc Light: only 1 such Province
        targets[space] = yield from kit.choose_targets(
            ctx, faction, space, "Air Strike", lambda t: bool(air_targets(p, t)), grant
        )

    chosen = yield from kit.action_spaces(
        ctx,
        faction,
        "Air Strike",
        "4.2.3",
        grant=grant,
        limit=limit,
        ok=ok,
        reason=lambda state, s: (f"no US or ARVN piece in {NAME[s]}", "4.2.3"),
        each=each,
        record=None if sa is None else sa.sa_spaces,
        # none at all: the roll may still Degrade the Trail
        may_stop=lambda state, done, _: bool(done) or grant.trail is None,
        ask_done_alone=True,
        special_activity=True,
    )
    hits = ctx.roll("Air Strike hits", "4.2.3") if grant.hits is None else grant.hits
    weasels = effects.momentum_side(ctx.state, WILD_WEASELS) is Side.SHADED
    most = AIR_STRIKE_PIECES
    if effects.capability(ctx.state, LASER_GUIDED_BOMBS) is Side.SHADED:
        most = 2
    if weasels:
        most = 1
    removed: dict[str, int] = {}
    total = 0
    degraded = tried = False

    def hit_options(state: GameState, hits: int, total: int, tried: bool) -> Iterator[Command]:
        usual = grant.trail is None
        if usual and hits >= 2 and not tried and not (weasels and total) and can_degrade(state):
            yield DEGRADE
        if total < most and not (weasels and tried):
            for s in chosen:
                if grant.per_space is not None and removed.get(s, 0) >= grant.per_space:
                    continue
                for x in air_targets(at(state, s).pieces, targets.get(s, BOTH)):
                    yield move_cmd(x, 1, s, AVAILABLE)

    while hits > 0:
        if ctx.top is not None:
            ctx.top.left = hits  # the Decision's context shows the hits left
        answer = yield ctx.ask(
            faction,
            Kind.REMOVE_PIECES,
            f"{faction} Air Strike: {hits} hit(s) left -- Degrade the Trail (2 hits), remove an "
            "Active enemy piece (1 hit), or done",
            kit.with_done(hit_options, ctx.state, hits, total, tried),
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
        removed[answer.origin] = removed.get(answer.origin, 0) + 1
        total += 1
        hits -= 1
    if grant.trail:
        degraded = yield from _degrade(ctx, boxes=grant.trail)
    lgb = effects.capability(ctx.state, LASER_GUIDED_BOMBS) is Side.UNSHADED
    moonscape = effects.capability(ctx.state, ARC_LIGHT) is Side.SHADED
    for s in chosen:
        n = removed.get(s, 0)
        if n == 0 or (lgb and n == 1):
            continue
        kit.shift(ctx, s, -2 if moonscape and n > 1 else -1, "4.2.3")
    return Outcome(executed=bool(chosen) or degraded)


def _degrade(ctx: Ctx, boxes: int | None = None) -> Gen[bool]:
    """Apply 2 hits to the Trail (4.2.3, 6.7) -- or the Degrade of ``boxes`` a granting
    Event fixes, which Top Gun, AAA and Oriskany do not change (5.1.2); returns whether it
    Degraded."""
    state = ctx.state
    if boxes is not None:
        if not effects.change_trail(ctx, -boxes, "4.2.3", by_event=True):
            return False
    else:
        top_gun = effects.capability(state, TOP_GUN)
        if top_gun is Side.SHADED and ctx.roll("Top Gun", "5.3") < 4:
            return False
        boxes = 2 if top_gun is Side.UNSHADED else 1
        boxes = min(boxes, state.trail - trail_floor(state))
        if boxes <= 0 or not effects.change_trail(ctx, -boxes, "4.2.3"):
            return False
    if effects.capability(ctx.state, MIGS) is Side.SHADED and ctx.state.available[P.US_TROOPS]:
        ctx.move(P.US_TROOPS, 1, AVAILABLE, CASUALTIES, "5.3")
    if effects.capability(ctx.state, SA_2S) is Side.UNSHADED:
        state = ctx.state
        struck = tuple(
            move_cmd(x, 1, s, AVAILABLE)
            for s in OUTSIDE_SOUTH
            for x in NVA_STRUCK_OUTSIDE
            if at(state, s).pieces[x]
        )
        if struck:
            answer = yield from ask_unless_one(
                ctx,
                US,
                Kind.REMOVE_PIECES,
                "SA-2s (unshaded): remove 1 NVA piece outside the South",
                struck,
                "5.3",
            )
            assert isinstance(answer, Move)
            ctx.move(answer.piece, 1, answer.origin, AVAILABLE, "5.3")
    return True
