"""COIN Operations: Train, Patrol, Sweep and Assault (rules 3.1, 3.2.1-3.2.4 and what they
cite: 1.4.1, 1.4.2, 1.8.1, 2.3.5, 2.3.9, 3.1.2, 5.5) and the lasting effects that change
them (5.3, 5.4, 2.4.1).

Positions are built on an empty Full-scenario map whose pieces all start in the Available
boxes (so the 229 pieces of 1.2 are always accounted for); an Operation is then started
directly with the test procedure ``tests.coin`` (:func:`start`), or reached through the
Sequence of Play. Expected values come from the rulebook section named in each test.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest

import coinlake
from coinlake.data import cards
from coinlake.data.cards import Side
from coinlake.data.map import space_index
from coinlake.data.pieces import Faction, Piece
from coinlake.engine import Game, prime, start_procedure
from coinlake.rules import actions, kit
from coinlake.rules.actions import ActionKind, SpecialActivitySlot
from coinlake.rules.core import PROCEDURES, Ctx, Kind, Proc, procedure
from coinlake.rules.operations import assault, patrol
from coinlake.state.commands import Choose, Command, Count, Done, Move, Select
from coinlake.state.events import DieRolled, Event
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    GameState,
    Phase,
    Support,
    Track,
)
from tests import conftest
from tests.conftest import check_invariants, put, refused, rng_rolling
from tests.test_insurgent_operations import free

P = Piece
US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
DONE = Done()
EVENT_A, EVENT_B = 1, 2
"""Gulf of Tonkin and Kissinger: Event cards with the US first (faction order US, NVA, ARVN,
VC) and no lasting effect."""
COUP = 125


# -- building positions --------------------------------------------------------------------------
def blank(**tracks: int) -> GameState:
    """A Full-scenario state on an Event card (no Coup next), with an empty, Neutral map and
    every piece Available; Minh leads (no Coup card in the RVN Leader box); no Pivotal Events
    held. ``tracks``: e.g. ``arvn_resources=30``."""
    defaults = {"arvn_resources": 30, "aid": 15, "patronage": 15, "econ": 15, "trail": 2}
    state = conftest.blank(options=None, **{**defaults, **tracks})
    deck = tuple(c for c in state.deck if c not in (EVENT_A, EVENT_B))
    return attrs.evolve(
        state,
        phase=Phase.EVENT_CARD,
        played=(EVENT_A,),
        next_card=EVENT_B,
        deck=deck,
        leader_box=(),
        pivotals_held=(),
    )


def unavailable(state: GameState, piece: Piece, box: str = "out-of-play") -> GameState:
    """Move every Available ``piece`` out of play, so that none is Available (1.4.1)."""
    available = list(state.available)
    other = list(state.out_of_play)
    other[piece] += available[piece]
    available[piece] = 0
    return attrs.evolve(state, available=tuple(available), out_of_play=tuple(other))


def with_capability(state: GameState, card: int, side: Side) -> GameState:
    return attrs.evolve(state, capabilities=tuple(sorted((*state.capabilities, (card, side)))))


def with_momentum(state: GameState, card: int) -> GameState:
    return attrs.evolve(state, momentum=tuple(sorted((*state.momentum, card))))


def monsoon(state: GameState) -> GameState:
    """A Coup card shows as the next card (2.3.9)."""
    deck = tuple(c for c in state.deck if c != COUP)
    return attrs.evolve(state, next_card=COUP, deck=deck)


def dice(state: GameState, *values: int) -> GameState:
    """``state`` with a generator whose next die rolls are ``values`` (:func:`rng_rolling`)."""
    return attrs.evolve(state, rng=rng_rolling(*values))


# -- running an Operation or Special Activity ----------------------------------------------------
TEST_PROCEDURE = "tests.coin"


def _run_action(ctx: Ctx, faction_name: str, name: str, mode: str) -> Proc:
    """Run ``faction``'s action ``name``: ``mode`` is ``op`` / ``op+sa`` (with its Special
    Activity slot, offered again after the Operation as in 4.1), ``limop`` (2.3.5), ``free``
    (3.1.2) -- for a Special Activity ``sa`` or ``free`` (granted alone by an Event)."""
    faction = Faction(faction_name)
    action = actions.lookup(faction, name)
    assert action is not None
    if action.kind is ActionKind.OPERATION:
        slot = SpecialActivitySlot(faction, name) if mode == "op+sa" else None
        outcome = yield from action.run(
            ctx, faction, limited=mode == "limop", free=mode == "free", sa=slot
        )
        if slot is not None:
            if outcome.executed:
                yield from slot.offer(ctx, last=True)
            for step in slot.after:
                yield from step(ctx)
    else:
        yield from action.run(ctx, faction, limited=False, free=mode == "free", sa=None)


if TEST_PROCEDURE not in PROCEDURES:
    procedure(TEST_PROCEDURE)(_run_action)


def start(state: GameState, faction: Faction, name: str, mode: str = "op") -> Game:
    """A game positioned at the first question of ``faction``'s ``name`` in ``state``."""
    return Game(
        start_procedure(
            attrs.evolve(state, pending=None), TEST_PROCEDURE, (faction.value, name, mode)
        )
    )


def finished(game: Game) -> bool:
    """The action started by :func:`start` is over."""
    pending = game.state.pending
    return pending is None or pending.name != TEST_PROCEDURE


def play(game: Game, *commands: Command) -> list[Event]:
    """Apply ``commands`` in order; returns their events."""
    events: list[Event] = []
    for command in commands:
        events.extend(game.apply(command))
    return events


def sel(space: str) -> Select:
    return Select(space_index_id(space))


def space_index_id(space: str) -> str:
    return coinlake.SPACES[space_index(space)].id


def mv(piece: Piece, n: int, origin: str, destination: str) -> Move:
    ids = {AVAILABLE, CASUALTIES}
    o = origin if origin in ids else space_index_id(origin)
    d = destination if destination in ids else space_index_id(destination)
    return Move(piece, n, o, d)


def pieces(state: GameState, space: str) -> dict[Piece, int]:
    """The non-zero piece counts of a space."""
    counts = state.space(space).pieces
    return {p: counts[p] for p in Piece if counts[p]}


def arvn(state: GameState) -> int:
    return state.tracks[Track.ARVN_RESOURCES]


def rolls(events: Iterable[Event]) -> list[int]:
    return [e.value for e in events if isinstance(e, DieRolled)]


# ==================================================================================================
# 3.1, 3.2 in general
# ==================================================================================================
def test_every_coin_operation_and_special_activity_is_registered_3_0_4_0() -> None:
    assert [a.name for a in actions.operations(US)] == ["train", "patrol", "sweep", "assault"]
    assert [a.name for a in actions.operations(ARVN)] == ["train", "patrol", "sweep", "assault"]
    assert [a.name for a in actions.special_activities(US)] == ["advise", "air-lift", "air-strike"]
    assert [a.name for a in actions.special_activities(ARVN)] == ["govern", "transport", "raid"]


def test_operation_chosen_through_the_sequence_of_play_3_1() -> None:
    state = put(blank(), "Quang Nam", {P.US_TROOPS: 2})
    game = Game(prime(state))
    assert game.decision is not None and game.decision.faction is US
    play(game, Choose("op"), Choose("train"))
    decision = game.decision
    assert decision is not None and decision.kind is Kind.SELECT_SPACE
    assert decision.context.procedure == "train" and decision.context.faction is US
    assert sel("Quang Nam") in decision.options


