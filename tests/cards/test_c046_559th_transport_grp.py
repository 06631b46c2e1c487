"""Card 46, 559th Transport Grp (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded (Momentum, 5.4): the Trail Degrades 2 boxes (even under shaded Oriskany, ruling
  R16); Infiltrate is then limited to 1 space until the Reset
  (``tests/test_insurgent_special_activities.py`` for the Infiltrate itself);
- shaded: the NVA Infiltrate for free (4.4.1, 5.5) -- even under McNamara Line (5.1.2) --
  then NVA Resources + 3 x Trail and VC Resources + 2 x Trail (at most 75, 5.1.1).
"""

from __future__ import annotations

from coinlake import Faction, Kind, Select, Side, Support
from coinlake.rules import effects
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on, tracks

CARD = 46
MAP = (
    "available 10 nva-troops 5 nva-guerrilla-u",
    "space quang-tri-thua-thien 1 nva-base 1 nva-guerrilla-u",
    "space hue 2 nva-guerrilla-u 1 vc-guerrilla-u active-opposition",
    "space saigon 2 nva-guerrilla-u",
)


def test_unshaded_degrades_2_and_limits_infiltrate_to_1_space_5_4() -> None:
    state = execute(CARD, Side.UNSHADED, tracks(trail=3)).state
    assert state.trail == 1
    assert effects.momentum_side(state, CARD) is Side.UNSHADED
    assert effects.infiltrate_space_limit(state) == 1
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_degrades_under_shaded_oriskany_r16() -> None:
    assert execute(CARD, Side.UNSHADED, "momentum 39").state.trail == 0


def test_shaded_free_infiltrate_then_resources_by_the_trail() -> None:
    game = execute(CARD, Side.SHADED, *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.context.procedure == "infiltrate"
    assert decision.context.parent is not None and decision.context.parent.procedure == "event"
    assert set(decision.options) == {Select("hue"), Select("quang-tri-thua-thien")}
    play(game, "select quang-tri-thua-thien", "count 3", "done")  # Trail 2 + 1 Base
    play(game, "select hue")  # takeover: Opposition 1 level toward Neutral, 1 VC piece
    play(game, "move 1 vc-guerrilla-u hue available")
    state = game.state
    assert pieces(game, "quang-tri-thua-thien", "nva-troops") == 3
    assert state.space("hue").support is Support.PASSIVE_OPPOSITION
    assert (
        pieces(game, "hue", "nva-guerrilla-u") == 3 and pieces(game, "hue", "vc-guerrilla-u") == 0
    )
    assert state.resources(Faction.NVA) == 15 + 3 * 2  # free: no cost (3.1.2)
    assert state.resources(Faction.VC) == 10 + 2 * 2
    assert state.turn.acted == ((Faction.NVA, "event"),)  # at most 2 spaces (4.4.1)


def test_shaded_infiltrate_even_under_mcnamara_line_5_1_2() -> None:
    game = execute(CARD, Side.SHADED, *MAP, "momentum 38")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "infiltrate"


def test_shaded_executed_by_arvn_the_nva_infiltrate_5_1() -> None:
    game = execute(CARD, Side.SHADED, "ineligible NVA", *MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.kind is Kind.SELECT_SPACE
    play(game, "select quang-tri-thua-thien", "count 0", "done", "done")
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)
    assert game.state.resources(Faction.NVA) == 21


def test_shaded_without_infiltrate_space_only_resources_5_1_3() -> None:
    state = execute(CARD, Side.SHADED, tracks(trail=4, vc_resources=70)).state  # no NVA piece
    assert state.resources(Faction.NVA) == 15 + 12 and state.resources(Faction.VC) == 75
    assert state.turn.acted == ((Faction.NVA, "event"),)  # nothing asked


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, tracks(trail=0)), CARD, Side.UNSHADED)  # the Momentum
    # before a Coup only the Degrade counts (8.1)
    assert effective(state_on(CARD, next_card=COUP), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, tracks(trail=0), next_card=COUP), CARD, Side.UNSHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Resources
    assert not effective(state_on(CARD, tracks(trail=0)), CARD, Side.SHADED)
    assert effective(state_on(CARD, tracks(trail=0), *MAP), CARD, Side.SHADED)  # Infiltrate
