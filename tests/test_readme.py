"""The README's two commands: the test command is the one ``.ci/run`` runs, and the main
job is the ``coinlake play`` that ``.ci/run`` smoke-tests."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _bash_blocks(text: str) -> list[str]:
    return [b.strip() for b in re.findall(r"```bash\n(.*?)```", text, flags=re.S)]


def test_the_readme_test_command_is_the_one_ci_runs() -> None:
    readme = _bash_blocks((ROOT / "README.md").read_text())
    ci = (ROOT / ".ci" / "run").read_text()
    (command,) = re.findall(r'^TEST_COMMAND="(.*)"$', ci, flags=re.M)
    assert readme[1] == command  # the second of the two commands
    assert 'bash -c "$TEST_COMMAND"' in ci


def test_the_readme_main_job_is_smoke_tested_by_ci() -> None:
    main_job = _bash_blocks((ROOT / "README.md").read_text())[0]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "coinlake play --scenario short --seed 1" in main_job
    assert ".venv/bin/coinlake play --scenario short --seed 1" in ci
