"""How rules are written: procedures that ask for choices and emit events.

A *procedure* is a generator function ``(ctx, *args) -> Proc``. It reads ``ctx.state``,
changes the game only through ``ctx`` (which emits events and folds them into
``ctx.state``), and ``yield``\\ s an :class:`Ask` whenever a Faction (or the game) must choose;
the answer comes back as the value of the ``yield``. A procedure must be pure: the same
starting state and answers always give the same events, because the engine re-runs it from
its start after an undo, a fork or a load (see ``docs/architecture.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import TypeVar

from attrs import frozen

from coinlake.data.pieces import Faction, Piece
from coinlake.state.commands import Command, Done, Select
from coinlake.state.events import (
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
    evolve,
)
from coinlake.state.model import Eligibility, GameState, Support, Track


@frozen
class Ask:
    """A question a procedure puts: who decides, what kind of choice, the legal answers.

    ``refusals`` lists recognisable illegal answers with the reason and rule that forbid them,
    so that an illegal command gets a precise error.
    """

    faction: Faction | None
    kind: str
    prompt: str
    options: tuple[Command, ...]
    rule: str
    refusals: tuple[tuple[Command, str, str], ...] = ()


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


def procedure(name: str) -> Callable[[F], F]:
    """Register a procedure under ``name`` (unique)."""

    def register(fn: F) -> F:
        if name in PROCEDURES:
            raise ValueError(f"procedure {name!r} registered twice")
        PROCEDURES[name] = fn
        return fn

    return register


class Ctx:
    """The scratchpad a procedure runs in: the current state and the events emitted so far.

    Every change goes through :meth:`emit`; the helpers below build the common events with
    the clamping and bookkeeping the rules require.
    """

    __slots__ = ("events", "seq", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.seq = state.seq

    def emit(self, event: Event) -> None:
        """Append ``event`` and fold it into ``state``."""
        self.state = evolve(self.state, event)
        self.events.append(event)

    # -- questions -----------------------------------------------------------------------
    def ask(
        self,
        faction: Faction | None,
        kind: str,
        prompt: str,
        options: tuple[Command, ...],
        rule: str,
        refusals: tuple[tuple[Command, str, str], ...] = (),
    ) -> Ask:
        """Build the :class:`Ask` to ``yield``."""
        return Ask(faction, kind, prompt, options, rule, refusals)

    # -- chance --------------------------------------------------------------------------
    def roll(self, purpose: str, rule: str) -> int:
        """Roll one die from the state's generator and record it (DieRolled)."""
        value, _ = self.state.rng.die()
        self.emit(DieRolled(seq=self.seq, rule=rule, value=value, purpose=purpose))
        return value

    # -- pieces, tracks, markers ---------------------------------------------------------
    def move(self, piece: Piece, count: int, origin: str, destination: str, rule: str) -> None:
        """Move pieces between spaces and boxes (1.4.1)."""
        if count:
            self.emit(
                PiecesMoved(
                    seq=self.seq,
                    rule=rule,
                    piece=piece,
                    count=count,
                    origin=origin,
                    destination=destination,
                )
            )

    def flip(self, space: str, piece: Piece, count: int, rule: str) -> None:
        """Flip pieces in a space (Activate/Underground 1.4.3, Tunnel 1.4.4)."""
        if count:
            self.emit(PiecesFlipped(seq=self.seq, rule=rule, space=space, piece=piece, count=count))

    def set_support(self, space: str, level: Support, rule: str) -> None:
        """Set a space's Support/Opposition level (1.6)."""
        previous = self.state.space(space).support
        if level != previous:
            self.emit(
                SupportShifted(seq=self.seq, rule=rule, space=space, level=level, previous=previous)
            )

    def set_track(self, track: Track, value: int, rule: str) -> None:
        """Set a track, clamped to its bounds (0..75, Trail 0..4; 1.8, 6.7, 5.1.1)."""
        low, high = track.bounds
        value = max(low, min(high, value))
        previous = self.state.tracks[track]
        if value != previous:
            self.emit(
                TrackChanged(seq=self.seq, rule=rule, track=track, value=value, previous=previous)
            )

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


# -- asking ------------------------------------------------------------------------------------
DONE = Done()
"""The answer that ends a step of several choices."""


def ask_unless_one(
    ctx: Ctx,
    faction: Faction | None,
    kind: str,
    prompt: str,
    options: Sequence[Command],
    rule: str,
    refusals: tuple[Refusal, ...] = (),
) -> Generator[Ask, Command, Command]:
    """Ask, unless there is exactly one legal answer: then it is the answer, unasked."""
    if len(options) == 1:
        return options[0]
    answer = yield ctx.ask(faction, kind, prompt, tuple(options), rule, refusals)
    return answer


def select_spaces(
    ctx: Ctx,
    faction: Faction,
    kind: str,
    prompt: Callable[[Sequence[str]], str],
    rule: str,
    *,
    candidates: Callable[[GameState, Sequence[str]], Iterable[Command]],
    each: Callable[[str], Generator[Ask, Command, object]],
    limit: int | None = None,
    refusals: Callable[[GameState, tuple[str, ...]], tuple[Refusal, ...]] | None = None,
    record: list[str] | None = None,
    extras: Callable[[GameState], Iterable[Command]] | None = None,
    take_extra: Callable[[Command], Generator[Ask, Command, object]] | None = None,
    may_stop: Callable[[GameState, Sequence[str], Sequence[Command]], bool] | None = None,
    ask_done_alone: bool = False,
    forced: bool = False,
) -> Generator[Ask, Command, list[str]]:
    """Let ``faction`` select spaces one at a time, each once (3.1, 4.1), up to ``limit``,
    resolving each with ``each(space)`` as it is selected; returns the spaces selected.

    Each step offers ``candidates(state, chosen)`` (``Select`` commands), then
    ``extras(state)`` (e.g. Special Activities that may start now, 4.1: answered through
    ``take_extra``), then ``Done`` when ``may_stop(state, chosen, candidates)`` (default:
    once a space was selected). The selection ends on ``Done``, at ``limit``, or when
    nothing but ``Done`` is left to offer (``ask_done_alone``: only when not even ``Done``
    is). ``refusals(state, chosen)`` gives the step's :attr:`Ask.refusals` (build them with
    :func:`deferred_refusals`); ``record`` receives each space (``slot.op_spaces`` or
    ``slot.sa_spaces``, 4.1.1); ``forced``: a single option is taken without asking."""
    chosen: list[str] = []
    while limit is None or len(chosen) < limit:
        state = ctx.state
        selects = tuple(candidates(state, chosen))
        options = [*selects, *(extras(state) if extras is not None else ())]
        if not options and not ask_done_alone:
            break
        stop = bool(chosen) if may_stop is None else may_stop(state, chosen, selects)
        if stop:
            options.append(DONE)
        if not options:
            break
        why = refusals(state, tuple(chosen)) if refusals is not None else ()
        text = prompt(chosen)
        if forced:
            answer = yield from ask_unless_one(ctx, faction, kind, text, options, rule, why)
        else:
            answer = yield ctx.ask(faction, kind, text, tuple(options), rule, why)
        if isinstance(answer, Done):
            break
        if not isinstance(answer, Select):
            if take_extra is None:
                break
            yield from take_extra(answer)
            continue
        chosen.append(answer.space)
        if record is not None:
            record.append(answer.space)
        yield from each(answer.space)
    return chosen
