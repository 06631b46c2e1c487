"""Build the API reference site (pdoc) of the public API into ``build/reference/``.

Run from the project root: ``python tools/build_reference.py`` (needs the ``dev`` extra,
which has pdoc); open ``build/reference/index.html``. ``.ci/run`` builds it, and fails if a
public name of ``coinlake`` has no docstring.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pdoc  # noqa: E402
import pdoc.render  # noqa: E402

import coinlake  # noqa: E402

TARGET = ROOT / "build" / "reference"
MODULES = ("coinlake", "coinlake.audit", "coinlake.analytics")
"""The documented modules: the facade (every public name) and the audit and analytics
libraries; the layers behind the facade are the developers' (DESIGN.md)."""


def undocumented() -> list[str]:
    """The public names of ``coinlake`` (its ``__all__``) whose class or function has no
    docstring of its own."""
    missing = []
    for name in coinlake.__all__:
        value = getattr(coinlake, name)
        if (inspect.isclass(value) or inspect.isfunction(value)) and not value.__doc__:
            missing.append(name)
    return missing


def build(target: Path = TARGET) -> Path:
    """Write the site into ``target``; returns the path of its front page."""
    missing = undocumented()
    if missing:
        raise SystemExit(f"public names without a docstring: {', '.join(missing)}")
    pdoc.render.configure(docformat="restructuredtext", search=True, show_source=False)
    pdoc.pdoc(*MODULES, output_directory=target)
    return target / "index.html"


if __name__ == "__main__":
    print(f"API reference written to {build()}")
