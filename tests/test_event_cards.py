"""The Events framework (5.0-5.5) and the first implemented Event cards.

Expected values come from the rulebook sections cited and from the card facts in
``shared/reference/cards.json`` (Faction orders, Capability and Momentum marks); each card's
effect is described in its file under ``coinlake/rules/cards``.
"""

from __future__ import annotations

import re

import attrs
import pytest

import coinlake
from coinlake import Choose, Done, Faction, IllegalCommand, Kind, Move, Piece, Select, Side
from coinlake.data.cards import CARDS, CardKind
from coinlake.engine import Game
from coinlake.rules import cards, effects
from coinlake.rules.cards import lib, registry
from coinlake.rules.core import Ctx
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    OUT_OF_PLAY,
    Support,
    Track,
)
from tests.conftest import KISSINGER, at_card, cleared, counts, eligibility, with_tracks

PASS, EVENT = Choose("pass"), Choose("event")
UNSHADED, SHADED = Choose("unshaded"), Choose("shaded")
CAPABILITY_CARDS = tuple(n for n, c in CARDS.items() if c.is_capability)


def track(game: Game, which: Track) -> int:
    return game.state.tracks[which]


def pass_all(game: Game) -> None:
    """Pass with every Faction still to act on the current card."""
    card = game.state.current_card
    while game.state.current_card == card and PASS in game.legal():
        game.apply(PASS)


# -- the registry -------------------------------------------------------------------------------
def test_implemented_and_unimplemented_cards_cover_every_event_card_5_0() -> None:
    implemented, missing = cards.implemented_cards(), cards.unimplemented_cards()
    events = {n for n, c in CARDS.items() if c.kind is not CardKind.COUP}
    assert set(implemented) | set(missing) == events and not set(implemented) & set(missing)
    assert len(events) == 124  # 120 Events and 4 Pivotal Events (2.1 deck preparation)
    for n in (3, 4, 7, 10, 15, 17, 22, 41, 78, 115, 121, 122, 123, 124, *CAPABILITY_CARDS):
        assert n in implemented


@pytest.mark.parametrize("number", cards.implemented_cards())
def test_one_file_per_card_named_by_number_and_title(number: int) -> None:
    (module,) = registry.modules_of(number)
    title = re.sub(r"[^a-z0-9]+", "_", CARDS[number].title.lower()).strip("_")
    assert module == f"coinlake.rules.cards.c{number:03d}_{title}"


def test_registering_a_text_the_card_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="single-use"):
        registry.unshaded(41)
    with pytest.raises(ValueError, match="dual-use"):
        registry.single(10)
    with pytest.raises(ValueError, match="not an Event card"):
        registry.single(125)
    with pytest.raises(ValueError, match="Pivotal"):
        registry.single(121)


# -- 5.2 dual use, single use -------------------------------------------------------------------
def test_dual_use_either_text_whatever_the_faction_5_2() -> None:
    game = at_card(10, eligibility=eligibility(Faction.US))  # Rolling Thunder: NVA 1st
    game.apply(EVENT)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.kind is Kind.CHOOSE_SIDE and decision.rule == "5.2"
    assert decision.options == (UNSHADED, SHADED)
    game.apply(UNSHADED)  # the NVA may pick the text that hurts it
    assert track(game, Track.NVA_RESOURCES) == 15 - 9


def test_single_use_card_has_no_side_question() -> None:
    game = at_card(41)  # Bombing Pause
    game.apply(EVENT)
    decision = game.decision
    assert decision is not None and decision.kind is Kind.SELECT_SPACE


# -- 5.3 Capabilities ---------------------------------------------------------------------------
@pytest.mark.parametrize("number", CAPABILITY_CARDS)
@pytest.mark.parametrize("side", [Side.UNSHADED, Side.SHADED])
def test_capability_comes_into_effect_on_the_executed_side_5_3(number: int, side: Side) -> None:
    game = at_card(number)
    first = game.decision
    assert first is not None and first.faction is CARDS[number].faction_order[0]
    game.apply(EVENT)
    game.apply(Choose(side.value))
    assert (number, side) in game.state.capabilities
    assert effects.capability(game.state, number) is side
    assert game.state.turn.acted == ((first.faction, "event"),)


