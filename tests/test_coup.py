"""The Coup card and the Coup Round (rules 2.4, 6.0-6.7).

Every expected value comes from the rulebook section named in the test's docstring. Positions
are built on an empty Full-scenario map whose pieces are all in the Available boxes, so the
229 pieces (1.2) are always accounted for.
"""

from __future__ import annotations

import contextlib
import random

import attrs
import pytest

import coinlake
from coinlake.data.map import SPACES
from coinlake.data.pieces import Faction, Piece
from coinlake.engine import Game, decision, prime
from coinlake.errors import IllegalCommand
from coinlake.rules import PROCEDURES, Ctx, Kind, coup, kit
from coinlake.state.commands import Choose, Count, Done, Move, Select
from coinlake.state.events import (
    CoupPhaseChanged,
    DieRolled,
    Event,
    GameEnded,
    LeaderBoxChanged,
    PiecesMoved,
)
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    OUT_OF_PLAY,
    CoupPhase,
    Eligibility,
    GameState,
    Options,
    Pending,
    Phase,
    SpaceState,
    Support,
    Track,
)
from coinlake.state.queries import pieces_total
from tests.conftest import (
    PACIFIABLE,
    blank,
    check_invariants,
    cities_held,
    decision_step,
    pacify,
    pacify_position,
    put,
    to_box,
    with_tracks,
)

PREVIOUS_EVENT, NEXT_EVENT = 1, 2
LATER_COUP = 128
KY = 127


# -- building positions --------------------------------------------------------------------------
def coup_position(
    state: GameState,
    phase: CoupPhase | None = None,
    *,
    card: int = 125,
    final: bool = False,
    leader_box: tuple[int, ...] | None = None,
    previous: int = PREVIOUS_EVENT,
) -> GameState:
    """``state`` positioned on Coup ``card``: at its play (``phase=None``, 2.4) or at the
    start of a phase of its Round (6.1-6.6). ``final``: no Coup card is left (2.4.2)."""
    deck = (3, 4, 5) if final else (3, 4, LATER_COUP, 5)
    if leader_box is None:
        leader_box = () if phase is None else (card,)
    return attrs.evolve(
        state,
        phase=Phase.EVENT_CARD if phase is None else Phase.COUP,
        coup_phase=phase,
        played=(previous, card),
        next_card=NEXT_EVENT,
        deck=deck,
        leader_box=leader_box,
        pending=None,
    )


def run_until_question(state: GameState, name: str) -> list[Event]:
    """The events procedure ``name`` emits from ``state`` up to its first question."""
    ctx = Ctx(state)
    gen = PROCEDURES[name](ctx)
    with contextlib.suppress(StopIteration):
        next(gen)
    return ctx.events


def start(
    state: GameState,
    phase: CoupPhase | None,
    *,
    card: int = 125,
    final: bool = False,
    leader_box: tuple[int, ...] | None = None,
    previous: int = PREVIOUS_EVENT,
) -> Game:
    """A game started from :func:`coup_position`."""
    position = coup_position(
        state, phase, card=card, final=final, leader_box=leader_box, previous=previous
    )
    return Game(prime(position))


def space(game: Game, key: str) -> SpaceState:
    return game.state.space(key)


# -- 2.4, 2.4.1, 6.0 -----------------------------------------------------------------------------
def test_coup_card_places_leader_then_runs_the_round() -> None:
    """2.4, 6.0: the Coup card goes on top of the RVN Leader box (LeaderBoxChanged), then a
    Coup Round starts with the Victory Phase."""
    state = coup_position(cities_held(blank()), card=126, leader_box=(125,))
    events = run_until_question(state, "coup_card")
    boxes = [e for e in events if isinstance(e, LeaderBoxChanged)]
    assert [(e.cards, e.rule) for e in boxes] == [((125, 126), "2.4.1")]
    marker = [e.phase for e in events if isinstance(e, CoupPhaseChanged)]
    assert marker == [CoupPhase.VICTORY]
    game = Game(prime(state))
    assert game.state.rvn_leader == 126
    assert game.state.phase is Phase.COUP
    assert game.state.coup_phase is CoupPhase.REDEPLOY  # 6.1-6.3 ran; ARVN may move Police


def test_failed_attempt_goes_beneath_earlier_coup_cards() -> None:
    """2.4.1: a Failed Attempt is placed underneath the earlier Coup cards, so the leader on
    top stays in office."""
    game = start(blank(), None, card=129, leader_box=(125, 126))
    assert game.state.leader_box == (129, 125, 126)
    assert game.state.rvn_leader == 126


def test_failed_attempt_cancels_only_minh() -> None:
    """2.4.1: with the box empty (Minh, who is no card) a Failed Attempt becomes the top card:
    Minh is gone and no leader effect applies."""
    game = start(blank(), None, card=130, leader_box=())
    assert game.state.leader_box == (130,)
    assert game.state.rvn_leader == 130


def test_failed_attempt_removes_a_third_of_arvn_cubes_per_space() -> None:
    """2.4 (Failed Attempt, cards 129-130): each space loses 1 in 3 ARVN cubes rounded down;
    ARVN picks Troops or Police where both are present."""
    state = blank()
    state = put(state, "saigon", {Piece.ARVN_TROOPS: 4, Piece.ARVN_POLICE: 3})  # 7 -> 2
    state = put(state, "hue", {Piece.ARVN_POLICE: 5})  # 5 -> 1, Police only
    state = put(state, "da-nang", {Piece.ARVN_TROOPS: 2})  # 2 -> 0
    state = put(state, "can-tho", {Piece.ARVN_TROOPS: 3, Piece.ARVN_RANGER_UNDERGROUND: 3})
    game = start(state, None, card=129, leader_box=(125,))
    d = game.decision
    assert d is not None and d.faction is Faction.ARVN and d.rule == "2.4"
    troop = Move(Piece.ARVN_TROOPS, 1, "saigon", AVAILABLE)
    police = Move(Piece.ARVN_POLICE, 1, "saigon", AVAILABLE)
    assert set(d.options) == {troop, police}
    assert space(game, "hue").count(Piece.ARVN_POLICE) == 4
    game.apply(troop)
    game.apply(police)
    assert space(game, "saigon").count(Piece.ARVN_TROOPS) == 3
    assert space(game, "saigon").count(Piece.ARVN_POLICE) == 2
    assert space(game, "da-nang").count(Piece.ARVN_TROOPS) == 2
    # Rangers are not cubes: 3 Troops -> 1 removed
    assert space(game, "can-tho").count(Piece.ARVN_TROOPS) == 2
    assert space(game, "can-tho").count(Piece.ARVN_RANGER_UNDERGROUND) == 3
    assert game.state.leader_box == (129, 125)
    assert pieces_total(game.state) == 229