def test_us_spends_only_arvn_resources_above_econ_1_8_1() -> None:
    state = blank(arvn_resources=17, econ=15)
    assert actions.spendable(state, US) == 2 and actions.spendable(state, ARVN) == 17
    state = put(state, "Quang Nam", {P.US_BASE: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"))
    legal = game.legal()
    assert not any(isinstance(c, Move) and c.piece.faction is ARVN for c in legal)
    assert mv(P.US_IRREGULAR_UNDERGROUND, 2, AVAILABLE, "Quang Nam") in legal


def test_select_each_space_once_3_1() -> None:
    state = put(put(blank(), "Quang Nam", {P.US_TROOPS: 2}), "Hue", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), DONE)
    refused(game, sel("Quang Nam"), "3.1", "already selected")


# ==================================================================================================
# 3.2.1 Train
# ==================================================================================================
def test_us_train_places_irregulars_at_no_cost_3_2_1() -> None:
    state = put(blank(), "Quang Nam", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"))
    legal = game.legal()
    assert mv(P.US_IRREGULAR_UNDERGROUND, 2, AVAILABLE, "Quang Nam") in legal
    assert not any(isinstance(c, Move) and c.piece is P.ARVN_TROOPS for c in legal)  # no Base
    play(game, mv(P.US_IRREGULAR_UNDERGROUND, 2, AVAILABLE, "Quang Nam"))
    assert pieces(game.state, "Quang Nam")[P.US_IRREGULAR_UNDERGROUND] == 2
    assert arvn(game.state) == 30  # Irregulars cost nothing


def test_us_train_at_us_base_up_to_6_arvn_cubes_for_3_3_2_1() -> None:
    state = put(blank(), "Quang Nam", {P.US_BASE: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), mv(P.ARVN_TROOPS, 4, AVAILABLE, "Quang Nam"))
    legal = game.legal()
    assert mv(P.ARVN_POLICE, 2, AVAILABLE, "Quang Nam") in legal
    assert mv(P.ARVN_POLICE, 3, AVAILABLE, "Quang Nam") not in legal  # 6 cubes at most
    assert not any(isinstance(c, Move) and c.piece.kind.value == "irregular" for c in legal)
    play(game, mv(P.ARVN_POLICE, 2, AVAILABLE, "Quang Nam"))
    assert pieces(game.state, "Quang Nam") == {P.US_BASE: 1, P.ARVN_TROOPS: 4, P.ARVN_POLICE: 2}
    assert arvn(game.state) == 27  # 3 once for the space


def test_us_train_rangers_only_at_us_base_3_2_1() -> None:
    state = put(put(blank(), "Quang Nam", {P.US_BASE: 1}), "Binh Dinh", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Binh Dinh"))
    assert not any(isinstance(c, Move) and c.piece.faction is ARVN for c in game.legal())
    play(game, DONE, sel("Quang Nam"), mv(P.ARVN_RANGER_UNDERGROUND, 2, AVAILABLE, "Quang Nam"))
    assert pieces(game.state, "Quang Nam")[P.ARVN_RANGER_UNDERGROUND] == 2


def test_arvn_train_cubes_only_in_cities_or_at_bases_rangers_anywhere_3_2_1() -> None:
    state = blank()
    game = start(state, ARVN, "train")
    play(game, sel("Quang Nam"))
    legal = game.legal()
    assert mv(P.ARVN_RANGER_UNDERGROUND, 2, AVAILABLE, "Quang Nam") in legal
    assert not any(isinstance(c, Move) and c.piece.is_cube for c in legal)
    play(game, DONE, sel("Hue"))
    assert mv(P.ARVN_TROOPS, 6, AVAILABLE, "Hue") in game.legal()
    state = put(blank(), "Binh Dinh", {P.ARVN_BASE: 1})
    game = start(state, ARVN, "train")
    play(game, sel("Binh Dinh"))
    assert mv(P.ARVN_POLICE, 6, AVAILABLE, "Binh Dinh") in game.legal()


def test_arvn_train_costs_3_only_where_arvn_pieces_are_placed_3_2_1() -> None:
    game = start(blank(), ARVN, "train")
    play(
        game,
        sel("Hue"),
        mv(P.ARVN_TROOPS, 2, AVAILABLE, "Hue"),
        mv(P.ARVN_POLICE, 1, AVAILABLE, "Hue"),
    )
    assert arvn(game.state) == 27
    play(game, DONE, sel("Quang Nam"), DONE, DONE)  # a space with nothing placed costs 0
    assert arvn(game.state) == 27


def test_arvn_train_selection_refusals_3_2_1() -> None:
    state = put(blank(), "Quang Nam", {P.NVA_TROOPS: 2})
    game = start(state, ARVN, "train")
    refused(game, sel("Quang Nam"), "3.2.1", "NVA Control")
    refused(game, sel("North Vietnam"), "1.4.2")
    refused(game, sel("loc-da-nang-qui-nhon"), "3.2.1", "LoC")
    game = start(put(blank(), "Quang Nam", {P.US_TROOPS: 1}), US, "train")
    refused(game, sel("Hue"), "3.2.1", "US pieces")


def test_arvn_cannot_place_without_resources_3_1() -> None:
    game = start(blank(arvn_resources=2), ARVN, "train")
    play(game, sel("Hue"))
    assert game.legal() == (DONE,) or not any(isinstance(c, Move) for c in game.legal())


def test_us_train_takes_police_from_the_map_when_none_available_1_4_1() -> None:
    """1.4.1 EXAMPLE: US Train could take Police from another space if none is Available --
    never US Troops nor Bases, and only while none is Available."""
    state = put(blank(), "Quang Nam", {P.US_BASE: 1})
    state = put(state, "Hue", {P.ARVN_POLICE: 2})
    with_police = start(state, US, "train")
    play(with_police, sel("Quang Nam"))
    assert mv(P.ARVN_POLICE, 1, "Hue", "Quang Nam") not in with_police.legal()
    state = unavailable(state, P.ARVN_POLICE)
    game = start(state, US, "train")
    play(game, sel("Quang Nam"))
    assert mv(P.ARVN_POLICE, 1, "Hue", "Quang Nam") in game.legal()
    play(game, mv(P.ARVN_POLICE, 1, "Hue", "Quang Nam"))
    assert pieces(game.state, "Hue") == {P.ARVN_POLICE: 1}
    assert pieces(game.state, "Quang Nam")[P.ARVN_POLICE] == 1
    check_invariants(game.state)
    # US Troops and US Bases never come from the map (1.4.1 EXCEPTION)
    state = put(state, "Saigon", {P.US_TROOPS: 2, P.US_BASE: 1})
    state = unavailable(unavailable(state, P.US_TROOPS), P.US_BASE)
    assert kit.map_sources(state, US, P.US_TROOPS) == ()
    assert kit.map_sources(state, US, P.US_BASE) == ()


def test_a_piece_taken_from_the_map_is_placed_underground_1_4_1_1_4_3() -> None:
    state = put(blank(), "Quang Nam", {P.US_TROOPS: 1})
    state = put(state, "Hue", {P.US_IRREGULAR_ACTIVE: 1})
    state = unavailable(state, P.US_IRREGULAR_UNDERGROUND)
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), mv(P.US_IRREGULAR_ACTIVE, 1, "Hue", "Quang Nam"))
    assert pieces(game.state, "Quang Nam")[P.US_IRREGULAR_UNDERGROUND] == 1
    assert pieces(game.state, "Hue") == {}


def test_us_pacify_removes_terror_then_shifts_up_to_2_levels_3_2_1() -> None:
    state = put(blank(arvn_resources=30), "Quang Nam", {P.US_TROOPS: 1}, terror=1)
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), DONE)
    assert Choose("pacify") in game.legal()
    play(game, Choose("pacify"))
    decision = game.decision
    assert decision is not None and decision.kind is Kind.HOW_MANY  # steps: Terror first
    assert decision.context.space == "quang-nam"
    assert game.legal() == (Count(1), Count(2), Count(3))
    play(game, Count(3))
    sp = game.state.space("Quang Nam")
    assert sp.terror == 0 and sp.support is Support.ACTIVE_SUPPORT
    assert arvn(game.state) == 30 - 9
    assert finished(game)


