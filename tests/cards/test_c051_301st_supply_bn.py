"""Card 51, 301st Supply Bn (dual use, 5.2): NVA 1st (NVA, VC, US, ARVN), so the NVA executes
it here unless a line makes it Ineligible.

- unshaded: the executing Faction removes 6 non-Base Insurgent pieces (NVA Troops, NVA and VC
  Guerrillas) from North Vietnam, Laos and Cambodia (1.3.5) to Available (1.4.1);
- shaded: Trail +2 (at most 4, 6.7), then NVA Resources + a die roll (at most 75, 1.8).
"""

from __future__ import annotations

from coinlake import Faction, Move, Piece, Side, Track
from coinlake.rules import cards
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 51
OUTSIDE = (
    "space central-laos 2 nva-troops 1 nva-base",
    "space north-vietnam 2 nva-guerrilla-a 1 nva-base-t",
    "space the-fishhook 3 vc-guerrilla-u 1 vc-base",
    "space hue 3 vc-guerrilla-u 2 nva-troops",  # South Vietnam: stays
)


def removal(token: str, space: str) -> str:
    return f"move 1 {token} {space} {AVAILABLE}"


def test_unshaded_removes_6_non_base_insurgents_outside_the_south_1_3_5() -> None:
    game = execute(CARD, Side.UNSHADED, *OUTSIDE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    moves = {(m.piece, m.origin) for m in decision.options if isinstance(m, Move)}
    assert moves == {
        (Piece.NVA_TROOPS, "central-laos"),
        (Piece.NVA_GUERRILLA_ACTIVE, "north-vietnam"),
        (Piece.VC_GUERRILLA_UNDERGROUND, "the-fishhook"),
    }  # no Base, nothing in Hue
    play(
        game,
        removal("nva-troops", "central-laos"),
        removal("nva-guerrilla-a", "north-vietnam"),
        removal("nva-guerrilla-a", "north-vietnam"),
        removal("vc-guerrilla-u", "the-fishhook"),
        removal("vc-guerrilla-u", "the-fishhook"),
        removal("vc-guerrilla-u", "the-fishhook"),
    )
    state = game.state
    assert pieces(game, "central-laos", "nva-troops") == 1  # 7 could go, 6 went
    assert pieces(game, "north-vietnam", "nva-guerrilla-a") == 0
    assert pieces(game, "the-fishhook", "vc-guerrilla-u") == 0
    assert pieces(game, "hue", "vc-guerrilla-u") == 3 and pieces(game, "hue", "nva-troops") == 2
    assert pieces(game, "central-laos", "nva-base") == 1
    assert pieces(game, "north-vietnam", "nva-base-t") == 1
    assert pieces(game, "the-fishhook", "vc-base") == 1
    # to Available, in box form (1.4.1)
    assert state.available[Piece.NVA_GUERRILLA_UNDERGROUND] == 2
    assert state.available[Piece.NVA_TROOPS] == 1
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 3
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_with_fewer_than_6_removes_them_all_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "space southern-laos 2 nva-troops 1 nva-base")
    assert pieces(game, "southern-laos", "nva-troops") == 0  # one kind: no question
    assert pieces(game, "southern-laos", "nva-base") == 1
    assert game.state.available[Piece.NVA_TROOPS] == 2
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # 2nd Eligible (2.3.2)


def test_unshaded_executed_by_the_us_the_us_picks() -> None:
    game = execute(CARD, Side.UNSHADED, "ineligible NVA VC", *OUTSIDE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # 5.1


def test_shaded_improves_the_trail_2_and_adds_a_die_roll_of_nva_resources() -> None:
    state = execute(CARD, Side.SHADED, "dice 5").state  # Trail 2, NVA Resources 15
    assert state.tracks[Track.TRAIL] == 4
    assert state.tracks[Track.NVA_RESOURCES] == 20
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_limits_trail_4_and_resources_75() -> None:
    state = execute(CARD, Side.SHADED, "dice 6", tracks(trail=3, nva_resources=72)).state
    assert state.tracks[Track.TRAIL] == 4  # 6.7
    assert state.tracks[Track.NVA_RESOURCES] == 75  # 1.8


def test_shaded_under_adsid_the_trail_change_costs_6_first_5_4() -> None:
    """Unshaded ADSID (7) in play: the Trail's change costs 6 NVA Resources, then the roll."""
    state = execute(CARD, Side.SHADED, "dice 2", "momentum 7", tracks(nva_resources=4)).state
    assert state.tracks[Track.TRAIL] == 4
    assert state.tracks[Track.NVA_RESOURCES] == 2  # 4 - 6 -> 0, then + 2


def test_effective_8_1() -> None:
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # nothing outside the South
    bases_only = state_on(CARD, "space central-laos 1 nva-base", "space hue 2 nva-troops")
    assert not effective(bases_only, CARD, Side.UNSHADED)
    assert effective(state_on(CARD, *OUTSIDE), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)
    full = state_on(CARD, tracks(trail=4, nva_resources=75))
    assert not effective(full, CARD, Side.SHADED)  # only a die roll (ruling R77)
    assert cards.effective(state_on(CARD, tracks(trail=4)), CARD, Side.SHADED, Faction.US)
