"""The command line: the README's main job (play into a log file), auditing a log, and
every user error as one line on stderr with a non-zero status (issue 22)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import coinlake
from coinlake.cli import app, run

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


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = run(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["play", "--scenario", "bogus"], 2, "--scenario"),
        (["play", "--seed", "-1"], 2, "--seed"),
        (["play", "--human", "XX"], 2, "--human"),
        (["play", "--undo", "maybe"], 2, "--undo"),
        (["play", "--handicap", "VC=joker"], 2, "--handicap"),
        (["play", "--player", "NVA+US"], 2, "1.5"),  # one player holds US+ARVN or NVA+VC
        (["play", "--deception"], 2, "7.3"),  # 3 or 4 players only
        (["play", "--resume", "x.fitl", "--seed", "3"], 2, "--resume"),
        (["nosuch"], 2, "nosuch"),
        (["replay", "missing.fitl"], 1, "missing.fitl"),
        (["play", "--resume", "missing.fitl"], 1, "missing.fitl"),
    ],
)
def test_every_user_error_is_one_line_on_stderr(
    argv: list[str],
    status: int,
    words: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(argv, capsys)
    assert code == status
    assert err.count("\n") == 1 and words in err and "Traceback" not in err + out
    assert not (tmp_path / "game.fitl").exists()  # nothing written


def test_a_rejected_or_unwritable_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    garbage = tmp_path / "garbage.fitl"
    garbage.write_bytes(b"not a log file at all")
    code, _, err = _run(["replay", str(garbage)], capsys)
    assert code == 1 and err.count("\n") == 1 and "rejected" in err
    nowhere = tmp_path / "no-such-dir" / "game.fitl"
    args = ["play", "--seed", "2", "--max-commands", "5", "--log", str(nowhere)]
    code, _, err = _run(args, capsys)
    assert code == 1 and err.count("\n") == 1 and "No such file" in err


def test_version_help_and_python_dash_m(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["--version"], capsys)
    assert (code, out) == (0, f"coinlake {coinlake.__version__}\n")
    code, out, _ = _run(["play", "--help"], capsys)
    assert code == 0 and "--human" in out and "--resume" in out
    assert not set(out) & set("╭│┃━")  # plain text, no boxes
    done = subprocess.run(
        [sys.executable, "-m", "coinlake", "--version"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (0, f"coinlake {coinlake.__version__}\n")
