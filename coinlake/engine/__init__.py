"""Layer 4: the engine — ``decide``/``evolve``, the history tree and :class:`Game`."""

from coinlake.engine.agents import Agent, Choice
from coinlake.engine.game import (
    Game,
    GameView,
    HistoryError,
    JournalEntry,
    JournalRecord,
    Node,
    StreamItem,
    UndoPolicy,
)
from coinlake.engine.notes import Note
from coinlake.engine.steps import (
    Decision,
    Why,
    advance,
    decide,
    decision,
    fold,
    prime,
    start_procedure,
    validate,
)
from coinlake.state.events import evolve
from coinlake.state.model import GameState, Options
from coinlake.state.rng import KEYED
from coinlake.state.setup import initial_state


def start_state(scenario: str, seed: int, options: Options, algorithm: str = KEYED) -> GameState:
    """The primed initial state of a new game: set up, first procedure waiting."""
    return prime(initial_state(scenario, seed, options, algorithm))


__all__ = [
    "Agent",
    "Choice",
    "Decision",
    "Game",
    "GameView",
    "HistoryError",
    "JournalEntry",
    "JournalRecord",
    "Node",
    "Note",
    "StreamItem",
    "UndoPolicy",
    "Why",
    "advance",
    "decide",
    "decision",
    "evolve",
    "fold",
    "prime",
    "start_procedure",
    "start_state",
    "validate",
]
