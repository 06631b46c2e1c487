"""8.8 The Non-player US flowchart: every Decision the US faces as a Non-player.

One function per numbered step of 8.8, in the rulebook's order:

- 8.8.1 US Policy is rolled by the Coup Round itself (``coinlake.rules.coup``); here it is
  only read (``state.us_policy``: ``JFK``, ``LBJ`` or ``Nixon``);
- 8.8.2 :func:`event_or_operations` -- Pivotal Events (8.4.6), the Capability look-ahead,
  then the first Operation whose conditions hold (:func:`plan_operation`);
- 8.8.3 :func:`assault` with :func:`air_lift` and :func:`air_strike`;
- 8.8.4 :func:`patrol` with :func:`advise`;
- 8.8.5 :func:`sweep`;
- 8.8.6 the Event (in :func:`plan_operation`);
- 8.8.7 :func:`train`;
- 8.8.8 :func:`pacify` (Support Phase; Training's Pacification is in :func:`train`);
- 8.8.9 :func:`commitment`.

The engine asks an Operation one small step at a time (a space, then its pieces...), so
each step here decides from the position as it now stands and from what the Operation has
done so far (``decision.context``, the answers of the turn in ``state.pending``): the same
priorities, asked again, give the next space (8.1.3). Where a choice is left to the shared
rules -- which enemy piece to remove first (8.1.2), an Event's own choices (8.4) -- the
flowchart returns ``None`` and :class:`~coinlake.nonplayers.agents.NonPlayer` decides.

Readings of unclear text are rulings R330-R349 and R360-R361 in ``docs/rulings.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

import attrs
from attrs import frozen

import coinlake
from coinlake import (
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
    Side,
    Support,
    assault_removals,
    patrol_reach,
    sweep_origins,
)
from coinlake.nonplayers import events
from coinlake.nonplayers.agents import EVENT, FLOWCHARTS, LIMOP, OP, OP_SA, PASS, PIVOTAL
from coinlake.nonplayers.board import ADJACENT, SPACE, SPACE_IDS, spaces_with
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.event_choices import SWEEP_OR_ASSAULT
from coinlake.nonplayers.pieces import first_rank
from coinlake.nonplayers.plans import noted_spaces, reuse, still_to_move
from coinlake.nonplayers.priorities import Priority, pick
from coinlake.nonplayers.random_spaces import choose_space

US, ARVN = Faction.US, Faction.ARVN
P = Piece
DONE = Done()
NOT_NOW = Choose("not-now")
NO_SA = Choose("no-sa")
LOOKAHEAD = "capability-lookahead"
"""The note a Pass for the Capability look-ahead leaves in the state (8.8.2)."""

# -- the map --------------------------------------------------------------------------------
_LOCS = frozenset(s.id for s in coinlake.SPACES if s.is_loc)
_COUNTRY = {s.id: s.country.value for s in coinlake.SPACES}
_TERRAIN = {s.id: "" if s.terrain is None else s.terrain.value for s in coinlake.SPACES}
SAIGON = "saigon"
_PROVINCES_AND_CITIES = tuple(
    k for k in SPACE_IDS if k not in _LOCS and _COUNTRY[k] != "north-vietnam"
)
"""The Provinces and Cities outside North Vietnam, in map order: where the US may Train
(3.2.1) or Sweep (3.2.3) with its pieces."""
_INLAND = frozenset(_PROVINCES_AND_CITIES)


def _terrain(key: str) -> str:
    return _TERRAIN[key]


def _country(key: str) -> str:
    return _COUNTRY[key]


def _is_loc(key: str) -> bool:
    return key in _LOCS


def _name(key: str) -> str:
    return SPACE[key].name if key in SPACE else key


def _pop(key: str) -> int:
    return SPACE[key].population


def _saigon_distances() -> dict[str, int]:
    seen = {SAIGON: 0}
    frontier = [SAIGON]
    while frontier:
        later = []
        for key in frontier:
            for n in ADJACENT[key]:
                if n not in seen:
                    seen[n] = seen[key] + 1
                    later.append(n)
        frontier = later
    return seen


_FROM_SAIGON = _saigon_distances()
"""Spaces from Saigon along the map's adjacency (8.8.3 AIR STRIKE: LoCs closest first)."""

# -- the pieces -----------------------------------------------------------------------------
_COIN = tuple(p for p in Piece if p.faction.is_coin)
_INSURGENT = tuple(p for p in Piece if p.faction.is_insurgent)
_NVA = tuple(p for p in Piece if p.faction is Faction.NVA)
_VC = tuple(p for p in Piece if p.faction is Faction.VC)
_UNDERGROUND = (P.VC_GUERRILLA_UNDERGROUND, P.NVA_GUERRILLA_UNDERGROUND)
_ACTIVE = (P.VC_GUERRILLA_ACTIVE, P.NVA_GUERRILLA_ACTIVE)
_OPEN_BASES = (P.VC_BASE, P.NVA_BASE)
_TUNNELS = (P.VC_TUNNELED_BASE, P.NVA_TUNNELED_BASE)
_IRREGULARS = (P.US_IRREGULAR_UNDERGROUND, P.US_IRREGULAR_ACTIVE)
_RANGERS = (P.ARVN_RANGER_UNDERGROUND, P.ARVN_RANGER_ACTIVE)
_US_UNITS = (P.US_TROOPS, *_IRREGULARS)
_US_PIECES = (P.US_TROOPS, P.US_BASE, *_IRREGULARS)

Counts = Sequence[int]


def _n(p: Counts, *pieces: Piece) -> int:
    total = 0
    for x in pieces:  # a plain loop: the flowchart's most frequent call
        total += p[x]
    return total


# A counts vector holds the US pieces, the ARVN ones (together COIN), then the NVA, then the
# VC ones (``Piece`` values 0-3, 4-8, 9-13, 14-17): each side's total is the sum of one slice.
assert tuple(P) == _COIN + _NVA + _VC and _INSURGENT == _NVA + _VC
assert _COIN[: len(_US_PIECES)] == _US_PIECES
_ARVN_FROM = len(_US_PIECES)
_NVA_FROM = len(_COIN)
_VC_FROM = _NVA_FROM + len(_NVA)


def _us(p: Counts) -> int:
    """US pieces among counts ``p``: ``_n(p, *_US_PIECES)``, summed as one slice."""
    return sum(p[:_ARVN_FROM])


def _coin(p: Counts) -> int:
    """US and ARVN pieces among counts ``p``: ``_n(p, *_COIN)``, summed as one slice."""
    return sum(p[:_NVA_FROM])


def _insurgents(p: Counts) -> int:
    """NVA and VC pieces among counts ``p``: ``_n(p, *_INSURGENT)``, summed as one slice."""
    return sum(p[_NVA_FROM:])


def _nva(p: Counts) -> int:
    """NVA pieces among counts ``p``: ``_n(p, *_NVA)``, summed as one slice."""
    return sum(p[_NVA_FROM:_VC_FROM])


def _vc(p: Counts) -> int:
    """VC pieces among counts ``p``: ``_n(p, *_VC)``, summed as one slice."""
    return sum(p[_VC_FROM:])


def _pieces(state: GameState, key: str) -> tuple[int, ...]:
    return state.space(key).pieces


def _insurgent_spaces(state: GameState) -> tuple[str, ...]:
    """The spaces holding NVA or VC pieces, in map order."""
    return spaces_with(state, *_INSURGENT)


def _control_of(p: Counts) -> Control:
    return Control.of(_coin(p), _nva(p), _vc(p))


def _control(state: GameState, key: str) -> Control:
    return Control.NONE if _is_loc(key) else coinlake.control(state, key)


def _support(state: GameState, key: str) -> Support:
    return state.space(key).support


# -- lasting effects (5.3, 5.4) -------------------------------------------------------------
def _card(title: str) -> int:
    return next(n for n, c in coinlake.CARDS.items() if c.title == title)


ARC_LIGHT = _card("Arc Light")
ROLLING_THUNDER = _card("Rolling Thunder")
ABRAMS = _card("Abrams")
COBRAS = _card("Cobras")
M48_PATTON = _card("M-48 Patton")
MEDEVAC = _card("Medevac")
COMBINED_ACTION_PLATOONS = _card("Combined Action Platoons")
CORDS = _card("CORDS")
DA_NANG = _card("Da Nang")
SEARCH_AND_DESTROY = _card("Search and Destroy")
AAA = _card("AAA")
ORISKANY = _card("Oriskany")
BOMBING_PAUSE = _card("Bombing Pause")
GENERAL_LANSDALE = _card("General Lansdale")
BOOBY_TRAPS = _card("Booby Traps")
TYPHOON_KATE = _card("Typhoon Kate")


def _capability(state: GameState, card: int) -> Side | None:
    return dict(state.capabilities).get(card)  # a card is there at most once (5.3)


def _momentum(state: GameState, card: int, side: Side | None = None) -> bool:
    if card not in state.momentum:
        return False
    if side is None:
        return True
    marker = dict(state.card_markers).get(card)
    return (marker or coinlake.CARDS[card].momentum_sides[0].value) == side.value


def monsoon(state: GameState) -> bool:
    """Monsoon (2.3.9): an Event card is played and a Coup card shows next."""
    current, upcoming = state.current_card, state.next_card
    if state.phase.value != "event-card" or current is None or upcoming is None:
        return False
    cards = coinlake.CARDS
    return cards[current].kind.value != "coup" and cards[upcoming].kind.value == "coup"


def _policy(state: GameState) -> str:
    return state.us_policy


def _spendable(state: GameState) -> int:
    """ARVN Resources the US may spend: those above Econ (1.8.1)."""
    return max(0, state.resources(US) - state.econ)


def _air_lift_banned(state: GameState) -> bool:
    return _momentum(state, TYPHOON_KATE) or _momentum(state, MEDEVAC, Side.SHADED)


def _air_strike_banned(state: GameState) -> bool:
    return (
        _momentum(state, ROLLING_THUNDER)
        or _momentum(state, DA_NANG)
        or _momentum(state, BOMBING_PAUSE)
    )


def _troops_may_enter(state: GameState, key: str) -> bool:
    """8.8.3 AIR LIFT, 8.8.5: Troops into Laos or Cambodia only under Nixon (and, for Air
    Lift, not in Monsoon); never into North Vietnam (1.4.2)."""
    country = _country(key)
    if country == "north-vietnam":
        return False
    if country in ("laos", "cambodia"):
        return _policy(state) == "Nixon" and not monsoon(state)
    return True


# -- what the decision offers, and what the turn did so far --------------------------------------
def _selects(options: Iterable[Command]) -> list[str]:
    return [c.space for c in options if isinstance(c, Select)]


def _moves(options: Iterable[Command]) -> list[Move]:
    return [c for c in options if isinstance(c, Move)]


def _words(options: Iterable[Command]) -> list[str]:
    return [c.option for c in options if isinstance(c, Choose)]


def _answers_since(state: GameState, *names: str) -> tuple[Command, ...] | None:
    """The answers of the procedure in progress after its last ``Choose`` of one of
    ``names`` (e.g. the moves of an Air Lift so far); ``None`` if there is none."""
    pending = state.pending
    if pending is None:
        return None
    answers = pending.answers
    for i in range(len(answers) - 1, -1, -1):
        a = answers[i]
        if isinstance(a, Choose) and a.option in names:
            return answers[i + 1 :]
    return None


def _turn_start(state: GameState) -> GameState:
    """The position the procedure in progress started from (an Operation's "before")."""
    return state.pending.start if state.pending is not None else state


def _last(game: Game) -> Command | None:
    return game.node.command


def _choose(
    roller: Roller, options: Sequence[Command], command: Command, rule: str, reason: str
) -> Choice | None:
    return Choice(command, roller.why(rule, reason)) if command in options else None


