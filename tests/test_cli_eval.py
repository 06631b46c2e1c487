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
from coinlake.cli import app, run
from coinlake.cli.evaluate import Every, positions

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
