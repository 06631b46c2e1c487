"""Fast positional constructors for attrs classes, for the hot paths that build many small
frozen values: the rules' and the engine's events, the log reader's decoded values.

An attrs ``__init__`` of a frozen, slotted class sets each field through
``object.__setattr__`` and, for keyword-only fields, parses keywords: several times the
cost of filling the slots. Where ``__init__`` does nothing else (no validator, converter
or hook: :func:`plain_slots`), :func:`constructor` fills them directly.

>>> from coinlake.state.events import TrackChanged
>>> from coinlake.state.model import Track
>>> make = constructor(TrackChanged)
>>> made = make(3, "6.2.1", Track.AID, 12, 15)
>>> made == TrackChanged(seq=3, rule="6.2.1", track=Track.AID, value=12, previous=15)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

__all__ = ["construction", "constructor", "plain_slots"]

T = TypeVar("T", bound=attrs.AttrsInstance)


def plain_slots(cls: type[Any]) -> bool:
    """Whether instances of the attrs class ``cls`` are fully described by their slots:
    slotted, every field in a slot of its own, no validator, converter, or
    ``__attrs_post_init__`` (then filling the slots is exactly what ``__init__`` does)."""
    if not getattr(cls, "__attrs_attrs__", None) or "__dict__" in dir(cls):
        return False
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        return False
    for f in attrs.fields(cls):
        if (
            f.validator is not None
            or f.converter is not None
            or f.on_setattr
            not in (
                None,
                attrs.setters.NO_OP,
            )
        ):
            return False
        if type(getattr(cls, f.name, None)).__name__ != "member_descriptor":
            return False
    return True


def construction(cls: type[Any], values: Sequence[str], ns: dict[str, Any]) -> list[str]:
    """Generated source lines that leave a new ``cls`` in ``x``, its fields given (in order)
    by the expressions ``values``: filled slot by slot when that is all ``__init__`` does
    (:func:`plain_slots`), else by ``__init__``; ``ns`` receives the names they use."""
    fields = attrs.fields(cls)
    ns["_C"], ns["_new"] = cls, object.__new__
    if plain_slots(cls):
        lines = ["x = _new(_C)"]
        for i, (field, value) in enumerate(zip(fields, values, strict=True)):
            ns[f"_s{i}"] = getattr(cls, field.name).__set__
            lines.append(f"_s{i}(x, {value})")
        return lines
    if any(f.kw_only for f in fields):
        return [
            f"x = _C({', '.join(f'{f.name}={v}' for f, v in zip(fields, values, strict=True))})"
        ]
    return [f"x = _C({', '.join(values)})"]


def constructor(cls: type[T]) -> Callable[..., T]:
    """A fast positional constructor for the attrs class ``cls`` (all fields, in order):
    fills the slots directly when that is all ``__init__`` does (:func:`plain_slots`),
    else calls ``__init__``."""
    names = [f.name for f in attrs.fields(cls)]
    ns: dict[str, Any] = {}
    body = [f"    {line}" for line in construction(cls, names, ns)]
    exec("\n".join([f"def make({', '.join(names)}):", *body, "    return x"]), ns)
    make: Callable[..., T] = ns["make"]
    return make
