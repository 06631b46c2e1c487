"""A question's legal answers are built lazily: ``Ask.accepts`` builds them only up to the
command it is asked about, and the list built later is the same list in the same order."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import coinlake
from coinlake import Choose, Command, Kind, Select
from coinlake.data.map import SPACES
from coinlake.rules.core import MAX_OPTIONS, Ask

IDS = [s.id for s in SPACES]


def counted(options: list[Command], built: list[Command]) -> Ask:
    """A space question whose builder records each option as it yields it."""

    def build() -> Iterator[Command]:
        for option in options:
            built.append(option)
            yield option

    def no_context() -> coinlake.Context:
        raise AssertionError("the context is not needed")

    return Ask(None, Kind.SELECT_SPACE, "Which space?", build, "2.0", context=no_context)


@example(spaces=["hue"], asked="hue", peeked=2)  # the check looked further than there were
@given(
    spaces=st.lists(st.sampled_from(IDS), unique=True, max_size=40),
    asked=st.sampled_from(IDS),
    peeked=st.integers(0, 3),
)
def test_accepts_builds_only_up_to_the_command(spaces: list[str], asked: str, peeked: int) -> None:
    options: list[Command] = [Select(s) for s in spaces]
    built: list[Command] = []
    ask = counted(options, built)
    ask._first(peeked)  # what the engine's forced-answer check builds
    legal = asked in spaces
    assert ask.accepts(Select(asked)) is legal
    if legal:  # what the check built, and no further than the command asked about
        assert len(built) == max(min(peeked, len(spaces)), spaces.index(asked) + 1)
    else:
        assert built == options  # an illegal answer is looked for everywhere
    assert ask.options == tuple(options)  # the same answers, in the same order, once each
    assert built == options
    assert ask.accepts(Select(asked)) is legal


def test_an_answer_of_another_type_is_refused() -> None:
    built: list[Command] = []
    ask = counted([Select("hue"), Select("saigon")], built)
    assert not ask.accepts(Choose("hue"))
    assert ask.options == (Select("hue"), Select("saigon"))


def test_too_many_options_are_an_error_even_while_seeking() -> None:
    many: list[Command] = [Choose(f"x{i}") for i in range(MAX_OPTIONS + 5)]
    ask = counted(many, [])
    with pytest.raises(RuntimeError, match="options"):
        ask.accepts(Choose("absent"))


def test_validating_a_parsed_command_leaves_legal_whole() -> None:
    """``game.validate`` of a command typed as text, then ``legal()``: every answer, in
    the order a fresh game gives them."""
    rng = random.Random(5)
    for seed in range(3):
        game = coinlake.new_game("short", seed=seed)
        for _ in range(60):
            reference = pickle.loads(pickle.dumps(game))  # asks its question afresh
            expected = reference.legal()
            if not expected:
                break
            pick = expected[rng.randrange(len(expected))]
            game.validate(game.parse(str(pick)))
            assert game.legal() == expected
            game.apply(pick)
