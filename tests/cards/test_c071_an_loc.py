"""Card 71, An Loc (dual use, 5.2): ARVN 1st, so the ARVN executes it here.

- unshaded: a space in South Vietnam with ARVN: all NVA Troops there to Available, then 3
  ARVN Troops placed there (from Available; ARVN may take its own from the map, R207);
- shaded: the NVA selects a City (one its Troops can reach where there is such), free
  Marches Troops only into it -- through Laos and Cambodia for An Loc, even in Monsoon (the
  card's tip) -- then free Attacks there twice (ruling R243).
"""

from __future__ import annotations

from coinlake import Done, Faction, Move, Piece, Select, Side
from coinlake.state.model import AVAILABLE, Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 71


def test_unshaded_removes_nva_troops_and_places_3_arvn_troops_5_1() -> None:
    lines = (
        "available 5 arvn-troops",
        "space an-loc 1 arvn-police 4 nva-troops 2 nva-guerrilla-u",
        "space loc-saigon-can-tho 1 arvn-ranger-u",  # a LoC is in the South (1.3.5)
        "space the-fishhook 1 arvn-troops 3 nva-troops",  # Cambodia: not the South
        "space hue 3 nva-troops",  # no ARVN
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert set(decision.options) == {Select("an-loc"), Select("loc-saigon-can-tho")}
    play(game, "select an-loc")
    state = game.state
    assert pieces(game, "an-loc", "nva-troops") == 0
    assert pieces(game, "an-loc", "nva-guerrilla-u") == 2  # Troops only
    assert pieces(game, "an-loc", "arvn-troops") == 3
    assert state.available[Piece.NVA_TROOPS] == 4
    assert state.available[Piece.ARVN_TROOPS] == 2
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_arvn_may_take_its_troops_from_the_map_r207() -> None:
    lines = ("available 1 arvn-troops", "space an-loc 1 arvn-police", "space hue 3 arvn-troops")
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "select an-loc")
    decision = game.decision  # the Available one is placed; then the ARVN may take its own
    assert decision is not None and Done() in decision.options
    play(game, f"move 1 arvn-troops {AVAILABLE} an-loc")  # from Hue, the lone source
    play(game, "done")
    assert pieces(game, "an-loc", "arvn-troops") == 2
    assert pieces(game, "hue", "arvn-troops") == 2
    # the NVA executing places only what is Available (1.4.1)
    nva = execute(CARD, Side.UNSHADED, "ineligible ARVN", *lines)
    play(nva, "select an-loc")
    assert pieces(nva, "an-loc", "arvn-troops") == 1
    assert pieces(nva, "hue", "arvn-troops") == 3
    assert nva.state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space hue 1 arvn-police 1 nva-troops"), CARD)
    assert not effective(state_on(CARD, "space the-fishhook 1 arvn-police"), CARD)


SHADED_MAP = (
    "ineligible ARVN",  # the NVA, 2nd, executes
    "space southern-laos 4 nva-troops",
    "space an-loc 2 arvn-troops 1 arvn-police 2 nva-guerrilla-u",
    "space tay-ninh 2 nva-troops 1 nva-guerrilla-u",
    "space quang-tri-thua-thien 2 nva-troops",
)


def test_shaded_marches_troops_through_cambodia_into_an_loc_then_attacks_twice_r243() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP, "dice 1", next_card=COUP)  # Monsoon
    decision = game.decision  # Cities NVA Troops could March into: An Loc, Hue, Saigon
    assert decision is not None and decision.faction is Faction.NVA
    assert set(decision.options) == {Select("an-loc"), Select("hue"), Select("saigon")}
    play(game, "select an-loc")
    decision = game.decision  # Monsoon ok (5.1.1); Laos and Cambodia on the way
    assert decision is not None and decision.context.procedure == "march"
    assert Select("hue") not in decision.options
    play(
        game,
        "select northeast-cambodia",
        "move 4 nva-troops southern-laos northeast-cambodia",
        "done",
        "select the-fishhook",
        "move 4 nva-troops northeast-cambodia the-fishhook",
        "done",
        "select an-loc",
    )
    decision = game.decision  # Troops only: not the Guerrilla of Tay Ninh
    assert decision is not None
    assert all(m.piece is Piece.NVA_TROOPS for m in decision.options if isinstance(m, Move))
    play(game, "move 4 nva-troops the-fishhook an-loc", "move 2 nva-troops tay-ninh an-loc")
    play(game, "done", "done")
    assert pieces(game, "an-loc", "nva-troops") == 6
    assert game.state.tracks[Track.NVA_RESOURCES] == 15  # free (5.5)
    decision = game.decision  # the 1st free Attack, in An Loc only
    assert decision is not None and decision.options == (Select("an-loc"),)
    play(game, "select an-loc", "troops")  # 6 Troops: 3 removals (3.3.3)
    play(game, f"move 1 arvn-troops an-loc {AVAILABLE}", f"move 1 arvn-troops an-loc {AVAILABLE}")
    assert pieces(game, "an-loc", "arvn-police") == 0  # the last, unasked
    decision = game.decision  # An Loc only: the Attack ends
    assert decision is not None and decision.options == (Done(),)
    play(game, "done")  # the 2nd free Attack has nothing left to hit in An Loc
    decision = game.decision
    assert decision is not None and decision.context.procedure == "eligible-turn"
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_second_attack_by_guerrillas_3_3_3() -> None:
    lines = (
        "ineligible ARVN",
        "space tay-ninh 2 nva-troops",
        "space an-loc 3 arvn-police 2 nva-guerrilla-u",
        "dice 1 1",
    )
    game = execute(CARD, Side.SHADED, *lines)
    play(game, "select an-loc", "select an-loc", "move 2 nva-troops tay-ninh an-loc")
    play(game, "done", "done")  # the March ends
    decision = game.decision
    assert decision is not None and decision.context.procedure == "attack"
    play(game, "select an-loc", "troops", "done")  # 2 Troops: 1 Police (3.3.3)
    assert pieces(game, "an-loc", "arvn-police") == 2
    play(game, "select an-loc", "guerrillas")  # roll 1 <= 2 Guerrillas: 2 removed
    assert pieces(game, "an-loc", "arvn-police") == 0
    assert pieces(game, "an-loc", "nva-guerrilla-a") == 2  # Activated (3.3.3)


def test_shaded_without_reachable_city_any_city_5_1_3() -> None:
    lines = ("ineligible ARVN", "space hue 2 nva-guerrilla-u 1 us-troops", "dice 1")
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision  # no Troops to March: every City may be selected (R243)
    assert decision is not None and len(decision.options) == 8
    play(game, "select hue")  # no Troops to March; the Attacks there still happen
    decision = game.decision
    assert decision is not None and decision.context.procedure == "attack"
    play(game, "select hue")  # Guerrillas, the only way: roll 1, the US Troop goes
    assert game.state.casualties[Piece.US_TROOPS] == 1


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED_MAP[1:]), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space hue 1 us-troops"), CARD, Side.SHADED)
