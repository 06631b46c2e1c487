"""The exported replay in a real browser (issue 23): headless Chromium driven by playwright.

Playwright's own browser download is not used: the test drives Debian's
``chromium-headless-shell`` (or ``chromium``) through ``executable_path`` (``.ci/run``
installs it with apt when missing; ``COINLAKE_CHROMIUM`` names another binary). It skips,
saying why, only where no such browser or no playwright is installed.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import coinlake
from coinlake import viewer
from tests.browser import BROWSER_ARGS, chromium

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
Page = tuple[Any, list[str], list[str], coinlake.Game]
"""The open page, its console errors, the URLs it requested, and the game it shows."""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    browser_path = chromium()  # skips, saying why, without playwright or a browser
    from playwright import sync_api

    game = coinlake.new_game("short", seed=5, non_players=set(coinlake.Faction))
    game.play_non_players(limit=40)
    path = tmp_path_factory.mktemp("browser") / "game.html"
    viewer.export_html(game, path)
    errors: list[str] = []
    requests: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=browser_path, args=BROWSER_ARGS)
        try:
            tab = browser.new_page(viewport=VIEWPORT)
            tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            tab.on("pageerror", lambda e: errors.append(str(e)))
            tab.on("request", lambda r: requests.append(r.url))
            tab.goto(path.as_uri())
            yield tab, errors, requests, game
        finally:
            browser.close()


def board_seq(tab: Any) -> int:
    return int(tab.get_attribute("#board [data-seq]", "data-seq"))


def piece_count(tab: Any) -> int:
    total: int = tab.evaluate(
        "[...document.querySelectorAll('#board [data-count]')]"
        ".reduce((n, g) => n + Number(g.dataset.count), 0)"
    )
    return total


def on_map(state: coinlake.GameState) -> int:
    return sum(sum(sp.pieces) for sp in state.spaces)


def test_stepping_changes_the_board(page: Page) -> None:
    tab, errors, _, game = page
    tab.keyboard.press("Home")
    assert "step 0 of 41" in tab.inner_text("#where")
    first = tab.inner_html("#board")
    assert piece_count(tab) == on_map(game.root)
    tab.click("#forward")
    tab.click("#forward")
    assert "step 2 of 41" in tab.inner_text("#where")
    tab.keyboard.press("End")
    assert "step 41 of 41" in tab.inner_text("#where")
    assert board_seq(tab) == game.state.seq and tab.inner_html("#board") != first
    assert piece_count(tab) == on_map(game.state)
    tab.keyboard.press("ArrowLeft")
    assert "step 40 of 41" in tab.inner_text("#where")
    tab.fill("#slider", "0")  # the slider moves along the current line
    assert "step 0 of 41" in tab.inner_text("#where") and tab.inner_html("#board") == first
    assert not errors


def test_the_page_requests_nothing_but_itself(page: Page) -> None:
    _, errors, requests, _ = page
    assert all(url.startswith("file://") for url in requests), requests
    assert not errors


def test_a_screenshot_has_the_viewport_size(page: Page, tmp_path: Path) -> None:
    tab, _, _, _ = page
    shot = tmp_path / "page.png"
    data = tab.screenshot(path=str(shot))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])  # the PNG header's IHDR chunk
    assert (width, height) == (VIEWPORT["width"], VIEWPORT["height"])
    box = tab.locator("#board svg").bounding_box()
    assert box is not None and box["width"] > 400 and box["height"] > box["width"]


# -- the chances of winning (issue 27): a log that carries an evaluation ----------------------
@pytest.fixture(scope="module")
def chances_page(page: Page, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    """The replay of a 40-step game whose log carries an evaluation every 10 steps (the US
    chance 0%, 10%, ..., the VC one the reverse), constructed rather than played out; in a
    new tab of the browser :func:`page` opened."""
    game = coinlake.new_game("short", seed=5, non_players=set(coinlake.Faction))
    game.play_non_players(limit=40)
    states = [game.root] + [n.state for n in game.line()]
    rows = [
        {
            "step": k,
            "card": states[k].current_card,
            "US_win": k / 100,
            "ARVN_win": 0.25,
            "NVA_win": 0.25,
            "VC_win": 0.5 - k / 100,
        }
        for k in range(0, len(states), 10)
    ]
    data = {"every": "card", "rollouts": 4, "seed": 0, "omniscient": False, "rows": rows}
    game.annotate("evaluation", data)
    path = tmp_path_factory.mktemp("chances") / "game.html"
    viewer.export_html(game, path)
    errors: list[str] = []
    tab = page[0].context.browser.new_page(viewport=VIEWPORT)
    try:
        tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.goto(path.as_uri())
        yield tab, errors, [], game
    finally:
        tab.close()


def marker(tab: Any) -> tuple[float, float, float]:
    """Where the chances' cursor is (its shift right) and the US and VC dots' heights."""
    shift = tab.get_attribute("#cl-chance-cursor", "transform") or "translate(0,0)"
    dx = float(shift.removeprefix("translate(").split(",")[0])
    us = float(tab.get_attribute('#cl-chances .cl-dot[data-faction="US"]', "cy"))
    vc = float(tab.get_attribute('#cl-chances .cl-dot[data-faction="VC"]', "cy"))
    return dx, us, vc


def test_the_chances_curve_is_shown_and_its_marker_follows_the_steps(chances_page: Page) -> None:
    tab, errors, _, _ = chances_page
    assert tab.locator("#cl-chances").is_visible()
    lines = tab.locator("#cl-chances polyline")
    assert lines.count() == 4
    box = lines.first.bounding_box()
    assert box is not None and box["width"] > 200  # drawn across the chart
    tab.keyboard.press("Home")
    start = marker(tab)
    assert "evaluated at step 0" in tab.inner_text("#cl-chance-text")
    assert "US 0%" in tab.inner_text("#cl-chance-text")
    for _ in range(15):
        tab.keyboard.press("ArrowRight")
    middle = marker(tab)
    assert middle[0] > start[0]  # the cursor moved right
    assert middle[1] < start[1] and middle[2] > start[2]  # the US rises, the VC falls
    assert "evaluated at step 10" in tab.inner_text("#cl-chance-text")
    assert "US 10%, ARVN 25%, NVA 25%, VC 40%" in tab.inner_text("#cl-chance-text")
    tab.keyboard.press("End")
    end = marker(tab)
    assert end[0] > middle[0] and end[1] < middle[1]
    assert "evaluated at step 40" in tab.inner_text("#cl-chance-text")
    tab.keyboard.press("ArrowLeft")
    assert marker(tab)[0] < end[0]  # and back
    assert not errors
