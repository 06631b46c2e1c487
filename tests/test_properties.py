"""Invariants of docs/architecture.md, tested with hypothesis on random games: 229 pieces
(1.2), stacking (1.4.2), track bounds (1.8, 6.7), undo/redo exactness, replay equals live,
fork independence, save/load round trips.

A run picks a scenario, options, a seed and a list of operations: mostly indices into
``game.legal()`` (taken modulo its length), sprinkled with undo, redo and fork. A run stops
applying commands when ``game.legal()`` is empty (the game stopped deciding), so the
properties hold both before and after the Coup Round is implemented.
"""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path
from typing import Any

from attrs import define, field
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Game, HistoryError
from coinlake.engine import Decision, fold
from coinlake.state.model import GameState
from tests.conftest import check_invariants

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

Op = tuple[str, int]

ops_strategy = st.lists(
    st.tuples(
        st.sampled_from(["apply", "apply", "apply", "apply", "undo", "redo", "fork"]),
        st.integers(min_value=0, max_value=10_000),
    ),
    min_size=1,
    max_size=50,
)


@st.composite
def game_setups(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "scenario": draw(st.sampled_from(["short", "medium", "full"])),
        "seed": draw(st.integers(min_value=0, max_value=2**64 - 1)),
        "period_events": draw(st.booleans()),
        "political_rhythm": draw(st.booleans()),
    }


def _new(setup: dict[str, Any]) -> Game:
    return coinlake.new_game(**setup)


@define
class Model:
    """What undo/redo should do, tracked independently of the engine: the states along the
    current line and the redo stack."""

    line: list[GameState]
    redo: list[GameState] = field(factory=list)
    forks: list[tuple[Game, GameState, int, int]] = field(factory=list)
    decisions: dict[GameState, Decision | None] = field(factory=dict)

    def check_decision(self, game: Game) -> None:
        """A position offers the same Decision every time it is reached (after an undo, a
        redo or a fork the procedure in progress is re-run from its recorded answers)."""
        decision = game.decision
        expected = self.decisions.setdefault(game.state, decision)
        assert decision == expected


def run(game: Game, ops: list[Op], *, each_step: bool = True) -> tuple[Game, Model]:
    """Play ``ops`` on ``game``, checking the undo/redo model (and the invariants after each
    step when ``each_step``); returns the game played last (a fork may take over)."""
    model = Model(line=[game.root, game.state])
    model.check_decision(game)
    for kind, n in ops:
        if kind == "apply":
            legal = game.legal()
            if not legal:
                continue
            game.apply(legal[n % len(legal)])
            model.line.append(game.state)
            model.redo.clear()
        elif kind == "undo":
            if len(model.line) == 1:
                try:
                    game.undo()
                except HistoryError:
                    pass
                else:
                    raise AssertionError("undo at the root did not raise")
                continue
            game.undo()
            model.redo.append(model.line.pop())
        elif kind == "redo":
            if not model.redo:
                try:
                    game.redo()
                except HistoryError:
                    pass
                else:
                    raise AssertionError("redo with nothing undone did not raise")
                continue
            game.redo()
            model.line.append(model.redo.pop())
        else:  # fork, then play a little on the fork; odd n: the fork takes over
            fork = game.fork()
            left = (game, game.state, len(game.events), len(game.journal()))
            for k in range(n % 4):
                legal = fork.legal()
                if legal:
                    fork.apply(legal[(n + k) % len(legal)])
                    if n % 2:
                        model.line.append(fork.state)
                        model.redo.clear()
            if n % 2:  # the parent is left behind for good: checked again at the end
                model.forks.append(left)
                game = fork
            else:  # the parent plays on: it must not have seen the fork's commands
                assert (game.state, len(game.events), len(game.journal())) == left[1:]
        assert game.state == model.line[-1]
        model.check_decision(game)
        if each_step:
            check_invariants(game.state)
    return game, model


@SETTINGS
@given(setup=game_setups(), ops=ops_strategy)
def test_invariants_hold_after_every_step_1_2_1_4_2_1_8(
    setup: dict[str, Any], ops: list[Op]
) -> None:
    game = _new(setup)
    check_invariants(game.root)
    check_invariants(game.state)
    run(game, ops)


