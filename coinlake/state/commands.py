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
"""

from __future__ import annotations

import re

from attrs import field, frozen

from coinlake.data.pieces import PIECE_BY_TOKEN, Piece

_WORD = re.compile(r"[a-z0-9][a-z0-9+.\-]*")
_KEYWORDS = frozenset({"select", "move", "done", "count"})


def _check_word(_: object, attribute: object, value: str) -> None:
    if not isinstance(value, str) or not _WORD.fullmatch(value) or value in _KEYWORDS:
        raise ValueError(f"not a valid command word: {value!r}")


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

    piece: Piece
    count: int = field()
    origin: str = field(validator=_check_word)
    destination: str = field(validator=_check_word)

    @count.validator
    def _positive(self, _: object, value: int) -> None:
        if value < 1:
            raise ValueError("a Move moves at least one piece")

    def __str__(self) -> str:
        return f"move {self.count} {self.piece.token} {self.origin} {self.destination}"


@frozen
class Count(Command):
    """A number: how many pieces, Resources, levels... (the ``how-many`` decisions)."""

    n: int = field()

    @n.validator
    def _whole(self, _: object, value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"a Count is a whole number >= 0, not {value!r}")

    def __str__(self) -> str:
        return f"count {self.n}"


@frozen
class Done(Command):
    """Finish the step in progress (stop selecting spaces, stop moving pieces...)."""

    def __str__(self) -> str:
        return "done"


COMMAND_TYPES: tuple[type[Command], ...] = (Choose, Select, Move, Count, Done)


def parse(text: str) -> Command:
    """Read a command from its text notation; raises ``ValueError`` when malformed."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty command")
    head, rest = words[0], words[1:]
    if head == "done" and not rest:
        return Done()
    if head == "count" and len(rest) == 1 and rest[0].isdigit():
        return Count(int(rest[0]))
    if head == "select" and len(rest) == 1:
        return Select(rest[0])
    if head == "move" and len(rest) == 4:
        count, token, origin, destination = rest
        if not count.isdigit() or token not in PIECE_BY_TOKEN:
            raise ValueError(f"malformed move: {text!r}")
        return Move(PIECE_BY_TOKEN[token], int(count), origin, destination)
    if len(words) == 1 and head not in _KEYWORDS:
        return Choose(head)
    raise ValueError(f"not a command: {text!r}")
