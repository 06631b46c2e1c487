"""8.6 The Non-player NVA flowchart (``coinlake/nonplayers/nva.py``): each step and priority
from a position, the rulebook's examples, the rulings R290-R309, and whole games.

Positions are written with ``tests.cards.helpers.on_card`` (an empty Full-scenario map).
Card 41 (Bombing Pause) shows a rifle for the NVA (8.4.1), so on it the NVA never take
the Event and the flowchart's Operations are seen alone. The flowchart's own rolls are
given with :class:`Dice` (each test says which); commands are applied with the recorded
reason but without the rolls, which come from the test.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Choice, Choose, Done, Faction, Game, Piece, Select, Why
from coinlake.nonplayers import NonPlayer, Roller
from coinlake.nonplayers.nva import (
    GUERRILLAS,
    NVA_BASES,
    Leg,
    MarchNote,
    _cube_turn,
    attack_conditions,
    flowchart,
    infiltrate_wanted,
    march_possible,
    most_removals,
    rally_conditions,
    terror_conditions,
)
from coinlake.state.events import Explained
from tests.cards.helpers import on_card, pieces, tracks

NVA = Faction.NVA
CARD = 41
"""Bombing Pause: NVA 1st, a rifle for the NVA (8.4.1): no Event in the way."""
NP = "options non-players=NVA"


class Dice(Roller):
    """The flowchart's rolls, given in order (a test fails on an unexpected roll)."""

    def __init__(self, game: Game, values: list[int]) -> None:
        super().__init__(game.state)
        self.values = values

    def roll(self, sides: int = 6) -> int:
        assert self.values, "an unexpected roll"
        value = self.values.pop(0)
        assert 1 <= value <= sides
        self.rolls.append((sides, value))
        return value


def nva(*lines: str, card: int = CARD, next_card: int | None = 2) -> Game:
    """A game on ``card`` with the Non-player NVA and ``lines``."""
    return on_card(card, NP, *lines, next_card=next_card)


def answer(game: Game, *rolls: int) -> Choice:
    """The flowchart's answer to the NVA's Decision (not applied)."""
    decision = game.decision
    assert decision is not None and decision.faction is NVA
    choice = flowchart(game, decision, Dice(game, list(rolls)))
    assert choice is not None and choice.command in decision.options
    return choice


def play(game: Game, *rolls: int, limit: int = 300) -> list[str]:
    """Let the NVA answer until another Faction (or the game) decides; the flowchart's rolls
    come from ``rolls`` (all used), the shared rules' from the game. Returns the commands."""
    values = list(rolls)
    done: list[str] = []
    while limit and game.decision is not None and game.decision.faction is NVA:
        decision = game.decision
        choice = flowchart(game, decision, Dice(game, values))
        if choice is None:
            choice = NonPlayer(NVA).choose(game, decision)
            game.apply(choice.command, why=choice.why)
        else:
            why = choice.why
            game.apply(choice.command, why=Why(why.rule, why.reason, (), why.note))
        done.append(str(choice.command))
        limit -= 1
    assert not values, f"rolls left over: {values}"
    return done


def roller(game: Game, *rolls: int) -> Dice:
    return Dice(game, list(rolls))


def after(commands: Sequence[str], first: str) -> list[str]:
    """The commands from ``first`` on."""
    return list(commands[commands.index(first) :])


# == 8.6.1 Attack ================================================================================
def test_attack_when_troops_and_bombard_can_remove_a_coin_base_8_6_1() -> None:
    """4 NVA Troops remove 2: the US Troop, then the US Base -- no roll needed. Bombard
    first (no Ambush possible), then the Troop Attack takes the Base."""
    game = nva("space quang-tri-thua-thien 4 nva-troops 1 us-troops 1 us-base")
    choice = answer(game)
    assert choice.command == Choose("op+sa") and choice.why.note == "attack"
    assert choice.why.rule == "8.6.1" and "Base" in choice.why.reason
    commands = play(game)
    assert commands[:3] == ["op+sa", "attack", "bombard"]
    assert pieces(game, "quang-tri-thua-thien", "us-base") == 0
    assert pieces(game, "quang-tri-thua-thien", "us-troops") == 0


@pytest.mark.parametrize(("roll", "attacks"), [(2, True), (3, False)])
def test_attack_when_removals_reach_a_d6_roll_8_6_1(roll: int, attacks: bool) -> None:
    """4 NVA Troops can remove 2 of the 3 Police: Attack on a d6 of 1-2 only."""
    game = nva("space quang-tri-thua-thien 4 nva-troops 3 arvn-police")
    assert most_removals(game.state) == 2
    found = attack_conditions(game.state, roller(game, roll))
    assert (found is not None) is attacks


def test_guerrilla_attacks_and_bombard_do_not_count_8_6_1() -> None:
    game = nva("space quang-tri-thua-thien 6 nva-guerrilla-a 1 nva-troops 3 arvn-troops")
    assert most_removals(game.state) == 0
    assert attack_conditions(game.state, roller(game)) is None  # no roll


def test_no_attack_at_0_resources_the_nva_pass_8_6_1_note() -> None:
    game = nva(tracks(nva_resources=0), "space quang-tri-thua-thien 4 nva-troops 1 us-base")
    choice = answer(game)
    assert choice.command == Choose("pass") and choice.why.rule == "8.6.2"