def test_no_two_coup_rounds_in_a_row() -> None:
    """6.0: a Coup card right after another Coup card changes the leader but starts no Coup
    Round; the next card is played (2.3.7)."""
    game = start(blank(), None, card=126, leader_box=(125,), previous=125)
    assert game.state.leader_box == (125, 126)
    assert game.state.phase is Phase.EVENT_CARD
    assert game.state.coup_phase is None
    assert game.state.current_card == NEXT_EVENT
    assert game.state.next_card == 3


def test_consecutive_final_coup_ends_the_game() -> None:
    """6.0, 2.4.2: a final Coup card played right after a Coup card ends the game at once,
    with victory by 7.3."""
    game = start(blank(), None, card=126, leader_box=(125,), previous=125, final=True)
    assert game.state.phase is Phase.OVER
    result = game.state.result
    assert result is not None and result.rule == "7.3" and result.outcome == "victory"
    assert game.decision is None and game.legal() == ()


def test_game_over_refuses_every_command() -> None:
    """2.4.2: once the game is over nothing is legal."""
    game = start(blank(), None, card=126, leader_box=(125,), previous=125, final=True)
    before = game.state
    with pytest.raises(IllegalCommand) as err:
        game.apply(Done())
    assert err.value.rule == "2.4.2"
    assert game.state is before


# -- 6.1 Victory ---------------------------------------------------------------------------------
def test_victory_phase_needs_to_exceed_the_threshold() -> None:
    """6.1, 7.2: ARVN wins only when COIN-Controlled Pop + Patronage exceeds 50."""
    state = put(blank(patronage=48), "hue", {Piece.ARVN_POLICE: 1})  # Hue: Pop 2, COIN
    game = start(state, CoupPhase.VICTORY)  # 2 + 48 = 50: not beyond 50
    assert game.state.phase is Phase.COUP and game.state.result is None

    state = put(blank(patronage=49), "hue", {Piece.ARVN_POLICE: 1})  # 2 + 49 = 51 > 50
    game = start(state, CoupPhase.VICTORY)
    assert game.state.phase is Phase.OVER
    result = game.state.result
    assert result is not None
    assert (result.rule, result.winner) == ("7.2", (Faction.ARVN,))
    assert result.margins[1] == 1  # ARVN margin 51 - 50 (7.3)
    assert game.decision is None


# -- 6.2 Resources -------------------------------------------------------------------------------
def resources_position() -> GameState:
    state = cities_held(blank(arvn_resources=10, aid=20, nva_resources=5, vc_resources=3, trail=2))
    state = put(state, "loc-saigon-can-tho", sabotage=1)  # Econ 2, already Sabotaged
    state = put(state, "loc-hue-da-nang", {Piece.VC_GUERRILLA_ACTIVE: 2, Piece.ARVN_POLICE: 1})
    state = put(
        state, "loc-kontum-dak-to", {Piece.NVA_GUERRILLA_UNDERGROUND: 1, Piece.US_TROOPS: 1}
    )  # not outnumbered
    state = put(state, "tay-ninh", {Piece.VC_TUNNELED_BASE: 1})
    state = put(state, "quang-duc-long-khanh", {Piece.VC_BASE: 1})
    state = put(state, "north-vietnam", {Piece.NVA_BASE: 1})  # not Laos/Cambodia
    state = put(state, "southern-laos", {Piece.NVA_BASE: 1})
    state = put(state, "the-parrots-beak", {Piece.NVA_TUNNELED_BASE: 1})
    state = to_box(state, CASUALTIES, Piece.US_TROOPS, 2)
    return to_box(state, CASUALTIES, Piece.US_BASE, 1)


def test_resources_phase_arithmetic() -> None:
    """6.2.1 Sabotage where Guerrillas outnumber COIN pieces; 6.2.3 ARVN += Aid + (15 -
    Sabotaged Econ) and Econ marker = that Econ; 6.2.4 VC += VC Bases, NVA += Laos/Cambodia
    Bases + 2 x Trail; 6.2.5 Aid -= 3 x Casualties (after ARVN earned it)."""
    game = start(resources_position(), CoupPhase.RESOURCES)
    s = game.state
    assert s.space("loc-hue-da-nang").sabotage == 1
    assert s.space("loc-kontum-dak-to").sabotage == 0
    assert s.econ == 15 - 2 - 1
    assert s.track(Track.ARVN_RESOURCES) == 10 + 20 + 12
    assert s.track(Track.VC_RESOURCES) == 3 + 2
    assert s.track(Track.NVA_RESOURCES) == 5 + 2 + 2 * 2
    assert s.aid == 20 - 3 * 3
    assert s.trail == 2  # 6.2.2: no COIN Control in Laos or Cambodia


def test_resources_are_capped_at_75() -> None:
    """6.2, 1.8: Resources never exceed 75."""
    state = cities_held(blank(arvn_resources=70, aid=15))
    game = start(state, CoupPhase.RESOURCES)
    assert game.state.track(Track.ARVN_RESOURCES) == 75
    assert game.state.econ == 15


