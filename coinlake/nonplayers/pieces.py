"""8.1.2 Pieces and Resources: which pieces a Non-player places, removes and moves first.

- Placing friendly pieces, or removing or targeting enemy ones: Bases, then Guerrillas or
  Special Forces (Irregulars, Rangers), then Troops and Police; Underground before Active;
  US before ARVN, VC before NVA.
- Removing friendly pieces: the reverse, Active before Underground.
- US and ARVN pieces come from Out of Play first, then Casualties, then Available.
- Resources are never transferred voluntarily (1.5.2).

(Alternating Troops and Police evenly within a space is left to the flowcharts, which see
the space; here Troops and Police rank alike and the first offered is taken.)
"""

from __future__ import annotations

import coinlake
from coinlake import Faction, Piece

_KIND_RANK = {"base": 0, "guerrilla": 1, "irregular": 1, "ranger": 1, "troops": 2, "police": 2}
_FACTION_RANK = {Faction.US: 0, Faction.ARVN: 1, Faction.VC: 0, Faction.NVA: 1}
_SOURCE_RANK = {"out-of-play": 0, "casualties": 1, "available": 2}


def first_rank(piece: Piece) -> tuple[int, int, int]:
    """How early ``piece`` is placed (friendly) or removed/targeted (enemy): lower first."""
    return (
        _KIND_RANK[piece.kind.value],
        0 if piece.underground else 1,
        _FACTION_RANK[piece.faction],
    )


def friendly_removal_rank(piece: Piece) -> tuple[int, int, int]:
    """How early a friendly ``piece`` is removed (8.1.2: the reverse order; Active first)."""
    kind, _, faction = first_rank(piece)
    return (-kind, 0 if piece.active else 1, -faction)


def source_rank(location: str) -> int:
    """Where friendly US and ARVN pieces come from first: Out of Play, Casualties, Available."""
    return _SOURCE_RANK.get(location, 3)


def move_rank(move: coinlake.Move, faction: Faction, kind: coinlake.Kind) -> tuple[int, ...]:
    """The 8.1.2 rank of a piece move offered to ``faction`` (lower first): removals of its
    own pieces in the reverse order, of any other pieces in the placing order (8.4.4: of
    friendly pieces, the other Faction's first); placements and moves in the placing order,
    US and ARVN pieces from Out of Play, then Casualties, then Available."""
    piece = move.piece
    if kind is coinlake.Kind.REMOVE_PIECES:
        if piece.faction is faction:
            return (1, *friendly_removal_rank(piece))
        return (0, *first_rank(piece))
    return (source_rank(move.origin), *first_rank(piece))
