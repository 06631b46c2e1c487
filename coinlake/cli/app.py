"""The ``coinlake`` command line: the Typer application every command module registers on.

Each command lives in its own module of this package (``play.py``: ``play`` and ``replay``)
and uses only the public API.
"""

from __future__ import annotations

import typer
from rich.console import Console

app = typer.Typer(add_completion=False, help=__doc__, no_args_is_help=True)
console = Console()
