"""Pivotal Events (2.3.8, 5.1.4): who may play them and when, trumping, and the four cards.

Pre-conditions are the red texts of cards 121-124 (``pivotalPrecondition`` in
``shared/reference/cards.json``); Minh is not a card in the RVN Leader box (2.4.1).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import coinlake
from coinlake import Choose, Done, Faction, Kind, Move, Piece, Select
from coinlake.engine import Game
from coinlake.rules import cards, effects, sequence
from coinlake.rules.cards import c121_linebacker_ii as linebacker
from coinlake.rules.cards import c122_easter_offensive as easter
from coinlake.rules.cards import c123_vietnamization as vietnamization
from coinlake.rules.cards import c124_tet_offensive as tet
from coinlake.state.model import AVAILABLE, GameState, SpaceState, Track
from coinlake.state.queries import victory_markers
from tests.conftest import KISSINGER, counts, eligibility, on_card, refused, with_tracks

PASS, EVENT, PIVOTAL, DECLINE = (Choose(w) for w in ("pass", "event", "pivotal", "decline"))
ROLLING_THUNDER = 10  # Faction order US, NVA, VC, ARVN
COUP = 125
LEADERS = (125, 126)  # 2 cards in the RVN Leader box


def empty_full(**changes: Any) -> GameState:
    """The Full scenario's state (all 4 Pivotal Events held) with an empty map and
    ``changes``."""
    base = coinlake.new_game("full", seed=7).state
    spaces = tuple(SpaceState() for _ in base.spaces)
    return attrs.evolve(base, spaces=spaces, **{"leader_box": LEADERS, **changes})


def put(state: GameState, key: str, **pieces: int) -> GameState:
    """``state`` with pieces (by :class:`Piece` name, lower case) added in space ``key``."""
    spaces = list(state.spaces)
    i = coinlake.data.map.space_index(key)
    added = counts({Piece[name.upper()]: n for name, n in pieces.items()})
    spaces[i] = attrs.evolve(
        spaces[i], pieces=tuple(a + b for a, b in zip(spaces[i].pieces, added, strict=True))
    )
    return attrs.evolve(state, spaces=tuple(spaces))


def at_card(state: GameState, card: int = ROLLING_THUNDER, next_card: int = KISSINGER) -> Game:
    """A game from ``state`` on ``card`` (Rolling Thunder: US 1st Eligible), nothing done."""
    return on_card(state, card, next_card)


def us_marker(state: GameState, value: int) -> GameState:
    """``state`` with US Troops Available set so that Support+Available equals ``value``."""
    available = list(state.available)
    available[Piece.US_TROOPS] = 0
    state = attrs.evolve(state, available=tuple(available))
    available[Piece.US_TROOPS] = value - victory_markers(state)[Faction.US]
    return attrs.evolve(state, available=tuple(available))


def vc_in_south(state: GameState, n: int) -> GameState:
    return put(state, "kien-phong", vc_guerrilla_underground=n)


def decline_window(game: Game) -> list[Faction]:
    """Decline every Pivotal Event offered before the 1st Eligible acts; returns who was
    asked."""
    asked = []
    while (d := game.decision) is not None and d.kind is Kind.YES_NO:
        assert d.faction is not None
        asked.append(d.faction)
        game.apply(DECLINE)
    return asked


# -- pre-conditions (2.3.8) -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("leaders", "marker", "talks", "expected"),
    [
        ((125, 126), 41, False, True),
        ((125, 126), 40, False, False),  # more than 40
        ((126,), 50, False, False),  # 2+ cards (Minh is not one)
        ((125, 126), 26, True, True),  # Peace Talks: more than 25
        ((125, 126), 25, True, False),
    ],
)
def test_linebacker_ii_precondition(
    leaders: tuple[int, ...], marker: int, talks: bool, expected: bool
) -> None:
    state = us_marker(empty_full(leader_box=leaders), marker)
    if talks:
        state = attrs.evolve(state, card_markers=((121, effects.PEACE_TALKS_MARKER),))
    assert victory_markers(state)[Faction.US] == marker
    assert linebacker.precondition(state) is expected


@pytest.mark.parametrize(("nva", "us", "expected"), [(5, 4, True), (4, 4, False), (0, 0, False)])
def test_easter_offensive_precondition(nva: int, us: int, expected: bool) -> None:
    state = put(empty_full(), "north-vietnam", nva_troops=nva)  # North Vietnam counts
    state = put(state, "saigon", us_troops=us)
    assert easter.precondition(state) is expected


@pytest.mark.parametrize(("us", "expected"), [(19, True), (20, False)])
def test_vietnamization_precondition(us: int, expected: bool) -> None:
    state = put(empty_full(), "the-fishhook", us_troops=us)  # Cambodia is on the map
    assert vietnamization.precondition(state) is expected
    assert not vietnamization.precondition(attrs.evolve(state, leader_box=(125,)))


@pytest.mark.parametrize(("south", "expected"), [(21, True), (20, False)])
def test_tet_offensive_precondition(south: int, expected: bool) -> None:
    state = put(empty_full(), "loc-saigon-can-tho", vc_guerrilla_active=1)  # LoCs count
    state = put(state, "kien-phong", vc_guerrilla_underground=south - 1)
    state = put(state, "the-parrots-beak", vc_guerrilla_underground=5)  # Cambodia does not
    assert tet.precondition(state) is expected


# -- when a Pivotal Event may be played (2.3.8) -----------------------------------------------
def test_first_eligible_finds_its_pivotal_among_its_actions() -> None:
    game = at_card(us_marker(empty_full(eligibility=eligibility(Faction.ARVN)), 41))
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.options[0] == PIVOTAL


def test_other_eligible_factions_decide_before_the_first_acts_2_3_8() -> None:
    state = vc_in_south(empty_full(eligibility=eligibility(Faction.ARVN)), 21)
    game = at_card(state)  # Tet playable; US is 1st Eligible
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.kind is Kind.YES_NO and decision.options == (PIVOTAL, DECLINE)
    game.apply(DECLINE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US and decision.kind == "action"
    assert PIVOTAL not in decision.options
    refused(game, PIVOTAL, "2.3.8", "pre-condition")


def test_no_pivotal_when_a_coup_is_next_2_3_8_2_3_9() -> None:
    game = at_card(us_marker(empty_full(), 41), next_card=COUP)
    assert effects.monsoon(game.state)
    refused(game, PIVOTAL, "2.3.8", "Coup")


def test_no_pivotal_after_the_first_eligible_acted_2_3_8() -> None:
    state = put(us_marker(empty_full(), 41), "north-vietnam", nva_troops=5)
    game = at_card(state, card=41)  # Bombing Pause: NVA, ARVN, US, VC
    assert decline_window(game) == [Faction.ARVN, Faction.US]  # Vietnamization, Linebacker II
    assert game.legal()[0] == PIVOTAL  # the NVA's own, Easter Offensive
    game.apply(EVENT)  # the NVA executes the Event instead
    game.apply(coinlake.Select("hue"))
    game.apply(coinlake.Select("saigon"))
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    refused(game, PIVOTAL, "2.3.8", "already acted")


def test_no_pivotal_after_a_pass_2_3_8() -> None:
    game = at_card(put(empty_full(), "north-vietnam", nva_troops=5))  # Easter playable
    assert decline_window(game) == [Faction.NVA, Faction.ARVN]
    game.apply(PASS)  # US
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    refused(game, PIVOTAL, "2.3.8", "already acted")


def test_no_pivotal_events_in_the_short_scenario_2_3_8() -> None:
    base = coinlake.new_game("short", seed=7).state
    game = at_card(base)
    refused(game, PIVOTAL, "2.3.8", "does not hold")


def test_ineligible_faction_may_not_play_its_pivotal_2_3_8() -> None:
    state = attrs.evolve(vc_in_south(empty_full(), 21), eligibility=eligibility(Faction.VC))
    assert sequence.pivotal_refusal(state, Faction.VC) == ("VC is not Eligible", "2.3.8")


# -- playing, trumping, the new Faction order -------------------------------------------------
def test_trumping_returns_the_trumped_card_and_the_new_order_applies_2_3_8() -> None:
    # Linebacker II and Vietnamization playable (0 US Troops on the map); not Tet nor Easter
    game = at_card(us_marker(empty_full(), 41))
    assert game.decision is not None and game.decision.faction is Faction.ARVN  # window
    game.apply(DECLINE)
    game.apply(PIVOTAL)  # US plays Linebacker II
    assert game.state.current_card == 121
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # ARVN may trump US
    assert "trump" in decision.prompt
    game.apply(PIVOTAL)
    state = game.state
    assert state.played[-2:] == (ROLLING_THUNDER, 123)  # 121 back with the US
    assert state.pivotals_held == (121, 122, 124)
    # Vietnamization executes: +12 ARVN Resources and Aid, then 4 cubes to place
    assert state.tracks[Track.ARVN_RESOURCES] == 30 + 12
    for _ in range(4):
        game.apply(Move(Piece.ARVN_POLICE, 1, AVAILABLE, "saigon"))
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)
    # the Pivotal card's order (ARVN, US, NVA, VC): the US is 2nd Eligible, Op or Pass
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert "2nd Eligible on #123 Vietnamization" in decision.prompt
    assert decision.options == (Choose("op"), Choose("op+sa"), PASS)  # 2.3.4: after the Event
    for _ in range(3):
        game.apply(PASS)
    assert game.state.played[-3:] == (ROLLING_THUNDER, 123, KISSINGER)
    assert not game.state.eligible(Faction.ARVN)


def test_vc_trumps_everyone_us_trumps_nobody_2_3_8() -> None:
    assert sequence.TRUMPS[Faction.VC] == (Faction.US, Faction.NVA, Faction.ARVN)
    assert sequence.TRUMPS[Faction.ARVN] == (Faction.US, Faction.NVA)
    assert sequence.TRUMPS[Faction.NVA] == (Faction.US,)
    assert sequence.TRUMPS[Faction.US] == ()
    # VC plays Tet; nobody may trump it, so it executes at once
    state = vc_in_south(us_marker(empty_full(), 41), 21)
    game = at_card(state, card=115)  # Typhoon Kate: VC 1st Eligible
    assert decline_window(game) == [Faction.ARVN, Faction.US]
    game.apply(PIVOTAL)  # VC
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.kind is Kind.PLACE_PIECES


# -- the four Pivotal Events --------------------------------------------------------------------
def test_linebacker_ii_effects() -> None:
    state = us_marker(empty_full(eligibility=eligibility(Faction.ARVN)), 45)
    state = put(state, "central-laos", nva_base=1)
    state = put(state, "north-vietnam", nva_base=1)
    state = put(state, "southern-laos", nva_tunneled_base=1)
    state = attrs.evolve(
        state,
        casualties=counts(
            {Piece.US_TROOPS: 2, Piece.US_BASE: 1, Piece.US_IRREGULAR_UNDERGROUND: 1}
        ),
        tracks=with_tracks(state, nva_resources=11),
    )
    game = at_card(state)
    game.apply(PIVOTAL)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the NVA chooses (5.1)
    assert Done() not in decision.options  # Bases without Tunnel remain: not optional
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "southern-laos", AVAILABLE) in decision.options
    game.apply(Move(Piece.NVA_TUNNELED_BASE, 1, "southern-laos", AVAILABLE))  # its own choice
    game.apply(Move(Piece.NVA_BASE, 1, "central-laos", AVAILABLE))
    assert game.state.space("north-vietnam").pieces[Piece.NVA_BASE] == 1
    assert game.state.tracks[Track.NVA_RESOURCES] == 5  # half of 11, rounded down
    assert not game.state.eligible(Faction.NVA)  # Ineligible through the next card
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    game.apply(Move(Piece.US_BASE, 1, "casualties", AVAILABLE))
    game.apply(Move(Piece.US_TROOPS, 1, "casualties", AVAILABLE))
    game.apply(Move(Piece.US_TROOPS, 1, "casualties", AVAILABLE))
    assert game.state.casualties == counts({Piece.US_IRREGULAR_UNDERGROUND: 1})
    assert game.state.ineligible_next == (Faction.NVA,)


def test_linebacker_ii_tunneled_bases_are_not_forced_5_1_1() -> None:
    state = us_marker(empty_full(eligibility=eligibility(Faction.ARVN)), 45)
    state = put(state, "southern-laos", nva_tunneled_base=1)
    game = at_card(state)
    game.apply(PIVOTAL)
    decision = game.decision
    assert decision is not None and Done() in decision.options
    game.apply(Done())
    assert game.state.space("southern-laos").pieces[Piece.NVA_TUNNELED_BASE] == 1


def test_vietnamization_effects() -> None:
    state = empty_full(eligibility=eligibility(Faction.US))
    state = attrs.evolve(state, tracks=with_tracks(state, aid=70))
    game = at_card(state, card=78)  # General Lansdale: ARVN 1st Eligible
    game.apply(PIVOTAL)
    s = game.state
    assert s.tracks[Track.ARVN_RESOURCES] == 42 and s.aid == 75  # at most 75 (5.1.1)
    assert s.out_of_play == counts({Piece.US_TROOPS: 10, Piece.US_BASE: 2})  # ARVN all out
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "north-vietnam") not in decision.options
    assert Move(Piece.ARVN_POLICE, 1, AVAILABLE, "loc-hue-da-nang") in decision.options
    assert Done() not in decision.options  # all 4 must be placed (5.1.3)
    before = s.available[Piece.ARVN_TROOPS]
    for _ in range(4):
        game.apply(Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "hue"))
    assert game.state.space("hue").pieces[Piece.ARVN_TROOPS] == 4
    assert game.state.available[Piece.ARVN_TROOPS] == before - 4


def test_tet_offensive_places_6_vc_pieces_in_cities() -> None:
    state = vc_in_south(empty_full(), 21)
    state = put(state, "hue", us_base=1, arvn_base=1)
    game = at_card(state, card=115)  # VC 1st Eligible
    decline_window(game)
    game.apply(PIVOTAL)
    # step 1, the free Terror, took its only space (Kien Phong) at once (3.3.4)
    assert game.state.space("kien-phong").terror == 1
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Move(Piece.VC_BASE, 1, AVAILABLE, "hue") not in decision.options  # stacking
    assert Move(Piece.VC_BASE, 1, AVAILABLE, "kien-phong") not in decision.options  # Cities
    game.apply(Move(Piece.VC_BASE, 1, AVAILABLE, "saigon"))
    for _ in range(5):
        game.apply(Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "hue"))
    assert game.state.space("saigon").pieces[Piece.VC_BASE] == 1
    hue = game.state.space("hue")  # step 3, the joint Attack in Hue, has Activated them
    assert hue.pieces[Piece.VC_GUERRILLA_ACTIVE] == 5
    while not game.state.turn.acted:  # its removals, if the roll hit
        game.apply(game.legal()[0])
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_easter_offensive_troops_on_free_locs_move_one_space() -> None:
    state = put(empty_full(eligibility=eligibility(Faction.ARVN)), "loc-hue-da-nang", nva_troops=2)
    state = put(state, "loc-hue-khe-sanh", nva_troops=1, arvn_police=1)  # COIN there: stays
    game = at_card(state)  # US, NVA, ...: the NVA is asked in the window
    game.apply(PIVOTAL)
    game.apply(Select("north-vietnam"))  # step 1, the free March (3.3.2)
    game.apply(Move(Piece.NVA_TROOPS, 1, "loc-hue-khe-sanh", "north-vietnam"))
    game.apply(Done())
    game.apply(Done())
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    origins = {m.origin for m in decision.options if isinstance(m, Move)}
    assert origins == {"loc-hue-da-nang"}
    game.apply(Move(Piece.NVA_TROOPS, 1, "loc-hue-da-nang", "hue"))
    game.apply(Move(Piece.NVA_TROOPS, 1, "loc-hue-da-nang", "da-nang"))
    assert game.state.space("hue").pieces[Piece.NVA_TROOPS] == 1
    assert game.state.space("da-nang").pieces[Piece.NVA_TROOPS] == 1
    assert game.state.turn.acted == ((Faction.NVA, "event"),)  # each Troop moved once


def test_pivotal_cards_are_implemented() -> None:
    for number in (121, 122, 123, 124):
        assert cards.is_implemented(number)
