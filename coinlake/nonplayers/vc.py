"""8.5 Non-player VC: the VC flowchart, one function per numbered step.

- :func:`terror` (8.5.1): whether to Terror, where, and the Tax, Subvert and LoC (Sabotage)
  rules that go with it (:func:`tax`, :func:`subvert`).
- :func:`event_or_operations` (8.5.2): Event, Pass (the Capability look-ahead) or Operations.
- :func:`rally` (8.5.3), :func:`march` (8.5.4, with :func:`ambush`), :func:`attack` (8.5.5).
- :func:`agitate` (8.5.6), and the VC's other Coup Round choices (6.2.1 Sabotage order, 6.5
  Withdrawal shifts).

:func:`flowchart` (registered in :data:`~coinlake.nonplayers.agents.FLOWCHARTS`) answers every
Decision the VC gets except Pivotal Events, the side of a dual-use Event and the choices of an
Event's own text, which the shared section-8 rules decide (8.4). The Operation is decided
once, on the action choice, and remembered as an agent note (``op-rally``...) for the
Operation question that follows; each later question is answered from the position and the
VC's own answers since the action began (:func:`history`). Dice are rolled only when their
result could matter (``docs/rulings.md`` R270).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from attrs import Factory, field, frozen

import coinlake
from coinlake import (
    CARDS,
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
    SpaceState,
    Support,
    Why,
    ambush_reach,
)
from coinlake.nonplayers import events
from coinlake.nonplayers.agents import EVENT, FLOWCHARTS, LIMOP, OP, OP_SA, PASS, PIVOTAL
from coinlake.nonplayers.board import ADJACENT, SPACE, SPACE_IDS, spaces_with
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.pieces import friendly_removal_rank
from coinlake.nonplayers.priorities import Priority, econ, pick, population
from coinlake.nonplayers.random_spaces import choose_space

VC, NVA = Faction.VC, Faction.NVA
UG, AG = Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE
GUERRILLAS = (UG, AG)
VC_BASES = (Piece.VC_BASE, Piece.VC_TUNNELED_BASE)
VC_PIECES = (*GUERRILLAS, *VC_BASES)
NVA_PIECES = tuple(p for p in Piece if p.faction is NVA)
COIN_BASES = (Piece.US_BASE, Piece.ARVN_BASE)
SPECIAL_FORCES = (
    Piece.US_IRREGULAR_UNDERGROUND,
    Piece.US_IRREGULAR_ACTIVE,
    Piece.ARVN_RANGER_UNDERGROUND,
    Piece.ARVN_RANGER_ACTIVE,
)
TROOPS = (Piece.US_TROOPS, Piece.ARVN_TROOPS)
CUBES = (*TROOPS, Piece.ARVN_POLICE)
ARVN_CUBES = (Piece.ARVN_TROOPS, Piece.ARVN_POLICE)
COIN_FORCES = (*CUBES, *SPECIAL_FORCES)
COIN_PIECES = (*COIN_FORCES, *COIN_BASES)

OPERATIONS = ("rally", "march", "attack", "terror")
TAX, SUBVERT, AMBUSH = Choose("tax"), Choose("subvert"), Choose("ambush")
NOT_NOW, NO_SA = Choose("not-now"), Choose("no-sa")
DONE = Done()
LOOKAHEAD = "capability-lookahead"
BOOBY_TRAPS, MAIN_FORCE_BNS, CADRES = 101, 104, 116
CLAYMORES, TYPHOON_KATE = 17, 115

PROVINCES_AND_CITIES = tuple(s.id for s in coinlake.SPACES if not s.is_loc)


# == the position ===========================================================================
def _n(state: GameState, key: str, *pieces: Piece) -> int:
    return state.space(key).count(*pieces)


def _guerrillas(state: GameState, key: str) -> int:
    return _n(state, key, *GUERRILLAS)


def _underground(state: GameState) -> tuple[str, ...]:
    """The spaces with an Underground VC Guerrilla, in map order: the only ones Terror, Tax,
    Subvert or Ambush may take (3.3.4, 4.5)."""
    return spaces_with(state, UG)


def _is_loc(key: str) -> bool:
    return SPACE[key].is_loc


def _in_south(key: str) -> bool:
    """A Province or City of South Vietnam (1.3.5)."""
    return SPACE[key].in_south and not SPACE[key].is_loc


def _forces(sp: SpaceState) -> tuple[int, int, int]:
    """COIN, NVA and VC pieces in a space holding ``sp`` (1.7)."""
    return sp.count(*COIN_PIECES), sp.count(*NVA_PIECES), sp.count(*VC_PIECES)


def _control_now(state: GameState, key: str) -> Control:
    return Control.NONE if _is_loc(key) else Control.of(*_forces(state.space(key)))


def _nva_is_player(state: GameState) -> bool:
    return NVA not in state.options.non_players


def _capability(state: GameState, card: int) -> str | None:
    return next((side.value for n, side in state.capabilities if n == card), None)


def _monsoon(state: GameState) -> bool:
    """March is barred in Monsoon: a Coup card shows as the next card (2.3.9)."""
    upcoming = state.next_card
    return upcoming is not None and CARDS[upcoming].kind.value == "coup"


def _ambush_limit(state: GameState) -> int:
    """Spaces one Ambush may take (4.5.3): 2; 1 under unshaded Booby Traps or Typhoon Kate;
    none under Claymores."""
    if CLAYMORES in state.momentum:
        return 0
    if _capability(state, BOOBY_TRAPS) == "unshaded" or TYPHOON_KATE in state.momentum:
        return 1
    return 2


def _activation_limit(state: GameState) -> int:
    """A Marching group Activates above this many pieces (3.3.2; 1 under unshaded Main Force
    Bns)."""
    return 1 if _capability(state, MAIN_FORCE_BNS) == "unshaded" else 3


def _flag(test: Callable[[GameState, str], bool]) -> Callable[[GameState, str], float]:
    """A yes-or-no tie-breaker (8.1.4): the spaces where ``test`` holds first."""
    return lambda s, k: 1.0 if test(s, k) else 0.0


def _cadres_guerrillas(state: GameState) -> int:
    """VC Guerrillas each Terror space costs under unshaded Cadres (5.3)."""
    return 2 if _capability(state, CADRES) == "unshaded" else 0


# == what the VC did so far in this action ====================================================
def _moves_out(history: History) -> dict[tuple[str, Piece], int]:
    """VC pieces moved from each space to another space in ``history``, by (origin, piece)."""
    tally: dict[tuple[str, Piece], int] = {}
    for c, _ in history.answers:
        if isinstance(c, Move) and c.destination in SPACE:
            tally[(c.origin, c.piece)] = tally.get((c.origin, c.piece), 0) + c.count
    return tally


@frozen
class History:
    """The VC's answers since the current action began (chosen or forced), oldest first,
    each with the position just before it, and the position when the action began."""

    start: GameState
    answers: tuple[tuple[Command, GameState], ...]
    _moved: dict[tuple[str, Piece], int] = field(
        init=False, eq=False, repr=False, default=Factory(_moves_out, takes_self=True)
    )

    def count(self, command: Command) -> int:
        return sum(1 for c, _ in self.answers if c == command)

    def before(self, command: Command) -> GameState | None:
        """The position before the latest answer ``command``."""
        return next((s for c, s in reversed(self.answers) if c == command), None)

    def moved_out(self, origin: str, piece: Piece) -> int:
        """VC pieces of ``piece`` moved from ``origin`` to another space in this action."""
        return self._moved.get((origin, piece), 0)


_STARTS = frozenset(Choose(w) for w in ("op", "op+sa", "limop", "event", "pivotal", *OPERATIONS))


def history(game: Game) -> History:
    """The VC's answers in the action in progress: walks back from the current position to
    the action or Operation choice (or the start of the card). The walk stops early at the
    position of the previous call, if it passes it, and goes on from that call's answer
    (the same walk from there: positions never change)."""
    global _LAST_HISTORY
    node = game.node
    card = game.state.current_card
    found: list[tuple[Command, GameState]] = []
    start = game.state
    last_node, last = (None, None) if _LAST_HISTORY is None else _LAST_HISTORY
    reached = None if last_node is None else last_node()
    while node.parent is not None and node.state.current_card == card:
        if reached is not None and last is not None and node is reached:
            found.extend(reversed(last.answers))
            start = last.start
            break
        before = node.parent.state
        here: list[Command] = []
        if node.command is not None and node.faction is VC:
            here.append(node.command)
        here.extend(e.command for e in node.events if isinstance(e, coinlake.Forced))
        found.extend((c, before) for c in reversed(here))
        start = node.state
        if (node.command in _STARTS and node.faction is not None) or any(
            c in _STARTS for c in here
        ):
            break
        node = node.parent
    result = History(start, tuple(reversed(found)))
    _LAST_HISTORY = (weakref.ref(game.node), result)
    return result


_LAST_HISTORY: tuple[weakref.ref[coinlake.Node], History] | None = None
"""The position of the latest :func:`history` call (weakly: it keeps no game alive) and its
answer."""


def _before_select(game: Game, space: str | None, hist: History | None = None) -> GameState:
    """The position before the VC selected ``space`` for the step in progress (``hist``:
    :func:`history`, if already known)."""
    if space is None:
        return game.state
    known = hist if hist is not None else history(game)
    return known.before(Select(space)) or game.state


# == answers ==================================================================================
def _why(roller: Roller, rule: str, reason: str, note: str = "") -> Why:
    return Why(rule, reason, tuple(roller.rolls), note=note)


def _choose(roller: Roller, command: Command, rule: str, reason: str, note: str = "") -> Choice:
    return Choice(command, _why(roller, rule, reason, note))


def _selects(decision: Decision) -> list[str]:
    return [c.space for c in decision.options if isinstance(c, Select) and c.space in SPACE]


def _by_priorities(
    state: GameState,
    decision: Decision,
    priorities: Sequence[Priority],
    roller: Roller,
    candidates: Sequence[str] | None = None,
) -> Choice | None:
    """The Select the first priority with a candidate picks (8.1.3, 8.1.4, 8.2), or None."""
    found = pick(
        state, _selects(decision) if candidates is None else candidates, priorities, roller
    )
    if found is None:
        return None
    space, priority = found
    return _choose(roller, Select(space), priority.rule, f"{priority.wants}: {space}")


def _done(decision: Decision, roller: Roller, rule: str, reason: str) -> Choice | None:
    if DONE in decision.options:
        return _choose(roller, DONE, rule, reason)
    return None


def _fallback(decision: Decision, roller: Roller, rule: str, what: str) -> Choice:
    """Where no priority of the step applies but an answer is compulsory: a random space
    (8.2, 8.3) or the first option -- for an Event's free action per 8.4.4, otherwise said
    to be outside the flowchart (never expected)."""
    if _free(decision):
        rule, why = "8.4.4", f"{what} for an Event, where the priorities do not apply"
    else:
        why = f"{what}: no priority applies"
    selects = _selects(decision)
    if selects:
        space = choose_space(selects, roller)
        return _choose(roller, Select(space), rule, f"{why}: a random space, {space} (8.2)")
    return _choose(roller, decision.options[0], rule, why)


# == 8.5.1 Terror (with Tax and Subvert) ======================================================
def _shift_possible(state: GameState, key: str) -> bool:
    """Terror would shift the space: a Province or City with Population, not at Active
    Opposition, and without a Terror marker (3.3.4; R271)."""
    sp = state.space(key)
    return (
        not _is_loc(key)
        and SPACE[key].population > 0
        and sp.support > Support.ACTIVE_OPPOSITION
        and not sp.terror
    )


def terror_wanted(state: GameState, key: str) -> bool:
    """8.5.1, first bullet: a shift is possible, an Underground VC Guerrilla is there (2 VC
    Guerrillas under unshaded Cadres) and Terror would not Activate the last Underground one
    of a Neutral or Passive Opposition space with a VC Base."""
    sp = state.space(key)
    underground = sp.count(UG)
    if not underground or not _shift_possible(state, key):
        return False
    if _guerrillas(state, key) < _cadres_guerrillas(state):
        return False
    keeps = sp.support in (Support.NEUTRAL, Support.PASSIVE_OPPOSITION) and sp.count(*VC_BASES)
    return not (keeps and underground == 1)


def _terror_on_loc(state: GameState, key: str) -> bool:
    """8.5.1, second bullet: an unSabotaged LoC with an Underground VC Guerrilla, if and only
    if the VC have more than 12 Resources and Aid is below 30."""
    return (
        _is_loc(key)
        and state.resources(VC) > 12
        and state.aid < 30
        and not state.space(key).sabotage
        and _n(state, key, UG) > 0
    )


TERROR_PRIORITIES = (
    Priority(
        "8.5.1", "Terror where a shift is possible, most Population", terror_wanted, (population,)
    ),
    Priority(
        "8.5.1",
        "Terror on an unSabotaged LoC (more than 12 Resources, Aid below 30)",
        _terror_on_loc,
    ),
)


def terror_conditions(state: GameState, roller: Roller, budget: int) -> tuple[bool, str]:
    """8.5.1: Terror if the VC can pay for (without Taxing) and reach with an Underground
    Guerrilla a space at Support, or enough spaces to shift at least a 2d6 roll in
    Population toward Active Opposition; returns the verdict and why."""
    spaces = [k for k in _underground(state) if terror_wanted(state, k)]
    if budget < 1 or not spaces:
        return False, "no Resources or no space Terror would shift"
    support = [k for k in spaces if state.space(k).support > Support.NEUTRAL]
    if support:
        return True, f"Terror can reach Support in {support[0]}"
    pops = sorted((SPACE[k].population for k in spaces), reverse=True)[:budget]
    total = sum(pops)
    if total < 2:
        return False, f"Terror would shift {total} Population, below any 2d6 roll"
    if total >= 12:
        return True, f"Terror would shift {total} Population, at least any 2d6 roll"
    roll = roller.roll() + roller.roll()
    verdict = "at least" if total >= roll else "below"
    return total >= roll, f"Terror would shift {total} Population, {verdict} 2d6 = {roll}"


def terror(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.5.1 Terror: every space a shift is possible, most Population first, then (only with
    more than 12 Resources and Aid below 30) unSabotaged LoCs; Tax first on hitting 0
    Resources."""
    state = game.state
    if decision.kind is Kind.SELECT_SPACE:
        if _tax_now(state, decision):
            return _choose(roller, TAX, "8.5.1", "0 Resources: Tax before continuing Terror")
        chosen = _by_priorities(state, decision, TERROR_PRIORITIES, roller)
        if chosen is not None:
            return chosen
        return _done(decision, roller, "8.5.1", "no more Terror spaces") or _fallback(
            decision, roller, "8.5.1", "Terror"
        )
    return _operation_detail(game, decision, roller, "8.5.1")


