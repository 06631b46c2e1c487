"""``Game``: a game's history tree with the public API of DESIGN.md.

The history is a tree of immutable nodes that only grows. ``apply`` adds a child of the
current node; ``undo`` moves to the parent, ``redo`` back down the branch last left; a
command applied after an undo starts a new branch, and the old one stays in the journal.
The journal (every apply, undo, redo and reseed, in order, and the notes an analyst
attaches: :meth:`Game.annotate`) is what a log file stores.

Trust: ``state``, ``root``, ``events`` and the log file are the referee's (they hold the
seed and the deck). What a Faction may be shown is :meth:`Game.view`; under the ``strict``
policy :meth:`Game.undo` needs to know which Faction asks, and :meth:`Game.fork` draws a new
secret seed, so that no fork reveals a die or a card before the game rolls or draws it.
"""

from __future__ import annotations

import os
import secrets
import weakref
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs
import structlog
from attrs import frozen

from coinlake.data.pieces import Faction
from coinlake.engine.notes import Note, check_kind, freeze, thaw
from coinlake.engine.steps import (
    Decision,
    Live,
    Why,
    advance,
    decision,
    fold,
    pending_ask,
    prime,
    rolls_in_progress,
    validate,
)
from coinlake.errors import CoinlakeError, IllegalCommand
from coinlake.rules.victory import PRIVATE_OPTIONS
from coinlake.state.commands import Command, parse
from coinlake.state.events import CardRevealed, Chosen, DieRolled, Event, Reseeded, evolve
from coinlake.state.model import GameState, player_groups, redact_private
from coinlake.state.rng import Rng
from coinlake.state.setup import reshuffled_deck

if TYPE_CHECKING:
    from coinlake.engine.agents import Agent


_log = structlog.get_logger("coinlake")
"""The library's log: one ``decision`` record per applied command (the deciding Faction,
the command, the rule, a Non-player's reason), emitted only once structlog is configured."""


class UndoPolicy(StrEnum):
    """``free`` (analysis: anything may be undone) or ``strict`` (play: a Faction may undo
    only its own commands, and never past a die roll or a newly revealed card)."""

    FREE = "free"
    STRICT = "strict"


class HistoryError(CoinlakeError):
    """An undo or redo that is impossible or that the undo policy forbids."""


class Node:
    """One position in the history tree (:meth:`Game.line`, :attr:`Game.node`) and the
    command that led to it.

    ``parent``: the position before (``None`` at the root); ``children``: the positions
    reached from this one, in the order they were first reached, that some game still holds
    (a branch left by an undo stays; a dropped fork's positions are freed with it);
    ``command``, ``faction`` and :attr:`rule`: the command applied, the Faction that
    decided it (``None`` for the game's own steps) and the rule of the Decision it answered;
    ``events``: what it produced, its opening ``Chosen`` event first; :attr:`state`: the
    position after it; ``depth``: the number of commands from the root. A reseed
    (:meth:`Game.reseed`) is a node with no command whose one event is ``Reseeded``.
    ``live`` is the engine's cache beside the state (the pending question, the live
    procedure), ``None`` until first needed (a position recorded from a log, never asked
    about, has none); it is not part of the position and is never pickled.

    >>> import coinlake
    >>> game = coinlake.new_game("short", seed=7)
    >>> _ = game.apply(game.parse("pass"))
    >>> node = game.node
    >>> str(node.command), str(node.faction), node.rule, node.parent.children == (node,)
    ('pass', 'NVA', '2.3.4', True)
    """

    __slots__ = (
        "__weakref__",  # an agent may remember a position without keeping its game alive
        "_children",
        "_state",
        "command",
        "depth",
        "events",
        "faction",
        "live",
        "parent",
    )

    def __init__(
        self,
        parent: Node | None,
        command: Command | None,
        faction: Faction | None,
        events: tuple[Event, ...],
        state: GameState | None,
        depth: int,
        live: Live | None = None,
    ) -> None:
        self.parent = parent
        self.command = command
        self.faction = faction
        self.events = events
        self._state = state
        self.depth = depth
        self.live = live
        # a position's children: none, one (most positions), or a list
        self._children: weakref.ref[Node] | list[weakref.ref[Node]] | None = None
        if parent is not None:
            siblings = parent._children
            if siblings is None:
                parent._children = weakref.ref(self)
            elif isinstance(siblings, list):
                siblings.append(weakref.ref(self))
            else:
                parent._children = [siblings, weakref.ref(self)]

    @property
    def state(self) -> GameState:
        """The position after this node's command. A log loaded without verification
        keeps the states of a few nodes only; the others are folded from the nearest
        earlier one when first asked, and kept."""
        state = self._state
        if state is None:
            state = _unfold(self)
        return state

    @property
    def children(self) -> tuple[Node, ...]:
        """The positions reached from this one that a game still holds, oldest first."""
        refs = self._children
        if refs is None:
            return ()
        if not isinstance(refs, list):
            refs = [refs]
        return tuple(node for ref in refs if (node := ref()) is not None)

    @property
    def rule(self) -> str | None:
        """The rule of the Decision this node's command answered (a reseed's: ``"2.2"``);
        ``None`` at the root."""
        return self.events[0].rule if self.events else None

    def __repr__(self) -> str:
        return f"<Node depth={self.depth} {self.faction or 'game'}: {self.command}>"


