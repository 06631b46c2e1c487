"""Trust at the edges, item 1 (issue #10): every Command field and every public entry point
checks types and ranges, with no coercion, and a refused value changes nothing.

A value of the wrong type raises ``TypeError``, a malformed one ``ValueError`` -- both with
a message -- when a command is built or parsed; an illegal command raises
``IllegalCommand`` naming its rule at ``validate``/``apply``, and then the game's state,
events and journal are exactly as before.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import (
    Choose,
    Command,
    Count,
    Done,
    Faction,
    Game,
    IllegalCommand,
    Move,
    Piece,
    Select,
)
from coinlake.state import commands
from coinlake.state.commands import MAX_NUMBER, MAX_TEXT, MAX_WORD

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
WORD = re.compile(r"[a-z0-9][a-z0-9+.\-]*")
KEYWORDS = {"select", "move", "done", "count"}


class IntLike:
    """An integer that is not an ``int`` (as ``numpy.int64`` is not): it converts, indexes
    and compares like one."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __int__(self) -> int:
        return self.value

    def __eq__(self, other: object) -> bool:
        return other == self.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __lt__(self, other: int) -> bool:
        return self.value < other

    def __le__(self, other: int) -> bool:
        return self.value <= other

    def __gt__(self, other: int) -> bool:
        return self.value > other

    def __ge__(self, other: int) -> bool:
        return self.value >= other

    def __repr__(self) -> str:
        return f"IntLike({self.value})"


class Word(str):
    """A ``str`` subclass: not a ``str`` for a command."""


ANYTHING: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-2, MAX_NUMBER + 2),
    st.floats(allow_nan=True),
    st.just(2.0),
    st.complex_numbers(),
    st.text(max_size=80),
    st.from_regex(r"[a-z0-9][a-z0-9+.\-]{0,70}", fullmatch=True),
    st.sampled_from(["pass", "saigon", "select", "done", "Saigon", "us-troops", "a b", ""]),
    st.binary(max_size=10),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.sampled_from(list(Piece)),
    st.sampled_from(list(Faction)),
    st.builds(IntLike, st.integers(-2, MAX_NUMBER + 2)),
    st.builds(Word, st.sampled_from(["pass", "saigon"])),
    st.just(object()),
    st.just(Done()),
)
"""Arbitrary values, many of them almost right."""

VALID: dict[type[Command], dict[str, Any]] = {
    Choose: {"option": "pass"},
    Select: {"space": "saigon"},
    Move: {"piece": Piece.US_TROOPS, "count": 2, "origin": "hue", "destination": "saigon"},
    Count: {"n": 3},
}
FIELDS = [(cls, name) for cls, fields in VALID.items() for name in fields]


def _word_ok(v: Any) -> bool:
    return type(v) is str and len(v) <= MAX_WORD and bool(WORD.fullmatch(v)) and v not in KEYWORDS


ACCEPTS: dict[str, Callable[[Any], bool]] = {
    "option": _word_ok,
    "space": _word_ok,
    "origin": _word_ok,
    "destination": _word_ok,
    "piece": lambda v: type(v) is Piece,
    "count": lambda v: type(v) is int and 1 <= v <= MAX_NUMBER,
    "n": lambda v: type(v) is int and 0 <= v <= MAX_NUMBER,
}
TYPES: dict[str, type[Any]] = {
    "option": str,
    "space": str,
    "origin": str,
    "destination": str,
    "piece": Piece,
    "count": int,
    "n": int,
}


@cache
def _games() -> tuple[Game, ...]:
    """Games waiting on different kinds of Decision (an action menu, a space to select, a
    number, pieces to move...), from a random game's first few hundred steps."""
    game = coinlake.new_game("full", seed=10)
    rnd = random.Random(10)
    found: dict[str, Game] = {}
    for _ in range(400):
        decision = game.decision
        if decision is None:
            break
        found.setdefault(decision.kind.value, game.fork())
        game.apply(rnd.choice(decision.options))
    assert {"action", "select-space"} <= set(found)
    return tuple(found.values())


def _refused_unchanged(game: Game, value: Any) -> None:
    """``value`` is applied (it must be refused) and the game is exactly as before."""
    before, events, journal = game.state, game.events, len(game.journal())
    if isinstance(value, Command):
        with pytest.raises(IllegalCommand) as info:
            game.validate(value)
        assert info.value.rule and str(info.value)
        with pytest.raises(IllegalCommand):
            game.apply(value)
    else:
        with pytest.raises(TypeError, match="Command"):
            game.validate(value)
        with pytest.raises(TypeError, match="Command"):
            game.apply(value)
    assert game.state is before
    assert game.events == events
    assert len(game.journal()) == journal