def test_sabotage_next_to_city_without_coin_control() -> None:
    """6.2.1: a LoC next to a City without COIN Control is Sabotaged even with no
    Guerrillas on it."""
    state = cities_held(blank())
    state = put(state, "hue", {Piece.VC_GUERRILLA_UNDERGROUND: 1})  # 1 v 1: no Control
    game = start(state, CoupPhase.RESOURCES)
    sabotaged = {sp.id for sp in SPACES if game.state.spaces[sp.index].sabotage}
    assert sabotaged == {"loc-hue-khe-sanh", "loc-hue-da-nang"}
    assert game.state.econ == 15 - 1 - 1


def test_vc_choose_sabotage_order_when_markers_run_out() -> None:
    """6.2.1, 3.3.4: with 15 Terror/Sabotage markers in all, when fewer remain than LoCs to
    Sabotage the VC pick which LoCs get them."""
    state = cities_held(blank())
    state = put(state, "quang-tri-thua-thien", terror=14)  # 1 marker left
    state = put(state, "loc-hue-da-nang", {Piece.VC_GUERRILLA_UNDERGROUND: 1})
    state = put(state, "loc-kontum-dak-to", {Piece.NVA_GUERRILLA_UNDERGROUND: 1})
    game = start(state, CoupPhase.RESOURCES)
    d = game.decision
    assert d is not None and d.faction is Faction.VC and d.rule == "6.2.1"
    assert set(d.options) == {Select("loc-hue-da-nang"), Select("loc-kontum-dak-to")}
    with pytest.raises(IllegalCommand):
        game.apply(Select("loc-saigon-can-tho"))
    game.apply(Select("loc-kontum-dak-to"))
    assert space(game, "loc-kontum-dak-to").sabotage == 1
    assert space(game, "loc-hue-da-nang").sabotage == 0
    assert kit.markers_left(game.state) == 0
    assert game.state.econ == 15 - 1


def test_degrade_trail_when_coin_controls_laos_or_cambodia() -> None:
    """6.2.2: COIN Control of a Laos/Cambodia space Degrades the Trail by 1."""
    state = put(cities_held(blank(trail=3)), "central-laos", {Piece.ARVN_TROOPS: 1})
    game = start(state, CoupPhase.RESOURCES)
    assert game.state.trail == 2
    assert game.state.track(Track.NVA_RESOURCES) == 10 + 2 * 2  # 6.2.4 uses the new Trail


# -- 6.3 Support ---------------------------------------------------------------------------------
def test_pacification_example_us_three_spaces_leaves_arvn_one() -> None:
    """6.3.1 EXAMPLE: if the US Pacifies in 3 spaces, ARVN may Pacify in only 1."""
    game = start(pacify_position(), CoupPhase.SUPPORT)
    d = game.decision
    assert d is not None and d.faction is Faction.US and d.rule == "6.3.1"
    assert set(d.options) == {*(Select(k) for k in PACIFIABLE), Done()}
    for key in PACIFIABLE[:3]:
        pacify(game, key, "passive-support")
    d = game.decision
    assert d is not None and d.faction is Faction.US
    assert d.context.done == PACIFIABLE[:3] and d.context.left == 1
    game.apply(Done())
    d = game.decision
    assert d is not None and d.faction is Faction.ARVN
    assert decision_step(game) == ("pacify", Kind.SELECT_SPACE, None)
    pacify(game, "cam-ranh", "passive-support")
    assert decision_step(game)[0] != "pacify"  # ARVN is out of spaces
    assert game.state.track(Track.ARVN_RESOURCES) == 60 - 4 * 3
    supported = [k for k in PACIFIABLE if space(game, k).support is Support.PASSIVE_SUPPORT]
    assert len(supported) == 4


def test_pacification_us_four_spaces_leaves_arvn_none() -> None:
    """6.3.1 EXAMPLE: if the US Pacifies in 4 spaces, ARVN may not Pacify."""
    game = start(pacify_position(), CoupPhase.SUPPORT)
    for key in PACIFIABLE[:4]:
        pacify(game, key, "passive-support")
    d = game.decision  # no ARVN Pacification question
    assert d is not None and d.faction is Faction.ARVN
    assert decision_step(game) == ("redeploy", Kind.SELECT_SPACE, None)


def test_pacification_two_level_cap_is_shared() -> None:
    """6.3.1: at most 2 levels per space in the whole Support Phase, for US and ARVN
    together."""
    state = pacify_position()
    state = put(state, "hue", support=Support.PASSIVE_OPPOSITION)
    game = start(state, CoupPhase.SUPPORT)
    game.apply(Select("hue"))
    d = game.decision
    assert d is not None and d.kind is Kind.CHOOSE_MODE and d.context.space == "hue"
    assert d.options == (Choose("neutral"), Choose("passive-support"))  # 2 levels at most
    game.apply(Choose("neutral"))  # US: 1 level
    game.apply(Done())
    before = game.state
    game.apply(Select("hue"))  # ARVN: 1 level left, so no extent question
    assert space(game, "hue").support is Support.PASSIVE_SUPPORT
    assert game.state.track(Track.ARVN_RESOURCES) == before.track(Track.ARVN_RESOURCES) - 3


def test_pacification_space_at_cap_is_refused() -> None:
    """6.3.1: a space already shifted 2 levels this phase cannot be Pacified again, and the
    refusal names the rule; the state is unchanged."""
    state = put(pacify_position(), "hue", support=Support.ACTIVE_OPPOSITION)
    game = start(state, CoupPhase.SUPPORT)
    pacify(game, "hue", "neutral")  # 2 levels
    game.apply(Done())
    assert game.decision is not None and game.decision.faction is Faction.ARVN
    before = game.state
    with pytest.raises(IllegalCommand) as err:
        game.apply(Select("hue"))
    assert err.value.rule == "6.3.1"
    assert game.state is before


