"""Card 102, Cu Chi (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: all Guerrillas removed from 1 space with a Tunneled Base and COIN Control (1.4.4,
  1.7);
- shaded: Tunnels on every Insurgent Base in 1 Province (R194), then 1 NVA and 1 VC Guerrilla
  placed there (1.4.1: the executing Faction's own may come from the map).
"""

from __future__ import annotations

from coinlake import Faction, Piece, Select, Side
from coinlake.rules.core import DONE
from coinlake.state.commands import Move
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 102
UNSHADED = (
    "space tay-ninh 1 vc-base-t 2 vc-guerrilla-u 1 nva-guerrilla-a 6 us-troops",
    "space binh-dinh 1 nva-base-t 2 nva-guerrilla-u",  # no COIN Control
    "space quang-nam 1 vc-guerrilla-u 3 arvn-troops",  # no Tunnel
)


def test_unshaded_removes_all_guerrillas_from_a_space_with_a_tunnel_and_coin_control() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED)  # the lone such space: taken unasked
    state = game.state
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 0
    assert pieces(game, "tay-ninh", "nva-guerrilla-a") == 0
    assert pieces(game, "tay-ninh", "vc-base-t") == 1  # Guerrillas only
    assert pieces(game, "binh-dinh", "nva-guerrilla-u") == 2
    assert pieces(game, "quang-nam", "vc-guerrilla-u") == 1
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 2
    assert state.available[Piece.NVA_GUERRILLA_UNDERGROUND] == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_the_executing_faction_selects_the_space() -> None:
    game = execute(
        CARD, Side.UNSHADED, *UNSHADED, "space hue 1 nva-base-t 1 vc-guerrilla-a 3 us-troops"
    )
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {Select("tay-ninh"), Select("hue")}
    play(game, "select hue")
    assert pieces(game, "hue", "vc-guerrilla-a") == 0
    assert pieces(game, "tay-ninh", "vc-guerrilla-u") == 2


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, *UNSHADED[1:]), CARD, Side.UNSHADED)


SHADED = (
    "available 1 nva-guerrilla-u 1 vc-guerrilla-u",
    "space binh-dinh 1 nva-base 1 vc-base",
    "space quang-nam 1 vc-base-t",
    "space hue 1 vc-base",  # a City
)


def test_shaded_tunnels_every_base_in_a_province_and_places_2_guerrillas() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {Select("binh-dinh"), Select("quang-nam")}  # no City
    play(game, "select binh-dinh")
    state = game.state
    assert (
        pieces(game, "binh-dinh", "nva-base-t") == 1 and pieces(game, "binh-dinh", "vc-base-t") == 1
    )
    assert pieces(game, "binh-dinh", "nva-guerrilla-u") == 1
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 1
    assert pieces(game, "hue", "vc-base") == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_guerrillas_from_the_map_only_the_executing_factions_own_1_4_1() -> None:
    lines = (
        "space binh-dinh 1 vc-base",
        "space tay-ninh 2 vc-guerrilla-a",
        "space kien-phong 1 vc-guerrilla-u",
        "space central-laos 2 nva-guerrilla-u",
    )
    game = execute(CARD, Side.SHADED, *lines)
    assert pieces(game, "binh-dinh", "vc-base-t") == 1
    assert pieces(game, "binh-dinh", "nva-guerrilla-u") == 0  # the VC may not take NVA ones
    decision = game.decision  # no VC Guerrilla Available: the VC may take one on the map
    assert decision is not None and decision.faction is Faction.VC
    assert DONE in decision.options  # "may" (1.4.1, R207)
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} binh-dinh")
    decision = game.decision  # from where: the VC picks
    assert decision is not None and decision.faction is Faction.VC
    assert Move(Piece.VC_GUERRILLA_ACTIVE, 1, "tay-ninh", "binh-dinh") in decision.options
    play(game, "move 1 vc-guerrilla-a tay-ninh binh-dinh")
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 1  # Underground (1.4.3)
    assert pieces(game, "tay-ninh", "vc-guerrilla-a") == 1
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED), CARD, Side.SHADED)
    assert effective(
        state_on(CARD, "space quang-nam 1 vc-base-t", "available 1 vc-guerrilla-u"),
        CARD,
        Side.SHADED,
    )
    assert not effective(state_on(CARD, "space quang-nam 1 vc-base-t"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, *SHADED[:1], "space hue 1 vc-base"), CARD, Side.SHADED)
