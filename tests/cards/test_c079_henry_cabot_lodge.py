"""Card 79, Henry Cabot Lodge (dual use, 5.2): ARVN 1st (ARVN, NVA, VC, US), so the ARVN
executes it here unless a line makes it Ineligible.

- unshaded: Aid +20 (at most 75, 1.8);
- shaded: the executing Faction removes up to 3 ARVN pieces (Bases included; card tip) to
  Available; Patronage +2 for each; the ARVN Ineligible through the next card (rulings R10,
  R120).
"""

from __future__ import annotations

from coinlake import Done, Faction, Move, Piece, Side, Track
from coinlake.rules import cards
from coinlake.state.model import AVAILABLE
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 79
ARVN = (
    "space saigon 2 arvn-troops 1 arvn-police 1 arvn-base",
    "space hue 1 arvn-ranger-a 1 us-troops",
)


def test_unshaded_aid_plus_20() -> None:
    assert execute(CARD, Side.UNSHADED).state.tracks[Track.AID] == 35  # 15 + 20
    assert execute(CARD, Side.UNSHADED, tracks(aid=60)).state.tracks[Track.AID] == 75  # 1.8


def test_shaded_removes_up_to_3_arvn_pieces_patronage_2_each_arvn_ineligible() -> None:
    game = execute(CARD, Side.SHADED, *ARVN)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    moves = {(m.piece, m.origin) for m in decision.options if isinstance(m, Move)}
    assert moves == {
        (Piece.ARVN_TROOPS, "saigon"),
        (Piece.ARVN_POLICE, "saigon"),
        (Piece.ARVN_BASE, "saigon"),
        (Piece.ARVN_RANGER_ACTIVE, "hue"),
    }  # ARVN pieces only, Bases included
    assert Done() in decision.options  # "up to"
    play(game, f"move 1 arvn-base saigon {AVAILABLE}", f"move 1 arvn-ranger-a hue {AVAILABLE}")
    play(game, "done")
    state = game.state
    assert pieces(game, "saigon", "arvn-base") == 0 and pieces(game, "hue", "arvn-ranger-a") == 0
    assert state.available[Piece.ARVN_BASE] == 1
    assert state.available[Piece.ARVN_RANGER_UNDERGROUND] == 1  # box form (1.4.1)
    assert pieces(game, "hue", "us-troops") == 1
    assert state.tracks[Track.PATRONAGE] == 22  # 18 + 2 x 2
    assert state.ineligible_next == (Faction.ARVN,)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # 2nd Eligible


def test_shaded_3_removals_at_most_and_patronage_stops_at_75() -> None:
    game = execute(CARD, Side.SHADED, *ARVN, tracks(patronage=72))
    play(
        game,
        f"move 1 arvn-troops saigon {AVAILABLE}",
        f"move 1 arvn-troops saigon {AVAILABLE}",
        f"move 1 arvn-police saigon {AVAILABLE}",
    )  # no 4th question
    state = game.state
    assert pieces(game, "saigon", "arvn-troops") == 0 and pieces(game, "saigon", "arvn-police") == 0
    assert pieces(game, "saigon", "arvn-base") == 1 and pieces(game, "hue", "arvn-ranger-a") == 1
    assert state.tracks[Track.PATRONAGE] == 75  # 72 + 6, at most 75 (1.8)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_executed_by_the_nva_removing_none_still_makes_arvn_ineligible() -> None:
    game = execute(CARD, Side.SHADED, "ineligible ARVN", *ARVN)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # 5.1
    play(game, "done")
    state = game.state
    assert state.tracks[Track.PATRONAGE] == 18
    assert state.ineligible_next == (Faction.ARVN,)
    assert pieces(game, "saigon", "arvn-troops") == 2


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, tracks(aid=75)), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # no ARVN piece: still Ineligible
    assert cards.effective(state_on(CARD, *ARVN), CARD, Side.SHADED, Faction.NVA)
