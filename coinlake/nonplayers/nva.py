"""8.6 The Non-player NVA: its flowchart, step by step.

The action (8.6 from the upper left): :func:`attack_conditions` (8.6.1), then
:func:`pass_or_event` (8.6.2), then :func:`terror_conditions` (8.6.3),
:func:`rally_conditions` (8.6.4) and the March and Rally fall-backs (8.6.5, 8.6.4 IF NONE).
The Operation chosen is remembered as the agent's note on the card (``attack``,
``terror``, ``rally``, ``march``), and so is the 8.6.2 Capability look-ahead
(``capability-lookahead``). Each later Decision of the Operation is answered by the
function of its step -- :func:`attack` and :func:`ambush` (8.6.1), :func:`bombard`,
:func:`terror` (8.6.3), :func:`rally` and :func:`infiltrate` (8.6.4), :func:`march` (8.6.5),
:func:`redeploy` (8.6.6) -- from the position as it stands, a priority being exhausted by
being asked again (8.1.3). Where a step must know what it did earlier in the same
Operation it reads the turn's answers (``state.pending``) or its own note (the March's
plan and its NVA Control at the beginning, :class:`MarchNote`; Redeploy moves). Free
Operations and Special Activities granted by Events follow the same priorities, and
:func:`event_choice` takes the Event choices 8.4.4 settles for the NVA; sides, Pivotal
Events, Resource transfers and other Event choices (among them the 8.4.4 track directions)
are the shared rules' (``agents.NonPlayer``). The readings of unclear text are rulings
R290-R308.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

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
    SpaceState,
    Why,
    ambush_reach,
)
from coinlake.nonplayers import events
from coinlake.nonplayers.agents import EVENT, FLOWCHARTS, LIMOP, OP, OP_SA, PASS, PIVOTAL
from coinlake.nonplayers.board import ADJACENT, SPACE, SPACE_IDS, spaces_with
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.plans import reuse
from coinlake.nonplayers.priorities import Score, narrow
from coinlake.nonplayers.random_spaces import choose_space, random_loc

NVA = Faction.NVA
DONE = Done()
NOT_NOW, NO_SA = Choose("not-now"), Choose("no-sa")
ATTACK, TERROR, RALLY, MARCH = "attack", "terror", "rally", "march"
AMBUSH, BOMBARD, INFILTRATE = Choose("ambush"), Choose("bombard"), Choose("infiltrate")
LOOKAHEAD = "capability-lookahead"
TRANSFERS = (Choose("give-resources"), Choose("get-resources"))

# cards whose lasting effects the flowchart reads (5.3, 5.4)
CLAYMORES, AAA, MCNAMARA_LINE, PT_76, TRANSPORT_GRP_559 = 17, 31, 38, 45, 46
BOOBY_TRAPS, TYPHOON_KATE = 101, 115

"""Every space, in map order (the order of ``GameState.spaces``)."""
SOUTH_ADJACENT: dict[str, tuple[str, ...]] = {
    k: tuple(a for a in near if SPACE[a].in_south and not SPACE[a].is_loc)
    for k, near in ADJACENT.items()
}
"""The Provinces and Cities of South Vietnam next to each space."""
HUE_DA_NANG = "loc-hue-da-nang"

TROOPS = Piece.NVA_TROOPS
UNDERGROUND, ACTIVE = Piece.NVA_GUERRILLA_UNDERGROUND, Piece.NVA_GUERRILLA_ACTIVE
GUERRILLAS = (UNDERGROUND, ACTIVE)
UNITS = (TROOPS, UNDERGROUND, ACTIVE)
NVA_BASES = (Piece.NVA_BASE, Piece.NVA_TUNNELED_BASE)
NVA_PIECES = (*UNITS, *NVA_BASES)
VC_GUERRILLAS = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE)
VC_BASES = (Piece.VC_BASE, Piece.VC_TUNNELED_BASE)
VC_PIECES = (*VC_GUERRILLAS, *VC_BASES)
COIN_BASES = (Piece.US_BASE, Piece.ARVN_BASE)
SPECIAL_FORCES = (
    Piece.US_IRREGULAR_UNDERGROUND,
    Piece.US_IRREGULAR_ACTIVE,
    Piece.ARVN_RANGER_UNDERGROUND,
    Piece.ARVN_RANGER_ACTIVE,
)
COIN_TROOPS = (Piece.US_TROOPS, Piece.ARVN_TROOPS)
COIN_CUBES = (*COIN_TROOPS, Piece.ARVN_POLICE)
COIN_NON_BASES = (*SPECIAL_FORCES, *COIN_CUBES)
COIN_PIECES = (*COIN_NON_BASES, *COIN_BASES)


# == small queries over the position ============================================================
def _contents(state: GameState) -> Iterable[tuple[str, SpaceState]]:
    """Each space and its contents, in map order."""
    return zip(SPACE_IDS, state.spaces, strict=True)


def _units(sp: SpaceState) -> int:
    """NVA units: Troops and Guerrillas (not Bases)."""
    return sp.count(*UNITS)


def _guerrillas(sp: SpaceState) -> int:
    return sp.count(*GUERRILLAS)


def _coin(sp: SpaceState) -> int:
    return sp.count(*COIN_PIECES)


def _has_base(sp: SpaceState) -> bool:
    return bool(sp.pieces[Piece.NVA_BASE] or sp.pieces[Piece.NVA_TUNNELED_BASE])


def _base_spaces(state: GameState) -> tuple[str, ...]:
    """The spaces with an NVA Base, in map order."""
    return spaces_with(state, *NVA_BASES)


def _in_laos_cambodia(key: str) -> bool:
    return SPACE[key].in_laos_or_cambodia


def _is_loc(key: str) -> bool:
    return SPACE[key].is_loc


def _population(key: str) -> int:
    return SPACE[key].population


def _control(state: GameState, key: str) -> Control:
    return coinlake.control(state, key)


def _nva_margin(sp: SpaceState) -> int:
    """NVA pieces minus all other pieces: NVA Control while above 0 (1.7)."""
    return sp.count(*NVA_PIECES) - _coin(sp) - sp.count(*VC_PIECES)


def _resources(state: GameState) -> int:
    return state.resources(NVA)


def _capability(state: GameState, card: int) -> Side | None:
    return next((side for number, side in state.capabilities if number == card), None)


def _ambush_limit(state: GameState) -> int:
    """Ambush spaces an Operation may take (4.4.3): none under Claymores, 1 under unshaded
    Booby Traps or Typhoon Kate."""
    if CLAYMORES in state.momentum:
        return 0
    if _capability(state, BOOBY_TRAPS) is Side.UNSHADED or TYPHOON_KATE in state.momentum:
        return 1
    return 2


def _infiltrate_limit(state: GameState) -> int:
    """Infiltrate spaces (4.4.1): none under McNamara Line, 1 under unshaded 559th Transport
    Grp or Typhoon Kate."""
    if MCNAMARA_LINE in state.momentum:
        return 0
    return 1 if TRANSPORT_GRP_559 in state.momentum or TYPHOON_KATE in state.momentum else 2


def _monsoon(state: GameState) -> bool:
    upcoming = state.next_card
    return upcoming is not None and coinlake.CARDS[upcoming].kind.value == "coup"


def _final_coup(state: GameState) -> bool:
    """No Coup card left to come: this Coup Round is the last (2.4.2)."""
    later = (*state.deck, *((state.next_card,) if state.next_card is not None else ()))
    return not any(coinlake.CARDS[c].kind.value == "coup" for c in later if c)


def _why(roller: Roller, rule: str, reason: str, note: str = "") -> Why:
    return Why(rule, reason, tuple(roller.rolls), note)


def _note(state: GameState) -> str:
    """The agent's latest note on the current card ("" if none)."""
    for faction, note, card in state.agent_notes:
        if faction is NVA and card == state.current_card:
            return note
    return ""


def _answers_since(state: GameState, word: str) -> tuple[Command, ...]:
    """This turn's answers after the last ``word`` answer (the Operation chosen): what this
    Operation did so far."""
    pending = state.pending
    if pending is None:
        return ()
    answers = pending.answers
    for i in range(len(answers) - 1, -1, -1):
        if answers[i] == Choose(word):
            return answers[i + 1 :]
    return ()


def _pick(
    state: GameState, keys: Sequence[str], prefer: Sequence[Score], roller: Roller
) -> str | None:
    """The best of ``keys`` by the nested priorities ``prefer``, ties by 8.2/8.3."""
    if not keys:
        return None
    return choose_space(narrow(state, keys, prefer), roller)


def _selects(decision: Decision) -> list[str]:
    return [c.space for c in decision.options if isinstance(c, Select) and c.space in SPACE]


def _moves(decision: Decision) -> list[Move]:
    return [c for c in decision.options if isinstance(c, Move)]


def _finish(decision: Decision, roller: Roller, rule: str, reason: str) -> Choice:
    """``done`` (the step's priorities are exhausted); a step that must go on takes its
    first option."""
    options = decision.options
    if DONE in options:
        return Choice(DONE, _why(roller, rule, reason))
    keys = _selects(decision)
    if keys:
        key = choose_space(keys, roller)
        return Choice(Select(key), _why(roller, rule, f"{reason}; the step goes on: {key}"))
    doing = [c for c in options if c not in TRANSFERS] or list(options)
    return Choice(doing[0], _why(roller, rule, f"{reason}; the step must go on"))


