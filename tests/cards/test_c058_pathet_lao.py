"""Card 58, Pathet Lao (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: the NVA removes 6 of its pieces, Bases included, from North Vietnam and Laos (its
  Tunneled Bases only if it opts to, 1.4.4);
- shaded: no US or ARVN cube in Laos: Trail +2; otherwise those cubes Redeploy to South
  Vietnam (card tip, 6.4.2; rulings R79, R255), the US and the ARVN each deciding its own.
"""

from __future__ import annotations

from coinlake import Done, Faction, Kind, Piece, Select, Side
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 58
NVA_LINES = (
    "space north-vietnam 3 nva-troops 1 nva-base",
    "space central-laos 2 nva-guerrilla-u 1 nva-guerrilla-a",
    "space southern-laos 2 nva-troops 1 nva-base-t",
    "space the-fishhook 3 nva-troops",  # Cambodia: not part of it
    "space quang-tri-thua-thien 1 nva-troops",  # the South: not part of it
)


def test_unshaded_nva_removes_6_of_its_pieces_from_north_vietnam_and_laos() -> None:
    game = execute(CARD, Side.UNSHADED, *NVA_LINES)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.kind is Kind.REMOVE_PIECES
    origins = {o.origin for o in decision.options if isinstance(o, Move)}
    assert origins == {"north-vietnam", "central-laos", "southern-laos"}
    assert Move(Piece.NVA_BASE, 1, "north-vietnam", AVAILABLE) in decision.options  # tip
    assert Done() not in decision.options
    play(
        game,
        "move 1 nva-base north-vietnam available",
        "move 1 nva-troops north-vietnam available",
        "move 1 nva-guerrilla-a central-laos available",
        "move 1 nva-guerrilla-u central-laos available",
        "move 1 nva-troops southern-laos available",
        "move 1 nva-troops southern-laos available",
    )
    state = game.state
    assert state.available[Piece.NVA_BASE] == 1 and state.available[Piece.NVA_TROOPS] == 3
    assert state.available[Piece.NVA_GUERRILLA_UNDERGROUND] == 2
    assert pieces(game, "north-vietnam", "nva-troops") == 2  # 6 only
    assert pieces(game, "southern-laos", "nva-base-t") == 1
    assert pieces(game, "the-fishhook", "nva-troops") == 3
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_the_tunneled_base_only_if_the_nva_opts_1_4_4() -> None:
    game = execute(CARD, Side.UNSHADED, "space southern-laos 2 nva-troops 1 nva-base-t")
    decision = game.decision
    assert decision is not None
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "southern-laos", AVAILABLE) in decision.options
    assert Done() not in decision.options  # Troops left: compulsory (5.1.3)
    play(game, "move 1 nva-troops southern-laos available")
    play(game, "move 1 nva-troops southern-laos available")
    decision = game.decision
    assert decision is not None and decision.options[-1] == Done()  # only its Tunneled Base
    play(game, "done")
    assert pieces(game, "southern-laos", "nva-base-t") == 1
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_no_cube_in_laos_improves_the_trail_2_6_7() -> None:
    lines = ("space central-laos 1 us-irregular-u 1 us-base", "space hue 2 arvn-police")
    state = execute(CARD, Side.SHADED, *lines).state
    assert state.trail == 4  # 2 + 2
    assert state.turn.acted == ((Faction.NVA, "event"),)
    state = execute(CARD, Side.SHADED, tracks(trail=3)).state
    assert state.trail == 4  # at most 4 (6.7)


SHADED = (
    "space central-laos 2 us-troops 1 arvn-troops 1 us-irregular-u",
    "space southern-laos 2 arvn-police",
    "space hue 1 nva-troops 3 nva-guerrilla-u",  # a City under NVA Control
    "space binh-dinh 1 us-base",  # a COIN Base in a Province, COIN Control
    "space quang-nam 1 vc-guerrilla-u",  # a Province, no Control
)


def test_shaded_cubes_in_laos_redeploy_to_south_vietnam_6_4_2() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision  # the US Troops first, from the lone origin: where to
    assert decision is not None and decision.faction is Faction.US  # its own moves (5.1)
    destinations = {o.space for o in decision.options if isinstance(o, Select)}
    assert {"quang-nam", "hue", "loc-hue-da-nang", "saigon"} <= destinations  # anywhere South
    assert not destinations & {"north-vietnam", "southern-laos", "the-fishhook"}
    assert Done() not in decision.options
    play(game, "select quang-nam", "move 2 us-troops central-laos quang-nam")
    decision = game.decision  # then the ARVN Troop
    assert decision is not None and decision.faction is Faction.ARVN
    destinations = {o.space for o in decision.options if isinstance(o, Select)}
    assert {"saigon", "da-nang", "binh-dinh"} <= destinations  # Cities, a Base
    assert not destinations & {"hue", "quang-nam", "loc-hue-da-nang"}  # NVA Control, Provinces
    play(game, "select binh-dinh")
    decision = game.decision  # then the Police: LoCs or COIN Control
    assert decision is not None and decision.faction is Faction.ARVN
    destinations = {o.space for o in decision.options if isinstance(o, Select)}
    assert {"binh-dinh", "loc-hue-da-nang"} <= destinations
    assert not destinations & {"hue", "quang-nam", "saigon"}  # no COIN Control there
    play(game, "select loc-hue-da-nang", "move 2 arvn-police southern-laos loc-hue-da-nang")
    state = game.state
    assert pieces(game, "quang-nam", "us-troops") == 2
    assert pieces(game, "binh-dinh", "arvn-troops") == 1
    assert pieces(game, "loc-hue-da-nang", "arvn-police") == 2
    assert pieces(game, "central-laos", "us-irregular-u") == 1  # only cubes
    assert state.trail == 2  # no Improvement
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *NVA_LINES), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "space the-fishhook 3 nva-troops"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Trail +2
    assert not effective(state_on(CARD, tracks(trail=4)), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(trail=4), *SHADED), CARD, Side.SHADED)
