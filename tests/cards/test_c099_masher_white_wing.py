"""Card 99, Masher/White Wing (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: the US or ARVN (the executing Faction selects, 5.1) free Sweeps 1 non-Jungle
  space with US and ARVN Troops moving and Activating together, even in Monsoon (the card's
  tip), then free Assaults there with them as US Troops (ruling R246);
- shaded: the VC or NVA free Marches Guerrillas into up to 3 spaces, even in Monsoon, then
  free Ambushes in each destination, Active Guerrillas too (ruling R247).
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Move, Piece, Select, Side
from coinlake.state.model import CASUALTIES, Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 99
UNSHADED_MAP = (
    "space binh-dinh 1 us-base 2 vc-guerrilla-u 1 vc-guerrilla-a 1 nva-troops 1 vc-base",
    "space qui-nhon 2 us-troops 2 arvn-troops 1 arvn-police",
    "space kontum 1 arvn-troops",
    "space pleiku-darlac 1 us-troops 3 vc-guerrilla-u",
    "space tay-ninh 2 us-troops 1 vc-guerrilla-u",  # Jungle
)


def test_unshaded_joint_sweep_then_assault_as_us_r246() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP, next_card=COUP)  # Monsoon (2.3.9)
    decision = game.decision
    assert decision is not None and decision.options == (Choose("us"), Choose("arvn"))
    play(game, "arvn")
    decision = game.decision  # the ARVN decides; Monsoon ok; not a Jungle
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.context.procedure == "sweep"
    assert Select("binh-dinh") in decision.options
    assert Select("tay-ninh") not in decision.options
    assert Select("north-vietnam") not in decision.options
    play(game, "select binh-dinh")
    decision = game.decision  # US and ARVN Troops move together; Police do not
    assert decision is not None
    moving = {(m.piece, m.origin) for m in decision.options if isinstance(m, Move)}
    assert (Piece.US_TROOPS, "qui-nhon") in moving
    assert (Piece.ARVN_TROOPS, "kontum") in moving
    assert (Piece.ARVN_POLICE, "qui-nhon") not in moving
    play(
        game,
        "move 2 us-troops qui-nhon binh-dinh",
        "move 2 arvn-troops qui-nhon binh-dinh",
        "done",
    )
    # 4 Troops in a Highland Activate 4: both Underground Guerrillas (3.2.3)
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 0
    assert pieces(game, "pleiku-darlac", "vc-guerrilla-u") == 3  # 1 space only
    decision = game.decision  # the Assault, in the Sweep's space only
    assert decision is not None and decision.context.procedure == "assault"
    assert decision.options == (Select("binh-dinh"),)
    play(game, "select binh-dinh", "target-both")  # as US Troops with a US Base: 8 (3.2.4)
    state = game.state
    assert pieces(game, "binh-dinh", "nva-troops") == 0
    assert pieces(game, "binh-dinh", "vc-guerrilla-a") == 0
    assert pieces(game, "binh-dinh", "vc-base") == 0
    assert state.tracks[Track.AID] == 15  # as US: no Aid for the Base
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free (5.5)
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_us_sweep_activates_with_arvn_troops_3_2_3() -> None:
    lines = ("space quang-nam 1 us-troops 2 arvn-troops 2 arvn-police 4 nva-guerrilla-u",)
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "us", "select quang-nam")  # nothing to move in
    # US Sweep with ARVN Troops: 1 + 2 Troops Activate 3; ARVN Police not (R246)
    assert pieces(game, "quang-nam", "nva-guerrilla-u") == 1
    play(game, "select quang-nam")  # Assault as US in a Highland: 1 per 2 Troops (3.2.4)
    assert pieces(game, "quang-nam", "nva-guerrilla-a") == 2
    assert game.state.turn.acted == ((Faction.VC, "event"),)  # no ARVN Assault added


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED_MAP), CARD)


SHADED_MAP = (
    "space tay-ninh 3 vc-guerrilla-u 1 vc-guerrilla-a",
    "space saigon 2 us-troops 1 arvn-police 1 vc-guerrilla-a",
    "space an-loc 1 arvn-troops",
    "space kien-phong 1 us-base",
    "space the-fishhook 2 nva-troops",
)


def test_shaded_vc_marches_guerrillas_to_3_spaces_then_ambushes_in_each_r247() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP, next_card=COUP)  # Monsoon (2.3.9)
    decision = game.decision  # only the VC has a Guerrilla to March (as R132)
    assert decision is not None and decision.options == (Choose("vc"),)
    play(game, "vc")
    decision = game.decision  # the VC decides its March; Monsoon ok
    assert decision is not None and decision.faction is Faction.VC
    assert decision.context.procedure == "march"
    play(game, "select saigon", "move 1 vc-guerrilla-u tay-ninh saigon", "done")
    play(game, "select an-loc", "move 1 vc-guerrilla-a tay-ninh an-loc", "done")
    play(game, "select kien-phong", "move 1 vc-guerrilla-u tay-ninh kien-phong", "done")
    decision = game.decision  # 3 destinations at most
    assert decision is not None and decision.options == (Done(),)
    play(game, "done")
    decision = game.decision  # the Ambushes follow, in each destination
    assert decision is not None and decision.context.procedure == "ambush"
    assert set(decision.options) == {
        Select("saigon"),
        Select("an-loc"),
        Select("kien-phong"),
    }
    assert Done() not in decision.options  # in each (5.1.3)
    play(game, "select an-loc")  # an Active Guerrilla Ambushes (the card's tip)
    assert pieces(game, "an-loc", "arvn-troops") == 0
    play(game, "select saigon", f"move 1 us-troops saigon {CASUALTIES}")
    assert pieces(game, "saigon", "us-troops") == 1
    # Kien Phong, the last, unasked: the US Base goes (the only US or ARVN piece there)
    assert pieces(game, "kien-phong", "us-base") == 0
    state = game.state
    assert state.casualties[Piece.US_BASE] == 1
    assert state.tracks[Track.VC_RESOURCES] == 10  # free (5.5)
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_nva_guerrillas_only_5_1() -> None:
    lines = (*SHADED_MAP, "space northeast-cambodia 1 nva-guerrilla-u")
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.options == (Choose("vc"), Choose("nva"))
    play(game, "nva", "select the-fishhook")
    decision = game.decision  # Guerrillas only: not the NVA Troops
    assert decision is not None
    assert {m.piece for m in decision.options if isinstance(m, Move)} == {
        Piece.NVA_GUERRILLA_UNDERGROUND
    }
    assert pieces(game, "the-fishhook", "nva-troops") == 2


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED_MAP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space the-fishhook 2 nva-troops"), CARD, Side.SHADED)
