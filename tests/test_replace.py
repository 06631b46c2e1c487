"""``model.replace`` (the reducer's fast copy) behaves exactly like ``attrs.evolve``."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

import coinlake
from coinlake.state.model import GameState, SpaceState, Support, memo, replace, with_pieces


@given(
    seq=st.integers(0, 10_000),
    trail=st.integers(0, 4),
    support=st.sampled_from(list(Support)),
)
def test_replace_equals_attrs_evolve(seq: int, trail: int, support: Support) -> None:
    state: GameState = coinlake.new_game("short", seed=1).state
    tracks = (*state.tracks[:-1], trail)
    assert replace(state, seq=seq, tracks=tracks) == attrs.evolve(state, seq=seq, tracks=tracks)
    space = state.spaces[0]
    assert replace(space, support=support) == attrs.evolve(space, support=support)
    assert type(replace(space, support=support)) is SpaceState


def test_replace_leaves_the_original_untouched() -> None:
    state = coinlake.new_game("short", seed=1).state
    copy = replace(state, seq=state.seq + 5)
    assert copy.seq == state.seq + 5
    assert state.seq != copy.seq
    assert copy.spaces is state.spaces  # structure is shared, not copied


@given(index=st.integers(0, 46), counts=st.lists(st.integers(0, 40), min_size=1, max_size=1))
def test_with_pieces_equals_attrs_evolve_and_drops_the_memo(index: int, counts: list[int]) -> None:
    """The reducers' fast change of a space's pieces is ``attrs.evolve`` of ``pieces``: the
    original is untouched and the copy carries none of its derived facts (``model.memo``)."""
    space = coinlake.new_game("short", seed=1).state.spaces[index]
    pieces = (counts[0], *space.pieces[1:])
    memo(space, "total", lambda: sum(space.pieces))
    copy = with_pieces(space, pieces)
    assert copy == attrs.evolve(space, pieces=pieces) and type(copy) is SpaceState
    assert memo(copy, "total", lambda: sum(copy.pieces)) == sum(pieces)
    assert space.pieces[1:] == pieces[1:] and space.__dict__["_memo"]["total"] == sum(space.pieces)
