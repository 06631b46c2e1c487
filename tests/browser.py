"""The headless Chromium the browser tests drive with playwright (Debian's
``chromium-headless-shell`` or ``chromium``: playwright's own download is blocked here)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

BROWSER_ARGS = ["--no-sandbox"]
"""Chromium refuses to run as root (CI) with its sandbox on."""
CANDIDATES = (
    "/usr/lib/chromium/chromium-headless-shell",
    "/usr/lib/chromium/chromium",
    "chromium-headless-shell",
    "chromium",
)


def chromium() -> str:
    """The browser's executable (``COINLAKE_CHROMIUM`` first); skips the test, saying why,
    when playwright or every browser is missing."""
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    for candidate in (os.environ.get("COINLAKE_CHROMIUM"), *CANDIDATES):
        if not candidate:
            continue
        found = candidate if Path(candidate).is_file() else shutil.which(candidate)
        if found:
            return found
    pytest.skip("no Chromium: apt-get install chromium-headless-shell (or set COINLAKE_CHROMIUM)")
