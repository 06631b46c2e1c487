"""Named plain-data forms of commands and events (cattrs): maps with a ``type`` tag.

These are the forms of log-file format 1 (read by :mod:`coinlake.store.v1`, which compares
a format 1 file's recorded events with what the rules produce in this form), and a readable
form for tools and tests. Format 2 writes the positional forms of
:mod:`coinlake.store.compact` instead.

>>> from coinlake.state.commands import Move
>>> from coinlake.data.pieces import Piece
>>> unstructure_command(Move(Piece.VC_GUERRILLA_UNDERGROUND, 2, "the-parrots-beak", "saigon"))
... # doctest: +NORMALIZE_WHITESPACE
{'type': 'Move', 'piece': 'vc-guerrilla-u', 'count': 2, 'origin': 'the-parrots-beak',
 'destination': 'saigon'}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from coinlake.data.pieces import PIECE_BY_TOKEN, Piece
from coinlake.state.commands import COMMAND_TYPES, Command
from coinlake.state.events import EVENT_TYPES, Event
from coinlake.state.model import Support, Track

COMMANDS: dict[str, type[Command]] = {t.__name__: t for t in COMMAND_TYPES}
EVENTS: dict[str, type[Event]] = {t.__name__: t for t in EVENT_TYPES}

converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=False)
converter.register_unstructure_hook(Piece, lambda p: p.token)
converter.register_structure_hook(Piece, lambda v, _: PIECE_BY_TOKEN[v])
converter.register_unstructure_hook(Track, lambda t: t.name.lower())
converter.register_structure_hook(Track, lambda v, _: Track[v.upper()])
converter.register_unstructure_hook(Support, int)
converter.register_structure_hook(Support, lambda v, _: Support(v))


def _tagged_unstructure(cls: type[Any], name: str) -> Callable[[Any], dict[str, Any]]:
    un = make_dict_unstructure_fn(cls, converter)

    def hook(obj: Any) -> dict[str, Any]:
        return {"type": name, **un(obj)}

    return hook


def _untagged_structure(cls: type[Any]) -> Callable[[dict[str, Any]], Any]:
    st = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=False)
    allowed = frozenset({"type", *(a.name for a in attrs.fields(cls))})

    def structure(data: dict[str, Any]) -> Any:
        extra = data.keys() - allowed
        if extra:
            raise ValueError(f"unknown keys {sorted(extra)} for {cls.__name__}")
        return st(data, cls)

    return structure


_STRUCTURERS: dict[str, dict[str, Callable[[dict[str, Any]], Any]]] = {}


def _structure_tagged(data: Any, what: str) -> Any:
    table = _STRUCTURERS[what]
    fn = table.get(str(data.get("type"))) if isinstance(data, dict) else None
    if fn is None:
        raise ValueError(f"not a known {what}: {str(data)[:80]}")
    return fn(data)


converter.register_structure_hook(Command, lambda d, _: _structure_tagged(d, "command"))
converter.register_structure_hook(Event, lambda d, _: _structure_tagged(d, "event"))
converter.register_unstructure_hook(Command, lambda c: converter.unstructure(c, type(c)))
converter.register_unstructure_hook(Event, lambda e: converter.unstructure(e, type(e)))
for _what, _types in (("command", COMMANDS), ("event", EVENTS)):
    _STRUCTURERS[_what] = {name: _untagged_structure(cls) for name, cls in _types.items()}
    for _name, _cls in _types.items():
        converter.register_unstructure_hook(_cls, _tagged_unstructure(_cls, _name))


def unstructure_command(command: Command) -> dict[str, Any]:
    """A command as a plain dict with a ``type`` tag."""
    out: dict[str, Any] = converter.unstructure(command, Command)
    return out


def structure_command(data: Any) -> Command:
    """Rebuild a command from its plain dict; raises on anything malformed."""
    out: Command = _structure_tagged(data, "command")
    return out


def unstructure_event(event: Event) -> dict[str, Any]:
    """An event as a plain dict with a ``type`` tag."""
    out: dict[str, Any] = converter.unstructure(event, Event)
    return out


def structure_event(data: Any) -> Event:
    """Rebuild an event from its plain dict; raises on anything malformed."""
    out: Event = _structure_tagged(data, "event")
    return out