def test_us_pacify_is_limited_by_resources_above_econ_1_8_1() -> None:
    state = put(blank(arvn_resources=20, econ=15), "Quang Nam", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), DONE, Choose("pacify"))
    assert finished(game)  # only 1 step affordable: applied without asking
    assert game.state.space("Quang Nam").support is Support.PASSIVE_SUPPORT
    assert arvn(game.state) == 17


def test_pacify_needs_coin_control_and_arvn_troops_and_police_3_2_1() -> None:
    state = put(blank(), "Hue", {P.ARVN_TROOPS: 1, P.VC_GUERRILLA_UNDERGROUND: 1})
    game = start(state, ARVN, "train")
    play(game, sel("Hue"), DONE, DONE)
    assert finished(game)  # no COIN Control, nothing to Pacify: the Train ends
    state = put(blank(), "Hue", {P.ARVN_TROOPS: 3})
    game = start(state, ARVN, "train")
    play(game, sel("Hue"), DONE, DONE)
    assert game.legal() == (Choose("arvn-base"), DONE)
    refused(game, Choose("pacify"), "3.2.1")  # Troops but no Police
    state = put(blank(), "Hue", {P.ARVN_TROOPS: 1, P.ARVN_POLICE: 1})
    game = start(state, ARVN, "train")
    play(game, sel("Hue"), DONE, DONE, Choose("pacify"), Count(1))
    assert game.state.space("Hue").support is Support.PASSIVE_SUPPORT


def test_free_train_still_pays_for_pacification_5_5() -> None:
    """5.5 EXAMPLE / 3.1.2: a free Train places at no cost, but Pacify costs 3 per level."""
    state = put(blank(arvn_resources=30), "Hue", {P.ARVN_TROOPS: 1, P.ARVN_POLICE: 1})
    game = start(state, ARVN, "train", "free")
    play(game, sel("Hue"), mv(P.ARVN_TROOPS, 2, AVAILABLE, "Hue"), DONE, DONE)
    assert arvn(game.state) == 30
    play(game, Choose("pacify"), Count(2))
    assert arvn(game.state) == 24
    assert game.state.aid == 15 + 5  # Minh (2.4.1)


def test_ky_makes_pacification_cost_4_2_4_1() -> None:
    state = put(blank(arvn_resources=30), "Hue", {P.ARVN_TROOPS: 1, P.ARVN_POLICE: 1})
    state = attrs.evolve(state, leader_box=(127,))
    game = start(state, ARVN, "train")
    play(game, sel("Hue"), DONE, DONE, Choose("pacify"), Count(2))
    assert arvn(game.state) == 22
    assert game.state.aid == 15  # not Minh: no Aid


def test_minh_adds_5_aid_to_each_arvn_train_2_4_1() -> None:
    game = start(blank(), ARVN, "train")
    play(game, sel("Hue"), DONE, DONE)
    assert finished(game) and game.state.aid == 20
    game = start(put(blank(), "Quang Nam", {P.US_TROOPS: 1}), US, "train")
    play(game, sel("Quang Nam"), DONE, DONE)
    assert finished(game) and game.state.aid == 15  # a US Train: no bonus


def test_arvn_base_replaces_3_cubes_for_3_even_without_placement_3_2_1() -> None:
    state = put(blank(), "Quang Nam", {P.ARVN_TROOPS: 2, P.ARVN_POLICE: 2})
    game = start(state, ARVN, "train")
    play(game, sel("Quang Nam"), DONE, DONE, Choose("arvn-base"))
    assert game.legal() == (Count(1), Count(2))  # how many of the 3 cubes are Troops
    play(game, Count(2))  # 2 Troops and 1 Police
    assert pieces(game.state, "Quang Nam") == {P.ARVN_POLICE: 1, P.ARVN_BASE: 1}
    assert arvn(game.state) == 27
    check_invariants(game.state)


def test_arvn_base_within_stacking_1_4_2() -> None:
    state = put(
        blank(), "Quang Nam", {P.ARVN_TROOPS: 3, P.ARVN_POLICE: 1, P.VC_BASE: 1, P.US_BASE: 1}
    )
    game = start(state, ARVN, "train")
    play(game, sel("Quang Nam"), DONE, DONE)
    assert game.legal() == (Choose("pacify"), DONE)
    refused(game, Choose("arvn-base"), "3.2.1")


def test_arvn_base_paid_once_with_cubes_placed_in_the_space_3_2_1() -> None:
    state = put(blank(), "Hue", {P.ARVN_TROOPS: 1})
    game = start(state, ARVN, "train")
    play(game, sel("Hue"), mv(P.ARVN_TROOPS, 2, AVAILABLE, "Hue"), DONE, DONE)
    play(game, Choose("arvn-base"))
    assert pieces(game.state, "Hue") == {P.ARVN_BASE: 1}
    assert arvn(game.state) == 27


def test_us_train_in_saigon_transfers_patronage_3_2_1() -> None:
    state = put(blank(patronage=10, arvn_resources=20), "Saigon", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Saigon"), DONE, Choose("transfer-patronage"))
    assert game.legal() == (Count(1), Count(2), Count(3))
    play(game, Count(3))
    assert game.state.patronage == 7 and arvn(game.state) == 23


def test_only_one_follow_up_space_without_cords_3_2_1() -> None:
    state = put(blank(), "Quang Nam", {P.US_TROOPS: 1})
    state = put(state, "Binh Dinh", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), DONE, sel("Binh Dinh"), DONE)
    play(game, Choose("pacify"), sel("Quang Nam"), Count(2))
    assert finished(game)


def test_cords_unshaded_lets_the_us_pacify_in_2_spaces_5_3() -> None:
    state = with_capability(blank(), cards.CORDS, Side.UNSHADED)
    state = put(put(state, "Quang Nam", {P.US_TROOPS: 1}), "Binh Dinh", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), DONE, sel("Binh Dinh"), DONE)
    play(game, Choose("pacify"), sel("Quang Nam"), Count(2))
    play(game, Choose("pacify"), Count(1))
    assert game.state.space("Binh Dinh").support is Support.PASSIVE_SUPPORT
    assert arvn(game.state) == 30 - 9


def test_cords_shaded_stops_us_pacification_at_passive_support_5_3() -> None:
    state = with_capability(blank(), cards.CORDS, Side.SHADED)
    state = put(state, "Quang Nam", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), DONE, Choose("pacify"))
    assert finished(game)
    assert game.state.space("Quang Nam").support is Support.PASSIVE_SUPPORT


def test_combined_action_platoons_unshaded_adds_a_police_5_3() -> None:
    state = with_capability(blank(), cards.COMBINED_ACTION_PLATOONS, Side.UNSHADED)
    state = put(put(state, "Quang Nam", {P.US_IRREGULAR_UNDERGROUND: 1}), "Hue", {P.US_TROOPS: 1})
    game = start(state, US, "train")
    play(game, sel("Quang Nam"), DONE, DONE, Choose("cap-police"))
    assert pieces(game.state, "Hue") == {P.US_TROOPS: 1, P.ARVN_POLICE: 1}
    assert arvn(game.state) == 30
    assert Choose("cap-police") not in game.legal()  # once per Train