@SETTINGS
@given(setup=game_setups(), ops=ops_strategy)
def test_undo_restores_the_exact_prior_state_and_redo_the_later_one(
    setup: dict[str, Any], ops: list[Op]
) -> None:
    """docs/architecture.md invariants (DESIGN.md History): undo/redo are exact."""
    game, model = run(_new(setup), ops, each_step=False)
    # After any sequence: one more command, undone and redone, is exact.
    legal = game.legal()
    if legal:
        before = game.state
        game.apply(legal[len(ops) % len(legal)])
        after = game.state
        game.undo()
        assert game.state == before
        game.redo()
        assert game.state == after
    else:
        after = game.state
    # Undo all the way back along the line, then redo all the way forward.
    line = [*model.line, after] if legal else model.line
    for expected in reversed(line[:-1]):
        game.undo()
        assert game.state == expected
        model.check_decision(game)
    assert game.state == game.root
    for expected in line[1:]:
        game.redo()
        assert game.state == expected


@SETTINGS
@given(setup=game_setups(), ops=ops_strategy)
def test_replay_of_the_events_equals_the_live_state(setup: dict[str, Any], ops: list[Op]) -> None:
    """docs/architecture.md invariants (DESIGN.md model): replay equals live."""
    game, _ = run(_new(setup), ops, each_step=False)
    assert fold(game.root, game.events) == game.state
    for node in game.line():
        assert node.parent is not None
        assert fold(node.parent.state, node.events) == node.state


@SETTINGS
@given(setup=game_setups(), ops=ops_strategy, extra=st.integers(1, 6))
def test_fork_is_independent_of_its_parent(
    setup: dict[str, Any], ops: list[Op], extra: int
) -> None:
    """docs/architecture.md invariants (DESIGN.md History): fork is independent."""
    game, model = run(_new(setup), [*ops, ("fork", 1)], each_step=False)
    # Every parent left behind at a fork is exactly as it was.
    for parent, state, n_events, n_journal in model.forks:
        assert parent.state is state
        assert len(parent.events) == n_events
        assert len(parent.journal()) == n_journal
    # Applying on a fork does not change the parent, and vice versa.
    parent = game
    snapshot = (parent.state, parent.events, len(parent.journal()))
    fork = parent.fork()
    for k in range(extra):
        legal = fork.legal()
        if legal:
            fork.apply(legal[k % len(legal)])
    with contextlib.suppress(HistoryError):
        fork.undo()
    assert (parent.state, parent.events, len(parent.journal())) == snapshot
    fork_snapshot = (fork.state, fork.events)
    for k in range(extra):
        legal = parent.legal()
        if legal:
            parent.apply(legal[(k + 1) % len(legal)])
    assert (fork.state, fork.events) == fork_snapshot


@SETTINGS
@given(setup=game_setups(), ops=ops_strategy)
def test_same_seed_and_commands_give_the_same_events(setup: dict[str, Any], ops: list[Op]) -> None:
    """DESIGN.md Randomness: same seed and commands give the same events."""
    first, _ = run(_new(setup), ops, each_step=False)
    second = _new(setup)
    second.undo()  # back to the root: replay every command, the game's own start included
    assert second.state == first.root
    for command in first.commands:
        second.apply(command)
    assert second.events == first.events
    assert second.state == first.state


@settings(
    max_examples=20,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(setup=game_setups(), ops=ops_strategy)
def test_save_load_round_trip(setup: dict[str, Any], ops: list[Op]) -> None:
    """DESIGN.md Persistence: save/load round-trips any game."""
    game, _ = run(_new(setup), ops, each_step=False)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.fitl"
        game.save(path)
        for verify in (True, False):
            loaded, report = coinlake.load_with_report(path, verify=verify)
            assert report.torn is False
            assert loaded.state == game.state
            assert loaded.events == game.events
            assert [e.action for e in loaded.journal()] == [e.action for e in game.journal()]
            assert loaded.decision == game.decision
            legal = game.legal()
            if legal:  # both play on alike
                assert loaded.apply(legal[-1]) == game.fork().apply(legal[-1])


@SETTINGS
@given(setup=game_setups(), ops=ops_strategy)
def test_every_offered_command_validates_and_round_trips_as_text(
    setup: dict[str, Any], ops: list[Op]
) -> None:
    """DESIGN.md public API: offered commands validate and round-trip as text."""
    game, _ = run(_new(setup), ops, each_step=False)
    for command in game.legal():
        game.validate(command)
        assert game.parse(str(command)) == command
    for index, node in enumerate(game.line()):
        assert all(e.seq == index for e in node.events)
