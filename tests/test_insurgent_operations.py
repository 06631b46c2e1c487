"""NVA and VC Operations (3.3): Rally, March, Attack, Terror, with 1.4.1 (taking pieces from
the map), 2.3.4-2.3.5 (executed Operations, Limited Operations), 2.3.9 (Monsoon), 3.1
(costs, each space once), 3.1.2/5.5 (free Operations) and the lasting effects that change
them (AAA, SA-2s, McNamara Line, Cadres, Main Force Bns, Claymores, PT-76).

Expected values come from the rulebook sections cited and from the worked examples in
``shared/rules/rule-examples.md``. Positions are built on a cleared Short-scenario map (all
pieces Available unless placed) on an Event card where the acting Faction is 1st Eligible,
and played through the ordinary Sequence of Play commands.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

import attrs

import coinlake
from coinlake import Choose, Done, Faction, Move, Piece, Select, Side
from coinlake.engine import Game, prime, start_procedure
from coinlake.rules import actions
from coinlake.rules.core import Ask, Ctx, Kind, procedure
from coinlake.state.commands import Command, Count
from coinlake.state.events import DieRolled
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    EMPTY,
    OUT_OF_PLAY,
    Eligibility,
    GameState,
    SpaceState,
    Support,
    Track,
    Turn,
)
from coinlake.state.rng import Rng
from tests.conftest import KISSINGER, check_invariants, refused, rng_rolling

NVA, VC, US, ARVN = Faction.NVA, Faction.VC, Faction.US, Faction.ARVN
OP, OP_SA, LIMOP = Choose("op"), Choose("op+sa"), Choose("limop")
NOT_NOW, NO_SA = Choose("not-now"), Choose("no-sa")
DONE = Done()

NVA_FIRST = 52  # RAND: NVA, VC, US, ARVN
VC_FIRST = 103  # Kent State: VC, NVA, US, ARVN
COUP = 125  # a Coup card showing next: Monsoon (2.3.9)

G_U = {NVA: Piece.NVA_GUERRILLA_UNDERGROUND, VC: Piece.VC_GUERRILLA_UNDERGROUND}
G_A = {NVA: Piece.NVA_GUERRILLA_ACTIVE, VC: Piece.VC_GUERRILLA_ACTIVE}

Pieces = Mapping[str, Mapping[Piece, int]]


# -- positions -------------------------------------------------------------------------------
def _pool(state: GameState) -> list[int]:
    """Every piece of the game, counted in box form (1.4.1)."""
    out = [0] * len(Piece)
    for counts in (
        *(sp.pieces for sp in state.spaces),
        state.available,
        state.casualties,
        state.out_of_play,
    ):
        for piece in Piece:
            out[piece.box_form] += counts[piece]
    return out


def tracks_with(**values: int) -> tuple[int, ...]:
    base = {
        Track.ARVN_RESOURCES: 30,
        Track.NVA_RESOURCES: 10,
        Track.VC_RESOURCES: 10,
        Track.AID: 15,
        Track.PATRONAGE: 15,
        Track.ECON: 15,
        Track.TRAIL: 2,
    }
    for name, value in values.items():
        base[Track[name.upper()]] = value
    return tuple(base[t] for t in Track)


def board_state(
    pieces: Pieces | None = None,
    *,
    support: Mapping[str, Support] | None = None,
    terror: Mapping[str, int] | None = None,
    sabotage: Mapping[str, int] | None = None,
    card: int = NVA_FIRST,
    next_card: int = KISSINGER,
    capabilities: Sequence[tuple[int, Side]] = (),
    momentum: Sequence[int] = (),
    acted: Sequence[tuple[Faction, str]] = (),
    rng: Rng | None = None,
    **tracks: int,
) -> GameState:
    """A cleared Short-scenario map with ``pieces`` placed (taken from Available so that the
    229 pieces stay), on ``card`` with ``next_card`` showing, every Faction Eligible."""
    base = coinlake.new_game("short", seed=7).state
    available = _pool(base)
    spaces = []
    for info in coinlake.SPACES:
        counts = [0] * len(Piece)
        for piece, n in (pieces or {}).get(info.id, {}).items():
            counts[piece] += n
            available[piece.box_form] -= n
        spaces.append(
            SpaceState(
                pieces=tuple(counts),
                support=(support or {}).get(info.id, Support.NEUTRAL),
                terror=(terror or {}).get(info.id, 0),
                sabotage=(sabotage or {}).get(info.id, 0),
            )
        )
    assert min(available) >= 0
    deck = tuple(c for c in base.deck if c not in (card, next_card))
    return attrs.evolve(
        base,
        spaces=tuple(spaces),
        available=tuple(available),
        casualties=EMPTY,
        out_of_play=EMPTY,
        tracks=tracks_with(**tracks),
        capabilities=tuple(capabilities),
        momentum=tuple(momentum),
        played=(card,),
        next_card=next_card,
        deck=deck,
        eligibility=tuple(Eligibility.ELIGIBLE for _ in Faction),
        turn=Turn(acted=tuple(acted)),
        pending=None,
        rng=rng if rng is not None else base.rng,
    )


def board(pieces: Pieces | None = None, **kwargs: Any) -> Game:
    """:func:`board_state` as a game waiting for the 1st (or 2nd) Eligible Faction."""
    return Game(prime(board_state(pieces, **kwargs)))


def begin(game: Game, operation: str, *, how: Choose = OP) -> Game:
    """The Faction to act chooses ``how`` (op, op+sa, limop) and the Operation; an offer of
    the Special Activity before the Operation (4.1) is declined."""
    game.apply(how)
    if game.decision is not None and game.decision.kind == Kind.SPECIAL_ACTIVITY:
        game.apply(NOT_NOW)  # a Special Activity before choosing the Operation (4.1, R86)
    game.apply(Choose(operation))
    if game.decision is not None and game.decision.kind == Kind.SPECIAL_ACTIVITY:
        game.apply(NOT_NOW)
    return game


def play(game: Game, *commands: Command | str) -> Game:
    for command in commands:
        game.apply(game.parse(command) if isinstance(command, str) else command)
    return game


def none_available(
    state: GameState, piece: Piece, form: Piece, park: str = "north-vietnam"
) -> GameState:
    """``state`` with every Available ``piece`` moved away (onto ``park`` as ``form``, or into
    the Out of Play box), so that none is Available (1.4.1)."""
    available = list(state.available)
    n, available[piece] = available[piece], 0
    if park == OUT_OF_PLAY:
        out = list(state.out_of_play)
        out[piece] += n
        return attrs.evolve(state, available=tuple(available), out_of_play=tuple(out))
    spaces = list(state.spaces)
    i = coinlake.data.map.space_index(park)
    counts = list(spaces[i].pieces)
    counts[form] += n
    spaces[i] = attrs.evolve(spaces[i], pieces=tuple(counts))
    return attrs.evolve(state, available=tuple(available), spaces=tuple(spaces))


def at(game: Game, space: str) -> SpaceState:
    return game.state.space(space)


def acted(game: Game) -> tuple[tuple[Faction, str], ...]:
    return game.state.turn.acted


# -- a free Operation or Special Activity granted by an Event (5.5) ----------------------------
@procedure("test-insurgent-free-action")
def _free_action(
    ctx: Ctx, faction: str, name: str, *settings: str
) -> Generator[Ask, Command, None]:
    """Test stand-in for an Event that grants ``faction`` the free action ``name``;
    ``settings`` are ``key=value`` fields of its :class:`~coinlake.rules.actions.Grant`
    (comma-separated values become tuples)."""
    fields: dict[str, Any] = {}
    for setting in settings:
        key, value = setting.split("=", 1)
        if value in ("true", "false"):
            fields[key] = value == "true"
        elif value.isdigit():
            fields[key] = int(value)
        elif key == "targets":
            fields[key] = tuple(Faction(v) for v in value.split(",") if v)
        elif "," in value or key in ("spaces", "origins", "required"):
            fields[key] = tuple(v for v in value.split(",") if v)
        else:
            fields[key] = value
    yield from actions.free_action(ctx, Faction(faction), actions.Grant(name, **fields))


def free(state: GameState, faction: Faction, name: str, *settings: str) -> Game:
    """A game running the free action ``name`` of ``faction`` from ``state`` (5.5)."""
    return Game(
        start_procedure(state, "test-insurgent-free-action", (str(faction), name, *settings))
    )


# == 3.3.1 Rally ==============================================================================
def test_rally_places_a_guerrilla_per_space_for_1_resource_3_3_1() -> None:
    game = begin(board(NVA_RESOURCES=5), "rally")
    play(game, "select quang-nam")  # a single mode: place 1 Guerrilla from Available
    play(game, "select kien-phong", "done", "decline")
    state = game.state
    assert at(game, "quang-nam").pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 1
    assert at(game, "kien-phong").pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 1
    assert state.resources(NVA) == 3
    assert acted(game) == ((NVA, "op"),)
    check_invariants(game.state)


def test_rally_refuses_support_locs_and_a_space_twice_3_3_1() -> None:
    game = begin(board(support={"hue": Support.PASSIVE_SUPPORT}), "rally")
    refused(game, Select("hue"), "3.3.1", "has Support")
    refused(game, Select("loc-hue-da-nang"), "3.3.1", "Provinces and Cities")
    play(game, "select quang-nam")
    refused(game, Select("quang-nam"), "3.1", "already selected")
    opposition = begin(board(support={"hue": Support.ACTIVE_OPPOSITION}), "rally")
    assert Select("hue") in opposition.legal()  # without Support: Neutral or Opposition


def test_rally_needs_resources_per_space_3_1() -> None:
    game = begin(board(NVA_RESOURCES=1, TRAIL=4), "rally")
    play(game, "select quang-nam")
    refused(game, Select("kien-phong"), "3.1", "no Resources left")
    assert not [c for c in game.legal() if isinstance(c, Select)]


def test_nva_rally_at_a_base_places_up_to_trail_plus_bases_3_3_1() -> None:
    pieces = {"quang-nam": {Piece.NVA_BASE: 1, Piece.NVA_TUNNELED_BASE: 1}}
    game = begin(board(pieces, TRAIL=3), "rally")
    play(game, "select quang-nam")  # only "place" can be done there: how many?
    assert game.legal() == (Count(1), Count(2), Count(3), Count(4), Count(5))  # 3 + 2 Bases
    play(game, "count 5", "done", "decline")
    assert at(game, "quang-nam").pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 5


def test_vc_rally_at_a_base_pop_plus_bases_or_flip_underground_3_3_1() -> None:
    pieces = {"kien-phong": {Piece.VC_BASE: 1, Piece.VC_GUERRILLA_ACTIVE: 2}}  # Pop 2
    game = begin(board(pieces, card=VC_FIRST), "rally")
    play(game, "select kien-phong")
    options = game.legal()
    assert set(options) == {Choose("place"), Choose("underground"), Choose("base-aa")}
    play(game, "place")
    assert game.legal() == (Count(1), Count(2), Count(3))  # Pop 2 + 1 Base
    game.undo()
    play(game, "underground", "done")
    sp = at(game, "kien-phong")
    assert sp.pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 2
    assert sp.pieces[Piece.VC_GUERRILLA_ACTIVE] == 0


def test_rally_replaces_2_guerrillas_with_a_base_within_stacking_3_3_1_1_4_2() -> None:
    pieces = {
        "quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 1, Piece.VC_GUERRILLA_ACTIVE: 1},
        "binh-dinh": {Piece.VC_GUERRILLA_UNDERGROUND: 2, Piece.US_BASE: 1, Piece.ARVN_BASE: 1},
    }
    game = begin(board(pieces, card=VC_FIRST), "rally")
    play(game, "select binh-dinh")  # 2 Bases there: only "place", 1, taken without asking
    assert at(game, "binh-dinh").pieces[G_U[VC]] == 3
    play(game, "select quang-nam")
    assert game.legal() == (Choose("place"), Choose("base-au"))
    play(game, "base-au", "done")
    sp = at(game, "quang-nam")
    assert sp.pieces[Piece.VC_BASE] == 1 and sp.count(*(G_U[VC], G_A[VC])) == 0
    check_invariants(game.state)


def test_rally_takes_guerrillas_from_the_map_when_none_available_1_4_1() -> None:
    # rule-examples 2: NVA without Available Guerrillas remove their own elsewhere during a
    # Rally and place them Underground.
    state = board_state(
        {
            "quang-nam": {Piece.NVA_GUERRILLA_ACTIVE: 1},
            "binh-dinh": {Piece.NVA_GUERRILLA_UNDERGROUND: 1},
            "kien-phong": {Piece.NVA_BASE: 1},
        },
        TRAIL=1,
    )
    state = none_available(state, Piece.NVA_GUERRILLA_UNDERGROUND, Piece.NVA_GUERRILLA_ACTIVE)
    game = begin(Game(prime(state)), "rally")
    play(game, "select kien-phong", "count 2")  # "place", the only mode, taken unasked
    decision = game.decision
    assert decision is not None and decision.kind == Kind.PLACE_PIECES and decision.rule == "1.4.1"
    assert Move(Piece.NVA_GUERRILLA_ACTIVE, 1, "quang-nam", "kien-phong") in decision.options
    assert Move(Piece.NVA_GUERRILLA_UNDERGROUND, 1, "binh-dinh", "kien-phong") in decision.options
    play(game, "move 1 nva-guerrilla-a quang-nam kien-phong")
    play(game, "move 1 nva-guerrilla-a north-vietnam kien-phong")
    sp = at(game, "kien-phong")
    assert sp.pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 2  # placed Underground (1.4.3)
    assert sp.pieces[Piece.NVA_GUERRILLA_ACTIVE] == 0
    assert at(game, "quang-nam").pieces[Piece.NVA_GUERRILLA_ACTIVE] == 0
    check_invariants(game.state)


def test_rally_from_available_first_1_4_1() -> None:
    state = board_state({"quang-nam": {Piece.NVA_GUERRILLA_ACTIVE: 1}})
    game = begin(Game(prime(state)), "rally")
    play(game, "select kien-phong")  # Guerrillas Available: no question about the map
    assert game.decision is not None and game.decision.kind == Kind.SELECT_SPACE


def test_nva_trail_improvement_costs_2_even_as_a_limop_with_0_spaces_3_3_1_2_3_4() -> None:
    game = begin(
        board(acted=((VC, "op"),), card=VC_FIRST, NVA_RESOURCES=3, TRAIL=1), "rally", how=LIMOP
    )
    assert DONE in game.legal()  # 0 spaces: the Trail Improvement alone
    play(game, "done")
    assert game.state.trail == 2 and game.state.resources(NVA) == 1
    # counted as executed (2.3.4 NOTE): the card is over, both 1st and 2nd Ineligible
    assert not game.state.eligible(NVA) and not game.state.eligible(VC)


def test_trail_improvement_is_optional_after_spaces_and_needs_2_resources_3_3_1() -> None:
    game = begin(board(NVA_RESOURCES=3, TRAIL=1), "rally")
    play(game, "select quang-nam", "done")
    assert set(game.legal()) == {Choose("improve-trail"), Choose("decline")}
    play(game, "improve-trail")
    assert game.state.trail == 2 and game.state.resources(NVA) == 0
    poor = begin(board(NVA_RESOURCES=2, TRAIL=1), "rally")
    play(poor, "select quang-nam", "done")  # 1 left: no Improvement asked
    assert poor.state.trail == 1 and acted(poor) == ((NVA, "op"),)


def test_free_rally_still_pays_2_for_the_trail_5_5_3_1_2() -> None:
    game = free(board_state(NVA_RESOURCES=5, TRAIL=1), NVA, "rally")
    play(game, "select quang-nam", "select kien-phong", "done", "improve-trail")
    assert game.state.resources(NVA) == 3  # spaces free, Improvement 2
    assert game.state.trail == 2
    assert acted(game) == ()  # no effect on Eligibility


def test_aaa_unshaded_improving_rally_takes_1_space_card_31() -> None:
    caps = ((31, Side.UNSHADED),)
    game = begin(board(capabilities=caps, NVA_RESOURCES=9, TRAIL=1), "rally")
    play(game, "select quang-nam", "select kien-phong", "done")
    assert game.state.trail == 1  # 2 spaces: no Improvement offered
    one = begin(board(capabilities=caps, NVA_RESOURCES=9, TRAIL=1), "rally")
    play(one, "select quang-nam", "done", "improve-trail")
    assert one.state.trail == 2


def test_sa_2s_shaded_improves_2_boxes_card_34_and_mcnamara_forbids_card_38() -> None:
    game = begin(board(capabilities=((34, Side.SHADED),), NVA_RESOURCES=9, TRAIL=1), "rally")
    play(game, "select quang-nam", "done", "improve-trail")
    assert game.state.trail == 3 and game.state.resources(NVA) == 6
    banned = begin(board(momentum=(38,), NVA_RESOURCES=9, TRAIL=1), "rally")
    play(banned, "select quang-nam", "done")
    assert banned.state.trail == 1 and banned.state.resources(NVA) == 8


def test_cadres_shaded_rally_agitates_once_and_pays_even_if_free_card_116() -> None:
    pieces = {
        "kien-phong": {Piece.VC_BASE: 1, Piece.ARVN_TROOPS: 5},  # COIN Control: no matter
        "tay-ninh": {Piece.VC_BASE: 1},
    }
    state = board_state(
        pieces,
        capabilities=((116, Side.SHADED),),
        terror={"kien-phong": 1},
        card=VC_FIRST,
        VC_RESOURCES=4,
    )
    game = free(state, VC, "rally")
    play(game, "select kien-phong", "count 1")  # "place", the only mode, taken unasked
    decision = game.decision
    assert decision is not None and decision.kind == Kind.HOW_MANY and decision.rule == "5.3"
    assert decision.options == (Count(0), Count(1), Count(2), Count(3))  # 0: no Agitation
    play(game, "count 2")  # the Terror marker, then 1 level
    sp = at(game, "kien-phong")
    assert sp.terror == 0 and sp.support is Support.PASSIVE_OPPOSITION
    assert game.state.resources(VC) == 2
    play(game, "select tay-ninh", "count 1")
    assert game.decision is not None and game.decision.kind == Kind.SELECT_SPACE  # once only


# == 3.3.2 March ==============================================================================
def test_march_example_parrots_beak_to_kien_phong_activates_3_3_2() -> None:
    # rule-examples 6: 2 Underground VC into Kien Phong (2 Police, Support): 2 + 2 > 3.
    pieces = {
        "the-parrots-beak": {Piece.VC_GUERRILLA_UNDERGROUND: 2},
        "kien-phong": {Piece.ARVN_POLICE: 2},
    }
    support = {"kien-phong": Support.PASSIVE_SUPPORT}
    game = begin(board(pieces, support=support, card=VC_FIRST), "march")
    play(game, "select kien-phong", "move 2 vc-guerrilla-u the-parrots-beak kien-phong", "done")
    sp = at(game, "kien-phong")
    assert sp.pieces[Piece.VC_GUERRILLA_ACTIVE] == 2 and sp.pieces[G_U[VC]] == 0
    assert game.state.resources(VC) == 9  # 1 Province entered
    play(game, "done")
    assert acted(game) == ((VC, "op"),)


def test_march_group_of_1_stays_underground_3_3_2() -> None:
    pieces = {
        "the-parrots-beak": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
        "kien-phong": {Piece.ARVN_POLICE: 2},
    }
    support = {"kien-phong": Support.PASSIVE_SUPPORT}
    game = begin(board(pieces, support=support, card=VC_FIRST), "march")
    play(game, "select kien-phong", "move 1 vc-guerrilla-u the-parrots-beak kien-phong", "done")
    assert at(game, "kien-phong").pieces[G_U[VC]] == 1  # 1 + 2 = 3, not more than 3


def test_march_groups_count_separately_troops_count_and_locs_are_free_3_3_2() -> None:
    pieces = {
        "hue": {Piece.NVA_GUERRILLA_UNDERGROUND: 2, Piece.NVA_TROOPS: 2},
        "da-nang": {Piece.NVA_GUERRILLA_UNDERGROUND: 2},
        "loc-hue-da-nang": {Piece.US_TROOPS: 1},
    }
    game = begin(board(pieces), "march")
    play(game, "select loc-hue-da-nang")
    play(
        game, "move 2 nva-guerrilla-u hue loc-hue-da-nang", "move 1 nva-troops hue loc-hue-da-nang"
    )
    play(game, "move 2 nva-guerrilla-u da-nang loc-hue-da-nang", "done")
    sp = at(game, "loc-hue-da-nang")
    assert sp.pieces[Piece.NVA_GUERRILLA_ACTIVE] == 2  # Hue's group: 3 + 1 US Troop > 3
    assert sp.pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 2  # Da Nang's: 2 + 1, not > 3
    assert game.state.resources(NVA) == 10  # a LoC: free


def test_marched_pieces_do_not_move_again_and_each_destination_once_3_3_2_3_1() -> None:
    pieces = {"hue": {Piece.VC_GUERRILLA_UNDERGROUND: 2}}
    game = begin(board(pieces, card=VC_FIRST), "march")
    play(game, "select quang-tri-thua-thien", "move 2 vc-guerrilla-u hue quang-tri-thua-thien")
    play(game, "done")
    refused(game, Select("quang-tri-thua-thien"), "3.1", "already selected")
    refused(game, Select("north-vietnam"), "3.3.2", "may still move")


def test_the_trail_nva_continue_through_laos_cambodia_paying_each_destination_3_3_2() -> None:
    pieces = {"north-vietnam": {Piece.NVA_TROOPS: 3}}
    game = begin(board(pieces, TRAIL=1), "march")
    play(game, "select central-laos", "move 3 nva-troops north-vietnam central-laos", "done")
    play(game, "select southern-laos", "move 3 nva-troops central-laos southern-laos", "done")
    play(game, "select binh-dinh", "move 2 nva-troops southern-laos binh-dinh", "done")
    play(game, "select quang-nam", "move 1 nva-troops southern-laos quang-nam", "done")
    refused(game, Select("quang-nam"), "3.1", "already selected")
    play(game, "done")
    assert at(game, "binh-dinh").pieces[Piece.NVA_TROOPS] == 2
    assert at(game, "quang-nam").pieces[Piece.NVA_TROOPS] == 1
    assert game.state.resources(NVA) == 6  # 4 Provinces entered, 1 each


def test_the_trail_not_at_0_not_for_vc_not_as_limop_3_3_2() -> None:
    cases = (
        (Piece.NVA_TROOPS, NVA_FIRST, 0),  # NVA with the Trail at 0
        (Piece.VC_GUERRILLA_UNDERGROUND, VC_FIRST, 2),  # VC never
    )
    for piece, card, trail in cases:
        game = begin(board({"north-vietnam": {piece: 2}}, card=card, TRAIL=trail), "march")
        play(game, "select central-laos", f"move 2 {piece.token} north-vietnam central-laos")
        play(game, "done")
        refused(game, Select("southern-laos"), "3.3.2")
    limop = begin(
        board({"north-vietnam": {Piece.NVA_TROOPS: 2}}, card=VC_FIRST, acted=((VC, "op"),)),
        "march",
        how=LIMOP,
    )
    play(limop, "select central-laos", "move 2 nva-troops north-vietnam central-laos", "done")
    refused(limop, Select("southern-laos"), "2.3.5", "only 1 destination")
    play(limop, "done")
    assert not limop.state.eligible(NVA)


def test_trail_4_moves_into_or_out_of_laos_cambodia_cost_0_3_3_2() -> None:
    pieces = {"north-vietnam": {Piece.NVA_TROOPS: 2}}
    game = begin(board(pieces, TRAIL=4, NVA_RESOURCES=0), "march")
    play(game, "select central-laos", "move 2 nva-troops north-vietnam central-laos", "done")
    play(game, "select quang-nam", "move 2 nva-troops central-laos quang-nam", "done", "done")
    assert at(game, "quang-nam").pieces[Piece.NVA_TROOPS] == 2
    assert game.state.resources(NVA) == 0


def test_limited_march_has_one_destination_from_several_origins_2_3_5() -> None:
    pieces = {
        "hue": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
        "quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
    }
    game = begin(board(pieces, acted=((NVA, "op"),)), "march", how=LIMOP)
    play(game, "select quang-tri-thua-thien", "move 1 vc-guerrilla-u hue quang-tri-thua-thien")
    play(game, "move 1 vc-guerrilla-u quang-nam quang-tri-thua-thien", "done")
    assert at(game, "quang-tri-thua-thien").pieces[G_U[VC]] == 2
    assert not [c for c in game.legal() if isinstance(c, Select)]  # 1 destination (2.3.5)
    play(game, "done")
    assert not game.state.eligible(VC)


def test_no_march_in_monsoon_2_3_9() -> None:
    game = board({"hue": {Piece.NVA_TROOPS: 2}}, next_card=COUP)
    game.apply(OP)
    assert Choose("march") not in game.legal()
    refused(game, Choose("march"), "2.3.9", "Monsoon")


def test_march_needs_resources_for_provinces_3_3_2() -> None:
    pieces = {"hue": {Piece.NVA_TROOPS: 2}}
    game = begin(board(pieces, NVA_RESOURCES=0), "march")
    assert Select("quang-tri-thua-thien") not in game.legal()
    play(game, "select loc-hue-da-nang", "move 2 nva-troops hue loc-hue-da-nang", "done", "done")
    assert at(game, "loc-hue-da-nang").pieces[Piece.NVA_TROOPS] == 2


def test_main_force_bns_unshaded_activates_above_1_card_104() -> None:
    pieces = {"hue": {Piece.VC_GUERRILLA_UNDERGROUND: 2}}
    game = begin(board(pieces, card=VC_FIRST, capabilities=((104, Side.UNSHADED),)), "march")
    play(game, "select loc-hue-da-nang", "move 2 vc-guerrilla-u hue loc-hue-da-nang", "done")
    assert at(game, "loc-hue-da-nang").pieces[Piece.VC_GUERRILLA_ACTIVE] == 2  # 2 > 1


def test_claymores_activated_group_loses_1_guerrilla_card_17() -> None:
    pieces = {"hue": {Piece.VC_GUERRILLA_UNDERGROUND: 4}}
    game = begin(board(pieces, card=VC_FIRST, momentum=(17,)), "march")
    play(game, "select loc-hue-da-nang", "move 4 vc-guerrilla-u hue loc-hue-da-nang", "done")
    assert at(game, "loc-hue-da-nang").pieces[Piece.VC_GUERRILLA_ACTIVE] == 3
    check_invariants(game.state)


# == 3.3.3 Attack =============================================================================
def test_guerrilla_attack_hits_on_roll_not_above_guerrillas_3_3_3() -> None:
    pieces = {
        "quang-nam": {
            Piece.VC_GUERRILLA_UNDERGROUND: 2,
            Piece.VC_GUERRILLA_ACTIVE: 1,
            Piece.US_TROOPS: 1,
            Piece.ARVN_POLICE: 1,
            Piece.US_BASE: 1,
        }
    }
    game = begin(board(pieces, card=VC_FIRST, rng=rng_rolling(3)), "attack")
    play(game, "select quang-nam")  # a single mode: Guerrillas
    sp = at(game, "quang-nam")
    assert sp.pieces[Piece.VC_GUERRILLA_ACTIVE] == 3  # all Activate (1.4.3)
    options = game.legal()
    assert Move(Piece.US_BASE, 1, "quang-nam", CASUALTIES) not in options  # Bases last
    play(game, "move 1 us-troops quang-nam casualties", "move 1 arvn-police quang-nam available")
    sp = at(game, "quang-nam")
    assert game.state.casualties[Piece.US_TROOPS] == 1  # CASUALTIES
    assert sp.pieces[Piece.VC_GUERRILLA_ACTIVE] == 2  # ATTRITION: 1 per US Troop
    assert sp.pieces[Piece.US_BASE] == 1
    assert game.state.resources(VC) == 9
    check_invariants(game.state)


def test_guerrilla_attack_misses_on_a_higher_roll_3_3_3() -> None:
    pieces = {"quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 2, Piece.US_TROOPS: 1}}
    game = begin(board(pieces, card=VC_FIRST, rng=rng_rolling(3)), "attack")
    play(game, "select quang-nam")
    sp = at(game, "quang-nam")
    assert sp.pieces[Piece.VC_GUERRILLA_ACTIVE] == 2 and sp.pieces[Piece.US_TROOPS] == 1
    rolls = [e for e in game.events if isinstance(e, DieRolled)]
    assert [e.value for e in rolls] == [3] and rolls[0].rule == "3.3.3"


def test_attack_bases_last_underground_sf_removable_and_targeting_3_3_3_3_1() -> None:
    pieces = {
        "quang-nam": {
            Piece.NVA_GUERRILLA_UNDERGROUND: 6,
            Piece.US_IRREGULAR_UNDERGROUND: 1,
            Piece.ARVN_BASE: 1,
        },
        "binh-dinh": {
            Piece.NVA_GUERRILLA_UNDERGROUND: 6,
            Piece.ARVN_POLICE: 1,
            Piece.US_TROOPS: 2,
        },
    }
    game = begin(board(pieces, rng=rng_rolling(1, 1)), "attack")
    # the Underground Irregular goes first, alone (forced); then the Base may go
    play(game, "select quang-nam")
    assert game.state.casualties[Piece.US_IRREGULAR_UNDERGROUND] == 1
    assert game.legal() == (Move(Piece.ARVN_BASE, 1, "quang-nam", AVAILABLE), DONE)
    play(game, "move 1 arvn-base quang-nam available")
    play(game, "select binh-dinh", "move 1 us-troops binh-dinh casualties")
    assert DONE not in game.legal()  # the US targeted: affected to the maximum extent (3.1)
    play(game, "move 1 arvn-police binh-dinh available")
    assert at(game, "binh-dinh").pieces[Piece.NVA_GUERRILLA_ACTIVE] == 5
    other = begin(board(pieces, rng=rng_rolling(1)), "attack")
    play(other, "select binh-dinh", "move 1 arvn-police binh-dinh available")
    assert DONE in other.legal()  # only ARVN hit: the US may be spared


def test_nva_troops_attack_1_per_2_troops_no_roll_no_activation_3_3_3() -> None:
    pieces = {
        "quang-nam": {
            Piece.NVA_TROOPS: 5,
            Piece.NVA_GUERRILLA_UNDERGROUND: 1,
            Piece.US_TROOPS: 3,
        }
    }
    game = begin(board(pieces), "attack")
    counter = game.state.rng.counter
    play(game, "select quang-nam")
    assert set(game.legal()) == {Choose("guerrillas"), Choose("troops")}
    play(game, "troops")  # 5 // 2 = 2 removals, both forced (US only)
    sp = at(game, "quang-nam")
    assert game.state.rng.counter == counter  # no die
    assert sp.pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 1  # no Activation
    assert sp.pieces[Piece.NVA_TROOPS] == 3  # Attrition: Troops, 1 per US Troop
    assert sp.pieces[Piece.US_TROOPS] == 1


def test_attack_needs_an_enemy_and_a_resource_3_3_3_3_1() -> None:
    pieces = {
        "quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
        "binh-dinh": {Piece.VC_GUERRILLA_UNDERGROUND: 1, Piece.ARVN_TROOPS: 1},
    }
    game = begin(board(pieces, card=VC_FIRST, VC_RESOURCES=1), "attack")
    refused(game, Select("quang-nam"), "3.3.3", "no US or ARVN piece")
    refused(game, Select("hue"), "3.3.3")
    game.apply(Select("binh-dinh"))
    while game.decision is not None and game.decision.kind == Kind.REMOVE_PIECES:
        game.apply(game.legal()[0])
    assert game.state.resources(VC) == 0


def test_pt_76_unshaded_first_removes_an_nva_troop_card_45() -> None:
    pieces = {"quang-nam": {Piece.NVA_TROOPS: 3, Piece.ARVN_TROOPS: 2}}
    game = begin(board(pieces, capabilities=((45, Side.UNSHADED),)), "attack")
    play(game, "select quang-nam")  # 3 - 1 = 2 Troops: 1 removal (forced)
    sp = at(game, "quang-nam")
    assert sp.pieces[Piece.NVA_TROOPS] == 2 and sp.pieces[Piece.ARVN_TROOPS] == 1


def test_pt_76_shaded_one_space_removes_1_per_troop_card_45() -> None:
    pieces = {
        "quang-nam": {Piece.NVA_TROOPS: 2, Piece.ARVN_TROOPS: 3},
        "binh-dinh": {Piece.NVA_TROOPS: 2, Piece.ARVN_TROOPS: 3},
    }
    game = begin(board(pieces, capabilities=((45, Side.SHADED),)), "attack")
    play(game, "select quang-nam")
    assert set(game.legal()) == {Choose("troops"), Choose("troops-per-troop")}
    play(game, "troops-per-troop", "select binh-dinh")  # once per Attack: then 2 // 2 = 1
    assert at(game, "quang-nam").pieces[Piece.ARVN_TROOPS] == 1
    assert at(game, "binh-dinh").pieces[Piece.ARVN_TROOPS] == 2


# == 3.3.4 Terror =============================================================================
def test_vc_terror_places_terror_and_shifts_toward_opposition_3_3_4() -> None:
    pieces = {"quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 2}}
    support = {"quang-nam": Support.PASSIVE_SUPPORT}
    game = begin(board(pieces, support=support, card=VC_FIRST), "terror")
    play(game, "select quang-nam", "done")
    sp = at(game, "quang-nam")
    assert sp.terror == 1 and sp.support is Support.NEUTRAL
    assert sp.pieces[Piece.VC_GUERRILLA_ACTIVE] == 1 and sp.pieces[G_U[VC]] == 1
    assert game.state.resources(VC) == 9


def test_nva_terror_with_troops_shifts_support_toward_neutral_only_3_3_4() -> None:
    pieces = {
        "quang-nam": {Piece.NVA_TROOPS: 1},
        "binh-dinh": {Piece.NVA_GUERRILLA_UNDERGROUND: 1},
    }
    support = {"quang-nam": Support.ACTIVE_SUPPORT, "binh-dinh": Support.PASSIVE_OPPOSITION}
    game = begin(board(pieces, support=support), "terror")
    play(game, "select quang-nam", "select binh-dinh", "done")
    assert at(game, "quang-nam").support is Support.PASSIVE_SUPPORT
    assert at(game, "binh-dinh").support is Support.PASSIVE_OPPOSITION  # no Support: no shift
    assert at(game, "binh-dinh").terror == 1
    assert at(game, "quang-nam").pieces[Piece.NVA_TROOPS] == 1


def test_terror_on_a_loc_sabotages_for_free_and_not_twice_3_3_4() -> None:
    pieces = {
        "loc-hue-da-nang": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
        "quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
    }
    game = begin(board(pieces, card=VC_FIRST, terror={"quang-nam": 1}, VC_RESOURCES=1), "terror")
    play(game, "select loc-hue-da-nang", "select quang-nam", "done")
    assert at(game, "loc-hue-da-nang").sabotage == 1
    assert at(game, "quang-nam").terror == 1  # one there already: none added, no shift
    assert at(game, "quang-nam").support is Support.NEUTRAL
    assert game.state.resources(VC) == 0  # the LoC free, the Province 1


def test_terror_needs_an_underground_guerrilla_3_3_4() -> None:
    pieces = {
        "quang-nam": {Piece.VC_GUERRILLA_ACTIVE: 2},
        "hue": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
    }
    game = begin(board(pieces, card=VC_FIRST), "terror")
    refused(game, Select("quang-nam"), "3.3.4", "no Underground VC Guerrilla")


def test_terror_markers_are_15_in_all_3_3_4() -> None:
    locs = [s.id for s in coinlake.SPACES if s.is_loc][:15]
    pieces = {"quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 1}}
    game = begin(board(pieces, card=VC_FIRST, sabotage=dict.fromkeys(locs, 1)), "terror")
    play(game, "select quang-nam", "done")
    sp = at(game, "quang-nam")
    assert sp.terror == 0  # none left
    assert sp.support is Support.PASSIVE_OPPOSITION  # the shift still happens


def test_cadres_unshaded_terror_removes_2_vc_guerrillas_card_116() -> None:
    pieces = {
        "quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
        "binh-dinh": {Piece.VC_GUERRILLA_UNDERGROUND: 2, Piece.VC_GUERRILLA_ACTIVE: 1},
    }
    caps = ((116, Side.UNSHADED),)
    game = begin(board(pieces, card=VC_FIRST, capabilities=caps), "terror")
    refused(game, Select("quang-nam"), "5.3", "Cadres")
    play(game, "select binh-dinh", "move 1 vc-guerrilla-a binh-dinh available")
    play(game, "move 1 vc-guerrilla-a binh-dinh available", "done")
    sp = at(game, "binh-dinh")
    assert sp.pieces[G_U[VC]] == 1 and sp.pieces[G_A[VC]] == 0 and sp.terror == 1


# == Pivotal Events that use these Operations ================================================
def test_easter_offensive_troops_attack_everywhere_with_enemies_card_122() -> None:
    pieces = {
        "quang-nam": {
            Piece.NVA_TROOPS: 4,
            Piece.ARVN_TROOPS: 3,
            Piece.NVA_GUERRILLA_UNDERGROUND: 2,
        },
        "binh-dinh": {Piece.NVA_TROOPS: 1, Piece.ARVN_POLICE: 1},
        "hue": {Piece.NVA_TROOPS: 2},
    }
    state = board_state(pieces)
    game = free(state, NVA, "attack", "mode=troops", "compulsory=true")
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Select("quang-nam"), Select("binh-dinh")}  # no Done
    play(game, "select binh-dinh")  # 1 Troop: 0 removals, but it Attacks
    sp = at(game, "quang-nam")  # the last space at once: 2 removals, forced
    assert sp.pieces[Piece.ARVN_TROOPS] == 1 and at(game, "binh-dinh").pieces[Piece.ARVN_POLICE]
    assert sp.pieces[Piece.NVA_GUERRILLA_UNDERGROUND] == 2  # Guerrillas do not Attack
    assert game.state.resources(NVA) == 10  # free


def test_tet_offensive_joint_attack_removes_vc_first_for_attrition_card_124() -> None:
    pieces = {
        "quang-nam": {
            Piece.VC_GUERRILLA_UNDERGROUND: 1,
            Piece.NVA_GUERRILLA_UNDERGROUND: 2,
            Piece.US_TROOPS: 2,
        }
    }
    state = board_state(pieces, card=VC_FIRST, rng=rng_rolling(3))
    game = free(state, VC, "attack", "mode=guerrillas", "joint=true", "compulsory=true")
    # the only space is taken at once; VC + NVA = 3 Guerrillas count for the roll of 3, the
    # 2 US Troops go (forced), and Attrition takes the VC Guerrilla before an NVA one
    sp = at(game, "quang-nam")
    assert game.state.casualties[Piece.US_TROOPS] == 2
    assert sp.pieces[G_A[VC]] == 0 and sp.pieces[G_U[VC]] == 0
    assert sp.pieces[Piece.NVA_GUERRILLA_ACTIVE] == 1


def test_tet_offensive_terror_in_every_underground_vc_space_card_124() -> None:
    pieces = {
        "quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 1},
        "binh-dinh": {Piece.VC_GUERRILLA_UNDERGROUND: 2},
        "hue": {Piece.VC_GUERRILLA_ACTIVE: 1},
    }
    game = free(board_state(pieces, card=VC_FIRST), VC, "terror", "compulsory=true")
    decision = game.decision
    assert decision is not None and set(decision.options) == {
        Select("quang-nam"),
        Select("binh-dinh"),
    }
    play(game, "select binh-dinh")
    assert at(game, "binh-dinh").pieces[G_A[VC]] == 1  # exactly 1 Activated
    assert at(game, "quang-nam").terror == 1  # the last space was taken at once
    assert game.state.resources(VC) == 10


# == refusals leave the state unchanged; executed or not (2.3.4 NOTE) =========================
def test_illegal_commands_name_the_rule_and_change_nothing() -> None:
    pieces = {"quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 1, Piece.ARVN_TROOPS: 1}}
    game = begin(board(pieces, card=VC_FIRST), "attack")
    error = refused(game, Select("quang-nam-nowhere"), "3.3.3")
    assert "not a legal answer" in str(error)
    refused(game, Choose("infiltrate"), "3.3.3")
    refused(game, Move(Piece.ARVN_TROOPS, 1, "quang-nam", AVAILABLE), "3.3.3")


def test_adsid_costs_6_when_a_rally_improves_the_trail_card_7() -> None:
    game = begin(board(momentum=(7,), NVA_RESOURCES=10, TRAIL=1), "rally")
    play(game, "select quang-nam", "done", "improve-trail")
    assert game.state.trail == 2 and game.state.resources(NVA) == 10 - 1 - 2 - 6


def test_no_trail_improvement_at_4_3_3_1() -> None:
    game = begin(board(NVA_RESOURCES=10, TRAIL=4), "rally")
    assert DONE not in game.legal()  # nothing to do with 0 spaces
    play(game, "select quang-nam", "done")
    assert game.state.trail == 4 and game.state.resources(NVA) == 9


def test_rally_base_taken_from_the_map_loses_its_tunnel_1_4_1_1_4_4() -> None:
    pieces = {
        "quang-nam": {Piece.VC_GUERRILLA_UNDERGROUND: 2},
        "binh-dinh": {Piece.VC_TUNNELED_BASE: 1},
    }
    state = board_state(pieces, card=VC_FIRST)
    state = none_available(state, Piece.VC_BASE, Piece.VC_BASE, OUT_OF_PLAY)
    game = begin(Game(prime(state)), "rally")
    play(game, "select quang-nam", "base-uu")  # the only VC Base elsewhere: taken at once
    sp = at(game, "quang-nam")
    assert sp.pieces[Piece.VC_BASE] == 1 and sp.pieces[Piece.VC_TUNNELED_BASE] == 0
    assert at(game, "binh-dinh").count(Piece.VC_BASE, Piece.VC_TUNNELED_BASE) == 0
    check_invariants(game.state)


def test_tet_offensive_joint_attack_also_where_only_nva_guerrillas_card_124() -> None:
    pieces = {
        "hue": {Piece.VC_GUERRILLA_ACTIVE: 21},  # the pre-condition; none Underground
        "quang-nam": {Piece.NVA_GUERRILLA_UNDERGROUND: 2, Piece.ARVN_POLICE: 1},
    }
    state = board_state(pieces, card=VC_FIRST, rng=rng_rolling(1))
    state = attrs.evolve(state, pivotals_held=(124,), leader_box=(125, 126))
    game = Game(prime(state))
    play(game, "pivotal")
    for _ in range(6):  # step 2: 6 VC pieces in Cities
        play(game, Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "hue"))
    # step 3 took Quang Nam at once (its only space): NVA Guerrillas, roll 1, Police removed
    sp = at(game, "quang-nam")
    assert sp.pieces[Piece.ARVN_POLICE] == 0 and sp.pieces[Piece.NVA_GUERRILLA_ACTIVE] == 2
    assert acted(game) == ((VC, "event"),)


def test_op_sa_is_offered_when_a_special_activity_could_come_during_the_operation_4_1() -> None:
    """4.1: a Special Activity may come immediately before, during or after the Operation --
    here no VC Special Activity is legal yet, but a Rally placing an Underground Guerrilla
    beside ARVN Police makes Subvert possible. What the VC then do (the Rally alone) sets
    the 2nd Eligible's options: a Limited Operation (2.3.4)."""
    from tests.cards.helpers import on_card, play  # Senator Fulbright: VC, US, NVA, ARVN

    game = on_card(93, "available 10 vc-guerrilla-u", "space hue 2 arvn-police")
    assert Choose("op+sa") in game.legal()
    play(game, "op+sa", "rally", "select hue", "done")
    decision = game.decision
    assert decision is not None and Choose("subvert") in decision.options  # now possible
    play(game, "no-sa")
    assert game.state.turn.acted == ((Faction.VC, "op"),)
    assert game.legal() == (Choose("limop"), Choose("pass"))  # the US: 2nd Eligible after an Op
