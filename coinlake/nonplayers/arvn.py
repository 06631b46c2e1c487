"""8.7 Non-player ARVN: the ARVN flowchart as code.

One function per numbered step of 8.7, named after it: :func:`pass_event_or_operation`
(8.7.1), :func:`train` (8.7.2, with :func:`govern` and :func:`transport`), :func:`patrol`
(8.7.3), :func:`assault` (8.7.4, with :func:`raid`), :func:`sweep` (8.7.5), :func:`pacify`
(8.7.6) and :func:`redeploy` (8.7.7); :func:`operation_for` walks the flowchart's Operation
boxes with their IF NONE arrows by cheap tests of the position. :func:`flowchart`, the entry
point registered in :data:`~coinlake.nonplayers.agents.FLOWCHARTS`, sends each Decision to
the step it belongs to; free Operations and Special Activities granted by Events use the
same steps (8.4.4).

A step asked over several questions (a move: from where, to where, which pieces) works its
plan out again at each question from the position and the answers already given in the
procedure (``GameState.pending``), so nothing is kept between questions but the state; where
a plan rolls for ties (the Raid foreseen when the Operation is named, the Sweep's spaces), its
spaces are kept as an agent note (R325, R318). Rulings: ``docs/rulings.md`` R310-R329.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

import attrs

import coinlake
from coinlake import (
    CARDS,
    SPACES,
    Choice,
    Choose,
    Command,
    Control,
    Count,
    Decision,
    Done,
    Faction,
    Game,
    GameState,
    Kind,
    Move,
    Piece,
    Select,
    Support,
    assault_removals,
    pacification_cost,
    patrol_reach,
    sweep_origins,
    transport_reach,
)
from coinlake.nonplayers import events
from coinlake.nonplayers.agents import EVENT, FLOWCHARTS, LIMOP, OP, OP_SA, PASS, PIVOTAL
from coinlake.nonplayers.board import ADJACENT, INDEX, SPACE
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.event_choices import SWEEP_OR_ASSAULT
from coinlake.nonplayers.plans import noted_spaces, reuse, still_to_move
from coinlake.nonplayers.priorities import Priority, Score, Test, narrow, pick, population
from coinlake.nonplayers.random_spaces import choose_space

P = Piece
ARVN, US, NVA, VC = Faction.ARVN, Faction.US, Faction.NVA, Faction.VC
Counts = tuple[int, ...]

# -- map facts -------------------------------------------------------------------------------------
SAIGON = "saigon"
ROUTE_13_14 = "loc-saigon-an-loc-ban-me-thuot"
"""The Route 13/14 LoC between Saigon, An Loc and Ban Me Thuot (8.7.7)."""
CITIES = tuple(s.id for s in SPACES if s.is_city)
_NORTH = frozenset(s.id for s in SPACES if not s.in_south and not s.in_laos_or_cambodia)
PROVINCES_AND_CITIES = tuple(s.id for s in SPACES if not s.is_loc and s.id not in _NORTH)
"""Where COIN Operations select spaces (3.2: never North Vietnam)."""
_LOC_OR_CITY = {s.id: s.is_loc or s.is_city for s in SPACES}
"""The adjacent LoCs and Cities of each space: where a Patrol goes on (3.2.2)."""
LOCS = tuple(s.id for s in SPACES if s.is_loc)
"""The LoCs, in map order."""
_LOCS = frozenset(LOCS)
_CITIES = frozenset(CITIES)


def _is_loc(key: str) -> bool:
    return key in _LOCS


def _is_city(key: str) -> bool:
    return key in _CITIES


def _is_province(key: str) -> bool:
    return SPACE[key].is_province


def _terrain(key: str) -> str:
    terrain = SPACE[key].terrain
    return terrain.value if terrain is not None else ""


def _distances(start: str) -> dict[str, int]:
    far = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for key in frontier:
            for n in ADJACENT[key]:
                if n not in far:
                    far[n] = far[key] + 1
                    following.append(n)
        frontier = following
    return far


FROM_SAIGON = _distances(SAIGON)
"""Spaces between Saigon and each space, plus 1 (8.7.3: LoCs nearest Saigon first)."""


# -- piece groups ----------------------------------------------------------------------------------
class Group(tuple[Piece, ...]):
    """Piece forms counted together (:func:`_n`, the flowchart's most frequent call): the
    group reads its numbers off a piece count in one step, not a loop over its forms."""

    numbers: Callable[[Counts], tuple[int, ...]]

    def __new__(cls, *pieces: Piece) -> Group:
        group = super().__new__(cls, pieces)
        group.numbers = itemgetter(*pieces)  # 2 forms or more: a tuple of numbers
        return group


US_PIECES = Group(P.US_TROOPS, P.US_BASE, P.US_IRREGULAR_UNDERGROUND, P.US_IRREGULAR_ACTIVE)
ARVN_PIECES = Group(
    P.ARVN_TROOPS,
    P.ARVN_POLICE,
    P.ARVN_RANGER_UNDERGROUND,
    P.ARVN_RANGER_ACTIVE,
    P.ARVN_BASE,
)
COIN_PIECES = Group(*US_PIECES, *ARVN_PIECES)
NVA_PIECES = Group(
    P.NVA_TROOPS,
    P.NVA_GUERRILLA_UNDERGROUND,
    P.NVA_GUERRILLA_ACTIVE,
    P.NVA_BASE,
    P.NVA_TUNNELED_BASE,
)
VC_PIECES = Group(P.VC_GUERRILLA_UNDERGROUND, P.VC_GUERRILLA_ACTIVE, P.VC_BASE, P.VC_TUNNELED_BASE)
INSURGENT_PIECES = Group(*NVA_PIECES, *VC_PIECES)
COIN_UNITS = Group(
    P.US_TROOPS,
    P.US_IRREGULAR_UNDERGROUND,
    P.US_IRREGULAR_ACTIVE,
    P.ARVN_TROOPS,
    P.ARVN_POLICE,
    P.ARVN_RANGER_UNDERGROUND,
    P.ARVN_RANGER_ACTIVE,
)
"""US and ARVN cubes and Special Forces: the COIN units (1.4)."""
COIN_TROOPS = Group(P.US_TROOPS, P.ARVN_TROOPS)
ARVN_CUBES = Group(P.ARVN_TROOPS, P.ARVN_POLICE)
RANGERS = Group(P.ARVN_RANGER_UNDERGROUND, P.ARVN_RANGER_ACTIVE)
COIN_BASES = Group(P.US_BASE, P.ARVN_BASE)
ENEMY_GUERRILLAS = Group(
    P.NVA_GUERRILLA_UNDERGROUND,
    P.NVA_GUERRILLA_ACTIVE,
    P.VC_GUERRILLA_UNDERGROUND,
    P.VC_GUERRILLA_ACTIVE,
)
ENEMY_UNITS = Group(P.NVA_TROOPS, *ENEMY_GUERRILLAS)
UNDERGROUND = Group(P.NVA_GUERRILLA_UNDERGROUND, P.VC_GUERRILLA_UNDERGROUND)
ENEMY_BASES = Group(P.NVA_BASE, P.NVA_TUNNELED_BASE, P.VC_BASE, P.VC_TUNNELED_BASE)
TUNNELED = Group(P.NVA_TUNNELED_BASE, P.VC_TUNNELED_BASE)
ARVN_CAPABILITY_CARDS = tuple(n for n, c in CARDS.items() if c.capability_of is ARVN)
"""8.7.1: the ARVN Capabilities (Armored Cavalry, Mandate of Heaven)."""

LOOKAHEAD = "capability-lookahead"
COST = 3
"""3.2: ARVN Resources per Operation space (Train, Sweep, Assault) or per Patrol."""
SUPPORT_LIMIT = 45
"""8.7.6: ARVN shifts Passive to Active Support only while Support + Available stays at most
this."""
US_WIN_GOVERN = 50
"""8.7.2 GOVERN: above this US score, with the US a player, ARVN takes Patronage at any
cost to Support."""
MANDATE_OF_HEAVEN = 86
TYPHOON_KATE = 115

TRAIN, PATROL, SWEEP, ASSAULT = "train", "patrol", "sweep", "assault"
PATROL_ASSAULT = "patrol-assault"
"""The Context's procedure for the Patrol's closing Assault in 1 LoC (3.2.2)."""
ACTIVATING = (PATROL, SWEEP, "advise")
"""The procedures whose only number question is how many of the Guerrillas ARVN pieces
Activate are NVA, the rest VC (3.2.2, 3.2.3, and a US Advise's ARVN Sweep, 4.2.1)."""
POLICE_PART = "arvn-police"
"""The Redeploy part of the ARVN Police (6.4.2), named in the Context's parent."""
GOVERN, TRANSPORT, RAID = Choose("govern"), Choose("transport"), Choose("raid")
NOT_NOW, NO_SA = Choose("not-now"), Choose("no-sa")
PACIFY_WORD, BASE_WORD = Choose("pacify"), Choose("arvn-base")
AID, PATRONAGE, PATRONAGE_NO_SHIFT = (
    Choose("aid"),
    Choose("patronage"),
    Choose("patronage-no-shift"),
)
STRIKE, BOTH = Choose("strike"), Choose("target-both")
DONE = Done()


def _n(p: Counts, pieces: Group) -> int:
    return sum(pieces.numbers(p))


def _pieces(state: GameState, key: str) -> Counts:
    return state.space(key).pieces


def _with(p: Counts, piece: Piece, k: int) -> Counts:
    q = list(p)
    q[piece] += k
    return tuple(q)


def control_of(key: str, p: Counts) -> Control:
    """1.7 Control of ``key`` if it held the pieces ``p``."""
    if key in _LOCS:
        return Control.NONE
    return _control(tuple(p))


@lru_cache(maxsize=8192)
def _control(p: Counts) -> Control:
    """1.7 Control of a Province or City holding the pieces ``p``: a pure function, kept
    per pieces because the flowchart asks it of the same spaces again and again."""
    return Control.of(_n(p, COIN_PIECES), _n(p, NVA_PIECES), _n(p, VC_PIECES))


def _insurgents(p: Counts) -> int:
    return _n(p, INSURGENT_PIECES)


def _coin_margin(p: Counts) -> int:
    """COIN pieces beyond those the Insurgents match: how many may leave keeping COIN
    Control (1.7); 0 without it."""
    return max(0, _n(p, COIN_PIECES) - _insurgents(p) - 1)


def _to_coin_control(key: str, p: Counts) -> int:
    """COIN pieces to add for COIN Control of ``key`` (0 when it has it)."""
    if control_of(key, p) is Control.COIN:
        return 0
    return _insurgents(p) - _n(p, COIN_PIECES) + 1


def _control_change(key: str, before: Counts, after: Counts) -> tuple[bool, bool]:
    """(NVA Control removed, COIN Control added) between two contents of ``key``."""
    was, now = control_of(key, before), control_of(key, after)
    return (
        was is Control.NVA and now is not Control.NVA,
        was is not Control.COIN and now is Control.COIN,
    )


def _free(decision: Decision) -> bool:
    """Whether the step belongs to an action an Event grants free (3.1.2, 5.5)."""
    return decision.context.within("event")


def _us_score(state: GameState) -> int:
    """The US victory score, Support + Available (1.9, 7.2): Total Support (1.6.2) and the
    US Troops and Bases Available -- the US marker alone, without the other three."""
    return coinlake.victory_markers(state)[US]


def _is_player(state: GameState, faction: Faction) -> bool:
    return faction not in state.options.non_players


def _capability(state: GameState, card: int) -> str | None:
    for number, side in state.capabilities:
        if number == card:
            return side.value
    return None


def _monsoon(state: GameState) -> bool:
    """2.3.9: a Coup card shows next while an Event card is played."""
    upcoming, current = state.next_card, state.current_card
    return (
        upcoming is not None
        and current is not None
        and CARDS[upcoming].kind.value == "coup"
        and CARDS[current].kind.value != "coup"
    )


# -- the answers of the procedure in progress ------------------------------------------------------
def _answers(state: GameState) -> tuple[Command, ...]:
    pending = state.pending
    return pending.answers if pending is not None else ()


def _since(state: GameState, *markers: Command) -> tuple[Command, ...]:
    """The answers given after the last of ``markers`` (all of them without one)."""
    answers = _answers(state)
    for i in range(len(answers) - 1, -1, -1):
        if answers[i] in markers:
            return answers[i + 1 :]
    return answers


def _moves(answers: Iterable[Command]) -> list[Move]:
    return [a for a in answers if isinstance(a, Move)]


def _selects(options: Iterable[Command]) -> list[str]:
    return [c.space for c in options if isinstance(c, Select)]


def _choice(command: Command, roller: Roller, rule: str, reason: str) -> Choice:
    return Choice(command, roller.why(rule, reason))


def _pick(
    state: GameState, candidates: Sequence[str], priorities: Sequence[Priority], roller: Roller
) -> tuple[str, str] | None:
    """:func:`~coinlake.nonplayers.priorities.pick` with the reason it records."""
    found = pick(state, candidates, priorities, roller)
    if found is None:
        return None
    space, priority = found
    return space, f"{priority.wants}: {SPACE[space].name}"


def _any_space(decision: Decision, roller: Roller, what: str) -> Choice:
    """A space that must be selected where no priority of the step wants one (an Event's
    compulsory grant, or a step the position no longer fits): at random (8.2), as 8.4.4 says
    where the priorities do not apply (R324)."""
    space = choose_space(_selects(decision.options), roller)
    rule = "8.4.4" if _free(decision) else "8.1.1"
    return _choice(Select(space), roller, rule, f"{what} is required: {SPACE[space].name} (8.2)")


# -- 3.2.4 Assault, as the ARVN would carry it out -----------------------------------------------
class AssaultResult(NamedTuple):
    """What an ARVN Assault in a space would do (3.2.4)."""

    after: Counts
    removed: int
    base: bool
    """A Base removed, or a Tunnel marker rolled for."""
    nva_troops: int


def nva_first(key: str, p: Counts) -> bool:
    """R316: ARVN removes NVA pieces before VC ones where the NVA Control the space (8.7.4's
    aim), VC first elsewhere (8.1.2)."""
    return control_of(key, p) is Control.NVA


def simulate_assault(key: str, p: Counts, troops: int = 0) -> AssaultResult:
    """An ARVN Assault in ``key`` holding ``p`` plus ``troops`` more ARVN Troops, targeting
    both Insurgents: NVA Troops, then Active Guerrillas, then -- once no Troops or
    Guerrillas remain -- Bases, a Tunneled Base stopping it with a die roll (3.2.4)."""
    q = list(_with(p, P.ARVN_TROOPS, troops))
    n = assault_removals(q, ARVN, key)
    first = nva_first(key, p)
    active = (
        (P.NVA_GUERRILLA_ACTIVE, P.VC_GUERRILLA_ACTIVE)
        if first
        else (P.VC_GUERRILLA_ACTIVE, P.NVA_GUERRILLA_ACTIVE)
    )
    removed = 0
    nva_troops = min(n, q[P.NVA_TROOPS])
    for piece in (P.NVA_TROOPS, *active):
        k = min(n, q[piece])
        q[piece] -= k
        n -= k
        removed += k
    base = False
    if n and not _n(tuple(q), ENEMY_UNITS):
        for piece in (P.NVA_BASE, P.VC_BASE) if first else (P.VC_BASE, P.NVA_BASE):
            k = min(n, q[piece])
            q[piece] -= k
            n -= k
            removed += k
            base = base or k > 0
        base = base or bool(n and _n(tuple(q), TUNNELED))
    return AssaultResult(tuple(q), removed, base, nva_troops)


def _can_assault(p: Counts) -> bool:
    return _n(p, ARVN_CUBES) > 0 and _insurgents(p) > 0


def _assault(state: GameState, key: str, troops: int = 0) -> AssaultResult | None:
    p = _with(_pieces(state, key), P.ARVN_TROOPS, troops)
    if not _can_assault(p) or key in _NORTH:
        return None
    result = simulate_assault(key, _pieces(state, key), troops)
    return result if result.removed or result.base else None


def control_score(key: str, before: Counts, after: Counts) -> int:
    """8.7.4 ②: NVA-Controlled Population removed plus COIN-Controlled Population added (both
    when both change)."""
    removed, added = _control_change(key, before, after)
    return SPACE[key].population * (int(removed) + int(added))


def assault_rank(state: GameState, key: str, troops: int = 0) -> tuple[int, int]:
    """Which 8.7.4 priority an ARVN Assault in ``key`` (with ``troops`` more Troops) meets:
    (4, 0) for ① a Base or Tunnel, (3, score) for ② Control, (2, removed) for ③ the last
    enemies, (1, removed) for ④ 2 or more; (0, 0) for none."""
    result = _assault(state, key, troops)
    if result is None:
        return (0, 0)
    if result.base:
        return (4, 0)
    score = control_score(key, _pieces(state, key), result.after)
    if score:
        return (3, score)
    if not _insurgents(result.after):
        return (2, result.removed)
    if result.removed >= 2:
        return (1, result.removed)
    return (0, 0)


def _rank_is(tier: int) -> Test:
    return lambda state, key: assault_rank(state, key)[0] == tier


def _rank_score(state: GameState, key: str) -> float:
    return assault_rank(state, key)[1]


ASSAULT_PRIORITIES = (
    Priority("8.7.4", "① remove a Base or roll for a Tunnel", _rank_is(4)),
    Priority(
        "8.7.4",
        "② remove the most NVA-Controlled and add the most COIN-Controlled Population",
        _rank_is(3),
        (_rank_score,),
    ),
    Priority("8.7.4", "③ remove a space's last enemy pieces", _rank_is(2)),
    Priority(
        "8.7.4", "④ remove 2 or more enemy pieces, the most first", _rank_is(1), (_rank_score,)
    ),
)


# -- moves: where pieces can go ------------------------------------------------------------------
# == 8.7.1 Pass, Event or Operation? ===============================================================
def pass_event_or_operation(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.1: the Capability look-ahead (Pass now, play the coming ARVN Capability next card);
    a current Capability on a die roll above the Coup cards in the RVN Leader box; any other
    Event unless Ineffective (8.1) or declined by its instructions (8.4.1); else Pass below 3
    Resources; else an Operation (with a Special Activity as possible) by :func:`operation_for`,
    or Pass if none can occur. ``None``: a Pivotal Event to play (8.4.6, the shared rules)."""
    options = decision.options
    if PIVOTAL in options and events.plays_pivotal(state, ARVN, trumping=False):
        return None
    card, upcoming = state.current_card, state.next_card
    assert card is not None
    leaders = len(state.leader_box)
    played = any(what == "event" for _, what in state.turn.acted)
    current_cap = CARDS[card].is_capability
    next_cap = upcoming is not None and CARDS[upcoming].is_capability
    rule, why = "8.7.1", ""
    if upcoming in ARVN_CAPABILITY_CARDS and (not current_cap or played) and PASS in options:
        roll = roller.roll(6)
        if roll > leaders:
            reason = (
                f"ARVN Capability {CARDS[upcoming]} next: rolled {roll} > {leaders} Coup "
                "cards in the RVN Leader box, Pass and play it next card"
            )
            return Choice(PASS, coinlake.Why(rule, reason, tuple(roller.rolls), note=LOOKAHEAD))
        why = f"rolled {roll}, not above {leaders} Coup cards: no look-ahead; "
    elif current_cap and not played and EVENT in options:
        earlier = state.played[-2] if len(state.played) > 1 else None
        if (ARVN, LOOKAHEAD, earlier) in state.agent_notes:
            passed = "rolled on the previous card"
        else:
            roll = roller.roll(6)
            passed = f"rolled {roll}" if roll > leaders else ""
            if not passed:
                why = f"Capability: rolled {roll}, not above {leaders} Coup cards; "
        if passed:
            verdict = events.event_verdict(state, ARVN)
            if verdict.play:
                return _choice(EVENT, roller, rule, f"Capability {CARDS[card]}: {passed}")
            why = f"{verdict.reason}; "
    elif not current_cap and not next_cap and EVENT in options:
        verdict = events.event_verdict(state, ARVN)
        if verdict.play:
            return _choice(EVENT, roller, verdict.rule, f"8.7.1: {verdict.reason}")
        why = f"{verdict.reason}; "
    elif EVENT in options:
        why = "a Capability shows next: no Event; "
    resources = state.resources(ARVN)
    if resources < COST and PASS in options:
        return _choice(PASS, roller, rule, f"{why}fewer than 3 Resources: Pass")
    found = operation_for(state)
    if found is None:
        if PASS in options:
            return _choice(PASS, roller, "8.7.2", f"{why}no Operation possible (IF NONE): Pass")
        found = ("", "8.1.1", "no Operation possible")
    for command in (OP_SA, OP, LIMOP):
        if command in options:
            return _choice(command, roller, found[1], f"{why}{found[2]}")
    return None


# == the Operation boxes and their IF NONE arrows ==================================================
def operation_for(
    state: GameState, *, free: bool = False, allowed: Sequence[str] | None = None
) -> tuple[str, str, str] | None:
    """The Operation the flowchart reaches (name, rule, reason), or ``None`` (Pass): Train
    (8.7.2) if its conditions hold; else Patrol (8.7.3) if its conditions hold; else Assault
    (8.7.4) if its conditions hold; else Sweep (8.7.5) -- each falling back by its IF NONE
    arrow (Sweep to Assault, Assault to Patrol, Patrol to Train, Train to Pass). ``allowed``
    limits the Operations (those the engine offers)."""

    def ok(name: str) -> bool:
        if allowed is not None and name not in allowed:
            return False
        return POSSIBLE[name](state, free)

    def train_else(reason: str) -> tuple[str, str, str] | None:
        if ok(TRAIN):
            return TRAIN, "8.7.2", f"{reason}: Train"
        return None

    if train_wanted(state, free):
        return train_else("8.7.2: 12+ ARVN pieces Available or a Base to place")
    if patrol_wanted(state):
        if ok(PATROL):
            return PATROL, "8.7.3", "8.7.3: enemies on a LoC by Saigon or blocking a City: Patrol"
        return train_else("8.7.3 IF NONE: no Patrol possible")
    if assault_wanted(state, free):
        if ok(ASSAULT):
            return (
                ASSAULT,
                "8.7.4",
                "8.7.4: an Assault would gain Control, hit NVA Troops or a Base",
            )
        if ok(PATROL):
            return PATROL, "8.7.4", "8.7.4 IF NONE: no Assault possible: Patrol"
        return train_else("8.7.4 IF NONE: no Assault or Patrol possible")
    if not _monsoon(state) and ok(SWEEP):
        return SWEEP, "8.7.5", "8.7.5: no other Operation's conditions: Sweep"
    if ok(ASSAULT):
        return ASSAULT, "8.7.5", "8.7.5 IF NONE: no Sweep possible: Assault"
    if ok(PATROL):
        return PATROL, "8.7.4", "8.7.4 IF NONE: no Sweep or Assault possible: Patrol"
    return train_else("8.7.3 IF NONE: no Sweep, Assault or Patrol possible")


def _affords(state: GameState, free: bool, spaces: int = 1) -> bool:
    return free or state.resources(ARVN) >= COST * spaces


# == 8.7.2 Train ===================================================================================
def train_wanted(state: GameState, free: bool = False) -> bool:
    """8.7.2's conditions: 12 or more ARVN pieces Available, or Train alone would place an
    ARVN Base (R311). (The third, a Patrol that could not occur, is :func:`operation_for`'s
    IF NONE arrow.)"""
    return _n(state.available, ARVN_PIECES) >= 12 or bool(base_spaces(state, free))


def base_spaces(
    state: GameState, free: bool = False, among: Iterable[str] | None = None
) -> list[str]:
    """8.7.2: Provinces of South Vietnam a Train may select (no NVA Control) with at least 5
    US and ARVN units, 3 of them ARVN cubes, and no US or ARVN Base -- with a Base Available
    and room for it (1.4.2) and the Resources (R311: never a Base taken from the map)."""
    if not state.available[P.ARVN_BASE] or not _affords(state, free):
        return []
    out = []
    for key in PROVINCES_AND_CITIES if among is None else among:
        space = SPACE[key]
        if not (space.is_province and space.in_south):
            continue
        p = _pieces(state, key)
        if (
            control_of(key, p) is not Control.NVA
            and _n(p, COIN_UNITS) >= 5
            and _n(p, ARVN_CUBES) >= 3
            and not _n(p, COIN_BASES)
            and state.space(key).bases() < 2
        ):
            out.append(key)
    return out


def placement_kind(state: GameState) -> Piece | None:
    """8.7.2: exactly 6 cubes, or up to 2 Rangers once fewer than 6 ARVN cubes are Available
    (``ARVN_TROOPS`` stands for cubes); ``None``: nothing to place."""
    if _n(state.available, ARVN_CUBES) >= 6:
        return P.ARVN_TROOPS
    if state.available[P.ARVN_RANGER_UNDERGROUND]:
        return P.ARVN_RANGER_UNDERGROUND
    return None


def _placed_count(state: GameState) -> int:
    kind = placement_kind(state)
    if kind is None:
        return 0
    return 6 if kind is P.ARVN_TROOPS else min(2, state.available[kind])


def placement_space(state: GameState, key: str) -> bool:
    """8.7.2: a City, or a Province with a US or ARVN Base, without NVA Control."""
    if key in _NORTH or _is_loc(key):
        return False
    p = _pieces(state, key)
    return (_is_city(key) or _n(p, COIN_BASES) > 0) and control_of(key, p) is not Control.NVA


def _adds_control(state: GameState, key: str) -> bool:
    p = _pieces(state, key)
    return control_of(key, p) is not Control.COIN and _placed_count(state) >= _to_coin_control(
        key, p
    )


def _missing_type(state: GameState, key: str) -> float:
    p = _pieces(state, key)
    return float(not p[P.ARVN_POLICE] or not p[P.ARVN_TROOPS])


PLACEMENT_PRIORITIES = (
    Priority("8.7.2", "place to add COIN Control", _adds_control, (_missing_type,)),
    Priority("8.7.2", "place in a City or at a Base", lambda s, k: True, (_missing_type,)),
)
"""8.7.2's placement spaces; the missing-type tie-break in both (R312)."""


def pacify_steps(state: GameState, key: str, *, cost: int, levels: int = 2) -> tuple[int, int]:
    """8.7.6: the Terror markers and levels ARVN would remove and shift in ``key`` (at most
    ``levels`` levels): as far as able and affordable, Passive to Active Support only while
    Support + Available stays at 45 or less; Terror only if a shift follows (R319)."""
    space, sp = SPACE[key], state.space(key)
    if space.is_loc or not space.population:
        return (0, 0)
    afford = state.resources(ARVN) // cost
    gained, level, shifts = 0, int(sp.support), 0  # US score gained by the shifts so far
    while shifts < levels and level < Support.ACTIVE_SUPPORT:
        gain = space.population if level >= Support.NEUTRAL else 0
        if level == Support.PASSIVE_SUPPORT and _us_score(state) + gained + gain > SUPPORT_LIMIT:
            break
        gained, level, shifts = gained + gain, level + 1, shifts + 1
    if sp.terror:
        first = space.population if sp.support >= Support.NEUTRAL else 0
        if not shifts or _us_score(state) + first > SUPPORT_LIMIT or afford <= sp.terror:
            return (0, 0)
        return (sp.terror, min(shifts, afford - sp.terror))
    return (0, min(shifts, afford))


def can_pacify(state: GameState, key: str, *, cost: int, levels: int = 2) -> bool:
    """6.3.1, 3.2.1: COIN Control, ARVN Troops and Police, and a step 8.7.6 allows."""
    p = _pieces(state, key)
    if control_of(key, p) is not Control.COIN or not (p[P.ARVN_TROOPS] and p[P.ARVN_POLICE]):
        return False
    return sum(pacify_steps(state, key, cost=cost, levels=levels)) > 0


def _no_terror(state: GameState, key: str) -> float:
    return float(not state.space(key).terror)


def _opposition(state: GameState, key: str) -> float:
    return float(state.space(key).support < Support.NEUTRAL)


def _enemy_base(state: GameState, key: str) -> float:
    return float(_n(_pieces(state, key), ENEMY_BASES) > 0)


def pacify_priorities(cost: int, levels: Callable[[str], int], train: bool) -> list[Priority]:
    """8.7.6 (and 8.7.2: a space with an NVA or VC Base first): spaces where a step is allowed,
    first without Terror, then with Opposition, then the greatest shift."""

    def shift(state: GameState, key: str) -> float:
        return pacify_steps(state, key, cost=cost, levels=levels(key))[1]

    def able(state: GameState, key: str) -> bool:
        return can_pacify(state, key, cost=cost, levels=levels(key))

    prefer: tuple[Score, ...] = (_no_terror, _opposition, shift)
    if train:
        prefer = (_enemy_base, *prefer)
    return [Priority("8.7.6", "Pacify where able", able, prefer)]


def train_possible(state: GameState, free: bool = False) -> bool:
    """8.7.2 with IF NONE: Train can place pieces, a Base or Pacify -- or Train for 0 beside
    a Govern or Transport."""
    placing = placement_kind(state) is not None and _affords(state, free)
    if placing and any(placement_space(state, k) for k in PROVINCES_AND_CITIES):
        return True
    if base_spaces(state, free):
        return True
    cost = pacification_cost(state, support_phase=False)
    trainable = [
        k for k in PROVINCES_AND_CITIES if control_of(k, _pieces(state, k)) is not Control.NVA
    ]
    if any(can_pacify(state, k, cost=cost) for k in trainable):
        return True
    return bool(trainable) and (
        govern_plan(state, ()) is not None or transport_plan(state, TRAIN) is not None
    )


def train(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.2 Train's questions: the spaces, the pieces placed, then Base or Pacify (its space
    and extent)."""
    kind = decision.kind
    since = _since(state, Choose(TRAIN))
    follow = [a for a in since if a in (PACIFY_WORD, BASE_WORD)]
    if kind is Kind.SELECT_SPACE:
        if since and since[-1] == PACIFY_WORD:
            return train_pacify_space(state, decision, roller)
        if since and since[-1] == BASE_WORD:
            return _train_base_space(state, decision, roller)
        return train_space(state, decision, roller)
    if kind is Kind.PLACE_PIECES:
        return train_placement(state, decision, roller)
    if kind is Kind.CHOOSE_MODE:
        return train_follow_up(state, decision, roller)
    if kind is Kind.HOW_MANY:
        if follow and follow[-1] == BASE_WORD:
            return base_cubes(state, decision, roller)
        return pacify_extent(state, decision, roller, support_phase=False)
    return None


def _sa_taken(state: GameState, op: str) -> bool:
    return any(a in (GOVERN, TRANSPORT, RAID) for a in _since(state, Choose(op)))


def train_space(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.7.2: select up to 3 placement spaces (to add COIN Control first, where Police or
    Troops are missing first); then pause to Govern or else Transport; then, with at most 2
    spaces so far, a Province for a Base; else, if no selected space can Pacify, one more
    where it can (an NVA or VC Base first); with nothing but a Govern or Transport, Train for
    0 in any space (IF NONE); then done."""
    options = decision.options
    done = decision.context.done
    spaces = _selects(options)
    free = _free(decision)
    taken = _sa_taken(state, TRAIN)
    if not taken and len(done) < 3 and placement_kind(state) and _affords(state, free):
        found = _pick(
            state, [k for k in spaces if placement_space(state, k)], PLACEMENT_PRIORITIES, roller
        )
        if found is not None:
            return _choice(Select(found[0]), roller, "8.7.2", found[1])
    if not taken:
        sa = _govern_or_transport(state, options, done, TRAIN, roller)
        if sa is not None:
            return sa
    bases = base_spaces(state, free, done)
    if not bases and len(done) <= 2:
        bases = base_spaces(state, free, spaces)
        if bases:
            space = choose_space(bases, roller)
            return _choice(
                Select(space),
                roller,
                "8.7.2",
                f"a Province to build an ARVN Base: {SPACE[space].name}",
            )
    cost = pacification_cost(state, support_phase=False)
    if not bases and not any(can_pacify(state, k, cost=cost) for k in done):
        found = _pick(state, spaces, pacify_priorities(cost, lambda k: 2, True), roller)
        if found is not None:
            return _choice(Select(found[0]), roller, "8.7.2", f"Train for 0 to Pacify: {found[1]}")
    if not done and spaces:
        space = choose_space(spaces, roller)
        return _choice(
            Select(space),
            roller,
            "8.7.2",
            f"IF NONE: Train for 0 beside the Special Activity in {SPACE[space].name}",
        )
    if DONE in options:
        return _choice(DONE, roller, "8.7.2", "no more Train spaces")
    return _any_space(decision, roller, "a Train space")


def train_placement(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.7.2: in a placement space (before the Govern or Transport pause, among the first 3),
    6 cubes, Troops and Police alternately from the type fewest there (Troops if tied), or up
    to 2 Rangers; nothing elsewhere. Pieces only from Available."""
    space = decision.context.space or decision.context.done[-1]
    done = decision.context.done
    since = _since(state, Select(space))
    placed = [m for m in _moves(since) if m.destination == space]
    troops = sum(m.count for m in placed if m.piece is P.ARVN_TROOPS)
    police = sum(m.count for m in placed if m.piece is P.ARVN_POLICE)
    rangers = sum(m.count for m in placed if m.piece.kind.value == "ranger")
    wanted: dict[Piece, int] = {}
    start = _since(state, Choose(TRAIN))
    before = start[: len(start) - len(since)]
    if (
        not any(a in (GOVERN, TRANSPORT) for a in before)
        and done.index(space) < 3
        and placement_space(state, space)
    ):
        available = state.available
        if rangers or (
            not troops and not police and placement_kind(state) is P.ARVN_RANGER_UNDERGROUND
        ):
            wanted[P.ARVN_RANGER_UNDERGROUND] = min(
                2, rangers + available[P.ARVN_RANGER_UNDERGROUND]
            )
        elif troops or police or placement_kind(state) is P.ARVN_TROOPS:
            p = _pieces(state, space)
            t, c = cube_split(
                6,
                p[P.ARVN_TROOPS] - troops,
                p[P.ARVN_POLICE] - police,
                available[P.ARVN_TROOPS] + troops,
                available[P.ARVN_POLICE] + police,
            )
            wanted = {P.ARVN_TROOPS: t, P.ARVN_POLICE: c}
    so_far = {P.ARVN_TROOPS: troops, P.ARVN_POLICE: police, P.ARVN_RANGER_UNDERGROUND: rangers}
    for piece, goal in wanted.items():
        more = goal - so_far[piece]
        if more > 0:
            for option in decision.options:
                if (
                    isinstance(option, Move)
                    and option.origin == "available"
                    and option.piece.box_form is piece
                    and option.count == more
                ):
                    return _choice(
                        option,
                        roller,
                        "8.7.2",
                        f"place {more} {piece.token} in {SPACE[space].name}",
                    )
    if DONE in decision.options:
        return _choice(DONE, roller, "8.7.2", f"nothing more to place in {SPACE[space].name}")
    move = min((o for o in decision.options if isinstance(o, Move)), key=lambda m: m.count)
    return _choice(move, roller, "8.1.2", "a placement is required")


def cube_split(
    total: int, troops: int, police: int, troops_left: int, police_left: int
) -> tuple[int, int]:
    """8.7.2, 8.1.2: ``total`` cubes placed as evenly as possible, alternating from the type
    fewest in the space (Troops if tied), limited by those Available: (Troops, Police)."""
    t = c = 0
    turn_troops = troops <= police
    for _ in range(total):
        if (turn_troops and t < troops_left) or c >= police_left:
            if t >= troops_left:
                break
            t += 1
        else:
            c += 1
        turn_troops = not turn_troops
    return t, c


def train_follow_up(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.7.2: replace 3 cubes with a Base in the Province selected for it; else Pacify in a
    Train space (8.7.6); a Govern or Transport not yet done; then done."""
    options = decision.options
    done = decision.context.done
    free = _free(decision)
    if BASE_WORD in options and base_spaces(state, free, done):
        return _choice(BASE_WORD, roller, "8.7.2", "replace 3 ARVN cubes with a Base")
    cost = pacification_cost(state, support_phase=False)
    if PACIFY_WORD in options and any(can_pacify(state, k, cost=cost) for k in done):
        return _choice(
            PACIFY_WORD, roller, "8.7.2", "no Base placed: Pacify in a Train space (8.7.6)"
        )
    if not _sa_taken(state, TRAIN):
        sa = _govern_or_transport(state, options, done, TRAIN, roller)
        if sa is not None:
            return sa
    if DONE in options:
        return _choice(DONE, roller, "8.7.2", "Train complete")
    return _choice(options[0], roller, "8.7.2", "the only step left")


def train_pacify_space(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.7.2, 8.7.6: the Train space to Pacify -- an NVA or VC Base first, then 8.7.6."""
    cost = pacification_cost(state, support_phase=False)
    spaces = _selects(decision.options)
    found = _pick(state, spaces, pacify_priorities(cost, lambda k: 2, True), roller)
    if found is None:
        return _any_space(decision, roller, "a Pacify space")
    return _choice(Select(found[0]), roller, "8.7.6", found[1])


def _train_base_space(state: GameState, decision: Decision, roller: Roller) -> Choice:
    spaces = _selects(decision.options)
    wanted = base_spaces(state, True, spaces) or spaces
    space = choose_space(wanted, roller)
    return _choice(Select(space), roller, "8.7.2", f"the ARVN Base in {SPACE[space].name}")


def base_cubes(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.7.2, 8.1.2: the 3 cubes a Base replaces, alternately from the type most in the space
    (Troops if tied): how many are Troops."""
    space = decision.context.space
    counts = [o.n for o in decision.options if isinstance(o, Count)]
    if space is None:
        return _choice(Count(max(counts)), roller, "8.1.2", "Troops first")
    p = _pieces(state, space)
    t, c = p[P.ARVN_TROOPS], p[P.ARVN_POLICE]
    taken = 0
    turn_troops = t >= c
    for _ in range(3):
        if (turn_troops and t) or not c:
            t, taken = t - 1, taken + 1
        else:
            c -= 1
        turn_troops = not turn_troops
    n = min(max(taken, min(counts)), max(counts))
    return _choice(
        Count(n), roller, "8.1.2", f"{n} Troops of the 3 cubes, alternating from the most"
    )


def pacify_extent(
    state: GameState, decision: Decision, roller: Roller, *, support_phase: bool
) -> Choice:
    """8.7.6: as many steps as able, within the Support + Available limit."""
    space = decision.context.space
    counts = [o.n for o in decision.options if isinstance(o, Count)]
    levels = 2
    if support_phase and space is not None:
        levels -= dict(state.coup_step.levels).get(space, 0)
    if space is None:
        n = max(counts)
    else:
        n = sum(
            pacify_steps(
                state,
                space,
                cost=pacification_cost(state, support_phase=support_phase),
                levels=levels,
            )
        )
    n = min(max(n, min(counts)), max(counts))
    return _choice(Count(n), roller, "8.7.6", f"{n} Pacification step(s), as far as 8.7.6 allows")


# -- 8.7.2 GOVERN ---------------------------------------------------------------------------------
def govern_space(state: GameState, key: str) -> bool:
    """4.3.1: a COIN-Controlled City or Province at Support, not Saigon."""
    if _is_loc(key) or key == SAIGON or key in _NORTH:
        return False
    sp = state.space(key)
    return sp.support > Support.NEUTRAL and control_of(key, sp.pieces) is Control.COIN


def _transfers(state: GameState, key: str) -> bool:
    p = _pieces(state, key)
    return state.aid > 0 and _n(p, ARVN_CUBES) > p[P.US_TROOPS]


def govern_plan(
    state: GameState,
    done: Sequence[str],
    candidates: Iterable[str] | None = None,
    roller: Roller | None = None,
) -> tuple[str, Choose, str] | None:
    """8.7.2 GOVERN: the next Govern space and how (``aid`` or a Patronage word), or ``None``.

    With the US a player above 50 (7.2): Patronage in the highest Population spaces, shifting
    toward Neutral. Otherwise the most Patronage without shifting a space to Neutral (at
    Active Support, or with unshaded Mandate of Heaven without the shift); then, after
    exactly 1 such space (unless shaded Mandate) or at 0 Aid, Aid from the highest Population
    spaces (R313: no Govern when neither applies)."""
    pool = [
        k
        for k in (PROVINCES_AND_CITIES if candidates is None else candidates)
        if k not in done and govern_space(state, k)
    ]
    since = _since(state, GOVERN)
    modes = [a for a in since if a in (AID, PATRONAGE, PATRONAGE_NO_SHIFT)] if done else []
    mandate = _capability(state, MANDATE_OF_HEAVEN)
    no_shift_left = mandate == "unshaded" and PATRONAGE_NO_SHIFT not in modes

    def best(keys: list[str]) -> str | None:
        if not keys:
            return None
        top = narrow(state, keys, (population,))
        return top[0] if roller is None else choose_space(top, roller)

    if AID not in modes:
        if _is_player(state, US) and _us_score(state) > US_WIN_GOVERN:
            space = best([k for k in pool if _transfers(state, k)])
            if space is not None:
                return space, PATRONAGE, "the US is near victory: Patronage, the highest Population"
        else:
            fits = [
                k
                for k in pool
                if _transfers(state, k)
                and (state.space(k).support == Support.ACTIVE_SUPPORT or no_shift_left)
            ]
            space = best(fits)
            if space is not None:
                active = state.space(space).support == Support.ACTIVE_SUPPORT
                word = PATRONAGE if active or not no_shift_left else PATRONAGE_NO_SHIFT
                return space, word, "the most Patronage, no space to Neutral"
    if (len(done) == 1 and mandate != "shaded") or state.aid == 0 or AID in modes:
        space = best(pool)
        if space is not None:
            return space, AID, "Aid from the highest Population"
    return None


def govern(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.7.2 GOVERN's questions: the spaces (:func:`govern_plan`) and what each gives."""
    done = decision.context.done
    if decision.kind is Kind.CHOOSE_MODE:
        space = decision.context.space
        assert space is not None
        plan = govern_plan(state, [d for d in done if d != space], [space])
        word = plan[1] if plan is not None else AID
        if word not in decision.options:
            word = (
                AID
                if AID in decision.options
                else next(o for o in decision.options if isinstance(o, Choose))
            )
        return _choice(word, roller, "8.7.2", f"Govern in {SPACE[space].name}: {word.option}")
    plan = govern_plan(state, done, _selects(decision.options), roller)
    if plan is not None:
        return _choice(
            Select(plan[0]), roller, "8.7.2", f"Govern: {plan[2]}: {SPACE[plan[0]].name}"
        )
    if DONE in decision.options:
        return _choice(DONE, roller, "8.7.2", "no more Govern spaces")
    return _any_space(decision, roller, "a Govern space")


def _govern_or_transport(
    state: GameState,
    options: Sequence[Command],
    train_spaces: Sequence[str],
    op: str,
    roller: Roller,
) -> Choice | None:
    """8.7.2, 8.7.3: Govern if possible, else Transport, else nothing."""
    if (
        GOVERN in options
        and govern_plan(state, (), [k for k in PROVINCES_AND_CITIES if k not in train_spaces])
        is not None
    ):
        return _choice(GOVERN, roller, "8.7.2", "Govern")
    if TRANSPORT in options and transport_plan(state, op) is not None:
        return _choice(TRANSPORT, roller, "8.7.2", "no Govern possible: Transport")
    return None


# -- 8.7.2 TRANSPORT ------------------------------------------------------------------------------
def _transport_surplus(state: GameState, key: str) -> int:
    """ARVN Troops and Rangers that may leave ``key`` keeping its COIN Control."""
    p = _pieces(state, key)
    movable = p[P.ARVN_TROOPS] + _n(p, RANGERS)
    if control_of(key, p) is Control.COIN:
        movable = min(movable, _coin_margin(p))
    return movable


def _troop_surplus(state: GameState, key: str) -> int:
    p = _pieces(state, key)
    if control_of(key, p) is Control.COIN:
        return min(p[P.ARVN_TROOPS], _coin_margin(p))
    return p[P.ARVN_TROOPS]


def transport_origins(state: GameState, among: Iterable[str] | None = None) -> list[str]:
    """8.7.2 TRANSPORT: Laos or Cambodia spaces with ARVN Troops or Rangers first, then the
    South Vietnam spaces by most ARVN Troops above those keeping COIN Control."""
    keys = [k for k in (SPACE if among is None else among) if any(_is_loc(n) for n in ADJACENT[k])]
    keys = [k for k in keys if _transport_surplus(state, k) > 0]
    abroad = [k for k in keys if SPACE[k].in_laos_or_cambodia]
    home = sorted(
        (k for k in keys if SPACE[k].in_south and _troop_surplus(state, k) > 0),
        key=lambda k: -_troop_surplus(state, k),
    )
    return abroad + home


def _sweep_gain(state: GameState, key: str, k: int) -> int:
    """Underground Guerrillas ``k`` more Sweeping Troops would Activate in ``key`` (3.2.3)."""
    p = _pieces(state, key)
    force = _n(p, ARVN_CUBES) + _n(p, RANGERS)
    div = 2 if _terrain(key) == "jungle" else 1
    hidden = _n(p, UNDERGROUND)
    return min(hidden, (force + k) // div) - min(hidden, force // div)


def transport_destination(
    state: GameState,
    origin: str,
    purpose: str,
    candidates: Iterable[str],
    sweeps: Sequence[str] = (),
) -> tuple[list[str], str] | None:
    """8.7.2 TRANSPORT: the best destinations from ``origin`` for the Operation it serves:
    beside Train or Patrol a Province with Police but no Troops, else one whose Control the
    pieces change (highest Population); before an Assault the best 8.7.4 Assault; during a
    Sweep a Sweep space where more Underground Guerrillas would be Activated."""
    k = min(6, _transport_surplus(state, origin))
    if k <= 0:
        return None
    keys = list(candidates)
    if purpose == ASSAULT:
        troops = min(k, _pieces(state, origin)[P.ARVN_TROOPS])
        ranks = {d: assault_rank(state, d, troops) for d in keys}
        gains = [d for d in keys if ranks[d] > assault_rank(state, d) and ranks[d][0]]
        if not gains:
            return None
        best = max(ranks[d] for d in gains)
        return [d for d in gains if ranks[d] == best], "to enable the best Assault (8.7.4)"
    if purpose == SWEEP:
        gains = [d for d in keys if d in sweeps and _sweep_gain(state, d, k) > 0]
        if not gains:
            return None
        top = max(_sweep_gain(state, d, k) for d in gains)
        return [
            d for d in gains if _sweep_gain(state, d, k) == top
        ], "to Activate more Underground Guerrillas"
    provinces = [d for d in keys if _is_province(d)]
    police = [
        d
        for d in provinces
        if _pieces(state, d)[P.ARVN_POLICE] and not _n(_pieces(state, d), COIN_TROOPS)
    ]
    if police:
        return narrow(state, police, (population,)), "a Province with Police but no Troops"
    change = [
        d
        for d in provinces
        if control_of(d, _with(_pieces(state, d), P.ARVN_TROOPS, k))
        is not control_of(d, _pieces(state, d))
    ]
    if change:
        return narrow(state, change, (population,)), "a Province whose Control changes"
    return None


def transport_plan(
    state: GameState, purpose: str, sweeps: Sequence[str] = ()
) -> tuple[str, list[str], str] | None:
    """The Transport origin (8.7.2's order, the first with a useful destination) and its
    destinations, or ``None`` (no Transport: Operation only; R322)."""
    for origin in transport_origins(state):
        found = transport_destination(
            state, origin, purpose, transport_reach(state, origin), sweeps
        )
        if found is not None:
            return origin, found[0], found[1]
    return None


def _purpose(decision: Decision) -> tuple[str, tuple[str, ...]]:
    """The Operation a Special Activity serves, and that Operation's spaces so far."""
    parent = decision.context.parent
    while parent is not None:
        if parent.procedure in (TRAIN, PATROL, SWEEP, ASSAULT):
            return parent.procedure, parent.done
        parent = parent.parent
    return TRAIN, ()


def transport(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.7.2 TRANSPORT's questions: the origin, the destination(s), the pieces (Troops then
    Rangers, as many as keep the origin's COIN Control; during a Sweep as many as Activate
    more)."""
    purpose, sweeps = _purpose(decision)
    options = decision.options
    since = _since(state, TRANSPORT)
    origin = next((a.space for a in since if isinstance(a, Select)), None)
    if decision.kind is Kind.MOVE_PIECES:
        moves = [o for o in options if isinstance(o, Move)]
        dest = moves[0].destination
        troops = [m for m in moves if m.piece is P.ARVN_TROOPS] or moves
        most = min(6, _transport_surplus(state, moves[0].origin))
        if purpose == SWEEP:
            need = next(
                (
                    k
                    for k in range(1, 7)
                    if _sweep_gain(state, dest, k) >= _sweep_gain(state, dest, 6)
                ),
                1,
            )
            most = min(most, need)
        fit = [m for m in troops if m.count <= max(1, most)]
        move = max(fit or troops, key=lambda m: m.count)
        return _choice(
            move, roller, "8.7.2", f"Transport {move.count} {move.piece.token}, Troops then Rangers"
        )
    spaces = _selects(options)
    if origin is None or not any(isinstance(a, Select) for a in since):
        plan = transport_plan(state, purpose, sweeps)
        if plan is not None and plan[0] in spaces:
            return _choice(
                Select(plan[0]),
                roller,
                "8.7.2",
                f"Transport from {SPACE[plan[0]].name}: {plan[2]}",
            )
        for key in transport_origins(state, spaces):
            return _choice(Select(key), roller, "8.7.2", f"Transport from {SPACE[key].name}")
        if DONE in options:
            return _choice(DONE, roller, "8.7.2", "no Transport")
        return _any_space(decision, roller, "a Transport origin")
    moved = _moves(since)
    if moved and purpose != SWEEP and DONE in options:
        return _choice(DONE, roller, "8.7.2", "Transport into 1 space")
    found = transport_destination(state, origin, purpose, spaces, sweeps)
    if found is not None:
        space = choose_space(found[0], roller)
        return _choice(Select(space), roller, "8.7.2", f"{found[1]}: {SPACE[space].name}")
    if DONE in options:
        return _choice(DONE, roller, "8.7.2", "no more Transport destinations")
    return _any_space(decision, roller, "a Transport destination")


# == 8.7.3 Patrol ==================================================================================
def patrol_wanted(state: GameState) -> bool:
    """8.7.3's conditions: NVA or VC units on a LoC adjacent to Saigon, or on a LoC blocking a
    Patrol from Saigon to a City (R314). (The third, an Assault that could not occur, is
    :func:`operation_for`'s IF NONE arrow.)"""
    if any(_is_loc(n) and _n(_pieces(state, n), ENEMY_UNITS) for n in ADJACENT[SAIGON]):
        return True
    return bool(blocked_cities(state))


def _reach_from_saigon(state: GameState, *, ignore_locs: bool) -> set[str]:
    seen: set[str] = set()
    stack = [n for n in ADJACENT[SAIGON] if _LOC_OR_CITY[n]]
    while stack:
        n = stack.pop()
        if n in seen or n == SAIGON:
            continue
        seen.add(n)
        p = _pieces(state, n)
        blocks = _n(p, ENEMY_UNITS) if _is_loc(n) else _insurgents(p)
        if not blocks or (ignore_locs and _is_loc(n)):
            stack.extend(m for m in ADJACENT[n] if _LOC_OR_CITY[m])
    return seen


def blocked_cities(state: GameState) -> list[str]:
    """R314: Cities a Patrol from Saigon cannot reach but could if no NVA or VC unit stood on
    a LoC (so blockage by Cities alone, or beyond blocked Cities, does not count)."""
    now = _reach_from_saigon(state, ignore_locs=False)
    without = _reach_from_saigon(state, ignore_locs=True)
    return [c for c in CITIES if c != SAIGON and c not in now and c in without]


class Need(NamedTuple):
    """A Patrol destination still short of cubes (8.7.3)."""

    target: str
    cubes: int
    troop: bool
    police: bool
    bullet: str


def _patrol_arrivals(state: GameState) -> tuple[dict[tuple[str, Piece], int], list[str]]:
    """The cubes that already Patrolled (they may not move again) and the destinations."""
    arrived: dict[tuple[str, Piece], int] = {}
    destinations: list[str] = []
    for m in _moves(_since(state, Choose(PATROL))):
        if m.piece in ARVN_CUBES:
            arrived[(m.destination, m.piece)] = arrived.get((m.destination, m.piece), 0) + m.count
            if m.destination not in destinations:
                destinations.append(m.destination)
    return arrived, destinations


def patrol_supply(
    state: GameState, origin: str, arrived: dict[tuple[str, Piece], int], *, loose: bool
) -> tuple[int, int]:
    """(Troops, Police) that may Patrol out of ``origin`` (8.7.3): not those that arrived;
    none off a LoC held against enemies; from a Province (and a City, unless ``loose``: the
    LoC bullet) not so many as to lose COIN Control, drop below 3 US and ARVN cubes and
    Special Forces, or take the last Troop or the last Police (R315)."""
    p = _pieces(state, origin)
    troops = p[P.ARVN_TROOPS] - arrived.get((origin, P.ARVN_TROOPS), 0)
    police = p[P.ARVN_POLICE] - arrived.get((origin, P.ARVN_POLICE), 0)
    if _is_loc(origin):
        return (0, 0) if _n(p, ENEMY_UNITS) else (troops, police)
    if loose and _is_city(origin):
        return troops, police
    troops = min(troops, p[P.ARVN_TROOPS] - (0 if p[P.US_TROOPS] else 1))
    police = min(police, p[P.ARVN_POLICE] - 1)
    total = _n(p, COIN_UNITS) - 3
    if control_of(origin, p) is Control.COIN:
        total = min(total, _coin_margin(p))
    troops, police = max(0, troops), max(0, police)
    total = max(0, total)
    return min(troops, total), min(police, total)


def _supplies(
    state: GameState, cubes: Sequence[str], arrived: dict[tuple[str, Piece], int], *, loose: bool
) -> dict[str, tuple[int, int]]:
    """The origins among ``cubes`` (the spaces with ARVN cubes, in map order) with cubes that
    may Patrol out (:func:`patrol_supply`), with (Troops, Police)."""
    out = {}
    for origin in cubes:
        supply = patrol_supply(state, origin, arrived, loose=loose)
        if sum(supply):
            out[origin] = supply
    return out


def _sources(
    state: GameState, target: str, exclude: Sequence[str], supplies: dict[str, tuple[int, int]]
) -> dict[str, tuple[int, int]]:
    """The origins among ``supplies`` (:func:`_supplies` for the destination's bullet) whose
    cubes may Patrol to ``target`` (:func:`coinlake.patrol_reach`), with (Troops, Police)."""
    return {
        origin: supply
        for origin, supply in supplies.items()
        if origin != target and origin not in exclude and target in patrol_reach(state, origin)
    }


def patrol_needs(state: GameState) -> list[list[Need]]:
    """8.7.3's destinations in order, equal ones grouped: ① LoCs with NVA or VC Guerrillas,
    nearest Saigon first (Underground Guerrillas first), short of the greater of 3 ARVN cubes
    and twice the enemy units there; ② Cities short of COIN Control, 3 US or ARVN cubes or
    Special Forces, a Troop and a Police (highest Population first)."""
    # They depend on the pieces alone: the questions of one move (from where, to where,
    # which cubes) share them.
    return reuse("arvn-patrol-needs", (state.spaces,), lambda: _patrol_needs(state))


def _patrol_needs(state: GameState) -> list[list[Need]]:
    locs: dict[tuple[int, int], list[Need]] = {}
    for key in LOCS:
        p = _pieces(state, key)
        if not _n(p, ENEMY_GUERRILLAS):
            continue
        short = max(3, 2 * _n(p, ENEMY_UNITS)) - _n(p, ARVN_CUBES)
        if short > 0:
            rank = (FROM_SAIGON[key], -int(_n(p, UNDERGROUND) > 0))
            locs.setdefault(rank, []).append(Need(key, short, False, False, "①"))
    cities: dict[int, list[Need]] = {}
    for key in CITIES:
        p = _pieces(state, key)
        troop = not _n(p, COIN_TROOPS)
        police = not p[P.ARVN_POLICE]
        cubes = max(_to_coin_control(key, p), 3 - _n(p, COIN_UNITS), int(troop) + int(police))
        if cubes > 0:
            cities.setdefault(-SPACE[key].population, []).append(
                Need(key, cubes, troop, police, "②")
            )
    return [locs[k] for k in sorted(locs)] + [cities[k] for k in sorted(cities)]


def patrol_next(
    state: GameState, origins: Sequence[str] | None = None, roller: Roller | None = None
) -> tuple[Need, str, str] | None:
    """The next Patrol move (8.7.3): the first destination still short for which enough
    cubes can come (all for a LoC; for a City enough for COIN Control), and the origin with
    the most cubes able to reach it (not an earlier destination), with why."""
    arrived, destinations = _patrol_arrivals(state)
    cubes = [
        k for k, space in zip(SPACE, state.spaces, strict=True) if _n(space.pieces, ARVN_CUBES)
    ]
    # What each origin may send depends on the bullet (① or ②), not on the destination.
    supplies: dict[str, dict[str, tuple[int, int]]] = {}
    for group in patrol_needs(state):
        usable: list[tuple[Need, dict[str, tuple[int, int]]]] = []
        for need in group:
            if need.bullet not in supplies:
                loose = need.bullet == "①"
                supplies[need.bullet] = _supplies(state, cubes, arrived, loose=loose)
            sources = _sources(state, need.target, destinations, supplies[need.bullet])
            supply = sum(sum(s) for s in sources.values())
            enough = (
                need.cubes
                if need.bullet == "①"
                else _to_coin_control(need.target, _pieces(state, need.target))
            )
            if sources and supply >= enough:
                usable.append((need, sources))
        if origins is not None:
            usable = [(n, {o: s for o, s in src.items() if o in origins}) for n, src in usable]
            usable = [(n, src) for n, src in usable if src]
        if not usable:
            continue
        targets = [n.target for n, _ in usable]
        target = (
            targets[0] if roller is None or len(targets) == 1 else choose_space(targets, roller)
        )
        need, sources = next(u for u in usable if u[0].target == target)
        most = max(sum(s) for s in sources.values())
        best = [o for o, s in sources.items() if sum(s) == most]
        origin = best[0] if roller is None or len(best) == 1 else choose_space(best, roller)
        what = "① a LoC with enemies, nearest Saigon" if need.bullet == "①" else "② a City to hold"
        return need, origin, what
    return None


def patrol_possible(state: GameState, free: bool = False) -> bool:
    """8.7.3: a Patrol that moves cubes to a destination it wants, or that can Assault on a
    LoC where ARVN cubes already are."""
    if not _affords(state, free):
        return False
    if patrol_next(state) is not None:
        return True
    return any(_is_loc(k) and _assault(state, k) is not None for k in SPACE)


def patrol(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.3 Patrol's questions: from where, to where and which cubes (Police first, then
    Troops, as many as the destination lacks); then the free Assault on the LoC with the most
    enemies to remove."""
    options = decision.options
    if decision.kind is Kind.MOVE_PIECES:
        return _patrol_cubes(state, decision, roller)
    if decision.kind is not Kind.SELECT_SPACE:
        return None
    spaces = _selects(options)
    if decision.context.procedure == PATROL_ASSAULT:
        scored = {k: r.removed for k in spaces if (r := _assault(state, k)) is not None}
        if scored:
            top = max(scored.values())
            space = choose_space([k for k, v in scored.items() if v == top], roller)
            return _choice(
                Select(space),
                roller,
                "8.7.3",
                f"free Assault removing the most enemies: {SPACE[space].name}",
            )
        return _choice(DONE, roller, "8.7.3", "no enemy to remove on a LoC")
    if DONE not in options:  # to where: the origin question alone offers done (3.2.2)
        origin = next(a.space for a in reversed(_answers(state)) if isinstance(a, Select))
        found = patrol_next(state, [origin], roller)
        if found is not None and found[0].target in spaces:
            target = found[0].target
            return _choice(Select(target), roller, "8.7.3", f"{found[2]}: {SPACE[target].name}")
        return _any_space(decision, roller, "a Patrol destination")
    found = patrol_next(state, spaces, roller)
    if found is not None:
        need, origin, what = found
        return _choice(
            Select(origin),
            roller,
            "8.7.3",
            f"{what}: {SPACE[need.target].name}, cubes from {SPACE[origin].name}",
        )
    if DONE in options:
        raided = not _free(decision) and raid_first_note(state) is not None
        if raided and not _moves(_since(state, Choose(PATROL))):
            return _choice(DONE, roller, "8.7.3", "IF NONE after a Raid: Patrol without moving")
        return _choice(DONE, roller, "8.7.3", "no more Patrol destinations")
    return _any_space(decision, roller, "a Patrol origin")


def _patrol_cubes(state: GameState, decision: Decision, roller: Roller) -> Choice:
    moves = [o for o in decision.options if isinstance(o, Move)]
    origin, dest = moves[0].origin, moves[0].destination
    arrived, _ = _patrol_arrivals(state)
    need = next((n for g in patrol_needs(state) for n in g if n.target == dest), None)
    loose = need is not None and need.bullet == "①"
    troops, police = patrol_supply(state, origin, arrived, loose=loose)
    short = need.cubes if need is not None else 1
    if need is not None and need.troop and troops:
        piece, k = P.ARVN_TROOPS, 1 if police and need.police else min(troops, short)
    elif police:
        piece, k = (
            P.ARVN_POLICE,
            min(police, short - (1 if need is not None and need.troop and troops else 0)),
        )
    else:
        piece, k = P.ARVN_TROOPS, min(troops, short)
    k = max(1, k)
    fit = [m for m in moves if m.piece is piece] or moves
    move = min(fit, key=lambda m: (abs(m.count - k), m.count))
    return _choice(
        move, roller, "8.7.3", f"Police first, then Troops: {move.count} {move.piece.token}"
    )


# == 8.7.4 Assault =================================================================================
def assault_wanted(state: GameState, free: bool = False) -> bool:
    """8.7.4's conditions, for an ARVN Assault without Transport or Raid: it would add COIN
    Control or remove NVA Control somewhere, or remove an NVA Troop, or remove pieces where an
    NVA or VC Base has no Underground Guerrillas. (The fourth, a Sweep that could not occur, is
    :func:`operation_for`'s IF NONE arrow.)"""
    if not _affords(state, free):
        return False
    return any(_assault_wanted_in(state, key) for key in SPACE)


def _assault_wanted_in(state: GameState, key: str) -> str | None:
    """Which of 8.7.4's first three conditions an ARVN Assault in ``key`` meets, if any."""
    result = _assault(state, key)
    if result is None:
        return None
    p = _pieces(state, key)
    if any(_control_change(key, p, result.after)):
        return "it changes Control"
    if result.nva_troops:
        return "it removes NVA Troops"
    if result.removed and _n(p, ENEMY_BASES) and not _n(p, UNDERGROUND):
        return "it removes pieces at a Base without Underground Guerrillas"
    return None


def sweep_or_assault(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.4.4 (OP EXAMPLE): an Event's free "Sweep in place or Assault" in one space (card
    92 SEALORDS): Assault where 8.7.4's conditions hold in that space, else Sweep (ruling
    R362)."""
    key = decision.context.space
    if key is None:
        return None
    reason = _assault_wanted_in(state, key)
    if reason is not None:
        return _choice(Choose("assault"), roller, "8.7.4", f"8.4.4: Assault in {key}: {reason}")
    return _choice(
        Choose("sweep"), roller, "8.7.4", f"8.4.4: no Assault condition in {key}: Sweep in place"
    )


def assault_possible(state: GameState, free: bool = False) -> bool:
    """8.7.4: a space meets one of the Assault priorities."""
    return _affords(state, free) and any(assault_rank(state, k)[0] for k in SPACE)


def assault(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.4 Assault's spaces, up to 3, by its priorities (:data:`ASSAULT_PRIORITIES`)."""
    if decision.kind is not Kind.SELECT_SPACE:
        return None
    options = decision.options
    spaces = _selects(options)
    if len(decision.context.done) < 3:
        found = _pick(state, spaces, ASSAULT_PRIORITIES, roller)
        if found is not None:
            return _choice(Select(found[0]), roller, "8.7.4", found[1])
    if DONE in options:
        return _choice(DONE, roller, "8.7.4", "no more Assault spaces")
    scored = {k: r.removed for k in spaces if (r := _assault(state, k)) is not None}
    best = [k for k in spaces if scored.get(k, 0) == max(scored.values(), default=0)] or spaces
    space = choose_space(best, roller)
    return _choice(
        Select(space), roller, "8.1.1", f"an Assault space is required: {SPACE[space].name}"
    )


def _in_one(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """A single space a lasting effect lets ARVN act in (Armored Cavalry's Assault, Cobras'
    removal; 5.3): by the 8.7.4 Assault priorities, else the most enemies."""
    spaces = _selects(decision.options)
    found = _pick(state, spaces, ASSAULT_PRIORITIES, roller)
    if found is not None:
        return _choice(Select(found[0]), roller, "8.7.4", found[1])
    enemies = {k: _insurgents(_pieces(state, k)) for k in spaces}
    if enemies and max(enemies.values()):
        top = max(enemies.values())
        space = choose_space([k for k in spaces if enemies[k] == top], roller)
        return _choice(Select(space), roller, "8.1.1", f"the most enemies: {SPACE[space].name}")
    if DONE in decision.options:
        return _choice(DONE, roller, "8.1.1", "nothing to remove")
    return _any_space(decision, roller, "a space")


# -- 8.7.4 RAID -----------------------------------------------------------------------------------
class RaidPreview(NamedTuple):
    """What a Raid into a space would do (4.3.3, 8.7.4)."""

    removed: int
    base: bool
    control: int
    underground: int


def _ranger_spare(state: GameState, key: str, underground: bool) -> int:
    """Rangers that may leave ``key`` for a Raid without removing its COIN Control."""
    p = _pieces(state, key)
    n = p[P.ARVN_RANGER_UNDERGROUND] if underground else _n(p, RANGERS)
    if control_of(key, p) is Control.COIN:
        n = min(n, _coin_margin(p))
    return n


def _strike(key: str, p: Counts) -> tuple[Counts, int, bool, int]:
    """An Underground Ranger's 2 removals (4.3.3): enemy units first -- Underground before
    Active, then NVA Troops, VC first but NVA first where NVA Control (R316) -- then
    untunneled Bases once no unit is left."""
    q = list(p)
    first = nva_first(key, p)
    order = sorted(ENEMY_GUERRILLAS, key=lambda x: (x.active, (x.faction is VC) == first))
    n, removed, hidden, base = 2, 0, 0, False
    for piece in (*order, P.NVA_TROOPS):
        k = min(n, q[piece])
        q[piece] -= k
        n, removed = n - k, removed + k
        hidden += k if piece in UNDERGROUND else 0
    if n and not _n(tuple(q), ENEMY_UNITS):
        for piece in (P.NVA_BASE, P.VC_BASE) if first else (P.VC_BASE, P.NVA_BASE):
            k = min(n, q[piece])
            q[piece] -= k
            n, removed, base = n - k, removed + k, base or k > 0
    return tuple(q), removed, base, hidden


def raid_preview(state: GameState, key: str) -> RaidPreview | None:
    """8.7.4 RAID in ``key``: with an Underground Ranger there or 1 moved in from next door
    (without removing COIN Control there), the 2 removals, and the Control it changes with
    as many more Rangers as that takes from next door (R317: Control counted in changes, not
    Population); ``None`` if it removes nothing."""
    if key in _NORTH:
        return None
    p = _pieces(state, key)
    moved = 0
    near = [o for o in ADJACENT[key] if o not in _NORTH]
    if not p[P.ARVN_RANGER_UNDERGROUND]:
        if not any(_ranger_spare(state, o, True) for o in near):
            return None
        p, moved = _with(p, P.ARVN_RANGER_UNDERGROUND, 1), 1
    after, removed, base, hidden = _strike(key, p)
    if not removed:
        return None
    more = sum(_ranger_spare(state, o, False) for o in near) - moved
    extra = _to_coin_control(key, after)
    if extra > more:
        extra = 0
    gained = _with(after, P.ARVN_RANGER_ACTIVE, extra)
    control = sum(_control_change(key, _pieces(state, key), gained))
    return RaidPreview(removed, base, control, hidden)


def _raid_test(what: Callable[[RaidPreview], float]) -> Test:
    def test(state: GameState, key: str) -> bool:
        preview = raid_preview(state, key)
        return preview is not None and what(preview) > 0

    return test


def _raid_score(what: Callable[[RaidPreview], float]) -> Score:
    def score(state: GameState, key: str) -> float:
        preview = raid_preview(state, key)
        return what(preview) if preview is not None else 0

    return score


RAID_PRIORITIES = (
    Priority("8.7.4", "RAID ① remove a Base", _raid_test(lambda r: r.base)),
    Priority(
        "8.7.4",
        "RAID ② remove NVA Control and add COIN Control",
        _raid_test(lambda r: r.control),
        (_raid_score(lambda r: r.control),),
    ),
    Priority(
        "8.7.4",
        "RAID ③ remove the most Underground Guerrillas",
        _raid_test(lambda r: r.underground),
        (_raid_score(lambda r: r.underground),),
    ),
    Priority("8.7.4", "RAID ④ remove an enemy piece", _raid_test(lambda r: r.removed)),
)


def raid_possible(state: GameState) -> bool:
    """8.7.4 RAID: some space where a Raid would remove at least 1 enemy piece."""
    return any(raid_preview(state, k) is not None for k in SPACE)


def raid(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.4 RAID's questions: up to 2 spaces by its priorities; Rangers moved in (1, or as
    many as add COIN Control); the strike."""
    options = decision.options
    if decision.kind is Kind.SELECT_SPACE:
        plan = None if _free(decision) else raid_first_note(state)
        if plan is not None:  # planned with the Operation (R325)
            left = [k for k in plan if k not in decision.context.done]
            if left and Select(left[0]) in options:
                return _choice(
                    Select(left[0]), roller, "8.7.4", f"RAID as planned: {SPACE[left[0]].name}"
                )
            if DONE in options:
                return _choice(DONE, roller, "8.7.4", "RAID: the planned spaces are done")
        found = _pick(state, _selects(options), RAID_PRIORITIES, roller)
        if found is not None:
            return _choice(Select(found[0]), roller, "8.7.4", found[1])
        if DONE in options:
            return _choice(DONE, roller, "8.7.4", "RAID: nothing more to remove")
        return None
    if decision.kind is not Kind.MOVE_PIECES:
        return None
    key = decision.context.space
    moves = [o for o in options if isinstance(o, Move) and o.count == 1]
    if key is None or not moves:
        return _choice(DONE, roller, "8.7.4", "no Ranger moves in") if DONE in options else None
    p = _pieces(state, key)
    spare = {m: _ranger_spare(state, m.origin, m.piece.underground) for m in moves}
    moves = [m for m in moves if spare[m] > 0]
    after = _strike(key, p)[0] if p[P.ARVN_RANGER_UNDERGROUND] else p
    wanted = None
    if not p[P.ARVN_RANGER_UNDERGROUND]:
        wanted = [m for m in moves if m.piece.underground]
        why = "1 Underground Ranger moves in"
    else:
        extra = _to_coin_control(key, after)
        supply = sum(_ranger_spare(state, o, False) for o in ADJACENT[key] if o not in _NORTH)
        if 0 < extra <= supply:
            wanted = moves
            why = "another Ranger, to add COIN Control"
    if wanted:
        most = max(spare[m] for m in wanted)
        move = next(m for m in wanted if spare[m] == most)
        return _choice(move, roller, "8.7.4", f"RAID: {why}, from {SPACE[move.origin].name}")
    if DONE in options:
        return _choice(DONE, roller, "8.7.4", "RAID: no more Rangers move in")
    return None


# -- RAID first: the Operation chosen as after the Raid (R325) ----------------------------------
RAID_FIRST = "raid-first."
"""The agent note of a Raid planned before the Operation, its spaces after it in order,
'.'-separated (R325)."""


def raid_first_note(state: GameState) -> tuple[str, ...] | None:
    """The spaces of the Raid planned on this card before its Operation (R325), or ``None``."""
    for faction, note, card in state.agent_notes:
        if faction is ARVN and note.startswith(RAID_FIRST) and card == state.current_card:
            return tuple(k for k in note.removeprefix(RAID_FIRST).split(".") if k)
    return None


def _with_pieces(state: GameState, changed: dict[str, Counts]) -> GameState:
    """``state`` with the pieces of some spaces replaced (a position looked ahead to)."""
    spaces = list(state.spaces)
    for key, p in changed.items():
        spaces[INDEX[key]] = attrs.evolve(spaces[INDEX[key]], pieces=p)
    return attrs.evolve(state, spaces=tuple(spaces))


def _spare_in(key: str, p: Counts, underground: bool) -> int:
    """:func:`_ranger_spare` for the pieces ``p`` of ``key``."""
    n = p[P.ARVN_RANGER_UNDERGROUND] if underground else _n(p, RANGERS)
    return min(n, _coin_margin(p)) if control_of(key, p) is Control.COIN else n


def raid_into(state: GameState, key: str) -> GameState:
    """The position after the flowchart's Raid in ``key`` (:func:`raid`): 1 Underground Ranger
    moved in if none is there, then 1 at a time as many as add COIN Control once the strike
    is over (each from the neighbour with the most to spare, the first in map order), then
    the strike's 2 removals (:func:`_strike`, the Ranger flipped Active)."""
    near = sorted((o for o in ADJACENT[key] if o not in _NORTH), key=INDEX.__getitem__)
    p = {k: _pieces(state, k) for k in (key, *near)}

    def spare(found: tuple[str, Piece]) -> int:
        return _spare_in(found[0], p[found[0]], found[1] is P.ARVN_RANGER_UNDERGROUND)

    def bring(underground: bool) -> bool:
        kinds = RANGERS[:1] if underground else RANGERS
        found = [(o, x) for o in near for x in kinds if p[o][x] and spare((o, x))]
        if not found:
            return False
        o, piece = max(found, key=spare)
        p[o], p[key] = _with(p[o], piece, -1), _with(p[key], piece, 1)
        return True

    if not p[key][P.ARVN_RANGER_UNDERGROUND] and not bring(True):
        return state
    while True:
        extra = _to_coin_control(key, _strike(key, p[key])[0])
        supply = sum(_spare_in(o, p[o], False) for o in near)
        if not 0 < extra <= supply or not bring(False):
            break
    after = _strike(key, p[key])[0]
    p[key] = _with(_with(after, P.ARVN_RANGER_UNDERGROUND, -1), P.ARVN_RANGER_ACTIVE, 1)
    return _with_pieces(state, p)


def raid_plan(state: GameState, roller: Roller) -> tuple[list[tuple[str, str]], GameState]:
    """8.7.4 RAID worked out before the Operation (R325): up to 2 spaces (1 under Typhoon
    Kate, 4.3.3) by :data:`RAID_PRIORITIES`, each judged after the one before; returns them
    with the priority that chose each, and the position after the Raid."""
    spaces: list[tuple[str, str]] = []
    for _ in range(1 if TYPHOON_KATE in state.momentum else 2):
        candidates = [k for k in SPACE if k not in dict(spaces) and k not in _NORTH]
        found = _pick(state, candidates, RAID_PRIORITIES, roller)
        if found is None:
            break
        spaces.append(found)
        state = raid_into(state, found[0])
    return spaces, state


def after_raid(state: GameState, op: str, offered: Sequence[str]) -> tuple[str, str, str]:
    """The Operation the flowchart reaches once its Raid is over (8.7.4, 8.7.5): a Sweep if
    one was wanted and is still possible, else an Assault, else a Patrol (8.7.4 IF NONE),
    else a Patrol paid for without moving any pieces (8.7.3 IF NONE: a Raid was executed)."""
    if op == SWEEP and SWEEP in offered and sweep_possible(state):
        return SWEEP, "8.7.5", "RAID first, then Sweep"
    if ASSAULT in offered and assault_possible(state):
        if op == SWEEP:
            return ASSAULT, "8.7.5", "RAID first, then no Sweep possible (IF NONE): Assault"
        return ASSAULT, "8.7.4", "RAID first, then Assault"
    if PATROL in offered and patrol_possible(state):
        return PATROL, "8.7.4", "RAID first, then no Assault possible (IF NONE): Patrol"
    return PATROL, "8.7.3", "RAID first, then no Patrol possible (IF NONE): Patrol without moving"


# == 8.7.5 Sweep ===================================================================================
def _sweep_arrived(state: GameState) -> dict[str, int]:
    arrived: dict[str, int] = {}
    for m in _moves(_since(state, Choose(SWEEP))):
        if m.piece is P.ARVN_TROOPS:
            arrived[m.destination] = arrived.get(m.destination, 0) + m.count
    return arrived


def sweep_spare(state: GameState, origin: str, arrived: dict[str, int] | None = None) -> int:
    """8.7.5: ARVN Troops that may Sweep out of ``origin`` without leaving fewer than 3 US and
    ARVN cubes and Special Forces or losing COIN Control."""
    return _troops_to_spare(origin, _pieces(state, origin), (arrived or {}).get(origin, 0))


def _sweep_supply(state: GameState, key: str, arrived: dict[str, int] | None = None) -> int:
    return sum(sweep_spare(state, o, arrived) for o in sweep_origins(state, key) if o not in _NORTH)


def _hidden_where_arvn(state: GameState, key: str) -> bool:
    p = _pieces(state, key)
    return bool(_n(p, UNDERGROUND) and (_n(p, ARVN_CUBES) or _n(p, RANGERS)))


def _sweep_control(state: GameState, key: str) -> bool:
    p = _pieces(state, key)
    short = _to_coin_control(key, p)
    return bool(
        SPACE[key].population
        and short
        and short <= _sweep_supply(state, key, _sweep_arrived(state))
    )


def _at_support(state: GameState, key: str) -> float:
    return float(state.space(key).support > Support.NEUTRAL)


def _hidden_vc(state: GameState, key: str) -> float:
    return float(_pieces(state, key)[P.VC_GUERRILLA_UNDERGROUND] > 0)


def _any_base(state: GameState, key: str) -> float:
    return float(state.space(key).bases() > 0)


SWEEP_PRIORITIES = (
    Priority(
        "8.7.5",
        "① Underground Guerrillas where ARVN are (Support, VC, Population first)",
        _hidden_where_arvn,
        (_at_support, _hidden_vc, population),
    ),
    Priority(
        "8.7.5",
        "② Troops add COIN-Controlled Population (Bases first)",
        _sweep_control,
        (_any_base, population),
    ),
)


def sweep_possible(state: GameState, free: bool = False) -> bool:
    """8.7.5: not in Monsoon, and a space meets a Sweep priority."""
    return (
        _affords(state, free)
        and not _monsoon(state)
        and any(p.test(state, k) for p in SWEEP_PRIORITIES for k in PROVINCES_AND_CITIES)
    )


def sweep(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.5 Sweep's questions, answered from its plan (:func:`sweep_plan`, R318): the
    planned spaces in order, the Troops planned into each, Transport to them if no Raid was
    made, then done. The plan is made at the first space question (its spaces kept as the
    agent note ``sweep-plan.<spaces>``); each later question works the Troop moves out again
    from the position when the Sweep began."""
    options = decision.options
    if decision.kind is Kind.MOVE_PIECES:
        return _sweep_troops(state, decision, roller)
    if decision.kind is not Kind.SELECT_SPACE:
        return None
    done = decision.context.done
    left = 3 if decision.context.left is None else min(3, decision.context.left)
    if not done:
        spaces = sweep_plan(state, _free(decision), left, roller)
        if spaces and Select(spaces[0]) in options:
            note = SWEEP_PLAN + ".".join(spaces)
            reason = f"the Sweep's plan: {', '.join(SPACE[k].name for k in spaces)}"
            return Choice(
                Select(spaces[0]), coinlake.Why("8.7.5", reason, tuple(roller.rolls), note=note)
            )
    else:
        planned = noted_spaces(state, ARVN, SWEEP_PLAN) or ()
        following = [k for k in planned if k not in done]
        if following and Select(following[0]) in options:
            return _choice(
                Select(following[0]), roller, "8.7.5", f"as planned: {SPACE[following[0]].name}"
            )
    no_raid = RAID not in _since(state, Choose(SWEEP))
    if TRANSPORT in options and no_raid and transport_plan(state, SWEEP, done) is not None:
        return _choice(TRANSPORT, roller, "8.7.5", "no Raid: Transport to the Sweep spaces")
    if DONE in options:
        return _choice(DONE, roller, "8.7.5", "no more Sweep spaces")
    return _any_space(decision, roller, "a Sweep space")


def _sweep_troops(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.5: the Troops the plan moves into the space being worked (:func:`sweep_moves`),
    less those already moved in; done once they are in."""
    key = decision.context.space
    moves = [o for o in decision.options if isinstance(o, Move)]
    planned = noted_spaces(state, ARVN, SWEEP_PLAN)
    if key is not None and moves and planned is not None:
        made = [
            m
            for m in _sweep_made(state, decision.context.done)
            if m.destination == key and m.piece is P.ARVN_TROOPS
        ]
        start = _sweep_start(state, decision.context.done)
        for origin, n, why in still_to_move(sweep_moves(start, planned), key, made):
            fit = [m for m in moves if m.origin == origin and m.count <= n]
            if n > 0 and fit:
                move = max(fit, key=lambda m: m.count)
                return _choice(
                    move, roller, "8.7.5", f"{move.count} Troops from {SPACE[origin].name} {why}"
                )
    if DONE in decision.options:
        return _choice(DONE, roller, "8.7.5", "the planned Troops have moved in")
    return None


# -- the Sweep's plan (R318) ---------------------------------------------------------------------
SWEEP_PLAN = "sweep-plan."
"""The agent note of the Sweep's plan: its spaces in order, '.'-separated (R318)."""


def _sweep_made(state: GameState, done: Sequence[str]) -> list[Move]:
    """The Sweep's own Troop moves so far: into its spaces, before any Transport."""
    answers = _since(state, Choose(SWEEP))
    if TRANSPORT in answers:
        answers = answers[: answers.index(TRANSPORT)]
    return [
        m
        for m in _moves(answers)
        if m.destination in done and m.piece is P.ARVN_TROOPS and m.origin in SPACE
    ]


def _sweep_start(state: GameState, done: Sequence[str]) -> GameState:
    """The position when the Sweep began: its Troop moves so far taken back."""
    p: dict[str, Counts] = {}
    for m in _sweep_made(state, done):
        for key, k in ((m.origin, m.count), (m.destination, -m.count)):
            p[key] = _with(p.get(key, _pieces(state, key)), P.ARVN_TROOPS, k)
    return _with_pieces(state, p) if p else state


def _troops_to_spare(key: str, p: Counts, arrived: int = 0) -> int:
    """8.7.5: ARVN Troops (not those that just arrived) that may Sweep out of ``key`` with
    the pieces ``p``, keeping 3 US and ARVN cubes and Special Forces and COIN Control."""
    n = min(p[P.ARVN_TROOPS] - arrived, _n(p, COIN_UNITS) - 3)
    if control_of(key, p) is Control.COIN:
        n = min(n, _coin_margin(p))
    return max(0, n)


def _activation_need(key: str, p: Counts) -> int:
    """ARVN units a Sweep space still lacks to Activate all its Underground Guerrillas
    (3.2.3: 1 per unit, 1 per 2 in Jungle)."""
    return max(0, _n(p, UNDERGROUND) * (2 if _terrain(key) == "jungle" else 1) - _sweep_force(p))


def _sweep_force(p: Counts) -> int:
    return _n(p, ARVN_CUBES) + _n(p, RANGERS)


def sweep_moves(start: GameState, spaces: Sequence[str]) -> list[tuple[str, str, int, str]]:
    """8.7.5's Troop movement for the Sweep ``spaces`` from the position ``start`` (R318):
    (origin, destination, Troops, why), in order. First into the spaces with Underground
    Guerrillas where ARVN are, in their order, as many as Activate the most; then as many
    as add COIN Control, first in those spaces, then in the others (Bases first, then
    Population). Troops come from the spaces with the most to spare (the first in map
    order), never from a Sweep space, keeping 3 cubes and Special Forces and COIN Control."""
    p = {k: _pieces(start, k) for k in SPACE}
    arrived: dict[str, int] = {}
    out: list[tuple[str, str, int, str]] = []

    def origins(dest: str) -> list[str]:
        near = [o for o in sweep_origins(start, dest) if o not in _NORTH and o not in spaces]
        return sorted(near, key=INDEX.__getitem__)

    def supply(dest: str) -> int:
        return sum(_troops_to_spare(o, p[o], arrived.get(o, 0)) for o in origins(dest))

    def bring(dest: str, need: int, why: str) -> None:
        while need > 0:
            spare = {o: _troops_to_spare(o, p[o], arrived.get(o, 0)) for o in origins(dest)}
            most = max(spare.values(), default=0)
            if most <= 0:
                return
            origin = next(o for o, n in spare.items() if n == most)
            k = min(need, most)
            p[origin], p[dest] = (
                _with(p[origin], P.ARVN_TROOPS, -k),
                _with(p[dest], P.ARVN_TROOPS, k),
            )
            arrived[dest] = arrived.get(dest, 0) + k
            out.append((origin, dest, k, why))
            need -= k

    first = [k for k in spaces if _hidden_where_arvn(start, k)]
    for dest in first:
        bring(dest, _activation_need(dest, p[dest]), "to Activate Underground Guerrillas")
    rest = [k for k in spaces if k not in first]
    by_base = sorted(first, key=lambda k: (-_bases(p[k]), -_pop(k)))
    for dest in (*by_base, *rest):
        short = _to_coin_control(dest, p[dest])
        if _pop(dest) and 0 < short <= supply(dest):
            bring(dest, short, "to add COIN Control")
    return out


def _bases(p: Counts) -> int:
    return _n(p, ENEMY_BASES) + _n(p, COIN_BASES)


def _pop(key: str) -> int:
    return SPACE[key].population


def sweep_plan(state: GameState, free: bool, most: int, roller: Roller) -> tuple[str, ...]:
    """8.7.5's Sweep spaces, planned when the Sweep begins (R318): up to 3 (as many as the
    ARVN can pay for, 3 each unless free): first those with Underground Guerrillas where
    ARVN are (Support, VC, Population first); then spaces where the Troops left to move
    would add COIN Control, Bases first, then Population."""
    if not free:
        most = min(most, state.resources(ARVN) // COST)
    spaces: list[str] = []
    while len(spaces) < most:
        found = pick(
            state,
            [k for k in PROVINCES_AND_CITIES if k not in spaces],
            SWEEP_PRIORITIES[:1],
            roller,
        )
        if found is None:
            break
        spaces.append(found[0])
    while len(spaces) < most:
        moved = sweep_moves(state, spaces)
        after = _with_pieces(state, _moved(state, moved))
        second = Priority(
            "8.7.5",
            "② add COIN-Controlled Population (Bases first)",
            _gain_test(state, spaces, moved),
            (_any_base, population),
        )
        candidates = [k for k in PROVINCES_AND_CITIES if k not in spaces]
        found = pick(after, candidates, (second,), roller)
        if found is None:
            break
        spaces.append(found[0])
    return tuple(spaces)


def _moved(state: GameState, moves: Sequence[tuple[str, str, int, str]]) -> dict[str, Counts]:
    p: dict[str, Counts] = {}
    for origin, dest, k, _ in moves:
        p[origin] = _with(p.get(origin, _pieces(state, origin)), P.ARVN_TROOPS, -k)
        p[dest] = _with(p.get(dest, _pieces(state, dest)), P.ARVN_TROOPS, k)
    return p


def _gain_test(
    start: GameState, spaces: Sequence[str], moved: Sequence[tuple[str, str, int, str]]
) -> Test:
    """Whether the Troops still free to move after ``moved`` could add COIN Control to a
    Population space not yet selected (tested on the position after ``moved``)."""
    arrived: dict[str, int] = {}
    for _, dest, k, _ in moved:
        arrived[dest] = arrived.get(dest, 0) + k

    def test(after: GameState, key: str) -> bool:
        short = _to_coin_control(key, _pieces(after, key))
        if not _pop(key) or not short:
            return False
        near = [o for o in sweep_origins(start, key) if o not in _NORTH and o not in spaces]
        spare = sum(_troops_to_spare(o, _pieces(after, o), arrived.get(o, 0)) for o in near)
        return short <= spare

    return test


# == 8.7.6 Pacify ==================================================================================
def pacify(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.6 in the Support Phase (6.3.1; the text's 6.3.2 is errata 9, R323): spaces where a
    step is allowed, without Terror first, then with Opposition, then the greatest shift;
    each as far as allowed."""
    cost = pacification_cost(state, support_phase=True)
    shifted = dict(state.coup_step.levels)

    def levels(key: str) -> int:
        return 2 - shifted.get(key, 0)

    options = decision.options
    if decision.kind is Kind.SELECT_SPACE:
        found = _pick(state, _selects(options), pacify_priorities(cost, levels, False), roller)
        if found is not None:
            return _choice(Select(found[0]), roller, "8.7.6", found[1])
        if DONE in options:
            return _choice(DONE, roller, "8.7.6", "nowhere 8.7.6 lets ARVN Pacify")
        return None
    if decision.kind is Kind.HOW_MANY:
        return pacify_extent(state, decision, roller, support_phase=True)
    if decision.kind is not Kind.CHOOSE_MODE or decision.context.space is None:
        return None
    key = decision.context.space
    shifts = pacify_steps(state, key, cost=cost, levels=levels(key))[1]
    level = Support(int(state.space(key).support) + shifts)
    word = Choose(level.name.lower().replace("_", "-")) if shifts else Choose("remove-terror")
    if word not in options:
        word = next(o for o in options if isinstance(o, Choose))
    return _choice(word, roller, "8.7.6", f"Pacify {SPACE[key].name}: {word.option}")


# == 8.7.7 Redeploy ================================================================================
def _arrived_here(state: GameState, piece: Piece) -> dict[str, int]:
    out: dict[str, int] = {}
    for key, p, n in state.coup_step.arrived:
        if p is piece:
            out[key] = out.get(key, 0) + n
    return out


def _must_leave(state: GameState, key: str) -> bool:
    """6.4.2: ARVN Troops leave LoCs and Provinces without a US or ARVN Base."""
    return _is_loc(key) or (_is_province(key) and not _n(_pieces(state, key), COIN_BASES))


def _troop_destinations(state: GameState) -> list[str]:
    """6.4.2: Cities without NVA Control (when the phase began), US or ARVN Bases, Saigon."""
    nva = set(state.coup_step.nva)
    return [
        k
        for k, space in zip(SPACE, state.spaces, strict=True)
        if k == SAIGON or (k in _CITIES and k not in nva) or _n(space.pieces, COIN_BASES)
    ]


def _police_destinations(state: GameState) -> list[str]:
    """6.4.2: any LoC, or a South Vietnam space COIN-Controlled when the phase began."""
    coin = set(state.coup_step.coin)
    return [k for k in SPACE if k in _LOCS or (k in coin and SPACE[k].in_south)]


def _cubes(p: Counts) -> int:
    return p[P.US_TROOPS] + _n(p, ARVN_CUBES)


def _troop_sources(state: GameState) -> list[tuple[str, int, bool]]:
    """(space, Troops that must or may move, must) -- those that must first (most Troops),
    then those beyond what keeps COIN Control and 3 cubes in a City (8.7.7)."""
    arrived = _arrived_here(state, P.ARVN_TROOPS)
    must, may = [], []
    for key, space in zip(SPACE, state.spaces, strict=True):
        p = space.pieces
        n = p[P.ARVN_TROOPS] - arrived.get(key, 0)
        if n <= 0:
            continue
        if _must_leave(state, key):
            must.append((key, n, True))
        elif control_of(key, p) is Control.COIN:
            spare = min(n, _coin_margin(p), _cubes(p) - 3 if _is_city(key) else n)
            if spare > 0:
                may.append((key, spare, False))
    must.sort(key=lambda s: -s[1])
    may.sort(key=lambda s: -s[1])
    return must + may


def _police_sources(state: GameState) -> list[tuple[str, int, bool]]:
    """8.7.7: Police on LoCs with NVA or VC units, then from the spaces with the most Police
    (keeping the last Police, 3 COIN cubes and COIN Control)."""
    arrived = _arrived_here(state, P.ARVN_POLICE)
    locs, others = [], []
    for key, space in zip(SPACE, state.spaces, strict=True):
        p = space.pieces
        n = p[P.ARVN_POLICE] - arrived.get(key, 0)
        if n <= 0:
            continue
        if _is_loc(key):
            if _n(p, ENEMY_UNITS):
                locs.append((key, n, True))
        else:
            spare = min(n, p[P.ARVN_POLICE] - 1, _cubes(p) - 3)
            if control_of(key, p) is Control.COIN:
                spare = min(spare, _coin_margin(p))
            if spare > 0:
                others.append((key, spare, False))
    others.sort(key=lambda s: -s[1])
    return locs + others


def _troop_targets(state: GameState) -> Iterator[tuple[str, int, str]]:
    """8.7.7's Troop destinations in order (space, Troops wanted, why): COIN Control added or
    (at a Base or Saigon) NVA Control removed, fewest Troops first (R320); then Cities
    without NVA Control short of 3 COIN cubes."""
    dests = _troop_destinations(state)
    out = []
    for key in dests:
        p = _pieces(state, key)
        wanted = [_to_coin_control(key, p)] if control_of(key, p) is not Control.COIN else []
        if control_of(key, p) is Control.NVA and (key == SAIGON or _n(p, COIN_BASES)):
            wanted.append(_n(p, NVA_PIECES) - _n(p, VC_PIECES) - _n(p, COIN_PIECES))
        wanted = [w for w in wanted if w > 0]
        if wanted and not _is_loc(key):
            out.append((key, min(wanted), "to add COIN Control or remove NVA Control"))
    out.sort(key=lambda t: (t[1], -SPACE[t[0]].population))
    yield from out
    for key in dests:
        p = _pieces(state, key)
        if _is_city(key) and control_of(key, p) is not Control.NVA and _cubes(p) < 3:
            yield key, 3 - _cubes(p), "3 COIN cubes in a City"


def _police_targets(state: GameState) -> Iterator[tuple[str, int, str]]:
    """8.7.7's Police destinations in order: exactly 3 onto Route 13/14 if free of NVA and VC
    units; COIN Control back where Troops left; 1 Police in each COIN-Controlled Province;
    1 Police in each City without NVA Control."""
    legal = _police_destinations(state)
    road = _pieces(state, ROUTE_13_14)
    moved = _arrived_here(state, P.ARVN_POLICE).get(ROUTE_13_14, 0)
    if not _n(road, ENEMY_UNITS) and moved < 3:
        yield ROUTE_13_14, 3 - moved, "exactly 3 Police onto Route 13/14"
    for key in state.coup_step.coin:
        p = _pieces(state, key)
        if key in legal and control_of(key, p) is not Control.COIN:
            yield key, _to_coin_control(key, p), "COIN Control where Troops left"
    for key in legal:
        p = _pieces(state, key)
        if _is_province(key) and control_of(key, p) is Control.COIN and not p[P.ARVN_POLICE]:
            yield key, 1, "a Police in each COIN-Controlled Province"
    for key in legal:
        p = _pieces(state, key)
        if _is_city(key) and control_of(key, p) is not Control.NVA and not p[P.ARVN_POLICE]:
            yield key, 1, "a Police in each City"


def _redeploy_note(state: GameState) -> str | None:
    for faction, note, card in state.agent_notes:
        if faction is ARVN and note.startswith("redeploy-") and card == state.current_card:
            return note.removeprefix("redeploy-")
    return None


def redeploy_next(
    state: GameState, police: bool, origins: Sequence[str] | None = None
) -> tuple[str, str, int, str] | None:
    """8.7.7: the next Redeploy move (origin, destination, how many, why) -- the first
    destination some movable piece can serve, from the first source (Troops that must move,
    then those to spare; Police from contested LoCs, then the most Police); ``None`` once
    only the Troops that must still move are left (sent to 1 random space)."""
    # The sources and destinations depend on the pieces and the Coup Round's record alone:
    # the questions of one move (from where, to where, how many) share them.
    key = (state.spaces, state.coup_step, police)
    sources: Sequence[tuple[str, int, bool]] = reuse(
        "arvn-redeploy",
        key,
        lambda: tuple(_police_sources(state) if police else _troop_sources(state)),
    )
    if origins is not None:
        sources = [s for s in sources if s[0] in origins]
    if not sources:
        return None
    targets: Sequence[tuple[str, int, str]] = reuse(
        "arvn-redeploy-targets",
        key,
        lambda: tuple(_police_targets(state) if police else _troop_targets(state)),
    )
    for dest, wanted, why in targets:
        for origin, n, _ in sources:
            if origin != dest:
                return origin, dest, min(n, wanted), why
    return None


def redeploy(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.7.7 Redeploy's questions: from where, to where, how many; Troops left over go to 1
    random space, remembered as an agent note (R321)."""
    police = decision.context.within(POLICE_PART)
    options = decision.options
    spaces = _selects(options)
    origin = decision.context.space  # the space being worked once the origin is chosen
    if decision.kind is Kind.SELECT_SPACE and origin is None:
        found = redeploy_next(state, police, spaces)
        if found is not None:
            return _choice(
                Select(found[0]),
                roller,
                "8.7.7",
                f"{found[3]}: from {SPACE[found[0]].name} to {SPACE[found[1]].name}",
            )
        if DONE in options:
            return _choice(DONE, roller, "8.7.7", "nothing more to Redeploy")
        must = [k for k in spaces if _must_leave(state, k)] or spaces
        key = max(must, key=lambda k: _pieces(state, k)[P.ARVN_TROOPS])
        return _choice(Select(key), roller, "8.7.7", f"Troops must leave {SPACE[key].name}")
    if origin is None:
        return None
    found = redeploy_next(state, police, [origin])
    if decision.kind is Kind.SELECT_SPACE:
        if found is not None and found[1] in spaces:
            return _choice(Select(found[1]), roller, "8.7.7", f"{found[3]}: {SPACE[found[1]].name}")
        chosen = _redeploy_note(state)
        if chosen in spaces:
            assert chosen is not None
            return _choice(
                Select(chosen),
                roller,
                "8.7.7",
                f"the 1 random Redeployment space: {SPACE[chosen].name}",
            )
        key = choose_space(spaces, roller)
        why = coinlake.Why(
            "8.7.7",
            f"the 1 random Redeployment space: {SPACE[key].name}",
            tuple(roller.rolls),
            note=f"redeploy-{key}",
        )
        return Choice(Select(key), why)
    moves = [o for o in options if isinstance(o, Move)]
    if not moves:
        return None
    dest = moves[0].destination
    k = found[2] if found is not None and found[1] == dest else max(m.count for m in moves)
    move = min(moves, key=lambda m: (abs(m.count - k), -m.count))
    return _choice(move, roller, "8.7.7", f"{move.count} to {SPACE[dest].name}")


# == pieces (8.1.2) ================================================================================
def enemy_removal(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.1.2 for enemy pieces: Bases, then Guerrillas, then Troops; Underground first; VC
    before NVA -- NVA first where the NVA Control the space (R316)."""
    moves = [o for o in decision.options if isinstance(o, Move)]
    key = moves[0].origin

    def rank(m: Move) -> tuple[int, int, int]:
        kind = {"base": 0, "guerrilla": 1}.get(m.piece.kind.value, 2)
        first = nva_first(key, _pieces(state, key)) if key in SPACE else False
        return (kind, int(m.piece.active), int((m.piece.faction is NVA) != first))

    move = min(moves, key=rank)
    return _choice(move, roller, "8.1.2", f"remove {move.piece.token} (8.1.2 order)")


def own_removal(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.1.2 for ARVN's own pieces: Troops and Police alternately, starting with the type most
    in the space (Troops if even), then Rangers (Active first), Bases last."""
    moves = [o for o in decision.options if isinstance(o, Move)]
    if not moves:
        return None
    gone = _moves(_answers(state))

    def cube_turn(key: str) -> Piece:
        p = _pieces(state, key)
        out = {
            c: sum(m.count for m in gone if m.origin == key and m.piece is c) for c in ARVN_CUBES
        }
        troops, police = (
            p[P.ARVN_TROOPS] + out[P.ARVN_TROOPS],
            p[P.ARVN_POLICE] + out[P.ARVN_POLICE],
        )
        first, second = (
            (P.ARVN_TROOPS, P.ARVN_POLICE) if troops >= police else (P.ARVN_POLICE, P.ARVN_TROOPS)
        )
        turn = first if sum(out.values()) % 2 == 0 else second
        return turn if p[turn] else (second if turn is first else first)

    def rank(m: Move) -> tuple[int, int, int]:
        kind = {"troops": 0, "police": 0, "ranger": 1, "base": 2}.get(m.piece.kind.value, 3)
        later = int(kind == 0 and m.origin in SPACE and m.piece is not cube_turn(m.origin))
        return (kind, later, int(m.piece.underground))

    move = min(moves, key=rank)
    return _choice(move, roller, "8.1.2", f"remove {move.piece.token} (8.1.2 order)")


# == the Sequence of Play's questions ==============================================================
POSSIBLE: dict[str, Callable[[GameState, bool], bool]] = {
    TRAIN: train_possible,
    PATROL: patrol_possible,
    SWEEP: sweep_possible,
    ASSAULT: assault_possible,
}


def choose_operation(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """3.0 and 8.4.4: the Operation :func:`operation_for` reaches among those offered."""
    options = decision.options
    offered = [o.option for o in options if isinstance(o, Choose)]
    free = decision.rule == "5.5" or _free(decision)
    found = operation_for(state, free=free, allowed=offered)
    if (
        found is not None
        and found[0] in (ASSAULT, SWEEP)
        and not free
        and OP_SA in _answers(state)
        and raid_possible(state)
    ):
        spaces, after = raid_plan(state, roller)
        name, rule, why = after_raid(after, found[0], offered)
        if name in offered:
            reason = f"{why} ({'; '.join(wants for _, wants in spaces)})"
            note = RAID_FIRST + ".".join(k for k, _ in spaces)
            return Choice(Choose(name), coinlake.Why(rule, reason, tuple(roller.rolls), note=note))
    if found is not None:
        return _choice(Choose(found[0]), roller, found[1], found[2])
    if DONE in options:
        return _choice(DONE, roller, "8.4.4", "no Operation the flowchart wants")
    ops = [o for o in (TRAIN, PATROL, SWEEP, ASSAULT) if o in offered] or offered
    return _choice(Choose(ops[0]), roller, "8.7.2", f"IF NONE: {ops[0]}, the first offered")


SA_ORDER = {
    TRAIN: (GOVERN, TRANSPORT),
    PATROL: (GOVERN, TRANSPORT),
    ASSAULT: (RAID, TRANSPORT),
    SWEEP: (RAID, TRANSPORT),
}


def special_activity(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """4.1 with 8.7.2-8.7.5: Train Governs or Transports during its space step (not now);
    Patrol Governs or else Transports after it; Assault Raids or else Transports first;
    Sweep Raids first (Transporting later, from its space step). A Special Activity granted
    alone (5.5, 8.4.4): the one the flowchart's Operation would take."""
    options = decision.options
    op = decision.context.procedure
    if decision.rule == "5.5" or op not in SA_ORDER:
        found = operation_for(state, free=True)
        op = found[0] if found is not None else TRAIN
        for command in SA_ORDER[op]:
            if command in options and _sa_useful(state, command, op):
                return _choice(command, roller, "8.4.4", f"the {command.option} a {op} would take")
        for command in SA_ORDER[op]:
            if command in options:
                return _choice(command, roller, "8.4.4", f"the {command.option} a {op} would take")
        return None
    last = NO_SA in options
    skip = NO_SA if last else NOT_NOW
    if not last and RAID in options and op == PATROL and raid_first_note(state) is not None:
        return _choice(RAID, roller, "8.7.3", "RAID first, as planned with the Operation (R325)")
    if op in (TRAIN, PATROL):
        if last:
            sa = _govern_or_transport(
                state, options, decision.context.done if op == TRAIN else (), op, roller
            )
            if sa is not None:
                return sa
        return _choice(
            skip,
            roller,
            "8.7.2",
            "Govern or Transport comes during Train"
            if op == TRAIN and not last
            else "no Govern or Transport",
        )
    if not last and RAID in options and raid_possible(state):
        return _choice(RAID, roller, "8.7.4", f"RAID before the {op}")
    if (
        not last
        and op == ASSAULT
        and TRANSPORT in options
        and transport_plan(state, ASSAULT) is not None
    ):
        return _choice(
            TRANSPORT, roller, "8.7.4", "no Raid removes an enemy: Transport before the Assault"
        )
    return _choice(skip, roller, "8.7.4", "no Raid now" if not last else "no Special Activity")


def _sa_useful(state: GameState, command: Choose, op: str) -> bool:
    if command == GOVERN:
        return govern_plan(state, ()) is not None
    if command == RAID:
        return raid_possible(state)
    return transport_plan(state, op) is not None


STEPS: dict[str, Callable[[GameState, Decision, Roller], Choice | None]] = {
    TRAIN: train,
    PATROL: patrol,
    PATROL_ASSAULT: patrol,
    SWEEP: sweep,
    ASSAULT: assault,
    "govern": govern,
    "transport": transport,
    "raid": raid,
    "pacify": pacify,
    "redeploy": redeploy,
}


def flowchart(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """The ARVN flowchart (8.7) for any Decision of the ARVN; ``None`` where the shared
    section-8 rules decide: Pivotal Events (8.4.6), an Event's own questions (8.4.2-8.4.7)."""
    state = game.state
    kind, context = decision.kind, decision.context
    options = decision.options
    if kind is Kind.ACTION:
        choice = pass_event_or_operation(state, decision, roller)
    elif kind is Kind.OPERATION:
        choice = choose_operation(state, decision, roller)
    elif kind is Kind.SPECIAL_ACTIVITY:
        choice = special_activity(state, decision, roller)
    elif kind is Kind.CHOOSE_MODE and frozenset(options) == SWEEP_OR_ASSAULT:
        choice = sweep_or_assault(state, decision, roller)
    elif context.procedure == "event" or kind is Kind.CHOOSE_SIDE or PIVOTAL in options:
        return None
    elif kind is Kind.TARGET and BOTH in options:
        choice = _choice(BOTH, roller, "3.1", "both enemies, to the maximum extent (8.1.1)")
    elif kind is Kind.YES_NO and STRIKE in options:
        choice = _choice(STRIKE, roller, "8.7.4", "RAID: the Ranger strikes")
    elif kind is Kind.SELECT_SPACE and decision.rule == "5.3":
        choice = _in_one(state, decision, roller)
    elif kind is Kind.CHOOSE_MODE and Choose("vc-tunnel") in options:
        choice = _choice(Choose("vc-tunnel"), roller, "8.1.2", "VC before NVA")
    elif kind is Kind.HOW_MANY and context.procedure in ACTIVATING:
        least = min((o for o in options if isinstance(o, Count)), key=lambda c: c.n)
        choice = _choice(least, roller, "8.7.5", "Activate VC Guerrillas before NVA ones")
    elif kind is Kind.REMOVE_PIECES:
        moves = [o for o in options if isinstance(o, Move)]
        if moves and all(m.piece.faction is ARVN for m in moves):
            choice = own_removal(state, decision, roller)
        elif moves and all(m.piece.faction in (NVA, VC) for m in moves):
            choice = enemy_removal(state, decision, roller)
        else:
            return None
    else:
        step = STEPS.get(context.procedure)
        choice = step(state, decision, roller) if step is not None else None
    if choice is not None and choice.command not in options:
        return None
    return choice


FLOWCHARTS[ARVN] = flowchart
