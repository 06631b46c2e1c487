"""US and ARVN Special Activities (rules 4.1, 4.1.1, 4.2.1-4.2.3, 4.3.1-4.3.3; Monsoon 2.3.9;
High Winds; 5.1.2, 5.5) and the lasting effects that change them (5.3, 5.4, 2.4.1).

Positions and helpers come from ``tests/test_coin_operations.py``; a Special Activity is run
with its Operation (``op+sa``), alone as if granted by an Event (``free``, 5.5), or through
the Sequence of Play.
"""

from __future__ import annotations

import attrs
import pytest

from coinlake.data.cards import Side
from coinlake.data.pieces import Faction, Piece
from coinlake.engine import Game, prime
from coinlake.rules import actions
from coinlake.rules.actions import SpecialActivitySlot
from coinlake.rules.core import Kind
from coinlake.rules.special_activities import arvn, us
from coinlake.state.commands import Choose
from coinlake.state.events import Executed
from coinlake.state.model import AVAILABLE, GameState, Options, Support
from tests.conftest import check_invariants, put, refused
from tests.test_coin_operations import (
    DONE,
    blank,
    dice,
    finished,
    monsoon,
    mv,
    pieces,
    play,
    rolls,
    sel,
    start,
    with_capability,
    with_momentum,
)

P = Piece
US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
ARVN_FIRST = 62
"""Cambodian Civil War: faction order ARVN, US, NVA, VC."""
ADVISE, AIR_LIFT, AIR_STRIKE = Choose("advise"), Choose("air-lift"), Choose("air-strike")
GOVERN, TRANSPORT, RAID = Choose("govern"), Choose("transport"), Choose("raid")
DECLINE = Choose("decline")
KATE = 115


def on_card(state: GameState, card: int) -> GameState:
    return attrs.evolve(state, played=(card,), deck=tuple(c for c in state.deck if c != card))


# ==================================================================================================
# 4.1, 4.1.1 Special Activities in general
# ==================================================================================================
def test_special_activity_before_during_or_after_its_operation_4_1() -> None:
    state = put(blank(), "Quang Nam", {P.US_TROOPS: 1})
    state = put(state, "Hue", {P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1})
    game = Game(prime(state))
    play(game, Choose("op+sa"), Choose("train"))
    before = game.legal()  # offered before the Operation (4.1)
    assert before == (ADVISE, AIR_LIFT, AIR_STRIKE, SpecialActivitySlot.NOT_NOW)
    play(game, SpecialActivitySlot.NOT_NOW)
    assert ADVISE in game.legal()  # ... and during it, beside the spaces
    play(game, sel("Quang Nam"), DONE)
    assert ADVISE in game.legal()  # ... and before the Pacification step
    play(game, ADVISE)
    refused(game, sel("Quang Nam"), "4.2.1")  # a Train space
    events = play(game, sel("Hue"), Choose("assault"))  # the only other space
    events += play(game, DECLINE, DONE)  # no Aid
    assert pieces(game.state, "Hue") == {P.ARVN_TROOPS: 2}
    executed = [e for e in events if isinstance(e, Executed)]
    assert [(e.faction, e.action) for e in executed] == [(US, "op+sa")]


def test_train_may_not_select_a_space_advised_first_4_1_1() -> None:
    state = put(blank(), "Quang Nam", {P.US_TROOPS: 1, P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1})
    state = put(state, "Hue", {P.US_TROOPS: 1})
    game = start(state, US, "train", "op+sa")
    play(game, ADVISE, sel("Quang Nam"), Choose("assault"), DECLINE)
    refused(game, sel("Quang Nam"), "4.1.1")
    play(game, sel("Hue"))


def test_special_activity_only_with_the_operations_it_accompanies_4_1_1() -> None:
    state = put(blank(), "Hue", {P.ARVN_RANGER_ACTIVE: 1, P.ARVN_TROOPS: 2})
    game = start(state, ARVN, "train", "op+sa")
    assert RAID not in game.legal() and TRANSPORT in game.legal()
    refused(game, RAID, "4.1.1", "may not accompany train")
    game = start(state, ARVN, "sweep", "op+sa")
    assert RAID in game.legal() and GOVERN not in game.legal()
    refused(game, GOVERN, "4.1.1")


