"""Card 50, Uncle Ho (dual use, 5.2): NVA 1st, so the NVA executes it here.

- unshaded: the executing Faction picks 4 Out of Play US Troops to South Vietnam or ARVN
  Resources +9 (only branches that can do something, R132); then the ARVN executes 2 free
  Limited Operations of its choice (R250);
- shaded: the VC, then the NVA, each execute 3 free Limited Operations of their choice.
"""

from __future__ import annotations

from coinlake import Choose, Faction, Game, Kind, Piece, Side
from coinlake.state.commands import Command
from coinlake.state.model import OUT_OF_PLAY, Track
from tests.cards.helpers import effective, execute, pieces, play, state_on, tracks

CARD = 50
TROOPS, RESOURCES = Choose("troops"), Choose("resources")
ARVN_MAP = ("space hue 3 arvn-troops 1 arvn-police 2 vc-guerrilla-a", "space saigon 1 arvn-police")


def operation_chooser(game: Game, faction: Faction) -> tuple[Command, ...]:
    """The question of a free Limited Operation (5.5): ``faction`` picks it."""
    decision = game.decision
    assert decision is not None and decision.faction is faction
    assert decision.kind is Kind.OPERATION and decision.rule == "5.5"
    assert "Limited" in decision.prompt
    return tuple(decision.options)


def test_unshaded_troops_to_south_vietnam_then_arvn_2_free_limops_5_5() -> None:
    game = execute(CARD, Side.UNSHADED, "out-of-play 5 us-troops", *ARVN_MAP)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # the executing Faction
    assert decision.options == (TROOPS, RESOURCES)
    play(game, "troops")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA  # it decides where
    assert "north-vietnam" not in {getattr(o, "destination", "") for o in decision.options}
    assert "loc-hue-da-nang" in {getattr(o, "destination", "") for o in decision.options}
    play(
        game,
        f"move 1 us-troops {OUT_OF_PLAY} loc-hue-da-nang",  # a LoC is in South Vietnam (1.3.5)
        f"move 1 us-troops {OUT_OF_PLAY} kontum",
        f"move 1 us-troops {OUT_OF_PLAY} kontum",
        f"move 1 us-troops {OUT_OF_PLAY} an-loc",
    )
    assert game.state.out_of_play[Piece.US_TROOPS] == 1  # 4, not 5
    assert pieces(game, "kontum", "us-troops") == 2
    assert Choose("assault") in operation_chooser(game, Faction.ARVN)  # the ARVN's choice
    play(game, "assault", "select hue")  # Limited: 1 space (2.3.5)
    assert pieces(game, "hue", "vc-guerrilla-a") == 0  # ARVN in a City: 1 per 2 cubes (3.2.4)
    operation_chooser(game, Faction.ARVN)  # the 2nd, again of its choice
    play(game, "train", "select saigon", "done")
    state = game.state
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free (3.1.2)
    assert state.turn.acted == ((Faction.NVA, "event"),)  # the ARVN's Eligibility untouched
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN  # now as 2nd Eligible
    assert decision.context.procedure != "event"


def test_unshaded_resources_and_only_what_can_be_done_r132() -> None:
    game = execute(CARD, Side.UNSHADED, tracks(arvn_resources=70))  # no Out of Play Troops
    decision = game.decision
    assert decision is not None and decision.options == (RESOURCES,)  # asked even when alone
    play(game, "resources")
    assert game.state.tracks[Track.ARVN_RESOURCES] == 75  # at most 75 (1.8)
    operation_chooser(game, Faction.ARVN)
    game = execute(CARD, Side.UNSHADED, tracks(arvn_resources=75), "out-of-play 2 us-troops")
    decision = game.decision
    assert decision is not None and decision.options == (TROOPS,)
    play(game, "troops", f"move 1 us-troops {OUT_OF_PLAY} saigon")
    play(game, f"move 1 us-troops {OUT_OF_PLAY} saigon")  # 2 only (5.1.3)
    assert pieces(game, "saigon", "us-troops") == 2
    operation_chooser(game, Faction.ARVN)
    game = execute(CARD, Side.UNSHADED, tracks(arvn_resources=75))  # neither branch
    operation_chooser(game, Faction.ARVN)


def test_shaded_vc_then_nva_each_3_free_limops_5_5() -> None:
    lines = (
        "available 5 vc-guerrilla-u 5 nva-guerrilla-u",
        "space hue 1 arvn-police 1 vc-guerrilla-u",
        tracks(vc_resources=0, nva_resources=0),
    )
    game = execute(CARD, Side.SHADED, *lines)
    for where in ("kontum", "binh-dinh", "pleiku-darlac"):
        assert Choose("rally") in operation_chooser(game, Faction.VC)
        play(game, "rally", f"select {where}", "done")  # 1 space each (2.3.5)
        assert pieces(game, where, "vc-guerrilla-u") == 1
    for where in ("kontum", "binh-dinh", "pleiku-darlac"):
        assert Choose("rally") in operation_chooser(game, Faction.NVA)
        play(game, "rally", f"select {where}", "done")
        assert pieces(game, where, "nva-guerrilla-u") == 1
    state = game.state
    assert state.tracks[Track.VC_RESOURCES] == 0 and state.tracks[Track.NVA_RESOURCES] == 0
    assert state.turn.acted == ((Faction.NVA, "event"),)


def test_shaded_a_faction_that_can_execute_no_operation_is_skipped_5_1_3() -> None:
    # nothing of the VC's anywhere (no piece, none Available): the NVA goes on
    game = execute(CARD, Side.SHADED, "available 5 nva-guerrilla-u")
    operation_chooser(game, Faction.NVA)


def test_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.UNSHADED)  # ARVN Resources +9
    assert effective(state_on(CARD, *ARVN_MAP, tracks(arvn_resources=75)), CARD)  # LimOps
    assert effective(state_on(CARD, "available 5 vc-guerrilla-u"), CARD, Side.SHADED)
