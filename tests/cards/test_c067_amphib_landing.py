"""Card 67, Amphib Landing (dual use, 5.2): ARVN 1st, so the ARVN executes it here.

- unshaded: the US or ARVN (the executing Faction selects, 5.1) relocates any of its Troops
  among coastal spaces (1.3.7), then free Sweeps (even in Monsoon: the card's tip) and
  Assaults in 1 coastal space it selects (ruling R240);
- shaded: the VC relocate up to 3 of its pieces from 1 coastal space to any spaces (not a
  Tunneled Base, ruling R241); US and ARVN Ineligible through the next card (2.3.6).
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Move, Piece, Select, Side
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 67
UNSHADED_MAP = (
    "space hue 3 us-troops 2 arvn-troops",
    "space kontum 2 us-troops",  # not coastal
    "space qui-nhon 1 vc-guerrilla-u 1 vc-base",
    "space binh-dinh 2 us-troops 1 vc-guerrilla-u",
)


def test_unshaded_us_relocates_then_sweeps_and_assaults_1_coastal_space_r240() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP)
    decision = game.decision  # the executing Faction picks who lands (5.1)
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (Choose("us"), Choose("arvn"))
    play(game, "us")
    decision = game.decision  # the US decides: only its Troops in coastal spaces move
    assert decision is not None and decision.faction is Faction.US
    assert set(decision.options) == {Select("hue"), Select("binh-dinh"), Done()}  # "any"
    play(game, "select hue")
    decision = game.decision
    assert decision is not None
    assert Select("kontum") not in decision.options  # not coastal
    assert Select("north-vietnam") not in decision.options  # never for US pieces (1.4.2)
    assert Select("loc-hue-da-nang") in decision.options  # a coastal LoC
    play(game, "select qui-nhon", "move 3 us-troops hue qui-nhon", "done")
    assert pieces(game, "hue", "arvn-troops") == 2  # only the US's Troops
    decision = game.decision
    assert decision is not None and Select("kontum") not in decision.options
    play(game, "select qui-nhon")
    decision = game.decision  # the free Sweep, in Qui Nhon only: Troops may move in
    assert decision is not None and decision.context.procedure == "sweep"
    play(game, "select qui-nhon", "move 2 us-troops binh-dinh qui-nhon", "done")  # not Kontum's
    assert pieces(game, "qui-nhon", "vc-guerrilla-a") == 1  # Activated (3.2.3)
    play(game, "select qui-nhon")  # the free Assault: 5 Troops remove 1 per Troop (3.2.4)
    assert pieces(game, "qui-nhon", "vc-guerrilla-a") == 0
    assert pieces(game, "qui-nhon", "vc-base") == 0
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_arvn_lands_in_monsoon_5_1_1() -> None:
    lines = (*UNSHADED_MAP, "space da-nang 2 vc-guerrilla-u")
    game = execute(CARD, Side.UNSHADED, *lines, next_card=COUP)  # Monsoon (2.3.9)
    play(game, "arvn")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    play(game, "select hue", "select da-nang", "move 2 arvn-troops hue da-nang")
    assert pieces(game, "da-nang", "arvn-troops") == 2
    play(game, "select da-nang")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "sweep"  # Monsoon ok
    play(game, "select da-nang")  # no ARVN Troop left to move in: Activation follows
    assert pieces(game, "da-nang", "vc-guerrilla-a") == 2
    play(game, "select da-nang")  # ARVN Assault: 1 per 2 cubes (3.2.4)
    assert pieces(game, "da-nang", "vc-guerrilla-a") == 1


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, "space hue 1 arvn-troops"), CARD)
    assert effective(state_on(CARD, "space kontum 1 us-troops"), CARD)  # next to Qui Nhon
    assert not effective(state_on(CARD, "space an-loc 1 us-troops"), CARD)  # inland


SHADED_MAP = (
    "space qui-nhon 2 vc-guerrilla-u 1 vc-guerrilla-a 1 vc-base 1 us-troops",
    "space ba-xuyen 1 vc-base-t 2 vc-guerrilla-u",
    "space kontum 3 vc-guerrilla-u",  # not coastal
)


def test_shaded_vc_relocates_up_to_3_pieces_from_1_coastal_space_r241() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    decision = game.decision  # the VC (named) decides, whoever executes
    assert decision is not None and decision.faction is Faction.VC
    assert set(decision.options) == {Select("qui-nhon"), Select("ba-xuyen"), Done()}
    play(game, "select qui-nhon", "select qui-nhon", "select kontum")  # space; origin; to
    decision = game.decision
    assert decision is not None
    assert Move(Piece.VC_BASE, 1, "qui-nhon", "kontum") in decision.options  # Bases too
    play(game, "move 1 vc-base qui-nhon kontum")
    play(game, "select qui-nhon", "select loc-kontum-qui-nhon")
    decision = game.decision
    assert decision is not None
    assert Move(Piece.VC_BASE, 1, "qui-nhon", "loc-kontum-qui-nhon") not in decision.options
    play(game, "move 2 vc-guerrilla-u qui-nhon loc-kontum-qui-nhon")
    # 3 moved: the relocation ends
    assert pieces(game, "qui-nhon", "vc-guerrilla-a") == 1
    assert pieces(game, "loc-kontum-qui-nhon", "vc-guerrilla-u") == 2  # Underground still
    state = game.state
    assert not state.eligible(Faction.US) and not state.eligible(Faction.ARVN)
    assert set(state.ineligible_next) == {Faction.US, Faction.ARVN}  # through the next card
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_tunneled_base_stays_r241() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    play(game, "select ba-xuyen", "select ba-xuyen", "select can-tho")
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "ba-xuyen", "can-tho"),
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 2, "ba-xuyen", "can-tho"),
    }
    play(game, "move 1 vc-guerrilla-u ba-xuyen can-tho", "done")  # "up to"
    assert pieces(game, "ba-xuyen", "vc-base-t") == 1
    assert pieces(game, "can-tho", "vc-guerrilla-u") == 1
    assert set(game.state.ineligible_next) == {Faction.US, Faction.ARVN}


def test_shaded_vc_may_relocate_nothing_2_3_6() -> None:
    game = execute(CARD, Side.SHADED, *SHADED_MAP)
    play(game, "done")
    assert pieces(game, "qui-nhon", "vc-base") == 1
    assert set(game.state.ineligible_next) == {Faction.US, Faction.ARVN}  # still


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)  # US and ARVN Ineligible anyway