def test_ambush_counts_and_resources_limit_the_spaces_8_6_1() -> None:
    """2 Ambushes (Underground Guerrillas, fewer than 4 NVA Troops) and a Troop Attack;
    each costs 1 Resource."""
    lines = (
        "space quang-nam 1 nva-guerrilla-u 1 arvn-police",
        "space hue 1 nva-guerrilla-u 1 arvn-police",
        "space da-nang 2 nva-troops 1 arvn-troops",
        "space kontum 1 nva-guerrilla-u 4 nva-troops 1 us-troops",
    )
    assert most_removals(nva(*lines).state) == 4  # Kontum: 4 Troops, no Ambush, Troops remove 1
    assert most_removals(nva(tracks(nva_resources=2), *lines).state) == 2


def test_ambush_first_to_remove_a_base_from_a_loc_8_6_1() -> None:
    """1st AMBUSH bullet: from the LoC next to Hue, the last cube there goes, and the 2nd
    Ambush (Hue itself) takes the Base; the Laos Police waits."""
    game = nva(
        "space loc-hue-da-nang 1 nva-guerrilla-u",
        "space hue 1 nva-guerrilla-u 1 arvn-police 1 arvn-base",
        "space central-laos 1 nva-guerrilla-u 1 arvn-police",
        tracks(nva_resources=3),
    )
    commands = play(game)
    assert commands == [
        "op+sa",
        "attack",
        "select loc-hue-da-nang",  # Ambush alone possible there; it takes the Hue Police
        "select hue",
        "ambush",
        "done",
    ]
    assert pieces(game, "hue", "arvn-base") == 0
    assert pieces(game, "central-laos", "arvn-police") == 1  # 2 Ambush spaces only


@pytest.mark.parametrize(
    ("lines", "second"),
    [
        # the last COIN piece in a space before Special Forces
        (("space quang-nam 1 nva-guerrilla-u 1 arvn-police",), "quang-nam"),
        # Special Forces before cubes
        (("space quang-nam 1 nva-guerrilla-u 1 us-troops 1 arvn-police",), "kontum"),
    ],
)
def test_ambush_other_pieces_laos_cambodia_first_then_last_piece_then_sf_8_6_1(
    lines: tuple[str, ...], second: str
) -> None:
    """2nd AMBUSH bullet: Laos/Cambodia first; then the last COIN piece in a space; then
    Special Forces before cubes (and US before ARVN)."""
    game = nva(
        "space southern-laos 1 nva-guerrilla-u 1 arvn-troops",
        "space kontum 1 nva-guerrilla-u 1 arvn-police 1 us-irregular-u 1 arvn-ranger-u",
        tracks(nva_resources=3),
        *lines,
    )
    commands = play(game, 1)  # the d6 of 8.6.1
    assert commands[2:5] == ["select southern-laos", "ambush", f"select {second}"]
    if second == "kontum":
        assert after(commands, "select kontum")[2] == "move 1 us-irregular-u kontum casualties"


def test_bombard_instead_of_an_ambush_of_1_piece_with_4_resources_8_6_1() -> None:
    lines = (
        "space quang-tri-thua-thien 1 nva-guerrilla-u 3 nva-troops 3 arvn-troops",
        "space hue 3 us-troops",
    )
    game = nva(*lines)
    commands = play(game, 1)  # the d6 of 8.6.1: 1 piece (Troops remove 1, or 1 Ambush)
    assert commands[2] == "bombard"
    assert "ambush" not in commands
    poor = nva(tracks(nva_resources=3), *lines)
    commands = play(poor, 1)
    assert commands[2:4] == ["not-now", "select quang-tri-thua-thien"] and "ambush" in commands


def test_bombard_spaces_with_nva_pieces_first_then_base_and_us_troops_8_6_1() -> None:
    game = nva(
        "space quang-tri-thua-thien 3 nva-troops 3 arvn-troops",
        "space hue 3 arvn-troops 1 us-troops 1 arvn-base",
        "space north-vietnam 3 nva-troops",
        "space central-laos 4 us-troops",
        "space quang-nam 3 us-troops",
    )
    game.apply(Choose("op+sa"), why=Why("8.6.1", "test", (), "attack"))
    commands = play(game)
    assert commands[:5] == [
        "attack",
        "bombard",
        "select quang-tri-thua-thien",  # NVA pieces there (its ARVN Troop goes, forced)
        "select hue",  # next to NVA Troops, with a COIN Base and US Troops
        "move 1 us-troops hue casualties",
    ]


def test_attack_spaces_in_bullet_order_laos_cambodia_first_8_6_1() -> None:
    """Troops removing 2+ (Laos before the South), then 4+ Guerrillas, then Troops
    removing 1; Guerrillas Attack with Guerrillas, Troops with Troops. The lone Ambush (1
    piece, 4+ Resources) would give way to a Bombard, impossible here: no Special Activity
    (ruling R293)."""
    game = nva(
        "space quang-nam 4 nva-troops 2 arvn-police",
        "space southern-laos 4 nva-troops 2 arvn-troops",
        "space hue 3 nva-guerrilla-a 1 nva-guerrilla-u 1 arvn-police",
        "space kontum 2 nva-troops 1 nva-guerrilla-a 1 arvn-police",
        "space da-nang 2 nva-guerrilla-a 1 arvn-police",
    )
    game.apply(Choose("op+sa"), why=Why("8.6.1", "test", (), "attack"))
    commands = play(game)  # the Guerrilla Attack's own roll is the game's
    selected = [c for c in commands if c.startswith("select")]
    assert selected == ["select southern-laos", "select quang-nam", "select hue", "select kontum"]
    assert after(commands, "select hue")[1] == "guerrillas"
    assert after(commands, "select kontum")[1] == "troops"