def test_pacification_needs_coin_control_police_and_own_troops() -> None:
    """6.3.1: each Pacified space needs COIN Control, Police and the Pacifying Faction's
    Troops."""
    state = blank(arvn_resources=60)
    state = put(state, "hue", {Piece.US_TROOPS: 2})  # no Police
    state = put(state, "da-nang", {Piece.ARVN_TROOPS: 1, Piece.ARVN_POLICE: 1})  # no US
    state = put(
        state,
        "kontum",
        {Piece.US_TROOPS: 1, Piece.ARVN_POLICE: 1, Piece.VC_GUERRILLA_UNDERGROUND: 2},
    )  # 2 v 2: no Control
    state = put(state, "qui-nhon", {Piece.US_TROOPS: 1, Piece.ARVN_POLICE: 1})
    game = start(state, CoupPhase.SUPPORT)
    d = game.decision
    assert d is not None and d.faction is Faction.US
    assert set(d.options) == {Select("qui-nhon"), Done()}
    for key, word in (("hue", "Police"), ("da-nang", "US Troops"), ("kontum", "COIN Control")):
        with pytest.raises(IllegalCommand, match=word) as err:
            game.apply(Select(key))
        assert err.value.rule == "6.3.1"
    game.apply(Done())
    d = game.decision
    assert d is not None and d.faction is Faction.ARVN
    assert set(d.options) == {Select("da-nang"), Done()}


def test_pacification_removes_terror_first_at_three_per_step() -> None:
    """6.3.1: each 3 ARVN Resources removes a Terror marker, then shifts 1 level; the Terror
    removal does not count toward the 2-level limit."""
    state = put(pacify_position(resources=40), "hue", terror=1)
    game = start(state, CoupPhase.SUPPORT)
    game.apply(Select("hue"))
    d = game.decision
    assert d is not None
    assert d.options == (
        Choose("remove-terror"),
        Choose("passive-support"),
        Choose("active-support"),
    )
    game.apply(Choose("active-support"))
    assert space(game, "hue").terror == 0
    assert space(game, "hue").support is Support.ACTIVE_SUPPORT
    assert game.state.track(Track.ARVN_RESOURCES) == 40 - 9


def test_pacification_may_remove_only_some_terror() -> None:
    """6.3.1: each step removes one Terror marker; a Faction may stop after any step, so with
    several markers it says how many to remove (then no level shifts)."""
    state = put(pacify_position(resources=40), "hue", terror=3)
    game = start(state, CoupPhase.SUPPORT)
    game.apply(Select("hue"))
    d = game.decision
    assert d is not None
    assert d.options == (  # 3 Terror, then at most 2 levels
        Choose("remove-terror"),
        Choose("passive-support"),
        Choose("active-support"),
    )
    game.apply(Choose("remove-terror"))
    d = game.decision
    assert d is not None and d.kind is Kind.HOW_MANY and d.context.space == "hue"
    assert d.options == (Count(1), Count(2), Count(3))
    game.apply(Count(2))
    assert space(game, "hue").terror == 1
    assert space(game, "hue").support is Support.NEUTRAL
    assert game.state.track(Track.ARVN_RESOURCES) == 40 - 6


def test_us_may_not_pacify_below_econ() -> None:
    """6.3.1, 1.8.1: the US spends only ARVN Resources above the Econ marker; ARVN may spend
    the rest."""
    state = pacify_position(resources=20)
    game = start(attrs.evolve(state, tracks=with_tracks(state, econ=15)), CoupPhase.SUPPORT)
    game.apply(Select("hue"))  # 20 - 15 = 5: one step, so no extent question
    assert space(game, "hue").support is Support.PASSIVE_SUPPORT
    assert game.state.track(Track.ARVN_RESOURCES) == 17
    d = game.decision  # the US cannot afford more: ARVN's turn
    assert d is not None and d.faction is Faction.ARVN
    game.apply(Select("da-nang"))
    game.apply(Choose("active-support"))
    assert game.state.track(Track.ARVN_RESOURCES) == 11  # below Econ: ARVN may


def test_ky_makes_pacification_cost_four_from_his_round() -> None:
    """2.4.1, 6.3.1 (card 127, Nguyen Cao Ky): Pacification costs 4 per step, starting with
    the Coup Round of the card that brings him in."""
    state = cities_held(pacify_position(resources=40))
    game = start(state, None, card=KY, leader_box=(125, 126))
    assert game.state.rvn_leader == KY
    arvn = game.state.track(Track.ARVN_RESOURCES)  # after 6.2.3 earnings
    assert decision_step(game) == ("pacify", Kind.SELECT_SPACE, None)
    pacify(game, "hue", "passive-support")
    assert game.state.track(Track.ARVN_RESOURCES) == arvn - 4


def test_agitation() -> None:
    """6.3.2: VC spend 1 Resource per Terror removed or level toward Active Opposition, in
    spaces with VC pieces and no COIN Control, 2 levels at most, 4 spaces at most."""
    state = blank(vc_resources=2)
    state = put(state, "quang-nam", {Piece.VC_GUERRILLA_UNDERGROUND: 1}, terror=1)
    state = put(state, "hue", {Piece.VC_GUERRILLA_UNDERGROUND: 1, Piece.ARVN_POLICE: 2})
    game = start(state, CoupPhase.SUPPORT)
    d = game.decision
    assert d is not None and d.faction is Faction.VC and d.rule == "6.3.2"
    assert set(d.options) == {Select("quang-nam"), Done()}
    with pytest.raises(IllegalCommand, match="COIN Control"):
        game.apply(Select("hue"))
    game.apply(Select("quang-nam"))
    assert game.decision is not None
    assert game.decision.options == (Choose("remove-terror"), Choose("passive-opposition"))
    game.apply(Choose("passive-opposition"))
    assert space(game, "quang-nam").terror == 0
    assert space(game, "quang-nam").support is Support.PASSIVE_OPPOSITION
    assert game.state.track(Track.VC_RESOURCES) == 0


