"""``coinlake serve`` in a real browser: headless Chromium (Debian's package, driven by
playwright) plays part of a game by clicking spaces and options, takes a move back, and
finds the same position after reloading the page."""

from __future__ import annotations

from pathlib import Path

import coinlake
from tests.browser import BROWSER_ARGS, chromium
from tests.test_serve import _server


def test_a_person_plays_undoes_and_reloads_in_the_browser(tmp_path: Path) -> None:
    executable = chromium()
    from playwright.sync_api import sync_playwright

    server = _server(tmp_path)
    errors: list[str] = []
    from coinlake.serve.app import serving

    with serving(server) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=BROWSER_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base)
        page.wait_for_selector("#decision button", timeout=30_000)  # Non-players stepped
        decision = server.game.decision
        assert decision is not None and decision.faction is coinlake.Faction.VC
        page.click("#evaluate")  # 27: the evaluation bar works in the background
        page.wait_for_function(
            "() => document.getElementById('evaluation-status').textContent !== ''"
        )
        for _ in range(3):  # a few answers: a space on the map where one is asked
            version, position = server.version, server.game.state
            depth = server.game.node.depth
            spaces = page.locator("#board g.space.choosable")
            if spaces.count():
                spaces.first.click()
            else:
                page.locator("#decision button").first.click()
            page.wait_for_function(f"() => current && current.version > {version}")
            assert server.game.line()[depth].faction is coinlake.Faction.VC  # the click
            page.wait_for_selector("#decision button", timeout=30_000)
        version = server.version
        page.click("#undo")  # back to before the person's last answer (free undo)
        page.wait_for_function(f"() => current && current.version > {version}")
        undone = server.game.state
        assert undone == position
        status = page.inner_text("#status")
        page.reload()
        page.wait_for_selector("#decision button", timeout=30_000)
        assert page.inner_text("#status") == status and server.game.state == undone
        shot = page.screenshot()
        browser.close()
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(shot[16:20], "big"), int.from_bytes(shot[20:24], "big")
    assert (width, height) == (1280, 900)
    assert not errors, errors
