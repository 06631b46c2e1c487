"""``coinlake.state.construct``: the positional constructors of the hot paths build exactly
what the attrs ``__init__`` builds, and never skip a validator."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinlake.data.pieces import Piece
from coinlake.rules.core import Context
from coinlake.state.commands import Select
from coinlake.state.construct import constructor, plain_slots
from coinlake.state.events import (
    Chosen,
    Explained,
    Forced,
    PiecesFlipped,
    PiecesMoved,
    StepEnded,
    StepStarted,
    SupportShifted,
    TrackChanged,
)

words = st.text(alphabet="abcdefghij-", min_size=1, max_size=12)


@given(
    seq=st.integers(0, 5_000),
    rule=words,
    piece=st.sampled_from(list(Piece)),
    count=st.integers(1, 40),
    origin=words,
    destination=words,
)
def test_a_made_event_equals_the_attrs_one(
    seq: int, rule: str, piece: Piece, count: int, origin: str, destination: str
) -> None:
    made = constructor(PiecesMoved)(seq, rule, piece, count, origin, destination)
    built = PiecesMoved(
        seq=seq, rule=rule, piece=piece, count=count, origin=origin, destination=destination
    )
    assert made == built and hash(made) == hash(built) and type(made) is PiecesMoved
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.count = count + 1  # type: ignore[misc]


def test_the_hot_paths_classes_are_filled_slot_by_slot_and_keep_their_field_order() -> None:
    """The engine's and the rules' makers rely on these classes having nothing but slots,
    in the order of their fields (coinlake/engine/steps.py, coinlake/rules/core.py)."""
    hot = (Chosen, Explained, Forced, StepStarted, StepEnded, PiecesMoved, PiecesFlipped)
    for cls in (*hot, SupportShifted, TrackChanged, Context):
        assert plain_slots(cls), cls
        fields = attrs.fields(cls)
        values = [object() for _ in fields]
        made = constructor(cls)(*values)
        assert [getattr(made, f.name) for f in fields] == values


def test_a_class_with_a_validator_is_built_by_its_init() -> None:
    assert not plain_slots(Select)
    make = constructor(Select)
    assert make("hue") == Select("hue")
    with pytest.raises(ValueError, match="not a valid command word"):
        make("Not A Word")
