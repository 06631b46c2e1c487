"""Sub-procedures (issue #8, "branching without re-running"): an Operation's work in one
space -- a March destination (3.3.2), a Train (3.2.1), Sweep (3.2.3), Rally (3.3.1) or Attack
(3.3.3) space -- and an Event's free Operation or Special Activity (5.5) run as sub-procedures,
whose frames the state records (``Pending.calls``). A fork or an undo
then re-runs only the innermost sub-procedure, and passes over those that have returned,
instead of the whole card turn; nothing else may change: the same events, the same
Decisions, the same positions (docs/architecture.md, "Re-running").
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Generator, Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Game, GameState
from coinlake.engine import steps
from coinlake.rules.core import Ask, Ctx, Kind, subprocedure
from coinlake.rules.operations.march import MarchProgress
from coinlake.state.commands import Command
from coinlake.state.model import Returned

SETTINGS = settings(
    max_examples=10,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _line(scenario: str, seed: int) -> Iterator[tuple[GameState, Command]]:
    """Every position of a random game with the command played there."""
    game = coinlake.new_game(scenario, seed=seed)
    rng = random.Random(seed)
    while legal := game.legal():
        game.apply(rng.choice(legal))
    for node in game.line()[1:]:
        if node.command is not None and node.parent is not None:
            yield node.parent.state, node.command


def _inside(state: GameState) -> bool:
    """The state waits on a question inside a sub-procedure, after others returned."""
    calls = state.pending.calls if state.pending is not None else None
    return calls is not None and len(calls) > 1 and bool(calls[0].returned)


@SETTINGS
@given(
    scenario=st.sampled_from(["short", "medium", "full"]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_position_rebuilt_from_its_state_goes_on_identically(scenario: str, seed: int) -> None:
    """Every position whose state records sub-procedures, rebuilt from the state alone (re-run
    from the innermost one), asks the Decision a whole re-run asks -- its context included --
    and its command produces the recorded events."""
    recorded = coinlake.new_game(scenario, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while legal := recorded.legal():
        state = recorded.state
        command = rng.choice(legal)
        events = recorded.apply(command)
        if state.pending is None or state.pending.calls is None:
            continue
        checked += 1
        whole = steps.Decision.asking(steps._rerun(state, whole=True).ask)
        assert Game(state).decision == whole
        assert Game(pickle.loads(pickle.dumps(state))).apply(command) == events
    assert checked or scenario != "full"  # a Full game always Marches, Trains or Sweeps


@pytest.mark.rule("3.3.2")
def test_a_re_run_starts_in_the_march_destination_in_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """3.3.2, one destination at a time: inside a March destination, a re-run replays only
    that destination's answers; between destinations, it replays none of the answers of the
    destinations done (it passes over their sub-procedures)."""
    handed = 0
    recorded = Ctx.recorded

    def counting(self: Ctx) -> Command:
        nonlocal handed
        handed += 1
        return recorded(self)

    monkeypatch.setattr(Ctx, "recorded", counting)
    inside = between = 0
    for state, _ in _line("full", 3):
        pending = state.pending
        if pending is None or pending.calls is None:
            continue
        calls = pending.calls
        handed = 0
        assert Game(state).decision is not None  # a re-run
        passed = sum(r.end - r.begin for r in calls[-1].returned)
        assert handed == len(pending.answers) - calls[-1].begin - passed
        if _inside(state) and calls[-1].name == "march-destination":
            inside += 1
            assert calls[-1].begin > 0
        elif len(calls) == 1 and passed and calls[0].name == "card_turn":
            between += 1
    assert inside and between


@pytest.mark.rule("3.3.2")
def test_a_destination_re_run_alone_returns_to_its_march(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fork inside a March destination holds only the destination's generator; the
    command that ends the destination (``done``, 3.3.2) returns to the March, re-run to that
    point, which goes on live: the events are those recorded."""
    resumed: list[object] = []
    resume_after = Ctx.resume_after

    def counting(self: Ctx, done: Returned) -> None:
        resumed.append(done.value)
        resume_after(self, done)

    monkeypatch.setattr(Ctx, "resume_after", counting)
    game = coinlake.new_game("full", seed=3)
    rng = random.Random(3)
    checked = 0
    while legal := game.legal():
        state = game.state
        command = rng.choice(legal)
        events = game.apply(command)
        calls = state.pending.calls if state.pending is not None else None
        after = game.state.pending.calls if game.state.pending is not None else None
        ended = after is not None and calls is not None and len(after) < len(calls)
        if not (ended and calls is not None and calls[-1].name == "march-destination"):
            continue
        resumed.clear()
        assert Game(state).apply(command) == events
        assert len(resumed) == 1 and isinstance(resumed[0], MarchProgress)
        checked += 1
    assert checked


def test_the_calls_say_nothing_about_the_position() -> None:
    """Two states that differ only in their recorded frames are equal, hash alike and are
    written alike (positions); the frames survive pickling."""
    state = next(s for s, _ in _line("full", 3) if _inside(s))
    pending = state.pending
    assert pending is not None
    bare = attrs.evolve(state, pending=attrs.evolve(pending, calls=None))
    assert bare == state and hash(bare) == hash(state)
    assert coinlake.position(bare) == coinlake.position(state)
    assert coinlake.from_position(coinlake.position(state)).state == state
    copied = pickle.loads(pickle.dumps(state))
    assert copied.pending is not None and copied.pending.calls == pending.calls


def test_a_loaded_game_re_runs_whole_and_goes_on_identically(tmp_path: Path) -> None:
    """A state folded from a log records no frames: the first command after a load re-runs
    the procedure whole, with the same result."""
    game = coinlake.new_game("full", seed=3)
    rng = random.Random(3)
    while not _inside(game.state):
        game.apply(rng.choice(game.legal()))
    path = tmp_path / "march.fitl"
    game.save(path)
    loaded = coinlake.load(path, verify=False)
    assert loaded.state == game.state
    assert loaded.state.pending is not None and loaded.state.pending.calls is None
    assert loaded.decision == game.decision
    for _ in range(30):
        command = rng.choice(game.legal())
        assert loaded.apply(command) == game.apply(command)


def test_a_reseed_clears_the_calls() -> None:
    """A reseed in the middle of a procedure fixes the dice it rolled for a whole re-run
    (2.2 and ``Game.reseed``); the frames recorded before it are dropped."""
    game = coinlake.new_game("full", seed=3)
    rng = random.Random(3)
    while not _inside(game.state):
        game.apply(rng.choice(game.legal()))
    game.reseed(99)
    assert game.state.pending is not None and game.state.pending.calls is None
    assert Game(game.state).decision == game.decision


def test_a_call_outside_the_engine_runs_inline() -> None:
    """``Ctx.call`` in a procedure run by hand (no procedure in progress) just runs the
    sub-procedure; a name is registered once."""

    @subprocedure("test-twice")
    def twice(ctx: Ctx, n: int) -> Generator[Ask, Command, int]:
        if n < 0:
            yield ctx.ask(None, Kind.CONFIRM, "never asked", (), "2.0")
        return 2 * n

    try:
        state = coinlake.new_game("short", seed=1).state
        ctx = Ctx(attrs.evolve(state, pending=None))
        with pytest.raises(StopIteration) as stopped:
            next(ctx.call("test-twice", 21))
        assert stopped.value.value == 42
        with pytest.raises(ValueError, match="registered twice"):
            subprocedure("test-twice")(twice)
    finally:
        from coinlake.rules.core import SUBPROCEDURES

        del SUBPROCEDURES["test-twice"]
