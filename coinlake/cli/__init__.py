"""The ``coinlake`` command line (the interfaces layer): one module per command group."""

from __future__ import annotations

from coinlake.cli import board as board
from coinlake.cli import evaluate as evaluate
from coinlake.cli import play as play
from coinlake.cli import serve as serve
from coinlake.cli import simulate as simulate
from coinlake.cli import stream as stream
from coinlake.cli.app import app, main, run

__all__ = ["app", "main", "run"]
