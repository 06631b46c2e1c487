"""COIN Operations: Train, Patrol, Sweep and Assault (rules 3.1, 3.2.1-3.2.4), with what they
cite: taking pieces from the map (1.4.1), stacking (1.4.2), Joint Operations (1.8.1),
Limited Operations (2.3.5), Monsoon (2.3.9), free Operations (3.1.2, 5.5), and the lasting
effects that change them (5.3, 5.4, 2.4.1), read through :mod:`coinlake.rules.effects`.

Each Operation is a procedure registered in :mod:`coinlake.rules.actions` and asks in small
steps with the generic commands:

- ``Select`` a space for the Operation (each space once, 3.1), or ``done`` when finished; the
  same menu lists the Faction's Special Activities while one may still be executed (4.1:
  before, during or after the Operation);
- ``Move`` pieces (placing from the Available box or, when none is Available, from another
  space, 1.4.1; moving cubes; removing enemies to Available);
- ``count N`` for a number (how many Pacification steps, how many of the Guerrillas to
  Activate are NVA, how much Patronage to transfer...);
- ``Choose`` a word for the remaining choices (``pacify``, ``arvn-base``, which enemy
  Factions to target -- ``target-nva``, ``target-vc``, ``target-both``, 3.1...).

Each question names its :class:`~coinlake.rules.core.Kind`; its options are built only when
it is really asked (never while the engine re-runs a procedure with recorded answers). A
step with a single legal answer is applied without asking, and a step left with nothing to
offer ends as if ``done`` were answered (e.g. once every selectable space was selected);
both are recorded as ``Forced`` events. Costs are
paid as each space is selected: ARVN pays from its Resources, the US only from ARVN
Resources above the Econ marker (1.8.1, :func:`coinlake.rules.actions.spendable`). A free
Operation (``free=True``) pays nothing except Pacification (3.1.2).

Events that grant one of these Operations may pass ``spaces=`` (the ids allowed) and
``max_spaces=`` (a limit on the spaces selected) as options.

The helpers :func:`assault_in`, :func:`activate_guerrillas`, :func:`sweep_activation`,
:func:`remove_enemies` and :func:`sweep_aftermath` are shared with the US and ARVN Special
Activities (Advise's Sweep and Assault, Raid, Armored Cavalry's Assault).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from functools import cache, lru_cache, partial
from typing import Any, TypeVar

from coinlake.data.cards import Side
from coinlake.data.map import SPACES, Country, Terrain, space_index
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.actions import (
    ActionProc,
    Outcome,
    SpecialActivitySlot,
    operation,
    pay,
    special_activities,
    spendable,
)
from coinlake.rules.core import (
    DONE,
    Ask,
    Ctx,
    Kind,
    Options,
    Refusal,
    ask_unless_one,
    deferred_refusals,
    select_spaces,
)
from coinlake.rules.forces import map_sources
from coinlake.state.commands import Choose, Command, Count, Done, Move, Select
from coinlake.state.model import AVAILABLE, CASUALTIES, Counts, GameState, Support, Track

T = TypeVar("T")
Gen = Generator[Ask, Command, T]

P = Piece
US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC

# -- cards whose lasting effects change these Operations (5.3, 5.4, 2.4.1) -----------------
ABRAMS = 11
COBRAS = 13
M48_PATTON = 14
COMBINED_ACTION_PLATOONS = 18
CORDS = 19
SEARCH_AND_DESTROY = 28
BODY_COUNT = 72
GENERAL_LANSDALE = 78
BOOBY_TRAPS = 101
TYPHOON_KATE = 115
BODY_COUNT_AID = 3

TRAIN_COST = 3
"""3.2.1: ARVN Resources per Train space where ARVN pieces are placed (or a Base replaces
cubes); also the cost of an ARVN Patrol (total), of each ARVN Sweep and Assault space, and of
the ARVN Assault a US Assault may add (3.2.2-3.2.4)."""
MINH_AID = 5
"""Duong Van Minh (the RVN Leader when the box holds no card, 2.4.1): each ARVN Train adds
this much Aid."""
BASE_AID = 6
"""3.2.4: Aid for each Base an ARVN Assault removes."""

# -- the map, precomputed (1.3) ---------------------------------------------------------------
N_SPACES = len(SPACES)
IDS: tuple[str, ...] = tuple(s.id for s in SPACES)
NAMES: tuple[str, ...] = tuple(s.name for s in SPACES)
SELECT: tuple[Select, ...] = tuple(Select(s.id) for s in SPACES)
ADJ: tuple[tuple[int, ...], ...] = tuple(s.adjacent for s in SPACES)
IS_LOC: tuple[bool, ...] = tuple(s.is_loc for s in SPACES)
IS_CITY: tuple[bool, ...] = tuple(s.is_city for s in SPACES)
IS_PROVINCE: tuple[bool, ...] = tuple(s.is_province for s in SPACES)
LOC_OR_CITY: tuple[bool, ...] = tuple(s.is_loc or s.is_city for s in SPACES)
IN_NORTH: tuple[bool, ...] = tuple(s.country is Country.NORTH_VIETNAM for s in SPACES)
OUTSIDE_SOUTH: tuple[bool, ...] = tuple(not s.in_south for s in SPACES)
HIGHLAND: tuple[bool, ...] = tuple(s.terrain is Terrain.HIGHLAND for s in SPACES)
JUNGLE: tuple[bool, ...] = tuple(s.terrain is Terrain.JUNGLE for s in SPACES)
LOWLAND: tuple[bool, ...] = tuple(s.terrain is Terrain.LOWLAND for s in SPACES)
POP: tuple[int, ...] = tuple(s.population for s in SPACES)
HAS_SUPPORT: tuple[bool, ...] = tuple(s.can_have_support for s in SPACES)
SAIGON = space_index("saigon")
LOCS: tuple[int, ...] = tuple(i for i in range(N_SPACES) if IS_LOC[i])
NEXT_TO_LOC_OR_CITY: tuple[bool, ...] = tuple(
    any(LOC_OR_CITY[n] for n in ADJ[i]) for i in range(N_SPACES)
)
"""Spaces a Patrolling cube can leave (3.2.2: its first step is into a LoC or City)."""
PATROL_ORIGINS: tuple[int, ...] = tuple(i for i in range(N_SPACES) if NEXT_TO_LOC_OR_CITY[i])
NEXT_TO_LOC: tuple[bool, ...] = tuple(any(IS_LOC[n] for n in ADJ[i]) for i in range(N_SPACES))
"""Spaces a Transport can leave (4.3.2: its first step is onto a LoC)."""
ALL_SPACES: tuple[int, ...] = tuple(range(N_SPACES))
NOT_NORTH: tuple[int, ...] = tuple(i for i in range(N_SPACES) if not IN_NORTH[i])
"""Every space US and ARVN pieces may enter (1.4.2)."""
COIN_PROVINCES_AND_CITIES: tuple[int, ...] = tuple(
    i for i in range(N_SPACES) if not IS_LOC[i] and not IN_NORTH[i]
)
"""The Provinces and Cities a COIN Operation may select (1.4.2: never North Vietnam)."""
OUTSIDE_SOUTH_SPACES: tuple[int, ...] = tuple(i for i in range(N_SPACES) if OUTSIDE_SOUTH[i])
SWEEP_VIA: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((n, ADJ[n]) for n in ADJ[d] if IS_LOC[n]) for d in range(N_SPACES)
)
"""For each Sweep destination, its adjacent LoCs with their neighbours (3.2.3: Troops may
pass through 1 adjacent LoC free of NVA and VC pieces)."""

# -- pieces ----------------------------------------------------------------------------------
TROOPS: dict[Faction, Piece] = {US: P.US_TROOPS, ARVN: P.ARVN_TROOPS}
CUBES: dict[Faction, tuple[Piece, ...]] = {
    US: (P.US_TROOPS,),
    ARVN: (P.ARVN_TROOPS, P.ARVN_POLICE),
}
"""The cubes each COIN Faction moves and counts (1.4): the US has Troops only."""
SPECIAL_FORCES: dict[Faction, tuple[Piece, ...]] = {
    US: (P.US_IRREGULAR_UNDERGROUND, P.US_IRREGULAR_ACTIVE),
    ARVN: (P.ARVN_RANGER_UNDERGROUND, P.ARVN_RANGER_ACTIVE),
}
UNDERGROUND_GUERRILLAS = (P.NVA_GUERRILLA_UNDERGROUND, P.VC_GUERRILLA_UNDERGROUND)
ACTIVE_GUERRILLAS = (P.NVA_GUERRILLA_ACTIVE, P.VC_GUERRILLA_ACTIVE)
OPEN_BASES = (P.NVA_BASE, P.VC_BASE)
TUNNELED_BASES = (P.NVA_TUNNELED_BASE, P.VC_TUNNELED_BASE)
ENEMY_UNITS = (
    P.NVA_TROOPS,
    P.NVA_GUERRILLA_ACTIVE,
    P.NVA_GUERRILLA_UNDERGROUND,
    P.VC_GUERRILLA_ACTIVE,
    P.VC_GUERRILLA_UNDERGROUND,
)
"""Insurgent pieces that are not Bases."""


def coin_pieces(p: Counts) -> int:
    """US and ARVN pieces in a space with counts ``p`` (Piece values 0-8)."""
    return sum(p[:9])


def insurgent_pieces(p: Counts) -> int:
    """NVA and VC pieces (Piece values 9-17)."""
    return sum(p[9:])


def coin_control(p: Counts) -> bool:
    """COIN Control of a Province or City (1.7)."""
    return sum(p[:9]) > sum(p[9:])


def nva_control(p: Counts) -> bool:
    """NVA Control of a Province or City (1.7)."""
    return sum(p[9:14]) > sum(p[:9]) + sum(p[14:])


def guerrillas(p: Counts) -> int:
    """NVA and VC Guerrillas, Underground or Active."""
    return p[10] + p[11] + p[14] + p[15]


def own_cubes(p: Counts, faction: Faction) -> int:
    return p[P.US_TROOPS] if faction is US else p[P.ARVN_TROOPS] + p[P.ARVN_POLICE]


@lru_cache(maxsize=8192)
def move_cmd(piece: Piece, count: int, origin: str, destination: str) -> Move:
    """A cached ``Move`` command (commands are immutable values)."""
    return Move(piece, count, origin, destination)


@cache
def choose(word: str) -> Choose:
    """A cached ``Choose`` command."""
    return Choose(word)


COUNTS: tuple[Count, ...] = tuple(Count(n) for n in range(76))
"""``Count`` commands 0..75 (the largest number a track holds, 1.8), shared."""


def counts_between(low: int, high: int) -> tuple[Count, ...]:
    """``count low`` .. ``count high`` (the answers of a how-many question)."""
    if high < len(COUNTS):
        return COUNTS[low : high + 1]
    return tuple(Count(n) for n in range(low, high + 1))


DECLINE = choose("decline")
"""The answer declining an optional step (a yes-no question)."""


def work_on(ctx: Ctx, space: str | None) -> None:
    """Show ``space`` as the space being worked in the questions that follow (the
    innermost scope's :attr:`~coinlake.rules.core.Context.space`), ``None`` when done."""
    top = ctx.top
    if top is not None:
        top.space = space


def shift(ctx: Ctx, i: int, levels: int, rule: str) -> None:
    """Shift space ``i`` by ``levels`` (positive: toward Active Support), within the five
    levels; nothing for LoCs and Population 0 (1.6.1)."""
    if not levels or not HAS_SUPPORT[i]:
        return
    level = max(-2, min(2, int(ctx.state.spaces[i].support) + levels))
    ctx.set_support(IDS[i], Support(level), rule)


def capability_side(state: GameState, card: int) -> Side | None:
    """The side of a Capability in effect (5.3), through :mod:`effects`."""
    return effects.capability(state, card)


def body_count(state: GameState) -> bool:
    """Unshaded Body Count (72, Momentum): Assault and Patrol cost nothing and add 3 Aid per
    Guerrilla they remove (5.4)."""
    return effects.momentum_side(state, BODY_COUNT) is Side.UNSHADED


def us_assault_banned(state: GameState) -> bool:
    """Shaded General Lansdale (78, Momentum): no US Assault until the Coup Round (5.4) --
    Patrol's Assault by the US included."""
    return effects.momentum_side(state, GENERAL_LANSDALE) is Side.SHADED


def kate(state: GameState, free: bool) -> bool:
    """Typhoon Kate (115, Momentum) limits Special Activities -- except one granted by the
    Event being played, which takes precedence (5.1.2)."""
    return not free and effects.momentum_active(state, TYPHOON_KATE)


def scope(options: Mapping[str, Any]) -> tuple[frozenset[int] | None, int]:
    """An Event's restrictions on an Operation it grants: the allowed spaces (``spaces=``)
    and the most spaces (``max_spaces=``)."""
    allowed = options.get("spaces")
    limit = options.get("max_spaces")
    spaces = None if allowed is None else frozenset(space_index(s) for s in allowed)
    return spaces, N_SPACES if limit is None else int(limit)


def sa_refusals(
    state: GameState, faction: Faction, sa: SpecialActivitySlot | None
) -> Iterator[Refusal]:
    """Why the Faction's Special Activities are not offered in a menu now (4.1, 4.1.1)."""
    offered = set(sa.choices(state)) if sa is not None else set()
    for action in special_activities(faction):
        command = choose(action.name)
        if command in offered:
            continue
        if sa is None:
            yield command, "no Special Activity with this Operation", "4.1"
        elif sa.used:
            yield command, "the Special Activity was already executed or declined", "4.1"
        elif action.accompanies and sa.operation not in action.accompanies:
            yield command, f"{action.name} may not accompany {sa.operation}", "4.1.1"
        else:
            yield command, f"{action.name} could not occur now", action.rule


def so_far(label: str, what: str = "a space") -> Callable[[Sequence[str]], str]:
    """The prompt of a COIN space selection: ``"<label>: select <what> (N so far)"``, then
    ``" or done"`` once ``done`` is offered."""
    return lambda chosen: (
        f"{label}: select {what} ({len(chosen)} so far)" + (" or done" if chosen else "")
    )


def operation_spaces(
    ctx: Ctx,
    faction: Faction,
    name: str,
    rule: str,
    *,
    sa: SpecialActivitySlot | None,
    limit: int,
    allowed: frozenset[int] | None,
    ok: Callable[[GameState, int], object] | None,
    reason: Callable[[GameState, int], tuple[str, str] | None],
    each: Callable[[str], Gen[object]],
    can_pay: Callable[[GameState], bool] | None = None,
    avoid: Callable[[], tuple[str, ...]] | None = None,
    provinces_and_cities: bool = True,
    what: str = "a space",
) -> Gen[list[str]]:
    """The main step of Train, Sweep and Assault (3.2): select up to ``limit`` spaces ``i``
    -- Provinces and Cities outside North Vietnam when ``provinces_and_cities`` -- where
    ``ok(state, i)`` (``None``: any) while ``can_pay(state)`` (``None``: always), among those
    an Event ``allowed`` (5.1) and not ``avoid()`` (4.1.1), each once (3.1), and resolve each
    with ``each``; the Special Activities that may start now are listed beside them (4.1),
    ``done`` after the first space. Refusals per :func:`space_refusals`. Returns the spaces
    selected."""
    base = COIN_PROVINCES_AND_CITIES if provinces_and_cities else ALL_SPACES
    spaces = base if allowed is None else tuple(i for i in base if i in allowed)

    def candidates(state: GameState, chosen: Sequence[str]) -> Iterator[Command]:
        if len(chosen) >= limit or (can_pay is not None and not can_pay(state)):
            return
        skip = {space_index(s) for s in chosen}
        if avoid is not None:
            skip.update(space_index(s) for s in avoid())
        yield from (SELECT[i] for i in spaces if i not in skip and (ok is None or ok(state, i)))

    def refusals(state: GameState, chosen: tuple[str, ...]) -> tuple[Refusal, ...]:
        return deferred_refusals(
            partial(
                space_refusals,
                state,
                faction,
                name,
                reason,
                chosen,
                sa,
                rule=rule if provinces_and_cities else None,
                avoid=avoid() if avoid is not None else (),
                full=len(chosen) >= limit,
            )
        )

    return (
        yield from select_spaces(
            ctx,
            faction,
            Kind.SELECT_SPACE,
            so_far(f"{faction} {name}", what),
            rule,
            candidates=candidates,
            each=each,
            refusals=refusals,
            record=None if sa is None else sa.op_spaces,
            extras=None if sa is None else sa.choices,
            take_extra=None if sa is None else (lambda answer: sa.take(ctx, answer)),
        )
    )


def space_refusals(
    state: GameState,
    faction: Faction,
    name: str,
    reason: Callable[[GameState, int], tuple[str, str] | None],
    chosen: tuple[str, ...],
    sa: SpecialActivitySlot | None,
    *,
    rule: str | None = None,
    avoid: tuple[str, ...] = (),
    full: bool = False,
) -> Iterator[Refusal]:
    """Why each space may not be selected for the Operation ``name`` now: North Vietnam
    (1.4.2) or a LoC when it selects Provinces and Cities only (its ``rule``), already
    selected (3.1), selected for the Special Activity (``avoid``, 4.1.1), no more spaces
    (``full``, 2.3.5), or ``reason``; then why the Special Activities are not offered."""
    for i in range(N_SPACES):
        if rule is not None and IN_NORTH[i]:
            yield SELECT[i], "US and ARVN never enter North Vietnam", "1.4.2"
        elif rule is not None and IS_LOC[i]:
            yield SELECT[i], f"{name} selects Provinces and Cities; {NAMES[i]} is a LoC", rule
        elif IDS[i] in chosen:
            yield SELECT[i], f"{NAMES[i]} was already selected for this {name}", "3.1"
        elif IDS[i] in avoid:
            yield SELECT[i], f"{NAMES[i]} was selected for the Special Activity", "4.1.1"
        elif full:
            yield SELECT[i], f"no more {name} spaces may be selected", "2.3.5"
        else:
            why = reason(state, i)
            if why is not None:
                yield SELECT[i], *why
    yield from sa_refusals(state, faction, sa)


def train_spaces(slot: SpecialActivitySlot | None) -> tuple[str, ...]:
    """The spaces selected for Training so far: Advise and Govern may not select them
    (4.2.1, 4.3.1)."""
    if slot is not None and slot.operation == "train":
        return tuple(slot.op_spaces)
    return ()


def outside_train(
    state: GameState, slot: SpecialActivitySlot, ok: Callable[[GameState, int], object]
) -> bool:
    """Whether ``ok(state, i)`` holds in a space the Train did not select (4.2.1, 4.3.1)."""
    avoid = train_spaces(slot)
    return any(IDS[i] not in avoid and ok(state, i) for i in range(N_SPACES))


def record_sa_space(slot: SpecialActivitySlot | None, space: str) -> None:
    """Note a space the Special Activity selected, for its Operation to see (4.1.1)."""
    if slot is not None:
        slot.sa_spaces.append(space)


def coin_sa_spaces(
    ctx: Ctx,
    faction: Faction,
    label: str,
    kind: Kind,
    rule: str,
    *,
    limit: int,
    ok: Callable[[GameState, int], object],
    slot: SpecialActivitySlot | None,
    each: Callable[[str], Gen[object]],
    avoid: tuple[str, ...] = (),
    spaces: Sequence[int] = ALL_SPACES,
) -> Gen[list[str]]:
    """The spaces of a US or ARVN Special Activity (4.2, 4.3): up to ``limit`` of
    ``spaces`` where ``ok(state, i)``, not in ``avoid`` (4.1.1), each once, ``done`` after
    the first (4.1); ``each(space)`` resolves a space once selected. Returns the spaces
    selected."""
    avoided = frozenset(space_index(s) for s in avoid)

    def candidates(state: GameState, chosen: Sequence[str]) -> Iterator[Command]:
        skip = avoided.union(space_index(s) for s in chosen) if chosen else avoided
        return (SELECT[i] for i in spaces if i not in skip and ok(state, i))

    return (
        yield from select_spaces(
            ctx,
            faction,
            kind,
            so_far(label),
            rule,
            limit=limit,
            candidates=candidates,
            each=each,
            record=None if slot is None else slot.sa_spaces,
        )
    )


def which_piece(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    prompt: str,
    pieces: Sequence[Piece],
    space: str,
    rule: str,
) -> Gen[Piece]:
    """Ask which of ``pieces`` to remove from ``space`` to Available, unless only one."""
    answer = yield from ask_unless_one(
        ctx,
        faction,
        kind,
        prompt,
        lambda: [move_cmd(p, 1, space, AVAILABLE) for p in pieces],
        rule,
    )
    assert isinstance(answer, Move)
    return answer.piece


# -- targeting (3.1) ---------------------------------------------------------------------------
Targets = frozenset[Faction]
"""The enemy Factions an action targets (3.1)."""
BOTH: Targets = frozenset((NVA, VC))
TARGET_NVA, TARGET_VC = choose("target-nva"), choose("target-vc")
TARGET_BOTH = choose("target-both")
TARGET_CHOICES: dict[Command, Targets] = {
    TARGET_NVA: frozenset((NVA,)),
    TARGET_VC: frozenset((VC,)),
    TARGET_BOTH: BOTH,
}
TARGET_REFUSALS: tuple[Refusal, ...] = tuple(
    (choose(f"target-{word}"), f"{name} is not an enemy of the US and ARVN", "3.1")
    for word, name in (("us", "the US"), ("arvn", "ARVN"))
)


def choose_targets(
    ctx: Ctx,
    faction: Faction,
    space: str,
    label: str,
    affects: Callable[[Targets], bool],
) -> Gen[Targets]:
    """3.1: the executing Faction targets the NVA, the VC or both in ``space``; targeted
    pieces are then affected to the maximum extent. Asked (``target-nva``, ``target-vc``,
    ``target-both``) only when the choice matters: ``affects(targets)`` holds for the NVA
    alone and for the VC alone. Otherwise both are targeted, which affects the same pieces
    as targeting the only Faction that could be affected."""
    if not (affects(TARGET_CHOICES[TARGET_NVA]) and affects(TARGET_CHOICES[TARGET_VC])):
        return BOTH
    answer = yield from ask_unless_one(
        ctx,
        faction,
        Kind.TARGET,
        f"{faction} {label} in {NAMES[space_index(space)]}: target NVA, VC or both?",
        tuple(TARGET_CHOICES),
        "3.1",
        TARGET_REFUSALS,
    )
    return TARGET_CHOICES[answer]


# -- activation (3.2.2, 3.2.3) -----------------------------------------------------------------
def activate_guerrillas(ctx: Ctx, faction: Faction, space: str, n: int, rule: str) -> Gen[int]:
    """Activate up to ``n`` Underground enemy Guerrillas in ``space`` (1.4.3). When both NVA
    and VC Guerrillas are there, the executing Faction targets the NVA, the VC or both (3.1,
    :func:`choose_targets`) and Activates as many targeted Guerrillas as it may; when both are
    targeted and not all flip, it chooses how many of them are NVA (the rest are VC). Returns
    how many flipped."""
    p = ctx.state.space(space).pieces
    nva, vc = p[P.NVA_GUERRILLA_UNDERGROUND], p[P.VC_GUERRILLA_UNDERGROUND]
    if n <= 0 or nva + vc <= 0:
        return 0
    targets = yield from choose_targets(
        ctx,
        faction,
        space,
        "Activation",
        lambda t: (nva if NVA in t else 0) + (vc if VC in t else 0) > 0,
    )
    nva, vc = (nva if NVA in targets else 0), (vc if VC in targets else 0)
    n = min(n, nva + vc)
    low, high = max(0, n - vc), min(n, nva)
    k = low
    if high > low:
        answer = yield ctx.ask(
            faction,
            Kind.HOW_MANY,
            f"{faction}: Activate {n} Guerrillas in {NAMES[space_index(space)]}: how many "
            "NVA (the rest VC)?",
            counts_between(low, high),
            rule,
        )
        assert isinstance(answer, Count)
        k = answer.n
    ctx.flip(space, P.NVA_GUERRILLA_UNDERGROUND, k, rule)
    ctx.flip(space, P.VC_GUERRILLA_UNDERGROUND, n - k, rule)
    return n


def sweep_activation(ctx: Ctx, faction: Faction, space: str, rule: str = "3.2.3") -> Gen[int]:
    """3.2.3: Activate 1 enemy Guerrilla per own cube or Special Force in the space (US:
    Troops and Irregulars; ARVN: Troops, Police and Rangers), 1 per 2 in Jungle."""
    i = space_index(space)
    p = ctx.state.spaces[i].pieces
    n = own_cubes(p, faction) + sum(p[x] for x in SPECIAL_FORCES[faction])
    if JUNGLE[i]:
        n //= 2
    return (yield from activate_guerrillas(ctx, faction, space, n, rule))


def cobras_targets(p: Counts) -> tuple[Piece, ...]:
    """Unshaded Cobras (13): the pieces one removal may take -- Active, not Tunneled, NVA
    Troops first, Bases last (once no other enemy piece is there)."""
    if p[P.NVA_TROOPS]:
        return (P.NVA_TROOPS,)
    active = tuple(g for g in ACTIVE_GUERRILLAS if p[g])
    if active:
        return active
    if p[P.NVA_GUERRILLA_UNDERGROUND] or p[P.VC_GUERRILLA_UNDERGROUND]:
        return ()
    return tuple(b for b in OPEN_BASES if p[b])


def sweep_aftermath(ctx: Ctx, faction: Faction, spaces: list[str], rule: str) -> Gen[None]:
    """Lasting effects after a Sweep (also Advise's Sweep, 4.2.1):

    - unshaded Cobras (13): in up to 2 of the Sweep spaces, remove 1 Active enemy piece
      that is not a Tunneled Base (NVA Troops first, Bases last);
    - shaded Booby Traps (101): in each Sweep space, a die roll of 1-3 removes 1 Troop of
      the Sweeping Faction there (US Troops to Casualties).
    """
    if capability_side(ctx.state, COBRAS) is Side.UNSHADED:
        done: list[str] = []
        while len(done) < 2:
            state = ctx.state
            targets = [s for s in spaces if s not in done and cobras_targets(state.space(s).pieces)]
            if not targets:
                break
            if len(targets) <= 2 - len(done):
                where = targets[0]
            else:
                answer = yield ctx.ask(
                    faction,
                    Kind.SELECT_SPACE,
                    f"Cobras: remove 1 Active enemy in which Sweep space ({2 - len(done)} left)?",
                    (*(SELECT[space_index(s)] for s in targets), DONE),
                    "5.3",
                )
                if not isinstance(answer, Select):
                    break
                where = answer.space
            done.append(where)
            work_on(ctx, where)
            piece = yield from which_piece(
                ctx,
                faction,
                Kind.REMOVE_PIECES,
                f"Cobras: remove which piece from {NAMES[space_index(where)]}?",
                cobras_targets(ctx.state.space(where).pieces),
                where,
                "5.3",
            )
            work_on(ctx, None)
            ctx.move(piece, 1, where, AVAILABLE, "5.3")
    if capability_side(ctx.state, BOOBY_TRAPS) is Side.SHADED:
        troop = TROOPS[faction]
        box = CASUALTIES if faction is US else AVAILABLE
        for s in spaces:
            if ctx.state.space(s).pieces[troop]:
                roll = ctx.roll("Booby Traps", "5.3")
                if roll <= 3:
                    ctx.move(troop, 1, s, box, "5.3")


# -- removal (3.2.4, 4.2.1, 4.3.3) ---------------------------------------------------------------
class AssaultFlags:
    """What one Assault Operation has used of its once-per-Operation effects: Abrams'
    Base first (11, unshaded), M-48 Patton's 2 spaces (14, unshaded), and the spaces already
    shifted by shaded Search and Destroy (28)."""

    __slots__ = ("abrams", "patton", "shifted")

    def __init__(self) -> None:
        self.abrams = False
        self.patton = 0
        self.shifted: set[int] = set()


def assault_removals(p: Counts, faction: Faction, i: int) -> int:
    """3.2.4: how many enemy pieces an Assault in space ``i`` removes.

    ARVN: 1 per 2 ARVN cubes, 1 per 3 in Highland; Police count in Cities and on LoCs only.
    US: 2 per US Troop with a US Base there; else 1 per 2 Troops in Highland, 1 per Troop
    elsewhere."""
    if faction is US:
        troops = p[P.US_TROOPS]
        if p[P.US_BASE]:
            return 2 * troops
        return troops // 2 if HIGHLAND[i] else troops
    cubes = p[P.ARVN_TROOPS] + (p[P.ARVN_POLICE] if LOC_OR_CITY[i] else 0)
    return cubes // (3 if HIGHLAND[i] else 2)


def can_assault_in(p: Counts, faction: Faction) -> bool:
    """3.2.4: the executing Faction's cubes and any Insurgent piece are in the space."""
    return own_cubes(p, faction) > 0 and insurgent_pieces(p) > 0


PATTON = choose("patton")


def assault_in(
    ctx: Ctx, faction: Faction, space: str, rule: str, flags: AssaultFlags | None = None
) -> Gen[int]:
    """Resolve an Assault by ``faction`` in ``space`` (3.2.4) with the lasting effects of
    US Assault (Abrams 11, M-48 Patton 14, Search and Destroy 28, Cobras 13); the Faction
    first targets the NVA, the VC or both where the choice matters (3.1); returns how many
    pieces were removed."""
    flags = flags if flags is not None else AssaultFlags()
    state = ctx.state
    i = space_index(space)
    p = state.spaces[i].pieces
    n = assault_removals(p, faction, i)
    us = faction is US
    if (
        us
        and capability_side(state, M48_PATTON) is Side.UNSHADED
        and flags.patton < 2
        and not LOWLAND[i]
        and insurgent_pieces(p) > n
    ):
        answer = yield ctx.ask(
            faction,
            Kind.YES_NO,
            f"M-48 Patton: remove 2 extra enemy pieces in {NAMES[i]} ({2 - flags.patton} "
            "space(s) left)?",
            (PATTON, DECLINE),
            "5.3",
        )
        if answer == PATTON:
            n += 2
            flags.patton += 1
    abrams = us and not flags.abrams and capability_side(state, ABRAMS) is Side.UNSHADED
    underground = 1 if us and capability_side(state, SEARCH_AND_DESTROY) is Side.UNSHADED else 0
    targets = yield from choose_targets(
        ctx,
        faction,
        space,
        "Assault",
        lambda t: n > 0 and _assault_affects(p, t, underground),
    )
    removed = yield from _assault_removal(
        ctx, faction, space, n, rule, abrams, underground, flags, targets
    )
    cobras = us and capability_side(ctx.state, COBRAS) is Side.SHADED
    if cobras and ctx.state.spaces[i].pieces[P.US_TROOPS] and ctx.roll("Cobras", "5.3") <= 3:
        ctx.move(P.US_TROOPS, 1, space, CASUALTIES, "5.3")
    if (
        capability_side(ctx.state, SEARCH_AND_DESTROY) is Side.SHADED
        and IS_PROVINCE[i]
        and i not in flags.shifted
    ):
        flags.shifted.add(i)
        shift(ctx, i, -1, "5.3")
    return removed


def assault_next(p: Counts, targets: Targets, underground: int) -> tuple[tuple[Piece, ...], bool]:
    """TROOPS FIRST, BASES LAST and TUNNELS (3.2.4) among the ``targets`` (3.1): the pieces
    the next Assault removal may take from a space with counts ``p``, and whether it would
    instead meet a targeted Tunneled Base (the die roll). Targeted NVA Troops come first,
    then targeted Active Guerrillas (with ``underground`` left, unshaded Search and Destroy:
    targeted Underground ones too), then targeted Bases -- only once no NVA or VC Troops or
    Guerrillas remain, targeted or not: Underground Guerrillas and the other Faction's
    non-Base pieces protect the Bases (3.1 NOTE, 3.2.4 NOTE; ruling R71). ``((), False)``:
    the removal stops."""
    if NVA in targets and p[P.NVA_TROOPS]:
        return (P.NVA_TROOPS,), False
    group = tuple(g for g in ACTIVE_GUERRILLAS if p[g] and g.faction in targets)
    if underground:
        group += tuple(g for g in UNDERGROUND_GUERRILLAS if p[g] and g.faction in targets)
    if group:
        return group, False
    if p[P.NVA_TROOPS] or guerrillas(p):
        return (), False  # the remaining Troops or Guerrillas protect the Bases
    bases = tuple(b for b in OPEN_BASES if p[b] and b.faction in targets)
    if bases:
        return bases, False
    return (), any(p[b] for b in TUNNELED_BASES if b.faction in targets)


def _assault_affects(p: Counts, targets: Targets, underground: int) -> bool:
    """Whether an Assault targeting ``targets`` would remove a piece or roll for a Tunnel."""
    group, tunnel = assault_next(p, targets, underground)
    return bool(group) or tunnel


def _assault_removal(
    ctx: Ctx,
    faction: Faction,
    space: str,
    n: int,
    rule: str,
    abrams: bool,
    underground: int,
    flags: AssaultFlags,
    targets: Targets = BOTH,
) -> Gen[int]:
    """Remove up to ``n`` targeted pieces per :func:`assault_next` (the Assaulting Faction
    chooses the order of Active Guerrillas); Underground Guerrillas are never removed (but
    see Search and Destroy). A Tunneled Base as the next piece stops the removal: a die roll
    of 4-6 removes its Tunnel marker only. ARVN gains 6 Aid per Base it removes."""
    i = space_index(space)
    removed = 0
    while n > 0:
        p = ctx.state.spaces[i].pieces
        group, tunnel = assault_next(p, targets, underground)
        if not group:
            if tunnel:
                yield from _tunnel_roll(ctx, faction, space, rule, targets)
            break
        extra: tuple[Piece, ...] = ()
        if abrams and removed == 0 and group[0] not in OPEN_BASES:
            # unshaded Abrams: a (targeted) Base first
            extra = tuple(b for b in OPEN_BASES if p[b] and b.faction in targets)
        candidates = group + extra
        hidden = any(g in UNDERGROUND_GUERRILLAS for g in group)
        if len(candidates) == 1 or (not extra and not hidden and n >= sum(p[g] for g in group)):
            for piece in group:  # no choice to make: remove as many as the count allows
                k = min(n, p[piece], underground if piece in UNDERGROUND_GUERRILLAS else n)
                if k:
                    if piece in UNDERGROUND_GUERRILLAS:
                        underground -= k
                    _remove(ctx, faction, piece, k, space, rule)
                    n -= k
                    removed += k
            continue
        piece = yield from which_piece(
            ctx,
            faction,
            Kind.REMOVE_PIECES,
            f"{faction} Assault in {NAMES[i]}: remove which piece next ({n} left)?",
            candidates,
            space,
            rule,
        )
        if piece in extra:
            flags.abrams = True
            abrams = False
            _remove(ctx, faction, piece, 1, space, "5.3")
        else:
            if piece in UNDERGROUND_GUERRILLAS:
                underground -= 1  # unshaded Search and Destroy: 1 per space
            _remove(ctx, faction, piece, 1, space, rule)
        n -= 1
        removed += 1
    return removed


def _remove(ctx: Ctx, faction: Faction, piece: Piece, k: int, space: str, rule: str) -> None:
    ctx.move(piece, k, space, AVAILABLE, rule)
    if faction is ARVN and piece in OPEN_BASES:
        ctx.add_track(Track.AID, BASE_AID * k, "3.2.4")
    if piece.kind.value == "guerrilla" and body_count(ctx.state):
        ctx.add_track(Track.AID, BODY_COUNT_AID * k, "5.4")


TUNNEL_WORDS: dict[Piece, Choose] = {
    P.NVA_TUNNELED_BASE: choose("nva-tunnel"),
    P.VC_TUNNELED_BASE: choose("vc-tunnel"),
}


def _tunnel_roll(
    ctx: Ctx, faction: Faction, space: str, rule: str, targets: Targets = BOTH
) -> Gen[None]:
    """TUNNELS (3.2.4): the next piece would be a targeted Tunneled Base: roll; on 4-6 one
    targeted Tunnel marker is removed (the Base stays)."""
    p = ctx.state.space(space).pieces
    tunneled = tuple(b for b in TUNNELED_BASES if p[b] and b.faction in targets)
    if not tunneled:
        return
    if ctx.roll("Tunnel", rule) < 4:
        return
    answer = yield from ask_unless_one(
        ctx,
        faction,
        Kind.CHOOSE_MODE,
        f"Remove the Tunnel marker from which Base in {NAMES[space_index(space)]}?",
        tuple(TUNNEL_WORDS[b] for b in tunneled),
        rule,
    )
    base = next(b for b in tunneled if TUNNEL_WORDS[b] == answer)
    ctx.flip(space, base, 1, rule)


def strike_targets(p: Counts, targets: Targets = BOTH) -> tuple[Piece, ...]:
    """Advise's and Raid's removal (4.2.1, 4.3.3): any targeted enemy piece (3.1),
    Underground Guerrillas included; Bases only once no other enemy piece (targeted or not,
    ruling R71) is there; never a Tunneled Base."""
    units = tuple(x for x in ENEMY_UNITS if p[x] and x.faction in targets)
    if units:
        return units
    if any(p[x] for x in ENEMY_UNITS):
        return ()
    return tuple(b for b in OPEN_BASES if p[b] and b.faction in targets)


def remove_enemies(ctx: Ctx, faction: Faction, space: str, n: int, rule: str) -> Gen[int]:
    """Remove up to ``n`` enemy pieces from ``space`` per :func:`strike_targets`, the
    executing Faction first targeting the NVA, the VC or both where both could lose pieces
    (3.1), then choosing each piece; returns how many were removed."""
    start = ctx.state.space(space).pieces
    targets = yield from choose_targets(
        ctx, faction, space, "removal", lambda t: bool(strike_targets(start, t))
    )
    removed = 0
    while removed < n:
        p = ctx.state.space(space).pieces
        targets_here = strike_targets(p, targets)
        if not targets_here:
            break
        if len(targets_here) == 1 or n - removed >= sum(p[t] for t in targets_here):
            piece = targets_here[0]
        else:
            piece = yield from which_piece(
                ctx,
                faction,
                Kind.REMOVE_PIECES,
                f"{faction}: remove which enemy piece from {NAMES[space_index(space)]} "
                f"({n - removed} left)?",
                targets_here,
                space,
                rule,
            )
        ctx.move(piece, 1, space, AVAILABLE, rule)
        removed += 1
    return removed


# -- placing pieces (1.4.1) ----------------------------------------------------------------------
def placements(
    state: GameState, faction: Faction, piece: Piece, space: str, room: int
) -> list[Command]:
    """``Move`` commands placing 1..``room`` ``piece`` in ``space``: from Available, or --
    only when none is Available -- 1 at a time from another space (1.4.1; the US only
    Irregulars and ARVN pieces, :func:`coinlake.rules.forces.map_sources`)."""
    if room <= 0:
        return []
    n = state.available[piece]
    if n:
        return [move_cmd(piece, k, AVAILABLE, space) for k in range(1, min(room, n) + 1)]
    out: list[Command] = []
    for origin in map_sources(state, faction, piece):
        if origin == space:
            continue
        here = state.space(origin).pieces
        for form in (piece, piece.flipped()) if piece.flipped() is not piece else (piece,):
            if here[form]:
                out.append(move_cmd(form, 1, origin, space))
    return out


def place(ctx: Ctx, move: Move, rule: str) -> None:
    """Carry out a placement from :func:`placements`: a piece taken from the map is removed
    and placed anew, so it arrives Underground (1.4.1, 1.4.3)."""
    if move.origin == AVAILABLE:
        ctx.move(move.piece, move.count, AVAILABLE, move.destination, rule)
        return
    ctx.move(move.piece, move.count, move.origin, AVAILABLE, "1.4.1")
    ctx.move(move.piece.box_form, move.count, AVAILABLE, move.destination, rule)


# -- 3.2.1 Train -------------------------------------------------------------------------------
def _train_space(state: GameState, faction: Faction, i: int) -> bool:
    """3.2.1: ARVN -- a Province or City without NVA Control; US -- one with US pieces."""
    if IS_LOC[i] or IN_NORTH[i]:
        return False
    p = state.spaces[i].pieces
    if faction is US:
        return p[0] + p[1] + p[2] + p[3] > 0
    return not nva_control(p)


def can_train(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space may be selected for Train (3.2.1)."""
    return any(_train_space(state, faction, i) for i in range(N_SPACES))


def _train_reason(state: GameState, i: int, *, faction: Faction) -> tuple[str, str] | None:
    if _train_space(state, faction, i):
        return None
    if faction is US:
        return f"the US Trains only where US pieces are ({NAMES[i]})", "3.2.1"
    return f"ARVN does not Train under NVA Control ({NAMES[i]})", "3.2.1"


def _sa_train_spaces(sa: SpecialActivitySlot | None) -> tuple[str, ...]:
    """Spaces Train may not select: those of an Advise or Govern already executed with it
    (4.2.1, 4.3.1); other Special Activities may share its spaces (4.1.1)."""
    if sa is None or sa.action not in ("advise", "govern"):
        return ()
    return tuple(sa.sa_spaces)


@operation("train", (US, ARVN), rule="3.2.1", legal=can_train)
def train(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    **options: Any,
) -> ActionProc:
    """3.2.1 Train: select spaces and place pieces in each, then Pacify, build an ARVN Base or
    (US, Saigon) transfer Patronage in 1 selected space. 3 ARVN Resources per space where
    ARVN pieces are placed (ARVN: a Base counts); ARVN Train adds 5 Aid under Minh (2.4.1)."""
    allowed, limit = scope(options)
    paid: set[str] = set()
    chosen = yield from operation_spaces(
        ctx,
        faction,
        "Train",
        "3.2.1",
        sa=sa,
        limit=1 if limited else limit,
        allowed=allowed,
        ok=lambda state, i: _train_space(state, faction, i),
        reason=partial(_train_reason, faction=faction),
        avoid=lambda: _sa_train_spaces(sa),
        each=lambda space: _train_placement(ctx, faction, space, free, paid),
    )
    if not chosen:
        return Outcome(executed=False)
    yield from _train_follow_up(ctx, faction, chosen, free, paid, sa)
    if faction is ARVN and effects.rvn_leader(ctx.state) is None:
        ctx.add_track(Track.AID, MINH_AID, "2.4.1")  # Duong Van Minh
    return Outcome(executed=True)


def _train_placement(
    ctx: Ctx, faction: Faction, space: str, free: bool, paid: set[str]
) -> Gen[None]:
    """3.2.1 PROCEDURE, first part: in the space, US -- 1-2 Irregulars or, at a US Base,
    1-2 Rangers or up to 6 ARVN cubes; ARVN -- 1-2 Rangers, or up to 6 cubes in a City or
    at a US or ARVN Base. One kind per space; ``done`` stops placing."""
    i = space_index(space)
    kind: str | None = None
    placed = 0
    while True:
        state = ctx.state

        def options(
            state: GameState = state, kind: str | None = kind, placed: int = placed
        ) -> list[Command]:
            p = state.spaces[i].pieces
            payable = free or space in paid or spendable(state, faction) >= TRAIN_COST
            found: list[Command] = []
            if faction is US and kind in (None, "irregulars"):
                found += placements(state, US, P.US_IRREGULAR_UNDERGROUND, space, 2 - placed)
            arvn_here = p[P.US_BASE] > 0 if faction is US else True
            if arvn_here and payable:
                if kind in (None, "rangers"):
                    found += placements(
                        state, faction, P.ARVN_RANGER_UNDERGROUND, space, 2 - placed
                    )
                cubes_here = faction is US or IS_CITY[i] or p[P.US_BASE] + p[P.ARVN_BASE] > 0
                if kind in (None, "cubes") and cubes_here:
                    for cube in (P.ARVN_TROOPS, P.ARVN_POLICE):
                        found += placements(state, faction, cube, space, 6 - placed)
            if found:
                found.append(DONE)
            return found

        answer = yield ctx.ask(
            faction,
            Kind.PLACE_PIECES,
            f"{faction} Train in {NAMES[i]}: place pieces ({placed} placed) or done",
            options,
            "3.2.1",
            none_done=True,
        )
        if not isinstance(answer, Move):
            return
        piece = answer.piece
        if piece.kind.value == "irregular":
            kind = "irregulars"
        elif piece.kind.value == "ranger":
            kind = "rangers"
        else:
            kind = "cubes"
        if piece.faction is ARVN and space not in paid:
            paid.add(space)
            pay(ctx, faction, TRAIN_COST, free=free, rule="3.2.1")
        place(ctx, answer, "3.2.1")
        placed += answer.count


def pacify_steps(state: GameState, faction: Faction, i: int) -> int:
    """Terror markers plus levels (up to 2) Train's Pacification could remove and shift in
    space ``i`` (3.2.1); shaded CORDS (19) stops US Pacification at Passive Support."""
    sp = state.spaces[i]
    top = Support.ACTIVE_SUPPORT
    if faction is US and capability_side(state, CORDS) is Side.SHADED:
        top = Support.PASSIVE_SUPPORT
    levels = max(0, min(2, top - sp.support)) if HAS_SUPPORT[i] else 0
    return sp.terror + levels


def _can_pacify(state: GameState, faction: Faction, i: int, cost: int) -> bool:
    """3.2.1: COIN Control and, ARVN, ARVN Troops and Police / US, a US piece; something to
    remove or shift; Resources for a step."""
    p = state.spaces[i].pieces
    if not coin_control(p):
        return False
    if faction is ARVN:
        if not (p[P.ARVN_TROOPS] and p[P.ARVN_POLICE]):
            return False
    elif not p[0] + p[1] + p[2] + p[3]:
        return False
    return pacify_steps(state, faction, i) > 0 and spendable(state, faction) >= cost


def _can_build_base(state: GameState, space: str, free: bool, paid: set[str]) -> bool:
    """3.2.1: 3 ARVN cubes to replace, room for a Base (1.4.2), a Base to place (1.4.1) and
    3 ARVN Resources unless already paid for the space."""
    p = state.space(space).pieces
    if p[P.ARVN_TROOPS] + p[P.ARVN_POLICE] < 3 or state.space(space).bases() >= 2:
        return False
    if not (free or space in paid or spendable(state, ARVN) >= TRAIN_COST):
        return False
    return bool(placements(state, ARVN, P.ARVN_BASE, space, 1))


PACIFY, ARVN_BASE, TRANSFER, CAP_POLICE = (
    choose("pacify"),
    choose("arvn-base"),
    choose("transfer-patronage"),
    choose("cap-police"),
)


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
    cords = us and capability_side(ctx.state, CORDS) is Side.UNSHADED
    cap = us and capability_side(ctx.state, COMBINED_ACTION_PLATOONS) is Side.UNSHADED
    done_kind: str | None = None
    pacified: list[str] = []
    while True:
        state = ctx.state
        cost = effects.pacification_cost(state, support_phase=False)

        def options(
            state: GameState = state,
            cost: int = cost,
            done_kind: str | None = done_kind,
            cap: bool = cap,
        ) -> list[Command]:
            found: list[Command] = []
            more = done_kind in (None, "pacify") and len(pacified) < (2 if cords else 1)
            if more and any(
                s not in pacified and _can_pacify(state, faction, space_index(s), cost)
                for s in chosen
            ):
                found.append(PACIFY)
            if done_kind is None:
                if not us and any(_can_build_base(state, s, free, paid) for s in chosen):
                    found.append(ARVN_BASE)
                if us and IDS[SAIGON] in chosen and state.patronage > 0:
                    found.append(TRANSFER)
            if cap and _cap_possible(state):
                found.append(CAP_POLICE)
            if sa is not None:
                found.extend(sa.choices(state))
            if found:
                found.append(DONE)
            return found

        answer = yield ctx.ask(
            faction,
            Kind.CHOOSE_MODE,
            f"{faction} Train: Pacify, build a Base or transfer Patronage in 1 selected "
            "space, or done",
            options,
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
        lambda: [
            SELECT[space_index(s)]
            for s in chosen
            if s not in pacified and _can_pacify(state, faction, space_index(s), cost)
        ],
        "3.2.1",
    )
    assert isinstance(answer, Select)
    space = answer.space
    i = space_index(space)
    sp = state.spaces[i]
    work_on(ctx, space)
    terror = f"the Terror marker{'s' if sp.terror > 1 else ''} first, then " if sp.terror else ""
    extent = yield from ask_unless_one(
        ctx,
        faction,
        Kind.HOW_MANY,
        f"Pacify {NAMES[i]}: how many steps? ({cost} ARVN Resources each: {terror}1 level "
        "each toward Active Support)",
        lambda: counts_between(
            1, min(pacify_steps(state, faction, i), spendable(state, faction) // cost)
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
    shift(ctx, i, k - removed, "3.2.1")
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
        lambda: [SELECT[space_index(s)] for s in chosen if _can_build_base(state, s, free, paid)],
        "3.2.1",
    )
    assert isinstance(answer, Select)
    space = answer.space
    p = state.space(space).pieces
    troops, police = p[P.ARVN_TROOPS], p[P.ARVN_POLICE]
    work_on(ctx, space)
    mix = yield from ask_unless_one(
        ctx,
        ARVN,
        Kind.HOW_MANY,
        f"ARVN Base in {NAMES[space_index(space)]}: how many of the 3 cubes it replaces are "
        "Troops (the rest Police)?",
        counts_between(max(0, 3 - police), min(3, troops)),
        "3.2.1",
    )
    assert isinstance(mix, Count)
    t = mix.n
    source = yield from ask_unless_one(
        ctx,
        ARVN,
        Kind.PLACE_PIECES,
        "ARVN: no Base Available -- take which Base from the map? (1.4.1)",
        lambda: placements(state, ARVN, P.ARVN_BASE, space, 1),
        "1.4.1",
    )
    work_on(ctx, None)
    assert isinstance(source, Move)
    if space not in paid:
        paid.add(space)
        pay(ctx, ARVN, TRAIN_COST, free=free, rule="3.2.1")
    ctx.move(P.ARVN_TROOPS, t, space, AVAILABLE, "3.2.1")
    ctx.move(P.ARVN_POLICE, 3 - t, space, AVAILABLE, "3.2.1")
    place(ctx, source, "3.2.1")


def _transfer_patronage(ctx: Ctx) -> Gen[None]:
    """US Train in Saigon (3.2.1): move up to 3 Patronage to ARVN Resources."""
    most = min(3, ctx.state.patronage)
    work_on(ctx, IDS[SAIGON])
    answer = yield from ask_unless_one(
        ctx,
        US,
        Kind.HOW_MANY,
        "US: transfer how much Patronage to ARVN Resources?",
        counts_between(1, most),
        "3.2.1",
    )
    work_on(ctx, None)
    assert isinstance(answer, Count)
    k = answer.n
    ctx.add_track(Track.PATRONAGE, -k, "3.2.1")
    ctx.add_track(Track.ARVN_RESOURCES, k, "3.2.1")


def _cap_possible(state: GameState) -> bool:
    """A space with US Troops, and a Police Available or elsewhere on the map (card 18)."""
    troops = [i for i in range(N_SPACES) if state.spaces[i].pieces[P.US_TROOPS]]
    if not troops:
        return False
    if state.available[P.ARVN_POLICE]:
        return True
    police = [i for i in range(N_SPACES) if state.spaces[i].pieces[P.ARVN_POLICE]]
    return len(police) > 1 or (len(police) == 1 and troops != police)


def _cap_police(ctx: Ctx) -> Gen[None]:
    """Unshaded Combined Action Platoons (18): one more Police, from Available or relocated
    from elsewhere, goes to a space where US Troops are."""
    state = ctx.state

    def police() -> list[int]:
        return [i for i in range(N_SPACES) if state.spaces[i].pieces[P.ARVN_POLICE]]

    def targets() -> list[Command]:
        available = state.available[P.ARVN_POLICE] > 0
        found = police()
        return [
            SELECT[i]
            for i in range(N_SPACES)
            if state.spaces[i].pieces[P.US_TROOPS] and (available or any(j != i for j in found))
        ]

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

    def sources() -> list[Command]:
        found: list[Command] = []
        if state.available[P.ARVN_POLICE]:
            found.append(move_cmd(P.ARVN_POLICE, 1, AVAILABLE, space))
        found += [move_cmd(P.ARVN_POLICE, 1, IDS[i], space) for i in police() if IDS[i] != space]
        return found

    work_on(ctx, space)
    source = yield from ask_unless_one(
        ctx, US, Kind.PLACE_PIECES, "Combined Action Platoons: which Police?", sources, "5.3"
    )
    work_on(ctx, None)
    assert isinstance(source, Move)
    ctx.move(P.ARVN_POLICE, 1, source.origin, space, "5.3")


# -- 3.2.2 Patrol ----------------------------------------------------------------------------------
def patrol_reach(state: GameState, origin: int) -> list[int]:
    """3.2.2: where a cube in ``origin`` may end: adjacent LoCs and Cities, and on from LoC
    or City to LoC or City, stopping on entering a space with any NVA or VC piece."""
    seen = {origin}
    out: list[int] = []
    stack = [n for n in ADJ[origin] if LOC_OR_CITY[n]]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        out.append(n)
        if not insurgent_pieces(state.spaces[n].pieces):
            stack.extend(m for m in ADJ[n] if LOC_OR_CITY[m] and m not in seen)
    return sorted(out)


def can_patrol(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Patrol (3.2.2): ARVN can pay 3 (unless free or Body Count); the Faction has cubes."""
    free = free or body_count(state)
    if faction is ARVN and not free and spendable(state, ARVN) < TRAIN_COST:
        return False
    cubes = CUBES[faction]
    return any(sp.pieces[c] for sp in state.spaces for c in cubes)


@operation("patrol", (US, ARVN), rule="3.2.2", legal=can_patrol)
def patrol(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    **options: Any,
) -> ActionProc:
    """3.2.2 Patrol: move cubes through LoCs and Cities (each cube once, stopping at NVA or
    VC pieces); then in each LoC Activate 1 enemy Guerrilla per own cube; then a free Assault
    in 1 LoC (the US adds no ARVN). ARVN pays 3 in all; a Limited Patrol has 1 destination
    (its Activation and Assault there). Shaded M-48 Patton (14): afterwards the NVA may take
    off as many as 2 of the cubes that just moved. Unshaded Body Count (72): no cost; shaded
    General Lansdale (78): no US Assault."""
    free = free or body_count(ctx.state)
    pay(ctx, faction, TRAIN_COST if faction is ARVN else 0, free=free, rule="3.2.2")
    cubes = CUBES[faction]
    arrived: dict[tuple[int, Piece], int] = {}
    destination: int | None = None
    while True:
        state = ctx.state

        def origins(state: GameState = state, dest: int | None = destination) -> list[Command]:
            found: list[Command] = [
                SELECT[i]
                for i in PATROL_ORIGINS
                if i != dest
                and any(state.spaces[i].pieces[c] > arrived.get((i, c), 0) for c in cubes)
                and (dest is None or dest in patrol_reach(state, i))
            ]
            if sa is not None:
                found.extend(sa.choices(state))
            if found:
                found.append(DONE)
            return found

        answer = yield ctx.ask(
            faction,
            Kind.SELECT_SPACE,
            f"{faction} Patrol: move cubes from which space, or done",
            origins,
            "3.2.2",
            () if ctx.replaying else deferred_refusals(partial(sa_refusals, state, faction, sa)),
            none_done=True,
        )
        if isinstance(answer, Done):
            break
        if isinstance(answer, Choose):
            assert sa is not None
            yield from sa.take(ctx, answer)
            continue
        assert isinstance(answer, Select)
        o = space_index(answer.space)
        reach: Options = (
            partial(_patrol_destinations, state, o)
            if destination is None
            else (SELECT[destination],)
        )
        target = yield from ask_unless_one(
            ctx,
            faction,
            Kind.SELECT_SPACE,
            f"{faction} Patrol: move from {NAMES[o]} to where?",
            reach,
            "2.3.5" if limited and destination is not None else "3.2.2",
        )
        assert isinstance(target, Select)
        d = space_index(target.space)
        work_on(ctx, target.space)
        move = yield from ask_unless_one(
            ctx,
            faction,
            Kind.MOVE_PIECES,
            f"{faction} Patrol from {NAMES[o]} to {NAMES[d]}: move which cubes?",
            partial(_patrol_moves, state, cubes, arrived, o, d),
            "3.2.2",
        )
        work_on(ctx, None)
        assert isinstance(move, Move)
        ctx.move(move.piece, move.count, move.origin, move.destination, "3.2.2")
        arrived[(d, move.piece)] = arrived.get((d, move.piece), 0) + move.count
        if limited:
            destination = d
    if limited:
        locs: tuple[int, ...] = (destination,) if destination is not None else ()
        locs = tuple(i for i in locs if IS_LOC[i])
    else:
        locs = LOCS
    for i in locs:
        n = own_cubes(ctx.state.spaces[i].pieces, faction)
        if n:
            work_on(ctx, IDS[i])
            yield from activate_guerrillas(ctx, faction, IDS[i], n, "3.2.2")
            work_on(ctx, None)
    state = ctx.state
    targets = tuple(SELECT[i] for i in locs if can_assault_in(state.spaces[i].pieces, faction))
    if targets and not (faction is US and us_assault_banned(state)):
        answer = yield ctx.ask(
            faction,
            Kind.SELECT_SPACE,
            f"{faction} Patrol: Assault in 1 LoC at no added cost, or done",
            (*targets, DONE),
            "3.2.2",
        )
        if isinstance(answer, Select):
            work_on(ctx, answer.space)
            yield from assault_in(ctx, faction, answer.space, "3.2.2")
            work_on(ctx, None)
    if capability_side(ctx.state, M48_PATTON) is Side.SHADED:
        yield from _rpgs(ctx, faction, arrived)
    return Outcome(executed=True)


def _patrol_destinations(state: GameState, o: int) -> list[Command]:
    """Where cubes from ``o`` may Patrol to (3.2.2)."""
    return [SELECT[d] for d in patrol_reach(state, o)]


def _patrol_moves(
    state: GameState,
    cubes: tuple[Piece, ...],
    arrived: dict[tuple[int, Piece], int],
    o: int,
    d: int,
) -> list[Command]:
    """Every number of each cube in ``o`` that may still Patrol into ``d`` (3.2.2: cubes that
    arrived in this Patrol stay)."""
    return [
        move_cmd(c, k, IDS[o], IDS[d])
        for c in cubes
        for k in range(1, state.spaces[o].pieces[c] - arrived.get((o, c), 0) + 1)
    ]


def _rpgs(ctx: Ctx, faction: Faction, arrived: dict[tuple[int, Piece], int]) -> Gen[None]:
    """Shaded M-48 Patton (14): once the Patrol is over, the NVA may take off as many as 2 of
    the cubes that just moved (US Troops to Casualties)."""
    box = CASUALTIES if faction is US else AVAILABLE
    for _ in range(2):
        state = ctx.state
        options = tuple(
            move_cmd(piece, 1, IDS[i], box)
            for (i, piece), n in sorted(arrived.items())
            if n > 0 and state.spaces[i].pieces[piece] > 0
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
        key = (space_index(answer.origin), answer.piece)
        arrived[key] -= 1


# -- 3.2.3 Sweep -----------------------------------------------------------------------------------
def sweep_origins(state: GameState, d: int, troop: Piece, arrived: dict[int, int]) -> list[int]:
    """3.2.3: spaces whose Troops may Sweep into ``d``: adjacent ones, and those adjacent to
    a LoC that is adjacent to ``d`` and free of NVA and VC pieces (1 LoC on the way). Troops
    that arrived in this Sweep stay."""
    found: set[int] = set(ADJ[d])
    for n, beyond in SWEEP_VIA[d]:
        if not insurgent_pieces(state.spaces[n].pieces):
            found.update(beyond)
    found.discard(d)
    return sorted(o for o in found if state.spaces[o].pieces[troop] > arrived.get(o, 0))


def _sweep_space(state: GameState, faction: Faction, i: int, free: bool) -> bool:
    if IS_LOC[i] or IN_NORTH[i]:
        return False
    return faction is US or free or spendable(state, ARVN) >= TRAIN_COST


def can_sweep(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Sweep (3.2.3): ARVN can pay 3 for a space (unless free); Monsoon is the registry's."""
    return faction is US or free or spendable(state, ARVN) >= TRAIN_COST


def _can_pay_space(faction: Faction, free: bool) -> Callable[[GameState], bool] | None:
    """Whether another Sweep or Assault space can be paid for (ARVN: 3 Resources unless
    free, 3.2.3, 3.2.4); ``None``: always (the US pays nothing for its spaces)."""
    if faction is US or free:
        return None
    return lambda state: spendable(state, ARVN) >= TRAIN_COST


def _sweep_reason(
    state: GameState, i: int, *, faction: Faction, free: bool
) -> tuple[str, str] | None:
    if _sweep_space(state, faction, i, free):
        return None
    return "ARVN cannot pay 3 Resources for another Sweep space", "3.2.3"


@operation("sweep", (US, ARVN), rule="3.2.3", legal=can_sweep, monsoon_banned=True)
def sweep(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    **options: Any,
) -> ActionProc:
    """3.2.3 Sweep: select Provinces and Cities (ARVN pays 3 each) and move adjacent Troops
    into them (a group may pass through 1 adjacent LoC free of NVA and VC); then in each
    Activate per :func:`sweep_activation`. Shaded Combined Action Platoons (18): the US
    selects at most 2 spaces. Not in Monsoon (the registry, 2.3.9)."""
    allowed, limit = scope(options)
    if limited:
        limit = 1
    if faction is US and capability_side(ctx.state, COMBINED_ACTION_PLATOONS) is Side.SHADED:
        limit = min(limit, 2)
    troop = TROOPS[faction]
    arrived: dict[int, int] = {}

    def each(space: str) -> Gen[None]:
        pay(ctx, faction, TRAIN_COST if faction is ARVN else 0, free=free, rule="3.2.3")
        yield from _sweep_moves(ctx, faction, space_index(space), troop, arrived)

    chosen = yield from operation_spaces(
        ctx,
        faction,
        "Sweep",
        "3.2.3",
        sa=sa,
        limit=limit,
        allowed=allowed,
        ok=None,
        can_pay=_can_pay_space(faction, free),
        reason=partial(_sweep_reason, faction=faction, free=free),
        each=each,
        what="a destination",
    )
    if not chosen:
        return Outcome(executed=False)
    for space in chosen:
        work_on(ctx, space)
        yield from sweep_activation(ctx, faction, space)
    work_on(ctx, None)
    yield from sweep_aftermath(ctx, faction, chosen, "3.2.3")
    return Outcome(executed=True)


def _sweep_moves(
    ctx: Ctx, faction: Faction, d: int, troop: Piece, arrived: dict[int, int]
) -> Gen[None]:
    """Move Troops into destination ``d`` from :func:`sweep_origins`, a group at a time:
    each question offers every origin with every number of its Troops that may move (at most
    the Faction's Troops on the map, so the list stays small), or ``done``."""
    while True:
        state = ctx.state

        def moves(state: GameState = state) -> list[Command]:
            found: list[Command] = [
                move_cmd(troop, k, IDS[o], IDS[d])
                for o in sweep_origins(state, d, troop, arrived)
                for k in range(1, state.spaces[o].pieces[troop] - arrived.get(o, 0) + 1)
            ]
            if found:
                found.append(DONE)
            return found

        move = yield ctx.ask(
            faction,
            Kind.MOVE_PIECES,
            f"{faction} Sweep into {NAMES[d]}: move Troops in (from which space, how many), "
            "or done",
            moves,
            "3.2.3",
            none_done=True,
        )
        if not isinstance(move, Move):
            return
        ctx.move(troop, move.count, move.origin, IDS[d], "3.2.3")
        arrived[d] = arrived.get(d, 0) + move.count


# -- 3.2.4 Assault ---------------------------------------------------------------------------------
def can_assault(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Assault (3.2.4): a space with the Faction's cubes and Insurgents; ARVN pays 3 (unless
    free or Body Count); no US Assault under shaded General Lansdale (78)."""
    free = free or body_count(state)
    if faction is ARVN and not free and spendable(state, ARVN) < TRAIN_COST:
        return False
    if faction is US and us_assault_banned(state):
        return False
    for sp in state.spaces:
        p = sp.pieces
        if (p[0] if faction is US else p[4] + p[5]) and any(p[9:]):
            return True
    return False


def _assault_reason(state: GameState, i: int, *, faction: Faction) -> tuple[str, str]:
    if not can_assault_in(state.spaces[i].pieces, faction):
        return f"no {faction} cubes with Insurgents in {NAMES[i]}", "3.2.4"
    return "ARVN cannot pay 3 Resources for another Assault space", "3.2.4"


@operation("assault", (US, ARVN), rule="3.2.4", legal=can_assault)
def assault(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    **options: Any,
) -> ActionProc:
    """3.2.4 Assault: select spaces with own cubes and Insurgents (ARVN pays 3 each) and
    remove enemies per :func:`assault_in`. The US may then pay 3 ARVN Resources (above Econ,
    1.8.1) for an ARVN Assault in 1 of its Assault spaces. Shaded Abrams (11): the US selects
    at most 2 spaces. Unshaded Body Count (72): no cost."""
    free = free or body_count(ctx.state)
    allowed, limit = scope(options)
    if limited:
        limit = 1
    if faction is US and capability_side(ctx.state, ABRAMS) is Side.SHADED:
        limit = min(limit, 2)
    flags = AssaultFlags()

    def ok(state: GameState, i: int) -> bool:
        return can_assault_in(state.spaces[i].pieces, faction)

    def each(space: str) -> Gen[int]:
        pay(ctx, faction, TRAIN_COST if faction is ARVN else 0, free=free, rule="3.2.4")
        return (yield from assault_in(ctx, faction, space, "3.2.4", flags))

    chosen = yield from operation_spaces(
        ctx,
        faction,
        "Assault",
        "3.2.4",
        sa=sa,
        limit=limit,
        allowed=allowed,
        ok=ok,
        can_pay=_can_pay_space(faction, free),
        reason=partial(_assault_reason, faction=faction),
        each=each,
        provinces_and_cities=False,
    )
    if not chosen:
        return Outcome(executed=False)
    if faction is US and (free or spendable(ctx.state, US) >= TRAIN_COST):
        state = ctx.state
        follow = tuple(
            SELECT[space_index(s)] for s in chosen if can_assault_in(state.space(s).pieces, ARVN)
        )
        if follow:
            answer = yield ctx.ask(
                US,
                Kind.SELECT_SPACE,
                "US Assault: pay 3 ARVN Resources for an ARVN Assault in 1 of these spaces, "
                "or done",
                (*follow, DONE),
                "3.2.4",
            )
            if isinstance(answer, Select):
                pay(ctx, US, TRAIN_COST, free=free, rule="3.2.4")
                work_on(ctx, answer.space)
                yield from assault_in(ctx, ARVN, answer.space, "3.2.4", flags)
                work_on(ctx, None)
    return Outcome(executed=True)
