"""Card 47, Chu Luc (dual use, 5.2): NVA 1st (NVA, ARVN, VC, US), so the NVA executes it
here.

- unshaded: ARVN Troops double the ARVN pieces (Bases included) in a space with NVA; then
  every ARVN Assaults NVA only, for free, wherever its cubes meet NVA pieces (card tip;
  ruling R228);
- shaded: up to 10 NVA Troops within 1 space of North Vietnam (card tip: North Vietnam,
  Central Laos, Quang Tri, the Hue-Khe Sanh LoC).
"""

from __future__ import annotations

from coinlake import Done, Faction, Piece, Side, Track
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 47
SCENE = (
    "available 10 arvn-troops",
    "space quang-tin-quang-ngai 2 arvn-troops 1 arvn-police 1 arvn-base 2 nva-troops"
    " 1 vc-guerrilla-a",
    "space hue 2 arvn-police 1 nva-base 1 vc-guerrilla-u",
    "space binh-dinh 2 arvn-troops 2 vc-guerrilla-a",  # no NVA: no Assault
    "space quang-nam 1 nva-troops",  # no ARVN piece to double
)


def test_unshaded_double_arvn_then_all_arvn_assault_nva_only() -> None:
    game = execute(CARD, Side.UNSHADED, *SCENE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert {str(c) for c in decision.options} == {"select hue", "select quang-tin-quang-ngai"}
    play(game, "select quang-tin-quang-ngai")
    assert pieces(game, "quang-tin-quang-ngai", "arvn-troops") == 6  # 4 ARVN pieces doubled
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # its Assault
    assert decision.context.procedure == "assault"
    assert {str(c) for c in decision.options} == {"select hue", "select quang-tin-quang-ngai"}
    assert Done() not in decision.options  # every such space (compulsory)
    play(game, "select quang-tin-quang-ngai")
    # 7 cubes in a Lowland: 3 removals (3.2.4), NVA only: the 2 Troops, not the VC
    assert pieces(game, "quang-tin-quang-ngai", "nva-troops") == 0
    assert pieces(game, "quang-tin-quang-ngai", "vc-guerrilla-a") == 1
    # then Hue, the last: 2 Police in a City remove 1, but the VC Guerrilla, though not
    # targeted, protects the NVA Base (Bases last, 3.2.4 NOTE; ruling R71)
    state = game.state
    assert pieces(game, "hue", "nva-base") == 1
    assert pieces(game, "binh-dinh", "vc-guerrilla-a") == 2
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_assault_removes_an_nva_base_with_aid_3_2_4() -> None:
    lines = ("space hue 2 arvn-police 1 nva-base 1 vc-base", "available 3 arvn-troops")
    game = execute(CARD, Side.UNSHADED, *lines, "space quang-nam 1 nva-troops 1 arvn-troops")
    play(game, "select hue")  # 2 ARVN pieces doubled: 2 Troops
    play(game, "select hue")
    state = game.state
    # 2 Troops and 2 Police in a City: 2 removals, NVA only -- the NVA Base, not the VC's
    assert pieces(game, "hue", "nva-base") == 0
    assert pieces(game, "hue", "vc-base") == 1
    assert state.tracks[Track.AID] == 15 + 6  # 6 Aid per Base an ARVN Assault removes


def test_unshaded_fewer_troops_available_5_1_3() -> None:
    lines = ("available 1 arvn-troops", "space hue 2 arvn-police 1 nva-troops")
    game = execute(CARD, Side.UNSHADED, *lines)
    assert pieces(game, "hue", "arvn-troops") == 1  # the only one Available
    assert pieces(game, "hue", "nva-troops") == 0  # then the lone Assault space


def test_unshaded_none_available_still_assaults_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "space hue 2 arvn-troops 1 nva-troops")
    assert pieces(game, "hue", "arvn-troops") == 2  # none Available: nothing added
    assert pieces(game, "hue", "nva-troops") == 0


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SCENE), CARD)
    # Police in a Province remove nothing (3.2.4) and no Troop is Available to add
    assert not effective(state_on(CARD, "space quang-nam 1 nva-troops 2 arvn-police"), CARD)
    assert not effective(state_on(CARD, "space hue 2 arvn-troops 1 vc-guerrilla-a"), CARD)


def test_shaded_up_to_10_nva_troops_within_1_space_of_north_vietnam() -> None:
    game = execute(
        CARD, Side.SHADED, "available 12 nva-troops", "space quang-tri-thua-thien active-support"
    )
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    options = {str(c) for c in decision.options}
    assert options == {
        "move 1 nva-troops available north-vietnam",
        "move 1 nva-troops available central-laos",
        "move 1 nva-troops available quang-tri-thua-thien",
        "move 1 nva-troops available loc-hue-khe-sanh",
        "done",
    }
    for _ in range(9):
        play(game, "move 1 nva-troops available quang-tri-thua-thien")
    play(game, "move 1 nva-troops available north-vietnam")
    state = game.state
    assert pieces(game, "quang-tri-thua-thien", "nva-troops") == 9  # even at Support
    assert pieces(game, "north-vietnam", "nva-troops") == 1
    assert state.available[Piece.NVA_TROOPS] == 2  # 10 at most
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_up_to_done_early() -> None:
    game = execute(CARD, Side.SHADED, "available 12 nva-troops")
    play(game, "move 1 nva-troops available central-laos", "done")
    assert pieces(game, "central-laos", "nva-troops") == 1
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "available 1 nva-troops"), CARD, Side.SHADED)
    assert not effective(state_on(CARD), CARD, Side.SHADED)
