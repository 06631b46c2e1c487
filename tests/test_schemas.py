"""The JSON Schemas in ``schemas/`` are current and describe real format 2 log files
(DESIGN.md, Persistence; issue #8 item 5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import msgpack
import pytest
from referencing import Registry, Resource

import coinlake
from coinlake.state.commands import COMMAND_TYPES
from coinlake.state.events import EVENT_TYPES
from coinlake.store import header_of, journal_frames
from coinlake.store.compact import COMMANDS, EVENTS, REBUILT_EVENTS
from coinlake.store.logfile import read_log
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


def _json(value: Any) -> Any:
    """A value as a log file holds it, seen as JSON (arrays as lists)."""
    return msgpack.unpackb(msgpack.packb(value))


@pytest.mark.parametrize("name", sorted(gen_schemas.build()))
def test_committed_schemas_are_current(name: str) -> None:
    """Regenerate with ``python tools/gen_schemas.py`` after changing a command, an event,
    the options or the format."""
    assert (SCHEMAS / name).read_text() == gen_schemas.build()[name]


def test_every_registered_type_is_described() -> None:
    """The schemas follow the registries: every command type, every event type a frame may
    hold, in the index order the header tables use."""
    commands = json.loads((SCHEMAS / "command.schema.json").read_text())["oneOf"]
    events = json.loads((SCHEMAS / "event.schema.json").read_text())["oneOf"]
    assert [s["title"] for s in commands] == [t.__name__ for t in COMMAND_TYPES]
    assert [s["title"] for s in events] == [
        t.__name__ for t in EVENT_TYPES if t not in REBUILT_EVENTS
    ]
    for schema in (*commands, *events):
        codec = {**COMMANDS, **EVENTS}[schema["title"]]
        assert schema["prefixItems"][0]["const"] == codec.index


def _played_game() -> coinlake.Game:
    game = coinlake.new_game("medium", seed=11, period_events=True)
    for _ in range(60):
        if not game.legal():
            break
        game.apply(game.legal()[-1])
    game.undo()
    game.redo()
    game.undo()
    return game


def test_real_files_validate(tmp_path: Path) -> None:
    """The header and every frame of a saved game validate, as read back from the file."""
    game = _played_game()
    path = tmp_path / "game.fitl"
    game.save(path)
    frame_validator = _validator("frame.schema.json")
    frames = [_json(f) for f in journal_frames(game)]
    assert {f[0] for f in frames} == {0, 1, 2}
    for frame in frames:
        frame_validator.validate(frame)
    header = _json(header_of(game))
    _validator("header.schema.json").validate(header)
    kinds = {e[0] for f in frames if f[0] == 0 for e in f[4]}
    assert len(kinds) >= 8  # many event types were checked


def test_a_position_game_header_validates(tmp_path: Path) -> None:
    """The header of a game started from a position (``coinlake.from_position``) validates
    against ``position-header.schema.json``, as read back from its file, and not against
    the scenario header's schema."""
    game = coinlake.from_position(coinlake.position(_played_game().state))
    game.apply(game.legal()[0])
    path = tmp_path / "position.fitl"
    game.save(path)
    header = _json(read_log(path)[0].header)
    _validator("position-header.schema.json").validate(header)
    with pytest.raises(jsonschema.ValidationError):
        _validator("header.schema.json").validate(header)
    with pytest.raises(jsonschema.ValidationError):
        _validator("position-header.schema.json").validate({**header, "seed": 1})


@pytest.mark.parametrize(
    "frame",
    [
        [0, "US", "2.3.4", [0, "pass"], [[99, "2.0"]]],  # unknown event type
        [0, "US", "2.3.4", [0, "pass"], [[EVENTS["TrackChanged"].index, "1.8", "aid", 3]]],
        [0, "XX", "2.3.4", [0, "pass"], []],
        [0, "US", "2.3.4", [COMMANDS["Count"].index, True], []],
        [0, "US", "2.3.4", [0, "pass"], [], "extra"],
        [1, 0],
        [3],
        {"action": "undo"},
    ],
    ids=repr,
)
def test_schemas_reject_malformed_frames(frame: Any) -> None:
    with pytest.raises(jsonschema.ValidationError):
        _validator("frame.schema.json").validate(frame)


def test_the_header_schema_is_strict() -> None:
    header = _json(header_of(_played_game()))
    validator = _validator("header.schema.json")
    validator.validate(header)
    for bad in (
        {**header, "extra": 1},
        {**header, "options": {**header["options"], "period_events": "no"}},
        {**header, "seed": -1},
        {k: v for k, v in header.items() if k != "rng"},
    ):
        assert not validator.is_valid(bad)
