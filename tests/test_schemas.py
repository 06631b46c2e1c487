"""The JSON Schemas in ``schemas/`` are current and describe real log frames (DESIGN.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

import coinlake
from coinlake.store import header_of, journal_frames
from tools import gen_schemas

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"


def _registry() -> Registry[Any]:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        resources.append((path.name, Resource.from_contents(json.loads(path.read_text()))))
    return Registry().with_resources(resources)


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / name).read_text())
    return jsonschema.Draft202012Validator(schema, registry=_registry())


@pytest.mark.parametrize("name", sorted(gen_schemas.build()))
def test_committed_schemas_are_current(name: str) -> None:
    """Regenerate with ``python tools/gen_schemas.py`` after changing a command or event."""
    assert (SCHEMAS / name).read_text() == gen_schemas.build()[name]


def _played_game() -> coinlake.Game:
    game = coinlake.new_game("medium", seed=11)
    for _ in range(12):
        if not game.legal():
            break
        game.apply(game.legal()[-1])
    game.undo()
    game.redo()
    return game


def test_real_frames_validate() -> None:
    game = _played_game()
    frame_validator = _validator("frame.schema.json")
    frames = journal_frames(game)
    assert {f["action"] for f in frames} == {"apply", "undo", "redo"}
    for frame in frames:
        frame_validator.validate(frame)
    _validator("header.schema.json").validate(header_of(game))


def test_schema_rejects_unknown_event_and_extra_keys() -> None:
    validator = _validator("event.schema.json")
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"type": "NoSuchEvent", "seq": 0, "rule": "2.2"})
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"type": "CardRevealed", "seq": 0, "rule": "2.2", "card": 1, "x": 2})