def test_limited_operation_has_no_special_activity_2_3_5() -> None:
    state = put(blank(), "Hue", {P.ARVN_RANGER_ACTIVE: 1, P.ARVN_TROOPS: 2})
    game = start(state, ARVN, "sweep", "limop")
    assert TRANSPORT not in game.legal()
    refused(game, TRANSPORT, "4.1")


def test_one_special_activity_per_operation_4_1() -> None:
    state = put(blank(), "Quang Tin", {P.US_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 3})
    game = start(dice(state, 1), US, "assault", "op+sa")
    play(game, AIR_STRIKE, sel("Quang Tin"), DONE)
    play(game, mv(P.VC_GUERRILLA_ACTIVE, 1, "Quang Tin", AVAILABLE))
    assert AIR_LIFT not in game.legal()
    refused(game, AIR_LIFT, "4.1", "already executed")


# ==================================================================================================
# 4.2.1 Advise
# ==================================================================================================
def test_advise_modes_and_aid_4_2_1() -> None:
    state = put(blank(), "Quang Tin", {P.ARVN_TROOPS: 2, P.VC_GUERRILLA_UNDERGROUND: 2})
    state = put(state, "Hue", {P.US_IRREGULAR_UNDERGROUND: 1, P.NVA_TROOPS: 1, P.NVA_BASE: 1})
    game = start(state, US, "advise", "free")
    play(game, sel("Quang Tin"))
    assert game.legal() == (Choose("sweep"), Choose("assault"))
    play(game, Choose("sweep"))  # ARVN Sweep in place: 2 Troops Activate 2
    assert pieces(game.state, "Quang Tin")[P.VC_GUERRILLA_ACTIVE] == 2
    play(game, sel("Hue"))  # Special Forces only
    assert pieces(game.state, "Hue") == {P.US_IRREGULAR_ACTIVE: 1}  # Troop, then the Base
    play(game, Choose("add-aid"))
    assert game.state.aid == 21 and finished(game)


def test_advise_special_forces_spare_tunneled_bases_and_bases_go_last_4_2_1() -> None:
    state = put(
        blank(),
        "Hue",
        {
            P.ARVN_RANGER_UNDERGROUND: 1,
            P.VC_GUERRILLA_UNDERGROUND: 1,
            P.VC_BASE: 1,
            P.NVA_TUNNELED_BASE: 1,
        },
    )
    game = start(state, US, "advise", "free")
    play(game, sel("Hue"), Choose("special-forces"))
    assert pieces(game.state, "Hue") == {P.ARVN_RANGER_ACTIVE: 1, P.NVA_TUNNELED_BASE: 1}


def test_advise_assault_adds_6_aid_per_base_4_2_1_3_2_4() -> None:
    state = put(blank(), "Hue", {P.ARVN_TROOPS: 2, P.VC_BASE: 1})
    game = start(state, US, "advise", "free")
    play(game, sel("Hue"), Choose("assault"), DECLINE)
    assert game.state.aid == 21


def test_no_sweep_via_advise_in_monsoon_2_3_9() -> None:
    state = monsoon(put(blank(), "Quang Tin", {P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1}))
    game = start(state, US, "advise", "free")
    play(game, sel("Quang Tin"))  # the only mode left is the Assault
    assert pieces(game.state, "Quang Tin") == {P.ARVN_TROOPS: 2}


def test_advise_1_or_2_spaces_1_under_typhoon_kate_4_2_1() -> None:
    state = blank()
    for s in ("Hue", "Da Nang", "Kontum"):
        state = put(state, s, {P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1})
    game = start(state, US, "patrol", "op+sa")
    play(game, ADVISE, sel("Hue"), Choose("assault"), sel("Da Nang"), Choose("assault"))
    decision = game.decision
    assert decision is not None and decision.kind is Kind.YES_NO
    assert game.legal() == (Choose("add-aid"), DECLINE)
    game = start(with_momentum(state, KATE), US, "patrol", "op+sa")
    play(game, ADVISE, sel("Hue"), Choose("assault"))
    assert game.legal() == (Choose("add-aid"), DECLINE)


