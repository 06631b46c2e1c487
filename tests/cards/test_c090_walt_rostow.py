"""Card 90, Walt Rostow (dual use, 5.2): ARVN 1st (ARVN, VC, NVA, US), so the ARVN executes
it here unless a line makes it Ineligible.

- unshaded: any 2 ARVN pieces, Bases included, from anywhere (Available, Out of Play, the
  map) into spaces under COIN Control;
- shaded: 1 Guerrilla in each Province with ARVN, then ARVN Troops Redeploy as if no Bases
  (rulings R79, R253).
"""

from __future__ import annotations

from coinlake import Done, Faction, Piece, Select, Side
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 90
MAP = (
    "available 1 arvn-troops 1 nva-guerrilla-u 2 vc-guerrilla-u",
    "out-of-play 2 arvn-troops",
    "space hue 1 arvn-police",  # COIN Control, a City
    "space binh-dinh 2 arvn-troops 1 us-base",  # a Province with an ARVN piece and a Base
    "space quang-nam 1 arvn-police",  # a Province with an ARVN piece
    "space loc-hue-da-nang 1 arvn-troops",  # a LoC: never a COIN Control space (1.7)
    "space da-nang 1 nva-troops 2 nva-guerrilla-u",  # NVA Control
)


def test_unshaded_2_arvn_pieces_from_anywhere_into_coin_control_spaces_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, *MAP, "space saigon 2 us-base 1 arvn-police")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    origins = {o.space for o in decision.options if isinstance(o, Select)}
    assert {AVAILABLE, OUT_OF_PLAY, "hue", "binh-dinh", "loc-hue-da-nang"} <= origins
    assert Done() not in decision.options  # 2 if there are (5.1.3)
    play(game, f"select {OUT_OF_PLAY}")
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {
        Select("hue"),
        Select("quang-nam"),
        Select("binh-dinh"),
        Select("saigon"),
    }  # COIN Control, not Da Nang nor a LoC
    play(game, "select hue", f"move 1 arvn-troops {OUT_OF_PLAY} hue")
    play(game, "select loc-hue-da-nang", "select binh-dinh")  # from the map: its lone Troop
    state = game.state
    assert pieces(game, "hue", "arvn-troops") == 1
    assert pieces(game, "binh-dinh", "arvn-troops") == 3
    assert pieces(game, "loc-hue-da-nang", "arvn-troops") == 0
    assert state.out_of_play[Piece.ARVN_TROOPS] == 1
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_both_in_one_move_and_bases_keep_stacking_1_4_2() -> None:
    lines = ("available 1 arvn-troops 2 arvn-base", "space hue 2 us-base")
    game = execute(CARD, Side.UNSHADED, *MAP, *lines)
    play(game, f"select {AVAILABLE}", "select hue")  # the Troop alone may go there, unasked
    assert pieces(game, "hue", "arvn-troops") == 1
    play(game, f"select {AVAILABLE}")
    decision = game.decision
    assert decision is not None and Select("hue") not in decision.options  # 2 Bases there
    play(game, "select quang-nam")
    assert pieces(game, "quang-nam", "arvn-base") == 1
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_a_guerrilla_in_each_province_with_arvn_then_troops_redeploy_r79() -> None:
    game = execute(CARD, Side.SHADED, *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    places = {o.destination for o in decision.options if isinstance(o, Move)}
    assert places == {"quang-nam", "binh-dinh"}  # Provinces with ARVN: not Hue nor the LoC
    play(game, "move 1 nva-guerrilla-u available quang-nam")  # then a VC one, the lone kind
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 1
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # its Troops' Redeploy
    assert decision.context.procedure == "redeploy"
    assert Done() not in decision.options  # Binh Dinh's Base does not keep them (no Bases)
    assert set(decision.options) == {Select("binh-dinh"), Select("loc-hue-da-nang")}
    play(game, "select binh-dinh")
    decision = game.decision
    assert decision is not None
    assert Select("binh-dinh") not in decision.options  # a Base, but as if none
    assert Select("da-nang") not in decision.options  # NVA Control
    assert Select("hue") in decision.options and Select("saigon") in decision.options
    play(game, "select saigon", "move 2 arvn-troops binh-dinh saigon")
    play(game, "select hue")  # from the LoC, the lone origin left that must be left
    state = game.state  # no other ARVN Troop: the Redeploy is over
    assert pieces(game, "saigon", "arvn-troops") == 2 and pieces(game, "hue", "arvn-troops") == 1
    assert pieces(game, "quang-nam", "arvn-police") == 1  # Police stay
    assert state.available[Piece.ARVN_TROOPS] == 1  # no Troop placed or removed
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_guerrillas_as_available_then_from_the_executing_factions_map_r207() -> None:
    lines = (
        "space binh-dinh 1 arvn-police",
        "space quang-nam 1 arvn-police",
        "space kontum 1 vc-guerrilla-u",  # a City: VC Guerrillas the VC may take
        "available 1 vc-guerrilla-u",
        "ineligible ARVN",
    )
    game = execute(CARD, Side.SHADED, *lines)  # the VC executes
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    play(game, "move 1 vc-guerrilla-u available quang-nam")
    decision = game.decision
    assert decision is not None and Done() in decision.options  # from the map: "may"
    play(
        game, "move 1 vc-guerrilla-u available binh-dinh", "move 1 vc-guerrilla-u kontum binh-dinh"
    )
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 1
    assert pieces(game, "kontum", "vc-guerrilla-u") == 0


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *MAP), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "space hue 1 arvn-police"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, *MAP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space hue 1 arvn-police"), CARD, Side.SHADED)
    # pieces only within 1 COIN Control space: nowhere else to go; 2 such spaces: effective
    assert not effective(state_on(CARD, "space hue 2 arvn-police"), CARD, Side.UNSHADED)
    two = ("space hue 2 arvn-police", "space saigon 1 arvn-police")
    assert effective(state_on(CARD, *two), CARD, Side.UNSHADED)
