"""Card 89, Tam Chau (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: Saigon 1 level toward Passive Support, from either side (R165); Patronage +6;
- shaded: a VC piece (Guerrilla or Base, the card's tip) placed in Saigon from Available;
  Saigon 1 level toward Passive Opposition, from either side (R165); Patronage -6.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Move, Piece, Side, Support
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 89


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("active-support", Support.PASSIVE_SUPPORT),  # down toward Passive Support (R165)
        ("passive-support", Support.PASSIVE_SUPPORT),  # there already: no shift
        ("neutral", Support.PASSIVE_SUPPORT),
        ("active-opposition", Support.PASSIVE_OPPOSITION),  # 1 level only
    ],
)
def test_unshaded_saigon_toward_passive_support_r165(before: str, after: Support) -> None:
    state = execute(CARD, Side.UNSHADED, f"space saigon {before}").state
    assert state.space("saigon").support is after
    assert state.patronage == 18 + 6
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)
    state = state_on(CARD, tracks(patronage=75), "space saigon passive-support")
    assert not effective(state, CARD)
    state = state_on(CARD, tracks(patronage=75), "space saigon active-support")
    assert effective(state, CARD)  # Saigon shifts down


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("active-support", Support.PASSIVE_SUPPORT),
        ("neutral", Support.PASSIVE_OPPOSITION),
        ("passive-opposition", Support.PASSIVE_OPPOSITION),  # there already
        ("active-opposition", Support.PASSIVE_OPPOSITION),  # up toward Passive (R165)
    ],
)
def test_shaded_vc_piece_and_saigon_toward_passive_opposition_r165(
    before: str, after: Support
) -> None:
    lines = ("available 1 vc-guerrilla-u 1 vc-base", f"space saigon {before}")
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "saigon"),
        Move(Piece.VC_BASE, 1, AVAILABLE, "saigon"),  # a Base is a piece (the card's tip)
    }
    play(game, f"move 1 vc-base {AVAILABLE} saigon")
    state = game.state
    assert pieces(game, "saigon", "vc-base") == 1
    assert state.space("saigon").support is after
    assert state.patronage == 18 - 6
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_no_third_base_in_saigon_1_4_2() -> None:
    lines = ("available 1 vc-guerrilla-u 1 vc-base", "space saigon 1 us-base 1 arvn-base")
    game = execute(CARD, Side.SHADED, *lines)
    with pytest.raises(IllegalCommand):
        game.apply(Move(Piece.VC_BASE, 1, AVAILABLE, "saigon"))
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} saigon")
    assert pieces(game, "saigon", "vc-guerrilla-u") == 1


def test_shaded_nothing_available_still_shifts_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, tracks(patronage=2)).state
    assert state.space("saigon").pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 0
    assert state.space("saigon").support is Support.PASSIVE_OPPOSITION
    assert state.patronage == 0  # at least 0 (1.8)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_effective_8_1() -> None:
    lines = (tracks(patronage=0), "space saigon passive-opposition")
    assert not effective(state_on(CARD, *lines), CARD, Side.SHADED)
    assert effective(state_on(CARD, *lines, "available 1 vc-base"), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(patronage=0)), CARD, Side.SHADED)  # Saigon shifts
