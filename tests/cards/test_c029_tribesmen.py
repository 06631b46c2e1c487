"""Card 29, Tribesmen (dual use, 5.2): US 1st, so the US executes it here (NVA when the US,
VC and ARVN are Ineligible).

- unshaded: 4 NVA/VC pieces in all from spaces with Irregulars, no Tunneled Base but the
  executing Faction's own (1.4.4, 5.1.1);
- shaded: every Irregular to Available, a VC Guerrilla from Available in its place (1.4.1,
  5.1.1; ruling R147); 1 Neutral Highland to Active Opposition; Patronage -3.
"""

from __future__ import annotations

from coinlake import Done, Faction, Move, Select, Side, Support
from coinlake.data.pieces import Piece
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 29
UNSHADED_MAP = (
    "space pleiku-darlac 1 us-irregular-u 2 vc-guerrilla-u 1 nva-troops 1 vc-base-t",
    "space binh-dinh 1 us-irregular-a 1 nva-base 2 nva-guerrilla-a",
    "space kontum 3 vc-guerrilla-u",  # no Irregulars
)


def test_unshaded_removes_4_insurgent_pieces_where_irregulars_are_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert set(decision.options) == {
        Move(Piece.NVA_TROOPS, 1, "pleiku-darlac", AVAILABLE),
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "pleiku-darlac", AVAILABLE),
        Move(Piece.NVA_GUERRILLA_ACTIVE, 1, "binh-dinh", AVAILABLE),
        Move(Piece.NVA_BASE, 1, "binh-dinh", AVAILABLE),
    }  # not Kon Tum, not the Tunneled Base (5.1.1)
    play(
        game,
        "move 1 nva-base binh-dinh available",
        "move 1 nva-troops pleiku-darlac available",
        "move 1 vc-guerrilla-u pleiku-darlac available",
        "move 1 vc-guerrilla-u pleiku-darlac available",
    )
    state = game.state
    assert pieces(game, "binh-dinh", "nva-guerrilla-a") == 2
    assert pieces(game, "pleiku-darlac", "vc-base-t") == 1
    assert pieces(game, "kontum", "vc-guerrilla-u") == 3
    assert state.available[Piece.NVA_BASE] == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_fewer_than_4_all_removed_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "space khanh-hoa 1 us-irregular-u 2 vc-guerrilla-a")
    assert pieces(game, "khanh-hoa", "vc-guerrilla-a") == 0
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_the_executing_insurgent_may_take_its_own_tunneled_base_5_1_1() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible US VC ARVN", *UNSHADED_MAP[:2])
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Move(Piece.VC_TUNNELED_BASE, 1, "pleiku-darlac", AVAILABLE) not in decision.options
    lines = ("ineligible US VC ARVN", "space pleiku-darlac 1 us-irregular-u 1 nva-base-t")
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.options == (
        Move(Piece.NVA_TUNNELED_BASE, 1, "pleiku-darlac", AVAILABLE),
        Done(),  # never forced to (5.1.1, R20)
    )
    play(game, "done")
    assert pieces(game, "pleiku-darlac", "nva-base-t") == 1
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "move 1 nva-base-t pleiku-darlac available")
    assert pieces(game, "pleiku-darlac", "nva-base-t") == 0


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED_MAP), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, *UNSHADED_MAP[2:]), CARD, Side.UNSHADED)
    lines = ("space khanh-hoa 1 us-irregular-u 1 vc-base-t",)  # only a Tunneled Base
    assert not effective(state_on(CARD, *lines), CARD, Side.UNSHADED)


IRREGULAR_MAP = (
    "space pleiku-darlac 2 us-irregular-u 1 us-irregular-a 1 vc-guerrilla-a",
    "space khanh-hoa 1 us-irregular-u passive-support",
    "space loc-hue-da-nang 1 us-irregular-a",
    "space quang-tri-thua-thien active-support",  # Highlands not Neutral
    "space quang-nam passive-opposition",
    "space binh-dinh active-opposition",
)


