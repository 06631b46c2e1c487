"""The state layer: set-up (2.1 and the setup pages), Control (1.7), Support totals (1.6.2),
victory markers and margins (1.9, 7.2, 7.3), stacking (1.4.2), pieces (1.4)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import coinlake
from coinlake import Control, Faction, Piece, Side, Support, Track
from coinlake.data import CARDS, FORCE_POOL
from coinlake.data.cards import CardKind
from coinlake.data.map import SPACES, space
from coinlake.state.events import PiecesFlipped, PiecesMoved, evolve
from coinlake.state.model import Eligibility, GameState, SpaceState
from coinlake.state.queries import (
    control_of,
    pieces_total,
    stacking_violations,
    total_opposition,
    total_support,
    victory_margins,
    victory_markers,
)
from tests.conftest import cleared, counts, with_space

P = Piece
AS, PS, N = Support.ACTIVE_SUPPORT, Support.PASSIVE_SUPPORT, Support.NEUTRAL
PO, AO = Support.PASSIVE_OPPOSITION, Support.ACTIVE_OPPOSITION
COIN, NVA, NONE = Control.COIN, Control.NVA, Control.NONE

# -- the setup pages, transcribed (facts only) -----------------------------------------------
# (spaces, Control printed, Support printed, pieces per space). Guerrillas and Special Forces
# set up Underground (1.4.3); "Tunneled Base" is a VC Base with a Tunnel (1.4.4).
Row = tuple[tuple[str, ...], Control, Support, dict[Piece, int]]
SETUP: dict[str, list[Row]] = {
    "short": [
        (("Da Nang", "Kontum"), COIN, AS, {P.US_TROOPS: 3, P.ARVN_POLICE: 1}),
        (
            ("Saigon", "Can Tho"),
            COIN,
            AS,
            {
                P.US_BASE: 1,
                P.US_TROOPS: 3,
                P.ARVN_TROOPS: 4,
                P.ARVN_POLICE: 2,
                P.ARVN_RANGER_UNDERGROUND: 1,
            },
        ),
        (
            ("Quang Tri",),
            NVA,
            AO,
            {P.ARVN_BASE: 1, P.ARVN_TROOPS: 2, P.NVA_BASE: 1, P.NVA_GUERRILLA_UNDERGROUND: 4},
        ),
        (("Quang Nam",), COIN, N, {P.ARVN_RANGER_UNDERGROUND: 1, P.ARVN_POLICE: 1}),
        (("Quang Tin",), COIN, N, {P.US_TROOPS: 2, P.ARVN_POLICE: 1}),
        (
            ("Binh Dinh",),
            COIN,
            PS,
            {
                P.US_BASE: 1,
                P.US_IRREGULAR_UNDERGROUND: 1,
                P.US_TROOPS: 4,
                P.ARVN_TROOPS: 2,
                P.ARVN_POLICE: 1,
                P.VC_BASE: 1,
                P.VC_GUERRILLA_UNDERGROUND: 2,
            },
        ),
        (
            ("Pleiku",),
            NONE,
            N,
            {
                P.US_BASE: 1,
                P.US_IRREGULAR_UNDERGROUND: 1,
                P.US_TROOPS: 1,
                P.VC_BASE: 1,
                P.VC_GUERRILLA_UNDERGROUND: 2,
            },
        ),
        (("Khanh Hoa",), COIN, N, {P.US_IRREGULAR_UNDERGROUND: 1, P.US_TROOPS: 1}),
        (("Hue", "Kien Hoa", "Ba Xuyen"), COIN, N, {P.ARVN_POLICE: 2}),
        (("An Loc", "Qui Nhon", "Cam Ranh"), COIN, PS, {P.ARVN_POLICE: 1}),
        (
            ("Binh Tuy",),
            NONE,
            PS,
            {P.US_TROOPS: 2, P.ARVN_POLICE: 1, P.VC_BASE: 1, P.VC_GUERRILLA_UNDERGROUND: 2},
        ),
        (
            ("Quang Duc",),
            NONE,
            AO,
            {P.VC_BASE: 1, P.VC_GUERRILLA_UNDERGROUND: 2, P.NVA_GUERRILLA_UNDERGROUND: 1},
        ),
        (
            ("Tay Ninh",),
            NONE,
            AO,
            {P.VC_TUNNELED_BASE: 1, P.VC_GUERRILLA_UNDERGROUND: 2, P.NVA_GUERRILLA_UNDERGROUND: 1},
        ),
        (("Kien Phong", "Kien Giang"), NONE, AO, {P.VC_GUERRILLA_UNDERGROUND: 2}),
        (
            ("North Vietnam", "Southern Laos"),
            NVA,
            N,
            {P.NVA_BASE: 2, P.NVA_GUERRILLA_UNDERGROUND: 1, P.NVA_TROOPS: 6},
        ),
        (
            ("Central Laos", "The Fishhook", "The Parrot's Beak"),
            NVA,
            N,
            {P.NVA_BASE: 1, P.NVA_GUERRILLA_UNDERGROUND: 2},
        ),
    ],
    "medium": [
        (
            ("North Vietnam", "Central Laos"),
            NVA,
            N,
            {P.NVA_BASE: 1, P.NVA_GUERRILLA_UNDERGROUND: 1, P.NVA_TROOPS: 9},
        ),
        (
            ("Quang Tri",),
            COIN,
            PS,
            {
                P.US_BASE: 1,
                P.US_TROOPS: 4,
                P.US_IRREGULAR_UNDERGROUND: 1,
                P.ARVN_TROOPS: 3,
                P.NVA_BASE: 1,
                P.NVA_GUERRILLA_UNDERGROUND: 3,
            },
        ),
        (("Quang Nam",), NONE, AO, {P.VC_BASE: 1, P.VC_GUERRILLA_UNDERGROUND: 2}),
        (
            ("Hue", "Da Nang", "Qui Nhon", "Cam Ranh"),
            COIN,
            PS,
            {P.US_TROOPS: 1, P.ARVN_POLICE: 2},
        ),
        (
            ("Quang Tin",),
            COIN,
            PS,
            {P.US_BASE: 1, P.US_TROOPS: 2, P.ARVN_TROOPS: 2, P.ARVN_POLICE: 1},
        ),
        (
            ("Kontum",),
            COIN,
            PS,
            {P.US_BASE: 1, P.US_TROOPS: 1, P.US_IRREGULAR_UNDERGROUND: 1},
        ),
        (
            ("Binh Dinh", "Pleiku", "Khanh Hoa"),
            COIN,
            AS,
            {
                P.US_TROOPS: 2,
                P.US_IRREGULAR_UNDERGROUND: 1,
                P.ARVN_POLICE: 1,
                P.VC_BASE: 1,
                P.VC_GUERRILLA_UNDERGROUND: 2,
            },
        ),
        (
            ("Phu Bon",),
            COIN,
            PS,
            {
                P.US_TROOPS: 3,
                P.ARVN_TROOPS: 2,
                P.ARVN_POLICE: 2,
                P.VC_GUERRILLA_UNDERGROUND: 2,
            },
        ),
        (
            ("Binh Tuy",),
            COIN,
            N,
            {
                P.US_BASE: 1,
                P.US_TROOPS: 2,
                P.ARVN_TROOPS: 3,
                P.ARVN_POLICE: 1,
                P.VC_BASE: 1,
                P.VC_GUERRILLA_UNDERGROUND: 2,
            },
        ),
        (
            ("Saigon",),
            COIN,
            AS,
            {
                P.US_BASE: 1,
                P.US_TROOPS: 2,
                P.ARVN_TROOPS: 1,
                P.ARVN_RANGER_UNDERGROUND: 1,
                P.ARVN_POLICE: 4,
                P.VC_BASE: 1,
                P.VC_GUERRILLA_UNDERGROUND: 1,
            },
        ),
        (
            ("Quang Duc",),
            COIN,
            N,
            {P.ARVN_TROOPS: 2, P.ARVN_POLICE: 1, P.VC_GUERRILLA_UNDERGROUND: 1},
        ),
        (
            ("Phuoc Long",),
            NONE,
            N,
            {P.VC_BASE: 1, P.VC_GUERRILLA_UNDERGROUND: 2, P.NVA_GUERRILLA_UNDERGROUND: 1},
        ),
        (
            ("Tay Ninh",),
            COIN,
            AO,
            {
                P.US_BASE: 1,
                P.US_TROOPS: 3,
                P.ARVN_TROOPS: 2,
                P.ARVN_RANGER_UNDERGROUND: 1,
                P.VC_TUNNELED_BASE: 1,
                P.VC_GUERRILLA_UNDERGROUND: 3,
                P.NVA_GUERRILLA_UNDERGROUND: 2,
            },
        ),
        (("An Loc",), COIN, N, {P.ARVN_TROOPS: 1, P.ARVN_POLICE: 2}),
        (
            ("Can Tho",),
            COIN,
            PS,
            {P.US_TROOPS: 3, P.US_IRREGULAR_UNDERGROUND: 1, P.ARVN_TROOPS: 2, P.ARVN_POLICE: 1},
        ),
        (
            ("Kien Phong", "Kien Hoa", "Ba Xuyen"),
            NONE,
            PO,
            {P.ARVN_POLICE: 1, P.VC_GUERRILLA_UNDERGROUND: 1},
        ),
        (
            ("Kien Giang",),
            COIN,
            AO,
            {
                P.ARVN_BASE: 1,
                P.ARVN_TROOPS: 2,
                P.ARVN_RANGER_UNDERGROUND: 1,
                P.VC_GUERRILLA_UNDERGROUND: 1,
            },
        ),
        (
            (
                "Southern Laos",
                "NE Cambodia",
                "The Fish Hook",
                "The Parrot's Beak",
                "Sihanoukville",
            ),
            NVA,
            N,
            {P.NVA_BASE: 1, P.NVA_GUERRILLA_UNDERGROUND: 2},
        ),
    ],
    "full": [
        (
            ("Saigon",),
            COIN,
            PS,
            {P.US_BASE: 1, P.US_TROOPS: 2, P.ARVN_TROOPS: 2, P.ARVN_POLICE: 3},
        ),
        (("Hue",), COIN, N, {P.ARVN_TROOPS: 2, P.ARVN_POLICE: 2}),
        (
            ("Qui Nhon", "Cam Ranh", "An Loc", "Can Tho"),
            COIN,
            PS,
            {P.ARVN_TROOPS: 2, P.ARVN_POLICE: 2},
        ),
        (("Da Nang", "Kontum"), COIN, N, {P.US_TROOPS: 2, P.ARVN_POLICE: 1}),
        (
            ("Quang Tri", "Binh Dinh"),
            NONE,
            N,
            {
                P.US_IRREGULAR_UNDERGROUND: 1,
                P.US_TROOPS: 1,
                P.VC_BASE: 1,
                P.VC_GUERRILLA_UNDERGROUND: 2,
            },
        ),
        (("Quang Nam",), COIN, N, {P.ARVN_RANGER_UNDERGROUND: 1, P.ARVN_POLICE: 1}),
        (
            ("Pleiku",),
            NONE,
            N,
            {
                P.US_BASE: 1,
                P.US_IRREGULAR_UNDERGROUND: 1,
                P.US_TROOPS: 1,
                P.VC_BASE: 1,
                P.VC_GUERRILLA_UNDERGROUND: 2,
            },
        ),
        (
            ("Quang Tin", "Quang Duc", "Binh Tuy"),
            NONE,
            AO,
            {P.VC_BASE: 1, P.VC_GUERRILLA_UNDERGROUND: 2},
        ),
        (("Tay Ninh",), NONE, AO, {P.VC_TUNNELED_BASE: 1, P.VC_GUERRILLA_UNDERGROUND: 2}),
        (
            ("Phu Bon", "Khanh Hoa", "Kien Hoa", "Ba Xuyen"),
            COIN,
            PS,
            {P.ARVN_POLICE: 1},
        ),
        (("Kien Phong", "Kien Giang"), NONE, AO, {P.VC_GUERRILLA_UNDERGROUND: 1}),
        (
            ("North Vietnam", "Central Laos", "Southern Laos", "The Parrot's Beak"),
            NVA,
            N,
            {P.NVA_BASE: 1, P.NVA_GUERRILLA_UNDERGROUND: 3},
        ),
    ],
}

# Setup pages: Aid, Total Econ, Patronage, Resources (VC, NVA, ARVN), the Trail.
TRACKS: dict[str, dict[Track, int]] = {
    "short": {
        Track.AID: 15,
        Track.ECON: 15,
        Track.PATRONAGE: 18,
        Track.VC_RESOURCES: 10,
        Track.NVA_RESOURCES: 15,
        Track.ARVN_RESOURCES: 30,
        Track.TRAIL: 2,
    },
    "medium": {
        Track.AID: 30,
        Track.ECON: 15,
        Track.PATRONAGE: 15,
        Track.VC_RESOURCES: 15,
        Track.NVA_RESOURCES: 20,
        Track.ARVN_RESOURCES: 30,
        Track.TRAIL: 3,
    },
    "full": {
        Track.AID: 15,
        Track.ECON: 15,
        Track.PATRONAGE: 15,
        Track.VC_RESOURCES: 5,
        Track.NVA_RESOURCES: 10,
        Track.ARVN_RESOURCES: 30,
        Track.TRAIL: 1,
    },
}

OUT_OF_PLAY: dict[str, dict[Piece, int]] = {
    "short": {P.US_TROOPS: 6, P.ARVN_TROOPS: 10, P.ARVN_RANGER_UNDERGROUND: 3},
    "medium": {P.US_TROOPS: 5, P.ARVN_TROOPS: 10, P.ARVN_RANGER_UNDERGROUND: 3},
    "full": {
        P.US_BASE: 2,
        P.US_TROOPS: 10,
        P.ARVN_BASE: 2,
        P.ARVN_TROOPS: 10,
        P.ARVN_RANGER_UNDERGROUND: 3,
    },
}

# Setup pages: Support+Available, COIN+Patronage, Opposition+Bases, NVA+Bases.
VICTORY_MARKERS: dict[str, dict[str, int]] = {
    "short": {"US": 38, "ARVN": 41, "VC": 23, "NVA": 10},
    "medium": {"US": 37, "ARVN": 44, "VC": 23, "NVA": 8},
    "full": {"US": 38, "ARVN": 35, "VC": 27, "NVA": 4},
}

# 7.2: the totals each Faction must exceed.
THRESHOLDS = {"US": 50, "ARVN": 50, "NVA": 18, "VC": 35}

# Deck recipes from the setup pages: (piles, Event cards per pile).
PILES = {"short": (3, 8), "medium": (3, 12), "full": (6, 12)}

SEEDS = range(12)


def _card(title: str) -> int:
    (number,) = [n for n, c in CARDS.items() if c.title == title]
    return number


def _piles(deck: tuple[int, ...], scenario: str) -> list[tuple[int, ...]]:
    n_piles, per_pile = PILES[scenario]
    size = per_pile + 1
    assert len(deck) == n_piles * size
    return [deck[i * size : (i + 1) * size] for i in range(n_piles)]


def _is_coup(card: int) -> bool:
    return CARDS[card].kind is CardKind.COUP


# -- 1.9 / 7.2 / 7.3 victory ---------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 7, 2**64 - 1])
def test_victory_markers_match_setup_pages_1_9(scenario: str, seed: int) -> None:
    game = coinlake.new_game(scenario, seed=seed)
    assert coinlake.victory_markers(game.state) == VICTORY_MARKERS[scenario]
    assert coinlake.victory_markers(game.root) == VICTORY_MARKERS[scenario]


def test_victory_markers_do_not_depend_on_options_1_9(scenario: str) -> None:
    game = coinlake.new_game(scenario, seed=3, period_events=True, political_rhythm=True)
    assert coinlake.victory_markers(game.state) == VICTORY_MARKERS[scenario]


def test_victory_margins_are_markers_minus_thresholds_7_3(scenario: str) -> None:
    state = coinlake.new_game(scenario, seed=1).state
    expected = {f: VICTORY_MARKERS[scenario][f] - THRESHOLDS[f] for f in THRESHOLDS}
    assert coinlake.victory_margins(state) == expected
    # 7.3 NOTE: at the start no Faction has reached its goal, so every margin is <= 0.
    assert all(m <= 0 for m in coinlake.victory_margins(state).values())


def test_victory_markers_of_a_hand_built_position_1_9() -> None:
    """Each of the four totals of 1.9, checked on a position built by hand."""
    base = cleared(coinlake.new_game("full", seed=0).state)
    available = list(counts())
    available[P.US_TROOPS] = 5
    available[P.US_BASE] = 2
    available[P.NVA_BASE] = 4  # Bases Available do not count for NVA or VC
    available[P.VC_BASE] = 4
    tracks = list(base.tracks)
    tracks[Track.PATRONAGE] = 10
    state = attrs.evolve(base, available=tuple(available), tracks=tuple(tracks))
    state = with_space(state, "Saigon", {P.US_TROOPS: 1}, AS)  # COIN, Pop 6, Active Support
    state = with_space(state, "Hue", {P.ARVN_POLICE: 1, P.VC_GUERRILLA_UNDERGROUND: 1}, PS)
    state = with_space(state, "Quang Tri", {P.NVA_TROOPS: 3, P.NVA_BASE: 1}, AO)
    state = with_space(state, "North Vietnam", {P.NVA_BASE: 2})  # Pop 0, Bases count
    state = with_space(state, "Tay Ninh", {P.VC_TUNNELED_BASE: 1, P.VC_BASE: 1}, PO)
    markers = victory_markers(state)
    assert markers[Faction.US] == 6 * 2 + 2 * 1 + 5 + 2  # Support + US Troops/Bases Available
    assert markers[Faction.ARVN] == 6 + 10  # Saigon COIN-Controlled (Hue is tied) + Patronage
    assert markers[Faction.NVA] == 2 + 3  # Quang Tri Pop + 3 NVA Bases on the map
    assert markers[Faction.VC] == 2 * 2 + 2 * 1 + 2  # Opposition + 2 VC Bases (one Tunneled)
    assert victory_margins(state) == {
        Faction.US: markers[Faction.US] - 50,
        Faction.ARVN: markers[Faction.ARVN] - 50,
        Faction.NVA: markers[Faction.NVA] - 18,
        Faction.VC: markers[Faction.VC] - 35,
    }


def test_victory_markers_accept_string_keys_design_api() -> None:
    """1.9 via the DESIGN.md public API: the markers dict compares with string keys."""
    markers = coinlake.victory_markers(coinlake.new_game("short", seed=7).state)
    assert "US" in markers and "VC" in markers
    assert markers == {"US": 38, "NVA": 10, "ARVN": 41, "VC": 23}


# -- 1.7 Control ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pieces", "expected"),
    [
        ({}, NONE),
        ({P.US_TROOPS: 1}, COIN),
        ({P.ARVN_POLICE: 2, P.VC_GUERRILLA_UNDERGROUND: 2}, NONE),  # tie: not more
        ({P.ARVN_POLICE: 3, P.VC_GUERRILLA_UNDERGROUND: 1, P.NVA_TROOPS: 1}, COIN),
        ({P.US_BASE: 1, P.US_IRREGULAR_ACTIVE: 1, P.NVA_GUERRILLA_ACTIVE: 2}, NONE),
        ({P.US_TROOPS: 1, P.ARVN_TROOPS: 1, P.NVA_GUERRILLA_UNDERGROUND: 1}, COIN),
        ({P.NVA_TROOPS: 1}, NVA),
        ({P.NVA_TROOPS: 3, P.US_TROOPS: 1, P.VC_GUERRILLA_UNDERGROUND: 1}, NVA),
        ({P.NVA_TROOPS: 3, P.US_TROOPS: 1, P.VC_GUERRILLA_UNDERGROUND: 2}, NONE),  # 3 vs 3
        ({P.NVA_BASE: 1, P.NVA_GUERRILLA_UNDERGROUND: 1, P.VC_BASE: 1}, NVA),  # VC count too
        ({P.NVA_TUNNELED_BASE: 1, P.ARVN_RANGER_UNDERGROUND: 1}, NONE),
        ({P.VC_BASE: 1, P.VC_GUERRILLA_UNDERGROUND: 3}, NONE),  # the VC never Control
        ({P.VC_TUNNELED_BASE: 1, P.ARVN_POLICE: 2}, COIN),
    ],
)
def test_control_counts_all_pieces_1_7(pieces: dict[Piece, int], expected: Control) -> None:
    """COIN Control: US+ARVN pieces exceed NVA+VC; NVA Control: NVA exceed all others."""
    assert control_of(SpaceState(pieces=counts(pieces))) is expected
    state = with_space(coinlake.new_game("short", seed=0).state, "Binh Dinh", pieces)
    assert coinlake.control(state, "Binh Dinh") is expected


def test_control_coin_requires_more_coin_than_insurgents_1_7() -> None:
    tie = SpaceState(pieces=counts({P.US_TROOPS: 2, P.NVA_TROOPS: 1, P.VC_BASE: 1}))
    assert control_of(tie) is NONE
    more = SpaceState(pieces=counts({P.US_TROOPS: 3, P.NVA_TROOPS: 1, P.VC_BASE: 1}))
    assert control_of(more) is COIN


def test_locs_are_never_controlled_1_7() -> None:
    state = coinlake.new_game("short", seed=0).state
    state = with_space(state, "Route 11", {P.US_TROOPS: 5})
    state = with_space(state, "Mekong", {P.NVA_TROOPS: 5})
    assert coinlake.control(state, "Route 11") is NONE
    assert coinlake.control(state, "Mekong") is NONE
    assert control_of(state.space("Route 11"), is_loc=True) is NONE


# -- 1.6.2 Total Support and Opposition ------------------------------------------------------
def test_total_support_and_opposition_1_6_2() -> None:
    state = cleared(coinlake.new_game("medium", seed=0).state)
    state = with_space(state, "Saigon", support=AS)  # Pop 6, Active: 12
    state = with_space(state, "Hue", support=PS)  # Pop 2, Passive: 2
    state = with_space(state, "Kontum", support=PS)  # Pop 1, Passive: 1
    state = with_space(state, "Quang Tri", support=AO)  # Pop 2, Active: 4
    state = with_space(state, "Kien Phong", support=PO)  # Pop 2, Passive: 2
    state = with_space(state, "Binh Dinh", support=N)
    assert total_support(state) == 12 + 2 + 1
    assert total_opposition(state) == 4 + 2


def test_pop_zero_spaces_add_nothing_to_totals_1_6_2() -> None:
    """1.6.2 NOTE: LoCs and Pop 0 Provinces are always Neutral: they add nothing."""
    state = cleared(coinlake.new_game("full", seed=0).state)
    state = with_space(state, "Central Laos", support=AS)
    state = with_space(state, "Phuoc Long", support=AO)
    state = with_space(state, "Route 11", support=AS)
    assert total_support(state) == 0
    assert total_opposition(state) == 0


# -- 1.4.2 stacking ------------------------------------------------------------------------
def test_stacking_two_bases_in_a_province_or_city_are_legal_1_4_2() -> None:
    state = cleared(coinlake.new_game("short", seed=0).state)
    state = with_space(state, "Tay Ninh", {P.US_BASE: 1, P.VC_TUNNELED_BASE: 1})
    state = with_space(state, "Saigon", {P.ARVN_BASE: 1, P.VC_BASE: 1})
    state = with_space(state, "North Vietnam", {P.NVA_BASE: 1, P.VC_BASE: 1, P.NVA_TROOPS: 9})
    assert stacking_violations(state) == []


def test_stacking_three_bases_in_a_province_is_a_violation_1_4_2() -> None:
    state = cleared(coinlake.new_game("short", seed=0).state)
    state = with_space(state, "Tay Ninh", {P.US_BASE: 1, P.VC_BASE: 1, P.NVA_TUNNELED_BASE: 1})
    problems = stacking_violations(state)
    assert len(problems) == 1 and "Tay Ninh" in problems[0]


def test_stacking_three_bases_in_a_city_is_a_violation_1_4_2() -> None:
    state = cleared(coinlake.new_game("short", seed=0).state)
    state = with_space(state, "Hue", {P.ARVN_BASE: 3})
    assert len(stacking_violations(state)) == 1


def test_stacking_base_on_a_loc_is_a_violation_1_4_2() -> None:
    state = cleared(coinlake.new_game("short", seed=0).state)
    state = with_space(state, "Route 11", {P.VC_BASE: 1})
    problems = stacking_violations(state)
    assert len(problems) == 1 and space("Route 11").name in problems[0]


@pytest.mark.parametrize(
    "piece", [P.ARVN_TROOPS, P.ARVN_POLICE, P.ARVN_RANGER_ACTIVE, P.US_TROOPS, P.US_BASE]
)
def test_stacking_coin_in_north_vietnam_is_a_violation_1_4_2(piece: Piece) -> None:
    """Only NVA and VC forces may occupy North Vietnam (1.4.2, 1.3.5)."""
    state = cleared(coinlake.new_game("short", seed=0).state)
    state = with_space(state, "North Vietnam", {piece: 1, P.NVA_TROOPS: 2})
    problems = stacking_violations(state)
    assert len(problems) == 1 and "North Vietnam" in problems[0]


def test_every_scenario_sets_up_within_stacking_1_4_2(scenario: str) -> None:
    assert stacking_violations(coinlake.new_game(scenario, seed=0).state) == []


# -- set-up (2.1 and the setup pages) ------------------------------------------------------
def _expected_spaces(scenario: str) -> dict[str, tuple[Control, Support, dict[Piece, int]]]:
    out: dict[str, tuple[Control, Support, dict[Piece, int]]] = {}
    for names, ctrl, support, pieces in SETUP[scenario]:
        for name in names:
            key = space(name).id
            assert key not in out, f"{name} listed twice"
            out[key] = (ctrl, support, pieces)
    return out


def test_setup_places_every_space_as_printed_2_1(scenario: str) -> None:
    """Every space's pieces and Support/Opposition as on the setup pages; unlisted spaces
    are empty and Neutral."""
    state = coinlake.new_game(scenario, seed=5).root
    expected = _expected_spaces(scenario)
    for info in SPACES:
        _, support, pieces = expected.get(info.id, (NONE, N, {}))
        sp = state.space(info.id)
        assert sp.pieces == counts(pieces), info.name
        assert sp.support is support, info.name
        assert sp.terror == 0 and sp.sabotage == 0, info.name


def test_setup_control_as_printed_1_7(scenario: str) -> None:
    """The Control markers printed on the setup pages agree with 1.7 on the pieces placed."""
    state = coinlake.new_game(scenario, seed=5).root
    expected = _expected_spaces(scenario)
    for info in SPACES:
        if info.is_loc:
            continue
        ctrl = expected.get(info.id, (NONE, N, {}))[0]
        assert coinlake.control(state, info.id) is ctrl, info.name


def test_setup_tunneled_vc_base_in_tay_ninh_1_4_4(scenario: str) -> None:
    state = coinlake.new_game(scenario, seed=0).state
    tay_ninh = state.space("Tay Ninh")
    assert tay_ninh.count(P.VC_TUNNELED_BASE) == 1
    assert tay_ninh.count(P.VC_BASE) == 0
    assert sum(sp.count(P.VC_TUNNELED_BASE, P.NVA_TUNNELED_BASE) for sp in state.spaces) == 1


def test_setup_tracks_2_1(scenario: str) -> None:
    state = coinlake.new_game(scenario, seed=0).root
    for track, value in TRACKS[scenario].items():
        assert state.track(track) == value, track.name
    assert state.resources(Faction.US) == state.resources(Faction.ARVN)  # 1.8.1


def test_setup_all_factions_eligible_2_3_1(scenario: str) -> None:
    state = coinlake.new_game(scenario, seed=0).state
    assert state.eligibility == (Eligibility.ELIGIBLE,) * 4
    assert all(state.eligible(f) for f in Faction)


def test_setup_out_of_play_and_boxes_1_4_1(scenario: str) -> None:
    state = coinlake.new_game(scenario, seed=0).root
    assert state.out_of_play == counts(OUT_OF_PLAY[scenario])
    assert state.casualties == counts()
    placed = [0] * len(P)
    for sp in state.spaces:
        for piece in P:
            placed[piece.box_form] += sp.pieces[piece]
    for piece in P:
        expected = FORCE_POOL.get(piece, 0) - OUT_OF_PLAY[scenario].get(piece, 0) - placed[piece]
        assert state.available[piece] == expected, piece.name
    # Off-map boxes hold pieces in box form only (1.4.1).
    for box in (state.available, state.out_of_play, state.casualties):
        assert all(n == 0 for piece, n in zip(P, box, strict=True) if piece.box_form is not piece)


def test_setup_uses_all_229_pieces_1_2(scenario: str) -> None:
    variants: list[dict[str, Any]] = [{}, {"period_events": True, "political_rhythm": True}]
    for options in variants:
        game = coinlake.new_game(scenario, seed=0, **options)
        assert pieces_total(game.root) == 229
        assert pieces_total(game.state) == 229


@pytest.mark.parametrize(
    ("scenario", "leader_box"),
    [
        ("short", ("Nguyen Khanh", "Young Turks")),
        ("medium", ("Nguyen Khanh", "Young Turks", "Nguyen Cao Ky")),
        ("full", ()),
    ],
)
def test_setup_rvn_leader_box_2_4_1(scenario: str, leader_box: tuple[str, ...]) -> None:
    """Short: Young Turks over Khanh; Medium: Ky over Khanh and Young Turks (ruling R4);
    Full: empty, Duong Van Minh leads."""
    state = coinlake.new_game(scenario, seed=0).state
    assert tuple(CARDS[n].rvn_leader for n in state.leader_box) == leader_box
    if leader_box:
        assert state.rvn_leader is not None
        assert CARDS[state.rvn_leader].rvn_leader == leader_box[-1]
    else:
        assert state.rvn_leader is None


def test_short_leader_box_is_cards_125_126() -> None:
    assert coinlake.new_game("short", seed=0).state.leader_box == (125, 126)


@pytest.mark.parametrize(("scenario", "held"), [("short", False), ("medium", True), ("full", True)])
def test_setup_pivotal_events_distributed_2_3_8(scenario: str, held: bool) -> None:
    state = coinlake.new_game(scenario, seed=0).state
    pivotals = {n for n, c in CARDS.items() if c.kind is CardKind.PIVOTAL}
    assert set(state.pivotals_held) == (pivotals if held else set())
    assert len(state.pivotals_held) == (4 if held else 0)


@pytest.mark.parametrize(
    ("scenario", "policy"), [("short", "LBJ"), ("medium", "LBJ"), ("full", "JFK")]
)
def test_setup_us_policy_8_8_1(scenario: str, policy: str) -> None:
    assert coinlake.new_game(scenario, seed=0).state.us_policy == policy


# -- the deck (setup: Deck Preparation, Period Events, Political Rhythm) -------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_deck_sizes_short_27_medium_39_full_78(scenario: str, seed: int) -> None:
    """Setup, Deck (2.1): 3x(8+1), 3x(12+1) and 6x(12+1) cards, no Pivotal Event among them."""
    deck = coinlake.new_game(scenario, seed=seed).root.deck
    assert len(deck) == {"short": 27, "medium": 39, "full": 78}[scenario]
    assert len(set(deck)) == len(deck)
    assert not any(CARDS[n].kind is CardKind.PIVOTAL for n in deck)


@pytest.mark.parametrize("seed", SEEDS)
def test_each_pile_holds_exactly_one_coup_card(scenario: str, seed: int) -> None:
    """Setup, Deck Preparation (2.1): one Coup card is shuffled into each pile."""
    deck = coinlake.new_game(scenario, seed=seed).root.deck
    for pile in _piles(deck, scenario):
        assert sum(_is_coup(n) for n in pile) == 1, pile


@pytest.mark.parametrize("seed", SEEDS)
def test_short_deck_coups_without_leaders_and_one_failed_attempt(seed: int) -> None:
    """Short: Khanh and Young Turks are in the leader box and 1 Failed Attempt is removed
    (card 129, ruling R2), so the Coups in the deck are Ky, Thieu and the other Failed
    Attempt."""
    state = coinlake.new_game("short", seed=seed).root
    coups = sorted(n for n in state.deck if _is_coup(n))
    assert coups == [127, 128, 130]
    assert [CARDS[n].rvn_leader for n in coups].count("Failed Attempt") == 1
    assert not set(state.leader_box) & set(state.deck)


@pytest.mark.parametrize("seed", SEEDS)
def test_medium_and_full_deck_coups(seed: int) -> None:
    """Setup, Deck (2.1): Medium's deck holds the Coups not in the leader box; Full all 6."""
    medium = coinlake.new_game("medium", seed=seed).root
    assert sorted(n for n in medium.deck if _is_coup(n)) == [128, 129, 130]
    full = coinlake.new_game("full", seed=seed).root
    assert sorted(n for n in full.deck if _is_coup(n)) == [125, 126, 127, 128, 129, 130]


