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

import attrs
from attrs import frozen

from coinlake.data.pieces import Faction
from coinlake.engine.decide import Decision, advance, decision, fold, validate
from coinlake.errors import CoinlakeError
from coinlake.state.commands import Command, parse
from coinlake.state.events import CardRevealed, DieRolled, Event
from coinlake.state.model import GameState, redact_private
from coinlake.state.rng import Rng


class UndoPolicy(StrEnum):
    """``free`` (analysis: anything may be undone) or ``strict`` (play: a Faction may undo
    only its own commands, and never past a die roll or a newly revealed card)."""

    FREE = "free"
    STRICT = "strict"


class HistoryError(CoinlakeError):
    """An undo or redo that is impossible or that the undo policy forbids."""


@frozen(eq=False)
class Node:
    """One position in the history tree and the command that led to it."""

    parent: Node | None
    command: Command | None
    faction: Faction | None
    events: tuple[Event, ...]
    state: GameState
    depth: int


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


class Game:
    """A game in progress: its current position, its history tree and its journal."""

    __slots__ = ("_journal", "_node", "_redo", "_saver", "undo_policy")

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
        self.undo_policy = UndoPolicy(undo)

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
        return decision(self._node.state)

    def legal(self) -> tuple[Command, ...]:
        """Every legal command now."""
        d = decision(self._node.state)
        return d.options if d is not None else ()

    def validate(self, command: Command) -> None:
        """Raise :class:`~coinlake.IllegalCommand` unless ``command`` is legal now."""
        validate(self._node.state, command)

    def parse(self, text: str) -> Command:
        """Read a command in the text notation (``str(command)`` round-trips)."""
        return parse(text)

    # -- changing the position -------------------------------------------------------------
    def apply(self, command: Command) -> tuple[Event, ...]:
        """Validate and apply ``command``; return its events. Illegal: raises, no change."""
        d = decision(self._node.state)
        events, state = advance(self._node.state, command)
        node = Node(
            self._node, command, d.faction if d else None, events, state, self._node.depth + 1
        )
        self._node = node
        self._redo = None
        self._journal = JournalEntry("apply", node, self._journal)
        return events

    def record(self, command: Command, faction: Faction | None, events: tuple[Event, ...]) -> None:
        """Append a command whose events were decided earlier (a loaded log), folding them
        with the pure reducer and never re-deciding. Use :meth:`apply` for new commands."""
        state = fold(self._node.state, events)
        node = Node(self._node, command, faction, events, state, self._node.depth + 1)
        self._node = node
        self._redo = None
        self._journal = JournalEntry("apply", node, self._journal)

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
        other.undo_policy = self.undo_policy
        return other

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
        """The events of the current line, oldest first."""
        return tuple(e for n in self.line() for e in n.events)

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
            rng=Rng(0, state.rng.counter),
            pending=None,
        )
        return GameView(who, hidden, tuple(e for e in self.events if e.visible_to(who)))

    def save(self, path: str | Path) -> None:
        """Write the whole journal to an append-only log file (see :func:`coinlake.load`)."""
        if self._saver is None:
            raise CoinlakeError("this game was built without a store; use coinlake.new_game")
        self._saver(self, Path(path))
