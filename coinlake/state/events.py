"""Events, the immutable facts of a game's stream, and ``evolve``, the pure reducer.

Each event carries ``seq`` (the index of the command that caused it in the game's line) and
``rule`` (the rulebook section it applies). ``evolve`` never validates and never draws a random
number: ``state == fold(evolve, events, initial)`` always holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from attrs import frozen

from coinlake.data.cards import Side
from coinlake.data.map import INDEX, space_index
from coinlake.data.pieces import FACTIONS, Faction, Piece
from coinlake.state.commands import Command
from coinlake.state.construct import constructor
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    OUT_OF_PLAY,
    UNKNOWN_MARKER,
    Counts,
    CoupPhase,
    CoupStep,
    DeceptionMarker,
    Eligibility,
    GameResult,
    GameState,
    Pending,
    Phase,
    SpaceState,
    Support,
    Track,
    Turn,
    replace,
    with_pieces,
)
from coinlake.state.rng import KEYED, Rng


@frozen(kw_only=True)
class Event:
    """Base class: ``seq`` names the causing command, ``rule`` the section applied."""

    seq: int
    rule: str

    public: ClassVar[bool] = True
    """False for events whose content a Faction other than the owner may not see."""

    def visible_to(self, faction: Faction) -> bool:
        """Whether ``faction`` may see this event (``Game.view``): every public event; a
        private event (``public = False``) only by the Factions in its ``owner`` field."""
        if self.public:
            return True
        owner: tuple[Faction, ...] = getattr(self, "owner", ())
        return faction in owner


@frozen(kw_only=True)
class Chosen(Event):
    """A faction (or the game, ``faction=None``) answered the pending Decision."""

    faction: Faction | None
    command: Command


@frozen(kw_only=True)
class Forced(Event):
    """The pending step had a single legal answer (or none, ``done``), taken without asking:
    recorded so that re-running the procedure needs no option list (``docs/architecture.md``)."""

    command: Command


@frozen(kw_only=True)
class StepStarted(Event):
    """A procedure (a card's play, an Operation, a Coup phase...) began."""

    procedure: str
    args: tuple[str, ...]


@frozen(kw_only=True)
class StepEnded(Event):
    """The procedure in progress finished."""

    procedure: str


@frozen(kw_only=True)
class PiecesMoved(Event):
    """``count`` pieces of form ``piece`` went from ``origin`` to ``destination``.

    Locations are space ids or box names. Pieces entering a box take their box form
    (Underground, no Tunnel, 1.4.1); pieces entering the map from a box arrive as ``piece``
    (1.4.3); pieces moving on the map keep their form (1.4.3).
    """

    piece: Piece
    count: int
    origin: str
    destination: str


@frozen(kw_only=True)
class PiecesFlipped(Event):
    """``count`` pieces of ``piece`` in ``space`` turned over (Activate/Underground, 1.4.3)
    or gained/lost a Tunnel (1.4.4): they become ``piece.flipped()``."""

    space: str
    piece: Piece
    count: int


@frozen(kw_only=True)
class SupportShifted(Event):
    """A space's Support/Opposition level changed (1.6)."""

    space: str
    level: Support
    previous: Support


@frozen(kw_only=True)
class TrackChanged(Event):
    """A track (Resources, Aid, Patronage, Econ, Trail) changed value (1.8, 6.7)."""

    track: Track
    value: int
    previous: int


@frozen(kw_only=True)
class MarkersChanged(Event):
    """The number of Terror or Sabotage markers in a space changed (3.3.4)."""

    space: str
    marker: str
    count: int
    previous: int


@frozen(kw_only=True)
class DieRolled(Event):
    """A die was rolled (one draw of the game's generator)."""

    value: int
    purpose: str


@frozen(kw_only=True)
class Explained(Event):
    """Why the Faction answering this frame's Decision chose its command: a Non-player's
    rule and priority (8.1.3-8.8), in words, and the rolls it made to decide (8.2, 8.3,
    8.4.7), each ``(sides, value)`` and drawn from the game's generator like any die."""

    faction: Faction | None
    reason: str
    rolls: tuple[tuple[int, int], ...] = ()
    note: str = ""
    """What the Faction's agent asks the state to remember (``GameState.agent_notes``)."""


@frozen(kw_only=True)
class CardPlayed(Event):
    """The revealed next card moved onto the played pile and is now played (2.2, 2.3.7)."""

    card: int


@frozen(kw_only=True)
class CardRevealed(Event):
    """The draw deck's top card was turned face up as the next card (2.2, 2.3.7)."""

    card: int


@frozen(kw_only=True)
class EligibilityChanged(Event):
    """A Faction's cylinder moved between Eligible and Ineligible (2.3.1, 2.3.6)."""

    faction: Faction
    eligibility: Eligibility


@frozen(kw_only=True)
class Passed(Event):
    """A Faction Passed on the current card (2.3.3)."""

    faction: Faction


@frozen(kw_only=True)
class PhaseChanged(Event):
    """The Sequence of Play entered a new phase (2.0)."""

    phase: Phase


@frozen(kw_only=True)
class CapabilityChanged(Event):
    """A Capability card came into effect on a side, or left (``side=None``) (5.3)."""

    card: int
    side: Side | None


@frozen(kw_only=True)
class MomentumChanged(Event):
    """A Momentum card came into effect or was discarded (5.4)."""

    card: int
    active: bool


@frozen(kw_only=True)
class LeaderBoxChanged(Event):
    """The RVN Leader box now holds ``cards``, bottom first (2.4.1)."""

    cards: tuple[int, ...]


@frozen(kw_only=True)
class CoupPhaseChanged(Event):
    """The Coup Card marker moved to a phase of the Coup Round, or off the track (``None``)
    when the Round is over (2.2 RECORD STEPS, 6.0)."""

    phase: CoupPhase | None


@frozen(kw_only=True)
class CoupStepRecorded(Event):
    """Progress within the Coup phase in progress after one of its steps (6.3-6.5): the new
    value of every field of :class:`~coinlake.state.model.CoupStep` (all empty when the
    phase's record is cleared)."""

    part: str
    spaces: tuple[str, ...]
    used: int
    levels: tuple[tuple[str, int], ...]
    coin: tuple[str, ...]
    nva: tuple[str, ...]
    arrived: tuple[tuple[str, Piece, int], ...]
    placed: int
    withdrawn: int


@frozen(kw_only=True)
class GameEnded(Event):
    """The game is over (6.1, 6.4.5, 2.4.2): the fields of :class:`GameResult`, whose
    ``rule`` is this event's ``rule`` (7.2, 7.3)."""

    outcome: str
    winner: tuple[Faction, ...]
    ranking: tuple[tuple[Faction, ...], ...]
    side_margins: tuple[int, ...]
    margins: tuple[int, ...]
    reason: str = ""


@frozen(kw_only=True)
class UsPolicyChanged(Event):
    """The Non-player US Policy marker moved to ``policy`` ("JFK", "LBJ" or "Nixon", 8.8.1)."""

    policy: str


# -- Event cards: Sequence of Play marks, Pivotal Events, card markers (2.3, 5.4) --------
@frozen(kw_only=True)
class Executed(Event):
    """A Faction finished its turn on the current card (2.3.4, 2.3.5): ``action`` is ``"op"``,
    ``"op+sa"``, ``"limop"`` or ``"event"``, or ``"none"`` when its Operation occurred in no
    space and so does not count as executed (2.3.4 NOTE)."""

    faction: Faction
    action: str


@frozen(kw_only=True)
class EligibilityMarked(Event):
    """An Event keeps a Faction Eligible (``mark="stay-eligible"``) or makes it Ineligible
    through the next card (``mark="ineligible"``) (2.3.6 PLAY NOTE); the later mark wins."""

    faction: Faction
    mark: str


@frozen(kw_only=True)
class EligibilityMarksCleared(Event):
    """The card's Eligibility marks were applied by the adjustment and removed (2.3.6)."""


@frozen(kw_only=True)
class PivotalPlayed(Event):
    """A Faction placed its Pivotal Event card on the played card (2.3.8)."""

    faction: Faction
    card: int


@frozen(kw_only=True)
class PivotalReturned(Event):
    """A trumped Pivotal Event card left the played pile and went back to its owner (2.3.8)."""

    faction: Faction
    card: int


@frozen(kw_only=True)
class CardMarkerChanged(Event):
    """A reminder marker on a card was set to ``marker`` or removed (``None``) (5.4)."""

    card: int
    marker: str | None


# -- Victory Deception option (7.3) -------------------------------------------------------
@frozen(kw_only=True)
class DeceptionUsed(Event):
    """The player holding ``owner`` used (and so revealed) one Deception marker of ``kind``:
    a Hidden Asset converting a Limited Operation option (7.3)."""

    owner: tuple[Faction, ...]
    kind: str


@frozen(kw_only=True)
class DeceptionRevealed(Event):
    """At game end the player holding ``owner`` showed its Deception markers (7.3)."""

    owner: tuple[Faction, ...]
    markers: tuple[str, ...]


# -- the game's generator -----------------------------------------------------------------------
@frozen(kw_only=True)
class Reseeded(Event):
    """The game's generator took a new secret ``seed`` (a fork of a strict game, DESIGN.md
    "Randomness"): future draws come from it, the draw deck's cards are now ``deck`` (each
    pile's remaining cards shuffled again, 2.1), and ``dice`` are the rolls the procedure in
    progress made before, which it replays as fixed dice if it re-runs. No Faction sees it."""

    public: ClassVar[bool] = False
    seed: int
    deck: tuple[int, ...]
    dice: tuple[int, ...]


EVENT_TYPES: tuple[type[Event], ...] = (
    Chosen,
    Forced,
    StepStarted,
    StepEnded,
    PiecesMoved,
    PiecesFlipped,
    SupportShifted,
    TrackChanged,
    MarkersChanged,
    DieRolled,
    CardPlayed,
    CardRevealed,
    EligibilityChanged,
    Passed,
    PhaseChanged,
    CapabilityChanged,
    MomentumChanged,
    LeaderBoxChanged,
    CoupPhaseChanged,
    GameEnded,
    UsPolicyChanged,
    Executed,
    EligibilityMarked,
    EligibilityMarksCleared,
    PivotalPlayed,
    PivotalReturned,
    CardMarkerChanged,
    DeceptionUsed,
    DeceptionRevealed,
    CoupStepRecorded,
    Explained,
    Reseeded,
)


# -- the reducer ------------------------------------------------------------------------
def _add(counts: Counts, piece: Piece, n: int) -> Counts:
    lst = list(counts)
    lst[piece] += n
    return tuple(lst)


def _with_space(state: GameState, key: str, new: SpaceState) -> GameState:
    spaces = list(state.spaces)
    spaces[space_index(key)] = new
    return replace(state, spaces=tuple(spaces))


def evolve(state: GameState, event: Event) -> GameState:
    """Return the state after ``event``. Pure and total: no validation, no randomness."""
    handler: Callable[[GameState, Any], GameState] = _HANDLERS[type(event)]
    return handler(state, event)


_pending = constructor(Pending)
"""``Pending(name, args, answers, start, calls)``, positional and fast: the reducers make
one per answer (:func:`~coinlake.state.construct.constructor`). An answer keeps the
``calls`` there were; the engine sets them anew when sub-procedures begin or return
(``coinlake.engine.steps``), and a procedure starting, or a reseed, clears them."""


def _chosen(state: GameState, e: Chosen) -> GameState:
    pending = state.pending
    if pending is not None:
        pending = _pending(
            pending.name, pending.args, (*pending.answers, e.command), pending.start, pending.calls
        )
    return replace(state, pending=pending, seq=state.seq + 1)


def _forced(state: GameState, e: Forced) -> GameState:
    pending = state.pending
    if pending is not None:
        pending = _pending(
            pending.name, pending.args, (*pending.answers, e.command), pending.start, pending.calls
        )
    return replace(state, pending=pending)


def _step_started(state: GameState, e: StepStarted) -> GameState:
    # replace(state): the state as it is now, never a draft being folded into (model.replace)
    return replace(state, pending=_pending(e.procedure, e.args, (), replace(state), None))


def _step_ended(state: GameState, e: StepEnded) -> GameState:
    return replace(state, pending=None)


def _pieces_moved(state: GameState, e: PiecesMoved) -> GameState:
    return pieces_moved(state, e.piece, e.count, e.origin, e.destination)


def pieces_moved(
    state: GameState, piece: Piece, n: int, origin: str, destination: str
) -> GameState:
    """The reducer of :class:`PiecesMoved` given the event's fields: what a re-run folds
    without making the event, which nobody reads (``Ctx.move`` while replaying)."""
    i, j = INDEX.get(origin), INDEX.get(destination)
    if i is not None and j is not None:  # between two spaces named by id (the common case)
        spaces = list(state.spaces)
        sp = spaces[i]
        counts = list(sp.pieces)
        counts[piece] -= n
        spaces[i] = with_pieces(sp, tuple(counts))
        sp = spaces[j]
        counts = list(sp.pieces)
        counts[piece] += n  # pieces moving on the map keep their form (1.4.3)
        spaces[j] = with_pieces(sp, tuple(counts))
        return replace(state, spaces=tuple(spaces))
    # a box at one end or both (or a space named otherwise than by id)
    from_box, to_box = _BOX_FIELDS.get(origin), _BOX_FIELDS.get(destination)
    arriving = piece if to_box is None else piece.box_form  # a box holds its box form (1.4.1)
    changes: dict[str, Any] = {}
    if from_box is not None:
        changes[from_box] = _add(getattr(state, from_box), piece, -n)
    if to_box is not None:
        changes[to_box] = _add(changes.get(to_box, getattr(state, to_box)), arriving, n)
    if from_box is None or to_box is None:
        spaces = list(state.spaces)
        if from_box is None:
            i = space_index(origin)
            spaces[i] = with_pieces(spaces[i], _add(spaces[i].pieces, piece, -n))
        if to_box is None:
            j = space_index(destination)
            spaces[j] = with_pieces(spaces[j], _add(spaces[j].pieces, arriving, n))
        changes["spaces"] = tuple(spaces)
    return replace(state, **changes)


_BOX_FIELDS = {AVAILABLE: "available", CASUALTIES: "casualties", OUT_OF_PLAY: "out_of_play"}


def _pieces_flipped(state: GameState, e: PiecesFlipped) -> GameState:
    return pieces_flipped(state, e.space, e.piece, e.count)


def pieces_flipped(state: GameState, space: str, piece: Piece, n: int) -> GameState:
    """The reducer of :class:`PiecesFlipped` given the event's fields (as
    :func:`pieces_moved`)."""
    spaces = list(state.spaces)
    i = space_index(space)
    sp = spaces[i]
    counts = list(sp.pieces)
    counts[piece] -= n
    counts[piece.flipped()] += n
    spaces[i] = with_pieces(sp, tuple(counts))
    return replace(state, spaces=tuple(spaces))


def _support_shifted(state: GameState, e: SupportShifted) -> GameState:
    sp = state.spaces[space_index(e.space)]
    return _with_space(state, e.space, replace(sp, support=e.level))


def _track_changed(state: GameState, e: TrackChanged) -> GameState:
    return track_changed(state, e.track, e.value)


def track_changed(state: GameState, track: Track, value: int) -> GameState:
    """The reducer of :class:`TrackChanged` given the event's fields (as
    :func:`pieces_moved`)."""
    tracks = list(state.tracks)
    tracks[track] = value
    return replace(state, tracks=tuple(tracks))


def _markers_changed(state: GameState, e: MarkersChanged) -> GameState:
    sp = state.spaces[space_index(e.space)]
    if e.marker == "terror":
        return _with_space(state, e.space, replace(sp, terror=e.count))
    return _with_space(state, e.space, replace(sp, sabotage=e.count))


def _die_rolled(state: GameState, e: DieRolled) -> GameState:
    if state.fixed_dice:  # a fixed roll is used up first (GameState.fixed_dice)
        return replace(state, fixed_dice=state.fixed_dice[1:])
    return replace(state, rng=state.rng.advanced())


def _explained(state: GameState, e: Explained) -> GameState:
    if e.note and e.faction is not None:
        card = state.played[-1] if state.played else 0
        kept = tuple(n for n in state.agent_notes if n[0] is not e.faction)
        state = replace(state, agent_notes=(*kept, (e.faction, e.note, card)))
    if not e.rolls:
        return state
    return replace(state, rng=state.rng.agents_advanced(len(e.rolls)))


def _card_played(state: GameState, e: CardPlayed) -> GameState:
    return replace(state, played=(*state.played, e.card), next_card=None, turn=Turn())


def _card_revealed(state: GameState, e: CardRevealed) -> GameState:
    return replace(state, next_card=e.card, deck=state.deck[1:])


def _eligibility_changed(state: GameState, e: EligibilityChanged) -> GameState:
    elig = list(state.eligibility)
    elig[FACTIONS.index(e.faction)] = e.eligibility
    return replace(state, eligibility=tuple(elig))


def _passed(state: GameState, e: Passed) -> GameState:
    turn = state.turn
    return replace(state, turn=Turn((*turn.passed, e.faction), turn.acted))


def _phase_changed(state: GameState, e: PhaseChanged) -> GameState:
    return replace(state, phase=e.phase)


def _capability_changed(state: GameState, e: CapabilityChanged) -> GameState:
    caps = tuple(c for c in state.capabilities if c[0] != e.card)
    if e.side is not None:
        caps = tuple(sorted((*caps, (e.card, e.side))))
    return replace(state, capabilities=caps)


def _momentum_changed(state: GameState, e: MomentumChanged) -> GameState:
    rest = tuple(c for c in state.momentum if c != e.card)
    return replace(state, momentum=tuple(sorted((*rest, e.card))) if e.active else rest)


def _leader_box_changed(state: GameState, e: LeaderBoxChanged) -> GameState:
    return replace(state, leader_box=e.cards)


def _coup_phase_changed(state: GameState, e: CoupPhaseChanged) -> GameState:
    return replace(state, coup_phase=e.phase)


def _coup_step_recorded(state: GameState, e: CoupStepRecorded) -> GameState:
    step = CoupStep(
        e.part, e.spaces, e.used, e.levels, e.coin, e.nva, e.arrived, e.placed, e.withdrawn
    )
    return replace(state, coup_step=step)


def _game_ended(state: GameState, e: GameEnded) -> GameState:
    result = GameResult(e.rule, e.outcome, e.winner, e.ranking, e.side_margins, e.margins, e.reason)
    return replace(state, result=result)


def _us_policy_changed(state: GameState, e: UsPolicyChanged) -> GameState:
    return replace(state, us_policy=e.policy)


def _executed(state: GameState, e: Executed) -> GameState:
    turn = state.turn
    return replace(state, turn=Turn(turn.passed, (*turn.acted, (e.faction, e.action))))


def _eligibility_marked(state: GameState, e: EligibilityMarked) -> GameState:
    stay = [f for f in state.stay_eligible if f != e.faction]
    ineligible = [f for f in state.ineligible_next if f != e.faction]
    (stay if e.mark == "stay-eligible" else ineligible).append(e.faction)
    return replace(
        state,
        stay_eligible=tuple(sorted(stay, key=FACTIONS.index)),
        ineligible_next=tuple(sorted(ineligible, key=FACTIONS.index)),
    )


def _eligibility_marks_cleared(state: GameState, e: EligibilityMarksCleared) -> GameState:
    return replace(state, stay_eligible=(), ineligible_next=())


def _pivotal_played(state: GameState, e: PivotalPlayed) -> GameState:
    held = tuple(c for c in state.pivotals_held if c != e.card)
    return replace(state, pivotals_held=held, played=(*state.played, e.card))


def _pivotal_returned(state: GameState, e: PivotalReturned) -> GameState:
    played = list(state.played)
    if e.card in played:
        del played[len(played) - 1 - played[::-1].index(e.card)]
    held = tuple(sorted({*state.pivotals_held, e.card}))
    return replace(state, played=tuple(played), pivotals_held=held)


def _card_marker_changed(state: GameState, e: CardMarkerChanged) -> GameState:
    markers = tuple(m for m in state.card_markers if m[0] != e.card)
    if e.marker is not None:
        markers = tuple(sorted((*markers, (e.card, e.marker))))
    return replace(state, card_markers=markers)


def _deception_used(state: GameState, e: DeceptionUsed) -> GameState:
    markers = list(state.deception)
    mine = [i for i, m in enumerate(markers) if m.owner == e.owner]
    i = next((i for i in mine if markers[i].kind == e.kind and not markers[i].used), -1)
    if i < 0:  # a Faction's view (Game.view): the owner's markers are not known
        i = next((i for i in mine if markers[i].kind == UNKNOWN_MARKER), -1)
        if i < 0:
            return state
    markers[i] = DeceptionMarker(e.kind, e.owner, revealed=True, used=True)
    return replace(state, deception=tuple(markers))


def _deception_revealed(state: GameState, e: DeceptionRevealed) -> GameState:
    # The owner's markers become e.markers, in order; each used kind keeps its used marks
    # (a Faction's view knows only the used ones before this).
    used = [m.kind for m in state.deception if m.owner == e.owner and m.used]
    kinds = iter(e.markers)
    markers = []
    for m in state.deception:
        if m.owner != e.owner:
            markers.append(m)
            continue
        kind = next(kinds, m.kind)
        spent = kind in used
        if spent:
            used.remove(kind)
        markers.append(DeceptionMarker(kind, m.owner, revealed=True, used=spent))
    return replace(state, deception=tuple(markers))


def _reseeded(state: GameState, e: Reseeded) -> GameState:
    rng = Rng(e.seed, state.rng.counter, KEYED, state.rng.agents)
    pending = state.pending
    if pending is not None:
        # Re-running the procedure from its start must roll what it rolled and reveal the
        # cards it revealed, then go on with the new generator and deck.
        start = pending.start
        drawn = start.deck[: len(start.deck) - len(state.deck)]
        start = replace(
            start, rng=rng, deck=(*drawn, *e.deck), fixed_dice=(*e.dice, *state.fixed_dice)
        )
        pending = _pending(pending.name, pending.args, pending.answers, start, None)
    return replace(state, rng=rng, deck=e.deck, pending=pending)


_HANDLERS: dict[type[Event], Callable[[GameState, Any], GameState]] = {
    Chosen: _chosen,
    Forced: _forced,
    StepStarted: _step_started,
    StepEnded: _step_ended,
    PiecesMoved: _pieces_moved,
    PiecesFlipped: _pieces_flipped,
    SupportShifted: _support_shifted,
    TrackChanged: _track_changed,
    MarkersChanged: _markers_changed,
    DieRolled: _die_rolled,
    Explained: _explained,
    CardPlayed: _card_played,
    CardRevealed: _card_revealed,
    EligibilityChanged: _eligibility_changed,
    Passed: _passed,
    PhaseChanged: _phase_changed,
    CapabilityChanged: _capability_changed,
    MomentumChanged: _momentum_changed,
    LeaderBoxChanged: _leader_box_changed,
    CoupPhaseChanged: _coup_phase_changed,
    GameEnded: _game_ended,
    UsPolicyChanged: _us_policy_changed,
    Executed: _executed,
    EligibilityMarked: _eligibility_marked,
    EligibilityMarksCleared: _eligibility_marks_cleared,
    PivotalPlayed: _pivotal_played,
    PivotalReturned: _pivotal_returned,
    CardMarkerChanged: _card_marker_changed,
    DeceptionUsed: _deception_used,
    DeceptionRevealed: _deception_revealed,
    CoupStepRecorded: _coup_step_recorded,
    Reseeded: _reseeded,
}
