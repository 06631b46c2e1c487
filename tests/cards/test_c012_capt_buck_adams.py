"""Card 12, Capt Buck Adams (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: outside the South every Insurgent Guerrilla turns Active (1.4.3), then 1 NVA
  Base there is removed (no Tunneled one, 1.4.4, 5.1.1);
- shaded: 1 NVA Base placed at NVA Control outside the South (1.4.1, 1.4.2, 1.7), then any 3
  Active NVA Guerrillas flip Underground.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Piece, Select, Side
from coinlake.rules.core import DONE
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 12
OUTSIDE = (
    "space north-vietnam 2 nva-guerrilla-u 1 nva-base",
    "space central-laos 1 vc-guerrilla-u 1 nva-base-t 1 nva-base",
    "space quang-tri-thua-thien 2 nva-guerrilla-u 1 nva-base",  # the South: untouched
)


def test_unshaded_flips_insurgents_active_and_removes_an_nva_base_outside_the_south() -> None:
    game = execute(CARD, Side.UNSHADED, *OUTSIDE)
    assert pieces(game, "north-vietnam", "nva-guerrilla-a") == 2
    assert pieces(game, "central-laos", "vc-guerrilla-a") == 1
    assert pieces(game, "quang-tri-thua-thien", "nva-guerrilla-u") == 2
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the executing Faction
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "central-laos", AVAILABLE) not in decision.options
    assert Move(Piece.NVA_BASE, 1, "quang-tri-thua-thien", AVAILABLE) not in decision.options
    with pytest.raises(IllegalCommand):
        play(game, "done")  # 1 Base must go (5.1.3)
    play(game, f"move 1 nva-base central-laos {AVAILABLE}")
    state = game.state
    assert pieces(game, "central-laos", "nva-base") == 0
    assert pieces(game, "central-laos", "nva-base-t") == 1
    assert pieces(game, "north-vietnam", "nva-base") == 1
    assert state.available[Piece.NVA_BASE] == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_only_a_tunneled_base_5_1_1_r196() -> None:
    line = "space central-laos 1 nva-guerrilla-u 1 nva-base-t"
    game = execute(CARD, Side.UNSHADED, line)
    assert pieces(game, "central-laos", "nva-base-t") == 1  # the US may not remove it
    assert pieces(game, "central-laos", "nva-guerrilla-a") == 1
    assert game.state.turn.acted == ((Faction.US, "event"),)
    # the NVA executing may opt to remove its own Tunneled Base (5.1.1)
    game = execute(CARD, Side.UNSHADED, line, "ineligible US ARVN")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.options == (Move(Piece.NVA_TUNNELED_BASE, 1, "central-laos", AVAILABLE), DONE)
    play(game, "done")  # ... or keep it
    assert pieces(game, "central-laos", "nva-base-t") == 1
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space southern-laos 1 nva-base"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "space southern-laos 1 vc-guerrilla-u"), CARD)
    south = "space quang-nam 1 nva-base 1 nva-guerrilla-u"
    assert not effective(state_on(CARD, south, "space southern-laos 1 nva-base-t"), CARD)


SHADED = (
    "available 1 nva-base",
    "space north-vietnam 3 nva-troops 2 nva-guerrilla-a",  # NVA Control
    "space southern-laos 2 nva-troops 1 nva-base 1 vc-base",  # NVA Control, no room
    "space the-fishhook 1 nva-troops 1 vc-guerrilla-u",  # no NVA Control
    "space quang-nam 3 nva-troops 2 nva-guerrilla-a",  # NVA Control, but in the South
)


def test_shaded_places_a_base_at_nva_control_outside_the_south_then_flips_3() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the executing Faction
    # the lone space is taken unasked (North Vietnam), then the piece
    assert decision.options == (Move(Piece.NVA_BASE, 1, AVAILABLE, "north-vietnam"),)
    play(game, f"move 1 nva-base {AVAILABLE} north-vietnam")
    assert pieces(game, "north-vietnam", "nva-base") == 1
    decision = game.decision  # 4 Active NVA Guerrillas: the US picks 3
    assert decision is not None and decision.faction is Faction.US
    assert set(decision.options) == {Select("north-vietnam"), Select("quang-nam")}
    play(game, "select quang-nam", "select quang-nam")  # the 3rd: North Vietnam, forced
    assert pieces(game, "quang-nam", "nva-guerrilla-u") == 2
    assert pieces(game, "north-vietnam", "nva-guerrilla-a") == 1
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_shaded_no_base_available_5_1_1_and_few_guerrillas_5_1_3() -> None:
    lines = ("space north-vietnam 3 nva-troops 1 nva-guerrilla-a", "space kontum 1 nva-base")
    game = execute(CARD, Side.SHADED, *lines)  # the US may not take an NVA Base from the map
    assert pieces(game, "north-vietnam", "nva-base") == 0
    assert pieces(game, "north-vietnam", "nva-guerrilla-u") == 1  # every Active one flips
    assert game.state.turn.acted == ((Faction.US, "event"),)
    # the NVA executing may take its own Base from the map when none is Available (R207)
    game = execute(CARD, Side.SHADED, *lines, "ineligible US ARVN")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.options == (Select("north-vietnam"), DONE)  # "may" (1.4.1)
    play(game, "select north-vietnam", f"move 1 nva-base {AVAILABLE} north-vietnam")
    # the lone NVA Base on the map comes unasked
    assert (
        pieces(game, "north-vietnam", "nva-base") == 1 and pieces(game, "kontum", "nva-base") == 0
    )


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED), CARD, Side.SHADED)
    assert effective(state_on(CARD, "space kontum 1 nva-guerrilla-a"), CARD, Side.SHADED)
    no_control = ("available 1 nva-base", "space the-fishhook 1 nva-guerrilla-u 1 vc-base")
    assert not effective(state_on(CARD, *no_control), CARD, Side.SHADED)
