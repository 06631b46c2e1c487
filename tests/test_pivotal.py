"""Pivotal Events (2.3.8, 5.1.4): who may play them and when, and trumping.

The four cards themselves, their pre-conditions (the red texts of cards 121-124) and effects,
are tested in ``tests/cards/`` (``test_c121_linebacker_ii.py`` ... ``test_c124_tet_offensive.py``).
Minh is not a card in the RVN Leader box (2.4.1).
"""

from __future__ import annotations

from typing import Any

import attrs

import coinlake
from coinlake import Choose, Faction, Kind, Move, Piece
from coinlake.engine import Game
from coinlake.rules import cards, effects, sequence
from coinlake.state.model import AVAILABLE, GameState, Options, Phase, SpaceState, Track
from coinlake.state.queries import victory_markers
from coinlake.state.setup import initial_state
from tests.conftest import KISSINGER, counts, eligibility, on_card, refused

PASS, EVENT, PIVOTAL, DECLINE = (Choose(w) for w in ("pass", "event", "pivotal", "decline"))
ROLLING_THUNDER = 10  # Faction order US, NVA, VC, ARVN
COUP = 125
LEADERS = (125, 126)  # 2 cards in the RVN Leader box


def empty_full(**changes: Any) -> GameState:
    """The Full scenario as set up (2.1: all 4 Pivotal Events held, its boxes and tracks)
    between two Event cards, with an empty map and ``changes`` -- whatever card the seed
    would play first."""
    base = initial_state("full", 7, Options())
    spaces = tuple(SpaceState() for _ in base.spaces)
    return attrs.evolve(
        base, phase=Phase.EVENT_CARD, spaces=spaces, **{"leader_box": LEADERS, **changes}
    )


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


# -- the four Pivotal Events: tests/cards/test_c121_linebacker_ii.py ... test_c124_tet_offensive.py
def test_pivotal_cards_are_implemented() -> None:
    for number in (121, 122, 123, 124):
        assert cards.is_implemented(number)
