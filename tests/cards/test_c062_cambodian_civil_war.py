"""Card 62, Cambodian Civil War (dual use, 5.2): ARVN 1st (ARVN, US, NVA, VC), so the ARVN
executes it here.

- unshaded: a free US Air Lift into Cambodia; the US or the ARVN (the executing Faction
  selects) Sweeps for free within Cambodia, even in Monsoon (card tip; ruling R224); then
  2 NVA/VC Bases removed from Cambodia, no Tunneled Base (card tip, 1.4.4);
- shaded: the NVA places 12 Troops and Guerrillas in Cambodia.
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Piece, Side
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 62
SCENE = (
    "space the-fishhook 2 nva-guerrilla-u 1 nva-base 1 vc-base-t",
    "space the-parrots-beak 1 vc-base 1 vc-guerrilla-u",
    "space tay-ninh 3 us-troops",
    "space quang-duc-long-khanh 2 arvn-troops",  # next to the Fishhook, not in Cambodia
    "space northeast-cambodia 1 arvn-troops",
    "space sihanoukville 1 nva-base",
)


def test_unshaded_air_lift_into_cambodia_sweep_within_then_2_bases() -> None:
    game = execute(CARD, Side.UNSHADED, *SCENE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # named: its Air Lift
    assert decision.context.procedure == "air-lift"
    play(game, "select tay-ninh")
    decision = game.decision
    assert decision is not None
    assert {str(c) for c in decision.options} == {
        "select northeast-cambodia",
        "select the-fishhook",
        "select the-parrots-beak",
        "select sihanoukville",
    }  # into Cambodia only
    play(game, "select the-fishhook", "move 3 us-troops tay-ninh the-fishhook", "done")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert decision.options == (Choose("us"), Choose("arvn"))
    play(game, "arvn", "select the-fishhook")
    decision = game.decision
    assert decision is not None
    # from Cambodia only: not from Quang Duc, though adjacent (ruling R224)
    assert {str(c) for c in decision.options} == {
        "move 1 arvn-troops northeast-cambodia the-fishhook",
        "done",
    }
    play(game, "move 1 arvn-troops northeast-cambodia the-fishhook")  # the only one
    play(game, "done")  # no other destination
    # the ARVN Sweep counts ARVN cubes only: 1 Troop in a Jungle Activates none (3.2.3)
    assert pieces(game, "the-fishhook", "nva-guerrilla-u") == 2
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    # no Tunneled Base (card tip, 1.4.4): the VC's is not the ARVN's own
    assert {str(c) for c in decision.options} == {
        "move 1 nva-base the-fishhook available",
        "move 1 vc-base the-parrots-beak available",
        "move 1 nva-base sihanoukville available",
    }
    play(game, "move 1 nva-base the-fishhook available")
    play(game, "move 1 nva-base sihanoukville available")
    state = game.state
    assert pieces(game, "the-fishhook", "vc-base-t") == 1
    assert pieces(game, "the-parrots-beak", "vc-base") == 1  # 2 Bases only
    assert state.available[Piece.NVA_BASE] == 2
    assert pieces(game, "the-fishhook", "us-troops") == 3
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_us_sweeps_in_monsoon_card_tip_5_1_1() -> None:
    lines = ("space the-fishhook 3 us-troops 2 vc-guerrilla-u", "space sihanoukville 1 vc-base")
    game = execute(CARD, Side.UNSHADED, *lines, next_card=COUP)
    play(game, "done")  # no Air Lift
    play(game, "us")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.context.procedure == "sweep"  # Monsoon does not forbid it
    play(game, "select the-fishhook", "done")
    assert pieces(game, "the-fishhook", "vc-guerrilla-a") == 1  # 3 Troops in a Jungle: 1
    state = game.state
    assert pieces(game, "sihanoukville", "vc-base") == 0  # the only Base, removed
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_own_tunneled_base_may_be_removed_r196() -> None:
    lines = ("ineligible ARVN US", "space the-fishhook 1 nva-base-t 1 vc-base")
    game = execute(CARD, Side.UNSHADED, *lines)  # the NVA executes
    play(game, "us", "select the-fishhook", "done")  # no Air Lift: nothing to lift
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    play(game, "move 1 vc-base the-fishhook available")
    decision = game.decision
    assert decision is not None
    assert {str(c) for c in decision.options} == {
        "move 1 nva-base-t the-fishhook available",
        "done",  # its own Tunneled Base: it may, never must (5.1.1)
    }
    play(game, "done")
    assert pieces(game, "the-fishhook", "nva-base-t") == 1


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space sihanoukville 1 vc-base"), CARD)
    assert effective(state_on(CARD, "space tay-ninh 1 us-troops"), CARD)  # an Air Lift
    assert not effective(state_on(CARD, "space sihanoukville 1 vc-base-t"), CARD)


def test_shaded_nva_places_12_troops_and_guerrillas_in_cambodia() -> None:
    lines = ("available 8 nva-troops 10 nva-guerrilla-u", "ineligible ARVN US")
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert len(decision.options) == 8  # 2 kinds, 4 Cambodia spaces
    for _ in range(8):
        play(game, "move 1 nva-troops available the-parrots-beak")
    for _ in range(4):
        play(game, "move 1 nva-guerrilla-u available sihanoukville")
    state = game.state
    assert pieces(game, "the-parrots-beak", "nva-troops") == 8
    assert pieces(game, "sihanoukville", "nva-guerrilla-u") == 4
    assert state.available[Piece.NVA_GUERRILLA_UNDERGROUND] == 6  # 12 in all


def test_shaded_fewer_available_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "available 1 nva-troops")  # the ARVN executes
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # named: it places
    play(game, "move 1 nva-troops available sihanoukville")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Done() in decision.options  # from the map only if it wants (R207)
    play(game, "done")
    state = game.state
    assert pieces(game, "sihanoukville", "nva-troops") == 1
    assert state.turn.acted == ((Faction.ARVN, "event"),)
    assert not effective(state_on(CARD), CARD, Side.SHADED)
