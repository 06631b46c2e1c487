"""Commands: the small, immutable answers to a pending Decision, with a text notation.

Every command has a compact text form that :func:`parse` reads back:

>>> str(Choose("pass")), str(Select("quang-tri-thua-thien")), str(Done())
('pass', 'select quang-tri-thua-thien', 'done')
>>> str(Move(Piece.US_TROOPS, 2, "hue", "quang-tri-thua-thien"))
'move 2 us-troops hue quang-tri-thua-thien'
>>> cmd = Move(Piece.US_TROOPS, 2, "hue", "quang-tri-thua-thien")
>>> parse(str(cmd)) == cmd
True
>>> str(Count(3)), parse("count 3") == Count(3)
('count 3', True)

Every field is checked when a command is built, with no coercion: a word is a ``str`` of
at most :data:`MAX_WORD` characters in the notation's alphabet, a piece a :class:`Piece`, a
number an ``int`` (not a ``bool``, a ``float`` or another integer-like type) in its range.
A value of the wrong type raises ``TypeError``, a malformed one ``ValueError``.
"""

from __future__ import annotations

import re

from attrs import field, frozen

from coinlake.data.pieces import PIECE_BY_TOKEN, Piece

MAX_WORD = 64
"""The longest word (option, space id, box) a command may hold."""
MAX_NUMBER = 999
"""The largest number a command may hold (no count, Resource or level of the game is near)."""
MAX_TEXT = 512
"""The longest text :func:`parse` reads."""
_WORD = re.compile(r"[a-z0-9][a-z0-9+.\-]*")
_DIGITS = re.compile(r"[0-9]+")
_KEYWORDS = frozenset({"select", "move", "done", "count"})


def _check_word(_: object, attribute: object, value: str) -> None:
    if type(value) is not str:
        raise TypeError(f"a command word is a str, not {type(value).__name__}: {value!r}"[:200])
    if value in _GOOD_WORDS:
        return
    if len(value) > MAX_WORD or not _WORD.fullmatch(value) or value in _KEYWORDS:
        raise ValueError(f"not a valid command word: {value!r}"[:200])
    if len(_GOOD_WORDS) < _GOOD_WORDS_KEPT:
        _GOOD_WORDS.add(value)


_GOOD_WORDS: set[str] = set()
"""Words already found valid: commands are built from a small vocabulary (space ids,
options), over and over."""
_GOOD_WORDS_KEPT = 4096


def _check_number(what: str, value: object, low: int) -> None:
    if type(value) is not int:
        raise TypeError(f"{what} is an int, not {type(value).__name__}: {value!r}"[:200])
    if not low <= value <= MAX_NUMBER:
        raise ValueError(f"{what} is a whole number in {low}..{MAX_NUMBER}, not {value!r}")


class Command:
    """Base class of every command; subclasses are frozen value types."""

    __slots__ = ()


@frozen
class Choose(Command):
    """Pick a named option: ``pass``, ``event``, ``sweep``, ``unshaded``, ``begin`` ..."""

    option: str = field(validator=_check_word)

    def __str__(self) -> str:
        return self.option


@frozen
class Select(Command):
    """Select a space (by id) for the step in progress."""

    space: str = field(validator=_check_word)

    def __str__(self) -> str:
        return f"select {self.space}"


@frozen
class Move(Command):
    """Move ``count`` pieces of one form from ``origin`` to ``destination``.

    Origins and destinations are space ids or the boxes ``available``, ``casualties``,
    ``out-of-play``.
    """

    piece: Piece = field()
    count: int = field()
    origin: str = field(validator=_check_word)
    destination: str = field(validator=_check_word)

    @piece.validator
    def _a_piece(self, _: object, value: Piece) -> None:
        if type(value) is not Piece:
            raise TypeError(f"a Move's piece is a Piece, not {type(value).__name__}: {value!r}")

    @count.validator
    def _positive(self, _: object, value: int) -> None:
        _check_number("a Move's count (at least one piece)", value, 1)

    def __str__(self) -> str:
        return f"move {self.count} {self.piece.token} {self.origin} {self.destination}"


@frozen
class Count(Command):
    """A number: how many pieces, Resources, levels... (the ``how-many`` decisions)."""

    n: int = field()

    @n.validator
    def _whole(self, _: object, value: int) -> None:
        _check_number("a Count", value, 0)

    def __str__(self) -> str:
        return f"count {self.n}"


@frozen
class Done(Command):
    """Finish the step in progress (stop selecting spaces, stop moving pieces...)."""

    def __str__(self) -> str:
        return "done"


COMMAND_TYPES: tuple[type[Command], ...] = (Choose, Select, Move, Count, Done)


def parse(text: str) -> Command:
    """Read a command from its text notation; raises ``ValueError`` when malformed and
    ``TypeError`` when ``text`` is not a ``str``."""
    if not isinstance(text, str):
        raise TypeError(f"a command's notation is a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"a command's notation is at most {MAX_TEXT} characters long")
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty command")
    head, rest = words[0], words[1:]
    if head == "done" and not rest:
        return Done()
    if head == "count" and len(rest) == 1 and _DIGITS.fullmatch(rest[0]):
        return Count(int(rest[0]))
    if head == "select" and len(rest) == 1:
        return Select(rest[0])
    if head == "move" and len(rest) == 4:
        count, token, origin, destination = rest
        if not _DIGITS.fullmatch(count) or token not in PIECE_BY_TOKEN:
            raise ValueError(f"malformed move: {text!r}")
        return Move(PIECE_BY_TOKEN[token], int(count), origin, destination)
    if len(words) == 1 and head not in _KEYWORDS:
        return Choose(head)
    raise ValueError(f"not a command: {text!r}")