# ==================================================================================================
# 4.2.2 Air Lift
# ==================================================================================================
def test_air_lift_us_troops_and_up_to_4_others_among_4_spaces_4_2_2() -> None:
    state = put(blank(), "Hue", {P.US_TROOPS: 8, P.ARVN_TROOPS: 3, P.ARVN_RANGER_ACTIVE: 2})
    game = start(state, US, "air-lift", "free")
    play(game, sel("Hue"), sel("Saigon"), mv(P.ARVN_TROOPS, 3, "Hue", "Saigon"))
    play(game, sel("Hue"), sel("Saigon"))
    assert mv(P.ARVN_RANGER_ACTIVE, 1, "Hue", "Saigon") in game.legal()
    assert mv(P.ARVN_RANGER_ACTIVE, 2, "Hue", "Saigon") not in game.legal()  # 4 at most
    play(game, mv(P.US_TROOPS, 8, "Hue", "Saigon"))
    play(game, sel("Hue"), sel("Can Tho"))  # only 1 Ranger may go: moved without asking
    assert finished(game)  # nothing more may move
    assert pieces(game.state, "Saigon") == {P.US_TROOPS: 8, P.ARVN_TROOPS: 3}
    assert pieces(game.state, "Can Tho") == {P.ARVN_RANGER_ACTIVE: 1}


def test_air_lift_space_limit_and_north_vietnam_4_2_2() -> None:
    state = put(blank(), "Hue", {P.US_TROOPS: 4})
    state = put(state, "Kontum", {P.US_TROOPS: 1})
    game = start(state, US, "air-lift", "free")
    refused(game, sel("North Vietnam"), "4.2.2")
    play(game, sel("Hue"), sel("Saigon"), mv(P.US_TROOPS, 1, "Hue", "Saigon"))
    play(game, sel("Hue"))
    refused(game, sel("North Vietnam"), "4.2.2")
    play(game, sel("Can Tho"), mv(P.US_TROOPS, 1, "Hue", "Can Tho"))
    play(game, sel("Kontum"))  # a 4th space
    assert sel("Da Nang") not in game.legal()  # a 5th is not allowed
    assert sel("Hue") in game.legal()


def test_air_lift_2_spaces_in_monsoon_high_winds_us_only_2_3_9() -> None:
    state = monsoon(put(blank(), "Hue", {P.US_TROOPS: 2, P.ARVN_TROOPS: 2}))
    game = start(state, US, "air-lift", "free")
    play(game, sel("Hue"), sel("Saigon"))
    assert mv(P.ARVN_TROOPS, 2, "Hue", "Saigon") in game.legal()
    play(game, mv(P.US_TROOPS, 1, "Hue", "Saigon"))
    play(game, sel("Hue"))
    assert sel("Can Tho") not in game.legal()  # 2 spaces in Monsoon
    windy = attrs.evolve(state, options=Options(high_winds=True))
    game = start(windy, US, "air-lift", "free")
    play(game, sel("Hue"), sel("Saigon"))
    assert mv(P.ARVN_TROOPS, 1, "Hue", "Saigon") not in game.legal()


def test_typhoon_kate_bans_air_lift_unless_the_event_grants_it_5_1_2() -> None:
    state = with_momentum(put(blank(), "Hue", {P.US_TROOPS: 2}), KATE)
    assert not us.can_air_lift(state, US, limited=False, free=False)
    assert us.can_air_lift(state, US, limited=False, free=True)
    game = start(state, US, "patrol", "op+sa")
    assert AIR_LIFT not in game.legal()


# ==================================================================================================
# 4.2.3 Air Strike (2nd edition)
# ==================================================================================================
def _strike_state() -> GameState:
    state = put(
        blank(trail=3),
        "Quang Tin",
        {
            P.ARVN_POLICE: 1,
            P.NVA_TROOPS: 1,
            P.NVA_GUERRILLA_ACTIVE: 1,
            P.VC_GUERRILLA_UNDERGROUND: 1,
            P.VC_BASE: 1,
        },
    )
    return put(state, "Quang Nam", {P.US_TROOPS: 1, P.VC_BASE: 1, P.VC_TUNNELED_BASE: 1})


