"""Every numbered section of the rulebook is cited in the library's code and in a test, so
that a reader holding the rulebook finds any rule's code and its test by its number. The
sections come from ``../shared/rules/rules-checklist.md`` (all 159 headings, 1.0-8.9)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

CHECKLIST = ROOT.parent / "shared" / "rules" / "rules-checklist.md"

NOT_RULES = {"1.1", "1.3.8", "3.1.1"}
"""Sections with nothing to implement: the course of play in outline (1.1, each part has its
own section), the map's overflow boxes and the pawns that mark selected spaces (conveniences
on the physical board: 1.3.8, 3.1.1)."""


def sections() -> list[str]:
    return re.findall(r"^- \[ \] \*\*(\d+\.\d+(?:\.\d+)?) ", CHECKLIST.read_text(), re.M)


def text_of(folder: str) -> str:
    return "\n".join(p.read_text() for p in sorted((ROOT / folder).rglob("*.py")))


def cites(text: str, section: str) -> bool:
    """``section`` as a number (``3.2.4``) or in a test name's form (``_3_2_4``)."""
    dotted = rf"(?<![\d.]){re.escape(section)}(?![\d])"
    underscored = rf"(?<!\d)(?<!\d_){section.replace('.', '_')}(?!\d)"
    return bool(re.search(dotted, text) or re.search(underscored, text))


@pytest.mark.skipif(not CHECKLIST.is_file(), reason="../shared/rules is not available")
@pytest.mark.parametrize("folder", ["coinlake", "tests"])
def test_every_numbered_rule_is_cited(folder: str) -> None:
    numbers = sections()
    assert len(numbers) == 159  # every heading, 1.0 to 8.9
    text = text_of(folder)
    missing = [s for s in numbers if s not in NOT_RULES and not cites(text, s)]
    assert not missing, f"sections cited nowhere in {folder}/: {missing}"


def test_the_citation_pattern_tells_sections_apart() -> None:
    assert cites("see 3.2.4 and", "3.2.4") and cites("def test_x_3_2_4() -> None", "3.2.4")
    assert not cites("see 3.2.41", "3.2.4") and not cites("13.2.4", "3.2.4")
    assert not cites("3.2", "3.2.4") and not cites("1.3.2.4", "3.2.4")
    assert not cites("test_1_3_2_4", "3.2.4") and not cites("test_3_2_41", "3.2.4")
