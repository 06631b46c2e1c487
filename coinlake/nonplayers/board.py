"""The map as the flowcharts read it: tables by space id and the scans of where pieces stand,
in map order (1.3)."""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, itemgetter

import coinlake
from coinlake import GameState, Piece

SPACE_IDS: tuple[str, ...] = tuple(space.id for space in coinlake.SPACES)
"""Every space id, in map order."""
SPACE = {space.id: space for space in coinlake.SPACES}
"""Each space's map facts (1.3) by id."""
INDEX: dict[str, int] = {space.id: space.index for space in coinlake.SPACES}
"""Each space's place in map order, by id."""
ADJACENT: dict[str, tuple[str, ...]] = {
    space.id: tuple(SPACE_IDS[i] for i in space.adjacent) for space in coinlake.SPACES
}
"""The ids of the spaces adjacent to each space (1.3.6), by id."""
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
