"""A soak of whole games in the three scenarios (2.1) by an agent that always takes the
Event when it is offered (5.0; else a random legal command): every invariant holds after every
command (1.2 pieces, 1.4.2 stacking, 1.8 tracks, 3.3.4 markers), the events folded from the
start equal the live state, and the saved log re-decided command by command ends in the same
state (DESIGN.md "Replay"). Every implemented card's Event is thus played in many positions."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import coinlake
from coinlake import Game
from coinlake.engine import fold
from tests.conftest import check_invariants

EVENT = coinlake.parse("event")
GAMES = [(scenario, seed) for scenario in ("short", "medium", "full") for seed in (1, 2, 3)]


def play_events_first(game: Game, chooser: random.Random) -> Counter[int]:
    """Play ``game`` to its end, taking the Event whenever offered; returns how many times
    each card's Event was executed."""
    played: Counter[int] = Counter()
    while game.decision is not None:
        legal = game.legal()
        if EVENT in legal:
            played[game.state.current_card or 0] += 1
            game.apply(EVENT)
        else:
            game.apply(legal[chooser.randrange(len(legal))])
        check_invariants(game.state)
    return played


@pytest.mark.parametrize(("scenario", "seed"), GAMES)
def test_events_first_games_keep_every_invariant(scenario: str, seed: int, tmp_path: Path) -> None:
    game = coinlake.new_game(scenario, seed=seed)
    played = play_events_first(game, random.Random(seed))
    assert game.state.result is not None  # the game reached its end (7.0)
    assert sum(played.values()) > 0  # the agent did take Events
    assert fold(game.root, game.events) == game.state
    game.save(tmp_path / "soak.fitl")
    assert coinlake.load(tmp_path / "soak.fitl").state == game.state
