"""Sequence of Play on Event cards: start (2.2), Faction order (2.3.2), Passing (2.3.3),
Eligibility (2.3.1, 2.3.6), next card (2.3.7), Resources limits (1.8)."""

from __future__ import annotations

import pytest

import coinlake
from coinlake import CARDS, Faction, Game, Track
from coinlake.data.cards import CardKind
from coinlake.state.events import (
    CardPlayed,
    CardRevealed,
    EligibilityChanged,
    Passed,
    TrackChanged,
)
from coinlake.state.model import Eligibility
from tests.conftest import (
    PASS,
    SCENARIOS,
    eligibility,
    event_card_game,
    pass_or_first,
    position,
    settle,
    with_tracks,
)

SEEDS = (0, 7, 123)


def _order(game: Game) -> tuple[Faction, ...]:
    card = game.state.current_card
    assert card is not None
    return CARDS[card].faction_order


def _event_card_game(scenario: str = "full") -> Game:
    """A new game whose played card is an Event card, Pivotal Event offers declined."""
    return event_card_game(scenario, first_seed=0)


# -- 2.2 Start -------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", SEEDS)
def test_start_plays_top_card_and_reveals_the_next_2_2(scenario: str, seed: int) -> None:
    game = coinlake.new_game(scenario, seed=seed)
    deck = game.root.deck
    assert game.state.played == (deck[0],)
    assert game.state.current_card == deck[0]
    assert game.state.next_card == deck[1]
    assert game.state.deck == deck[2:]
    assert len(game.state.deck) == len(deck) - 2
    revealed = [e.card for e in game.events if isinstance(e, CardRevealed)]
    played = [e.card for e in game.events if isinstance(e, CardPlayed)]
    assert revealed == [deck[0], deck[1]] and played == [deck[0]]


def test_start_is_taken_by_the_game_itself_2_2() -> None:
    game = coinlake.new_game("short", seed=7)
    (begin,) = game.journal()
    assert begin.action == "apply" and begin.node.faction is None
    assert game.root.played == () and game.root.next_card is None


# -- 2.3.2 Faction order ---------------------------------------------------------------------
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", SEEDS)
def test_first_eligible_is_leftmost_faction_symbol_2_3_2(scenario: str, seed: int) -> None:
    game = coinlake.new_game(scenario, seed=seed)
    card = game.state.current_card
    assert card is not None
    if CARDS[card].kind is CardKind.COUP:  # a Coup played first: no Event-card decision
        pytest.skip("this deck starts with a Coup card")
    decision = settle(game).decision
    assert decision is not None
    assert decision.faction is CARDS[card].faction_order[0]
    assert decision.rule.startswith("2.3")
    assert PASS in decision.options


@pytest.mark.parametrize("skipped", [1, 2, 3])
def test_ineligible_factions_are_skipped_in_faction_order_2_3_2(skipped: int) -> None:
    game = _event_card_game()
    order = _order(game)
    hand_built = position(game.state, eligibility=eligibility(*order[:skipped]))
    decision = hand_built.decision
    assert decision is not None
    assert decision.faction is order[skipped]


def test_factions_decide_in_card_order_2_3_2_2_3_3() -> None:
    """Each Pass hands the decision to the next leftmost Eligible Faction."""
    game = _event_card_game()
    order = _order(game)
    deciders = []
    for _ in range(4):
        decision = game.decision
        assert decision is not None
        deciders.append(decision.faction)
        game.apply(PASS)
    assert tuple(deciders) == order


def test_next_eligible_skips_ineligible_after_a_pass_2_3_3() -> None:
    game = _event_card_game()
    order = _order(game)
    hand_built = position(game.state, eligibility=eligibility(order[1]))
    hand_built.apply(PASS)
    decision = hand_built.decision
    assert decision is not None
    assert decision.faction is order[2]


