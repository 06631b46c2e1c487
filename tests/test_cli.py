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
    assert "cannot read" in result.output and "frame" in result.output


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
    assert code == 1 and err.count("\n") == 1 and "not a coinlake log file" in err
    nowhere = tmp_path / "no-such-dir" / "game.fitl"
    args = ["play", "--seed", "2", "--max-commands", "5", "--log", str(nowhere)]
    code, _, err = _run(args, capsys)
    assert code == 1 and err.count("\n") == 1 and "No such file" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "{log}"],
        ["replay", "{log}", "--trust"],
        ["play", "--resume", "{log}"],
        ["show", "{log}", "--svg", "{out}"],
        ["export-html", "{log}", "-o", "{out}"],
        ["audit", "{log}"],
        ["export", "{log}", "--out", "{out}"],
        ["eval", "{log}", "--rollouts", "1"],
    ],
)
def test_every_command_that_reads_a_log_refuses_a_bad_one_alike(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One reader (``options.load_log``): the same one line, exit status 1, nothing written;
    the line names where the reader stopped (the header here, else the frame)."""
    garbage, out = tmp_path / "garbage.fitl", tmp_path / "out.file"
    garbage.write_bytes(b"not a log file at all")
    args = [a.format(log=garbage, out=out) for a in argv]
    code, _, err = _run(args, capsys)
    assert (code, err.count("\n")) == (1, 1), err
    bad_magic = "header: not a coinlake log file (bad magic)"
    assert err == f"coinlake: error: cannot read {garbage}: {bad_magic}\n"
    missing = tmp_path / "missing.fitl"
    code, _, err = _run([a.format(log=missing, out=out) for a in argv], capsys)
    assert (code, err) == (
        1,
        f"coinlake: error: cannot read {missing}: header: cannot open the file "
        "(No such file or directory)\n",
    )
    assert not out.exists()


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


KEY = b"a key of the players'"


@pytest.fixture
def keyed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path, Path]:
    """A keyed log written by ``play --key-file`` (the key file ends in a newline, which is
    not part of the key), its key file, and a file holding another key."""
    key_file, wrong = tmp_path / "players.key", tmp_path / "wrong.key"
    key_file.write_bytes(KEY + b"\n")
    wrong.write_bytes(b"another key")
    log = tmp_path / "keyed.fitl"
    args = ["play", "--seed", "4", "--max-commands", "30", "--log", str(log)]
    assert run([*args, "--key-file", str(key_file)]) == 0
    capsys.readouterr()
    assert coinlake.load(log, key=KEY).state.seq > 0
    with pytest.raises(coinlake.LogFileError, match="keyed"):
        coinlake.load(log)
    return log, key_file, wrong


def _reading(log: Path, out: Path) -> list[list[str]]:
    """Every command that reads a log, each writing only to ``out`` (if anything)."""
    return [
        ["replay", str(log)],
        ["show", str(log), "--svg", str(out)],
        ["export-html", str(log), "-o", str(out)],
        ["audit", str(log)],
        ["export", str(log), "--to", "csv", "--out", str(out)],
    ]


def test_every_command_that_reads_a_log_reads_a_keyed_one_with_its_key(
    keyed: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, key_file, _ = keyed
    before = log.read_bytes()
    out = tmp_path / "out.txt"
    for argv in _reading(log, out):
        code, stdout, err = _run([*argv, "--key-file", str(key_file)], capsys)
        assert code == 0 and err == "", (argv, err)
        assert stdout
    assert out.exists()
    assert log.read_bytes() == before  # read only


@pytest.mark.parametrize("command", ["replay", "show", "export-html", "audit", "export", "eval"])
def test_a_keyed_log_is_refused_without_its_key_or_with_another(
    command: str,
    keyed: tuple[Path, Path, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without the key the message says to pass --key-file; a wrong key fails the header's
    MAC and the message names it; either way one line, status 1, nothing written."""
    log, _, wrong = keyed
    before = log.read_bytes()
    out = tmp_path / "out.txt"
    argv = next(a for a in [*_reading(log, out), ["eval", str(log)]] if a[0] == command)
    for extra, words in (([], "--key-file"), (["--key-file", str(wrong)], "header: ")):
        code, stdout, err = _run([*argv, *extra], capsys)
        assert code == 1, (argv, extra, stdout)
        assert err.count("\n") == 1 and words in err and "Traceback" not in stdout + err, err
        assert log.read_bytes() == before and not out.exists()


def test_a_bad_key_file_or_an_unkeyed_log_with_a_key_is_one_line(
    keyed: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, key_file, _ = keyed
    empty, long = tmp_path / "empty.key", tmp_path / "long.key"
    empty.write_bytes(b"\n")  # the final newline is not part of the key: 0 bytes
    long.write_bytes(b"k" * 65)
    plain = tmp_path / "plain.fitl"
    coinlake.new_game("short", seed=1).save(plain)
    svg, html = tmp_path / "x.svg", tmp_path / "x.html"
    for argv, words in (
        (["replay", str(log), "--key-file", str(tmp_path / "none.key")], "key file"),
        (["audit", str(log), "--key-file", str(empty)], "0 bytes"),
        (["show", str(log), "--svg", str(svg), "--key-file", str(long)], "65 bytes"),
        (["export", str(log), "--key-file", str(long)], "65 bytes"),
        (["export-html", str(plain), "-o", str(html), "--key-file", str(key_file)], "not keyed"),
        (["play", "--resume", str(plain), "--key-file", str(key_file)], "not keyed"),
    ):
        files = {f: f.read_bytes() for f in (log, plain)}
        code, out, err = _run(argv, capsys)
        assert code == 1 and err.count("\n") == 1 and words in err, (argv, err)
        assert "Traceback" not in out + err
        assert {f: f.read_bytes() for f in (log, plain)} == files
        assert not svg.exists() and not html.exists() and not log.with_suffix(".jsonl").exists()


def test_resuming_a_keyed_game_keeps_it_keyed(
    keyed: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --resume`` of the Non-players' game plays it on, appending keyed frames."""
    log, key_file, wrong = keyed
    before = log.read_bytes()
    for extra in ([], ["--key-file", str(wrong)]):
        code, _, err = _run(["play", "--resume", str(log), *extra], capsys)
        assert code == 1 and err.count("\n") == 1 and log.read_bytes() == before
    code, _, err = _run(["play", "--resume", str(log), "--key-file", str(key_file)], capsys)
    assert code == 0, err
    after = log.read_bytes()
    assert len(after) > len(before) and after.startswith(before)  # new frames appended
    game = coinlake.load(log, key=KEY)  # every command re-decided, every frame's MAC checked
    assert game.state.result is not None  # played on to the end (2.4.2, 7.3 or 7.2)
    with pytest.raises(coinlake.LogFileError, match="keyed"):
        coinlake.load(log)