def test_executing_the_other_side_of_a_capability_flips_it_5_3() -> None:
    game = at_card(11, capabilities=((11, Side.UNSHADED),))  # Abrams
    game.apply(EVENT)
    game.apply(SHADED)
    assert game.state.capabilities == ((11, Side.SHADED),)


def test_top_gun_cancels_shaded_migs() -> None:
    game = at_card(4, capabilities=((33, Side.SHADED),))
    game.apply(EVENT)
    game.apply(UNSHADED)
    assert game.state.capabilities == ((4, Side.UNSHADED),)
    # shaded MiGs executed later has no effect while unshaded Top Gun is in effect
    later = attrs.evolve(game.state, capabilities=((4, Side.UNSHADED), (33, Side.SHADED)))
    assert effects.capability(later, 33) is None
    assert effects.capability(later, 4) is Side.UNSHADED


# -- 5.4 Momentum -------------------------------------------------------------------------------
def test_momentum_stays_until_reset_then_is_discarded_5_4_6_6() -> None:
    game = at_card(15)  # Medevac: both texts Momentum
    game.apply(EVENT)
    game.apply(SHADED)
    state = game.state
    assert effects.momentum_active(state, 15)
    assert effects.momentum_side(state, 15) is Side.SHADED
    assert state.card_markers == ((15, "shaded"),)
    ctx = Ctx(attrs.evolve(state, momentum=(10, 15)))
    effects.discard_momentum(ctx)  # the Reset phase's step (6.6)
    assert ctx.state.momentum == () and ctx.state.card_markers == ()
    assert not effects.momentum_active(ctx.state, 10)


def test_single_side_momentum_reports_its_side_5_4() -> None:
    game = at_card(10)  # Rolling Thunder: shaded is Momentum
    game.apply(EVENT)
    game.apply(SHADED)
    assert effects.momentum_side(game.state, 10) is Side.SHADED
    assert game.state.card_markers == ()
    game = at_card(10)
    game.apply(EVENT)
    game.apply(UNSHADED)
    assert not effects.momentum_active(game.state, 10)


# -- 2.3.6 PLAY NOTE: Eligibility marks ---------------------------------------------------------
def test_ineligible_through_next_card_rolling_thunder_2_3_6() -> None:
    game = at_card(10)  # US, NVA, VC, ARVN; Short: Trail 2, NVA Resources 15
    game.apply(EVENT)
    game.apply(UNSHADED)
    assert track(game, Track.TRAIL) == 0
    assert track(game, Track.NVA_RESOURCES) == 6
    assert not game.state.eligible(Faction.NVA)  # at once: NVA cannot be 2nd Eligible
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    pass_all(game)
    state = game.state
    assert state.current_card == KISSINGER
    assert state.eligibility == eligibility(Faction.US, Faction.NVA)
    assert state.ineligible_next == () and state.stay_eligible == ()
    # on the next card the NVA is skipped (US, NVA, ARVN, VC; US Ineligible too)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    pass_all(game)
    assert game.state.eligibility == eligibility()  # through the next card only


@pytest.mark.parametrize(("card", "answers"), [(115, ()), (15, (SHADED,)), (17, (UNSHADED,))])
def test_executing_faction_stays_eligible_2_3_6(card: int, answers: tuple[Choose, ...]) -> None:
    """Typhoon Kate, shaded Medevac, unshaded Claymores."""
    game = at_card(card)
    first = CARDS[card].faction_order[0]
    game.apply(EVENT)
    for answer in answers:
        game.apply(answer)
    assert game.state.stay_eligible == (first,)
    pass_all(game)
    assert game.state.current_card == KISSINGER
    after = game.state
    assert after.eligible(first)
    assert after.stay_eligible == ()


# -- the cards ----------------------------------------------------------------------------------
def test_peace_talks_unshaded_marks_linebacker_ii() -> None:
    game = at_card(3, scenario="full")  # Full: NVA Resources 10, Pivotal Events held
    game.apply(EVENT)
    game.apply(UNSHADED)
    assert track(game, Track.NVA_RESOURCES) == 1
    assert effects.peace_talks(game.state)
    short = at_card(3)  # no Pivotal Events in the Short scenario: no marker
    short.apply(EVENT)
    short.apply(UNSHADED)
    assert track(short, Track.NVA_RESOURCES) == 6 and not effects.peace_talks(short.state)