def test_limited_train_selects_1_space_2_3_5() -> None:
    state = put(put(blank(), "Quang Nam", {P.US_TROOPS: 1}), "Hue", {P.US_TROOPS: 1})
    game = start(state, US, "train", "limop")
    play(game, sel("Quang Nam"), DONE)  # placing nothing; the single space is selected
    decision = game.decision
    assert decision is not None and decision.kind is Kind.CHOOSE_MODE  # the follow-up step
    assert decision.context.done == ("quang-nam",)
    play(game, DONE)
    assert finished(game)


# ==================================================================================================
# 3.2.2 Patrol
# ==================================================================================================
def test_patrol_moves_through_locs_and_cities_stopping_at_insurgents_3_2_2() -> None:
    state = put(blank(), "Hue", {P.US_TROOPS: 3})
    state = put(state, "loc-hue-da-nang", {P.VC_GUERRILLA_UNDERGROUND: 1})  # Hue - Da Nang
    game = start(state, US, "patrol")
    play(game, sel("Hue"))
    targets = {c.space for c in game.legal() if isinstance(c, Select)}
    assert "loc-hue-da-nang" in targets and "loc-hue-khe-sanh" in targets
    assert "da-nang" not in targets  # the cube stops on entering Route 1 with the VC
    assert "quang-tri-thua-thien" not in targets  # Provinces are not entered


def test_patrol_activates_on_locs_and_assaults_in_1_loc_free_3_2_2() -> None:
    state = put(blank(arvn_resources=30), "Hue", {P.US_TROOPS: 2, P.ARVN_TROOPS: 2})
    state = put(state, "loc-hue-da-nang", {P.VC_GUERRILLA_UNDERGROUND: 3})
    game = start(state, US, "patrol")
    play(game, sel("Hue"), sel("loc-hue-da-nang"), mv(P.US_TROOPS, 2, "Hue", "loc-hue-da-nang"))
    assert pieces(game.state, "loc-hue-da-nang")[P.VC_GUERRILLA_ACTIVE] == 2
    assert game.legal() == (sel("loc-hue-da-nang"), DONE)
    play(game, sel("loc-hue-da-nang"))
    assert pieces(game.state, "loc-hue-da-nang") == {P.US_TROOPS: 2, P.VC_GUERRILLA_UNDERGROUND: 1}
    assert finished(game)  # the US adds no ARVN Assault on a Patrol
    assert arvn(game.state) == 30


def test_arvn_patrol_costs_3_in_all_3_2_2() -> None:
    state = put(put(blank(), "Hue", {P.ARVN_POLICE: 2}), "Da Nang", {P.ARVN_TROOPS: 1})
    game = start(state, ARVN, "patrol")
    play(game, sel("Hue"), sel("loc-hue-da-nang"), mv(P.ARVN_POLICE, 2, "Hue", "loc-hue-da-nang"))
    play(game, sel("Da Nang"), sel("loc-hue-da-nang"))  # 1 Troop: moved without asking
    assert finished(game)  # every cube moved: the Patrol is over
    assert arvn(game.state) == 27
    assert actions.lookup(ARVN, "patrol") is not None
    assert not patrol.can_patrol(blank(arvn_resources=2), ARVN, limited=False, free=False)


def test_a_cube_moves_once_in_a_patrol_3_2_2() -> None:
    state = put(put(blank(), "Hue", {P.US_TROOPS: 1}), "Da Nang", {P.US_TROOPS: 1})
    game = start(state, US, "patrol")
    play(game, sel("Hue"), sel("loc-hue-da-nang"))
    assert sel("loc-hue-da-nang") not in game.legal()  # the cube that arrived stays
    refused(game, sel("loc-hue-da-nang"), "3.2.2")


def test_limited_patrol_has_1_destination_2_3_5() -> None:
    state = put(put(blank(), "Hue", {P.US_TROOPS: 1}), "Da Nang", {P.US_TROOPS: 1})
    state = put(state, "loc-hue-khe-sanh", {P.VC_GUERRILLA_UNDERGROUND: 1})  # Hue - Khe Sanh
    game = start(state, US, "patrol", "limop")
    play(game, sel("Hue"), sel("loc-hue-da-nang"))
    play(game, sel("Da Nang"))  # the only destination is Route 1: asked no more
    assert pieces(game.state, "loc-hue-da-nang") == {P.US_TROOPS: 2}
    assert pieces(game.state, "loc-hue-khe-sanh") == {
        P.VC_GUERRILLA_UNDERGROUND: 1
    }  # not Activated
    assert finished(game)


def test_m48_patton_shaded_nva_removes_2_patrolling_cubes_5_3() -> None:
    state = with_capability(blank(), cards.M48_PATTON, Side.SHADED)
    state = put(state, "Hue", {P.US_TROOPS: 3})
    game = start(state, US, "patrol")
    play(game, sel("Hue"), sel("loc-hue-da-nang"), mv(P.US_TROOPS, 3, "Hue", "loc-hue-da-nang"))
    decision = game.decision
    assert decision is not None and decision.faction is NVA
    play(
        game,
        mv(P.US_TROOPS, 1, "loc-hue-da-nang", CASUALTIES),
        mv(P.US_TROOPS, 1, "loc-hue-da-nang", CASUALTIES),
    )
    assert finished(game)
    assert game.state.casualties[P.US_TROOPS] == 2


# ==================================================================================================
# 3.2.3 Sweep
# ==================================================================================================
def test_sweep_example_quang_duc_3_2_3() -> None:
    """3.2.3 SWEEP EXAMPLE: ARVN Troops from Cam Ranh reach Quang Duc over Route 11 and Da
    Lat; ARVN Troops in Binh Tuy could enter directly."""
    state = put(blank(), "Cam Ranh", {P.ARVN_TROOPS: 2})
    state = put(state, "Binh Tuy", {P.ARVN_TROOPS: 1})
    state = put(state, "Quang Duc", {P.VC_GUERRILLA_UNDERGROUND: 3})
    game = start(state, ARVN, "sweep")
    play(game, sel("Quang Duc"))
    assert arvn(game.state) == 27
    decision = game.decision
    assert decision is not None and decision.kind is Kind.MOVE_PIECES
    assert decision.context.space == "quang-duc-long-khanh"  # the destination being worked
    origins = {c.origin for c in game.legal() if isinstance(c, Move)}
    assert {"cam-ranh", "binh-tuy-binh-thuan"} <= origins
    play(game, mv(P.ARVN_TROOPS, 2, "Cam Ranh", "Quang Duc"))
    play(game, mv(P.ARVN_TROOPS, 1, "Binh Tuy", "Quang Duc"))
    play(game, DONE)
    assert pieces(game.state, "Quang Duc") == {
        P.ARVN_TROOPS: 3,
        P.VC_GUERRILLA_UNDERGROUND: 2,
        P.VC_GUERRILLA_ACTIVE: 1,  # Jungle: 1 per 2 cubes
    }
    assert finished(game)


def test_sweep_loc_hop_must_be_free_of_insurgents_3_2_3() -> None:
    state = put(blank(), "Cam Ranh", {P.ARVN_TROOPS: 2})
    state = put(state, "Route 11", {P.NVA_GUERRILLA_UNDERGROUND: 1})
    game = start(state, ARVN, "sweep")
    play(game, sel("Quang Duc"))
    decision = game.decision  # no Troops could come: back to the selection of spaces
    assert decision is not None and decision.kind is Kind.SELECT_SPACE
    assert decision.context.done == ("quang-duc-long-khanh",)