def _unfold(node: Node) -> GameState:
    """The state of a node recorded without one (:meth:`Game.record_many`): the events of
    the nodes since the nearest earlier state folded into it, each node keeping its own."""
    chain = []
    n: Node | None = node
    while n is not None and n._state is None:
        chain.append(n)
        n = n.parent
    assert n is not None  # the root always has its state
    state = n._state
    assert state is not None
    for m in reversed(chain):
        state = m._state = fold(state, m.events)
    return state


def _live(node: Node) -> Live:
    """``node.live``, made now if the node has none yet (a fresh cache: no question asked)."""
    live = node.live
    if live is None:
        live = node.live = Live()
    return live


@frozen(eq=False)
class JournalEntry:
    """One recorded action of the journal (:meth:`Game.journal`): ``action`` is ``apply``,
    ``undo``, ``redo``, ``reseed`` or ``note`` (:meth:`Game.annotate`), ``node`` the position
    it leads to (a note's: the position it was made at), ``previous`` the entry before (a
    linked list) and ``index`` its place, from 0 (the stream cursor of
    :meth:`Game.events_since` counts entries)."""

    action: str
    node: Node
    previous: JournalEntry | None
    index: int = attrs.field(
        default=attrs.Factory(
            lambda self: 0 if self.previous is None else self.previous.index + 1, takes_self=True
        )
    )


@frozen(eq=False)
class _NoteEntry(JournalEntry):
    """A ``note`` entry: its kind and frozen data (:mod:`coinlake.engine.notes`)."""

    _kind: str = attrs.field(kw_only=True)
    _data: Any = attrs.field(kw_only=True)

    def note(self) -> Note:
        return Note(self._kind, self.index, thaw(self._data))


@frozen
class JournalRecord:
    """An undo or a redo in the event stream (:meth:`Game.subscribe`,
    :meth:`Game.events_since`): ``action`` is ``"undo"`` or ``"redo"``; ``events`` are the
    events the current line (:attr:`Game.events`) loses from its end (undo) or gains again
    (redo), the command's ``Chosen`` event first; ``command`` and ``faction`` say
    whose command that was (both ``None`` for a reseed)."""

    action: str
    command: Command | None
    faction: Faction | None
    events: tuple[Event, ...]


StreamItem = Event | JournalRecord
"""What the event stream delivers: each new event, or an undo or redo (:class:`JournalRecord`)."""


def _stream_items(entry: JournalEntry) -> tuple[StreamItem, ...]:
    """The stream items of one journal entry: an apply's or a reseed's events, or the
    record of an undo (of the node left) or a redo (of the node reached again); a note's,
    none."""
    if entry.action == "note":
        return ()
    if entry.action == "undo":
        assert entry.previous is not None  # an undo follows the apply it takes back
        left = entry.previous.node
        return (JournalRecord("undo", left.command, left.faction, left.events),)
    node = entry.node
    if entry.action == "redo":
        return (JournalRecord("redo", node.command, node.faction, node.events),)
    return node.events


