"""Card 30, USS New Jersey (dual use, 5.2): US 1st (US, VC, ARVN, NVA), so the US executes it
here.

- unshaded: the US or the ARVN, as the executing Faction selects, Air Strikes 1-3 coastal
  spaces for free, even without US or ARVN pieces (card tip), removing up to 2 pieces per
  space, with no die roll and no effect on the Trail (ruling R222);
- shaded: 2 coastal Provinces with US Troops shift 2 levels toward Active Opposition.
"""

from __future__ import annotations

from coinlake import Choose, Faction, Side
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on, tracks

CARD = 30
TARGETS = (
    "space north-vietnam 3 nva-troops 1 nva-guerrilla-a",
    "space hue 2 vc-guerrilla-a 1 vc-base passive-support",
    "space kontum 2 vc-guerrilla-a 1 us-troops",  # not coastal
)


def test_unshaded_arvn_strikes_coastal_spaces_2_pieces_each_no_roll_no_trail() -> None:
    game = execute(CARD, Side.UNSHADED, "dice 1", *TARGETS)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.options == (Choose("us"), Choose("arvn"))
    play(game, "arvn")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # it decides (tip)
    assert decision.context.procedure == "air-strike"
    options = {str(c) for c in decision.options}
    assert "select north-vietnam" in options  # coastal, no US or ARVN piece needed
    assert "select kontum" not in options  # not coastal
    assert "done" not in options  # at least 1 space (5.1.3)
    play(game, "select north-vietnam", "select hue", "done")
    decision = game.decision
    assert decision is not None and "6 hit(s)" in decision.prompt  # no die roll
    assert Choose("degrade-trail") not in decision.options  # no effect on the Trail
    play(game, "move 1 nva-troops north-vietnam available")
    play(game, "move 1 nva-troops north-vietnam available")
    decision = game.decision
    assert decision is not None
    assert all("north-vietnam" not in str(c) for c in decision.options)  # 2 there already
    play(game, "move 1 vc-guerrilla-a hue available", "move 1 vc-guerrilla-a hue available")
    state = game.state
    assert pieces(game, "north-vietnam", "nva-troops") == 1
    assert pieces(game, "hue", "vc-base") == 1  # 2 pieces there already
    assert int(state.space("hue").support) == 0  # the usual shift (4.2.3)
    assert state.trail == 2
    assert game.state.fixed_dice == (1,)
    assert state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_3_spaces_at_most_2_in_monsoon_2_3_9() -> None:
    game = execute(CARD, Side.UNSHADED, *TARGETS)
    play(game, "us", "select hue", "select da-nang", "select saigon")
    decision = game.decision
    assert decision is not None and "hit(s)" in decision.prompt  # 3 spaces: no 4th
    game = execute(CARD, Side.UNSHADED, *TARGETS, next_card=COUP)
    play(game, "us", "select hue", "select da-nang")
    decision = game.decision
    assert decision is not None and "hit(s)" in decision.prompt  # Monsoon: 2 spaces


def test_unshaded_us_decides_when_selected() -> None:
    game = execute(CARD, Side.UNSHADED, *TARGETS)
    play(game, "us")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    play(game, "select hue", "done")
    play(game, "move 1 vc-guerrilla-a hue available", "move 1 vc-guerrilla-a hue available")
    assert pieces(game, "hue", "vc-base") == 1  # a 3rd piece there: no
    assert game.state.turn.acted == ((Faction.US, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *TARGETS), CARD)
    assert not effective(state_on(CARD, "space kontum 2 vc-guerrilla-a 1 us-troops"), CARD)
    assert not effective(state_on(CARD, "space hue 2 vc-guerrilla-u"), CARD)  # Underground


def test_shaded_2_coastal_provinces_with_us_troops_2_levels() -> None:
    lines = (
        "space binh-dinh 1 us-troops active-support",
        "space quang-nam 1 us-troops neutral",
        "space khanh-hoa 1 us-troops active-opposition",  # cannot shift
        "space kontum 1 us-troops active-support",  # not coastal
        "space da-nang 1 us-troops active-support",  # a City
        "space phu-bon-phu-yen passive-support",  # no US Troops
    )
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert {str(c) for c in decision.options} == {"select binh-dinh", "select quang-nam"}
    play(game, "select binh-dinh")
    state = game.state
    assert int(state.space("binh-dinh").support) == 0
    assert int(state.space("quang-nam").support) == -2  # the lone one left
    assert int(state.space("kontum").support) == 2
    assert state.turn.acted == ((Faction.US, "event"),)


def test_shaded_effective_8_1() -> None:
    assert not effective(state_on(CARD, "space kontum 1 us-troops"), CARD, Side.SHADED)
    lines = ("space binh-dinh 1 us-troops", tracks())
    assert effective(state_on(CARD, *lines), CARD, Side.SHADED)
