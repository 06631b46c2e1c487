"""The Coup card and the Coup Round (rules 2.4, 6.0-6.7).

When a Coup card becomes the played card, ``next_step`` starts :func:`coup_card` (2.4): its
immediate effect, the RVN Leader box, then either a Coup Round or (6.0 exception) straight on
to the next card. The Coup Card marker (``GameState.coup_phase``, 2.2 RECORD STEPS) names the
phase of the Round; ``next_step`` starts that phase's procedure (:func:`victory_phase`,
:func:`resources_phase`, :func:`support_phase`, :func:`redeploy_phase`,
:func:`commitment_phase`, :func:`reset_phase`) until the phase moves the marker on.

The long phases run in small steps: each run of :func:`support_phase`,
:func:`redeploy_phase` and :func:`commitment_phase` does one step -- one space Pacified or
Agitated, one move, one Withdrawal shift -- or ends a Faction's part, and records its progress
in ``GameState.coup_step`` (:class:`~coinlake.state.model.CoupStep`: whose part it is, the
spaces and levels used, Control when the phase began, the pieces that arrived). So a run,
which the engine repeats from its start after an undo, a fork or a load, never covers more
than one step. Each Faction's part opens its own scope (``pacify``, ``agitate``,
``redeploy``, ``commitment``, ``withdrawal``...), so a question's ``Context`` says whose part
it is and which spaces it has done.

Events run the same steps with their own limits and costs: :func:`pacify`, :func:`redeploy`
and :func:`commitment` (5.1.1). Such a step keeps its progress in a :class:`CardRecord` of
its own, inside the Event's procedure (the steps take the :class:`Record` to use; the Coup
Round's is :data:`ROUND`), so it never disturbs a Coup Round's record, never moves the Coup
Card marker and ends no Momentum.

Every choice is asked with the generic commands: ``select`` a space (or the Available or
Casualties box), ``move`` pieces, a word for how far to shift (``passive-support``...) or
``remove-terror`` and then a ``count`` of markers, ``done``. A choice with a single
legal answer is applied without asking. Pieces that arrived during a Redeploy or Commitment
part do not move again in that part, so every phase ends.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from functools import lru_cache, partial
from typing import Any

import attrs

from coinlake.data.cards import CARDS, FAILED_ATTEMPTS, CardKind
from coinlake.data.map import SPACES, Space, space_index
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit, victory
from coinlake.rules.core import (
    DONE,
    Ask,
    Ctx,
    Kind,
    Proc,
    Refusal,
    ask_unless_one,
    deferred_refusals,
    procedure,
)
from coinlake.state.commands import Choose, Command, Count, Move, Select
from coinlake.state.events import (
    CoupPhaseChanged,
    CoupStepRecorded,
    GameEnded,
    LeaderBoxChanged,
    PhaseChanged,
    UsPolicyChanged,
)
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    NO_COUP_STEP,
    OUT_OF_PLAY,
    CoupPhase,
    CoupStep,
    Eligibility,
    GameResult,
    GameState,
    Phase,
    Support,
    Track,
)
from coinlake.state.queries import Control, bases_on_map, control_of, victory_markers

Steps = Generator[Ask, Command, None]
Step = Generator[Ask, Command, bool]
"""One step of a Faction's part: returns whether it did something (``False``: the part is
over)."""

TOTAL_ECON = sum(s.econ for s in SPACES if s.is_loc)
"""1.3.4, 6.2.3: the Econ of every LoC together (15)."""
SAIGON = "saigon"
PACIFY_COST = effects.PACIFY_COST
PACIFY_SPACES = 4
"""6.3.1: US and ARVN together Pacify in at most this many spaces."""
AGITATE_SPACES = 4
MAX_LEVELS = 2
"""6.3.1, 6.3.2: at most 2 levels of shift per space in a Support Phase."""
FREE_STEPS = 1_000
"""What a Faction can afford when Pacification costs nothing (an Event's terms): no limit."""
COMMITMENT_TROOPS = 10
COMMITMENT_BASES = 2

# The parts of the phases run in steps (``CoupStep.part``), in order.
PACIFY_US, PACIFY_ARVN, AGITATE = "pacify-us", "pacify-arvn", "agitate"
ARVN_TROOPS, ARVN_POLICE, NVA_TROOPS = "arvn-troops", "arvn-police", "nva-troops"
PLACE_CASUALTIES, US_MOVES, WITHDRAWAL = "place-casualties", "us-moves", "withdrawal"

_LAOS_CAMBODIA = tuple(s.id for s in SPACES if s.in_laos_or_cambodia)
_LOCS = tuple(s.id for s in SPACES if s.is_loc)
_ALL_SPACES = tuple(s.id for s in SPACES)
_COIN_PIECES = tuple(p for p in Piece if p.faction.is_coin)
_GUERRILLAS = (
    Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.NVA_GUERRILLA_ACTIVE,
    Piece.VC_GUERRILLA_UNDERGROUND,
    Piece.VC_GUERRILLA_ACTIVE,
)
_VC_PIECES = tuple(p for p in Piece if p.faction is Faction.VC)
_VC_GUERRILLAS = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE)
_COIN_BASES = (Piece.US_BASE, Piece.ARVN_BASE)
_NVA_BASES = (Piece.NVA_BASE, Piece.NVA_TUNNELED_BASE)
_ACTIVE_SF_AND_GUERRILLAS = tuple(p for p in Piece if p.active)


# -- queries ----------------------------------------------------------------------------------
def is_coup(card: int | None) -> bool:
    """A Coup card (2.4)."""
    return card is not None and CARDS[card].kind is CardKind.COUP


def final_coup(state: GameState) -> bool:
    """2.4.2: the played Coup card is the last one (no Coup card left as the next card or in
    the draw deck)."""
    later = (*state.deck, *((state.next_card,) if state.next_card is not None else ()))
    return not any(is_coup(c) for c in later)


def coup_round_due(state: GameState) -> bool:
    """6.0: a Coup card starts a Coup Round unless the card played just before it was also a
    Coup card (never two Rounds without an Event card between them)."""
    return not (len(state.played) >= 2 and is_coup(state.played[-2]))


def pacification_cost(state: GameState) -> int:
    """ARVN Resources per Terror removed or level shifted by Pacification in the Support
    Phase (6.3.1): 3, 4 under Ky, 1 under Blowtorch Komer (:func:`effects.pacification_cost`)."""
    return effects.pacification_cost(state, support_phase=True)


def coup_rounds(state: GameState) -> int:
    """How many Coup Rounds have begun, the current one included (6.0): every played Coup
    card not played right after another Coup card (a Coup as the very first card counts)."""
    rounds = 0
    previous: int | None = None
    for card in state.played:
        if is_coup(card) and not is_coup(previous):
            rounds += 1
        previous = card
    return rounds


def _control(state: GameState, i: int) -> Control:
    return control_of(state.spaces[i], SPACES[i].is_loc)