def test_air_strike_hits_trail_and_active_pieces_4_2_3() -> None:
    game = start(dice(_strike_state(), 6), US, "air-strike", "free")
    events = play(game, sel("Quang Tin"), sel("Quang Nam"), DONE)
    assert rolls(events) == [6]
    assert game.decision is not None and game.decision.context.left == 6  # hits left
    legal = game.legal()
    assert Choose("degrade-trail") in legal
    assert mv(P.NVA_TROOPS, 1, "quang-tin-quang-ngai", AVAILABLE) in legal
    assert (
        mv(P.NVA_GUERRILLA_ACTIVE, 1, "quang-tin-quang-ngai", AVAILABLE) not in legal
    )  # Troops first
    assert mv(P.VC_BASE, 1, "quang-nam", AVAILABLE) in legal
    assert mv(P.VC_TUNNELED_BASE, 1, "quang-nam", AVAILABLE) not in legal
    play(game, Choose("degrade-trail"))
    assert game.state.trail == 2
    assert game.decision is not None and game.decision.context.left == 4
    assert Choose("degrade-trail") not in game.legal()  # 1 box per Air Strike
    play(game, mv(P.NVA_TROOPS, 1, "Quang Tin", AVAILABLE))
    play(game, mv(P.NVA_GUERRILLA_ACTIVE, 1, "Quang Tin", AVAILABLE))
    # the Underground VC Guerrilla protects the Base; never removed itself
    assert mv(P.VC_BASE, 1, "quang-tin-quang-ngai", AVAILABLE) not in game.legal()
    play(game, mv(P.VC_BASE, 1, "Quang Nam", AVAILABLE))
    assert finished(game)  # 6 hits used: 2 + 1 + 1 + 1, and nothing else to hit ... or spent
    assert game.state.space("Quang Tin").support is Support.PASSIVE_OPPOSITION
    assert game.state.space("Quang Nam").support is Support.PASSIVE_OPPOSITION
    check_invariants(game.state)


def test_air_strike_spaces_need_coin_pieces_and_2_in_monsoon_4_2_3() -> None:
    state = monsoon(_strike_state())
    state = put(state, "Hue", {P.US_TROOPS: 1})
    game = start(dice(state, 1), US, "air-strike", "free")
    refused(game, sel("Kontum"), "4.2.3")
    events = play(game, sel("Hue"), sel("Quang Nam"))  # 2 spaces: the die is rolled at once
    assert rolls(events) == [1]
    assert game.legal() == (mv(P.VC_BASE, 1, "Quang Nam", AVAILABLE), DONE)


def test_air_strike_banned_by_rolling_thunder_and_bombing_pause_5_4() -> None:
    state = with_momentum(_strike_state(), 41)
    assert not us.can_air_strike(state, US, limited=False, free=False)
    assert us.can_air_strike(state, US, limited=False, free=True)
    state = with_momentum(_strike_state(), 10)  # shaded Rolling Thunder (its Momentum side)
    assert not us.can_air_strike(state, US, limited=False, free=False)
    game = start(state, US, "assault", "op+sa")
    refused(game, AIR_STRIKE, "4.2.3")


@pytest.mark.parametrize(
    ("side", "dice_rolls", "trail"),
    [(Side.UNSHADED, (2,), 1), (Side.SHADED, (2, 3), 3), (Side.SHADED, (2, 4), 2)],
)
def test_top_gun_5_3(side: Side, dice_rolls: tuple[int, ...], trail: int) -> None:
    state = with_capability(_strike_state(), 4, side)
    game = start(dice(state, *dice_rolls), US, "air-strike", "free")
    play(game, DONE, Choose("degrade-trail"))
    assert game.state.trail == trail


def test_aaa_shaded_no_degrade_below_2_and_oriskany_5_3() -> None:
    state = attrs.evolve(with_capability(_strike_state(), 31, Side.SHADED))
    state = attrs.evolve(state, tracks=blank(trail=2).tracks)
    game = start(dice(state, 6), US, "air-strike", "free")
    play(game, DONE)
    assert finished(game)  # no spaces and no Degrade possible
    assert game.state.trail == 2
    state = with_momentum(_strike_state(), 39)  # shaded Oriskany
    game = start(dice(state, 6), US, "air-strike", "free")
    play(game, DONE)
    assert finished(game) and game.state.trail == 3


def test_migs_and_sa_2s_when_air_strike_degrades_5_3() -> None:
    state = with_capability(_strike_state(), 33, Side.SHADED)
    state = with_capability(state, 34, Side.UNSHADED)
    state = put(state, "Central Laos", {P.NVA_GUERRILLA_UNDERGROUND: 1, P.NVA_TROOPS: 1})
    game = start(dice(state, 2), US, "air-strike", "free")
    play(game, DONE, Choose("degrade-trail"))
    assert game.state.casualties[P.US_TROOPS] == 1  # MiGs
    play(game, mv(P.NVA_GUERRILLA_UNDERGROUND, 1, "Central Laos", AVAILABLE))  # SA-2s
    assert pieces(game.state, "Central Laos") == {P.NVA_TROOPS: 1}
    assert finished(game)