@frozen(eq=False)
class _RedoLink:
    node: Node
    rest: _RedoLink | None


@frozen
class GameView:
    """What one Faction may see: the state as :func:`view_state` shows it, the events of
    the current line it may see, and the pending Decision (``None`` when the game is over,
    or for a view read from a log file): another player's without the options that would
    show a private marker (7.3)."""

    faction: Faction
    state: GameState
    events: tuple[Event, ...]
    decision: Decision | None = None


def view_state(state: GameState, faction: Faction) -> GameState:
    """``state`` as ``faction`` may see it: the draw deck's order (2.2), the generator's
    seed, fixed future dice and the procedure in progress (which holds earlier states)
    blanked, and the other players' Deception markers and Handicap choices hidden (7.3,
    :func:`~coinlake.state.model.redact_private`)."""
    return attrs.evolve(
        redact_private(state, faction),
        deck=(0,) * len(state.deck),
        rng=Rng(0, state.rng.counter, agents=state.rng.agents),
        pending=None,
        fixed_dice=(),
    )


class Saver(Protocol):
    """Writes a game's log file (``coinlake.store.save_game``): the whole journal, or with
    ``view`` the log of that Faction's view; ``key`` makes its checksums a MAC."""

    def __call__(
        self, game: Game, path: Path, *, key: bytes | None = None, view: Faction | None = None
    ) -> None: ...


class _LineEvents:
    """The events of one line of the history (all, or those one Faction may see), kept up
    to date by walking only the nodes between the last position asked and the new one."""

    __slots__ = ("events", "faction", "node")

    def __init__(self, faction: Faction | None) -> None:
        self.faction = faction
        self.node: Node | None = None
        self.events: list[Event] = []

    def _mine(self, node: Node) -> list[Event]:
        who = self.faction
        return list(node.events) if who is None else [e for e in node.events if e.visible_to(who)]

    def update(self, node: Node) -> tuple[Event, ...]:
        old = self.node
        if old is not node:
            added: list[Node] = []
            a: Node | None = old
            b: Node | None = node
            if a is None:
                self.events = []
                while b is not None:
                    added.append(b)
                    b = b.parent
            else:
                while a is not b:
                    assert a is not None and b is not None
                    if a.depth >= b.depth:
                        drop = len(self._mine(a))
                        if drop:
                            del self.events[-drop:]
                        a = a.parent
                    else:
                        added.append(b)
                        b = b.parent
            for n in reversed(added):
                self.events.extend(self._mine(n))
            self.node = node
        return tuple(self.events)


_FlatNode = tuple[
    int | None, Command | None, Faction | None, tuple[Event, ...], GameState | None, int
]
_Pickled = tuple[
    tuple[_FlatNode, ...],
    tuple[tuple[str, int] | tuple[str, int, str, Any], ...],
    tuple[int, ...],
    int,
    Saver | None,
    str,
    tuple[tuple[Faction, "Agent"], ...],
]
"""A pickled Game: its history nodes flat (parents by index, ids only numbered while
pickling), the journal (a note with its kind and frozen data), the redo path, the current
node, the saver, the undo policy and the seated agents."""


