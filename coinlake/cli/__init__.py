"""The ``coinlake`` command line (the interfaces layer): one module per command group."""

from __future__ import annotations

from coinlake.cli import play as play
from coinlake.cli.app import app


def main() -> None:
    """Entry point of the ``coinlake`` console script."""
    app()


__all__ = ["app", "main"]
