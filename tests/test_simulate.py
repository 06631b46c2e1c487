"""coinlake.simulate and ``coinlake simulate``: seeded batches, statistics, engines (issue 25)."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import coinlake
from coinlake import simulate as sim
from coinlake.cli.app import app as coinlake_app
from coinlake.cli.app import run
from coinlake.cli.simulate import simulate as simulate_command

SPEC = sim.BatchSpec("short", seats=dict.fromkeys(sim.FACTIONS, "random"), max_commands=120)


def _row(game: int, winner: tuple[str, ...], margins: tuple[int, int, int, int]) -> sim.Row:
    return sim.Row(
        game, game, winner, tuple(zip(sim.FACTIONS, margins, strict=True)), 1, 1, "7.3", "victory"
    )


def test_game_seeds_are_derived_and_any_game_replays_alone() -> None:
    seeds = [sim.game_seed(5, i) for i in range(50)]
    assert len(set(seeds)) == 50 and all(0 <= s < 2**64 for s in seeds)
    assert seeds == [sim.game_seed(5, i) for i in range(50)]
    rows = sim.run_local(SPEC, seed=5, games=3)
    assert [r.seed for r in rows] == seeds[:3]
    assert sim.play_game(SPEC, 2, seeds[2]) == rows[2]


def test_jobs_1_and_jobs_2_give_identical_rows() -> None:
    one = sim.run_local(SPEC, seed=11, games=3, jobs=1)
    two = sim.run_local(SPEC, seed=11, games=3, jobs=2)
    assert one == two
    assert [r.game for r in one] == [0, 1, 2]


def test_ray_engine_gives_identical_results(tmp_path: Path) -> None:
    """``--engine ray`` (on a local Ray instance) writes the same results as ``--jobs 1``
    and ``--jobs 2`` for the same seeds."""
    ray = pytest.importorskip("ray")
    args = ["simulate", "--games", "2", "--seed", "11", "--max-commands", "120"]
    args += [f"--agent={faction}=random" for faction in sim.FACTIONS]
    outs = {}
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        for how in (["--engine", "ray"], ["--jobs", "1"], ["--jobs", "2"]):
            out = tmp_path / f"{how[1]}.jsonl"
            result = CliRunner().invoke(_cli(), [*args, *how, "--out", str(out)])
            assert result.exit_code == 0, result.output
            outs[how[1]] = out.read_text()
    finally:
        ray.shutdown()
    assert outs["ray"] == outs["1"] == outs["2"]
    assert len(outs["1"].splitlines()) == 2


def test_a_finished_game_reports_the_result() -> None:
    """A Short game of four Non-players ends by 7.2 or 7.3; the row carries its margins."""
    spec = sim.BatchSpec("short")
    row = sim.play_game(spec, 0, 1)
    game = coinlake.new_game("short", seed=1, non_players=set(coinlake.Faction))
    game.play_non_players()
    result = game.state.result
    assert result is not None and row.end == result.rule in ("7.2", "7.3")
    assert row.winner == tuple(str(f) for f in result.winner)
    assert dict(row.margins) == {
        str(f): m for f, m in zip(coinlake.Faction, result.margins, strict=True)
    }
    assert row.cards == len(game.state.played) and row.commands == game.state.seq


def test_summary_on_a_known_set_of_results() -> None:
    rows = [
        _row(0, ("NVA",), (-5, -3, 2, -1)),
        _row(1, ("VC",), (-4, -2, -1, 3)),
        _row(2, ("NVA",), (-3, -1, 4, 0)),
        _row(3, ("NVA",), (-2, 0, 1, -2)),
        _row(4, ("ARVN",), (-1, 1, -2, -3)),
    ]
    stats = {s.faction: s for s in sim.summarize(rows)}
    assert [stats[f].wins for f in sim.FACTIONS] == [0, 1, 3, 1]
    nva = stats["NVA"]
    assert nva.win_rate == 0.6
    assert [nva.win_low, nva.win_high] == pytest.approx([0.2307, 0.8824], abs=1e-4)
    us = stats["US"]  # margins -5..-1: mean -3, sd 1.5811, t(4) = 2.776
    assert us.mean_margin == -3
    assert us.margin_low == pytest.approx(-3 - 2.776 * math.sqrt(2.5 / 5), abs=1e-9)
    assert us.margin_high == pytest.approx(-3 + 2.776 * math.sqrt(2.5 / 5), abs=1e-9)


def test_chart_is_well_formed_svg_and_html() -> None:
    rows = [_row(0, ("US",), (3, -1, -2, -4)), _row(1, ("VC",), (-2, -1, -2, 5))]
    root = ET.fromstring(sim.chart_svg(rows))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 8  # a dot per game
    assert "<svg" in sim.chart_html(rows) and "NVA" in sim.chart_html(rows)


def test_bad_specs_are_refused() -> None:
    with pytest.raises(ValueError, match="scenario"):
        sim.BatchSpec("long")
    with pytest.raises(ValueError, match="import"):
        sim.BatchSpec("short", seats={"US": "nosuchmodule:Bot"}).check()
    with pytest.raises(ValueError, match="option"):
        sim.BatchSpec("short", options=["monsoon"])


def _cli() -> typer.Typer:
    app = typer.Typer()
    app.command()(simulate_command)
    app.command("other")(lambda: None)
    return app


def test_simulate_is_a_coinlake_command() -> None:
    assert simulate_command in [c.callback for c in coinlake_app.registered_commands]


def test_cli_writes_results_logs_and_chart(tmp_path: Path) -> None:
    out, chart, logs = tmp_path / "r.jsonl", tmp_path / "c.html", tmp_path / "logs"
    args = ["simulate", "--games", "2", "--seed", "3", "--max-commands", "60"]
    args += ["--agent", "us=random", "--agent", "VC=coinlake.nonplayers:RandomAgent"]
    args += ["--out", str(out), "--chart", str(chart), "--logs", str(logs)]
    result = CliRunner().invoke(_cli(), args)
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "95% CI" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["seed"] for line in lines] == [sim.game_seed(3, 0), sim.game_seed(3, 1)]
    assert set(lines[0]) == {
        "game",
        "seed",
        "winner",
        "margins",
        "cards",
        "commands",
        "end",
        "outcome",
    }
    assert "<svg" in chart.read_text()
    saved = sorted(logs.iterdir())
    assert len(saved) == 2
    game = coinlake.load(saved[0])
    assert game.state.seq == lines[0]["commands"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agent", "US"], "--agent is FACTION=AGENT"),
        (["--agent", "US=nosuch"], "an agent is nonplayer, random or module:attribute"),
        (["--engine", "spark"], "--engine is local or ray"),
        (["--chart", "c.png"], "--chart is a .svg or .html"),
        (["--scenario", "long"], "scenario is one of"),
    ],
)
def test_cli_user_errors_are_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["simulate", "--games", "1", *args]) == 1
    out, err = capsys.readouterr()
    assert not out and err.startswith("coinlake: error: ") and err.count("\n") == 1
    assert message in err