class Game:
    """A game in progress: its current position, its history tree and its journal."""

    __slots__ = (
        "_agents",
        "_journal",
        "_line",
        "_node",
        "_redo",
        "_saver",
        "_subscribers",
        "_undo",
    )

    non_player: ClassVar[Callable[[Faction], Agent] | None] = None
    """Makes the section-8 Non-player of a Faction (set by ``coinlake``, so that the engine
    never imports the Non-player layer): seated at every Faction of ``non_players``."""

    def __init__(
        self,
        state: GameState,
        *,
        undo: str | UndoPolicy = UndoPolicy.FREE,
        saver: Saver | None = None,
    ) -> None:
        if not isinstance(state, GameState):
            raise TypeError(f"a Game starts from a GameState, not {type(state).__name__}")
        if not isinstance(undo, str):
            raise TypeError(f"the undo policy is 'free' or 'strict', not {undo!r}"[:200])
        self._node = Node(None, None, None, (), state, 0)
        self._journal: JournalEntry | None = None
        self._redo: _RedoLink | None = None
        self._saver = saver
        self._line: dict[Faction | None, _LineEvents] | None = None
        self._undo = UndoPolicy(undo)
        self._agents: dict[Faction, Agent] = {}
        self._subscribers: list[Callable[[StreamItem], object]] = []

    @property
    def undo_policy(self) -> UndoPolicy:
        """The undo policy, fixed when the game was created."""
        return self._undo

    @undo_policy.setter
    def undo_policy(self, value: Any) -> None:
        raise AttributeError("the undo policy is fixed when the game is created")

    @classmethod
    def from_state(
        cls,
        state: GameState,
        *,
        undo: str | UndoPolicy = UndoPolicy.FREE,
        saver: Saver | None = None,
    ) -> Game:
        """A game whose history starts at ``state``; a state between procedures is primed,
        so that the Sequence of Play (or the Coup Round) waits at its next step."""
        return cls(prime(state), undo=undo, saver=saver)

    # -- pickling: the history as flat lists (no deep recursion), live caches dropped --------
    def __getstate__(self) -> _Pickled:
        index: dict[int, int] = {}
        flat: list[_FlatNode] = []

        def number(node: Node) -> int:
            chain = []
            n: Node | None = node
            while n is not None and id(n) not in index:
                chain.append(n)
                n = n.parent
            for m in reversed(chain):
                index[id(m)] = len(flat)
                parent = None if m.parent is None else index[id(m.parent)]
                flat.append((parent, m.command, m.faction, m.events, m._state, m.depth))
            return index[id(node)]

        journal = tuple(
            (e.action, number(e.node), e._kind, e._data)
            if isinstance(e, _NoteEntry)
            else (e.action, number(e.node))
            for e in self.journal()
        )
        redo = []
        link = self._redo
        while link is not None:
            redo.append(number(link.node))
            link = link.rest
        current = number(self._node)
        agents = tuple(self._agents.items())
        return (
            tuple(flat),
            journal,
            tuple(redo),
            current,
            self._saver,
            self._undo.value,
            agents,
        )

    def __setstate__(self, data: _Pickled) -> None:
        flat, journal_data, redo_data, current, saver, undo, agents = data
        nodes: list[Node] = []
        for parent, command, faction, events, state, depth in flat:
            up = None if parent is None else nodes[parent]
            nodes.append(Node(up, command, faction, events, state, depth))
        journal: JournalEntry | None = None
        for action, i, *note in journal_data:
            if note:
                kind, data = note
                journal = _NoteEntry(action, nodes[i], journal, kind=kind, data=data)
            else:
                journal = JournalEntry(action, nodes[i], journal)
        redo: _RedoLink | None = None
        for i in reversed(redo_data):
            redo = _RedoLink(nodes[i], redo)
        self._node = nodes[current]
        self._journal = journal
        self._redo = redo
        self._saver = saver
        self._line = None
        self._undo = UndoPolicy(undo)
        self._agents = dict(agents)
        self._subscribers = []

    # -- the position --------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current :class:`GameState`."""
        return self._node.state

    @property
    def node(self) -> Node:
        """The current position's node in the history tree (its command, Faction, events)."""
        return self._node

    @property
    def root(self) -> GameState:
        """The state the game was created in (after set-up, before any command)."""
        node = self._node
        while node.parent is not None:
            node = node.parent
        return node.state

    @property
    def decision(self) -> Decision | None:
        """The pending :class:`Decision`; ``None`` once the game is over."""
        node = self._node
        return decision(node.state, _live(node))

    def legal(self) -> tuple[Command, ...]:
        """Every legal command now."""
        node = self._node
        ask = pending_ask(node.state, _live(node))
        return ask.options if ask is not None else ()

    def validate(self, command: Command) -> None:
        """Raise :class:`~coinlake.IllegalCommand` unless ``command`` is legal now
        (``TypeError`` if it is not a :class:`~coinlake.Command` at all)."""
        _check_command(command)
        node = self._node
        validate(node.state, command, _live(node))

    def parse(self, text: str) -> Command:
        """Read a command in the text notation (``str(command)`` round-trips)."""
        return parse(text)

    # -- changing the position -------------------------------------------------------------
    def apply(self, command: Command, *, why: Why | None = None) -> tuple[Event, ...]:
        """Validate and apply ``command``; return its events. Illegal: raises, no change.

        ``why``: the deciding agent's reason and rolls, recorded with the command. A
        Non-player's Decision is taken only by its agent (:meth:`play_non_players`); applying
        a command to it without ``why`` is refused (8.0)."""
        _check_command(command)
        if why is not None and not isinstance(why, Why):
            raise TypeError(f"why is a Why or None, not {type(why).__name__}")
        if why is None:
            node = self._node
            ask = pending_ask(node.state, _live(node))
            if ask is not None and ask.faction in node.state.options.non_players:
                raise IllegalCommand(
                    f"{command}: {ask.faction} is a Non-player; game.play_non_players() "
                    "decides for it",
                    rule="8.0",
                )
        events = self.replay_apply(command, why)
        if structlog.is_configured():  # silent until the application configures structlog
            chosen = events[0]
            assert isinstance(chosen, Chosen)
            _log.info(
                "decision",
                seq=chosen.seq,
                faction=None if chosen.faction is None else chosen.faction.value,
                command=str(command),
                rule=chosen.rule,
                reason=None if why is None else why.reason,
            )
        return events

    def replay_apply(self, command: Command, why: Why | None = None) -> tuple[Event, ...]:
        """:meth:`apply` without the Non-player seat check: for the log reader, which
        re-decides every recorded command, whoever decided it."""
        here = self._node
        events, state, live = advance(here.state, command, _live(here), why)
        chosen = events[0]
        assert isinstance(chosen, Chosen)
        node = Node(here, command, chosen.faction, events, state, here.depth + 1, live)
        self._node = node
        self._redo = None
        self._journal = JournalEntry("apply", node, self._journal)
        if self._subscribers:
            self._publish(node.events)
        return events

    def record(
        self,
        command: Command,
        faction: Faction | None,
        events: tuple[Event, ...],
        state: GameState | None = None,
    ) -> None:
        """Append a command whose events were decided earlier (a loaded log), never
        re-deciding: the new position is ``events`` folded with the pure reducer into the
        current one. ``state`` is that fold when the caller has done it already (the log
        reader folds each event as it decodes it); ``None``: fold here. Use :meth:`apply`
        for new commands."""
        here = self._node
        if state is None:
            state = fold(here.state, events)
        node = Node(here, command, faction, events, state, here.depth + 1)
        self._node = node
        self._redo = None
        self._journal = JournalEntry("apply", node, self._journal)
        if self._subscribers:
            self._publish(events)

    def record_many(
        self,
        entries: list[tuple[Command, Faction | None, tuple[Event, ...], GameState | None]],
        state: GameState,
    ) -> None:
        """:meth:`record` for consecutive commands at once (the log reader records a chunk
        of frames at a time): each entry is ``(command, faction, events, state)``, with
        ``state`` the fold of ``events`` into the position before it, or ``None`` to fold it
        when first asked (:attr:`Node.state`); ``state`` is the position after the last."""
        if not entries:
            return
        here = self._node
        journal = self._journal
        start = 0 if journal is None else journal.index + 1
        depth = here.depth
        # JournalEntry(action, node, previous, index) slot by slot (a frozen attrs class with no
        # validator: that is all its __init__ does, at twice the cost)
        new = object.__new__
        action, node, previous, index = (
            getattr(JournalEntry, f).__set__ for f in ("action", "node", "previous", "index")
        )
        for i, (command, faction, events, after) in enumerate(entries, start):
            depth += 1
            here = Node(here, command, faction, events, after, depth)
            entry = new(JournalEntry)
            action(entry, "apply")
            node(entry, here)
            previous(entry, journal)
            index(entry, i)
            journal = entry
        here._state = state
        self._node = here
        self._redo = None
        self._journal = journal
        if self._subscribers:
            self._publish(self.events_since(start)[0])

    def undo(self, faction: Faction | str | None = None) -> None:
        """Step back one command; recorded in the journal. Under the ``strict`` policy
        ``faction`` says who asks, and the command must be its own, and must not have rolled
        a die or revealed a card."""
        who = None if faction is None else Faction(faction)
        node = self._node
        if node.parent is None:
            raise HistoryError("nothing to undo")
        if self._undo is UndoPolicy.STRICT:
            if who is None:
                raise HistoryError("strict undo: say which Faction asks (undo(faction=...))")
            if node.faction is None:
                raise HistoryError("strict undo: the game's own steps cannot be undone")
            if who is not node.faction:
                raise HistoryError(f"strict undo: the last command was {node.faction}'s")
            if any(isinstance(e, DieRolled | CardRevealed) for e in node.events):
                raise HistoryError("strict undo: the last command rolled a die or revealed a card")
        self._redo = _RedoLink(node, self._redo)
        self._node = node.parent
        self._journal = JournalEntry("undo", self._node, self._journal)
        if self._subscribers:
            self._publish(_stream_items(self._journal))

    def redo(self) -> None:
        """Step forward again along the branch the last undo left; recorded in the journal."""
        if self._redo is None:
            raise HistoryError("nothing to redo")
        self._node = self._redo.node
        self._redo = self._redo.rest
        self._journal = JournalEntry("redo", self._node, self._journal)
        if self._subscribers:
            self._publish(_stream_items(self._journal))

    def reseed(self, seed: int, *, reshuffle: bool = True) -> None:
        """Go on with a new generator seed (0..2**64-1): the dice from now on come from
        it, and (unless ``reshuffle`` is false: the deck kept as it is) what remains of each
        pile of the draw deck is shuffled again (2.1). Recorded in the journal and the log (a
        :class:`~coinlake.state.events.Reseeded` event no Faction sees). A strict game's
        :meth:`fork` calls it with a secret seed; an analyst may call it on a fork to sample
        other futures."""
        if type(seed) is not int or not 0 <= seed < 2**64:
            raise ValueError(f"a seed is an int in 0..2**64-1, not {seed!r}"[:200])
        if type(reshuffle) is not bool:
            raise TypeError(f"reshuffle is a bool, not {reshuffle!r}"[:200])
        here = self._node
        state = here.state
        event = Reseeded(
            seq=state.seq,
            rule="2.2",
            seed=seed,
            deck=reshuffled_deck(state, seed) if reshuffle else state.deck,
            dice=rolls_in_progress(state),
        )
        node = Node(here, None, None, (event,), evolve(state, event), here.depth + 1)
        self._node = node
        self._redo = None
        self._journal = JournalEntry("reseed", node, self._journal)
        if self._subscribers:
            self._publish(node.events)

    def fork(self) -> Game:
        """An independent game sharing this one's history so far, in O(1). The fork of a
        ``strict`` game is reseeded with a secret seed drawn from the operating system
        (:meth:`reseed`): its future dice and cards are not this game's, so playing it
        ahead tells nothing about them. A ``free`` game's fork is exact: the same commands
        give the same events in both."""
        other = Game.__new__(Game)
        other._node = self._node
        other._journal = self._journal
        other._redo = self._redo
        other._saver = self._saver
        other._line = None
        other._undo = self._undo
        other._agents = dict(self._agents)
        other._subscribers = []
        if self._undo is UndoPolicy.STRICT:
            other.reseed(secrets.randbits(64))
        return other

    # -- notes (coinlake.engine.notes) ------------------------------------------------------
    def annotate(self, kind: str, data: object) -> Note:
        """Attach a note to the journal at the current position: ``kind`` names what it is
        (``"evaluation"``, ``"comment"``...), ``data`` is JSON-like and bounded (see
        :mod:`coinlake.engine.notes`; ``TypeError``/``ValueError`` otherwise, and nothing is
        recorded). A note changes neither the position nor the events nor what is legal,
        and delivers nothing to the event stream; :meth:`save` writes it, :meth:`fork` and a
        pickle keep it, an exported view (:meth:`export`) leaves it out."""
        kind = check_kind(kind)
        entry = _NoteEntry("note", self._node, self._journal, kind=kind, data=freeze(data))
        self._journal = entry
        return entry.note()

    def notes(self, kind: str | None = None) -> tuple[Note, ...]:
        """The journal's notes (all, or those of ``kind``), oldest first, each with a fresh
        copy of its data."""
        if kind is not None:
            check_kind(kind)
        found = []
        entry = self._journal
        while entry is not None:
            if isinstance(entry, _NoteEntry) and (kind is None or entry._kind == kind):
                found.append(entry.note())
            entry = entry.previous
        return tuple(reversed(found))

    # -- agents (coinlake.engine.agents) ----------------------------------------------------
    def seat(self, faction: Faction | str, agent: Agent | None) -> None:
        """Seat ``agent`` at ``faction``: :meth:`play_non_players` lets it decide for that
        Faction (a Non-player's own agent is replaced); ``None`` un-seats it."""
        who = Faction(faction)
        if agent is not None and not callable(getattr(agent, "choose", None)):
            raise TypeError(f"an agent has a choose(game, decision) method: {agent!r}"[:200])
        if agent is None:
            self._agents.pop(who, None)
        else:
            self._agents[who] = agent

    def agent(self, faction: Faction | str) -> Agent | None:
        """The agent deciding for ``faction`` in :meth:`play_non_players`: the one seated
        there, else the section-8 Non-player if ``faction`` is one, else ``None`` (a player)."""
        who = Faction(faction)
        agent = self._agents.get(who)
        if agent is None and who in self.state.options.non_players and Game.non_player:
            agent = self._agents[who] = Game.non_player(who)
        return agent

    def play_non_players(self, *, limit: int | None = None) -> int:
        """Let the Non-players (section 8) and other seated agents decide until a player
        Faction must decide, the game ends, or ``limit`` commands were applied; returns how
        many were. The game's own confirmations (the opening reveal, 2.2) are taken too."""
        if limit is not None and type(limit) is not int:
            raise TypeError(f"limit is None or an int, not {type(limit).__name__}")
        if limit is not None and limit < 0:
            raise ValueError(f"limit is at least 0, not {limit}")
        applied = 0
        while limit is None or applied < limit:
            decision = self.decision
            if decision is None:
                break
            if decision.faction is None:
                if len(decision.options) != 1:
                    break
                self.apply(decision.options[0], why=Why(decision.rule, "the game goes on"))
            else:
                agent = self.agent(decision.faction)
                if agent is None:
                    break
                choice = agent.choose(self, decision)
                self.apply(choice.command, why=choice.why)
            applied += 1
        return applied

    # -- history -------------------------------------------------------------------------
    def line(self) -> tuple[Node, ...]:
        """The nodes from the first command to the current position."""
        nodes = []
        node: Node | None = self._node
        while node is not None and node.parent is not None:
            nodes.append(node)
            node = node.parent
        return tuple(reversed(nodes))

    @property
    def commands(self) -> tuple[Command, ...]:
        """The commands of the current line, oldest first."""
        return tuple(n.command for n in self.line() if n.command is not None)

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the current line, oldest first. Kept between calls, so a call
        costs the events added or undone since the last one (plus one tuple copy)."""
        return self._line_cache(None).update(self._node)

    def _line_cache(self, faction: Faction | None) -> _LineEvents:
        if self._line is None:
            self._line = {}
        cache = self._line.get(faction)
        if cache is None:
            cache = self._line[faction] = _LineEvents(faction)
        return cache

    def journal(self) -> tuple[JournalEntry, ...]:
        """Every apply, undo, redo, reseed and note since the game began, oldest first."""
        entries = []
        entry = self._journal
        while entry is not None:
            entries.append(entry)
            entry = entry.previous
        return tuple(reversed(entries))

    def __iter__(self) -> Iterator[Node]:
        return iter(self.line())

    def _repr_svg_(self) -> str | None:
        """The current board as SVG, for Jupyter (:meth:`GameState._repr_svg_`)."""
        return self.state._repr_svg_()

    # -- the event stream ----------------------------------------------------------------
    @property
    def cursor(self) -> int:
        """Where the event stream is now: the number of journal entries so far (pass it to
        :meth:`events_since` later to get what happened meanwhile)."""
        return 0 if self._journal is None else self._journal.index + 1

    def events_since(self, cursor: int) -> tuple[tuple[StreamItem, ...], int]:
        """What the stream delivered after ``cursor`` (a :attr:`cursor` value, ``0``: from
        the start), in order, and the new cursor. Costs the entries since ``cursor`` only.

        The stream is the journal's: each apply's or reseed's events, and a
        :class:`JournalRecord` for each undo and redo. Folding it keeps :attr:`events`:
        append each event, drop an undo record's events from the end, append a redo's.

        >>> import coinlake
        >>> game = coinlake.new_game("short", seed=7)
        >>> mark = game.cursor
        >>> _ = game.apply(game.parse("pass"))
        >>> game.undo()
        >>> items, mark = game.events_since(mark)
        >>> [type(i).__name__ for i in items][:2], items[-1].action, mark == game.cursor
        (['Chosen', 'Passed'], 'undo', True)
        """
        end = self.cursor
        if type(cursor) is not int or not 0 <= cursor <= end:
            raise ValueError(f"a cursor is an int in 0..{end} (game.cursor), not {cursor!r}"[:200])
        entries = []
        entry = self._journal
        while entry is not None and entry.index >= cursor:
            entries.append(entry)
            entry = entry.previous
        items: list[StreamItem] = []
        for entry in reversed(entries):
            items.extend(_stream_items(entry))
        return tuple(items), end

    def subscribe(self, callback: Callable[[StreamItem], object]) -> Callable[[], None]:
        """Call ``callback`` with each new item of the event stream (see
        :meth:`events_since`), in order, as soon as the game records it; returns a function
        that unsubscribes. A callback runs after the game has changed: an exception it raises
        reaches the caller of ``apply``/``undo``/... but changes nothing. Subscriptions stay
        with this game (a fork, a pickle or a loaded log has none).

        >>> import coinlake
        >>> game = coinlake.new_game("short", seed=7)
        >>> seen = []
        >>> stop = game.subscribe(seen.append)
        >>> events = game.apply(game.parse("pass"))
        >>> tuple(seen) == events
        True
        >>> stop()
        """
        if not callable(callback):
            raise TypeError(f"a subscriber is callable, not {callback!r}"[:200])
        subscribers = self._subscribers
        subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in subscribers:
                subscribers.remove(callback)

        return unsubscribe

    def _publish(self, items: tuple[StreamItem, ...]) -> None:
        for item in items:
            for callback in tuple(self._subscribers):
                callback(item)

    # -- hidden information and persistence ------------------------------------------------
    def view(self, faction: Faction | str) -> GameView:
        """The game as ``faction`` may see it (2.2: only the next card of the deck is known;
        7.3: other players' Deception markers stay hidden until revealed)."""
        who = Faction(faction)
        node = self._node
        events = self._line_cache(who).update(node)
        return GameView(who, view_state(node.state, who), events, self._decision_for(who))

    def _decision_for(self, who: Faction) -> Decision | None:
        """The pending Decision as ``who`` may see it (:class:`GameView`)."""
        d = self.decision
        if d is None or d.faction is None or not any(o in PRIVATE_OPTIONS for o in d.options):
            return d
        if any(d.faction in g and who in g for g in player_groups(self.state.options)):
            return d
        return d.with_options(o for o in d.options if o not in PRIVATE_OPTIONS)

    def save(self, path: str | os.PathLike[str], *, key: bytes | None = None) -> None:
        """Write the whole journal to an append-only log file (see :func:`coinlake.load`).
        ``key`` (1..64 bytes) makes the file tamper-evident: its frame checksums become a
        MAC that only the key's holder can make or check."""
        self._store()(self, _path(path), key=key)

    def export(
        self, path: str | os.PathLike[str], faction: Faction | str, *, key: bytes | None = None
    ) -> None:
        """Write the log of ``faction``'s view of the current line: what
        :meth:`view` shows at each step, without the seed, the deck order or anything else
        hidden from it; read it with :func:`coinlake.load_view`."""
        self._store()(self, _path(path), key=key, view=Faction(faction))

    def _store(self) -> Saver:
        if self._saver is None:
            raise CoinlakeError(
                "this game was built without a store: use coinlake.new_game or from_position"
            )
        return self._saver


def _check_command(command: object) -> None:
    if not isinstance(command, Command):
        raise TypeError(f"expected a Command, not {type(command).__name__}: {command!r}"[:200])


def _path(path: object) -> Path:
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"a path is a str or a path-like object, not {type(path).__name__}")
    return Path(path)
