"""Card 48, Nam Dong (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: a Province with a US or ARVN Base loses up to 3 Guerrillas and goes to Active
  Support (a Province it would change, ruling R148);
- shaded: a Province with a US or ARVN Base and 0-2 US/ARVN cubes loses a COIN Base (US to
  Casualties, ARVN to Available, 1.4.1) and goes to Active Opposition.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Move, Select, Side, Support
from coinlake.data.pieces import Piece
from coinlake.state.model import AVAILABLE, CASUALTIES
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 48
UNSHADED_MAP = (
    "space pleiku-darlac 1 us-base 2 vc-guerrilla-u 2 nva-guerrilla-a passive-support",
    "space binh-dinh 1 arvn-base active-support",  # nothing to change (R148)
    "space hue 1 us-base 1 vc-guerrilla-u",  # a City
    "space phuoc-long 1 arvn-base 1 vc-guerrilla-u",  # Population 0, but a Guerrilla
    "space kontum 2 vc-guerrilla-u",  # no Base
)


def test_unshaded_removes_up_to_3_guerrillas_and_sets_active_support_r148() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert decision.options == (Select("pleiku-darlac"), Select("phuoc-long"))
    with pytest.raises(IllegalCommand):
        game.apply(Select("binh-dinh"))
    play(game, "select pleiku-darlac")
    decision = game.decision
    assert (
        decision is not None
        and Move(Piece.NVA_GUERRILLA_ACTIVE, 1, "pleiku-darlac", AVAILABLE) in decision.options
    )
    play(
        game,
        "move 1 nva-guerrilla-a pleiku-darlac available",
        "move 1 vc-guerrilla-u pleiku-darlac available",
        "done",  # "up to"
    )
    state = game.state
    assert pieces(game, "pleiku-darlac", "nva-guerrilla-a") == 1
    assert pieces(game, "pleiku-darlac", "vc-guerrilla-u") == 1
    assert state.space("pleiku-darlac").support is Support.ACTIVE_SUPPORT
    assert pieces(game, "pleiku-darlac", "us-base") == 1
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_stops_after_3_guerrillas() -> None:
    game = execute(CARD, Side.UNSHADED, "space khanh-hoa 1 us-base 5 vc-guerrilla-a")
    play(game, *["move 1 vc-guerrilla-a khanh-hoa available"] * 3)
    assert pieces(game, "khanh-hoa", "vc-guerrilla-a") == 2
    assert game.state.space("khanh-hoa").support is Support.ACTIVE_SUPPORT
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_no_guerrilla_removed_still_sets_active_support() -> None:
    game = execute(CARD, Side.UNSHADED, "space khanh-hoa 1 arvn-base 1 nva-guerrilla-u")
    play(game, "done")
    assert pieces(game, "khanh-hoa", "nva-guerrilla-u") == 1
    assert game.state.space("khanh-hoa").support is Support.ACTIVE_SUPPORT


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED_MAP), CARD, Side.UNSHADED)
    lines = (UNSHADED_MAP[1], UNSHADED_MAP[2], UNSHADED_MAP[4], "space phuoc-long 1 arvn-base")
    assert not effective(state_on(CARD, *lines), CARD, Side.UNSHADED)


SHADED_MAP = (
    "space pleiku-darlac 1 us-base 1 arvn-base 1 us-troops 1 arvn-police passive-support",
    "space khanh-hoa 1 arvn-base",
    "space binh-dinh 1 us-base 2 arvn-police 1 arvn-troops",  # 3 cubes
    "space hue 1 us-base",  # a City
)


def test_shaded_removes_a_us_base_to_casualties_and_sets_active_opposition_1_4_1() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.options == (Select("pleiku-darlac"), Select("khanh-hoa"))
    play(game, "select pleiku-darlac")
    decision = game.decision
    assert decision is not None and decision.options == (
        Move(Piece.US_BASE, 1, "pleiku-darlac", CASUALTIES),
        Move(Piece.ARVN_BASE, 1, "pleiku-darlac", AVAILABLE),
    )
    play(game, f"move 1 us-base pleiku-darlac {CASUALTIES}")
    state = game.state
    assert pieces(game, "pleiku-darlac", "us-base") == 0
    assert pieces(game, "pleiku-darlac", "arvn-base") == 1
    assert state.casualties[Piece.US_BASE] == 1
    assert state.space("pleiku-darlac").support is Support.ACTIVE_OPPOSITION
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_arvn_base_to_available() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    play(game, "select khanh-hoa")  # its lone Base is taken unasked
    state = game.state
    assert pieces(game, "khanh-hoa", "arvn-base") == 0
    assert state.available[Piece.ARVN_BASE] == 1
    assert state.space("khanh-hoa").support is Support.ACTIVE_OPPOSITION


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED_MAP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, *SHADED_MAP[2:]), CARD, Side.SHADED)