def test_agitation_four_spaces_two_levels() -> None:
    """6.3.2: at most 4 spaces, at most 2 levels each."""
    keys = ("quang-nam", "tay-ninh", "kien-phong", "binh-dinh", "pleiku-darlac")
    state = blank(vc_resources=30)
    for key in keys:
        state = put(state, key, {Piece.VC_GUERRILLA_UNDERGROUND: 1}, support=Support.ACTIVE_SUPPORT)
    game = start(state, CoupPhase.SUPPORT)
    for key in keys[:4]:
        game.apply(Select(key))
        d = game.decision
        assert d is not None
        assert d.options == (Choose("passive-support"), Choose("neutral"))
        game.apply(Choose("neutral"))
    assert decision_step(game)[0] != "agitate"
    assert game.state.track(Track.VC_RESOURCES) == 30 - 8


# -- 6.4 Redeploy --------------------------------------------------------------------------------
def redeploy_position() -> GameState:
    state = blank()
    state = put(
        state,
        "central-laos",
        {Piece.US_TROOPS: 2, Piece.US_IRREGULAR_ACTIVE: 1, Piece.ARVN_TROOPS: 1},
    )
    state = put(state, "loc-hue-da-nang", {Piece.ARVN_TROOPS: 2})
    state = put(state, "quang-nam", {Piece.ARVN_TROOPS: 1})
    state = put(state, "binh-dinh", {Piece.ARVN_BASE: 1, Piece.ARVN_TROOPS: 2})
    state = put(state, "hue", {Piece.NVA_TROOPS: 3})
    state = put(state, "da-nang", {Piece.ARVN_POLICE: 1})
    return state


def test_redeploy_laos_cambodia_removal() -> None:
    """6.4.1: US and ARVN pieces leave Laos and Cambodia: US Troops out of play, others to
    Available."""
    state = redeploy_position()
    game = start(state, CoupPhase.REDEPLOY)
    assert space(game, "central-laos").count(Piece.US_TROOPS, Piece.ARVN_TROOPS) == 0
    assert game.state.out_of_play[Piece.US_TROOPS] == state.out_of_play[Piece.US_TROOPS] + 2
    irr = Piece.US_IRREGULAR_UNDERGROUND
    assert game.state.available[irr] == state.available[irr] + 1
    assert game.state.available[Piece.ARVN_TROOPS] == state.available[Piece.ARVN_TROOPS] + 1


def test_arvn_troops_must_leave_locs_and_provinces_without_bases() -> None:
    """6.4.2: ARVN Troops must leave LoCs and Provinces without COIN Bases; destinations are
    Cities without NVA Control, US/ARVN Base spaces and Saigon."""
    game = start(redeploy_position(), CoupPhase.REDEPLOY)
    d = game.decision
    assert d is not None and d.faction is Faction.ARVN and d.rule == "6.4.2"
    assert set(d.options) == {Select("loc-hue-da-nang"), Select("quang-nam"), Select("binh-dinh")}
    with pytest.raises(IllegalCommand, match="must") as err:
        game.apply(Done())
    assert err.value.rule == "6.4.2"
    game.apply(Select("loc-hue-da-nang"))
    d = game.decision
    assert d is not None
    targets = {c.space for c in d.options if isinstance(c, Select)}
    cities = {sp.id for sp in SPACES if sp.is_city}
    assert targets == (cities - {"hue"}) | {"binh-dinh"}  # Hue is NVA-Controlled
    game.apply(Select("saigon"))
    d = game.decision
    assert d is not None
    assert d.options == tuple(
        Move(Piece.ARVN_TROOPS, k, "loc-hue-da-nang", "saigon") for k in (1, 2)
    )
    game.apply(Move(Piece.ARVN_TROOPS, 2, "loc-hue-da-nang", "saigon"))
    game.apply(Select("quang-nam"))
    game.apply(Select("da-nang"))  # 1 Troop: the count is not asked
    assert space(game, "da-nang").count(Piece.ARVN_TROOPS) == 1
    d = game.decision
    assert d is not None and Done() in d.options
    # Troops that arrived do not move again: only Binh Dinh's own Troops may still move
    assert set(d.options) == {Select("binh-dinh"), Done()}


def test_redeploy_uses_control_from_the_start_of_the_phase() -> None:
    """6.4, 6.4.4: Control is not adjusted until after the moves, so Police may still go to a
    space that was COIN-Controlled when the phase began."""
    state = blank()
    state = put(
        state,
        "tay-ninh",
        {Piece.ARVN_TROOPS: 2, Piece.ARVN_POLICE: 1, Piece.VC_GUERRILLA_UNDERGROUND: 2},
    )  # COIN 3 v 2
    state = put(state, "kontum", {Piece.ARVN_POLICE: 1})
    game = start(state, CoupPhase.REDEPLOY)
    # Tay Ninh's Troops must leave and are the only ones: no origin asked
    assert decision_step(game) == ("redeploy", Kind.SELECT_SPACE, "tay-ninh")
    game.apply(Select("saigon"))
    game.apply(Move(Piece.ARVN_TROOPS, 2, "tay-ninh", "saigon"))
    assert coinlake.control(game.state, "tay-ninh") is coinlake.Control.NONE
    game.apply(Select("kontum"))  # Police now
    assert decision_step(game) == ("redeploy", Kind.SELECT_SPACE, "kontum")
    d = game.decision
    assert d is not None
    targets = {c.space for c in d.options if isinstance(c, Select)}
    assert "tay-ninh" in targets
    assert {sp.id for sp in SPACES if sp.is_loc} <= targets
    assert "hue" not in targets  # never COIN-Controlled


