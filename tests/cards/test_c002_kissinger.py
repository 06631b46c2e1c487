"""Card 2, Kissinger (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: a die roll of NVA/VC pieces in all removed from Laos and Cambodia (Bases count;
  Tunneled Bases only the executing Faction's own, 1.4.4, 5.1.1);
- shaded: the NVA places 2 NVA pieces in Cambodia (1.4.1: from the map once a type is not
  Available), the US moves 2 US Troops to Out of Play from anywhere (R190), Aid -6.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Piece, Select, Side
from coinlake.rules.core import DONE
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE, CASUALTIES, OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 2
LAOS_CAMBODIA = (
    "space central-laos 2 nva-guerrilla-u 1 nva-base-t",
    "space the-fishhook 1 vc-guerrilla-a 1 vc-base",
    "space tay-ninh 3 vc-guerrilla-u",  # South Vietnam: untouched
)


def test_unshaded_removes_a_die_roll_of_insurgent_pieces_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 3", *LAOS_CAMBODIA)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the executing Faction
    # a Tunneled Base is not offered (1.4.4, 5.1.1), nor a South Vietnam space
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "central-laos", AVAILABLE) not in decision.options
    assert all(isinstance(m, Move) and m.origin != "tay-ninh" for m in decision.options)
    with pytest.raises(IllegalCommand):
        play(game, "done")  # 3 must be removed while any can be (5.1.3)
    play(
        game,
        f"move 1 vc-base the-fishhook {AVAILABLE}",
        f"move 1 nva-guerrilla-u central-laos {AVAILABLE}",
        f"move 1 vc-guerrilla-a the-fishhook {AVAILABLE}",
    )
    state = game.state
    assert state.turn.acted == ((Faction.US, "event"),)
    assert pieces(game, "central-laos", "nva-guerrilla-u") == 1
    assert pieces(game, "central-laos", "nva-base-t") == 1
    assert pieces(game, "the-fishhook", "vc-base") == 0
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 3
    assert (
        state.available[Piece.VC_BASE] == 1
        and state.available[Piece.NVA_GUERRILLA_UNDERGROUND] == 1
    )


def test_unshaded_fewer_pieces_than_the_roll_removes_all_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 6", *LAOS_CAMBODIA)
    # 2 NVA Guerrillas, 1 VC Guerrilla, 1 VC Base, not the Tunnel: the last one is forced
    play(
        game,
        f"move 1 nva-guerrilla-u central-laos {AVAILABLE}",
        f"move 1 nva-guerrilla-u central-laos {AVAILABLE}",
        f"move 1 vc-base the-fishhook {AVAILABLE}",
    )
    state = game.state
    assert state.turn.acted == ((Faction.US, "event"),)
    assert pieces(game, "central-laos", "nva-base-t") == 1
    assert pieces(game, "central-laos", "nva-guerrilla-u") == 0
    assert pieces(game, "the-fishhook", "vc-guerrilla-a") == 0


def test_unshaded_nva_may_remove_its_own_tunneled_base_5_1_1() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 1", "ineligible US ARVN", *LAOS_CAMBODIA)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "central-laos", AVAILABLE) in decision.options
    assert DONE not in decision.options  # other pieces are there to remove (5.1.3)
    play(game, f"move 1 nva-base-t central-laos {AVAILABLE}")
    assert pieces(game, "central-laos", "nva-base-t") == 0
    assert game.state.available[Piece.NVA_BASE] == 1  # the Tunnel goes with it (1.4.4)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *LAOS_CAMBODIA), CARD, Side.UNSHADED)
    only_tunnel = "space central-laos 1 nva-base-t"
    assert not effective(state_on(CARD, only_tunnel, "space tay-ninh 3 vc-guerrilla-u"), CARD)


SHADED = (
    "available 1 nva-troops 1 nva-base",
    "casualties 1 us-troops",
    "space saigon 3 us-troops",
    "space the-fishhook 1 nva-base 1 vc-base",  # no room for a Base (1.4.2)
    "space southern-laos 2 nva-guerrilla-u",
    "space north-vietnam 1 nva-guerrilla-a",
)


def test_shaded_nva_places_us_moves_troops_out_of_play_aid_minus_6() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the NVA places (5.1)
    assert Select("central-laos") not in decision.options  # Laos
    play(game, "select the-fishhook")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Move(Piece.NVA_BASE, 1, AVAILABLE, "the-fishhook") not in decision.options  # 1.4.2
    assert Move(Piece.NVA_TROOPS, 1, AVAILABLE, "the-fishhook") in decision.options
    # no NVA Guerrilla is Available: the NVA may take one from the map (1.4.1, R207)
    play(game, f"move 1 nva-guerrilla-u {AVAILABLE} the-fishhook")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    play(game, "move 1 nva-guerrilla-a north-vietnam the-fishhook")
    assert pieces(game, "the-fishhook", "nva-guerrilla-u") == 1  # arrives Underground
    assert pieces(game, "north-vietnam", "nva-guerrilla-a") == 0
    play(game, "select sihanoukville", f"move 1 nva-base {AVAILABLE} sihanoukville")
    assert pieces(game, "sihanoukville", "nva-base") == 1
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the US moves its Troops
    with pytest.raises(IllegalCommand):
        play(game, "done")
    play(game, f"move 1 us-troops {CASUALTIES} {OUT_OF_PLAY}")  # any Troops (R190)
    play(game, f"move 1 us-troops saigon {OUT_OF_PLAY}")
    state = game.state
    assert state.out_of_play[Piece.US_TROOPS] == 2 and state.casualties[Piece.US_TROOPS] == 0
    assert pieces(game, "saigon", "us-troops") == 2
    assert state.aid == 15 - 6
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_partial_5_1_3() -> None:
    """Nothing to place, 1 US Troop Available only, Aid 4: as much as can be done."""
    game = execute(CARD, Side.SHADED, "available 1 us-troops", tracks(aid=4))
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.options == (Move(Piece.US_TROOPS, 1, AVAILABLE, OUT_OF_PLAY),)
    play(game, f"move 1 us-troops {AVAILABLE} {OUT_OF_PLAY}")
    state = game.state
    assert state.out_of_play[Piece.US_TROOPS] == 1
    assert state.aid == 0  # never below 0 (1.8)
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Aid -6
    assert not effective(state_on(CARD, tracks(aid=0)), CARD, Side.SHADED)