# == 8.6.1 Attack: the condition ===============================================================
def troop_hits(state: GameState, key: str, *, per_troop: bool = False) -> int:
    """Enemy pieces an NVA Troop Attack in ``key`` removes (3.3.3): 1 per 2 Troops (1 per
    Troop in the space that uses shaded PT-76), unshaded PT-76 first costing 1 Troop."""
    sp = state.space(key)
    troops = sp.count(TROOPS)
    if _capability(state, PT_76) is Side.UNSHADED:
        troops = max(0, troops - 1)
    return min(troops if per_troop else troops // 2, _coin(sp))


def _can_ambush_from(state: GameState, key: str) -> bool:
    """8.6.1: an Ambush space has an Underground NVA Guerrilla, fewer than 4 NVA Troops and
    a US or ARVN piece within reach."""
    sp = state.space(key)
    return (
        sp.count(UNDERGROUND) > 0
        and sp.count(TROOPS) < 4
        and any(_coin(state.space(t)) for t in ambush_reach(key))
    )


def _ambush_sources(state: GameState) -> tuple[str, ...]:
    """The spaces an Ambush may come from (:func:`_can_ambush_from`), in map order: worked
    out once per position."""
    return reuse(
        "nva-ambush-sources",
        (state.spaces,),
        lambda: tuple(k for k in spaces_with(state, UNDERGROUND) if _can_ambush_from(state, k)),
    )


def _base_removable(state: GameState, spaces: int, ambushes: int, sources: Sequence[str]) -> bool:
    """Whether Troop Attacks and up to ``ambushes`` Ambushes in at most ``spaces`` spaces can
    remove a US or ARVN Base (Bases go last, 3.3.3, 4.4.3); ``sources``: the spaces an Ambush
    may come from (:func:`_ambush_sources`)."""
    if not ambushes:
        sources = ()
    per_troop = _capability(state, PT_76) is Side.SHADED
    for key, sp in _contents(state):
        if not sp.count(*COIN_BASES):
            continue
        need = sp.count(*COIN_NON_BASES) + 1
        helpers = [b for b in sources if b != key and key in ambush_reach(b)]
        troops = troop_hits(state, key, per_troop=per_troop)
        by_troops = troops + min(ambushes, len(helpers), spaces - 1)
        here = key in sources
        by_ambush = int(here) + min(ambushes - 1, len(helpers), spaces - 1) if here else 0
        if spaces >= 1 and max(by_troops if troops else 0, by_ambush) >= need:
            return True
        if spaces >= 1 and not troops and min(ambushes, len(helpers), spaces) >= need:
            return True
    return False


def most_removals(state: GameState, sources: Sequence[str] | None = None) -> int:
    """The most enemy pieces Ambushes and Troop Attacks can remove together, 1 Resource per
    space (8.6.1; Guerrilla Attacks and Bombard not counted); ``sources``: the spaces an
    Ambush may come from, if known (:func:`_ambush_sources`)."""
    spaces = _resources(state)
    if spaces <= 0:
        return 0
    per_troop = _capability(state, PT_76) is Side.SHADED
    with_troops = spaces_with(state, TROOPS)  # none hit elsewhere
    hits = {k: troop_hits(state, k) for k in with_troops}
    best_pt76 = max(
        (troop_hits(state, k, per_troop=True) - hits[k] for k in with_troops), default=0
    )
    if sources is None:
        sources = _ambush_sources(state)
    limit = min(_ambush_limit(state), len(sources))
    best = 0
    for n in range(limit + 1):
        for chosen in _combinations(sources, n):
            rest = sorted((v for k, v in hits.items() if k not in chosen and v), reverse=True)
            total = len(chosen) + sum(rest[: max(0, spaces - n)])
            if per_troop and rest[: max(0, spaces - n)]:
                total += best_pt76
            best = max(best, total if n <= spaces else 0)
    return best


def _combinations(items: Sequence[str], n: int) -> Iterable[tuple[str, ...]]:
    if n == 0:
        yield ()
        return
    for i, item in enumerate(items):
        for rest in _combinations(items[i + 1 :], n - 1):
            yield (item, *rest)


def attack_conditions(state: GameState, roller: Roller) -> str | None:
    """8.6.1: the reason to Attack -- Ambushes and Troop Attacks could remove a COIN Base,
    or at least as many enemy pieces as a d6 rolled now -- or ``None`` (at 0 Resources
    never: 8.6.1 NOTE)."""
    if _resources(state) <= 0:
        return None
    sources = _ambush_sources(state)
    if _base_removable(state, _resources(state), _ambush_limit(state), sources):
        return "Ambush and Troop Attacks could remove a COIN Base"
    most = most_removals(state, sources)
    if most <= 0:
        return None
    roll = roller.roll()
    if most >= roll:
        return f"Ambush and Troop Attacks could remove {most} enemy pieces, at least the d6 {roll}"
    return None


# == 8.6.2 Pass, Event or Operations ============================================================
def _lookahead(state: GameState) -> bool:
    """The NVA Passed on the previous card for this card's Capability (8.6.2)."""
    if len(state.played) < 2:
        return False
    previous = state.played[-2]
    return any(
        f is NVA and note == LOOKAHEAD and card == previous for f, note, card in state.agent_notes
    )


def pass_or_event(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6.2 (read with checklist errata 7: reached when the Attack conditions are not met):
    Pass for the next card's NVA Capability, play a Capability Event by the d6 against the
    Coup cards in the RVN Leader box, play any other effective Event, Pass at 0 Resources;
    ``None``: Operations."""
    options = decision.options
    current = state.current_card
    assert current is not None
    upcoming = state.next_card
    coups = len(state.leader_box)
    current_capability = coinlake.CARDS[current].is_capability
    next_capability = upcoming is not None and coinlake.CARDS[upcoming].is_capability
    played = any(what == "event" for _, what in state.turn.acted)
    if (
        upcoming is not None
        and coinlake.CARDS[upcoming].capability_of is NVA
        and (not current_capability or (played and EVENT not in options))
        and PASS in options
    ):
        roll = roller.roll()
        if roll > coups:
            reason = (
                f"the next card is an NVA Capability and the d6 {roll} exceeds {coups} Coup cards"
            )
            return Choice(PASS, _why(roller, "8.6.2", f"{reason}: Pass", LOOKAHEAD))
    if current_capability and EVENT in options:
        verdict = events.event_verdict(state, NVA)
        if verdict.play:
            if _lookahead(state):
                reason = "a Capability, rolled for on the previous card"
                return Choice(EVENT, _why(roller, "8.6.2", f"{reason}: {verdict.reason}", "event"))
            roll = roller.roll()
            if roll > coups:
                reason = f"a Capability and the d6 {roll} exceeds {coups} Coup cards"
                return Choice(EVENT, _why(roller, "8.6.2", f"{reason}: {verdict.reason}", "event"))
    elif not current_capability and not next_capability and EVENT in options:
        verdict = events.event_verdict(state, NVA)
        if verdict.play:
            return Choice(EVENT, _why(roller, "8.6.2", verdict.reason, "event"))
    if _resources(state) <= 0 and PASS in options:
        return Choice(PASS, _why(roller, "8.6.2", "no Event and 0 Resources: Pass"))
    return None


# == 8.6.3 Terror: the condition ================================================================
def _terror_spaces(state: GameState) -> list[str]:
    """Spaces at Active or Passive Support where NVA Troops or an Underground NVA Guerrilla
    could Terror (3.3.4), highest Population first."""
    found = [k for k, sp in _contents(state) if sp.support > 0 and sp.count(TROOPS, UNDERGROUND)]
    return sorted(found, key=lambda k: -_population(k))


def terror_conditions(state: GameState, roller: Roller) -> str | None:
    """8.6.3: the reason to Terror -- the Support spaces it could Terror, as many as its
    Resources pay for, highest Population first, total at least a d6 rolled now -- or
    ``None``."""
    paid = _terror_spaces(state)[: max(0, _resources(state))]
    total = sum(_population(k) for k in paid)
    if total <= 0:
        return None
    roll = roller.roll()
    if total >= roll:
        return f"Terror could reach {total} Population at Support, at least the d6 {roll}"
    return None


# == 8.6.4 Rally: the conditions ================================================================
def _base_sites(state: GameState) -> tuple[str, ...]:
    """8.6.4 1st bullet: spaces without Support where a Rally could place an NVA Base -- 4+
    NVA or VC Guerrillas or NVA Troops, 2+ of them NVA Guerrillas, room for a Base -- an
    NVA Base being Available. Worked out once per position."""
    if not state.available[Piece.NVA_BASE]:
        return ()
    return reuse(
        "nva-base-sites",
        (state.spaces,),
        lambda: tuple(
            k
            for k, sp in _contents(state)
            if not _is_loc(k)
            and sp.support <= 0
            and _guerrillas(sp) >= 2
            and sp.count(*UNITS, *VC_GUERRILLAS) >= 4
            and sp.bases() < 2
        ),
    )


def rally_possible(state: GameState) -> bool:
    """A Rally space (3.3.1): a Province or City without Support where the NVA can place an
    Available Guerrilla (8.1.1, ruling R297) or build a Base; 1 Resource to pay."""
    if _resources(state) <= 0:
        return False
    if state.available[UNDERGROUND] and any(
        not _is_loc(key) and sp.support <= 0 for key, sp in _contents(state)
    ):
        return True
    return bool(_base_sites(state))


def rally_conditions(state: GameState, roller: Roller) -> str | None:
    """8.6.4: the reason to Rally -- Trail 0 or 1, a Base space with fewer than 2 NVA units,
    a Rally that would place a Base, or 2d6 rolled now above the NVA Guerrillas Available --
    or ``None`` (the failed March is :func:`action`'s)."""
    if state.trail <= 1:
        return f"the Trail is {state.trail}"
    for key in _base_spaces(state):
        units = _units(state.space(key))
        if units < 2:
            return f"{SPACE[key].name} has an NVA Base and {units} NVA units"
    if _resources(state) > 0 and _base_sites(state):
        return "a Rally would place an NVA Base"
    available = state.available[UNDERGROUND]
    if available >= 12:
        return None
    roll = roller.roll() + roller.roll()
    if roll > available:
        return f"2d6 {roll} exceeds the {available} NVA Guerrillas Available"
    return None


# == 8.6.5 March: is one possible? ==============================================================
def march_possible(state: GameState) -> bool:
    """8.6.5 IF NONE: whether any March bullet would move something (never in Monsoon)."""
    return not _monsoon(state) and Marcher.planning(state).possible()


# == the action (8.6: from the upper left) ======================================================
def operations_plan(
    state: GameState, roller: Roller, *, attack: bool = True
) -> tuple[str, str, str] | None:
    """The Operation the flowchart reaches from 8.6.1 (``attack``) or 8.6.3 on, with its rule
    and reason: Attack, Terror, Rally (conditions met, else March, else Rally), or ``None``
    (nothing possible: Pass)."""
    if attack:
        why = attack_conditions(state, roller)
        if why is not None:
            return ATTACK, "8.6.1", why
    why = terror_conditions(state, roller)
    if why is not None:
        return TERROR, "8.6.3", why
    why = rally_conditions(state, roller)
    if why is not None:
        if rally_possible(state):
            return RALLY, "8.6.4", why
        if march_possible(state):
            return MARCH, "8.6.4", f"{why}, but no Rally is possible (IF NONE): March"
        return None
    if march_possible(state):
        return MARCH, "8.6.5", "no conditions for another Operation"
    if rally_possible(state):
        return RALLY, "8.6.5", "no March is possible (IF NONE), and the NVA attempted to: Rally"
    return None


def action(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6: Attack, Pass, Event, Terror, Rally or March; the Operation chosen is noted for
    :func:`operation`. Pivotal Events are the shared rules' (8.4.6)."""
    options = decision.options
    if PIVOTAL in options and events.plays_pivotal(state, NVA, trumping=False):
        return None
    op = next((c for c in (OP_SA, OP, LIMOP) if c in options), None)
    if op is not None:
        why = attack_conditions(state, roller)
        if why is not None:
            return Choice(op, _why(roller, "8.6.1", why, ATTACK))
    choice = pass_or_event(state, decision, roller)
    if choice is not None:
        return choice
    plan = operations_plan(state, roller, attack=False) if op is not None else None
    if plan is None or op is None:
        if PASS in options:
            return Choice(PASS, _why(roller, "8.6.5", "neither March nor Rally is possible: Pass"))
        return Choice(options[0], _why(roller, "8.6", "nothing else may be done"))
    name, rule, reason = plan
    return Choice(op, _why(roller, rule, reason, name))


def operation(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """Which Operation: the one :func:`action` noted on this card; for a free Operation
    granted by an Event, the flowchart's choice among those offered (8.4.4 NOTE)."""
    offered = [c.option for c in decision.options if isinstance(c, Choose)]
    note = _note(state)
    if not decision.context.within("event") and note in offered:
        return Choice(Choose(note), _why(roller, "8.6", f"the flowchart's {note}"))
    plan = operations_plan(state, roller)
    if plan is not None and plan[0] in offered:
        name, rule, reason = plan
        return Choice(Choose(name), _why(roller, rule, reason))
    for name in (ATTACK, TERROR, MARCH, RALLY):
        if name in offered:
            return Choice(Choose(name), _why(roller, "8.4.4", f"the first offered in 8.6: {name}"))
    return None


# == Special Activities: which and when =========================================================
def special_activity(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """Which Special Activity with the Operation, and when: 8.6.1 Ambush or Bombard first;
    8.6.3 Bombard after Terror; 8.6.4/8.6.5 Infiltrate (or else Bombard) after Rally or
    March (a March's Ambush is offered during it, see :func:`march`)."""
    options = decision.options
    op = decision.context.procedure
    final = NO_SA in options
    decline = NO_SA if final else NOT_NOW
    if op == ATTACK:
        if not final and attack_sa(state) == "bombard" and BOMBARD in options:
            return Choice(BOMBARD, _why(roller, "8.6.1", "Bombard before the Attack"))
        reason = "the Special Activity comes first" if final else "Ambush with the Attack"
        if not final and attack_sa(state) is None:
            reason = "no Ambush or Bombard is possible: Operation only"
        return Choice(decline, _why(roller, "8.6.1", reason))
    if not final:
        return Choice(
            NOT_NOW, _why(roller, _RULE.get(op, "8.6"), f"the Special Activity after {op}")
        )
    if op in (RALLY, MARCH) and INFILTRATE in options and infiltrate_wanted(state):
        rule = "8.6.4" if op == RALLY else "8.6.5"
        return Choice(INFILTRATE, _why(roller, rule, "Infiltrate would place a Base or 4+ Troops"))
    if BOMBARD in options and _bombard_targets(state):
        rule = {TERROR: "8.6.3", RALLY: "8.6.4", MARCH: "8.6.5"}.get(op, "8.6.1")
        return Choice(BOMBARD, _why(roller, rule, "Bombard per 8.6.1"))
    return Choice(NO_SA, _why(roller, _RULE.get(op, "8.6"), "no Special Activity is possible"))


_RULE = {ATTACK: "8.6.1", TERROR: "8.6.3", RALLY: "8.6.4", MARCH: "8.6.5"}


# == 8.6.1 Ambush =================================================================================
def attack_sa(state: GameState) -> str | None:
    """8.6.1: ``"ambush"``, ``"bombard"`` or ``None`` -- Bombard when no Ambush is possible
    or, with 4+ Resources, when Ambush could remove only 1 piece; no Special Activity when
    that Bombard is impossible (ruling R293)."""
    sources = _ambush_sources(state)
    limit = _ambush_limit(state)
    pieces = min(limit, len(sources), _coin_within(state, sources))
    if pieces == 0 or (pieces == 1 and _resources(state) >= 4):
        return "bombard" if _bombard_targets(state) else None
    return "ambush"


def _coin_within(state: GameState, sources: Iterable[str]) -> int:
    reach = {t for s in sources for t in ambush_reach(s)}
    return sum(_coin(state.space(t)) for t in reach)


def _removable(sp: SpaceState) -> tuple[Piece, ...]:
    """US and ARVN pieces an Attack or Ambush may remove now: Bases only when nothing else."""
    others = tuple(p for p in COIN_NON_BASES if sp.count(p))
    return others or tuple(p for p in COIN_BASES if sp.count(p))


def _enables_base(state: GameState, source: str, target: str, left: int) -> bool:
    """Whether removing the last non-Base COIN piece of ``target`` by an Ambush from
    ``source`` lets another Ambush (``left`` more allowed) or a Troop Attack remove its Base."""
    sp = state.space(target)
    if not sp.count(*COIN_BASES) or sp.count(*COIN_NON_BASES) != 1:
        return False
    if target != source and troop_hits(state, target) >= 1:
        return True
    return left > 0 and any(
        b != source and target in ambush_reach(b) for b in _ambush_sources(state)
    )


def _ambush_rank(
    state: GameState, source: str, target: str, piece: Piece, left: int
) -> tuple[int, ...]:
    """8.6.1 AMBUSH, best first (higher): 1st bullet (a COIN Base removed or made removable),
    from LoCs; else 2nd bullet: Laos/Cambodia first, from LoCs, the last COIN piece there,
    Special Forces before cubes, US before ARVN."""
    base = piece in COIN_BASES or _enables_base(state, source, target, left)
    loc = int(_is_loc(source))
    last = int(_coin(state.space(target)) == 1)
    sf = int(piece in SPECIAL_FORCES or piece in COIN_BASES)
    us = int(piece.faction is Faction.US)
    if base:
        return (1, loc, 0, 0, sf, us)
    return (0, int(_in_laos_cambodia(target)), loc, last, sf, us)


def _ambush_choices(
    state: GameState, sources: Iterable[str], left: int
) -> dict[str, tuple[int, ...]]:
    """The best rank of an Ambush from each source."""
    best: dict[str, tuple[int, ...]] = {}
    for source in sources:
        for target in ambush_reach(source):
            for piece in _removable(state.space(target)):
                rank = _ambush_rank(state, source, target, piece, left)
                if rank > best.get(source, ()):
                    best[source] = rank
    return best


def _ambushes_done(state: GameState, op: str) -> int:
    return sum(1 for a in _answers_since(state, op) if a == AMBUSH)


def ambush(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """The Ambush's own questions: which March destination it strikes from (8.6.5) and which
    piece it removes (8.6.1 and 8.6.5 order)."""
    ctx = decision.context
    in_march = ctx.parent is not None and ctx.parent.procedure == MARCH
    if decision.kind is Kind.SELECT_SPACE:
        keys = _selects(decision)
        ranks = _march_ambush_choices(state, keys)
        best = max(ranks.values(), default=None)
        chosen = _pick(state, [k for k in keys if ranks.get(k) == best], (), roller)
        if chosen is None:
            return None
        return Choice(Select(chosen), _why(roller, "8.6.5", f"Ambush from {chosen}"))
    if decision.kind is not Kind.REMOVE_PIECES:
        return None
    moves = [m for m in _moves(decision) if m.piece in COIN_PIECES]
    if not moves:
        return _finish(decision, roller, "4.4.3", "nothing to remove")
    source = ctx.space or moves[0].origin
    if in_march:
        ranked = {m: _march_target_rank(state, source, m.origin, m.piece) for m in moves}
        rule = "8.6.5"
    else:
        left = max(0, _ambush_limit(state) - _ambushes_done(state, ATTACK))
        ranked = {m: _ambush_rank(state, source, m.origin, m.piece, left) for m in moves}
        rule = "8.6.1"
    best = max(ranked.values())
    firsts = [m for m in moves if ranked[m] == best]
    move = roller.pick(firsts)
    return Choice(move, _why(roller, rule, f"Ambush removes {move.piece.token} from {move.origin}"))


# == 8.6.1 Bombard ================================================================================
def _bombard_ok(state: GameState, key: str) -> bool:
    """4.4.2: 3+ US/ARVN Troops or a US/ARVN Base, in or next to a space with 3+ NVA Troops."""
    sp = state.space(key)
    if sp.count(*COIN_TROOPS) < 3 and not (sp.count(*COIN_BASES) and sp.count(*COIN_TROOPS)):
        return False
    return any(state.space(k).count(TROOPS) >= 3 for k in (key, *ADJACENT[key]))


def _bombard_targets(state: GameState) -> tuple[str, ...]:
    """8.6.1 BOMBARD: spaces with 3+ COIN Troops, or a COIN Base and a COIN Troop, in or next
    to 3+ NVA Troops. Worked out once per position."""
    return reuse(
        "nva-bombard-targets",
        (state.spaces,),
        lambda: tuple(
            k for k, sp in _contents(state) if sp.count(*COIN_TROOPS) and _bombard_ok(state, k)
        ),
    )


def bombard(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6.1 BOMBARD: spaces with NVA pieces first, then next to NVA Troops; within both,
    with a COIN Base, then with US Troops; remove US Troops before ARVN."""
    if decision.kind is Kind.REMOVE_PIECES:
        moves = _moves(decision)
        us = [m for m in moves if m.piece is Piece.US_TROOPS]
        move = (us or moves)[0] if moves else None
        if move is None:
            return _finish(decision, roller, "4.4.2", "nothing to remove")
        return Choice(move, _why(roller, "8.6.1", "Bombard removes US Troops before ARVN"))
    if decision.kind is not Kind.SELECT_SPACE:
        return None
    keys = [k for k in _selects(decision) if _bombard_ok(state, k)] or _selects(decision)
    first = [k for k in keys if state.space(k).count(*NVA_PIECES)]
    then = [k for k in keys if any(state.space(a).count(TROOPS) for a in ADJACENT[k])]
    prefer: tuple[Score, ...] = (
        lambda s, k: float(s.space(k).count(*COIN_BASES) > 0),
        lambda s, k: float(s.space(k).count(Piece.US_TROOPS) > 0),
    )
    for wanted, what in ((first, "with NVA pieces"), (then, "next to NVA Troops"), (keys, "")):
        chosen = _pick(state, wanted, prefer, roller)
        if chosen is not None:
            reason = f"Bombard {chosen} {what}".strip()
            return Choice(Select(chosen), _why(roller, "8.6.1", reason))
    return _finish(decision, roller, "8.6.1", "no more Bombard spaces")


# == 8.6.1 Attack: spaces, modes, removals =======================================================
def _pt76_unused(state: GameState) -> bool:
    return _capability(state, PT_76) is Side.SHADED and Choose("troops-per-troop") not in (
        _answers_since(state, ATTACK)
    )


def _attack_bullet(state: GameState, key: str) -> int:
    """8.6.1 ATTACK bullet wanting ``key`` (1: Troops remove 2+; 2: 4+ Guerrillas; 3: Troops
    remove 1), 0 for none."""
    sp = state.space(key)
    if not _coin(sp):
        return 0
    hits = troop_hits(state, key)
    if _pt76_unused(state):
        hits = max(hits, troop_hits(state, key, per_troop=True))
    if hits >= 2:
        return 1
    if _guerrillas(sp) >= 4:
        return 2
    return 3 if hits >= 1 else 0


def _attack_prefer(state: GameState, bullet: int) -> tuple[Score, ...]:
    def removals(s: GameState, k: str) -> int:
        return 2 if bullet == 2 else troop_hits(s, k, per_troop=_pt76_unused(s))

    def what(s: GameState, k: str) -> float:
        sp = s.space(k)
        if sp.count(*COIN_BASES) and removals(s, k) > sp.count(*COIN_NON_BASES):
            return 2.0
        return 1.0 if sp.count(*SPECIAL_FORCES) else 0.0

    return (
        lambda s, k: float(_in_laos_cambodia(k)),
        what,
        lambda s, k: float(
            s.space(k).count(Piece.US_TROOPS, Piece.US_BASE, *SPECIAL_FORCES[:2]) > 0
        ),
    )


def attack(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6.1: Ambush spaces first (by the AMBUSH bullets), then Attack where Troops remove 2+,
    with 4+ Guerrillas, where Troops remove 1 (Laos/Cambodia first, then where a Base,
    Special Forces can be removed, then US pieces); remove Bases, Special Forces, then Troops
    and Police evenly, US before ARVN."""
    kind = decision.kind
    if kind is Kind.SELECT_SPACE:
        return _attack_space(state, decision, roller)
    if kind is Kind.CHOOSE_MODE:
        return _attack_mode(state, decision, roller)
    if kind is Kind.REMOVE_PIECES:
        return remove_enemies(state, decision, roller, "8.6.1")
    return None


def _ambush_open(state: GameState, decision: Decision) -> bool:
    if decision.context.within("event"):
        return False
    done = _answers_since(state, ATTACK)
    if BOMBARD in done:
        return False
    count = sum(1 for a in done if a == AMBUSH)
    if count >= _ambush_limit(state):
        return False
    return count > 0 or attack_sa(state) == "ambush"


def _attack_space(state: GameState, decision: Decision, roller: Roller) -> Choice:
    keys = _selects(decision)
    if _ambush_open(state, decision):
        left = _ambush_limit(state) - _ambushes_done(state, ATTACK) - 1
        ranks = _ambush_choices(state, [k for k in keys if _can_ambush_from(state, k)], left)
        if ranks:
            best = max(ranks.values())
            chosen = _pick(state, [k for k in ranks if ranks[k] == best], (), roller)
            assert chosen is not None
            which = "1st" if best[0] else "2nd"
            return Choice(
                Select(chosen), _why(roller, "8.6.1", f"Ambush ({which} bullet) from {chosen}")
            )
    bullets = {k: _attack_bullet(state, k) for k in keys}
    for bullet, what in ((1, "Troops remove 2+"), (2, "4+ Guerrillas"), (3, "Troops remove 1")):
        wanted = [k for k in keys if bullets[k] == bullet]
        chosen = _pick(state, wanted, _attack_prefer(state, bullet), roller)
        if chosen is not None:
            return Choice(Select(chosen), _why(roller, "8.6.1", f"Attack where {what}: {chosen}"))
    return _finish(decision, roller, "8.6.1", "no more Attack spaces")


def _attack_mode(state: GameState, decision: Decision, roller: Roller) -> Choice:
    options = decision.options
    key = decision.context.space
    assert key is not None
    if AMBUSH in options and _ambush_open(state, decision) and _can_ambush_from(state, key):
        return Choice(AMBUSH, _why(roller, "8.6.1", "Ambush"))
    bullet = _attack_bullet(state, key)
    per_troop = Choose("troops-per-troop")
    if bullet in (1, 3) and per_troop in options:
        extra = troop_hits(state, key, per_troop=True) - troop_hits(state, key)
        others = [
            troop_hits(state, k, per_troop=True) - troop_hits(state, k)
            for k in SPACE
            if k != key and k not in decision.context.done and _attack_bullet(state, k) in (1, 3)
        ]
        if extra > 0 and extra >= max(others, default=0):
            return Choice(per_troop, _why(roller, "8.6.1", "PT-76 where it removes most"))
    wanted = {1: "troops", 2: "guerrillas", 3: "troops"}.get(bullet)
    if wanted is not None and Choose(wanted) in options:
        return Choice(Choose(wanted), _why(roller, "8.6.1", f"Attack with {wanted}"))
    for mode in ("troops", "guerrillas", "troops-per-troop", "ambush"):
        if Choose(mode) in options:
            return Choice(Choose(mode), _why(roller, "8.6.1", f"Attack with {mode}"))
    return Choice(options[0], _why(roller, "8.6.1", "the only way left"))


def _cube_turn(troops: int, police: int, removed: int) -> str:
    """8.1.2: the ``removed``-th cube (from 0) of a space that had ``troops`` and ``police``:
    alternating, the fewest first (Troops if even), the last Police last."""
    turn = "troops" if troops <= police else "police"
    for _ in range(removed + 1):
        if turn == "police" and (police == 0 or (police == 1 and troops > 0)):
            turn = "troops"
        if turn == "troops" and troops == 0:
            turn = "police"
        picked = turn
        if picked == "troops":
            troops -= 1
        else:
            police -= 1
        turn = "police" if picked == "troops" else "troops"
    return picked


def _cubes_removed(state: GameState, key: str) -> tuple[int, int]:
    """Troops and Police this removal already took from ``key`` (the turn's trailing moves)."""
    troops = police = 0
    pending = state.pending
    for answer in reversed(pending.answers if pending is not None else ()):
        if not isinstance(answer, Move) or answer.origin != key or answer.piece not in COIN_PIECES:
            break
        troops += answer.piece in COIN_TROOPS
        police += answer.piece is Piece.ARVN_POLICE
    return troops, police


def _removal_rank(state: GameState, move: Move) -> tuple[int, ...]:
    """8.6.1 (8.1.2) order of an enemy piece to remove, best first (lower): Bases, Special
    Forces (Underground first), cubes by :func:`_cube_turn`; US before ARVN."""
    piece = move.piece
    us = 0 if piece.faction is Faction.US else 1
    if piece in COIN_BASES:
        return (0, 0, us)
    if piece in SPECIAL_FORCES:
        return (1, 0 if piece.underground else 1, us)
    sp = state.space(move.origin)
    troops_gone, police_gone = _cubes_removed(state, move.origin)
    troops = sp.count(*COIN_TROOPS) + troops_gone
    police = sp.count(Piece.ARVN_POLICE) + police_gone
    turn = _cube_turn(troops, police, troops_gone + police_gone)
    kind = "troops" if piece in COIN_TROOPS else "police"
    return (2, 0 if kind == turn else 1, us)


def remove_enemies(state: GameState, decision: Decision, roller: Roller, rule: str) -> Choice:
    """Remove US and ARVN pieces to the maximum extent in the 8.6.1 order."""
    moves = [m for m in _moves(decision) if m.piece in COIN_PIECES]
    if not moves:
        return _finish(decision, roller, rule, "no enemy piece to remove")
    best = min(_removal_rank(state, m) for m in moves)
    move = roller.pick([m for m in moves if _removal_rank(state, m) == best])
    return Choice(
        move, _why(roller, rule, f"remove {move.piece.token} (Bases, SF, cubes; US first)")
    )


# == 8.6.3 Terror =================================================================================
def terror(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6.3: Terror in each space at Support it can, highest Population first; then Done
    (Bombard follows)."""
    if decision.kind is not Kind.SELECT_SPACE:
        return None
    keys = _selects(decision)
    wanted = [k for k in keys if state.space(k).support > 0]
    chosen = _pick(state, wanted, (lambda s, k: float(_population(k)),), roller)
    if chosen is not None:
        return Choice(
            Select(chosen), _why(roller, "8.6.3", f"Terror at Support, most Population: {chosen}")
        )
    if DONE not in decision.options and keys:
        chosen = _pick(state, keys, (lambda s, k: float(_population(k)),), roller)
        assert chosen is not None
        return Choice(Select(chosen), _why(roller, "8.4.4", f"no space at Support: {chosen}"))
    return _finish(decision, roller, "8.6.3", "no more Support spaces to Terror")


# == 8.6.4 Rally ==================================================================================
def _rally_limit(state: GameState) -> int:
    """8.6.4: 3 spaces, 1 if unshaded AAA is in effect and the Trail would be improved."""
    if _capability(state, AAA) is Side.UNSHADED and _improves_trail(state, _resources(state) - 1):
        return 1
    return 3


def _improves_trail(state: GameState, resources: int) -> bool:
    """8.6.4: pay to Improve the Trail unless below 3 Resources, or at Trail 3 below 9."""
    if state.trail >= 4 or MCNAMARA_LINE in state.momentum:
        return False
    return not (resources < 3 or (state.trail == 3 and resources < 9))


def rally(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6.4: up to 3 spaces -- a Base where 4+ Guerrillas and Troops; Guerrillas at COIN
    Control in Laos/Cambodia; at NVA Bases with 0-1 NVA units, then at other NVA Bases;
    random spaces -- then Improve the Trail (unless short of Resources)."""
    ctx = decision.context
    kind = decision.kind
    options = decision.options
    if kind is Kind.SELECT_SPACE:
        keys = _selects(decision)
        if len(ctx.done) >= _rally_limit(state) and DONE in options:
            return Choice(DONE, _why(roller, "8.6.4", "the Rally spaces are reached"))
        sites = set(_base_sites(state))
        if not state.available[UNDERGROUND]:  # only Available Guerrillas (ruling R297)
            keys = [k for k in keys if k in sites]
        bullets: tuple[tuple[Callable[[str], bool], str], ...] = (
            (lambda k: k in sites, "place a Base"),
            (
                lambda k: _in_laos_cambodia(k) and _control(state, k) is Control.COIN,
                "Guerrillas at COIN Control in Laos/Cambodia",
            ),
            (
                lambda k: _has_base(state.space(k)) and _units(state.space(k)) <= 1,
                "Guerrillas at an NVA Base with 0-1 NVA units",
            ),
            (lambda k: _has_base(state.space(k)), "Guerrillas at an NVA Base"),
            (lambda k: True, "Guerrillas in a random space"),
        )
        for test, what in bullets:
            chosen = _pick(state, [k for k in keys if test(k)], (), roller)
            if chosen is not None:
                return Choice(Select(chosen), _why(roller, "8.6.4", f"{what}: {chosen}"))
        return _finish(decision, roller, "8.6.4", "no more Rally spaces")
    if kind is Kind.CHOOSE_MODE:
        key = ctx.space
        if key in _base_sites(state):
            for mode in ("base-aa", "base-au", "base-uu"):
                if Choose(mode) in options:
                    return Choice(
                        Choose(mode), _why(roller, "8.6.4", "a Base, Active Guerrillas first")
                    )
        if Choose("place") in options:
            return Choice(Choose("place"), _why(roller, "8.6.4", "place Guerrillas"))
        return None
    if kind is Kind.HOW_MANY:
        counts = [c.n for c in options if isinstance(c, Count)]
        if not counts:
            return None
        n = min(max(counts), max(state.available[UNDERGROUND], min(counts)))
        return Choice(Count(n), _why(roller, "8.1.1", f"{n} Guerrillas, as many as are Available"))
    if kind is Kind.YES_NO:
        improve = next((c for c in options if c == Choose("improve-trail")), None)
        if improve is None:
            return None
        if _improves_trail(state, _resources(state)):
            return Choice(improve, _why(roller, "8.6.4", "Improve the Trail"))
        decline = next(c for c in options if c != improve)
        return Choice(decline, _why(roller, "8.6.4", "too few Resources to Improve the Trail"))
    if kind is Kind.PLACE_PIECES:
        return take_from_map(state, decision, roller)
    return None


def take_from_map(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """1.4.1, 8.1.2: a piece to place taken from the map when none is Available -- a Base
    from North Vietnam, Laos or Cambodia where most NVA pieces (8.6.4 NOTE), else Active
    before Underground, never where it would cost NVA Control or a Base its 2 units."""
    moves = [m for m in _moves(decision) if m.piece in NVA_PIECES]
    if not moves:
        return None
    if any(m.piece in NVA_BASES for m in moves):
        outside = [m for m in moves if not SPACE[m.origin].in_south] or moves
        most = max(state.space(m.origin).count(*NVA_PIECES) for m in outside)
        move = roller.pick([m for m in outside if state.space(m.origin).count(*NVA_PIECES) == most])
        return Choice(
            move, _why(roller, "8.6.4", f"the NVA Base from {move.origin}, most NVA pieces")
        )

    def rank(m: Move) -> tuple[int, int]:
        sp = state.space(m.origin)
        keeps = (not _has_base(sp) or _units(sp) > 2) and _nva_margin(sp) != 1
        return (0 if keeps else 1, 0 if m.piece.active or m.piece is TROOPS else 1)

    best = min(rank(m) for m in moves)
    firsts = [m for m in moves if rank(m) == best]
    key = choose_space([m.origin for m in firsts], roller)
    move = next(m for m in firsts if m.origin == key)
    return Choice(move, _why(roller, "8.1.2", f"{move.piece.token} from {key}, Active first"))


# == 8.6.4 Infiltrate =============================================================================
def _takeover_sites(state: GameState) -> list[str]:
    """8.6.4 INFILTRATE 1st bullet: VC Bases where the NVA outnumber the VC, no NVA Base."""
    found = []
    for key, sp in _contents(state):
        if (
            sp.count(*VC_BASES)
            and not _has_base(sp)
            and sp.count(*NVA_PIECES) > sp.count(*VC_PIECES)
        ):
            found.append(key)
    return found


def _base_supply(state: GameState) -> bool:
    """An NVA Base Available, or one to take from North Vietnam, Laos or Cambodia."""
    if state.available[Piece.NVA_BASE]:
        return True
    return any(not SPACE[k].in_south and sp.count(*NVA_BASES) for k, sp in _contents(state))


def _troop_sites_prefer(state: GameState) -> tuple[Score, ...]:
    def near_no_control(s: GameState, k: str) -> float:
        return float(
            any(not _is_loc(a) and _control(s, a) is not Control.NVA for a in (k, *ADJACENT[k]))
        )

    return (
        lambda s, k: float(_guerrillas(s.space(k))),
        lambda s, k: float(s.space(k).count(*NVA_BASES) >= 2),
        near_no_control,
    )


def _troops_placed(state: GameState, key: str, available: int) -> int:
    sp = state.space(key)
    placed = min(state.trail + sp.count(*NVA_BASES), available)
    swaps = min(max(0, _guerrillas(sp) - 2), available - placed) if placed else 0
    return placed + swaps


def infiltrate_wanted(state: GameState) -> bool:
    """8.6.4 INFILTRATE: only if it would place an NVA Base or at least 4 Troops."""
    limit = _infiltrate_limit(state)
    if limit == 0:
        return False
    if _base_supply(state) and _takeover_sites(state):
        return True
    available = state.available[TROOPS]
    placed = 0
    ranked = sorted(_base_spaces(state), key=lambda k: -_troops_placed(state, k, available))
    for key in ranked[:limit]:
        here = _troops_placed(state, key, available)
        placed += here
        available -= here
    return placed >= 4


def infiltrate(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6.4 INFILTRATE: replace VC Bases (Tunneled first, most Population) where the NVA
    outnumber the VC; then Troops at NVA Bases (most NVA Guerrillas, 2 Bases, next to spaces
    without NVA Control), replacing NVA Guerrillas above 2."""
    kind = decision.kind
    options = decision.options
    key = decision.context.space
    if kind is Kind.SELECT_SPACE:
        keys = _selects(decision)
        sites = set(_takeover_sites(state)) if _base_supply(state) else set()
        chosen = _pick(
            state,
            [k for k in keys if k in sites],
            (
                lambda s, k: float(s.space(k).count(Piece.VC_TUNNELED_BASE) > 0),
                lambda s, k: float(_population(k)),
            ),
            roller,
        )
        if chosen is not None:
            return Choice(
                Select(chosen), _why(roller, "8.6.4", f"Infiltrate to replace a VC Base: {chosen}")
            )
        based = [k for k in keys if _has_base(state.space(k)) and state.available[TROOPS]]
        chosen = _pick(state, based, _troop_sites_prefer(state), roller)
        if chosen is not None:
            return Choice(
                Select(chosen), _why(roller, "8.6.4", f"Infiltrate Troops at an NVA Base: {chosen}")
            )
        return _finish(decision, roller, "8.6.4", "no more Infiltrate spaces")
    if kind is Kind.CHOOSE_MODE:
        takeover, troops = Choose("takeover"), Choose("troops")
        if takeover in options and key in _takeover_sites(state):
            return Choice(takeover, _why(roller, "8.6.4", "replace the VC Base"))
        if troops in options:
            return Choice(troops, _why(roller, "8.6.4", "place Troops"))
        return Choice(options[0], _why(roller, "8.6.4", "the only way left"))
    if kind is Kind.HOW_MANY:
        counts = [c.n for c in options if isinstance(c, Count)]
        if not counts:
            return None
        n = min(max(counts), max(state.available[TROOPS], min(counts)))
        return Choice(Count(n), _why(roller, "8.1.1", f"{n} Troops, as many as are Available"))
    if kind is Kind.REMOVE_PIECES:
        moves = _moves(decision)
        bases = [m for m in moves if m.piece in VC_BASES]
        if bases:
            move = min(bases, key=lambda m: 0 if m.piece.tunneled else 1)
            return Choice(move, _why(roller, "8.6.4", "replace the VC Base, Tunneled first"))
        swaps = [m for m in moves if m.piece in GUERRILLAS]
        assert key is not None
        excess = min(_guerrillas(state.space(key)) - 2, state.available[TROOPS])
        fitting = [m for m in swaps if m.count <= excess]
        if fitting:
            active = [m for m in fitting if m.piece is ACTIVE] or fitting
            move = max(active, key=lambda m: m.count)
            return Choice(move, _why(roller, "8.6.4", "replace NVA Guerrillas above 2 with Troops"))
        return _finish(decision, roller, "8.6.4", "2 NVA Guerrillas left, or no Troop Available")
    if kind is Kind.PLACE_PIECES:
        return take_from_map(state, decision, roller)
    return None


# == 8.6.5 March ==================================================================================
Arrived = Counter[tuple[str, str]]
"""Units that arrived in each space during this March, by ``"troops"`` / ``"guerrillas"``."""
PieceMove = tuple[Piece, int, str]
"""A planned move into a space: the piece, how many, and where from."""
GroupMove = tuple[str, tuple[str, ...], Piece, int]
"""A planned group: its origin, the Laos/Cambodia spaces it passes (THE TRAIL), the piece and
how many."""
BULLETS = {1: "1st bullet", 2: "2nd bullet", 3: "3rd bullet", 4: "4th bullet"}


def _kind(piece: Piece) -> str:
    return "troops" if piece is TROOPS else "guerrillas"


def _nva_control(state: GameState) -> frozenset[str]:
    """The Provinces and Cities under NVA Control (1.7)."""
    return frozenset(k for k in SPACE_IDS if not _is_loc(k) and _control(state, k) is Control.NVA)


@frozen
class Leg:
    """One destination of a planned March: a Laos/Cambodia space the groups pass through
    (THE TRAIL, 3.3.2) or the bullet's own destination, and the moves into it."""

    space: str
    moves: tuple[PieceMove, ...]


@frozen
class MarchNote:
    """What the NVA remember during a March (their agent note ``march-...``): the last
    bullet served, where in the destinations done the 3rd bullet began, where this March's
    answers begin among the turn's answers, the Provinces and Cities under NVA Control at the
    beginning of the Operation (8.6.5), and the legs planned for the destination being
    served."""

    bullet: int = 0
    b3_start: int = 0
    begin: int = 0
    control: frozenset[str] = frozenset()
    legs: tuple[Leg, ...] = ()

    def encode(self) -> str:
        """``march-B.S.N-c.I.I...-l.D.P.N.O.P.N.O...-l...``: the numbers, then the spaces
        under NVA Control and each leg's space and moves (piece, count, origin) by index
        (an agent note is a lower-case word)."""
        control = sorted(SPACE[k].index for k in self.control)
        parts = [
            f"march-{self.bullet}.{self.b3_start}.{self.begin}",
            ".".join(map(str, ["c", *control])),
        ]
        for leg in self.legs:
            numbers = [SPACE[leg.space].index]
            for piece, n, origin in leg.moves:
                numbers += [int(piece.value), n, SPACE[origin].index]
            parts.append(".".join(map(str, ["l", *numbers])))
        return "-".join(parts)

    @staticmethod
    def decode(note: str) -> MarchNote | None:
        """The note :meth:`encode` wrote, or ``None`` if ``note`` is not one."""
        if not note.startswith("march-") or "-c" not in note:
            return None
        head, control, *legs = note[len("march-") :].split("-")
        bullet, b3_start, begin = map(int, head.split("."))
        parsed = []
        for part in legs:
            space, *moves = map(int, part.split(".")[1:])
            steps = zip(moves[::3], moves[1::3], moves[2::3], strict=True)
            moved = tuple((Piece(p), n, SPACE_IDS[o]) for p, n, o in steps)
            parsed.append(Leg(SPACE_IDS[space], moved))
        return MarchNote(
            bullet,
            b3_start,
            begin,
            frozenset(SPACE_IDS[int(i)] for i in control.split(".")[1:]),
            tuple(parsed),
        )


class Source(NamedTuple):
    """A space a group may March from into a destination, the Laos/Cambodia spaces it
    passes on the way, and how many units may leave it."""

    origin: str
    path: tuple[str, ...]
    limit: int


class Marcher:
    """A March as the flowchart sees it (8.6.5): the position, the note, the destinations
    done, the units that arrived, and whether groups may go on along the Trail. (What may
    leave a space and the paths into a destination are worked out once per space.)"""

    def __init__(
        self,
        state: GameState,
        note: MarchNote,
        done: tuple[str, ...],
        *,
        free: bool,
        left: int | None,
    ) -> None:
        self.state = state
        self.note = note
        self.done = done
        self.closed = frozenset(done)
        self.free = free
        self.left = left
        self.trail = state.trail > 0 and (state.trail == 4 or free) and (left is None or left > 1)
        pending = state.pending
        self.answers = pending.answers[note.begin :] if pending is not None else ()
        self.moves = [a for a in self.answers if isinstance(a, Move) and a.piece in UNITS]
        self.arrived: Arrived = Counter()
        for move in self.moves:
            kind = _kind(move.piece)
            self.arrived[(move.destination, kind)] += move.count
            if _in_laos_cambodia(move.origin):  # going on along the Trail (3.3.2)
                came = self.arrived[(move.origin, kind)]
                self.arrived[(move.origin, kind)] = max(0, came - move.count)
        self._movable: dict[str, tuple[int, int]] = {}
        self._limits: dict[str, int] = {}
        self._paths: dict[str, dict[str, tuple[str, ...]]] = {}

    @classmethod
    def of(cls, state: GameState, decision: Decision) -> Marcher:
        """The March ``decision`` belongs to; its first destination question starts the
        note, recording NVA Control at the beginning of the Operation."""
        ctx = decision.context
        note = None
        if ctx.done or decision.kind is not Kind.SELECT_SPACE:
            note = MarchNote.decode(_note(state))
        if note is None:
            begin = len(state.pending.answers) if state.pending is not None else 0
            note = MarchNote(begin=begin, control=_nva_control(state))
        return cls(state, note, ctx.done, free=ctx.within("event"), left=ctx.left)

    @classmethod
    def planning(cls, state: GameState) -> Marcher:
        """A March about to begin (the flowchart's IF NONE question)."""
        return cls(state, MarchNote(control=_nva_control(state)), (), free=False, left=None)

    # -- who may leave, and from where -------------------------------------------------------
    def movable(self, key: str) -> tuple[int, int]:
        """Troops and Guerrillas in ``key`` that did not arrive in this March."""
        known = self._movable.get(key)
        if known is None:
            sp = self.state.space(key)
            troops = max(0, sp.count(TROOPS) - self.arrived[(key, "troops")])
            guerrillas = max(0, _guerrillas(sp) - self.arrived[(key, "guerrillas")])
            known = self._movable[key] = (troops, guerrillas)
        return known

    def limit(self, key: str) -> int:
        """How many NVA units may March out of ``key``: 2 stay where NVA Bases are, and
        enough for NVA Control where the NVA had it at the beginning of the Operation."""
        known = self._limits.get(key)
        if known is not None:
            return known
        sp = self.state.space(key)
        limit = sum(self.movable(key))
        if _has_base(sp):
            limit = min(limit, _units(sp) - 2)
        if key in self.note.control:
            limit = min(limit, _nva_margin(sp) - 1)
        limit = self._limits[key] = max(0, limit)
        return limit

    def spare(self, key: str) -> tuple[int, int]:
        """Troops and Guerrillas that may leave ``key``, Troops first (Guerrillas stay)."""
        limit = self.limit(key)
        troops, guerrillas = self.movable(key)
        troops = min(limit, troops)
        return troops, min(limit - troops, guerrillas)

    def paths(self, dest: str) -> dict[str, tuple[str, ...]]:
        """Where groups may March from into ``dest``, and the Laos/Cambodia spaces each
        passes on the way, fewest first: adjacent spaces; with the Trail at 4 or in a free
        March, also through Laos/Cambodia spaces not yet destinations (THE TRAIL, 3.3.2),
        each a destination of its own."""
        known = self._paths.get(dest)
        if known is not None:
            return known
        found = self._paths[dest] = {o: () for o in ADJACENT[dest]}
        if not self.trail:
            return found
        chains: dict[str, tuple[str, ...]] = {
            t: (t,) for t in ADJACENT[dest] if _in_laos_cambodia(t) and t not in self.closed
        }
        frontier = list(chains)
        while frontier:
            later = []
            for t in frontier:
                chain = chains[t]
                if self.left is not None and len(chain) + 1 > self.left:
                    continue
                for o in ADJACENT[t]:
                    if o == dest:
                        continue
                    found.setdefault(o, chain)
                    if o not in chains and _in_laos_cambodia(o) and o not in self.closed:
                        chains[o] = (o, *chain)
                        later.append(o)
            frontier = later
        return found

    def paid(self, last: str, dest: str) -> bool:
        """Whether a group coming from ``last`` can enter ``dest`` (3.3.2: 1 Resource per
        Province or City; none onto LoCs, in a free March, or at Trail 4 into or out of
        Laos/Cambodia)."""
        if self.free or _is_loc(dest) or _resources(self.state) >= 1:
            return True
        return self.state.trail == 4 and (_in_laos_cambodia(dest) or _in_laos_cambodia(last))

    def sources(self, dest: str, used: frozenset[str] = frozenset()) -> list[Source]:
        """The spaces groups may March from into ``dest`` (not ``used``, not this March's
        destinations: what a bullet brought there stays, ruling R300), paid for, with units
        free to leave."""
        found = []
        for origin, path in self.paths(dest).items():
            if origin in used or origin in self.closed:
                continue
            if not self.paid(path[-1] if path else origin, dest):
                continue
            limit = self.limit(origin)
            if limit > 0:
                found.append(Source(origin, path, limit))
        return found

    # -- planning a destination ------------------------------------------------------------
    def gather(
        self, sources: Sequence[Source], need: int, need_guerrillas: int, roller: Roller
    ) -> list[GroupMove]:
        """``need`` units, ``need_guerrillas`` of them Guerrillas, the rest Troops first
        (Guerrillas left behind, 8.6.5), each from the origin already sending, else the
        nearest (THE TRAIL only where needed), one that can bring all, else the biggest;
        ties by 8.2."""
        left = {s.origin: s.limit for s in sources}
        have = {
            s.origin: dict(zip(("troops", "guerrillas"), self.movable(s.origin), strict=True))
            for s in sources
        }
        taken: dict[tuple[Source, str], int] = {}
        while need > 0:
            kinds = ("guerrillas",) if need_guerrillas > 0 else ("troops", "guerrillas")
            for kind in kinds:
                found = [s for s in sources if min(left[s.origin], have[s.origin][kind]) > 0]
                if not found:
                    continue
                source = self._origin(found, {s.origin for s, _ in taken}, left, need, roller)
                o = source.origin
                n = min(left[o], have[o][kind], need_guerrillas if need_guerrillas > 0 else need)
                taken[(source, kind)] = taken.get((source, kind), 0) + n
                left[o] -= n
                have[o][kind] -= n
                need -= n
                if kind == "guerrillas":
                    need_guerrillas = max(0, need_guerrillas - n)
                break
            else:
                break
        moves: list[GroupMove] = []
        for (source, kind), n in taken.items():
            if kind == "troops":
                moves.append((source.origin, source.path, TROOPS, n))
                continue
            underground = min(n, self.state.space(source.origin).count(UNDERGROUND))
            for piece, k in ((UNDERGROUND, underground), (ACTIVE, n - underground)):
                if k:
                    moves.append((source.origin, source.path, piece, k))
        return moves

    def _origin(
        self,
        found: list[Source],
        sending: set[str],
        left: dict[str, int],
        need: int,
        roller: Roller,
    ) -> Source:
        by_origin = {s.origin: s for s in found}
        going = [s for s in found if s.origin in sending]
        if going:
            return min(going, key=lambda s: (len(s.path), SPACE[s.origin].index))
        nearest = min(len(s.path) for s in found)
        found = [s for s in found if len(s.path) == nearest]
        enough = [s.origin for s in found if left[s.origin] >= need]
        if not enough:
            biggest = max(left[s.origin] for s in found)
            enough = [s.origin for s in found if left[s.origin] == biggest]
        return by_origin[choose_space(enough, roller)]

    def legs(self, dest: str, moves: Sequence[GroupMove]) -> tuple[Leg, ...]:
        """The destinations the planned groups take in order: the Laos/Cambodia spaces they
        pass, farthest first, then ``dest``; groups that meet on the way go on together."""
        into: dict[str, dict[tuple[Piece, str], int]] = {}
        distance: dict[str, int] = {}
        for origin, path, piece, n in moves:
            hops = (origin, *path, dest)
            for a, b in pairwise(hops):
                step = into.setdefault(b, {})
                step[(piece, a)] = step.get((piece, a), 0) + n
            for i, t in enumerate(path):
                distance[t] = len(path) - i
        order = sorted(distance, key=lambda t: (-distance[t], SPACE[t].index))
        return tuple(
            Leg(k, tuple((p, n, o) for (p, o), n in into[k].items())) for k in (*order, dest)
        )

    def plan(
        self,
        candidates: Iterable[str],
        choose: Callable[[list[str]], str],
        group: Callable[[str], list[GroupMove]],
        keys: set[str],
    ) -> tuple[str, tuple[Leg, ...]] | None:
        """The destination ``choose`` prefers among ``candidates`` whose planned groups can
        begin now (their first destination is offered), and its legs."""
        left = [
            k
            for k in candidates
            if k in keys or any(p and p[0] in keys for p in self.paths(k).values())
        ]
        while left:
            dest = choose(left)
            moves = group(dest)
            if moves:
                legs = self.legs(dest, moves)
                if legs[0].space in keys:
                    return dest, legs
            left.remove(dest)
        return None

    # -- the four bullets --------------------------------------------------------------------
    def b1_targets(self) -> dict[str, tuple[list[Source], int, int]]:
        """1st bullet: with an NVA Base Available and no Laos/Cambodia space ready for one,
        the Laos/Cambodia spaces with room for a Base that Marching can bring to 4+ NVA
        units, 2+ of them Guerrillas; with the units and Guerrillas still needed."""
        state = self.state
        laos_cambodia = [k for k in SPACE if _in_laos_cambodia(k)]
        if not state.available[Piece.NVA_BASE] or any(_b1_ready(state, k) for k in laos_cambodia):
            return {}
        found = {}
        for key in laos_cambodia:
            sp = state.space(key)
            if sp.bases() >= 2 or key in self.closed:
                continue
            need_guerrillas = max(0, 2 - _guerrillas(sp))
            need = max(need_guerrillas, 4 - _units(sp))
            sources = self.sources(key)
            units = sum(s.limit for s in sources)
            guerrillas = sum(min(s.limit, self.movable(s.origin)[1]) for s in sources)
            if guerrillas >= need_guerrillas and units >= need:
                found[key] = (sources, need, need_guerrillas)
        return found

    def b2_targets(self) -> dict[str, list[Source]]:
        """2nd bullet: LoCs without an Underground NVA or VC Guerrilla, and the Cities and
        Provinces an Underground NVA Guerrilla may March from onto each."""
        found = {}
        for key in SPACE:
            if not _is_loc(key) or key in self.closed:
                continue
            if self.state.space(key).count(UNDERGROUND, Piece.VC_GUERRILLA_UNDERGROUND):
                continue
            sources = [
                s
                for s in self.sources(key)
                if not _is_loc(s.origin)
                and min(self.state.space(s.origin).count(UNDERGROUND), self.movable(s.origin)[1])
            ]
            if sources:
                found[key] = sources
        return found

    def b3_used(self, start: int) -> frozenset[str]:
        """Origins that sent a group to an earlier 3rd-bullet destination: groups do not
        split up."""
        destinations = set(self.done[start:])
        return frozenset(m.origin for m in self.moves if m.destination in destinations)

    def groups_needed(self, key: str, sources: Sequence[Source]) -> int:
        """Fewest Marching groups (one per origin) that add NVA Control to ``key``; 0 if
        none do."""
        need = _control_need(self.state, key)
        total = 0
        for n, limit in enumerate(sorted((s.limit for s in sources), reverse=True), 1):
            total += limit
            if total >= need:
                return n
        return 0

    def b3_targets(self, used: frozenset[str]) -> dict[str, list[Source]]:
        """3rd bullet: Provinces and Cities with Population (ruling R299) without NVA
        Control that Marching groups (each origin once) can bring under NVA Control."""
        found = {}
        for key in SPACE:
            if _population(key) <= 0 or key in self.closed:
                continue
            if _control(self.state, key) is Control.NVA:
                continue
            sources = self.sources(key, used)
            if self.groups_needed(key, sources):
                found[key] = sources
        return found

    def b4_targets(self) -> dict[str, list[Source]]:
        """4th bullet: the spaces next to COIN Control in South Vietnam that can receive the
        most NVA Troops not yet next to COIN Control, and where those come from."""
        found = {}
        for key in SPACE:
            if key in self.closed or not _coin_adjacent(self.state, key):
                continue
            sources = [
                s
                for s in self.sources(key)
                if not _coin_adjacent(self.state, s.origin) and self.spare(s.origin)[0]
            ]
            if sources:
                found[key] = sources
        troops = {k: sum(self.spare(s.origin)[0] for s in v) for k, v in found.items()}
        most = max(troops.values(), default=0)
        return {k: v for k, v in found.items() if troops[k] == most}

    def possible(self) -> bool:
        """8.6.5 IF NONE: whether any bullet would move something."""
        return bool(
            self.b1_targets()
            or self.b2_targets()
            or self.b3_targets(frozenset())
            or self.b4_targets()
        )

    def bullet1(self, keys: set[str], roller: Roller) -> tuple[str, tuple[Leg, ...]] | None:
        """8.6.5 1st bullet: the Laos/Cambodia space needing the fewest spaces moved (ruling
        R300), ties by 8.2, and the units it still needs, 2 Guerrillas first."""
        targets = self.b1_targets()

        def group(dest: str) -> list[GroupMove]:
            sources, need, need_guerrillas = targets[dest]
            return self.gather(sources, need, need_guerrillas, roller)

        def nearest(state: GameState, key: str) -> float:
            sources, need, need_guerrillas = targets[key]
            return -float(_spaces_needed(sources, need, need_guerrillas, self.movable))

        return self.plan(
            targets, lambda ks: _pick(self.state, ks, (nearest,), roller) or ks[0], group, keys
        )

    def bullet2(self, keys: set[str], roller: Roller) -> tuple[str, tuple[Leg, ...]] | None:
        """8.6.5 2nd bullet: the Hue-Da Nang Highway, else a LoC by 8.3; 1 Underground
        Guerrilla from the nearest City or Province (ties by 8.2)."""
        targets = self.b2_targets()

        def choose(locs: list[str]) -> str:
            return HUE_DA_NANG if HUE_DA_NANG in locs else random_loc(locs, roller)

        def group(dest: str) -> list[GroupMove]:
            sources = targets[dest]
            nearest = min(len(s.path) for s in sources)
            found = {s.origin: s for s in sources if len(s.path) == nearest}
            source = found[choose_space(list(found), roller)]
            return [(source.origin, source.path, UNDERGROUND, 1)]

        return self.plan(targets, choose, group, keys)

    def bullet3(
        self, keys: set[str], roller: Roller, start: int
    ) -> tuple[str, tuple[Leg, ...]] | None:
        """8.6.5 3rd bullet: the highest Population, then 1 group needed, no US Base, a VC
        Base but no NVA Base (ties by 8.2); the units needed for NVA Control (ruling R301)."""
        used = self.b3_used(start)
        targets = self.b3_targets(used)
        prefer: tuple[Score, ...] = (
            lambda s, k: float(_population(k)),
            lambda s, k: float(self.groups_needed(k, targets[k]) == 1),
            lambda s, k: float(not s.space(k).count(Piece.US_BASE)),
            lambda s, k: float(bool(s.space(k).count(*VC_BASES)) and not _has_base(s.space(k))),
        )

        def group(dest: str) -> list[GroupMove]:
            return self.gather(targets[dest], _control_need(self.state, dest), 0, roller)

        return self.plan(
            targets, lambda ks: _pick(self.state, ks, prefer, roller) or ks[0], group, keys
        )

    def bullet4(self, keys: set[str], roller: Roller) -> tuple[str, tuple[Leg, ...]] | None:
        """8.6.5 4th bullet: the space (ties by 8.2) and every Troop that may come, the
        biggest groups first (ruling R302)."""
        targets = self.b4_targets()

        def group(dest: str) -> list[GroupMove]:
            troops = {s: self.spare(s.origin)[0] for s in targets[dest]}
            order = sorted(troops, key=lambda s: (-troops[s], len(s.path), SPACE[s.origin].index))
            return [(s.origin, s.path, TROOPS, troops[s]) for s in order]

        return self.plan(
            targets, lambda ks: _pick(self.state, ks, (), roller) or ks[0], group, keys
        )


def _spaces_needed(
    sources: Sequence[Source],
    need: int,
    need_guerrillas: int,
    movable: Callable[[str], tuple[int, int]],
) -> int:
    """The fewest spaces the farthest group must move to bring ``need`` units,
    ``need_guerrillas`` of them Guerrillas (1: no Trail needed)."""
    for hops in sorted({len(s.path) for s in sources}):
        near = [s for s in sources if len(s.path) <= hops]
        guerrillas = sum(min(s.limit, movable(s.origin)[1]) for s in near)
        if sum(s.limit for s in near) >= need and guerrillas >= need_guerrillas:
            return hops + 1
    return 0


def _b1_ready(state: GameState, key: str) -> bool:
    sp = state.space(key)
    return sp.bases() < 2 and _units(sp) >= 4 and _guerrillas(sp) >= 2


def _control_need(state: GameState, key: str) -> int:
    """NVA pieces still needed in ``key`` for NVA Control."""
    return max(0, 1 - _nva_margin(state.space(key)))


def _coin_adjacent(state: GameState, key: str) -> bool:
    """Next to a South Vietnam space under COIN Control."""
    return any(_control(state, a) is Control.COIN for a in SOUTH_ADJACENT[key])


def march(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6.5: destinations by the four bullets in order, each planned as it is selected --
    its groups and, at Trail 4 or in a free March, the Laos/Cambodia spaces they pass
    (ruling R300) -- then the March's Ambush (only to remove a COIN Base); the groups move
    as planned."""
    if decision.kind is Kind.SELECT_SPACE:
        return _march_destination(state, decision, roller)
    if decision.kind is Kind.MOVE_PIECES:
        return _march_group(state, decision, roller)
    return None


def _march_destination(state: GameState, decision: Decision, roller: Roller) -> Choice:
    m = Marcher.of(state, decision)
    note = m.note
    keys = set(_selects(decision))
    going = next((leg for leg in note.legs if leg.space not in m.closed), None)
    if going is not None and going.space in keys:
        dest = note.legs[-1].space
        why = f"{BULLETS[note.bullet]}: along the Trail through {going.space} to {dest}"
        if going.space == dest:
            why = f"{BULLETS[note.bullet]}: on to {dest}"
        return Choice(Select(going.space), _why(roller, "8.6.5", why, note.encode()))
    done = len(m.done)
    b3_start = note.b3_start if note.bullet == 3 else done
    b3_count = sum(1 for k in m.done[b3_start:] if _population(k) > 0)
    bullets: list[tuple[int, Callable[[], tuple[str, tuple[Leg, ...]] | None]]] = []
    if note.bullet < 1:
        bullets.append((1, lambda: m.bullet1(keys, roller)))
    if note.bullet < 2:
        bullets.append((2, lambda: m.bullet2(keys, roller)))
    if note.bullet < 3 or (note.bullet == 3 and b3_count < 3):
        bullets.append((3, lambda: m.bullet3(keys, roller, b3_start)))
    if note.bullet < 4:
        bullets.append((4, lambda: m.bullet4(keys, roller)))
    for bullet, planned in bullets:
        found = planned()
        if found is None:
            continue
        dest, legs = found
        new = MarchNote(bullet, b3_start if bullet == 3 else 0, note.begin, note.control, legs)
        reason = {
            1: f"4 units for a Base in {dest}",
            2: f"a Guerrilla onto {dest}",
            3: f"add NVA Control to {dest}",
            4: f"Troops next to COIN Control in {dest}",
        }[bullet]
        if len(legs) > 1:
            reason += f", along the Trail through {legs[0].space}"
        return Choice(
            Select(legs[0].space),
            _why(roller, "8.6.5", f"{BULLETS[bullet]}: {reason}", new.encode()),
        )
    finished = MarchNote(4, 0, note.begin, note.control)
    if AMBUSH in decision.options and _march_ambush_wanted(m, decision):
        return Choice(AMBUSH, _why(roller, "8.6.5", "Ambush after the March", finished.encode()))
    if DONE in decision.options or not keys:
        return _finish(decision, roller, "8.6.5", "no more March destinations")
    chosen = _pick(state, sorted(keys), (), roller)
    assert chosen is not None
    note = MarchNote(4, 0, note.begin, note.control, (Leg(chosen, ()),))
    return Choice(
        Select(chosen),
        _why(roller, "8.6.5", f"the March must go somewhere: {chosen}", note.encode()),
    )


def _march_group(state: GameState, decision: Decision, roller: Roller) -> Choice:
    """The next planned move into the space being worked (the other Guerrilla form if the
    planned one is not there, except for the 2nd bullet's Underground one); planned units an
    Event's terms keep from coming are replaced from other offered spaces, as many as may
    leave them (ruling R308); ``done`` when the plan is carried out."""
    m = Marcher.of(state, decision)
    key = decision.context.space
    what = BULLETS.get(m.note.bullet, "the March")
    leg = next((leg for leg in m.note.legs if leg.space == key), None)
    if leg is None:
        return _finish(decision, roller, "8.6.5", f"{what}: no group planned")
    made: Counter[tuple[str, str]] = Counter()
    for move in m.moves:
        if move.destination == key:
            made[(_kind(move.piece), move.origin)] += move.count
    planned: Counter[tuple[str, str]] = Counter()
    for piece, n, origin in leg.moves:
        planned[(_kind(piece), origin)] += n
    options = _moves(decision)
    blocked: Counter[str] = Counter()
    for piece, _, origin in leg.moves:
        rest = planned[(_kind(piece), origin)] - made[(_kind(piece), origin)]
        if rest <= 0:
            continue
        forms: tuple[Piece, ...] = (piece,)
        if piece in GUERRILLAS and m.note.bullet != 2:
            forms = (piece, *(g for g in GUERRILLAS if g is not piece))
        for form in forms:
            fitting = [
                o for o in options if o.piece is form and o.origin == origin and o.count <= rest
            ]
            if fitting:
                move = max(fitting, key=lambda o: o.count)
                return Choice(
                    move,
                    _why(roller, "8.6.5", f"{what}: {move.count} {move.piece.token} from {origin}"),
                )
        if not any(o.origin == origin and _kind(o.piece) == _kind(piece) for o in options):
            blocked[_kind(piece)] += rest
    for kind, rest in blocked.items():
        rest -= sum(n for (k, o), n in made.items() if k == kind and (k, o) not in planned)
        fitting = [
            o
            for o in options
            if _kind(o.piece) == kind
            and (kind, o.origin) not in planned
            and o.count <= min(rest, m.limit(o.origin))
            and (m.note.bullet != 2 or o.piece is UNDERGROUND)
        ]
        if fitting:
            most = max(o.count for o in fitting)
            origin = choose_space(sorted({o.origin for o in fitting if o.count == most}), roller)
            move = next(o for o in fitting if o.origin == origin and o.count == most)
            reason = f"{what}: {move.count} {move.piece.token} from {origin} instead"
            return Choice(move, _why(roller, "8.6.5", reason))
    return _finish(decision, roller, "8.6.5", f"{what}: the planned groups are in")


def _march_ambush_sources(state: GameState, decision: Decision) -> list[str]:
    return [k for k in decision.context.done if _can_ambush_from(state, k)]


def _march_target_rank(state: GameState, source: str, target: str, piece: Piece) -> tuple[int, ...]:
    """8.6.5 AMBUSH, best first (higher): a COIN Base (removed, else made removable by a
    2nd Ambush), then US Troops, then COIN cubes on a LoC."""
    base = 2 if piece in COIN_BASES else int(_enables_base(state, source, target, 1))
    return (base, int(piece is Piece.US_TROOPS), int(piece in COIN_CUBES and _is_loc(target)))


def _march_ambush_choices(state: GameState, keys: Iterable[str]) -> dict[str, tuple[int, ...]]:
    ranks: dict[str, tuple[int, ...]] = {}
    for source in keys:
        for target in ambush_reach(source):
            for piece in _removable(state.space(target)):
                rank = (*_march_target_rank(state, source, target, piece), int(_is_loc(source)))
                if rank > ranks.get(source, ()):
                    ranks[source] = rank
    return ranks


def _march_ambush_wanted(m: Marcher, decision: Decision) -> bool:
    """8.6.5 AMBUSH: only if it removes a COIN Base (2 Ambush spaces combined if need be);
    a space left after the Base goes to US Troops, else COIN cubes on a LoC."""
    state = m.state
    sources = _march_ambush_sources(state, decision)
    done = sum(1 for a in m.answers if a == AMBUSH)
    base_now = any(
        piece in COIN_BASES
        for s in sources
        for t in ambush_reach(s)
        for piece in _removable(state.space(t))
    )
    if base_now:
        return True
    if done == 0:
        return any(_enables_base(state, s, t, 1) for s in sources for t in ambush_reach(s))
    return any(
        _march_target_rank(state, s, t, piece) > (0, 0, 0)
        for s in sources
        for t in ambush_reach(s)
        for piece in _removable(state.space(t))
    )


# == 8.6.6 Redeploy ===============================================================================
@lru_cache(maxsize=4096)
def _redeploy_spare(key: str, sp: SpaceState, final: bool) -> int:
    """Troops that may leave ``key`` holding ``sp`` in Redeploy: never losing NVA Control
    nor adding COIN Control (1.7), and (unless final) keeping 2 NVA units where NVA Bases
    are. A fact of the space's contents, worked out once for them."""
    troops = sp.count(TROOPS)
    if not _is_loc(key):
        margin = _nva_margin(sp)
        if margin > 0:  # NVA Control: keep it
            troops = min(troops, margin - 1)
        others, coin = sp.count(*NVA_PIECES, *VC_PIECES), _coin(sp)
        if coin <= others:  # no COIN Control: add none
            troops = min(troops, others - coin)
    if _has_base(sp) and not final:
        troops = min(troops, _units(sp) - 2)
    return max(0, troops)


def _redeploy_plan(
    state: GameState, spares: dict[str, int], final: bool, roller: Roller
) -> tuple[int, str, str, int] | None:
    """The next Redeploy move by 8.6.6 from the origins' ``spares`` (by
    :func:`_redeploy_spare`; ``final``: in the final Coup Round): (priority, origin,
    destination, Troops)."""
    spare = {o: n for o, n in spares.items() if n > 0}
    if not spare:
        return None
    bases = _base_spaces(state)
    total = sum(spare.values())

    def move(priority: int, dest: str, need: int) -> tuple[int, str, str, int] | None:
        sources = [o for o in spare if o != dest]
        if not sources:
            return None
        enough = [o for o in sources if spare[o] >= need]
        origin = choose_space(enough or sources, roller)
        return priority, origin, dest, min(need, spare[origin])

    if not final:
        short = [k for k in bases if _units(state.space(k)) < 2]
        dest = _pick(state, short, (), roller)
        if dest is not None:
            found = move(1, dest, 2 - _units(state.space(dest)))
            if found is not None:
                return found
    gain = [
        k
        for k in bases
        if _control(state, k) is not Control.NVA
        and _control_need(state, k) <= total - spare.get(k, 0)
    ]
    dest = _pick(
        state,
        gain,
        (lambda s, k: float(_population(k)), lambda s, k: -float(_control_need(s, k))),
        roller,
    )
    if dest is not None:
        found = move(2, dest, _control_need(state, dest))
        if found is not None:
            return found
    uncoin = [
        k
        for k in bases
        if _control(state, k) is Control.COIN
        and _coin(state.space(k)) - state.space(k).count(*NVA_PIECES, *VC_PIECES)
        <= total - spare.get(k, 0)
    ]
    dest = _pick(state, uncoin, (lambda s, k: float(_population(k)),), roller)
    if dest is not None:
        sp = state.space(dest)
        found = move(3, dest, _coin(sp) - sp.count(*NVA_PIECES, *VC_PIECES))
        if found is not None:
            return found
    return None


def _massing(state: GameState, counts: dict[str, int]) -> dict[str, int]:
    """8.6.6 4th bullet: for each NVA Base space next to COIN Control, the Troops not yet next
    to COIN Control that may move into it (``counts``: the spares of the origins not next to
    COIN Control)."""
    total = sum(counts.values())
    return {k: total - counts.get(k, 0) for k in _base_spaces(state) if _coin_adjacent(state, k)}


def redeploy(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.6.6: NVA Troops to NVA Bases -- 2 units at every Base space (unless final), then
    adding NVA Control (most Population), then removing COIN Control, then into 1 space
    (South Vietnam first) the most Troops not yet next to COIN Control; never losing NVA
    Control nor adding COIN Control. Each move is noted (``redeploy-P.DEST.N``) between the
    origin, destination and number questions."""
    kind = decision.kind
    note = _note(state) if state.current_card is not None else ""
    planned = _read_redeploy_note(note)
    if kind is Kind.SELECT_SPACE and decision.context.space is None:
        final = _final_coup(state)
        spares = {o: _redeploy_spare(o, state.space(o), final) for o in _selects(decision)}
        plan = _redeploy_plan(state, spares, final, roller)
        if plan is None:
            plan = _mass_plan(state, spares, planned, roller)
        if plan is None:
            return _finish(decision, roller, "8.6.6", "no more Troops to relocate")
        priority, origin, dest, n = plan
        what = {1: "2 units at every NVA Base", 2: "add NVA Control", 3: "remove COIN Control"}.get(
            priority, "Troops next to COIN Control"
        )
        why = _why(
            roller,
            "8.6.6",
            f"{what}: {n} Troops from {origin} to {dest}",
            f"redeploy-{priority}.{dest}.{n}",
        )
        return Choice(Select(origin), why)
    if kind is Kind.SELECT_SPACE:
        keys = _selects(decision)
        if planned is not None and planned[1] in keys:
            return Choice(Select(planned[1]), _why(roller, "8.6.6", f"to {planned[1]}"))
        chosen = _pick(state, keys, (), roller)
        if chosen is None:
            return None
        return Choice(Select(chosen), _why(roller, "8.6.6", f"to {chosen}"))
    if kind is Kind.MOVE_PIECES:
        moves = [m for m in _moves(decision) if m.piece is TROOPS]
        if not moves:
            return _finish(decision, roller, "8.6.6", "no Troops to move")
        n = planned[2] if planned is not None else max(m.count for m in moves)
        fitting = [m for m in moves if m.count <= n] or moves
        move = max(fitting, key=lambda m: m.count)
        return Choice(move, _why(roller, "8.6.6", f"{move.count} Troops to {move.destination}"))
    return None


def _read_redeploy_note(note: str) -> tuple[int, str, int] | None:
    if not note.startswith("redeploy-"):
        return None
    priority, dest, n = note[len("redeploy-") :].split(".")
    return int(priority), dest, int(n)


def _mass_plan(
    state: GameState,
    spares: dict[str, int],
    planned: tuple[int, str, int] | None,
    roller: Roller,
) -> tuple[int, str, str, int] | None:
    """8.6.6 4th bullet from the origins' ``spares``: (4, origin, destination, Troops)."""
    far = {o: n for o, n in spares.items() if not _coin_adjacent(state, o)}
    gains = _massing(state, far)
    if planned is not None and planned[0] == 4:
        dest: str | None = planned[1] if planned[1] in gains else None
    else:
        found = [k for k, n in gains.items() if n > 0]
        south = [k for k in found if SPACE[k].in_south] or found
        most = max((gains[k] for k in south), default=0)
        dest = _pick(state, [k for k in south if gains[k] == most], (), roller)
    if dest is None:
        return None
    sources = [o for o, n in far.items() if o != dest and n]
    if not sources:
        return None
    origin = choose_space(sources, roller)
    return 4, origin, dest, far[origin]


# == choices in Events (8.4.4) ====================================================================
_FLOWCHART_ORDER = (ATTACK, "ambush", "bombard", TERROR, RALLY, MARCH, "infiltrate")


def free_special_activity(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.4.4 NOTE: a free Special Activity without an Operation -- the one the flowchart would
    pair with the Operation it reaches (8.6.1 Ambush or Bombard, 8.6.3 Bombard, 8.6.4/8.6.5
    Infiltrate or else Bombard)."""
    offered = [c.option for c in decision.options if isinstance(c, Choose)]
    plan = operations_plan(state, roller)
    name = plan[0] if plan is not None else None
    wanted: list[str] = []
    if name == ATTACK:
        wanted = [attack_sa(state) or "bombard"]
    elif name in (RALLY, MARCH):
        wanted = ["infiltrate"] if infiltrate_wanted(state) else []
    wanted += ["bombard"] if _bombard_targets(state) else []
    wanted += ["infiltrate", "ambush", "bombard"]
    first = next((w for w in wanted if w in offered), None)
    if first is None:
        return None
    return Choice(
        Choose(first), _why(roller, "8.4.4", f"the flowchart's Special Activity: {first}")
    )


def event_choice(state: GameState, decision: Decision, roller: Roller) -> Choice | None:
    """8.4.4 in an Event the NVA execute: the benefit to the executing Faction first; among
    Operations and Special Activities, the flowchart's (Attack where Troops remove 2+, else
    an Ambush, else the 8.6 order); anything else is the shared rules' -- among them Aid,
    ARVN Resources and Patronage lowered (8.4.4, ``event_choices.direction``)."""
    words = [c.option for c in decision.options if isinstance(c, Choose)]
    if "nva" in words and decision.context.faction is NVA:
        return Choice(Choose("nva"), _why(roller, "8.4.4", "the executing Faction first"))
    if words == ["infiltrate", "resources"]:
        wanted = "infiltrate" if infiltrate_wanted(state) else "resources"
        return Choice(
            Choose(wanted), _why(roller, "8.6.4", "Infiltrate only for a Base or 4+ Troops")
        )
    if decision.kind is Kind.SPECIAL_ACTIVITY:
        return free_special_activity(state, decision, roller)
    if not words or any(w not in _FLOWCHART_ORDER for w in words):
        return None
    if ATTACK in words and any(_attack_bullet(state, k) == 1 for k in SPACE):
        return Choice(Choose(ATTACK), _why(roller, "8.6.1", "Troops can remove 2+ pieces: Attack"))
    if "ambush" in words and any(
        state.space(k).count(*GUERRILLAS) and any(_coin(state.space(t)) for t in ambush_reach(k))
        for k in SPACE
    ):
        return Choice(Choose("ambush"), _why(roller, "8.6.1", "Ambush first"))
    first = min(words, key=_FLOWCHART_ORDER.index)
    return Choice(Choose(first), _why(roller, "8.4.4", f"the first in the flowchart: {first}"))


# == the flowchart ================================================================================
Step = Callable[[GameState, Decision, Roller], Choice | None]

STEPS: dict[str, Step] = {
    ATTACK: attack,
    "ambush": ambush,
    "bombard": bombard,
    TERROR: terror,
    RALLY: rally,
    "infiltrate": infiltrate,
    MARCH: march,
    "redeploy": redeploy,
}
"""Each NVA procedure's step function."""


def flowchart(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """The Non-player NVA's answer to ``decision`` (8.6), or ``None`` where the shared
    section-8 rules decide (Event texts and sides, Pivotal Events, Resource transfers)."""
    state = game.state
    kind = decision.kind
    if kind is Kind.ACTION:
        return action(state, decision, roller)
    ctx = decision.context
    if kind is Kind.OPERATION:
        return operation(state, decision, roller)
    if ctx.procedure == "event" and kind in (Kind.CHOOSE_MODE, Kind.SPECIAL_ACTIVITY):
        return event_choice(state, decision, roller)
    if decision.rule == "1.5.2" or ctx.faction not in (NVA, None):
        return None
    if kind is Kind.SPECIAL_ACTIVITY:
        return special_activity(state, decision, roller)
    step = STEPS.get(ctx.procedure)
    if step is None:
        return None
    return step(state, decision, roller)


FLOWCHARTS[NVA] = flowchart