@pytest.mark.parametrize(("trail", "expected"), [(0, 3), (1, 3), (2, 3), (3, 3), (4, 4)])
def test_peace_talks_shaded(trail: int, expected: int) -> None:
    game = at_card(3)
    game = at_card(3, tracks=with_tracks(game.state, trail=trail))
    game.apply(EVENT)
    game.apply(SHADED)
    assert track(game, Track.NVA_RESOURCES) == 15 + 9
    assert track(game, Track.TRAIL) == expected


@pytest.mark.parametrize(("trail", "expected"), [(0, 2), (1, 2), (2, 3), (3, 4), (4, 4)])
def test_adsid_shaded_improves_trail_to_at_least_2(trail: int, expected: int) -> None:
    game = at_card(7)
    game = at_card(7, tracks=with_tracks(game.state, trail=trail))
    game.apply(EVENT)
    game.apply(SHADED)
    assert track(game, Track.TRAIL) == expected
    assert track(game, Track.ARVN_RESOURCES) == 30 - 9


def test_adsid_unshaded_costs_nva_6_at_each_trail_change_5_4() -> None:
    game = at_card(7)
    game.apply(EVENT)
    game.apply(UNSHADED)
    assert effects.momentum_active(game.state, 7)
    ctx = Ctx(game.state)
    assert effects.change_trail(ctx, -2, "6.7") == -2  # one change: -6 once
    assert ctx.state.trail == 0 and ctx.state.resources(Faction.NVA) == 15 - 6
    assert effects.change_trail(ctx, -1, "6.7") == 0  # no change: no cost
    assert ctx.state.resources(Faction.NVA) == 15 - 6


def test_oriskany_momentum_blocks_degrade_except_by_a_later_event_5_1_2() -> None:
    ctx = Ctx(attrs.evolve(at_card(7).state, momentum=(39,)))
    assert effects.change_trail(ctx, -2, "4.2.3") == 0  # e.g. an Air Strike
    assert effects.change_trail(ctx, 1, "3.3.1") == 1 and ctx.state.trail == 3
    game = at_card(10, momentum=(39,))  # Rolling Thunder, executed after Oriskany
    game.apply(EVENT)
    game.apply(UNSHADED)
    assert track(game, Track.TRAIL) == 0


def test_rolling_thunder_shaded() -> None:
    game = at_card(10)
    game.apply(EVENT)
    game.apply(SHADED)
    assert track(game, Track.ARVN_RESOURCES) == 25
    assert effects.momentum_active(game.state, 10)


def test_claymores_shaded_removes_a_coin_base_and_an_underground_insurgent() -> None:
    base = cleared(coinlake.new_game("short", seed=7).state)
    spaces = list(base.spaces)
    pleiku = coinlake.SPACES[19]
    assert pleiku.id == "pleiku-darlac"
    pieces = {
        Piece.US_BASE: 1,
        Piece.ARVN_BASE: 1,
        Piece.VC_GUERRILLA_UNDERGROUND: 2,
        Piece.NVA_GUERRILLA_UNDERGROUND: 1,
        Piece.VC_GUERRILLA_ACTIVE: 1,
    }
    spaces[pleiku.index] = attrs.evolve(spaces[pleiku.index], pieces=counts(pieces))
    game = at_card(17, spaces=tuple(spaces))
    game.apply(EVENT)
    game.apply(SHADED)  # the only space with both is taken without asking
    us_base = Move(Piece.US_BASE, 1, "pleiku-darlac", CASUALTIES)
    assert game.legal() == (us_base, Move(Piece.ARVN_BASE, 1, "pleiku-darlac", AVAILABLE))
    assert game.decision is not None and game.decision.kind is Kind.REMOVE_PIECES
    game.apply(us_base)
    vc = Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "pleiku-darlac", AVAILABLE)
    assert game.legal() == (
        Move(Piece.NVA_GUERRILLA_UNDERGROUND, 1, "pleiku-darlac", AVAILABLE),
        vc,
    )
    game.apply(vc)
    after = game.state.space("pleiku-darlac")
    assert after.pieces[Piece.US_BASE] == 0 and after.pieces[Piece.ARVN_BASE] == 1
    assert after.pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 1
    assert game.state.casualties[Piece.US_BASE] == 1  # US to Casualties


