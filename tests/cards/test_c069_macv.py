"""Card 69, MACV (single use): ARVN 1st (ARVN, US, VC, NVA), so the ARVN executes it here.

The executing Faction picks US then ARVN, or NVA then VC (only a pair that could act, R132, R257);
each executes 1 free Special Activity of its choice with no Operation (5.5), even under
Typhoon Kate (5.1.2's example); the executing Faction stays Eligible (2.3.6 PLAY NOTE).
"""

from __future__ import annotations

from coinlake import Choose, Faction, Kind
from coinlake.state.model import Track
from tests.cards.helpers import KISSINGER, effective, execute, pieces, play, state_on, tracks
from tests.conftest import eligibility

CARD = 69
US_ARVN, NVA_VC = Choose("us-arvn"), Choose("nva-vc")
MAP = (
    "space hue 2 arvn-troops 2 arvn-police 1 us-troops",
    "space saigon 1 arvn-troops 1 arvn-police passive-support",
    "space central-laos 1 nva-base 1 nva-guerrilla-u",
    "available 5 nva-troops",
)
TYPHOON_KATE = "momentum 115"


def test_us_then_arvn_each_1_free_special_activity_even_under_typhoon_kate_5_1_2() -> None:
    game = execute(CARD, None, *MAP, TYPHOON_KATE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # the executing Faction
    assert decision.options == (US_ARVN, NVA_VC)
    play(game, "us-arvn")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # its own choice (5.1)
    assert decision.kind is Kind.SPECIAL_ACTIVITY
    assert Choose("air-lift") in decision.options  # Typhoon Kate bans it, MACV prevails
    assert all(o not in decision.options for o in (Choose("sweep"), Choose("train")))  # no Op
    play(game, "air-lift", "select hue", "select saigon", "move 1 us-troops hue saigon", "done")
    assert pieces(game, "saigon", "us-troops") == 1
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.kind is Kind.SPECIAL_ACTIVITY
    assert decision.options == (Choose("transport"),)
    play(game, "transport", "select hue", "select saigon", "move 2 arvn-troops hue saigon")
    state = game.state
    assert pieces(game, "saigon", "arvn-troops") == 3
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free (3.1.2)
    assert state.stay_eligible == (Faction.ARVN,)  # the executing Faction
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # 2nd Eligible: unaffected
    assert decision.kind is Kind.ACTION
    play(game, "pass", "pass", "pass")
    assert game.state.current_card == KISSINGER
    assert game.state.eligibility == eligibility()  # the ARVN stayed Eligible


def test_nva_then_vc_5_5() -> None:
    lines = (*MAP, "space tay-ninh 2 vc-guerrilla-u 1 vc-base", "space hue passive-support")
    game = execute(CARD, None, *lines)
    play(game, "nva-vc")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Choose("infiltrate") in decision.options
    play(game, "infiltrate", "select central-laos", "count 3", "done")  # Trail 2 + 1 Base
    assert pieces(game, "central-laos", "nva-troops") == 3
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Choose("tax") in decision.options
    play(game, "tax", "select tay-ninh")  # the lone space it may Tax
    state = game.state
    assert state.tracks[Track.VC_RESOURCES] > 10  # Tax added
    assert state.tracks[Track.NVA_RESOURCES] == 15
    assert state.stay_eligible == (Faction.ARVN,)


def test_only_a_pair_that_could_act_and_none_still_stays_eligible_r132() -> None:
    nva = ("space central-laos 1 nva-base 1 nva-guerrilla-u", "available 5 nva-troops")
    game = execute(CARD, None, *nva, tracks(trail=0))  # no Trail to Degrade by Air Strike
    decision = game.decision
    assert decision is not None and decision.options == (NVA_VC,)  # asked even when alone
    # an Air Strike could Degrade the Trail (4.2.3): the US could act
    game = execute(CARD, None, "space central-laos 1 nva-base 1 nva-guerrilla-u")
    decision = game.decision
    assert decision is not None and decision.options == (US_ARVN,)
    game = execute(CARD, None, tracks(trail=0))  # nobody could act
    state = game.state
    assert state.stay_eligible == (Faction.ARVN,)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_a_faction_of_the_pair_with_no_special_activity_is_skipped_5_1_3() -> None:
    game = execute(CARD, None, "space tay-ninh 2 vc-guerrilla-u 1 vc-base")  # no NVA piece
    play(game, "nva-vc")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the NVA cannot
    assert decision.kind is Kind.SPECIAL_ACTIVITY
    assert decision.options == (Choose("tax"),)  # only what would occur


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)  # it keeps the executing Faction Eligible
    assert effective(state_on(CARD, *MAP), CARD)
    assert effective(state_on(CARD, tracks(trail=0)), CARD)  # none acts: still Eligible
