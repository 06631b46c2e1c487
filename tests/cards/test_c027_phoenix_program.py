"""Card 27, Phoenix Program (dual use, 5.2): US 1st, so the US executes it here (VC when
the US is Ineligible).

- unshaded: 3 VC pieces in all from spaces under COIN Control (1.7), no Tunneled Base but
  by the VC's own choice (1.4.4, 5.1.1);
- shaded: 2 spaces outside Saigon with COIN Control and VC get a Terror marker (of the 15,
  3.3.4) and Active Opposition (where they have Population, 1.6.1); ruling R146.
"""

from __future__ import annotations

from coinlake import Done, Faction, Move, Select, Side, Support
from coinlake.data.pieces import Piece
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 27
UNSHADED_MAP = (
    "space hue 3 us-troops 1 vc-guerrilla-u 1 vc-guerrilla-a",  # COIN 3 > 2
    "space da-nang 2 arvn-police 1 vc-base",  # COIN 2 > 1
    "space kontum 1 us-troops 1 vc-guerrilla-u",  # 1 = 1: no Control
    "space tay-ninh 4 us-troops 1 vc-base-t",  # COIN, but a Tunneled Base
)


def test_unshaded_removes_3_vc_pieces_from_coin_control_spaces_1_7() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "hue", AVAILABLE),
        Move(Piece.VC_GUERRILLA_ACTIVE, 1, "hue", AVAILABLE),
        Move(Piece.VC_BASE, 1, "da-nang", AVAILABLE),
    }  # not Kon Tum (no Control), not the Tunneled Base (5.1.1)
    play(game, "move 1 vc-base da-nang available", "move 1 vc-guerrilla-a hue available")
    state = game.state  # the 3rd, the lone piece left, was taken unasked
    assert pieces(game, "hue", "vc-guerrilla-u") == 0 and pieces(game, "da-nang", "vc-base") == 0
    assert pieces(game, "kontum", "vc-guerrilla-u") == 1
    assert pieces(game, "tay-ninh", "vc-base-t") == 1
    assert state.available[Piece.VC_BASE] == 1  # removed pieces go to Available (1.4.1)
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_fewer_pieces_all_removed_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "space hue 3 us-troops 2 vc-guerrilla-u")
    assert pieces(game, "hue", "vc-guerrilla-u") == 0  # a lone kind: taken unasked
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_the_vc_may_remove_its_own_tunneled_base_5_1_1() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible US", *UNSHADED_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Move(Piece.VC_TUNNELED_BASE, 1, "tay-ninh", AVAILABLE) in decision.options
    play(game, "move 1 vc-base-t tay-ninh available")
    assert pieces(game, "tay-ninh", "vc-base-t") == 0


def test_unshaded_the_vc_is_never_forced_to_take_its_tunneled_base_5_1_1() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible US", "space tay-ninh 4 us-troops 1 vc-base-t")
    decision = game.decision
    assert decision is not None and decision.options == (
        Move(Piece.VC_TUNNELED_BASE, 1, "tay-ninh", AVAILABLE),
        Done(),
    )
    play(game, "done")
    assert pieces(game, "tay-ninh", "vc-base-t") == 1
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED_MAP), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, *UNSHADED_MAP[2:]), CARD, Side.UNSHADED)


SHADED_MAP = (
    "space hue 3 us-troops 1 vc-guerrilla-u passive-support",
    "space saigon 3 us-troops 1 vc-guerrilla-u",  # Saigon is excluded
    "space da-nang 2 arvn-police 1 vc-guerrilla-u",
    "space kontum 1 us-troops 1 vc-guerrilla-u",  # no Control
    "space qui-nhon 2 us-troops",  # no VC
    "space phuoc-long 2 us-troops 1 vc-base",  # Population 0: a Terror marker only
)


def test_shaded_terror_and_active_opposition_in_2_spaces_3_3_4() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.options == (Select("hue"), Select("da-nang"), Select("phuoc-long"))
    play(game, "select hue", "select phuoc-long")
    state = game.state
    assert state.space("hue").terror == 1
    assert state.space("hue").support is Support.ACTIVE_OPPOSITION
    assert state.space("phuoc-long").terror == 1
    assert state.space("phuoc-long").support is Support.NEUTRAL  # 1.6.1
    assert state.space("da-nang").terror == 0
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_without_terror_markers_only_spaces_it_would_change_r146() -> None:
    """All 15 markers are on the map: the Terror is skipped (5.1.1) and a space already at
    Active Opposition, or without Population, would not change (5.1.3)."""
    markers = [f"space {key} terror=5" for key in ("an-loc", "cam-ranh", "can-tho")]
    lines = (
        "space hue 3 us-troops 1 vc-guerrilla-u active-opposition",
        "space da-nang 2 arvn-police 1 vc-guerrilla-u",
        "space phuoc-long 2 us-troops 1 vc-base",
    )
    game = execute(CARD, Side.SHADED, *lines, *markers)
    state = game.state  # Da Nang, the lone candidate, was taken unasked
    assert state.space("da-nang").support is Support.ACTIVE_OPPOSITION
    assert state.space("da-nang").terror == 0
    assert state.space("hue").terror == 0 and state.space("phuoc-long").terror == 0
    assert state.turn.acted == ((Faction.US, "event"),)
    assert not effective(state_on(CARD, *lines[::2], *markers), CARD, Side.SHADED)
    assert effective(state_on(CARD, *lines[::2]), CARD, Side.SHADED)  # markers left


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED_MAP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, *SHADED_MAP[1:2], *SHADED_MAP[3:5]), CARD, Side.SHADED)
