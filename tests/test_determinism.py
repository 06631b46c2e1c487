"""Same seed + same commands give byte-identical encoded events and log files in any process
(DESIGN.md, Randomness), whatever the hash seed of the interpreter."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

import coinlake
from coinlake.store.codec import unstructure_event
from coinlake.store.logfile import pack
from tests.conftest import ROOT, non_player_step

CASES: list[dict[str, Any]] = [
    {"scenario": "short", "seed": 7, "options": {}},
    {"scenario": "medium", "seed": 2**64 - 1, "options": {"period_events": True}},
    {
        "scenario": "full",
        "seed": 123_456_789,
        "options": {"period_events": True, "political_rhythm": True, "non_players": ["VC"]},
    },
]


def commands_for(case: dict[str, Any], steps: int = 80) -> list[str]:
    """A fixed command sequence for ``case``, in the text notation."""
    game = coinlake.new_game(case["scenario"], seed=case["seed"], **case["options"])
    texts = []
    for i in range(steps):
        legal = game.legal()
        if not legal:
            break
        if non_player_step(game):  # the Non-player's own choice, with its rolls (8.2)
            texts.append(NON_PLAYER)
            continue
        command = legal[(i * 7) % len(legal)]
        texts.append(str(command))
        game.apply(command)
    return texts


NON_PLAYER = "non-player"
"""In a command list: the Non-player deciding then takes its own Decision."""


def digests(cases: list[dict[str, Any]]) -> list[dict[str, str]]:
    """For each case (with its ``commands``): the digest of its encoded events and of its
    saved log file."""
    out = []
    for case in cases:
        game = coinlake.new_game(case["scenario"], seed=case["seed"], **case["options"])
        for text in case["commands"]:
            if text == NON_PLAYER:
                assert game.play_non_players(limit=1) == 1
            else:
                game.apply(game.parse(text))
        events = hashlib.blake2b()
        for event in game.events:
            events.update(pack(unstructure_event(event)))
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "game.fitl"
            game.save(path)
            log = hashlib.blake2b(path.read_bytes()).hexdigest()
        out.append({"events": events.hexdigest(), "log": log, "n": str(len(game.events))})
    return out


_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from tests.test_determinism import digests
print(json.dumps(digests(json.loads(sys.stdin.read()))))
"""


def _in_child(cases: list[dict[str, Any]], hash_seed: str) -> list[dict[str, str]]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    result = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        env=env,
        cwd=str(ROOT),
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    out: list[dict[str, str]] = json.loads(result.stdout.strip().splitlines()[-1])
    return out


@pytest.fixture(scope="module")
def cases() -> list[dict[str, Any]]:
    return [dict(case, commands=commands_for(case)) for case in CASES]


def test_same_seed_and_commands_give_identical_bytes_in_fresh_processes(
    cases: list[dict[str, Any]],
) -> None:
    """DESIGN.md Randomness: byte-identical events in any process."""
    here = digests(cases)
    assert all(int(d["n"]) > 0 for d in here)
    for hash_seed in ("0", "1", "4242"):
        assert _in_child(cases, hash_seed) == here, f"PYTHONHASHSEED={hash_seed}"


def test_the_digest_depends_on_the_seed_and_the_commands(cases: list[dict[str, Any]]) -> None:
    """DESIGN.md Randomness: the comparison is sensitive (other seed or commands differ)."""
    base = digests(cases[:1])[0]
    reseeded = dict(cases[0], seed=cases[0]["seed"] + 1)
    reseeded["commands"] = commands_for(reseeded)
    assert digests([reseeded])[0]["events"] != base["events"]
    shorter = dict(cases[0], commands=cases[0]["commands"][:-1])
    assert digests([shorter])[0]["events"] != base["events"]


def test_replaying_the_same_commands_in_process_is_identical(cases: list[dict[str, Any]]) -> None:
    """DESIGN.md Randomness: repeated runs in one process are identical."""
    assert digests(cases) == digests(cases)
