"""``model.replace`` (the reducer's fast copy) behaves exactly like ``attrs.evolve``."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

import coinlake
from coinlake.state.model import GameState, SpaceState, Support, replace


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
