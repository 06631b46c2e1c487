"""Format 2 value encoding: commands and events as positional arrays.

Every command and event type of the registries (``COMMAND_TYPES``, ``EVENT_TYPES``) gets a
:class:`TypeCodec` built at import time from its attrs fields and their annotations, so a
new type needs no change here. A value is an array that starts with its type's index in
the table the file's header carries (``header["commands"]``, ``header["events"]``: one
``[name, [field, ...]]`` pair per type, in the writer's order):

- a command: ``[type, field1, field2, ...]`` (``Move``: ``[2, "us-troops", 2, "hue",
  "saigon"]``; ``Done``: ``[4]``);
- an event: ``[type, rule, field1, ...]``. ``seq`` is not written: every event of a
  frame carries the frame's command number, which the reader knows (the state's ``seq``).

Field values are plain msgpack values: integers, strings, booleans, nil, arrays for tuples,
a nested command array for a :class:`~coinlake.state.commands.Command`; pieces by token
(``"vc-guerrilla-u"``), tracks by lower-case name, Support levels by value (-2..2), other
enumerations by value. Decoding never coerces: an integer field must hold an integer (not
a boolean, not a float), a boolean a boolean, an enumeration one of its exact tokens.

Reading maps a file's type table onto the current classes by name and refuses a type that
is unknown or whose field list differs (:func:`file_table`), so a file never decodes into
the wrong fields. The decoders are generated once, at import, from the classes (never from
file content) as straight-line Python functions: one length check, one class check or
table look-up per field, then the object, built by filling its slots when that is all its
``__init__`` would do (:func:`~coinlake.state.construct.plain_slots`; commands keep their
validators). An event's ``step`` also folds it into the state with the reducer's handler,
so the reader decodes and folds each event in one call. Commands, nested ones included, go
through a :func:`command_reader` that remembers repeated ones, shared by the files with the
same command table (:func:`table_reader`). When a value is
wrong, a slow path (:func:`_explainer`) says which field and why.

>>> from coinlake.state.commands import Move
>>> from coinlake.data.pieces import Piece
>>> COMMANDS["Move"].encode(Move(Piece.US_TROOPS, 2, "hue", "saigon"))
(2, 'us-troops', 2, 'hue', 'saigon')
>>> CURRENT_READER((2, "us-troops", 2, "hue", "saigon"))
Move(piece=<Piece.US_TROOPS: 0>, count=2, origin='hue', destination='saigon')
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

import attrs

from coinlake.data.pieces import Piece
from coinlake.state.commands import COMMAND_TYPES, Command
from coinlake.state.construct import construction
from coinlake.state.events import _HANDLERS, EVENT_TYPES, Chosen, Event, Reseeded
from coinlake.state.model import Track

__all__ = [
    "COMMANDS",
    "EVENTS",
    "REBUILT_EVENTS",
    "Malformed",
    "TypeCodec",
    "command_reader",
    "decode_command",
    "decode_value",
    "file_table",
    "table_reader",
    "type_schema",
    "type_table",
]


class Malformed(ValueError):
    """A value that does not match its type (the reader turns it into a ``LogFileError``
    naming the frame)."""


REBUILT_EVENTS: frozenset[type[Event]] = frozenset({Chosen, Reseeded})
"""Event types never written inside a frame: a frame's opening ``Chosen`` is rebuilt from
its command, Faction and rule, and a ``Reseeded`` from a reseed frame's seed, so an
``events`` array holding one is malformed."""

_BASE_EVENT_FIELDS = ("seq", "rule")
"""Fields of every event: ``seq`` is implied by the frame, ``rule`` is written first."""


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _bad(where: str, expected: str, value: Any) -> Malformed:
    return Malformed(f"{where}: expected {expected}, got {_describe(value)}")


# -- enumerations --------------------------------------------------------------------------
def _enum_tokens(tp: type[Enum]) -> dict[Any, Any]:
    """Member -> the plain value written for it."""
    if tp is Piece:
        return {p: p.token for p in Piece}
    if tp is Track:
        return {t: t.name.lower() for t in Track}
    if issubclass(tp, int):
        return {m: int(m) for m in tp}
    return {m: m.value for m in tp}


# -- per-type value specs --------------------------------------------------------------------
@attrs.frozen
class _Spec:
    """How one annotated field type is written, read and described.

    ``encode``: member -> plain value (``None``: written as it is). ``decode``: plain value
    -> member, raising :class:`Malformed`. ``check``: for the generated decoders, a one-line
    test template (``{v}`` is the variable) that is true when the value is *wrong*, used for
    types whose plain value is the value itself; ``None`` means call ``decode``.
    ``expected``: words for error messages; ``schema``: the JSON Schema."""

    encode: Callable[[Any], Any] | None
    decode: Callable[..., Any]
    check: str | None
    expected: str
    schema: dict[str, Any]


def _exact(cls: type, expected: str, schema: dict[str, Any]) -> _Spec:
    def decode(v: Any, cmds: Any = None) -> Any:
        if v.__class__ is not cls:
            raise _bad("value", expected, v)
        return v

    return _Spec(None, decode, f"{{v}}.__class__ is not {cls.__name__}", expected, schema)


def _enum_spec(tp: type[Enum]) -> _Spec:
    tokens = _enum_tokens(tp)
    table = {token: member for member, token in tokens.items()}
    int_keyed = all(t.__class__ is int for t in table)
    expected = f"one of {sorted(table, key=str)}" if len(table) <= 8 else f"a {tp.__name__}"

    def decode(v: Any, cmds: Any = None) -> Any:
        if int_keyed and v.__class__ is not int:
            raise _bad("value", expected, v)
        try:
            return table[v]
        except (KeyError, TypeError):
            raise _bad("value", expected, v) from None

    return _Spec(tokens.__getitem__, decode, None, expected, {"enum": list(tokens.values())})


def _optional_spec(inner: _Spec) -> _Spec:
    def decode(v: Any, cmds: Any = None) -> Any:
        return None if v is None else inner.decode(v, cmds)

    enc = inner.encode
    encode = None if enc is None else (lambda v: None if v is None else enc(v))
    check = None if inner.check is None else f"{{v}} is not None and ({inner.check})"
    return _Spec(
        encode,
        decode,
        check,
        f"{inner.expected} or nil",
        {"anyOf": [inner.schema, {"type": "null"}]},
    )


def _array_spec(inner: _Spec) -> _Spec:
    item_check = inner.check

    def decode(v: Any, cmds: Any = None) -> Any:
        if v.__class__ is not tuple:
            raise _bad("value", f"an array of {inner.expected}", v)
        if item_check is not None:
            for x in v:
                inner.decode(x)
            return v
        return tuple([inner.decode(x, cmds) for x in v])

    enc = inner.encode
    encode = None if enc is None else (lambda v: tuple([enc(x) for x in v]))
    return _Spec(encode, decode, None, "an array", {"type": "array", "items": inner.schema})


def _fixed_spec(inners: list[_Spec]) -> _Spec:
    n = len(inners)

    def decode(v: Any, cmds: Any = None) -> Any:
        if v.__class__ is not tuple or len(v) != n:
            raise _bad("value", f"an array of {n} items", v)
        return tuple([s.decode(x, cmds) for s, x in zip(inners, v, strict=True)])

    encs = [s.encode for s in inners]
    if all(e is None for e in encs):
        encode = None
    else:

        def encode(v: Any) -> Any:
            return tuple([x if e is None else e(x) for e, x in zip(encs, v, strict=True)])

    schema = {
        "type": "array",
        "prefixItems": [s.schema for s in inners],
        "minItems": n,
        "items": False,
    }
    return _Spec(encode, decode, None, f"an array of {n} items", schema)


def _command_spec() -> _Spec:
    def decode(v: Any, cmds: Any = None) -> Any:
        return decode_command(v, CURRENT_COMMANDS) if cmds is None else cmds(v)

    def encode(v: Any) -> Any:
        return COMMANDS[type(v).__name__].encode(v)

    return _Spec(encode, decode, None, "a command", {"$ref": "command.schema.json"})


def spec(tp: Any) -> _Spec:
    """The :class:`_Spec` of one field annotation."""
    origin = typing.get_origin(tp)
    if tp is bool:
        return _exact(bool, "a boolean", {"type": "boolean"})
    if tp is int:
        return _exact(int, "an integer", {"type": "integer"})
    if tp is str:
        return _exact(str, "a string", {"type": "string"})
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _enum_spec(tp)
    if tp is Command:
        return _command_spec()
    if origin in (types.UnionType, typing.Union):
        present = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(present) == 1 and len(typing.get_args(tp)) == 2:
            return _optional_spec(spec(present[0]))
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return _array_spec(spec(args[0]))
        return _fixed_spec([spec(a) for a in args])
    raise TypeError(f"no log-file encoding for the annotation {tp!r}")


def type_schema(tp: Any) -> dict[str, Any]:
    """The JSON Schema of a field annotation as format 2 writes it (for ``schemas/``)."""
    return spec(tp).schema


def decode_value(s: _Spec, value: Any, where: str) -> Any:
    """Check and convert one plain value with its :func:`spec` (no coercion); raises
    :class:`Malformed` naming ``where``."""
    try:
        return s.decode(value)
    except Malformed as exc:
        raise Malformed(f"{where}: {str(exc).removeprefix('value: ')}") from None


# -- per-class codecs ------------------------------------------------------------------------
@attrs.frozen
class TypeCodec:
    """A command or event type's positional form: its ``name``, its written ``fields`` (for
    an event, after ``rule``), its index in the current table, and the generated
    ``encode``/``decode`` functions (``decode(array)`` for a command, ``decode(array, seq)``
    for an event)."""

    cls: type[Any]
    name: str
    index: int
    fields: tuple[str, ...]
    hints: tuple[Any, ...]
    encode: Callable[..., tuple[Any, ...]]
    decode: Callable[..., Any]
    step: Callable[..., Any] | None = None
    """Events only: ``step(a, seq, cmds, state, out)`` decodes, appends the event to
    ``out`` and returns ``state`` folded with it (the reducer's handler)."""


def _optional_arg(tp: Any) -> Any:
    """``X`` for an annotation ``X | None``, else ``None``."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (types.UnionType, typing.Union) and len(args) == 2:
        if args[1] is type(None):
            return args[0]
        if args[0] is type(None):
            return args[1]
    return None


class _Gen:
    """Generates straight-line decoding code: statements that check a variable's plain value
    against an annotation and convert it in place, raising ``_M`` when it is wrong. Tables
    and helpers the code needs go into the namespace ``ns``."""

    def __init__(self, ns: dict[str, Any]) -> None:
        self.ns = ns
        self.names = 0

    def fresh(self, prefix: str) -> str:
        self.names += 1
        return f"_{prefix}{self.names}"

    def code(self, tp: Any, v: str) -> tuple[list[str], bool]:
        """``(statements, converts)``: ``converts`` when ``v`` is reassigned (its decoded
        value differs from the plain one)."""
        if tp in (int, str, bool):
            return [f"if {v}.__class__ is not {tp.__name__}: raise _M"], False
        if tp is Command:
            return [f"{v} = cmds({v})"], True
        if isinstance(tp, type) and issubclass(tp, Enum):
            table = {token: member for member, token in _enum_tokens(tp).items()}
            name = self.fresh("T")
            self.ns[name] = table
            lines = []
            if all(t.__class__ is int for t in table):  # Support: 1.0 or True must not pass
                lines.append(f"if {v}.__class__ is not int: raise _M")
            return [*lines, f"{v} = {name}[{v}]"], True
        inner = _optional_arg(tp)
        if inner is not None:
            lines, converts = self.code(inner, v)
            return [f"if {v} is not None:", *(f"    {x}" for x in lines)], converts
        if typing.get_origin(tp) is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                x = self.fresh("x")
                lines, converts = self.code(args[0], x)
                head = [f"if {v}.__class__ is not tuple: raise _M"]
                if not converts:
                    return [*head, f"for {x} in {v}:", *(f"    {y}" for y in lines)], False
                out = self.fresh("l")
                return [
                    *head,
                    f"{out} = []",
                    f"for {x} in {v}:",
                    *(f"    {y}" for y in lines),
                    f"    {out}.append({x})",
                    f"{v} = tuple({out})",
                ], True
            items = [self.fresh("i") for _ in args]
            lines = [
                f"if {v}.__class__ is not tuple or len({v}) != {len(args)}: raise _M",
                f"{', '.join(items)}, = {v}",
            ]
            converts = False
            for arg, item in zip(args, items, strict=True):
                more, changed = self.code(arg, item)
                lines += more
                converts = converts or changed
            if converts:
                lines.append(f"{v} = ({', '.join(items)},)")
            return lines, converts
        raise TypeError(f"no log-file encoding for the annotation {tp!r}")


def _explainer(
    name: str, is_event: bool, fields: list[str], specs: list[_Spec]
) -> Callable[[Any, Any, BaseException], Malformed]:
    """The slow path of a generated decoder: what exactly is wrong with array ``a``."""
    n = 1 + is_event + len(fields)

    def explain(a: Any, cmds: Any, exc: BaseException) -> Malformed:
        if a.__class__ is not tuple or len(a) != n:
            return _bad(name, f"an array of {n} items", a)
        if is_event and a[1].__class__ is not str:
            return _bad(f"{name}.rule", "a string", a[1])
        for f, s, value in zip(fields, specs, a[1 + is_event :], strict=True):
            try:
                s.decode(value, cmds)
            except Malformed as bad:
                return Malformed(f"{name}.{f}: {str(bad).removeprefix('value: ')}")
            except Exception as bad:
                return Malformed(f"{name}.{f}: {bad}")
        return Malformed(f"{name}: {exc}")

    return explain


def _build(cls: type[Any], index: int, is_event: bool) -> TypeCodec:
    name = cls.__name__
    hints = typing.get_type_hints(cls)
    all_fields = [f.name for f in attrs.fields(cls)]
    if is_event:
        if tuple(all_fields[:2]) != _BASE_EVENT_FIELDS:
            raise TypeError(f"{name}: events start with the fields seq, rule")
        fields = all_fields[2:]
    else:
        fields = all_fields
    specs = [spec(hints[f]) for f in fields]
    ns: dict[str, Any] = {
        "_M": Malformed,
        "_I": index,
        "_explain": _explainer(name, is_event, fields, specs),
        "_fold": _HANDLERS.get(cls) if is_event else None,
    }
    # the checks and the construction, shared by decode and step ---------------------------
    names = [f"v{i}" for i in range(len(fields))]
    head = ["rule"] if is_event else []
    n = 1 + len(head) + len(names)
    body = [
        f"if a.__class__ is not tuple or len(a) != {n}: raise _M",
        ", ".join(["_", *head, *names]) + ("," if n == 1 else "") + " = a",
    ]
    if is_event:
        body.append("if rule.__class__ is not str: raise _M")
    gen = _Gen(ns)
    for f, v in zip(fields, names, strict=True):
        body += gen.code(hints[f], v)[0]
    values = [*(["seq", "rule"] if is_event else []), *names]
    body += construction(cls, values, ns)
    params = "a, seq, cmds" if is_event else "a, cmds"
    guarded = [
        "    try:",
        *(f"        {line}" for line in body),
        "    except Exception as exc:",
        "        raise _explain(a, cmds, exc) from None",
    ]
    lines = [f"def decode({params}):", *guarded, "    return x"]
    if is_event:
        lines += [
            f"def step({params}, state, out):",
            *guarded,
            "    out.append(x)",
            "    return _fold(state, x)",
        ]
    # encoder ---------------------------------------------------------------------------
    parts = ["_I", *(["x.rule"] if is_event else [])]
    for i, (f, s) in enumerate(zip(fields, specs, strict=True)):
        if s.encode is None:
            parts.append(f"x.{f}")
        else:
            ns[f"_e{i}"] = s.encode
            parts.append(f"_e{i}(x.{f})")
    lines += ["def encode(x):", f"    return ({', '.join(parts)},)"]
    exec("\n".join(lines), ns)
    return TypeCodec(
        cls,
        name,
        index,
        tuple(fields),
        tuple(hints[f] for f in fields),
        ns["encode"],
        ns["decode"],
        ns.get("step"),
    )


COMMANDS: dict[str, TypeCodec] = {
    t.__name__: _build(t, i, is_event=False) for i, t in enumerate(COMMAND_TYPES)
}
"""The current command codecs by type name, indexed as in ``COMMAND_TYPES``."""

EVENTS: dict[str, TypeCodec] = {
    t.__name__: _build(t, i, is_event=True) for i, t in enumerate(EVENT_TYPES)
}
"""The current event codecs by type name, indexed as in ``EVENT_TYPES`` (``Chosen``
included, so that indexes match the registry; it is never written, see
:data:`REBUILT_EVENTS`)."""


def type_table(codecs: dict[str, TypeCodec]) -> list[list[Any]]:
    """The header's table for ``codecs``: ``[[name, [field, ...]], ...]`` by index."""
    return [[c.name, list(c.fields)] for c in sorted(codecs.values(), key=lambda c: c.index)]


_TABLES: dict[tuple[Any, ...], dict[int, TypeCodec]] = {}
"""The last few type tables read, with their codecs (every file of a version has the same)."""


def file_table(
    table: Any, codecs: dict[str, TypeCodec], what: str, rebuilt: Iterable[type[Any]] = ()
) -> dict[int, TypeCodec]:
    """The codecs for a file's type ``table`` (from its header), keyed by the file's
    indexes. Raises :class:`Malformed` for a malformed table, a type the code does not
    know, or one whose fields differ from the current class (that file would need an
    upcaster). Types in ``rebuilt`` are known but may not appear in frames."""
    skip = frozenset(rebuilt)
    try:
        key = (id(codecs), what, skip, table)
        known = _TABLES.get(key)
    except TypeError:  # unhashable: malformed, said below
        key, known = None, None
    if known is not None:
        return dict(known)
    out = _file_table(table, codecs, what, skip)
    if key is not None:
        if len(_TABLES) >= 8:
            _TABLES.clear()
        _TABLES[key] = out
    return dict(out)


def _file_table(
    table: Any, codecs: dict[str, TypeCodec], what: str, skip: frozenset[type[Any]]
) -> dict[int, TypeCodec]:
    if table.__class__ is not tuple:
        raise _bad(what, "an array of [name, [field, ...]] pairs", table)
    out: dict[int, TypeCodec] = {}
    seen: set[str] = set()
    for i, entry in enumerate(table):
        if (
            entry.__class__ is not tuple
            or len(entry) != 2
            or entry[0].__class__ is not str
            or entry[1].__class__ is not tuple
            or any(f.__class__ is not str for f in entry[1])
        ):
            raise _bad(f"{what}[{i}]", "a [name, [field, ...]] pair", entry)
        name, fields = entry
        if name in seen:
            raise Malformed(f"{what}[{i}]: {name} is listed twice")
        seen.add(name)
        codec = codecs.get(name)
        if codec is None:
            raise Malformed(f"{what}[{i}]: unknown type {name!r} (no upcaster for it)")
        if fields != codec.fields:
            raise Malformed(
                f"{what}[{i}]: {name} has fields {list(fields)} in the file but "
                f"{list(codec.fields)} in this version (no upcaster for it)"
            )
        if codec.cls not in skip:
            out[i] = codec
    return out


CURRENT_COMMANDS: dict[int, Callable[..., Any]] = {c.index: c.decode for c in COMMANDS.values()}
"""Decoders of the current command table (nested commands inside events use the file's
table; see :func:`decode_command`)."""


def decode_command(
    a: Any, table: dict[int, Callable[..., Any]], reader: Callable[[Any], Command] | None = None
) -> Command:
    """Decode a command array with a file's command table (``reader`` decodes commands
    nested in it, if any)."""
    if a.__class__ is not tuple or not a:
        raise _bad("command", "a non-empty array", a)
    t = a[0]
    if t.__class__ is not int:
        raise _bad("command type", "an integer", t)
    dec = table.get(t)
    if dec is None:
        raise Malformed(f"command type {t} is not in the header's table")
    out: Command = dec(a, reader or (lambda x: decode_command(x, table)))
    return out


def command_reader(
    table: dict[int, Callable[..., Any]], cache_size: int = 4096
) -> Callable[[Any], Command]:
    """A :func:`decode_command` that remembers decoded commands: commands are immutable
    values and repeat a lot, so a repeated one costs a dictionary look-up. It remembers at
    most ``cache_size`` of them, and starts again when full.

    Only arrays of strings and integers are remembered, and a remembered command is returned
    only when the array's integers are integers again: ``==`` equates ``True`` and ``1.0``
    with ``1`` (never anything with a string), so this keeps decoding strict."""
    cache: dict[Any, tuple[Command, tuple[int, ...]]] = {}

    def read(a: Any) -> Command:
        if a.__class__ is tuple and a and a[0].__class__ is int:
            try:
                hit = cache.get(a)
            except TypeError:  # an unhashable element: decode_command says what is wrong
                hit = None
            if hit is not None:
                command, ints = hit
                for k in ints:
                    if a[k].__class__ is not int:
                        break
                else:
                    return command
        command = decode_command(a, table, read)
        if len(cache) >= cache_size:
            cache.clear()
        positions: list[int] = []
        for k in range(1, len(a)):
            kind = a[k].__class__
            if kind is int:
                positions.append(k)
            elif kind is not str:
                break
        else:
            cache[a] = (command, tuple(positions))
        return command

    return read


_READERS: dict[Any, Callable[[Any], Command]] = {}
"""The command readers of the last few command tables read (:func:`table_reader`)."""


def table_reader(table: Any) -> Callable[[Any], Command]:
    """The :func:`command_reader` of a file's command ``table`` (from its header), shared
    by every file with the same table, since commands repeat across games as they do within
    one. Raises :class:`Malformed` as :func:`file_table` does."""
    decoders = {i: c.decode for i, c in file_table(table, COMMANDS, "commands").items()}
    reader = _READERS.get(table)  # file_table took it: a tuple of tuples of strings
    if reader is None:
        if len(_READERS) >= 8:
            _READERS.clear()
        reader = _READERS[table] = command_reader(decoders)
    return reader


CURRENT_READER = command_reader(CURRENT_COMMANDS)
"""A command reader for the current table (decoding values that come with no file)."""


def encode_command(command: Command) -> tuple[Any, ...]:
    """The positional form of a command, with the current table's index."""
    return COMMANDS[type(command).__name__].encode(command)


def encode_event(event: Event) -> tuple[Any, ...]:
    """The positional form of an event (without ``seq``), with the current table's index."""
    return EVENTS[type(event).__name__].encode(event)
