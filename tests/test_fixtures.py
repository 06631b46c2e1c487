"""Committed log files keep loading as the code evolves (DESIGN.md, Persistence: older format
versions are upcast).

``fixtures/format-v1-short-seed1.fitl`` is a format 1 file: 150 commands of a Short game
(seed 1, random legal commands, the opening step included), recorded under the decision
protocol before issue #8, with bookkeeping events that name procedures of that engine
(``event_card``...). What is checked, precisely:

1. the file is intact format 1 (magic ``COINLAKE``, every digest right, no torn tail), and
   its header and every frame validate against the frozen format 1 schemas
   (``schemas/v1/``);
2. loading it (with and without ``verify``: format 1 is always re-decided) gives a game of
   150 journal entries, all ``apply``, whose commands are the recorded ones translated by
   ``coinlake.store.v1.UPCASTS`` and accepted by the current rules;
3. the *material* events those commands produce now -- every event but ``Chosen``,
   ``Forced``, ``StepStarted``, ``StepEnded`` and the other types in
   ``coinlake.store.v1.NOT_MATERIAL`` -- equal the recorded material events field by field
   (``seq`` aside, since it numbers commands) and in order; this is recomputed here
   independently of the loader, from the raw frames;
4. the result is a sound position (229 pieces, 1.2) that plays on, and saves and reloads
   in the current format unchanged.

When the decision words change again, a recorded command the current rules refuse makes
step 2 fail with ``LogFileError`` naming its frame: the fix is an entry in
``coinlake.store.v1.UPCASTS``, never a weaker test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import msgpack
from referencing import Registry, Resource

import coinlake
from coinlake.data.scenarios import SCENARIOS
from coinlake.engine import Game, UndoPolicy, start_state
from coinlake.state.model import Options
from coinlake.state.queries import pieces_total
from coinlake.state.rng import SPLITMIX
from coinlake.store import v1
from coinlake.store.codec import converter, unstructure_event
from coinlake.store.logfile import MAGIC, MAGIC_V1, LogReader

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
V1_SCHEMAS = ROOT / "schemas" / "v1"
V1 = FIXTURES / "format-v1-short-seed1.fitl"


def _validator(name: str) -> jsonschema.Draft202012Validator:
    registry: Registry[Any] = Registry().with_resources(
        (p.name, Resource.from_contents(json.loads(p.read_text())))
        for p in V1_SCHEMAS.glob("*.schema.json")
    )
    return jsonschema.Draft202012Validator(
        json.loads((V1_SCHEMAS / name).read_text()), registry=registry
    )


def _raw() -> tuple[dict[str, Any], list[dict[str, Any]], LogReader]:
    """The header and frames as plain JSON-like values (checked digests, streamed)."""
    with LogReader(V1) as reader:
        header = msgpack.unpackb(reader.header())
        frames = [msgpack.unpackb(p) for batch in reader.batches() for p in batch]
    return header, frames, reader


def test_the_fixture_is_intact_format_1_matching_the_frozen_schemas() -> None:
    """Check 1: intact format 1, valid against ``schemas/v1``."""
    assert V1.read_bytes().startswith(MAGIC_V1)
    header, frames, reader = _raw()
    assert reader.format == 1 and not reader.torn and reader.end == V1.stat().st_size
    assert header["format"] == 1 and header["scenario"] == "short" and header["seed"] == 1
    _validator("header.schema.json").validate(header)
    frame = _validator("frame.schema.json")
    for payload in frames:
        frame.validate(payload)
    assert len(frames) == 150 and all(f["action"] == "apply" for f in frames)


def _material(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {k: v for k, v in e.items() if k != "seq"}
        for e in events
        if e["type"] not in v1.NOT_MATERIAL
    ]


def test_the_fixture_loads_by_redeciding_its_upcast_commands() -> None:
    """Checks 2 and 3: the loaded game is the recorded commands, upcast and re-decided, and
    the material events they produce now are the recorded ones, in order."""
    header, frames, _ = _raw()
    # An independent re-decision of the recorded commands, frame by frame.
    assert header["scenario"] in SCENARIOS
    options = converter.structure(header["options"], Options)
    game = Game(
        start_state(header["scenario"], header["seed"], options, SPLITMIX),
        undo=UndoPolicy(header["undo"]),
    )
    recorded: list[dict[str, Any]] = []
    produced: list[dict[str, Any]] = []
    for frame in frames:
        old = v1.old_command(frame["command"])
        for command in v1.upcast(old, frame["rule"]):
            events = game.apply(command)
            produced += _material(
                [msgpack.unpackb(msgpack.packb(unstructure_event(e))) for e in events]
            )
        recorded += _material(frame["events"])
    assert produced == recorded
    assert len(recorded) > 100  # the comparison is not vacuous

    for verify in (True, False):
        loaded, report = coinlake.load_with_report(V1, verify=verify)
        assert (report.format, report.frames, report.torn) == (1, 150, False)
        assert [e.action for e in loaded.journal()] == ["apply"] * len(game.journal())
        assert loaded.commands == game.commands
        assert loaded.events == game.events
        assert loaded.state == game.state


def test_the_upcast_game_is_sound_and_saves_in_the_current_format(tmp_path: Path) -> None:
    """Check 4: a sound position that plays on and round-trips as format 2."""
    game = coinlake.load(V1)
    assert pieces_total(game.state) == 229  # 1.2
    path = tmp_path / "upcast.fitl"
    game.save(path)
    assert path.read_bytes().startswith(MAGIC)
    for verify in (True, False):
        again = coinlake.load(path, verify=verify)
        assert again.state == game.state and again.events == game.events
        assert again.root.rng.algorithm == SPLITMIX
    if game.legal():
        command = game.legal()[0]
        assert again.apply(command) == game.apply(command)
