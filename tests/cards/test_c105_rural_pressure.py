"""Card 105, Rural Pressure (dual use, 5.2): VC 1st, so VC executes it here.

- unshaded: 4 Provinces with any VC piece each 1 level toward Active Support, among those
  that can still shift (Population, 1.6.1; 5.1.3, R162);
- shaded: 3 Provinces with ARVN Police each 1 level toward Active Opposition, likewise;
  Patronage +6 or -6, the executing Faction's choice where Patronage can move (R164).
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Select, Side, Support
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 105
VC_MAP = (
    "space tay-ninh 1 vc-base-t active-opposition",  # a Base is a VC piece
    "space kien-phong 1 vc-guerrilla-a",
    "space binh-tuy-binh-thuan 1 vc-guerrilla-u passive-opposition",
    "space quang-nam 1 vc-guerrilla-u",
    "space ba-xuyen 1 vc-guerrilla-u passive-support",
    "space binh-dinh 1 vc-guerrilla-u active-support",  # at the end already
    "space saigon 1 vc-guerrilla-u",  # a City
    "space phuoc-long 1 vc-guerrilla-u",  # Population 0
    "space pleiku-darlac 1 nva-guerrilla-u",  # no VC
)


def test_unshaded_4_provinces_with_vc_toward_active_support() -> None:
    game = execute(CARD, Side.UNSHADED, *VC_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert set(decision.options) == {
        Select(k)
        for k in ("tay-ninh", "kien-phong", "binh-tuy-binh-thuan", "quang-nam", "ba-xuyen")
    }
    for refused in ("binh-dinh", "saigon", "phuoc-long", "pleiku-darlac"):
        with pytest.raises(IllegalCommand):
            game.apply(Select(refused))
    play(game, "select tay-ninh", "select kien-phong", "select ba-xuyen", "select quang-nam")
    state = game.state
    assert state.space("tay-ninh").support is Support.PASSIVE_OPPOSITION
    assert state.space("kien-phong").support is Support.PASSIVE_SUPPORT
    assert state.space("ba-xuyen").support is Support.ACTIVE_SUPPORT
    assert state.space("quang-nam").support is Support.PASSIVE_SUPPORT
    assert state.space("binh-tuy-binh-thuan").support is Support.PASSIVE_OPPOSITION  # only 4
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_fewer_provinces_5_1_3_and_effective_8_1() -> None:
    state = execute(CARD, Side.UNSHADED, "space quang-nam 1 vc-guerrilla-u").state
    assert state.space("quang-nam").support is Support.PASSIVE_SUPPORT  # lone one, unasked
    assert state.turn.acted == ((Faction.VC, "event"),)
    assert not effective(state_on(CARD), CARD)
    no_shift = ("space binh-dinh 1 vc-guerrilla-u active-support", "space saigon 1 vc-base")
    assert not effective(state_on(CARD, *no_shift), CARD)
    assert effective(state_on(CARD, "space quang-nam 1 vc-base"), CARD)


POLICE_MAP = (
    "space quang-nam 1 arvn-police active-support",
    "space kien-phong 2 arvn-police",
    "space ba-xuyen 1 arvn-police passive-opposition",
    "space binh-dinh 1 arvn-police",
    "space tay-ninh 1 arvn-police active-opposition",  # at the end already
    "space hue 1 arvn-police",  # a City
    "space kontum 1 arvn-troops",  # no Police
)


def test_shaded_3_provinces_with_police_toward_active_opposition_then_patronage() -> None:
    game = execute(CARD, Side.SHADED, *POLICE_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {
        Select(k) for k in ("quang-nam", "kien-phong", "ba-xuyen", "binh-dinh")
    }
    for refused in ("tay-ninh", "hue", "kontum"):
        with pytest.raises(IllegalCommand):
            game.apply(Select(refused))
    play(game, "select quang-nam", "select kien-phong", "select ba-xuyen")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # Patronage's sign
    assert set(decision.options) == {Choose("increase"), Choose("decrease")}
    play(game, "increase")
    state = game.state
    assert state.space("quang-nam").support is Support.PASSIVE_SUPPORT
    assert state.space("kien-phong").support is Support.PASSIVE_OPPOSITION
    assert state.space("ba-xuyen").support is Support.ACTIVE_OPPOSITION
    assert state.space("binh-dinh").support is Support.NEUTRAL  # only 3
    assert state.patronage == 18 + 6
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_without_police_patronage_only_and_not_past_75_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, tracks(patronage=75))
    decision = game.decision
    assert decision is not None and decision.options == (Choose("decrease"),)
    play(game, "decrease")
    assert game.state.patronage == 69
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Patronage always moves
    assert effective(state_on(CARD, tracks(patronage=0)), CARD, Side.SHADED)
