"""``coinlake.viewer``: a log's replay as one self-contained HTML file (issue 23), and
``coinlake export-html``."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import coinlake
from coinlake import viewer
from coinlake.analysis.table import latest_table
from coinlake.cli import app

runner = CliRunner()


@cache
def branched() -> coinlake.Game:
    """A game of 12 commands after the opening reveal (2.2), with the last 3 undone and
    replaced by 2 others (a branch)."""
    game = coinlake.new_game("short", seed=7)
    for _ in range(12):
        game.apply(game.legal()[0])
    for _ in range(3):
        game.undo()
    game.apply(game.legal()[-1])
    game.apply(game.legal()[0])
    return game


@cache
def non_players() -> coinlake.Game:
    game = coinlake.new_game("short", seed=5, non_players=set(coinlake.Faction))
    game.play_non_players(limit=60)
    return game


def data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="cl-data">(.*?)</script>', page, re.S)
    assert found is not None
    loaded: dict[str, Any] = json.loads(found.group(1))
    return loaded


def frame_svg(d: dict[str, Any], i: int) -> str:
    return str(d["head"] + "".join(d["parts"][k] for k in d["frames"][i]["p"]) + d["tail"])


def test_every_position_of_the_history_tree_is_a_frame_with_its_board() -> None:
    game = branched()
    d = data(viewer.html(game))
    frames = d["frames"]
    assert len(frames) == 1 + 1 + 12 + 2  # set-up, opening, 12 commands, 2 of the new branch
    assert len(d["line"]) == 1 + 1 + 12 - 3 + 2
    assert [frames[i]["depth"] for i in d["line"]] == list(range(len(d["line"])))
    # every frame's board is the board of its position, line and abandoned branch alike
    states = [game.root] + [n.state for n in game.line()]
    for i, state in zip(d["line"], states, strict=True):
        assert frame_svg(d, i) == coinlake.svg.board(state, size=None)
    off = [i for i, f in enumerate(frames) if not f["line"]]
    assert len(off) == 3
    for i in off:  # walking up an abandoned branch reaches the current line
        assert frames[i]["depth"] == frames[frames[i]["up"]]["depth"] + 1
    undone = [e.node for e in game.journal() if e.action == "apply"][10:13]
    for i, node in zip(off, undone, strict=True):
        assert frame_svg(d, i) == coinlake.svg.board(node.state, size=None)
        assert frames[i]["cmd"] == str(node.command)


def test_the_branch_point_lists_both_branches() -> None:
    page = viewer.html(branched())
    d = data(page)
    point = d["line"][10]  # after step 10 (the opening and 9 commands) the history forks
    assert "after step 10" in page
    kids = [i for i, f in enumerate(d["frames"]) if f["up"] == point]
    assert len(kids) == 2
    assert "(3 steps, left by an undo)" in page and "(2 steps, current line)" in page
    assert d["frames"][point]["next"] == d["line"][11]  # forward stays on the current line
    assert "no undone commands" in viewer.html(non_players())


def test_events_rules_and_non_player_reasons_are_in_each_step() -> None:
    game = non_players()
    d = data(viewer.html(game))
    for i, node in zip(d["line"][1:], game.line(), strict=True):
        frame = d["frames"][i]
        assert [e[:2] for e in frame["ev"]] == [[type(e).__name__, e.rule] for e in node.events]
        reasons = [e.reason for e in node.events if isinstance(e, coinlake.Explained)]
        assert [w[2] for w in frame["why"]] == reasons
        assert frame["who"] == ("" if node.faction is None else str(node.faction))
    assert any(d["frames"][i]["why"] for i in d["line"])  # the Non-players explained (8.1)


def test_the_chart_follows_the_victory_totals_and_margins() -> None:
    game = non_players()
    page = viewer.html(game)
    d = data(page)
    states = [game.root] + [n.state for n in game.line()]
    order = list(coinlake.Faction)
    assert d["totals"] == [[coinlake.victory_markers(s)[f] for f in order] for s in states]
    # 7.3: a margin is the total minus the 7.2 threshold (US 50, ARVN 50, NVA 18, VC 35)
    thresholds = [50, 50, 18, 35]
    assert d["margins"] == [
        [t - h for t, h in zip(row, thresholds, strict=True)] for row in d["totals"]
    ]
    chart = re.search(r'<svg[^>]*id="cl-chart".*?</svg>', page, re.S)
    assert chart is not None
    lines = re.findall(r'<polyline points="([^"]*)"[^>]*data-faction="(\w+)"', chart.group(0))
    assert sorted(f for _, f in lines) == sorted(["US", "ARVN", "NVA", "VC"] * 2)
    assert all(len(points.split()) == len(states) for points, _ in lines)


def test_the_page_is_self_contained_and_loads_nothing() -> None:
    page = viewer.html(branched())
    without_namespace = re.sub(r'xmlns=\\?"http://www.w3.org/2000/svg\\?"', "", page)
    assert "http" not in without_namespace and "//cdn" not in page
    assert not re.search(r"<(link|img|iframe)\b", page)
    assert not re.search(r"<script[^>]*\bsrc=", page)
    assert "@import" not in page and "url(" not in page
    assert "</script>" not in data_text(page)


def data_text(page: str) -> str:
    start = page.index('id="cl-data">') + len('id="cl-data">')
    return page[start : page.index("</script>", start)]


def test_export_html_command_writes_the_file(tmp_path: Path) -> None:
    log = tmp_path / "game.fitl"
    branched().save(log)
    out = tmp_path / "game.html"
    result = runner.invoke(app, ["export-html", str(log), "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert len(data(page)["frames"]) == 16  # the log keeps the undone branch too
    bad = runner.invoke(app, ["export-html", str(tmp_path / "none.fitl"), "-o", str(out)])
    assert bad.exit_code == 1 and "Traceback" not in bad.output


# -- the chances of winning (issue 27: coinlake eval --annotate) --------------------------------
def evaluated(game: coinlake.Game, every: int = 10) -> coinlake.Game:
    """A fork of ``game`` carrying a constructed evaluation every ``every`` steps: the US
    chance rising from 0 by 1% a step, the VC one falling, ARVN and NVA constant."""
    fork = game.fork()
    states = [fork.root] + [n.state for n in fork.line()]
    rows = [
        {
            "step": k,
            "card": states[k].current_card,
            "US_win": k / 100,
            "ARVN_win": 0.2,
            "NVA_win": 0.3,
            "VC_win": 0.5 - k / 200,
        }
        for k in range(0, len(states), every)
    ]
    data = {"every": "card", "rollouts": 3, "seed": 0, "omniscient": False, "rows": rows}
    fork.annotate("evaluation", data)
    return fork


def test_the_chances_curve_only_with_an_evaluation() -> None:
    game = non_players()
    plain = viewer.html(game)
    assert 'id="cl-chances"' not in plain and "chances" not in data(plain)
    commented = game.fork()
    commented.annotate("comment", "not an evaluation")
    assert 'id="cl-chances"' not in viewer.html(commented)
    page = viewer.html(evaluated(game))
    d = data(page)
    steps = list(range(0, len(game.line()) + 1, 10))
    assert d["chances"]["steps"] == steps
    assert d["chances"]["win"] == [[k / 100, 0.2, 0.3, 0.5 - k / 200] for k in steps]
    curve = re.search(r'<svg[^>]*id="cl-chances".*?</svg>', page, re.S)
    assert curve is not None
    lines = re.findall(r'<polyline points="([^"]*)"[^>]*data-faction="(\w+)"', curve.group(0))
    assert [f for _, f in lines] == ["US", "ARVN", "NVA", "VC"]
    for points, _ in lines:
        xs = [float(p.split(",")[0]) for p in points.split()]
        assert xs == d["chances"]["x"] and xs == sorted(xs)
    us = [float(p.split(",")[1]) for p in lines[0][0].split()]
    assert us == sorted(us, reverse=True)  # a rising chance: up the page (smaller y)
    assert len(re.findall(r'class="cl-dot"', curve.group(0))) == 4
    assert "at each card, 3 rollouts a position" in curve.group(0)


def test_the_latest_evaluation_is_the_one_shown() -> None:
    game = evaluated(non_players(), every=20)
    rows = [{"step": 0, "card": None, "US_win": 1, "ARVN_win": 0, "NVA_win": 0, "VC_win": 0}]
    game.annotate("evaluation", {"every": "command", "rollouts": 2, "seed": 5, "omniscient": True})
    with pytest.raises(ValueError, match="journal entry"):  # a malformed note is refused
        viewer.html(game)
    data_ = {"every": "command", "rollouts": 2, "seed": 5, "omniscient": True, "rows": rows}
    game.annotate("evaluation", data_)
    d = data(viewer.html(game))
    assert d["chances"]["steps"] == [0] and d["chances"]["win"] == [[1, 0, 0, 0]]


def test_export_html_shows_the_evaluation_in_the_log(tmp_path: Path) -> None:
    """``coinlake eval --annotate`` (1 rollout at each card of a 9-card game), then
    ``coinlake export-html``; a log whose evaluation note is malformed is refused."""
    game = coinlake.new_game("short", seed=4, non_players=set(coinlake.Faction))
    game.play_non_players()
    log = tmp_path / "game.fitl"
    game.save(log)
    out = tmp_path / "game.html"
    assert runner.invoke(app, ["export-html", str(log), "-o", str(out)]).exit_code == 0
    assert 'id="cl-chances"' not in out.read_text(encoding="utf-8")
    assert runner.invoke(app, ["eval", str(log), "--rollouts", "1", "--annotate"]).exit_code == 0
    assert runner.invoke(app, ["export-html", str(log), "-o", str(out)]).exit_code == 0
    page = out.read_text(encoding="utf-8")
    table = latest_table(coinlake.load(log))
    assert table is not None and 'id="cl-chances"' in page
    assert data(page)["chances"]["steps"] == list(table.steps)
    assert data(page)["chances"]["win"] == [list(w) for w in table.wins]
    game.annotate("evaluation", {"rows": "none"})
    game.save(log)
    bad = runner.invoke(app, ["export-html", str(log), "-o", str(out)])
    assert bad.exit_code == 1 and "Traceback" not in bad.output
