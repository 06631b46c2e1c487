"""``coinlake eval``: a logged game's chances, position by position (Non-player rollouts)."""

from __future__ import annotations

import csv
import itertools
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

import coinlake
from coinlake.analysis.table import latest_table
from coinlake.cli import app, run
from coinlake.cli.evaluate import Every, positions
from tests.conftest import ROOT

runner = CliRunner()
ALL = set(coinlake.Faction)


def _log(tmp_path: Path) -> tuple[coinlake.Game, Path]:
    """A Short game of four Non-players, as a log."""
    game = coinlake.new_game("short", seed=2, non_players=ALL)
    game.play_non_players()
    path = tmp_path / "game.fitl"
    game.save(path)
    return game, path


def test_positions_at_each_card_and_after_every_command(tmp_path: Path) -> None:
    game, _ = _log(tmp_path)
    every = positions(game, Every.COMMAND)
    assert [step for step, _ in every] == list(range(len(game.line()) + 1))
    cards = positions(game, Every.CARD)
    assert cards[0][0] == 0 and cards[-1][1] == game.state
    for (_, before), (_, after) in itertools.pairwise(cards[1:-1]):
        assert before.current_card != after.current_card  # 2.3.7: a new card each time


def test_eval_writes_a_table_and_a_chart(tmp_path: Path) -> None:
    game, path = _log(tmp_path)
    result = game.state.result
    assert result is not None
    table, chart = tmp_path / "eval.csv", tmp_path / "eval.svg"
    args = ["eval", str(path), "--rollouts", "1", "--out", str(table), "--chart", str(chart)]
    outcome = runner.invoke(app, args)
    assert outcome.exit_code == 0, outcome.output
    rows = list(csv.DictReader(table.open()))
    assert len(rows) == len(positions(game, Every.CARD))
    last = rows[-1]  # the finished game: its result (7.2, 7.3)
    for faction in coinlake.Faction:
        assert float(last[f"{faction}_win"]) == (1.0 if faction in result.winner else 0.0)
    svg = ET.fromstring(chart.read_text())
    assert len(svg.findall("{http://www.w3.org/2000/svg}polyline")) == 4
    jsonl = tmp_path / "eval.jsonl"
    args = ["eval", str(path), "--rollouts", "1", "--every", "card", "--out", str(jsonl)]
    assert runner.invoke(app, args).exit_code == 0
    lines = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert [r["step"] for r in lines] == [int(r["step"]) for r in rows]


def test_eval_user_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.fitl"
    junk.write_bytes(b"not a log")
    for argv, status in (
        (["eval", str(tmp_path / "none.fitl")], 1),
        (["eval", str(junk)], 1),
        (["eval", str(junk), "--every", "turn"], 2),
        (["eval", str(junk), "--rollouts", "0"], 2),
    ):
        assert run(argv) == status
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and "Traceback" not in out + err, err


# -- --annotate: the log carries the evaluation -------------------------------------------------
def _short_log(tmp_path: Path, name: str = "game.fitl", key: bytes | None = None) -> Path:
    """A Short game of four Non-players that ends after 9 cards (7.2), as a log."""
    game = coinlake.new_game("short", seed=4, non_players=ALL)
    game.play_non_players()
    path = tmp_path / name
    game.save(path, key=key)
    return path


def test_annotate_appends_the_table_to_the_log(tmp_path: Path) -> None:
    path = _short_log(tmp_path)
    before = path.read_bytes()
    table = tmp_path / "eval.jsonl"
    args = ["eval", str(path), "--rollouts", "1", "--annotate", "--out", str(table)]
    outcome = runner.invoke(app, args)
    assert outcome.exit_code == 0, outcome.output
    after = path.read_bytes()
    assert after.startswith(before) and len(after) > len(before)  # appended, nothing rewritten
    game = coinlake.load(path)
    (note,) = game.notes()
    assert note.kind == "evaluation" and note.index == len(game.journal()) - 1
    rows = [json.loads(line) for line in table.read_text().splitlines()]
    assert note.data == {
        "every": "card",
        "rollouts": 1,
        "seed": 0,
        "omniscient": False,
        "rows": rows,
    }
    assert {"step", "card", "US_win", "VC_margin", "rollouts", "seed", "omniscient"} <= set(rows[0])
    # the same settings again: a second note, the latest wins for readers
    assert runner.invoke(app, ["eval", str(path), "--rollouts", "1", "--annotate"]).exit_code == 0
    game = coinlake.load(path)
    first, second = game.notes("evaluation")
    assert first.data == second.data
    table_read = latest_table(game)
    assert table_read is not None and table_read.index == second.index
    assert table_read.steps == tuple(r["step"] for r in rows)


def test_annotate_a_keyed_log_needs_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _short_log(tmp_path, key=b"k3y")
    before = path.read_bytes()
    assert run(["eval", str(path), "--rollouts", "1", "--annotate"]) == 1
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "keyed" in err, err
    assert path.read_bytes() == before
    key = tmp_path / "key"
    key.write_bytes(b"k3y\n")
    assert run(["eval", str(path), "--rollouts", "1", "--annotate", "--key-file", str(key)]) == 0
    assert path.read_bytes().startswith(before)
    assert len(coinlake.load(path, key=b"k3y").notes("evaluation")) == 1


def test_annotate_refusals_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused before any rollout, the log untouched: a torn log, a format 1 log (either
    would be rewritten, not appended to), a bad key file."""
    torn = _short_log(tmp_path, "torn.fitl")
    torn.write_bytes(torn.read_bytes()[:-3])
    v1 = tmp_path / "v1.fitl"
    v1.write_bytes((ROOT / "fixtures" / "format-v1-short-seed1.fitl").read_bytes())
    empty = tmp_path / "empty.key"
    empty.write_bytes(b"")
    plain = _short_log(tmp_path, "plain.fitl")
    for argv, words in (
        (["eval", str(torn), "--annotate"], "torn"),
        (["eval", str(v1), "--annotate"], "format 1"),
        (["eval", str(plain), "--annotate", "--key-file", str(empty)], "key"),
        (["eval", str(plain), "--annotate", "--key-file", str(tmp_path / "none")], "key file"),
    ):
        path = Path(argv[1])
        before = path.read_bytes()
        assert run(argv) == 1
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and words in err and "Traceback" not in out + err, err
        assert path.read_bytes() == before
