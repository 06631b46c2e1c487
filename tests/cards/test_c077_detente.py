"""Card 77, Detente (dual use, 5.2): ARVN 1st (ARVN, NVA, VC, US), so the ARVN executes it
here.

- unshaded: NVA and VC Resources to half, rounded down; 5 Available NVA Troops Out of Play
  (card tip: the only Insurgent pieces that go there, 1.4.1, ruling R118);
- shaded: the NVA choose +9 Resources or a free Infiltrate (ruling R115), each offered only
  if it can do something (5.1.3); then the VC Rally for free in up to 6 spaces (5.5).
"""

from __future__ import annotations

import pytest

import coinlake
from coinlake import Choose, Faction, Piece, Side, Track
from coinlake.rules import cards
from coinlake.state.position import PositionError
from coinlake.state.queries import pieces_total
from tests.cards.helpers import effective, execute, play, position_text, state_on, tracks

CARD = 77
INFILTRATE, RESOURCES = Choose("infiltrate"), Choose("resources")
NVA_BASE = "space central-laos 1 nva-base 1 nva-troops"  # an Infiltrate can place Troops
VC_AVAILABLE = "available 10 nva-troops 10 vc-guerrilla-u"


def test_unshaded_halves_insurgent_resources_and_nva_troops_go_out_of_play() -> None:
    lines = ("available 7 nva-troops", tracks(nva_resources=15, vc_resources=10))
    state = execute(CARD, Side.UNSHADED, *lines).state
    assert state.tracks[Track.NVA_RESOURCES] == 7  # 15 / 2, rounded down
    assert state.tracks[Track.VC_RESOURCES] == 5
    assert state.out_of_play[Piece.NVA_TROOPS] == 5
    assert state.available[Piece.NVA_TROOPS] == 2
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # only the Insurgents'
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_nva_troops_out_of_play_survive_the_position_format_1_4_1() -> None:
    """The Out of Play box holds NVA Troops (card tip): the position format writes and reads
    them, and no piece is lost (1.2)."""
    state = execute(CARD, Side.UNSHADED, "available 7 nva-troops").state
    text = coinlake.position(state)
    assert "out-of-play 5 nva-troops" in text
    again = coinlake.parse_position(text)
    assert again.out_of_play == state.out_of_play
    assert pieces_total(again) == pieces_total(state) == 7  # none lost (test positions are small)
    read = coinlake.parse_position(position_text(CARD, "out-of-play 3 nva-troops 6 us-troops"))
    assert read.out_of_play[Piece.NVA_TROOPS] == 3
    with pytest.raises(PositionError, match="only US and ARVN"):  # other Insurgent pieces
        coinlake.parse_position(position_text(CARD, "out-of-play 1 nva-guerrilla-u"))


def test_unshaded_with_3_available_troops_and_odd_resources_5_1_3() -> None:
    lines = ("available 3 nva-troops", tracks(nva_resources=1, vc_resources=3))
    state = execute(CARD, Side.UNSHADED, *lines).state
    assert state.out_of_play[Piece.NVA_TROOPS] == 3 and state.available[Piece.NVA_TROOPS] == 0
    assert state.tracks[Track.NVA_RESOURCES] == 0
    assert state.tracks[Track.VC_RESOURCES] == 1


def test_shaded_nva_choose_resources_then_vc_rally_in_up_to_6_spaces() -> None:
    game = execute(CARD, Side.SHADED, NVA_BASE, VC_AVAILABLE)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the named Faction
    assert decision.options == (INFILTRATE, RESOURCES)
    play(game, "resources")
    assert game.state.tracks[Track.NVA_RESOURCES] == 24  # 15 + 9
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # its own Rally's details
    assert decision.context.procedure == "rally"
    spaces = ("hue", "da-nang", "kontum", "qui-nhon", "cam-ranh", "an-loc")
    for where in spaces:
        play(game, f"select {where}")
    decision = game.decision
    assert decision is not None and decision.options == (coinlake.Done(),)  # 6 spaces at most
    play(game, "done")
    state = game.state
    for where in spaces:
        assert state.space(where).pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 1
    assert state.tracks[Track.VC_RESOURCES] == 10  # free (3.1.2, 5.5)
    assert state.turn.acted == ((Faction.ARVN, "event"),)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # 2nd Eligible


def test_shaded_nva_choose_a_free_infiltrate() -> None:
    game = execute(CARD, Side.SHADED, NVA_BASE, VC_AVAILABLE)
    play(game, "infiltrate")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.context.procedure == "infiltrate"
    play(game, "select central-laos", "count 3")  # Trail 2 + 1 NVA Base (4.4.1)
    state = game.state
    assert state.space("central-laos").pieces[Piece.NVA_TROOPS] == 4
    assert state.tracks[Track.NVA_RESOURCES] == 15  # no +9, and free
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC  # then the VC Rally


def test_shaded_only_resources_when_no_infiltrate_can_occur_5_1_3() -> None:
    game = execute(CARD, Side.SHADED)  # no NVA or VC piece at all
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.options == (RESOURCES,)
    play(game, "resources")
    assert game.state.tracks[Track.NVA_RESOURCES] == 24
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)  # no VC piece to Rally


def test_shaded_only_infiltrate_when_resources_are_75_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, NVA_BASE, VC_AVAILABLE, tracks(nva_resources=75))
    decision = game.decision
    assert decision is not None and decision.options == (INFILTRATE,)


def test_shaded_when_neither_can_happen_the_vc_still_rally() -> None:
    game = execute(CARD, Side.SHADED, VC_AVAILABLE, tracks(nva_resources=75))
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert decision.context.procedure == "rally"


def test_effective_8_1() -> None:
    low = tracks(nva_resources=0, vc_resources=0)
    assert not effective(state_on(CARD, low), CARD, Side.UNSHADED)  # nothing to halve or move
    assert effective(state_on(CARD, tracks(nva_resources=0, vc_resources=1)), CARD)  # 1 -> 0
    assert effective(state_on(CARD, low, "available 1 nva-troops"), CARD)
    full = tracks(nva_resources=75)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # +9 Resources
    assert not effective(state_on(CARD, full), CARD, Side.SHADED)  # nothing to do
    assert effective(state_on(CARD, full, NVA_BASE, "available 5 nva-troops"), CARD, Side.SHADED)
    assert effective(state_on(CARD, full, VC_AVAILABLE), CARD, Side.SHADED)  # the Rally
    # the card's own answer, whoever executes it
    assert cards.effective(
        state_on(CARD, full, NVA_BASE, VC_AVAILABLE), CARD, Side.SHADED, Faction.US
    )