@pytest.mark.parametrize(
    ("troops", "police", "order"),
    [
        (2, 2, "TPTP"),
        (2, 3, "TPTPP"),
        (3, 2, "PTTTP"),
        (3, 1, "TTTP"),
        (1, 3, "TPPP"),
        (0, 2, "PP"),
    ],
)
def test_cubes_alternate_fewest_first_last_police_last_8_1_2(
    troops: int, police: int, order: str
) -> None:
    got = "".join(_cube_turn(troops, police, n)[0].upper() for n in range(troops + police))
    assert got == order


# == 8.6.2 Pass, Event or Operations? =============================================================
COUPS = "leader-box 125 126"
"""2 Coup cards in the RVN Leader box."""
CALM = ("available 12 nva-guerrilla-u", "space hue 1 nva-guerrilla-u")
"""No Attack, Terror or Rally conditions (12 Guerrillas Available: no roll, 8.6.4)."""


@pytest.mark.parametrize(("roll", "passes"), [(3, True), (2, False)])
def test_pass_for_the_next_cards_nva_capability_8_6_2(roll: int, passes: bool) -> None:
    """The next card is an NVA Capability (Long Range Guns), the current one is not: a d6
    above the 2 Coup cards Passes, noting the look-ahead."""
    game = nva(COUPS, *CALM, next_card=32)
    choice = answer(game, roll)
    if passes:
        assert choice.command == Choose("pass") and choice.why.note == "capability-lookahead"
        game.apply(choice.command, why=Why(choice.why.rule, choice.why.reason, (), choice.why.note))
        assert (NVA, "capability-lookahead", CARD) in game.state.agent_notes
    else:
        assert choice.command == Choose("op+sa")


def test_a_capability_event_after_the_look_ahead_needs_no_roll_8_6_2() -> None:
    lines = (COUPS, "played 41", *CALM)
    noted = nva(*lines, "agent-notes NVA:capability-lookahead@41", card=32)
    choice = answer(noted)  # no roll
    assert choice.command == Choose("event") and "previous card" in choice.why.reason
    fresh = nva(*lines, card=32)
    assert answer(fresh, 3).command == Choose("event")
    assert answer(fresh, 2).command == Choose("op+sa")  # 2 does not exceed 2 Coup cards


def test_any_other_effective_event_is_played_8_6_2() -> None:
    game = nva(*CALM, card=35)  # Thanh Hoa, shaded: effective
    assert answer(game).command == Choose("event")


def test_no_event_when_the_next_card_is_any_capability_8_6_2_r292() -> None:
    """Ruling R292: the 3rd bullet plays an Event only when neither card is a Capability;
    with Top Gun (a US Capability) next, the NVA go on to Operations."""
    game = nva(*CALM, card=35, next_card=4)
    assert answer(game).command == Choose("op+sa")


def test_attack_comes_before_the_event_8_6_2_errata_7() -> None:
    """Checklist errata 7 (ruling R290): 8.6.2 follows the Attack conditions."""
    game = nva("space hue 4 nva-troops 1 arvn-base", card=35)
    choice = answer(game)
    assert choice.command == Choose("op+sa") and choice.why.note == "attack"


# == 8.6.3 Terror ==================================================================================
TERROR_LINES = (
    "space hue 1 nva-guerrilla-u passive-support",
    "space da-nang 1 nva-troops active-support",
    "space qui-nhon 1 nva-guerrilla-u",
)


@pytest.mark.parametrize(("roll", "terror"), [(3, True), (4, False)])
def test_terror_where_support_population_reaches_a_d6_8_6_3(roll: int, terror: bool) -> None:
    game = nva(*TERROR_LINES)
    assert (terror_conditions(game.state, roller(game, roll)) is not None) is terror


def test_terror_counts_the_highest_population_it_can_pay_for_8_6_3() -> None:
    game = nva(tracks(nva_resources=1), *TERROR_LINES)
    reason = terror_conditions(game.state, roller(game, 2))
    assert reason is not None and "2 Population" in reason
    assert terror_conditions(game.state, roller(game, 3)) is None


def test_terror_in_each_support_space_highest_population_first_then_bombard_8_6_3() -> None:
    game = nva(
        *TERROR_LINES,
        "space quang-tri-thua-thien 3 nva-troops 3 arvn-troops",
        "available 17 nva-guerrilla-u",
    )
    commands = play(game, 6, 1)  # 8.6.1: no Attack (the d6 6); 8.6.3: Terror (1)
    assert commands[:6] == [
        "op+sa",
        "terror",
        "not-now",
        "select hue",
        "select da-nang",
        "done",
    ]
    assert commands[6:8] == ["bombard", "select quang-tri-thua-thien"]
    assert game.state.space("hue").support == coinlake.Support.NEUTRAL
    assert pieces(game, "qui-nhon", "nva-guerrilla-u") == 1  # no Support there: no Terror


# == 8.6.4 Rally: conditions =======================================================================
@pytest.mark.parametrize(
    ("lines", "rolls", "reason"),
    [
        ((tracks(trail=1),), (), "Trail is 1"),
        (("space central-laos 1 nva-base 1 nva-guerrilla-u",), (), "1 NVA units"),
        (
            (
                "available 1 nva-base 10 nva-guerrilla-u",
                "space tay-ninh 2 nva-guerrilla-u 2 vc-guerrilla-u",
            ),
            (),
            "place an NVA Base",
        ),
        (("available 10 nva-guerrilla-u",), (5, 6), "2d6 11 exceeds the 10"),
        (("available 10 nva-guerrilla-u",), (4, 6), None),
        (("available 12 nva-guerrilla-u",), (), None),
    ],
)
def test_rally_conditions_8_6_4(
    lines: tuple[str, ...], rolls: tuple[int, ...], reason: str | None
) -> None:
    game = nva(*lines)
    found = rally_conditions(game.state, roller(game, *rolls))
    assert (found is None) if reason is None else (found is not None and reason in found)


