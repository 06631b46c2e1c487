"""Card 74, Lam Son 719 (dual use, 5.2): ARVN 1st (ARVN, NVA, US, VC), so the ARVN executes
it here.

- unshaded: up to 6 ARVN Troops in a Laos space (R207 for the map), then an ARVN free LimOp
  there, of its choice among those that would occur there (R252), then Trail -2;
- shaded: NVA Resources +6 and +1 per ARVN piece in Laos.
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Kind, Piece, Select, Side
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE, Track
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 74
PLACE = "move 1 arvn-troops available central-laos"
LAOS = ("space central-laos 2 nva-guerrilla-a 1 nva-base", tracks(trail=3))


def test_unshaded_6_troops_then_a_free_limop_there_then_trail_minus_2() -> None:
    game = execute(CARD, Side.UNSHADED, "available 8 arvn-troops", *LAOS)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert decision.options == (Select("central-laos"), Select("southern-laos"))
    play(game, "select central-laos", *[PLACE] * 6)  # 6 at most
    assert pieces(game, "central-laos", "arvn-troops") == 6
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the ARVN decides (tip)
    assert decision.kind is Kind.OPERATION and "Central Laos" in decision.prompt
    # only what would occur there: Patrol reaches only LoCs and Cities (R252)
    assert decision.options == (Choose("train"), Choose("sweep"), Choose("assault"))
    play(game, "assault", "select central-laos")
    state = game.state
    assert pieces(game, "central-laos", "nva-guerrilla-a") == 0  # 6 Troops: 3 hits (3.2.4)
    assert pieces(game, "central-laos", "nva-base") == 0
    assert state.tracks[Track.AID] == 15 + 6  # +6 per Base removed (3.2.4)
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free (3.1.2)
    assert state.trail == 1  # 3 - 2
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_up_to_6_the_limop_restricted_to_the_space_2_3_5() -> None:
    lines = (*LAOS, "available 8 arvn-troops", "space hue 3 arvn-troops 2 vc-guerrilla-a")
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "select central-laos", PLACE, PLACE, "done")  # "up to": 2 only
    decision = game.decision
    assert decision is not None and decision.kind is Kind.OPERATION
    play(game, "assault")
    decision = game.decision
    assert decision is not None and decision.options == (Select("central-laos"),)  # not Hue
    play(game, "select central-laos")
    assert pieces(game, "central-laos", "nva-guerrilla-a") == 1  # 2 Troops: 1 hit
    assert pieces(game, "hue", "vc-guerrilla-a") == 2
    assert game.state.trail == 1


def test_unshaded_no_troops_to_place_the_limop_and_degrade_go_on_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "space southern-laos 1 nva-guerrilla-u", tracks(trail=1))
    play(game, "select southern-laos")  # no ARVN Troop anywhere: none placed
    decision = game.decision
    assert decision is not None and decision.kind is Kind.OPERATION
    # no ARVN cube there (no Assault), NVA Control (no Train, 3.2.1): a Sweep with nothing
    assert decision.options == (Choose("sweep"),)
    play(game, "sweep", "select southern-laos")
    state = game.state
    assert state.trail == 0  # at least 0 (6.7)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_arvn_troops_from_the_map_once_none_is_available_r207() -> None:
    lines = (*LAOS, "available 1 arvn-troops", "space saigon 3 arvn-troops")
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "select central-laos")
    decision = game.decision
    assert decision is not None and decision.options == (
        Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "central-laos"),
        Done(),
    )
    play(game, PLACE)  # the Available one, then from the map if the ARVN wants (1.4.1)
    decision = game.decision
    assert decision is not None and Done() in decision.options
    play(game, PLACE)  # from Saigon, the lone source: unasked
    assert pieces(game, "central-laos", "arvn-troops") == 2
    assert pieces(game, "saigon", "arvn-troops") == 2


def test_shaded_nva_resources_6_plus_1_per_arvn_piece_in_laos_1_8() -> None:
    lines = (
        "space central-laos 3 arvn-troops 1 arvn-base",
        "space southern-laos 1 arvn-ranger-u 1 arvn-police 1 us-troops",
        "space the-fishhook 2 arvn-troops",  # Cambodia: not counted
    )
    state = execute(CARD, Side.SHADED, *lines).state
    assert state.tracks[Track.NVA_RESOURCES] == 15 + 6 + 6
    assert state.turn.acted == ((Faction.ARVN, "event"),)
    state = execute(CARD, Side.SHADED, *lines, tracks(nva_resources=70)).state
    assert state.tracks[Track.NVA_RESOURCES] == 75


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *LAOS), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.UNSHADED)  # Trail 2 -> 0
    assert effective(state_on(CARD), CARD, Side.SHADED)
    assert not effective(state_on(CARD, tracks(nva_resources=75)), CARD, Side.SHADED)
