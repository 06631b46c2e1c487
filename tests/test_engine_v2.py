"""Engine v2 (issue #8): states are plain data, positions resume without their live
procedure, and every Decision describes itself (DESIGN.md "The model", docs/decisions.md).

Random games are played through the public API; at sampled positions -- in the middle of
Operations, Special Activities, Events and Coup phases -- the position is pickled, deep-copied
or rebuilt from its state alone, and must go on to produce exactly the same events.
"""

from __future__ import annotations

import copy
import pickle
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Game
from coinlake.rules import MAX_OPTIONS, Ask, Context, Kind
from coinlake.state.commands import Choose, Count

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _random_game(scenario: str, seed: int, steps: int) -> tuple[Game, random.Random]:
    game = coinlake.new_game(scenario, seed=seed, period_events=seed % 2 == 0)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.decision is None:
            break
        game.apply(rng.choice(game.legal()))
    return game, rng


def _continue_identically(a: Game, b: Game, rng: random.Random, steps: int) -> None:
    """``a`` and ``b`` are at the same position: the same commands give the same events."""
    for _ in range(steps):
        assert a.state == b.state
        assert a.decision == b.decision
        if a.decision is None:
            return
        command = rng.choice(a.legal())
        assert a.apply(command) == b.apply(command)


@SETTINGS
@given(
    scenario=st.sampled_from(["short", "medium", "full"]),
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=600),
)
def test_pickled_game_goes_on_identically(scenario: str, seed: int, steps: int) -> None:
    """A Game and its GameState pickle at every step (mid-Operation, mid-card, mid-Coup)
    and the unpickled game produces identical events (issue #8 item 2)."""
    game, _ = _random_game(scenario, seed, steps)
    clone = pickle.loads(pickle.dumps(game))
    assert clone.state == game.state and clone.events == game.events
    assert [e.action for e in clone.journal()] == [e.action for e in game.journal()]
    state = pickle.loads(pickle.dumps(game.state))
    assert state == game.state
    _continue_identically(game, clone, random.Random(seed), 40)


@SETTINGS
@given(
    scenario=st.sampled_from(["short", "medium", "full"]),
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=600),
)
def test_deep_copy_and_state_alone_resume_identically(scenario: str, seed: int, steps: int) -> None:
    """``copy.deepcopy`` of a Game, and a Game rebuilt from its state alone (no live
    procedure: the engine re-runs the pending step from its recorded answers), both go on
    exactly like the original (issue #8 items 2, 3)."""
    game, _ = _random_game(scenario, seed, steps)
    deep = copy.deepcopy(game)
    cold = Game(copy.deepcopy(game.state))
    assert deep.state == game.state == cold.state
    assert cold.decision == game.decision
    _continue_identically(deep, cold, random.Random(seed + 1), 40)


def test_undo_and_redo_survive_pickling() -> None:
    game, _ = _random_game("full", 4, 120)
    for _ in range(5):
        game.undo()
    game.redo()
    clone = pickle.loads(pickle.dumps(game))
    clone.redo()
    game.redo()
    assert clone.state == game.state
    clone.undo()
    game.undo()
    assert clone.state == game.state


def test_a_long_history_pickles_without_deep_recursion() -> None:
    """A whole Full game's history tree pickles (flat, not one nested object per node)."""
    game, _ = _random_game("full", 11, 5000)
    clone = pickle.loads(pickle.dumps(game))
    assert clone.state == game.state and len(clone.line()) == len(game.line())


def _play_plan(
    game: Game, plan: list[coinlake.Command], barrier: threading.Barrier
) -> list[object]:
    fork = game.fork()
    barrier.wait()
    return [e for command in plan for e in fork.apply(command)]


