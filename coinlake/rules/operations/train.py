"""3.2.1 Train (US, ARVN): place pieces in the selected spaces, then Pacify, build an ARVN
Base or (US, Saigon) transfer Patronage in 1 of them; with Combined Action Platoons and CORDS
(5.3) and Duong Van Minh (2.4.1). Its spaces are kept apart from Advise's and Govern's
(4.1.1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet

from coinlake.data.cards import COMBINED_ACTION_PLATOONS, CORDS, Side
from coinlake.data.map import (
    CAN_HAVE_SUPPORT,
    IN_NORTH_VIETNAM,
    IS_CITY,
    IS_LOC,
    NAME,
    SAIGON,
    SPACE_IDS,
)
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import (
    Grant,
    Outcome,
    SpecialActivitySlot,
    operation,
    pay,
    spendable,
)
from coinlake.rules.core import Ctx, Kind, ask_unless_one, subprocedure
from coinlake.rules.kit import ARVN_COST, NO_GRANT, Gen, Slot, at, counts, move_cmd, word, work_on
from coinlake.state.commands import Command, Count, Done, Move, Select
from coinlake.state.model import AVAILABLE, GameState, Support, Track
from coinlake.state.queries import Control, control_of

P = Piece
US, ARVN = Faction.US, Faction.ARVN

MINH_AID = 5
"""Duong Van Minh (the RVN Leader when the box holds no card, 2.4.1): each ARVN Train adds
this much Aid."""


def _train_space(state: GameState, faction: Faction, space: str) -> bool:
    """3.2.1: ARVN -- a Province or City without NVA Control; US -- one with US pieces."""
    if IS_LOC[space] or IN_NORTH_VIETNAM[space]:
        return False
    sp = at(state, space)
    if faction is US:
        p = sp.pieces
        return p[0] + p[1] + p[2] + p[3] > 0
    return control_of(sp) is not Control.NVA


def can_train(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space may be selected for Train (3.2.1)."""
    return any(_train_space(state, faction, s) for s in kit.COIN_PROVINCES_AND_CITIES)


def _train_reason(state: GameState, space: str, *, faction: Faction) -> tuple[str, str] | None:
    if _train_space(state, faction, space):
        return None
    if faction is US:
        return f"the US Trains only where US pieces are ({NAME[space]})", "3.2.1"
    return f"ARVN does not Train under NVA Control ({NAME[space]})", "3.2.1"


def train_spaces(slot: SpecialActivitySlot | None) -> tuple[str, ...]:
    """The spaces selected for Training so far: Advise and Govern may not select them
    (4.2.1, 4.3.1)."""
    if slot is not None and slot.operation == "train":
        return tuple(slot.op_spaces)
    return ()


def outside_train(
    state: GameState, slot: SpecialActivitySlot, ok: Callable[[GameState, str], object]
) -> bool:
    """Whether ``ok(state, space)`` holds in a space the Train did not select (4.2.1,
    4.3.1)."""
    avoid = train_spaces(slot)
    return any(s not in avoid and ok(state, s) for s in SPACE_IDS)


def _sa_train_spaces(sa: SpecialActivitySlot | None) -> tuple[str, ...]:
    """Spaces Train may not select: those of an Advise or Govern already executed with it
    (4.2.1, 4.3.1); other Special Activities may share its spaces (4.1.1)."""
    if sa is None or sa.action not in ("advise", "govern"):
        return ()
    return tuple(sa.sa_spaces)