# == 8.6.4 Rally: spaces, Trail, Infiltrate ========================================================
def test_rally_spaces_by_priority_up_to_3_then_improve_the_trail_8_6_4() -> None:
    game = nva(
        tracks(nva_resources=10),
        "available 1 nva-base 10 nva-guerrilla-u",
        "space tay-ninh 2 nva-guerrilla-a 1 nva-guerrilla-u 2 vc-guerrilla-u",
        "space the-fishhook 1 arvn-police",
        "space central-laos 1 nva-base",
        "space north-vietnam 1 nva-base 3 nva-guerrilla-u",
    )
    choice = answer(game)
    assert choice.why.note == "rally" and choice.why.rule == "8.6.4"
    commands = play(game)
    assert commands[:7] == [
        "op+sa",
        "rally",
        "not-now",
        "select tay-ninh",  # a Base: 4+ Guerrillas, 2 of them NVA
        "base-aa",  # Active Guerrillas replaced first (8.1.2)
        "select the-fishhook",  # COIN Control in Cambodia (1 Guerrilla: asked no more)
        "select central-laos",  # an NVA Base with 0 NVA units
    ]
    assert after(commands, "select central-laos")[:2] == ["select central-laos", "count 3"]
    assert "select north-vietnam" not in commands  # 3 spaces
    assert "improve-trail" in commands and game.state.trail == 3
    assert pieces(game, "tay-ninh", "nva-base") == 1


@pytest.mark.parametrize(
    ("line", "trail", "resources", "improved"),
    [
        ("capabilities 34:shaded", 2, 4, 4),  # 8.6.4 EXAMPLE: SA-2s shaded
        ("", 2, 3, 2),  # 2 Resources left after the Rally space
        ("", 3, 9, 3),  # Trail 3, 8 left: below 9
        ("", 3, 10, 4),
    ],
)
def test_trail_improvement_8_6_4(line: str, trail: int, resources: int, improved: int) -> None:
    game = nva(
        tracks(trail=trail, nva_resources=resources),
        "available 1 nva-guerrilla-u",
        "space central-laos 1 nva-base",
        *([line] if line else []),
    )
    play(game)
    assert game.state.trail == improved


def test_unshaded_aaa_rallies_in_1_space_to_improve_the_trail_8_6_4() -> None:
    game = nva(
        "capabilities 31:unshaded",
        "available 10 nva-guerrilla-u",
        "space central-laos 1 nva-base",
        "space southern-laos 1 nva-base 2 nva-guerrilla-u",
    )
    commands = play(game)
    assert len([c for c in commands if c.startswith("select")]) == 1
    assert game.state.trail == 3


def test_rally_if_none_march_if_none_pass_8_6_4_8_6_5() -> None:
    """8.6.4 IF NONE: Rally conditions met, no Rally possible (every space at Support):
    March. In Monsoon no March either (8.6.5 EXAMPLE): Pass."""
    lines = ("space hue 2 nva-troops active-support", "space da-nang 1 nva-troops active-support")
    game = nva(*lines)
    choice = answer(game, 6, 1, 1)  # no Terror (6 > 3 Pop); 2d6 2 > 0 Guerrillas Available
    assert choice.why.note == "march" and "no Rally is possible" in choice.why.reason
    monsoon = nva(*lines, next_card=125)
    choice = answer(monsoon, 6, 1, 1)
    assert choice.command == Choose("pass") and choice.why.rule == "8.6.5"


def test_in_monsoon_the_nva_rally_instead_of_marching_8_6_5_example() -> None:
    game = nva(*CALM, next_card=125)
    assert not march_possible(game.state)
    choice = answer(game)
    assert choice.why.note == "rally" and choice.why.rule == "8.6.5"


def test_infiltrate_replaces_a_tunneled_vc_base_first_8_6_4() -> None:
    """The Rally (3 Guerrillas Available: 1 space) improves the Trail; Infiltrate replaces
    the Tunneled VC Base, then the other -- its NVA Base taken from Laos, where most NVA
    pieces are, none being Available (8.6.4 NOTE)."""
    game = nva(
        "available 1 nva-base 6 nva-troops 3 nva-guerrilla-u",
        "space central-laos 1 nva-base",
        "space tay-ninh 2 nva-troops 1 nva-guerrilla-u 1 vc-base-t active-opposition",
        "space kien-phong 3 nva-troops 1 vc-base",
    )
    assert infiltrate_wanted(game.state)
    commands = play(game)
    assert after(commands, "infiltrate") == [
        "infiltrate",
        "select tay-ninh",  # Tunneled first (the takeover is the only way there)
        "move 1 vc-base-t tay-ninh available",
        "select kien-phong",
        "move 1 vc-base kien-phong available",
        "move 1 nva-base central-laos kien-phong",
    ]
    assert pieces(game, "tay-ninh", "nva-base-t") == 1
    assert game.state.space("tay-ninh").support == coinlake.Support.PASSIVE_OPPOSITION


def test_infiltrate_troops_at_the_base_with_most_guerrillas_keeping_2_8_6_4() -> None:
    """After the Rally (Trail 3), 4 Troops at the Base with most NVA Guerrillas, 3 of its 5
    Guerrillas replaced by Troops; then the other Base."""
    game = nva(
        "available 10 nva-troops 3 nva-guerrilla-u",
        "space central-laos 1 nva-base 1 nva-guerrilla-u",
        "space southern-laos 1 nva-base 5 nva-guerrilla-u",
    )
    assert infiltrate_wanted(game.state)
    commands = play(game)
    assert after(commands, "infiltrate")[:6] == [
        "infiltrate",
        "select southern-laos",
        "count 4",  # Trail 3 + 1 Base
        "move 3 nva-guerrilla-u southern-laos available",
        "done",
        "select central-laos",
    ]
    assert pieces(game, "southern-laos", "nva-guerrilla-u") == 2
    assert pieces(game, "southern-laos", "nva-troops") == 7