def test_laser_guided_bombs_and_arc_light_5_3() -> None:
    state = put(blank(), "Quang Tin", {P.US_TROOPS: 1, P.NVA_TROOPS: 4})
    state = put(state, "Quang Nam", {P.US_TROOPS: 1, P.NVA_TROOPS: 1})
    lgb = with_capability(state, 20, Side.UNSHADED)
    game = start(dice(lgb, 2), US, "air-strike", "free")
    play(game, sel("Quang Tin"), sel("Quang Nam"), DONE)
    play(
        game,
        mv(P.NVA_TROOPS, 1, "Quang Tin", AVAILABLE),
        mv(P.NVA_TROOPS, 1, "Quang Nam", AVAILABLE),
    )
    assert game.state.space("Quang Tin").support is Support.NEUTRAL  # 1 piece: no shift
    capped = with_capability(state, 20, Side.SHADED)
    game = start(dice(capped, 6), US, "air-strike", "free")
    play(game, sel("Quang Tin"), DONE)
    play(
        game,
        mv(P.NVA_TROOPS, 1, "Quang Tin", AVAILABLE),
        mv(P.NVA_TROOPS, 1, "Quang Tin", AVAILABLE),
    )
    assert Choose("degrade-trail") in game.legal()
    assert not any(c for c in game.legal() if c != Choose("degrade-trail") and c != DONE)
    moonscape = with_capability(state, 8, Side.SHADED)
    game = start(dice(moonscape, 2), US, "air-strike", "free")
    play(game, sel("Quang Tin"), DONE)
    play(
        game,
        mv(P.NVA_TROOPS, 1, "Quang Tin", AVAILABLE),
        mv(P.NVA_TROOPS, 1, "Quang Tin", AVAILABLE),
    )
    assert game.state.space("Quang Tin").support is Support.ACTIVE_OPPOSITION
    guided = with_capability(put(state, "Central Laos", {P.NVA_TROOPS: 1}), 8, Side.UNSHADED)
    game = start(dice(guided, 1), US, "air-strike", "free")
    play(game, sel("Central Laos"))
    assert sel("Sihanoukville") not in game.legal()  # only 1 Province without COIN pieces
    play(game, DONE, mv(P.NVA_TROOPS, 1, "Central Laos", AVAILABLE))
    assert pieces(game.state, "Central Laos") == {}


def test_wild_weasels_shaded_degrade_or_1_piece_5_4() -> None:
    state = attrs.evolve(with_momentum(_strike_state(), 5), card_markers=((5, "shaded"),))
    game = start(dice(state, 6), US, "air-strike", "free")
    play(game, sel("Quang Tin"), DONE, mv(P.NVA_TROOPS, 1, "Quang Tin", AVAILABLE))
    assert finished(game)  # 1 piece at most, and then no Degrade


# ==================================================================================================
# 4.3.1 Govern
# ==================================================================================================
def _govern_state() -> GameState:
    state = put(blank(aid=10), "Qui Nhon", {P.ARVN_POLICE: 2}, support=Support.ACTIVE_SUPPORT)
    state = put(state, "Hue", {P.US_TROOPS: 2, P.ARVN_POLICE: 1}, support=Support.PASSIVE_SUPPORT)
    return put(state, "Saigon", {P.ARVN_POLICE: 3}, support=Support.ACTIVE_SUPPORT)


def test_govern_aid_or_patronage_4_3_1() -> None:
    game = start(_govern_state(), ARVN, "govern", "free")
    refused(game, sel("Saigon"), "4.3.1")
    play(game, sel("Qui Nhon"), Choose("patronage"))
    assert game.state.aid == 9 and game.state.patronage == 16
    assert game.state.space("Qui Nhon").support is Support.PASSIVE_SUPPORT
    play(game, sel("Hue"))  # US Troops outnumber ARVN cubes: Aid only
    assert game.state.aid == 9 + 6
    assert finished(game)


def test_mandate_of_heaven_and_young_turks_5_3_2_4_1() -> None:
    state = with_capability(_govern_state(), 86, Side.UNSHADED)
    state = attrs.evolve(state, leader_box=(126,))
    game = start(state, ARVN, "govern", "free")
    play(game, sel("Qui Nhon"), Choose("patronage-no-shift"), DONE)
    assert game.state.space("Qui Nhon").support is Support.ACTIVE_SUPPORT
    assert game.state.patronage == 15 + 1 + 2  # Young Turks
    state = with_capability(_govern_state(), 86, Side.SHADED)
    game = start(state, ARVN, "govern", "free")
    play(game, sel("Qui Nhon"), Choose("aid"))
    assert finished(game)  # 1 space only


