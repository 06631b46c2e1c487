"""Committed log files keep loading as the code evolves (DESIGN.md, Persistence: older
format versions are upcast)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource

import coinlake
from coinlake.state.queries import pieces_total
from coinlake.store.logfile import read_log

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
V1 = FIXTURES / "format-v1-short-seed1.fitl"


def _validator(name: str) -> jsonschema.Draft202012Validator:
    registry: Registry[Any] = Registry().with_resources(
        (p.name, Resource.from_contents(json.loads(p.read_text())))
        for p in SCHEMAS.glob("*.schema.json")
    )
    return jsonschema.Draft202012Validator(
        json.loads((SCHEMAS / name).read_text()), registry=registry
    )


def test_format_v1_fixture_still_loads() -> None:
    contents, _ = read_log(V1)
    assert contents.header["format"] == 1
    assert contents.header["scenario"] == "short" and contents.header["seed"] == 1
    game, report = coinlake.load_with_report(V1, verify=False)
    assert not report.torn
    assert report.frames == len(contents.frames) == len(game.journal()) == 150
    assert game.state.seq == 150  # the game's own opening step (2.2) is the first command
    assert pieces_total(game.state) == 229  # 1.2


def test_format_v1_fixture_matches_the_schemas() -> None:
    contents, _ = read_log(V1)
    _validator("header.schema.json").validate(contents.header)
    frame = _validator("frame.schema.json")
    for payload in contents.frames:
        frame.validate(payload)
