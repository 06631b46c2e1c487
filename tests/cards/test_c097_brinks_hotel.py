"""Card 97, Brinks Hotel (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: Aid +10, or 4 Patronage to ARVN Resources, the VC's pick among those that can do
  something (ruling R132); the current RVN Leader card is flipped: its lingering text no
  longer applies, but it still counts in the RVN Leader box (2.4.1); not Minh, not a Failed
  Attempt (ruling R133);
- shaded: a City with VC shifts 2 levels toward Active Opposition and gets a Terror marker.
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Select, Side, Support
from coinlake.rules import cards, effects
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 97
KHANH, YOUNG_TURKS, KY = 125, 126, 127
AID, PATRONAGE = Choose("aid"), Choose("patronage-to-arvn")


def test_unshaded_aid_and_flips_the_leader_which_still_counts_2_4_1() -> None:
    game = execute(CARD, Side.UNSHADED, f"leader-box {KHANH} {YOUNG_TURKS}")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # it decides (5.1)
    assert decision.options == (AID, PATRONAGE)
    play(game, "aid")
    state = game.state
    assert state.aid == 15 + 10 and state.patronage == 18
    assert state.card_markers == ((YOUNG_TURKS, effects.LEADER_FLIPPED),)
    assert not effects.leader_in_effect(state, YOUNG_TURKS)  # its text is ignored
    assert effects.rvn_leader(state) == YOUNG_TURKS  # still the top card, not Minh
    assert effects.leader_box_cards(state) == 2  # still 2 cards in the box
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_a_flipped_leader_still_counts_for_pivotal_preconditions_2_3_8() -> None:
    lines = (f"leader-box {KHANH} {YOUNG_TURKS}", "space north-vietnam 3 nva-troops")
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "aid")
    assert effects.card_marker(game.state, YOUNG_TURKS) == effects.LEADER_FLIPPED
    assert cards.precondition_met(game.state, 122)  # Easter Offensive: 2+ cards in the box


def test_flipping_ky_ends_his_pacification_cost_2_4_1() -> None:
    lines = (f"leader-box {KHANH} {YOUNG_TURKS} {KY}",)
    assert effects.pacification_cost(state_on(CARD, *lines), support_phase=True) == 4
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "aid")
    assert effects.pacification_cost(game.state, support_phase=True) == 3


def test_unshaded_4_patronage_to_arvn_resources() -> None:
    game = execute(CARD, Side.UNSHADED, f"leader-box {KHANH}")
    play(game, "patronage-to-arvn")
    state = game.state
    assert state.patronage == 18 - 4 and state.resources(Faction.ARVN) == 30 + 4
    assert state.aid == 15
    assert effects.card_marker(state, KHANH) == effects.LEADER_FLIPPED


def test_unshaded_patronage_moves_what_there_is_and_arvn_at_most_75_1_8() -> None:
    game = execute(CARD, Side.UNSHADED, tracks(patronage=3, arvn_resources=74))
    play(game, "patronage-to-arvn")
    state = game.state
    assert state.patronage == 0 and state.resources(Faction.ARVN) == 75


def test_unshaded_offers_only_branches_that_can_be_carried_out_r132() -> None:
    game = execute(CARD, Side.UNSHADED, tracks(aid=75))
    decision = game.decision
    assert decision is not None and decision.options == (PATRONAGE,)  # asked, recorded
    with pytest.raises(IllegalCommand):
        play(game, "aid")
    play(game, "patronage-to-arvn")
    assert game.state.patronage == 18 - 4


@pytest.mark.parametrize(
    ("box", "flipped"),
    [
        ((), ()),  # Duong Van Minh is not a card (2.4.1)
        (("leader-box 129",), ()),  # a Failed Attempt has no text to ignore
        ((f"leader-box 130 {KHANH}",), ((KHANH, effects.LEADER_FLIPPED),)),  # Khanh on top
    ],
)
def test_unshaded_nothing_to_flip_for_minh_or_a_failed_attempt_r133(
    box: tuple[str, ...], flipped: tuple[tuple[int, str], ...]
) -> None:
    game = execute(CARD, Side.UNSHADED, *box)
    play(game, "aid")
    assert game.state.card_markers == flipped
    assert game.state.aid == 15 + 10


def test_unshaded_effective_8_1() -> None:
    nothing = tracks(aid=75, patronage=0)
    assert effective(state_on(CARD), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, tracks(aid=75)), CARD, Side.UNSHADED)  # Patronage
    assert not effective(state_on(CARD, nothing), CARD, Side.UNSHADED)  # Minh: no flip
    assert not effective(state_on(CARD, nothing, "leader-box 129"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, nothing, f"leader-box {KY}"), CARD, Side.UNSHADED)
    flipped = (nothing, f"leader-box {KY}", f"card-markers {KY}:flipped")
    assert not effective(state_on(CARD, *flipped), CARD, Side.UNSHADED)


MAP = (
    "space hue 1 vc-guerrilla-u passive-support",
    "space saigon 1 vc-base passive-opposition terror=1",
    "space da-nang 1 nva-troops",
    "space quang-nam 2 vc-guerrilla-u",
)


def test_shaded_shifts_a_city_with_vc_2_levels_and_adds_terror() -> None:
    game = execute(CARD, Side.SHADED, *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {Select("hue"), Select("saigon")}  # Cities with VC
    play(game, "select hue")
    hue = game.state.space("hue")
    assert hue.support is Support.PASSIVE_OPPOSITION and hue.terror == 1
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_base_counts_and_terror_is_added_where_one_is_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, *MAP)
    play(game, "select saigon")
    saigon = game.state.space("saigon")
    assert saigon.support is Support.ACTIVE_OPPOSITION  # 1 level left (1.6)
    assert saigon.terror == 2  # even where one is (the card's tip)


def test_shaded_no_terror_marker_left_3_3_4() -> None:
    markers = [f"space {k} terror=5" for k in ("kontum", "qui-nhon", "cam-ranh")]
    game = execute(CARD, Side.SHADED, "space hue 1 vc-guerrilla-u", *markers)
    hue = game.state.space("hue")  # the lone City is taken unasked; Neutral, 2 levels
    assert hue.support is Support.ACTIVE_OPPOSITION and hue.terror == 0


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *MAP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space quang-nam 2 vc-guerrilla-u"), CARD, Side.SHADED)
    markers = [f"space {k} terror=5" for k in ("kontum", "qui-nhon", "cam-ranh")]
    opposed = "space hue 1 vc-guerrilla-u active-opposition"
    assert not effective(state_on(CARD, opposed, *markers), CARD, Side.SHADED)
    assert effective(state_on(CARD, opposed), CARD, Side.SHADED)  # a Terror marker
    # the dry run would pick Hue (map order), where nothing happens; Saigon can shift
    both = (opposed, "space saigon 1 vc-base", *markers)
    assert effective(state_on(CARD, *both), CARD, Side.SHADED)