@pytest.mark.parametrize("line", ["available 3 nva-troops", "momentum 38"])
def test_bombard_when_infiltrate_places_too_little_or_is_impossible_8_6_4(line: str) -> None:
    """8.6.4 BOMBARD: fewer than 4 Troops and no Base -- or McNamara Line (checklist
    errata 8, ruling R296) -- Bombard instead."""
    game = nva(
        "available 5 nva-guerrilla-u",
        "space central-laos 1 nva-base",
        "space north-vietnam 1 nva-base 3 nva-troops",
        "space quang-tri-thua-thien 3 us-troops",
        f"{line} 5 nva-guerrilla-u"
        if line.startswith("available")
        else "available 5 nva-guerrilla-u 6 nva-troops",
        *([line] if line.startswith("momentum") else []),
    )
    assert not infiltrate_wanted(game.state)
    commands = play(game)
    assert "bombard" in commands and "infiltrate" not in commands


def test_rally_places_only_available_guerrillas_8_6_4_r297() -> None:
    """Ruling R297: with 1 Guerrilla Available the Rally takes 1 space -- no Guerrilla is
    taken from the map for the others (8.1.1)."""
    game = nva("available 1 nva-guerrilla-u", "space central-laos 1 nva-base", *CALM[1:])
    commands = play(game)
    assert [c for c in commands if c.startswith("select")] == ["select central-laos"]
    assert pieces(game, "hue", "nva-guerrilla-u") == 1


# == 8.6.5 March ===================================================================================
MARCH_CALM = ("available 12 nva-guerrilla-u",)
"""12 Guerrillas Available: no Rally roll (8.6.4)."""


def test_march_for_a_base_in_laos_guerrillas_first_then_troops_8_6_5() -> None:
    """1st bullet: an NVA Base Available -- 4 NVA units, 2 of them Guerrillas, into Central
    Laos; Troops rather than Guerrillas beyond those 2; NVA Control kept where it was."""
    game = nva(
        "available 12 nva-guerrilla-u 1 nva-base",
        "space north-vietnam 1 nva-guerrilla-u 4 nva-troops",
        "space quang-tri-thua-thien 2 nva-guerrilla-u",
    )
    assert march_possible(game.state)
    commands = play(game)
    assert commands == [
        "op+sa",
        "march",
        "select central-laos",
        "move 1 nva-guerrilla-u north-vietnam central-laos",
        "move 1 nva-guerrilla-u quang-tri-thua-thien central-laos",
        "move 2 nva-troops north-vietnam central-laos",
        "done",
        "done",
    ]
    assert pieces(game, "quang-tri-thua-thien", "nva-guerrilla-u") == 1  # NVA Control kept


def test_march_a_guerrilla_onto_hue_da_nang_then_control_then_ambush_a_base_8_6_5() -> None:
    """2nd bullet: 1 Underground Guerrilla onto the Hue-Da Nang Highway; 3rd bullet: NVA
    Control of Quang Nam (Hue needs 2, only 1 may come); AMBUSH: from the Highway the lone
    ARVN Base in Hue is removed."""
    game = nva(*MARCH_CALM, "space quang-tri-thua-thien 3 nva-guerrilla-u", "space hue 1 arvn-base")
    commands = play(game)
    assert commands[:4] == [
        "op+sa",
        "march",
        "select loc-hue-da-nang",
        "move 1 nva-guerrilla-u quang-tri-thua-thien loc-hue-da-nang",
    ]
    assert after(commands, "select quang-nam")[:3] == [
        "select quang-nam",
        "move 1 nva-guerrilla-u quang-tri-thua-thien quang-nam",
        "done",
    ]
    assert "ambush" in commands and pieces(game, "hue", "arvn-base") == 0


OUT_OF_REACH = (
    "space kien-giang-an-xuyen 4 vc-guerrilla-u",
    "space pleiku-darlac 3 vc-guerrilla-u",
    "space quang-duc-long-khanh 3 vc-guerrilla-u",
)
"""Population spaces next to the Fishhook and the Parrot's Beak that no March can take."""


def test_march_for_control_highest_population_one_group_no_us_base_8_6_5() -> None:
    """3rd bullet: Tay Ninh and Kien Phong (Pop 2) each need 1 group, but Kien Phong has a
    US Base: Tay Ninh; the Parrot's Beak group does not split, so Kien Phong is out of reach
    and An Loc (Pop 1) is next."""
    game = nva(
        *MARCH_CALM,
        "space the-fishhook 3 nva-troops",
        "space the-parrots-beak 5 nva-troops",
        "space tay-ninh 3 arvn-police",
        "space kien-phong 1 arvn-police 1 us-base",
        "space an-loc 1 arvn-police",
        *OUT_OF_REACH,
    )
    commands = play(game)
    assert commands == [
        "op+sa",
        "march",
        "not-now",
        "select tay-ninh",
        "move 4 nva-troops the-parrots-beak tay-ninh",
        "done",
        "select an-loc",
        "move 2 nva-troops the-fishhook an-loc",
        "done",
        "done",
        "no-sa",  # Bombard needs COIN Troops (8.6.1): the Police do not do
    ]