# -- 2.3.3 Passing ---------------------------------------------------------------------------
@pytest.mark.parametrize("faction", list(Faction))
def test_pass_gives_resources_2_3_3(faction: Faction) -> None:
    """Insurgents +1 own Resources; US or ARVN +3 ARVN Resources (ruling R1)."""
    game = _event_card_game()
    order = _order(game)
    others = [f for f in order if f is not faction]
    hand_built = position(game.state, eligibility=eligibility(*others[:1]))
    # Pass until ``faction`` decides.
    while True:
        decision = hand_built.decision
        assert decision is not None
        if decision.faction is faction:
            break
        hand_built.apply(PASS)
    before = hand_built.state.tracks
    events = hand_built.apply(PASS)
    after = hand_built.state.tracks
    track = Track.ARVN_RESOURCES if faction.is_coin else Track.resources_of(faction)
    gain = 3 if faction.is_coin else 1
    passed = [e for e in events if isinstance(e, Passed)]
    assert [(e.faction, e.rule) for e in passed] == [(faction, "2.3.3")]
    changed = [e for e in events if isinstance(e, TrackChanged) and e.rule == "2.3.3"]
    assert [(e.track, e.previous, e.value) for e in changed] == [
        (track, before[track], before[track] + gain)
    ]
    if not any(isinstance(e, CardPlayed) for e in events):  # still on the same card
        assert after[track] == before[track] + gain
        assert [t for t in Track if after[t] != before[t]] == [track]


def test_passing_faction_stays_eligible_2_3_3() -> None:
    game = _event_card_game()
    first = _order(game)[0]
    game.apply(PASS)
    assert game.state.eligible(first)
    assert first in game.state.turn.passed
    for _ in range(3):
        game.apply(PASS)
    # After the card, every Faction that only Passed is Eligible (2.3.3, 2.3.6).
    assert all(game.state.eligible(f) for f in Faction)


def test_us_pass_adds_to_arvn_resources_1_8_1_2_3_3() -> None:
    game = _event_card_game()
    order = _order(game)
    hand_built = position(
        game.state, eligibility=eligibility(*(f for f in order if f is not Faction.US))
    )
    decision = hand_built.decision
    assert decision is not None and decision.faction is Faction.US
    before = hand_built.state.resources(Faction.ARVN)
    hand_built.apply(PASS)
    assert hand_built.state.resources(Faction.ARVN) == before + 3
    assert hand_built.state.resources(Faction.US) == before + 3  # the US spends ARVN's


# -- 2.3.7 next card ---------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_when_all_pass_the_next_card_is_played_and_a_new_one_revealed_2_3_7(
    scenario: str,
) -> None:
    game = _event_card_game(scenario)
    deck = game.root.deck
    for _ in range(3):
        game.apply(PASS)
        assert game.state.played == (deck[0],)
    events = game.apply(PASS)
    assert game.state.played == (deck[0], deck[1])
    assert game.state.next_card == deck[2]
    assert game.state.deck == deck[3:]
    played = [e for e in events if isinstance(e, CardPlayed)]
    revealed = [e for e in events if isinstance(e, CardRevealed)]
    assert [(e.card, e.rule) for e in played] == [(deck[1], "2.3.7")]
    assert [(e.card, e.rule) for e in revealed] == [(deck[2], "2.3.7")]
    assert game.state.turn.passed == ()  # a fresh card


def test_last_eligible_passing_ends_the_card_2_3_3() -> None:
    """With only two Eligible Factions, the card ends when both have Passed."""
    game = _event_card_game()
    order = _order(game)
    hand_built = position(game.state, eligibility=eligibility(order[0], order[2]))
    deck_before = hand_built.state.deck
    hand_built.apply(PASS)
    assert hand_built.state.played == game.state.played
    hand_built.apply(PASS)
    assert len(hand_built.state.played) == len(game.state.played) + 1
    assert hand_built.state.deck == deck_before[1:]


