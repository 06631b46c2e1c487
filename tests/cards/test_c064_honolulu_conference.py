"""Card 64, Honolulu Conference (single use): ARVN 1st (ARVN, US, NVA, VC), so the ARVN
executes it here unless a line makes it Ineligible.

Aid +10 or -10; Patronage +3 or -5 (the executing Faction picks each sign among the ways the
track can move, R164's reading); a US or ARVN executing Faction Pacifies alone as in the
Support Phase (6.3.1, card tip, rulings R80, R256); an Insurgent executing Faction stays Eligible.
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Select, Support
from coinlake.state.model import Track
from tests.cards.helpers import KISSINGER, effective, execute, play, state_on, tracks
from tests.conftest import eligibility

CARD = 64
UP, DOWN = Choose("increase"), Choose("decrease")
MAP = (
    "space hue 2 arvn-troops 2 arvn-police 1 us-troops terror=1",
    "space saigon 1 arvn-troops 1 arvn-police passive-support",
    "space da-nang 2 us-troops 1 arvn-police",
    "space qui-nhon 1 arvn-troops 1 arvn-police 2 vc-guerrilla-u",  # no COIN Control
)


def test_arvn_executing_sets_tracks_then_pacifies_as_in_the_support_phase_6_3_1() -> None:
    game = execute(CARD, None, *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (UP, DOWN)
    play(game, "increase")
    assert game.state.tracks[Track.AID] == 15 + 10
    play(game, "decrease")
    assert game.state.tracks[Track.PATRONAGE] == 18 - 5
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.context.procedure == "pacify"
    # COIN Control, Police and ARVN Troops: not Da Nang (US Troops only), not Qui Nhon
    assert decision.options == (Select("hue"), Select("saigon"), Done())
    play(game, "select hue", "active-support")  # Terror first, then 2 levels at most
    play(game, "select saigon")  # 1 level left: unasked; then no space is left
    state = game.state
    assert state.space("hue").terror == 0
    assert state.space("hue").support is Support.ACTIVE_SUPPORT
    assert state.space("saigon").support is Support.ACTIVE_SUPPORT
    assert state.tracks[Track.ARVN_RESOURCES] == 30 - 3 * 3 - 3  # 3 per step (6.3.1)
    assert state.turn.acted == ((Faction.ARVN, "event"),)
    assert state.stay_eligible == ()  # the ARVN executed: no Eligibility kept


def test_us_executing_pacifies_alone_and_not_below_econ_6_3_1() -> None:
    game = execute(CARD, None, *MAP, "ineligible ARVN", tracks(arvn_resources=21))
    play(game, "decrease", "increase")
    state = game.state
    assert state.tracks[Track.AID] == 5 and state.tracks[Track.PATRONAGE] == 21
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US
    assert decision.context.procedure == "pacify"
    assert Select("da-nang") in decision.options and Select("saigon") not in decision.options
    play(game, "select da-nang", "passive-support")
    play(game, "select hue")  # 1 step affordable: its Terror marker, unasked
    decision = game.decision  # 21 - 6 = 15: the US may not spend below Econ 15 (1.8.1)
    assert decision is not None and decision.context.procedure != "pacify"
    state = game.state
    assert state.tracks[Track.ARVN_RESOURCES] == 15
    assert state.space("da-nang").support is Support.PASSIVE_SUPPORT
    assert state.space("hue").terror == 0 and state.space("hue").support is Support.NEUTRAL
    # the ARVN does not Pacify after it (card tip): the next Faction's turn goes on
    assert decision.faction is not Faction.ARVN


def test_insurgent_executing_stays_eligible_2_3_6() -> None:
    game = execute(CARD, None, *MAP, "ineligible ARVN US")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    play(game, "increase", "increase")
    state = game.state
    assert state.stay_eligible == (Faction.NVA,)
    assert state.space("hue").support is Support.NEUTRAL  # no Pacification
    assert state.tracks[Track.ARVN_RESOURCES] == 30
    play(game, "pass")  # the VC, 2nd Eligible
    assert game.state.current_card == KISSINGER
    # the NVA executed yet stays Eligible; the US and ARVN did not act: Eligible again
    assert game.state.eligibility == eligibility()


def test_only_the_ways_the_tracks_can_move_are_offered_1_8() -> None:
    game = execute(CARD, None, tracks(aid=75, patronage=0))
    decision = game.decision
    assert decision is not None and decision.options == (DOWN,)  # asked even when alone
    play(game, "decrease")
    decision = game.decision
    assert decision is not None and decision.options == (UP,)
    play(game, "increase")
    state = game.state
    assert state.tracks[Track.AID] == 65 and state.tracks[Track.PATRONAGE] == 3
    game = execute(CARD, None, tracks(patronage=3))
    play(game, "increase", "decrease")
    assert game.state.tracks[Track.PATRONAGE] == 0  # never below 0 (1.8)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)  # Aid and Patronage move
    assert effective(state_on(CARD, tracks(aid=75, patronage=75)), CARD)  # down