def test_no_march_for_control_of_spaces_without_population_8_6_5_r299() -> None:
    """Ruling R299: the 3rd bullet looks for Population. Central Laos (none) is the only
    space North Vietnam's Troops could take; Quang Tri's Guerrilla keeps its Control; no
    COIN Control calls the 4th bullet: no March."""
    game = nva(
        *MARCH_CALM,
        "space north-vietnam 6 nva-troops",
        "space quang-tri-thua-thien 1 nva-guerrilla-u",
    )
    assert not march_possible(game.state)


def test_march_troops_next_to_coin_control_8_6_5() -> None:
    """4th bullet: no Control to add (every Population space too strong): the most Troops
    not yet next to COIN Control into 1 space next to it (Tay Ninh, next to Saigon)."""
    game = nva(
        *MARCH_CALM,
        "space saigon 3 us-troops",
        "space the-parrots-beak 4 nva-troops",
        "space the-fishhook 3 nva-troops",
        "space tay-ninh 5 vc-guerrilla-u",
        "space kien-phong 3 vc-guerrilla-u",
        "space an-loc 2 vc-guerrilla-u",
        *OUT_OF_REACH,
    )
    commands = play(game)
    assert commands[:5] == [
        "op+sa",
        "march",
        "select tay-ninh",
        "move 3 nva-troops the-parrots-beak tay-ninh",
        "move 2 nva-troops the-fishhook tay-ninh",
    ]
    assert pieces(game, "tay-ninh", "nva-troops") == 5


TRAIL_BASE = (
    "available 12 nva-guerrilla-u 1 nva-base",
    "space north-vietnam 2 nva-base 2 nva-guerrilla-u 6 nva-troops",
    "space central-laos 2 vc-base",
)
"""An NVA Base Available; Central Laos has no room for one (1.4.2); Southern Laos is 2
spaces from North Vietnam."""


@pytest.mark.parametrize("trail", [4, 3])
def test_march_along_the_trail_for_a_base_only_at_trail_4_8_6_5_r300(trail: int) -> None:
    """1st bullet, ruling R300: at Trail 4 the group goes on through Central Laos (a
    destination of its own, THE TRAIL 3.3.2) into Southern Laos -- 2 Guerrillas, then
    Troops -- and leaves nobody in Central Laos; at Trail 3 no piece moves 2 spaces, so
    the 1st bullet has no space and the 2nd bullet comes first."""
    game = nva(tracks(trail=trail), *TRAIL_BASE)
    commands = play(game)
    if trail == 3:
        assert commands[2] == "select loc-hue-khe-sanh"
        assert "select southern-laos" not in commands
        return
    assert commands[:10] == [
        "op+sa",
        "march",
        "select central-laos",
        "move 2 nva-guerrilla-u north-vietnam central-laos",
        "move 2 nva-troops north-vietnam central-laos",
        "done",
        "select southern-laos",
        "move 2 nva-guerrilla-u central-laos southern-laos",
        "move 2 nva-troops central-laos southern-laos",
        "done",
    ]
    assert pieces(game, "central-laos", "nva-troops") == 0
    assert pieces(game, "central-laos", "nva-guerrilla-u") == 0


TRAIL_CONTROL = (
    *MARCH_CALM,
    "space north-vietnam 2 nva-base 8 nva-troops",
    "space quang-tri-thua-thien 1 nva-guerrilla-u",
    "space binh-dinh 1 arvn-police",
    *(f"space {k} 6 arvn-police" for k in ("quang-tin-quang-ngai", "tay-ninh", "kien-phong")),
    "space kien-giang-an-xuyen 6 arvn-police",
)
"""Binh Dinh (Population 2) is the only Population space the NVA can take, 3 spaces from
North Vietnam through Central and Southern Laos; Quang Tri keeps its NVA Control."""
TRAIL_MOVES = [
    "select central-laos",
    "move 2 nva-troops north-vietnam central-laos",
    "done",
    "select southern-laos",
    "move 2 nva-troops central-laos southern-laos",
    "done",
    "select binh-dinh",
    "move 2 nva-troops southern-laos binh-dinh",
    "done",
]


@pytest.mark.parametrize("trail", [4, 3])
def test_march_along_the_trail_to_add_control_at_trail_4_8_6_5_r300(trail: int) -> None:
    """3rd bullet, ruling R300: at Trail 4 the 2 Troops needed go from North Vietnam through
    Laos into Binh Dinh; at Trail 3 Binh Dinh is out of reach, no March is possible and the
    NVA Rally instead (8.6.5 IF NONE)."""
    game = nva(tracks(trail=trail), *TRAIL_CONTROL)
    assert march_possible(game.state) is (trail == 4)
    if trail == 3:
        assert answer(game).why.note == "rally"
        return
    commands = play(game)
    assert commands[2:11] == TRAIL_MOVES
    assert coinlake.control(game.state, "binh-dinh") is coinlake.Control.NVA
    assert (
        pieces(game, "central-laos", "nva-troops") + pieces(game, "southern-laos", "nva-troops")
        == 0
    )


def test_a_free_march_goes_along_the_trail_below_trail_4_8_6_5_r300() -> None:
    """A free March (Vo Nguyen Giap shaded, 3 destinations, 5.5) uses the Trail at Trail 2:
    the same 3 destinations as at Trail 4."""
    game = nva(tracks(trail=2), "ineligible US ARVN", *TRAIL_CONTROL, card=56)
    commands = play(game, limit=11)  # then a free action in each destination
    assert commands[:2] == ["event", "shaded"]
    assert commands[2:11] == TRAIL_MOVES