def test_nva_redeploy_to_nva_bases() -> None:
    """6.4.3: NVA Troops may move from any space to any NVA Base, even one under COIN
    Control."""
    state = blank()
    state = put(state, "north-vietnam", {Piece.NVA_TROOPS: 3})
    state = put(state, "quang-tri-thua-thien", {Piece.NVA_BASE: 1, Piece.US_TROOPS: 3})
    state = put(state, "the-parrots-beak", {Piece.NVA_TUNNELED_BASE: 1})
    game = start(state, CoupPhase.REDEPLOY)
    d = game.decision
    assert d is not None and d.faction is Faction.NVA and d.rule == "6.4.3"
    assert set(d.options) == {Select("north-vietnam"), Done()}
    game.apply(Select("north-vietnam"))
    assert set(game.decision.options if game.decision else ()) == {
        Select("quang-tri-thua-thien"),
        Select("the-parrots-beak"),
    }
    game.apply(Select("quang-tri-thua-thien"))
    game.apply(Move(Piece.NVA_TROOPS, 3, "north-vietnam", "quang-tri-thua-thien"))
    assert space(game, "quang-tri-thua-thien").count(Piece.NVA_TROOPS) == 3


def test_final_round_ends_after_redeploy() -> None:
    """6.4.5, 2.4.2: the final Coup Round ends after Redeploy and 7.3 decides; there is no
    Commitment or Reset."""
    game = start(blank(), CoupPhase.REDEPLOY, final=True)
    assert game.state.phase is Phase.OVER
    assert game.decision is None
    result = game.state.result
    assert result is not None and result.rule == "7.3"
    assert game.state.coup_phase is None


# -- 6.5 Commitment ------------------------------------------------------------------------------
def commitment_position() -> GameState:
    state = blank()
    state = to_box(state, CASUALTIES, Piece.US_TROOPS, 7)
    state = to_box(state, CASUALTIES, Piece.US_BASE, 1)
    state = to_box(state, CASUALTIES, Piece.US_IRREGULAR_UNDERGROUND, 2)
    state = put(state, "hue", {Piece.US_TROOPS: 8, Piece.US_BASE: 1})  # COIN-Controlled
    state = put(
        state,
        "quang-nam",
        {Piece.US_TROOPS: 2, Piece.VC_BASE: 1, Piece.VC_GUERRILLA_UNDERGROUND: 2},
    )  # no Control
    return state


def test_commitment_rotation_arithmetic() -> None:
    """6.5 steps 1-3: 1 in 3 US Troop Casualties (rounded down) and all US Base Casualties go
    out of play; Irregular Casualties go to Available; the other Troop Casualties must be
    placed in COIN-Control spaces, LoCs or Saigon."""
    state = commitment_position()
    game = start(state, CoupPhase.COMMITMENT)
    s = game.state
    assert s.out_of_play[Piece.US_TROOPS] == state.out_of_play[Piece.US_TROOPS] + 2
    assert s.out_of_play[Piece.US_BASE] == state.out_of_play[Piece.US_BASE] + 1
    irr = Piece.US_IRREGULAR_UNDERGROUND
    assert s.available[irr] == state.available[irr] + 2
    assert s.casualties[Piece.US_TROOPS] == 5
    d = game.decision  # the Casualties box is the only origin: not asked
    assert d is not None and d.faction is Faction.US
    assert decision_step(game) == ("commitment", Kind.SELECT_SPACE, CASUALTIES)
    targets = {c.space for c in d.options if isinstance(c, Select)}
    assert {"hue", "saigon"} <= targets and "quang-nam" not in targets and "da-nang" not in targets
    assert {sp.id for sp in SPACES if sp.is_loc} <= targets
    game.apply(Select("saigon"))
    game.apply(Move(Piece.US_TROOPS, 5, CASUALTIES, "saigon"))
    assert space(game, "saigon").count(Piece.US_TROOPS) == 5
    assert sum(game.state.casualties) == 0


def test_commitment_moves_limited_to_ten_minus_placed_and_two_bases() -> None:
    """6.5 step 4: US Troops moved total at most 10 minus Casualties just placed (10 - 5 =
    5); at most 2 US Bases; only among Available, COIN-Control spaces, LoCs, Saigon. 6.5
    WITHDRAWAL: each 2 US pieces moved from the map to Available give the VC 1 Population
    shifted 1 level toward Opposition."""
    game = start(commitment_position(), CoupPhase.COMMITMENT)
    game.apply(Select("saigon"))
    game.apply(Move(Piece.US_TROOPS, 5, CASUALTIES, "saigon"))
    d = game.decision
    assert d is not None
    assert decision_step(game) == ("commitment", Kind.SELECT_SPACE, None)
    assert set(d.options) == {Select(AVAILABLE), Select("hue"), Select("saigon"), Done()}
    game.apply(Select("hue"))
    game.apply(Select(AVAILABLE))
    d = game.decision
    assert d is not None
    troop_counts = [
        c.count for c in d.options if isinstance(c, Move) and c.piece is Piece.US_TROOPS
    ]
    assert max(troop_counts) == 5
    assert [c.count for c in d.options if isinstance(c, Move) and c.piece is Piece.US_BASE] == [1]
    game.apply(Move(Piece.US_TROOPS, 3, "hue", AVAILABLE))
    game.apply(Select("hue"))
    game.apply(Select(AVAILABLE))
    game.apply(Move(Piece.US_BASE, 1, "hue", AVAILABLE))
    game.apply(Select("saigon"))
    game.apply(Select(AVAILABLE))
    game.apply(Move(Piece.US_TROOPS, 2, "saigon", AVAILABLE))  # 5 Troops moved: no more
    d = game.decision
    assert d is not None and d.faction is Faction.US
    assert not any(isinstance(c, Move) for c in d.options)
    assert set(d.options) == {Select(AVAILABLE), Done()}  # 1 more Base may still move
    game.apply(Done())
    d = game.decision
    assert d is not None and d.faction is Faction.VC and d.rule == "6.5"
    # 3 + 1 + 2 = 6 pieces to Available: 3 Population toward Opposition, 1 level each
    game.apply(Select("hue"))  # Pop 2
    d = game.decision
    assert d is not None and d.faction is Faction.VC
    assert Select("hue") not in d.options and Select("saigon") not in d.options
    game.apply(Select("da-nang"))  # Pop 1
    assert space(game, "hue").support is Support.PASSIVE_OPPOSITION
    assert space(game, "da-nang").support is Support.PASSIVE_OPPOSITION
    assert game.state.phase is Phase.EVENT_CARD  # Reset ran; the next card is played


