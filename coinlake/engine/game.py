"""``Game``: a game's history tree with the public API of DESIGN.md.

The history is a tree of immutable nodes that only grows. ``apply`` adds a child of the
current node; ``undo`` moves to the parent, ``redo`` back down the branch last left; a
command applied after an undo starts a new branch, and the old one stays in the journal.
The journal (every apply, undo and redo, in order) is what a log file stores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import attrs
from attrs import frozen

from coinlake.data.pieces import Faction
from coinlake.engine.steps import (
    Decision,
    Live,
    Why,
    advance,
    decision,
    fold,
    pending_ask,
    prime,
    validate,
)
from coinlake.errors import CoinlakeError, IllegalCommand
from coinlake.state.commands import Command, parse
from coinlake.state.events import CardRevealed, Chosen, DieRolled, Event
from coinlake.state.model import GameState, redact_private
from coinlake.state.rng import Rng

if TYPE_CHECKING:
    from coinlake.engine.agents import Agent


class UndoPolicy(StrEnum):
    """``free`` (analysis: anything may be undone) or ``strict`` (play: a Faction may undo
    only its own commands, and never past a die roll or a newly revealed card)."""

    FREE = "free"
    STRICT = "strict"


class HistoryError(CoinlakeError):
    """An undo or redo that is impossible or that the undo policy forbids."""


class Node:
    """One position in the history tree and the command that led to it. ``live`` is the
    engine's cache beside the state (the pending question, the live procedure); it is not
    part of the position and is never pickled."""

    __slots__ = ("command", "depth", "events", "faction", "live", "parent", "state")

    def __init__(
        self,
        parent: Node | None,
        command: Command | None,
        faction: Faction | None,
        events: tuple[Event, ...],
        state: GameState,
        depth: int,
        live: Live | None = None,
    ) -> None:
        self.parent = parent
        self.command = command
        self.faction = faction
        self.events = events
        self.state = state
        self.depth = depth
        self.live = live if live is not None else Live()


@frozen(eq=False)
class JournalEntry:
    """One recorded action: ``apply`` (with its node), ``undo`` or ``redo``; a linked list."""

    action: str
    node: Node
    previous: JournalEntry | None


@frozen(eq=False)
class _RedoLink:
    node: Node
    rest: _RedoLink | None


@frozen
class GameView:
    """What one Faction may see: the state with the hidden deck order and generator seed
    blanked (2.2), and the events of the current line."""

    faction: Faction
    state: GameState
    events: tuple[Event, ...]


Saver = Callable[["Game", Path], None]


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


_FlatNode = tuple[int | None, Command | None, Faction | None, tuple[Event, ...], GameState, int]
_Pickled = tuple[
    tuple[_FlatNode, ...],
    tuple[tuple[str, int], ...],
    tuple[int, ...],
    int,
    Saver | None,
    str,
    tuple[tuple[Faction, "Agent"], ...],
]
"""A pickled Game: its history nodes flat (parents by index, ids only numbered while
pickling), the journal, the redo path, the current node, the saver, the undo policy and
the seated agents."""


class Game:
    """A game in progress: its current position, its history tree and its journal."""

    __slots__ = ("_agents", "_journal", "_line", "_node", "_redo", "_saver", "undo_policy")

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
        self._node = Node(None, None, None, (), state, 0)
        self._journal: JournalEntry | None = None
        self._redo: _RedoLink | None = None
        self._saver = saver
        self._line: dict[Faction | None, _LineEvents] | None = None
        self.undo_policy = UndoPolicy(undo)
        self._agents: dict[Faction, Agent] = {}

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
                flat.append((parent, m.command, m.faction, m.events, m.state, m.depth))
            return index[id(node)]

        journal = tuple((e.action, number(e.node)) for e in self.journal())
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
            self.undo_policy.value,
            agents,
        )

    def __setstate__(self, data: _Pickled) -> None:
        flat, journal_data, redo_data, current, saver, undo, agents = data
        nodes: list[Node] = []
        for parent, command, faction, events, state, depth in flat:
            up = None if parent is None else nodes[parent]
            nodes.append(Node(up, command, faction, events, state, depth))
        journal: JournalEntry | None = None
        for action, i in journal_data:
            journal = JournalEntry(action, nodes[i], journal)
        redo: _RedoLink | None = None
        for i in reversed(redo_data):
            redo = _RedoLink(nodes[i], redo)
        self._node = nodes[current]
        self._journal = journal
        self._redo = redo
        self._saver = saver
        self._line = None
        self.undo_policy = UndoPolicy(undo)
        self._agents = dict(agents)

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
        return decision(node.state, node.live)

    def legal(self) -> tuple[Command, ...]:
        """Every legal command now."""
        node = self._node
        ask = pending_ask(node.state, node.live)
        return ask.options if ask is not None else ()

    def validate(self, command: Command) -> None:
        """Raise :class:`~coinlake.IllegalCommand` unless ``command`` is legal now."""
        node = self._node
        validate(node.state, command, node.live)

    def parse(self, text: str) -> Command:
        """Read a command in the text notation (``str(command)`` round-trips)."""
        return parse(text)

    # -- changing the position -------------------------------------------------------------
    def apply(self, command: Command, *, why: Why | None = None) -> tuple[Event, ...]:
        """Validate and apply ``command``; return its events. Illegal: raises, no change.

        ``why``: the deciding agent's reason and rolls, recorded with the command. A
        Non-player's Decision is taken only by its agent (:meth:`play_non_players`); applying
        a command to it without ``why`` is refused (8.0)."""
        if why is None:
            node = self._node
            ask = pending_ask(node.state, node.live)
            if ask is not None and ask.faction in node.state.options.non_players:
                raise IllegalCommand(
                    f"{command}: {ask.faction} is a Non-player; game.play_non_players() "
                    "decides for it",
                    rule="8.0",
                )
        return self.replay_apply(command, why)

    def replay_apply(self, command: Command, why: Why | None = None) -> tuple[Event, ...]:
        """:meth:`apply` without the Non-player seat check: for the log reader, which
        re-decides every recorded command, whoever decided it."""
        here = self._node
        events, state, live = advance(here.state, command, here.live, why)
        chosen = events[0]
        assert isinstance(chosen, Chosen)
        node = Node(here, command, chosen.faction, events, state, here.depth + 1, live)
        self._node = node
        self._redo = None
        self._journal = JournalEntry("apply", node, self._journal)
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

    def record_many(
        self, entries: list[tuple[Command, Faction | None, tuple[Event, ...], GameState]]
    ) -> None:
        """:meth:`record` for consecutive commands at once (the log reader records a chunk
        of frames at a time): each entry is ``(command, faction, events, state)``, with
        ``state`` the fold of ``events`` into the position before it (the previous entry's
        ``state``, or the current position for the first)."""
        if not entries:
            return
        here = self._node
        journal = self._journal
        depth = here.depth
        # JournalEntry(action, node, previous) slot by slot (a frozen attrs class with no
        # validator: that is all its __init__ does, at twice the cost)
        new = object.__new__
        action, node, previous = (
            getattr(JournalEntry, f).__set__ for f in ("action", "node", "previous")
        )
        for command, faction, events, state in entries:
            depth += 1
            here = Node(here, command, faction, events, state, depth)
            entry = new(JournalEntry)
            action(entry, "apply")
            node(entry, here)
            previous(entry, journal)
            journal = entry
        self._node = here
        self._redo = None
        self._journal = journal

    def undo(self, faction: Faction | str | None = None) -> None:
        """Step back one command; recorded in the journal. Under the ``strict`` policy the
        command must be ``faction``'s own (when given), made by a Faction, and must not have
        rolled a die or revealed a card."""
        node = self._node
        if node.parent is None:
            raise HistoryError("nothing to undo")
        if self.undo_policy is UndoPolicy.STRICT:
            if node.faction is None:
                raise HistoryError("strict undo: the game's own steps cannot be undone")
            if faction is not None and Faction(faction) is not node.faction:
                raise HistoryError(f"strict undo: the last command was {node.faction}'s")
            if any(isinstance(e, DieRolled | CardRevealed) for e in node.events):
                raise HistoryError("strict undo: the last command rolled a die or revealed a card")
        self._redo = _RedoLink(node, self._redo)
        self._node = node.parent
        self._journal = JournalEntry("undo", self._node, self._journal)

    def redo(self) -> None:
        """Step forward again along the branch the last undo left; recorded in the journal."""
        if self._redo is None:
            raise HistoryError("nothing to redo")
        self._node = self._redo.node
        self._redo = self._redo.rest
        self._journal = JournalEntry("redo", self._node, self._journal)

    def fork(self) -> Game:
        """An independent game sharing this one's history so far, in O(1)."""
        other = Game.__new__(Game)
        other._node = self._node
        other._journal = self._journal
        other._redo = self._redo
        other._saver = self._saver
        other._line = None
        other.undo_policy = self.undo_policy
        other._agents = dict(self._agents)
        return other

    # -- agents (coinlake.engine.agents) ----------------------------------------------------
    def seat(self, faction: Faction | str, agent: Agent | None) -> None:
        """Seat ``agent`` at ``faction``: :meth:`play_non_players` lets it decide for that
        Faction (a Non-player's own agent is replaced); ``None`` un-seats it."""
        who = Faction(faction)
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
        """Every apply, undo and redo since the game began, oldest first."""
        entries = []
        entry = self._journal
        while entry is not None:
            entries.append(entry)
            entry = entry.previous
        return tuple(reversed(entries))

    def __iter__(self) -> Iterator[Node]:
        return iter(self.line())

    # -- hidden information and persistence ------------------------------------------------
    def view(self, faction: Faction | str) -> GameView:
        """The game as ``faction`` may see it (2.2: only the next card of the deck is known;
        7.3: other players' Deception markers stay hidden until revealed)."""
        who = Faction(faction)
        state = self._node.state
        hidden = attrs.evolve(
            redact_private(state, who),
            deck=(0,) * len(state.deck),
            rng=Rng(0, state.rng.counter, agents=state.rng.agents),
            pending=None,
        )
        return GameView(who, hidden, self._line_cache(who).update(self._node))

    def save(self, path: str | Path) -> None:
        """Write the whole journal to an append-only log file (see :func:`coinlake.load`)."""
        if self._saver is None:
            raise CoinlakeError("this game was built without a store; use coinlake.new_game")
        self._saver(self, Path(path))