def test_shaded_replaces_every_irregular_then_sets_a_neutral_highland_r147() -> None:
    game = execute(CARD, Side.SHADED, "available 6 vc-guerrilla-u", *IRREGULAR_MAP)
    state = game.state
    assert pieces(game, "pleiku-darlac", "vc-guerrilla-u") == 3  # 1 for 1, Underground
    assert pieces(game, "pleiku-darlac", "vc-guerrilla-a") == 1
    assert pieces(game, "khanh-hoa", "vc-guerrilla-u") == 1
    assert pieces(game, "loc-hue-da-nang", "vc-guerrilla-u") == 1
    assert not any(sp.count(Piece.US_IRREGULAR_UNDERGROUND) for sp in state.spaces)
    assert not any(sp.count(Piece.US_IRREGULAR_ACTIVE) for sp in state.spaces)
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 5  # to Available (1.4.1)
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 1
    # Pleiku is the lone Neutral Highland with Population: taken unasked
    assert state.space("pleiku-darlac").support is Support.ACTIVE_OPPOSITION
    assert state.space("khanh-hoa").support is Support.PASSIVE_SUPPORT  # not Neutral
    assert state.space("north-vietnam").support is Support.NEUTRAL  # Population 0
    assert state.patronage == 18 - 3
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_too_few_guerrillas_the_executing_faction_places_them_5_1_1() -> None:
    game = execute(CARD, Side.SHADED, "available 2 vc-guerrilla-u", *IRREGULAR_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.options == (
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "pleiku-darlac"),
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "khanh-hoa"),
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, AVAILABLE, "loc-hue-da-nang"),
    )
    play(
        game,
        "move 1 vc-guerrilla-u available loc-hue-da-nang",
        "move 1 vc-guerrilla-u available khanh-hoa",
    )
    state = game.state
    assert pieces(game, "loc-hue-da-nang", "vc-guerrilla-u") == 1
    assert pieces(game, "khanh-hoa", "vc-guerrilla-u") == 1
    assert pieces(game, "pleiku-darlac", "vc-guerrilla-u") == 0  # its 3 only removed
    assert state.available[Piece.US_IRREGULAR_UNDERGROUND] == 5
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 0
    assert state.space("pleiku-darlac").support is Support.ACTIVE_OPPOSITION


def test_shaded_a_space_may_get_only_as_many_as_it_had_irregulars_r147() -> None:
    lines = ("space kontum 1 us-irregular-u", "space hue 2 us-irregular-u")
    game = execute(CARD, Side.SHADED, "available 2 vc-guerrilla-u", *lines, *IRREGULAR_MAP[3:])
    play(game, "move 1 vc-guerrilla-u available kontum")
    assert pieces(game, "kontum", "vc-guerrilla-u") == 1  # Kon Tum had 1: the rest to Hue
    assert pieces(game, "hue", "vc-guerrilla-u") == 1


def test_shaded_highland_choice_and_patronage_floor_1_8() -> None:
    game = execute(CARD, Side.SHADED, tracks(patronage=2))
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.options == tuple(
        Select(k)
        for k in ("quang-tri-thua-thien", "quang-nam", "binh-dinh", "pleiku-darlac", "khanh-hoa")
    )  # Neutral Highland Provinces with Population (not North Vietnam, 1.6.1)
    play(game, "select quang-nam")
    assert game.state.space("quang-nam").support is Support.ACTIVE_OPPOSITION
    assert game.state.patronage == 0


def test_shaded_effective_8_1() -> None:
    highlands = tuple(
        f"space {k} passive-support"
        for k in ("quang-tri-thua-thien", "quang-nam", "binh-dinh", "pleiku-darlac", "khanh-hoa")
    )
    assert not effective(state_on(CARD, tracks(patronage=0), *highlands), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(patronage=0)), CARD, Side.SHADED)  # a Highland
    lines = (tracks(patronage=0), *highlands, "space hue 1 us-irregular-u")
    assert effective(state_on(CARD, *lines), CARD, Side.SHADED)  # an Irregular
