"""Card 25, TF-116 Riverines (dual use, 5.2): US 1st, so the US executes it here.

- unshaded: all NVA and VC off the 3 Mekong LoCs (to Available); then the US or ARVN (the
  executing Faction selects, 5.1) free Sweeps into or in each of the 4 Lowlands touching
  the Mekong (even in Monsoon: the card's tip), then free Assaults in each (ruling R237);
- shaded: 2 VC Guerrillas on each Mekong LoC, then a Sabotage marker on each with more VC
  than US and ARVN pieces -- not a second one; too few markers: the executing Faction
  picks (ruling R238).
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Move, Piece, Select, Side
from coinlake.state.model import AVAILABLE, Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on, tracks

CARD = 25
UNSHADED_MAP = (
    "space loc-saigon-can-tho 2 vc-guerrilla-u 1 nva-troops",
    "space loc-can-tho-long-phu 1 vc-guerrilla-a 1 arvn-police",
    "space loc-can-tho-bac-lieu 1 vc-guerrilla-u",  # a Highway, not the Mekong
    "space kien-phong 2 vc-guerrilla-u 1 vc-base",
    "space saigon 3 us-troops 2 arvn-troops",
    "space ba-xuyen 1 vc-guerrilla-a 1 arvn-police 1 us-troops",
    "space can-tho 2 arvn-troops",
)


def test_unshaded_clears_the_mekong_then_us_sweeps_and_assaults_each_lowland_r237() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP)
    state = game.state
    assert pieces(game, "loc-saigon-can-tho", "vc-guerrilla-u") == 0
    assert pieces(game, "loc-saigon-can-tho", "nva-troops") == 0
    assert pieces(game, "loc-can-tho-long-phu", "vc-guerrilla-a") == 0
    assert pieces(game, "loc-can-tho-long-phu", "arvn-police") == 1
    assert pieces(game, "loc-can-tho-bac-lieu", "vc-guerrilla-u") == 1
    assert state.available[Piece.NVA_TROOPS] == 1  # to Available (1.4.1)
    decision = game.decision  # the executing Faction picks who Sweeps and Assaults (5.1)
    assert decision is not None and decision.faction is Faction.US
    assert decision.options == (Choose("us"), Choose("arvn"))
    play(game, "us")
    decision = game.decision  # the free Sweep: only the 4 Lowlands touching the Mekong
    assert decision is not None and decision.context.procedure == "sweep"
    assert set(decision.options) == {
        Select(k) for k in ("kien-phong", "kien-hoa-vinh-binh", "ba-xuyen", "kien-giang-an-xuyen")
    }
    play(game, "select kien-phong", "move 3 us-troops saigon kien-phong")
    decision = game.decision
    assert decision is not None and Done() not in decision.options  # each Lowland (R237)
    play(game, "select kien-hoa-vinh-binh", "done", "select ba-xuyen", "done")
    # the 4th, Kien Giang, is taken unasked; 3 US Troops Activate both Guerrillas (3.2.3)
    assert pieces(game, "kien-phong", "vc-guerrilla-a") == 2
    assert pieces(game, "saigon", "arvn-troops") == 2  # the US Sweep moves US Troops only
    decision = game.decision  # the free Assault: each Lowland where it can occur
    assert decision is not None and decision.context.procedure == "assault"
    assert set(decision.options) == {Select("kien-phong"), Select("ba-xuyen")}
    assert Done() not in decision.options
    play(game, "select kien-phong")  # then Ba Xuyen, the last, unasked
    assert pieces(game, "kien-phong", "vc-guerrilla-a") == 0
    assert pieces(game, "kien-phong", "vc-base") == 0  # 3 removals: Guerrillas, then the Base
    assert pieces(game, "ba-xuyen", "vc-guerrilla-a") == 0
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_arvn_sweeps_in_monsoon_for_free_5_5() -> None:
    lines = (*UNSHADED_MAP, tracks(arvn_resources=0))
    game = execute(CARD, Side.UNSHADED, *lines, next_card=COUP)  # Monsoon (2.3.9)
    play(game, "arvn")
    decision = game.decision  # the ARVN decides its Sweep's details (5.1)
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.context.procedure == "sweep"  # Monsoon ok (5.1.1)
    play(game, "select kien-phong", "move 2 arvn-troops can-tho kien-phong", "done")
    play(game, "select kien-hoa-vinh-binh", "done", "select ba-xuyen")
    assert pieces(game, "kien-phong", "vc-guerrilla-a") == 2  # 2 Troops Activate 2 (3.2.3)
    play(game, "select kien-phong")  # ARVN Assault: 1 per 2 cubes (3.2.4)
    assert pieces(game, "kien-phong", "vc-guerrilla-a") == 1
    assert game.state.tracks[Track.ARVN_RESOURCES] == 0  # free (5.5)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space loc-can-tho-chau-doc 1 vc-guerrilla-u"), CARD)
    assert effective(
        state_on(CARD, "space kien-phong 1 vc-guerrilla-u", "space saigon 1 us-troops"), CARD
    )
    assert not effective(state_on(CARD, "space kien-phong 1 vc-guerrilla-u"), CARD)
    assert not effective(state_on(CARD, "space hue 1 vc-guerrilla-u 1 us-troops"), CARD)


def test_shaded_places_2_guerrillas_per_mekong_loc_then_sabotages_r238() -> None:
    lines = (
        "available 10 vc-guerrilla-u",
        "space loc-saigon-can-tho 3 arvn-police",  # 2 VC, 3 COIN: no Sabotage
        "space loc-can-tho-chau-doc 1 us-troops",  # 2 VC, 1 COIN
        "space loc-can-tho-long-phu 1 vc-guerrilla-a sabotage=1",  # already Sabotaged
    )
    game = execute(CARD, Side.SHADED, *lines)
    state = game.state
    for key in ("loc-saigon-can-tho", "loc-can-tho-chau-doc", "loc-can-tho-long-phu"):
        assert pieces(game, key, "vc-guerrilla-u") == 2
    assert state.space("loc-saigon-can-tho").sabotage == 0
    assert state.space("loc-can-tho-chau-doc").sabotage == 1
    assert state.space("loc-can-tho-long-phu").sabotage == 1  # not a second one
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 4
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_too_few_guerrillas_and_markers_5_1_3() -> None:
    lines = (
        "available 3 vc-guerrilla-u",
        *(
            f"space {k} terror=1"
            for k in (
                "hue",
                "da-nang",
                "kontum",
                "qui-nhon",
                "cam-ranh",
                "an-loc",
                "saigon",
                "can-tho",
                "quang-nam",
                "binh-dinh",
                "pleiku-darlac",
                "khanh-hoa",
                "tay-ninh",
                "kien-phong",
            )
        ),  # 14 of the 15 markers on the map (3.3.4)
    )
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision  # 3 Guerrillas for 6 places: the US places them, 2 at most a LoC
    assert decision is not None and decision.faction is Faction.US
    assert Done() not in decision.options  # the US may not take VC pieces from the map
    play(
        game,
        f"move 1 vc-guerrilla-u {AVAILABLE} loc-saigon-can-tho",
        f"move 1 vc-guerrilla-u {AVAILABLE} loc-saigon-can-tho",
        f"move 1 vc-guerrilla-u {AVAILABLE} loc-can-tho-chau-doc",
    )
    decision = game.decision  # 2 LoCs to Sabotage, 1 marker left: the US picks
    assert decision is not None
    assert set(decision.options) == {Select("loc-saigon-can-tho"), Select("loc-can-tho-chau-doc")}
    play(game, "select loc-can-tho-chau-doc")
    assert game.state.space("loc-can-tho-chau-doc").sabotage == 1
    assert game.state.space("loc-saigon-can-tho").sabotage == 0
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_shaded_vc_may_take_its_guerrillas_from_the_map_r207() -> None:
    lines = ("ineligible US", "available 5 vc-guerrilla-u", "space kien-phong 2 vc-guerrilla-u")
    game = execute(CARD, Side.SHADED, *lines)  # the VC, 2nd, executes
    decision = game.decision  # 5 Available for 6: placed one at a time
    assert decision is not None and decision.faction is Faction.VC
    for key in ("loc-saigon-can-tho", "loc-can-tho-chau-doc", "loc-saigon-can-tho"):
        play(game, f"move 1 vc-guerrilla-u {AVAILABLE} {key}")
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} loc-can-tho-long-phu")
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} loc-can-tho-chau-doc")
    decision = game.decision  # none Available: the VC may take its own from the map (1.4.1)
    assert decision is not None and Done() in decision.options
    target = Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "loc-can-tho-long-phu")
    assert target in decision.options
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} loc-can-tho-long-phu")
    play(game, "move 1 vc-guerrilla-u kien-phong loc-can-tho-long-phu")  # from where
    assert pieces(game, "loc-can-tho-long-phu", "vc-guerrilla-u") == 2
    assert pieces(game, "kien-phong", "vc-guerrilla-u") == 1
    assert game.state.space("loc-can-tho-long-phu").sabotage == 1  # 2 VC, no COIN


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "available 1 vc-guerrilla-u"), CARD, Side.SHADED)
    assert not effective(state_on(CARD), CARD, Side.SHADED)  # no Guerrilla, nothing to Sabotage
