"""Placing, removing, replacing and flipping pieces (rules 1.4.1-1.4.4, 5.1.1).

Operations, Special Activities, Events and the Coup Round all change pieces through these
helpers, so availability, stacking and Underground/Active status are handled in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence

from coinlake.data.map import SPACES, Country, space_index
from coinlake.data.pieces import ACTIVE, BASES, UNDERGROUND, Faction, Piece
from coinlake.data.pieces import Kind as PieceKind
from coinlake.rules.core import Ask, Ctx, Kind, ask_unless_one
from coinlake.state.commands import Command, Move
from coinlake.state.model import AVAILABLE, GameState

MAX_BASES = 2
"""At most 2 Bases of any Factions in a Province or City, none on a LoC (1.4.2)."""


def available(state: GameState, piece: Piece) -> int:
    """Pieces of this type in the Available box (1.4.1)."""
    return state.available[piece.box_form]


def may_stand(piece: Piece, space: str) -> bool:
    """Whether the piece may be in the space at all: only NVA and VC in North Vietnam, no
    Bases on LoCs (1.4.2, 1.3.5)."""
    info = SPACES[space_index(space)]
    if info.country is Country.NORTH_VIETNAM and piece.faction.is_coin:
        return False
    return not (piece.kind is PieceKind.BASE and info.is_loc)


def base_room(state: GameState, space: str) -> int:
    """How many more Bases the space can hold (1.4.2)."""
    info = SPACES[space_index(space)]
    if info.is_loc:
        return 0
    return max(0, MAX_BASES - state.space(space).bases())


def can_place(state: GameState, piece: Piece, space: str, count: int = 1) -> bool:
    """Whether ``count`` such pieces may be placed there without breaking stacking (1.4.2)."""
    if not may_stand(piece, space):
        return False
    return piece.kind is not PieceKind.BASE or base_room(state, space) >= count


def map_sources(state: GameState, faction: Faction, piece: Piece) -> tuple[str, ...]:
    """Spaces from which ``faction`` may take a piece of this type to place it, because none is
    Available (1.4.1): its own pieces, and for the US also Irregulars and ARVN pieces, but
    never US Troops or US Bases. Taking a Tunneled Base removes its Tunnel."""
    if available(state, piece) > 0:
        return ()
    owner = piece.faction
    if faction is Faction.US:
        if owner is Faction.US and piece.kind is not PieceKind.IRREGULAR:
            return ()
        if owner not in (Faction.US, Faction.ARVN):
            return ()
    elif owner is not faction:
        return ()
    forms = {piece.box_form, piece.box_form.flipped()}
    return tuple(
        SPACES[i].id
        for i, sp in enumerate(state.spaces)
        if any(sp.pieces[f] for f in sorted(forms))
    )


def place(ctx: Ctx, piece: Piece, count: int, space: str, rule: str) -> int:
    """Place up to ``count`` pieces from Available (Underground, 1.4.3); returns how many
    were placed: only Available pieces are placed (1.4.1, 5.1.1)."""
    n = min(count, available(ctx.state, piece))
    ctx.move(piece.box_form, n, AVAILABLE, space, rule)
    return n


def remove(ctx: Ctx, piece: Piece, count: int, space: str, rule: str, box: str = AVAILABLE) -> None:
    """Remove pieces from a space to a box (Available unless a rule says Casualties or Out of
    Play, 1.4.1)."""
    ctx.move(piece, count, space, box, rule)


def remove_one_at_a_time(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    prompt: Callable[[int], str],
    space: str,
    pieces: Sequence[Piece],
    count: int,
    rule: str,
) -> Generator[Ask, Command, int]:
    """Remove up to ``count`` of ``pieces`` from ``space`` to Available one at a time,
    ``faction`` choosing which where more than one form is there (3.1); ``kind`` is the
    question's kind (``Kind.REMOVE_PIECES``); ``prompt(nth)`` asks for the ``nth`` (from 0).
    Returns how many were removed."""
    removed = 0
    for nth in range(count):
        here = ctx.state.space(space).pieces
        choices = [Move(p, 1, space, AVAILABLE) for p in pieces if here[p]]
        if not choices:
            break
        answer = yield from ask_unless_one(ctx, faction, kind, prompt(nth), choices, rule)
        assert isinstance(answer, Move)
        ctx.move(answer.piece, 1, space, AVAILABLE, rule)
        removed += 1
    return removed


def activate(ctx: Ctx, space: str, faction: Faction, count: int, rule: str) -> int:
    """Flip up to ``count`` of the Faction's Underground Guerrillas or SF in the space to
    Active (1.4.3); returns how many flipped."""
    sp = ctx.state.space(space)
    flipped = 0
    for piece in UNDERGROUND[faction]:
        n = min(count - flipped, sp.pieces[piece])
        ctx.flip(space, piece, n, rule)
        flipped += n
    return flipped


def go_underground(ctx: Ctx, space: str, faction: Faction, rule: str) -> int:
    """Flip all the Faction's Active Guerrillas or SF in the space Underground (1.4.3)."""
    sp = ctx.state.space(space)
    total = 0
    for piece in ACTIVE[faction]:
        n = sp.pieces[piece]
        ctx.flip(space, piece, n, rule)
        total += n
    return total


def bases(state: GameState, space: str, faction: Faction) -> int:
    """The Faction's Bases in the space, Tunneled or not (1.4.4)."""
    return state.space(space).count(*BASES[faction])
