"""Lasting effects that change a step of the Coup Round (2.4.1, 5.3, 5.4, 6.2-6.6).

Each card's effect comes from its card facts (``../shared/reference/card_texts.json``,
described here in our own words); the Coup Round reads it through
:mod:`coinlake.rules.effects`. Positions are built on an empty Full-scenario map whose pieces
are all in their boxes, so the 229 pieces (1.2) stay accounted for.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from coinlake.data.cards import Side
from coinlake.data.pieces import Faction, Piece
from coinlake.engine import Game, prime
from coinlake.rules import PROCEDURES, Ctx, Kind, coup, effects
from coinlake.state.commands import Choose, Done, Move, Select
from coinlake.state.events import TrackChanged
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    CoupPhase,
    GameState,
    Phase,
    Support,
    Track,
)
from coinlake.state.queries import pieces_total
from tests.conftest import (
    PACIFIABLE,
    blank,
    cities_held,
    decision_step,
    pacify,
    pacify_position,
    put,
    refused,
    to_box,
)

EVENT_BEFORE, EVENT_AFTER = 1, 2
KHANH, YOUNG_TURKS, KY, THIEU = 125, 126, 127, 128
ADSID, MEDEVAC, BLOWTORCH_KOMER, MIGS, ORISKANY = 7, 15, 16, 33, 39
MANDATE_OF_HEAVEN, CADRES = 86, 116


# -- building positions ----------------------------------------------------------------------
def coup_state(
    state: GameState,
    phase: CoupPhase,
    *,
    played: tuple[int, ...] = (EVENT_BEFORE, KHANH),
    final: bool = False,
    leader_box: tuple[int, ...] = (KHANH,),
) -> GameState:
    """``state`` at the start of ``phase`` of the Coup Round of the last card of ``played``;
    ``final``: no Coup card is left in the deck (2.4.2)."""
    return attrs.evolve(
        state,
        phase=Phase.COUP,
        coup_phase=phase,
        played=played,
        next_card=EVENT_AFTER,
        deck=(3, 4, 5) if final else (3, 4, THIEU, 5),
        leader_box=leader_box,
        pending=None,
    )


def start(state: GameState, phase: CoupPhase, **kw: Any) -> Game:
    """A game started at ``phase`` of a Coup Round (see :func:`coup_state`)."""
    return Game(prime(coup_state(state, phase, **kw)))


# -- 6.0 how many Coup Rounds --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("played", "rounds"),
    [
        ((), 0),
        ((EVENT_BEFORE,), 0),
        ((KHANH,), 1),  # a Coup as the very first card has a Round (R33)
        ((EVENT_BEFORE, KHANH), 1),
        ((EVENT_BEFORE, KHANH, YOUNG_TURKS, EVENT_AFTER, KY), 2),  # no Round right after a Coup
        ((EVENT_BEFORE, KHANH, EVENT_AFTER, 3, YOUNG_TURKS), 2),
    ],
)
def test_coup_rounds_counts_rounds_begun_6_0(played: tuple[int, ...], rounds: int) -> None:
    """6.0: every Coup card has a Round unless the card played just before was a Coup."""
    assert coup.coup_rounds(attrs.evolve(blank(), played=played)) == rounds


# -- 2.4.1 RVN Leader: Ky, and a Leader flipped by Brinks Hotel (card 97) ---------------------
def test_ky_pacification_costs_four_2_4_1() -> None:
    """2.4.1, 6.3.1 (card 127): while Ky leads, each Pacification step costs 4."""
    game = start(pacify_position(), CoupPhase.SUPPORT, leader_box=(KHANH, YOUNG_TURKS, KY))
    assert effects.leader_in_effect(game.state, KY)
    pacify(game, "hue", "passive-support")
    assert game.state.track(Track.ARVN_RESOURCES) == 60 - 4


def test_leader_flipped_by_brinks_hotel_has_no_effect_2_4_1() -> None:
    """Card 97 unshaded flips the current RVN Leader card: its text no longer applies (Ky's
    Pacification costs 3 again) though the card stays in the box (2.4.1)."""
    state = pacify_position(card_markers=((KY, effects.LEADER_FLIPPED),))
    game = start(state, CoupPhase.SUPPORT, leader_box=(KHANH, YOUNG_TURKS, KY))
    assert not effects.leader_in_effect(game.state, KY)
    assert effects.leader_box_cards(game.state) == 3
    pacify(game, "hue", "passive-support")
    assert game.state.track(Track.ARVN_RESOURCES) == 60 - 3


# -- card 16 Blowtorch Komer (unshaded, Momentum) ------------------------------------------------
def test_blowtorch_komer_pacification_costs_one_in_the_support_phase_5_4() -> None:
    """Card 16 unshaded: in the Support Phase each Pacification step costs 1 -- even while
    Ky leads (our ruling); Train's Pacification is not the Support Phase and keeps Ky's 4."""
    state = pacify_position(momentum=(BLOWTORCH_KOMER,))
    game = start(state, CoupPhase.SUPPORT, leader_box=(KHANH, KY))
    assert effects.pacification_cost(game.state, support_phase=True) == 1
    assert effects.pacification_cost(game.state, support_phase=False) == 4
    pacify(game, "hue", "active-support")  # 2 levels
    assert game.state.track(Track.ARVN_RESOURCES) == 60 - 2
    assert game.state.space("hue").support is Support.ACTIVE_SUPPORT


def test_blowtorch_komer_ends_at_reset_5_4() -> None:
    """5.4, 6.6 step 4: the Momentum is discarded at the Round's Reset."""
    game = start(attrs.evolve(blank(), momentum=(BLOWTORCH_KOMER,)), CoupPhase.RESET)
    assert game.state.momentum == ()
    assert effects.pacification_cost(game.state, support_phase=True) == 3


