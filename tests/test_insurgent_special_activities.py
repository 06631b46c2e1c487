"""NVA and VC Special Activities (4.1, 4.4, 4.5): Infiltrate, Bombard, Ambush (NVA and VC),
Tax, Subvert; their timing around the Operation (4.1, with the rulebook's VC Rally-Tax-Rally
example), the Operations they may accompany (4.1.1), free Special Activities (5.5), NVA/VC
Resource transfers (1.5.2) and the lasting effects that change them (Booby Traps, Claymores,
Main Force Bns, Long Range Guns, McNamara Line, 559th Transport Grp, Typhoon Kate).
"""

from __future__ import annotations

from coinlake import Choose, Done, Move, Piece, Select, Side, Support
from coinlake.engine import Game, prime
from coinlake.rules.core import Kind
from coinlake.state.commands import Count
from coinlake.state.events import DieRolled
from coinlake.state.model import Track
from tests.cards.helpers import COUP, on_card, tracks
from tests.cards.helpers import play as cards_play
from tests.conftest import check_invariants, refused, rng_rolling
from tests.test_insurgent_operations import (
    LIMOP,
    NO_SA,
    NOT_NOW,
    NVA,
    OP,
    OP_SA,
    VC,
    VC_FIRST,
    at,
    begin,
    board,
    board_state,
    free,
    none_available,
    play,
)

NVA_G_U, NVA_G_A = Piece.NVA_GUERRILLA_UNDERGROUND, Piece.NVA_GUERRILLA_ACTIVE
VC_G_U, VC_G_A = Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE
MEKONG = "loc-saigon-can-tho"  # the 2-Econ Mekong LoC (4.4.3 EXAMPLE)


# == 4.1 timing ===============================================================================
def test_vc_rally_until_0_resources_then_tax_then_rally_more_4_1_example() -> None:
    pieces = {"tay-ninh": {VC_G_U: 1}}  # Pop 2
    game = begin(board(pieces, card=VC_FIRST, VC_RESOURCES=2), "rally", how=OP_SA)
    play(game, "select quang-nam", "select binh-dinh")
    assert game.state.resources(VC) == 0
    refused(game, Select("kien-phong"), "3.1", "no Resources left")
    assert Choose("tax") in game.legal()
    play(game, "tax", "select tay-ninh", "done")  # could go on in the 2 Rally spaces
    assert game.state.resources(VC) == 4  # twice the Population
    refused(game, Choose("subvert"), "4.1", "already executed")  # one Special Activity
    play(game, "select kien-phong", "select phuoc-long", "done")
    assert at(game, "kien-phong").pieces[VC_G_U] == 1
    assert game.state.resources(VC) == 2
    assert game.state.turn.acted == ((VC, "op+sa"),)


def test_special_activity_before_or_after_the_operation_4_1() -> None:
    pieces = {"tay-ninh": {VC_G_U: 1}}
    game = board(pieces, card=VC_FIRST)
    play(game, OP_SA, "rally")
    decision = game.decision
    assert decision is not None and decision.kind == Kind.SPECIAL_ACTIVITY  # before
    assert set(decision.options) == {Choose("tax"), NOT_NOW}
    play(game, NOT_NOW, "select quang-nam", "done")
    decision = game.decision
    assert decision is not None and set(decision.options) == {Choose("tax"), NO_SA}  # after
    play(game, "tax", "select tay-ninh", "done")
    assert game.state.turn.acted == ((VC, "op+sa"),)


def test_no_special_activity_with_a_limited_operation_2_3_5() -> None:
    pieces = {"tay-ninh": {VC_G_U: 1}}
    game = begin(board(pieces, card=VC_FIRST, acted=((NVA, "op"),)), "rally", how=LIMOP)
    refused(game, Choose("tax"), "4.1", "no Special Activity")


def _broke_vc(*lines: str) -> Game:
    """The VC 1st Eligible at 0 Resources (position format, ``docs/positions.md``), in
    Monsoon so that no free March onto a LoC is possible (3.3.2, 2.3.9)."""
    return on_card(VC_FIRST, tracks(vc_resources=0), *lines, next_card=COUP)


