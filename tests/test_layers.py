"""The layers of DESIGN.md: data -> state -> rules -> engine -> non-players -> store ->
interfaces; a layer imports only from layers to its left, and the Non-players only through
the public API (``import coinlake``), as a third party's bot would."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "coinlake"
ORDER = ("data", "state", "rules", "engine", "nonplayers", "store")
"""The inner layers, left to right (the interfaces come after them all)."""
LEAVES = ("errors", "_version")
"""Modules every layer may use: they import nothing of the package."""


def _modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every ``coinlake`` module the file imports, with its line (``import x`` and
    ``from x import y``, at any depth, type-checking imports included)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
    return [(line, name) for line, name in found if name.split(".")[0] == "coinlake"]


def test_the_leaves_import_nothing_of_the_package() -> None:
    assert not [name for leaf in LEAVES for _, name in _imports(PACKAGE / f"{leaf}.py")]


@pytest.mark.parametrize("layer", ORDER[:4])
def test_an_inner_layer_imports_only_from_its_left(layer: str) -> None:
    allowed = {*ORDER[: ORDER.index(layer) + 1], *LEAVES}
    bad = [
        f"{path.relative_to(PACKAGE)}:{line}: {name}"
        for path in _modules(layer)
        for line, name in _imports(path)
        if name == "coinlake" or name.split(".")[1] not in allowed
    ]
    assert not bad, "imports from the facade or a layer to the right:\n" + "\n".join(bad)


def test_the_non_players_use_only_the_public_api() -> None:
    """DESIGN.md: section 8 sits on the public API only (``coinlake`` and its own package)."""
    bad = [
        f"{path.relative_to(PACKAGE)}:{line}: {name}"
        for path in _modules("nonplayers")
        for line, name in _imports(path)
        if name != "coinlake" and not name.startswith("coinlake.nonplayers")
    ]
    assert not bad, "Non-players reaching past the public API:\n" + "\n".join(bad)
