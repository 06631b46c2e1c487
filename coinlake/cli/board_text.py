"""The board for a terminal: the plain-text board of ``coinlake.board_rows`` and
``coinlake.board_header`` as a Rich table with each Faction's pieces in its colour."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

import coinlake

COLOURS = {"US": "green", "ARVN": "yellow", "NVA": "red", "VC": "cyan"}
"""A colour per Faction for its pieces."""


def rich_board(state: coinlake.GameState) -> Group:
    """The whole board (every space, the tracks, cards and boxes) as Rich renderables."""
    table = Table(title="Map", title_justify="left", pad_edge=False, show_edge=False)
    table.add_column("Space")
    table.add_column("Pop", justify="right")
    table.add_column("Control")
    table.add_column("Support")
    table.add_column("Markers")
    for faction, colour in COLOURS.items():
        table.add_column(faction, style=colour)
    for row in coinlake.board_rows(state):
        pieces = dict(row.pieces)
        kind = {"City": "C", "Province": "P", "LoC": "L"}[row.kind]
        table.add_row(
            f"{row.name} ({kind})",
            str(row.value),
            row.control,
            row.support,
            row.markers,
            *(pieces.get(f, "") for f in COLOURS),
        )
    header = [Text(line) for line in coinlake.board_header(state)]
    legend = Text("(C) City, (P) Province, (L) LoC with its Econ; " + _legend(), style="dim")
    return Group(*header, table, legend)


def _legend() -> str:
    return "pieces: T Troops, P Police, I Irregulars, R Rangers, G Guerrillas, B Bases, " + (
        "u Underground, a Active, Bt Base with Tunnel"
    )
