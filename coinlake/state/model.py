"""The immutable game state (rules 1.4-1.9, 2.2-2.4, 5.3, 5.4, 6.7, 8.8.1).

Every value here is a frozen attrs class or a tuple; a new state shares all unchanged parts
with its predecessor. States compare and hash by value.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

import attrs
from attrs import frozen

from coinlake.data.cards import Side
from coinlake.data.map import INDEX, space_index
from coinlake.data.pieces import FACTIONS, N_PIECES, Faction, Piece
from coinlake.state.rng import Rng

if TYPE_CHECKING:
    from coinlake.state.commands import Command

Counts = tuple[int, ...]
"""Piece counts indexed by :class:`Piece` (length 18)."""

EMPTY: Counts = (0,) * N_PIECES

AVAILABLE = "available"
CASUALTIES = "casualties"
OUT_OF_PLAY = "out-of-play"
BOXES: tuple[str, ...] = (AVAILABLE, CASUALTIES, OUT_OF_PLAY)
"""The off-map boxes a piece can be in (1.4.1)."""


class Track(IntEnum):
    """The numeric tracks around the map edge (1.8, 6.7); values index ``GameState.tracks``."""

    ARVN_RESOURCES = 0
    NVA_RESOURCES = 1
    VC_RESOURCES = 2
    AID = 3
    PATRONAGE = 4
    ECON = 5
    TRAIL = 6

    @property
    def bounds(self) -> tuple[int, int]:
        """Legal range: 0..4 for the Trail (6.7), 0..75 for the others (1.8)."""
        return (0, 4) if self is Track.TRAIL else (0, 75)

    @staticmethod
    def resources_of(faction: Faction) -> Track:
        """The Resources track a Faction spends (the US spends ARVN's, 1.8.1)."""
        return _RESOURCES_OF[faction]


_RESOURCES_OF: dict[Faction, Track] = {
    Faction.US: Track.ARVN_RESOURCES,
    Faction.ARVN: Track.ARVN_RESOURCES,
    Faction.NVA: Track.NVA_RESOURCES,
    Faction.VC: Track.VC_RESOURCES,
}


class Support(IntEnum):
    """The five Support/Opposition levels (1.6.1)."""

    ACTIVE_OPPOSITION = -2
    PASSIVE_OPPOSITION = -1
    NEUTRAL = 0
    PASSIVE_SUPPORT = 1
    ACTIVE_SUPPORT = 2


class Eligibility(StrEnum):
    """A Faction's cylinder on the Sequence of Play track (2.3.1)."""

    ELIGIBLE = "eligible"
    INELIGIBLE = "ineligible"


class Phase(StrEnum):
    """Where the game stands in the Sequence of Play (2.0)."""

    SETUP = "setup"
    EVENT_CARD = "event-card"
    COUP = "coup"
    OVER = "over"


@frozen(slots=False)
class SpaceState:
    """One space's changing contents: pieces, Support/Opposition, Terror and Sabotage markers."""

    def __getstate__(self) -> dict[str, Any]:
        return _without_memo(self)

    pieces: Counts = EMPTY
    support: Support = Support.NEUTRAL
    terror: int = 0
    sabotage: int = 0

    def count(self, *pieces: Piece) -> int:
        """How many pieces of the given forms stand here."""
        p = self.pieces
        n = 0
        for x in pieces:  # a loop: this runs millions of times (no generator to build)
            n += p[x]
        return n

    def faction_count(self, faction: Faction) -> int:
        """All pieces of one Faction here (any form)."""
        p = self.pieces
        return sum(p[x] for x in _BY_FACTION[faction])

    def bases(self) -> int:
        """Bases of every Faction here (for stacking, 1.4.2)."""
        p = self.pieces
        return sum(p[x] for x in _BASES)


_BY_FACTION: dict[Faction, tuple[Piece, ...]] = {
    f: tuple(p for p in Piece if p.faction is f) for f in FACTIONS
}
_BASES: tuple[Piece, ...] = tuple(p for p in Piece if p.kind.value == "base")


@frozen
class Options:
    """Scenario options chosen at setup (2.1, 1.5, 7.3, 8.9, Tournament options)."""

    period_events: bool = False
    political_rhythm: bool = False
    high_winds: bool = False
    deception: bool = False
    non_players: tuple[Faction, ...] = ()
    players: tuple[tuple[Faction, ...], ...] = ()
    """Which Factions each player holds (1.5, 8.9): list only the players who hold two
    Factions, e.g. ``((Faction.NVA, Faction.VC),)`` for the No Non-Player Option's combined
    NVA/VC player; every other Faction that is not a Non-player is a player of its own (see
    :func:`player_groups` for the default with Non-players)."""
    handicap: tuple[tuple[Faction, tuple[str, ...]], ...] = ()
    """Handicap Option (7.3, needs ``deception``): the players who select their 2 Deception
    markers instead of drawing them, least experienced first. Each entry names one Faction
    of the player and the 2 kinds chosen (:data:`DECEPTION_KINDS`). Private to that player:
    :func:`redact_private` blanks the other players' choices."""
    easy: bool = False
    """1-Player Easy Option (8.9): a Non-player granted a Limited Operation by the Sequence
    of Play (2.3.4) executes it in only the first space its priorities select, with no
    Special Activity, instead of the full Operation and Special Activity that 8.1 allows.
    A flag for the Non-player code (section 8); the rules engine itself does not read it."""
    difficulty_a: bool = False
    """1-Player Difficulty Option A (8.9): whatever the scenario and Period Events option,
    the set-up puts in effect the Medium scenario's Capabilities of one side only -- the
    shaded ones if the lone player is COIN, the unshaded ones if Insurgent -- instead of any
    Period Events Capabilities (``coinlake.state.setup``)."""
    difficulty_b: bool = False
    """1-Player Difficulty Option B (8.9): from the 2nd Coup Round on, the lone player loses
    at a Victory Phase where any of its Factions has a lower margin than some Non-player
    (``coinlake.rules.victory``; the result's ``reason`` is ``"difficulty-b"``)."""


def player_groups(options: Options) -> tuple[tuple[Faction, ...], ...]:
    """The players' Factions, one tuple per player, in Faction order (1.5, 8.9).

    ``options.players`` lists players holding two Factions (or, explicitly, one); every other
    Faction that is not a Non-player is a player of its own. With no ``players`` given and
    exactly two Non-players whose opponents are one side (US+ARVN or NVA+VC), those two
    Factions are the lone player of the 1-player game (8.9). Raises ``ValueError`` for an
    arrangement 1.5 does not allow.
    """
    non_players = set(options.non_players)
    listed: list[tuple[Faction, ...]] = []
    seen: set[Faction] = set()
    for group in options.players:
        factions = tuple(f for f in FACTIONS if f in group)
        if not factions or len(factions) != len(group) or len(factions) > 2:
            raise ValueError(f"a player holds one or two distinct Factions, not {group!r} (1.5)")
        if len(factions) == 2 and factions[0].is_coin != factions[1].is_coin:
            raise ValueError(f"one player may hold US+ARVN or NVA+VC only, not {group!r} (1.5)")
        if seen & set(factions) or non_players & set(factions):
            raise ValueError(f"Faction assigned twice in players/non_players: {group!r} (1.5)")
        seen.update(factions)
        listed.append(factions)
    rest = tuple(f for f in FACTIONS if f not in non_players and f not in seen)
    if (
        not options.players
        and len(non_players) == 2
        and len(rest) == 2
        and rest[0].is_coin == rest[1].is_coin
    ):
        return (rest,)
    groups = listed + [(f,) for f in rest]
    return tuple(sorted(groups, key=lambda g: FACTIONS.index(g[0])))


# -- Victory Deception option (7.3) ----------------------------------------------------------
EMPTY_THREAT = "empty-threat"
HIDDEN_AGENDA = "hidden-agenda"
HIDDEN_ASSET = "hidden-asset"
UNKNOWN_MARKER = "unknown"
"""The kind another player's unrevealed Deception marker shows in :func:`redact_private`."""
DECEPTION_KINDS: tuple[str, ...] = (EMPTY_THREAT, HIDDEN_AGENDA, HIDDEN_ASSET)
DECEPTION_MIX: tuple[tuple[str, int], ...] = (
    (EMPTY_THREAT, 4),
    (HIDDEN_AGENDA, 4),
    (HIDDEN_ASSET, 4),
)
"""The 12 Deception markers (1.9, 7.3). The rulebook gives the total and the three kinds but
not how many of each; coinlake assumes 4 of each kind (see docs/rulings.md)."""


@frozen
class DeceptionMarker:
    """One Deception marker a player drew (or selected, Handicap) at set-up (7.3).

    ``owner``: the Factions of the holding player; ``revealed``: shown to every player (a
    used Hidden Asset, or at game end); ``used``: a Hidden Asset that converted its LimOp.
    """

    kind: str
    owner: tuple[Faction, ...]
    revealed: bool = False
    used: bool = False


class CoupPhase(StrEnum):
    """The phase of a Coup Round in progress, as the Coup Card marker shows it (2.2, 6.1-6.6)."""

    VICTORY = "victory"
    RESOURCES = "resources"
    SUPPORT = "support"
    REDEPLOY = "redeploy"
    COMMITMENT = "commitment"
    RESET = "reset"


@frozen
class CoupStep:
    """Progress within the Coup phase in progress (6.3-6.5), kept between its small steps.

    Each step of a long phase (one space Pacified or Agitated, one Redeploy or Commitment
    move, one Withdrawal shift) runs as a procedure of its own that reads this record and
    records what it did, so that resuming a phase after an undo, a fork or a load re-runs one
    step, never the whole phase. Empty (the default) outside those phases.
    """

    part: str = ""
    """The part of the phase under way (``"pacify-us"``, ``"arvn-troops"``, ``"withdrawal"``
    ...); ``""`` before the phase's first step."""
    spaces: tuple[str, ...] = ()
    """The spaces the Faction whose part this is has selected so far (Pacification,
    Agitation: each once, 6.3; Withdrawal: at most 1 level per space, 6.5)."""
    used: int = 0
    """Spaces selected so far for Pacification by US and ARVN together, or for Agitation
    (4 at most, 6.3.1, 6.3.2)."""
    levels: tuple[tuple[str, int], ...] = ()
    """Levels each space has shifted so far by this phase's Pacification or Agitation (2 at
    most per space, 6.3.1, 6.3.2)."""
    coin: tuple[str, ...] = ()
    """The spaces under COIN Control when the phase began (Redeploy, Commitment: Control is
    adjusted only at the phase's end, 6.4.4, 6.5)."""
    nva: tuple[str, ...] = ()
    """The spaces under NVA Control when the phase began (Redeploy, 6.4.2)."""
    arrived: tuple[tuple[str, Piece, int], ...] = ()
    """Pieces that arrived at each location during the current part, which may not move again
    in it; in the US moves of 6.5 also what counts against the 10 Troops and 2 Bases."""
    placed: int = 0
    """US Troop Casualties placed on the map in this Commitment Phase (6.5: they reduce the
    10 Troops the US may then move)."""
    withdrawn: int = 0
    """US pieces the US moved from the map to Available in this Commitment Phase (6.5
    WITHDRAWAL: every 2 let the VC shift 1 Population)."""


NO_COUP_STEP = CoupStep()
"""The empty :class:`CoupStep`, outside the phases that record progress."""


class Standing(NamedTuple):
    """One side's place in a :class:`GameResult`: its Factions (a player's, or one
    Non-player) and the margin it was ranked by (7.1-7.3, 8.9)."""

    factions: tuple[Faction, ...]
    margin: int


# The fields' types for tools that read them off the constructor (pdoc): the namedtuple's
# generated __new__ cannot resolve this module's names.
Standing.__new__.__annotations__.update(factions=tuple[Faction, ...], margin=int)


@frozen
class GameResult:
    """How the game ended (6.1, 7.1-7.3, 8.9): ``game.state.result`` once it is over.

    ``rule``: ``"7.2"`` (a victory check in a Coup Round), ``"7.3"`` (after the final Coup) or
    ``"8.9"`` (a 1-player game);
    ``outcome``: ``"victory"`` or ``"stalemate"`` (8.9 only); ``winner``: the Factions of the
    winning side (empty on a stalemate); ``ranking``: the sides (a player's Factions, or one
    Non-player) best first, with ``side_margins`` the margins they were ranked by (labelled
    together: :attr:`standings`); ``margins``: each Faction's own 7.3 margin in ``FACTIONS``
    order (US, ARVN, NVA, VC; labelled: :attr:`faction_margins`).

    >>> from coinlake import Faction
    >>> us, arvn, nva, vc = Faction
    >>> result = GameResult("7.3", "victory", (nva, vc), ((nva, vc), (us, arvn)), (3, -2),
    ...                     (-2, -5, 3, 1))
    >>> result.faction_margins[Faction.NVA], result.standings[0].margin
    (3, 3)
    """

    @property
    def faction_margins(self) -> dict[Faction, int]:
        """Each Faction's own 7.3 margin keyed by Faction, in Faction order (US, ARVN, NVA,
        VC), like :func:`coinlake.victory_margins` of the final position."""
        return dict(zip(FACTIONS, self.margins, strict=True))

    @property
    def standings(self) -> tuple[Standing, ...]:
        """The sides best first, each with the margin it was ranked by (7.1, 7.3)."""
        return tuple(
            Standing(side, margin)
            for side, margin in zip(self.ranking, self.side_margins, strict=True)
        )

    rule: str
    outcome: str
    winner: tuple[Faction, ...]
    ranking: tuple[tuple[Faction, ...], ...]
    side_margins: tuple[int, ...]
    margins: tuple[int, ...]
    reason: str = ""
    """Why the game ended when it is not plain 7.1-7.3/8.9 scoring: ``"difficulty-b"`` when
    the lone player fell below a Non-player under 8.9 Difficulty Option B."""


@frozen
class Turn:
    """Progress on the current Event card: who has Passed and who has acted (2.3.3-2.3.6)."""

    passed: tuple[Faction, ...] = ()
    acted: tuple[tuple[Faction, str], ...] = ()


@frozen
class Returned:
    """A sub-procedure that has returned: it took the procedure's answers ``begin`` to
    ``end`` (positions in :attr:`Pending.answers`), gave ``value`` and left ``state``."""

    begin: int
    end: int
    value: Any
    state: GameState


ScopeRecord = tuple[
    str, str, Faction | None, int | None, str | None, str | None, tuple[str, ...], int | None
]
"""One level of what a procedure was doing when it called a sub-procedure, as data: its
procedure, rule, Faction, card, side, space being worked, spaces done and spaces left
(``coinlake.rules.core.Scope``), outermost first."""


@frozen
class Frame:
    """A procedure (the first frame) or a sub-procedure it called (the others) in progress,
    as data: its name and arguments, the state it began in, how many of the procedure's
    answers came before it, what the procedure was doing when it was called, and the
    sub-procedures it called that have returned, in order."""

    name: str
    args: tuple[Any, ...]
    start: GameState
    begin: int
    scopes: tuple[ScopeRecord, ...]
    returned: tuple[Returned, ...]


@frozen
class Pending:
    """A procedure in progress, as plain data: its name, arguments, the answers fed to it so
    far (asked, or forced because only one was legal), and the state it started from.
    Re-running the procedure from ``start`` with ``answers`` reproduces the current state
    (``docs/architecture.md``); the engine keeps any live copy beside the state, never in it.

    ``calls``, when the engine knows them, are the frames of the sub-procedures in progress
    (:class:`Frame`, the procedure first): they let a re-run start at the innermost one and
    skip those that have returned. They say nothing about the position (two states that
    differ only there are equal), so a state folded from events, which has none, re-runs
    the procedure whole.
    """

    name: str
    args: tuple[str, ...]
    answers: tuple[Command, ...]
    start: GameState
    calls: tuple[Frame, ...] | None = attrs.field(default=None, eq=False, repr=False)


@frozen(slots=False)
class GameState:
    """Everything that defines a position. Build one with :func:`coinlake.new_game`.

    Not slotted, so that :func:`replace` copies it with one dictionary update.
    """

    def __getstate__(self) -> dict[str, Any]:
        return _without_memo(self)

    def __str__(self) -> str:
        """The board as plain text (:func:`coinlake.state.text.board`); ``repr`` stays attrs'."""
        from coinlake.state.text import board  # text reads this module

        return board(self)

    scenario: str
    options: Options
    spaces: tuple[SpaceState, ...]
    available: Counts
    casualties: Counts
    out_of_play: Counts
    tracks: tuple[int, ...]
    eligibility: tuple[Eligibility, ...]
    deck: tuple[int, ...]
    next_card: int | None
    played: tuple[int, ...]
    leader_box: tuple[int, ...]
    capabilities: tuple[tuple[int, Side], ...]
    momentum: tuple[int, ...]
    pivotals_held: tuple[int, ...]
    us_policy: str
    rng: Rng
    phase: Phase = Phase.SETUP
    turn: Turn = Turn()
    pending: Pending | None = None
    seq: int = 0
    coup_phase: CoupPhase | None = None
    coup_step: CoupStep = NO_COUP_STEP
    """Progress within the Coup phase in progress (:class:`CoupStep`), between its steps."""
    result: GameResult | None = None
    stay_eligible: tuple[Faction, ...] = ()
    """Factions an Event keeps Eligible at this card's adjustment (2.3.6 PLAY NOTE)."""
    ineligible_next: tuple[Faction, ...] = ()
    """Factions an Event made Ineligible through the next card (2.3.6 PLAY NOTE)."""
    card_markers: tuple[tuple[int, str], ...] = ()
    """Reminder markers on cards (5.4 MARKERS): Medevac's side, Peace Talks on Linebacker II."""
    deception: tuple[DeceptionMarker, ...] = ()
    """The Deception markers the players hold (7.3 Victory Deception option), 2 per player in
    player order; private to their owner until revealed (:func:`redact_private`)."""
    agent_notes: tuple[tuple[Faction, str, int], ...] = ()
    """What the agents deciding for Factions asked to remember, latest per Faction: (Faction,
    note, the card current when noted), e.g. a Non-player that Passed to play the next
    card's Capability without rolling again (8.5.2, 8.6.2, 8.7.1, 8.8.2)."""
    fixed_dice: tuple[int, ...] = ()
    """The next die rolls, fixed in advance (each 1-6): a test, a puzzle or a position text
    (``coinlake.position``) sets them, and each roll takes the first one instead of drawing
    from :attr:`rng` (see :func:`with_dice`)."""

    def _repr_svg_(self) -> str | None:
        """The board as SVG, for Jupyter (``coinlake.svg.board``, through :data:`RENDER_SVG`)."""
        return None if RENDER_SVG is None else RENDER_SVG(self)

    # -- lookups -------------------------------------------------------------------------
    def space(self, key: str | int) -> SpaceState:
        """A space's contents by id, name, alias or index (e.g. ``"Quang Tri"``)."""
        try:
            return self.spaces[_ID_INDEX[key]]  # an id: the common case
        except (KeyError, TypeError):  # a name, an alias, an index, or no space at all
            return self.spaces[space_index(key)]

    def box(self, name: str) -> Counts:
        """The pieces in ``available``, ``casualties`` or ``out-of-play`` (1.4.1)."""
        if name == AVAILABLE:
            return self.available
        if name == CASUALTIES:
            return self.casualties
        if name == OUT_OF_PLAY:
            return self.out_of_play
        raise KeyError(f"no box {name!r}")

    def track(self, track: Track) -> int:
        """The value of a numeric track (Resources, Aid, Patronage, Econ, Trail: 1.8, 6.7)."""
        return self.tracks[track]

    def resources(self, faction: Faction) -> int:
        """Resources the Faction may spend (US: ARVN's, 1.8.1)."""
        return self.tracks[Track.resources_of(faction)]

    def eligible(self, faction: Faction) -> bool:
        """Whether the Faction's cylinder is in the Eligible box (2.3.1)."""
        return self.eligibility[FACTIONS.index(faction)] is Eligibility.ELIGIBLE

    @property
    def aid(self) -> int:
        """Aid, 0-75: added to ARVN Resources in each Resources Phase (1.8, 6.2.3)."""
        return self.tracks[Track.AID]

    @property
    def patronage(self) -> int:
        """Patronage, 0-75: part of the ARVN victory total (1.8, 1.9)."""
        return self.tracks[Track.PATRONAGE]

    @property
    def econ(self) -> int:
        """Econ: the unSabotaged Econ of the LoCs, which ARVN earns and below which the US may
        not spend ARVN Resources (1.8.1, 6.2.3)."""
        return self.tracks[Track.ECON]

    @property
    def trail(self) -> int:
        """The Trail, 0-4 (6.2.2, 6.7)."""
        return self.tracks[Track.TRAIL]

    @property
    def current_card(self) -> int | None:
        """The card being played: the top of the played pile (2.2)."""
        return self.played[-1] if self.played else None

    @property
    def rvn_leader(self) -> int | None:
        """The current RVN Leader card, or ``None`` for Duong Van Minh (2.4.1)."""
        return self.leader_box[-1] if self.leader_box else None


T = TypeVar("T", bound=attrs.AttrsInstance)


def replace(obj: T, **changes: Any) -> T:
    """A copy of a frozen, non-slotted state object (:class:`GameState`, :class:`SpaceState`)
    with ``changes`` applied: ``attrs.evolve`` without its per-field work, because it is on
    the reducer's hot path (these classes have no converters or validators to run).

    Folding a log file's frame (``coinlake.store``), the reader copies the state once and
    folds the frame's other events into that private copy, the *draft* (:data:`_DRAFT`),
    whose in-between versions nobody sees: ``replace`` updates the draft in place. With no
    changes, ``replace(obj)`` is an immutable snapshot: ``obj`` itself, or a copy of the
    draft (for a reducer that keeps the state it is given, like ``StepStarted``'s).
    """
    if obj is _DRAFT:
        if changes:
            fields = obj.__dict__
            fields.update(changes)
            if _MEMO in fields:  # a memo describes the object it is on only
                del fields[_MEMO]
            return obj
    elif not changes:
        return obj
    fields = obj.__dict__.copy()
    fields.update(changes)
    if _MEMO in fields:  # a memo describes the object it is on only
        del fields[_MEMO]
    new = _new(obj.__class__)
    _set(new, "__dict__", fields)
    return new


def with_pieces(space: SpaceState, pieces: Counts) -> SpaceState:
    """``replace(space, pieces=pieces)`` for the reducers' most frequent change (a space is
    never the log reader's draft: only a :class:`GameState` is)."""
    fields = space.__dict__.copy()
    fields["pieces"] = pieces
    if _MEMO in fields:  # a memo describes the object it is on only
        del fields[_MEMO]
    new = _new(SpaceState)
    _set(new, "__dict__", fields)
    return new


_new = object.__new__
_set = object.__setattr__


RENDER_SVG: Callable[[GameState], str] | None = None
"""Draws a state as SVG for :meth:`GameState._repr_svg_`: ``coinlake.svg.board``, set by the
``coinlake`` facade (the state layer never imports the interfaces layer)."""

_DRAFT: Any = None
"""The state object the log reader is folding a frame into, or ``None`` (see :func:`replace`;
set and cleared only by ``coinlake.store``)."""


_ID_INDEX = cast("Mapping[object, int]", INDEX)
""":data:`~coinlake.data.map.INDEX` itself, looked up with any key (:meth:`GameState.space`):
a key that is no id raises ``KeyError`` (``TypeError`` if unhashable)."""

_MEMO = "_memo"
R = TypeVar("R")


def memo(obj: GameState | SpaceState, key: Hashable, compute: Callable[[], R]) -> R:
    """A derived fact of an immutable state object, computed once per object (Control,
    totals, legal Operations...). Kept beside the fields: never compared, hashed, copied
    by :func:`replace` or pickled, so it can never drift from the state it describes."""
    cache: dict[Hashable, Any] | None = obj.__dict__.get(_MEMO)
    if cache is None:
        cache = obj.__dict__[_MEMO] = {}
    elif key in cache:
        value: R = cache[key]
        return value
    value = cache[key] = compute()
    return value


def _without_memo(obj: object) -> dict[str, Any]:
    """The fields to pickle: the object's dictionary without its memo."""
    fields = dict(obj.__dict__)
    fields.pop(_MEMO, None)
    return fields


def with_dice(state: GameState, *rolls: int) -> GameState:
    """``state`` whose next die rolls will be ``rolls``, in order, before the generator is
    drawn again: the documented way for tests and puzzles to fix dice.

    >>> import coinlake
    >>> game = coinlake.new_game("short", seed=1)
    >>> with_dice(game.state, 6, 1).fixed_dice
    (6, 1)
    """
    if any(not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= 6 for r in rolls):
        raise ValueError(f"die rolls are whole numbers from 1 to 6, not {rolls!r}")
    return replace(state, fixed_dice=(*state.fixed_dice, *rolls))


def next_rolls(state: GameState, sides: tuple[int, ...]) -> tuple[int, ...]:
    """The next rolls an agent deciding for a Faction makes, each with ``sides`` faces (a d6
    is 6; an equal-chance choice among k candidates a k-sided roll, 8.2, 8.3, 8.4.7), from
    the game's generator (its agents' stream, :attr:`Rng.agents`). Pure: the ``Explained``
    event that records the rolls advances the generator."""
    return state.rng.agent_rolls(sides)


def location_counts(state: GameState, location: str) -> Counts:
    """Piece counts at a space id or a box name."""
    if location in BOXES:
        return state.box(location)
    return state.spaces[space_index(location)].pieces


def redact_private(state: GameState, faction: Faction) -> GameState:
    """``state`` as ``faction``'s player may see it (7.3): the other players' unrevealed
    Deception markers show as :data:`UNKNOWN_MARKER`, after their revealed ones (so that
    the order tells nothing either), and their Handicap choices are blanked. Unchanged
    when the Victory Deception option is not in use."""
    if not state.deception and not state.options.handicap:
        return state
    markers = list(state.deception)
    for owner in dict.fromkeys(m.owner for m in markers if faction not in m.owner):
        places = [i for i, m in enumerate(markers) if m.owner == owner]
        held = [markers[i] for i in places]
        shown = [m for m in held if m.revealed] + [
            DeceptionMarker(UNKNOWN_MARKER, owner, m.revealed, m.used)
            for m in held
            if not m.revealed
        ]
        for i, m in zip(places, shown, strict=True):
            markers[i] = m
    mine = next((g for g in player_groups(state.options) if faction in g), ())
    handicap = tuple((f, picks if f in mine else ()) for f, picks in state.options.handicap)
    options = attrs.evolve(state.options, handicap=handicap)
    return replace(state, deception=tuple(markers), options=options)
