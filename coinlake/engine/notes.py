"""Notes in a game's journal (:meth:`Game.annotate <coinlake.engine.game.Game.annotate>`):
data an analyst attaches to the record of a game -- an evaluation table, a comment -- that
never changes the position, the events or what is legal.

A note's data is JSON-like: ``None``, ``bool``, ``int`` (in -2**63..2**64-1, what a log
file can hold), finite ``float``, ``str``, ``list`` (or ``tuple``) and ``dict`` with ``str``
keys; at most :data:`MAX_NOTE_DEPTH` containers deep and :data:`MAX_NOTE_BYTES` bytes as a
log file stores it (msgpack), so that every note fits one frame of a log file. The journal
keeps its own frozen copy (arrays as tuples); :meth:`Game.notes` hands out fresh lists and
dicts, so changing them changes nothing in the game.

>>> import coinlake
>>> game = coinlake.new_game("short", seed=7)
>>> note = game.annotate("comment", {"text": "a quiet opening", "tags": ["opening"]})
>>> game.notes() == (note,), note.data["tags"]
(True, ['opening'])
"""

from __future__ import annotations

import math
import re
from typing import Any

from attrs import frozen

MAX_NOTE_BYTES = 3 * 1024 * 1024
"""The largest note data, in bytes as a log file stores it (a frame holds at most 4 MiB)."""
MAX_NOTE_DEPTH = 32
"""The deepest nesting of lists and dicts in note data."""
KIND_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}"
"""A note's kind: a letter or digit, then up to 63 letters, digits or ``_.:-``."""

_KIND = re.compile(KIND_PATTERN)
_INT_LOW, _INT_HIGH = -(2**63), 2**64 - 1


@frozen
class Note:
    """A note of the journal: its ``kind`` (e.g. ``"evaluation"``), ``index``, its place
    in the journal (``game.journal()[index].node`` is the position it was made at), and
    ``data``, a JSON-like value (lists and dicts: the caller's own copy)."""

    kind: str
    index: int
    data: Any


def check_kind(kind: object) -> str:
    """``kind`` if it is a valid note kind (:data:`KIND_PATTERN`); else ``TypeError`` or
    ``ValueError``."""
    if type(kind) is not str:
        raise TypeError(f"a note's kind is a str, not {type(kind).__name__}")
    if not _KIND.fullmatch(kind):
        raise ValueError(f"a note's kind matches {KIND_PATTERN}, not {kind!r}"[:200])
    return kind


def freeze(data: object) -> Any:
    """A frozen copy of JSON-like ``data`` (arrays as tuples, dicts copied), checked: a
    ``TypeError`` names a value of another type, a ``ValueError`` a value out of range, data
    nested too deep or too large (:data:`MAX_NOTE_DEPTH`, :data:`MAX_NOTE_BYTES`); each
    says where in ``data``."""
    size = [0]
    frozen_data = _freeze(data, 0, size, "data")
    _check_size(size)
    return frozen_data


def _check_size(size: list[int]) -> None:
    if size[0] > MAX_NOTE_BYTES:
        raise ValueError(f"note data takes more than {MAX_NOTE_BYTES} bytes as a log stores it")


def _freeze(value: object, depth: int, size: list[int], where: str) -> Any:
    """``value`` checked and frozen; ``size`` grows by its msgpack size."""
    if value is None or type(value) is bool:
        size[0] += 1
        return value
    if type(value) is int:
        if not _INT_LOW <= value <= _INT_HIGH:
            raise ValueError(f"note {where}: an int in -2**63..2**64-1, not {value}"[:200])
        size[0] += _int_size(value)
        return value
    if type(value) is float:
        if not math.isfinite(value):
            raise ValueError(f"note {where}: a float is finite, not {value}")
        size[0] += 9
        return value
    if type(value) is str:
        size[0] += _str_size(value, where)
        return value
    if type(value) is list or type(value) is tuple or type(value) is dict:
        if depth >= MAX_NOTE_DEPTH:
            raise ValueError(f"note {where}: nested more than {MAX_NOTE_DEPTH} deep")
        size[0] += _head(len(value))
    if type(value) is list or type(value) is tuple:
        items = []
        for i, item in enumerate(value):
            items.append(_freeze(item, depth + 1, size, f"{where}[{i}]"))
            _check_size(size)
        return tuple(items)
    if type(value) is dict:
        out = {}
        for key, item in value.items():
            if type(key) is not str:
                name = type(key).__name__
                raise TypeError(f"note {where}: a dict's keys are str, not {name} ({key!r})"[:200])
            size[0] += _str_size(key, where)
            out[key] = _freeze(item, depth + 1, size, f"{where}[{key!r}]"[:120])
            _check_size(size)
        return out
    raise TypeError(
        f"note {where}: JSON-like data is None, bool, int, float, str, list or dict,"
        f" not {type(value).__name__}"
    )


def _int_size(value: int) -> int:
    if -32 <= value <= 127:
        return 1
    for bits, total in ((8, 2), (16, 3), (32, 5)):
        if -(2 ** (bits - 1)) <= value < 2**bits:
            return total
    return 9


def _head(count: int) -> int:
    """The msgpack size of an array's or a map's header."""
    return 1 if count < 16 else (3 if count < 65536 else 5)


def _str_size(text: str, where: str) -> int:
    """The msgpack size of a string (``ValueError`` for one UTF-8 cannot encode)."""
    try:
        n = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise ValueError(f"note {where}: a str is valid Unicode (no lone surrogate)") from None
    return n + (1 if n < 32 else 2 if n < 256 else 3 if n < 65536 else 5)


def thaw(data: Any) -> Any:
    """A fresh plain copy of frozen note data: tuples as lists, dicts copied."""
    t = type(data)
    if t is tuple:
        return [thaw(item) for item in data]
    if t is dict:
        return {key: thaw(item) for key, item in data.items()}
    return data