@operation("train", (US, ARVN), rule="3.2.1", legal=can_train)
def train(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """3.2.1 Train: select spaces and place pieces in each, then Pacify, build an ARVN Base or
    (US, Saigon) transfer Patronage in 1 selected space. 3 ARVN Resources per space where
    ARVN pieces are placed (ARVN: a Base counts); ARVN Train adds 5 Aid under Minh (2.4.1)."""
    kit.honour(grant, "train", *kit.SPACE_TERMS)
    paid: set[str] = set()
    chosen = yield from kit.action_spaces(
        ctx,
        faction,
        "Train",
        "3.2.1",
        grant=grant,
        spaces=kit.COIN_PROVINCES_AND_CITIES,
        outside=kit.coin_outside("Train", "3.2.1"),
        slot=sa,
        operation="train",
        limit=1 if limited else None,
        ok=lambda state, s: _train_space(state, faction, s),
        reason=lambda state, s: _train_reason(state, s, faction=faction),
        avoid=lambda: _sa_train_spaces(sa),
        each=lambda space: _train_in(ctx, faction, space, free, paid),
    )
    if not chosen:
        return Outcome(executed=False)
    yield from _train_follow_up(ctx, faction, chosen, free, paid, sa)
    if faction is ARVN and effects.rvn_leader(ctx.state) is None:
        ctx.add_track(Track.AID, MINH_AID, "2.4.1")  # Duong Van Minh
    return Outcome(executed=True)


def _placements(
    state: GameState,
    faction: Faction,
    space: str,
    free: bool,
    paid: AbstractSet[str],
    kind: str | None,
    placed: int,
) -> Iterator[Command]:
    """The pieces Train may still place in ``space`` (3.2.1): US -- 1-2 Irregulars or, at a
    US Base, 1-2 Rangers or up to 6 ARVN cubes; ARVN -- 1-2 Rangers, or up to 6 cubes in a
    City or at a US or ARVN Base; one kind per space; ARVN pieces only if 3 ARVN Resources
    can be paid (once per space)."""
    p = at(state, space).pieces
    payable = free or space in paid or spendable(state, faction) >= ARVN_COST
    if faction is US and kind in (None, "irregulars"):
        yield from kit.placements(state, US, P.US_IRREGULAR_UNDERGROUND, space, 2 - placed)
    arvn_here = p[P.US_BASE] > 0 if faction is US else True
    if arvn_here and payable:
        if kind in (None, "rangers"):
            yield from kit.placements(state, faction, P.ARVN_RANGER_UNDERGROUND, space, 2 - placed)
        cubes_here = faction is US or IS_CITY[space] or p[P.US_BASE] + p[P.ARVN_BASE] > 0
        if kind in (None, "cubes") and cubes_here:
            for cube in (P.ARVN_TROOPS, P.ARVN_POLICE):
                yield from kit.placements(state, faction, cube, space, 6 - placed)


def _train_in(ctx: Ctx, faction: Faction, space: str, free: bool, paid: set[str]) -> Gen[None]:
    """One selected space, run as a sub-procedure (a re-run starts inside it, or passes it);
    ``paid`` gains the space if ARVN Resources were paid for it."""
    paid.update((yield from ctx.call("train-space", faction, space, free, frozenset(paid))))


@subprocedure("train-space")
def train_space(
    ctx: Ctx, faction: Faction, space: str, free: bool, paid: frozenset[str]
) -> Gen[frozenset[str]]:
    """3.2.1 PROCEDURE, first part, in one selected space: place pieces, one kind per space
    (:func:`_placements`), until ``done``; ``paid``: the spaces where 3 ARVN Resources were
    paid, and those after."""
    kind: str | None = None
    placed = 0
    while True:
        if ctx.replaying:  # the recorded answer, taken without building the question
            answer = ctx.recorded()
        else:
            answer = yield ctx.ask(
                faction,
                Kind.PLACE_PIECES,
                f"{faction} Train in {NAME[space]}: place pieces ({placed} placed) or done",
                kit.with_done(_placements, ctx.state, faction, space, free, paid, kind, placed),
                "3.2.1",
                none_done=True,
            )
        if not isinstance(answer, Move):
            return paid
        piece = answer.piece
        if piece.kind.value == "irregular":
            kind = "irregulars"
        elif piece.kind.value == "ranger":
            kind = "rangers"
        else:
            kind = "cubes"
        if piece.faction is ARVN and space not in paid:
            paid |= {space}
            pay(ctx, faction, ARVN_COST, free=free, rule="3.2.1")
        kit.place_move(ctx, answer, "3.2.1")
        placed += answer.count


def pacify_steps(state: GameState, faction: Faction, space: str) -> int:
    """Terror markers plus levels (up to 2) Train's Pacification could remove and shift in
    ``space`` (3.2.1); shaded CORDS (19) stops US Pacification at Passive Support."""
    sp = at(state, space)
    top = Support.ACTIVE_SUPPORT
    if faction is US and effects.capability(state, CORDS) is Side.SHADED:
        top = Support.PASSIVE_SUPPORT
    levels = max(0, min(2, top - sp.support)) if CAN_HAVE_SUPPORT[space] else 0
    return sp.terror + levels


def _can_pacify(state: GameState, faction: Faction, space: str, cost: int) -> bool:
    """3.2.1: COIN Control and, ARVN, ARVN Troops and Police / US, a US piece; something to
    remove or shift; Resources for a step."""
    sp = at(state, space)
    if control_of(sp) is not Control.COIN:
        return False
    p = sp.pieces
    if faction is ARVN:
        if not (p[P.ARVN_TROOPS] and p[P.ARVN_POLICE]):
            return False
    elif not p[0] + p[1] + p[2] + p[3]:
        return False
    return pacify_steps(state, faction, space) > 0 and spendable(state, faction) >= cost


def _can_build_base(state: GameState, space: str, free: bool, paid: set[str]) -> bool:
    """3.2.1: 3 ARVN cubes to replace, room for a Base (1.4.2), a Base to place (1.4.1) and
    3 ARVN Resources unless already paid for the space."""
    sp = at(state, space)
    p = sp.pieces
    if p[P.ARVN_TROOPS] + p[P.ARVN_POLICE] < 3 or sp.bases() >= 2:
        return False
    if not (free or space in paid or spendable(state, ARVN) >= ARVN_COST):
        return False
    return next(kit.placements(state, ARVN, P.ARVN_BASE, space, 1), None) is not None


PACIFY, ARVN_BASE, TRANSFER, CAP_POLICE = (
    word("pacify"),
    word("arvn-base"),
    word("transfer-patronage"),
    word("cap-police"),
)


def _follow_ups(
    state: GameState,
    faction: Faction,
    chosen: list[str],
    pacified: list[str],
    free: bool,
    paid: set[str],
    sa: SpecialActivitySlot | None,
    cost: int,
    done_kind: str | None,
    cords: bool,
    cap: bool,
) -> Iterator[Command]:
    more = done_kind in (None, "pacify") and len(pacified) < (2 if cords else 1)
    if more and any(s not in pacified and _can_pacify(state, faction, s, cost) for s in chosen):
        yield PACIFY
    if done_kind is None:
        if faction is ARVN and any(_can_build_base(state, s, free, paid) for s in chosen):
            yield ARVN_BASE
        if faction is US and SAIGON in chosen and state.patronage > 0:
            yield TRANSFER
    if cap and _cap_possible(state):
        yield CAP_POLICE
    if sa is not None:
        yield from sa.choices(state)


def _train_follow_up(
    ctx: Ctx,
    faction: Faction,
    chosen: list[str],
    free: bool,
    paid: set[str],
    sa: SpecialActivitySlot | None,
) -> Gen[None]:
    """3.2.1 PROCEDURE, second part, in 1 selected space: Pacify, or (ARVN) replace 3 ARVN
    cubes with a Base, or (US, Saigon) transfer up to 3 Patronage to ARVN Resources.
    Unshaded CORDS (19): the US may Pacify in 2 selected spaces. Unshaded Combined Action
    Platoons (18): once per US Train, place or relocate 1 Police into a space with US
    Troops, at no cost."""
    us = faction is US
    cords = us and effects.capability(ctx.state, CORDS) is Side.UNSHADED
    cap = us and effects.capability(ctx.state, COMBINED_ACTION_PLATOONS) is Side.UNSHADED
    done_kind: str | None = None
    pacified: list[str] = []
    while True:
        state = ctx.state
        cost = effects.pacification_cost(state, support_phase=False)
        answer = yield ctx.ask(
            faction,
            Kind.CHOOSE_MODE,
            f"{faction} Train: Pacify, build a Base or transfer Patronage in 1 selected "
            "space, or done",
            kit.with_done(
                _follow_ups,
                state,
                faction,
                chosen,
                pacified,
                free,
                paid,
                sa,
                cost,
                done_kind,
                cords,
                cap,
            ),
            "3.2.1",
            none_done=True,
        )
        if isinstance(answer, Done):
            return
        if answer == PACIFY:
            where = yield from _pacify(ctx, faction, chosen, pacified, cost)
            pacified.append(where)
            done_kind = "pacify"
        elif answer == ARVN_BASE:
            yield from _build_base(ctx, chosen, free, paid)
            done_kind = "base"
        elif answer == TRANSFER:
            yield from _transfer_patronage(ctx)
            done_kind = "transfer"
        elif answer == CAP_POLICE:
            yield from _cap_police(ctx)
            cap = False
        else:
            assert sa is not None
            yield from sa.take(ctx, answer)


def _pacify(
    ctx: Ctx, faction: Faction, chosen: list[str], pacified: list[str], cost: int
) -> Gen[str]:
    """Pacify (3.2.1): remove Terror, then shift up to 2 levels toward Active Support; each
    step costs ``cost`` ARVN Resources even in a free Train (3.1.2); the US spends only above
    Econ (1.8.1). The extent is asked as the number of steps: Terror markers first, then
    1 level each."""
    state = ctx.state
    answer = yield from ask_unless_one(
        ctx,
        faction,
        Kind.SELECT_SPACE,
        f"{faction}: Pacify in which space?",
        lambda: (
            kit.SELECT[s]
            for s in chosen
            if s not in pacified and _can_pacify(state, faction, s, cost)
        ),
        "3.2.1",
    )
    assert isinstance(answer, Select)
    space = answer.space
    sp = at(state, space)
    work_on(ctx, space)
    terror = f"the Terror marker{'s' if sp.terror > 1 else ''} first, then " if sp.terror else ""
    extent = yield from ask_unless_one(
        ctx,
        faction,
        Kind.HOW_MANY,
        f"Pacify {NAME[space]}: how many steps? ({cost} ARVN Resources each: {terror}1 level "
        "each toward Active Support)",
        lambda: counts(
            1, min(pacify_steps(state, faction, space), spendable(state, faction) // cost)
        ),
        "3.2.1",
    )
    work_on(ctx, None)
    assert isinstance(extent, Count)
    k = extent.n
    pay(ctx, faction, cost * k, free=True, rule="3.2.1", still_costs=True)
    removed = min(sp.terror, k)
    if removed:
        ctx.set_markers(space, "terror", sp.terror - removed, "3.2.1")
    kit.shift(ctx, space, k - removed, "3.2.1")
    return space


def _build_base(ctx: Ctx, chosen: list[str], free: bool, paid: set[str]) -> Gen[None]:
    """ARVN Train (3.2.1): replace 3 ARVN cubes with 1 ARVN Base (within stacking); 3 ARVN
    Resources unless the space was already paid for."""
    state = ctx.state
    answer = yield from ask_unless_one(
        ctx,
        ARVN,
        Kind.SELECT_SPACE,
        "ARVN: place a Base in which space?",
        lambda: (kit.SELECT[s] for s in chosen if _can_build_base(state, s, free, paid)),
        "3.2.1",
    )
    assert isinstance(answer, Select)
    space = answer.space
    p = at(state, space).pieces
    troops, police = p[P.ARVN_TROOPS], p[P.ARVN_POLICE]
    work_on(ctx, space)
    mix = yield from ask_unless_one(
        ctx,
        ARVN,
        Kind.HOW_MANY,
        f"ARVN Base in {NAME[space]}: how many of the 3 cubes it replaces are Troops (the "
        "rest Police)?",
        counts(max(0, 3 - police), min(3, troops)),
        "3.2.1",
    )
    assert isinstance(mix, Count)
    t = mix.n
    source = yield from ask_unless_one(
        ctx,
        ARVN,
        Kind.PLACE_PIECES,
        "ARVN: no Base Available -- take which Base from the map? (1.4.1)",
        lambda: kit.placements(state, ARVN, P.ARVN_BASE, space, 1),
        "1.4.1",
    )
    work_on(ctx, None)
    assert isinstance(source, Move)
    if space not in paid:
        paid.add(space)
        pay(ctx, ARVN, ARVN_COST, free=free, rule="3.2.1")
    ctx.move(P.ARVN_TROOPS, t, space, AVAILABLE, "3.2.1")
    ctx.move(P.ARVN_POLICE, 3 - t, space, AVAILABLE, "3.2.1")
    kit.place_move(ctx, source, "3.2.1")


def _transfer_patronage(ctx: Ctx) -> Gen[None]:
    """US Train in Saigon (3.2.1): move up to 3 Patronage to ARVN Resources."""
    most = min(3, ctx.state.patronage)
    work_on(ctx, SAIGON)
    answer = yield from ask_unless_one(
        ctx,
        US,
        Kind.HOW_MANY,
        "US: transfer how much Patronage to ARVN Resources?",
        counts(1, most),
        "3.2.1",
    )
    work_on(ctx, None)
    assert isinstance(answer, Count)
    k = answer.n
    ctx.add_track(Track.PATRONAGE, -k, "3.2.1")
    ctx.add_track(Track.ARVN_RESOURCES, k, "3.2.1")


def _cap_possible(state: GameState) -> bool:
    """A space with US Troops, and a Police Available or elsewhere on the map (card 18)."""
    troops = kit.spaces_with(state, P.US_TROOPS)
    if not troops:
        return False
    if state.available[P.ARVN_POLICE]:
        return True
    police = kit.spaces_with(state, P.ARVN_POLICE)
    return len(police) > 1 or (len(police) == 1 and troops != police)


def _cap_police(ctx: Ctx) -> Gen[None]:
    """Unshaded Combined Action Platoons (18): one more Police, from Available or relocated
    from elsewhere, goes to a space where US Troops are."""
    state = ctx.state
    police = kit.spaces_with(state, P.ARVN_POLICE)

    def targets() -> Iterator[Command]:
        available = state.available[P.ARVN_POLICE] > 0
        for s in kit.spaces_with(state, P.US_TROOPS):
            if available or any(j != s for j in police):
                yield kit.SELECT[s]

    answer = yield from ask_unless_one(
        ctx,
        US,
        Kind.SELECT_SPACE,
        "Combined Action Platoons: Police into which space?",
        targets,
        "5.3",
    )
    assert isinstance(answer, Select)
    space = answer.space

    def sources() -> Iterator[Command]:
        if state.available[P.ARVN_POLICE]:
            yield move_cmd(P.ARVN_POLICE, 1, AVAILABLE, space)
        for s in police:
            if s != space:
                yield move_cmd(P.ARVN_POLICE, 1, s, space)

    work_on(ctx, space)
    source = yield from ask_unless_one(
        ctx, US, Kind.PLACE_PIECES, "Combined Action Platoons: which Police?", sources, "5.3"
    )
    work_on(ctx, None)
    assert isinstance(source, Move)
    ctx.move(P.ARVN_POLICE, 1, source.origin, space, "5.3")