def test_tax_first_at_0_resources_then_rally_4_1_r86() -> None:
    # Tay Ninh: Pop 2, Neutral, no COIN Control
    game = _broke_vc("space tay-ninh 1 vc-guerrilla-u", "available 5 vc-guerrilla-u")
    options = game.legal()
    assert OP_SA in options  # no Operation is legal yet, but Tax first makes Rally legal
    refused(game, OP, "3.1", "no Operation it could execute now")
    cards_play(game, "op+sa")
    decision = game.decision
    assert decision is not None and decision.kind == Kind.SPECIAL_ACTIVITY
    assert NOT_NOW not in decision.options  # no Operation could come without it
    cards_play(game, "tax", "select tay-ninh")  # no other space: Tax ends
    assert game.state.resources(VC) == 4  # twice the Population (4.5.1)
    assert at(game, "tay-ninh").support is Support.PASSIVE_SUPPORT
    decision = game.decision
    assert decision is not None and decision.kind == Kind.OPERATION
    assert Choose("rally") in decision.options
    cards_play(game, "rally", "select quang-nam")
    refused(game, Choose("subvert"), "4.1", "already executed")  # one Special Activity
    cards_play(game, "select binh-dinh", "done")
    assert game.state.resources(VC) == 2
    assert at(game, "quang-nam").pieces[VC_G_U] == at(game, "binh-dinh").pieces[VC_G_U] == 1
    assert game.state.turn.acted == ((VC, "op+sa"),)


def test_no_operation_first_at_0_resources_without_a_special_activity_r86() -> None:
    game = _broke_vc("space tay-ninh 1 vc-guerrilla-a")  # Active: no Tax, no Subvert
    refused(game, OP_SA, "3.1", "no Operation with a Special Activity")
    refused(game, OP, "3.1", "no Operation it could execute now")


def test_a_special_activity_first_only_if_it_makes_an_operation_legal_r86() -> None:
    # Tax is legal in a 0-Pop Province but brings no Resource: no Rally could follow it
    game = _broke_vc("space phuoc-long 1 vc-guerrilla-u", "space tay-ninh 1 vc-guerrilla-a")
    refused(game, OP_SA, "3.1", "no Operation with a Special Activity")


def test_subvert_first_offers_only_operations_it_may_accompany_4_1_1_r86() -> None:
    # 0 Resources: Tax first (Pop 2) makes Rally and Attack legal; Ambush cannot come first
    # (it is part of its March or Attack, 4.4.3)
    game = _broke_vc(
        "space quang-tri-thua-thien 1 vc-guerrilla-u 2 vc-guerrilla-a 1 arvn-police",
    )
    cards_play(game, "op+sa")
    refused(game, Choose("ambush"), "4.1")
    cards_play(game, "tax", "select quang-tri-thua-thien")
    decision = game.decision
    assert decision is not None and decision.kind == Kind.OPERATION
    assert {Choose("rally"), Choose("attack")} <= set(decision.options)


# == 4.4.3 / 4.5.3 Ambush =====================================================================
def _mekong() -> dict[str, dict[Piece, int]]:
    return {
        MEKONG: {NVA_G_U: 1, Piece.ARVN_POLICE: 1},
        "kien-phong": {NVA_G_U: 1, Piece.US_TROOPS: 1, Piece.ARVN_TROOPS: 1},
        "kien-hoa-vinh-binh": {Piece.ARVN_BASE: 1},
        "can-tho": {Piece.US_TROOPS: 1, Piece.US_BASE: 1},
        "saigon": {Piece.ARVN_POLICE: 1},
    }


def test_ambush_road_river_from_the_mekong_and_again_in_kien_phong_4_4_3_example() -> None:
    game = begin(board(_mekong()), "attack", how=OP_SA)
    counter = game.state.rng.counter
    play(game, f"select {MEKONG}")
    assert set(game.legal()) == {Choose("guerrillas"), Choose("ambush")}
    play(game, "ambush")
    moves = [m for m in game.legal() if isinstance(m, Move)]
    reach = {m.origin for m in moves}
    assert reach == {MEKONG, "kien-phong", "kien-hoa-vinh-binh", "can-tho", "saigon"}
    targets = {(m.piece, m.origin) for m in moves}
    assert (Piece.US_BASE, "can-tho") not in targets  # Bases last, space by space
    assert (Piece.ARVN_BASE, "kien-hoa-vinh-binh") in targets  # alone there
    play(game, "move 1 us-troops kien-phong casualties")
    assert at(game, MEKONG).pieces[NVA_G_A] == 1  # 1 Guerrilla Activated
    play(game, "select kien-phong", "ambush")  # the ARVN Troop, the only target left
    sp = at(game, "kien-phong")
    assert sp.pieces[NVA_G_A] == 1 and sp.count(Piece.US_TROOPS, Piece.ARVN_TROOPS) == 0
    assert game.state.casualties[Piece.US_TROOPS] == 1  # US to Casualties
    assert game.state.rng.counter == counter  # no die
    assert at(game, MEKONG).count(NVA_G_U, NVA_G_A) == 1  # no Attrition
    refused(game, Select("saigon"), "3.3.3")  # no NVA there
    play(game, "done")
    assert game.state.turn.acted == ((NVA, "op+sa"),)
    assert game.state.resources(NVA) == 8  # the Attack spaces are paid: 1 each
    check_invariants(game.state)


