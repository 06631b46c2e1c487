"""Generate ``docs/board.svg``, the README's picture of a board: a Short-scenario game
(seed 5) after the four Non-players (section 8) played 150 commands, drawn by
``coinlake.svg.board``.

Run from the project root: ``python tools/gen_board_picture.py``. ``tests/test_svg.py``
checks that the committed file is current.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import coinlake  # noqa: E402

TARGET = ROOT / "docs" / "board.svg"
SEED = 5
COMMANDS = 150


def build() -> str:
    """The text of ``docs/board.svg``."""
    game = coinlake.new_game("short", seed=SEED, non_players=set(coinlake.Faction))
    game.play_non_players(limit=COMMANDS)
    return coinlake.svg.board(game.state, size=1100) + "\n"


if __name__ == "__main__":
    TARGET.write_text(build(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