@pytest.mark.parametrize("seed", SEEDS)
def test_period_events_full_deck_piles_by_period(seed: int) -> None:
    """Full with Period Events: top pile "1964", next two "1965", bottom three "1968"."""
    deck = coinlake.new_game("full", seed=seed, period_events=True).root.deck
    periods = ["1964", "1965", "1965", "1968", "1968", "1968"]
    for pile, period in zip(_piles(deck, "full"), periods, strict=True):
        assert {CARDS[n].period for n in pile if not _is_coup(n)} == {period}


@pytest.mark.parametrize(("scenario", "period"), [("short", "1965"), ("medium", "1968")])
@pytest.mark.parametrize("seed", SEEDS)
def test_period_events_short_1965_medium_1968(scenario: str, period: str, seed: int) -> None:
    """Setup, Period Events option (2.1): Short deals from "1965", Medium from "1968"."""
    deck = coinlake.new_game(scenario, seed=seed, period_events=True).root.deck
    assert {CARDS[n].period for n in deck if not _is_coup(n)} == {period}


def test_without_period_events_piles_come_from_all_events_ruling_r5() -> None:
    """Ruling R5: without the option, Event cards are dealt from all 120."""
    periods: set[str | None] = set()
    for seed in SEEDS:
        deck = coinlake.new_game("short", seed=seed).root.deck
        periods |= {CARDS[n].period for n in deck if not _is_coup(n)}
    assert periods == {"1964", "1965", "1968"}


