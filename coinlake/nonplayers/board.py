"""Where pieces stand: the map scans every flowchart makes, in map order (1.3)."""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, itemgetter

import coinlake
from coinlake import GameState, Piece

SPACE_IDS: tuple[str, ...] = tuple(space.id for space in coinlake.SPACES)
"""Every space id, in map order."""
_CONTENTS = attrgetter("pieces")


def spaces_with(state: GameState, *pieces: Piece) -> tuple[str, ...]:
    """The spaces holding any of ``pieces``, in map order.

    >>> game = coinlake.new_game("short", seed=1)
    >>> spaces_with(game.state, Piece.US_BASE) == tuple(
    ...     k for k in SPACE_IDS if game.state.space(k).pieces[Piece.US_BASE]
    ... )
    True
    """
    counts = map(_CONTENTS, state.spaces)
    if len(pieces) == 1:
        return tuple(compress(SPACE_IDS, map(itemgetter(pieces[0]), counts)))
    return tuple(compress(SPACE_IDS, map(any, map(itemgetter(*pieces), counts))))
