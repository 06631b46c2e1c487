"""coinlake: an event-sourced rules engine for Fire in the Lake (GMT Games, 2nd edition).

>>> import coinlake
>>> game = coinlake.new_game("short", seed=7)
>>> coinlake.victory_markers(game.state) == {"US": 38, "NVA": 10, "ARVN": 41, "VC": 23}
True
>>> game.decision.faction in ("US", "ARVN", "NVA", "VC")
True
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from coinlake._version import __version__
from coinlake.data import CARDS, RANDOM_SPACES, SPACES, Faction, Piece, Side
from coinlake.data.map import INDEX as _SPACE_INDEX
from coinlake.data.map import space_index
from coinlake.engine import (
    Agent,
    Choice,
    Decision,
    Game,
    GameView,
    HistoryError,
    JournalEntry,
    JournalRecord,
    Node,
    Note,
    StreamItem,
    UndoPolicy,
    Why,
)
from coinlake.engine import start_state as _start_state
from coinlake.errors import CoinlakeError, IllegalCommand, LogFileError
from coinlake.rules import cards as _cards
from coinlake.rules import effects as _effects
from coinlake.rules.core import KINDS, MAX_OPTIONS, Context, Kind
from coinlake.rules.operations import assault as _assault
from coinlake.rules.operations import patrol as _patrol
from coinlake.rules.operations import sweep as _sweep
from coinlake.rules.special_activities import ambush as _ambush
from coinlake.rules.special_activities import arvn as _transport
from coinlake.state.commands import Choose, Command, Count, Done, Move, Select, parse
from coinlake.state.events import Event, Explained, Forced, evolve
from coinlake.state.model import (
    GameResult,
    GameState,
    Options,
    SpaceState,
    Standing,
    Support,
    Track,
    next_rolls,
    with_dice,
)
from coinlake.state.position import PositionError, parse_position, position
from coinlake.state.queries import Control, control, victory_margins, victory_markers
from coinlake.state.text import (
    BoardRow,
    board_header,
    board_rows,
    describe_changes,
    describe_space,
)
from coinlake.store import load, load_view, load_with_report, save_from_position, save_game
from coinlake.store.codec import structure_command, structure_event, unstructure_command
from coinlake.store.codec import unstructure_event as _unstructure_event

SCENARIOS = ("short", "medium", "full")


def event_effective(state: GameState, card: int, side: Side | str, faction: Faction | str) -> bool:
    """Whether ``faction`` executing ``side`` of ``card`` in ``state`` would have an effect
    (8.1: Non-players opt only for Events that would); False for a card whose Event is
    not implemented yet (it cannot be executed)."""
    _check_card(state, card)
    if not _cards.is_implemented(card):
        return False
    return _cards.effective(state, card, Side(side), Faction(faction))


def event_preview(
    state: GameState, card: int, side: Side | str, faction: Faction | str
) -> GameState:
    """The state after ``faction`` executed ``side`` of ``card`` from ``state``, every
    question answered with its first legal answer (a dry run, as :func:`event_effective`
    judges by; dice come from the state's generator)."""
    _check_card(state, card)
    return _cards.dry_run(state, card, Side(side), Faction(faction))


def _check_card(state: object, card: object) -> None:
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, not {type(state).__name__}")
    if type(card) is not int:
        raise TypeError(f"a card is its number (an int), not {card!r}"[:200])
    if card not in CARDS:
        raise ValueError(f"no card {card} (cards are numbered 1..130)")


def pacification_cost(state: GameState, *, support_phase: bool) -> int:
    """ARVN Resources per Terror marker removed or level shifted by Pacification (3.2.1,
    6.3.1): 3, 4 under Ky, 1 in the Support Phase under unshaded Blowtorch Komer (for the
    Non-players' Pacify priorities, 8.7.6, 8.8.8)."""
    return _effects.pacification_cost(state, support_phase=support_phase)


def assault_removals(pieces: Sequence[int], faction: Faction | str, space: str) -> int:
    """How many enemy pieces an Assault by ``faction`` removes in ``space`` (an id, name or
    alias) holding ``pieces`` (counts by :class:`Piece`), before Capabilities (3.2.4): the
    US 2 per Troop with a US Base there, else 1 per Troop (1 per 2 in Highland); ARVN 1 per
    2 cubes (1 per 3 in Highland), Police counting only in Cities and on LoCs.

    >>> import coinlake
    >>> troops = [0] * len(coinlake.Piece)
    >>> troops[coinlake.Piece.US_TROOPS] = 3
    >>> coinlake.assault_removals(troops, "US", "Saigon")
    3
    """
    return _assault.assault_removals(tuple(pieces), Faction(faction), _space_id(space))


def patrol_reach(state: GameState, origin: str) -> tuple[str, ...]:
    """Where a cube Patrolling out of ``origin`` (an id, name or alias) may end, in map
    order (3.2.2): the LoCs and Cities next to it, and on from LoC or City to LoC or City,
    stopping on entering a space with any NVA or VC piece.

    >>> import coinlake
    >>> state = coinlake.new_game("short", seed=1).state
    >>> "loc-saigon-can-tho" in coinlake.patrol_reach(state, "Saigon")
    True
    """
    return _patrol.patrol_reach(state, _space_id(origin))


def sweep_origins(state: GameState, destination: str) -> tuple[str, ...]:
    """The spaces whose Troops may Sweep into ``destination``, in map order (3.2.3): the
    adjacent ones, and those next to an adjacent LoC free of NVA and VC pieces."""
    return tuple(_sweep.sweep_origins(state, _space_id(destination)))


def transport_reach(state: GameState, origin: str) -> tuple[str, ...]:
    """Where a piece Transported out of ``origin`` may end, in map order (4.3.2): onto an
    adjacent LoC, along LoCs and through Cities, then into any adjacent space but North
    Vietnam, stopping on entering NVA or VC pieces; 1 LoC at most under Nguyen Khanh
    (2.4.1)."""
    return _transport.transport_reach(state, _space_id(origin))


def ambush_reach(space: str) -> tuple[str, ...]:
    """The spaces an Ambush in ``space`` may strike (4.4.3, 4.5.3): the space itself, and
    from a LoC every adjacent space too.

    >>> import coinlake
    >>> coinlake.ambush_reach("Saigon")
    ('saigon',)
    """
    return _ambush.reach(_space_id(space))


def _space_id(key: str) -> str:
    """The id of the space named by id, name or alias (``KeyError`` for none)."""
    if key in _SPACE_INDEX:
        return key
    return SPACES[space_index(key)].id


def new_game(
    scenario: str,
    seed: int | None = None,
    *,
    period_events: bool = False,
    political_rhythm: bool = False,
    high_winds: bool = False,
    deception: bool = False,
    handicap: Mapping[str, Iterable[str]] | None = None,
    non_players: Iterable[str] = (),
    players: Iterable[Iterable[str]] = (),
    easy: bool = False,
    difficulty_a: bool = False,
    difficulty_b: bool = False,
    undo: str = "free",
) -> Game:
    """Set up a new game (2.1) and reveal the first card and the next one (2.2).

    ``scenario`` is ``"short"``, ``"medium"`` or ``"full"``; ``seed`` (0..2**64-1) fixes
    the deck, every die and the Deception draw -- without one, a secret 64-bit seed is drawn
    from the operating system (recorded in the log, so the game still replays); ``undo`` is
    ``"free"`` or ``"strict"``.
    ``players`` lists the players holding two Factions (1.5), e.g. ``[("NVA", "VC")]``.
    ``deception``: the Victory Deception option (7.3, 3 or 4 players); ``handicap`` maps a
    Faction of each inexperienced player, least experienced first, to the 2 markers it
    selects (``"empty-threat"``, ``"hidden-agenda"``, ``"hidden-asset"``).
    ``easy``, ``difficulty_a``, ``difficulty_b``: the 1-player options of 8.9 (see
    :class:`Options`). Options that do not fit together raise ``ValueError``; a value of the
    wrong type (``"yes"`` for a flag, a lone string for a collection) raises ``TypeError``.
    """
    for name, value in (("non_players", non_players), ("players", players)):
        if isinstance(value, str) or not isinstance(value, Iterable):
            raise TypeError(f"{name} is a collection of Factions, not {value!r}"[:200])
    groups = tuple(players)
    if any(isinstance(g, str) or not isinstance(g, Iterable) for g in groups):
        raise TypeError(f"players lists groups of Factions, e.g. [('NVA', 'VC')], not {groups!r}")
    if handicap is not None and not isinstance(handicap, Mapping):
        raise TypeError(f"handicap maps a Faction to its 2 markers, not {handicap!r}"[:200])
    picked = tuple((handicap or {}).items())
    if any(isinstance(p, str) or not isinstance(p, Iterable) for _, p in picked):
        raise TypeError(f"handicap maps a Faction to its 2 markers, not {handicap!r}"[:200])
    options = Options(
        period_events=period_events,
        political_rhythm=political_rhythm,
        high_winds=high_winds,
        deception=deception,
        non_players=tuple(sorted((Faction(f) for f in non_players), key=list(Faction).index)),
        players=tuple(tuple(Faction(f) for f in group) for group in groups),
        handicap=tuple((Faction(f), tuple(picks)) for f, picks in picked),
        easy=easy,
        difficulty_a=difficulty_a,
        difficulty_b=difficulty_b,
    )
    if seed is None:
        seed = secrets.randbits(64)
    game = Game(_start_state(scenario, seed, options), undo=undo, saver=save_game)
    decision = game.decision
    if decision is not None and decision.faction is None:
        game.apply(decision.options[0])  # 2.2: the game reveals the first cards itself
    return game


EVENT_JSON_VERSION = 1
"""The version of the JSON form of events and commands (:func:`event_to_json`,
``docs/events.md``); it changes only when a type's fields change incompatibly."""


def event_to_json(event: Event) -> dict[str, Any]:
    """``event`` as a JSON object: ``{"type": <class name>, "seq": ..., "rule": ..., <field>:
    <value>...}``, Factions, pieces and tracks by name, commands as :func:`command_to_json`
    (``docs/events.md`` lists every type and field; version :data:`EVENT_JSON_VERSION`).

    >>> import coinlake
    >>> game = coinlake.new_game("short", seed=7)
    >>> chosen = game.apply(game.parse("pass"))[0]
    >>> data = coinlake.event_to_json(chosen)
    >>> data["type"], data["faction"] == "NVA", data["command"]
    ('Chosen', True, {'type': 'Choose', 'option': 'pass'})
    >>> coinlake.event_from_json(data) == chosen
    True
    """
    if not isinstance(event, Event):
        raise TypeError(f"expected an Event, not {type(event).__name__}")
    return _unstructure_event(event)


def event_from_json(data: Mapping[str, Any]) -> Event:
    """The event :func:`event_to_json` wrote; ``ValueError`` for anything malformed."""
    try:
        return structure_event(dict(data))
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise ValueError(f"not an event's JSON form: {err}"[:300]) from err


def command_to_json(command: Command) -> dict[str, Any]:
    """``command`` as a JSON object ``{"type": <class name>, <field>: <value>...}``."""
    if not isinstance(command, Command):
        raise TypeError(f"expected a Command, not {type(command).__name__}")
    return unstructure_command(command)


def command_from_json(data: Mapping[str, Any]) -> Command:
    """The command :func:`command_to_json` wrote; ``ValueError`` for anything malformed."""
    try:
        return structure_command(dict(data))
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise ValueError(f"not a command's JSON form: {err}"[:300]) from err


def from_position(text: str, *, undo: str = "free") -> Game:
    """A game at the position ``text`` (written by :func:`position`; ``docs/positions.md``).

    Raises :class:`PositionError` (a ``ValueError``) naming the line for malformed text or
    an impossible position. The game's history starts there (``undo`` cannot go before it);
    its log file (``game.save``) starts from that position too. As ``Game.from_state``, a
    position with no procedure in progress is primed: the Sequence of Play (or the Coup
    Round) waits at its next step.
    """
    return Game.from_state(parse_position(text), undo=undo, saver=save_from_position)


__all__ = [
    "CARDS",
    "EVENT_JSON_VERSION",
    "KINDS",
    "MAX_OPTIONS",
    "RANDOM_SPACES",
    "SCENARIOS",
    "SPACES",
    "Agent",
    "BoardRow",
    "Choice",
    "Choose",
    "CoinlakeError",
    "Command",
    "Context",
    "Control",
    "Count",
    "Decision",
    "Done",
    "Event",
    "Explained",
    "Faction",
    "Forced",
    "Game",
    "GameResult",
    "GameState",
    "GameView",
    "HistoryError",
    "IllegalCommand",
    "JournalEntry",
    "JournalRecord",
    "Kind",
    "LogFileError",
    "Move",
    "Node",
    "Note",
    "Options",
    "Piece",
    "PositionError",
    "Select",
    "Side",
    "SpaceState",
    "Standing",
    "StreamItem",
    "Support",
    "Track",
    "UndoPolicy",
    "Why",
    "__version__",
    "ambush_reach",
    "assault_removals",
    "board_header",
    "board_rows",
    "command_from_json",
    "command_to_json",
    "control",
    "describe_changes",
    "describe_space",
    "event_effective",
    "event_from_json",
    "event_preview",
    "event_to_json",
    "evolve",
    "from_position",
    "load",
    "load_view",
    "load_with_report",
    "new_game",
    "next_rolls",
    "pacification_cost",
    "parse",
    "parse_position",
    "patrol_reach",
    "position",
    "sweep_origins",
    "transport_reach",
    "victory_margins",
    "victory_markers",
    "with_dice",
]

# The Non-players use the names above (public API only); the engine seats them through this
# hook so that it never imports their layer (DESIGN.md "Layers").
from coinlake.nonplayers import NonPlayer as _NonPlayer  # noqa: E402

Game.non_player = _NonPlayer

# The board as SVG (interfaces layer, public API only): ``coinlake.svg.board(state)``, and
# through this hook ``GameState._repr_svg_`` / ``Game._repr_svg_`` for Jupyter.
# ``coinlake.rl.env(...)`` (DESIGN.md); PettingZoo and Gymnasium are imported only when an
# environment is made (extra ``coinlake[rl]``).
from coinlake import rl as rl  # noqa: E402
from coinlake import svg as svg  # noqa: E402
from coinlake.state import model as _model  # noqa: E402

_model.RENDER_SVG = svg.board