def test_sweep_activation_outside_jungle_and_target_choice_3_2_3() -> None:
    state = put(
        blank(),
        "Quang Nam",
        {
            P.US_TROOPS: 2,
            P.US_IRREGULAR_ACTIVE: 1,
            P.NVA_GUERRILLA_UNDERGROUND: 2,
            P.VC_GUERRILLA_UNDERGROUND: 2,
        },
    )
    game = start(state, US, "sweep")
    play(game, sel("Quang Nam"), DONE, Choose("target-both"))
    assert game.legal() == (Count(1), Count(2))  # how many NVA: the rest are VC
    play(game, Count(2))
    assert pieces(game.state, "Quang Nam")[P.NVA_GUERRILLA_ACTIVE] == 2
    assert arvn(game.state) == 30  # US Sweep costs nothing
    assert finished(game)


def test_sweep_selection_refusals_3_2_3() -> None:
    game = start(blank(), US, "sweep")
    refused(game, sel("North Vietnam"), "1.4.2")
    refused(game, sel("loc-hue-da-nang"), "3.2.3", "LoC")


def test_sweep_moves_troops_only_and_each_once_3_2_3() -> None:
    state = put(blank(), "Hue", {P.US_TROOPS: 1, P.ARVN_POLICE: 2})
    game = start(state, US, "sweep")
    play(game, sel("Quang Tri"))
    assert game.legal() == (mv(P.US_TROOPS, 1, "Hue", "Quang Tri"), DONE)  # no Police
    play(game, mv(P.US_TROOPS, 1, "Hue", "Quang Tri"))
    assert pieces(game.state, "Quang Tri") == {P.US_TROOPS: 1}
    play(game, sel("Quang Nam"))  # the Troop that arrived stays: nothing may come
    assert not any(isinstance(c, Move) for c in game.legal())
    assert pieces(game.state, "Quang Tri") == {P.US_TROOPS: 1}


def test_no_sweep_in_monsoon_2_3_9() -> None:
    state = monsoon(put(blank(), "Quang Nam", {P.US_TROOPS: 2}))
    assert [a.name for a in actions.legal_operations(state, US, limited=False)] == [
        "train",
        "patrol",
    ]
    game = Game(prime(state))
    play(game, Choose("op"))
    refused(game, Choose("sweep"), "2.3.9")


def test_arvn_sweep_needs_3_resources_per_space_3_2_3() -> None:
    state = put(blank(arvn_resources=4), "Hue", {P.ARVN_RANGER_ACTIVE: 1})
    game = start(state, ARVN, "sweep", "op+sa")  # Raid keeps the menu open
    play(game, sel("Quang Nam"))
    assert arvn(game.state) == 1
    refused(game, sel("Hue"), "3.2.3", "cannot pay")
    game = start(blank(arvn_resources=4), ARVN, "sweep")
    play(game, sel("Quang Nam"))
    assert finished(game)


def test_combined_action_platoons_shaded_us_sweeps_2_spaces_5_3() -> None:
    state = with_capability(blank(), cards.COMBINED_ACTION_PLATOONS, Side.SHADED)
    game = start(state, US, "sweep")
    play(game, sel("Quang Nam"), sel("Hue"))
    assert finished(game)


def test_cobras_unshaded_removes_1_active_enemy_in_2_sweep_spaces_5_3() -> None:
    state = with_capability(blank(), cards.COBRAS, Side.UNSHADED)
    state = put(state, "Quang Nam", {P.US_TROOPS: 1, P.NVA_TROOPS: 1, P.NVA_BASE: 1})
    state = put(state, "Hue", {P.US_TROOPS: 1, P.VC_TUNNELED_BASE: 1})
    game = start(state, US, "sweep")
    play(game, sel("Quang Nam"), DONE, sel("Hue"), DONE, DONE)
    assert finished(game)
    assert pieces(game.state, "Quang Nam") == {P.US_TROOPS: 1, P.NVA_BASE: 1}  # Troops first
    assert pieces(game.state, "Hue") == {P.US_TROOPS: 1, P.VC_TUNNELED_BASE: 1}


def test_booby_traps_shaded_removes_a_sweeping_troop_on_1_to_3_5_3() -> None:
    state = with_capability(blank(), cards.BOOBY_TRAPS, Side.SHADED)
    state = dice(put(state, "Quang Nam", {P.US_TROOPS: 2}), 2)
    game = start(state, US, "sweep")
    events = play(game, sel("Quang Nam"), DONE)
    assert rolls(events) == [2]
    assert game.state.casualties[P.US_TROOPS] == 1


# ==================================================================================================
# 3.2.4 Assault
# ==================================================================================================
@pytest.mark.parametrize(
    ("faction", "space", "cubes", "expected"),
    [
        (US, "Quang Tin", {P.US_TROOPS: 3}, 3),  # Lowland: 1 per Troop
        (US, "Quang Nam", {P.US_TROOPS: 3}, 1),  # Highland, no Base: 1 per 2
        (US, "Quang Nam", {P.US_TROOPS: 2, P.US_BASE: 1}, 4),  # US Base: 2 per Troop
        (ARVN, "Quang Tin", {P.ARVN_TROOPS: 5, P.ARVN_POLICE: 3}, 2),  # Province: Troops
        (ARVN, "Quang Nam", {P.ARVN_TROOPS: 6}, 2),  # Highland: 1 per 3
        (ARVN, "Hue", {P.ARVN_TROOPS: 2, P.ARVN_POLICE: 3}, 2),  # City: Police count
        (ARVN, "loc-hue-da-nang", {P.ARVN_POLICE: 4}, 2),  # LoC: Police count
    ],
)
def test_assault_removal_ratios_3_2_4(
    faction: Faction, space: str, cubes: dict[Piece, int], expected: int
) -> None:
    state = put(blank(), space, {**cubes, P.NVA_TROOPS: 10})
    game = start(state, faction, "assault")
    play(game, sel(space))
    assert pieces(game.state, space)[P.NVA_TROOPS] == 10 - expected


def test_troops_first_bases_last_underground_protect_bases_3_2_4() -> None:
    state = put(
        blank(),
        "Quang Tin",
        {
            P.US_TROOPS: 6,
            P.NVA_TROOPS: 1,
            P.VC_GUERRILLA_ACTIVE: 1,
            P.NVA_GUERRILLA_UNDERGROUND: 1,
            P.VC_BASE: 1,
        },
    )
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"), Choose("target-both"))
    assert pieces(game.state, "Quang Tin") == {
        P.US_TROOPS: 6,
        P.NVA_GUERRILLA_UNDERGROUND: 1,
        P.VC_BASE: 1,
    }


def test_assaulting_faction_orders_active_guerrillas_3_2_4() -> None:
    state = put(
        blank(),
        "Quang Tin",
        {P.US_TROOPS: 1, P.NVA_GUERRILLA_ACTIVE: 1, P.VC_GUERRILLA_ACTIVE: 1},
    )
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"), Choose("target-both"))
    assert game.legal() == (
        mv(P.NVA_GUERRILLA_ACTIVE, 1, "Quang Tin", AVAILABLE),
        mv(P.VC_GUERRILLA_ACTIVE, 1, "Quang Tin", AVAILABLE),
    )
    play(game, mv(P.VC_GUERRILLA_ACTIVE, 1, "Quang Tin", AVAILABLE))
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 1, P.NVA_GUERRILLA_ACTIVE: 1}