def test_ambush_from_a_loc_needs_no_enemy_on_it_4_4_3() -> None:
    pieces = {MEKONG: {NVA_G_U: 2}, "saigon": {Piece.ARVN_POLICE: 1}}
    game = begin(board(pieces), "attack", how=OP_SA)
    play(game, f"select {MEKONG}")  # Ambush is the only mode: no question
    assert at(game, "saigon").pieces[Piece.ARVN_POLICE] == 0
    assert at(game, MEKONG).pieces[NVA_G_A] == 1 and at(game, MEKONG).pieces[NVA_G_U] == 1


def test_ambush_is_not_with_a_plain_op_and_needs_underground_4_4_3() -> None:
    active = board({MEKONG: {NVA_G_A: 2}, "saigon": {Piece.ARVN_POLICE: 1}})
    assert OP_SA in active.legal()  # 4.1: a Special Activity may yet become possible
    active.apply(OP)
    refused(active, Choose("attack"), "3.1")  # nothing to Attack or Ambush anywhere
    plain = begin(board({MEKONG: {NVA_G_U: 2}, "saigon": {Piece.ARVN_POLICE: 1}}), "attack")
    assert Select(MEKONG) not in plain.legal()  # "op": no Special Activity


def test_ambush_with_march_in_a_destination_an_underground_guerrilla_marched_into() -> None:
    pieces = {
        "tay-ninh": {VC_G_U: 2},
        "kien-phong": {Piece.US_TROOPS: 2},
    }
    game = begin(board(pieces, card=VC_FIRST), "march", how=OP_SA)
    assert Choose("ambush") not in game.legal()
    play(game, "select kien-phong", "move 2 vc-guerrilla-u tay-ninh kien-phong", "done")
    play(game, "ambush")  # Kien Phong, the only such destination
    sp = at(game, "kien-phong")
    assert sp.pieces[Piece.US_TROOPS] == 1 and sp.pieces[VC_G_A] == 1 and sp.pieces[VC_G_U] == 1
    assert Choose("ambush") not in game.legal()  # no other destination qualifies
    play(game, "done")
    assert game.state.turn.acted == ((VC, "op+sa"),)


def test_ambush_march_destination_needs_a_marched_underground_guerrilla_4_4_3() -> None:
    pieces = {
        "tay-ninh": {VC_G_A: 1},
        "kien-phong": {Piece.US_TROOPS: 2, VC_G_U: 1},  # Underground, but did not March
    }
    game = begin(board(pieces, card=VC_FIRST), "march", how=OP_SA)
    play(game, "select kien-phong", "move 1 vc-guerrilla-a tay-ninh kien-phong", "done")
    assert Choose("ambush") not in game.legal()


def test_booby_traps_ambush_1_space_and_claymores_no_ambush_cards_101_17() -> None:
    caps = ((101, Side.UNSHADED),)
    game = begin(board(_mekong(), capabilities=caps, rng=rng_rolling(6)), "attack", how=OP_SA)
    play(game, f"select {MEKONG}", "ambush", "move 1 arvn-police saigon available")
    play(game, "select kien-phong")  # no 2nd Ambush: an ordinary Attack (rolls 6, misses)
    assert [e.value for e in game.events if isinstance(e, DieRolled)] == [6]
    pieces = {**_mekong(), "central-laos": {Piece.NVA_BASE: 1}}  # Infiltrate: op+sa offered
    banned = begin(board(pieces, momentum=(17,), rng=rng_rolling(6)), "attack", how=OP_SA)
    play(banned, f"select {MEKONG}")  # Guerrillas only: no question
    assert [e.value for e in banned.events if isinstance(e, DieRolled)] == [6]
    assert Choose("ambush") not in banned.legal()


