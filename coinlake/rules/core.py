"""How rules are written: procedures that ask for choices and emit events.

A *procedure* is a generator function ``(ctx, *args) -> Proc``. It reads ``ctx.state``,
changes the game only through ``ctx`` (which emits events and folds them into
``ctx.state``), and ``yield``\\ s an :class:`Ask` whenever a Faction (or the game) must choose;
the answer comes back as the value of the ``yield``. A procedure must be pure: the same
starting state and answers always give the same events, because the engine re-runs it from
its start after an undo, a fork or a load (see ``docs/architecture.md``). An Operation's work
in one space is a *sub-procedure* (:func:`subprocedure`, run with :meth:`Ctx.call`), so that a
re-run starts at the space being worked.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from enum import StrEnum
from functools import partial
from itertools import islice
from typing import Any, TypeVar

from attrs import frozen

from coinlake.data.pieces import Faction, Piece
from coinlake.state.commands import Command, Done
from coinlake.state.construct import constructor
from coinlake.state.events import (
    _HANDLERS,
    CardPlayed,
    CardRevealed,
    DieRolled,
    EligibilityChanged,
    Event,
    MarkersChanged,
    PiecesFlipped,
    PiecesMoved,
    SupportShifted,
    TrackChanged,
    pieces_flipped,
    pieces_moved,
    track_changed,
)
from coinlake.state.model import (
    Eligibility,
    Frame,
    GameState,
    Returned,
    ScopeRecord,
    Support,
    Track,
)


class Kind(StrEnum):
    """The closed vocabulary of decision kinds: one name per kind of step, wherever it
    occurs. What the step belongs to is in :class:`Context`, never in the kind.
    :data:`KINDS` describes each with the commands that answer it (``docs/decisions.md``
    is generated from it)."""

    CONFIRM = "confirm"
    ACTION = "action"
    OPERATION = "operation"
    SPECIAL_ACTIVITY = "special-activity"
    CHOOSE_SIDE = "choose-side"
    YES_NO = "yes-no"
    SELECT_SPACE = "select-space"
    HOW_MANY = "how-many"
    MOVE_PIECES = "move-pieces"
    PLACE_PIECES = "place-pieces"
    REMOVE_PIECES = "remove-pieces"
    TARGET = "target"
    CHOOSE_MODE = "choose-mode"


KINDS: dict[Kind, tuple[str, str]] = {
    Kind.CONFIRM: ("`begin`", "Acknowledge a step of the game that has one answer (2.2)."),
    Kind.ACTION: (
        "`pass`, `event`, `op`, `op+sa`, `limop`, `pivotal`",
        "The Sequence of Play: what the 1st or 2nd Eligible Faction does (2.3.3-2.3.8).",
    ),
    Kind.OPERATION: ("its name: `train`, `march`...", "Which Operation to execute (3.0)."),
    Kind.SPECIAL_ACTIVITY: (
        "its name (`advise`, `tax`...), `not-now`, `no-sa`",
        "Which Special Activity to execute now, or not now / none at all (4.1).",
    ),
    Kind.CHOOSE_SIDE: ("`unshaded`, `shaded`", "Which text of a dual-use Event (5.2)."),
    Kind.YES_NO: (
        "a word and `decline` (or `done`)",
        "Take an optional step or decline it, e.g. play a Pivotal Event (2.3.8).",
    ),
    Kind.SELECT_SPACE: (
        "`select ID`, `done`, and Special Activities that may start now",
        "A space for the step in progress (each space once, 3.1); the context says which"
        " Operation, Activity or phase and which spaces are done.",
    ),
    Kind.HOW_MANY: ("`count N`", "A number: how many pieces, Resources, levels..."),
    Kind.MOVE_PIECES: (
        "`move N PIECE FROM TO`, `done`",
        "Which pieces to move between spaces.",
    ),
    Kind.PLACE_PIECES: (
        "`move N PIECE FROM TO`",
        "Which pieces to place, from a box or, when none is Available, from the map (1.4.1).",
    ),
    Kind.REMOVE_PIECES: (
        "`move N PIECE FROM BOX`, `done` where removal is optional",
        "Which pieces to remove to a box.",
    ),
    Kind.TARGET: (
        "`target-nva`, `target-vc`, `target-both`",
        "Which enemy Faction(s) an action targets in a space (3.1).",
    ),
    Kind.CHOOSE_MODE: (
        "a word: `pacify`, `passive-support`...",
        "One of a step's named alternatives (Pacify or remove Terror, a Support level, a"
        " form of Rally...).",
    ),
}
"""For each kind: the commands that answer it and what it asks."""


MAX_OPTIONS = 128
"""No Decision offers more legal commands than this (steps that could are factored into
smaller ones: origin, then destination, then how many); checked at every question."""


@frozen
class Context:
    """What a question belongs to, filled in by the shared helpers (never by hand).

    ``procedure``: the Operation, Special Activity, Event, Coup phase... (``"train"``,
    ``"air-strike"``, ``"event"``, ``"support-phase"``, ``"eligible-turn"``);
    ``rule``: its section; ``faction``: the Faction executing it; ``card`` and ``side``:
    the card being played (and the Event's side); ``space``: the space being worked;
    ``done``: the spaces already done in this procedure, in order; ``left``: how many more
    spaces may be selected (``None``: no limit); ``resources``: what the executing Faction
    may still spend; ``parent``: the procedure this one runs within (the Operation of a
    Special Activity, the Event granting a free Operation, the turn of an Operation).
    """

    procedure: str
    rule: str
    faction: Faction | None = None
    card: int | None = None
    side: str | None = None
    space: str | None = None
    done: tuple[str, ...] = ()
    left: int | None = None
    resources: int | None = None
    parent: Context | None = None

    def within(self, procedure: str) -> bool:
        """Whether this step belongs, directly or not, to ``procedure``."""
        ctx: Context | None = self
        while ctx is not None:
            if ctx.procedure == procedure:
                return True
            ctx = ctx.parent
        return False


Options = Sequence[Command] | Callable[[], Iterable[Command]]
"""A question's legal answers, or a function building them on demand (never called while a
procedure is re-run with answers already recorded)."""

_BUILD_LOCK = threading.RLock()
"""Re-entrant: a builder may build other questions' options (a grant's probe, 5.5)."""


class Ask:
    """A question a procedure puts: who decides, what kind of choice, the legal answers.

    ``options`` are built on first use, so that re-running a procedure with recorded answers
    builds none. ``refusals`` lists recognisable illegal answers with the reason and rule
    that forbid them, so that an illegal command gets a precise error. ``single``: a lone
    legal answer is taken without asking; ``none_done``: with no legal answer the step ends
    as if ``done`` were answered (both recorded as a ``Forced`` event).
    """

    __slots__ = (
        "_build",
        "_context",
        "_head",
        "_options",
        "_set",
        "_snapshot",
        "faction",
        "kind",
        "none_done",
        "prompt",
        "refusals",
        "rule",
        "single",
    )

    def __init__(
        self,
        faction: Faction | None,
        kind: Kind,
        prompt: str,
        options: Options,
        rule: str,
        refusals: tuple[Refusal, ...] = (),
        *,
        context: Context | Callable[[], Context],
        single: bool = False,
        none_done: bool = False,
    ) -> None:
        self.faction = faction
        self.kind = kind
        self.prompt = prompt
        self.rule = rule
        self.refusals = refusals
        if isinstance(context, Context):
            self._context: Context | None = context
            self._snapshot: Callable[[], Context] | None = None
        else:
            self._context, self._snapshot = None, context
        self.single = single
        self.none_done = none_done
        self._set: frozenset[Command] | None = None
        self._head: tuple[tuple[Command, ...], Iterator[Command]] | None = None
        if callable(options):
            self._options: tuple[Command, ...] | None = None
            self._build: Callable[[], Iterable[Command]] | None = options
        else:
            self._options, self._build = tuple(options), None

    @property
    def options(self) -> tuple[Command, ...]:
        """The legal answers (built once, on first use)."""
        options = self._options
        if options is None:
            with _BUILD_LOCK:
                if self._options is None:
                    if self._head is not None:
                        head, rest = self._head
                        built = (*head, *rest)
                    else:
                        assert self._build is not None
                        built = tuple(self._build())
                    if len(built) > MAX_OPTIONS:
                        raise RuntimeError(f"{len(built)} options for {self.prompt!r}")
                    self._options, self._build, self._head = built, None, None
                options = self._options
            assert options is not None
        return options

    def _first(self, n: int) -> tuple[Command, ...]:
        """The first ``n`` legal answers (fewer if there are fewer), building no more of them
        than that when the builder yields them lazily."""
        if self._options is not None:
            return self._options[:n]
        with _BUILD_LOCK:
            if self._head is None:
                assert self._build is not None
                rest = iter(self._build())
                self._head = (tuple(islice(rest, n)), rest)
            else:
                head, rest = self._head
                if len(head) < n:
                    head = (*head, *islice(rest, n - len(head)))
                    self._head = (head, rest)
            return self._head[0][:n]

    @property
    def context(self) -> Context:
        """What the question belongs to (built on first use)."""
        context = self._context
        if context is None:
            assert self._snapshot is not None
            context = self._context = self._snapshot()
            self._snapshot = None
        return context

    def accepts(self, command: Command) -> bool:
        """Whether ``command`` is one of the legal answers. Before the list is built (a
        replayed log, a command parsed from text), the answers are built only up to
        ``command``."""
        options = self._options
        if options is None:
            return self._seek(command)
        for option in options:  # usually one of them itself (handed out by legal()): no hashing
            if option is command:
                return True
        if len(options) <= 8:
            return command in options
        found = self._set
        if found is None:
            found = self._set = frozenset(options)
        return command in found

    def _seek(self, command: Command) -> bool:
        """:meth:`accepts` while the options are unbuilt: build them lazily, keeping what was
        built (:meth:`_first`'s head), until ``command`` turns up or none are left."""
        with _BUILD_LOCK:
            if self._options is not None:
                return command in self._options
            if self._head is None:
                assert self._build is not None
                head: tuple[Command, ...] = ()
                rest: Iterator[Command] = iter(self._build())
            else:
                head, rest = self._head
                if command in head:
                    return True
            more: list[Command] = []
            for option in rest:
                more.append(option)
                if option == command:
                    self._head = ((*head, *more), rest)
                    return True
                if len(head) + len(more) > MAX_OPTIONS:
                    raise RuntimeError(f"more than {MAX_OPTIONS} options for {self.prompt!r}")
            self._options, self._build, self._head = (*head, *more), None, None
            return False

    def forced(self) -> Command | None:
        """The answer the engine gives without asking, if any (``single``/``none_done``)."""
        if not (self.single or self.none_done):
            return None
        first = self._first(2 if self.single else 1)  # 1 tells "none"; 2 tells "only one"
        if self.single and len(first) == 1:
            return first[0]
        if self.none_done and not first:
            return DONE
        return None

    def default(self) -> Command:
        """The answer a dry run gives: the forced one (:meth:`forced`), else the first legal
        answer, ``done`` when there is none (8.1's dry run, a grant's probe, 5.5)."""
        forced = self.forced()
        if forced is not None:
            return forced
        first = self._first(1)  # the first option only: a dry run builds no whole list
        return first[0] if first else DONE

    def __repr__(self) -> str:
        return f"Ask({self.faction}, {self.kind!s}, {self.prompt!r}, rule={self.rule})"


Refusal = tuple[Command, str, str]
"""An illegal answer, the reason it is refused and the rule that forbids it."""


class _DeferredRefusals(tuple[Refusal, ...]):
    """An empty tuple whose iteration works the refusals out on demand (see
    :func:`deferred_refusals`)."""

    def __new__(cls, compute: Callable[..., Iterable[Refusal]]) -> _DeferredRefusals:
        obj = super().__new__(cls)
        obj._compute = compute  # type: ignore[attr-defined]
        return obj

    def __iter__(self) -> Iterator[Refusal]:
        compute: Callable[..., Iterable[Refusal]] = self._compute  # type: ignore[attr-defined]
        return iter(tuple(compute()))


def deferred_refusals(compute: Callable[..., Iterable[Refusal]]) -> tuple[Refusal, ...]:
    """``Ask.refusals`` worked out only when an illegal command must be explained: the engine
    iterates the refusals only then, so a step with many refusable answers (every space of the
    map) costs nothing while the answers are legal. ``compute`` is called without arguments
    and must be pure: build it from the state at the moment of asking, which is immutable
    (e.g. ``functools.partial(explain, state, ...)``)."""
    return _DeferredRefusals(compute)


Proc = Generator[Ask, Command, None]
ProcedureFn = Callable[..., Proc]

PROCEDURES: dict[str, ProcedureFn] = {}
"""Every procedure, by name; the engine starts them by name (names are saved in logs)."""

F = TypeVar("F", bound=ProcedureFn)


def procedure(name: str, rule: str = "2.0") -> Callable[[F], F]:
    """Register a procedure under ``name`` (unique); its questions carry a :class:`Context`
    naming it and its ``rule``."""

    def register(fn: F) -> F:
        if name in PROCEDURES:
            raise ValueError(f"procedure {name!r} registered twice")

        label = name.replace("_", "-")

        def scoped(ctx: Ctx, *args: str) -> Proc:
            # A procedure runs at the top: its scope is the first, in place of the previous
            # procedure's, and its generator runs as it is (no generator around it that
            # every answer would pass through).
            ctx.top = Scope(ctx, label, rule, None, None, None)
            return fn(ctx, *args)

        PROCEDURES[name] = scoped
        return fn

    return register


SubProc = Generator[Ask, Command, Any]
SUBPROCEDURES: dict[str, Callable[..., SubProc]] = {}
"""Every sub-procedure (:meth:`Ctx.call`), by name."""

S = TypeVar("S", bound=Callable[..., SubProc])


def subprocedure(name: str) -> Callable[[S], S]:
    """Register a sub-procedure under ``name`` (unique): a step of a procedure that
    :meth:`Ctx.call` runs, with arguments that are plain data and a plain-data value."""

    def register(fn: S) -> S:
        if name in SUBPROCEDURES:
            raise ValueError(f"sub-procedure {name!r} registered twice")
        SUBPROCEDURES[name] = fn
        return fn

    return register


class Scope:
    """One level of what the procedure in progress is doing, kept by :class:`Ctx` while the
    procedure runs and copied into each question's :class:`Context`. Use as ``with
    ctx.scope(...)``; :func:`select_spaces` records the space being worked and those done."""

    __slots__ = (
        "card",
        "ctx",
        "done",
        "faction",
        "left",
        "parent",
        "procedure",
        "rule",
        "side",
        "space",
    )

    def __init__(
        self,
        ctx: Ctx,
        procedure: str,
        rule: str,
        faction: Faction | None,
        card: int | None,
        side: str | None,
    ) -> None:
        self.ctx = ctx
        self.procedure = procedure
        self.rule = rule
        self.faction = faction
        self.card = card
        self.side = side
        self.space: str | None = None
        self.done: list[str] = []
        self.left: int | None = None
        self.parent: Scope | None = None

    def __enter__(self) -> Scope:
        self.parent = self.ctx.top
        self.ctx.top = self
        return self

    def __exit__(self, *_: object) -> None:
        self.ctx.top = self.parent

    def make(
        self,
        state: GameState,
        space: str | None,
        done: tuple[str, ...],
        left: int | None,
        parent: Context | None,
    ) -> Context:
        """This level's :class:`Context` within ``parent``, with the given progress."""
        faction = self.faction
        if faction is None and parent is not None:
            faction = parent.faction
        card = self.card if self.card is not None else (parent.card if parent else None)
        resources = None if faction is None else state.resources(faction)
        return _CONTEXT(
            self.procedure,
            self.rule,
            faction,
            card,
            self.side,
            space,
            done,
            left,
            resources,
            parent,
        )

    def snapshot(self, state: GameState) -> Callable[[], Context]:
        """What :meth:`context` would give now, built later (the scopes change as the
        procedure goes on; the state does not)."""
        chain: list[tuple[Scope, str | None, tuple[str, ...], int | None]] = []
        scope: Scope | None = self
        while scope is not None:
            chain.append((scope, scope.space, tuple(scope.done), scope.left))
            scope = scope.parent
        return partial(_build_context, state, chain)


def _build_context(
    state: GameState, chain: list[tuple[Scope, str | None, tuple[str, ...], int | None]]
) -> Context:
    context: Context | None = None
    for scope, space, done, left in reversed(chain):
        context = scope.make(state, space, done, left, context)
    assert context is not None
    return context


_NO_CONTEXT = Context("", "")
_CONTEXT = constructor(Context)
"""``Context`` built positionally, all ten fields in order (one per scope of every question)."""
_FRAME = constructor(Frame)
_RETURNED = constructor(Returned)

REPLAYED = Ask(None, Kind.CONFIRM, "", (), "", context=_NO_CONTEXT)
"""What :meth:`Ctx.ask` gives while the engine re-runs a procedure: the engine sends the
recorded answer back without looking at the question (only the last one is really asked)."""


class Running:
    """A frame in progress while a procedure runs (:class:`~coinlake.state.model.Frame` as
    the engine updates it): ``cursor`` counts the returned sub-procedures a re-run has
    passed."""

    __slots__ = ("_frame", "args", "begin", "cursor", "name", "returned", "scopes", "start")

    def __init__(
        self,
        name: str,
        args: tuple[Any, ...],
        start: GameState,
        begin: int,
        scopes: tuple[ScopeRecord, ...] = (),
    ) -> None:
        self.name = name
        self.args = args
        self.start = start
        self.begin = begin
        self.scopes = scopes
        self.returned: list[Returned] = []
        self.cursor = 0
        self._frame: Frame | None = None

    @classmethod
    def of(cls, frame: Frame) -> Running:
        running = cls(frame.name, frame.args, frame.start, frame.begin, frame.scopes)
        running.returned = list(frame.returned)
        running._frame = frame
        return running

    def done(self, returned: Returned) -> None:
        """A sub-procedure it called has returned."""
        self.returned.append(returned)
        self._frame = None

    def frozen(self) -> Frame:
        frame = self._frame
        if frame is None:
            returned = tuple(self.returned)
            frame = self._frame = _FRAME(
                self.name, self.args, self.start, self.begin, self.scopes, returned
            )
        return frame


def scope_records(top: Scope | None) -> tuple[ScopeRecord, ...]:
    """The scopes from the outermost to ``top``, as data."""
    records: tuple[ScopeRecord, ...] = ()
    while top is not None:
        record = (
            top.procedure,
            top.rule,
            top.faction,
            top.card,
            top.side,
            top.space,
            tuple(top.done),
            top.left,
        )
        records = (record, *records)
        top = top.parent
    return records


def restore_scopes(ctx: Ctx, records: tuple[ScopeRecord, ...]) -> None:
    """Make ``records`` (:func:`scope_records`) the scopes of ``ctx`` again."""
    top: Scope | None = None
    for procedure, rule, faction, card, side, space, done, left in records:
        scope = Scope(ctx, procedure, rule, faction, card, side)
        scope.space, scope.done, scope.left, scope.parent = space, list(done), left, top
        top = scope
    ctx.top = top


class Ctx:
    """The scratchpad a procedure runs in: the current state and the events emitted so far.

    Every change goes through :meth:`emit`; the helpers below build the common events with
    the clamping and bookkeeping the rules require. ``replaying``: the engine is re-running
    the procedure with recorded answers, so questions need no options nor context, and the
    events it drops after the re-run are not all made: moves, flips and track changes, the
    most frequent, are folded by their reducers without their events.
    """

    __slots__ = (
        "_kept",
        "_recorded",
        "answered",
        "base",
        "events",
        "frames",
        "moved",
        "replaying",
        "seq",
        "state",
        "top",
    )

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.seq = state.seq
        self.replaying = False
        self.top: Scope | None = None
        self._recorded: deque[Command] = deque()
        self.answered = 0
        """How many answers the procedure in progress has taken."""
        self.frames: list[Running] = []
        """The procedure in progress and the sub-procedures it called (:meth:`call`), the
        procedure first (none until it calls one)."""
        self.base = 0
        """The frame whose generator the engine holds: those above it run inside it, those
        below it wait to be re-run when it returns (:meth:`call`)."""
        self.moved = False
        """A frame began, returned or was re-made since the state last recorded them."""
        self._kept: tuple[Returned, list[Event], int] | None = None

    def replay(self, answers: Iterable[Command], begin: int = 0) -> None:
        """Re-run with ``answers`` already recorded (the procedure's from number ``begin``):
        :meth:`recorded` hands them out in order, and ``replaying`` holds until the last
        one is handed out (the question that answer leads to is the one asked now)."""
        self._recorded = recorded = deque(answers)
        self.replaying = bool(recorded)
        self.answered = begin

    def recorded(self) -> Command:
        """The next recorded answer while ``replaying``. The engine sends it to a question
        the procedure yields; the loops that ask most often (selecting spaces, moving and
        placing pieces) take it here instead, without a ``yield`` passing up and back down
        every procedure they run within."""
        recorded = self._recorded
        answer = recorded.popleft()
        self.answered += 1
        if not recorded:
            self.replaying = False
        return answer

    # -- sub-procedures ------------------------------------------------------------------
    def call(self, name: str, *args: Any) -> Generator[Ask, Command, Any]:
        """Run the sub-procedure ``name`` (:func:`subprocedure`) with ``args`` and give its
        value: ``value = yield from ctx.call(name, *args)``. Its arguments and value must be
        plain data, and it must change nothing but the state (the procedure applies its
        value): a re-run then starts inside it, or skips it once it has returned, taking
        its value and the state it left."""
        frames = self.frames
        if not frames:  # the procedure's first call
            pending = self.state.pending
            if pending is None:  # run outside the engine (a test): nothing to record
                return (yield from SUBPROCEDURES[name](self, *args))
            frames.append(Running(pending.name, pending.args, pending.start, 0))
        frame = frames[-1]
        if frame.cursor < len(frame.returned):  # it returned before: a re-run skips it
            done = frame.returned[frame.cursor]
            frame.cursor += 1
            self._skip(done)
            return done.value
        sub = Running(name, args, self.state, self.answered, scope_records(self.top))
        frames.append(sub)
        self.moved = True
        value = yield from SUBPROCEDURES[name](self, *args)
        frames.pop()
        self.moved = True
        frame.done(_RETURNED(sub.begin, self.answered, value, self.state))
        frame.cursor += 1
        return value

    def _skip(self, done: Returned) -> None:
        """Pass over a sub-procedure that returned: its answers, then its state."""
        recorded = self._recorded
        for _ in range(done.end - self.answered):
            recorded.popleft()
        self.answered = done.end
        self.replaying = bool(recorded)
        self.state = done.state
        kept = self._kept
        if kept is not None and kept[0] is done:  # back where the engine was: go on live
            _, self.events, self.seq = kept
            self._kept = None

    def resume_after(self, done: Returned) -> None:
        """Re-running a frame to the return of ``done`` (its last sub-procedure, which has
        just returned): the events made until then are the re-run's, to drop, and those
        after are new, kept with the engine's ``events`` and ``seq`` as they are now."""
        self._kept = (done, self.events, self.seq)
        self.events = []

    def frames_now(self) -> tuple[Frame, ...] | None:
        """The frames in progress as data (:attr:`Pending.calls`), or ``None`` when the
        procedure called nothing."""
        frames = self.frames
        self.moved = False
        if not frames or (len(frames) == 1 and not frames[0].returned):
            return None
        return tuple(map(Running.frozen, frames))

    def emit(self, event: Event) -> None:
        """Append ``event`` and fold it into ``state`` (its reducer, as ``evolve`` would)."""
        self.state = _HANDLERS[event.__class__](self.state, event)
        self.events.append(event)

    # -- questions -----------------------------------------------------------------------
    def scope(
        self,
        procedure: str,
        rule: str,
        *,
        faction: Faction | None = None,
        card: int | None = None,
        side: str | None = None,
    ) -> Scope:
        """A new level of :class:`Context` for the questions asked inside ``with``."""
        return Scope(self, procedure, rule, faction, card, side)

    def ask(
        self,
        faction: Faction | None,
        kind: Kind,
        prompt: str,
        options: Options,
        rule: str,
        refusals: tuple[Refusal, ...] = (),
        *,
        single: bool = False,
        none_done: bool = False,
    ) -> Ask:
        """Build the :class:`Ask` to ``yield``; ``options`` may be a function building them
        (only called when the question is really asked)."""
        if self.replaying:
            return REPLAYED
        top = self.top
        context = _NO_CONTEXT if top is None else top.snapshot(self.state)
        return Ask(
            faction,
            kind,
            prompt,
            options,
            rule,
            refusals,
            context=context,
            single=single,
            none_done=none_done,
        )

    # -- chance --------------------------------------------------------------------------
    def roll(self, purpose: str, rule: str) -> int:
        """Roll one die and record it (DieRolled): the next fixed roll if any
        (``GameState.fixed_dice``), else a draw of the state's generator."""
        fixed = self.state.fixed_dice
        value = fixed[0] if fixed else self.state.rng.die()[0]
        self.emit(DieRolled(seq=self.seq, rule=rule, value=value, purpose=purpose))
        return value

    # -- pieces, tracks, markers ---------------------------------------------------------
    def move(self, piece: Piece, count: int, origin: str, destination: str, rule: str) -> None:
        """Move pieces between spaces and boxes (1.4.1)."""
        if count:  # emit's work, the event made only when it is kept (not while replaying)
            self.state = pieces_moved(self.state, piece, count, origin, destination)
            if not self.replaying:
                self.events.append(_MOVED(self.seq, rule, piece, count, origin, destination))

    def flip(self, space: str, piece: Piece, count: int, rule: str) -> None:
        """Flip pieces in a space (Activate/Underground 1.4.3, Tunnel 1.4.4)."""
        if count:  # as move
            self.state = pieces_flipped(self.state, space, piece, count)
            if not self.replaying:
                self.events.append(_FLIPPED(self.seq, rule, space, piece, count))

    def set_support(self, space: str, level: Support, rule: str) -> None:
        """Set a space's Support/Opposition level (1.6)."""
        previous = self.state.space(space).support
        if level != previous:
            self.emit(_SHIFTED(self.seq, rule, space, level, previous))

    def set_track(self, track: Track, value: int, rule: str) -> None:
        """Set a track, clamped to its bounds (0..75, Trail 0..4; 1.8, 6.7, 5.1.1)."""
        low, high = track.bounds
        value = max(low, min(high, value))
        previous = self.state.tracks[track]
        if value != previous:  # as move
            self.state = track_changed(self.state, track, value)
            if not self.replaying:
                self.events.append(_TRACK_CHANGED(self.seq, rule, track, value, previous))

    def add_track(self, track: Track, delta: int, rule: str) -> None:
        """Add ``delta`` to a track, clamped to its bounds."""
        self.set_track(track, self.state.tracks[track] + delta, rule)

    def set_markers(self, space: str, marker: str, count: int, rule: str) -> None:
        """Set the Terror or Sabotage markers in a space (3.3.4)."""
        sp = self.state.space(space)
        previous = sp.terror if marker == "terror" else sp.sabotage
        if count != previous:
            self.emit(
                MarkersChanged(
                    seq=self.seq,
                    rule=rule,
                    space=space,
                    marker=marker,
                    count=count,
                    previous=previous,
                )
            )

    def set_eligibility(self, faction: Faction, eligibility: Eligibility, rule: str) -> None:
        """Move a Faction's cylinder (2.3.1, 2.3.6)."""
        if self.state.eligible(faction) != (eligibility is Eligibility.ELIGIBLE):
            self.emit(
                EligibilityChanged(
                    seq=self.seq, rule=rule, faction=faction, eligibility=eligibility
                )
            )

    # -- cards ---------------------------------------------------------------------------
    def reveal_next_card(self, rule: str) -> None:
        """Turn the draw deck's top card face up as the next card (2.2, 2.3.7)."""
        if self.state.deck:
            self.emit(CardRevealed(seq=self.seq, rule=rule, card=self.state.deck[0]))

    def play_next_card(self, rule: str) -> None:
        """Move the revealed next card onto the played pile (2.2, 2.3.7)."""
        card = self.state.next_card
        if card is not None:
            self.emit(CardPlayed(seq=self.seq, rule=rule, card=card))


# The events a procedure emits most, built positionally in their fields' order (seq, rule,
# then as declared in coinlake.state.events): a keyword-only attrs __init__ costs 2-3 times as much.
_MOVED = constructor(PiecesMoved)
_FLIPPED = constructor(PiecesFlipped)
_SHIFTED = constructor(SupportShifted)
_TRACK_CHANGED = constructor(TrackChanged)

# -- asking ------------------------------------------------------------------------------------
DONE = Done()
"""The answer that ends a step of several choices."""


def ask_unless_one(
    ctx: Ctx,
    faction: Faction | None,
    kind: Kind,
    prompt: str,
    options: Options,
    rule: str,
    refusals: tuple[Refusal, ...] = (),
) -> Generator[Ask, Command, Command]:
    """Ask, unless there is exactly one legal answer: then the engine takes it unasked."""
    answer = yield ctx.ask(faction, kind, prompt, options, rule, refusals, single=True)
    return answer
