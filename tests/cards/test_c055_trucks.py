"""Card 55, Trucks (dual use, 5.2): NVA 1st.

- unshaded: Trail -2 (6.7, even under shaded Oriskany, 5.1.2); the NVA removes 4 of its
  pieces each from Laos and from Cambodia (its Tunneled Bases only by choice, 5.1.1);
- shaded: NVA and VC Resources + twice the Trail (1.8); the NVA moves its untunneled Bases
  anywhere within Laos/Cambodia (1.4.2).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Piece, Select, Side
from coinlake.rules.core import DONE
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 55
UNSHADED = (
    "ineligible NVA VC",  # the US executes: the NVA still selects (5.1)
    "space central-laos 3 nva-guerrilla-u 1 nva-base",
    "space southern-laos 2 nva-troops 1 nva-base-t 2 vc-guerrilla-u",
    "space the-fishhook 1 nva-troops 1 vc-guerrilla-u",
    "space quang-nam 2 nva-troops",
)


def test_unshaded_degrades_the_trail_2_and_the_nva_removes_4_each_from_laos_and_cambodia() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED)
    state = game.state
    assert state.trail == 0
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # named by the text
    # its own Tunneled Base is offered, but it may not stop while other pieces are left
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "southern-laos", AVAILABLE) in decision.options
    assert DONE not in decision.options
    assert Move(Piece.NVA_TROOPS, 1, "the-fishhook", AVAILABLE) not in decision.options  # Laos
    play(
        game,
        f"move 1 nva-base central-laos {AVAILABLE}",
        f"move 1 nva-troops southern-laos {AVAILABLE}",
        f"move 1 nva-troops southern-laos {AVAILABLE}",
        f"move 1 nva-guerrilla-u central-laos {AVAILABLE}",
    )
    state = game.state  # Cambodia: the lone NVA piece goes unasked (5.1.3)
    assert pieces(game, "central-laos", "nva-guerrilla-u") == 2
    assert pieces(game, "southern-laos", "nva-base-t") == 1
    assert pieces(game, "southern-laos", "vc-guerrilla-u") == 2  # VC pieces stay
    assert pieces(game, "the-fishhook", "nva-troops") == 0
    assert pieces(game, "the-fishhook", "vc-guerrilla-u") == 1
    assert pieces(game, "quang-nam", "nva-troops") == 2  # South Vietnam: untouched
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_only_tunneled_bases_left_the_nva_may_stop_5_1_1_r196() -> None:
    lines = ("space southern-laos 1 nva-troops 2 nva-base-t", tracks(trail=1))
    game = execute(CARD, Side.UNSHADED, *lines)
    assert game.state.trail == 0
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert DONE not in decision.options  # an untunneled piece is left
    play(game, f"move 1 nva-troops southern-laos {AVAILABLE}")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.options == (Move(Piece.NVA_TUNNELED_BASE, 1, "southern-laos", AVAILABLE), DONE)
    play(game, "done")
    assert pieces(game, "southern-laos", "nva-base-t") == 2
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_degrades_even_under_shaded_oriskany_5_1_2() -> None:
    game = execute(CARD, Side.UNSHADED, "momentum 39", "card-markers 39:shaded", tracks(trail=4))
    assert game.state.trail == 2


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)  # the Trail
    laos = "space central-laos 1 nva-base"
    assert effective(state_on(CARD, tracks(trail=0), laos), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, tracks(trail=0)), CARD, Side.UNSHADED)


SHADED = (
    tracks(trail=3, nva_resources=72),
    "space central-laos 1 nva-base",
    "space northeast-cambodia 1 nva-base-t 1 vc-base",
    "space southern-laos 1 nva-base 1 vc-base",  # full (1.4.2)
    "space quang-nam 1 nva-base",  # South Vietnam: stays
)


def test_shaded_adds_twice_the_trail_and_the_nva_moves_its_bases_within_laos_cambodia() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    state = game.state
    assert state.resources(Faction.NVA) == 75  # 72 + 6, at most 75 (1.8)
    assert state.resources(Faction.VC) == 10 + 6
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert set(decision.options) == {Select("central-laos"), Select("southern-laos"), DONE}
    play(game, "select southern-laos")
    decision = game.decision
    assert decision is not None
    assert Select("central-laos") in decision.options
    assert Select("northeast-cambodia") not in decision.options  # full (1.4.2)
    assert Select("quang-nam") not in decision.options  # within Laos/Cambodia only
    play(game, "select sihanoukville")
    assert pieces(game, "sihanoukville", "nva-base") == 1
    decision = game.decision  # the Base that arrived stays; the other may go
    assert decision is not None and set(decision.options) == {Select("central-laos"), DONE}
    play(game, "select central-laos", "select southern-laos")
    assert pieces(game, "southern-laos", "nva-base") == 1
    assert pieces(game, "central-laos", "nva-base") == 0
    assert pieces(game, "northeast-cambodia", "nva-base-t") == 1  # Tunneled: it stays
    state = game.state
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_moves_are_optional() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    play(game, "done")
    assert pieces(game, "central-laos", "nva-base") == 1
    assert game.state.turn.acted == ((Faction.NVA, "event"),)
    with pytest.raises(IllegalCommand):
        play(game, "select southern-laos")


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Trail 2: +4 each
    assert effective(state_on(CARD, tracks(trail=0), "space the-fishhook 1 nva-base"), CARD)
    stuck = "space the-fishhook 1 nva-base-t"
    assert not effective(state_on(CARD, tracks(trail=0), stuck), CARD, Side.SHADED)