@pytest.mark.parametrize(("roll", "tunnels_left"), [(2, 2), (5, 1)])
def test_tunnels_example_3_2_4(roll: int, tunnels_left: int) -> None:
    """3.2.4 TUNNELS EXAMPLE: 3 US Troops Assault 2 Tunneled Bases alone in Jungle: nothing is
    removed; on 4-6 one Base loses its Tunnel marker."""
    state = put(blank(), "Tay Ninh", {P.US_TROOPS: 3, P.VC_TUNNELED_BASE: 2})
    game = start(dice(state, roll), US, "assault")
    events = play(game, sel("Tay Ninh"))
    assert rolls(events) == [roll]
    assert pieces(game.state, "Tay Ninh") == {
        P.US_TROOPS: 3,
        P.VC_TUNNELED_BASE: tunnels_left,
        **({P.VC_BASE: 2 - tunnels_left} if tunnels_left < 2 else {}),
    }
    assert game.state.casualties == blank().casualties


def test_untunneled_base_goes_before_the_tunnel_roll_3_2_4() -> None:
    state = put(blank(), "Quang Tin", {P.US_TROOPS: 3, P.VC_TUNNELED_BASE: 1, P.NVA_BASE: 1})
    game = start(dice(state, 6), US, "assault")
    events = play(game, sel("Quang Tin"), Choose("target-both"))
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 3, P.VC_BASE: 1}
    assert rolls(events) == [6]


def test_arvn_assault_adds_6_aid_per_base_removed_3_2_4() -> None:
    state = put(blank(), "Hue", {P.ARVN_TROOPS: 4, P.VC_BASE: 2})
    game = start(state, ARVN, "assault")
    play(game, sel("Hue"))
    assert pieces(game.state, "Hue") == {P.ARVN_TROOPS: 4}
    assert game.state.aid == 15 + 12
    assert arvn(game.state) == 27


def test_us_assault_may_add_an_arvn_assault_for_3_3_2_4() -> None:
    state = put(
        blank(arvn_resources=20, econ=15),
        "Quang Tin",
        {P.US_TROOPS: 1, P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1, P.VC_BASE: 1},
    )
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"))
    assert game.legal() == (sel("Quang Tin"), DONE)
    play(game, sel("Quang Tin"))
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 1, P.ARVN_TROOPS: 2}
    assert arvn(game.state) == 17 and game.state.aid == 21
    # not when the ARVN Resources above Econ cannot pay (1.8.1)
    game = start(attrs.evolve(state, tracks=blank(arvn_resources=17).tracks), US, "assault")
    play(game, sel("Quang Tin"))
    assert finished(game)


def test_assault_needs_own_cubes_and_insurgents_3_2_4() -> None:
    state = put(blank(), "Quang Tin", {P.US_TROOPS: 2})
    state = put(state, "Hue", {P.VC_BASE: 1, P.US_TROOPS: 1})
    game = start(state, US, "assault")
    refused(game, sel("Quang Tin"), "3.2.4")


def test_abrams_unshaded_one_base_first_abrams_shaded_2_spaces_5_3() -> None:
    state = with_capability(blank(), cards.ABRAMS, Side.UNSHADED)
    state = put(state, "Quang Tin", {P.US_TROOPS: 1, P.NVA_TROOPS: 2, P.NVA_BASE: 1})
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"))
    assert mv(P.NVA_BASE, 1, "Quang Tin", AVAILABLE) in game.legal()
    play(game, mv(P.NVA_BASE, 1, "Quang Tin", AVAILABLE))
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 1, P.NVA_TROOPS: 2}
    state = with_capability(blank(), cards.ABRAMS, Side.SHADED)
    for s in ("Quang Tin", "Hue", "Da Nang"):
        state = put(state, s, {P.US_TROOPS: 1, P.VC_GUERRILLA_ACTIVE: 1})
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"), sel("Hue"))
    assert finished(game)


def test_m48_patton_unshaded_2_extra_in_non_lowland_5_3() -> None:
    state = with_capability(blank(), cards.M48_PATTON, Side.UNSHADED)
    state = put(state, "Quang Nam", {P.US_TROOPS: 2, P.NVA_TROOPS: 5})
    game = start(state, US, "assault")
    play(game, sel("Quang Nam"), Choose("patton"))
    assert pieces(game.state, "Quang Nam")[P.NVA_TROOPS] == 2  # 1 (Highland) + 2


def test_search_and_destroy_5_3() -> None:
    state = with_capability(blank(), cards.SEARCH_AND_DESTROY, Side.UNSHADED)
    state = put(state, "Quang Tin", {P.US_TROOPS: 1, P.VC_GUERRILLA_UNDERGROUND: 2})
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"))
    assert pieces(game.state, "Quang Tin")[P.VC_GUERRILLA_UNDERGROUND] == 1
    state = with_capability(blank(), cards.SEARCH_AND_DESTROY, Side.SHADED)
    state = put(state, "Quang Tin", {P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1})
    state = put(state, "Hue", {P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1})
    game = start(state, ARVN, "assault")
    play(game, sel("Quang Tin"), sel("Hue"))
    assert game.state.space("Quang Tin").support is Support.PASSIVE_OPPOSITION
    assert game.state.space("Hue").support is Support.NEUTRAL  # Provinces only


def test_cobras_shaded_us_assault_troop_loss_on_1_to_3_5_3() -> None:
    state = with_capability(blank(), cards.COBRAS, Side.SHADED)
    state = dice(put(state, "Quang Tin", {P.US_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1}), 3)
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"))
    assert game.state.casualties[P.US_TROOPS] == 1


def test_limited_assault_in_1_space_2_3_5() -> None:
    state = put(blank(), "Quang Tin", {P.US_TROOPS: 1, P.VC_GUERRILLA_ACTIVE: 1})
    state = put(state, "Hue", {P.US_TROOPS: 1, P.VC_GUERRILLA_ACTIVE: 1})
    game = start(state, US, "assault", "limop")
    play(game, sel("Hue"))
    assert finished(game)


def test_operations_leave_the_state_consistent_and_undo_restores_it() -> None:
    state = put(blank(), "Hue", {P.US_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1})
    game = start(state, US, "assault")
    before = game.state
    play(game, sel("Hue"))
    check_invariants(game.state)
    game.undo()
    assert game.state == before


def test_body_count_unshaded_free_assault_and_patrol_with_aid_5_4() -> None:
    state = with_momentum(blank(arvn_resources=0), cards.BODY_COUNT)
    state = put(state, "Hue", {P.ARVN_TROOPS: 4, P.VC_GUERRILLA_ACTIVE: 2})
    assert assault.can_assault(state, ARVN, limited=False, free=False)
    assert patrol.can_patrol(state, ARVN, limited=False, free=False)
    game = start(state, ARVN, "assault")
    play(game, sel("Hue"))
    assert pieces(game.state, "Hue") == {P.ARVN_TROOPS: 4}
    assert arvn(game.state) == 0 and game.state.aid == 15 + 6


def test_general_lansdale_shaded_no_us_assault_5_4() -> None:
    state = put(blank(), "loc-hue-da-nang", {P.US_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1})
    state = with_momentum(state, 78)  # its Momentum is on the shaded side
    assert not assault.can_assault(state, US, limited=False, free=False)
    assert assault.can_assault(state, ARVN, limited=False, free=False) is False  # no cubes
    game = start(state, US, "patrol")
    play(game, DONE)  # no Assault is offered to the US after its Patrol
    assert finished(game)
    assert pieces(game.state, "loc-hue-da-nang") == {P.US_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 1}


def test_tunnel_roll_the_assaulter_picks_the_tunnel_3_2_4() -> None:
    state = put(
        blank(), "Tay Ninh", {P.US_TROOPS: 1, P.NVA_TUNNELED_BASE: 1, P.VC_TUNNELED_BASE: 1}
    )
    game = start(dice(state, 4), US, "assault")
    play(game, sel("Tay Ninh"), Choose("target-both"))
    assert game.legal() == (Choose("nva-tunnel"), Choose("vc-tunnel"))
    play(game, Choose("vc-tunnel"))
    assert pieces(game.state, "Tay Ninh") == {P.US_TROOPS: 1, P.NVA_TUNNELED_BASE: 1, P.VC_BASE: 1}