def test_period_events_capabilities_in_effect_5_3() -> None:
    """Period Events option: Short sets out AAA shaded; Medium shades AAA, Main Force Bns,
    SA-2s, Search and Destroy and unshades Arc Light and M-48 Patton; Full none."""
    short = coinlake.new_game("short", seed=0, period_events=True).state
    assert short.capabilities == ((31, Side.SHADED),)
    assert CARDS[31].title == "AAA"
    medium = coinlake.new_game("medium", seed=0, period_events=True).state
    expected = {
        _card("AAA"): Side.SHADED,
        _card("Main Force Bns"): Side.SHADED,
        _card("SA-2s"): Side.SHADED,
        _card("Search and Destroy"): Side.SHADED,
        _card("Arc Light"): Side.UNSHADED,
        _card("M-48 Patton"): Side.UNSHADED,
    }
    assert dict(medium.capabilities) == expected
    assert coinlake.new_game("full", seed=0, period_events=True).state.capabilities == ()


def test_without_period_events_no_capabilities_5_3(scenario: str) -> None:
    assert coinlake.new_game(scenario, seed=0).state.capabilities == ()


@pytest.mark.parametrize("period_events", [False, True])
@pytest.mark.parametrize("seed", range(25))
def test_political_rhythm_coup_among_bottom_four_events_of_its_pile(
    scenario: str, seed: int, period_events: bool
) -> None:
    """Tournament option POLITICAL RHYTHM (ruling R3): each Coup is shuffled among the bottom
    4 Event cards of its pile, i.e. it is one of the pile's last 5 cards."""
    game = coinlake.new_game(
        scenario, seed=seed, political_rhythm=True, period_events=period_events
    )
    deck = game.root.deck
    for pile in _piles(deck, scenario):
        (index,) = [i for i, n in enumerate(pile) if _is_coup(n)]
        assert index >= len(pile) - 5, pile


