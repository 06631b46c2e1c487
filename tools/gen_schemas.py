"""Generate the JSON Schemas in ``schemas/`` from the code's command, event and header types.

Run from the project root: ``python tools/gen_schemas.py``. ``tests/test_schemas.py`` checks
that the committed files are current and that real log frames validate against them.
"""

from __future__ import annotations

import json
import sys
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coinlake.data.pieces import Piece  # noqa: E402
from coinlake.state.commands import COMMAND_TYPES, Command  # noqa: E402
from coinlake.state.events import EVENT_TYPES  # noqa: E402
from coinlake.state.model import Options, Support, Track  # noqa: E402
from coinlake.store.logfile import FORMAT_VERSION  # noqa: E402

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


def type_schema(tp: Any) -> dict[str, Any]:
    """The JSON Schema of one annotated field type, as the codec writes it."""
    origin = typing.get_origin(tp)
    if tp is Piece:
        return {"enum": [p.token for p in Piece]}
    if tp is Track:
        return {"enum": [t.name.lower() for t in Track]}
    if tp is Support:
        return {"enum": [int(s) for s in Support]}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return {"enum": [m.value for m in tp]}
    if tp is Command:
        return {"$ref": "command.schema.json"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is str:
        return {"type": "string"}
    if origin in (types.UnionType, typing.Union):
        return {"anyOf": [type_schema(a) for a in typing.get_args(tp)]}
    if tp is type(None):
        return {"type": "null"}
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": type_schema(args[0])}
        return {"type": "array", "prefixItems": [type_schema(a) for a in args], "items": False}
    raise TypeError(f"no schema for {tp!r}")


def class_schema(cls: type[Any], tagged: bool) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {}
    if tagged:
        props["type"] = {"const": cls.__name__}
    for f in attrs.fields(cls):
        props[f.name] = type_schema(hints[f.name])
    return {
        "type": "object",
        "title": cls.__name__,
        "description": (cls.__doc__ or "").strip().split("\n\n")[0],
        "properties": props,
        "required": list(props),
        "additionalProperties": False,
    }


def union_schema(name: str, classes: tuple[type[Any], ...]) -> dict[str, Any]:
    return {
        "$schema": SCHEMA_URI,
        "$id": f"{name}.schema.json",
        "title": name,
        "oneOf": [class_schema(c, tagged=True) for c in classes],
    }


def header_schema() -> dict[str, Any]:
    return {
        "$schema": SCHEMA_URI,
        "$id": "header.schema.json",
        "title": "header",
        "type": "object",
        "properties": {
            "format": {"const": FORMAT_VERSION},
            "library": {"type": "string"},
            "scenario": {"enum": ["short", "medium", "full"]},
            "seed": {"type": "integer", "minimum": 0},
            "options": class_schema(Options, tagged=False),
            "undo": {"enum": ["free", "strict"]},
        },
        "required": ["format", "library", "scenario", "seed", "options", "undo"],
        "additionalProperties": False,
    }


def frame_schema() -> dict[str, Any]:
    return {
        "$schema": SCHEMA_URI,
        "$id": "frame.schema.json",
        "title": "frame",
        "oneOf": [
            {
                "type": "object",
                "properties": {
                    "action": {"const": "apply"},
                    "faction": {"enum": ["US", "ARVN", "NVA", "VC", None]},
                    "command": {"$ref": "command.schema.json"},
                    "rule": {"type": "string"},
                    "events": {"type": "array", "items": {"$ref": "event.schema.json"}},
                },
                "required": ["action", "faction", "command", "rule", "events"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"action": {"enum": ["undo", "redo"]}},
                "required": ["action"],
                "additionalProperties": False,
            },
        ],
    }


def build() -> dict[str, str]:
    """Every schema file's text, keyed by file name."""
    schemas = {
        "command.schema.json": union_schema("command", COMMAND_TYPES),
        "event.schema.json": union_schema("event", EVENT_TYPES),
        "header.schema.json": header_schema(),
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
