"""Exports and analytics (issue #24 item 4): rows per command or per event, JSON lines that
reload into equal events, CSV, Parquet, many logs in one table, and the CLI commands."""

from __future__ import annotations

import csv
import json
from functools import cache
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import coinlake
from coinlake import Faction
from coinlake.audit import ROW_FIELDS, audit, read_jsonl, rows, write_csv, write_jsonl
from coinlake.cli import run, stream


@cache
def _game() -> coinlake.Game:
    game = coinlake.new_game("short", seed=3, non_players=set(Faction))
    game.play_non_players()
    return game


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "game.fitl"
    _game().save(path)
    return path


def _cli() -> typer.Typer:
    """The two commands alone, as ``coinlake`` registers them."""
    app = typer.Typer()
    app.command()(stream.audit)
    app.command()(stream.export)
    return app


def test_jsonl_round_trips_to_equal_events(tmp_path: Path) -> None:
    game = _game()
    path = tmp_path / "events.jsonl"
    assert write_jsonl(path, rows(game, "event")) == len(game.events)
    assert read_jsonl(path) == game.events
    first = json.loads(path.read_text().splitlines()[0])
    assert tuple(first) == ROW_FIELDS


def test_command_rows_carry_the_audit(tmp_path: Path) -> None:
    game = _game()
    table = list(rows(game, "command"))
    steps = audit(game)
    assert len(table) == len(game.line()) == len(steps)
    for row, step in zip(table, steps, strict=True):
        assert row["command"] == step.command and row["seq"] == step.seq
        assert row["events"] == len(step.node.events)
        assert {f: row[f"d_{f.value.lower()}"] for f in Faction if row[f"d_{f.value.lower()}"]} == (
            step.total_changes
        )
    path = tmp_path / "commands.csv"
    assert write_csv(path, table) == len(table)
    with path.open(newline="") as handle:
        read = list(csv.DictReader(handle))
    assert [r["command"] for r in read] == [r["command"] for r in table]
    assert tuple(read[0]) == ROW_FIELDS


def test_event_rows_sum_to_the_command_rows_1_9() -> None:
    game = _game()
    per_command = {r["seq"]: r for r in rows(game, "command")}
    sums: dict[int, int] = {}
    for row in rows(game, "event"):
        sums[row["seq"]] = sums.get(row["seq"], 0) + row["d_us"]
    assert all(per_command[seq]["d_us"] == total for seq, total in sums.items())


def test_per_must_be_command_or_event() -> None:
    with pytest.raises(ValueError, match="per"):
        next(rows(_game(), "frame"))  # type: ignore[arg-type]


def test_read_jsonl_refuses_command_rows(tmp_path: Path) -> None:
    path = tmp_path / "commands.jsonl"
    write_jsonl(path, rows(_game(), "command"))
    with pytest.raises(ValueError, match="per-event"):
        read_jsonl(path)


def test_parquet_and_many_logs_in_one_table(tmp_path: Path, log: Path) -> None:
    pl = pytest.importorskip("polars")
    from coinlake import analytics

    game = _game()
    path = tmp_path / "game.parquet"
    assert analytics.write_parquet(game, path, "event") == len(game.events)
    table = pl.read_parquet(path)
    assert table.columns == list(ROW_FIELDS)
    events = tuple(coinlake.event_from_json(json.loads(d)) for d in table["data"])
    assert events == game.events
    many = analytics.load_logs([log, log], verify=False)
    assert many.height == 2 * len(game.line())
    assert many.columns[:2] == ["log", "scenario"]
    us = Faction.US
    gained = coinlake.victory_markers(game.state)[us] - coinlake.victory_markers(game.root)[us]
    assert many["d_us"].sum() == 2 * gained
    result = game.state.result
    assert result is not None
    games = analytics.games([log], verify=False)
    assert games.columns == list(analytics.GAME_FIELDS)
    row = games.row(0, named=True)
    assert row["winner"] == "+".join(str(f) for f in result.winner)
    assert row["margin_arvn"] == result.faction_margins[Faction.ARVN]
    rate = games.group_by("scenario", "winner").len()
    assert rate.row(0) == ("short", row["winner"], 1)
    assert analytics.load_logs([], verify=False).height == 0


def test_cli_export_and_audit(tmp_path: Path, log: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "events.jsonl"
    done = runner.invoke(_cli(), ["export", str(log), "--to", "jsonl", "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert read_jsonl(out) == _game().events
    out_csv = tmp_path / "commands.csv"
    args = ["export", str(log), "--to", "csv", "--per", "command", "--out", str(out_csv)]
    done = runner.invoke(_cli(), args)
    assert done.exit_code == 0 and f"{len(_game().line())} rows" in done.output
    done = runner.invoke(_cli(), ["audit", str(log)])
    assert done.exit_code == 0 and done.output.endswith("\n")
    assert "won: it passed its victory condition" in done.output


def test_cli_errors_are_one_line_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.fitl"
    bad.write_bytes(b"not a log")
    for args in (["audit", str(bad)], ["export", str(tmp_path / "missing.fitl")]):
        assert run(args) == 1
        out, err = capsys.readouterr()
        assert not out and err.count("\n") == 1 and err.startswith("coinlake: error: cannot read")
    assert run(["export", str(bad), "--to", "xml"]) == 2
    assert "--to" in capsys.readouterr().err