@pytest.mark.parametrize(("cls", "name"), FIELDS, ids=[f"{c.__name__}.{n}" for c, n in FIELDS])
@SETTINGS
@given(value=ANYTHING)
def test_every_command_field_is_checked_exactly(cls: type[Command], name: str, value: Any) -> None:
    """Each field takes exactly its type and range -- no ``bool``, ``float``, integer-like
    or ``str`` subclass -- else ``TypeError`` (wrong type) or ``ValueError`` (out of range,
    malformed), with a message; what is built round-trips through the notation."""
    fields = {**VALID[cls], name: value}
    if ACCEPTS[name](value):
        command = cls(**fields)
        assert getattr(command, name) is value
        assert coinlake.parse(str(command)) == command
        return
    expected = TypeError if type(value) is not TYPES[name] else ValueError
    with pytest.raises(expected) as info:
        cls(**fields)
    assert str(info.value)


@SETTINGS
@given(data=st.data())
def test_a_refused_command_changes_nothing(data: st.DataObject) -> None:
    """Any value given to ``validate``/``apply`` -- a command built from arbitrary field
    values, or not a command at all -- is legal, or refused (``IllegalCommand`` naming the
    rule, ``TypeError`` for a non-command) with the state, events and journal unchanged."""
    game = data.draw(st.sampled_from(_games()))
    cls, name = data.draw(st.sampled_from(FIELDS))
    value = data.draw(ANYTHING)
    try:
        candidate: Any = cls(**{**VALID[cls], name: value})
    except (TypeError, ValueError):
        candidate = value
    if isinstance(candidate, Command) and candidate in game.legal():
        fork = game.fork()
        fork.apply(candidate)
        return
    _refused_unchanged(game, candidate)


def test_every_kind_of_decision_refuses_wrong_commands() -> None:
    """At every sampled Decision, a legal command's near misses are refused."""
    for game in _games():
        legal = game.legal()
        for wrong in (Choose("no-such-option"), Select("hue"), Count(MAX_NUMBER), Done()):
            if wrong not in legal:
                _refused_unchanged(game, wrong)
        for value in ("pass", str(legal[0]), None, 3, legal, object()):
            _refused_unchanged(game, value)


@pytest.mark.parametrize("text", [None, 3, b"pass", ["pass"], Choose("pass"), IntLike(3)], ids=repr)
def test_parse_refuses_what_is_not_text(text: Any) -> None:
    """``coinlake.parse`` (and ``Game.parse``) take a ``str``; anything else is a
    ``TypeError`` with a message."""
    with pytest.raises(TypeError, match="str"):
        coinlake.parse(text)
    with pytest.raises(TypeError, match="str"):
        coinlake.new_game("short", seed=1).parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "move 2 us-troops hue",
        "count -1",
        "count 1.0",
        "count ²",
        "count ١٢",
        "count 1000",
        "move 0 us-troops hue saigon",
        "move 2 tanks hue saigon",
        "select",
        "select a b",
        "Select SAIGON!",
        "x" * (MAX_TEXT + 1),
        "done now",
    ],
)
def test_parse_refuses_malformed_text(text: str) -> None:
    with pytest.raises(ValueError) as info:
        coinlake.parse(text)
    assert str(info.value)


NEW = coinlake.new_game
START = coinlake.new_game("short", seed=1).state