# -- 6.6 Reset -----------------------------------------------------------------------------------
def test_reset_phase() -> None:
    """6.6: Trail 4 -> 3, Terror/Sabotage removed, Guerrillas and SF Underground, Momentum
    discarded, all Factions Eligible, next card played and a new one revealed."""
    state = blank(trail=4)
    state = put(
        state,
        "quang-nam",
        {
            Piece.VC_GUERRILLA_ACTIVE: 2,
            Piece.NVA_GUERRILLA_ACTIVE: 1,
            Piece.US_IRREGULAR_ACTIVE: 1,
            Piece.ARVN_RANGER_ACTIVE: 1,
        },
        terror=1,
    )
    state = put(state, "loc-hue-da-nang", sabotage=1)
    state = attrs.evolve(
        state,
        momentum=(16,),
        eligibility=(Eligibility.INELIGIBLE,) * 4,
    )
    game = start(state, CoupPhase.RESET)
    s = game.state
    assert s.trail == 3
    assert kit.markers_left(s) == 15
    qn = s.space("quang-nam")
    assert qn.count(Piece.VC_GUERRILLA_UNDERGROUND) == 2
    assert qn.count(Piece.NVA_GUERRILLA_UNDERGROUND) == 1
    assert qn.count(Piece.US_IRREGULAR_UNDERGROUND) == 1
    assert qn.count(Piece.ARVN_RANGER_UNDERGROUND) == 1
    assert s.momentum == ()
    assert all(e is Eligibility.ELIGIBLE for e in s.eligibility)
    assert s.current_card == NEXT_EVENT and s.next_card == 3
    assert s.phase is Phase.EVENT_CARD and s.coup_phase is None


def test_reset_improves_trail_from_zero() -> None:
    """6.6: a Trail at 0 is Improved to 1."""
    game = start(blank(trail=0), CoupPhase.RESET)
    assert game.state.trail == 1


# -- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_random_games_run_to_a_result(scenario: str) -> None:
    """2.4.2, 6.0-6.6: seeded random legal commands play every scenario to its end; after
    every step the 229 pieces (1.2), stacking (1.4.2) and track bounds (1.8, 6.7) hold, and
    the game ends over with a result (7.2 or 7.3) and no Decision."""
    for seed in (1, 2):
        game = coinlake.new_game(scenario, seed=seed)
        chooser = random.Random(seed)
        coups = 0
        for _ in range(20_000):
            legal = game.legal()
            if not legal:
                break
            events = game.apply(legal[chooser.randrange(len(legal))])
            coups += sum(
                1
                for e in events
                if isinstance(e, CoupPhaseChanged) and e.phase is CoupPhase.VICTORY
            )
            check_invariants(game.state)
        state = game.state
        assert game.decision is None
        assert state.phase is Phase.OVER
        assert state.result is not None and state.result.rule in ("7.2", "7.3")
        assert any(isinstance(e, GameEnded) for e in game.events)
        assert coups >= 1
        if state.result.rule == "7.3":
            assert coup.final_coup(state)


def test_commands_refused_leave_state_unchanged() -> None:
    """Illegal answers raise IllegalCommand naming a rule, and nothing changes."""
    game = start(redeploy_position(), CoupPhase.REDEPLOY)
    before = game.state
    for bad in (Select("hue"), Move(Piece.ARVN_TROOPS, 1, "binh-dinh", "hue"), Choose("x")):
        with pytest.raises(IllegalCommand) as err:
            game.apply(bad)
        assert err.value.rule == "6.4.2"
        assert game.state is before


def test_automatic_steps_emit_events_naming_their_rule() -> None:
    """Automatic steps emit events without asking, each naming its rule (6.4.1)."""
    state = coup_position(redeploy_position(), CoupPhase.REDEPLOY)
    events = run_until_question(state, "redeploy_phase")
    moved = {
        (e.piece, e.count, e.destination, e.rule) for e in events if isinstance(e, PiecesMoved)
    }
    assert moved == {
        (Piece.US_TROOPS, 2, OUT_OF_PLAY, "6.4.1"),
        (Piece.US_IRREGULAR_ACTIVE, 1, AVAILABLE, "6.4.1"),
        (Piece.ARVN_TROOPS, 1, AVAILABLE, "6.4.1"),
    }


def test_non_player_us_policy_roll_in_commitment() -> None:
    """8.8.1: with a Non-player US and Support + Available at 45 or less, a die is rolled
    in the Commitment Phase against the Coup cards in the RVN Leader box (here 2): equal
    gives JFK, higher LBJ, lower Nixon. A US player rolls nothing."""
    state = attrs.evolve(blank(), options=Options(non_players=(Faction.US,)))
    position = coup_position(state, CoupPhase.COMMITMENT, leader_box=(125, 126))
    events = run_until_question(position, "commitment_phase")
    rolls = [e.value for e in events if isinstance(e, DieRolled)]
    assert len(rolls) == 1
    expected = "JFK" if rolls[0] == 2 else "LBJ" if rolls[0] > 2 else "Nixon"
    game = Game(prime(position))
    assert game.state.us_policy == expected

    position = coup_position(blank(), CoupPhase.COMMITMENT, leader_box=(125, 126))
    events = run_until_question(position, "commitment_phase")
    assert not any(isinstance(e, DieRolled) for e in events)


def test_a_phase_replays_identically_from_its_answers() -> None:
    """The engine re-runs a half-done phase from its start with the recorded answers (after
    an undo, a fork or a load): the same position and the same question come back."""
    game = start(commitment_position(), CoupPhase.COMMITMENT)
    for command in (
        Select("saigon"),
        Move(Piece.US_TROOPS, 5, CASUALTIES, "saigon"),
        Select("hue"),
        Select(AVAILABLE),
    ):
        game.apply(command)
    pending = game.state.pending
    assert pending is not None
    fresh = attrs.evolve(
        game.state,
        pending=Pending(pending.name, pending.args, pending.answers, pending.start),
    )
    assert fresh == game.state
    assert decision(fresh) == game.decision
    game.undo()
    game.redo()
    assert game.decision == decision(fresh)