# == entry point ===================================================================================
def flowchart(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """The Non-player US's answer to ``decision`` (8.8), or ``None`` where the shared
    section-8 rules decide (8.1.2 piece order, 8.4 Event choices)."""
    kind = decision.kind
    if kind is Kind.ACTION:
        choice: Choice | None = event_or_operations(game, decision, roller)
    elif kind is Kind.OPERATION:
        choice = operation(game, decision, roller)
    elif kind is Kind.SPECIAL_ACTIVITY:
        choice = special_activity(game, decision, roller)
    elif kind is Kind.CHOOSE_MODE and frozenset(decision.options) == SWEEP_OR_ASSAULT:
        choice = sweep_or_assault(game.state, decision, roller)
    else:
        step = _STEPS.get(decision.context.procedure)
        choice = None if step is None else step(game, decision, roller)
    if choice is not None and choice.command not in decision.options:
        return None  # never an illegal answer: the shared rules decide instead
    return choice


# == 8.8.2 Event or Operations ===================================================================
def event_or_operations(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.8.2: a Pivotal Event while a player is 1st Eligible (8.4.6); the Capability
    look-ahead; else the flowchart's Operation (Assault, Patrol, Sweep), the Event (8.8.6),
    Train -- or Pass where nothing is possible."""
    state = game.state
    options = decision.options
    if PIVOTAL in options and events.plays_pivotal(state, US, trumping=False):
        return Choice(PIVOTAL, roller.why("8.4.6", "a player is 1st Eligible: Pivotal Event"))
    verdict = events.event_verdict(state, US) if EVENT in options else None
    capability = capability_event(state, options, verdict, roller)
    if capability is not None:
        return capability
    current = state.current_card
    capability_now = current is not None and coinlake.CARDS[current].is_capability
    # a Capability is played by its roll only, never by 8.8.6 (ruling R331)
    playable = verdict if verdict is not None and verdict.play and not capability_now else None
    name, rule, reason = plan_operation(state, event=playable)
    if name == "event":
        return Choice(EVENT, roller.why(rule, reason))
    if name != "pass":
        for command in (OP_SA, OP, LIMOP):
            if command in options:
                return Choice(command, roller.why(rule, reason))
        reason = f"{reason}, but no Operation is offered"
    return Choice(PASS, roller.why(rule, reason))


def _noted(state: GameState) -> bool:
    """The US Passed on the previous card to play this Capability (8.8.2)."""
    if len(state.played) < 2:
        return False
    return (US, LOOKAHEAD, state.played[-2]) in state.agent_notes


def capability_event(
    state: GameState,
    options: Sequence[Command],
    verdict: events.EventVerdict | None,
    roller: Roller,
) -> Choice | None:
    """8.8.2: with a US Capability next and none now, a d6 above the Coup cards in the RVN
    Leader box Passes (to play it next card, ruling R330); with any Capability now, such a
    roll (or one on the previous card) plays the Event. ``None``: go on to the Operations."""
    current, upcoming = state.current_card, state.next_card
    if current is None:
        return None
    cards = coinlake.CARDS
    leaders = len(state.leader_box)
    now = cards[current].is_capability
    if not now and upcoming is not None and cards[upcoming].capability_of is US:
        if PASS not in options:
            return None
        roll = roller.roll()
        if roll <= leaders:
            return None
        reason = (
            f"{cards[upcoming].title} (a US Capability) is next: rolled {roll} > {leaders} "
            "Coup cards in the RVN Leader box: Pass, to play it next card"
        )
        return Choice(PASS, coinlake.Why("8.8.2", reason, tuple(roller.rolls), note=LOOKAHEAD))
    if not now or verdict is None:
        return None
    if _noted(state):
        said = "rolled above the Coup cards on the previous card"
    else:
        roll = roller.roll()
        if roll <= leaders:
            return None
        said = f"rolled {roll} > {leaders} Coup cards in the RVN Leader box"
    if not verdict.play:
        return None
    return Choice(EVENT, roller.why("8.8.2", f"a Capability: {said}: {verdict.reason}"))


Plan = tuple[str, str, str]
"""An Operation (or ``event``, ``pass``) with the rule and the reason that chose it."""


def plan_operation(
    state: GameState,
    *,
    event: events.EventVerdict | None = None,
    offered: Sequence[str] | None = None,
) -> Plan:
    """The flowchart's choice once no Capability is played (8.8.3-8.8.7), with each step's
    IF NONE fallback: Assault (else Sweep, else Train, else Pass); in Monsoon Patrol (else
    Train, else Pass); Sweep (else Train, else Pass); the Event if playable (8.8.6); Train
    (else Sweep unless Monsoon, else Pass); Monsoon without Troops to Patrol Trains
    (ruling R337). ``offered``: the Operations the decision allows (a free Operation,
    8.4.4)."""
    assault_why = assault_condition(state)
    sweep_why = sweep_condition(state)
    chain: list[Plan]
    if assault_why is not None:
        chain = [
            ("assault", "8.8.3", f"Assault: {assault_why}"),
            ("sweep", "8.8.3", f"{assault_why}, but no Assault can remove a piece: Sweep"),
            ("train", "8.8.5", "no Assault or Sweep possible: Train"),
            ("pass", "8.8.5", "no Assault, Sweep or Training possible: Pass"),
        ]
    elif monsoon(state):
        chain = [
            ("patrol", "8.8.4", "Monsoon: Patrol US Troops out of Laos and Cambodia"),
            ("train", "8.8.4", "Monsoon and no US Troops to Patrol out of Laos or Cambodia: Train"),
            ("pass", "8.8.7", "Monsoon and no Training possible: Pass"),
        ]
    elif sweep_why is not None:
        chain = [
            ("sweep", "8.8.5", f"Sweep: {sweep_why}"),
            ("train", "8.8.5", "no Sweep possible: Train"),
            ("pass", "8.8.5", "no Sweep or Training possible: Pass"),
        ]
    elif event is not None:
        chain = [("event", "8.8.6", f"Play the Event: {event.reason}")]
    else:
        chain = [
            ("train", "8.8.7", "no conditions for another Operation: Train"),
            ("sweep", "8.8.7", "Training not possible: Sweep"),
            ("pass", "8.8.7", "neither Training nor Sweep possible: Pass"),
        ]
    for name, rule, reason in chain:
        if name in ("event", "pass"):
            return name, rule, reason
        if (offered is None or name in offered) and _POSSIBLE[name](state):
            return name, rule, reason
    return chain[-1]


def operation(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """3.0 (8.8.3-8.8.7): the Operation the flowchart chose; for a choice among Special
    Activities alone (an Event's, 8.4.4) the one that Operation would take."""
    state = game.state
    offered = _words(decision.options)
    names = [n for n in offered if n in _POSSIBLE]
    if not names:
        sa = _choose_sa(state, plan_operation(state)[0], offered, last=True)
        return None if sa is None else Choice(Choose(sa[0]), roller.why(sa[1], sa[2]))
    name, rule, reason = plan_operation(state, offered=names)
    if name not in names:
        order = [n for n in ("assault", "patrol", "sweep", "train") if n in names]
        name, rule, reason = order[0], "8.4.4", f"{reason}; of those offered, {order[0]}"
    return Choice(Choose(name), roller.why(rule, reason))


# -- the conditions and "IF NONE" checks of each Operation (cheap, no fork) -------------------
def assault_condition(state: GameState) -> str | None:
    """8.8.3: why the US Assaults -- an Assault alone (with an added ARVN Assault, the
    Capabilities, a successful Tunnel roll: ruling R332) can remove an enemy Base, or NVA
    Troops stand with US Troops or a US Base; ``None`` if neither."""
    arvn = _spendable(state) >= 3
    for key in spaces_with(state, P.US_TROOPS):  # elsewhere no US Assault
        reason = _base_removable(state, key, arvn)
        if reason is not None:
            return reason
    for key in spaces_with(state, P.NVA_TROOPS):
        reason = _nva_troops_with_us(state, key)
        if reason is not None:
            return reason
    return None


def _base_removable(state: GameState, key: str, arvn: bool) -> str | None:
    """8.8.3's first condition in one space (ruling R332)."""
    p = _pieces(state, key)
    if not p[P.US_TROOPS] or not _insurgents(p):
        return None
    us = us_assault(state, key)
    if us.base or us.tunnel:
        return f"it can remove a Base in {_name(key)}"
    if arvn and _n(p, P.ARVN_TROOPS, P.ARVN_POLICE):
        more = _simulate(us.after, assault_removals(us.after, ARVN, key))
        if more.base or more.tunnel:
            return f"it can remove a Base in {_name(key)} (with an ARVN Assault)"
    return None


def _nva_troops_with_us(state: GameState, key: str) -> str | None:
    """8.8.3's second condition in one space."""
    p = _pieces(state, key)
    if p[P.NVA_TROOPS] and (p[P.US_TROOPS] or p[P.US_BASE]):
        return f"NVA Troops with US forces in {_name(key)}"
    return None


def sweep_or_assault(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.4.4 (OP EXAMPLE): an Event's free "Sweep in place or Assault" in one space (card
    92 SEALORDS, 95 Westmoreland): Assault where 8.8.3's conditions hold in that space (an
    Assault can remove a Base there, or NVA Troops stand with US forces), else Sweep
    (ruling R362)."""
    key = decision.context.space
    if key is None:
        return None
    reason = _base_removable(state, key, arvn=True) or _nva_troops_with_us(state, key)
    if reason is not None:
        return Choice(Choose("assault"), roller.why("8.8.3", f"8.4.4: Assault, as {reason}"))
    return Choice(
        Choose("sweep"),
        roller.why("8.8.3", f"8.4.4: no Assault condition in {_name(key)}: Sweep in place"),
    )


def assault_possible(state: GameState) -> bool:
    """8.8.3 IF NONE: some US Assault could remove an enemy piece, after an Air Lift if
    need be; never under shaded General Lansdale (5.4)."""
    if _momentum(state, GENERAL_LANSDALE):
        return False
    troops = spaces_with(state, P.US_TROOPS)  # elsewhere no Assault (category 0)
    if any(_assault_category(state, key) for key in troops):
        return True
    if _air_lift_banned(state) or not troops:
        return False
    return any(_lift_for_assault(state, key, ()) for key in _insurgent_spaces(state))


def sweep_condition(state: GameState) -> str | None:
    """8.8.5: an Underground Guerrilla in a space at Support."""
    for key in spaces_with(state, *_UNDERGROUND):
        if _support(state, key) > Support.NEUTRAL:
            return f"Underground Guerrillas at Support in {_name(key)}"
    return None


def _sweep_candidate(state: GameState, key: str) -> bool:
    return key in _INLAND and _n(_pieces(state, key), *_UNDERGROUND) > 0


def sweep_possible(state: GameState) -> bool:
    """8.8.5 IF NONE: not in Monsoon, and a Province or City to Sweep (Underground
    Guerrillas)."""
    return not monsoon(state) and any(_sweep_candidate(state, k) for k in _PROVINCES_AND_CITIES)


def patrol_possible(state: GameState) -> bool:
    """8.8.4: US Troops in Laos or Cambodia that can Patrol into South Vietnam."""
    return bool(_patrol_origins(state))


def train_possible(state: GameState) -> bool:
    """8.8.7 IF NONE: a space with US pieces where Training places Irregulars or ARVN
    pieces, transfers Patronage, adds a CAP Police or helps Pacify."""
    spaces = _trainable(state)
    if not spaces:
        return False
    if state.available[P.US_IRREGULAR_UNDERGROUND]:
        return True
    if _arvn_plan(state) is not None and any(_pieces(state, k)[P.US_BASE] for k in spaces):
        return True
    if _transfer_planned(state) and SAIGON in spaces:
        return True
    if _cap_possible(state):
        return True
    return any(_pacify_gain(state, k, training=True) > 0 for k in spaces)


_POSSIBLE: dict[str, Callable[[GameState], bool]] = {
    "assault": assault_possible,
    "patrol": patrol_possible,
    "sweep": sweep_possible,
    "train": train_possible,
}


# == Special Activities: which, and when ==========================================================
def special_activity(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """4.1: the Special Activity of the Operation, at the moment 8.8.3-8.8.7 say -- Assault:
    Air Lift, else Air Strike, once the Assaults removing every Active enemy are done;
    Sweep: Air Lift (JFK, Nixon) during the Sweep, else Air Strike after it; Patrol and
    Train: afterwards, Air Strike (LBJ), else Advise, else Air Lift (rulings R336,
    R349)."""
    state = game.state
    options = decision.options
    op = decision.context.procedure
    offered = _words(options)
    last = NO_SA in options
    wait = NO_SA if last else NOT_NOW
    if op == "assault" and not last and _assault_pick(state, decision.context.done, 1):
        return _choose(
            roller, options, wait, "8.8.3", "first Assault where every Active enemy can go"
        )
    if not last and op in ("sweep", "patrol", "train"):
        return _choose(
            roller, options, wait, _OP_RULE[op], f"the Special Activity comes later in the {op}"
        )
    sa = _choose_sa(state, op, offered, last=last, done=decision.context.done)
    if sa is None:
        if wait not in options:
            return None
        return Choice(wait, roller.why(_OP_RULE.get(op, "8.8.3"), "no Special Activity possible"))
    return Choice(Choose(sa[0]), roller.why(sa[1], sa[2]))


_OP_RULE = {"assault": "8.8.3", "patrol": "8.8.4", "sweep": "8.8.5", "train": "8.8.7"}


def _choose_sa(
    state: GameState,
    op: str,
    offered: Sequence[str],
    *,
    last: bool,
    done: Sequence[str] = (),
) -> tuple[str, str, str] | None:
    """The Special Activity ``op`` takes now among ``offered``: (name, rule, reason)."""
    lift = "air-lift" in offered and air_lift_possible(state, op, done)
    strike = "air-strike" in offered and air_strike_possible(state)
    advise_ok = "advise" in offered and advise_possible(state, done if op == "train" else ())
    lbj = _policy(state) == "LBJ"
    if op == "assault":
        if lift:
            return "air-lift", "8.8.3", "Air Lift Troops to where more enemies can be Assaulted"
        if strike:
            return "air-strike", "8.8.3", "no Air Lift possible: Air Strike"
        return None
    if op == "sweep":
        if not lbj and lift and not last:
            return "air-lift", "8.8.5", f"{_policy(state)} Policy: Air Lift after Sweep movement"
        if strike:
            why = "LBJ Policy" if lbj else "no Air Lift possible"
            return "air-strike", "8.8.5", f"{why}: Air Strike"
        return None
    order = (
        [("air-strike", strike), ("advise", advise_ok), ("air-lift", lift)]
        if lbj
        else [("advise", advise_ok), ("air-lift", lift), ("air-strike", strike)]
    )
    rule = "8.8.7" if op == "train" else "8.8.4"
    for name, ok in order:
        if ok:
            return name, rule, f"{_policy(state)} Policy after {op}: {name}"
    return None


# == 8.8.3 Assault ================================================================================
@frozen
class Strike:
    """What an Assault (or removal) would do in a space: pieces removed, Active enemy
    pieces before and removed (Troops, Active Guerrillas, Bases), a Base removed, a Tunnel
    rolled for, and the pieces left."""

    removed: int
    active: int
    active_removed: int
    base: bool
    tunnel: bool
    nva_troops: bool
    after: tuple[int, ...]


def _simulate(p: Counts, n: int, *, abrams: bool = False, underground: int = 0) -> Strike:
    """3.2.4 removal of ``n`` pieces: NVA Troops, Active Guerrillas (VC first, 8.1.2), a
    Search and Destroy Underground one, then Bases once no Troops or Guerrillas protect
    them, then the Tunnel roll; unshaded Abrams may take a Base first. Each hit removes a
    piece until nothing more can go: the pieces removed are the lesser of ``n`` and those
    any number of hits would remove."""
    return _removal(tuple(p), n, abrams, underground)


@lru_cache(maxsize=8192)
def _removal(p: tuple[int, ...], n: int, abrams: bool, underground: int) -> Strike:
    """:func:`_simulate`, kept per pieces and hits: a pure function that the Air Lift's
    look-ahead asks again and again for the same spaces."""
    q = list(p)
    active = q[P.NVA_TROOPS] + _n(q, *_ACTIVE, *_OPEN_BASES, *_TUNNELS)
    removed = active_removed = 0
    base = tunnel = False
    troops = q[P.NVA_TROOPS]

    def take(piece: Piece, k: int, counts_active: bool = True) -> None:
        nonlocal n, removed, active_removed
        q[piece] -= k
        n -= k
        removed += k
        if counts_active:
            active_removed += k

    units = q[P.NVA_TROOPS] + _n(q, *_ACTIVE) + (min(1, _n(q, *_UNDERGROUND)) if underground else 0)
    if abrams and n > 0 and units and _n(q, *_OPEN_BASES):
        take(P.VC_BASE if q[P.VC_BASE] else P.NVA_BASE, 1)
        base = True
    take(P.NVA_TROOPS, min(n, q[P.NVA_TROOPS]))
    for g in _ACTIVE:
        take(g, min(n, q[g]))
    for g in _UNDERGROUND:
        k = min(n, underground, q[g])
        underground -= k
        take(g, k, counts_active=False)
    if not q[P.NVA_TROOPS] and not _n(q, *_ACTIVE, *_UNDERGROUND):
        for b in _OPEN_BASES:
            k = min(n, q[b])
            if k:
                base = True
                take(b, k)
        tunnel = n > 0 and _n(q, *_TUNNELS) > 0
    return Strike(removed, active, active_removed, base, tunnel, q[P.NVA_TROOPS] < troops, tuple(q))


PATTON = Choose("patton")
PATTON_SPACES = 2
"""Unshaded M-48 Patton (card 14, a Capability): 2 extra removals in at most 2 US Assault
spaces per Operation (5.3)."""


def _patton_used(state: GameState) -> int:
    """The spaces of the US Operation in progress where unshaded M-48 Patton was used."""
    return sum(1 for a in _answers_since(state, "assault", "patrol") or () if a == PATTON)


class AssaultRules(NamedTuple):
    """What the Capabilities change in a US Assault (5.3): unshaded M-48 Patton's 2 extra
    removals still to use in this Operation, unshaded Abrams, unshaded Search and Destroy's
    Underground Guerrilla, shaded Search and Destroy's bar in Provinces at Support."""

    patton: bool
    abrams: bool
    underground: int
    barred_at_support: bool


def _assault_rules(state: GameState) -> AssaultRules:
    capabilities = dict(state.capabilities)  # a card is there at most once
    s_and_d = capabilities.get(SEARCH_AND_DESTROY)
    return AssaultRules(
        patton=capabilities.get(M48_PATTON) is Side.UNSHADED
        and _patton_used(state) < PATTON_SPACES,
        abrams=capabilities.get(ABRAMS) is Side.UNSHADED,
        underground=1 if s_and_d is Side.UNSHADED else 0,
        barred_at_support=s_and_d is Side.SHADED,
    )


def _us_hits(state: GameState, key: str, p: Counts, extra: int = 0) -> int:
    """3.2.4: US Assault removals -- 2 per Troop with a US Base, 1 per 2 in Highland, else 1
    per Troop; unshaded M-48 Patton adds 2 outside Lowland while the Operation has used it
    in fewer than 2 spaces."""
    return _hits(key, p, extra, _assault_rules(state))


def _hits(key: str, p: Counts, extra: int, rules: AssaultRules) -> int:
    """:func:`_us_hits` under ``rules``."""
    troops = p[P.US_TROOPS] + extra
    n = assault_removals(_with(p, P.US_TROOPS, extra) if extra else p, US, key)
    if rules.patton and troops and _terrain(key) != "lowland" and _insurgents(p) > n:
        n += 2
    return n


def us_assault(state: GameState, key: str, extra: int = 0) -> Strike:
    """A US Assault in ``key`` with ``extra`` US Troops added (Air Lift)."""
    return _assault_strike(key, _pieces(state, key), extra, _assault_rules(state))


def _assault_strike(key: str, p: Counts, extra: int, rules: AssaultRules) -> Strike:
    """:func:`us_assault` in a space holding ``p``, under ``rules``."""
    hits = _hits(key, p, extra, rules)
    return _simulate(p, hits, abrams=rules.abrams, underground=rules.underground)


def _assault_category(state: GameState, key: str, extra: int = 0) -> int:
    """8.8.3's bullets: 1 -- every Active enemy piece (Troops, Active Guerrillas, Bases:
    ruling R348) removed; 2 -- more than half; 3 -- any piece; 0 -- none (or barred by
    shaded Search and Destroy)."""
    p = _pieces(state, key)
    if not p[P.US_TROOPS] + extra or not _insurgents(p) or _country(key) == "north-vietnam":
        return 0
    return _category(key, p, _support(state, key), extra, _assault_rules(state))


def _category(key: str, p: Counts, support: Support, extra: int, rules: AssaultRules) -> int:
    """:func:`_assault_category` in a space holding ``p`` at ``support``, under ``rules``,
    where US Troops (with ``extra``) and enemies are, outside North Vietnam."""
    a = _assault_strike(key, p, extra, rules)
    if not a.removed and not a.tunnel:
        return 0
    if (
        rules.barred_at_support
        and SPACE[key].is_province
        and support > Support.NEUTRAL
        and not (a.base or a.nva_troops)
    ):
        return 0
    if a.active and a.active_removed >= a.active:
        return 1
    if 2 * a.active_removed > a.active:
        return 2
    return 3


def _assault_merits(state: GameState, key: str, extra: int = 0) -> tuple[float, ...]:
    """8.8.3's order within each bullet, for an Assault in ``key`` with ``extra`` US Troops
    added (higher is better): removing NVA Control (Population 1+), then a Base or Tunnel,
    then a US Base, the highest Population, the most pieces removed."""
    a = us_assault(state, key, extra)
    before = _control(state, key) is Control.NVA
    return (
        float(before and _pop(key) >= 1 and _control_of(a.after) is not Control.NVA),
        float(a.base or a.tunnel),
        float(_pieces(state, key)[P.US_BASE] > 0),
        float(_pop(key)),
        float(a.removed),
    )


_ASSAULT_WANTS = {
    1: "Assault where every Active enemy piece can be removed",
    2: "Assault where more than half the Active enemy pieces can be removed",
    3: "Assault where any enemy piece can be removed",
}


_ASSAULT_PREFER: tuple[Callable[[GameState, str], float], ...] = (
    lambda state, key: _assault_merits(state, key)[0],  # NVA Control removed
    lambda state, key: _assault_merits(state, key)[1],  # a Base or Tunnel
    lambda state, key: _assault_merits(state, key)[2],  # a US Base
    lambda state, key: _assault_merits(state, key)[3],  # the highest Population
    lambda state, key: _assault_merits(state, key)[4],  # the most pieces removed
)
"""8.8.3's tie-breakers within each bullet (:func:`_assault_merits`)."""


def _assault_priority(category: int) -> Priority:
    return Priority(
        "8.8.3",
        _ASSAULT_WANTS[category],
        lambda state, key: _assault_category(state, key) == category,
        _ASSAULT_PREFER,
    )


def _assault_limit(state: GameState) -> int | None:
    """8.8.3: at most 2 spaces under shaded Cobras or shaded Abrams."""
    if Side.SHADED in (_capability(state, COBRAS), _capability(state, ABRAMS)):
        return 2
    return None


def _assault_pick(state: GameState, done: Sequence[str], category: int) -> bool:
    limit = _assault_limit(state)
    if limit is not None and len(done) >= limit:
        return False
    troops = spaces_with(state, P.US_TROOPS)  # elsewhere no Assault (category 0)
    return any(_assault_category(state, k) == category for k in troops if k not in done)


def assault(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.3 Assault, step by step: spaces where every Active enemy goes, then the Special
    Activity, then more than half, then any; then the added ARVN Assault in the first
    space where it removes more; targets, Tunnels and M-48 Patton."""
    state = game.state
    options = decision.options
    context = decision.context
    kind = decision.kind
    if kind is Kind.SELECT_SPACE:
        spaces = _selects(options)
        if spaces and all(s in context.done for s in spaces):
            return _arvn_assault(state, decision, roller)
        limit = _assault_limit(state)
        full = limit is not None and len(context.done) >= limit
        picked = None if full else pick(state, spaces, [_assault_priority(1)], roller)
        if picked is None:
            sa = _choose_sa(state, "assault", _words(options), last=False, done=context.done)
            if sa is not None:
                return Choice(Choose(sa[0]), roller.why(sa[1], sa[2]))
            if not full:
                picked = pick(state, spaces, [_assault_priority(2), _assault_priority(3)], roller)
        if picked is not None:
            space, priority = picked
            return Choice(Select(space), roller.why("8.8.3", f"{priority.wants}: {_name(space)}"))
        if DONE in options:
            why = "the 2-space limit is reached" if full else "no more enemies to remove"
            return Choice(DONE, roller.why("8.8.3", why))
        return _any_space(spaces, roller, "8.8.3", "no space removes an enemy")
    offered = _moves(options)
    if kind is Kind.REMOVE_PIECES and offered and _control(state, offered[0].origin) is Control.NVA:
        nva = [m for m in offered if m.piece.faction is Faction.NVA]
        if nva:
            move = min(nva, key=lambda m: first_rank(m.piece))
            return Choice(move, roller.why("8.8.3", "NVA pieces first, to end NVA Control"))
    return _common(game, decision, roller, "8.8.3")


def _arvn_assault(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """8.8.3: with ARVN Resources 3+ above Econ, add an ARVN Assault in the first Assault
    space where it removes more enemies."""
    offered = _selects(decision.options)
    for key in decision.context.done:
        if (
            key in offered
            and _simulate(p := _pieces(state, key), assault_removals(p, ARVN, key)).removed
        ):
            return Choice(Select(key), roller.why("8.8.3", f"add an ARVN Assault in {_name(key)}"))
    return Choice(DONE, roller.why("8.8.3", "no added ARVN Assault would remove more"))


def _any_space(spaces: Sequence[str], roller: Roller, rule: str, why: str) -> Choice | None:
    if not spaces:
        return None
    space = choose_space(spaces, roller)
    return Choice(Select(space), roller.why(rule, f"{why}: a random space (8.2), {_name(space)}"))


_ACTIVATING = ("sweep", "patrol", "advise")
"""The procedures whose only number question is how many of the Guerrillas they Activate are
NVA, the rest VC (3.2.2, 3.2.3, 4.2.1 with 1.4.3)."""
PATROL_ASSAULT = "patrol-assault"
"""The Context's procedure for the Patrol's closing Assault in 1 LoC (3.2.2)."""


def _common(game: Game, decision: Decision, roller: Roller, rule: str) -> Choice | None:
    """The small choices every US Operation shares (ruling R345): targets (3.1, both),
    how many NVA among Activated Guerrillas (the fewest: VC first), Tunnel markers
    (VC first), M-48 Patton's 2 extra pieces (8.1.1), Advise's Aid (8.8.4). Which enemy
    piece to remove is the shared 8.1.2 order (``None``)."""
    options = decision.options
    kind = decision.kind
    words = _words(options)
    if kind is Kind.TARGET:
        return _choose(
            roller,
            options,
            Choose("target-both"),
            rule,
            "target both enemies: the most pieces (8.1.1)",
        )
    if kind is Kind.HOW_MANY and decision.context.procedure in _ACTIVATING:
        least = min((c for c in options if isinstance(c, Count)), key=lambda c: c.n)
        return Choice(least, roller.why(rule, "Activate VC Guerrillas before NVA (8.1.2)"))
    if kind is Kind.HOW_MANY:
        most = max((c for c in options if isinstance(c, Count)), key=lambda c: c.n)
        return Choice(most, roller.why(rule, "to the maximum extent (8.1.1)"))
    if kind is Kind.CHOOSE_MODE and "vc-tunnel" in words:
        return Choice(Choose("vc-tunnel"), roller.why(rule, "the VC Tunnel first (8.1.2)"))
    if kind is Kind.YES_NO and "patton" in words:
        return Choice(PATTON, roller.why("8.1.1", "M-48 Patton: 2 more enemies removed"))
    if kind is Kind.YES_NO and "add-aid" in words:
        if game.state.aid <= 30:
            return Choice(Choose("add-aid"), roller.why("8.8.4", "Aid is 30 or less: +6 Aid"))
        return Choice(Choose("decline"), roller.why("8.8.4", "Aid is above 30: no Aid added"))
    return None


# == Air Lift (8.8.3 AIR LIFT) ====================================================================
@frozen
class Lift:
    """One Air Lift move the flowchart wants: from ``origin`` to ``destination``, of
    ``pieces`` (in order), at most ``count``, and why."""

    origin: str
    destination: str
    pieces: tuple[Piece, ...]
    count: int
    rank: int
    why: str


_TROOPS_ONLY = (P.US_TROOPS,)


def _lift_for_assault(state: GameState, key: str, done: Sequence[str]) -> int:
    """US Troops an Air Lift should bring to ``key`` for the Assault's third bullet: just
    enough to remove as many enemies as possible, where that is more than half the
    Active ones (0: none)."""
    p = _pieces(state, key)
    if key in done or not _insurgents(p) or not _troops_may_enter(state, key):
        return 0
    return _lift_troops(key, p, _support(state, key), _assault_rules(state))


@lru_cache(maxsize=4096)
def _lift_troops(key: str, p: Counts, support: Support, rules: AssaultRules) -> int:
    """:func:`_lift_for_assault` in a space holding ``p`` at ``support``, under ``rules``:
    a pure function, kept, as an Air Lift plans again after each move with most spaces as
    they were."""
    most = _assault_strike(key, p, 40, rules).removed
    if _assault_strike(key, p, 0, rules).removed >= most:
        return 0
    # An Assault removes the lesser of its hits and what it can reach (:func:`_simulate`),
    # so it removes ``most`` exactly when it scores ``most`` hits.
    for extra in range(1, 41):
        if _hits(key, p, extra, rules) >= most:
            return extra if _category(key, p, support, extra, rules) in (1, 2) else 0
    return 0


def _lift_needs(state: GameState, op: str, done: Sequence[str]) -> list[tuple[int, str, int, str]]:
    """The Air Lift destinations the Operation wants, best first: (rank, space, US Troops
    needed, why). Assault: its third bullet's spaces (8.8.3); Sweep: the Sweep spaces
    short of Troops (8.8.5); then spaces with Police but no Active Support that lack US
    Troops or COIN Control."""
    needs: list[tuple[int, str, int, str]] = []
    if op == "assault":
        found = [(k, _lift_for_assault(state, k, done)) for k in _insurgent_spaces(state)]
        wanted = [(k, n) for k, n in found if n]
        ordered = sorted(
            wanted, key=lambda kn: tuple(-v for v in _assault_merits(state, kn[0], kn[1]))
        )
        for i, (k, n) in enumerate(ordered):
            needs.append((i, k, n, "Troops to Assault more than half the enemies there"))
    elif op == "sweep":
        for i, k in enumerate(done):
            every, _, control = _sweep_needs(state, k)
            n = max(every, control) if _troops_may_enter(state, k) and every < 99 else 0
            if n:
                needs.append((i, k, n, "Troops for the Sweep there"))
    base = len(needs)
    taken = {d for _, d, _, _ in needs}
    for k in spaces_with(state, P.ARVN_POLICE):
        if _is_loc(k) or not _troops_may_enter(state, k):
            continue
        if _support(state, k) is Support.ACTIVE_SUPPORT:
            continue
        p = _pieces(state, k)
        control = _insurgents(p) - _coin(p) + 1 if _control(state, k) is not Control.COIN else 0
        n = max(0 if p[P.US_TROOPS] else 1, control)
        if n and k not in taken:
            needs.append((base, k, n, "US Troops and COIN Control to a space with Police"))
    return needs


def _first_origin(state: GameState, key: str) -> bool:
    """8.8.3 AIR LIFT, first bullet: US units where there is no COIN Control, Support or
    US Base."""
    p = _pieces(state, key)
    return (
        _n(p, *_US_UNITS) > 0
        and not p[P.US_BASE]
        and _country(key) != "north-vietnam"
        and _support(state, key) <= Support.NEUTRAL
        and _control(state, key) is not Control.COIN
    )


def _keep(state: GameState, key: str, op: str, done: Sequence[str]) -> int:
    """COIN units that must stay in ``key`` (8.8.3 AIR LIFT, second bullet; 8.8.5): enough
    for COIN Control, 3 at Support, and the US Troops the Operation still needs there --
    none for a space already Assaulted (ruling R334)."""
    p = _pieces(state, key)
    coin = _coin(p)
    keep = 0
    control = _control(state, key)
    if control is Control.COIN:
        keep = _insurgents(p) + 1
    elif not _is_loc(key) and control is not Control.NVA:
        keep = max(0, _nva(p) - _vc(p))  # adding NVA Control
    if _support(state, key) > Support.NEUTRAL:
        keep = max(keep, min(coin, 3))
    if (op == "assault" and key not in done and _assault_category(state, key)) or (
        op == "sweep" and key in done
    ):
        keep = max(keep, coin - _n(p, P.ARVN_TROOPS, *_RANGERS, *_IRREGULARS))
    return keep


def _spare_troops(state: GameState, key: str, op: str, done: Sequence[str]) -> int:
    """US Troops an Air Lift may take from ``key``: all of a first-bullet origin's, else
    those beyond what must stay (:func:`_keep`)."""
    p = _pieces(state, key)
    if not p[P.US_TROOPS]:
        return 0
    if _first_origin(state, key):
        return p[P.US_TROOPS]
    return max(0, min(p[P.US_TROOPS], _coin(p) - _keep(state, key, op, done)))


def _origin_rank(state: GameState, key: str, spare: int) -> tuple[int, ...]:
    """8.8.3 AIR LIFT origins, best first: the first bullet's (Laos and Cambodia first,
    the most US Troops), then spaces with the most units to spare (``spare``: those of
    ``key``, :func:`_spare_troops`)."""
    p = _pieces(state, key)
    if _first_origin(state, key):
        return (0, 0 if SPACE[key].in_laos_or_cambodia else 1, -p[P.US_TROOPS])
    return (1, 0, -spare)


def _lift_moves(
    state: GameState,
    op: str,
    done: Sequence[str],
    moves: Sequence[Move],
    noted: Sequence[str] = (),
) -> list[Lift]:
    """The Air Lift moves the flowchart wants now, best first (8.8.3 AIR LIFT), given the
    moves made so far: Operation and Police destinations from the potential origins (3, 1
    in Monsoon: ruling R335; ``noted``: those identified at the Air Lift's first question,
    in their order, ruling R363), the first bullet's origins emptied onto the last
    destination, then 1 Special Force to an empty space in Laos or Cambodia."""
    return _lift_plan(state, op, done, moves, noted)[1]


LiftPlan = tuple[list[str], list[Lift]]
"""The potential origins of an Air Lift (:func:`potential_origins`) and its moves."""


def _lift_plan(
    state: GameState,
    op: str,
    done: Sequence[str],
    moves: Sequence[Move],
    noted: Sequence[str] = (),
) -> LiftPlan:
    """:func:`_lift_moves` with the potential origins it used. The questions of one Air
    Lift move (its origin, destination and pieces) ask it of the same position, so the last
    plan is reused while everything it depends on is equal: the spaces, Capabilities,
    Policy, Monsoon, M-48 Patton's use, and the arguments (``plans.reuse``)."""
    key = (
        state.spaces,
        state.capabilities,
        _policy(state),
        monsoon(state),
        _patton_used(state),
        op,
        tuple(done),
        tuple(moves),
        tuple(noted),
    )
    origins, lifts = reuse(
        "us-air-lift", key, lambda: _make_lift_plan(state, op, done, moves, noted)
    )
    return list(origins), list(lifts)


def _make_lift_plan(
    state: GameState,
    op: str,
    done: Sequence[str],
    moves: Sequence[Move],
    noted: Sequence[str] = (),
) -> LiftPlan:
    """:func:`_lift_plan`, made afresh."""
    limit = 2 if monsoon(state) else 4
    touched: list[str] = []
    for m in moves:
        for s in (m.origin, m.destination):
            if s not in touched:
                touched.append(s)
    used = [m.origin for m in moves]
    destinations = [m.destination for m in moves]

    seen = set(touched)

    def room(origin: str, destination: str) -> bool:
        new = {origin, destination} - seen
        return len(touched) + len(new) <= limit

    needs = [n for n in _lift_needs(state, op, done) if n[1] not in used]
    wanted = {d for _, d, _, _ in needs}
    origins = potential_origins(state, op, done, wanted, destinations, used, noted)
    spare = {o: _spare_troops(state, o, op, done) for o in origins}
    found: list[Lift] = []
    for rank, dest, need, why in needs:
        able = [o for o in origins if o != dest and room(o, dest)]
        if sum(spare[o] for o in able) < need:
            continue  # the potential origins cannot fill it
        for o in able:
            found.append(Lift(o, dest, _TROOPS_ONLY, min(need, spare[o]), rank, why))
            break
    if found or not moves:
        return origins, found
    last = destinations[-1]
    for o in used:
        if _first_origin(state, o) and o != last:
            found.append(Lift(o, last, _US_UNITS, 99, 1000, "the rest of the US units there"))
    if found:
        return origins, found
    if any(
        m.piece in (*_IRREGULARS, *_RANGERS) and SPACE[m.destination].in_laos_or_cambodia
        for m in moves
    ):
        return origins, []
    empty = [k for k in SPACE_IDS if SPACE[k].in_laos_or_cambodia and not sum(_pieces(state, k))]
    for o in [*used, *origins]:
        p = _pieces(state, o)
        if not _n(p, *_IRREGULARS, *_RANGERS):
            continue
        for d in empty:
            if d != o and room(o, d):
                found.append(
                    Lift(
                        o,
                        d,
                        (*_IRREGULARS, *_RANGERS),
                        1,
                        2000,
                        "1 Special Force to Laos or Cambodia",
                    )
                )
        if found:
            break
    return origins, found


def potential_origins(
    state: GameState,
    op: str,
    done: Sequence[str],
    wanted: Collection[str] = (),
    destinations: Sequence[str] = (),
    used: Sequence[str] = (),
    noted: Sequence[str] = (),
) -> list[str]:
    """8.8.3 AIR LIFT's potential origins (3, 1 in Monsoon, ruling R335), in the order they
    were chosen: those ``noted`` at the Air Lift's first question that may still send units
    (not a destination since), then -- only to replace those -- the best of the others
    (origins already used first; the first bullet's spaces, then the most units to spare)."""

    def able(k: str) -> bool:
        return k not in wanted and k not in destinations and _country(k) != "north-vietnam"

    spare = {
        k: n
        for k in spaces_with(state, P.US_TROOPS)
        if able(k) and (n := _spare_troops(state, k, op, done)) > 0
    }  # the spaces that may send US Troops, and how many
    size = 1 if monsoon(state) else 3
    kept = [k for k in noted if k in spare][:size]
    others = sorted(
        (k for k in spare if k not in kept),
        key=lambda k: (k not in used, _origin_rank(state, k, spare[k]), SPACE[k].index),
    )
    return [*kept, *others][:size]


AIR_LIFT_ORIGINS = "air-lift-origins."
"""The agent note of the Air Lift's potential origins, in order, '.'-separated (R363)."""


def air_lift_possible(state: GameState, op: str, done: Sequence[str] = ()) -> bool:
    """8.8.3 AIR LIFT: a destination the Operation or the Police bullet wants and an origin
    to fill it from (the later bullets only extend an Air Lift, ruling R333)."""
    if _air_lift_banned(state):
        return False
    return any(lift.count > 0 for lift in _lift_moves(state, op, done, ()))


def _lift_context(decision: Decision) -> tuple[str, tuple[str, ...]]:
    parent = decision.context.parent
    if parent is None or parent.procedure in ("eligible-turn", "event", "card-turn"):
        return "", ()
    return parent.procedure, parent.done


def _made(state: GameState, name: str) -> list[Move]:
    since = _answers_since(state, name)
    return [] if since is None else _moves(since)


def _best_lift(lifts: Sequence[Lift], roller: Roller) -> Lift:
    top = min(lift.rank for lift in lifts)
    best = [lift for lift in lifts if lift.rank == top]
    if len(best) == 1:
        return best[0]
    place = choose_space([lift.destination for lift in best], roller)
    return next(lift for lift in best if lift.destination == place)


def air_lift(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.3 AIR LIFT, one move at a time: the next origin, its destination and the pieces
    (US before ARVN, Troops before Special Forces), just enough for each destination."""
    state = game.state
    options = decision.options
    op, done = _lift_context(decision)
    moves = _made(state, "air-lift")
    noted = (noted_spaces(state, US, AIR_LIFT_ORIGINS) or ()) if moves else ()
    origins, planned = _lift_plan(state, op, done, moves, noted)
    lifts = [lift for lift in planned if lift.count > 0]
    if decision.kind is Kind.SELECT_SPACE:
        spaces = _selects(options)
        if DONE in options:  # from where
            ready = [lift for lift in lifts if lift.origin in spaces]
            if not ready:
                return Choice(DONE, roller.why("8.8.3", "Air Lift: nothing more to move"))
            lift = _best_lift(ready, roller)
            reason = f"Air Lift from {_name(lift.origin)}: {lift.why}"
            if moves:
                return Choice(Select(lift.origin), roller.why("8.8.3", reason))
            note = AIR_LIFT_ORIGINS + ".".join(origins)  # none noted, none used yet
            return Choice(
                Select(lift.origin),
                coinlake.Why("8.8.3", reason, tuple(roller.rolls), note=note),
            )
        last = _last(game)
        origin = last.space if isinstance(last, Select) else None
        ready = [lift for lift in lifts if lift.origin == origin and lift.destination in spaces]
        if ready:
            lift = _best_lift(ready, roller)
            return Choice(
                Select(lift.destination),
                roller.why("8.8.3", f"Air Lift to {_name(lift.destination)}: {lift.why}"),
            )
        return _any_space(spaces, roller, "8.8.3", "Air Lift: no destination wanted from here")
    if decision.kind in (Kind.MOVE_PIECES, Kind.PLACE_PIECES):
        offered = _moves(options)
        if not offered:
            return None
        origin, dest = offered[0].origin, offered[0].destination
        wanted = [lift for lift in lifts if lift.origin == origin and lift.destination == dest]
        lift = wanted[0] if wanted else Lift(origin, dest, _US_UNITS, 99, 0, "the US units there")
        for piece in lift.pieces:
            mine = [m for m in offered if m.piece is piece]
            if mine:
                best = max(
                    (m for m in mine if m.count <= lift.count),
                    key=lambda m: m.count,
                    default=min(mine, key=lambda m: m.count),
                )
                return Choice(
                    best,
                    roller.why("8.8.3", f"Air Lift {best.count} {best.piece.token}: {lift.why}"),
                )
        move = offered[0]
        return Choice(
            move, roller.why("8.8.3", "Air Lift: US before ARVN, Troops before Special Forces")
        )
    return _common(game, decision, roller, "8.8.3")


# == Air Strike (8.8.3 AIR STRIKE) =================================================================
def _air_targets(
    p: Counts, targets: Sequence[Faction] = (Faction.NVA, Faction.VC)
) -> tuple[Piece, ...]:
    """4.2.3: NVA Troops first, then Active Guerrillas, Bases once nothing else is there."""
    if Faction.NVA in targets and p[P.NVA_TROOPS]:
        return (P.NVA_TROOPS,)
    active = tuple(g for g in _ACTIVE if p[g] and g.faction in targets)
    if active or _n(p, *_ACTIVE, *_UNDERGROUND, P.NVA_TROOPS):
        return active
    return tuple(b for b in _OPEN_BASES if p[b] and b.faction in targets)


def _trail_floor(state: GameState) -> int:
    return 2 if _capability(state, AAA) is Side.SHADED else 0


def _can_degrade(state: GameState) -> bool:
    return not _momentum(state, ORISKANY) and state.trail > _trail_floor(state)


def air_strike_possible(state: GameState) -> bool:
    """8.8.3 AIR STRIKE: not barred, and it could remove a VC or NVA piece or Degrade the
    Trail."""
    if _air_strike_banned(state):
        return False
    if _can_degrade(state):
        return True
    arc = _capability(state, ARC_LIGHT) is Side.UNSHADED
    for key in SPACE_IDS:
        p = _pieces(state, key)
        if _air_targets(p) and (_coin(p) or (arc and SPACE[key].is_province)):
            return True
    return False


def _nva_control_need(state: GameState, key: str) -> int:
    """NVA pieces an Air Strike must remove to end NVA Control of ``key`` (0: cannot or no
    need)."""
    p = _pieces(state, key)
    if _control(state, key) is not Control.NVA or _pop(key) < 1:
        return 0
    need = _nva(p) - _coin(p) - _vc(p)
    removable = p[P.NVA_TROOPS] + p[P.NVA_GUERRILLA_ACTIVE]
    return need if 0 < need <= removable else 0


def _strike_rank(state: GameState, key: str) -> tuple[float, ...] | None:
    """The AIR STRIKE order of a space to select: an Arc Light Province, NVA Control to
    remove (most Population), LoCs with COIN pieces nearest Saigon, Bases, then pieces
    (Active Opposition first, lowest Population)."""
    p = _pieces(state, key)
    targets = _air_targets(p)
    if not targets:
        return None
    opposition = _support(state, key) is Support.ACTIVE_OPPOSITION and _coin(p) > 0
    if not _coin(p):
        return (0, -_pop(key))
    if _nva_control_need(state, key):
        return (1, -_pop(key))
    if _is_loc(key):
        return (2, _FROM_SAIGON.get(key, 99))
    if any(t.kind.value == "base" for t in targets):
        return (3, 0 if opposition else 1, _pop(key))
    return (4, 0 if opposition else 1, _pop(key))


def air_strike(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.3 AIR STRIKE: select the spaces by its priorities, then spend the hits -- 2 to
    Degrade the Trail, then ending NVA Control in the most Population, LoCs near Saigon,
    Bases, the most pieces."""
    state = game.state
    options = decision.options
    kind = decision.kind
    if kind is Kind.SELECT_SPACE:
        ranked = [(r, k) for k in _selects(options) if (r := _strike_rank(state, k)) is not None]
        if not ranked:
            if DONE in options:
                return Choice(DONE, roller.why("8.8.3", "Air Strike: no more spaces with targets"))
            return _any_space(_selects(options), roller, "8.8.3", "Air Strike: no target anywhere")
        top = min(r for r, _ in ranked)
        space = choose_space([k for r, k in ranked if r == top], roller)
        what = (
            "an Arc Light Province",
            "to end NVA Control",
            "a LoC near Saigon",
            "to remove a Base",
            "to remove pieces",
        )
        return Choice(
            Select(space), roller.why("8.8.3", f"Air Strike {what[int(top[0])]}: {_name(space)}")
        )
    if kind is Kind.TARGET:
        key = decision.context.space
        if key is not None and _nva_control_need(state, key):
            return _choose(
                roller, options, Choose("target-nva"), "8.8.3", "target the NVA to end NVA Control"
            )
        return _common(game, decision, roller, "8.8.3")
    if kind is Kind.REMOVE_PIECES:
        return _strike_hit(state, decision, roller)
    return _common(game, decision, roller, "8.8.3")


def _strike_hit(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """One hit of 8.8.3 AIR STRIKE: the Trail, then NVA Control ended in the most Population
    the hits left can reach (ruling R344), LoCs nearest Saigon, Bases, pieces."""
    options = decision.options
    if Choose("degrade-trail") in options:
        return Choice(Choose("degrade-trail"), roller.why("8.8.3", "2 hits Degrade the Trail"))
    offered = _moves(options)
    if not offered:
        return _choose(roller, options, DONE, "8.8.3", "no target left")
    hits = decision.context.left if decision.context.left is not None else 6
    spaces = list(dict.fromkeys(m.origin for m in offered))
    arc = _arc_light_hit(state, offered, spaces, roller)
    if arc is not None:
        return arc
    nva = [(k, _nva_control_need(state, k)) for k in spaces]
    nva = [
        (k, n)
        for k, n in nva
        if n and any(m.origin == k and m.piece.faction is Faction.NVA for m in offered)
    ]
    best: tuple[int, tuple[str, ...]] = (0, ())
    for size in range(1, len(nva) + 1):
        for group in combinations(nva, size):
            if sum(n for _, n in group) <= hits:
                pop = sum(_pop(k) for k, _ in group)
                if pop > best[0]:
                    best = (pop, tuple(k for k, _ in group))
    if best[1]:
        key = max(best[1], key=_pop)
        move = next(m for m in offered if m.origin == key and m.piece.faction is Faction.NVA)
        return Choice(move, roller.why("8.8.3", f"Air Strike to end NVA Control in {_name(key)}"))
    locs = [k for k in spaces if _is_loc(k) and _coin(_pieces(state, k))]
    if locs:
        near = min(_FROM_SAIGON.get(k, 99) for k in locs)
        key = choose_space([k for k in locs if _FROM_SAIGON.get(k, 99) == near], roller)
        return _hit_in(offered, key, roller, "a LoC with US or ARVN pieces nearest Saigon")
    bases = [
        k for k in spaces if any(m.origin == k and m.piece.kind.value == "base" for m in offered)
    ]
    pool, what = (bases, "a Base") if bases else (spaces, "the most pieces")

    def order(k: str) -> tuple[int, int]:
        opposed = _support(state, k) is Support.ACTIVE_OPPOSITION and _coin(_pieces(state, k))
        return (0 if opposed else 1, _pop(k))

    top = min(order(k) for k in pool)
    key = choose_space([k for k in pool if order(k) == top], roller)
    return _hit_in(offered, key, roller, what)


def _arc_light_hit(
    state: GameState, offered: Sequence[Move], spaces: Sequence[str], roller: Roller
) -> Choice | None:
    """8.8.3 AIR STRIKE, unshaded Arc Light (card 8): the Province struck without US or ARVN
    pieces takes the hits right after the Trail's (ruling R361): NVA pieces until its NVA
    Control ends, if it has any; otherwise every hit while it has targets, Bases once the
    rules allow (4.2.3)."""
    if _capability(state, ARC_LIGHT) is not Side.UNSHADED:
        return None
    for key in spaces:
        if not SPACE[key].is_province or _coin(_pieces(state, key)):
            continue
        if _control(_turn_start(state), key) is Control.NVA:  # as the turn began
            if not _nva_control_need(state, key):
                continue
            nva = [m for m in offered if m.origin == key and m.piece.faction is Faction.NVA]
            if nva:
                move = min(nva, key=lambda m: first_rank(m.piece))
                why = f"Arc Light: end NVA Control in {_name(key)}"
                return Choice(move, roller.why("8.8.3", why))
            continue
        return _hit_in(offered, key, roller, "with Arc Light")
    return None


def _hit_in(offered: Sequence[Move], key: str, roller: Roller, what: str) -> Choice:
    here = [m for m in offered if m.origin == key]
    move = min(here, key=lambda m: first_rank(m.piece))
    return Choice(move, roller.why("8.8.3", f"Air Strike {what}: {_name(key)}"))


# == 8.8.4 Patrol =================================================================================
def _patrol_origins(state: GameState) -> list[str]:
    return [
        k
        for k in SPACE_IDS
        if SPACE[k].in_laos_or_cambodia
        and _pieces(state, k)[P.US_TROOPS]
        and any(_country(d) == "south-vietnam" for d in patrol_reach(state, k))
    ]


def patrol(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.4 Patrol (Monsoon): every US Troop in Laos and Cambodia into as few spaces of
    South Vietnam as possible, Cities without Active Support first; then the Patrol's
    Assault on the LoC where it removes the most enemies."""
    state = game.state
    options = decision.options
    kind = decision.kind
    since = _answers_since(state, "patrol")
    moved = _moves(since or ())
    if kind is Kind.SELECT_SPACE:
        spaces = _selects(options)
        if decision.context.procedure == PATROL_ASSAULT:
            return _patrol_assault(state, spaces, roller)
        if DONE in options:
            origins = [k for k in _patrol_origins(state) if k in spaces]
            if not origins:
                return Choice(
                    DONE, roller.why("8.8.4", "no more US Troops in Laos or Cambodia to Patrol")
                )
            most = max(_pieces(state, k)[P.US_TROOPS] for k in origins)
            key = choose_space(
                [k for k in origins if _pieces(state, k)[P.US_TROOPS] == most], roller
            )
            return Choice(
                Select(key), roller.why("8.8.4", f"Patrol the US Troops out of {_name(key)}")
            )
        return _patrol_destination(state, spaces, [m.destination for m in moved], roller)
    if kind is Kind.MOVE_PIECES:
        troops = [m for m in _moves(options) if m.piece is P.US_TROOPS]
        if troops:
            move = max(troops, key=lambda m: m.count)
            return Choice(move, roller.why("8.8.4", "all the US Troops"))
    return _common(game, decision, roller, "8.8.4")


def _patrol_destination(
    state: GameState, spaces: Sequence[str], used: Sequence[str], roller: Roller
) -> Choice | None:
    south = [k for k in spaces if _country(k) == "south-vietnam"]
    if not south:
        return _any_space(spaces, roller, "8.8.4", "no space of South Vietnam in reach")
    origins = _patrol_origins(state)

    def reached(k: str) -> int:
        return sum(1 for o in origins if k in patrol_reach(state, o))

    cities = [
        k for k in south if SPACE[k].is_city and _support(state, k) is not Support.ACTIVE_SUPPORT
    ]
    for pool, what in (
        ([k for k in cities if k in used], "the City already reached"),
        (cities, "a City without Active Support"),
        ([k for k in south if k in used], "the space already reached"),
        ([k for k in south if SPACE[k].is_city], "a City"),
        (south, "a space in South Vietnam"),
    ):
        if pool:
            most = max(reached(k) for k in pool)
            key = choose_space([k for k in pool if reached(k) == most], roller)
            return Choice(Select(key), roller.why("8.8.4", f"Patrol into {what}: {_name(key)}"))
    return None


def _patrol_assault(state: GameState, spaces: Sequence[str], roller: Roller) -> Choice:
    scored = [(us_assault(state, k).removed, k) for k in spaces]
    most = max((n for n, _ in scored), default=0)
    if most <= 0:
        return Choice(DONE, roller.why("8.8.4", "no Assault on a LoC would remove an enemy"))
    key = choose_space([k for n, k in scored if n == most], roller)
    return Choice(
        Select(key), roller.why("8.8.4", f"Assault on {_name(key)}: the most enemies removed")
    )


# == ADVISE (8.8.4) ==============================================================================
@frozen
class AdviseOption:
    """What Advise could do in a space: the mode, its priority (1-4) and its score."""

    mode: str
    priority: int
    score: int
    nva: bool


def _advise_options(state: GameState, key: str) -> list[AdviseOption]:
    """8.8.4 ADVISE in ``key``: an ARVN Assault or Special Forces removing enemies (1 --
    adding COIN Control or ending NVA Control, 2 -- removing a Base, 3 -- the most pieces),
    else an ARVN Sweep Activating the most Underground Guerrillas (4); Control judged after
    the removal (ruling R346)."""
    p = _pieces(state, key)
    found: list[AdviseOption] = []
    before = _control(state, key)
    s_and_d = (
        _capability(state, SEARCH_AND_DESTROY) is Side.SHADED
        and SPACE[key].is_province
        and _support(state, key) > Support.NEUTRAL
    )
    results: list[tuple[str, Strike]] = []
    if _n(p, P.ARVN_TROOPS, P.ARVN_POLICE) and _insurgents(p) and not s_and_d:
        results.append(("assault", _simulate(p, assault_removals(p, ARVN, key))))
    if _n(p, P.US_IRREGULAR_UNDERGROUND, P.ARVN_RANGER_UNDERGROUND) and _insurgents(p):
        results.append(("special-forces", _special_forces(p)))
    for mode, strike in results:
        if not strike.removed:
            continue
        after = _control_of(strike.after) if not _is_loc(key) else Control.NONE
        control = (before is not Control.COIN and after is Control.COIN) or (
            before is Control.NVA and after is not Control.NVA
        )
        priority = 1 if control else 2 if strike.base else 3
        found.append(AdviseOption(mode, priority, strike.removed, before is Control.NVA))
    if not _is_loc(key) and not monsoon(state):
        forces = _n(p, P.ARVN_TROOPS, P.ARVN_POLICE, *_RANGERS)
        if _terrain(key) == "jungle":
            forces //= 2
        activated = min(forces, _n(p, *_UNDERGROUND))
        if activated:
            found.append(AdviseOption("sweep", 4, activated, False))
    return found


def _special_forces(p: Counts) -> Strike:
    """4.2.1: an Underground Irregular or Ranger removes 2 enemy pieces -- any Troops or
    Guerrillas (VC Underground first, 8.1.2), Bases once none is left."""
    q = list(p)
    removed = 0
    base = False
    for piece in (*_UNDERGROUND, *_ACTIVE, P.NVA_TROOPS, *_OPEN_BASES):
        if piece in _OPEN_BASES and _n(q, *_UNDERGROUND, *_ACTIVE, P.NVA_TROOPS):
            continue
        k = min(2 - removed, q[piece])
        q[piece] -= k
        removed += k
        base = base or (k > 0 and piece in _OPEN_BASES)
    return Strike(removed, 0, 0, base, False, q[P.NVA_TROOPS] < p[P.NVA_TROOPS], tuple(q))


def _best_advise(state: GameState, key: str) -> AdviseOption | None:
    found = _advise_options(state, key)
    if not found:
        return None
    return min(found, key=lambda o: (o.priority, -o.score, o.mode != "assault"))


def advise_possible(state: GameState, trained: Sequence[str] = ()) -> bool:
    """8.8.4 ADVISE: some space (not ``trained``, 4.2.1) where it would remove or Activate
    an enemy."""
    return any(
        _advise_options(state, k)
        for k in SPACE_IDS
        if _country(k) != "north-vietnam" and k not in trained
    )


def advise(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.4 ADVISE in up to 2 spaces: Assault (or Special Forces) to add COIN Control or
    end NVA Control, then to remove Bases, then the most pieces; then ARVN Sweeps
    Activating the most Underground Guerrillas; +6 Aid if Aid is 30 or less."""
    state = game.state
    options = decision.options
    kind = decision.kind
    key = decision.context.space
    if kind is Kind.SELECT_SPACE:
        scored = [(b, k) for k in _selects(options) if (b := _best_advise(state, k)) is not None]
        if not scored:
            if DONE in options:
                return Choice(DONE, roller.why("8.8.4", "Advise: nowhere left to act"))
            return _any_space(_selects(options), roller, "8.8.4", "Advise")
        top = min((b.priority, -b.score) for b, _ in scored)
        space = choose_space([k for b, k in scored if (b.priority, -b.score) == top], roller)
        wants = (
            "",
            "to add COIN Control or end NVA Control",
            "to remove a Base",
            "to remove the most pieces",
            "to Activate the most Guerrillas",
        )
        return Choice(Select(space), roller.why("8.8.4", f"Advise {wants[top[0]]}: {_name(space)}"))
    if kind is Kind.CHOOSE_MODE and key is not None:
        words = _words(options)
        if "irregular" in words:
            return Choice(Choose("irregular"), roller.why("8.1.2", "an Irregular (US before ARVN)"))
        best = _best_advise(state, key)
        if best is not None and best.mode in words:
            return Choice(
                Choose(best.mode), roller.why("8.8.4", f"Advise by {best.mode} in {_name(key)}")
            )
        order = [w for w in ("assault", "special-forces", "sweep") if w in words]
        if order:
            return Choice(
                Choose(order[0]), roller.why("8.8.4", "Assault, then Special Forces, then Sweep")
            )
    if kind is Kind.TARGET and key is not None:
        best = _best_advise(state, key)
        if best is not None and best.priority == 1 and best.nva:
            return _choose(
                roller, options, Choose("target-nva"), "8.8.4", "target the NVA to end NVA Control"
            )
    return _common(game, decision, roller, "8.8.4")


# == 8.8.5 Sweep ==================================================================================
def _sweep_needs(state: GameState, key: str) -> tuple[int, int, int]:
    """US Troops Sweep space ``key`` lacks (8.8.5): to Activate every Underground Guerrilla,
    more than half of them (0 when there is none), and for COIN Control; none into a space
    with more than 2 NVA Troops (99: never)."""
    p = _pieces(state, key)
    if p[P.NVA_TROOPS] > 2:
        return 99, 99, 99
    hidden = _n(p, *_UNDERGROUND)
    jungle = _terrain(key) == "jungle"
    forces = p[P.US_TROOPS] + _n(p, *_IRREGULARS)

    def need(activated: int) -> int:
        """US Troops to add for the Sweep to Activate ``activated`` Guerrillas: 1 per cube
        or Special Force, 1 per 2 in Jungle (3.2.3); 99 for 60 or more."""
        extra = max(0, (2 * activated if jungle else activated) - forces)
        return extra if extra < 60 else 99

    every = need(hidden) if hidden else 0
    half = need(hidden // 2 + 1) if hidden else 0  # more than half
    control = max(0, _insurgents(p) - _coin(p) + 1) if not _is_loc(key) else 0
    return every, half, control


def sweep_moves(start: GameState, spaces: Sequence[str]) -> list[tuple[str, str, int, str]]:
    """8.8.5's Troop movement into the Sweep ``spaces`` from the position ``start`` (ruling
    R338): (origin, destination, US Troops, why), in order. First as many as possible from
    Laos and Cambodia into spaces that need any; then, space by space (Support, Bases,
    Population first), as many as Activate every Underground Guerrilla, then as many as
    Activate more than half, then as many as add COIN Control -- each bullet across all
    the spaces before the next, each space taking only what the bullet needs. Troops come
    from the spaces with the most to spare (never a Sweep space); none into a space with
    more than 2 NVA Troops, nor into Laos or Cambodia unless the Policy is Nixon."""
    state = start
    out: list[tuple[str, str, int, str]] = []
    order = sorted(
        (k for k in spaces if _troops_may_enter(start, k)),
        key=lambda k: tuple(-v for v in _sweep_space_rank(start, k)),
    )

    sources = {dest: sweep_origins(start, dest) for dest in order}
    spares: dict[str, int] = {}  # _sweep_spare of the spaces asked, until their pieces move

    def origins(dest: str) -> dict[str, int]:
        found = {}
        for o in sources[dest]:
            if o in spaces:
                continue
            if o not in spares:
                spares[o] = _sweep_spare(state, o)
            if spares[o] > 0:
                found[o] = spares[o]
        return found

    def bring(dest: str, need: int, why: str, far: bool = False) -> None:
        nonlocal state
        while need > 0:
            spare = origins(dest)
            if far:
                spare = {o: n for o, n in spare.items() if SPACE[o].in_laos_or_cambodia}
            if not spare:
                return
            most = max(spare.values())
            origin = next(o for o, n in spare.items() if n == most)
            k = most if far else min(need, most)
            changed = {
                origin: _with(_pieces(state, origin), P.US_TROOPS, -k),
                dest: _with(_pieces(state, dest), P.US_TROOPS, k),
            }
            state = _with_pieces(state, changed)
            for key in changed:
                spares.pop(key, None)
            out.append((origin, dest, k, why))
            need -= k

    for dest in order:
        if any(_sweep_needs(state, dest)):
            bring(dest, 99, "as many US Troops as possible from Laos and Cambodia", far=True)
    for bullet, why in (
        (0, "to Activate every Underground Guerrilla"),
        (1, "to Activate more than half the Underground Guerrillas"),
        (2, "to add COIN Control"),
    ):
        for dest in order:
            need = _sweep_needs(state, dest)[bullet]
            if bullet == 1 and not _sweep_needs(state, dest)[0]:
                continue  # every Guerrilla can be Activated already
            if 0 < need <= sum(origins(dest).values()):
                bring(dest, need, why)
    return out


def _with(p: Counts, piece: Piece, k: int) -> tuple[int, ...]:
    q = list(p)
    q[piece] += k
    return tuple(q)


def _with_pieces(state: GameState, changed: dict[str, tuple[int, ...]]) -> GameState:
    """``state`` with the pieces of some spaces replaced (a position looked ahead to)."""
    spaces = list(state.spaces)
    for key, p in changed.items():
        index = SPACE[key].index
        spaces[index] = attrs.evolve(spaces[index], pieces=p)
    return attrs.evolve(state, spaces=tuple(spaces))


SWEEP_PLAN = "sweep-plan."
"""The agent note of the US Sweep's spaces, in order, '.'-separated (ruling R338)."""


def _sweep_made(state: GameState, done: Sequence[str]) -> list[Move]:
    """The Sweep's own US Troop moves so far: into its spaces, before any Air Lift."""
    answers = _answers_since(state, "sweep") or ()
    if Choose("air-lift") in answers:
        answers = answers[: answers.index(Choose("air-lift"))]
    return [
        m
        for m in _moves(answers)
        if m.destination in done and m.piece is P.US_TROOPS and m.origin in SPACE
    ]


def _sweep_start(state: GameState, done: Sequence[str]) -> GameState:
    """The position when the Sweep began: its Troop moves so far taken back."""
    p: dict[str, tuple[int, ...]] = {}
    for m in _sweep_made(state, done):
        for key, k in ((m.origin, m.count), (m.destination, -m.count)):
            p[key] = _with(p.get(key, _pieces(state, key)), P.US_TROOPS, k)
    return _with_pieces(state, p) if p else state


def _sweep_spare(state: GameState, key: str) -> int:
    """US Troops that may leave ``key`` for a Sweep: changing no Control and keeping the
    last 3 COIN units where there is Support (8.8.5, ruling R338)."""
    p = _pieces(state, key)
    troops = p[P.US_TROOPS]
    if not troops:
        return 0
    coin, insurgents = _coin(p), _insurgents(p)
    if not _is_loc(key):
        control = _control(state, key)
        if control is Control.COIN:
            troops = min(troops, coin - insurgents - 1)
        elif control is Control.NONE:
            troops = min(troops, coin + _vc(p) - _nva(p))
    if _support(state, key) > Support.NEUTRAL:
        troops = min(troops, coin - 3)
    return max(0, troops)


def _sweep_space_rank(state: GameState, key: str) -> tuple[int, int, int]:
    p = _pieces(state, key)
    bases = _n(p, P.US_BASE, P.ARVN_BASE, *_OPEN_BASES, *_TUNNELS)
    return (int(_support(state, key) > Support.NEUTRAL), int(bases > 0), _pop(key))


def sweep(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.5 Sweep: select the spaces with Underground Guerrillas (with US pieces, then up
    to 2 without; Support, Bases, Population), move Troops in, Air Lift (JFK, Nixon), then
    Activate VC before NVA."""
    state = game.state
    options = decision.options
    context = decision.context
    kind = decision.kind
    if kind is Kind.SELECT_SPACE:
        spaces = _selects(options)
        if spaces and all(s in context.done for s in spaces):
            return _cobras(state, spaces, roller)
        if not context.done:
            plan = _plan_sweep_spaces(state, spaces, context.left, roller)
            if plan:
                reason = f"the Sweep's plan: {', '.join(_name(k) for k, _ in plan)}"
                note = SWEEP_PLAN + ".".join(k for k, _ in plan)
                why = coinlake.Why("8.8.5", reason, tuple(roller.rolls), note=note)
                return Choice(Select(plan[0][0]), why)
        following = [k for k in noted_spaces(state, US, SWEEP_PLAN) or () if k not in context.done]
        if following and following[0] in spaces:
            return Choice(
                Select(following[0]),
                roller.why("8.8.5", f"Sweep as planned: {_name(following[0])}"),
            )
        if (
            "air-lift" in _words(options)
            and _policy(state) != "LBJ"
            and air_lift_possible(state, "sweep", context.done)
        ):
            return Choice(
                Choose("air-lift"),
                roller.why("8.8.5", f"{_policy(state)} Policy: Air Lift after Sweep movement"),
            )
        if DONE in options:
            return Choice(DONE, roller.why("8.8.5", "no more spaces to Sweep"))
        return _any_space(spaces, roller, "8.8.5", "no space with Underground Guerrillas")
    if kind is Kind.MOVE_PIECES:
        return _sweep_move(state, decision, roller)
    return _common(game, decision, roller, "8.8.5")


def _next_sweep_space(
    state: GameState, spaces: Sequence[str], done: Sequence[str], roller: Roller
) -> tuple[str | None, str]:
    """8.8.5: the next Sweep space -- Underground Guerrillas and US pieces, then up to 2
    without US pieces as the turn began (ruling R339); Support, Bases, Population; at most
    2 under shaded Booby Traps (shaded Combined Action Platoons: the engine's limit)."""
    limit = 2 if _capability(state, BOOBY_TRAPS) is Side.SHADED else None
    if limit is not None and len(done) >= limit:
        return None, ""
    start = _turn_start(state)
    candidates = [k for k in spaces if _sweep_candidate(state, k)]
    with_us = [k for k in candidates if _us(_pieces(start, k))]
    extra = sum(1 for k in done if not _us(_pieces(start, k)))
    without = [k for k in candidates if k not in with_us] if extra < 2 else []
    for pool, why in ((with_us, "where US pieces are"), (without, "where no US pieces are")):
        if pool:
            ranks = [_sweep_space_rank(state, k) for k in pool]
            top = max(ranks)
            return choose_space(
                [k for k, rank in zip(pool, ranks, strict=True) if rank == top], roller
            ), why
    return None, ""


def _plan_sweep_spaces(
    state: GameState, spaces: Sequence[str], left: int | None, roller: Roller
) -> list[tuple[str, str]]:
    """8.8.5: every Sweep space, selected before any Troop moves (ruling R338), in the order
    :func:`_next_sweep_space` gives, with why."""
    plan: list[tuple[str, str]] = []
    while left is None or len(plan) < left:
        chosen = [k for k, _ in plan]
        key, why = _next_sweep_space(state, [k for k in spaces if k not in chosen], chosen, roller)
        if key is None:
            break
        plan.append((key, why))
    return plan


def _sweep_move(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.5: the US Troops the plan moves into this Sweep space (:func:`sweep_moves`, from
    the position when the Sweep began: the same for each move, so ``plans.reuse`` keeps it
    while the spaces, Policy and Monsoon are equal), less those already moved in."""
    offered = [m for m in _moves(decision.options) if m.piece is P.US_TROOPS]
    if not offered:
        return _choose(roller, decision.options, DONE, "8.8.5", "no US Troops to move in")
    dest = offered[0].destination
    done = decision.context.done
    planned = noted_spaces(state, US, SWEEP_PLAN) or tuple(done)
    made = [m for m in _sweep_made(state, done) if m.destination == dest]
    start = _sweep_start(state, done)
    key = (start.spaces, _policy(start), monsoon(start), tuple(planned))
    plan = reuse("us-sweep", key, lambda: tuple(sweep_moves(start, planned)))
    for origin, n, why in still_to_move(plan, dest, made):
        fit = [m for m in offered if m.origin == origin and m.count <= n]
        if n > 0 and fit:
            move = max(fit, key=lambda m: m.count)
            return Choice(
                move, roller.why("8.8.5", f"{move.count} US Troops into {_name(dest)} {why}")
            )
    return _choose(roller, decision.options, DONE, "8.8.5", "the planned Troops have moved in")


def _cobras(state: GameState, spaces: Sequence[str], roller: Roller) -> Choice:
    bases = [
        k
        for k in spaces
        if not _n(_pieces(state, k), *_UNDERGROUND, *_ACTIVE, P.NVA_TROOPS)
        and _n(_pieces(state, k), *_OPEN_BASES)
    ]
    key = choose_space(bases or list(spaces), roller)
    return Choice(
        Select(key),
        roller.why("8.1.2", f"Cobras: {'a Base' if bases else 'a random space'} in {_name(key)}"),
    )


# == 8.8.7 Train ==================================================================================
def _trainable(state: GameState) -> list[str]:
    return [k for k in _PROVINCES_AND_CITIES if _us(_pieces(state, k)) > 0]


def _arvn_plan(state: GameState) -> str | None:
    """8.8.7: what Training places at 1 US Base -- ``cubes`` (JFK, LBJ; Rangers if no cube
    is Available) or ``rangers`` (Nixon; cubes if no Ranger is); ``None`` if nothing or no
    3 ARVN Resources above Econ."""
    if _spendable(state) < 3:
        return None
    cubes = state.available[P.ARVN_TROOPS] + state.available[P.ARVN_POLICE]
    rangers = state.available[P.ARVN_RANGER_UNDERGROUND]
    order = ("rangers", "cubes") if _policy(state) == "Nixon" else ("cubes", "rangers")
    for kind in order:
        if (cubes if kind == "cubes" else rangers) > 0:
            return kind
    return None


def _transfer_planned(state: GameState) -> bool:
    """8.8.7: ARVN is a player and Patronage is above 22."""
    return Faction.ARVN not in state.options.non_players and state.patronage > 22


def _cap_possible(state: GameState) -> bool:
    if _capability(state, COMBINED_ACTION_PLATOONS) is not Side.UNSHADED:
        return False
    return bool(spaces_with(state, P.US_TROOPS)) and (
        state.available[P.ARVN_POLICE] > 0 or bool(spaces_with(state, P.ARVN_POLICE))
    )


def _pacify_gain(state: GameState, key: str, *, training: bool, shifted: int = 0) -> int:
    """Levels the US Pacification shifts in ``key`` with the ARVN Resources above Econ,
    after removing its Terror (8.8.8: Terror only where a level shifts, ruling R342)."""
    if _is_loc(key) or _control(state, key) is not Control.COIN or not SPACE[key].can_have_support:
        return 0
    if not _us(_pieces(state, key)):
        return 0
    top = Support.ACTIVE_SUPPORT
    if training and _capability(state, CORDS) is Side.SHADED:
        top = Support.PASSIVE_SUPPORT
    room = max(0, min(2 - shifted, top - _support(state, key)))
    cost = coinlake.pacification_cost(state, support_phase=not training)
    steps = _spendable(state) // cost if cost else 99
    sp = state.space(key)
    return max(0, min(room, steps - sp.terror))


def _pacify_rank(
    state: GameState, key: str, *, training: bool, shifted: int = 0
) -> tuple[int, ...]:
    """8.8.8: during Training first where no Police; the greatest shift; no Terror."""
    police = _pieces(state, key)[P.ARVN_POLICE]
    gain = _pacify_gain(state, key, training=training, shifted=shifted)
    return (int(training and not police), gain, int(not state.space(key).terror))


def _train_stage(start: GameState, state: GameState, done: Sequence[str]) -> tuple[str, list[str]]:
    """The role of the next Training space given those selected (8.8.7), judged from the
    position before the Train (``start``) so that a space's role stays the same while its
    pieces are placed: ``cubes`` (1 US Base, selected first, ruling R340), ``irregulars``,
    ``saigon`` (Patronage), ``pacify``, or ``done``; with its candidates."""
    trainable = _trainable(start)
    i = 0
    arvn = _arvn_plan(start)
    bases = [k for k in trainable if _pieces(start, k)[P.US_BASE]]
    if arvn is not None and bases:
        if len(done) == 0:
            return "cubes", [k for k in _trainable(state) if _pieces(state, k)[P.US_BASE]]
        i = 1
    per = 2 if _policy(start) == "JFK" else 1
    irregulars = start.available[P.US_IRREGULAR_UNDERGROUND]
    wanted = -(-irregulars // per)
    for _ in range(wanted):
        left = [k for k in trainable if k not in done[:i]]
        if not left:
            break
        if len(done) == i:
            return "irregulars", [k for k in left if k not in done]
        i += 1
    if _transfer_planned(start) and SAIGON in trainable and SAIGON not in done[:i]:
        if len(done) == i:
            return "saigon", [SAIGON]
        i += 1
    return "pacify", []


def _train_role(state: GameState, done: Sequence[str]) -> str:
    """The role of the space just selected (the last of ``done``)."""
    return _train_stage(_turn_start(state), state, done[:-1])[0]


def train(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.7 Train: ARVN pieces at 1 US Base, Irregulars (1, 2 under JFK; Provinces without
    a US Base first), Saigon for Patronage (ARVN a player, above 22), then a space where
    it helps to Pacify; afterwards transfer Patronage, a CAP Police, or Pacify (8.8.8)."""
    state = game.state
    options = decision.options
    context = decision.context
    kind = decision.kind
    cap = _answers_since(state, "cap-police")
    in_cap = cap is not None and len(cap) <= 1 and all(isinstance(a, Select) for a in cap)
    if kind is Kind.SELECT_SPACE:
        spaces = _selects(options)
        if in_cap:
            return _cap_space(state, spaces, roller)
        if spaces and DONE not in options and all(s in context.done for s in spaces):
            return _pacify_space(state, spaces, roller, training=True)
        return _train_space(state, spaces, context.done, roller, DONE in options)
    if kind is Kind.PLACE_PIECES:
        if in_cap:
            return _cap_source(state, options, roller)
        return _train_place(state, decision, roller)
    if kind is Kind.CHOOSE_MODE:
        return _train_follow_up(state, decision, roller)
    return _common(game, decision, roller, "8.8.7")


def _train_space(
    state: GameState, spaces: Sequence[str], done: Sequence[str], roller: Roller, may_stop: bool
) -> Choice | None:
    start = _turn_start(state)
    stage, pool = _train_stage(start, state, done)
    pool = [k for k in pool if k in spaces]
    if stage == "cubes" and pool:
        arvn = _arvn_plan(state) or "cubes"

        def flips(k: str) -> int:
            p = list(_pieces(state, k))
            if arvn == "cubes":
                p[P.ARVN_TROOPS] += min(
                    6, state.available[P.ARVN_TROOPS] + state.available[P.ARVN_POLICE]
                )
            else:
                p[P.ARVN_RANGER_UNDERGROUND] += min(2, state.available[P.ARVN_RANGER_UNDERGROUND])
            before, after = _control(state, k), _control_of(p)
            return int(
                (before is Control.NVA and after is not Control.NVA)
                or (before is not Control.COIN and after is Control.COIN)
            )

        top = max(flips(k) for k in pool)
        key = choose_space([k for k in pool if flips(k) == top], roller)
        return Choice(Select(key), roller.why("8.8.7", f"ARVN {arvn} at a US Base: {_name(key)}"))
    if stage == "irregulars" and pool:

        def rank(k: str) -> tuple[int, int, int]:
            p = _pieces(state, k)
            return (int(not p[P.US_BASE]), int(SPACE[k].is_province), int(not _n(p, *_IRREGULARS)))

        best = max(rank(k) for k in pool)
        key = choose_space([k for k in pool if rank(k) == best], roller)
        return Choice(Select(key), roller.why("8.8.7", f"Irregulars: {_name(key)}"))
    if stage == "saigon" and SAIGON in spaces:
        return Choice(Select(SAIGON), roller.why("8.8.7", "Train in Saigon to transfer Patronage"))
    if not (_transfer_planned(start) and SAIGON in done):
        wanted = 2 if _capability(state, CORDS) is Side.UNSHADED else 1
        extra = [k for k in spaces if k not in done and _pacify_gain(state, k, training=True)]
        most = max((_pacify_rank(state, k, training=True) for k in extra), default=None)
        as_good = [
            k
            for k in done
            if _pacify_gain(state, k, training=True)
            and most is not None
            and _pacify_rank(state, k, training=True) >= most
        ]
        if most is not None and len(as_good) < wanted:
            key = choose_space(
                [k for k in extra if _pacify_rank(state, k, training=True) == most], roller
            )
            return Choice(Select(key), roller.why("8.8.7", f"Train to Pacify in {_name(key)}"))
    if may_stop:
        return Choice(DONE, roller.why("8.8.7", "no more spaces to Train in"))
    return _any_space(spaces, roller, "8.8.7", "a space to Train in, placing nothing")


def _cube_mix(state: GameState, key: str, total: int) -> tuple[int, int]:
    """8.8.7, 8.1.2: ARVN Troops and Police alternating, from the type fewest in the space
    (Troops if tied), within those Available."""
    p = _pieces(state, key)
    t, q = p[P.ARVN_TROOPS], p[P.ARVN_POLICE]
    at, aq = state.available[P.ARVN_TROOPS], state.available[P.ARVN_POLICE]
    add_t = add_q = 0
    for _ in range(total):
        troops_next = t + add_t <= q + add_q
        if (troops_next and add_t < at) or add_q >= aq:
            if add_t >= at:
                break
            add_t += 1
        else:
            add_q += 1
    return add_t, add_q


def _train_place(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.7 placement by the space's role: Irregulars from Available only (ruling R341),
    ARVN cubes evenly or Rangers at the US Base, nothing where the space is for Patronage
    or Pacification."""
    options = decision.options
    done = decision.context.done
    key = decision.context.space or (done[-1] if done else None)
    offered = [m for m in _moves(options) if m.origin == "available"]
    if key is None:
        return None
    role = _train_role(state, done)
    start = _turn_start(state)
    before, now = _pieces(start, key), _pieces(state, key)
    if role == "irregulars":
        per = 2 if _policy(state) == "JFK" else 1
        left = per - (_n(now, *_IRREGULARS) - _n(before, *_IRREGULARS))
        mine = [m for m in offered if m.piece is P.US_IRREGULAR_UNDERGROUND and m.count <= left]
        if mine:
            move = max(mine, key=lambda m: m.count)
            return Choice(move, roller.why("8.8.7", f"{move.count} Irregular(s) in {_name(key)}"))
    if role == "cubes":
        placed_r = _n(now, *_RANGERS) - _n(before, *_RANGERS)
        placed_t = now[P.ARVN_TROOPS] - before[P.ARVN_TROOPS]
        placed_q = now[P.ARVN_POLICE] - before[P.ARVN_POLICE]
        cubes = [m for m in offered if m.piece in (P.ARVN_TROOPS, P.ARVN_POLICE)]
        rangers = [m for m in offered if m.piece is P.ARVN_RANGER_UNDERGROUND]
        nixon = _policy(state) == "Nixon"
        if placed_t + placed_q == 0 and rangers and (nixon or not cubes):
            fits = [m for m in rangers if m.count <= 2 - placed_r]
            if fits:
                ranger = max(fits, key=lambda m: m.count)
                return Choice(
                    ranger,
                    roller.why("8.8.7", f"{ranger.count} Ranger(s) at the US Base in {_name(key)}"),
                )
        if placed_r == 0 and cubes:
            want_t, want_q = _cube_mix(start, key, 6)
            for piece, want, placed in (
                (P.ARVN_TROOPS, want_t, placed_t),
                (P.ARVN_POLICE, want_q, placed_q),
            ):
                mine = [m for m in cubes if m.piece is piece and m.count <= want - placed]
                if mine:
                    move = max(mine, key=lambda m: m.count)
                    return Choice(
                        move,
                        roller.why(
                            "8.8.7", f"ARVN cubes evenly at the US Base: {move.count} {piece.token}"
                        ),
                    )
    return _choose(roller, options, DONE, "8.8.7", f"nothing more to place in {_name(key)}")


def _train_follow_up(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    options = decision.options
    words = _words(options)
    if "transfer-patronage" in words and _transfer_planned(state):
        return Choice(
            Choose("transfer-patronage"),
            roller.why("8.8.7", "ARVN is a player, Patronage above 22: transfer to ARVN Resources"),
        )
    if "cap-police" in words:
        return Choice(
            Choose("cap-police"), roller.why("8.8.7", "Combined Action Platoons: 1 Police")
        )
    if "pacify" in words and any(
        _pacify_gain(state, k, training=True) > 0 for k in decision.context.done
    ):
        return Choice(Choose("pacify"), roller.why("8.8.8", "Pacify"))
    return _choose(roller, options, DONE, "8.8.7", "Training complete")


def _cap_space(state: GameState, spaces: Sequence[str], roller: Roller) -> Choice | None:
    if not spaces:
        return None
    least = min(_pieces(state, k)[P.ARVN_POLICE] for k in spaces)
    key = choose_space([k for k in spaces if _pieces(state, k)[P.ARVN_POLICE] == least], roller)
    return Choice(
        Select(key),
        roller.why("8.8.7", f"CAP Police where US Troops and the fewest Police: {_name(key)}"),
    )


def _cap_source(state: GameState, options: Sequence[Command], roller: Roller) -> Choice | None:
    offered = _moves(options)
    for m in offered:
        if m.origin == "available":
            return Choice(m, roller.why("8.1.2", "a Police from Available"))
    most = max(_pieces(state, m.origin)[P.ARVN_POLICE] for m in offered)
    origin = choose_space(
        [m.origin for m in offered if _pieces(state, m.origin)[P.ARVN_POLICE] == most], roller
    )
    move = next(m for m in offered if m.origin == origin)
    return Choice(move, roller.why("8.1.2", f"a Police from the map: {_name(origin)}"))


# == 8.8.8 Pacify =================================================================================
def _pacify_space(
    state: GameState, spaces: Sequence[str], roller: Roller, *, training: bool
) -> Choice | None:
    shifted = dict(state.coup_step.levels) if not training else {}
    gains = [
        k
        for k in spaces
        if _pacify_gain(state, k, training=training, shifted=shifted.get(k, 0)) > 0
    ]
    if not gains:
        return None
    top = max(_pacify_rank(state, k, training=training, shifted=shifted.get(k, 0)) for k in gains)
    key = choose_space(
        [
            k
            for k in gains
            if _pacify_rank(state, k, training=training, shifted=shifted.get(k, 0)) == top
        ],
        roller,
    )
    return Choice(Select(key), roller.why("8.8.8", f"Pacify: the greatest shift, {_name(key)}"))


def pacify(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.8 Pacify (Support Phase): to the maximum extent, the greatest shift first, then
    where no Terror is; Terror removed only where a level then shifts."""
    state = game.state
    options = decision.options
    kind = decision.kind
    if kind is Kind.SELECT_SPACE:
        chosen = _pacify_space(state, _selects(options), roller, training=False)
        if chosen is not None:
            return chosen
        return _choose(roller, options, DONE, "8.8.8", "no Pacification would shift a level")
    if kind is Kind.CHOOSE_MODE:
        levels = [w for w in _words(options) if w != "remove-terror"]
        if levels:
            return Choice(
                Choose(levels[-1]), roller.why("8.8.8", f"Pacify to {levels[-1]} (maximum extent)")
            )
    if kind is Kind.HOW_MANY:
        most = max((c for c in options if isinstance(c, Count)), key=lambda c: c.n)
        return Choice(most, roller.why("8.8.8", "to the maximum extent"))
    return None


# == 8.8.9 Commitment =============================================================================
_TARGETS = {"JFK": 15, "LBJ": 5, "Nixon": 25}
"""8.8.9: US Troops the US aims to have Available after Commitment, by Policy."""


def _base_spaces(state: GameState) -> tuple[str, ...]:
    return spaces_with(state, P.US_BASE)


def _even_target(state: GameState, spaces: Sequence[str], roller: Roller) -> str:
    """The US Base space with the fewest US Troops (8.8.9: as even as possible)."""
    with_base = set(_base_spaces(state))
    bases = [k for k in spaces if k in with_base]
    if not bases:
        return SAIGON if SAIGON in spaces else choose_space(list(spaces), roller)
    least = min(_pieces(state, k)[P.US_TROOPS] for k in bases)
    return choose_space([k for k in bases if _pieces(state, k)[P.US_TROOPS] == least], roller)


def _commitment_plan(state: GameState, roller: Roller) -> tuple[str, str, Piece, int, str] | None:
    """The next US move of 8.8.9: (origin, destination, piece, count, why), or ``None``."""
    policy = _policy(state)
    moved, placed = _commitment_so_far(state)
    bases_moved = sum(m.count for m in moved if m.piece is P.US_BASE)
    troops_moved = sum(m.count for m in moved if m.piece is P.US_TROOPS)
    if bases_moved < 2 and policy in ("JFK", "LBJ") and state.available[P.US_BASE]:
        coin = set(_coin_spaces(state))
        room = [
            k
            for k in SPACE_IDS
            if k in coin
            and not _is_loc(k)
            and not _n(_pieces(state, k), P.US_BASE, P.ARVN_BASE)
            and state.space(k).bases() < 2
        ]
        if room:
            key = choose_space(room, roller)
            return (
                "available",
                key,
                P.US_BASE,
                1,
                f"{policy}: a US Base where COIN Control and no COIN Base",
            )
    if bases_moved < 2 and policy == "Nixon":
        outside = [k for k in _base_spaces(state) if k != SAIGON]
        if outside:
            key = choose_space(outside, roller)
            return key, "available", P.US_BASE, 1, "Nixon: withdraw a US Base outside Saigon"
        if _pieces(state, SAIGON)[P.US_BASE] > 1:
            return (
                SAIGON,
                "available",
                P.US_BASE,
                1,
                "Nixon: withdraw a US Base, leaving 1 in Saigon",
            )
    budget = 10 - placed - troops_moved
    if budget <= 0:
        return None
    gap = state.available[P.US_TROOPS] - _TARGETS[policy]
    if gap > 0:
        places = _commitment_places(state)
        key = _even_target(state, places, roller)
        return (
            "available",
            key,
            P.US_TROOPS,
            min(gap, budget, _even_step(state, key)),
            f"{policy}: Troops to the map, evenly at US Bases",
        )
    if gap < 0:
        with_troops = set(spaces_with(state, P.US_TROOPS))
        places = [k for k in _commitment_places(state) if k in with_troops]
        loose = [k for k in places if not _pieces(state, k)[P.US_BASE] and k != SAIGON]
        if loose:
            key = choose_space(loose, roller)
            why = "withdraw Troops first where no US Base is"
        elif places:
            most = max(_pieces(state, k)[P.US_TROOPS] for k in places)
            key = choose_space(
                [k for k in places if _pieces(state, k)[P.US_TROOPS] == most], roller
            )
            why = "withdraw Troops evenly from the US Bases"
        else:
            return None
        count = min(-gap, budget, _pieces(state, key)[P.US_TROOPS])
        return key, "available", P.US_TROOPS, count, f"{policy}: {why}"
    return None


def _commitment_so_far(state: GameState) -> tuple[list[Move], int]:
    """The US moves of this Commitment so far and the Casualties placed: the Coup Round's
    record (6.5), or an Event's Commitment (card 73) since the Event began."""
    if state.phase.value == "coup":
        step = state.coup_step
        moved = [Move(piece, n, "map", where) for where, piece, n in step.arrived]
        return moved, step.placed
    since = _answers_since(state, "event", "pivotal") or ()
    moves = _moves(since)
    placed = sum(m.count for m in moves if m.origin == "casualties")
    return [m for m in moves if m.origin != "casualties"], placed


def _coin_spaces(state: GameState) -> tuple[str, ...]:
    """Spaces under COIN Control as the Commitment Phase began (6.5), or now for an Event's."""
    if state.coup_step.coin:
        return state.coup_step.coin
    return tuple(k for k in SPACE_IDS if _control(state, k) is Control.COIN)


def _commitment_places(state: GameState) -> list[str]:
    """The spaces Commitment may move US pieces to or from (6.5): COIN Control (as the
    Commitment Phase began), LoCs and Saigon, in map order."""
    places = _LOCS.union(_coin_spaces(state), (SAIGON,))
    return list(filter(places.__contains__, SPACE_IDS))


def _even_step(state: GameState, key: str) -> int:
    """Troops to add at ``key`` before another US Base has fewer."""
    others = [_pieces(state, k)[P.US_TROOPS] for k in _base_spaces(state) if k != key]
    here = _pieces(state, key)[P.US_TROOPS]
    if not _pieces(state, key)[P.US_BASE] or not others:
        return 99
    return max(1, min(others) - here)


def commitment(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """8.8.9 Commitment: returning Casualties as evenly as possible at the US Bases (else
    Saigon); then by Policy 2 US Bases added (JFK, LBJ) or withdrawn (Nixon), and Troops
    added or withdrawn toward 15 (JFK), 5 (LBJ) or 25 (Nixon) Available (ruling R343)."""
    state = game.state
    options = decision.options
    origin = decision.context.space
    kind = decision.kind
    if kind is Kind.SELECT_SPACE and origin == "casualties":
        key = _even_target(state, _selects(options), roller)
        return Choice(
            Select(key),
            roller.why("8.8.9", f"returning Casualties evenly at US Bases: {_name(key)}"),
        )
    if kind is Kind.PLACE_PIECES and origin == "casualties":
        offered = _moves(options)
        dest = offered[0].destination
        step = _even_step(state, dest)
        move = max(
            (m for m in offered if m.count <= step), key=lambda m: m.count, default=offered[0]
        )
        return Choice(
            move, roller.why("8.8.9", f"{move.count} Casualties to {_name(dest)}, evenly")
        )
    plan = _commitment_plan(state, roller)
    if kind is Kind.SELECT_SPACE and origin is None:
        if plan is None or Select(plan[0]) not in options:
            return _choose(roller, options, DONE, "8.8.9", "Commitment complete for the Policy")
        return Choice(Select(plan[0]), roller.why("8.8.9", plan[4]))
    if kind is Kind.SELECT_SPACE:
        spaces = _selects(options)
        if plan is not None and plan[0] == origin and plan[1] in spaces:
            return Choice(Select(plan[1]), roller.why("8.8.9", plan[4]))
        if "available" in spaces:
            return Choice(
                Select("available"), roller.why("8.8.9", "no move between spaces (8.8.9 NOTE)")
            )
        key = _even_target(state, spaces, roller)
        return Choice(Select(key), roller.why("8.8.9", f"evenly at US Bases: {_name(key)}"))
    if kind in (Kind.MOVE_PIECES, Kind.PLACE_PIECES):
        offered = _moves(options)
        if plan is not None:
            mine = [m for m in offered if m.piece is plan[2] and m.count <= plan[3]]
            if mine:
                move = max(mine, key=lambda m: m.count)
                return Choice(move, roller.why("8.8.9", plan[4]))
        troops = [m for m in offered if m.piece is P.US_TROOPS] or offered
        move = min(troops, key=lambda m: m.count)
        return Choice(move, roller.why("8.8.9", "as few as the move allows"))
    return None


# == Events (8.4) ==================================================================================
# An Event's own choices (8.4.3-8.4.5: Out of Play first, the US itself benefiting...) are the
# shared rules' (coinlake.nonplayers.event_choices): the flowchart answers ``None`` there.


Step = Callable[[Game, Decision, Roller], Choice | None]
_STEPS: dict[str, Step] = {
    "assault": assault,
    "patrol": patrol,
    PATROL_ASSAULT: patrol,
    "sweep": sweep,
    "train": train,
    "air-lift": air_lift,
    "air-strike": air_strike,
    "advise": advise,
    "pacify": pacify,
    "commitment": commitment,
}

FLOWCHARTS[US] = flowchart
