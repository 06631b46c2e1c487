"""Generate the JSON Schemas of log-file format 2 in ``schemas/`` from the code.

Run from the project root: ``python tools/gen_schemas.py``. ``tests/test_schemas.py`` checks
that the committed files are current and that real log frames validate against them.

The schemas describe the msgpack values of a format 2 file (:mod:`coinlake.store`) as JSON
values: a frame is a positional array, a command ``[type, field, ...]`` and an event
``[type, rule, field, ...]``, where ``type`` indexes the type tables of the file's header.
The indexes shown are this version's order (the one its files are written in); the field
types come from :func:`coinlake.store.compact.type_schema`, the same description the
decoders are generated from. The format 1 schemas in ``schemas/v1/`` are frozen.
"""

from __future__ import annotations

import json
import sys
import typing
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coinlake.data.pieces import Faction  # noqa: E402
from coinlake.data.scenarios import SCENARIOS  # noqa: E402
from coinlake.engine import UndoPolicy  # noqa: E402
from coinlake.engine.notes import KIND_PATTERN  # noqa: E402
from coinlake.state.model import Options  # noqa: E402
from coinlake.state.rng import ALGORITHMS  # noqa: E402
from coinlake.store import (  # noqa: E402
    APPLY,
    HEADER_KEYS,
    NOTE,
    POSITION_HEADER_KEYS,
    REDO,
    RESEED,
    UNDO,
    VIEW_HEADER_KEYS,
)
from coinlake.store.compact import (  # noqa: E402
    COMMANDS,
    EVENTS,
    REBUILT_EVENTS,
    TypeCodec,
    type_schema,
)
from coinlake.store.logfile import FORMAT_VERSION  # noqa: E402

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


def _doc(cls: type[Any]) -> str:
    return " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())


def positional_schema(codec: TypeCodec, is_event: bool) -> dict[str, Any]:
    """One command or event type as a positional array."""
    items: list[dict[str, Any]] = [
        {"title": "type", "const": codec.index, "description": "index in the header's table"}
    ]
    if is_event:
        items.append({"title": "rule", "type": "string"})
    for name, hint in zip(codec.fields, codec.hints, strict=True):
        items.append({"title": name, **type_schema(hint)})
    return {
        "type": "array",
        "title": codec.name,
        "description": _doc(codec.cls),
        "prefixItems": items,
        "minItems": len(items),
        "items": False,
    }


def union_schema(name: str, codecs: dict[str, TypeCodec], is_event: bool) -> dict[str, Any]:
    return {
        "$schema": SCHEMA_URI,
        "$id": f"{name}.schema.json",
        "title": name,
        "description": (
            f"{'An' if name[0] in 'aeiou' else 'A'} {name} in a format {FORMAT_VERSION} log "
            f"frame: a positional array whose first item indexes the header's {name}s table "
            "(in this version's order)"
            + (", then the rule applied; its seq is the frame's" if is_event else "")
            + "."
        ),
        "oneOf": [
            positional_schema(c, is_event)
            for c in sorted(codecs.values(), key=lambda c: c.index)
            if c.cls not in REBUILT_EVENTS
        ],
    }


def type_table_schema(what: str) -> dict[str, Any]:
    return {
        "type": "array",
        "description": f"The {what} types: [name, [field, ...]] in index order.",
        "items": {
            "type": "array",
            "prefixItems": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
            "minItems": 2,
            "items": False,
        },
    }