# -- card 86 Mandate of Heaven (shaded Capability) -----------------------------------------------
def test_mandate_of_heaven_shaded_arvn_pacifies_one_space_5_3() -> None:
    """Card 86 shaded: ARVN Pacifies in at most 1 space per Support Phase; the US is not
    limited beyond the shared 4 spaces (6.3.1)."""
    state = pacify_position(capabilities=((MANDATE_OF_HEAVEN, Side.SHADED),))
    game = start(state, CoupPhase.SUPPORT)
    assert effects.pacify_space_limit(game.state, Faction.ARVN) == 1
    assert effects.pacify_space_limit(game.state, Faction.US) is None
    pacify(game, "hue", "passive-support")
    pacify(game, "da-nang", "passive-support")
    game.apply(Done())
    d = game.decision
    assert d is not None and d.faction is Faction.ARVN
    assert decision_step(game) == ("pacify", Kind.SELECT_SPACE, None)
    assert d.context.left == 1  # ARVN's own limit
    pacify(game, "kontum", "passive-support")
    assert decision_step(game)[0] != "pacify"  # ARVN's one space is used
    supported = [k for k in PACIFIABLE if game.state.space(k).support is Support.PASSIVE_SUPPORT]
    assert len(supported) == 3
    assert game.state.track(Track.ARVN_RESOURCES) == 60 - 3 * 3


def test_mandate_of_heaven_unshaded_does_not_limit_pacification_5_3() -> None:
    """Card 86 unshaded concerns Govern only: ARVN may use the rest of the 4 spaces."""
    state = pacify_position(capabilities=((MANDATE_OF_HEAVEN, Side.UNSHADED),))
    game = start(state, CoupPhase.SUPPORT)
    game.apply(Done())  # the US Pacifies nowhere
    pacify(game, "hue", "passive-support")
    d = game.decision
    assert d is not None and d.faction is Faction.ARVN
    assert decision_step(game) == ("pacify", Kind.SELECT_SPACE, None)


# -- card 116 Cadres (unshaded Capability) -------------------------------------------------------
def cadres_position(side: Side) -> GameState:
    state = blank(vc_resources=5)
    state = put(state, "quang-nam", {Piece.VC_GUERRILLA_UNDERGROUND: 1, Piece.VC_BASE: 1})
    state = put(
        state, "tay-ninh", {Piece.VC_GUERRILLA_ACTIVE: 1, Piece.VC_GUERRILLA_UNDERGROUND: 2}
    )
    state = put(state, "kien-phong", {Piece.VC_GUERRILLA_UNDERGROUND: 2})
    return attrs.evolve(state, capabilities=((CADRES, side),))


