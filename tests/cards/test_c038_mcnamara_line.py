"""Card 38, McNamara Line (single use, Momentum, 5.4): NVA 1st, so the NVA executes it here.

Every US and ARVN piece in Laos and Cambodia Redeploys to COIN-Controlled Cities, the
executing Faction choosing (card tip, 5.1; rulings R79, R254); ARVN Resources -12; no Infiltrate
and no Trail Improvement by Rally until the Coup Round.
"""

from __future__ import annotations

from coinlake import Faction, Piece, Select
from coinlake.rules import actions, effects
from coinlake.rules.core import DONE
from coinlake.state.model import Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on, tracks

CARD = 38
_COIN = tuple(p for p in Piece if p.faction.is_coin)
MAP = (
    "space central-laos 2 us-troops 1 arvn-police 1 us-irregular-u",
    "space the-parrots-beak 1 arvn-base 1 arvn-ranger-a 1 vc-guerrilla-u",
    "space hue 1 arvn-police",  # a COIN-Controlled City
    "space saigon 1 us-troops 1 us-base 1 arvn-base",  # COIN Control, 2 Bases already
    "space da-nang 1 nva-guerrilla-u",  # no Control
    "space quang-tri-thua-thien 3 us-troops",  # a Province: never a destination
)


def test_coin_forces_in_laos_and_cambodia_redeploy_to_coin_cities_5_1() -> None:
    game = execute(CARD, None, *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert set(decision.options) == {Select("central-laos"), Select("the-parrots-beak")}
    play(game, "select central-laos")
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Select("hue"), Select("saigon")}  # not Da Nang (1.7)
    play(game, "select hue", "move 2 us-troops central-laos hue")
    play(game, "select central-laos", "select saigon", "move 1 arvn-police central-laos saigon")
    play(game, "select central-laos", "select saigon")  # the Irregular: the lone group left
    decision = game.decision  # The Parrot's Beak, the lone origin left, taken unasked
    assert decision is not None
    assert Select("hue") in decision.options and Select("saigon") in decision.options
    play(game, "select hue")
    decision = game.decision
    assert decision is not None and DONE not in decision.options  # all of them (5.1.3)
    play(game, "move 1 arvn-base the-parrots-beak hue")
    play(game, "select saigon")  # the Ranger, the lone piece left (no Base fits there)
    state = game.state
    assert pieces(game, "hue", "us-troops") == 2 and pieces(game, "hue", "arvn-base") == 1
    assert pieces(game, "saigon", "arvn-ranger-a") == 1  # stays Active
    assert pieces(game, "saigon", "us-irregular-u") == 1
    assert pieces(game, "the-parrots-beak", "vc-guerrilla-u") == 1  # only COIN forces
    assert pieces(game, "quang-tri-thua-thien", "us-troops") == 3  # only outside Vietnam
    assert not any(state.space(k).count(*_COIN) for k in ("central-laos", "the-parrots-beak"))
    assert state.tracks[Track.ARVN_RESOURCES] == 30 - 12
    assert effects.momentum_active(state, CARD)
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_a_base_that_fits_in_no_coin_city_stays_1_4_2() -> None:
    lines = ("space southern-laos 1 us-base 1 us-troops", "space saigon 1 arvn-police 2 us-base")
    game = execute(CARD, None, *lines)
    # only Saigon is COIN-Controlled and it holds 2 Bases: the Troop alone moves, unasked
    state = game.state
    assert pieces(game, "saigon", "us-troops") == 1
    assert pieces(game, "southern-laos", "us-base") == 1  # 5.1.3: what can be carried out
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_no_coin_city_nothing_moves_and_resources_stop_at_0_1_8() -> None:
    game = execute(CARD, None, "space central-laos 2 us-troops", tracks(arvn_resources=5))
    state = game.state
    assert pieces(game, "central-laos", "us-troops") == 2
    assert state.tracks[Track.ARVN_RESOURCES] == 0
    assert effects.momentum_active(state, CARD)


def test_no_infiltrate_and_no_trail_improvement_by_rally_until_the_coup_5_4() -> None:
    lines = ("space central-laos 1 nva-base 2 nva-guerrilla-u", "available 5 nva-troops")
    infiltrate = actions.lookup(Faction.NVA, "infiltrate")
    assert infiltrate is not None
    before = state_on(CARD, *lines)
    assert infiltrate.legal(before, Faction.NVA, limited=False, free=False)
    assert effects.rally_trail_boxes(before) == 1
    state = execute(CARD, None, *lines).state
    assert not infiltrate.legal(state, Faction.NVA, limited=False, free=False)
    assert effects.rally_trail_boxes(state) == 0
    assert effects.infiltrate_space_limit(state, by_event=True) == 2  # an Event may (5.1.2)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD)  # its Momentum, ARVN Resources
    # before a Coup: only the immediate effect counts
    assert effective(state_on(CARD, next_card=COUP), CARD)  # ARVN Resources -12
    broke = tracks(arvn_resources=0)
    assert not effective(state_on(CARD, broke, next_card=COUP), CARD)
    assert effective(state_on(CARD, broke, *MAP, next_card=COUP), CARD)  # the Redeploy