def _header(
    name: str, title: str, description: str, keys: frozenset[str], own: dict[str, Any]
) -> dict[str, Any]:
    """A header's schema: format and library versions, ``own`` keys, then the type tables;
    exactly ``keys``, all required."""
    properties: dict[str, Any] = {
        "format": {"const": FORMAT_VERSION},
        "library": {"type": "string"},
        **own,
        "commands": type_table_schema("command"),
        "events": type_table_schema("event"),
    }
    assert set(properties) == keys
    return {
        "$schema": SCHEMA_URI,
        "$id": name,
        "title": title,
        "description": description,
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


_UNDO = {"enum": [p.value for p in UndoPolicy]}


def header_schema() -> dict[str, Any]:
    hints = typing.get_type_hints(Options)
    options = {f.name: type_schema(hints[f.name]) for f in attrs.fields(Options)}
    own = {
        "scenario": {"enum": sorted(SCENARIOS)},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
        "rng": {"enum": list(ALGORITHMS)},
        "options": {
            "type": "object",
            "title": "Options",
            "description": _doc(Options) + " A missing option takes its default.",
            "properties": options,
            "additionalProperties": False,
        },
        "undo": _UNDO,
    }
    description = f"The header of a format {FORMAT_VERSION} log file (a msgpack map)."
    return _header("header.schema.json", "header", description, HEADER_KEYS, own)


def view_header_schema() -> dict[str, Any]:
    own = {
        "view": {"enum": [f.value for f in Faction]},
        "position": {
            "type": "string",
            "description": "The Faction's view of the game's first position (docs/positions.md).",
        },
    }
    description = (
        f"The header of an exported view (Game.export), a format {FORMAT_VERSION} log "
        "file of apply frames only (a msgpack map)."
    )
    return _header("view-header.schema.json", "view header", description, VIEW_HEADER_KEYS, own)


def position_header_schema() -> dict[str, Any]:
    own = {
        "position": {
            "type": "string",
            "description": (
                "The game's first position, the referee's (seed and deck included), as "
                "coinlake.position writes it (docs/positions.md)."
            ),
        },
        "undo": _UNDO,
    }
    description = (
        f"The header of a format {FORMAT_VERSION} log file of a game started from a "
        "position (coinlake.from_position), a msgpack map; its journal frames are a log "
        "file's."
    )
    return _header(
        "position-header.schema.json", "position header", description, POSITION_HEADER_KEYS, own
    )


def frame_schema() -> dict[str, Any]:
    return {
        "$schema": SCHEMA_URI,
        "$id": "frame.schema.json",
        "title": "frame",
        "description": "A journal frame of a format 2 log file.",
        "oneOf": [
            {
                "title": "apply",
                "type": "array",
                "prefixItems": [
                    {"const": APPLY},
                    {"title": "faction", "enum": [*(f.value for f in Faction), None]},
                    {"title": "rule", "type": "string"},
                    {"$ref": "command.schema.json"},
                    {"title": "events", "type": "array", "items": {"$ref": "event.schema.json"}},
                ],
                "minItems": 5,
                "items": False,
            },
            {
                "title": "undo",
                "type": "array",
                "prefixItems": [{"const": UNDO}],
                "minItems": 1,
                "items": False,
            },
            {
                "title": "redo",
                "type": "array",
                "prefixItems": [{"const": REDO}],
                "minItems": 1,
                "items": False,
            },
            {
                "title": "reseed",
                "type": "array",
                "prefixItems": [
                    {"const": RESEED},
                    {"title": "seed", "type": "integer", "minimum": 0, "maximum": 2**64 - 1},
                    {"title": "reshuffle", "const": False},
                ],
                "minItems": 2,
                "items": False,
            },
            {
                "title": "note",
                "description": "A note that changes nothing in the game (Game.annotate).",
                "type": "array",
                "prefixItems": [
                    {"const": NOTE},
                    {"title": "kind", "type": "string", "pattern": f"^{KIND_PATTERN}$"},
                    {
                        "title": "data",
                        "description": "Any JSON value: nil, a boolean, an integer, a finite"
                        " float, a string, an array, a map with string keys.",
                    },
                ],
                "minItems": 3,
                "items": False,
            },
        ],
    }


def build() -> dict[str, str]:
    """Every schema file's text, keyed by file name."""
    schemas = {
        "command.schema.json": union_schema("command", COMMANDS, is_event=False),
        "event.schema.json": union_schema("event", EVENTS, is_event=True),
        "header.schema.json": header_schema(),
        "view-header.schema.json": view_header_schema(),
        "position-header.schema.json": position_header_schema(),
        "frame.schema.json": frame_schema(),
    }
    return {name: json.dumps(s, indent=1) + "\n" for name, s in schemas.items()}


def main() -> None:
    out = ROOT / "schemas"
    out.mkdir(exist_ok=True)
    for name, text in build().items():
        (out / name).write_text(text, encoding="utf-8")
        print(f"wrote {out / name}")


if __name__ == "__main__":
    main()