def test_arvn_base_taken_from_the_map_when_none_available_1_4_1() -> None:
    state = put(put(blank(), "Kontum", {P.ARVN_BASE: 1}), "Hue", {P.ARVN_TROOPS: 3})
    state = unavailable(state, P.ARVN_BASE)
    game = start(state, ARVN, "train")
    play(game, sel("Hue"), DONE, DONE, Choose("arvn-base"))
    assert pieces(game.state, "Hue") == {P.ARVN_BASE: 1}
    assert pieces(game.state, "Kontum") == {}
    check_invariants(game.state)


# ==================================================================================================
# 3.1 targeting: either or both enemy Factions, targeted pieces to the maximum extent
# ==================================================================================================
TARGET_NVA, TARGET_VC, TARGET_BOTH = (
    Choose("target-nva"),
    Choose("target-vc"),
    Choose("target-both"),
)


def test_assault_targeting_only_vc_spares_nva_3_1_3_2_4() -> None:
    """3.1, 3.2.4: an Assault may target just the VC and ignore the NVA: no NVA Troops first,
    every VC Guerrilla goes (maximum extent) and the NVA pieces stay although removals are
    left unused; with Bases alone, the VC Base goes and the NVA Bases stay."""
    state = put(
        blank(),
        "Quang Tin",
        {P.US_TROOPS: 4, P.NVA_TROOPS: 1, P.NVA_GUERRILLA_ACTIVE: 1, P.VC_GUERRILLA_ACTIVE: 2},
    )
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"))
    decision = game.decision
    assert decision is not None and decision.kind is Kind.TARGET and decision.rule == "3.1"
    assert game.legal() == (TARGET_NVA, TARGET_VC, TARGET_BOTH)
    play(game, TARGET_VC)
    assert pieces(game.state, "Quang Tin") == {
        P.US_TROOPS: 4,
        P.NVA_TROOPS: 1,
        P.NVA_GUERRILLA_ACTIVE: 1,
    }
    state = put(blank(), "Quang Tin", {P.US_TROOPS: 3, P.NVA_BASE: 1, P.VC_BASE: 1})
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"), TARGET_VC)
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 3, P.NVA_BASE: 1}
    # 1 removal: the VC Guerrilla although NVA Troops are there (Troops first among targets)
    state = put(
        blank(),
        "Quang Tin",
        {P.US_TROOPS: 1, P.NVA_TROOPS: 2, P.NVA_GUERRILLA_ACTIVE: 1, P.VC_GUERRILLA_ACTIVE: 1},
    )
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"), TARGET_VC)
    assert pieces(game.state, "Quang Tin") == {
        P.US_TROOPS: 1,
        P.NVA_TROOPS: 2,
        P.NVA_GUERRILLA_ACTIVE: 1,
    }


def test_assault_untargeted_nva_still_protects_the_vc_base_3_1_3_2_4() -> None:
    """3.1 NOTE, 3.2.4 NOTE (ruling R71): targeting only the VC removes every Active VC
    Guerrilla, but the untargeted NVA Troops and Guerrillas still protect the VC Base."""
    state = put(
        blank(),
        "Quang Tin",
        {
            P.US_TROOPS: 6,
            P.NVA_TROOPS: 1,
            P.NVA_GUERRILLA_UNDERGROUND: 1,
            P.VC_GUERRILLA_ACTIVE: 2,
            P.VC_BASE: 1,
        },
    )
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"), TARGET_VC)
    assert pieces(game.state, "Quang Tin") == {
        P.US_TROOPS: 6,
        P.NVA_TROOPS: 1,
        P.NVA_GUERRILLA_UNDERGROUND: 1,
        P.VC_BASE: 1,
    }
    assert finished(game)


def test_assault_target_asked_only_when_both_factions_can_lose_pieces_3_1_3_2_4() -> None:
    """3.1: only Underground NVA Guerrillas (3.2.4: never removed): the VC alone can be hit,
    so nothing is asked."""
    state = put(
        blank(),
        "Quang Tin",
        {P.US_TROOPS: 2, P.NVA_GUERRILLA_UNDERGROUND: 2, P.VC_GUERRILLA_ACTIVE: 1},
    )
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"))
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 2, P.NVA_GUERRILLA_UNDERGROUND: 2}
    assert game.decision is None or game.decision.kind is not Kind.TARGET


def test_illegal_target_choice_is_refused_3_1() -> None:
    """3.1: the US and ARVN target the NVA, the VC or both -- never a COIN Faction."""
    state = put(blank(), "Quang Tin", {P.US_TROOPS: 1, P.NVA_TROOPS: 1, P.VC_GUERRILLA_ACTIVE: 1})
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"))
    refused(game, Choose("target-arvn"), "3.1", "not an enemy")
    refused(game, Choose("target-us"), "3.1", "not an enemy")
    refused(game, Choose("target-everyone"), "3.1")
    refused(game, sel("Hue"), "3.1")


def test_us_added_arvn_assault_targets_too_3_1_3_2_4() -> None:
    """3.1, 3.2.4: the US Assault and the ARVN Assault it adds each target the VC only."""
    state = put(
        blank(),
        "Quang Tin",
        {P.US_TROOPS: 1, P.ARVN_TROOPS: 2, P.NVA_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 2},
    )
    game = start(state, US, "assault")
    play(game, sel("Quang Tin"), TARGET_VC, sel("Quang Tin"))
    assert game.legal() == (TARGET_NVA, TARGET_VC, TARGET_BOTH)
    play(game, TARGET_VC)
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 1, P.ARVN_TROOPS: 2, P.NVA_TROOPS: 2}
    assert finished(game)


def test_sweep_targeting_only_vc_activates_vc_to_the_maximum_3_1_3_2_3() -> None:
    """3.1, 3.2.3: 3 Troops Sweeping target the VC: both VC Guerrillas flip (no split to
    choose), the NVA Guerrillas stay Underground."""
    state = put(
        blank(),
        "Quang Nam",
        {P.US_TROOPS: 3, P.NVA_GUERRILLA_UNDERGROUND: 2, P.VC_GUERRILLA_UNDERGROUND: 2},
    )
    game = start(state, US, "sweep")
    play(game, sel("Quang Nam"), DONE)
    assert game.legal() == (TARGET_NVA, TARGET_VC, TARGET_BOTH)
    play(game, TARGET_VC)
    assert pieces(game.state, "Quang Nam") == {
        P.US_TROOPS: 3,
        P.NVA_GUERRILLA_UNDERGROUND: 2,
        P.VC_GUERRILLA_ACTIVE: 2,
    }
    assert finished(game)


def test_patrol_targeting_only_vc_activates_and_assaults_vc_only_3_1_3_2_2() -> None:
    """3.1, 3.2.2: Patrol's Activation targets the VC only; its free Assault then has only
    the VC to hit (Underground NVA Guerrillas are never removed), so it asks nothing more."""
    state = put(blank(), "Hue", {P.US_TROOPS: 2})
    state = put(
        state, "loc-hue-da-nang", {P.NVA_GUERRILLA_UNDERGROUND: 2, P.VC_GUERRILLA_UNDERGROUND: 2}
    )
    game = start(state, US, "patrol")
    play(game, sel("Hue"), sel("loc-hue-da-nang"), mv(P.US_TROOPS, 2, "Hue", "loc-hue-da-nang"))
    assert game.legal() == (TARGET_NVA, TARGET_VC, TARGET_BOTH)
    play(game, TARGET_VC)
    assert pieces(game.state, "loc-hue-da-nang") == {
        P.US_TROOPS: 2,
        P.NVA_GUERRILLA_UNDERGROUND: 2,
        P.VC_GUERRILLA_ACTIVE: 2,
    }
    play(game, sel("loc-hue-da-nang"))
    assert pieces(game.state, "loc-hue-da-nang") == {
        P.US_TROOPS: 2,
        P.NVA_GUERRILLA_UNDERGROUND: 2,
    }
    assert finished(game)


