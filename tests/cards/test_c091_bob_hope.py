"""Card 91, Bob Hope (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: any US Troops from 1 Province to 1 COIN Control City (1.7); 1 US Casualty to
  Available per 2 moved (R195);
- shaded: the NVA or the VC (the executing Faction selects, R193) moves up to 3 US Troops from
  Provinces to Cities, placing 1 of its Guerrillas where each Troop was (1.4.1, 1.4.3).
"""

from __future__ import annotations

from coinlake import Faction, Piece, Select, Side
from coinlake.rules.core import DONE
from coinlake.state.commands import Choose, Move
from coinlake.state.model import AVAILABLE, CASUALTIES
from tests.cards.helpers import effective, execute, pieces, play, state_on

CARD = 91
UNSHADED = (
    "casualties 2 us-troops 1 us-base",
    "space binh-dinh 5 us-troops 1 vc-guerrilla-u",
    "space quang-nam 1 us-troops",
    "space hue 1 arvn-police",  # COIN Control
    "space da-nang 1 vc-guerrilla-u",  # no Control
    "space saigon 1 us-troops",  # COIN Control, a City: not an origin
)


def test_unshaded_moves_us_troops_to_a_coin_city_and_1_casualty_per_2() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert set(decision.options) == {Select("binh-dinh"), Select("quang-nam"), DONE}
    play(game, "select binh-dinh")
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Select("hue"), Select("saigon")}  # not Da Nang
    play(game, "select hue", "move 5 us-troops binh-dinh hue")
    decision = game.decision  # 5 moved: 2 Casualties to Available, the VC picks
    assert decision is not None and decision.faction is Faction.VC
    assert Move(Piece.US_BASE, 1, CASUALTIES, AVAILABLE) in decision.options
    play(game, f"move 1 us-base {CASUALTIES} {AVAILABLE}")  # then a Troop: the lone kind left
    state = game.state
    assert pieces(game, "hue", "us-troops") == 5
    assert pieces(game, "quang-nam", "us-troops") == 1  # 1 Province only
    assert state.available[Piece.US_BASE] == 1 and state.available[Piece.US_TROOPS] == 1
    assert state.casualties[Piece.US_TROOPS] == 1
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_1_moved_recovers_nothing_and_any_may_be_none_r195() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED)
    play(game, "select quang-nam", "select hue")  # the lone Troop moves unasked
    state = game.state
    assert pieces(game, "hue", "us-troops") == 1
    assert state.casualties[Piece.US_TROOPS] == 2 and state.casualties[Piece.US_BASE] == 1
    assert state.turn.acted == ((Faction.VC, "event"),)
    game = execute(CARD, Side.UNSHADED, *UNSHADED)
    play(game, "done")
    assert pieces(game, "binh-dinh", "us-troops") == 5
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED), CARD, Side.UNSHADED)
    no_coin_city = ("space binh-dinh 5 us-troops", "space da-nang 1 vc-guerrilla-u")
    assert not effective(state_on(CARD, *no_coin_city), CARD, Side.UNSHADED)


SHADED = (
    "available 1 nva-guerrilla-u",
    "space binh-dinh 2 us-troops",
    "space quang-nam 2 us-troops",
    "space hue 1 us-troops",  # a City: not an origin
    "space central-laos 1 nva-guerrilla-a 1 nva-base",
    "space north-vietnam 1 nva-guerrilla-u",
)


def test_shaded_the_chosen_insurgent_moves_3_us_troops_placing_its_guerrillas() -> None:
    game = execute(CARD, Side.SHADED, *SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert set(decision.options) == {Choose("nva"), Choose("vc")}
    play(game, "nva")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # it decides (5.1)
    assert Select("hue") not in decision.options
    play(game, "select binh-dinh", "select saigon", "move 2 us-troops binh-dinh saigon")
    # 1 NVA Guerrilla Available, placed at once; the NVA may take the 2nd from the map
    # (1.4.1, R207) and picks where from
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert DONE in decision.options
    play(game, f"move 1 nva-guerrilla-u {AVAILABLE} binh-dinh")
    play(game, "move 1 nva-guerrilla-a central-laos binh-dinh")
    assert pieces(game, "binh-dinh", "nva-guerrilla-u") == 2  # placed Underground (1.4.3)
    assert pieces(game, "saigon", "us-troops") == 2
    play(game, "select quang-nam", "select hue")  # 1 left of 3: moves unasked
    play(game, f"move 1 nva-guerrilla-u {AVAILABLE} quang-nam")
    play(game, "move 1 nva-guerrilla-u north-vietnam quang-nam")  # or one from Binh Dinh
    state = game.state
    assert pieces(game, "quang-nam", "us-troops") == 1
    assert pieces(game, "quang-nam", "nva-guerrilla-u") == 1
    assert pieces(game, "north-vietnam", "nva-guerrilla-u") == 0
    assert pieces(game, "hue", "us-troops") == 2
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_up_to_3_and_no_guerrilla_left_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "space binh-dinh 2 us-troops")
    play(game, "vc", "select binh-dinh", "select hue", "move 1 us-troops binh-dinh hue")
    assert pieces(game, "binh-dinh", "us-troops") == 1  # no VC Guerrilla anywhere
    assert pieces(game, "binh-dinh", "vc-guerrilla-u") == 0
    play(game, "done")
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space hue 3 us-troops"), CARD, Side.SHADED)