def _tax_now(state: GameState, decision: Decision) -> bool:
    """8.5.1, 8.5.3: on hitting 0 Resources during a paid Terror or Rally, Tax first if Tax is
    possible (per :func:`tax_possible`)."""
    return (
        TAX in decision.options
        and state.resources(VC) == 0
        and not _free(decision)
        and tax_possible(state)
    )


def _tax_ok(state: GameState, key: str) -> bool:
    """4.5.1: an Underground VC Guerrilla and no COIN Control."""
    return _n(state, key, UG) > 0 and _control_now(state, key) is not Control.COIN


def _broke(state: GameState) -> bool:
    return state.resources(VC) == 0


TAX_PRIORITIES = (
    Priority(
        "8.5.1",
        "Tax on a 2-Econ then a 1-Econ LoC",
        lambda s, k: _is_loc(k) and SPACE[k].econ >= 1 and _tax_ok(s, k),
        (econ,),
    ),
    Priority(
        "8.5.1",
        "Tax at Active Support, most Population",
        lambda s, k: s.space(k).support is Support.ACTIVE_SUPPORT and _tax_ok(s, k),
        (population,),
    ),
    Priority(
        "8.5.1",
        "at 0 Resources: Tax at Active Opposition, most Population",
        lambda s, k: (
            _broke(s)
            and SPACE[k].population > 0
            and s.space(k).support is Support.ACTIVE_OPPOSITION
            and _tax_ok(s, k)
        ),
        (population,),
    ),
    Priority(
        "8.5.1",
        "at 0 Resources: Tax elsewhere, most Population",
        lambda s, k: _broke(s) and SPACE[k].population > 0 and _tax_ok(s, k),
        (population,),
    ),
)


def tax_possible(state: GameState) -> bool:
    """8.5.1 TAX: the VC Tax only with at most 9 Resources, and only where a priority of
    :data:`TAX_PRIORITIES` wants a space."""
    if state.resources(VC) > 9:
        return False
    spaces = _underground(state)
    return any(p.test(state, k) for p in TAX_PRIORITIES for k in spaces)