def test_nva_control_from_the_start_and_destinations_send_no_group_8_6_5_r300() -> None:
    """Ruling R300: the March notes NVA Control as the Operation began (North Vietnam, not
    Central Laos); Central Laos, given NVA Control by the 1st bullet, sends none of its
    Guerrillas on to Quang Tri for the 3rd (North Vietnam keeps 2 units at its Bases)."""
    game = nva(
        "available 12 nva-guerrilla-u 1 nva-base",
        "space north-vietnam 2 nva-base 4 nva-troops",
        "space central-laos 2 nva-guerrilla-u 1 vc-base 1 vc-guerrilla-u",
        "space quang-tri-thua-thien 1 arvn-police",
    )
    commands = play(game)
    assert commands[2:5] == [
        "select central-laos",
        "move 2 nva-troops north-vietnam central-laos",
        "done",
    ]
    assert "select quang-tri-thua-thien" not in commands
    assert pieces(game, "central-laos", "nva-guerrilla-u") == 2
    notes = [
        e.note for e in game.events if isinstance(e, Explained) and e.note.startswith("march-")
    ]
    note = MarchNote.decode(notes[0])
    assert note is not None and note.control == {"north-vietnam"}


def test_units_an_event_keeps_from_coming_are_replaced_8_6_5_r308() -> None:
    """Ruling R308: Plei Mei shaded lets only spaces outside South Vietnam March. A plan
    bringing Quang Tri's 3 Troops into Quang Nam (noted as the flowchart would) gets them
    from Central Laos instead, which may spare 4 (2 units stay at its Base); then done."""
    game = nva(
        *MARCH_CALM,
        "ineligible US ARVN",
        "space quang-tri-thua-thien 6 nva-troops",
        "space central-laos 1 nva-base 6 nva-troops",
        "space quang-nam 2 arvn-police",
        card=59,
    )
    assert play(game, limit=2) == ["event", "shaded"]
    assert game.state.pending is not None
    leg = Leg("quang-nam", ((Piece.NVA_TROOPS, 3, "quang-tri-thua-thien"),))
    note = MarchNote(3, 0, len(game.state.pending.answers), frozenset(), (leg,))
    game.apply(Select("quang-nam"), why=Why("8.6.5", "3rd bullet", (), note.encode()))
    choice = answer(game)
    assert str(choice.command) == "move 3 nva-troops central-laos quang-nam"
    game.apply(choice.command, why=choice.why)
    assert answer(game).command == Done()
    assert coinlake.control(game.state, "quang-nam") is coinlake.Control.NVA


MARCH_SPACES = (
    "north-vietnam",
    "central-laos",
    "southern-laos",
    "the-fishhook",
    "quang-tri-thua-thien",
    "binh-dinh",
    "tay-ninh",
)
"""Spaces of the property test below: North Vietnam, Laos, Cambodia and their neighbours."""


@settings(max_examples=25, deadline=None, database=None)
@given(
    trail=st.sampled_from([2, 4]),
    stacks=st.lists(
        st.tuples(
            st.sampled_from(MARCH_SPACES),
            st.integers(0, 5),
            st.integers(0, 2),
            st.integers(0, 3),
            st.booleans(),
        ),
        min_size=1,
        max_size=5,
        unique_by=lambda t: t[0],
    ),
)
def test_a_march_keeps_bases_control_and_leaves_no_transit_piece_8_6_5(
    trail: int, stacks: list[tuple[str, int, int, int, bool]]
) -> None:
    """8.6.5, ruling R300, for any position: after the NVA's turn 2 units stay at NVA Bases
    (or all there were), NVA Control held at the beginning is kept, and a Laos/Cambodia
    space passed along the Trail (only at Trail 4) ends with no more NVA units than before."""
    lines = []
    for key, troops, guerrillas, cubes, base in stacks:
        counts = (
            (troops, "nva-troops"),
            (guerrillas, "nva-guerrilla-u"),
            (cubes, "vc-guerrilla-a"),
        )
        words = [f"{n} {token}" for n, token in ((*counts, (int(base), "nva-base"))) if n]
        if words:
            lines.append(f"space {key} " + " ".join(words))
    game = nva("available 10 nva-guerrilla-u", tracks(trail=trail), *lines)
    before = game.state
    game.play_non_players()
    passed = {
        e.reason.split("through ")[1].split(" ")[0].rstrip(",")
        for e in game.events
        if isinstance(e, Explained) and e.faction is NVA and "along the Trail" in e.reason
    }
    assert trail == 4 or not passed
    for key in MARCH_SPACES:
        old, new = before.space(key), game.state.space(key)
        units = (Piece.NVA_TROOPS, *GUERRILLAS)
        if old.count(*NVA_BASES):
            assert new.count(*units) >= min(2, old.count(*units))
        if coinlake.control(before, key) is coinlake.Control.NVA:
            assert coinlake.control(game.state, key) is coinlake.Control.NVA
        if key in passed:
            assert new.count(*units) <= old.count(*units)


def test_the_march_note_reads_back_what_it_wrote_8_6_5() -> None:
    """The agent note of a March (an agent note is a lower-case word) keeps its plan."""
    note = MarchNote(
        3,
        2,
        7,
        frozenset({"north-vietnam", "hue"}),
        (
            Leg("central-laos", ((Piece.NVA_TROOPS, 2, "north-vietnam"),)),
            Leg("quang-nam", ((Piece.NVA_GUERRILLA_ACTIVE, 1, "central-laos"),)),
        ),
    )
    text = note.encode()
    assert Why("8.6.5", "a March", (), text).note == text
    assert MarchNote.decode(text) == note
    assert MarchNote.decode("march") is None


