"""Card 80, Light at the End of the Tunnel (single use): ARVN 1st, so ARVN executes it here.

ARVN removes 1-4 US pieces from the map to Available; per piece Patronage +2, a different
space 1 level toward Active Opposition (ruling R130) and 4 NVA Troops outside the South
(1.3.5); ARVN stays Eligible (2.3.6), even with no US piece to remove (ruling R131).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Select, Support
from coinlake.data.map import SPACES
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on, tracks

CARD = 80
MAP = (
    "space saigon 2 us-troops 1 us-base",
    "space hue 1 us-irregular-a passive-support",
    "space da-nang active-opposition",
    "space quang-nam passive-support",
)
LINES = (*MAP, "available 10 nva-troops")
OUTSIDE = (
    "central-laos",
    "southern-laos",
    "northeast-cambodia",
    "the-fishhook",
    "the-parrots-beak",
    "sihanoukville",
    "north-vietnam",
)


def test_two_pieces_patronage_shifts_troops_and_stays_eligible() -> None:
    game = execute(CARD, None, *LINES)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # it decides (5.1)
    assert Done() not in decision.options  # at least 1 piece (5.1.3)
    assert Move(Piece.US_BASE, 1, "saigon", AVAILABLE) in decision.options  # Bases too
    play(game, f"move 1 us-base saigon {AVAILABLE}", f"move 1 us-irregular-a hue {AVAILABLE}")
    play(game, "done")  # 2 pieces: its choice
    state = game.state
    assert state.available[Piece.US_BASE] == 1
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 1  # box form (1.4.1)
    assert state.space("saigon").pieces[Piece.US_TROOPS] == 2
    assert state.patronage == 18 + 2 * 2
    # 2 different spaces, each 1 level toward Active Opposition (ruling R130)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert Select("da-nang") not in decision.options  # already at Active Opposition
    assert Select("loc-hue-da-nang") not in decision.options  # a LoC (1.6.1)
    assert Select("phuoc-long") not in decision.options  # Population 0 (1.6.1)
    play(game, "select hue")
    decision = game.decision
    assert decision is not None and Select("hue") not in decision.options
    play(game, "select quang-nam")
    state = game.state
    assert state.space("hue").support is Support.NEUTRAL
    assert state.space("quang-nam").support is Support.NEUTRAL
    # 8 NVA Troops outside the South (1.3.5)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert {m.destination for m in decision.options if isinstance(m, Move)} == set(OUTSIDE)
    for where in ("north-vietnam",) * 5 + ("central-laos",) * 3:
        play(game, f"move 1 nva-troops {AVAILABLE} {where}")
    assert pieces(game, "north-vietnam", "nva-troops") == 5
    assert pieces(game, "central-laos", "nva-troops") == 3
    state = game.state
    assert state.available[Piece.NVA_TROOPS] == 2
    assert state.stay_eligible == (Faction.ARVN,)  # 2.3.6 PLAY NOTE
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_at_most_4_pieces() -> None:
    lines = ("space saigon 6 us-troops", "available 20 nva-troops")
    game = execute(CARD, None, *lines)  # the 1st, a lone kind of removal, is unasked
    for _ in range(3):
        play(game, f"move 1 us-troops saigon {AVAILABLE}")
    state = game.state
    assert state.space("saigon").pieces[Piece.US_TROOPS] == 2
    assert state.patronage == 18 + 8
    decision = game.decision
    assert decision is not None and decision.kind.value == "select-space"  # the shifts


def test_removal_one_piece_cannot_stop_before_the_first_5_1_3() -> None:
    game = execute(CARD, None, *LINES)
    with pytest.raises(IllegalCommand):
        play(game, "done")


def test_fewer_shiftable_spaces_and_troops_than_due_5_1_3() -> None:
    """Only Hue can shift, only 3 NVA Troops Available: what can be done is done."""
    shiftable = ("space hue 2 us-troops passive-support",)
    others = [s.id for s in SPACES if s.can_have_support and s.id != "hue"]
    flat = [f"space {k} active-opposition" for k in others]
    game = execute(CARD, None, *shiftable, *flat, "available 3 nva-troops")
    play(game, f"move 1 us-troops hue {AVAILABLE}")  # the 1st was unasked; none left
    # the lone shiftable space is taken unasked; the 2nd shift has no space left
    state = game.state
    assert state.space("hue").support is Support.NEUTRAL
    assert state.patronage == 18 + 4
    for _ in range(3):
        play(game, f"move 1 nva-troops {AVAILABLE} the-fishhook")
    state = game.state
    assert pieces(game, "the-fishhook", "nva-troops") == 3
    assert state.stay_eligible == (Faction.ARVN,)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_patronage_at_most_75_1_8() -> None:
    game = execute(CARD, None, "space saigon 1 us-troops", tracks(patronage=74))
    assert game.state.patronage == 75  # the lone piece is removed unasked


def test_no_us_piece_still_stays_eligible_r131() -> None:
    game = execute(CARD, None, "available 10 nva-troops")
    state = game.state
    assert state.patronage == 18
    assert state.available[Piece.NVA_TROOPS] == 10
    assert state.stay_eligible == (Faction.ARVN,)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *LINES), CARD)
    assert effective(state_on(CARD, *LINES, next_card=COUP), CARD)
    assert effective(state_on(CARD), CARD)  # it stays Eligible (ruling R131)
    # staying Eligible does nothing before a Coup card (its Reset, 6.6; ruling R75)
    assert not effective(state_on(CARD, next_card=COUP), CARD)
