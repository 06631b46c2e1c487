"""Card 114, Tri Quang (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: up to 3 different Cities at Neutral or Opposition are set to Passive Support, as
  the executing Faction chooses (fewer or none allowed);
- shaded: Hue, Da Nang and Saigon shift 1 level toward Active Opposition (1.6.1); the
  executing Faction places a VC Guerrilla or a VC Base in Saigon, among those Available
  (1.4.1), a Base only below 2 Bases there (1.4.2).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Select, Side, Support
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 114
CITIES = (
    "space hue active-opposition",
    "space da-nang passive-opposition",
    "space qui-nhon passive-support",
    "space saigon active-support",
    "space can-tho passive-opposition",
)


def test_unshaded_sets_up_to_3_neutral_or_opposition_cities_to_passive_support() -> None:
    game = execute(CARD, Side.UNSHADED, *CITIES, "space tay-ninh active-opposition")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert Done() in decision.options  # "up to"
    for key in ("qui-nhon", "saigon", "tay-ninh"):  # Support already; a Province
        with pytest.raises(IllegalCommand):
            game.apply(Select(key))
    play(game, "select hue", "select kontum", "select can-tho")
    state = game.state
    assert state.space("hue").support is Support.PASSIVE_SUPPORT
    assert state.space("kontum").support is Support.PASSIVE_SUPPORT  # from Neutral
    assert state.space("can-tho").support is Support.PASSIVE_SUPPORT
    assert state.space("da-nang").support is Support.PASSIVE_OPPOSITION  # only 3
    assert state.space("saigon").support is Support.ACTIVE_SUPPORT  # never lowered
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_may_set_fewer() -> None:
    game = execute(CARD, Side.UNSHADED, *CITIES)
    play(game, "select da-nang", "done")
    state = game.state
    assert state.space("da-nang").support is Support.PASSIVE_SUPPORT
    assert state.space("hue").support is Support.ACTIVE_OPPOSITION
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_shifts_3_cities_and_places_a_vc_piece_in_saigon() -> None:
    game = execute(CARD, Side.SHADED, *CITIES, "available 2 vc-guerrilla-u 1 vc-base")
    state = game.state
    assert state.space("hue").support is Support.ACTIVE_OPPOSITION  # no level beyond
    assert state.space("da-nang").support is Support.ACTIVE_OPPOSITION
    assert state.space("saigon").support is Support.PASSIVE_SUPPORT
    assert state.space("can-tho").support is Support.PASSIVE_OPPOSITION  # not named
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "saigon"),
        Move(Piece.VC_BASE, 1, AVAILABLE, "saigon"),
    }
    play(game, f"move 1 vc-base {AVAILABLE} saigon")
    assert pieces(game, "saigon", "vc-base") == 1
    assert pieces(game, "saigon", "vc-guerrilla-u") == 0  # 1 piece only
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_no_base_beyond_2_and_another_executing_faction_5_1() -> None:
    lines = ("available 1 vc-guerrilla-u 1 vc-base", "space saigon 2 arvn-base", "ineligible VC")
    game = execute(CARD, Side.SHADED, *lines)  # ARVN 1st then
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "saigon"),)
    play(game, f"move 1 vc-guerrilla-u {AVAILABLE} saigon")
    assert pieces(game, "saigon", "vc-guerrilla-u") == 1
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_nothing_available_only_shifts_5_1_3() -> None:
    game = execute(CARD, Side.SHADED)
    state = game.state
    for key in ("hue", "da-nang", "saigon"):
        assert state.space(key).support is Support.PASSIVE_OPPOSITION
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)  # Neutral Cities
    supporting = [f"space {k} passive-support" for k in ("hue", "da-nang", "kontum", "qui-nhon")]
    supporting += [f"space {k} active-support" for k in ("cam-ranh", "an-loc", "saigon", "can-tho")]
    assert not effective(state_on(CARD, *supporting), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)
    opposed = [f"space {k} active-opposition" for k in ("hue", "da-nang", "saigon")]
    assert not effective(state_on(CARD, *opposed), CARD, Side.SHADED)
    assert effective(state_on(CARD, *opposed, "available 1 vc-base"), CARD, Side.SHADED)
