"""Card 83, Election (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: 3 Passive Support spaces to Active Support (Saigon may be one, the card's tip);
  Aid +10, with or without such spaces (5.1.3, R161);
- shaded: 2 Cities each 1 level toward Active Opposition, among those not there already
  (5.1.3, R162); Aid -15.
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Select, Side, Support
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 83
PASSIVE = (
    "space saigon passive-support",
    "space hue passive-support",
    "space binh-dinh passive-support",
    "space kien-phong passive-support",
    "space da-nang active-support",
    "space can-tho passive-opposition",
)


def test_unshaded_3_passive_support_spaces_to_active_and_aid_plus_10() -> None:
    game = execute(CARD, Side.UNSHADED, *PASSIVE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert set(decision.options) == {
        Select(k) for k in ("saigon", "hue", "binh-dinh", "kien-phong")
    }
    with pytest.raises(IllegalCommand):
        game.apply(Select("da-nang"))  # already Active
    play(game, "select saigon", "select hue", "select kien-phong")
    state = game.state
    for key in ("saigon", "hue", "kien-phong"):
        assert state.space(key).support is Support.ACTIVE_SUPPORT
    assert state.space("binh-dinh").support is Support.PASSIVE_SUPPORT  # only 3
    assert state.space("can-tho").support is Support.PASSIVE_OPPOSITION
    assert state.aid == 15 + 10
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_fewer_than_3_all_of_them_5_1_3() -> None:
    lines = ("space hue passive-support", "space an-loc passive-support")
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "select an-loc")  # then Hue, the last one, unasked
    state = game.state
    assert state.space("hue").support is Support.ACTIVE_SUPPORT
    assert state.space("an-loc").support is Support.ACTIVE_SUPPORT
    assert state.aid == 25 and state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_without_passive_support_aid_still_rises_r161() -> None:
    state = execute(CARD, Side.UNSHADED, tracks(aid=70)).state
    assert state.aid == 75  # at most 75 (5.1.1)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)  # Aid +10
    assert not effective(state_on(CARD, tracks(aid=75)), CARD)
    assert effective(state_on(CARD, tracks(aid=75), "space hue passive-support"), CARD)


CITIES = (
    "space hue passive-support",
    "space saigon active-support",
    "space da-nang active-opposition",  # already at the end
    "space binh-dinh passive-support",  # a Province
)


def test_shaded_2_cities_toward_active_opposition_and_aid_minus_15() -> None:
    game = execute(CARD, Side.SHADED, *CITIES)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert Select("kontum") in decision.options  # a Neutral City may shift
    for refused in ("da-nang", "binh-dinh"):
        with pytest.raises(IllegalCommand):
            game.apply(Select(refused))
    play(game, "select saigon", "select hue")
    state = game.state
    assert state.space("saigon").support is Support.PASSIVE_SUPPORT  # 1 level each
    assert state.space("hue").support is Support.NEUTRAL
    assert state.space("binh-dinh").support is Support.PASSIVE_SUPPORT
    assert state.aid == 0
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_only_one_city_can_shift_r162() -> None:
    cities = ("hue", "da-nang", "kontum", "qui-nhon", "cam-ranh", "an-loc", "can-tho")
    lines = [f"space {k} active-opposition" for k in cities]
    state = execute(CARD, Side.SHADED, *lines, tracks(aid=10)).state  # Saigon, unasked
    assert state.space("saigon").support is Support.PASSIVE_OPPOSITION
    assert state.aid == 0  # at least 0 (1.8)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, tracks(aid=0)), CARD, Side.SHADED)  # Neutral Cities
    cities = ("hue", "da-nang", "kontum", "qui-nhon", "cam-ranh", "an-loc", "saigon", "can-tho")
    lines = [f"space {k} active-opposition" for k in cities]
    assert not effective(state_on(CARD, tracks(aid=0), *lines), CARD, Side.SHADED)
    assert effective(state_on(CARD, *lines), CARD, Side.SHADED)  # Aid -15