def test_a_coup_card_is_played_and_the_next_card_revealed_2_3_7() -> None:
    """2.3.7: the next card is revealed even when the card played is a Coup."""
    game = coinlake.new_game("short", seed=7)
    deck = game.root.deck
    coup_at = next(i for i, n in enumerate(deck) if CARDS[n].kind is CardKind.COUP)
    assert coup_at > 0
    for _ in range(400):
        if any(
            isinstance(e, CardPlayed) and CARDS[e.card].kind is CardKind.COUP for e in game.events
        ):
            break
        assert game.legal(), "the game stopped before the Coup card was played"
        game.apply(pass_or_first(game))
    events = list(game.events)
    (i,) = [
        k
        for k, e in enumerate(events)
        if isinstance(e, CardPlayed) and CARDS[e.card].kind is CardKind.COUP
    ]
    assert events[i].card == deck[coup_at]  # type: ignore[attr-defined]
    after = [e for e in events[i + 1 :] if isinstance(e, CardRevealed)]
    assert after and after[0].card == deck[coup_at + 1]
    assert after[0].rule == "2.3.7"


# -- 2.3.6 adjust Eligibility ---------------------------------------------------------------
def test_factions_that_did_not_act_become_eligible_2_3_6() -> None:
    game = _event_card_game()
    order = _order(game)
    ineligible = (order[1], order[3])
    hand_built = position(game.state, eligibility=eligibility(*ineligible))
    assert not hand_built.state.eligible(order[1])
    hand_built.apply(PASS)
    events = hand_built.apply(PASS)
    changes = [e for e in events if isinstance(e, EligibilityChanged)]
    assert {(e.faction, e.eligibility) for e in changes} == {
        (f, Eligibility.ELIGIBLE) for f in ineligible
    }
    assert all(e.rule == "2.3.6" for e in changes)
    assert all(hand_built.state.eligible(f) for f in Faction)
    # The new card starts with its own leftmost Faction (2.3.2).
    card = hand_built.state.current_card
    assert card is not None
    if CARDS[card].kind is not CardKind.COUP:
        decision = settle(hand_built).decision
        assert decision is not None
        assert decision.faction is CARDS[card].faction_order[0]


def test_no_eligibility_events_when_everyone_stays_eligible_2_3_6() -> None:
    game = _event_card_game()
    events = [e for _ in range(4) for e in game.apply(PASS)]
    assert not [e for e in events if isinstance(e, EligibilityChanged)]


# -- 1.8 Resources limits ----------------------------------------------------------------------
def test_resources_clamp_at_75_on_a_coin_pass_1_8() -> None:
    game = _event_card_game()
    order = _order(game)
    coin = next(f for f in order if f.is_coin)
    hand_built = position(
        game.state,
        eligibility=eligibility(*(f for f in order if f is not coin)),
        tracks=with_tracks(game.state, arvn_resources=74),
    )
    events = hand_built.apply(PASS)
    assert hand_built.state.resources(Faction.ARVN) == 75
    changed = [e for e in events if isinstance(e, TrackChanged)]
    assert [(e.previous, e.value) for e in changed] == [(74, 75)]


@pytest.mark.parametrize("faction", [Faction.NVA, Faction.VC])
def test_resources_at_75_stay_at_75_on_an_insurgent_pass_1_8(faction: Faction) -> None:
    game = _event_card_game()
    order = _order(game)
    hand_built = position(
        game.state,
        eligibility=eligibility(*(f for f in order if f is not faction)),
        tracks=with_tracks(game.state, nva_resources=75, vc_resources=75),
    )
    events = hand_built.apply(PASS)
    assert hand_built.state.resources(faction) == 75
    assert [e for e in events if isinstance(e, Passed)]
    assert not [e for e in events if isinstance(e, TrackChanged) and e.value > 75]


def test_resources_never_exceed_75_in_a_long_run_of_passes_1_8() -> None:
    game = coinlake.new_game("full", seed=2, political_rhythm=True)
    reached = 0
    for _ in range(200):
        if not game.legal():
            break
        game.apply(pass_or_first(game))
        for track in Track:
            low, high = (0, 4) if track is Track.TRAIL else (0, 75)
            assert low <= game.state.track(track) <= high
        reached = max(reached, game.state.resources(Faction.ARVN))
    assert reached == 75  # 8+ cards of COIN passes push ARVN Resources to the limit
