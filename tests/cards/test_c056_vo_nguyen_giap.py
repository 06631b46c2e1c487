"""Card 56, Vo Nguyen Giap (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: in each of 3 different spaces (card tip), 2 Guerrillas (NVA or VC, the executing
  Faction's choice) become 1 NVA Troop; none Available: they are only removed (5.1.1, R259);
- shaded: the NVA Marches for free into up to 3 spaces, even in Monsoon (card tip), then may
  execute 1 free Operation or Special Activity within each (5.5; Monsoon applies, R251).
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Kind, Piece, Select, Side
from coinlake.rules.cards.c056_vo_nguyen_giap import GUERRILLAS as _GUERRILLAS
from coinlake.state.commands import Move
from coinlake.state.model import Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 56
GUERRILLAS = (
    "space hue 1 nva-guerrilla-u 1 vc-guerrilla-a",
    "space kontum 3 vc-guerrilla-u",
    "space binh-dinh 2 nva-guerrilla-a",
    "space an-loc 1 vc-guerrilla-u",  # only 1: never selected
    "available 5 nva-troops",
)


def test_unshaded_3_spaces_2_guerrillas_become_1_nva_troop_5_1() -> None:
    game = execute(CARD, Side.UNSHADED, *GUERRILLAS, "space tay-ninh 1 vc-guerrilla-u")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert set(decision.options) == {Select("hue"), Select("kontum"), Select("binh-dinh")}
    assert Done() not in decision.options  # "any 3": as many as there are (5.1.3)
    play(game, "select hue", "move 1 vc-guerrilla-a hue available")  # then the other, unasked
    assert pieces(game, "hue", "nva-troops") == 1
    assert game.state.space("hue").count(*_GUERRILLAS) == 0
    play(game, "select kontum")  # 1 kind: unasked
    assert (
        pieces(game, "kontum", "vc-guerrilla-u") == 1 and pieces(game, "kontum", "nva-troops") == 1
    )
    # the lone space left (not Hue again) is taken unasked, its 2 Guerrillas too
    state = game.state
    assert pieces(game, "binh-dinh", "nva-troops") == 1
    assert state.available[Piece.NVA_TROOPS] == 2
    assert state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 3  # to Available (Underground)
    assert state.available[Piece.NVA_GUERRILLA_UNDERGROUND] == 3
    assert pieces(game, "an-loc", "vc-guerrilla-u") == 1
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_unshaded_the_executing_faction_picks_the_guerrillas() -> None:
    game = execute(CARD, Side.UNSHADED, "space hue 2 nva-guerrilla-u 1 vc-guerrilla-a")  # lone
    decision = game.decision
    assert decision is not None and decision.kind is Kind.REMOVE_PIECES
    assert Move(Piece.VC_GUERRILLA_ACTIVE, 1, "hue", "available") in decision.options
    play(game, "move 1 vc-guerrilla-a hue available")  # then an NVA one: 1 kind left
    assert pieces(game, "hue", "nva-guerrilla-u") == 1


def test_unshaded_without_available_troops_the_guerrillas_are_removed_5_1_1() -> None:
    lines = (
        "space hue 2 nva-guerrilla-u",
        "space kontum 2 vc-guerrilla-u",
        "available 1 nva-troops",
    )
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "select hue")  # then Kontum, the lone space left
    assert pieces(game, "hue", "nva-troops") == 1
    assert pieces(game, "kontum", "nva-troops") == 0  # none left: removed, not replaced
    assert game.state.space("kontum").count(*_GUERRILLAS) == 0
    assert game.state.turn.acted == ((Faction.NVA, "event"),)  # 2 spaces only (5.1.3)


SHADED = (
    "space north-vietnam 4 nva-troops 3 nva-guerrilla-u",
    "space quang-tri-thua-thien 2 arvn-troops",
    "space central-laos 1 nva-base 1 nva-guerrilla-u",
    "available 5 nva-troops",
)


def test_shaded_march_then_1_free_op_or_sa_within_each_if_desired_5_5() -> None:
    game = execute(CARD, Side.SHADED, *SHADED, next_card=COUP)  # Monsoon (2.3.9)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.context.procedure == "march"  # even in Monsoon (card tip, 5.1.1)
    play(
        game, "select quang-tri-thua-thien", "move 4 nva-troops north-vietnam quang-tri-thua-thien"
    )
    play(game, "done", "select central-laos", "move 2 nva-guerrilla-u north-vietnam central-laos")
    play(game, "done")
    decision = game.decision
    assert decision is not None and Select("southern-laos") in decision.options
    play(game, "done")  # up to 3: 2 here
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.kind is Kind.OPERATION and "Quang Tri" in decision.prompt
    # within the space: what could occur there; no March in Monsoon (R251); "if desired"
    assert decision.options == (
        Choose("rally"),
        Choose("attack"),
        Choose("terror"),
        Done(),
    )
    play(game, "attack", "select quang-tri-thua-thien", "done")
    assert pieces(game, "quang-tri-thua-thien", "arvn-troops") == 0  # 4 Troops: 2 hits (3.3.3)
    decision = game.decision
    assert decision is not None and "Central Laos" in decision.prompt
    assert Choose("infiltrate") in decision.options  # a Special Activity (NVA Base there)
    play(game, "done")  # declined
    state = game.state
    assert state.tracks[Track.NVA_RESOURCES] == 15  # all free (3.1.2)
    assert pieces(game, "central-laos", "nva-guerrilla-u") == 3
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_nothing_to_march_nothing_follows_5_1_3() -> None:
    game = execute(CARD, Side.SHADED, "space saigon 1 arvn-police")
    assert game.state.turn.acted == ((Faction.NVA, "event"),)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD, *GUERRILLAS), CARD, Side.UNSHADED)
    assert not effective(state_on(CARD, "space an-loc 1 vc-guerrilla-u"), CARD, Side.UNSHADED)
    assert effective(state_on(CARD, *SHADED), CARD, Side.SHADED)
    assert not effective(state_on(CARD, "space saigon 1 arvn-police"), CARD, Side.SHADED)
