"""Options of the Eligible Factions on an Event card (2.3.4-2.3.7, 2.3.9), the registry of
Operations and Special Activities they draw on (3.0, 4.1) and free actions (3.1.2, 5.5).

Operations do not exist yet, so the tests plug a stand-in Operation and Special Activity into
:mod:`coinlake.rules.actions` (and unplug them afterwards): that is the interface the
Operations developers use.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from coinlake import Choose, Done, Faction, Select
from coinlake.engine import Game
from coinlake.rules import actions, cards, sequence
from coinlake.rules.actions import Outcome, SpecialActivitySlot
from coinlake.rules.core import Ctx
from coinlake.rules.effects import monsoon
from coinlake.state.model import Track
from tests.conftest import (
    KISSINGER,
    STAND_IN_CALLS,
    at_card,
    eligibility,
    refused,
    stand_in,
)

PASS, EVENT, OP, OP_SA, LIMOP = (Choose(w) for w in ("pass", "event", "op", "op+sa", "limop"))
UNSHADED, SHADED = Choose("unshaded"), Choose("shaded")

BOMBING_PAUSE = 41  # single use; Faction order NVA, ARVN, US, VC (cards.json)
ROLLING_THUNDER = 10  # implemented dual use; order US, NVA, VC, ARVN
COUP = 125


# -- stand-in Operation and Special Activity (the registry's interface) --------------------
@pytest.fixture(autouse=True)
def empty_registry() -> Iterator[None]:
    """These tests exercise the Sequence of Play and the registry with stand-ins only: the
    Operations and Special Activities registered by ``coinlake.rules`` are set aside during
    each test and restored afterwards."""
    saved = dict(actions._REGISTRY)
    for faction, name in saved:
        actions.unregister(faction, name)  # bumps the registry version memos are keyed on
    yield
    for faction, name in list(actions._REGISTRY):
        actions.unregister(faction, name)
    for action in saved.values():
        actions._register(action)


@pytest.fixture
def stand_in_op() -> Iterator[None]:
    """A legal Operation "stand-in" (3.1), banned in Monsoon like Sweep and March."""
    with stand_in("stand-in", monsoon_banned=True):
        yield


@pytest.fixture
def stand_in_sa(stand_in_op: None) -> Iterator[None]:
    """A legal Special Activity "stand-in-sa" accompanying "stand-in" (4.1.1)."""
    with stand_in("stand-in-sa", special=True, accompanies=("stand-in",)):
        yield


# -- 2.3.4 with the registry empty ---------------------------------------------------------
def test_empty_registry_offers_only_event_and_pass_2_3_4() -> None:
    game = at_card(BOMBING_PAUSE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.options == (EVENT, PASS)
    refused(game, OP, "3.1")
    refused(game, OP_SA, "3.1")


def test_unimplemented_event_is_not_offered_5_0() -> None:
    missing = cards.unimplemented_cards()
    if not missing:
        pytest.skip("every Event card is implemented")
    game = at_card(missing[0])
    assert game.legal() == (PASS,)
    error = refused(game, EVENT, "5.0")
    assert "not implemented" in str(error)


def test_first_eligible_may_not_choose_a_limited_operation_2_3_4(stand_in_op: None) -> None:
    game = at_card(BOMBING_PAUSE)
    assert game.legal() == (EVENT, OP, PASS)  # no Special Activity registered: no op+sa
    refused(game, LIMOP, "2.3.5")


def test_op_with_sa_offered_when_a_special_activity_is_registered_4_1(
    stand_in_sa: None,
) -> None:
    assert at_card(BOMBING_PAUSE).legal() == (EVENT, OP, OP_SA, PASS)


# -- 2.3.4 options of the 2nd Eligible -----------------------------------------------------
def _first_executes_op(game: Game, *, with_sa: bool) -> None:
    game.apply(OP_SA if with_sa else OP)
    game.apply(Choose("stand-in"))
    if with_sa:
        game.apply(SpecialActivitySlot.NOT_NOW)  # before the Operation (4.1)
    game.apply(Select("saigon"))


def test_after_op_only_second_eligible_gets_limited_op_2_3_4(stand_in_sa: None) -> None:
    game = at_card(BOMBING_PAUSE)
    _first_executes_op(game, with_sa=False)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (LIMOP, PASS)
    assert "2nd Eligible" in decision.prompt
    refused(game, EVENT, "2.3.4")
    refused(game, OP, "2.3.4")


def test_after_op_and_sa_second_eligible_gets_limited_op_or_event_2_3_4(
    stand_in_sa: None,
) -> None:
    game = at_card(BOMBING_PAUSE)
    _first_executes_op(game, with_sa=True)
    game.apply(Choose("stand-in-sa"))  # the SA during the Operation (4.1)
    assert game.state.turn.acted == ((Faction.NVA, "op+sa"),)
    assert game.legal() == (EVENT, LIMOP, PASS)
    refused(game, OP_SA, "2.3.4")


def test_op_plus_sa_without_executing_the_sa_counts_as_op_only_2_3_4(
    stand_in_sa: None,
) -> None:
    game = at_card(BOMBING_PAUSE)
    _first_executes_op(game, with_sa=True)
    game.apply(SpecialActivitySlot.NOT_NOW)  # during
    game.apply(SpecialActivitySlot.NONE)  # after: the last chance declined
    assert game.state.turn.acted == ((Faction.NVA, "op"),)
    assert game.legal() == (LIMOP, PASS)


def test_after_event_second_eligible_gets_op_with_or_without_sa_2_3_4(
    stand_in_sa: None,
) -> None:
    game = at_card(BOMBING_PAUSE)
    game.apply(EVENT)
    game.apply(Select("hue"))
    game.apply(Select("da-nang"))
    assert game.state.turn.acted == ((Faction.NVA, "event"),)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (OP, OP_SA, PASS)
    refused(game, LIMOP, "2.3.5")
    refused(game, EVENT, "2.3.4")


def test_limited_operation_is_limited_and_has_no_sa_2_3_5(stand_in_sa: None) -> None:
    game = at_card(BOMBING_PAUSE)
    _first_executes_op(game, with_sa=False)
    game.apply(LIMOP)
    game.apply(Choose("stand-in"))
    game.apply(Select("saigon"))
    assert STAND_IN_CALLS[-1] == {
        "faction": Faction.ARVN,
        "limited": True,
        "free": False,
        "sa": False,
    }
    # both executed: the card ends; ARVN and NVA Ineligible, the others Eligible (2.3.6)
    assert game.state.current_card == KISSINGER
    assert game.state.eligibility == eligibility(Faction.NVA, Faction.ARVN)


def test_operation_in_no_space_is_not_executed_2_3_4_note(stand_in_op: None) -> None:
    game = at_card(BOMBING_PAUSE)
    resources = game.state.resources(Faction.NVA)
    game.apply(OP)
    game.apply(Choose("stand-in"))
    game.apply(Done())  # no space selected
    assert game.state.turn.acted == ((Faction.NVA, "none"),)
    # ARVN did not execute: NVA becomes 1st Eligible with the full options
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (EVENT, OP, PASS)
    assert "1st Eligible" in decision.prompt
    assert game.state.resources(Faction.NVA) == resources  # and it gained no Pass bonus
    for _ in range(3):
        game.apply(PASS)
    assert game.state.eligible(Faction.NVA)  # 2.3.6: did not execute, so Eligible


# -- 2.3.3, 2.3.6, 2.3.7 ---------------------------------------------------------------------
def test_pass_resources_and_order_2_3_3() -> None:
    game = at_card(ROLLING_THUNDER)  # US, NVA, VC, ARVN
    arvn, nva = game.state.resources(Faction.ARVN), game.state.resources(Faction.NVA)
    game.apply(PASS)  # US: +3 ARVN Resources
    game.apply(PASS)  # NVA: +1
    assert game.state.resources(Faction.ARVN) == arvn + 3
    assert game.state.resources(Faction.NVA) == nva + 1
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert "1st Eligible" in decision.prompt  # the Passers' place is taken (2.3.3)


def test_event_then_pass_adjusts_eligibility_and_plays_next_card_2_3_6_2_3_7() -> None:
    game = at_card(BOMBING_PAUSE, eligibility=eligibility(Faction.US))
    deck_top = game.state.deck[0]
    game.apply(EVENT)  # ARVN
    game.apply(Select("hue"))
    game.apply(Select("da-nang"))
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    game.apply(PASS)  # NVA
    decision = game.decision  # US is Ineligible: skipped; VC is next
    assert decision is not None and decision.faction is Faction.VC
    game.apply(PASS)
    state = game.state
    # 2.3.6: ARVN executed -> Ineligible; US did not act -> Eligible again
    assert state.eligibility == eligibility(Faction.NVA)
    # 2.3.7: the next card is played and the deck's top card revealed
    assert state.played[-2:] == (BOMBING_PAUSE, KISSINGER)
    assert state.next_card == deck_top


def test_illegal_commands_leave_the_state_unchanged() -> None:
    game = at_card(BOMBING_PAUSE)
    refused(game, Choose("shaded"), "2.3.4")


# -- 2.3.9 Monsoon ---------------------------------------------------------------------------
def test_monsoon_when_a_coup_shows_next_2_3_9() -> None:
    assert monsoon(at_card(BOMBING_PAUSE, next_card=COUP).state)
    assert sequence.monsoon(at_card(BOMBING_PAUSE, next_card=COUP).state)
    assert not monsoon(at_card(BOMBING_PAUSE).state)


def test_monsoon_hides_sweep_and_march_2_3_9(stand_in_op: None) -> None:
    """The stand-in is registered as banned in Monsoon, like Sweep and March."""
    game = at_card(BOMBING_PAUSE, next_card=COUP)
    assert game.legal() == (EVENT, PASS)
    state = game.state
    assert actions.legal_operations(state, Faction.NVA, limited=False) == ()
    # an Event whose text names the Operation overrides Monsoon (5.1.1)
    allowed = actions.legal_operations(state, Faction.NVA, limited=False, ignore_monsoon=True)
    assert [a.name for a in allowed] == ["stand-in"]


# -- 3.1.2 / 5.5 free Operations -----------------------------------------------------------
def test_free_operation_costs_nothing_and_leaves_eligibility_3_1_2(stand_in_op: None) -> None:
    game = at_card(BOMBING_PAUSE)
    ctx = Ctx(game.state)
    before = ctx.state.resources(Faction.NVA)
    gen = actions.free_action(ctx, Faction.NVA, "stand-in")
    ask = next(gen)
    with pytest.raises(StopIteration) as stop:
        gen.send(Select("saigon"))
    assert ask.faction is Faction.NVA
    assert stop.value.value == Outcome(executed=True)
    assert STAND_IN_CALLS[-1]["free"] is True
    assert ctx.state.resources(Faction.NVA) == before  # free: no cost
    assert ctx.state.eligibility == game.state.eligibility  # no Eligibility effect
    assert ctx.state.turn.acted == ()


def test_free_action_not_registered_does_nothing_5_1_3() -> None:
    ctx = Ctx(at_card(BOMBING_PAUSE).state)
    gen = actions.free_action(ctx, Faction.NVA, "march")
    with pytest.raises(StopIteration) as stop:
        next(gen)
    assert stop.value.value == Outcome(executed=False)
    assert ctx.events == []


def test_monsoon_banned_free_action_needs_event_override_5_1_1(stand_in_op: None) -> None:
    ctx = Ctx(at_card(BOMBING_PAUSE, next_card=COUP).state)
    with pytest.raises(StopIteration) as stop:
        next(actions.free_action(ctx, Faction.NVA, "stand-in"))
    assert stop.value.value == Outcome(executed=False)
    ask = next(actions.free_action(ctx, Faction.NVA, "stand-in", ignore_monsoon=True))
    assert ask.prompt == "stand-in"


@pytest.mark.parametrize(
    ("free", "still_costs", "expected"),
    [(False, False, 27), (True, False, 30), (True, True, 27)],
)
def test_pay_free_except_pacification_agitation_trail_3_1_2(
    free: bool, still_costs: bool, expected: int
) -> None:
    ctx = Ctx(at_card(BOMBING_PAUSE).state)
    assert ctx.state.resources(Faction.US) == 30  # Short scenario: ARVN Resources 30
    actions.pay(ctx, Faction.US, 3, free=free, rule="3.2.1", still_costs=still_costs)
    assert ctx.state.tracks[Track.ARVN_RESOURCES] == expected  # the US spends ARVN's (1.8.1)


def test_registry_lists_in_rulebook_order(stand_in_sa: None) -> None:
    assert (Faction.US, "stand-in", actions.ActionKind.OPERATION) in actions.registered()
    assert [a.name for a in actions.special_activities(Faction.VC)] == ["stand-in-sa"]
    assert actions.lookup(Faction.VC, "stand-in") is not None
    assert actions.lookup(Faction.VC, "sweep") is None