def test_without_political_rhythm_a_coup_can_sit_high_in_its_pile() -> None:
    """Setup, Deck Preparation (2.1): without the Tournament option a Coup may be anywhere in its
    pile.
    """
    highest = min(
        i
        for seed in range(25)
        for pile in _piles(coinlake.new_game("full", seed=seed).root.deck, "full")
        for i, n in enumerate(pile)
        if _is_coup(n)
    )
    assert highest < 13 - 5


def test_deck_is_a_function_of_the_seed(scenario: str) -> None:
    """2.1 deck shuffle and DESIGN.md Randomness: the seed alone fixes the deck."""
    first = coinlake.new_game(scenario, seed=11).root.deck
    assert coinlake.new_game(scenario, seed=11).root.deck == first
    assert coinlake.new_game(scenario, seed=12).root.deck != first


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_seed_out_of_range_is_refused(seed: int) -> None:
    """DESIGN.md public API: seeds are 0..2**64-1."""
    with pytest.raises(ValueError):
        coinlake.new_game("short", seed=seed)


def test_unknown_scenario_is_refused() -> None:
    """2.1: the scenarios are Short, Medium and Full."""
    with pytest.raises(ValueError):
        coinlake.new_game("campaign", seed=0)


# -- 1.4 pieces ------------------------------------------------------------------------------
def test_piece_flipped_underground_active_and_tunnel_1_4_3_1_4_4() -> None:
    assert P.VC_GUERRILLA_UNDERGROUND.flipped() is P.VC_GUERRILLA_ACTIVE
    assert P.NVA_GUERRILLA_ACTIVE.flipped() is P.NVA_GUERRILLA_UNDERGROUND
    assert P.US_IRREGULAR_UNDERGROUND.flipped() is P.US_IRREGULAR_ACTIVE
    assert P.ARVN_RANGER_ACTIVE.flipped() is P.ARVN_RANGER_UNDERGROUND
    assert P.VC_BASE.flipped() is P.VC_TUNNELED_BASE
    assert P.NVA_TUNNELED_BASE.flipped() is P.NVA_BASE
    for piece in (P.US_TROOPS, P.US_BASE, P.ARVN_TROOPS, P.ARVN_POLICE, P.ARVN_BASE, P.NVA_TROOPS):
        assert piece.flipped() is piece  # always Active, never Tunneled (1.4.3)
    for piece in P:
        assert piece.flipped().flipped() is piece
        assert piece.flipped().faction is piece.faction
        assert piece.flipped().kind is piece.kind


