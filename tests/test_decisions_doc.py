"""``docs/decisions.md`` is generated from the code and current (issue #8 item 1)."""

from __future__ import annotations

from pathlib import Path

from coinlake.rules import KINDS, Kind
from tools import gen_decisions

ROOT = Path(__file__).resolve().parent.parent


def test_decisions_doc_is_current() -> None:
    """Regenerate with ``python tools/gen_decisions.py`` after changing the vocabulary."""
    assert (ROOT / "docs" / "decisions.md").read_text() == gen_decisions.build()


def test_every_kind_is_documented() -> None:
    assert set(KINDS) == set(Kind)
    assert all(answers and what for answers, what in KINDS.values())