def test_claymores_shaded_without_a_space_does_nothing_5_1_3() -> None:
    game = at_card(17, spaces=cleared(coinlake.new_game("short", seed=7).state).spaces)
    game.apply(EVENT)
    game.apply(SHADED)
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_da_nang_unshaded_up_to_6_troops_at_most_3_from_out_of_play() -> None:
    game = at_card(22, scenario="full")  # Full: 10 US Troops Out of Play
    before = game.state.space("da-nang").pieces[Piece.US_TROOPS]
    game.apply(EVENT)
    game.apply(UNSHADED)
    from_oop = Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, "da-nang")
    from_avail = Move(Piece.US_TROOPS, 1, AVAILABLE, "da-nang")
    for _ in range(3):
        game.apply(from_oop)
    assert from_oop not in game.legal() and Done() in game.legal()
    with pytest.raises(IllegalCommand):
        game.apply(from_oop)
    game.apply(from_avail)
    game.apply(Done())  # "up to"
    assert game.state.space("da-nang").pieces[Piece.US_TROOPS] == before + 4
    assert game.state.out_of_play[Piece.US_TROOPS] == 10 - 3


def test_da_nang_shaded_removes_support_within_1_space() -> None:
    base = coinlake.new_game("short", seed=7).state
    spaces = list(base.spaces)
    levels = {
        "da-nang": Support.ACTIVE_SUPPORT,
        "quang-nam": Support.PASSIVE_SUPPORT,
        "quang-tin-quang-ngai": Support.PASSIVE_OPPOSITION,
        "saigon": Support.ACTIVE_SUPPORT,
    }
    for key, level in levels.items():
        i = coinlake.data.map.space_index(key)
        spaces[i] = attrs.evolve(spaces[i], support=level)
    game = at_card(22, spaces=tuple(spaces))
    game.apply(EVENT)
    game.apply(SHADED)
    state = game.state
    assert state.space("da-nang").support is Support.NEUTRAL
    assert state.space("quang-nam").support is Support.NEUTRAL
    assert state.space("quang-tin-quang-ngai").support is Support.PASSIVE_OPPOSITION
    assert state.space("saigon").support is Support.ACTIVE_SUPPORT  # not adjacent
    assert effects.momentum_active(state, 22)


def test_bombing_pause_sets_2_spaces_passive_support_and_patronage_5_1_1() -> None:
    game = at_card(41)
    game = at_card(41, tracks=with_tracks(game.state, patronage=74))
    game.apply(EVENT)  # NVA is 1st Eligible (NVA, ARVN, US, VC)
    with pytest.raises(IllegalCommand):
        game.apply(Select("loc-hue-da-nang"))  # a LoC cannot have Support (1.6.1)
    with pytest.raises(IllegalCommand):
        game.apply(Select("phuoc-long"))  # Pop 0
    game.apply(Select("kien-phong"))
    with pytest.raises(IllegalCommand):
        game.apply(Select("kien-phong"))  # 2 different spaces
    game.apply(Select("hue"))
    state = game.state
    assert state.space("kien-phong").support is Support.PASSIVE_SUPPORT
    assert state.space("hue").support is Support.PASSIVE_SUPPORT
    assert state.patronage == 75  # never above 75 (5.1.1)
    assert effects.momentum_active(state, 41)


def test_general_lansdale_unshaded() -> None:
    game = at_card(78)  # ARVN 1st; Short: Hue has ARVN Police, Neutral
    game.apply(EVENT)
    game.apply(UNSHADED)
    with pytest.raises(IllegalCommand):
        game.apply(Select("saigon"))  # outside Saigon only
    with pytest.raises(IllegalCommand):
        game.apply(Select("kien-phong"))  # no US or ARVN piece there
    game.apply(Select("hue"))
    hue = game.state.space("hue")
    assert hue.support is Support.ACTIVE_SUPPORT and hue.terror == 1
    assert game.state.patronage == 18 + 1