def test_piece_status_flags_1_4_3() -> None:
    underground = {p for p in P if p.underground}
    active = {p for p in P if p.active}
    assert underground == {
        P.US_IRREGULAR_UNDERGROUND,
        P.ARVN_RANGER_UNDERGROUND,
        P.NVA_GUERRILLA_UNDERGROUND,
        P.VC_GUERRILLA_UNDERGROUND,
    }
    assert active == {p.flipped() for p in underground}
    assert {p for p in P if p.tunneled} == {P.NVA_TUNNELED_BASE, P.VC_TUNNELED_BASE}
    assert {p for p in P if p.is_cube} == {P.US_TROOPS, P.ARVN_TROOPS, P.ARVN_POLICE, P.NVA_TROOPS}


def test_piece_box_form_is_underground_without_tunnel_1_4_1() -> None:
    assert P.VC_GUERRILLA_ACTIVE.box_form is P.VC_GUERRILLA_UNDERGROUND
    assert P.ARVN_RANGER_ACTIVE.box_form is P.ARVN_RANGER_UNDERGROUND
    assert P.VC_TUNNELED_BASE.box_form is P.VC_BASE
    assert P.NVA_TUNNELED_BASE.box_form is P.NVA_BASE
    for piece in P:
        assert piece.box_form.box_form is piece.box_form
        assert not piece.box_form.active and not piece.box_form.tunneled


