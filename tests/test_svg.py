"""``coinlake.svg``: the board as SVG (issue 23), and ``coinlake show --svg``.

Expected values come from the rulebook's Short scenario set-up (2.1, "Short: 1965-1967")
and from the map data's own LoC names, never from the picture code.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import coinlake
from coinlake.cli import app
from tools import gen_board_picture

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    assert root.tag == NS + "svg"
    return root


def spaces(root: ET.Element) -> dict[str, ET.Element]:
    return {g.attrib["data-space"]: g for g in root.iter(NS + "g") if "data-space" in g.attrib}


def pieces(space: ET.Element) -> dict[str, int]:
    return {
        g.attrib["data-piece"]: int(g.attrib["data-count"])
        for g in space.iter(NS + "g")
        if "data-piece" in g.attrib
    }


def by_attr(root: ET.Element, name: str) -> dict[str, dict[str, str]]:
    return {e.attrib[name]: e.attrib for e in root.iter() if name in e.attrib}


@cache
def short_start() -> coinlake.GameState:
    return coinlake.new_game("short", seed=7).state  # first card an Event, no Coup


@cache
def played() -> coinlake.Game:
    game = coinlake.new_game("short", seed=5, non_players=set(coinlake.Faction))
    game.play_non_players(limit=150)
    return game


def test_every_space_is_drawn_once_with_its_id() -> None:
    root = parse(coinlake.svg.board(short_start()))
    drawn = [g.attrib["data-space"] for g in root.iter(NS + "g") if "data-space" in g.attrib]
    assert len(drawn) == 47 and set(drawn) == {sp.id for sp in coinlake.SPACES}  # 1.3


@pytest.mark.rule("2.1")
def test_short_scenario_pieces_control_and_support_as_the_rulebook_sets_them_up() -> None:
    """2.1 Short scenario set-up; Guerrillas and Special Forces start Underground (2.1)."""
    drawn = spaces(parse(coinlake.svg.board(short_start())))
    assert pieces(drawn["quang-tri-thua-thien"]) == {
        "arvn-base": 1,
        "arvn-troops": 2,
        "nva-base": 1,
        "nva-guerrilla-u": 4,
    }
    assert pieces(drawn["saigon"]) == {
        "us-base": 1,
        "us-troops": 3,
        "arvn-troops": 4,
        "arvn-police": 2,
        "arvn-ranger-u": 1,
    }
    assert pieces(drawn["binh-dinh"]) == {
        "us-base": 1,
        "us-irregular-u": 1,
        "us-troops": 4,
        "arvn-troops": 2,
        "arvn-police": 1,
        "vc-base": 1,
        "vc-guerrilla-u": 2,
    }
    assert pieces(drawn["tay-ninh"]) == {  # 1.4.4: the scenario's Tunneled Base
        "vc-base-t": 1,
        "vc-guerrilla-u": 2,
        "nva-guerrilla-u": 1,
    }
    assert pieces(drawn["north-vietnam"]) == {
        "nva-base": 2,
        "nva-guerrilla-u": 1,
        "nva-troops": 6,
    }
    assert drawn["quang-tri-thua-thien"].attrib["data-control"] == "nva"  # 1.7
    assert drawn["quang-tri-thua-thien"].attrib["data-support"] == "active-opposition"
    assert drawn["saigon"].attrib["data-control"] == "coin"
    assert drawn["saigon"].attrib["data-support"] == "active-support"
    assert drawn["binh-dinh"].attrib["data-support"] == "passive-support"
    assert drawn["tay-ninh"].attrib["data-support"] == "active-opposition"
    assert "data-control" not in drawn["loc-saigon-can-tho"].attrib  # LoCs: no Control


@pytest.mark.rule("2.1")
def test_short_scenario_tracks_victory_eligibility_and_leader() -> None:
    """2.1 Short: Aid 15, Econ 15, Patronage 18, Resources VC 10 NVA 15 ARVN 30, Trail 2,
    victory markers 38/41/23/10, all Eligible, Young Turks the RVN Leader."""
    svg = coinlake.svg.board(short_start())
    root = parse(svg)
    tracks = {k: int(v["data-value"]) for k, v in by_attr(root, "data-track").items()}
    assert tracks == {
        "arvn_resources": 30,
        "nva_resources": 15,
        "vc_resources": 10,
        "aid": 15,
        "patronage": 18,
        "econ": 15,
        "trail": 2,
    }
    victory = by_attr(root, "data-victory")
    assert {f: int(a["data-value"]) for f, a in victory.items()} == {
        "US": 38,
        "ARVN": 41,
        "VC": 23,
        "NVA": 10,
    }
    assert {f: int(a["data-margin"]) for f, a in victory.items()} == {  # 7.3: minus 7.2's
        "US": 38 - 50,
        "ARVN": 41 - 50,
        "VC": 23 - 35,
        "NVA": 10 - 18,
    }
    eligibility = by_attr(root, "data-eligibility")
    assert {a["data-value"] for a in eligibility.values()} == {"eligible"}
    assert "Young Turks" in svg


def test_cards_capabilities_and_momentum_are_the_states() -> None:
    state = played().state
    root = parse(coinlake.svg.board(state))
    cards = {k: int(a["data-number"]) for k, a in by_attr(root, "data-card").items()}
    assert cards == {"current": state.current_card or 0, "next": state.next_card or 0}
    shown = {int(k) for k in by_attr(root, "data-capability")}
    assert shown == {number for number, _ in state.capabilities}
    assert {int(k) for k in by_attr(root, "data-momentum")} == set(state.momentum)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=149))
def test_piece_counts_in_the_picture_equal_the_states(step: int) -> None:
    state = played().line()[step].state
    drawn = spaces(parse(coinlake.svg.board(state)))
    for sp in coinlake.SPACES:
        expected = {
            p.token: n for p, n in zip(coinlake.Piece, state.space(sp.id).pieces, strict=True) if n
        }
        assert pieces(drawn[sp.id]) == expected, sp.id


@pytest.mark.rule("3.3.4")
def test_terror_and_sabotage_markers_are_drawn() -> None:
    state = short_start()
    index = {sp.id: i for i, sp in enumerate(coinlake.SPACES)}
    marked = list(state.spaces)
    marked[index["quang-nam"]] = attrs.evolve(marked[index["quang-nam"]], terror=1)
    loc = index["loc-hue-da-nang"]
    marked[loc] = attrs.evolve(marked[loc], sabotage=2)
    drawn = spaces(parse(coinlake.svg.board(attrs.evolve(state, spaces=tuple(marked)))))
    assert drawn["quang-nam"].attrib["data-terror"] == "1"
    assert drawn["loc-hue-da-nang"].attrib["data-sabotage"] == "2"
    assert len([g for g in drawn.values() if set(g.attrib) & {"data-terror", "data-sabotage"}]) == 2


@pytest.mark.rule("7.3")
def test_a_factions_view_shows_only_its_own_deception_markers() -> None:
    """7.3: other players' Deception markers stay hidden until revealed; 2.2: nothing of
    the draw deck beyond the next card is drawn."""
    game = coinlake.new_game("short", seed=9, deception=True)
    state = game.state
    full = [
        e.attrib["data-deception"]
        for e in parse(coinlake.svg.board(state)).iter()
        if "data-deception" in e.attrib
    ]
    assert full == [m.kind for m in state.deception]
    for faction in coinlake.Faction:
        svg = coinlake.svg.board(game.view(faction))
        root = parse(svg)
        shown = Counter(
            e.attrib["data-deception"] for e in root.iter() if "data-deception" in e.attrib
        )
        own = Counter(m.kind for m in state.deception if faction in m.owner)
        others = sum(1 for m in state.deception if faction not in m.owner)
        assert shown == own + Counter({"unknown": others})
        assert by_attr(root, "data-view") and f'data-view="{faction}"' in svg
        numbers = {int(n) for n in re.findall(r"#(\d+) ", svg)}
        assert not numbers & set(state.deck)


def test_highlight_outlines_the_named_spaces_and_rejects_unknown_names() -> None:
    drawn = spaces(parse(coinlake.svg.board(short_start(), highlight=["Saigon", "Hue"])))
    outlined = {k for k, g in drawn.items() if any(r.get("class") == "hl" for r in g)}
    assert outlined == {"saigon", "hue"}
    with pytest.raises(ValueError, match="no space named"):
        coinlake.svg.board(short_start(), highlight=["Atlantis"])


def test_size_and_bad_input() -> None:
    root = parse(coinlake.svg.board(short_start(), size=600))
    assert root.attrib["width"] == "600"
    assert "width" not in parse(coinlake.svg.board(short_start(), size=None)).attrib
    with pytest.raises(ValueError, match="size"):
        coinlake.svg.board(short_start(), size=0)
    with pytest.raises(TypeError, match="GameState"):
        coinlake.svg.board("saigon")  # type: ignore[arg-type]


def test_jupyter_repr_of_state_and_game_is_the_board() -> None:
    game = played()
    assert game.state._repr_svg_() == coinlake.svg.board(game.state)
    assert game._repr_svg_() == coinlake.svg.board(game.state)


def test_layout_data_places_every_space_and_runs_each_loc_between_its_named_ends() -> None:
    """1.3.4: a LoC runs between the Cities and Towns its name gives; its end Cities are
    adjacent to it (1.3.6)."""
    layout = json.loads((ROOT / "coinlake" / "data" / "layout.json").read_text())
    by_id = {sp.id: sp for sp in coinlake.SPACES}
    assert set(layout["spaces"]) == set(by_id)
    assert set(layout["loc_paths"]) == {sp.id for sp in coinlake.SPACES if sp.is_loc}
    width, height = layout["size"]
    assert all(0 < x < width and 0 < y < height for x, y in layout["spaces"].values())
    for loc, path in layout["loc_paths"].items():
        names = [by_id[p].name if p in by_id else p for p in path]
        assert names == by_id[loc].name.split(" -- "), loc
        ends = [p for p in path if p in by_id]
        assert all(coinlake.data.adjacent(loc, p) for p in ends), loc
        assert all(p in by_id or p in layout["towns"] for p in path)


def test_show_writes_the_board_after_n_commands(tmp_path: Path) -> None:
    log = tmp_path / "game.fitl"
    game = played().fork()
    game.save(log)
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["show", str(log), "--svg", str(out), "--at", "20"])
    assert result.exit_code == 0, result.output
    state = [n.state for n in game.line() if n.command is not None][19]
    assert out.read_text() == coinlake.svg.board(state, size=1200)
    result = runner.invoke(app, ["show", str(log), "--svg", str(out), "--at", "0"])
    assert out.read_text() == coinlake.svg.board(game.root, size=1200)


def test_show_rejects_a_bad_step_or_file_in_one_line(tmp_path: Path) -> None:
    log = tmp_path / "game.fitl"
    played().save(log)
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["show", str(log), "--svg", str(out), "--at", "9999"])
    assert result.exit_code == 1 and not out.exists()
    assert "--at" in result.output and len(result.output.strip().splitlines()) == 1
    result = runner.invoke(app, ["show", str(tmp_path / "none.fitl"), "--svg", str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert runner.invoke(app, ["show", str(log)]).exit_code == 2  # --svg missing: usage


def test_readme_picture_is_current() -> None:
    """Regenerate with ``python tools/gen_board_picture.py`` after changing the drawing."""
    assert (ROOT / "docs" / "board.svg").read_text(encoding="utf-8") == gen_board_picture.build()