def test_cadres_unshaded_agitation_needs_and_removes_two_guerrillas_5_3() -> None:
    """Card 116 unshaded: to Agitate a space the VC removes 2 of its Guerrillas there
    (to Available, 1.4.1), so a space with fewer is refused; the VC picks Active or
    Underground where it has both."""
    state = cadres_position(Side.UNSHADED)
    game = start(state, CoupPhase.SUPPORT)
    d = game.decision
    assert d is not None and d.faction is Faction.VC and d.rule == "6.3.2"
    assert set(d.options) == {Select("tay-ninh"), Select("kien-phong"), Done()}
    error = refused(game, Select("quang-nam"), "5.3")
    assert "Cadres" in str(error)
    available = game.state.available[Piece.VC_GUERRILLA_UNDERGROUND]
    game.apply(Select("tay-ninh"))
    game.apply(Choose("passive-opposition"))
    d = game.decision
    assert d is not None and d.faction is Faction.VC and d.rule == "5.3"
    assert decision_step(game) == ("agitate", Kind.REMOVE_PIECES, "tay-ninh")
    active = Move(Piece.VC_GUERRILLA_ACTIVE, 1, "tay-ninh", AVAILABLE)
    underground = Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "tay-ninh", AVAILABLE)
    assert set(d.options) == {active, underground}
    game.apply(active)  # the second one can only be Underground: no question
    here = game.state.space("tay-ninh")
    assert here.count(Piece.VC_GUERRILLA_ACTIVE, Piece.VC_GUERRILLA_UNDERGROUND) == 1
    assert here.support is Support.PASSIVE_OPPOSITION
    assert game.state.available[Piece.VC_GUERRILLA_UNDERGROUND] == available + 2
    assert game.state.track(Track.VC_RESOURCES) == 5 - 1
    game.apply(Select("kien-phong"))  # only Underground Guerrillas: removed without asking
    game.apply(Choose("passive-opposition"))
    assert game.state.space("kien-phong").count(Piece.VC_GUERRILLA_UNDERGROUND) == 0
    assert game.state.space("kien-phong").support is Support.PASSIVE_OPPOSITION
    assert pieces_total(game.state) == 229


def test_cadres_shaded_leaves_agitation_alone_5_3() -> None:
    """Card 116 shaded concerns VC Rally: Agitation needs no Guerrillas and removes none."""
    game = start(cadres_position(Side.SHADED), CoupPhase.SUPPORT)
    d = game.decision
    assert d is not None
    assert Select("quang-nam") in d.options
    game.apply(Select("quang-nam"))
    game.apply(Choose("passive-opposition"))
    assert game.state.space("quang-nam").count(Piece.VC_GUERRILLA_UNDERGROUND) == 1


# -- card 15 Medevac (Momentum, both sides) ------------------------------------------------------
def commitment_position(medevac: Side | None) -> GameState:
    state = blank()
    state = to_box(state, CASUALTIES, Piece.US_TROOPS, 7)
    state = to_box(state, CASUALTIES, Piece.US_BASE, 1)
    state = to_box(state, CASUALTIES, Piece.US_IRREGULAR_UNDERGROUND, 2)
    state = put(state, "hue", {Piece.US_TROOPS: 8, Piece.US_BASE: 1})
    if medevac is None:
        return state
    return attrs.evolve(state, momentum=(MEDEVAC,), card_markers=((MEDEVAC, medevac.value),))


def test_medevac_unshaded_every_troop_casualty_to_available_5_4() -> None:
    """Card 15 unshaded: in this Commitment Phase all US Troop Casualties go to Available --
    none out of play (6.5 would send 2 of 7) and none left to place; Base Casualties still go
    out of play and Irregulars to Available."""
    state = commitment_position(Side.UNSHADED)
    game = start(state, CoupPhase.COMMITMENT)
    s = game.state
    assert s.casualties == (0,) * len(Piece)
    assert s.available[Piece.US_TROOPS] == state.available[Piece.US_TROOPS] + 7
    assert s.out_of_play[Piece.US_TROOPS] == state.out_of_play[Piece.US_TROOPS]
    assert s.out_of_play[Piece.US_BASE] == state.out_of_play[Piece.US_BASE] + 1
    irregular = Piece.US_IRREGULAR_UNDERGROUND
    assert s.available[irregular] == state.available[irregular] + 2
    # straight to the US moves (6.5 step 4): an origin, none chosen yet
    assert decision_step(game) == ("commitment", Kind.SELECT_SPACE, None)
    game.apply(Select("hue"))
    game.apply(Select(AVAILABLE))
    d = game.decision
    assert d is not None
    counts = [c.count for c in d.options if isinstance(c, Move) and c.piece is Piece.US_TROOPS]
    assert max(counts) == 8  # 10 - 0 placed, but only 8 in Hue
    game.apply(Move(Piece.US_TROOPS, 1, "hue", AVAILABLE))
    game.apply(Done())  # 1 piece withdrawn: no Population for the VC to shift (6.5)
    assert game.state.phase is Phase.EVENT_CARD  # Reset ran
    assert game.state.momentum == () and game.state.card_markers == ()


