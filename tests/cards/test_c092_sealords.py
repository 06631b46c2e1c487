"""Card 92, SEALORDS (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: ARVN, then the US, each free Sweeps in place or Assaults in each space adjacent
  to Can Tho (Provinces and LoCs), its choice per space where both could occur; one Sweep
  and one Assault per Faction (ruling R244);
- shaded: the NVA or VC (the executing Faction selects, 5.1) moves any of its pieces,
  untunneled Bases included, from Cambodia and Tay Ninh to spaces adjacent to Can Tho.
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Move, Piece, Select, Side
from coinlake.state.model import Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 92
UNSHADED_MAP = (
    "space kien-phong 2 arvn-troops 1 us-troops 2 vc-guerrilla-u 1 vc-guerrilla-a",
    "space ba-xuyen 1 arvn-police 1 vc-guerrilla-u",
    "space loc-saigon-can-tho 1 arvn-police 1 us-troops 1 nva-guerrilla-a",
    "space kien-giang-an-xuyen 2 us-troops 1 us-base 1 vc-base 2 vc-guerrilla-u",
    "space saigon 4 arvn-troops 1 vc-guerrilla-u",  # not adjacent to Can Tho
)


def test_unshaded_arvn_then_us_sweep_in_place_or_assault_each_space_r244() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP)
    decision = game.decision  # the ARVN decides its own (the card's tip)
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (Choose("sweep"), Choose("assault"))
    play(game, "sweep", "sweep")  # Kien Phong, Ba Xuyen; the LoC: Assault only (3.2.3)
    decision = game.decision  # one Sweep in place, in both spaces
    assert decision is not None and decision.context.procedure == "sweep"
    assert set(decision.options) == {Select("kien-phong"), Select("ba-xuyen")}
    play(game, "select kien-phong")  # Ba Xuyen follows unasked; no Troops move in
    assert pieces(game, "saigon", "arvn-troops") == 4
    assert pieces(game, "kien-phong", "vc-guerrilla-u") == 0  # 2 ARVN Troops Activate 2
    assert pieces(game, "ba-xuyen", "vc-guerrilla-a") == 1  # the Police Activates 1
    # the ARVN Assault on the LoC: 1 Police removes nothing (1 per 2 cubes, 3.2.4)
    assert pieces(game, "loc-saigon-can-tho", "nva-guerrilla-a") == 1
    decision = game.decision  # then the US, space by space
    assert decision is not None and decision.faction is Faction.US
    play(game, "assault")  # Kien Phong
    decision = game.decision  # Kien Giang: US Troops and Insurgents; the LoC, Assault only
    assert decision is not None and decision.options == (Choose("sweep"), Choose("assault"))
    play(game, "sweep")  # Kien Giang: the Sweep in place comes first
    assert pieces(game, "kien-giang-an-xuyen", "vc-guerrilla-a") == 2
    decision = game.decision  # the US Assault in Kien Phong and the LoC
    assert decision is not None and decision.context.procedure == "assault"
    assert set(decision.options) == {Select("kien-phong"), Select("loc-saigon-can-tho")}
    play(game, "select kien-phong")  # 1 Troop: 1 removal
    assert pieces(game, "kien-phong", "vc-guerrilla-a") == 2
    assert pieces(game, "loc-saigon-can-tho", "nva-guerrilla-a") == 0  # the LoC, unasked
    decision = game.decision  # a free ARVN Assault may follow the US's (3.2.4)
    assert decision is not None and Done() in decision.options
    play(game, "select kien-phong")  # 2 ARVN Troops: 1 removal
    assert pieces(game, "kien-phong", "vc-guerrilla-a") == 1
    state = game.state
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # all free (5.5)
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_no_sweep_in_monsoon_2_3_9() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP, next_card=COUP)
    # Monsoon: the ARVN may only Assault -- on the LoC, unasked; Kien Phong's 2 Troops too
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.context.procedure == "assault"
    assert set(decision.options) == {
        Select("kien-phong"),
        Select("ba-xuyen"),
        Select("loc-saigon-can-tho"),
    }


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED_MAP), CARD)
    assert effective(state_on(CARD, "space ba-xuyen 2 arvn-troops 1 vc-guerrilla-a"), CARD)
    assert not effective(state_on(CARD, "space ba-xuyen 1 arvn-police 1 vc-guerrilla-a"), CARD)
    assert not effective(state_on(CARD, "space saigon 3 us-troops 2 vc-guerrilla-u"), CARD)


SHADED_MAP = (
    "space the-parrots-beak 2 nva-troops 1 nva-base 1 nva-base-t 2 nva-guerrilla-a",
    "space tay-ninh 1 vc-base 2 vc-guerrilla-u",
    "space kien-phong 1 vc-base 1 arvn-base",  # full of Bases (1.4.2)
)


def test_shaded_nva_moves_pieces_from_cambodia_next_to_can_tho_5_1() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    decision = game.decision
    assert decision is not None and decision.options == (Choose("nva"), Choose("vc"))
    play(game, "nva")
    decision = game.decision  # the NVA decides: from Cambodia or Tay Ninh
    assert decision is not None and decision.faction is Faction.NVA
    assert set(decision.options) == {Select("the-parrots-beak"), Done()}  # "any"
    play(game, "select the-parrots-beak", "select loc-can-tho-chau-doc")
    decision = game.decision
    assert decision is not None
    assert Move(Piece.NVA_BASE, 1, "the-parrots-beak", "loc-can-tho-chau-doc") not in (
        decision.options
    )  # no Base on a LoC (1.4.2)
    play(game, "move 2 nva-troops the-parrots-beak loc-can-tho-chau-doc")
    play(game, "select the-parrots-beak", "select ba-xuyen")
    decision = game.decision
    assert decision is not None
    assert Move(Piece.NVA_TUNNELED_BASE, 1, "the-parrots-beak", "ba-xuyen") not in (
        decision.options
    )  # unTunneled Bases only
    play(game, "move 1 nva-base the-parrots-beak ba-xuyen", "done")
    assert pieces(game, "loc-can-tho-chau-doc", "nva-troops") == 2
    assert pieces(game, "ba-xuyen", "nva-base") == 1
    assert pieces(game, "the-parrots-beak", "nva-guerrilla-a") == 2
    assert pieces(game, "the-parrots-beak", "nva-base-t") == 1
    assert pieces(game, "tay-ninh", "vc-base") == 1  # the VC's stay
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_vc_moves_from_tay_ninh_5_1() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    play(game, "vc", "select tay-ninh", "select kien-phong")
    decision = game.decision  # Kien Phong has 2 Bases: Guerrillas only
    assert decision is not None
    assert {m.piece for m in decision.options if isinstance(m, Move)} == {
        Piece.VC_GUERRILLA_UNDERGROUND
    }
    play(game, "move 2 vc-guerrilla-u tay-ninh kien-phong", "select tay-ninh", "select ba-xuyen")
    # the lone piece left, the Base, moves unasked; nothing is left to move
    assert pieces(game, "ba-xuyen", "vc-base") == 1
    assert pieces(game, "kien-phong", "vc-guerrilla-u") == 2
    assert game.state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_only_a_faction_that_can_move_is_offered_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "space the-fishhook 1 nva-troops")
    decision = game.decision
    assert decision is not None and decision.options == (Choose("nva"),)
    play(game, "nva", "select the-fishhook", "select kien-phong")
    assert pieces(game, "kien-phong", "nva-troops") == 1


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space tay-ninh 1 vc-guerrilla-a"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space tay-ninh 1 vc-base-t"), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space an-loc 1 vc-guerrilla-a"), CARD, Side.SHADED)
