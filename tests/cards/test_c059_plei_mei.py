"""Card 59, Plei Mei (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: 3 NVA pieces of the executing Faction's choice from 1 space with or adjacent to
  a US or ARVN Base (Bases included; Tunneled only the NVA's own, by its choice, R196);
- shaded: NVA free March from spaces outside South Vietnam only, even in Monsoon (5.1.1's
  example), then a free Attack or Ambush in any 1 space -- the Ambush with any NVA
  Guerrilla, Active or not, anywhere (the card's tip, ruling R239).
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Move, Piece, Select, Side
from coinlake.state.model import AVAILABLE, Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 59


def test_unshaded_removes_3_nva_pieces_from_1_space_near_a_coin_base_5_1() -> None:
    lines = (
        "ineligible NVA",  # the VC, 2nd, executes
        "space kontum 1 arvn-base",
        "space pleiku-darlac 2 nva-troops 1 nva-guerrilla-u 1 nva-base",  # adjacent
        "space binh-dinh 1 nva-troops 1 nva-base-t",  # adjacent: a Tunneled Base stays
        "space quang-nam 4 nva-troops",  # 2 spaces from the Base
        "space loc-kontum-dak-to 1 nva-guerrilla-a",  # adjacent LoC
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # the executing Faction
    assert set(decision.options) == {
        Select("pleiku-darlac"),
        Select("binh-dinh"),
        Select("loc-kontum-dak-to"),
    }
    play(game, "select pleiku-darlac")
    decision = game.decision  # any 3 NVA pieces, Bases included (the card's tip)
    assert decision is not None
    assert Move(Piece.NVA_BASE, 1, "pleiku-darlac", AVAILABLE) in decision.options
    assert Done() not in decision.options
    play(
        game,
        f"move 1 nva-base pleiku-darlac {AVAILABLE}",
        f"move 1 nva-troops pleiku-darlac {AVAILABLE}",
        f"move 1 nva-guerrilla-u pleiku-darlac {AVAILABLE}",
    )
    assert pieces(game, "pleiku-darlac", "nva-troops") == 1
    assert pieces(game, "binh-dinh", "nva-troops") == 1  # all from the 1 space
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_tunneled_base_only_by_the_nva_own_choice_r196() -> None:
    lines = ("space saigon 1 us-base", "space tay-ninh 1 nva-base-t 1 nva-troops")
    game = execute(CARD, Side.UNSHADED, *lines)  # the NVA executes
    play(game, f"move 1 nva-troops tay-ninh {AVAILABLE}")  # the lone space, unasked
    decision = game.decision  # only its own Tunneled Base is left: it may stop
    assert decision is not None and Done() in decision.options
    play(game, "done")
    assert pieces(game, "tay-ninh", "nva-base-t") == 1
    # the VC executing could remove only the Troop: the Base is not offered
    vc = execute(CARD, Side.UNSHADED, "ineligible NVA", *lines)
    assert pieces(vc, "tay-ninh", "nva-troops") == 0
    assert pieces(vc, "tay-ninh", "nva-base-t") == 1
    assert vc.state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space hue 1 us-base 1 nva-troops"), CARD)
    assert not effective(state_on(CARD, "space hue 1 us-base", "space kontum 1 nva-troops"), CARD)


SHADED_MAP = (
    "space north-vietnam 3 nva-troops 2 nva-guerrilla-u",
    "space quang-tri-thua-thien 1 nva-guerrilla-u 2 arvn-police",
    "space hue 2 nva-guerrilla-a 1 us-troops",
)


def test_shaded_marches_from_outside_the_south_in_monsoon_then_ambushes_r239() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP, next_card=COUP)  # Monsoon (2.3.9)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.context.procedure == "march"  # Monsoon does not stop it (5.1.1)
    play(game, "select quang-tri-thua-thien")
    decision = game.decision  # only from outside South Vietnam: not from Hue
    assert decision is not None
    assert {m.origin for m in decision.options if isinstance(m, Move)} == {"north-vietnam"}
    play(game, "move 3 nva-troops north-vietnam quang-tri-thua-thien", "done", "done")
    assert game.state.tracks[Track.NVA_RESOURCES] == 15  # free (5.5)
    decision = game.decision  # the NVA decides: Attack or Ambush
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.options == (Choose("attack"), Choose("ambush"))
    play(game, "ambush")
    decision = game.decision  # Active Guerrillas may Ambush, not only in March destinations
    assert decision is not None
    assert set(decision.options) == {Select("hue"), Select("quang-tri-thua-thien")}
    play(game, "select hue")  # the lone US piece goes unasked (to Casualties, 3.3.3)
    assert pieces(game, "hue", "us-troops") == 0
    assert game.state.casualties[Piece.US_TROOPS] == 1
    assert pieces(game, "hue", "nva-guerrilla-a") == 2  # no Attrition (4.4.3)
    assert game.decision is not None and game.decision.faction is not Faction.NVA  # 1 space
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_attack_in_1_space_3_3_3() -> None:
    lines = (*SHADED_MAP[1:], "space quang-nam 4 nva-troops 2 arvn-troops")
    game = execute(CARD, Side.SHADED, *lines)  # no NVA piece outside the South: no March
    play(game, "attack")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "attack"
    assert Select("quang-nam") in decision.options and Select("hue") in decision.options
    play(game, "select quang-nam")  # Troops, the only way there: 1 removal per 2 (3.3.3)
    assert pieces(game, "quang-nam", "arvn-troops") == 0
    decision = game.decision  # 1 space only
    assert decision is not None and decision.options == (Done(),)
    play(game, "done")
    assert game.state.turn.acted == ((Faction.NVA, "event"),)  # only 1 space


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED_MAP), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space hue 1 us-troops"), CARD, Side.SHADED)
