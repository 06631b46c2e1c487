"""Card 96, APC (dual use, 5.2): VC 1st (VC, US, ARVN, NVA), so the VC executes it here.

- unshaded: the US, then the ARVN, Pacify as in the Support Phase (6.3.1) at no cost, Terror
  removal included (card tip), at most 1 level per space (rulings R80, R258);
- shaded: a played Tet Offensive goes back to the VC (2.3.8); otherwise the VC carries out
  its text without the card (card tip).
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Kind, Piece, Select, Side, Support
from coinlake.state.model import Track
from tests.cards.helpers import effective, execute, play, state_on, tracks

CARD = 96
PACIFY = (
    "space hue 1 us-troops 1 arvn-troops 1 arvn-police terror=1",
    "space saigon 1 arvn-troops 1 arvn-police passive-support",
    "space da-nang 1 us-troops 1 arvn-police active-opposition",
    "space qui-nhon 1 us-troops 1 vc-guerrilla-u 1 vc-base",  # no Police, no COIN Control
    tracks(arvn_resources=0),
)


def test_unshaded_us_then_arvn_pacify_free_1_level_per_space_6_3_1() -> None:
    game = execute(CARD, Side.UNSHADED, *PACIFY)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.US  # its own Pacification
    assert decision.context.procedure == "pacify"
    assert decision.options == (Select("hue"), Select("da-nang"), Done())  # its Troops there
    play(game, "select hue")
    decision = game.decision
    assert decision is not None  # Terror, then 1 level at most (the card)
    assert decision.options == (Choose("remove-terror"), Choose("passive-support"))
    play(game, "passive-support", "select da-nang")  # 1 level only: unasked; no space left
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.context.procedure == "pacify"
    assert decision.options == (Select("saigon"), Done())  # Hue has shifted its 1 level
    play(game, "select saigon")  # 2 spaces left of 4: it may go on, none left to choose
    state = game.state
    assert state.space("hue").terror == 0
    assert state.space("hue").support is Support.PASSIVE_SUPPORT
    assert state.space("da-nang").support is Support.PASSIVE_OPPOSITION
    assert state.space("saigon").support is Support.ACTIVE_SUPPORT
    assert state.tracks[Track.ARVN_RESOURCES] == 0  # cost 0, even at 0 (the card)
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_4_spaces_at_most_for_both_6_3_1() -> None:
    lines = tuple(
        f"space {k} 1 us-troops 1 arvn-troops 1 arvn-police"
        for k in ("hue", "da-nang", "kontum", "qui-nhon", "cam-ranh")
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    for key in ("hue", "da-nang", "kontum", "qui-nhon"):
        play(game, f"select {key}")
    decision = game.decision  # the US used the 4: the ARVN has none left
    assert decision is None or decision.context.procedure != "pacify"
    assert game.state.space("cam-ranh").support is Support.NEUTRAL


def test_shaded_returns_a_played_tet_offensive_to_the_vc_2_3_8() -> None:
    state = execute(CARD, Side.SHADED, "played 124", "pivotals 121").state
    assert 124 not in state.played
    assert state.pivotals_held == (121, 124)
    assert state.turn.acted == ((Faction.VC, "event"),)


UPRISING = (
    "space kontum 2 vc-guerrilla-u 1 us-troops",
    "space binh-dinh 1 vc-guerrilla-u 1 nva-guerrilla-a 2 arvn-police",
    "available 6 vc-guerrilla-u",
)


def test_shaded_otherwise_the_vc_executes_its_text_without_the_card() -> None:
    game = execute(CARD, Side.SHADED, *UPRISING, "pivotals 124")
    decision = game.decision  # Terror in every space with an Underground VC Guerrilla
    assert decision is not None and decision.faction is Faction.VC
    assert decision.context.procedure == "terror"
    assert decision.options == (Select("kontum"), Select("binh-dinh"))  # compulsory: no Done
    play(game, "select kontum")  # then Binh Dinh, the lone one left
    state = game.state
    assert state.space("kontum").terror == 1 and state.space("binh-dinh").terror == 1
    assert state.space("kontum").pieces[Piece.VC_GUERRILLA_ACTIVE] == 1  # 1 per space
    decision = game.decision  # 6 VC pieces in Cities
    assert decision is not None and decision.kind is Kind.PLACE_PIECES
    for _ in range(6):
        play(game, "move 1 vc-guerrilla-u available hue")
    assert game.state.space("hue").pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 6
    decision = game.decision  # then the joint Guerrilla Attack
    assert decision is not None and decision.faction is Faction.VC
    assert decision.context.procedure == "attack"
    state = game.state
    assert state.pivotals_held == (124,)  # the card stays where it is (tip)
    assert state.tracks[Track.VC_RESOURCES] == 10  # free (3.1.2)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *PACIFY), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "space hue 1 us-troops"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, "played 124"), CARD, Side.SHADED)
    assert effective(state_on(CARD, *UPRISING), CARD, Side.SHADED)
    assert not effective(state_on(CARD), CARD, Side.SHADED)  # nothing for the text to do
