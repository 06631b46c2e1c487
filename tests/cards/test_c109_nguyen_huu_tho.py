"""Card 109, Nguyen Huu Tho (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: every City with a VC piece shifts 1 level toward Active Support (1.6.1);
- shaded: a VC Base and a VC Guerrilla are placed in Saigon, only if Available (1.4.1,
  5.1.1) and the Base only below 2 Bases (1.4.2); the executing Faction stays Eligible
  (2.3.6 PLAY NOTE). Before a Coup card that alone is no effect (ruling R176, like R75).
"""

from __future__ import annotations

from coinlake import Faction, Side, Support
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 109
VC_PIECES = "available 2 vc-guerrilla-u 2 vc-base"


def test_unshaded_shifts_each_city_with_vc_toward_support() -> None:
    game = execute(
        CARD,
        Side.UNSHADED,
        "space hue 1 vc-guerrilla-u active-opposition",
        "space da-nang 1 vc-base",  # a Base is a VC piece too
        "space qui-nhon 1 vc-guerrilla-a active-support",  # no level beyond
        "space cam-ranh 1 nva-guerrilla-u",  # NVA only: not shifted
        "space tay-ninh 1 vc-guerrilla-u",  # a Province: not shifted
        "space kontum 1 us-troops passive-support",  # no VC: not shifted
    )
    state = game.state
    assert state.space("hue").support is Support.PASSIVE_OPPOSITION
    assert state.space("da-nang").support is Support.PASSIVE_SUPPORT
    assert state.space("qui-nhon").support is Support.ACTIVE_SUPPORT
    assert state.space("cam-ranh").support is Support.NEUTRAL
    assert state.space("tay-ninh").support is Support.NEUTRAL
    assert state.space("kontum").support is Support.PASSIVE_SUPPORT
    assert state.stay_eligible == ()
    assert state.turn.acted == ((Faction.VC, "event"),)
    while game.state.current_card == CARD:  # the others pass
        play(game, "pass")
    assert not game.state.eligible(Faction.VC)  # the usual adjustment (2.3.6)


def test_shaded_places_base_and_guerrilla_in_saigon_and_stays_eligible_2_3_6() -> None:
    game = execute(CARD, Side.SHADED, VC_PIECES)
    state = game.state
    assert pieces(game, "saigon", "vc-base") == 1
    assert pieces(game, "saigon", "vc-guerrilla-u") == 1  # placed Underground (1.4.3)
    assert state.stay_eligible == (Faction.VC,)
    while game.state.current_card == CARD:  # the others pass
        play(game, "pass")
    assert game.state.eligible(Faction.VC)  # though it executed the Event (2.3.6)


def test_shaded_no_third_base_in_saigon_1_4_2() -> None:
    game = execute(CARD, Side.SHADED, VC_PIECES, "space saigon 1 us-base 1 arvn-base")
    assert pieces(game, "saigon", "vc-base") == 0
    assert pieces(game, "saigon", "vc-guerrilla-u") == 1
    assert game.state.stay_eligible == (Faction.VC,)


def test_shaded_only_available_pieces_5_1_1() -> None:
    game = execute(CARD, Side.SHADED, "available 1 vc-base")
    assert pieces(game, "saigon", "vc-base") == 1
    assert pieces(game, "saigon", "vc-guerrilla-u") == 0
    game = execute(CARD, Side.SHADED)  # nothing Available: the Faction still stays Eligible
    assert pieces(game, "saigon", "vc-base") == 0
    assert game.state.stay_eligible == (Faction.VC,)


def test_shaded_another_executing_faction_stays_eligible() -> None:
    game = execute(CARD, Side.SHADED, VC_PIECES, "ineligible VC")  # NVA 1st
    assert game.state.turn.acted == ((Faction.NVA, "event"),)
    assert game.state.stay_eligible == (Faction.NVA,)
    assert pieces(game, "saigon", "vc-base") == 1


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, "space hue 1 vc-guerrilla-u"), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "space hue 1 vc-guerrilla-u active-support"), CARD)
    assert not effective(state_on(CARD, "space tay-ninh 1 vc-guerrilla-u"), CARD)
    # shaded: staying Eligible counts, but not before a Coup card (R176)
    assert effective(state_on(CARD), CARD, Side.SHADED)
    assert not effective(state_on(CARD, next_card=COUP), CARD, Side.SHADED)
    assert effective(state_on(CARD, VC_PIECES, next_card=COUP), CARD, Side.SHADED)
    bases = ("available 1 vc-base", "space saigon 2 us-base")
    assert not effective(state_on(CARD, *bases, next_card=COUP), CARD, Side.SHADED)
    assert effective(state_on(CARD, bases[0], next_card=COUP), CARD, Side.SHADED)