def test_two_forks_applied_from_two_threads_do_not_interfere() -> None:
    """Forks of one position share its live procedure; two threads applying commands to
    two forks at once must each get exactly the events of a lone apply (issue #8 item 2)."""
    for seed in range(6):
        game, _ = _random_game("full", seed, 40 + 37 * seed)
        plans = []
        for k in range(2):
            fork = game.fork()
            plan_rng = random.Random(seed * 10 + k)
            plan = []
            for _ in range(30):
                if fork.decision is None:
                    break
                command = plan_rng.choice(fork.legal())
                plan.append(command)
                fork.apply(command)
            plans.append(plan)
        game.legal()  # the question is cached: both threads race for the live generator
        barrier = threading.Barrier(2)
        with ThreadPoolExecutor(2) as pool:
            futures = [pool.submit(_play_plan, game, plans[k], barrier) for k in range(2)]
            results = [f.result() for f in futures]
        for k in range(2):
            lone = Game(game.state)
            assert results[k] == [e for c in plans[k] for e in lone.apply(c)]


def test_decisions_use_the_closed_vocabulary_and_describe_themselves() -> None:
    """Every Decision's kind is a :class:`Kind`; its context names the procedure and rule;
    no option carries a number inside a word (counts are typed); no Decision offers more
    than MAX_OPTIONS (issue #8 item 1)."""
    seen: set[Kind] = set()
    for scenario, seed in (("short", 1), ("medium", 2), ("full", 3), ("full", 4)):
        game, rng = _random_game(scenario, seed, 0)
        while game.decision is not None:
            d = game.decision
            assert isinstance(d.kind, Kind)
            assert isinstance(d.context, Context) and d.context.procedure and d.context.rule
            assert 0 < len(d.options) <= MAX_OPTIONS
            for option in d.options:
                if isinstance(option, Choose):
                    assert not any(ch.isdigit() for ch in option.option), option
                if d.kind is Kind.HOW_MANY:
                    assert isinstance(option, Count | coinlake.Done), option
            seen.add(d.kind)
            game.apply(rng.choice(d.options))
    assert {Kind.ACTION, Kind.OPERATION, Kind.SELECT_SPACE, Kind.HOW_MANY} <= seen


def test_context_follows_an_operation_space_by_space() -> None:
    """Inside an Operation the context names it, its rule and Faction, and the spaces
    already done; a Special Activity's context has its Operation as parent (4.1)."""
    checked = 0
    for seed in range(30):
        game, rng = _random_game("full", seed, 0)
        while game.decision is not None and checked < 50:
            d = game.decision
            ctx = d.context
            if ctx.within("sweep") or ctx.within("train") or ctx.within("march"):
                assert ctx.faction == d.faction or ctx.parent is not None
                if d.kind is Kind.SELECT_SPACE and ctx.procedure in ("sweep", "train", "march"):
                    assert ctx.space is None
                    checked += 1
            game.apply(rng.choice(d.options))
        if checked >= 50:
            break
    assert checked >= 50


def test_a_re_run_puts_only_its_last_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """Resuming a position deep in an Operation (spaces selected, pieces moved) re-runs it
    with the recorded answers and builds the question of none of them but the last
    (DESIGN.md "The model": the cost of a re-run is the procedure's own steps), which is
    the Decision the live game had."""
    game = coinlake.new_game("full", seed=3)
    rng = random.Random(3)
    while True:
        decision = game.decision
        assert decision is not None
        pending = game.state.pending
        assert pending is not None
        selected = sum(isinstance(a, coinlake.Select) for a in pending.answers)
        moved = sum(isinstance(a, coinlake.Move) for a in pending.answers)
        if decision.kind in (Kind.SELECT_SPACE, Kind.MOVE_PIECES) and selected >= 3 <= moved:
            break
        game.apply(rng.choice(game.legal()))
    built: list[str] = []
    real = Ask.__init__

    def counted(ask: Ask, *args: Any, **kwargs: Any) -> None:
        real(ask, *args, **kwargs)
        built.append(ask.prompt)

    monkeypatch.setattr(Ask, "__init__", counted)
    resumed = Game(game.state)
    assert resumed.decision == decision and built == [decision.prompt]