def test_main_force_bns_shaded_1_vc_ambush_space_removes_2_card_104() -> None:
    pieces = {
        "quang-nam": {VC_G_U: 1, Piece.ARVN_TROOPS: 3},
        "binh-dinh": {VC_G_U: 1, Piece.ARVN_TROOPS: 3},
    }
    caps = ((104, Side.SHADED),)
    game = begin(board(pieces, card=VC_FIRST, capabilities=caps), "attack", how=OP_SA)
    play(game, "select quang-nam", "ambush")  # 1st removal forced, the 2nd "may"
    assert Done() in game.legal()
    play(game, "move 1 arvn-troops quang-nam available")
    play(game, "select binh-dinh", "ambush")  # only 1 now, forced
    assert at(game, "quang-nam").pieces[Piece.ARVN_TROOPS] == 1
    assert at(game, "binh-dinh").pieces[Piece.ARVN_TROOPS] == 2


def test_pt_76_unshaded_also_costs_a_troop_in_an_ambush_space_card_45() -> None:
    pieces = {"quang-nam": {NVA_G_U: 1, Piece.NVA_TROOPS: 1, Piece.ARVN_POLICE: 1}}
    game = begin(board(pieces, capabilities=((45, Side.UNSHADED),)), "attack", how=OP_SA)
    play(game, "select quang-nam", "ambush")
    assert at(game, "quang-nam").pieces[Piece.NVA_TROOPS] == 0


def test_free_ambush_occurs_as_if_an_attack_5_5() -> None:
    pieces = {
        "quang-nam": {NVA_G_A: 1, Piece.US_TROOPS: 1},
        "hue": {NVA_G_U: 1, Piece.US_TROOPS: 1},
    }
    state = board_state(pieces, momentum=(17,))  # Claymores yields to the Event (5.1.2)
    game = free(state, NVA, "ambush")
    decision = game.decision
    assert decision is not None and Select("quang-nam") not in decision.options  # Active only
    play(game, "select hue")  # no other space with an Underground Guerrilla: over
    assert game.state.casualties[Piece.US_TROOPS] == 1
    assert at(game, "hue").pieces[NVA_G_A] == 1
    active = free(board_state(pieces), NVA, "ambush", "active_ok=true", "max_spaces=2")
    play(active, "select quang-nam", "select hue")
    assert active.state.casualties[Piece.US_TROOPS] == 2


# == 4.4.1 Infiltrate =========================================================================
def test_infiltrate_places_troops_up_to_trail_plus_bases_then_replaces_guerrillas_4_4_1() -> None:
    pieces = {"southern-laos": {Piece.NVA_BASE: 1, NVA_G_U: 1, NVA_G_A: 2}}
    game = begin(board(pieces, TRAIL=2), "rally", how=OP_SA)
    play(game, "infiltrate")  # one space qualifies: still selected by the NVA
    play(game, "select southern-laos")  # only "troops" can act here
    assert game.legal() == (Count(0), Count(1), Count(2), Count(3))  # Trail 2 + 1 Base
    play(game, "count 3", "move 2 nva-guerrilla-a southern-laos available", "done")
    sp = at(game, "southern-laos")
    assert sp.pieces[Piece.NVA_TROOPS] == 5 and sp.pieces[NVA_G_A] == 0 and sp.pieces[NVA_G_U] == 1
    check_invariants(game.state)


def test_infiltrate_takes_over_a_vc_tunneled_base_and_erodes_opposition_4_4_1() -> None:
    pieces = {"tay-ninh": {Piece.NVA_TROOPS: 3, Piece.VC_TUNNELED_BASE: 1, VC_G_U: 1}}
    support = {"tay-ninh": Support.ACTIVE_OPPOSITION}
    game = begin(board(pieces, support=support), "march", how=OP_SA)
    play(game, "infiltrate", "select tay-ninh")
    assert at(game, "tay-ninh").support is Support.PASSIVE_OPPOSITION
    play(game, "move 1 vc-base-t tay-ninh available")
    sp = at(game, "tay-ninh")
    assert sp.pieces[Piece.NVA_TUNNELED_BASE] == 1 and sp.pieces[Piece.VC_TUNNELED_BASE] == 0
    assert game.state.available[Piece.VC_BASE] > 0
    check_invariants(game.state)