@pytest.mark.parametrize(
    ("call", "args", "kwargs", "error", "words"),
    [
        (NEW, (3,), {}, TypeError, "scenario"),
        (NEW, ("tiny",), {}, ValueError, "scenario"),
        (NEW, ("short",), {"seed": 1.0}, TypeError, "seed"),
        (NEW, ("short",), {"seed": True}, TypeError, "seed"),
        (NEW, ("short",), {"seed": IntLike(1)}, TypeError, "seed"),
        (NEW, ("short",), {"seed": -1}, ValueError, "seed"),
        (NEW, ("short",), {"seed": 2**64}, ValueError, "seed"),
        (NEW, ("short",), {"period_events": "yes"}, TypeError, "period_events"),
        (NEW, ("short",), {"high_winds": 1}, TypeError, "high_winds"),
        (NEW, ("short",), {"non_players": "NVA"}, TypeError, "non_players"),
        (NEW, ("short",), {"non_players": 3}, TypeError, "non_players"),
        (NEW, ("short",), {"non_players": ["NVA", "NVA"]}, ValueError, "twice"),
        (NEW, ("short",), {"non_players": ["XX"]}, ValueError, "Faction"),
        (NEW, ("short",), {"players": ["NVA"]}, TypeError, "players"),
        (
            NEW,
            ("short",),
            {"deception": True, "handicap": {"US": "hidden-asset"}},
            TypeError,
            "handicap",
        ),
        (NEW, ("short",), {"deception": True, "handicap": {"US": (1, 2)}}, TypeError, "handicap"),
        (NEW, ("short",), {"undo": 3}, TypeError, "undo"),
        (NEW, ("short",), {"undo": "lenient"}, ValueError, "lenient"),
        (Game, (None,), {}, TypeError, "GameState"),
        (coinlake.load, (None,), {}, TypeError, "path"),
        (coinlake.load, ("x.fitl",), {"verify": "yes"}, TypeError, "verify"),
        (coinlake.load, ("x.fitl",), {"key": "secret"}, TypeError, "key"),
        (coinlake.load, ("x.fitl",), {"key": b""}, ValueError, "key"),
        (coinlake.load, ("x.fitl",), {"key": b"k" * 65}, ValueError, "key"),
        (coinlake.load_view, (3,), {}, TypeError, "path"),
        (coinlake.event_effective, (START, "3", "unshaded", "US"), {}, TypeError, "card"),
        (coinlake.event_effective, (START.rng, 3, "unshaded", "US"), {}, TypeError, "GameState"),
        (coinlake.event_preview, (START, 999, "unshaded", "US"), {}, ValueError, "card"),
        (coinlake.event_preview, (START, 3, "sideways", "US"), {}, ValueError, "sideways"),
        (coinlake.from_position, (None,), {}, TypeError, "text"),
        (coinlake.from_position, (coinlake.position(START),), {"undo": 1}, TypeError, "undo"),
    ],
    ids=lambda v: getattr(v, "__name__", None),
)
def test_entry_points_check_their_arguments(
    call: Callable[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    error: type[Exception],
    words: str,
) -> None:
    """The public constructors and entry points refuse a wrong type with ``TypeError`` and
    a bad value with ``ValueError``, saying which argument."""
    with pytest.raises(error, match=words):
        call(*args, **kwargs)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda g: g.apply("pass"), TypeError, "Command"),
        (lambda g: g.apply(Choose("pass"), why="because"), TypeError, "Why"),
        (lambda g: g.validate(None), TypeError, "Command"),
        (lambda g: g.undo(faction="XX"), ValueError, "Faction"),
        (lambda g: g.view("XX"), ValueError, "Faction"),
        (lambda g: g.seat("US", 3), TypeError, "choose"),
        (lambda g: g.seat("XX", None), ValueError, "Faction"),
        (lambda g: g.play_non_players(limit="2"), TypeError, "limit"),
        (lambda g: g.play_non_players(limit=-1), ValueError, "limit"),
        (lambda g: g.save(3), TypeError, "path"),
        (lambda g: g.save("x.fitl", key="k"), TypeError, "key"),
        (lambda g: g.export("x.fitl", "XX"), ValueError, "Faction"),
        (lambda g: g.reseed(-1), ValueError, "seed"),
        (lambda g: g.reseed(1.0), ValueError, "seed"),
    ],
)
def test_game_methods_check_their_arguments(
    call: Callable[[Game], Any], error: type[Exception], words: str
) -> None:
    """A refused argument changes nothing (and writes nothing)."""
    game = coinlake.new_game("short", seed=1)
    before, journal = game.state, len(game.journal())
    with pytest.raises(error, match=words):
        call(game)
    assert game.state is before and len(game.journal()) == journal


def test_words_found_valid_are_kept_boundedly_and_never_excuse_a_bad_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Valid words are remembered (commands are rebuilt from a small vocabulary all game
    long), at most a bounded number of them, and remembering never lets through a word the
    rules refuse, nor a ``str`` subclass equal to a remembered word."""
    monkeypatch.setattr(commands, "_GOOD_WORDS", set())
    for n in range(commands._GOOD_WORDS_KEPT + 100):
        Select(f"space-{n}")
    assert len(commands._GOOD_WORDS) == commands._GOOD_WORDS_KEPT
    assert Select("saigon") == Select("saigon")
    for bad in ("Saigon", "select", "", "x" * (MAX_WORD + 1), "sai gon"):
        with pytest.raises(ValueError, match="not a valid command word"):
            Select(bad)
    with pytest.raises(TypeError):
        Select(Word("saigon"))
