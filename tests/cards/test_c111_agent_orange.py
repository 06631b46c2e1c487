"""Card 111, Agent Orange (dual use, 5.2): VC 1st (VC, ARVN, US, NVA); the US executes the
unshaded text here (VC and ARVN Ineligible), the VC the shaded one.

- unshaded: all Insurgents in Jungle go Active; then a free US Air Strike in up to 2
  Jungle spaces, with US or ARVN pieces as usual (ruling R226), no effect on the Trail
  (card tip);
- shaded: each Jungle and Highland with Insurgents 1 level toward Active Opposition.
"""

from __future__ import annotations

from coinlake import Choose, Faction, Side
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 111
US_FIRST = "ineligible VC ARVN"
SCENE = (
    "space the-fishhook 2 nva-guerrilla-u 1 vc-guerrilla-u 1 us-troops",
    "space tay-ninh 1 vc-guerrilla-u 1 arvn-troops",  # Jungle
    "space phuoc-long 2 vc-guerrilla-u 1 us-troops",  # Jungle
    "space central-laos 3 nva-guerrilla-u",  # Jungle, no US or ARVN piece
    "space pleiku-darlac 2 vc-guerrilla-u 1 us-troops",  # Highland: stays Underground
)


def test_unshaded_jungle_insurgents_active_then_air_strike_2_jungles_no_trail() -> None:
    game = execute(CARD, Side.UNSHADED, US_FIRST, "dice 6", *SCENE)
    assert pieces(game, "the-fishhook", "nva-guerrilla-a") == 2
    assert pieces(game, "the-fishhook", "vc-guerrilla-a") == 1
    assert pieces(game, "central-laos", "nva-guerrilla-a") == 3
    assert pieces(game, "pleiku-darlac", "vc-guerrilla-u") == 2  # not a Jungle
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.context.procedure == "air-strike"
    options = {str(c) for c in decision.options}
    # Jungles with US or ARVN pieces; at least 1 (5.1.3: no Trail to hit instead)
    assert options == {"select the-fishhook", "select tay-ninh", "select phuoc-long"}
    play(game, "select tay-ninh", "select phuoc-long")  # 2 at most: no 3rd asked
    decision = game.decision
    assert decision is not None and Choose("degrade-trail") not in decision.options  # 6 hits
    play(game, "move 1 vc-guerrilla-a tay-ninh available")
    play(game, "move 1 vc-guerrilla-a phuoc-long available")
    play(game, "move 1 vc-guerrilla-a phuoc-long available")
    state = game.state
    assert state.trail == 2
    assert pieces(game, "the-fishhook", "nva-guerrilla-a") == 2
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space central-laos 1 nva-guerrilla-u"), CARD)
    assert effective(state_on(CARD, "space tay-ninh 1 vc-guerrilla-a 1 us-troops"), CARD)
    assert not effective(state_on(CARD, "space tay-ninh 1 vc-guerrilla-a"), CARD)
    assert not effective(state_on(CARD, "space hue 1 vc-guerrilla-a 1 us-troops"), CARD)
    assert not effective(state_on(CARD, tracks(trail=4)), CARD)  # never the Trail


def test_shaded_jungle_and_highland_with_insurgents_shift_1() -> None:
    lines = (
        "space tay-ninh 1 vc-guerrilla-u passive-support",  # Jungle
        "space pleiku-darlac 1 nva-base active-opposition",  # Highland, at the end
        "space kontum 1 vc-guerrilla-a neutral",  # a City
        "space quang-nam 1 vc-guerrilla-u neutral",  # Highland
        "space binh-tuy-binh-thuan passive-support",  # Jungle, no Insurgent
        "space kien-phong 1 vc-guerrilla-u active-support",  # Lowland
        "space central-laos 1 nva-troops",  # Jungle, Population 0
    )
    state = execute(CARD, Side.SHADED, *lines).state
    assert int(state.space("tay-ninh").support) == 0
    assert int(state.space("pleiku-darlac").support) == -2
    assert int(state.space("kontum").support) == 0
    assert int(state.space("quang-nam").support) == -1
    assert int(state.space("binh-tuy-binh-thuan").support) == 1
    assert int(state.space("kien-phong").support) == 2
    assert state.turn.acted == ((Faction.VC, "event"),)
    ineffective = (lines[1], lines[5], lines[6])  # at the end, a Lowland, Population 0
    assert not effective(state_on(CARD, *ineffective), CARD, Side.SHADED)
