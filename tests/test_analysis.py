"""``coinlake.analysis``: position evaluation by Non-player rollouts and its statistics."""

from __future__ import annotations

import math
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import coinlake
from coinlake import Faction
from coinlake.analysis import evaluate, mean_interval, rollout_seed, wilson
from coinlake.analysis.stats import t95
from coinlake.data.scenarios import SCENARIOS

ALL = set(Faction)


@cache
def finished() -> coinlake.Game:
    """A Short game played to its end by the four Non-players (section 8)."""
    game = coinlake.new_game("short", seed=2, non_players=ALL)
    game.play_non_players()
    assert game.state.result is not None
    return game


# -- statistics --------------------------------------------------------------------------------
def test_wilson_interval_of_known_rates() -> None:
    """Wilson score intervals at 95% (Newcombe 1998, table I: 15/148 -> 0.0624-0.1605;
    0/10 -> 0-0.2775; 7/10 -> 0.3968-0.8922)."""
    for (k, n), (low, high) in {
        (15, 148): (0.0624, 0.1605),
        (0, 10): (0.0, 0.2775),
        (7, 10): (0.3968, 0.8922),
    }.items():
        got = wilson(k, n)
        assert got[0] == pytest.approx(low, abs=1e-4) and got[1] == pytest.approx(high, abs=1e-4)
    assert wilson(0, 4)[1] == pytest.approx(3.8415 / 7.8415, abs=1e-4)  # z^2 / (n + z^2)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_t_quantiles_match_the_tables() -> None:
    assert t95(1) == 12.706 and t95(10) == 2.228
    assert t95(40) == pytest.approx(2.021, abs=1e-3)
    assert t95(60) == pytest.approx(2.000, abs=1e-3)
    assert t95(120) == pytest.approx(1.980, abs=1e-3)
    with pytest.raises(ValueError):
        t95(0)


@given(st.integers(0, 500), st.integers(1, 500))
def test_a_wilson_interval_holds_the_rate(k: int, n: int) -> None:
    k = min(k, n)
    low, high = wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0


@given(st.lists(st.floats(-50, 50), min_size=1, max_size=40))
def test_a_mean_interval_holds_the_mean(values: list[float]) -> None:
    mean, low, high = mean_interval(values)
    assert low <= mean + 1e-9 and mean <= high + 1e-9
    assert mean == pytest.approx(math.fsum(values) / len(values))
    if len(set(values)) == 1:
        assert high - low == pytest.approx(0.0, abs=1e-9)


def test_mean_interval_by_hand() -> None:
    """1, 2, 3: mean 2, sample sd 1, half-width t(2) / sqrt(3) = 4.303 / 1.7321 = 2.4843."""
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert (mean, low, high) == pytest.approx((2.0, -0.4843, 4.4843), abs=1e-4)
    with pytest.raises(ValueError):
        mean_interval([])


# -- evaluation --------------------------------------------------------------------------------
def test_a_finished_game_evaluates_to_its_result_7_2() -> None:
    game = finished()
    result = game.state.result
    assert result is not None
    evaluation = evaluate(game, rollouts=5)
    for outlook, margin, faction in zip(evaluation, result.margins, Faction, strict=True):
        assert outlook.faction is faction
        assert outlook.win == (1.0 if faction in result.winner else 0.0)
        assert outlook.margin == margin == outlook.margin_low == outlook.margin_high


def test_one_step_from_the_end_the_winner_is_obvious_7_2() -> None:
    """From the position before the game's last command (its final victory check already
    decided), every rollout ends the same way: the real winner wins them all."""
    game = finished()
    result = game.state.result
    assert result is not None
    before = coinlake.Game.from_state(game.line()[-2].state)
    assert before.state.result is None
    evaluation = evaluate(before, rollouts=4, seed=3)
    assert evaluation.rollouts == 4
    for outlook, margin, faction in zip(evaluation, result.margins, Faction, strict=True):
        assert outlook.win == (1.0 if faction in result.winner else 0.0)
        assert outlook.win_low <= outlook.win <= outlook.win_high
        assert outlook.margin == margin


def late() -> coinlake.Game:
    """A position some 60 commands before the end of :func:`finished`."""
    return coinlake.Game.from_state(finished().line()[-60].state)


def test_the_same_seed_gives_the_same_numbers_in_any_process() -> None:
    game = late()
    one = evaluate(game, rollouts=4, seed=9)
    assert evaluate(game, rollouts=4, seed=9) == one
    assert evaluate(game, rollouts=4, seed=9, jobs=2) == one
    assert math.fsum(o.win for o in one) == pytest.approx(1.0)  # one winner per rollout


def _with_deck(text: str, deck: tuple[int, ...]) -> str:
    lines = [
        f"deck {' '.join(map(str, deck))}" if line.startswith("deck ") else line
        for line in text.splitlines()
    ]
    return "\n".join(lines) + "\n"


def test_the_hidden_deck_order_is_never_read_2_1() -> None:
    """Two games that differ only in the order of unseen cards within their piles get the
    same evaluation from the same seed; omniscient evaluations play the real orders."""
    game = coinlake.new_game("short", seed=6)
    state = game.state
    size = SCENARIOS["short"].events_per_pile + 1
    deck = state.deck
    piles = [deck[max(0, e - size) : e] for e in range(len(deck), 0, -size)]
    other = tuple(c for pile in reversed(piles) for c in reversed(pile))
    assert other != deck
    text = coinlake.position(state)
    same = coinlake.from_position(_with_deck(text, deck))
    swapped = coinlake.from_position(_with_deck(text, other))
    assert swapped.state.deck == other
    assert evaluate(same, rollouts=3, seed=5) == evaluate(swapped, rollouts=3, seed=5)
    omniscient = evaluate(same, rollouts=3, seed=5, omniscient=True)
    assert omniscient.omniscient and omniscient.rollouts == 3


def test_rollout_seeds_are_fixed_64_bit_numbers() -> None:
    """Derived from a digest, not from Python's per-process string hash."""
    seeds = {rollout_seed(1, i) for i in range(100)}
    assert len(seeds) == 100 and all(0 <= s < 2**64 for s in seeds)
    assert rollout_seed(1, 0) == int.from_bytes(
        __import__("hashlib").blake2b(b"coinlake-evaluate:1:0", digest_size=8).digest(), "big"
    )


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"rollouts": 0}, "rollouts"),
        ({"jobs": 0}, "jobs"),
        ({"seed": -1}, "seed"),
        ({"engine": "threads"}, "engine"),
        ({"rollouts": 2.0}, "rollouts"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], match: str) -> None:
    game = coinlake.new_game("short", seed=1)
    before = game.state
    with pytest.raises(ValueError, match=match):
        evaluate(game, **kwargs)  # type: ignore[arg-type]
    assert game.state is before


def test_ray_gives_the_local_numbers() -> None:
    ray = pytest.importorskip("ray")
    game = late()
    local = evaluate(game, rollouts=2, seed=2, jobs=2)
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert evaluate(game, rollouts=2, seed=2, jobs=2, engine="ray") == local
    finally:
        ray.shutdown()