def test_piece_factions_1_5() -> None:
    assert {p.faction for p in P} == set(Faction)
    assert all(p.faction.is_coin == p.name.startswith(("US_", "ARVN_")) for p in P)
    assert {f for f in Faction if f.is_insurgent} == {Faction.NVA, Faction.VC}


def test_pieces_moved_to_a_box_take_box_form_1_4_1() -> None:
    state = coinlake.new_game("short", seed=0).state
    state = with_space(state, "Tay Ninh", {P.VC_TUNNELED_BASE: 1, P.VC_GUERRILLA_ACTIVE: 2})
    before = state.available
    moved = evolve(
        state,
        PiecesMoved(
            seq=0,
            rule="1.4.1",
            piece=P.VC_TUNNELED_BASE,
            count=1,
            origin="tay-ninh",
            destination="available",
        ),
    )
    moved = evolve(
        moved,
        PiecesMoved(
            seq=0,
            rule="1.4.1",
            piece=P.VC_GUERRILLA_ACTIVE,
            count=2,
            origin="tay-ninh",
            destination="available",
        ),
    )
    assert moved.space("Tay Ninh").pieces == counts()
    assert moved.available[P.VC_BASE] == before[P.VC_BASE] + 1
    assert moved.available[P.VC_GUERRILLA_UNDERGROUND] == before[P.VC_GUERRILLA_UNDERGROUND] + 2
    assert pieces_total(moved) == pieces_total(state)


