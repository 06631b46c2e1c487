"""Running the rules' steps: validate a command against the pending Decision, advance the
procedure in progress and compute its events (:func:`advance`, :func:`decide`).

(The module was ``engine/decide.py``; it is named for what it runs, so that
``coinlake.engine.decide`` is only ever the function.)

A procedure in progress is a generator, which cannot be stored, so the state stores it as
data (``GameState.pending``: name, arguments, starting state, answers so far). The engine
keeps a :class:`Live` record beside a state -- the pending question and, once, the live
generator -- so that forward play never re-runs anything. A state without one (a fork that
lost the race for the generator, an undo, a load, an unpickled game) re-runs the pending
procedure from its start, feeding it the recorded answers without building a single option
list; procedures are small steps (one Faction's turn, one part of a Coup phase), so that
costs about one ordinary step.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Generator, Iterable
from typing import Any

import attrs
from attrs import frozen

from coinlake.data.pieces import Faction
from coinlake.errors import IllegalCommand
from coinlake.rules import PROCEDURES, Ask, Context, Ctx, Kind, next_step
from coinlake.rules.core import REPLAYED, SUBPROCEDURES, Running, restore_scopes
from coinlake.state.commands import Command
from coinlake.state.construct import constructor
from coinlake.state.events import (
    Chosen,
    DieRolled,
    Event,
    Explained,
    Forced,
    StepEnded,
    StepStarted,
    evolve,
)
from coinlake.state.model import GameState, Pending, Returned, next_rolls, replace

_LOCK = threading.Lock()
"""Guards taking a live generator, so two threads applying commands to forks of one
position never advance the same generator."""

# The engine's own events, built positionally in their fields' order (seq, rule, then as
# declared in coinlake.state.events): every command emits several.
_CHOSEN = constructor(Chosen)
_EXPLAINED = constructor(Explained)
_FORCED = constructor(Forced)
_STARTED = constructor(StepStarted)
_ENDED = constructor(StepEnded)
_PENDING = constructor(Pending)


class Decision:
    """What the game waits for: who decides (``None``: the game itself), the kind of choice
    (:class:`~coinlake.rules.Kind`), a short prompt, the rule that governs it, the finite
    tuple of legal commands, and the :class:`~coinlake.rules.Context` of the step. An
    immutable value (compared and hashed by these six); the engine's Decisions work out
    ``options`` and ``context`` on first use, so that a caller reading only who decides
    and what kind of choice it is pays for no option list.

    >>> import coinlake
    >>> decision = coinlake.new_game("short", seed=7).decision
    >>> str(decision.kind), decision.rule, coinlake.Choose("pass") in decision.options
    ('action', '2.3.4', True)
    """

    __slots__ = ("_ask", "_context", "_options", "faction", "kind", "prompt", "rule")

    faction: Faction | None
    """The Faction that decides; ``None`` when the game itself confirms a step."""
    kind: Kind
    """What kind of choice (the closed vocabulary of ``docs/decisions.md``)."""
    prompt: str
    """A short question for a person."""
    rule: str
    """The rule that governs the choice, e.g. ``"2.3.4"``."""
    _options: tuple[Command, ...] | None
    _context: Context | None
    _ask: Ask | None

    def __init__(
        self,
        faction: Faction | None,
        kind: Kind,
        prompt: str,
        rule: str,
        options: Iterable[Command],
        context: Context,
    ) -> None:
        _set = object.__setattr__
        _set(self, "faction", faction)
        _set(self, "kind", kind)
        _set(self, "prompt", prompt)
        _set(self, "rule", rule)
        _set(self, "_options", tuple(options))
        _set(self, "_context", context)
        _set(self, "_ask", None)

    @classmethod
    def asking(cls, ask: Ask) -> Decision:
        """The Decision of a procedure's question (options and context read on first use)."""
        decision = cls.__new__(cls)
        _set = object.__setattr__
        _set(decision, "faction", ask.faction)
        _set(decision, "kind", ask.kind)
        _set(decision, "prompt", ask.prompt)
        _set(decision, "rule", ask.rule)
        _set(decision, "_options", None)
        _set(decision, "_context", None)
        _set(decision, "_ask", ask)
        return decision

    @property
    def options(self) -> tuple[Command, ...]:
        """Every legal answer (at most :data:`~coinlake.MAX_OPTIONS`); ``game.apply`` one."""
        options = self._options
        if options is None:
            assert self._ask is not None
            options = self._ask.options
            object.__setattr__(self, "_options", options)
        return options

    @property
    def context(self) -> Context:
        """What the step belongs to: procedure, rule, Faction, card, space, done and left."""
        context = self._context
        if context is None:
            assert self._ask is not None
            context = self._ask.context
            object.__setattr__(self, "_context", context)
        return context

    def with_options(self, options: Iterable[Command]) -> Decision:
        """This Decision offering ``options`` instead (a Faction's view of another's)."""
        return Decision(self.faction, self.kind, self.prompt, self.rule, options, self.context)

    def _fields(self) -> tuple[object, ...]:
        return (self.faction, self.kind, self.prompt, self.rule, self.options, self.context)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Decision is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Decision is immutable (cannot delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Decision:
            return NotImplemented
        assert isinstance(other, Decision)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        f, k, p, r, o, c = self._fields()
        return (
            f"Decision(faction={f!r}, kind={k!r}, prompt={p!r}, rule={r!r}, options={o!r}, "
            f"context={c!r})"
        )

    def __reduce__(self) -> tuple[type[Decision], tuple[object, ...]]:
        return Decision, self._fields()  # the values only: never the procedure's question


MAX_SIDES = 1_000
"""The most faces an agent's roll may have: an equal-chance choice among a Decision's
options (at most ``MAX_OPTIONS``) or among spaces (8.4.7)."""


def _rolls(value: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    if value == ():  # most choices roll nothing
        return ()
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ValueError(f"rolls are a sequence of (sides, value) pairs, not {value!r}")
    rolls = tuple(value)
    for roll in rolls:
        if (
            not isinstance(roll, tuple)
            or len(roll) != 2
            or any(not isinstance(n, int) or isinstance(n, bool) for n in roll)
            or not 2 <= roll[0] <= MAX_SIDES
            or not 1 <= roll[1] <= roll[0]
        ):
            raise ValueError(
                f"a roll is (sides, value) with 2 <= sides <= {MAX_SIDES} and "
                f"1 <= value <= sides: {roll!r}"
            )
    return rolls


def _words(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"expected a non-empty string, got {value!r}")
    return value


def _note(value: object) -> str:
    if not isinstance(value, str) or (value and not re.fullmatch(r"[a-z0-9][a-z0-9.-]*", value)):
        raise ValueError(f"a note is a lower-case word (letters, digits, '-', '.'): {value!r}")
    return value


@frozen
class Why:
    """Why an agent chose a command (8.1.3-8.8: the rule and priority that decided it) and
    the rolls it made to decide (8.2 Random Spaces, 8.3 Random LoCs, 8.4.7 other choices),
    each ``(sides, value)``; recorded with the command as an ``Explained`` event. The rolls
    must be the game's next rolls (:func:`next_rolls`): an agent reads them before choosing.

    >>> Why("8.2", "Random Spaces: 2 then 6 is Quang Tri", ((6, 2), (6, 6))).rolls
    ((6, 2), (6, 6))
    """

    rule: str = attrs.field(converter=_words)
    reason: str = attrs.field(converter=_words)
    rolls: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_rolls)
    note: str = attrs.field(default="", converter=_note)
    """A fact for the state to remember for this Faction (``GameState.agent_notes``), e.g.
    ``"capability-lookahead"``: the latest note per Faction is kept."""


def check_rolls(state: GameState, why: Why) -> None:
    """Raise :class:`IllegalCommand` unless ``why``'s rolls are the game's next rolls."""
    if not why.rolls:
        return
    sides = tuple(k for k, _ in why.rolls)
    expected = next_rolls(state, sides)
    if expected != tuple(v for _, v in why.rolls):
        wanted = tuple(zip(sides, expected, strict=True))
        raise IllegalCommand(
            f"the rolls {why.rolls} are not the game's next rolls {wanted}",
            rule="8.2",
        )


class Runner:
    """A live procedure positioned at its current question: the generator of the frame the
    engine holds (``ctx.base``), its scratchpad and the question."""

    __slots__ = ("ask", "ctx", "gen")

    def __init__(self, gen: Generator[Ask, Command, Any] | None, ctx: Ctx, ask: Ask) -> None:
        self.gen = gen  # None until a procedure begins (prime, start_procedure)
        self.ctx = ctx
        self.ask = ask


class Live:
    """What the engine keeps beside one state (never inside it): the pending question and
    the live generator, which only one successor may take, and the question with it (a
    position left behind asks it again by a re-run, if ever). Never pickled."""

    __slots__ = ("ask", "runner")

    def __init__(self, runner: Runner | None = None) -> None:
        self.runner = runner
        self.ask: Ask | None = runner.ask if runner is not None else None


def _rerun(state: GameState, rolls: list[int] | None = None, whole: bool = False) -> Runner:
    """Re-run the pending procedure with the recorded answers, from the start of the
    innermost sub-procedure in progress (:attr:`Pending.calls`; ``whole``, or none known:
    from the procedure's start), passing over those that have returned. Nothing is asked:
    each recorded answer goes straight back, so no option list is ever built. ``rolls``
    receives the dice rolled on the way."""
    pending = state.pending
    assert pending is not None
    frames = None if whole else pending.calls
    if frames is None:
        ctx = Ctx(pending.start)
        ctx.frames = [Running(pending.name, pending.args, pending.start, 0)]
        ctx.replay(pending.answers)
    else:
        innermost = frames[-1]
        ctx = Ctx(innermost.start)
        ctx.frames = [Running.of(f) for f in frames]
        ctx.base = len(frames) - 1
        ctx.replay(pending.answers[innermost.begin :], innermost.begin)
    gen, ask = _replayed(ctx)
    if rolls is not None:
        rolls.extend(e.value for e in ctx.events if isinstance(e, DieRolled))
    ctx.state, ctx.events, ctx.seq = state, [], state.seq
    ctx.answered = len(pending.answers)
    return Runner(gen, ctx, ask)


def _replayed(ctx: Ctx) -> tuple[Generator[Ask, Command, Any], Ask]:
    """A new generator of the frame the engine holds (``ctx.base``), run from its start with
    the recorded answers (``ctx.replay``) to the question it asks now. Raises
    ``StopIteration`` if it ends instead (a caller re-run to a call that was its last
    step)."""
    frame = ctx.frames[ctx.base]
    if ctx.base == 0:
        gen = PROCEDURES[frame.name](ctx, *frame.args)
    else:
        restore_scopes(ctx, frame.scopes)
        gen = SUBPROCEDURES[frame.name](ctx, *frame.args)
    ask = next(gen)
    send, recorded = gen.send, ctx.recorded
    while ask is REPLAYED:  # a question yielded while replaying gets the next recorded answer
        ask = send(recorded())
    return gen, ask


def _returned(runner: Runner, value: Any) -> Ask | None:
    """The generator the engine holds has ended with ``value``. A sub-procedure re-run on
    its own returns it to its caller, re-run to that point (passing over its answers, and
    the sub-procedures that returned before) to go on from there; the next question, or
    ``None`` when the procedure itself has ended."""
    ctx = runner.ctx
    while ctx.base:
        ended = ctx.frames.pop()
        ctx.base -= 1
        caller = ctx.frames[ctx.base]
        done = Returned(ended.begin, ctx.answered, value, ctx.state)
        caller.done(done)
        ctx.moved = True
        pending = ctx.state.pending
        assert pending is not None
        ctx.resume_after(done)
        ctx.state = caller.start
        ctx.replay(pending.answers[caller.begin :], caller.begin)
        try:
            runner.gen, ask = _replayed(ctx)
        except StopIteration as stop:  # the caller ended as soon as the call returned
            value = stop.value
            continue
        return ask
    return None


def rolls_in_progress(state: GameState) -> tuple[int, ...]:
    """The dice the procedure in progress has rolled so far (re-run from its start)."""
    if state.pending is None:
        return ()
    rolls: list[int] = []
    _rerun(state, rolls, whole=True)
    return tuple(rolls)


def pending_ask(state: GameState, live: Live | None = None) -> Ask | None:
    """The question the state waits on (``None``: game over), from ``live`` when it has it."""
    if state.pending is None:
        return None
    if live is not None and live.ask is not None:
        return live.ask
    runner = _rerun(state)
    if live is not None:
        with _LOCK:
            if live.ask is None:
                live.ask, live.runner = runner.ask, runner
    return runner.ask


def _claim(state: GameState, live: Live | None) -> Runner:
    """Take the live generator from ``live`` to advance it, or re-run the procedure."""
    if live is not None:
        with _LOCK:
            # the question goes with its generator: a position left behind keeps no closures
            runner, live.runner, live.ask = live.runner, None, None
        if runner is not None:
            return runner
    return _rerun(state)


def decision(state: GameState, live: Live | None = None) -> Decision | None:
    """The pending Decision, or ``None`` when nothing more can happen (game over)."""
    a = pending_ask(state, live)
    if a is None:
        return None
    return Decision.asking(a)


def validate(state: GameState, command: Command, live: Live | None = None) -> Ask:
    """Raise :class:`IllegalCommand` unless ``command`` answers the pending Decision."""
    ask = pending_ask(state, live)
    if ask is None:
        raise IllegalCommand(f"{command}: the game is over", rule="2.4.2")
    if ask.accepts(command):
        return ask
    for refused, reason, rule in ask.refusals:
        if refused == command:
            raise IllegalCommand(f"{command}: {reason}", rule=rule)
    choices = ", ".join(str(o) for o in ask.options[:8])
    more = ", ..." if len(ask.options) > 8 else ""
    raise IllegalCommand(
        f"{command!s} is not a legal answer to {ask.prompt!r} (legal: {choices}{more})",
        rule=ask.rule,
    )


def advance(
    state: GameState, command: Command, live: Live | None = None, why: Why | None = None
) -> tuple[tuple[Event, ...], GameState, Live]:
    """Validate ``command`` and return its events, the resulting state and the engine's
    :class:`Live` record for that state. ``why``: the deciding agent's reason and rolls,
    recorded right after the command (:class:`~coinlake.state.events.Explained`)."""
    ask = validate(state, command, live)
    if why is not None:
        check_rolls(state, why)
    runner = _claim(state, live)
    ctx = runner.ctx
    ctx.state, ctx.events, ctx.seq = state, [], state.seq
    ctx.emit(_CHOSEN(ctx.seq, ask.rule, ask.faction, command))
    if why is not None:
        ctx.emit(_EXPLAINED(ctx.seq, why.rule, ask.faction, why.reason, why.rolls, why.note))
    nxt = _continue(runner, _resume(runner, command))
    return tuple(ctx.events), ctx.state, Live(nxt)


def prime(state: GameState) -> GameState:
    """Start the first procedure of a freshly set-up (or loaded) state, up to its first
    question; a state with a procedure in progress is returned as it is."""
    if state.pending is not None:
        return state
    runner = Runner(None, Ctx(state), REPLAYED)
    _continue(runner, None)
    return runner.ctx.state


def start_procedure(state: GameState, name: str, args: tuple[str, ...] = ()) -> GameState:
    """Begin the registered procedure ``name`` in a state where none is in progress and run
    it to its first question (for tests, puzzles and tools that start from a set position)."""
    if state.pending is not None:
        raise ValueError(f"procedure {state.pending.name!r} is already in progress")
    if name not in PROCEDURES:
        raise ValueError(f"no procedure {name!r}")
    runner = Runner(None, Ctx(state), REPLAYED)
    _continue(runner, _begin(runner, name, args))
    return runner.ctx.state


def _begin(runner: Runner, name: str, args: tuple[str, ...]) -> Ask | None:
    """Start the procedure ``name`` and run it to its first real question."""
    ctx = runner.ctx
    ctx.emit(_STARTED(ctx.seq, "2.0", name, args))
    ctx.frames, ctx.base, ctx.answered = [], 0, 0
    runner.gen = PROCEDURES[name](ctx, *args)
    return _resume(runner, None)


def _continue(runner: Runner, ask: Ask | None) -> Runner | None:
    """Run procedures until one asks a question (the runner, live) or none can follow. The
    state reached records the sub-procedures in progress (:attr:`Pending.calls`)."""
    ctx = runner.ctx
    while ask is None:
        pending = ctx.state.pending
        if pending is not None:
            ctx.emit(_ENDED(ctx.seq, "2.0", pending.name))
        step = next_step(ctx.state)
        if step is None:
            return None
        ask = _begin(runner, *step)
    if ctx.moved:  # else the state has the frames there are (an answer keeps them)
        pending = ctx.state.pending
        assert pending is not None
        frames = ctx.frames_now()
        if frames is not None or pending.calls is not None:
            calls = _PENDING(pending.name, pending.args, pending.answers, pending.start, frames)
            ctx.state = replace(ctx.state, pending=calls)
    runner.ask = ask
    return runner


def _resume(runner: Runner, answer: Command | None) -> Ask | None:
    """Send ``answer`` (or start the generator) and run to the next real question: a step
    whose answer is forced (one legal answer, or none) is answered at once and recorded
    (:class:`Forced`), so that a re-run needs no option list."""
    ctx = runner.ctx
    if answer is not None:
        ctx.answered += 1
    ask = _send(runner, answer)
    while ask is not None and (forced := ask.forced()) is not None:
        ctx.emit(_FORCED(ctx.seq, ask.rule, forced))
        ctx.answered += 1
        ask = _send(runner, forced)
    return ask


def _send(runner: Runner, answer: Command | None) -> Ask | None:
    """Send ``answer`` to the generator the engine holds (or start it): its next question,
    or, when it ends, the next question after it returns (:func:`_returned`)."""
    gen = runner.gen
    assert gen is not None
    try:
        return next(gen) if answer is None else gen.send(answer)
    except StopIteration as stop:
        return _returned(runner, stop.value)


def decide(state: GameState, command: Command) -> tuple[Event, ...]:
    """The events ``command`` produces in ``state``; raises :class:`IllegalCommand` if it is
    not legal, and then nothing changes."""
    return advance(state, command)[0]


def fold(state: GameState, events: tuple[Event, ...] | list[Event]) -> GameState:
    """Apply ``events`` in order with the pure reducer."""
    for event in events:
        state = evolve(state, event)
    return state
