"""Dice come from the generator inside GameState and are recorded as DieRolled events
(DESIGN.md "Randomness"); replay, undo and strict undo respect them."""

from __future__ import annotations

import pytest

import coinlake
from coinlake.engine import Game, advance, fold, start_procedure
from coinlake.rules.core import Ctx, Kind, Proc, procedure
from coinlake.state.commands import Choose, Done
from coinlake.state.events import DieRolled
from coinlake.state.model import GameState, Track, replace, with_dice

ROLL = Choose("roll")


@procedure("tests.dice")
def _dice(ctx: Ctx) -> Proc:
    """Roll a die each time the US asks, adding the roll to Aid (a test-only procedure)."""
    while True:
        answer = yield ctx.ask(coinlake.Faction.US, Kind.YES_NO, "roll?", (ROLL, Done()), "test")
        if answer == Done():
            return
        ctx.add_track(Track.AID, ctx.roll("test roll", "test"), "test")


def _dice_game(undo: str = "free", seed: int = 5) -> Game:
    game = coinlake.new_game("short", seed=seed, undo=undo)
    state: GameState = game.state
    assert state.pending is not None
    # the test procedure starts from the current position, outside the Sequence of Play
    return Game(start_procedure(replace(state, pending=None), "tests.dice"), undo=undo)


def test_roll_is_recorded_and_advances_the_generator() -> None:
    game = _dice_game()
    before = game.state
    events = game.apply(ROLL)
    rolls = [e for e in events if isinstance(e, DieRolled)]
    assert len(rolls) == 1 and 1 <= rolls[0].value <= 6
    assert game.state.rng.counter == before.rng.counter + 1
    assert game.state.aid == min(75, before.aid + rolls[0].value)


def test_same_seed_same_rolls_and_replay_never_rerolls() -> None:
    a, b = _dice_game(seed=9), _dice_game(seed=9)
    for _ in range(20):
        assert a.apply(ROLL) == b.apply(ROLL)
    assert fold(a.root, a.events) == a.state


def test_undo_then_reapply_rolls_the_same_value() -> None:
    """The generator's state is part of GameState, so undo restores it (DESIGN.md)."""
    game = _dice_game()
    first = game.apply(ROLL)
    game.undo()
    assert game.apply(ROLL) == first


def test_different_seeds_give_different_sequences() -> None:
    a, b = _dice_game(seed=1), _dice_game(seed=2)
    rolls_a = [e for _ in range(30) for e in a.apply(ROLL) if isinstance(e, DieRolled)]
    rolls_b = [e for _ in range(30) for e in b.apply(ROLL) if isinstance(e, DieRolled)]
    assert [r.value for r in rolls_a] != [r.value for r in rolls_b]


def test_strict_undo_refuses_to_undo_a_die_roll() -> None:
    game = _dice_game(undo="strict")
    game.apply(ROLL)
    with pytest.raises(coinlake.HistoryError):
        game.undo()


def test_replayed_procedure_matches_live_one() -> None:
    """After the live generator is consumed, the engine re-runs the procedure from its start
    with the recorded answers: the events must be identical (architecture.md)."""
    game = _dice_game()
    for _ in range(5):
        game.apply(ROLL)
    state = game.state
    live = game.fork().apply(ROLL)  # consumes the cached live generator
    replayed, _, _ = advance(state, ROLL)  # must re-run the procedure from its start
    assert replayed == live


def test_fixed_dice_come_first_then_the_generator() -> None:
    """``with_dice`` fixes the next rolls (the documented way for tests, DESIGN.md): they
    are used in order, leave the generator untouched, and then the generator resumes."""
    game = _dice_game(seed=3)
    plain = _dice_game(seed=3)
    fixed = Game(with_dice(game.state, 6, 1, 4))
    rolls = [e.value for _ in range(5) for e in fixed.apply(ROLL) if isinstance(e, DieRolled)]
    assert rolls[:3] == [6, 1, 4]
    assert fixed.state.fixed_dice == () and fixed.state.rng.counter == game.state.rng.counter + 2
    unfixed = [e.value for _ in range(2) for e in plain.apply(ROLL) if isinstance(e, DieRolled)]
    assert rolls[3:] == unfixed  # the generator was not drawn while fixed rolls lasted
    assert fold(fixed.root, fixed.events) == fixed.state  # the reducer consumes them too


@pytest.mark.parametrize("bad", [0, 7, -1, True, 2.0])
def test_fixed_dice_must_be_die_faces(bad: object) -> None:
    game = _dice_game()
    with pytest.raises(ValueError, match="1 to 6"):
        with_dice(game.state, bad)  # type: ignore[arg-type]