def tax_gain(state: GameState) -> int:
    """The Resources a Tax per 8.5.1 would bring (up to 4 spaces its priorities want, the
    most rewarding first): what a Rally "beginning with Tax" at 0 Resources may spend (8.5.3,
    8.5.4 EXAMPLE; R86)."""
    if not tax_possible(state):
        return 0
    gains = sorted(
        (
            SPACE[k].econ if _is_loc(k) else 2 * SPACE[k].population
            for k in _underground(state)
            if any(p.test(state, k) for p in TAX_PRIORITIES)
        ),
        reverse=True,
    )
    return sum(gains[:4])


def tax(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.5.1 TAX: up to 4 spaces, LoCs by Econ, then Active Support, then (at 0 Resources
    only) Active Opposition and other spaces, most Population first."""
    if decision.kind is Kind.SELECT_SPACE:
        chosen = _by_priorities(game.state, decision, TAX_PRIORITIES, roller)
        if chosen is not None:
            return chosen
        return _done(decision, roller, "8.5.1", "no more Tax spaces") or _fallback(
            decision, roller, "8.5.1", "Tax"
        )
    return _operation_detail(game, decision, roller, "8.5.1")


def _subvert_ok(state: GameState, key: str) -> bool:
    return _n(state, key, UG) > 0 and _n(state, key, *ARVN_CUBES) > 0


def _subvert_removes_control(state: GameState, key: str) -> bool:
    """Subversion there would end COIN Control: 2 cubes removed, or the only one replaced."""
    if _control_now(state, key) is not Control.COIN:
        return False
    coin, nva, vc = _forces(state.space(key))
    if _n(state, key, *ARVN_CUBES) == 1:
        return Control.of(coin - 1, nva, vc + 1) is not Control.COIN
    return Control.of(coin - 2, nva, vc) is not Control.COIN


def _cubes_removed(state: GameState, key: str) -> float:
    return min(2, _n(state, key, *ARVN_CUBES))


SUBVERT_PRIORITIES = (
    Priority(
        "8.5.1",
        "Subvert to remove COIN Control, most Population, most cubes",
        lambda s, k: _subvert_ok(s, k) and _subvert_removes_control(s, k),
        (population, _cubes_removed),
    ),
    Priority("8.5.1", "Subvert to remove the most cubes", _subvert_ok, (_cubes_removed,)),
)


def subvert_possible(state: GameState) -> bool:
    return any(_subvert_ok(state, k) for k in _underground(state))


def subvert(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.5.1 SUBVERT: 1-2 spaces, first to remove COIN Control (most Population), then to
    remove the most cubes; replace only where a single ARVN cube stands; cubes Troops and
    Police evenly (8.1.2)."""
    state = game.state
    space = decision.context.space
    if decision.kind is Kind.SELECT_SPACE:
        chosen = _by_priorities(state, decision, SUBVERT_PRIORITIES, roller)
        if chosen is not None:
            return chosen
        return _done(decision, roller, "8.5.1", "no more Subvert spaces") or _fallback(
            decision, roller, "8.5.1", "Subvert"
        )
    if decision.kind is Kind.CHOOSE_MODE and space is not None:
        single = _n(state, space, *ARVN_CUBES) == 1
        mode = Choose("replace" if single else "remove")
        if mode in decision.options:
            what = "the only ARVN cube: replace it" if single else "2 ARVN cubes: remove them"
            return _choose(roller, mode, "8.5.1", what)
    return _operation_detail(game, decision, roller, "8.5.1")


# == 8.5.2 Event or Operations ==================================================================
def _coups_in_leader_box(state: GameState) -> int:
    return len(state.leader_box)


def _d6_exceeds(roller: Roller, coups: int) -> tuple[bool, str]:
    """A d6 roll above the Coup cards in the RVN Leader box (no roll when certain, R270)."""
    if coups >= 6:
        return False, f"no d6 can exceed {coups} Coup cards"
    if coups == 0:
        return True, "any d6 exceeds 0 Coup cards"
    roll = roller.roll()
    return roll > coups, f"d6 = {roll} {'>' if roll > coups else '<='} {coups} Coup cards"


def _lookahead(state: GameState) -> bool:
    """The VC Passed on the previous card for this Capability (8.5.2)."""
    played = state.played
    if len(played) < 2:
        return False
    return (VC, LOOKAHEAD, played[-2]) in state.agent_notes


def event_or_operations(
    game: Game, decision: Decision, roller: Roller
) -> tuple[Choice | None, str]:
    """8.5.2: Pass for a coming VC Capability, or play a Capability, or play any other
    effective Event when neither card is a Capability; ``None`` (and why): Operations."""
    state = game.state
    options = decision.options
    current, upcoming = state.current_card, state.next_card
    assert current is not None
    capability = CARDS[current].is_capability
    event_open = EVENT in options
    coming = upcoming is not None and CARDS[upcoming].capability_of is VC
    if coming and (not capability or not event_open) and PASS in options:
        passes, why = _d6_exceeds(roller, _coups_in_leader_box(state))
        if passes:
            reason = f"the next card #{upcoming} is a VC Capability, {why}: Pass"
            return _choose(roller, PASS, "8.5.2", reason, note=LOOKAHEAD), ""
        return None, f"no Pass for the coming VC Capability ({why})"
    if capability and event_open:
        if _lookahead(state):
            plays, why = True, "the d6 of the previous card"
        else:
            plays, why = _d6_exceeds(roller, _coups_in_leader_box(state))
        if not plays:
            return None, f"Capability not played ({why})"
        verdict = _verdict(game)
        if verdict.play:
            return _choose(roller, EVENT, "8.5.2", f"Capability, {why}: {verdict.reason}"), ""
        return None, f"Capability declined ({verdict.reason})"
    upcoming_capability = upcoming is not None and CARDS[upcoming].is_capability
    if not event_open:
        return None, "no Event to play"
    if capability or upcoming_capability:
        return None, "a Capability is current or next: no Event"
    verdict = _verdict(game)
    if verdict.play:
        return _choose(roller, EVENT, "8.5.2", f"no Capability: {verdict.reason}"), ""
    return None, f"Event declined ({verdict.reason})"


def _verdict(game: Game) -> events.EventVerdict:
    agent = game.agent(VC)
    table = getattr(agent, "table", None)
    return events.event_verdict(game.state, VC, table)


# == 8.5.3 Rally =============================================================================
def _rally_space(state: GameState, key: str) -> bool:
    return not _is_loc(key) and state.space(key).support <= Support.NEUTRAL


def _base_ready(state: GameState, key: str) -> bool:
    """Rally's first bullet: 4+ VC Guerrillas, room for a Base and a Base Available."""
    return (
        _rally_space(state, key)
        and _guerrillas(state, key) >= 4
        and state.space(key).bases() < 2
        and state.available[Piece.VC_BASE] > 0
    )


def rally_bases(state: GameState, budget: int) -> int:
    """How many VC Bases Rally would place (8.5.3): spaces of the first bullet, as far as
    Bases, Resources and the 6 spaces allow."""
    spaces = sum(1 for k in PROVINCES_AND_CITIES if _base_ready(state, k))
    return min(spaces, state.available[Piece.VC_BASE], budget, 6)


def _placed(state: GameState, key: str) -> int:
    """Guerrillas a Rally places there: Population + VC Bases with a Base, else 1, as far
    as Available (3.3.1)."""
    bases = _n(state, key, *VC_BASES)
    most = SPACE[key].population + bases if bases else 1
    return min(most, state.available[UG])


def _rally_ends(
    held: Control, added: Callable[[GameState, str], int]
) -> Callable[[GameState, str], float]:
    """8.5.3's last bullet: 1 where the Guerrillas ``added`` end ``held`` Control (NVA Control
    only when the NVA are a player, in a space with Population), else 0."""

    def ends(state: GameState, key: str) -> float:
        if held is Control.NVA and (not _nva_is_player(state) or SPACE[key].population < 1):
            return 0.0
        coin, nva, vc = _forces(state.space(key))
        now, after = Control.of(coin, nva, vc), Control.of(coin, nva, vc + added(state, key))
        return 1.0 if now is held and after is not held else 0.0

    return ends


def _one(state: GameState, key: str) -> int:
    return 1


CONTROL_TIES = (_rally_ends(Control.COIN, _placed), _rally_ends(Control.NVA, _placed))
"""8.5.3's last bullet, within each bullet: first where the Rally removes COIN Control, then
(NVA a player) NVA Control (R274). A Base never removes Control (it replaces 2 Guerrillas)."""
SINGLE_TIES = (_rally_ends(Control.COIN, _one), _rally_ends(Control.NVA, _one))
"""The same for the bullets that place a single Guerrilla."""


def _can_place(state: GameState) -> bool:
    return state.available[UG] > 0


def _rally_priorities(state: GameState, singles_left: bool) -> tuple[Priority, ...]:
    """8.5.3's bullets in order; ``singles_left``: the 2nd bullet has not yet taken 2 spaces."""
    place = _can_place(state)
    return (
        Priority("8.5.3", "Rally a Base where 4+ VC Guerrillas", _base_ready),
        Priority(
            "8.5.3",
            "Rally 1 Guerrilla where no VC Guerrilla yet (ARVN cubes, then Population)",
            lambda s, k: singles_left and place and _guerrillas(s, k) == 0,
            (
                *SINGLE_TIES,
                _flag(lambda s, k: _n(s, k, *ARVN_CUBES) > 0),
                _flag(lambda s, k: SPACE[k].population >= 1),
            ),
        ),
        Priority(
            "8.5.3",
            "Rally Guerrillas at a VC Base with fewer than 4 Underground",
            lambda s, k: place and _n(s, k, *VC_BASES) > 0 and _n(s, k, UG) < 4,
            CONTROL_TIES,
        ),
        Priority(
            "8.5.3",
            "Rally 1 Guerrilla where 1-3 VC Guerrillas",
            lambda s, k: place and 1 <= _guerrillas(s, k) <= 3,
            SINGLE_TIES,
        ),
        Priority(
            "8.5.3",
            "Rally in another space of South Vietnam",
            lambda s, k: _in_south(k) and (place or _flips(s, k)),
            CONTROL_TIES,
        ),
    )


def _flips(state: GameState, key: str) -> bool:
    """With a VC Base, Rally may flip Active VC Guerrillas Underground (3.3.1)."""
    return _n(state, key, *VC_BASES) > 0 and _n(state, key, AG) > 0


def rally_possible(state: GameState, budget: int) -> bool:
    """Some space Rally's bullets would select (8.5.3 IF NONE)."""
    if budget < 1:
        return False
    candidates = [k for k in PROVINCES_AND_CITIES if _rally_space(state, k)]
    return any(p.test(state, k) for p in _rally_priorities(state, True) for k in candidates)


def rally_conditions(state: GameState, roller: Roller, budget: int) -> tuple[bool, str]:
    """8.5.3: Rally would place 2+ VC Bases, or 3d6 rolls below the Available VC Guerrillas
    (no roll when certain, R270)."""
    bases = rally_bases(state, budget)
    if bases >= 2:
        return True, f"Rally would place {bases} VC Bases"
    available = state.available[UG]
    if available <= 3:
        return False, f"no 3d6 roll is below {available} Available VC Guerrillas"
    if available > 18:
        return True, f"every 3d6 roll is below {available} Available VC Guerrillas"
    roll = roller.roll() + roller.roll() + roller.roll()
    below = roll < available
    return below, f"3d6 = {roll} {'<' if below else '>='} {available} Available VC Guerrillas"


def _singles(game: Game, done: Sequence[str]) -> int:
    """Spaces the Rally's 2nd bullet took: those selected without any VC Guerrilla."""
    start = history(game).start
    return sum(1 for k in done if _guerrillas(start, k) == 0)


def rally(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.5.3 Rally in up to 6 spaces by its bullets; Tax first on hitting 0 Resources;
    shaded Cadres' Agitation per 8.5.6."""
    state = game.state
    ctx = decision.context
    space = ctx.space
    if decision.kind is Kind.SELECT_SPACE:
        if len(ctx.done) >= 6:
            chosen = _done(decision, roller, "8.5.3", "6 Rally spaces")
            if chosen is not None:
                return chosen
        if _tax_now(state, decision):
            return _choose(roller, TAX, "8.5.3", "0 Resources: Tax before continuing Rally")
        singles_left = _singles(game, ctx.done) < 2
        candidates = [k for k in _selects(decision) if k not in ctx.done]
        chosen = _by_priorities(
            state, decision, _rally_priorities(state, singles_left), roller, candidates
        )
        if chosen is not None:
            return chosen
        return _done(decision, roller, "8.5.3", "no more Rally spaces") or _fallback(
            decision, roller, "8.5.3", "Rally"
        )
    if decision.kind is Kind.CHOOSE_MODE and space is not None:
        return _rally_mode(state, decision, roller, space)
    if decision.kind is Kind.HOW_MANY and decision.rule == "3.3.1" and space is not None:
        counts = [c.n for c in decision.options if isinstance(c, Count)]
        single = _guerrillas(state, space) == 0 and _singles(game, ctx.done) <= 2
        most = min(max(counts), max(min(counts), _placed(state, space)))
        wanted = min(counts) if single else most
        what = "a single Guerrilla" if single else f"{wanted}: as many as Available allows"
        return _choose(roller, Count(wanted), "8.5.3", what)
    if decision.kind is Kind.HOW_MANY and decision.rule == "5.3" and space is not None:
        return _cadres_agitation(state, decision, roller, space)
    return _operation_detail(game, decision, roller, "8.5.3")


def _rally_mode(state: GameState, decision: Decision, roller: Roller, space: str) -> Choice:
    options = decision.options
    if _base_ready(state, space):
        for word in ("base-aa", "base-au", "base-uu"):
            if Choose(word) in options:
                return _choose(roller, Choose(word), "8.5.3", "a Base, Active Guerrillas first")
    if Choose("place") in options and _can_place(state):
        return _choose(roller, Choose("place"), "8.5.3", "place Guerrillas")
    if Choose("underground") in options:
        return _choose(roller, Choose("underground"), "8.5.3", "no Guerrilla Available: flip")
    return _choose(roller, options[0], "8.5.3", "the only way to Rally there")


def _cadres_agitation(state: GameState, decision: Decision, roller: Roller, space: str) -> Choice:
    """Shaded Cadres: Agitate as far as possible when it shifts (8.5.3, 8.5.6)."""
    counts = [c.n for c in decision.options if isinstance(c, Count)]
    most = max(counts)
    wanted = most if most > state.space(space).terror else min(counts)
    reason = "Agitate to the maximum" if wanted else "no shift: keep the Terror marker"
    return _choose(roller, Count(wanted), "8.5.6", f"Cadres: {reason}")


# == 8.5.4 March ===========================================================================
def _keep(key: str, here: SpaceState) -> int:
    """VC Guerrillas a March leaves in ``key`` holding ``here``: 2 with a VC Base, 1 in
    another Province or City of South Vietnam (8.5.4)."""
    if here.count(*VC_BASES):
        return 2
    return 1 if _in_south(key) else 0


def _control_margin(key: str, here: SpaceState) -> int:
    """How many VC pieces may leave ``key`` holding ``here``, a South Vietnam space, without
    adding COIN or NVA Control to it (8.5.4)."""
    coin, nva, vc = _forces(here)
    if not _in_south(key):
        return vc
    now = Control.of(coin, nva, vc)
    k = 0
    while k < vc:
        after = Control.of(coin, nva, vc - k - 1)
        if after is not now and after is not Control.NONE:
            break
        k += 1
    return k


@frozen
class Leavers:
    """The VC Guerrillas that may March out of a space (8.5.4): how many in all, and how many
    of each side are free to move (pieces that arrived this March stay, 3.3.2)."""

    total: int
    underground: int
    active: int

    def take(self, want_underground: bool, most: int) -> tuple[int, int]:
        """(Underground, Active) to move, at most ``most``: Underground first when the
        destination wants them, else Active first so Underground stay behind (8.5.4)."""
        most = min(most, self.total)
        if want_underground:
            u = min(self.underground, most)
            return u, min(self.active, most - u)
        a = min(self.active, most)
        return min(self.underground, most - a), a


NO_LEAVERS = Leavers(0, 0, 0)
"""A space no VC Guerrilla may March out of."""


def leavers(state: GameState, hist: History, origin: str) -> Leavers:
    """The VC Guerrillas that may March out of ``origin`` now (8.5.4, R277)."""
    here, there = state.space(origin), hist.start.space(origin)
    underground, active = here.count(UG), here.count(AG)
    if not underground and not active:
        return NO_LEAVERS
    free_u = max(0, min(underground, there.count(UG) - hist.moved_out(origin, UG)))
    free_a = max(0, min(active, there.count(AG) - hist.moved_out(origin, AG)))
    if underground and _is_loc(origin) and SPACE[origin].econ >= 1:
        free_u = min(free_u, underground - 1)  # R277: its LoC keeps one
    total = min(free_u + free_a, _spare(origin, here))
    return Leavers(total, min(total, free_u), min(total, free_a))


@lru_cache(maxsize=4096)
def _spare(origin: str, here: SpaceState) -> int:
    """VC Guerrillas a March may take out of ``origin`` holding ``here`` by its contents
    alone: all but those it keeps (:func:`_keep`), without adding COIN or NVA Control
    (:func:`_control_margin`). A fact of the space's contents, worked out once for them."""
    return min(max(0, here.count(*GUERRILLAS) - _keep(origin, here)), _control_margin(origin, here))


def _exposed(state: GameState, key: str) -> bool:
    """A Marching group Activates there when too large: a LoC or a space with Support."""
    return _is_loc(key) or state.space(key).support > Support.NEUTRAL


def _group_cap(state: GameState, key: str) -> int:
    """Largest group that stays Underground on entering ``key`` (3.3.2)."""
    if not _exposed(state, key):
        return 1_000
    return max(0, _activation_limit(state) - _n(state, key, *COIN_FORCES))


Groups = dict[tuple[str, Piece], int]
"""Pieces to March in: (origin, piece) -> how many."""


def march_plan(
    state: GameState,
    hist: History,
    dest: str,
    allowed: Iterable[str] | None = None,
    known: dict[str, Leavers] | None = None,
) -> Groups:
    """The groups that March into ``dest`` (8.5.4): onto a LoC 1 Underground Guerrilla from
    the origin with the most to spare; elsewhere, from each adjacent origin all it may spare
    -- only Underground ones, in groups small enough to stay so, where the space would
    Activate them. ``allowed``: the origins an Event allows (all adjacent ones by default);
    ``known``: the :func:`leavers` of origins already worked out for this position and
    history (filled in as they are)."""
    plan: Groups = {}
    cap = _group_cap(state, dest)
    if _is_loc(dest) and cap < 1:
        return plan
    near = ADJACENT[dest] if allowed is None else [o for o in ADJACENT[dest] if o in allowed]
    if known is None:
        known = {}
    origins = []
    for o in near:
        lv = known.get(o)
        if lv is None:
            lv = known[o] = leavers(state, hist, o)
        origins.append((o, lv))
    if _is_loc(dest):
        spare = [(lv.total, SPACE[o].index, o) for o, lv in origins if lv.underground]
        if spare:
            origin = max(spare, key=lambda t: (t[0], -t[1]))[2]
            plan[(origin, UG)] = 1
        return plan
    exposed = _exposed(state, dest)
    want_underground = state.space(dest).support is not Support.ACTIVE_OPPOSITION
    for origin, lv in origins:
        if not lv.total:
            continue
        if exposed:
            u, a = min(lv.underground, cap), 0
        else:
            u, a = lv.take(want_underground, lv.total)
        if u:
            plan[(origin, UG)] = u
        if a:
            plan[(origin, AG)] = a
    return plan


def _underground_arrivals(plan: Groups, state: GameState, dest: str) -> float:
    if state.space(dest).support is Support.ACTIVE_OPPOSITION:
        return 0
    return sum(n for (_, p), n in plan.items() if p is UG)


def _march_removes_coin_control(plan: Groups, state: GameState, dest: str) -> float:
    coin, nva, vc = _forces(state.space(dest))
    arriving = sum(plan.values())
    if Control.of(coin, nva, vc) is Control.COIN and Control.of(coin, nva, vc + arriving) is not (
        Control.COIN
    ):
        return SPACE[dest].population
    return 0


Origins = Callable[[str], Iterable[str] | None]
"""The origins an Event allows for a destination (``None``: any)."""


def _any_origin(dest: str) -> None:
    return None


def march_priorities(
    state: GameState,
    hist: History,
    done: Sequence[str],
    budget: int,
    allowed: Origins = _any_origin,
) -> tuple[Priority, ...]:
    """8.5.4's priorities for the next destination; the LoCs' only until the March went on
    to the next priority (8.1.3)."""
    locs_done = sum(1 for k in done if _is_loc(k))
    locs_open = all(_is_loc(k) for k in done)
    known: dict[str, Leavers] = {}
    plans: dict[str, Groups] = {}

    def plan_of(s: GameState, h: History, k: str) -> Groups:
        """``k``'s plan, worked out once for ``state`` (the position these are asked of)."""
        if s is not state or h is not hist:
            return march_plan(s, h, k, allowed(k))
        plan = plans.get(k)
        if plan is None:
            plan = plans[k] = march_plan(s, h, k, allowed(k), known)
        return plan

    def onto_loc(s: GameState, k: str) -> bool:
        return (
            locs_open
            and locs_done < 3
            and _is_loc(k)
            and SPACE[k].econ >= 1
            and not _n(s, k, UG)
            and bool(plan_of(s, hist, k))
        )

    def populated(s: GameState, k: str) -> bool:
        return (
            budget >= 1
            and not _is_loc(k)
            and SPACE[k].population >= 1
            and bool(plan_of(s, hist, k))
        )

    def breaks_nva(s: GameState, k: str) -> bool:
        if not _nva_is_player(s) or not _in_south(k) or budget < 1:
            return False
        coin, nva, vc = _forces(s.space(k))
        arriving = sum(plan_of(s, hist, k).values())
        return Control.of(coin, nva, vc) is Control.NVA and nva <= coin + vc + arriving

    return (
        Priority("8.5.4", "1 Underground Guerrilla onto a 1- or 2-Econ LoC", onto_loc),
        Priority(
            "8.5.4",
            "March into Population: most Underground Guerrillas not at Active Opposition, "
            "room for a Base, COIN Control removed",
            populated,
            (
                lambda s, k: _underground_arrivals(plan_of(s, hist, k), s, k),
                lambda s, k: 1.0 if s.space(k).bases() < 2 else 0.0,
                lambda s, k: _march_removes_coin_control(plan_of(s, hist, k), s, k),
            ),
        ),
        Priority(
            "8.5.4",
            "NVA a player: March to remove NVA Control, VC Bases first",
            breaks_nva,
            (lambda s, k: 1.0 if _n(s, k, *VC_BASES) else 0.0,),
        ),
    )


def march_possible(state: GameState, budget: int) -> bool:
    """Some destination 8.5.4's priorities would select, outside Monsoon (IF NONE)."""
    if _monsoon(state):
        return False
    hist = History(state, ())
    return any(
        p.test(state, k) for p in march_priorities(state, hist, (), budget) for k in SPACE_IDS
    )


def march(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.5.4 March: LoCs, then Population, then (NVA a player) NVA Control; then Ambush with
    Guerrillas that just Marched."""
    state = game.state
    ctx = decision.context
    if decision.kind is Kind.SELECT_SPACE:
        hist = history(game)
        budget = _budget(state, decision)
        candidates = [k for k in _selects(decision) if k not in ctx.done]
        allowed: Origins = _any_origin
        if _free(decision):
            allowed = _event_origins(game, candidates).get
        priorities = march_priorities(state, hist, ctx.done, budget, allowed)
        chosen = _by_priorities(state, decision, priorities, roller, candidates)
        if chosen is not None:
            return chosen
        if AMBUSH in decision.options:
            return _choose(roller, AMBUSH, "8.5.4", "AMBUSH with Guerrillas that just Marched")
        return _done(decision, roller, "8.5.4", "no more March destinations") or _fallback(
            decision, roller, "8.5.4", "March"
        )
    if decision.kind is Kind.MOVE_PIECES and ctx.space is not None:
        return _march_move(game, decision, roller, ctx.space)
    return _operation_detail(game, decision, roller, "8.5.4")


def _event_origins(game: Game, destinations: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """For an Event's free March, the origins it allows into each destination: read from the
    moves a fork of the game offers once the destination is selected."""
    found = {}
    for dest in destinations:
        fork = game.fork()
        fork.apply(Select(dest), why=Why("8.4.4", "looking ahead"))
        offered = fork.decision.options if fork.decision is not None else ()
        found[dest] = tuple(c.origin for c in offered if isinstance(c, Move))
    return found


def _march_move(game: Game, decision: Decision, roller: Roller, dest: str) -> Choice:
    """The next group of the destination's plan, computed from the position when it was
    selected (so that it stays the same while the groups move), less what moved in since."""
    hist = history(game)
    select = Select(dest)
    selected = [i for i, (c, _) in enumerate(hist.answers) if c == select]
    cut = selected[-1] if selected else len(hist.answers)
    before = hist.answers[cut][1] if selected else game.state
    since = [c for c, _ in hist.answers[cut:] if isinstance(c, Move) and c.destination == dest]
    allowed = {c.origin for c in (*decision.options, *since) if isinstance(c, Move)}
    plan = march_plan(before, History(hist.start, hist.answers[:cut]), dest, allowed)
    for (origin, piece), count in sorted(
        plan.items(), key=lambda i: (SPACE[i[0][0]].index, i[0][1])
    ):
        left = count - sum(c.count for c in since if c.origin == origin and c.piece is piece)
        offered = [
            c
            for c in decision.options
            if isinstance(c, Move) and c.origin == origin and c.piece is piece and c.count <= left
        ]
        if offered:
            move = max(offered, key=lambda c: c.count)
            what = "Underground" if piece is UG else "Active"
            return _choose(roller, move, "8.5.4", f"{move.count} {what} from {origin}")
    return _done(decision, roller, "8.5.4", "the planned groups have moved") or _fallback(
        decision, roller, "8.5.4", "March group"
    )


# == 4.5.3 Ambush (8.5.4 AMBUSH) ===================================================================
def _coin_forces(state: GameState, key: str) -> int:
    return _n(state, key, *COIN_FORCES)


def ambush_ok(state: GameState, key: str) -> bool:
    """An Underground VC Guerrilla there and a COIN piece within reach (4.5.3)."""
    return _n(state, key, UG) > 0 and any(_n(state, t, *COIN_PIECES) for t in ambush_reach(key))


def _attackable(state: GameState, key: str) -> bool:
    """8.5.5: enemy pieces and at least 3 Active but no Underground VC Guerrillas."""
    return _n(state, key, *COIN_PIECES) > 0 and _n(state, key, AG) >= 3 and not _n(state, key, UG)


Target = Callable[[GameState, str], bool]


def _exposes_base(state: GameState, target: str, ambush_space: str, more_ambushes: bool) -> bool:
    """8.5.4 AMBUSH 1st bullet: a COIN Base with a single other COIN piece, so that after
    this Ambush another Ambush space or an Attack could remove the Base."""
    if not _n(state, target, *COIN_BASES) or _coin_forces(state, target) != 1:
        return False
    other_ambush = more_ambushes and any(
        b != ambush_space and target in ambush_reach(b) and ambush_ok(state, b)
        for b in _underground(state)
    )
    return other_ambush or (target != ambush_space and _attackable(state, target))


TARGETS: tuple[tuple[str, Target, Target], ...] = (
    (
        "remove a COIN Base",
        lambda s, t: _n(s, t, *COIN_BASES) > 0 and not _coin_forces(s, t),
        lambda s, t: _n(s, t, Piece.US_BASE) > 0,
    ),
    (
        "remove Special Forces",
        lambda s, t: _n(s, t, *SPECIAL_FORCES) > 0,
        lambda s, t: _n(s, t, Piece.US_IRREGULAR_UNDERGROUND, Piece.US_IRREGULAR_ACTIVE) > 0,
    ),
    (
        "remove Troops or Police",
        lambda s, t: _n(s, t, *CUBES) > 0,
        lambda s, t: _n(s, t, Piece.US_TROOPS) > 0,
    ),
)
"""8.5.4 AMBUSH's 2nd-4th bullets: what a target space offers, and whether it is US."""


def ambush_priorities(state: GameState, more_ambushes: bool) -> tuple[Priority, ...]:
    """8.5.4 AMBUSH's bullets over Ambush spaces, each preferring from a LoC into an adjacent
    space, then US pieces before ARVN."""

    def exposes(s: GameState, a: str, t: str) -> bool:
        return _exposes_base(s, t, a, more_ambushes)

    bullets: list[tuple[str, Callable[[GameState, str, str], bool], Target]] = [
        ("Ambush so that a COIN Base can be removed next", exposes, lambda s, t: True)
    ]
    bullets.extend((f"Ambush to {wants}", _at_target(test), us) for wants, test, us in TARGETS)
    return tuple(_ambush_priority(wants, test, us) for wants, test, us in bullets)


def _at_target(test: Target) -> Callable[[GameState, str, str], bool]:
    return lambda s, a, t: test(s, t)


def _ambush_priority(
    wants: str, test: Callable[[GameState, str, str], bool], us: Target
) -> Priority:
    def hits(s: GameState, a: str) -> list[str]:
        return [t for t in ambush_reach(a) if test(s, a, t)]

    return Priority(
        "8.5.4",
        wants,
        lambda s, a: ambush_ok(s, a) and bool(hits(s, a)),
        (
            lambda s, a: 1.0 if _is_loc(a) and any(t != a for t in hits(s, a)) else 0.0,
            lambda s, a: 1.0 if any(us(s, t) for t in hits(s, a)) else 0.0,
        ),
    )


def _ambushes_left(state: GameState, hist: History) -> int:
    return _ambush_limit(state) - hist.count(AMBUSH)


def ambush(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.5.4 AMBUSH: the Ambush space after a March (by the AMBUSH bullets), and the piece
    it removes."""
    state = game.state
    if decision.kind is Kind.SELECT_SPACE:
        more = _ambushes_left(state, history(game)) > 0  # this Ambush is counted already
        chosen = _by_priorities(state, decision, ambush_priorities(state, more), roller)
        if chosen is not None:
            return chosen
        return _done(decision, roller, "8.5.4", "no Ambush") or _fallback(
            decision, roller, "8.5.4", "Ambush"
        )
    return _operation_detail(game, decision, roller, "8.5.4")


# == 8.5.5 Attack ============================================================================
ATTACK_PRIORITIES = (
    Priority(
        "8.5.5",
        "Attack where a success could remove a COIN Base",
        lambda s, k: _attackable(s, k) and _n(s, k, *COIN_BASES) > 0 and _coin_forces(s, k) <= 1,
        (lambda s, k: 1.0 if _n(s, k, Piece.US_BASE) else 0.0,),
    ),
    Priority(
        "8.5.5",
        "Attack to remove Special Forces",
        lambda s, k: _attackable(s, k) and _n(s, k, *SPECIAL_FORCES) > 0,
        (
            lambda s, k: (
                1.0 if _n(s, k, Piece.US_IRREGULAR_UNDERGROUND, Piece.US_IRREGULAR_ACTIVE) else 0.0
            ),
        ),
    ),
    Priority(
        "8.5.5",
        "Attack to remove Troops and Police",
        lambda s, k: _attackable(s, k) and _n(s, k, *CUBES) > 0,
        (lambda s, k: 1.0 if _n(s, k, Piece.US_TROOPS) else 0.0,),
    ),
)


def attack_possible(state: GameState, budget: int) -> bool:
    """8.5.5: a Resource, and an Ambush or an Attack where 3+ Active, no Underground (IF
    NONE)."""
    if budget < 1:
        return False
    ambushes = _ambush_limit(state) > 0
    return any((ambushes and ambush_ok(state, k)) or (_attackable(state, k)) for k in SPACE_IDS)


def attack(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.5.5 Attack: Ambush first in up to 2 spaces (8.5.4 AMBUSH), then Attack where 3+
    Active and no Underground VC Guerrillas."""
    state = game.state
    ctx = decision.context
    if decision.kind is Kind.SELECT_SPACE:
        hist = history(game)
        left = 0 if _free(decision) else _ambushes_left(state, hist)
        candidates = [k for k in _selects(decision) if k not in ctx.done]
        if left > 0:
            chosen = _by_priorities(
                state, decision, ambush_priorities(state, left > 1), roller, candidates
            )
            if chosen is not None:
                return chosen
        chosen = _by_priorities(state, decision, ATTACK_PRIORITIES, roller, candidates)
        if chosen is not None:
            return chosen
        return _done(decision, roller, "8.5.5", "no more Attack or Ambush spaces") or _fallback(
            decision, roller, "8.5.5", "Attack"
        )
    if decision.kind is Kind.CHOOSE_MODE and ctx.space is not None:
        if AMBUSH in decision.options and _n(state, ctx.space, UG):
            return _choose(roller, AMBUSH, "8.5.5", "Ambush with an Underground Guerrilla")
        guerrillas = Choose("guerrillas")
        if guerrillas in decision.options:
            return _choose(roller, guerrillas, "8.5.5", "Attack with the Active Guerrillas")
    return _operation_detail(game, decision, roller, "8.5.5")


# == removing enemy pieces (8.1.2, 8.5.4 AMBUSH, 8.5.5) =========================================
def _first_cube(before: GameState, now: GameState, key: str) -> str:
    """``troops`` or ``police``: Troops and Police alternate, beginning with the fewer in the
    space (Troops if even), the last Police kept until last (8.1.2)."""
    t_now, p_now = _n(now, key, *TROOPS), _n(now, key, Piece.ARVN_POLICE)
    t0 = max(t_now, _n(before, key, *TROOPS))
    p0 = max(p_now, _n(before, key, Piece.ARVN_POLICE))
    removed = (t0 - t_now) + (p0 - p_now)
    start = "troops" if t0 <= p0 else "police"
    other = "police" if start == "troops" else "troops"
    wanted = start if removed % 2 == 0 else other
    if wanted == "police" and (not p_now or (p_now == 1 and t_now)):
        return "troops"
    if wanted == "troops" and not t_now:
        return "police"
    return wanted


def _enemy_rank(piece: Piece, cube: str) -> tuple[int, int, int, int]:
    """Bases, then Special Forces (Underground first), then Troops and Police evenly; US
    before ARVN (8.1.2, 8.5.5)."""
    kind = piece.kind.value
    order = 0 if kind == "base" else 1 if kind in ("irregular", "ranger") else 2
    cube_rank = 0 if kind not in ("troops", "police") or kind == cube else 1
    return (
        order,
        0 if piece.underground else 1,
        cube_rank,
        0 if piece.faction is Faction.US else 1,
    )


def _remove_enemy(game: Game, decision: Decision, roller: Roller, rule: str) -> Choice:
    state = game.state
    ctx = decision.context
    moves = [c for c in decision.options if isinstance(c, Move) and c.piece.faction.is_coin]
    hist = history(game) if ctx.space is not None else None
    before = _before_select(game, ctx.space, hist)
    origins = sorted({m.origin for m in moves}, key=lambda k: SPACE[k].index)
    note = ""
    if ctx.space is not None and hist is not None and len(origins) > 1:
        more = _ambushes_left(state, hist) > 0
        found = pick(state, origins, _target_priorities(ctx.space, more), roller)
        if found is not None:
            target, priority = found
            moves = [m for m in moves if m.origin == target]
            note = f"{priority.wants} in {target}; "
    if not moves:
        return _fallback(decision, roller, rule, "removal")
    ranks = {m: _enemy_rank(m.piece, _first_cube(before, state, m.origin)) for m in moves}
    best = min(ranks.values())
    move = roller.pick([m for m in moves if ranks[m] == best])
    return _choose(roller, move, rule, f"{note}{move.piece.token} first (8.1.2)")


def _target_priorities(ambush_space: str, more: bool) -> tuple[Priority, ...]:
    """8.5.4 AMBUSH's bullets over the spaces an Ambush from a LoC may strike: adjacent ones
    before the LoC, US pieces first."""
    tests: list[tuple[str, Target, Target]] = [
        (
            "Ambush so that a COIN Base can be removed next",
            lambda s, t: _exposes_base(s, t, ambush_space, more),
            lambda s, t: True,
        ),
        *TARGETS,
    ]
    return tuple(
        Priority(
            "8.5.4",
            wants,
            test,
            (lambda s, t: 1.0 if t != ambush_space else 0.0, _flag(us)),
        )
        for wants, test, us in tests
    )


# == 8.5.6 Agitate ============================================================================
def _agitation_levels(state: GameState, key: str) -> int:
    """Levels Agitation would shift there with the VC's Resources (at most 2, after paying
    for its Terror markers, 6.3.2)."""
    sp = state.space(key)
    if _is_loc(key) or SPACE[key].population == 0:
        return 0
    room = min(2, int(sp.support) - int(Support.ACTIVE_OPPOSITION))
    return max(0, min(room, state.resources(VC) - sp.terror))


AGITATE_PRIORITIES = (
    Priority(
        "8.5.6",
        "Agitate for the greatest shift, Support first, no Terror first",
        lambda s, k: _agitation_levels(s, k) > 0,
        (
            lambda s, k: float(_agitation_levels(s, k) * SPACE[k].population),
            lambda s, k: 1.0 if s.space(k).support > Support.NEUTRAL else 0.0,
            lambda s, k: 0.0 if s.space(k).terror else 1.0,
        ),
    ),
)


def agitate(game: Game, decision: Decision, roller: Roller) -> Choice:
    """8.5.6 Agitate to the maximum extent: greatest shift, then where Support, then where no
    Terror; Terror removed only where a shift follows."""
    state = game.state
    if decision.kind is Kind.SELECT_SPACE:
        chosen = _by_priorities(state, decision, AGITATE_PRIORITIES, roller)
        if chosen is not None:
            return chosen
        return _done(decision, roller, "8.5.6", "no Agitation would shift") or _fallback(
            decision, roller, "8.5.6", "Agitate"
        )
    if decision.kind is Kind.CHOOSE_MODE:
        furthest = decision.options[-1]
        return _choose(roller, furthest, "8.5.6", f"as far as possible: {furthest}")
    if decision.kind is Kind.HOW_MANY:
        most = max((c for c in decision.options if isinstance(c, Count)), key=lambda c: c.n)
        return _choose(roller, most, "8.5.6", "as far as possible")
    return _operation_detail(game, decision, roller, "8.5.6")


# == other Coup Round choices ===================================================================
def sabotage(game: Game, decision: Decision, roller: Roller) -> Choice:
    """6.2.1: the VC order the Sabotage when markers run short -- Random LoCs (8.3)."""
    locs = _selects(decision)
    if locs:
        loc = choose_space(locs, roller)
        return _choose(roller, Select(loc), "8.3", f"Sabotage by Random LoCs: {loc}")
    return _operation_detail(game, decision, roller, "6.2.1")


def _withdrawal_gain(state: GameState, key: str) -> float:
    return float(SPACE[key].population) if state.space(key).support <= Support.NEUTRAL else 0.0


def _withdrawal_loss(state: GameState, key: str) -> float:
    return float(SPACE[key].population) if state.space(key).support > Support.NEUTRAL else 0.0


WITHDRAWAL_PRIORITIES = (
    Priority(
        "8.4.5",
        "Withdrawal shift: most Opposition gained, then most Support lost",
        lambda s, k: _withdrawal_gain(s, k) + _withdrawal_loss(s, k) > 0,
        (_withdrawal_gain, _withdrawal_loss),
    ),
)


def withdrawal(game: Game, decision: Decision, roller: Roller) -> Choice:
    """6.5 WITHDRAWAL: the VC shift for the highest gain in Total Opposition, then the
    highest loss in Total Support (as 8.4.5, R279)."""
    if decision.kind is Kind.SELECT_SPACE:
        chosen = _by_priorities(game.state, decision, WITHDRAWAL_PRIORITIES, roller)
        if chosen is not None:
            return chosen
        return _done(decision, roller, "8.4.5", "no shift would help") or _fallback(
            decision, roller, "8.4.5", "Withdrawal"
        )
    return _operation_detail(game, decision, roller, "6.5")


# == the details every step shares ===============================================================
def _free(decision: Decision) -> bool:
    """An Operation or Special Activity granted by an Event (free, 3.1.2)."""
    return decision.context.within("event")


def _budget(state: GameState, decision: Decision) -> int:
    return 1_000 if _free(decision) else state.resources(VC)


def _operation_detail(game: Game, decision: Decision, roller: Roller, rule: str) -> Choice:
    """Pieces and counts within the VC's own steps (8.1.1, 8.1.2)."""
    options = decision.options
    if decision.kind is Kind.REMOVE_PIECES:
        moves = [c for c in options if isinstance(c, Move)]
        if moves and all(m.piece.faction.is_coin for m in moves):
            return _remove_enemy(game, decision, roller, rule)
        if moves:
            return _remove_own(decision, roller, moves)
    if decision.kind is Kind.PLACE_PIECES:
        moves = [c for c in options if isinstance(c, Move)]
        if moves:
            return _place_own(game.state, roller, moves)
    counts = [c for c in options if isinstance(c, Count)]
    if counts:
        most = max(counts, key=lambda c: c.n)
        return _choose(roller, most, "8.1.1", "to the maximum extent")
    if len(options) == 1:
        return _choose(roller, options[0], rule, "the only answer")
    return _fallback(decision, roller, rule, decision.kind.value)


def _remove_own(decision: Decision, roller: Roller, moves: list[Move]) -> Choice:
    """Friendly pieces: Active before Underground, the reverse of the placing order (8.1.2)."""
    best = min(friendly_removal_rank(m.piece) for m in moves)
    move = roller.pick([m for m in moves if friendly_removal_rank(m.piece) == best])
    return _choose(roller, move, "8.1.2", f"remove {move.piece.token} first")


def _place_own(state: GameState, roller: Roller, moves: list[Move]) -> Choice:
    """A VC piece from Available, else from the map where most can be spared: Active first
    (1.4.1, 8.1.2)."""
    boxed = [m for m in moves if m.origin not in SPACE]
    if boxed:
        return _choose(roller, boxed[0], "8.1.2", f"place {boxed[0].piece.token}")

    def rank(m: Move) -> tuple[tuple[int, int, int], int]:
        spare = _guerrillas(state, m.origin) - _keep(m.origin, state.space(m.origin))
        return friendly_removal_rank(m.piece), -spare

    best = min(rank(m) for m in moves)
    move = roller.pick([m for m in moves if rank(m) == best])
    return _choose(roller, move, "1.4.1", f"take {move.piece.token} from {move.origin}")


# == the action and the Operation ===============================================================
@frozen
class Plan:
    """The flowchart's path for this action: an Operation (or ``None``: Pass) and why."""

    operation: str | None
    rule: str
    reason: str


RULES = {"terror": "8.5.1", "rally": "8.5.3", "march": "8.5.4", "attack": "8.5.5"}


def operations(
    state: GameState,
    roller: Roller,
    offered: Iterable[str],
    budget: int,
    *,
    tax_first: bool = False,
) -> Plan:
    """8.5.3-8.5.5 once Terror and the Event are out: Rally if its conditions hold (IF NONE:
    March, then Attack); else March, then Attack, then Rally (the VC tried to Attack) -- the
    first that would select a space; ``None`` when none would (Pass). ``tax_first``: at 0
    Resources with a Special Activity, a Rally may begin with Tax (8.5.4 EXAMPLE, R86) and
    spend what it would bring."""
    can = set(offered)
    rally_budget = budget
    if tax_first and budget == 0:
        rally_budget = tax_gain(state)
    possible = {
        "rally": lambda: rally_possible(state, rally_budget),
        "march": lambda: march_possible(state, budget),
        "attack": lambda: attack_possible(state, budget),
    }
    rallies, why = rally_conditions(state, roller, rally_budget)
    order = ("rally", "march", "attack") if rallies else ("march", "attack", "rally")
    reasons = [why]
    for name in order:
        if name in can and possible[name]():
            what = name.capitalize()
            if name == "rally" and rally_budget != budget:
                what = "Rally, beginning with Tax (0 Resources)"
            return Plan(name, RULES[name], "; ".join([*reasons, what]))
        reasons.append(f"no {name.capitalize()} possible")
    return Plan(None, "8.5.5", "; ".join([*reasons, "Pass"]))


def action(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """The VC's action choice: Terror (8.5.1), else Event or Pass (8.5.2), else Operations
    by 8.5.3-8.5.5 (with a Special Activity where possible, 8.1), else Pass. The Operation is
    noted for the question that follows."""
    state = game.state
    options = decision.options
    if PIVOTAL in options and events.plays_pivotal(state, VC, trumping=False):
        return None  # 8.4.6: the shared rules play it
    ops = [c for c in (OP_SA, OP, LIMOP) if c in options]
    budget = state.resources(VC)
    go, no_terror = terror_conditions(state, roller, budget)
    if go and ops:
        return _choose(roller, ops[0], "8.5.1", f"{no_terror}: Terror", note="op-terror")
    chosen, no_event = event_or_operations(game, decision, roller)
    if chosen is not None:
        return chosen
    before = f"no Terror ({no_terror}); {no_event}; "
    if not ops:
        return _choose(roller, PASS, "8.5.2", f"{before}no Operation may be chosen: Pass")
    tax_first = ops[0] == OP_SA and OP_SA in options  # 4.1: the Tax may come first (R86)
    plan = operations(state, roller, ("rally", "march", "attack"), budget, tax_first=tax_first)
    if plan.operation is None:
        return _choose(roller, PASS, plan.rule, before + plan.reason)
    note = f"op-{plan.operation}"
    return _choose(roller, ops[0], plan.rule, before + plan.reason, note=note)


def _planned(state: GameState) -> str | None:
    """The Operation the action choice planned on the current card (its note), if any."""
    for faction, note, noted in state.agent_notes:
        if faction is VC and noted == state.current_card and note.startswith("op-"):
            return note[3:]
    return None


def operation(game: Game, decision: Decision, roller: Roller) -> Choice:
    """Which Operation: the one the action choice planned (its note), or -- for an Event's
    free Operation -- the flowchart's choice now, ignoring Events and Passing (8.4.4)."""
    state = game.state
    names = [c.option for c in decision.options if isinstance(c, Choose)]
    card = state.current_card
    if decision.context.procedure == "eligible-turn":
        for faction, note, noted in state.agent_notes:
            if faction is VC and noted == card and note.startswith("op-") and note[3:] in names:
                name = note[3:]
                return _choose(roller, Choose(name), RULES[name], f"as planned: {name}")
    budget = _budget(state, decision)
    go, why = terror_conditions(state, roller, budget)
    if go and "terror" in names:
        return _choose(roller, Choose("terror"), "8.5.1", f"{why}: Terror")
    plan = operations(state, roller, names, budget)
    if plan.operation is not None:
        return _choose(roller, Choose(plan.operation), plan.rule, plan.reason)
    command = decision.options[0]
    return _choose(roller, command, "8.4.4", f"{plan.reason}; none fits, so {command}")


def special_activity(game: Game, decision: Decision, roller: Roller) -> Choice:
    """The Special Activity offered before (not now: it comes during or after) and after the
    Operation: Tax per 8.5.1, else Subvert (not with Attack), else none."""
    state = game.state
    options = decision.options
    op = decision.context.procedure
    broke = TAX in options and state.resources(VC) == 0
    if op == "eligible-turn" and broke and _planned(state) == "rally" and tax_possible(state):
        return _choose(roller, TAX, "8.5.3", "0 Resources: a Rally beginning with Tax")  # R86
    if NOT_NOW in options:
        return _choose(roller, NOT_NOW, "8.5", "the Special Activity comes during or after")
    if TAX in options and tax_possible(state):
        return _choose(roller, TAX, "8.5.1", "Tax")
    if SUBVERT in options and op != "attack" and subvert_possible(state):
        return _choose(roller, SUBVERT, "8.5.1", "no Tax: Subvert")
    if AMBUSH in options and any(ambush_ok(state, k) for k in _underground(state)):
        return _choose(roller, AMBUSH, "8.5.4", "Ambush")
    if NO_SA in options:
        return _choose(roller, NO_SA, "8.5.1", "no Special Activity possible: Op Only")
    return _choose(roller, options[0], "8.5", "the only Special Activity")


# == the flowchart ===========================================================================
STEPS: dict[str, Callable[[Game, Decision, Roller], Choice]] = {
    "terror": terror,
    "tax": tax,
    "subvert": subvert,
    "rally": rally,
    "march": march,
    "ambush": ambush,
    "attack": attack,
    "agitate": agitate,
    "sabotage": sabotage,
    "withdrawal": withdrawal,
}
"""The step answering each procedure's questions."""


def flowchart(game: Game, decision: Decision, roller: Roller) -> Choice | None:
    """The Non-player VC's answer to ``decision`` (8.5), or ``None`` where the shared rules
    decide: Pivotal Events (8.4.6), an Event's side (8.4.2) and an Event's own choices (8.4)."""
    kind = decision.kind
    if kind is Kind.ACTION:
        return action(game, decision, roller)
    if kind is Kind.OPERATION:
        return operation(game, decision, roller)
    if kind is Kind.SPECIAL_ACTIVITY:
        return special_activity(game, decision, roller)
    if kind in (Kind.YES_NO, Kind.CHOOSE_SIDE, Kind.CONFIRM):
        return None
    if decision.rule == "1.5.2":  # asked by the NVA, or offered during the VC's own step
        least = min(decision.options, key=lambda c: c.n if isinstance(c, Count) else 1_000)
        return _choose(roller, least, "8.1.2", "never transfer Resources voluntarily")
    if decision.context.faction not in (VC, None):
        return None  # another Faction's step (8.4: the shared rules)
    step = STEPS.get(decision.context.procedure)
    if step is None:
        return None
    return step(game, decision, roller)


FLOWCHARTS[VC] = flowchart
