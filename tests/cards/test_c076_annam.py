"""Card 76, Annam (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: NVA and VC -1 Resource each per space with both NVA and VC pieces; Patronage +2;
- shaded: Hue, Da Nang and a Province adjacent to either lose any Support (the card's tip:
  Active or Passive Support to Neutral), the Province picked among those at Support (R160).
"""

from __future__ import annotations

import pytest

from coinlake import Faction, IllegalCommand, Select, Side, Support
from coinlake.state.model import Track
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 76
BOTH = (
    "space quang-tri-thua-thien 1 nva-guerrilla-a 1 vc-base",  # both (a Base is a piece)
    "space tay-ninh 2 nva-troops 1 vc-guerrilla-u",  # both
    "space north-vietnam 3 nva-troops",  # NVA only
    "space kien-phong 2 vc-guerrilla-u",  # VC only
    "space saigon 1 arvn-police 1 vc-guerrilla-u",  # VC and ARVN: not both
)


def test_unshaded_minus_1_per_space_with_both_and_patronage_plus_2() -> None:
    state = execute(CARD, Side.UNSHADED, *BOTH).state
    assert state.tracks[Track.NVA_RESOURCES] == 15 - 2
    assert state.tracks[Track.VC_RESOURCES] == 10 - 2
    assert state.patronage == 18 + 2
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_resources_stop_at_0_and_patronage_at_75_1_8() -> None:
    lines = (tracks(nva_resources=1, vc_resources=0, patronage=74), *BOTH)
    state = execute(CARD, Side.UNSHADED, *lines).state
    assert state.tracks[Track.NVA_RESOURCES] == 0 and state.tracks[Track.VC_RESOURCES] == 0
    assert state.patronage == 75


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)  # Patronage +2
    assert not effective(state_on(CARD, tracks(patronage=75)), CARD)
    assert effective(state_on(CARD, tracks(patronage=75), *BOTH), CARD)
    lines = (tracks(patronage=75, nva_resources=0, vc_resources=0), *BOTH)
    assert not effective(state_on(CARD, *lines), CARD)


SUPPORT_MAP = (
    "space hue active-support",
    "space da-nang passive-support",
    "space quang-tri-thua-thien passive-support",  # adjacent to Hue
    "space quang-nam active-support",  # adjacent to Da Nang
    "space quang-tin-quang-ngai passive-opposition",  # adjacent, but not at Support
    "space binh-dinh active-support",  # not adjacent
)


def test_shaded_hue_da_nang_and_an_adjacent_province_to_neutral_r160() -> None:
    game = execute(CARD, Side.SHADED, *SUPPORT_MAP)
    state = game.state
    assert state.space("hue").support is Support.NEUTRAL
    assert state.space("da-nang").support is Support.NEUTRAL
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert set(decision.options) == {Select("quang-tri-thua-thien"), Select("quang-nam")}
    for refused in ("quang-tin-quang-ngai", "binh-dinh", "loc-hue-da-nang"):
        with pytest.raises(IllegalCommand):
            game.apply(Select(refused))
    play(game, "select quang-nam")
    state = game.state
    assert state.space("quang-nam").support is Support.NEUTRAL
    assert state.space("quang-tri-thua-thien").support is Support.PASSIVE_SUPPORT  # only 1
    assert state.space("binh-dinh").support is Support.ACTIVE_SUPPORT
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_opposition_stays_the_card_tip() -> None:
    lines = ("space hue active-opposition", "space da-nang passive-opposition")
    state = execute(CARD, Side.SHADED, *lines, "space quang-nam passive-support").state
    assert state.space("hue").support is Support.ACTIVE_OPPOSITION
    assert state.space("da-nang").support is Support.PASSIVE_OPPOSITION
    assert state.space("quang-nam").support is Support.NEUTRAL  # lone Province: unasked


def test_shaded_no_adjacent_province_at_support_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "space hue passive-support")
    assert game.state.space("hue").support is Support.NEUTRAL
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)  # nothing more asked


def test_shaded_effective_8_1() -> None:
    assert not effective(state_on(CARD), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space hue passive-opposition"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space binh-dinh active-support"), CARD, Side.SHADED)
    assert effective(state_on(CARD, "space da-nang passive-support"), CARD, Side.SHADED)
    state = state_on(CARD, "space quang-tin-quang-ngai active-support")
    assert effective(state, CARD, Side.SHADED)