# ==================================================================================================
# 5.5 an Event's grant, read by the Operation (rules/kit.py)
# ==================================================================================================
def test_a_granted_assault_may_take_tunneled_bases_as_untunneled_5_5() -> None:
    """Card 23: Tunneled Bases removed as if no Tunnel -- no die roll (3.2.4 TUNNELS)."""
    state = put(blank(), "Quang Tin", {P.US_TROOPS: 2, P.VC_TUNNELED_BASE: 1})
    game = free(state, US, "assault", "untunneled=true")
    events = play(game, sel("Quang Tin"))
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 2}
    assert rolls(events) == []  # no Tunnel roll: the Base is simply removed
    plain = free(dice(state, 6), US, "assault")
    events = play(plain, sel("Quang Tin"))
    assert rolls(events) == [6] and pieces(plain.state, "Quang Tin")[P.VC_BASE] == 1


def test_a_granted_assault_may_target_the_nva_only_3_1_5_5() -> None:
    """Card 47: the granting Event names the targets -- no targeting question."""
    state = put(
        blank(), "Quang Tin", {P.US_TROOPS: 1, P.NVA_GUERRILLA_ACTIVE: 1, P.VC_GUERRILLA_ACTIVE: 1}
    )
    game = free(state, US, "assault", "targets=NVA")
    play(game, sel("Quang Tin"))
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 1, P.VC_GUERRILLA_ACTIVE: 1}


def test_a_granted_assault_may_count_arvn_cubes_as_us_troops_5_5() -> None:
    """Card 70: ARVN Assaults as if US with every ARVN cube a US Troop: 1 removal per cube
    outside Highland (ARVN alone: 1 per 2)."""
    cubes = {P.ARVN_TROOPS: 2, P.ARVN_POLICE: 1, P.VC_GUERRILLA_ACTIVE: 4}
    state = put(blank(), "Quang Tin", cubes)
    game = free(state, ARVN, "assault", "as_us_troops=true")
    play(game, sel("Quang Tin"))
    assert pieces(game.state, "Quang Tin")[P.VC_GUERRILLA_ACTIVE] == 1
    plain = free(state, ARVN, "assault")
    play(plain, sel("Quang Tin"))
    assert pieces(plain.state, "Quang Tin")[P.VC_GUERRILLA_ACTIVE] == 3


def test_a_granted_sweep_in_place_moves_nothing_5_5() -> None:
    """Card 92: Sweep in place -- no Troops move in, the Activation happens."""
    state = put(blank(), "Quang Nam", {P.US_TROOPS: 1, P.VC_GUERRILLA_UNDERGROUND: 1})
    state = put(state, "Quang Tin", {P.US_TROOPS: 3})
    game = free(state, US, "sweep", "in_place=true")
    play(game, sel("Quang Nam"), DONE)
    assert pieces(game.state, "Quang Nam") == {P.US_TROOPS: 1, P.VC_GUERRILLA_ACTIVE: 1}
    assert pieces(game.state, "Quang Tin") == {P.US_TROOPS: 3}


def test_a_granted_sweep_moves_troops_in_only_from_its_origins_5_5() -> None:
    """Card 62: Troops Sweep in only from the spaces the Event names (``origins``)."""
    state = put(blank(), "Quang Nam", {P.VC_GUERRILLA_UNDERGROUND: 1})
    state = put(state, "Quang Tin", {P.US_TROOPS: 2})
    state = put(state, "Quang Tri", {P.US_TROOPS: 2})
    game = free(state, US, "sweep", "spaces=quang-nam", "origins=quang-tin-quang-ngai")
    play(game, sel("Quang Nam"))
    assert {str(c) for c in game.legal()} == {
        "move 1 us-troops quang-tin-quang-ngai quang-nam",
        "move 2 us-troops quang-tin-quang-ngai quang-nam",
        "done",
    }


def test_a_granted_us_assault_without_arvn_adds_no_arvn_assault_3_2_4_5_5() -> None:
    """Card 95: "Assaults (no ARVN)" -- the free US Assault offers no ARVN Assault."""
    cubes = {P.US_TROOPS: 1, P.ARVN_TROOPS: 2, P.VC_GUERRILLA_ACTIVE: 3}
    state = put(blank(), "Quang Tin", cubes)
    game = free(state, US, "assault", "no_arvn=true")
    play(game, sel("Quang Tin"))
    assert game.decision is None or game.decision.context.procedure != "assault"  # over
    assert pieces(game.state, "Quang Tin")[P.VC_GUERRILLA_ACTIVE] == 2
    plain = free(state, US, "assault")
    play(plain, sel("Quang Tin"))
    assert plain.decision is not None and sel("Quang Tin") in plain.decision.options


def test_a_granted_joint_sweep_and_assault_use_us_and_arvn_troops_5_5() -> None:
    """Card 99: US and ARVN Troops Sweep together (Police do not) and Assault as US."""
    cubes = {P.US_TROOPS: 1, P.ARVN_TROOPS: 2, P.ARVN_POLICE: 2, P.NVA_GUERRILLA_UNDERGROUND: 5}
    state = put(put(blank(), "Quang Tin", cubes), "Binh Dinh", {P.ARVN_TROOPS: 1})
    game = free(state, US, "sweep", "joint=true")
    play(game, sel("Quang Tin"))
    assert game.decision is not None
    assert mv(P.ARVN_TROOPS, 1, "Binh Dinh", "Quang Tin") in game.decision.options
    play(game, DONE, DONE)  # no Troop moves in; no other space
    # 1 US and 2 ARVN Troops and no Police Activate 3 in a Lowland (3.2.3)
    assert pieces(game.state, "Quang Tin")[P.NVA_GUERRILLA_ACTIVE] == 3
    game = free(attrs.evolve(game.state, pending=None), ARVN, "assault", "joint=true")
    play(game, sel("Quang Tin"))
    # 3 Troops as US Troops, 1 removal each (ARVN alone: 4 cubes, 2 removals)
    assert P.NVA_GUERRILLA_ACTIVE not in pieces(game.state, "Quang Tin")


def test_a_grant_an_operation_cannot_honour_is_refused_5_5() -> None:
    """A term the granted Operation cannot carry out is never dropped silently."""
    state = put(blank(), "Quang Nam", {P.US_TROOPS: 1})
    with pytest.raises(NotImplementedError):
        free(state, US, "train", "in_place=true")


def test_a_patrol_that_moves_nothing_occurs_in_no_space_2_3_4() -> None:
    """2.3.4 NOTE: an ARVN Patrol that moves no cube and finds none on a LoC occurred in no
    space, so it does not count as executed: the next Faction is the 1st Eligible."""
    from tests.cards.helpers import on_card, play  # General Lansdale: ARVN first

    game = on_card(78, "space hue 2 arvn-troops")
    play(game, "op", "patrol", "done")
    assert game.state.turn.acted == ((Faction.ARVN, "none"),)
    decision = game.decision
    assert decision is not None and "1st Eligible" in decision.prompt
