"""Card 49, Russian Arms (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: the executing Faction places 6 ARVN pieces from Available anywhere in South
  Vietnam (LoCs included, 1.3.5), within stacking (1.4.2), as many as are Available (5.1.3);
- shaded: the NVA doubles its Troops in 3 spaces (from Available, 5.1.1) then Bombards for
  free (4.4.2, 5.5); the NVA decides even when another Faction executes (5.1).
"""

from __future__ import annotations

import pytest

from coinlake import Done, Faction, IllegalCommand, Move, Piece, Select, Side
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 49


def test_unshaded_places_6_arvn_pieces_in_south_vietnam_5_1() -> None:
    lines = (
        "available 3 arvn-troops 2 arvn-police 1 arvn-ranger-u 2 arvn-base",
        "space hue 1 us-base 1 vc-base",  # stacking full (1.4.2)
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    options = decision.options
    assert Select("loc-hue-da-nang") in options and Select("hue") in options  # LoCs too
    assert Select("central-laos") not in options  # not South Vietnam
    assert Select("north-vietnam") not in options
    assert Done() not in options  # not "up to" (5.1.3)
    play(game, "select loc-hue-da-nang")
    decision = game.decision
    assert decision is not None
    assert Move(Piece.ARVN_TROOPS, 1, AVAILABLE, "loc-hue-da-nang") in decision.options
    assert Move(Piece.ARVN_BASE, 1, AVAILABLE, "loc-hue-da-nang") not in decision.options
    play(game, f"move 1 arvn-troops {AVAILABLE} loc-hue-da-nang", "select hue")
    decision = game.decision
    assert decision is not None
    assert Move(Piece.ARVN_BASE, 1, AVAILABLE, "hue") not in decision.options  # 2 Bases there
    with pytest.raises(IllegalCommand):
        game.apply(Move(Piece.ARVN_BASE, 1, AVAILABLE, "hue"))
    play(
        game,
        f"move 1 arvn-police {AVAILABLE} hue",
        "select kontum",
        f"move 1 arvn-base {AVAILABLE} kontum",
        "select kontum",
        f"move 1 arvn-base {AVAILABLE} kontum",
        "select tay-ninh",
        f"move 1 arvn-ranger-u {AVAILABLE} tay-ninh",
        "select saigon",
        f"move 1 arvn-police {AVAILABLE} saigon",
    )
    state = game.state
    assert pieces(game, "kontum", "arvn-base") == 2
    assert pieces(game, "tay-ninh", "arvn-ranger-u") == 1  # Underground (1.4.3)
    assert pieces(game, "saigon", "arvn-police") == 1
    assert state.available[Piece.ARVN_TROOPS] == 2  # 6 placed: done
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_places_only_what_is_available_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "available 1 arvn-police", "space hue 2 arvn-troops")
    play(game, "select saigon", f"move 1 arvn-police {AVAILABLE} saigon")
    # the NVA may not take ARVN pieces from the map (1.4.1): the Event ends
    assert pieces(game, "saigon", "arvn-police") == 1
    assert game.state.turn.acted == ((Faction.NVA, "event"),)
    assert effective(state_on(CARD, "available 1 arvn-police"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # none Available (8.1)


def test_unshaded_arvn_may_take_its_own_pieces_from_the_map_1_4_1() -> None:
    lines = ("ineligible NVA", "available 1 arvn-police", "space hue 2 arvn-troops")
    game = execute(CARD, Side.UNSHADED, *lines)  # ARVN, 2nd, executes
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert Done() not in decision.options  # a Police is Available: mandatory (5.1.3)
    play(game, "select saigon", f"move 1 arvn-police {AVAILABLE} saigon")
    decision = game.decision  # only pieces from the map are left: ARVN may (1.4.1)
    assert decision is not None and Done() in decision.options
    play(game, "select kontum")
    decision = game.decision
    assert decision is not None and Done() not in decision.options  # a space chosen: place
    assert Move(Piece.ARVN_POLICE, 1, AVAILABLE, "kontum") in decision.options  # from Saigon
    play(game, f"move 1 arvn-troops {AVAILABLE} kontum")
    assert pieces(game, "kontum", "arvn-troops") == 1  # the lone source, Hue, unasked
    assert pieces(game, "hue", "arvn-troops") == 1
    play(game, "done")
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


SHADED_MAP = (
    "available 5 nva-troops",
    "space hue 2 nva-troops",
    "space kontum 3 nva-troops 1 arvn-base 1 arvn-troops",
    "space north-vietnam 1 nva-troops",
)


def test_shaded_doubles_nva_troops_in_3_spaces_then_free_bombard_4_4_2() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert set(decision.options) == {Select("hue"), Select("kontum"), Select("north-vietnam")}
    play(game, "select hue")
    assert pieces(game, "hue", "nva-troops") == 4
    play(game, "select kontum")  # 3 there, 3 Available: doubled
    assert pieces(game, "kontum", "nva-troops") == 6
    # none left Available: the NVA may take Troops from elsewhere on the map (1.4.1) for
    # the lone space left, North Vietnam
    decision = game.decision
    assert decision is not None and Done() in decision.options
    assert Move(Piece.NVA_TROOPS, 1, AVAILABLE, "north-vietnam") in decision.options
    play(game, "done")  # it need not
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.context.procedure == "bombard"
    nva_resources = game.state.tracks
    play(game, "select kontum")
    state = game.state
    assert pieces(game, "kontum", "arvn-troops") == 0  # Bombard removed the ARVN Troop
    assert state.tracks == nva_resources  # free (5.5)
    assert pieces(game, "north-vietnam", "nva-troops") == 1


def test_shaded_doubles_as_many_as_available_5_1_3() -> None:
    game = execute(
        CARD, Side.SHADED, "available 1 nva-troops", "space hue 4 nva-troops", "space kontum"
    )
    assert pieces(game, "hue", "nva-troops") == 5  # the lone space is taken unasked
    assert game.state.available[Piece.NVA_TROOPS] == 0
    assert game.state.turn.acted == ((Faction.NVA, "event"),)  # no Bombard possible


def test_shaded_nva_decides_when_arvn_executes_5_1() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP, "ineligible NVA")  # ARVN 2nd executes
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert game.state.turn.acted == ()


def test_shaded_bombard_us_troop_to_casualties_4_4_2() -> None:
    game = execute(CARD, Side.SHADED, "space hue 3 nva-troops 3 us-troops")
    # none Available, nothing to double: the Bombard at once
    play(game, "select hue")
    assert game.state.casualties[Piece.US_TROOPS] == 1
    assert pieces(game, "hue", "us-troops") == 2


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED_MAP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space hue 2 nva-troops"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "available 5 nva-troops"), CARD, Side.SHADED)


def test_shaded_nva_may_double_with_troops_from_the_map_1_4_1() -> None:
    lines = ("space hue 2 nva-troops", "space kontum 3 nva-troops")
    game = execute(CARD, Side.SHADED, *lines)  # none Available
    play(game, "select hue", f"move 1 nva-troops {AVAILABLE} hue")  # from Kontum, unasked
    assert pieces(game, "hue", "nva-troops") == 3 and pieces(game, "kontum", "nva-troops") == 2
    play(game, "done")  # the 2nd need not come
    assert pieces(game, "hue", "nva-troops") == 3