def test_govern_not_in_train_spaces_4_3_1() -> None:
    game = start(_govern_state(), ARVN, "train", "op+sa")
    play(game, sel("Qui Nhon"), DONE, GOVERN)
    refused(game, sel("Qui Nhon"), "4.3.1")


# ==================================================================================================
# 4.3.2 Transport
# ==================================================================================================
def test_transport_along_locs_and_through_cities_stopping_at_insurgents_4_3_2() -> None:
    state = put(blank(), "Quang Tri", {P.ARVN_TROOPS: 4, P.ARVN_RANGER_ACTIVE: 2})
    state = put(state, "Kontum", {P.ARVN_RANGER_ACTIVE: 1})
    origin = "quang-tri-thua-thien"
    reach = set(arvn.transport_reach(state, origin))
    assert {"loc-hue-da-nang", "hue", "da-nang", "quang-nam", "qui-nhon"} <= reach
    assert "north-vietnam" not in reach
    blocked = put(state, "loc-hue-da-nang", {P.VC_GUERRILLA_UNDERGROUND: 1})
    reach = set(arvn.transport_reach(blocked, origin))
    assert reach == {"loc-hue-khe-sanh", "loc-hue-da-nang", "hue", "central-laos"}
    game = start(state, ARVN, "transport", "free")
    play(game, sel("Quang Tri"), sel("Quang Nam"), mv(P.ARVN_TROOPS, 4, "Quang Tri", "Quang Nam"))
    play(game, sel("Da Nang"), mv(P.ARVN_RANGER_ACTIVE, 2, "Quang Tri", "Da Nang"))
    assert finished(game)  # 6 moved
    assert pieces(game.state, "Da Nang") == {P.ARVN_RANGER_UNDERGROUND: 2}
    assert pieces(game.state, "Kontum") == {P.ARVN_RANGER_UNDERGROUND: 1}  # all flipped


def test_khanh_transport_uses_at_most_1_loc_2_4_1() -> None:
    state = attrs.evolve(blank(), leader_box=(125,))
    origin = "quang-tri-thua-thien"
    reach = set(arvn.transport_reach(state, origin))
    assert "quang-nam" in reach and "da-nang" in reach
    assert "loc-da-nang-dak-to" not in reach


def test_armored_cavalry_5_3() -> None:
    state = with_capability(blank(), 61, Side.SHADED)
    state = put(state, "Hue", {P.ARVN_TROOPS: 2})
    assert not arvn.can_transport(state, ARVN, limited=False, free=False)
    state = with_capability(blank(), 61, Side.UNSHADED)
    state = put(state, "Da Nang", {P.ARVN_TROOPS: 2, P.ARVN_POLICE: 1})
    state = put(state, "Hue", {P.VC_GUERRILLA_ACTIVE: 1})
    game = start(state, ARVN, "patrol", "op+sa")
    play(game, TRANSPORT, sel("Da Nang"), sel("Hue"), mv(P.ARVN_TROOPS, 2, "Da Nang", "Hue"))
    play(game, DONE)  # the Patrol moves nothing
    assert game.legal() == (sel("Hue"), DONE)  # after the Operation
    play(game, sel("Hue"))
    assert pieces(game.state, "Hue") == {P.ARVN_TROOPS: 2}


def test_typhoon_kate_bans_transport_5_4() -> None:
    state = with_momentum(put(blank(), "Hue", {P.ARVN_TROOPS: 2}), KATE)
    assert not arvn.can_transport(state, ARVN, limited=False, free=False)


# ==================================================================================================
# 4.3.3 Raid
# ==================================================================================================
def test_raid_moves_adjacent_rangers_then_strikes_4_3_3() -> None:
    state = put(blank(), "Hue", {P.ARVN_RANGER_UNDERGROUND: 2})
    state = put(
        state, "Quang Tri", {P.NVA_GUERRILLA_UNDERGROUND: 1, P.NVA_TROOPS: 1, P.NVA_BASE: 1}
    )
    game = start(state, ARVN, "raid", "free")
    play(game, sel("Quang Tri"), mv(P.ARVN_RANGER_UNDERGROUND, 2, "Hue", "Quang Tri"))
    assert game.legal() == (Choose("strike"), DECLINE)
    play(game, Choose("strike"))
    assert pieces(game.state, "Quang Tri") == {
        P.ARVN_RANGER_UNDERGROUND: 1,
        P.ARVN_RANGER_ACTIVE: 1,
        P.NVA_BASE: 1,  # Bases only once no other enemy piece is there
    }