def _control_snapshot(state: GameState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The spaces under COIN Control and those under NVA Control, as a phase begins."""
    controls = [(sp.id, _control(state, sp.index)) for sp in SPACES]
    coin = tuple(key for key, c in controls if c is Control.COIN)
    return coin, tuple(key for key, c in controls if c is Control.NVA)


# -- the record of a phase's progress (GameState.coup_step) ---------------------------------------
def _record(ctx: Ctx, rule: str, **changes: Any) -> None:
    """Record the progress of the phase in progress (:class:`CoupStep`) with ``changes``."""
    old = ctx.state.coup_step
    new = attrs.evolve(old, **changes)
    if new != old:
        ctx.emit(CoupStepRecorded(seq=ctx.seq, rule=rule, **attrs.asdict(new, recurse=False)))


def _clear_record(ctx: Ctx, rule: str) -> None:
    """Empty the record as a phase ends."""
    if ctx.state.coup_step != NO_COUP_STEP:
        fields = attrs.asdict(NO_COUP_STEP, recurse=False)
        ctx.emit(CoupStepRecorded(seq=ctx.seq, rule=rule, **fields))


class Record:
    """Where a Coup step keeps its progress (:class:`CoupStep`): :data:`ROUND`, the Coup
    Round's record in the state, or a :class:`CardRecord`."""

    def read(self, ctx: Ctx) -> CoupStep:
        """The progress so far."""
        raise NotImplementedError

    def write(self, ctx: Ctx, rule: str, **changes: Any) -> None:
        """Record ``changes`` to the progress."""
        raise NotImplementedError


class _RoundRecord(Record):
    """The Coup Round's record, ``GameState.coup_step``: each change is an event, so that a
    phase resumes from the state alone after any command."""

    def read(self, ctx: Ctx) -> CoupStep:
        return ctx.state.coup_step

    def write(self, ctx: Ctx, rule: str, **changes: Any) -> None:
        _record(ctx, rule, **changes)


ROUND: Record = _RoundRecord()
"""The Coup Round's record (the default of every step)."""


class CardRecord(Record):
    """The record of a step an Event runs (:func:`pacify`, :func:`redeploy`,
    :func:`commitment`): kept by the Event's procedure, which is re-run from its start like
    any procedure, so it needs no event and leaves ``GameState.coup_step`` alone."""

    __slots__ = ("step",)

    def __init__(self) -> None:
        self.step = NO_COUP_STEP

    def read(self, ctx: Ctx) -> CoupStep:
        return self.step

    def write(self, ctx: Ctx, rule: str, **changes: Any) -> None:
        self.step = attrs.evolve(self.step, **changes)


# -- ending the game -----------------------------------------------------------------------------
def end_game(ctx: Ctx, result: GameResult) -> None:
    """Record the result and stop: no Decision follows (2.4.2, 6.1, 6.4.5, 7.0). The players
    reveal their Deception markers first (7.3)."""
    victory.reveal_deception(ctx)
    ctx.emit(
        GameEnded(
            seq=ctx.seq,
            rule=result.rule,
            outcome=result.outcome,
            winner=result.winner,
            ranking=result.ranking,
            side_margins=result.side_margins,
            margins=result.margins,
            reason=result.reason,
        )
    )
    _clear_record(ctx, result.rule)
    if ctx.state.coup_phase is not None:
        ctx.emit(CoupPhaseChanged(seq=ctx.seq, rule=result.rule, phase=None))
    ctx.emit(PhaseChanged(seq=ctx.seq, rule=result.rule, phase=Phase.OVER))


def _enter(ctx: Ctx, phase: CoupPhase, rule: str) -> None:
    _clear_record(ctx, rule)
    ctx.emit(CoupPhaseChanged(seq=ctx.seq, rule=rule, phase=phase))


# -- 2.4 the Coup card ---------------------------------------------------------------------------
@procedure("coup_card", "2.4")
def coup_card(ctx: Ctx) -> Proc:
    """2.4: play a Coup card: its immediate effect, then the RVN Leader box (2.4.1), then a
    Coup Round (6.0) -- or, right after another Coup card, no Round: the game ends if this is
    the final Coup (2.4.2, 7.3), else the next card is played (6.0, 2.3.7)."""
    card = ctx.state.current_card
    assert card is not None and is_coup(card)
    ctx.emit(PhaseChanged(seq=ctx.seq, rule="2.4", phase=Phase.COUP))
    if card in FAILED_ATTEMPTS:
        with ctx.scope("failed-attempt", "2.4", faction=Faction.ARVN):
            yield from failed_attempt(ctx)
    place_rvn_leader(ctx, card)
    if coup_round_due(ctx.state):
        _enter(ctx, CoupPhase.VICTORY, "6.0")
    elif final_coup(ctx.state):
        end_game(ctx, victory.final_result(ctx.state))
    else:
        ctx.emit(PhaseChanged(seq=ctx.seq, rule="6.0", phase=Phase.EVENT_CARD))
        ctx.play_next_card("2.3.7")
        ctx.reveal_next_card("2.3.7")


def failed_attempt(ctx: Ctx, *, label: str = "Failed Attempt", rule: str = "2.4") -> Steps:
    """2.4, cards 129-130 (Failed Attempt): in each space ARVN loses a third of its cubes,
    rounded down, to Available. Where it has both Troops and Police, ARVN picks them one at a
    time. ``label`` and ``rule`` name the source in questions and events (To Quoc, card 84,
    orders the same step)."""
    top = ctx.top
    for sp in SPACES:
        here = ctx.state.spaces[sp.index]
        due = (here.count(Piece.ARVN_TROOPS) + here.count(Piece.ARVN_POLICE)) // 3
        if due and top is not None:
            top.space = sp.id
        while due:
            here = ctx.state.spaces[sp.index]
            kinds = tuple(p for p in (Piece.ARVN_TROOPS, Piece.ARVN_POLICE) if here.count(p))
            if len(kinds) == 1:
                ctx.move(kinds[0], due, sp.id, AVAILABLE, rule)
                break
            options: tuple[Command, ...] = tuple(Move(p, 1, sp.id, AVAILABLE) for p in kinds)
            choice = yield from ask_unless_one(
                ctx,
                Faction.ARVN,
                Kind.REMOVE_PIECES,
                f"{label}: remove an ARVN Troop or Police from {sp.name} ({due} to go)",
                options,
                rule,
            )
            assert isinstance(choice, Move)
            ctx.move(choice.piece, 1, sp.id, AVAILABLE, rule)
            due -= 1


def place_rvn_leader(ctx: Ctx, card: int) -> None:
    """2.4.1: a new RVN Leader goes on top of the box; a Failed Attempt goes beneath every
    earlier Coup card, so it replaces only Minh (the empty box)."""
    box = ctx.state.leader_box
    cards = (card, *box) if card in FAILED_ATTEMPTS else (*box, card)
    ctx.emit(LeaderBoxChanged(seq=ctx.seq, rule="2.4.1", cards=cards))


# -- 6.1 Victory ---------------------------------------------------------------------------------
@procedure("victory_phase", "6.1")
def victory_phase(ctx: Ctx) -> Proc:
    """6.1: if a side meets its victory condition (7.2, with 1.5 and 8.9) the game ends and
    7.1 ranks the sides; from the 2nd Round on, 8.9 Difficulty Option B may also end it;
    otherwise the Round goes on."""
    yield from ()
    result = victory.victory_check(ctx.state, coup_round=coup_rounds(ctx.state))
    if result is not None:
        end_game(ctx, result)
    else:
        _enter(ctx, CoupPhase.RESOURCES, "6.1")


# -- 6.2 Resources -------------------------------------------------------------------------------
@procedure("resources_phase", "6.2")
def resources_phase(ctx: Ctx) -> Proc:
    """6.2: Sabotage, Degrade the Trail, ARVN and Insurgent earnings, Casualties and Aid (all
    tracks capped at 75, 1.8)."""
    with ctx.scope("sabotage", "6.2.1", faction=Faction.VC):
        yield from sabotage(ctx)
    degrade_trail(ctx)
    arvn_earnings(ctx)
    insurgent_earnings(ctx)
    casualties_and_aid(ctx)
    _enter(ctx, CoupPhase.SUPPORT, "6.2")


def sabotage_candidates(state: GameState) -> tuple[str, ...]:
    """6.2.1: unSabotaged LoCs where Insurgent Guerrillas outnumber COIN pieces, or next to a
    City without COIN Control."""
    out = []
    for loc in _LOCS:
        i = space_index(loc)
        sp = state.spaces[i]
        if sp.sabotage:
            continue
        outnumbered = sp.count(*_GUERRILLAS) > sp.count(*_COIN_PIECES)
        uncontrolled_city = any(
            SPACES[j].is_city and _control(state, j) is not Control.COIN for j in SPACES[i].adjacent
        )
        if outnumbered or uncontrolled_city:
            out.append(loc)
    return tuple(out)


def sabotage(ctx: Ctx) -> Steps:
    """6.2.1: Sabotage every candidate LoC; when the 15 markers cannot cover them all, the VC
    pick the LoCs one by one until the markers run out."""
    candidates = list(sabotage_candidates(ctx.state))
    while candidates and kit.markers_left(ctx.state) > 0:
        if len(candidates) <= kit.markers_left(ctx.state):
            for loc in candidates:
                ctx.set_markers(loc, "sabotage", 1, "6.2.1")
            return
        choice = yield from ask_unless_one(
            ctx,
            Faction.VC,
            Kind.SELECT_SPACE,
            f"Sabotage: {kit.markers_left(ctx.state)} marker(s) left for {len(candidates)} LoCs; "
            "pick the next LoC to Sabotage",
            tuple(Select(loc) for loc in candidates),
            "6.2.1",
        )
        assert isinstance(choice, Select)
        ctx.set_markers(choice.space, "sabotage", 1, "6.2.1")
        candidates.remove(choice.space)


def degrade_trail(ctx: Ctx) -> None:
    """6.2.2: COIN Control of any Laos or Cambodia space Degrades the Trail by 1 (6.7)."""
    if any(_control(ctx.state, space_index(s)) is Control.COIN for s in _LAOS_CAMBODIA):
        effects.change_trail(ctx, -1, "6.2.2")


def unsabotaged_econ(state: GameState) -> int:
    """6.2.3: Total Econ (15) less the Econ of Sabotaged LoCs."""
    return TOTAL_ECON - sum(
        SPACES[space_index(loc)].econ for loc in _LOCS if state.space(loc).sabotage
    )


def arvn_earnings(ctx: Ctx) -> None:
    """6.2.3: ARVN gains Aid plus the unSabotaged Econ, and the Econ marker shows that Econ
    (the floor of US spending, 1.8.1)."""
    econ = unsabotaged_econ(ctx.state)
    ctx.add_track(Track.ARVN_RESOURCES, ctx.state.aid, "6.2.3")
    ctx.add_track(Track.ARVN_RESOURCES, econ, "6.2.3")
    ctx.set_track(Track.ECON, econ, "6.2.3")


def insurgent_earnings(ctx: Ctx) -> None:
    """6.2.4: VC gain 1 per VC Base on the map; NVA gain 1 per NVA Base in Laos and Cambodia
    plus twice the Trail."""
    state = ctx.state
    ctx.add_track(Track.VC_RESOURCES, bases_on_map(state, Faction.VC), "6.2.4")
    nva_bases = sum(state.space(s).count(*_NVA_BASES) for s in _LAOS_CAMBODIA)
    ctx.add_track(Track.NVA_RESOURCES, nva_bases + 2 * state.trail, "6.2.4")


def casualties_and_aid(ctx: Ctx) -> None:
    """6.2.5: Aid drops by 3 per piece in the Casualties box."""
    ctx.add_track(Track.AID, -3 * sum(ctx.state.casualties), "6.2.5")


# -- 6.3 Support ---------------------------------------------------------------------------------
@procedure("support_phase", "6.3")
def support_phase(ctx: Ctx) -> Proc:
    """6.3, one step per run: the US then ARVN Pacify (6.3.1), then the VC Agitate (6.3.2),
    a space at a time; once the VC is done the Coup Card marker moves on to Redeploy."""
    while True:
        part = ctx.state.coup_step.part or PACIFY_US
        if part == AGITATE:
            with ctx.scope("agitate", "6.3.2", faction=Faction.VC):
                if (yield from agitation_step(ctx)):
                    return
            _enter(ctx, CoupPhase.REDEPLOY, "6.3")
            return
        faction = Faction.US if part == PACIFY_US else Faction.ARVN
        with ctx.scope("pacify", "6.3.1", faction=faction):
            if (yield from pacification_step(ctx, faction)):
                return
        if faction is Faction.US:
            _record(ctx, "6.3.1", part=PACIFY_ARVN, spaces=())
        else:  # Agitation has its own spaces and levels (6.3.2)
            _record(ctx, "6.3.2", part=AGITATE, spaces=(), used=0, levels=())


def _level_name(level: int) -> str:
    return Support(level).name.lower().replace("_", "-")


def _shifted(levels: tuple[tuple[str, int], ...], space: str) -> int:
    return dict(levels).get(space, 0)


def _steps_possible(
    state: GameState,
    space: str,
    toward: int,
    levels: tuple[tuple[str, int], ...],
    max_levels: int = MAX_LEVELS,
) -> int:
    """Terror markers to remove plus levels the space may still shift this phase (at most
    ``max_levels`` in all)."""
    sp = state.space(space)
    room = 0
    if SPACES[space_index(space)].can_have_support:
        room = (Support.ACTIVE_SUPPORT - sp.support) if toward > 0 else (sp.support + 2)
        room = max(0, min(room, max_levels - _shifted(levels, space)))
    return sp.terror + room


REMOVE_TERROR = Choose("remove-terror")
"""The extent that removes Terror markers and shifts no level (how many: a second question)."""


def _extent_options(
    state: GameState, space: str, toward: int, steps: int
) -> tuple[tuple[Choose, int], ...]:
    """How far a Faction may go in ``space`` with at most ``steps`` steps, each named by its
    outcome with the steps it takes: ``remove-terror`` while Terror remains (its number of
    steps asked next, 0 here), then each level it may reach (``passive-support``...)."""
    sp = state.space(space)
    out = [(REMOVE_TERROR, 0)] if sp.terror and steps else []
    for k in range(sp.terror + 1, steps + 1):
        out.append((Choose(_level_name(sp.support + toward * (k - sp.terror))), k))
    return tuple(out)


def _apply_steps(
    ctx: Ctx, space: str, toward: int, steps: int, levels: tuple[tuple[str, int], ...], rule: str
) -> tuple[tuple[str, int], ...]:
    """Remove Terror first, then shift one level at a time (6.3.1, 6.3.2); returns the levels
    shifted per space this phase, this space's shifts added."""
    sp = ctx.state.space(space)
    removed = min(sp.terror, steps)
    if removed:
        ctx.set_markers(space, "terror", sp.terror - removed, rule)
    shifted = dict(levels)
    for _ in range(steps - removed):
        level = Support(ctx.state.space(space).support + toward)
        ctx.set_support(space, level, rule)
        shifted[space] = shifted.get(space, 0) + 1
    return tuple(shifted.items())


Reason = Callable[[GameState, str], tuple[str, str] | None]
"""Why a space may not be selected for Pacification or Agitation (reason, rule), or ``None``."""


def _why_not_influence(
    state: GameState,
    step: CoupStep,
    faction: Faction,
    reason: Reason,
    sp: Space,
    *,
    toward: int,
    rule: str,
    cost: int,
    affordable: int,
    max_levels: int,
) -> tuple[str, str] | None:
    """Why ``faction`` may not select ``sp`` now (reason, rule), or ``None``."""
    why = reason(state, sp.id)
    if why is None and sp.id in step.spaces:
        why = (f"{faction} already chose {sp.name} in this phase", rule)
    if why is None and _steps_possible(state, sp.id, toward, step.levels, max_levels) == 0:
        why = (f"{sp.name} has no Terror and may shift no further this phase", rule)
    if why is None and affordable == 0:
        why = (f"{faction} cannot pay {cost} Resources for a step", rule)
        if faction is Faction.US:
            why = ("the US may not spend ARVN Resources below the Econ marker", "1.8.1")
    return why


def _influence_options(why_not: Callable[[Space], tuple[str, str] | None]) -> Iterator[Command]:
    """The spaces that may be selected now, in map order, then ``done`` (nothing when none):
    built one at a time, so that the check for a forced answer stops at the first."""
    found = False
    for sp in SPACES:
        if why_not(sp) is None:
            found = True
            yield kit.SELECT[sp.id]
    if found:
        yield DONE


def _influence_refusals(why_not: Callable[[Space], tuple[str, str] | None]) -> Iterator[Refusal]:
    """Why each space that may not be selected now is refused."""
    for sp in SPACES:
        why = why_not(sp)
        if why is not None:
            yield (kit.SELECT[sp.id], why[0], why[1])


def _influence_step(
    ctx: Ctx,
    faction: Faction,
    part: str,
    *,
    toward: int,
    rule: str,
    reason: Reason,
    cost: int,
    budget: int,
    track: Track,
    limit: int,
    own_limit: int | None = None,
    guerrillas: int = 0,
    max_levels: int = MAX_LEVELS,
    record: Record = ROUND,
) -> Step:
    """One space of a Faction's Pacification or Agitation: select a space (or ``done``), then
    how many steps to take there. ``limit`` caps the spaces of the shared record,
    ``own_limit`` this Faction's (Mandate of Heaven); ``budget`` is what the Faction may
    spend, ``cost`` what a step costs (0: free); ``guerrillas`` VC Guerrillas must be
    removed in each space chosen (Cadres); at most ``max_levels`` shifts per space."""
    state = ctx.state
    step = record.read(ctx)
    if step.used >= limit or (own_limit is not None and len(step.spaces) >= own_limit):
        return False
    verb = "Pacify" if toward > 0 else "Agitate"
    affordable = budget // cost if cost else FREE_STEPS
    left = limit - step.used
    top = ctx.top
    if top is not None:
        top.done = list(step.spaces)
        top.left = left if own_limit is None else min(left, own_limit - len(step.spaces))
    why_not = partial(
        _why_not_influence,
        state,
        step,
        faction,
        reason,
        toward=toward,
        rule=rule,
        cost=cost,
        affordable=affordable,
        max_levels=max_levels,
    )
    choice = yield ctx.ask(
        faction,
        Kind.SELECT_SPACE,
        f"{verb}: choose a space ({left} space(s) left, {cost} Resources per step) or done",
        partial(_influence_options, why_not),
        rule,
        () if ctx.replaying else deferred_refusals(partial(_influence_refusals, why_not)),
        none_done=True,
    )
    if not isinstance(choice, Select):
        return False
    space = choice.space
    if top is not None:
        top.space = space
        top.done.append(space)
    steps = min(_steps_possible(state, space, toward, step.levels, max_levels), affordable)
    extents = _extent_options(state, space, toward, steps)
    extent = yield ctx.ask(
        faction,
        Kind.CHOOSE_MODE,
        f"{verb} {kit.place_name(space)}: how far? (each step costs {cost}; Terror goes first)",
        tuple(word for word, _ in extents),
        rule,
        single=True,
    )
    k = next(n for word, n in extents if word == extent)
    if not k:  # Terror only: how many markers
        terror = state.space(space).terror
        count = yield ctx.ask(
            faction,
            Kind.HOW_MANY,
            f"{verb} {kit.place_name(space)}: how many of its {terror} Terror markers to remove "
            f"({cost} each)?",
            tuple(Count(n) for n in range(1, min(terror, steps) + 1)),
            rule,
            single=True,
        )
        assert isinstance(count, Count)
        k = count.n
    ctx.add_track(track, -cost * k, rule)
    yield from _remove_vc_guerrillas(ctx, space, guerrillas)
    levels = _apply_steps(ctx, space, toward, k, step.levels, rule)
    record.write(
        ctx, rule, part=part, spaces=(*step.spaces, space), used=step.used + 1, levels=levels
    )
    return True


def _remove_vc_guerrillas(ctx: Ctx, space: str, count: int) -> Steps:
    """Unshaded Cadres (116, 5.3): the VC removes ``count`` of its Guerrillas from the space
    it Agitates, to Available, choosing Active or Underground one at a time where both."""
    yield from kit.remove_one_at_a_time(
        ctx,
        Faction.VC,
        Kind.REMOVE_PIECES,
        lambda nth: (
            f"Cadres: remove a VC Guerrilla from {kit.place_name(space)} ({count - nth} to go)"
        ),
        space,
        (Piece.VC_GUERRILLA_ACTIVE, Piece.VC_GUERRILLA_UNDERGROUND),
        count,
        "5.3",
    )


def _pacify_reason(faction: Faction) -> Reason:
    troops = Piece.US_TROOPS if faction is Faction.US else Piece.ARVN_TROOPS

    def reason(state: GameState, space: str) -> tuple[str, str] | None:
        i = space_index(space)
        info, sp = SPACES[i], state.spaces[i]
        if info.is_loc:
            return ("Pacification is only in Provinces and Cities", "6.3.1")
        if _control(state, i) is not Control.COIN:
            return (f"{info.name} is not under COIN Control", "6.3.1")
        if not sp.count(Piece.ARVN_POLICE):
            return (f"{info.name} has no Police", "6.3.1")
        if not sp.count(troops):
            return (f"{info.name} has no {faction} Troops", "6.3.1")
        return None

    return reason


_PACIFY_REASONS = {f: _pacify_reason(f) for f in (Faction.US, Faction.ARVN)}


def pacification_step(
    ctx: Ctx,
    faction: Faction,
    record: Record = ROUND,
    *,
    limit: int = PACIFY_SPACES,
    cost: int | None = None,
    max_levels: int = MAX_LEVELS,
) -> Step:
    """6.3.1, one space of ``faction``'s Pacification: the US, then ARVN, Pacify in at most
    ``limit`` (4) spaces together. A space needs COIN Control, Police and the Pacifying
    Faction's Troops; each step costs ``cost`` ARVN Resources (by default 3, 4 under Ky) and
    removes a Terror marker or, once none is left, shifts 1 level toward Active Support, at
    most ``max_levels`` (2) levels per space in the phase for both Factions together. The US
    may not spend below the Econ marker (1.8.1). Lasting effects (:mod:`effects`): the cost
    per step (Ky, Blowtorch Komer) and ARVN's own space limit (shaded Mandate of Heaven).
    Returns ``False`` once ``faction`` is done."""
    state = ctx.state
    floor = state.econ if faction is Faction.US else 0
    return (
        yield from _influence_step(
            ctx,
            faction,
            PACIFY_US if faction is Faction.US else PACIFY_ARVN,
            toward=1,
            rule="6.3.1",
            reason=_PACIFY_REASONS[faction],
            cost=pacification_cost(state) if cost is None else cost,
            budget=max(0, state.track(Track.ARVN_RESOURCES) - floor),
            track=Track.ARVN_RESOURCES,
            limit=limit,
            own_limit=effects.pacify_space_limit(state, faction),
            max_levels=max_levels,
            record=record,
        )
    )


def _agitate_reason(state: GameState, space: str) -> tuple[str, str] | None:
    i = space_index(space)
    info, sp = SPACES[i], state.spaces[i]
    if info.is_loc:
        return ("Agitation is only in Provinces and Cities", "6.3.2")
    if not sp.count(*_VC_PIECES):
        return (f"{info.name} has no VC pieces", "6.3.2")
    if _control(state, i) is Control.COIN:
        return (f"{info.name} is under COIN Control", "6.3.2")
    return None


def _cadres_reason(removal: int, state: GameState, space: str) -> tuple[str, str] | None:
    why = _agitate_reason(state, space)
    if why is None and state.space(space).count(*_VC_GUERRILLAS) < removal:
        why = (f"Cadres: {kit.place_name(space)} has fewer than {removal} VC Guerrillas", "5.3")
    return why


def agitation_step(ctx: Ctx) -> Step:
    """6.3.2, one space of the VC's Agitation: at most 4 spaces with VC pieces and no COIN
    Control; each step costs 1 VC Resource and removes a Terror marker or, once none is left,
    shifts 1 level toward Active Opposition, at most 2 levels per space. Under unshaded Cadres
    (116) the VC also removes 2 of its Guerrillas in each such space, so a space needs 2
    (5.3). Returns ``False`` once the VC is done."""
    state = ctx.state
    removal = effects.agitation_guerrilla_cost(state)
    return (
        yield from _influence_step(
            ctx,
            Faction.VC,
            AGITATE,
            toward=-1,
            rule="6.3.2",
            reason=partial(_cadres_reason, removal) if removal else _agitate_reason,
            cost=1,
            budget=state.track(Track.VC_RESOURCES),
            track=Track.VC_RESOURCES,
            limit=AGITATE_SPACES,
            guerrillas=removal,
        )
    )


# -- moving pieces in steps ----------------------------------------------------------------------
Targets = Callable[[GameState, str, Piece], Iterable[str]]
"""Where a piece of a form may go from an origin (a generator: often only the first one is
looked at, :meth:`kit.Mover.departures`)."""


def _mover(
    pieces: tuple[Piece, ...],
    sources: tuple[str, ...],
    targets: Targets,
    arrived: tuple[tuple[str, Piece, int], ...],
    budget: dict[Piece, int] | None = None,
) -> kit.Mover:
    """The moves of one Redeploy or Commitment part (:class:`kit.Mover`): ``pieces`` from
    those of ``sources`` where some piece may go somewhere, to ``targets``; pieces that
    arrived in this part (``arrived``, from the phase's record) stay put; ``budget`` caps
    each piece form. The origins offered are :meth:`kit.Mover.departures`."""
    caps = tuple(((piece,), n) for piece, n in budget.items()) if budget else ()
    return kit.Mover(
        pieces, origins=lambda state: sources, targets=targets, caps=caps, arrived=arrived
    )


def _arrived(step: CoupStep, move: Move) -> tuple[tuple[str, Piece, int], ...]:
    return (*step.arrived, (move.destination, move.piece, move.count))


def _moved(step: CoupStep, piece: Piece) -> int:
    return sum(n for _, p, n in step.arrived if p is piece)


def _move_step(
    ctx: Ctx,
    faction: Faction,
    mover: kit.Mover,
    what: str,
    rule: str,
    must: Callable[[GameState], str | None] | None = None,
    *,
    kind: Kind = Kind.MOVE_PIECES,
    record: Record = ROUND,
) -> Step:
    """One move of ``faction`` in up to three small steps: from where (or ``done``), to where,
    how many (``kind``: ``PLACE_PIECES`` from the Casualties box); the move is recorded among
    the pieces that arrived (:class:`CoupStep`). ``must`` explains why ``done`` is not
    allowed yet (or returns ``None`` when it is). Returns ``False`` when the part is over
    (``done``, or nothing left to move).

    Unlike :func:`kit.move_step`, the origin stays the space being worked from the second
    question on (the Coup parts' context, which the Coup tests pin)."""
    state = ctx.state
    blocked = None if ctx.replaying or must is None else must(state)
    refusals: tuple[Refusal, ...] = () if blocked is None else ((DONE, blocked, rule),)
    choice = yield ctx.ask(
        faction,
        Kind.SELECT_SPACE,
        f"{what}: choose where to move from" + (" or done" if blocked is None else ""),
        partial(_origin_options, mover, state, blocked),
        rule,
        refusals,
        single=True,
        none_done=True,
    )
    if not isinstance(choice, Select):
        return False
    origin = choice.space
    kit.work_on(ctx, origin)
    choice = yield ctx.ask(
        faction,
        Kind.SELECT_SPACE,
        f"{what}: move from {kit.place_name(origin)} to where?",
        lambda: map(kit.select, mover.destinations(state, origin)),
        rule,
        single=True,
    )
    assert isinstance(choice, Select)
    destination = choice.space
    move = yield ctx.ask(
        faction,
        kind,
        f"{what}: how many from {kit.place_name(origin)} to {kit.place_name(destination)}?",
        partial(mover.from_to, state, origin, destination),
        rule,
        single=True,
    )
    assert isinstance(move, Move)
    ctx.move(move.piece, move.count, move.origin, move.destination, rule)
    record.write(ctx, rule, arrived=_arrived(record.read(ctx), move))
    return True


def _origin_options(mover: kit.Mover, state: GameState, blocked: str | None) -> Iterator[Command]:
    """The origins, then ``done`` unless ``blocked``; nothing when nothing may move."""
    return (
        kit.then_done(map(kit.select, mover.departures(state)))
        if blocked is None
        else map(kit.select, mover.departures(state))
    )


# -- 6.4 Redeploy --------------------------------------------------------------------------------
REDEPLOY_PARTS = (ARVN_TROOPS, ARVN_POLICE, NVA_TROOPS)
"""The parts of a Redeploy, in order: ARVN Troops, ARVN Police (6.4.2), NVA Troops (6.4.3)."""


@procedure("redeploy_phase", "6.4")
def redeploy_phase(ctx: Ctx) -> Proc:
    """6.4, one move per run: Laos/Cambodia removal, then ARVN Troops, ARVN Police and NVA
    Troops Redeploy, all judged by Control as it stood when the phase began (recorded then);
    Control then reflects the moves (6.4.4, derived from the pieces); the final Round ends
    here (6.4.5, 7.3)."""
    if (yield from redeploy_step(ctx, ROUND, REDEPLOY_PARTS, removal=True)):
        return
    if final_coup(ctx.state):
        end_game(ctx, victory.final_result(ctx.state))
    else:
        _enter(ctx, CoupPhase.COMMITMENT, "6.4.5")


def redeploy_step(
    ctx: Ctx,
    record: Record,
    parts: tuple[str, ...],
    *,
    removal: bool,
    bases: bool = True,
    destinations: Targets | None = None,
) -> Step:
    """One move of a Redeploy made of ``parts`` (:data:`REDEPLOY_PARTS`, in that order),
    going on from part to part; ``removal``: first take every US and ARVN piece out of Laos
    and Cambodia (6.4.1). Control is judged as it stood when the Redeploy began (recorded
    then). ``bases`` and ``destinations``: see :func:`arvn_redeploy_step`. Returns ``False``
    once the last part is over."""
    while True:
        part = record.read(ctx).part
        if not part:
            coin, nva = _control_snapshot(ctx.state)
            if removal:
                laos_cambodia(ctx)
            if not parts:
                return False
            record.write(ctx, "6.4", part=parts[0], coin=coin, nva=nva)
            continue
        if part == NVA_TROOPS:
            with ctx.scope("redeploy", "6.4.3", faction=Faction.NVA):
                moved = yield from nva_redeploy_step(ctx, record, destinations=destinations)
            rule = "6.4.3"
        else:
            # the part ("arvn-troops", "arvn-police") is named in the Context's parent
            with (
                ctx.scope(part, "6.4.2", faction=Faction.ARVN),
                ctx.scope("redeploy", "6.4.2", faction=Faction.ARVN),
            ):
                moved = yield from arvn_redeploy_step(
                    ctx,
                    police=part == ARVN_POLICE,
                    record=record,
                    bases=bases,
                    destinations=destinations,
                )
            rule = "6.4.2"
        if moved:
            return True
        following = parts[parts.index(part) + 1 :]
        if not following:
            return False
        record.write(ctx, rule, part=following[0], arrived=())


def laos_cambodia(ctx: Ctx) -> None:
    """6.4.1: every US and ARVN piece leaves Laos and Cambodia: US Troops out of play, the
    rest to Available."""
    for space in _LAOS_CAMBODIA:
        for piece in _COIN_PIECES:
            n = ctx.state.space(space).count(piece)
            box = OUT_OF_PLAY if piece is Piece.US_TROOPS else AVAILABLE
            ctx.move(piece, n, space, box, "6.4.1")


def _must_leave(state: GameState, space: str, bases: bool = True) -> bool:
    """6.4.2: ARVN Troops must leave LoCs and Provinces without a US or ARVN Base (every
    Province, as if there were no Bases, when not ``bases``)."""
    info = SPACES[space_index(space)]
    based = bases and state.space(space).count(*_COIN_BASES) > 0
    return info.is_loc or (info.is_province and not based)


def _other_than(
    places: tuple[str, ...], state: GameState, origin: str, piece: Piece
) -> Iterator[str]:
    return (d for d in places if d != origin)


def arvn_redeploy_step(
    ctx: Ctx,
    *,
    police: bool,
    record: Record = ROUND,
    bases: bool = True,
    destinations: Targets | None = None,
) -> Step:
    """6.4.2, one ARVN move: ARVN Troops must leave LoCs and Provinces without COIN Bases and
    may leave anywhere else, for Cities without NVA Control (when the phase began), spaces
    with US or ARVN Bases, or Saigon. Then (``police``) ARVN Police may move to any LoC or
    space in South Vietnam that was COIN-Controlled when the phase began. An Event may
    Redeploy ARVN Troops as if there were no Bases (``bases=False``: they must leave every
    LoC and Province and may go only to Cities) or name the ``destinations`` instead
    (5.1.1). Returns ``False`` once that part is over."""
    state = ctx.state
    step = record.read(ctx)
    if police:
        coin = set(step.coin)
        police_targets = tuple(
            sp.id for sp in SPACES if sp.is_loc or (sp.in_south and sp.id in coin)
        )
        mover = _mover(
            (Piece.ARVN_POLICE,),
            _ALL_SPACES,
            destinations or partial(_other_than, police_targets),
            step.arrived,
        )
        return (
            yield from _move_step(
                ctx, Faction.ARVN, mover, "ARVN Redeploy (Police)", "6.4.2", record=record
            )
        )
    nva = set(step.nva)
    troop_targets = tuple(
        sp.id
        for sp in SPACES
        if sp.id == SAIGON
        or (sp.is_city and sp.id not in nva)
        or (bases and state.spaces[sp.index].count(*_COIN_BASES))
    )
    troops = _mover(
        (Piece.ARVN_TROOPS,),
        _ALL_SPACES,
        destinations or partial(_other_than, troop_targets),
        step.arrived,
    )

    def must(state: GameState) -> str | None:
        for sp in SPACES:
            if troops.movable(state, sp.id, Piece.ARVN_TROOPS) and _must_leave(state, sp.id, bases):
                return f"ARVN Troops must still leave {sp.name}"
        return None

    return (
        yield from _move_step(
            ctx, Faction.ARVN, troops, "ARVN Redeploy (Troops)", "6.4.2", must, record=record
        )
    )


def nva_redeploy_step(
    ctx: Ctx, record: Record = ROUND, *, destinations: Targets | None = None
) -> Step:
    """6.4.3, one NVA move: NVA Troops (only) may move from anywhere to spaces with NVA
    Bases, whatever their Control (or to an Event's ``destinations``, 5.1.1). Returns
    ``False`` once the NVA is done."""
    state = ctx.state
    bases = tuple(sp.id for sp in SPACES if state.spaces[sp.index].count(*_NVA_BASES))
    mover = _mover(
        (Piece.NVA_TROOPS,),
        _ALL_SPACES,
        destinations or partial(_other_than, bases),
        record.read(ctx).arrived,
    )
    return (yield from _move_step(ctx, Faction.NVA, mover, "NVA Redeploy", "6.4.3", record=record))


# -- 6.5 Commitment ------------------------------------------------------------------------------
@procedure("commitment_phase", "6.5")
def commitment_phase(ctx: Ctx) -> Proc:
    """6.5 (2nd edition), one move or shift per run: rotation of US Casualties and their
    placement (with the Non-player US Policy check of 8.8.1 once they are placed), the US
    moves, then the VC's Withdrawal shifts. Destinations use Control as it stood when the
    phase began (recorded then); Control and the victory markers reflect the moves at its
    end (they are derived from the pieces)."""
    if not (yield from commitment_step(ctx, ROUND)):
        _enter(ctx, CoupPhase.RESET, "6.5")


def commitment_step(ctx: Ctx, record: Record) -> Step:
    """One placement, move or shift of a Commitment Phase (6.5), going on from part to part:
    rotation and placement of the US Casualties, the US Policy check (8.8.1), the US moves,
    the VC's Withdrawal. Returns ``False`` once the phase is over."""
    while True:
        step = record.read(ctx)
        if not step.part:
            coin, _ = _control_snapshot(ctx.state)
            to_place = rotate_casualties(ctx)
            record.write(ctx, "6.5", part=PLACE_CASUALTIES, coin=coin, placed=to_place)
        elif step.part == PLACE_CASUALTIES:
            with ctx.scope("commitment", "6.5", faction=Faction.US):
                if (yield from place_casualties_step(ctx, record)):
                    return True
            us_policy(ctx)
            record.write(ctx, "6.5", part=US_MOVES, arrived=())
        elif step.part == US_MOVES:
            with ctx.scope("commitment", "6.5", faction=Faction.US):
                if (yield from us_commitment_step(ctx, record)):
                    return True
            arrived = record.read(ctx).arrived
            withdrawn = sum(n for location, _, n in arrived if location == AVAILABLE)
            record.write(ctx, "6.5", part=WITHDRAWAL, arrived=(), withdrawn=withdrawn)
        else:
            with ctx.scope("withdrawal", "6.5", faction=Faction.VC):
                if (yield from withdrawal_step(ctx, record)):
                    return True
            return False


@lru_cache(maxsize=16)
def _commitment_places(coin: tuple[str, ...]) -> tuple[str, ...]:
    """6.5: COIN-Controlled spaces (``coin``, recorded when the phase began), LoCs and Saigon,
    in map order (worked out once per record: every move of the phase asks for them)."""
    controlled = set(coin)
    return tuple(sp.id for sp in SPACES if sp.is_loc or sp.id == SAIGON or sp.id in controlled)


def rotate_casualties(ctx: Ctx) -> int:
    """6.5 rotation, steps 1-2: a third (rounded down) of US Troop Casualties and every US
    Base Casualty go out of play; US Irregular Casualties go to Available. Returns how many
    US Troop Casualties the US must then place. Unshaded Medevac (15, Momentum) sends every
    US Troop Casualty to Available instead: none out of play, none placed (5.4)."""
    cas = ctx.state.casualties
    if effects.medevac_commitment(ctx.state):
        ctx.move(Piece.US_TROOPS, cas[Piece.US_TROOPS], CASUALTIES, AVAILABLE, "5.4")
    else:
        ctx.move(Piece.US_TROOPS, cas[Piece.US_TROOPS] // 3, CASUALTIES, OUT_OF_PLAY, "6.5")
    ctx.move(Piece.US_BASE, cas[Piece.US_BASE], CASUALTIES, OUT_OF_PLAY, "6.5")
    irregulars = Piece.US_IRREGULAR_UNDERGROUND
    ctx.move(irregulars, cas[irregulars], CASUALTIES, AVAILABLE, "6.5")
    return ctx.state.casualties[Piece.US_TROOPS]


def _casualties_left(state: GameState) -> str | None:
    if state.casualties[Piece.US_TROOPS]:
        return "every remaining US Troop Casualty must be placed on the map"
    return None


def place_casualties_step(ctx: Ctx, record: Record = ROUND) -> Step:
    """6.5 rotation, step 3, one placement: the US places the remaining US Troop Casualties
    in COIN-Controlled spaces, LoCs or Saigon, all of them. Returns ``False`` once none is
    left."""
    state = ctx.state
    if not state.casualties[Piece.US_TROOPS]:
        return False
    step = record.read(ctx)
    mover = _mover(
        (Piece.US_TROOPS,),
        (CASUALTIES,),
        partial(_other_than, _commitment_places(step.coin)),
        step.arrived,
    )
    what = "Commitment (place US Troop Casualties)"
    return (
        yield from _move_step(
            ctx,
            Faction.US,
            mover,
            what,
            "6.5",
            _casualties_left,
            kind=Kind.PLACE_PIECES,
            record=record,
        )
    )


US_POLICY_CHECK = 45
"""8.8.1: the Non-player US Policy is rolled for only when Support + Available is 45 or less."""


def us_policy(ctx: Ctx) -> None:
    """8.8.1 (Non-player US only): after the Casualties are placed, if Support + Available is
    at most 45, roll a die against the number of Coup cards in the RVN Leader box (Minh is
    none): equal gives JFK, higher LBJ, lower Nixon."""
    state = ctx.state
    if Faction.US not in state.options.non_players:
        return
    if victory_markers(state)[Faction.US] > US_POLICY_CHECK:
        return
    roll = ctx.roll("US Policy", "8.8.1")
    cards = len(state.leader_box)
    policy = "JFK" if roll == cards else "LBJ" if roll > cards else "Nixon"
    if policy != state.us_policy:
        ctx.emit(UsPolicyChanged(seq=ctx.seq, rule="8.8.1", policy=policy))


def _commitment_targets(
    places: tuple[str, ...], state: GameState, origin: str, piece: Piece
) -> Iterator[str]:
    for d in places:
        if d == origin:
            continue
        if (
            piece is Piece.US_BASE
            and d != AVAILABLE
            and (SPACES[space_index(d)].is_loc or state.space(d).bases() >= 2)
        ):
            continue
        yield d


def us_commitment_step(ctx: Ctx, record: Record = ROUND) -> Step:
    """6.5 rotation, step 4, one move: the US may move up to 10 Troops less those just
    placed, and up to 2 Bases, among Available, COIN-Controlled spaces, LoCs and Saigon
    (Bases within stacking, 1.4.2). What moved is recorded; the pieces it brought from the
    map to Available count for Withdrawal. Returns ``False`` once the US is done."""
    step = record.read(ctx)
    places = (AVAILABLE, *_commitment_places(step.coin))
    troops = max(0, COMMITMENT_TROOPS - step.placed) - _moved(step, Piece.US_TROOPS)
    budget = {
        Piece.US_TROOPS: troops,
        Piece.US_BASE: COMMITMENT_BASES - _moved(step, Piece.US_BASE),
    }
    mover = _mover(
        (Piece.US_TROOPS, Piece.US_BASE),
        places,
        partial(_commitment_targets, places),
        step.arrived,
        budget,
    )
    return (
        yield from _move_step(
            ctx, Faction.US, mover, "Commitment (move US Troops and Bases)", "6.5", record=record
        )
    )


def _withdrawal_options(
    state: GameState, population: int, shifted: tuple[str, ...]
) -> tuple[Command, ...]:
    found: list[Command] = [
        Select(sp.id)
        for sp in SPACES
        if sp.can_have_support
        and sp.population <= population
        and sp.id not in shifted
        and state.spaces[sp.index].support > Support.ACTIVE_OPPOSITION
    ]
    return (*found, DONE) if found else ()


def withdrawal_step(ctx: Ctx, record: Record = ROUND) -> Step:
    """6.5 WITHDRAWAL, one shift: for each 2 US pieces just moved from the map to Available,
    the VC may shift 1 Population 1 level toward Active Opposition, at most 1 level per
    space. Returns ``False`` once the VC is done."""
    state = ctx.state
    step = record.read(ctx)
    population = step.withdrawn // 2 - sum(
        SPACES[space_index(key)].population for key in step.spaces
    )
    if population <= 0:
        return False
    top = ctx.top
    if top is not None:
        top.done = list(step.spaces)
    choice = yield ctx.ask(
        Faction.VC,
        Kind.SELECT_SPACE,
        f"Withdrawal: shift a space 1 level toward Opposition ({population} Population "
        "left) or done",
        partial(_withdrawal_options, state, population, step.spaces),
        "6.5",
        none_done=True,
    )
    if not isinstance(choice, Select):
        return False
    sp = SPACES[space_index(choice.space)]
    ctx.set_support(sp.id, Support(state.spaces[sp.index].support - 1), "6.5")
    record.write(ctx, "6.5", spaces=(*step.spaces, sp.id))
    return True


# -- 6.6 Reset -----------------------------------------------------------------------------------
@procedure("reset_phase", "6.6")
def reset_phase(ctx: Ctx) -> Proc:
    """6.6: Trail 0 becomes 1 and 4 becomes 3; Terror and Sabotage markers leave the map;
    every Guerrilla and Special Force goes Underground; Momentum ends (5.4); all Factions are
    Eligible; the next card is played and a new one revealed (2.3.7). Unshaded MiGs (33)
    first costs the NVA 6 Resources (5.3); shaded Oriskany (39) keeps a Trail at 4 there
    (:func:`effects.change_trail`)."""
    yield from ()
    ctx.add_track(Track.NVA_RESOURCES, -effects.reset_nva_resource_loss(ctx.state), "5.3")
    if ctx.state.trail == 0:
        effects.set_trail(ctx, 1, "6.6")
    elif ctx.state.trail == 4:
        effects.set_trail(ctx, 3, "6.6")
    for sp in SPACES:
        ctx.set_markers(sp.id, "terror", 0, "6.6")
        ctx.set_markers(sp.id, "sabotage", 0, "6.6")
    for sp in SPACES:
        for piece in _ACTIVE_SF_AND_GUERRILLAS:
            n = ctx.state.spaces[sp.index].pieces[piece]
            if n:  # (flipping none records nothing)
                ctx.flip(sp.id, piece, n, "6.6")
    effects.discard_momentum(ctx, "6.6")
    for faction in Faction:
        ctx.set_eligibility(faction, Eligibility.ELIGIBLE, "6.6")
    ctx.emit(CoupPhaseChanged(seq=ctx.seq, rule="6.6", phase=None))
    ctx.emit(PhaseChanged(seq=ctx.seq, rule="6.6", phase=Phase.EVENT_CARD))
    ctx.play_next_card("2.3.7")
    ctx.reveal_next_card("2.3.7")


# -- Coup steps run by an Event (5.1.1) ----------------------------------------------------------
def pacify(
    ctx: Ctx,
    factions: tuple[Faction, ...] = (Faction.US, Faction.ARVN),
    *,
    spaces: int = PACIFY_SPACES,
    cost: int | None = None,
    max_levels: int = MAX_LEVELS,
) -> Steps:
    """An Event's Pacification "as if Support Phase" (6.3.1 with the Event's terms, 5.1.1):
    each of ``factions`` in turn Pacifies as 6.3.1 says, in at most ``spaces`` spaces
    together, each step costing ``cost`` ARVN Resources (``None``: as in the Support Phase --
    3, 4 under Ky, 1 under Blowtorch Komer; ``0``: free) and at most ``max_levels`` levels
    per space. Its progress is its own (:class:`CardRecord`): no Coup Round record, no
    Coup Card marker, no Momentum is touched."""
    record = CardRecord()
    for faction in factions:
        with ctx.scope("pacify", "6.3.1", faction=faction):
            while (
                yield from pacification_step(
                    ctx, faction, record, limit=spaces, cost=cost, max_levels=max_levels
                )
            ):
                pass
        record.write(ctx, "6.3.1", spaces=())


def redeploy(
    ctx: Ctx,
    parts: tuple[str, ...] = REDEPLOY_PARTS,
    *,
    bases: bool = True,
    destinations: Targets | None = None,
) -> Steps:
    """An Event's Redeploy (6.4.2, 6.4.3 with the Event's terms, 5.1.1): the ``parts`` of
    :data:`REDEPLOY_PARTS` named, in that order, judged by Control as it stands when the
    Redeploy begins; ``bases=False``: ARVN Troops Redeploy as if there were no Bases;
    ``destinations(state, origin, piece)``: where the pieces may go instead of the
    rulebook's. No removal from Laos and Cambodia (6.4.1, part of the Coup Round only); its
    progress is its own (:class:`CardRecord`), so no Coup Round record, Coup Card marker or
    Momentum is touched."""
    record = CardRecord()
    while (
        yield from redeploy_step(
            ctx, record, parts, removal=False, bases=bases, destinations=destinations
        )
    ):
        pass


def commitment(ctx: Ctx) -> Steps:
    """An Event's Commitment Phase (card 73): 6.5 as in the Coup Round -- rotation and
    placement of the US Casualties (unshaded Medevac applies, 5.4), the Non-player US Policy
    check (8.8.1), the US moves, the VC's Withdrawal -- with Control as it stands when it
    begins. Its progress is its own (:class:`CardRecord`): it moves no Coup Card marker,
    leaves any Coup Round's record alone and ends no Momentum, so unshaded Medevac stays in
    effect for the Coup Round's own Commitment Phase."""
    record = CardRecord()
    while (yield from commitment_step(ctx, record)):
        pass
