"""Card 85, USAID (dual use, 5.2): ARVN 1st, so ARVN executes it here.

- unshaded: 3 COIN-Controlled spaces (1.7) each 1 level toward Active Support, among those
  that can still shift (Population, 1.6.1; not at Active Support: 5.1.3, R162);
- shaded: each of ARVN Resources, Aid and Patronage +2, -2 or unchanged, the executing
  Faction's choice; a track never moves past its end (5.1.3) and at least one changes
  (R163).
"""

from __future__ import annotations

import pytest

from coinlake import Choose, Faction, IllegalCommand, Select, Side, Support
from coinlake.state.model import Track
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 85
COIN_MAP = (
    "space saigon 2 arvn-police passive-support",  # COIN Control
    "space hue 1 us-troops active-opposition",  # COIN Control
    "space kontum 1 arvn-troops",  # COIN Control
    "space qui-nhon 1 us-troops",  # COIN Control
    "space da-nang 1 us-troops active-support",  # COIN Control, at the end already
    "space quang-nam 1 arvn-troops 1 vc-guerrilla-u",  # no Control
    "space phuoc-long 1 arvn-troops",  # COIN Control, Population 0
    "space loc-hue-da-nang 2 us-troops",  # a LoC: never Controlled (1.7)
)


def test_unshaded_3_coin_controlled_spaces_toward_active_support() -> None:
    game = execute(CARD, Side.UNSHADED, *COIN_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert set(decision.options) == {Select(k) for k in ("saigon", "hue", "kontum", "qui-nhon")}
    for refused in ("da-nang", "quang-nam", "phuoc-long", "loc-hue-da-nang"):
        with pytest.raises(IllegalCommand):
            game.apply(Select(refused))
    play(game, "select saigon", "select hue", "select kontum")
    state = game.state
    assert state.space("saigon").support is Support.ACTIVE_SUPPORT
    assert state.space("hue").support is Support.PASSIVE_OPPOSITION  # 1 level
    assert state.space("kontum").support is Support.PASSIVE_SUPPORT
    assert state.space("qui-nhon").support is Support.NEUTRAL  # only 3
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_fewer_spaces_5_1_3_and_effective_8_1() -> None:
    state = execute(CARD, Side.UNSHADED, "space kontum 1 arvn-troops").state
    assert state.space("kontum").support is Support.PASSIVE_SUPPORT  # lone one, unasked
    assert state.turn.acted == ((Faction.ARVN, "event"),)
    assert effective(state_on(CARD, "space kontum 1 arvn-troops"), CARD)
    assert not effective(state_on(CARD), CARD)
    no_shift = ("space da-nang 1 us-troops active-support", "space phuoc-long 1 arvn-troops")
    assert not effective(state_on(CARD, *no_shift), CARD)


def test_shaded_each_track_up_down_or_unchanged_r163() -> None:
    game = execute(CARD, Side.SHADED)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert set(decision.options) == {Choose("increase"), Choose("decrease"), Choose("unchanged")}
    play(game, "increase", "unchanged")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # Patronage
    play(game, "decrease")
    state = game.state
    assert state.tracks[Track.ARVN_RESOURCES] == 30 + 2
    assert state.aid == 15
    assert state.patronage == 18 - 2
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_at_least_one_track_changes_r163() -> None:
    game = execute(CARD, Side.SHADED)
    play(game, "unchanged", "unchanged")
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Choose("increase"), Choose("decrease")}
    with pytest.raises(IllegalCommand):
        game.apply(Choose("unchanged"))
    play(game, "increase")
    assert game.state.patronage == 20
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_not_past_the_ends_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, tracks(arvn_resources=75, aid=0, patronage=1))
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Choose("decrease"), Choose("unchanged")}  # at 75
    play(game, "decrease")
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Choose("increase"), Choose("unchanged")}  # at 0
    play(game, "unchanged", "decrease")
    state = game.state
    assert state.tracks[Track.ARVN_RESOURCES] == 73
    assert state.aid == 0 and state.patronage == 0  # 1 - 2, at least 0 (1.8)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)
    highest = tracks(arvn_resources=75, aid=75, patronage=75)
    assert effective(state_on(CARD, highest), CARD, Side.SHADED)  # all can go down
    lowest = tracks(arvn_resources=0, aid=0, patronage=0)
    assert effective(state_on(CARD, lowest), CARD, Side.SHADED)  # all can go up
