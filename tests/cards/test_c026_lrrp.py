"""Card 26, LRRP (dual use, 5.2): US 1st (US, VC, ARVN, NVA), so the US executes it here.

- unshaded: the US places 3 Irregulars in Laos or Cambodia (card tip; never North Vietnam,
  1.4.2), from the map only when none is Available and if it wants (ruling R207), then a
  free US Air Strike as usual (card tip: any spaces with US or ARVN pieces);
- shaded: 3 Irregulars from the map to Casualties; each space they left shifts 1 level
  toward Active Opposition.
"""

from __future__ import annotations

from coinlake import Done, Faction, Piece, Side
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 26


def test_unshaded_3_irregulars_outside_the_south_then_air_strike_anywhere_4_2_3() -> None:
    lines = ("available 4 us-irregular-u", "dice 1", "space hue 1 arvn-police 1 vc-guerrilla-a")
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    options = {str(c) for c in decision.options}
    assert "move 1 us-irregular-u available central-laos" in options
    assert "move 1 us-irregular-u available north-vietnam" not in options  # 1.4.2
    assert "move 1 us-irregular-u available hue" not in options  # the South
    play(game, "move 1 us-irregular-u available central-laos")
    play(game, "move 1 us-irregular-u available central-laos")
    play(game, "move 1 us-irregular-u available sihanoukville")
    assert pieces(game, "central-laos", "us-irregular-u") == 2
    assert pieces(game, "sihanoukville", "us-irregular-u") == 1
    assert game.state.available[Piece.US_IRREGULAR_UNDERGROUND] == 1  # 3 only
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.context.procedure == "air-strike"
    options = {str(c) for c in decision.options}
    assert "select hue" in options  # not only where the Irregulars went (card tip)
    play(game, "select hue", "done", "move 1 vc-guerrilla-a hue available")  # 1 hit
    assert pieces(game, "hue", "vc-guerrilla-a") == 0
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_irregulars_from_the_map_only_if_the_us_wants_1_4_1() -> None:
    lines = ("available 1 us-irregular-u", "space quang-nam 2 us-irregular-a", tracks(trail=0))
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "move 1 us-irregular-u available southern-laos")
    decision = game.decision
    assert decision is not None and Done() in decision.options  # "may" (R207)
    play(game, "move 1 us-irregular-u available southern-laos")  # from Quang Nam, the only
    assert pieces(game, "southern-laos", "us-irregular-u") == 2
    assert pieces(game, "quang-nam", "us-irregular-a") == 1
    play(game, "done")  # no more from the map
    decision = game.decision
    assert decision is not None and decision.context.procedure == "air-strike"


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "available 1 us-irregular-u", tracks(trail=0)), CARD)
    assert effective(state_on(CARD, "space hue 1 us-irregular-a", tracks(trail=0)), CARD)
    assert effective(state_on(CARD), CARD)  # the Air Strike may Degrade the Trail at 2
    assert not effective(state_on(CARD, tracks(trail=0)), CARD)


def test_shaded_3_irregulars_to_casualties_and_shifts_where_they_were() -> None:
    lines = (
        "space hue 2 us-irregular-a passive-support",
        "space kontum 1 us-irregular-u neutral",
        "space central-laos 1 us-irregular-u",
        "space binh-dinh 1 us-irregular-u active-support",
    )
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # the executing Faction
    play(game, "move 1 us-irregular-a hue casualties")
    play(game, "move 1 us-irregular-a hue casualties")
    play(game, "move 1 us-irregular-u kontum casualties")
    state = game.state
    assert state.casualties[Piece.US_IRREGULAR_UNDERGROUND] == 3  # box form
    assert int(state.space("hue").support) == 0  # 1 level once, though 2 left it
    assert int(state.space("kontum").support) == -1
    assert int(state.space("binh-dinh").support) == 2  # none left it
    assert pieces(game, "central-laos", "us-irregular-u") == 1
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_fewer_irregulars_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, "space hue 1 us-irregular-u active-support").state
    assert state.casualties[Piece.US_IRREGULAR_UNDERGROUND] == 1
    assert int(state.space("hue").support) == 1
    assert not effective(state_on(CARD), CARD, Side.SHADED)
