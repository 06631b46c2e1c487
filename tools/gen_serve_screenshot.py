"""Write ``docs/serve.png``, the README's picture of ``coinlake serve``: a Short game (seed 3)
with the VC played by a person, a few commands in, in headless Chromium.

Run from the project root (needs the ``serve`` extra, playwright and Debian's
``chromium-headless-shell``): ``python tools/gen_serve_screenshot.py``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import coinlake
from coinlake.serve import GameServer
from coinlake.serve.app import serving

CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"

OUT = Path("docs/serve.png")


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        game = coinlake.new_game("short", seed=3, non_players={"US", "ARVN", "NVA"})
        server = GameServer(game, {"VC"}, Path(tmp) / "game.fitl", pace=0)
        with serving(server) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(base)
            page.wait_for_selector("#decision button", timeout=30_000)
            page.screenshot(path=str(OUT))
            browser.close()
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