def test_free_raid_must_activate_an_underground_ranger_5_5() -> None:
    state = put(blank(), "Quang Tri", {P.ARVN_RANGER_ACTIVE: 1, P.NVA_TROOPS: 1})
    game = start(state, ARVN, "raid", "free")
    play(game, sel("Quang Tri"))
    assert pieces(game.state, "Quang Tri") == {P.ARVN_RANGER_ACTIVE: 1, P.NVA_TROOPS: 1}


def test_registry_accompaniment_4_1_1() -> None:
    def accompanies(faction: Faction, name: str) -> tuple[str, ...]:
        action = actions.lookup(faction, name)
        assert action is not None
        return action.accompanies

    assert accompanies(US, "advise") == ("train", "patrol")
    assert accompanies(ARVN, "govern") == ("train", "patrol")
    assert accompanies(ARVN, "raid") == ("patrol", "sweep", "assault")
    assert accompanies(US, "air-strike") == () and accompanies(ARVN, "transport") == ()


def test_arvn_first_eligible_op_with_special_activity_through_the_sequence_4_1() -> None:
    state = on_card(put(blank(), "Hue", {P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1}), ARVN_FIRST)
    game = Game(prime(state))
    assert game.decision is not None and game.decision.faction is ARVN
    play(game, Choose("op+sa"), Choose("assault"))
    assert game.legal() == (TRANSPORT, SpecialActivitySlot.NOT_NOW)  # no Rangers: no Raid
    play(game, SpecialActivitySlot.NOT_NOW, sel("Hue"))
    assert pieces(game.state, "Hue") == {P.ARVN_TROOPS: 2}
    assert game.state.tracks[0] == 27  # 3 ARVN Resources for the space


def test_medevac_and_da_nang_shaded_ban_air_lift_and_air_strike_5_4() -> None:
    state = put(blank(), "Hue", {P.US_TROOPS: 2})
    medevac = attrs.evolve(with_momentum(state, 15), card_markers=((15, "shaded"),))
    assert not us.can_air_lift(medevac, US, limited=False, free=False)
    unshaded = attrs.evolve(with_momentum(state, 15), card_markers=((15, "unshaded"),))
    assert us.can_air_lift(unshaded, US, limited=False, free=False)
    da_nang = with_momentum(state, 22)  # Da Nang's Momentum is its shaded text
    assert not us.can_air_strike(da_nang, US, limited=False, free=False)


def test_raid_removal_is_the_raiders_choice_4_3_3() -> None:
    state = put(
        blank(),
        "Hue",
        {P.ARVN_RANGER_UNDERGROUND: 1, P.NVA_TROOPS: 2, P.VC_GUERRILLA_UNDERGROUND: 1},
    )
    game = start(state, ARVN, "raid", "free")
    play(game, sel("Hue"), Choose("strike"), Choose("target-both"))
    assert game.legal() == (
        mv(P.NVA_TROOPS, 1, "Hue", AVAILABLE),
        mv(P.VC_GUERRILLA_UNDERGROUND, 1, "Hue", AVAILABLE),
    )
    play(game, mv(P.VC_GUERRILLA_UNDERGROUND, 1, "Hue", AVAILABLE))  # then a Troop at once
    assert pieces(game.state, "Hue") == {P.ARVN_RANGER_ACTIVE: 1, P.NVA_TROOPS: 1}


def test_advise_picks_the_special_force_to_activate_4_2_1() -> None:
    state = put(
        blank(),
        "Quang Tin",
        {P.US_IRREGULAR_UNDERGROUND: 1, P.ARVN_RANGER_UNDERGROUND: 1, P.VC_GUERRILLA_ACTIVE: 1},
    )
    game = start(state, US, "advise", "free")
    play(game, sel("Quang Tin"), Choose("special-forces"))
    assert game.legal() == (Choose("irregular"), Choose("ranger"))
    play(game, Choose("ranger"))
    assert pieces(game.state, "Quang Tin") == {
        P.US_IRREGULAR_UNDERGROUND: 1,
        P.ARVN_RANGER_ACTIVE: 1,
    }


