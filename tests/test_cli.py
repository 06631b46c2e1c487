"""The command line: the README's main job (play into a log file) and auditing a log."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

import coinlake
from coinlake.cli import app

runner = CliRunner()


def test_play_writes_a_log_that_replays_to_a_finished_game(tmp_path: Path) -> None:
    log = tmp_path / "game.fitl"
    result = runner.invoke(app, ["play", "--scenario", "short", "--seed", "3", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    game = coinlake.load(log)  # every command re-decided by the rules
    assert game.decision is None and game.state.result is not None  # 2.4.2, 7.3 or 7.2


def test_replay_rejects_a_tampered_log_naming_the_frame(tmp_path: Path) -> None:
    log = tmp_path / "game.fitl"
    args = ["play", "--seed", "4", "--log", str(log), "--max-commands", "30"]
    assert runner.invoke(app, args).exit_code == 0
    data = bytearray(log.read_bytes())
    data[-3] ^= 0xFF  # inside the last frame's payload
    log.write_bytes(bytes(data))
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 1
    assert "rejected" in result.output and "frame" in result.output