# -- Coup steps run by an Event (5.1.1) ----------------------------------------------------------
@coinlake.rules.procedure("test-event-coup-step")
def _event_coup_step(ctx: Ctx, step: str, *args: str) -> coinlake.rules.Proc:
    """Test stand-in for an Event text that runs a Coup step with its own terms."""
    with ctx.scope("event", "5.1", faction=Faction.ARVN, card=99):
        if step == "pacify":
            cost = None if args[0] == "-" else int(args[0])
            yield from coup.pacify(ctx, cost=cost, max_levels=int(args[1]))
        elif step == "redeploy":
            yield from coup.redeploy(ctx, (coup.ARVN_TROOPS,), bases=args[0] == "bases")
        else:
            yield from coup.commitment(ctx)


def event_step(text: str, step: str, *args: str) -> Game:
    """A game running the Coup step ``step`` of an Event from the position ``text``."""
    state = coinlake.parse_position(text)
    return Game(coinlake.engine.start_procedure(state, "test-event-coup-step", (step, *args)))


def event_text(*lines: str) -> str:
    """A position between two Event cards (``tests/cards/helpers.py``)."""
    from tests.cards.helpers import position_text

    return position_text(10, *lines)


PACIFY_MAP = (
    "space hue 1 us-troops 1 arvn-troops 1 arvn-police",
    "space da-nang 1 us-troops 1 arvn-troops 1 arvn-police",
)


def test_event_pacifies_with_its_own_cost_and_level_limit_6_3_1_5_1_1() -> None:
    """Card 96's terms: US then ARVN Pacify as in the Support Phase, at no cost, at most 1
    level per space -- ARVN may not shift Hue again after the US did."""
    game = event_step(
        event_text(
            *PACIFY_MAP,
            "tracks arvn-resources=0 nva-resources=0 vc-resources=0"
            " aid=0 patronage=0 econ=15 trail=2",
        ),
        "pacify",
        "0",
        "1",
    )
    assert decision_step(game)[:2] == ("pacify", Kind.SELECT_SPACE)
    assert game.decision is not None and game.decision.faction is Faction.US
    game.apply(Select("hue"))  # 1 level only: Passive Support, taken unasked
    assert game.state.space("hue").support is Support.PASSIVE_SUPPORT
    game.apply(Done())
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert Select("hue") not in decision.options  # its level is used up (6.3.1)
    game.apply(Select("da-nang"))  # then nothing is left to select: the step ends
    state = game.state
    assert state.space("da-nang").support is Support.PASSIVE_SUPPORT
    assert state.tracks[Track.ARVN_RESOURCES] == 0
    assert state.pending is not None and state.pending.name == "card_turn"  # step over


def test_event_pacifies_at_the_support_phase_cost_by_default_6_3_1() -> None:
    game = event_step(event_text(*PACIFY_MAP), "pacify", "-", "2")
    game.apply(Select("hue"))
    game.apply(Choose("active-support"))  # 2 levels, 3 each
    assert game.state.tracks[Track.ARVN_RESOURCES] == 30 - 6


def test_event_redeploys_as_if_no_bases_6_4_2() -> None:
    """Card 90's terms: ARVN Troops must leave every Province, even one with a Base, and may
    go only to Cities without NVA Control or Saigon."""
    lines = ("space quang-nam 2 arvn-troops 1 arvn-base", "space binh-dinh 1 us-base")
    game = event_step(event_text(*lines), "redeploy", "no-bases")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision_step(game) == ("redeploy", Kind.SELECT_SPACE, "quang-nam")
    assert Select("binh-dinh") not in decision.options and Select("saigon") in decision.options
    game.apply(Select("hue"))
    game.apply(Move(Piece.ARVN_TROOPS, 2, "quang-nam", "hue"))
    assert game.state.space("hue").pieces[Piece.ARVN_TROOPS] == 2
    pending = game.state.pending
    assert pending is not None and pending.name == "card_turn"  # the Event's step is over
    normal = event_step(event_text(*lines), "redeploy", "bases")
    assert Done() in normal.legal()  # with its Base, the Troops may stay...
    normal.apply(Select("quang-nam"))
    assert Select("binh-dinh") in normal.legal()  # ...or go to a space with a Base


def test_event_coup_steps_leave_a_coup_rounds_record_alone() -> None:
    """A card-run step keeps its own progress: the Coup Round's record, the Coup Card
    marker and Momentum stay as they were (e.g. card 73 in a Coup Round's position)."""
    record = "coup-step part=pacify-arvn spaces=kontum used=1 levels=kontum:1"
    text = event_text(
        *PACIFY_MAP,
        "phase coup",
        "coup-phase support",
        record,
        "momentum 15",
        "card-markers 15:unshaded",
        "casualties 3 us-troops",
    )
    before = coinlake.parse_position(text)
    game = event_step(text, "commitment")  # Medevac: every Troop Casualty to Available
    while (pending := game.state.pending) is not None and pending.name == "test-event-coup-step":
        game.apply(Done() if Done() in game.legal() else game.legal()[0])
    state = game.state
    assert state.available[Piece.US_TROOPS] == 3 and state.casualties[Piece.US_TROOPS] == 0
    assert state.coup_step == before.coup_step and state.coup_phase is CoupPhase.SUPPORT
    assert state.momentum == (15,)
    game = event_step(text, "pacify", "0", "2")
    game.apply(Select("hue"))
    game.apply(Choose("active-support"))
    assert game.state.coup_step == before.coup_step
    game.apply(Done())
    assert game.state.coup_step == before.coup_step
