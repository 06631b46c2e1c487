"""Card 75, Sihanouk (dual use, 5.2): ARVN 1st (ARVN, NVA, US, VC), so the ARVN executes it
here.

- unshaded: the US or the ARVN (the executing Faction selects) Sweeps for free into or in
  Cambodia spaces, even in Monsoon (card tip), then Assaults for free in 1 of them (ruling
  R225);
- shaded: the VC Rallies for free in Cambodia, then Marches for free from the Rally spaces
  (Monsoon or not, card tip); then the NVA does the same.
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Side, Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on, tracks

CARD = 75
SCENE = (
    "space the-fishhook 2 nva-troops 2 vc-guerrilla-u",
    "space tay-ninh 3 us-troops 2 arvn-troops",
    "space the-parrots-beak 1 vc-guerrilla-a 1 arvn-police",
)


def test_unshaded_us_sweeps_into_cambodia_then_assaults_in_one() -> None:
    game = execute(CARD, Side.UNSHADED, *SCENE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (Choose("us"), Choose("arvn"))
    play(game, "us")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # it decides (tip)
    assert {str(c) for c in decision.options} == {
        "select northeast-cambodia",
        "select the-fishhook",
        "select the-parrots-beak",
        "select sihanoukville",
    }
    play(game, "select the-fishhook", "move 3 us-troops tay-ninh the-fishhook")  # "into"
    play(game, "select the-parrots-beak", "done")
    # 3 US Troops in a Jungle Activate 1 (3.2.3)
    assert pieces(game, "the-fishhook", "vc-guerrilla-a") == 1
    decision = game.decision
    assert decision is not None and decision.context.procedure == "assault"
    assert {str(c) for c in decision.options} == {"select the-fishhook"}  # a Sweep space
    play(game, "select the-fishhook", "target-both")
    assert pieces(game, "the-fishhook", "nva-troops") == 0  # 3 removals: Troops first
    assert pieces(game, "the-fishhook", "vc-guerrilla-a") == 0
    assert pieces(game, "the-fishhook", "vc-guerrilla-u") == 1
    assert pieces(game, "the-parrots-beak", "vc-guerrilla-a") == 1  # 1 Assault space only
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_arvn_sweeps_in_monsoon_and_assaults_free_5_1_1() -> None:
    game = execute(CARD, Side.UNSHADED, *SCENE, tracks(arvn_resources=0), next_card=COUP)
    play(game, "arvn")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.context.procedure == "sweep"  # even in Monsoon (card tip)
    play(game, "select the-fishhook", "move 2 arvn-troops tay-ninh the-fishhook", "done")
    assert pieces(game, "the-fishhook", "vc-guerrilla-a") == 1  # 2 Troops in a Jungle: 1
    decision = game.decision
    assert decision is not None and decision.context.procedure == "assault"
    play(game, "select the-fishhook", "target-both")
    assert pieces(game, "the-fishhook", "nva-troops") == 1  # 2 ARVN Troops remove 1 (3.2.4)
    state = game.state
    assert state.tracks[Track.ARVN_RESOURCES] == 0  # free, though ARVN has nothing
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_no_assault_where_it_cannot_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, *SCENE)
    play(game, "us", "select sihanoukville", "done")  # no US Troops in any Sweep space
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SCENE), CARD)
    assert not effective(state_on(CARD, tracks()), CARD)


SHADED = (
    "available 6 vc-guerrilla-u 6 nva-guerrilla-u",
    "space the-fishhook 1 vc-base 1 vc-guerrilla-u",
    "space the-parrots-beak 1 nva-base 1 nva-guerrilla-u",
    tracks(trail=2),
)


def test_shaded_vc_then_nva_rally_in_cambodia_then_march_from_rally_spaces() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.context.procedure == "rally"
    options = {str(c) for c in decision.options}
    assert "select the-fishhook" in options and "select tay-ninh" not in options  # Cambodia
    play(game, "select the-fishhook")
    assert pieces(game, "the-fishhook", "vc-guerrilla-u") == 2  # Pop 0 + 1 Base (3.3.1)
    play(game, "done")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.context.procedure == "march"
    play(game, "select tay-ninh", "move 2 vc-guerrilla-u the-fishhook tay-ninh", "done")
    decision = game.decision
    assert decision is not None
    # only from the Rally space: the VC Guerrilla-free Parrot's Beak is no origin
    assert decision.options == (Done(),)
    play(game, "done")
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 2
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # then the NVA
    assert decision.context.procedure == "rally"
    play(game, "select the-parrots-beak", "count 3", "done", "decline")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "march"
    play(game, "select the-fishhook", "move 4 nva-guerrilla-u the-parrots-beak the-fishhook")
    decision = game.decision
    # the Fishhook hosted no NVA Rally: the Guerrillas stop there (card tip, 3.3.2)
    assert decision is not None and decision.options == (Done(),)
    play(game, "done", "done")
    state = game.state
    assert pieces(game, "the-fishhook", "nva-guerrilla-u") == 4
    assert state.tracks[Track.VC_RESOURCES] == 10  # free (5.5)
    assert state.tracks[Track.NVA_RESOURCES] == 15
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_march_in_monsoon_card_tip_5_1_1() -> None:
    game = execute(CARD, Side.SHADED, *SHADED, next_card=COUP)
    play(game, "select the-fishhook", "done")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "march"


def test_shaded_no_rally_space_no_march_3_3_1() -> None:
    game = execute(CARD, Side.SHADED, "space tay-ninh 2 nva-troops")  # no Guerrilla at all
    decision = game.decision
    # nothing to Rally with in Cambodia: only the NVA's Trail Improvement (3.3.1: even
    # with 0 spaces, 2 Resources though free)
    assert decision is not None and decision.faction is Faction.NVA
    play(game, "done")  # no space: the Rally is the Trail Improvement (3.3.1)
    state = game.state
    assert state.trail == 3
    assert state.tracks[Track.NVA_RESOURCES] == 13
    assert state.turn.acted == ((Faction.ARVN, "event"),)  # no March: no Rally space
    assert pieces(game, "tay-ninh", "nva-troops") == 2


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED), CARD, Side.SHADED)
    lines = ("space tay-ninh 2 nva-troops", tracks(trail=4))
    assert not effective(state_on(CARD, *lines), CARD, Side.SHADED)
