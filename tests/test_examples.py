"""The bots in ``examples/`` run on a tiny budget and play legal, reproducible games."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import coinlake

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(f"examples_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_random_bot_plays_a_whole_reproducible_game() -> None:
    bot = load("random_bot")
    results = bot.main(1)
    assert len(results) == 1 and set(results[0]) == set(coinlake.Faction)
    game = bot.play(1)
    assert game.state.result is not None  # the game ran to its end (7.2 or 7.3)
    assert coinlake.victory_margins(game.state) == results[0]
    assert bot.play(1, max_commands=80).state == bot.play(1, max_commands=80).state


def test_random_bot_rolls_on_the_games_generator() -> None:
    """Its rolls are the game's next agent rolls, so the Why it gives is accepted."""
    bot = load("random_bot")
    game = coinlake.new_game("short", seed=3)
    decision = game.decision
    assert decision is not None
    choice = bot.RandomBot().choose(game, decision)
    n = len(decision.options)
    (roll,) = coinlake.next_rolls(game.state, (n,))
    assert choice.command == decision.options[roll - 1]
    game.apply(choice.command, why=choice.why)


def test_lookahead_bot_picks_the_best_one_ply_option() -> None:
    bot_module = load("lookahead_bot")
    game = bot_module.main(3)
    assert game.state.seq > 0
    bot = bot_module.LookaheadBot("US")
    here = coinlake.new_game("short", seed=2)
    decision = here.decision
    assert decision is not None
    choice = bot.choose(here, decision)
    scores = []
    for command in decision.options:
        fork = here.fork()
        fork.apply(command)
        margins = coinlake.victory_margins(fork.state)
        us = margins[coinlake.Faction.US]
        scores.append(us - max(m for f, m in margins.items() if f is not coinlake.Faction.US))
    assert choice.command == decision.options[scores.index(max(scores))]
    assert here.state.seq == 1  # the real game was never changed


def test_mcts_bot_searches_on_forks_and_is_reproducible() -> None:
    mcts = load("mcts_bot")
    game = mcts.main(4)
    nva_choices = [
        e for e in game.events if isinstance(e, coinlake.Explained) and "visits" in e.reason
    ]
    assert nva_choices
    assert mcts.main(4).state == game.state