def test_pieces_flipped_in_place_1_4_3() -> None:
    state = coinlake.new_game("short", seed=0).state
    flipped = evolve(
        state,
        PiecesFlipped(
            seq=0, rule="1.4.3", space="kien-phong", piece=P.VC_GUERRILLA_UNDERGROUND, count=1
        ),
    )
    sp = flipped.space("Kien Phong")
    assert sp.count(P.VC_GUERRILLA_UNDERGROUND) == 1
    assert sp.count(P.VC_GUERRILLA_ACTIVE) == 1


# -- the state as a value --------------------------------------------------------------------
def test_state_is_immutable_and_hashable_by_value() -> None:
    """DESIGN.md model: GameState is immutable, compares and hashes by value."""
    a = coinlake.new_game("full", seed=4).state
    b = coinlake.new_game("full", seed=4).state
    assert a == b and a is not b
    assert hash(a) == hash(b)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.scenario = "short"  # type: ignore[misc]
    assert coinlake.new_game("full", seed=5).state != a


def test_state_space_lookup_by_id_name_alias() -> None:
    """1.3 and DESIGN.md public API: ``state.space`` by id, name or alias."""
    state: GameState = coinlake.new_game("short", seed=0).state
    assert state.space("Quang Tri") is state.space("quang-tri-thua-thien")
    assert state.space("Quang Tri") is state.spaces[space("Quang Tri").index]
    assert state.space("The Fish Hook").count(P.NVA_BASE) == 1


@pytest.mark.parametrize("sp", SPACES, ids=[s.id for s in SPACES])
def test_a_space_is_found_by_id_name_alias_or_index_and_nothing_else(sp: Any) -> None:
    """``GameState.space`` (1.3): every way of naming a space gives the same one; a key that
    names none is a ``KeyError`` saying so."""
    state = coinlake.new_game("short", seed=1).state
    found = state.spaces[sp.index]
    assert state.space(sp.id) is found and state.space(sp.index) is found
    assert all(state.space(key) is found for key in (sp.name, sp.name.upper(), *sp.aliases))
    with pytest.raises(KeyError, match="unknown space"):
        state.space(f"{sp.id}-nowhere")
    with pytest.raises(KeyError, match="no space with index"):
        state.space(len(SPACES) + sp.index)