def test_medevac_shaded_leaves_commitment_alone_5_4() -> None:
    """Card 15 shaded concerns Air Lift: the rotation is the usual one (6.5)."""
    state = commitment_position(Side.SHADED)
    game = start(state, CoupPhase.COMMITMENT)
    s = game.state
    assert s.out_of_play[Piece.US_TROOPS] == state.out_of_play[Piece.US_TROOPS] + 7 // 3
    assert s.casualties[Piece.US_TROOPS] == 5
    assert decision_step(game) == ("commitment", Kind.SELECT_SPACE, CASUALTIES)


# -- card 33 MiGs (unshaded Capability) ----------------------------------------------------------
@pytest.mark.parametrize(
    ("side", "before", "after"),
    [(Side.UNSHADED, 10, 4), (Side.UNSHADED, 4, 0), (Side.SHADED, 10, 10), (None, 10, 10)],
)
def test_migs_unshaded_costs_nva_six_resources_each_reset_5_3(
    side: Side | None, before: int, after: int
) -> None:
    """Card 33 unshaded: the NVA loses 6 Resources at every Reset (never below 0, 1.8)."""
    caps = () if side is None else ((MIGS, side),)
    state = attrs.evolve(blank(nva_resources=before), capabilities=caps)
    game = start(state, CoupPhase.RESET)
    assert game.state.track(Track.NVA_RESOURCES) == after


# -- Trail: card 39 Oriskany (shaded) and card 7 ADSID (unshaded), Momentum ------------------
def test_oriskany_shaded_blocks_the_coup_rounds_degrades_5_4() -> None:
    """Card 39 shaded: no Trail Degrade through the next Coup Round -- not by COIN Control in
    Laos (6.2.2), nor at Reset, where a Trail at 4 stays at 4 (6.6); then it is discarded."""
    state = put(cities_held(blank(trail=3)), "central-laos", {Piece.ARVN_TROOPS: 1})
    game = start(attrs.evolve(state, momentum=(ORISKANY,)), CoupPhase.RESOURCES)
    assert game.state.trail == 3
    game = start(attrs.evolve(blank(trail=4), momentum=(ORISKANY,)), CoupPhase.RESET)
    assert game.state.trail == 4
    assert game.state.momentum == ()
    game = start(attrs.evolve(blank(trail=0), momentum=(ORISKANY,)), CoupPhase.RESET)
    assert game.state.trail == 1  # Improving is not blocked


def test_adsid_unshaded_charges_nva_for_coup_round_trail_changes_5_4() -> None:
    """Card 7 unshaded: each change of the Trail, the Coup Round's included, costs the NVA 6
    Resources: the 6.2.2 Degrade (before NVA earnings, 6.2.4) and the 6.6 Reset."""
    state = put(
        cities_held(blank(trail=3, nva_resources=10)), "central-laos", {Piece.ARVN_TROOPS: 1}
    )
    game = start(attrs.evolve(state, momentum=(ADSID,)), CoupPhase.RESOURCES)
    assert game.state.trail == 2
    assert game.state.track(Track.NVA_RESOURCES) == 10 - 6 + 2 * 2
    game = start(attrs.evolve(blank(trail=4, nva_resources=10), momentum=(ADSID,)), CoupPhase.RESET)
    assert game.state.trail == 3
    assert game.state.track(Track.NVA_RESOURCES) == 4


def test_coup_effects_events_name_their_rule() -> None:
    """The NVA Resources change MiGs causes at Reset cites the Capability rule (5.3)."""
    state = attrs.evolve(blank(nva_resources=10), capabilities=((MIGS, Side.UNSHADED),))
    ctx = Ctx(coup_state(state, CoupPhase.RESET))
    with pytest.raises(StopIteration):
        next(PROCEDURES["reset_phase"](ctx))
    changes = [e for e in ctx.events if isinstance(e, TrackChanged)]
    nva = [(e.rule, e.value) for e in changes if e.track is Track.NVA_RESOURCES]
    assert nva == [("5.3", 4)]


def test_no_lasting_effect_leaves_the_round_unchanged() -> None:
    """Without Capabilities or Momentum the helpers report the plain rules (6.3, 6.5, 6.6)."""
    state = blank()
    assert effects.pacification_cost(state, support_phase=True) == 3
    assert effects.pacify_space_limit(state, Faction.ARVN) is None
    assert effects.agitation_guerrilla_cost(state) == 0
    assert not effects.medevac_commitment(state)
    assert effects.reset_nva_resource_loss(state) == 0
