"""``coinlake play`` with people at the terminal (issue 22): a whole Short game played as
the VC through piped stdin, in-game commands, saving after every command and ``--resume``;
the structured decision log (``--log-json``)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import coinlake
from coinlake.cli import run
from coinlake.cli.play import match


def _play(
    argv: list[str],
    lines: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = run(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_whole_short_game_as_the_vc_through_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.fitl"
    first = [
        "show",
        "show quang tri",
        "show nowhere",
        "select saigon",  # not an answer to the action Decision (2.3.4)
        "limop",
        "ra",  # unique prefix of "rally"
        "sel",  # every "select ..." option starts so: ambiguous
        "undo",
        "undo",
        "history 3",
        "why 2",
        "score",
        "save",
    ]
    argv = ["play", "--human", "VC", "--seed", "1", "--log", str(log)]
    code, out, err = _play(argv, first, monkeypatch, capsys)
    assert code == 0 and err == ""
    # the whole board, then Quang Tri in detail: 2.1 Short set-up, Pop 2 Province
    assert "Pieces: T Troops" in out and "North Vietnam" in out
    assert "Quang Tri-Thua Thien (Province, Pop 2)" in out
    assert "no space 'nowhere'" in out
    assert "illegal (2.3.4)" in out and "nothing changed" in out
    assert "ambiguous: 'sel' matches select " in out
    assert out.count("undone:") == 2
    assert "victory total" in out and f"saved in {log}" in out
    assert "end of input: the game is saved" in out
    saved = coinlake.load(log)  # re-decided by the rules
    vc = [str(n.command) for n in saved.line() if n.faction is coinlake.Faction.VC]
    assert vc == []  # limop and rally were taken back; nothing illegal was recorded
    assert saved.undo_policy is coinlake.UndoPolicy.STRICT  # people play: strict by default
    decision = saved.decision
    assert decision is not None and decision.faction is coinlake.Faction.VC

    code, out, err = _play(["play", "--resume", str(log)], ["pass"] * 80, monkeypatch, capsys)
    assert code == 0 and err == "", err
    assert "Game over" in out and "Victory markers:" in out
    done = coinlake.load(log)
    assert done.state.result is not None and done.decision is None
    answers = {str(n.command) for n in done.line() if n.faction is coinlake.Faction.VC}
    assert answers == {"pass"}  # 2.3.3: the only answers given after resuming
    code, out, err = _play(["play", "--resume", str(log)], [], monkeypatch, capsys)
    assert code == 0 and "Game over" in out  # a finished game resumes to its summary


def test_play_never_overwrites_a_log_without_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.fitl"
    log.write_bytes(b"precious")
    argv = ["play", "--human", "US", "--seed", "2", "--log", str(log)]
    code, _, err = _play(argv, ["quit"], monkeypatch, capsys)
    assert code == 1 and log.read_bytes() == b"precious"
    assert err.count("\n") == 1 and "--force" in err
    code, _out, err = _play([*argv, "--force"], ["quit"], monkeypatch, capsys)
    assert code == 0, err
    assert coinlake.load(log).decision is not None  # the new game, saved at once


def test_free_undo_goes_back_past_the_non_players_and_redo_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.fitl"
    argv = ["play", "--human", "VC", "--seed", "1", "--undo", "free", "--log", str(log)]
    code, _out, err = _play(argv, ["pass", "undo", "redo", "quit"], monkeypatch, capsys)
    assert code == 0, err
    game = coinlake.load(log)
    # the journal: VC's pass, then back to VC's Decision and forward again
    actions = [e.action for e in game.journal()]
    assert "undo" in actions and "redo" in actions
    assert actions.index("redo") > actions.index("undo")
    assert next(str(n.command) for n in game.line() if n.faction is coinlake.Faction.VC) == "pass"


def test_match_numbers_notation_and_unique_prefixes() -> None:
    options = tuple(coinlake.parse(t) for t in ("op", "op+sa", "pass", "select hue"))
    assert [str(c) for c in match("2", options)] == ["op+sa"]
    assert match("9", options) == [] and match("0", options) == []
    assert [str(c) for c in match("op", options)] == ["op"]  # exact beats prefix
    assert [str(c) for c in match("o", options)] == ["op", "op+sa"]  # ambiguous
    assert [str(c) for c in match("  PA ", options)] == ["pass"]
    assert [str(c) for c in match("hu", options)] == ["select hue"]  # words after the first


def test_log_json_writes_one_line_per_decision_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log, lines = tmp_path / "game.fitl", tmp_path / "decisions.jsonl"
    argv = ["play", "--seed", "5", "--max-commands", "25", "--log", str(log)]
    code, _, err = _play([*argv, "--log-json", str(lines)], [], monkeypatch, capsys)
    assert code == 0, err
    records = [json.loads(line) for line in lines.read_text().splitlines()]
    game = coinlake.load(log)
    assert [r["command"] for r in records] == [str(c) for c in game.commands]
    assert {r["event"] for r in records} == {"decision"}
    non_players = [r for r in records if r["faction"] is not None]
    assert non_players and all(r["reason"] for r in non_players)  # 8.1.3-8.8 reasons
    # unconfigured again afterwards: the library is silent (nothing printed by apply)
    game = coinlake.new_game("short", seed=5)
    game.apply(game.legal()[0])
    assert capsys.readouterr() == ("", "")


def test_eval_at_the_terminal_runs_in_the_background(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """27: ``eval N`` starts N Non-player rollouts of the position in the background and play
    goes on; ``eval`` then reports progress or the chances -- those of
    ``coinlake.analysis.evaluate`` with the position's seed (no unseen card's order read)."""
    from coinlake.analysis import evaluate
    from coinlake.cli.play import Session

    game = coinlake.new_game("short", seed=1, non_players={"US", "ARVN", "NVA"})
    game.play_non_players()
    decision = game.decision
    assert decision is not None
    session = Session(game, frozenset({"VC"}), tmp_path / "game.fitl")
    position = game.state
    session.answer("eval 0", decision)
    assert "positive whole number" in capsys.readouterr().out and session.evaluation is None
    session.answer("eval 3", decision)
    assert "background" in capsys.readouterr().out
    assert session.evaluation is not None
    session.evaluation[1].join(timeout=120)
    session.answer("eval", decision)
    out = capsys.readouterr().out
    expected = evaluate(coinlake.Game.from_state(position), rollouts=3, seed=position.seq)
    for o in expected.outlooks:
        assert f"{o.faction!s:<4} {o.win:>4.0%}" in out
    assert game.state is position  # nothing in the game changed


def test_a_keyed_game_stays_keyed_through_quit_and_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --key-file`` keys the log from the start; ``--resume`` needs the key, refuses
    without it or with another (one line, the file unchanged), and goes on keyed."""
    log, key_file, wrong = tmp_path / "game.fitl", tmp_path / "k", tmp_path / "w"
    key_file.write_bytes(b"s3cret\n")
    wrong.write_bytes(b"s3cre7")
    argv = ["play", "--human", "VC", "--seed", "1", "--log", str(log)]
    code, out, err = _play([*argv, "--key-file", str(key_file)], ["quit"], monkeypatch, capsys)
    assert code == 0 and err == "", err
    assert f"--resume {log} --key-file {key_file}" in out  # the hint carries the key file
    with pytest.raises(coinlake.LogFileError, match="keyed"):
        coinlake.load(log)
    assert coinlake.load(log, key=b"s3cret").decision is not None
    before = log.read_bytes()
    resume = ["play", "--resume", str(log)]
    for extra, words in (([], "--key-file"), (["--key-file", str(wrong)], "header")):
        code, out, err = _play([*resume, *extra], ["pass"], monkeypatch, capsys)
        assert code == 1 and err.count("\n") == 1 and words in err, err
        assert log.read_bytes() == before
    code, out, err = _play(
        [*resume, "--key-file", str(key_file)], ["pass", "quit"], monkeypatch, capsys
    )
    assert code == 0 and err == "", err
    assert log.read_bytes().startswith(before) and len(log.read_bytes()) > len(before)
    game = coinlake.load(log, key=b"s3cret")  # re-decided, every frame's MAC checked
    assert [str(n.command) for n in game.line() if n.faction is coinlake.Faction.VC] == ["pass"]
    with pytest.raises(coinlake.LogFileError, match="keyed"):
        coinlake.load(log)
    copy = tmp_path / "copy.fitl"  # the in-game save to another file keys it too
    code, out, err = _play(
        [*resume, "--key-file", str(key_file)], [f"save {copy}", "quit"], monkeypatch, capsys
    )
    assert code == 0 and f"saved in {copy}" in out
    assert coinlake.load(copy, key=b"s3cret").commands == game.commands
