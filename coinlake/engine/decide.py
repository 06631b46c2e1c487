"""``decide``: validate a command against the pending Decision and compute its events.

The procedure in progress is a generator; it cannot be stored, so the state stores its name,
arguments, starting state and answers (``GameState.pending``) and the engine re-runs it from
that start when no live copy is cached. A live copy is kept beside the state (ignored by
``==``), so ordinary forward play never re-runs anything.
"""

from __future__ import annotations

from attrs import frozen

from coinlake.data.pieces import Faction
from coinlake.errors import IllegalCommand
from coinlake.rules import PROCEDURES, Ask, Ctx, Proc, next_step
from coinlake.state.commands import Command
from coinlake.state.events import Chosen, Event, StepEnded, StepStarted, evolve
from coinlake.state.model import GameState


@frozen
class Decision:
    """What the game waits for: who decides (``None``: the game itself), the kind of choice,
    a short prompt, the rule that governs it, and the finite tuple of legal commands."""

    faction: Faction | None
    kind: str
    prompt: str
    rule: str
    options: tuple[Command, ...]


class _Runner:
    """A live procedure positioned at its current question."""

    __slots__ = ("ask", "ctx", "gen")

    def __init__(self, gen: Proc, ctx: Ctx, ask: Ask) -> None:
        self.gen = gen
        self.ctx = ctx
        self.ask = ask


def _replay(state: GameState) -> _Runner:
    """Re-run the pending procedure from its start with the recorded answers."""
    pending = state.pending
    assert pending is not None
    ctx = Ctx(pending.start)
    ctx.emit(StepStarted(seq=ctx.seq, rule="2.0", procedure=pending.name, args=pending.args))
    gen = PROCEDURES[pending.name](ctx, *pending.args)
    ask = next(gen)
    for answer in pending.answers:
        ctx.seq = ctx.state.seq
        ctx.emit(Chosen(seq=ctx.seq, rule=ask.rule, faction=ask.faction, command=answer))
        ask = gen.send(answer)
    return _Runner(gen, ctx, ask)


def _ask(state: GameState) -> Ask | None:
    """The pending question; cached beside the state (``Pending.runner[0]``), so looking at
    a position again, even after an undo, re-runs nothing."""
    pending = state.pending
    if pending is None:
        return None
    box = pending.runner
    if not box:
        runner = _replay(state)
        box.extend((runner.ask, runner))
    cached: Ask = box[0]
    return cached


def _claim(state: GameState) -> _Runner:
    """Take the live procedure out of the state's cache (``Pending.runner[1]``) to advance it;
    re-run it from its start when it was already taken (by an earlier branch or fork)."""
    assert state.pending is not None
    box = state.pending.runner
    if len(box) == 2:
        live: _Runner = box.pop()
        return live
    runner = _replay(state)
    if not box:
        box.append(runner.ask)
    return runner


def decision(state: GameState) -> Decision | None:
    """The pending Decision, or ``None`` when nothing more can happen (game over)."""
    a = _ask(state)
    if a is None:
        return None
    return Decision(a.faction, a.kind, a.prompt, a.rule, a.options)


def validate(state: GameState, command: Command) -> Ask:
    """Raise :class:`IllegalCommand` unless ``command`` answers the pending Decision."""
    ask = _ask(state)
    if ask is None:
        raise IllegalCommand(f"{command}: the game is over", rule="2.4.2")
    if command in ask.options:
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


def advance(state: GameState, command: Command) -> tuple[tuple[Event, ...], GameState]:
    """Validate ``command`` and return its events and the resulting state."""
    ask = validate(state, command)
    runner = _claim(state)
    ctx = runner.ctx
    ctx.state, ctx.events, ctx.seq = state, [], state.seq
    ctx.emit(Chosen(seq=ctx.seq, rule=ask.rule, faction=ask.faction, command=command))
    _continue(ctx, runner.gen, _resume(runner.gen, command))
    return tuple(ctx.events), ctx.state


def prime(state: GameState) -> GameState:
    """Start the first procedure of a freshly set-up state, up to its first question."""
    ctx = Ctx(state)
    _continue(ctx, None, None)
    return ctx.state


def start_procedure(state: GameState, name: str, args: tuple[str, ...] = ()) -> GameState:
    """Begin the registered procedure ``name`` in a state where none is in progress and run
    it to its first question (for tests, puzzles and tools that start from a set position)."""
    if state.pending is not None:
        raise ValueError(f"procedure {state.pending.name!r} is already in progress")
    ctx = Ctx(state)
    ctx.emit(StepStarted(seq=ctx.seq, rule="2.0", procedure=name, args=args))
    gen = PROCEDURES[name](ctx, *args)
    _continue(ctx, gen, _resume(gen, None))
    return ctx.state


def _continue(ctx: Ctx, gen: Proc | None, ask: Ask | None) -> None:
    """Run procedures until one asks a question (caching it live) or none can follow."""
    while ask is None:
        pending = ctx.state.pending
        if pending is not None:
            ctx.emit(StepEnded(seq=ctx.seq, rule="2.0", procedure=pending.name))
        step = next_step(ctx.state)
        if step is None:
            return
        name, args = step
        ctx.emit(StepStarted(seq=ctx.seq, rule="2.0", procedure=name, args=args))
        gen = PROCEDURES[name](ctx, *args)
        ask = _resume(gen, None)
    assert gen is not None and ctx.state.pending is not None
    ctx.state.pending.runner.extend((ask, _Runner(gen, ctx, ask)))


def _resume(gen: Proc, answer: Command | None) -> Ask | None:
    try:
        return next(gen) if answer is None else gen.send(answer)
    except StopIteration:
        return None


def decide(state: GameState, command: Command) -> tuple[Event, ...]:
    """The events ``command`` produces in ``state``; raises :class:`IllegalCommand` if it is
    not legal, and then nothing changes."""
    return advance(state, command)[0]


def fold(state: GameState, events: tuple[Event, ...] | list[Event]) -> GameState:
    """Apply ``events`` in order with the pure reducer."""
    for event in events:
        state = evolve(state, event)
    return state