def test_general_lansdale_shaded() -> None:
    game = at_card(78)
    game.apply(EVENT)
    game.apply(SHADED)
    assert game.state.patronage == 18 + 3
    assert effects.momentum_active(game.state, 78)


def test_event_undo_and_replay_reproduce_the_same_state() -> None:
    game = at_card(41)
    game.apply(EVENT)
    game.apply(Select("hue"))
    after = game.state
    legal = game.legal()
    game.undo()
    game.redo()
    assert game.state == after
    game.undo()
    game.apply(Select("hue"))  # the procedure is re-run from its start (replay)
    assert game.state == after and game.legal() == legal


# -- 5.1.1 helpers ----------------------------------------------------------------------------
def test_stacking_and_availability_limits_5_1_1() -> None:
    state = at_card(41).state  # Short: Quang Tri holds an NVA Base and an ARVN Base
    assert state.space("quang-tri-thua-thien").bases() == 2
    assert not lib.can_place(state, Piece.VC_BASE, "quang-tri-thua-thien")
    assert lib.room(state, Piece.VC_BASE, "loc-hue-da-nang") == 0  # no Bases on LoCs
    assert lib.room(state, Piece.ARVN_TROOPS, "north-vietnam") == 0  # 1.4.2
    assert lib.can_place(state, Piece.NVA_TROOPS, "north-vietnam")
    ctx = Ctx(attrs.evolve(state, available=counts({Piece.VC_GUERRILLA_UNDERGROUND: 2})))
    assert lib.place(ctx, Piece.VC_GUERRILLA_ACTIVE, "saigon", 5, "5.1.1") == 2  # Available only
    assert ctx.state.space("saigon").pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 2  # 1.4.3


def test_tunneled_bases_and_replacement_5_1_1() -> None:
    state = at_card(41).state  # Short: Tay Ninh holds the Tunneled VC Base
    ctx = Ctx(state)
    with pytest.raises(ValueError, match="Tunneled"):
        lib.remove(ctx, Piece.VC_TUNNELED_BASE, "tay-ninh", 1, "5.1.1")
    assert lib.remove(ctx, Piece.VC_TUNNELED_BASE, "tay-ninh", 1, "5.1.1", tunnels=True) == 1
    assert ctx.state.available[Piece.VC_BASE] == state.available[Piece.VC_BASE] + 1
    # a replacement that is not Available: the piece is only removed
    empty = Ctx(attrs.evolve(state, available=counts()))
    guerrillas = state.space("tay-ninh").pieces[Piece.VC_GUERRILLA_UNDERGROUND]
    assert not lib.replace_piece(
        empty, Piece.VC_GUERRILLA_UNDERGROUND, Piece.NVA_GUERRILLA_UNDERGROUND, "tay-ninh", "5.1.1"
    )
    after = empty.state.space("tay-ninh")
    assert after.pieces[Piece.VC_GUERRILLA_UNDERGROUND] == guerrillas - 1
    nva = Piece.NVA_GUERRILLA_UNDERGROUND
    assert after.pieces[nva] == state.space("tay-ninh").pieces[nva]  # none placed


def test_terror_markers_are_limited_to_15_3_3_4() -> None:
    state = at_card(41).state
    spaces = list(state.spaces)
    for i in range(15):
        spaces[i] = attrs.evolve(spaces[i], terror=1)
    ctx = Ctx(attrs.evolve(state, spaces=tuple(spaces)))
    assert not lib.add_terror(ctx, "kien-phong", "5.1.1")
    assert ctx.state.space("kien-phong").terror == 0


def test_boxes_for_removal_follow_1_4_1() -> None:
    state = at_card(41).state
    ctx = Ctx(state)
    assert lib.remove(ctx, Piece.US_TROOPS, "saigon", 1, "5.1", to=CASUALTIES) == 1
    assert ctx.state.casualties[Piece.US_TROOPS] == 1