def test_infiltrate_counterpart_taken_from_the_map_when_none_available_4_4_1_1_4_1() -> None:
    pieces = {"tay-ninh": {Piece.NVA_TROOPS: 3, VC_G_A: 1}, "hue": {NVA_G_A: 1}}
    state = none_available(board_state(pieces), NVA_G_U, NVA_G_U)
    game = Game(prime(state))
    begin(game, "march", how=OP_SA)
    play(game, "infiltrate", "select tay-ninh", "move 1 vc-guerrilla-a tay-ninh available")
    play(game, "move 1 nva-guerrilla-a hue tay-ninh")  # made Available from the map
    sp = at(game, "tay-ninh")
    assert sp.pieces[NVA_G_U] == 1 and sp.pieces[VC_G_A] == 0
    check_invariants(game.state)


def test_infiltrate_only_with_rally_or_march_and_under_lasting_effects_4_4_1() -> None:
    pieces = {
        "southern-laos": {Piece.NVA_BASE: 1, Piece.US_TROOPS: 1, NVA_G_U: 2},
        "central-laos": {Piece.NVA_BASE: 1},
    }
    attack = begin(board(pieces), "attack", how=OP_SA)
    refused(attack, Choose("infiltrate"), "4.1.1", "only rally or march")
    mcnamara = begin(board(pieces, momentum=(38,)), "rally", how=OP_SA)
    assert Choose("infiltrate") not in mcnamara.legal()
    one = begin(board(pieces, momentum=(46,)), "rally", how=OP_SA)
    play(one, "infiltrate", "select central-laos", "count 0")
    assert one.decision is not None and one.decision.kind == Kind.SELECT_SPACE  # max 1 space


# == 4.4.2 Bombard ============================================================================
def test_bombard_removes_a_troop_us_to_casualties_4_4_2() -> None:
    pieces = {
        "quang-tri-thua-thien": {Piece.US_TROOPS: 2, Piece.ARVN_TROOPS: 1},
        "north-vietnam": {Piece.NVA_TROOPS: 3},
        "hue": {Piece.ARVN_BASE: 1, Piece.ARVN_TROOPS: 1},
        "quang-nam": {Piece.US_TROOPS: 3},  # no 3 NVA Troops in or next to it
    }
    game = board(pieces)
    play(game, OP_SA, "rally")
    assert game.decision is not None and Choose("bombard") in game.decision.options
    play(game, "bombard")
    refused(game, Select("quang-nam"), "4.4.2", "3 NVA Troops")
    refused(game, Select("north-vietnam"), "4.4.2", "neither 3")
    play(game, "select quang-tri-thua-thien", "move 1 us-troops quang-tri-thua-thien casualties")
    assert game.state.casualties[Piece.US_TROOPS] == 1
    assert game.decision is not None and game.decision.kind == Kind.SELECT_SPACE  # Hue: no
    assert at(game, "hue").pieces[Piece.ARVN_TROOPS] == 1


def test_long_range_guns_and_typhoon_kate_change_bombard_cards_32_115() -> None:
    pieces = {
        "quang-tri-thua-thien": {Piece.US_TROOPS: 3, Piece.NVA_TROOPS: 3},
        "hue": {Piece.US_TROOPS: 3},
        "quang-nam": {Piece.US_TROOPS: 3},
    }
    three = board(pieces, capabilities=((32, Side.SHADED),))
    play(three, OP_SA, "rally", "bombard", "select quang-tri-thua-thien")
    play(three, "select hue", "select quang-nam")
    assert three.state.casualties[Piece.US_TROOPS] == 3
    one = board(pieces, capabilities=((32, Side.UNSHADED),))
    play(one, OP_SA, "rally", "bombard", "select hue")
    assert one.decision is not None and one.decision.kind == Kind.SELECT_SPACE
    kate = board(pieces, momentum=(115,))
    play(kate, OP_SA, "rally")
    assert Choose("bombard") not in kate.legal()  # Typhoon Kate: no Bombard (card 115)


# == 4.5.1 Tax ================================================================================
def test_tax_gains_econ_or_twice_pop_and_shifts_toward_support_4_5_1() -> None:
    pieces = {
        "tay-ninh": {VC_G_U: 2},  # Pop 2
        MEKONG: {VC_G_U: 1, Piece.ARVN_TROOPS: 3},  # a LoC: never COIN-Controlled
        "kien-phong": {VC_G_U: 1, Piece.ARVN_TROOPS: 3},  # COIN Control
    }
    game = begin(board(pieces, card=VC_FIRST, VC_RESOURCES=0), "terror", how=OP_SA)
    play(game, "tax")
    refused(game, Select("kien-phong"), "4.5.1", "COIN Control")
    play(game, "select tay-ninh", f"select {MEKONG}")  # no 3rd space possible: over
    assert game.state.resources(VC) == 4 + 2
    sp = at(game, "tay-ninh")
    assert sp.support is Support.PASSIVE_SUPPORT
    assert sp.pieces[VC_G_A] == 1 and sp.pieces[VC_G_U] == 1