def test_train_may_share_spaces_with_air_lift_4_1_1() -> None:
    state = put(put(blank(), "Quang Nam", {P.US_TROOPS: 2}), "Hue", {P.US_TROOPS: 1})
    game = start(state, US, "train", "op+sa")
    play(game, AIR_LIFT, sel("Quang Nam"), sel("Hue"), mv(P.US_TROOPS, 1, "Quang Nam", "Hue"), DONE)
    assert sel("Hue") in game.legal() and sel("Quang Nam") in game.legal()


# ==================================================================================================
# 3.1 targeting in the Special Activities
# ==================================================================================================
TARGET_NVA, TARGET_VC, TARGET_BOTH = (
    Choose("target-nva"),
    Choose("target-vc"),
    Choose("target-both"),
)


def test_advise_special_forces_target_only_vc_3_1_4_2_1() -> None:
    """3.1, 4.2.1: Special Forces targeting the VC remove both VC Guerrillas (Underground
    too) and leave the NVA Troops; the VC Base stays behind the NVA Troops (ruling R71)."""
    state = put(
        blank(),
        "Quang Tin",
        {
            P.US_IRREGULAR_UNDERGROUND: 1,
            P.NVA_TROOPS: 2,
            P.VC_GUERRILLA_UNDERGROUND: 1,
            P.VC_GUERRILLA_ACTIVE: 1,
            P.VC_BASE: 1,
        },
    )
    game = start(state, US, "advise", "free")
    play(game, sel("Quang Tin"))
    assert game.legal() == (TARGET_NVA, TARGET_VC, TARGET_BOTH)
    play(game, TARGET_VC)
    assert pieces(game.state, "Quang Tin") == {
        P.US_IRREGULAR_ACTIVE: 1,
        P.NVA_TROOPS: 2,
        P.VC_BASE: 1,
    }


def test_advise_assault_targets_only_vc_3_1_4_2_1_3_2_4() -> None:
    """3.1, 4.2.1: Advise's ARVN Assault targeting the VC skips the NVA Troops."""
    state = put(blank(), "Quang Tin", {P.ARVN_TROOPS: 2, P.NVA_TROOPS: 1, P.VC_GUERRILLA_ACTIVE: 1})
    game = start(state, US, "advise", "free")
    play(game, sel("Quang Tin"), Choose("assault"))
    refused(game, Choose("target-arvn"), "3.1", "not an enemy")
    play(game, TARGET_VC)
    assert pieces(game.state, "Quang Tin") == {P.ARVN_TROOPS: 2, P.NVA_TROOPS: 1}


def test_raid_targets_only_vc_3_1_4_3_3() -> None:
    """3.1, 4.3.3: a Raid targeting the VC removes its only VC Guerrilla and stops, sparing
    the NVA Troops although a removal is left."""
    state = put(
        blank(),
        "Hue",
        {P.ARVN_RANGER_UNDERGROUND: 1, P.NVA_TROOPS: 2, P.VC_GUERRILLA_UNDERGROUND: 1},
    )
    game = start(state, ARVN, "raid", "free")
    play(game, sel("Hue"), Choose("strike"))
    before = game.state
    refused(game, Choose("target-us"), "3.1", "not an enemy")
    assert game.state is before
    play(game, TARGET_VC)
    assert pieces(game.state, "Hue") == {P.ARVN_RANGER_ACTIVE: 1, P.NVA_TROOPS: 2}


def test_air_strike_targets_only_vc_3_1_4_2_3() -> None:
    """3.1, 4.2.3: an Air Strike space targeting the VC offers its Active VC Guerrillas
    although NVA Troops are there, and never the NVA Troops."""
    state = put(
        blank(trail=0),
        "Quang Tin",
        {P.US_TROOPS: 1, P.NVA_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 2},
    )
    game = start(dice(state, 6), US, "air-strike", "free")
    play(game, sel("Quang Tin"))
    assert game.legal() == (TARGET_NVA, TARGET_VC, TARGET_BOTH)
    play(game, TARGET_VC, DONE)
    assert game.legal() == (mv(P.VC_GUERRILLA_ACTIVE, 1, "Quang Tin", AVAILABLE), DONE)
    play(game, mv(P.VC_GUERRILLA_ACTIVE, 1, "Quang Tin", AVAILABLE))
    play(game, mv(P.VC_GUERRILLA_ACTIVE, 1, "Quang Tin", AVAILABLE))
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 1, P.NVA_TROOPS: 2}
    assert finished(game)  # hits left, but no targeted piece
