"""Card 23, Operation Attleboro (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: the US selects a space with a Tunnel (ruling R235) and in it, for free (5.5),
  Air Lifts into it (4.2.2), Sweeps in it (3.2.3, even in Monsoon: the card's tip), then
  Assaults there (3.2.4) removing Tunneled Bases as if untunneled (1.4.4, 5.1.1); the free
  US Assault may add a free ARVN Assault (3.2.4);
- shaded: a Tunnel space (one with US Troops within 1 where there is such, R236); a die roll
  of US Troops within 1 space of it to Casualties (5.1.3: all if fewer).
"""

from __future__ import annotations

from coinlake import Done, Faction, Move, Piece, Select, Side
from coinlake.state.model import CASUALTIES, Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on, tracks

CARD = 23
TAY_NINH = "space tay-ninh 1 vc-base-t 1 nva-base 2 vc-guerrilla-a 1 vc-guerrilla-u"


def test_unshaded_air_lift_sweep_then_assault_removes_tunneled_bases_5_5() -> None:
    lines = (
        TAY_NINH,
        "space saigon 3 us-troops",
        "space hue 2 us-troops",
        "space quang-nam 1 nva-base-t",
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the named Faction (R235)
    assert set(decision.options) == {Select("tay-ninh"), Select("quang-nam")}
    play(game, "select tay-ninh")
    decision = game.decision  # the free Air Lift, into Tay Ninh only (4.2.2)
    assert decision is not None and decision.context.procedure == "air-lift"
    assert Done() in decision.options  # any pieces it likes
    play(game, "select hue")
    decision = game.decision
    assert decision is not None
    assert {m.destination for m in decision.options if isinstance(m, Move)} == {"tay-ninh"}
    play(game, "move 2 us-troops hue tay-ninh", "done")
    decision = game.decision  # the free Sweep, in Tay Ninh only
    assert decision is not None and decision.context.procedure == "sweep"
    assert decision.options == (Select("tay-ninh"),)
    play(game, "select tay-ninh", "move 3 us-troops saigon tay-ninh")
    # 5 US Troops in a Jungle Activate 2 (3.2.3): the lone Underground Guerrilla flips
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 0
    play(game, "select tay-ninh")  # the free Assault: 5 removals (1 per Troop, 3.2.4)
    assert pieces(game, "tay-ninh", "vc-guerrilla-a") == 0
    assert pieces(game, "tay-ninh", "vc-base-t") == 0  # as if no Tunnel: no die roll
    assert pieces(game, "tay-ninh", "nva-base") == 0
    assert pieces(game, "quang-nam", "nva-base-t") == 1
    state = game.state
    assert state.available[Piece.VC_BASE] == 1  # the Tunnel marker goes with the Base
    assert state.turn.acted == ((Faction.US, "event"),)
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free (5.5)


def test_unshaded_sweeps_in_monsoon_and_adds_a_free_arvn_assault_3_2_4() -> None:
    lines = (
        "space tay-ninh 1 vc-base-t 4 vc-guerrilla-a 1 us-troops 4 arvn-troops",
        tracks(arvn_resources=0),
    )
    game = execute(CARD, Side.UNSHADED, *lines, next_card=COUP)  # Monsoon (2.3.9)
    # the lone Tunnel space is taken unasked; nothing to Air Lift into it from elsewhere
    decision = game.decision
    assert decision is not None and decision.context.procedure == "sweep"  # Monsoon ok
    play(game, "select tay-ninh", "select tay-ninh")  # the Assault: 1 Guerrilla removed
    assert pieces(game, "tay-ninh", "vc-guerrilla-a") == 3
    decision = game.decision  # the ARVN Assault added at no cost (free, 3.2.4)
    assert decision is not None and Select("tay-ninh") in decision.options
    play(game, "select tay-ninh")  # 4 ARVN Troops: 2 removals in a Jungle (1 per 2)
    assert pieces(game, "tay-ninh", "vc-guerrilla-a") == 1
    assert game.state.tracks[Track.ARVN_RESOURCES] == 0


def test_unshaded_without_a_tunnel_does_nothing_5_1_3() -> None:
    lines = ("space tay-ninh 1 vc-base 1 us-troops", "space north-vietnam 1 nva-base-t")
    state = state_on(CARD, *lines)
    assert not effective(state, CARD)  # North Vietnam: US pieces never enter (1.4.2)
    game = execute(CARD, Side.UNSHADED, *lines)
    assert game.state.turn.acted == ((Faction.US, "event"),)
    assert pieces(game, "tay-ninh", "vc-base") == 1


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, TAY_NINH, "space saigon 3 us-troops"), CARD)


SHADED_MAP = (
    "space tay-ninh 1 vc-base-t",
    "space saigon 2 us-troops",
    "space kien-phong 3 us-troops",
    "space phuoc-long 1 us-troops",
    "space quang-nam 1 nva-base-t",  # no US Troops within 1
    "space hue 4 us-troops",  # 2 spaces from Quang Nam
)


def test_shaded_removes_a_die_roll_of_us_troops_within_1_to_casualties_r236() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP, "dice 4")
    decision = game.decision  # only Tay Ninh has US Troops within 1 (R236): taken unasked
    assert decision is not None and decision.faction is Faction.US
    origins = {m.origin for m in decision.options if isinstance(m, Move)}
    assert origins == {"saigon", "kien-phong", "phuoc-long"}
    assert Done() not in decision.options  # a die roll of Troops: not "up to" (5.1.3)
    for origin in ("saigon", "saigon", "kien-phong", "phuoc-long"):
        play(game, f"move 1 us-troops {origin} {CASUALTIES}")
    state = game.state
    assert state.casualties[Piece.US_TROOPS] == 4  # to Casualties (the text)
    assert pieces(game, "kien-phong", "us-troops") == 2
    assert pieces(game, "hue", "us-troops") == 4
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_fewer_troops_than_the_roll_all_go_5_1_3() -> None:
    lines = ("space tay-ninh 1 vc-base-t 1 us-troops", "dice 6")
    game = execute(CARD, Side.SHADED, *lines)
    assert pieces(game, "tay-ninh", "us-troops") == 0
    assert game.state.casualties[Piece.US_TROOPS] == 1


def test_shaded_without_us_troops_near_a_tunnel_rolls_nothing_r210() -> None:
    lines = ("space quang-nam 1 nva-base-t", "space hue 4 us-troops")
    game = execute(CARD, Side.SHADED, *lines)
    assert game.state.turn.acted == ((Faction.US, "event"),)
    assert pieces(game, "hue", "us-troops") == 4
    assert not effective(state_on(CARD, *lines), CARD, Side.SHADED)
    assert effective(state_on(CARD, *SHADED_MAP), CARD, Side.SHADED)
