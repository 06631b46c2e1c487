"""Card 60, War Photographer (dual use, 5.2): NVA 1st (NVA, VC, ARVN, US), so the NVA
executes it here unless a line makes it Ineligible.

- unshaded: 3 US pieces from Out of Play to Available, the executing Faction choosing;
- shaded: the NVA place 6 Available Troops in North Vietnam, Laos or Cambodia, choosing where;
  NVA Resources +6; the NVA stay Eligible if they executed it (card tip).
"""

from __future__ import annotations

from coinlake import Done, Faction, Move, Piece, Side, Track
from coinlake.data.map import SPACES
from coinlake.rules import cards
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 60
OUTSIDE_SOUTH = {s.id for s in SPACES if not s.in_south}


def test_unshaded_3_us_pieces_out_of_play_to_available() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 4 us-troops 1 us-base 2 us-irregular-u")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert {m.piece for m in decision.options if isinstance(m, Move)} == {
        Piece.US_TROOPS,
        Piece.US_BASE,
        Piece.US_IRREGULAR_UNDERGROUND,
    }
    play(
        game,
        f"move 1 us-base {OUT_OF_PLAY} {AVAILABLE}",
        f"move 1 us-troops {OUT_OF_PLAY} {AVAILABLE}",
        f"move 1 us-troops {OUT_OF_PLAY} {AVAILABLE}",
    )
    state = game.state
    assert state.available[Piece.US_BASE] == 1 and state.available[Piece.US_TROOPS] == 2
    assert state.out_of_play[Piece.US_TROOPS] == 2
    assert state.out_of_play[Piece.US_IRREGULAR_UNDERGROUND] == 2
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_with_2_out_of_play_moves_both_5_1_3() -> None:
    state = execute(CARD, Side.UNSHADED, "out-of-play 2 us-troops 3 arvn-troops").state
    assert state.available[Piece.US_TROOPS] == 2 and state.out_of_play[Piece.US_TROOPS] == 0
    assert state.out_of_play[Piece.ARVN_TROOPS] == 3  # US pieces only


def test_shaded_nva_place_6_troops_outside_the_south_and_stay_eligible() -> None:
    game = execute(CARD, Side.SHADED, "available 8 nva-troops")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    destinations = {m.destination for m in decision.options if isinstance(m, Move)}
    assert destinations == OUTSIDE_SOUTH  # 1.3.5: North Vietnam, Laos, Cambodia
    for where in ("north-vietnam",) * 4 + ("central-laos",) * 2:
        play(game, f"move 1 nva-troops {AVAILABLE} {where}")
    state = game.state
    assert pieces(game, "north-vietnam", "nva-troops") == 4
    assert pieces(game, "central-laos", "nva-troops") == 2
    assert state.available[Piece.NVA_TROOPS] == 2
    assert state.tracks[Track.NVA_RESOURCES] == 21
    assert state.stay_eligible == (Faction.NVA,)  # 2.3.6 PLAY NOTE


def test_shaded_executed_by_the_vc_nva_place_and_vc_does_not_stay_eligible() -> None:
    game = execute(CARD, Side.SHADED, "ineligible NVA", "available 8 nva-troops")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the text names the NVA
    for _ in range(6):
        play(game, f"move 1 nva-troops {AVAILABLE} the-fishhook")
    state = game.state
    assert pieces(game, "the-fishhook", "nva-troops") == 6
    assert state.tracks[Track.NVA_RESOURCES] == 21
    assert state.stay_eligible == ()
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_with_2_available_troops_places_2_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "available 2 nva-troops", tracks(nva_resources=73))
    play(game, f"move 1 nva-troops {AVAILABLE} sihanoukville")
    play(game, f"move 1 nva-troops {AVAILABLE} sihanoukville")
    play(game, "done")  # NVA Troops on the map could be taken (1.4.1 "may", ruling R116)
    state = game.state
    assert pieces(game, "sihanoukville", "nva-troops") == 2
    assert state.available[Piece.NVA_TROOPS] == 0
    assert state.tracks[Track.NVA_RESOURCES] == 75  # 1.8
    assert state.turn.acted == ((Faction.NVA, "event"),)  # the placements ended


def test_shaded_then_the_nva_may_take_troops_from_the_map_1_4_1() -> None:
    """Ruling R116 (as R207): once none is Available, the NVA may take its own Troops from
    elsewhere on the map -- even from the South -- and may stop (1.4.1 "may")."""
    lines = ("available 1 nva-troops", "space hue 3 nva-troops")
    game = execute(CARD, Side.SHADED, *lines)
    play(game, f"move 1 nva-troops {AVAILABLE} north-vietnam")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Done() in decision.options  # "may"
    play(game, f"move 1 nva-troops {AVAILABLE} central-laos")  # none Available: from where?
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert {m.origin for m in decision.options if isinstance(m, Move)} == {"hue", "north-vietnam"}
    play(game, "move 1 nva-troops hue central-laos", "done")
    state = game.state
    assert pieces(game, "north-vietnam", "nva-troops") == 1
    assert pieces(game, "central-laos", "nva-troops") == 1
    assert pieces(game, "hue", "nva-troops") == 2
    assert state.tracks[Track.NVA_RESOURCES] == 21
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_effective_8_1() -> None:
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # nothing Out of Play
    assert effective(state_on(CARD, "out-of-play 1 us-irregular-u"), CARD, Side.UNSHADED)
    full = state_on(CARD, tracks(nva_resources=75))
    assert effective(full, CARD, Side.SHADED)  # the NVA would stay Eligible
    assert not cards.effective(full, CARD, Side.SHADED, Faction.VC)  # nothing at all
    assert cards.effective(state_on(CARD), CARD, Side.SHADED, Faction.VC)  # +6 Resources
