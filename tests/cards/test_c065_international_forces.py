"""Card 65, International Forces (dual use, 5.2): ARVN 1st (ARVN, US, NVA, VC), so the ARVN
executes it here.

- unshaded: 4 US pieces from Out of Play onto the map (Bases included), anywhere but North
  Vietnam, stacking kept (1.4.2), the executing Faction choosing;
- shaded: a die roll of US pieces from the map to Out of Play, the US choosing (card tip,
  ruling R119).
"""

from __future__ import annotations

from coinlake import Faction, Move, Piece, Select, Side
from coinlake.state.model import OUT_OF_PLAY
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 65
OUT = "out-of-play 3 us-troops 2 us-base 1 us-irregular-u 2 arvn-troops"


def test_unshaded_places_4_out_of_play_us_pieces_on_the_map_1_4_2() -> None:
    game = execute(CARD, Side.UNSHADED, OUT, "space hue 1 arvn-base 1 vc-base")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    where = {o.space for o in decision.options if isinstance(o, Select)}
    assert "north-vietnam" not in where  # 1.4.2
    assert {"central-laos", "loc-hue-da-nang", "hue"} <= where  # Laos, LoCs are fine
    play(game, "select hue")
    decision = game.decision
    assert decision is not None
    kinds = {m.piece for m in decision.options if isinstance(m, Move)}
    assert kinds == {Piece.US_TROOPS, Piece.US_IRREGULAR_UNDERGROUND}  # 2 Bases there already
    play(game, f"move 1 us-troops {OUT_OF_PLAY} hue", "select loc-hue-da-nang")
    decision = game.decision
    assert decision is not None
    assert Move(Piece.US_BASE, 1, OUT_OF_PLAY, "loc-hue-da-nang") not in decision.options  # LoC
    play(game, f"move 1 us-troops {OUT_OF_PLAY} loc-hue-da-nang")
    play(game, "select da-nang", f"move 1 us-base {OUT_OF_PLAY} da-nang")
    play(game, "select da-nang", f"move 1 us-irregular-u {OUT_OF_PLAY} da-nang")
    state = game.state
    assert pieces(game, "da-nang", "us-base") == 1
    assert pieces(game, "da-nang", "us-irregular-u") == 1  # Underground (1.4.3)
    assert pieces(game, "loc-hue-da-nang", "us-troops") == 1
    assert pieces(game, "hue", "us-troops") == 1
    assert state.out_of_play[Piece.US_TROOPS] == 1 and state.out_of_play[Piece.US_BASE] == 1
    assert state.out_of_play[Piece.ARVN_TROOPS] == 2  # US pieces only
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_with_2_out_of_play_places_both_5_1_3() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 2 us-troops")
    play(game, "select saigon", f"move 1 us-troops {OUT_OF_PLAY} saigon")
    play(game, "select hue", f"move 1 us-troops {OUT_OF_PLAY} hue")
    state = game.state
    assert state.out_of_play[Piece.US_TROOPS] == 0
    assert state.turn.acted == ((Faction.ARVN, "event"),)


MAP = (
    "space hue 2 us-troops 1 arvn-troops",
    "space saigon 1 us-base",
    "space kontum 1 us-irregular-a",
)


def test_shaded_the_us_removes_a_die_roll_of_its_pieces_to_out_of_play() -> None:
    game = execute(CARD, Side.SHADED, "dice 3", *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # card tip
    removals = {(m.piece, m.origin, m.destination) for m in decision.options if isinstance(m, Move)}
    assert removals == {
        (Piece.US_TROOPS, "hue", OUT_OF_PLAY),
        (Piece.US_BASE, "saigon", OUT_OF_PLAY),
        (Piece.US_IRREGULAR_ACTIVE, "kontum", OUT_OF_PLAY),
    }  # US pieces only
    play(
        game,
        f"move 1 us-base saigon {OUT_OF_PLAY}",
        f"move 1 us-irregular-a kontum {OUT_OF_PLAY}",
    )  # the 3rd: only US Troops in Hue are left, taken without asking
    state = game.state
    assert state.out_of_play[Piece.US_BASE] == 1
    assert state.out_of_play[Piece.US_IRREGULAR_UNDERGROUND] == 1  # box form (1.4.1)
    assert state.out_of_play[Piece.US_TROOPS] == 1
    assert pieces(game, "hue", "us-troops") == 1 and pieces(game, "hue", "arvn-troops") == 1
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_with_fewer_us_pieces_than_the_roll_removes_them_all_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "dice 6", "space hue 2 us-troops").state
    assert state.out_of_play[Piece.US_TROOPS] == 2  # one kind, one space: no question
    assert state.space("hue").pieces[Piece.US_TROOPS] == 0
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_without_us_pieces_on_the_map_rolls_no_die() -> None:
    """Ruling R210: the die of "a die roll of pieces" is rolled only with a piece to remove."""
    game = execute(CARD, Side.SHADED, "dice 3", "space hue 2 arvn-troops")
    assert game.state.fixed_dice == (3,)  # still there: not rolled
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_effective_8_1() -> None:
    assert not effective(state_on(CARD), CARD, Side.UNSHADED)  # nothing Out of Play
    assert not effective(state_on(CARD, "out-of-play 2 arvn-troops"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "out-of-play 1 us-base"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "space hue 2 arvn-troops"), CARD, Side.SHADED)
    assert effective(state_on(CARD, *MAP), CARD, Side.SHADED)