# == 8.6.6 Redeploy ================================================================================
def redeploy_game(*lines: str, final: bool = False) -> Game:
    """The NVA part of a Coup Round's Redeploy Phase (6.4.3); ``final``: no Coup card left."""
    coup = ("phase coup", "coup-phase redeploy", "coup-step part=nva-troops")
    return on_card(125, NP, *coup, *lines, next_card=None if final else 126)


def test_redeploy_bases_then_control_then_coin_control_8_6_6() -> None:
    """2 units at every NVA Base; then NVA Control (Tay Ninh needs 2, the fewest); then
    COIN Control removed where NVA Control cannot be added (Quang Tri: 6 of the 7 needed)."""
    game = redeploy_game(
        "space north-vietnam 1 nva-base 10 nva-troops 2 nva-guerrilla-u",
        "space central-laos 1 nva-base",
        "space tay-ninh 1 nva-base 2 nva-guerrilla-u 4 vc-guerrilla-u",
        "space quang-tri-thua-thien 1 nva-base 2 nva-guerrilla-u 9 arvn-troops",
    )
    commands = play(game)
    moves = [c for c in commands if c.startswith("move")]
    assert moves == [
        "move 2 nva-troops north-vietnam central-laos",
        "move 2 nva-troops north-vietnam tay-ninh",
        "move 6 nva-troops north-vietnam quang-tri-thua-thien",
    ]
    assert coinlake.control(game.state, "quang-tri-thua-thien") is coinlake.Control.NONE
    assert coinlake.control(game.state, "north-vietnam") is coinlake.Control.NVA


@pytest.mark.parametrize(("final", "moved"), [(False, 3), (True, 5)])
def test_redeploy_troops_next_to_coin_control_keeping_2_units_8_6_6(
    final: bool, moved: int
) -> None:
    """4th bullet: the Troops not yet next to COIN Control into Tay Ninh (next to Saigon);
    2 NVA units stay at North Vietnam's Base unless this is the final Coup Round."""
    game = redeploy_game(
        "space saigon 3 us-troops",
        "space tay-ninh 1 nva-base 2 nva-guerrilla-u",
        "space north-vietnam 1 nva-base 5 nva-troops",
        final=final,
    )
    play(game)
    assert pieces(game, "tay-ninh", "nva-troops") == moved


# == whole games ===================================================================================
def run_game(
    scenario: str, seed: int, non_players: set[str]
) -> tuple[Game, list[tuple[bool, Explained]]]:
    """Up to 1500 commands: the Non-players decide, any player takes the first legal
    command. Returns the game and, for each NVA decision, whether it was within an Event
    and its recorded reason."""
    game = coinlake.new_game(scenario, seed=seed, non_players=non_players)
    told: list[tuple[bool, Explained]] = []
    for _ in range(1500):
        decision = game.decision
        if decision is None:
            break
        if decision.faction is None or decision.faction.value not in non_players:
            if not game.play_non_players(limit=1):
                game.apply(game.legal()[0])
            continue
        game.play_non_players(limit=1)
        if decision.faction is NVA:
            reason = [e for e in game.node.events if isinstance(e, Explained)][-1]
            told.append((decision.context.within("event"), reason))
    return game, told


def check_reasons(told: list[tuple[bool, Explained]]) -> None:
    """No NVA decision falls back: no "flowchart yet", and a random 8.4.7 choice only
    inside an Event (8.4.7 is the rule there)."""
    assert told
    for in_event, reason in told:
        assert "flowchart yet" not in reason.reason
        assert reason.rule != "8.4.7" or in_event, reason


@pytest.mark.parametrize("scenario", coinlake.SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_games_with_the_nva_the_only_non_player_8_6(scenario: str, seed: int) -> None:
    _, told = run_game(scenario, seed, {"NVA"})
    check_reasons(told)
    rules = {e.rule for _, e in told}
    assert rules & {"8.6.1", "8.6.4", "8.6.5"}


@pytest.mark.parametrize("scenario", coinlake.SCENARIOS)
def test_games_with_four_non_players_8_6(scenario: str) -> None:
    _, told = run_game(scenario, 4, {"US", "ARVN", "NVA", "VC"})
    check_reasons(told)


def test_the_same_seed_gives_the_same_nva_game() -> None:
    one, _ = run_game("medium", 5, {"NVA"})
    two, _ = run_game("medium", 5, {"NVA"})
    assert one.events == two.events


# == 8.4.4 choices within Events ===================================================================
@pytest.mark.parametrize(("troops", "wanted"), [(6, "infiltrate"), (0, "resources")])
def test_detente_infiltrates_only_for_4_troops_8_4_4_r306(troops: int, wanted: str) -> None:
    """Detente shaded: a free Infiltrate or +9 Resources -- the flowchart's Infiltrate
    condition decides (8.6.4)."""
    game = nva(
        "ineligible ARVN",
        f"available 10 nva-guerrilla-u{f' {troops} nva-troops' if troops else ''}",
        "space central-laos 1 nva-base 4 nva-guerrilla-u",
        card=77,
    )
    commands = play(game)
    assert commands[:3] == ["event", "shaded", wanted]


def test_aid_and_patronage_lowered_by_the_shared_8_4_4_rule() -> None:
    """Honolulu Conference: Aid +10 or -10, Patronage +3 or -5 -- the NVA lower both
    (8.4.4), a choice the shared Event rules make, not the flowchart."""
    game = nva(tracks(aid=20, patronage=15), "ineligible US ARVN", card=64)
    commands = play(game)
    assert commands[:3] == ["event", "decrease", "decrease"]
    assert game.state.tracks[coinlake.Track.AID] == 10
    assert game.state.tracks[coinlake.Track.PATRONAGE] == 10