def test_typhoon_kate_limits_tax_to_1_space_card_115() -> None:
    pieces = {"tay-ninh": {VC_G_U: 1}, "kien-phong": {VC_G_U: 1}}
    game = begin(board(pieces, card=VC_FIRST, momentum=(115,)), "rally", how=OP_SA)
    play(game, "tax", "select tay-ninh")
    assert game.decision is not None and game.decision.kind == Kind.SELECT_SPACE


# == 4.5.2 Subvert ============================================================================
def test_subvert_removes_or_replaces_cubes_and_drops_patronage_4_5_2() -> None:
    pieces = {
        "quang-nam": {VC_G_U: 1, Piece.ARVN_TROOPS: 1, Piece.ARVN_POLICE: 2},
        "binh-dinh": {VC_G_U: 1, Piece.ARVN_POLICE: 1},
    }
    game = begin(board(pieces, card=VC_FIRST), "rally", how=OP_SA)
    play(game, "subvert", "select quang-nam", "remove")
    play(game, "move 1 arvn-troops quang-nam available")  # then a Police, forced
    play(game, "select binh-dinh", "replace")
    sp = at(game, "binh-dinh")
    assert sp.pieces[Piece.ARVN_POLICE] == 0 and sp.pieces[VC_G_U] == 2
    assert game.state.tracks[Track.PATRONAGE] == 15 - 1  # 3 cubes: -1
    check_invariants(game.state)


def test_subvert_only_with_rally_march_or_terror_4_5_2() -> None:
    pieces = {"quang-nam": {VC_G_U: 1, Piece.ARVN_POLICE: 2}}
    game = begin(board(pieces, card=VC_FIRST), "attack", how=OP_SA)
    assert Choose("subvert") not in game.legal()
    terror = begin(board(pieces, card=VC_FIRST), "terror", how=OP_SA)
    assert Choose("subvert") in terror.legal()


# == 1.5.2 NVA/VC Resource transfers ==========================================================
def test_nva_and_vc_transfer_up_to_half_resources_1_5_2() -> None:
    game = begin(board(card=VC_FIRST, VC_RESOURCES=7, NVA_RESOURCES=9), "rally")
    play(game, "give-resources")
    decision = game.decision
    assert decision is not None and decision.faction is VC and decision.rule == "1.5.2"
    assert decision.kind == Kind.HOW_MANY
    assert decision.options == (Count(1), Count(2), Count(3))  # half of 7
    play(game, "count 3")
    assert game.state.resources(VC) == 4 and game.state.resources(NVA) == 12
    assert Choose("give-resources") not in game.legal()  # once per Operation
    play(game, "get-resources")
    decision = game.decision
    assert decision is not None and decision.faction is NVA  # the giver decides
    assert decision.options == tuple(Count(n) for n in range(7))  # 0: it declines
    play(game, "count 0")
    assert game.state.resources(NVA) == 12


def test_no_transfer_in_free_operations_and_at_low_resources_1_5_2() -> None:
    game = begin(board(card=VC_FIRST, VC_RESOURCES=1, NVA_RESOURCES=1), "rally")
    assert Choose("give-resources") not in game.legal()
    assert Choose("get-resources") not in game.legal()
    granted = free(board_state(card=VC_FIRST), VC, "rally")
    assert Choose("give-resources") not in granted.legal()


def test_die_not_rolled_by_special_activities() -> None:
    pieces = {"tay-ninh": {VC_G_U: 2}}
    game = begin(board(pieces, card=VC_FIRST, rng=rng_rolling(1)), "rally", how=OP_SA)
    play(game, "tax", "select tay-ninh")
    assert not [e for e in game.events if isinstance(e, DieRolled)]


def test_ambush_is_offered_by_its_operation_not_before_it_4_1_4_4_3() -> None:
    game = board(_mekong())
    play(game, OP_SA, "attack")
    decision = game.decision
    assert decision is not None and decision.kind == Kind.SELECT_SPACE  # no "ambush" offer
    assert Choose("ambush") not in decision.options
    refused(game, Choose("ambush"), "4.4.3", "Attack space")
