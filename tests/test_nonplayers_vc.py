"""8.5 Non-player VC (``coinlake/nonplayers/vc.py``): each numbered step and priority from a
position, the section's worked example, the Coup Round choices, and whole games.

Positions are small Full-scenario maps on a card (``tests/cards/helpers.py``); the VC act
first on card 108 (Draft Dodgers), whose Event the Non-player VC never plays (a rifle, 8.4.1),
so the flowchart goes on to Operations. Expected values come from the rulebook, cited by
section; ``docs/rulings.md`` R270-R289 give the readings where it is unclear.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import coinlake
from coinlake import Choice, Choose, Count, Faction, Game, Kind, Piece, Support
from coinlake.nonplayers import NonPlayer, Roller, pick, vc
from coinlake.state.events import Chosen, Explained, Forced
from tests.cards.helpers import COUP, on_card, tracks
from tests.conftest import check_invariants

VC = Faction.VC
DRAFT_DODGERS = 108
"""VC 1st; the Non-player VC's instruction is a rifle (8.4.1): Operations instead."""
BOOBY_TRAPS, MAIN_FORCE_BNS, CADRES = 101, 104, 116
TOP_GUN = 4
"""A US Capability."""


class FixedRoller(Roller):
    """A roller whose rolls are given (the tests' dice)."""

    def __init__(self, *values: int) -> None:
        super().__init__(coinlake.new_game("short", seed=1).state)
        self.values = list(values)

    def roll(self, sides: int = 6) -> int:
        value = self.values.pop(0)
        self.rolls.append((sides, value))
        return value


def vc_game(*lines: str, card: int = DRAFT_DODGERS, next_card: int = 2) -> Game:
    """A game with the Non-player VC, waiting on the card's 1st Eligible Faction."""
    return on_card(card, "options non-players=VC", *lines, next_card=next_card)


def act(game: Game, limit: int = 400) -> list[str]:
    """Let the Non-players decide until a player must; the VC's reasons (rule and words)."""
    start = len(game.events)
    game.play_non_players(limit=limit)
    told = [e for e in game.events[start:] if isinstance(e, Explained) and e.faction is VC]
    return [f"{e.rule} {e.reason}" for e in told]


def said(game: Game) -> list[str]:
    """The VC's answers so far (chosen, and forced in the VC's steps), in the text notation."""
    out = []
    for e in game.events:
        if (isinstance(e, Chosen) and e.faction is VC) or isinstance(e, Forced):
            out.append(str(e.command))
    return out


def ask(game: Game, *rolls: int) -> Choice:
    """The flowchart's answer to the pending VC decision, with the given dice."""
    decision = game.decision
    assert decision is not None and decision.faction is VC
    choice = vc.flowchart(game, decision, FixedRoller(*rolls))
    assert choice is not None
    return choice


def answer(game: Game, *commands: str) -> Game:
    """Answer the pending decisions with ``commands`` (text notation), each with a reason."""
    for text in commands:
        game.apply(coinlake.parse(text), why=coinlake.Why("8.5", "test"))
    return game


def chosen(reasons: list[str], what: str) -> list[str]:
    """The spaces named after ``what:`` in the reasons, in order."""
    return [r.rsplit(": ", 1)[1] for r in reasons if what in r]


def level(game: Game, space: str) -> Support:
    return game.state.space(space).support


def count(game: Game, space: str, *pieces: Piece) -> int:
    return game.state.space(space).count(*pieces)


UG, AG = Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE
POPULATION = {s.id: s.population for s in coinlake.SPACES}


# == 8.5.1 Terror ==========================================================================
def test_terror_where_support_can_be_reached_most_population_first_8_5_1() -> None:
    game = vc_game(
        tracks(vc_resources=3),
        "space binh-dinh 1 vc-guerrilla-u passive-support",
        "space saigon 1 vc-guerrilla-u",
        "space qui-nhon 1 vc-guerrilla-u",
        "space quang-nam 1 vc-guerrilla-u",
    )
    told = act(game)
    assert told[0].startswith("8.5.1") and told[0].endswith("Terror")
    # 3 Resources: Saigon (6), Binh Dinh (2), then 1 of the two 1-Population spaces
    spaces = chosen(told, "Terror where a shift is possible")
    assert spaces[:2] == ["saigon", "binh-dinh"] and spaces[2] in ("qui-nhon", "quang-nam")
    assert level(game, "saigon") is Support.PASSIVE_OPPOSITION
    assert level(game, "binh-dinh") is Support.NEUTRAL
    # at 0 Resources the VC Tax before going on (the last Underground Guerrilla, 2 x Pop 1)
    assert "8.5.1 0 Resources: Tax before continuing Terror" in told
    assert chosen(told, "Tax elsewhere") == [
        k for k in ("qui-nhon", "quang-nam") if k not in spaces
    ]
    assert game.state.resources(VC) == 2 and told[-1] == "8.5.1 no more Terror spaces"


def test_example_of_8_1_1_terror_activates_and_costs_1_per_space() -> None:
    """8.1.1's example: Non-player VC Terror Activates an Underground Guerrilla and costs 1
    Resource per City or Province (3.3.4)."""
    game = vc_game(tracks(vc_resources=4), "space hue 2 vc-guerrilla-u passive-support")
    act(game)
    assert count(game, "hue", UG) == 1 and count(game, "hue", AG) == 1
    assert game.state.resources(VC) == 3 and game.state.space("hue").terror == 1


def test_terror_by_2d6_against_the_population_it_would_shift_8_5_1() -> None:
    lines = (
        tracks(vc_resources=2),
        "space tay-ninh 1 vc-guerrilla-u",
        "space kien-phong 1 vc-guerrilla-u",
        "space ba-xuyen 1 vc-guerrilla-u",
    )
    # 2 Resources reach Tay Ninh and Kien Phong: 4 Population
    choice = ask(vc_game(*lines), 1, 3)
    assert choice.command == Choose("op+sa") and "at least 2d6 = 4: Terror" in choice.why.reason
    assert choice.why.note == "op-terror" and choice.why.rolls == ((6, 1), (6, 3))
    choice = ask(vc_game(*lines), 2, 3, 6, 6, 6)  # 5 > 4: no Terror; then Rally's 3d6
    assert "no Terror (Terror would shift 4 Population, below 2d6 = 5)" in choice.why.reason


def test_no_roll_when_the_result_is_certain_r270() -> None:
    eight = vc_game(
        tracks(vc_resources=2), "space saigon 1 vc-guerrilla-u", "space hue 1 vc-guerrilla-u"
    )
    assert ask(eight, 3, 3).why.rolls == ((6, 3), (6, 3))  # 8 Population: a roll decides
    fourteen = vc_game(
        tracks(vc_resources=5),
        "space saigon 1 vc-guerrilla-u",
        *(f"space {k} 1 vc-guerrilla-u" for k in ("hue", "tay-ninh", "kien-phong", "binh-dinh")),
    )
    choice = ask(fourteen)  # 6 + 2 + 2 + 2 + 2 = 14: at least any 2d6 roll
    assert choice.why.rolls == () and "at least any 2d6 roll" in choice.why.reason
    one = vc_game(
        tracks(vc_resources=3), "space qui-nhon 1 vc-guerrilla-u", "available 12 vc-guerrilla-u"
    )
    choice = ask(one, 6, 6, 6)  # 1 Population: below any 2d6 roll; then Rally's 3d6
    assert "below any 2d6 roll" in choice.why.reason and len(choice.why.rolls) == 3


def test_terror_keeps_the_last_underground_guerrilla_at_a_base_8_5_1() -> None:
    game = vc_game(
        tracks(vc_resources=5),
        "space binh-dinh 1 vc-guerrilla-u passive-support",
        "space tay-ninh 1 vc-guerrilla-u 1 vc-base",  # Neutral, Base, last Underground: kept
        "space kien-phong 2 vc-guerrilla-u 1 vc-base passive-opposition",  # 2: one may go
        "space saigon 1 vc-guerrilla-u 1 vc-base passive-support",  # Support: used anyway
    )
    told = act(game)
    assert sorted(chosen(told, "Terror where a shift is possible")) == [
        "binh-dinh",
        "kien-phong",
        "saigon",
    ]
    assert count(game, "tay-ninh", UG) == 1 and not game.state.space("tay-ninh").terror


def test_terror_only_where_a_shift_is_possible_r271() -> None:
    state = vc_game(
        "space saigon 1 vc-guerrilla-u passive-support terror=1",  # a marker: no shift
        "space hue 1 vc-guerrilla-u active-opposition",
        "space phuoc-long 1 vc-guerrilla-u",  # Population 0
        "space tay-ninh 1 vc-guerrilla-a",  # no Underground Guerrilla
        "space kien-phong 1 vc-guerrilla-u",
    ).state
    wanted = [
        k
        for k in ("saigon", "hue", "phuoc-long", "tay-ninh", "kien-phong")
        if vc.terror_wanted(state, k)
    ]
    assert wanted == ["kien-phong"]
    # and a space at Support with a Terror marker does not meet the Terror condition
    go, _ = vc.terror_conditions(state, FixedRoller(6, 6), 10)
    assert not go


def test_terror_on_locs_only_above_12_resources_and_aid_below_30_8_5_1() -> None:
    lines = (
        "space saigon 1 vc-guerrilla-u passive-support",
        "space loc-saigon-can-tho 1 vc-guerrilla-u",
        "space loc-hue-da-nang 1 vc-guerrilla-u sabotage=1",
    )
    rich = vc_game(tracks(vc_resources=14, aid=20), *lines)
    told = act(rich)
    assert chosen(told, "Terror on an unSabotaged LoC") == ["loc-saigon-can-tho"]
    assert rich.state.space("loc-saigon-can-tho").sabotage == 1
    for poor in (tracks(vc_resources=12, aid=20), tracks(vc_resources=14, aid=30)):
        game = vc_game(poor, *lines)
        told = act(game)
        assert not chosen(told, "Terror on an unSabotaged LoC")
        assert not game.state.space("loc-saigon-can-tho").sabotage


# -- Tax and Subvert with the Operation (8.5.1) --------------------------------------------------
def test_tax_after_terror_locs_by_econ_then_active_support_8_5_1() -> None:
    game = vc_game(
        tracks(vc_resources=1),
        "space saigon 1 vc-guerrilla-u passive-support",
        "space loc-saigon-can-tho 1 vc-guerrilla-u",  # 2 Econ
        "space loc-hue-da-nang 1 vc-guerrilla-u",  # 1 Econ
        "space loc-da-nang-dak-to 1 vc-guerrilla-u",  # 0 Econ: never
        "space binh-dinh 1 vc-guerrilla-u active-support",
        "space quang-tri-thua-thien 1 vc-guerrilla-u",  # Neutral: only at 0 Resources
    )
    told = act(game)
    taxed = chosen(told, "Tax on a 2-Econ") + chosen(told, "Tax at Active Support")
    assert taxed == ["loc-saigon-can-tho", "loc-hue-da-nang", "binh-dinh"]
    # Terror spent the 1 Resource in Saigon; at 0 the VC Taxed (+2 +1 +4), then went on
    terror = chosen(told, "Terror where a shift is possible")
    assert terror == ["saigon", "quang-tri-thua-thien"]
    assert (
        told.index("8.5.1 0 Resources: Tax before continuing Terror")
        == told.index("8.5.1 Terror where a shift is possible, most Population: saigon") + 1
    )
    assert game.state.resources(VC) == 2 + 1 + 4 - 1
    assert count(game, "loc-da-nang-dak-to", UG) == 1


def test_no_tax_with_more_than_9_resources_subvert_instead_8_5_1() -> None:
    game = vc_game(
        tracks(vc_resources=12),  # 10 after Terror in Saigon and Kien Phong
        "space saigon 1 vc-guerrilla-u passive-support",
        "space loc-saigon-can-tho 1 vc-guerrilla-u",
        "space kien-phong 2 vc-guerrilla-u 2 arvn-police",
    )
    told = act(game)
    assert "8.5.1 no Tax: Subvert" in told
    assert count(game, "loc-saigon-can-tho", UG) == 1  # not Taxed
    assert count(game, "kien-phong", Piece.ARVN_POLICE) == 0  # 2 cubes removed


def test_subvert_to_remove_coin_control_first_then_most_cubes_8_5_1() -> None:
    state = vc_game(
        "space hue 1 vc-guerrilla-u 2 arvn-troops 2 arvn-police",  # 4 > 1: stays COIN
        "space binh-dinh 1 vc-guerrilla-u 2 arvn-police",  # COIN 2 > 1: removing 2 ends it
        "space qui-nhon 1 vc-guerrilla-u 1 arvn-police",  # 1 = 1: no COIN Control
        "space saigon 2 vc-guerrilla-u 2 arvn-troops 1 arvn-police",  # 3 > 2: 2 removed end it
    ).state
    found = pick(
        state, ["hue", "binh-dinh", "qui-nhon", "saigon"], vc.SUBVERT_PRIORITIES, FixedRoller()
    )
    assert found is not None and found[0] == "saigon"  # COIN Control, most Population
    found = pick(state, ["hue", "binh-dinh", "qui-nhon"], vc.SUBVERT_PRIORITIES, FixedRoller())
    assert found is not None and found[0] == "binh-dinh"
    found = pick(state, ["hue", "qui-nhon"], vc.SUBVERT_PRIORITIES, FixedRoller())
    assert found is not None and found[0] == "hue"  # then the most cubes (2 > 1)


def test_subvert_replaces_only_a_single_cube_and_removes_cubes_evenly_8_5_1() -> None:
    game = vc_game(
        tracks(vc_resources=12),
        "space saigon 1 vc-guerrilla-u passive-support",
        "space binh-dinh 2 vc-guerrilla-u 2 arvn-troops 3 arvn-police",
        "space qui-nhon 2 vc-guerrilla-u 1 arvn-police",
        "space hue 1 vc-guerrilla-u",
        "space da-nang 4 arvn-police",
    )
    told = act(game)
    assert "8.5.1 the only ARVN cube: replace it" in told
    assert "8.5.1 2 ARVN cubes: remove them" in told
    # Troops fewer: Troops first, then Police (8.1.2)
    assert count(game, "binh-dinh", Piece.ARVN_TROOPS) == 1
    assert count(game, "binh-dinh", Piece.ARVN_POLICE) == 2
    assert count(game, "qui-nhon", Piece.ARVN_POLICE) == 0 and count(game, "qui-nhon", UG) == 2


# == 8.5.2 Event or Operations ====================================================================
def test_pass_for_a_coming_vc_capability_then_play_it_without_rolling_8_5_2() -> None:
    lines = ("leader-box 125 126", "space hue 1 vc-guerrilla-a", "available 10 vc-guerrilla-u")
    game = vc_game(*lines, next_card=MAIN_FORCE_BNS)
    choice = ask(game, 3)  # 3 > 2 Coup cards in the RVN Leader box
    assert choice.command == Choose("pass") and choice.why.note == "capability-lookahead"
    assert "#104 is a VC Capability, d6 = 3 > 2 Coup cards" in choice.why.reason
    low = ask(vc_game(*lines, next_card=MAIN_FORCE_BNS), 2, 6, 6, 6)  # 2 <= 2: Operations
    assert (
        low.command == Choose("op+sa") and "no Pass for the coming VC Capability" in low.why.reason
    )
    # on the next card the VC play the Capability with no roll
    after = vc_game(
        *lines,
        f"played {DRAFT_DODGERS}",
        f"agent-notes VC:capability-lookahead@{DRAFT_DODGERS}",
        card=MAIN_FORCE_BNS,
    )
    choice = ask(after)
    assert choice.command == Choose("event") and choice.why.rolls == ()
    assert "the d6 of the previous card" in choice.why.reason


def test_a_noted_pass_is_remembered_in_the_game_8_5_2() -> None:
    game = vc_game("leader-box 125", "space hue 1 vc-guerrilla-a", next_card=MAIN_FORCE_BNS)
    act(game)  # no Coup card in the box: any d6 exceeds it, no roll
    assert game.state.turn.passed == (VC,)
    assert (VC, "capability-lookahead", DRAFT_DODGERS) in game.state.agent_notes


def test_a_current_capability_is_played_on_a_d6_above_the_coup_cards_8_5_2() -> None:
    lines = ("leader-box 125 126 127", "space hue 1 vc-guerrilla-a", "available 10 vc-guerrilla-u")
    assert ask(vc_game(*lines, card=BOOBY_TRAPS), 4).command == Choose("event")
    declined = ask(vc_game(*lines, card=BOOBY_TRAPS), 3, 6, 6, 6)
    assert declined.command == Choose("op+sa") and "Capability not played" in declined.why.reason


def test_no_event_when_the_next_card_is_a_capability_r280() -> None:
    game = vc_game(
        "space hue 1 vc-guerrilla-a", "available 10 vc-guerrilla-u", card=120, next_card=TOP_GUN
    )
    choice = ask(game, 6, 6, 6)
    assert choice.command == Choose("op+sa")
    assert "a Capability is current or next: no Event" in choice.why.reason


def test_an_effective_event_is_played_when_no_capability_is_near_8_5_2() -> None:
    lines = (
        "space saigon 2 arvn-police 1 vc-guerrilla-a active-support",
        "space hue 1 vc-guerrilla-a",
    )
    choice = ask(vc_game(*lines, card=107))  # Burning Bonze, shaded (8.4.2)
    assert choice.command == Choose("event") and "no Capability: Burning Bonze" in choice.why.reason
    ineffective = ask(vc_game(*lines, card=120))  # US Press Corps: nothing would happen (8.1)
    assert ineffective.command != Choose("event")
    assert "Event declined (the shaded text of US Press Corps would be Ineffective)" in (
        ineffective.why.reason
    )
    rifle = ask(vc_game(*lines))
    assert "Draft Dodgers shows a rifle" in rifle.why.reason


def test_terror_comes_before_the_event_8_5_2() -> None:
    game = vc_game("space binh-dinh 1 vc-guerrilla-u passive-support", card=120)
    assert ask(game).why.note == "op-terror"


# == 8.5.3 Rally ============================================================================
def test_rally_when_it_would_place_two_bases_active_guerrillas_removed_first_8_5_3() -> None:
    game = vc_game(
        tracks(vc_resources=6),
        "space tay-ninh 2 vc-guerrilla-u 2 vc-guerrilla-a",
        "space kien-phong 4 vc-guerrilla-u",
        "available 2 vc-base",
    )
    told = act(game)
    assert told[0].endswith("Rally would place 2 VC Bases; Rally")
    assert sorted(chosen(told, "Rally a Base where 4+ VC Guerrillas")) == ["kien-phong", "tay-ninh"]
    answers = said(game)
    assert answers[answers.index("select tay-ninh") + 1] == "base-aa"
    assert answers[answers.index("select kien-phong") + 1] == "base-uu"
    assert count(game, "tay-ninh", Piece.VC_BASE) == count(game, "kien-phong", Piece.VC_BASE) == 1


def test_rally_by_3d6_below_the_available_guerrillas_else_march_8_5_3() -> None:
    lines = (
        "space hue 1 vc-guerrilla-a",
        "available 9 vc-guerrilla-u",
        "space loc-hue-da-nang 1 arvn-police",
    )
    below = ask(vc_game(*lines), 2, 3, 3)
    assert below.why.note == "op-rally" and "3d6 = 8 < 9 Available" in below.why.reason
    above = ask(vc_game(*lines, "space quang-nam 2 vc-guerrilla-u"), 3, 3, 3)
    assert "3d6 = 9 >= 9 Available" in above.why.reason and above.why.note == "op-march"


def test_rally_bullets_in_order_8_5_3() -> None:
    game = vc_game(
        tracks(vc_resources=6),
        "available 15 vc-guerrilla-u",
        "space quang-nam 1 arvn-police",  # no VC Guerrilla, ARVN cubes: the 1st single
        "space tay-ninh 1 vc-guerrilla-u 1 vc-base",  # Base, < 4 Underground: Pop + Bases
        "space binh-dinh 2 vc-guerrilla-a",  # 1-3 Guerrillas: 1 more
        "space saigon passive-support 1 vc-guerrilla-a",  # Support: no Rally (3.3.1)
    )
    told = act(game)
    singles = chosen(told, "no VC Guerrilla yet")
    assert len(singles) == 2 and singles[0] == "quang-nam"
    assert POPULATION[singles[1]] >= 1
    assert chosen(told, "at a VC Base") == ["tay-ninh"]
    assert chosen(told, "where 1-3 VC Guerrillas") == ["binh-dinh"]
    assert count(game, "tay-ninh", UG) == 1 + 2 + 1  # Population 2 + 1 Base
    assert count(game, "binh-dinh", UG) == 1
    # the last bullet: other spaces of South Vietnam, until 6 spaces
    others = chosen(told, "Rally in another space of South Vietnam")
    assert len(others) == 2 and "saigon" not in others
    assert "8.5.3 6 Rally spaces" in told


def test_rally_in_at_most_6_spaces_8_5_3() -> None:
    spaces = ("hue", "da-nang", "kontum", "qui-nhon", "cam-ranh", "an-loc", "can-tho")
    game = vc_game(
        tracks(vc_resources=10),
        "available 15 vc-guerrilla-u",
        *(f"space {k} 1 vc-guerrilla-a" for k in spaces),
    )
    told = act(game)
    assert len(chosen(told, "no VC Guerrilla yet")) == 2
    assert len(chosen(told, "where 1-3 VC Guerrillas")) == 4 and "8.5.3 6 Rally spaces" in told


def test_rally_first_where_it_removes_coin_control_r274() -> None:
    state = vc_game(
        "available 15 vc-guerrilla-u",
        "space hue 1 vc-guerrilla-u 2 arvn-police",  # COIN 2 > 1; one more VC ends it
        "space da-nang 1 vc-guerrilla-u",
        "space kontum 1 vc-guerrilla-u 3 arvn-police",  # 3 > 2 still
    ).state
    priorities = vc._rally_priorities(state, True)
    found = pick(state, ["da-nang", "kontum", "hue"], priorities, FixedRoller())
    assert found is not None and found[0] == "hue"


def test_rally_places_only_available_guerrillas_r275() -> None:
    game = vc_game(
        tracks(vc_resources=3),
        "available 1 vc-guerrilla-u",
        "space saigon 1 vc-guerrilla-u 1 vc-base",  # could place 7
        "space tay-ninh 3 vc-guerrilla-u",
    )
    answer(game, "op+sa", "rally", "not-now", "select saigon")
    choice = ask(game)
    assert choice.command == Count(1)  # 1 Available, none taken from the map
    answer(game, "count 1")
    assert count(game, "tay-ninh", UG) == 3


def test_rally_at_0_resources_taxes_first_8_5_3() -> None:
    game = vc_game(
        tracks(vc_resources=1),
        "available 15 vc-guerrilla-u",
        "space quang-nam",
        "space loc-saigon-can-tho 1 vc-guerrilla-u",
        "space hue 1 vc-guerrilla-u",
    )
    answer(game, "op+sa", "rally", "not-now", "select quang-nam")
    choice = ask(game)
    assert (
        choice.command == Choose("tax")
        and "0 Resources: Tax before continuing Rally" in choice.why.reason
    )


def test_rally_then_tax_else_subvert_8_5_3() -> None:
    game = vc_game(
        tracks(vc_resources=12),
        "available 15 vc-guerrilla-u",
        "space tay-ninh 2 vc-guerrilla-u 1 arvn-troops",
        "space loc-saigon-can-tho 1 vc-guerrilla-u",
    )
    answer(game, "op+sa", "rally", "not-now", "select quang-nam", "done")
    decision = game.decision
    assert decision is not None and Choose("no-sa") in decision.options
    choice = ask(game)  # 11 Resources: no Tax
    assert choice.command == Choose("subvert")


def test_shaded_cadres_agitates_when_it_shifts_8_5_3() -> None:
    game = vc_game(
        tracks(vc_resources=5),
        f"capabilities {CADRES}:shaded",
        "available 15 vc-guerrilla-u",
        "space tay-ninh 1 vc-guerrilla-u 1 vc-base terror=1",
    )
    answer(game, "op+sa", "rally", "not-now", "select tay-ninh")
    while (decision := game.decision) is not None and decision.rule != "5.3":
        game.apply(ask(game).command, why=coinlake.Why("8.5", "test"))
    choice = ask(game)
    assert choice.command == Count(3)  # the Terror marker, then 2 levels


def test_rally_once_the_vc_could_not_attack_r272() -> None:
    game = vc_game(
        tracks(vc_resources=2),
        "available 9 vc-guerrilla-u",
        "space quang-nam 1 vc-guerrilla-a",  # nothing to March (1 stays) or Attack
    )
    choice = ask(game, 6, 6, 6)  # 18 >= 9: no Rally by the roll
    assert choice.why.note == "op-rally"
    assert choice.why.reason.endswith("no March possible; no Attack possible; Rally")


def test_an_events_free_rally_follows_the_rally_priorities_8_4_4() -> None:
    game = vc_game(
        tracks(vc_resources=0),  # free: no Resources needed (3.1.2)
        "available 10 vc-guerrilla-u",
        "space tay-ninh 1 vc-guerrilla-a 1 vc-base",
        "space quang-nam 1 arvn-police",
        card=77,  # Detente, shaded: the VC Rally for free in up to 6 spaces
    )
    answer(game, "event", "shaded", "resources")
    told = act(game)
    assert chosen(told, "no VC Guerrilla yet")[0] == "quang-nam"
    assert chosen(told, "at a VC Base") == ["tay-ninh"]
    assert told[-1] == "8.5.3 6 Rally spaces"


# == 8.5.4 March ============================================================================
def test_march_first_puts_1_underground_guerrilla_on_up_to_3_locs_8_5_4() -> None:
    game = vc_game(
        tracks(vc_resources=0),
        "space saigon 5 vc-guerrilla-u active-opposition",
        "space kien-phong 1 vc-guerrilla-a active-opposition",
    )
    told = act(game)
    assert told[0].endswith("March")
    locs = chosen(told, "1 Underground Guerrilla onto a 1- or 2-Econ LoC")
    assert len(locs) == 3 and locs[0] == "loc-saigon-can-tho"  # the 2-Econ LoC first (8.3)
    assert all(count(game, k, Piece.VC_GUERRILLA_UNDERGROUND, AG) == 1 for k in locs)
    assert count(game, "saigon", UG) == 2  # 5 - 3: at 0 Resources no Population space (8.5.4)


def test_march_leaves_guerrillas_behind_and_adds_no_control_8_5_4() -> None:
    state = vc_game(
        "space tay-ninh 3 vc-guerrilla-u 2 arvn-police",  # 2 leaving would give COIN Control
        "space kien-phong 3 vc-guerrilla-u 1 vc-base",  # a Base keeps 2
        "space quang-nam 3 vc-guerrilla-u 2 nva-guerrilla-u",  # 2 leaving would give NVA Control
        "space the-fishhook 3 vc-guerrilla-u",  # outside South Vietnam: all may go
        "space loc-saigon-can-tho 2 vc-guerrilla-u",  # a 1-2 Econ LoC keeps 1 (R277)
    ).state
    start = vc.History(state, ())
    spare = {
        k: vc.leavers(state, start, k).total
        for k in ("tay-ninh", "kien-phong", "quang-nam", "the-fishhook", "loc-saigon-can-tho")
    }
    assert spare == {
        "tay-ninh": 1,
        "kien-phong": 1,
        "quang-nam": 1,
        "the-fishhook": 3,
        "loc-saigon-can-tho": 1,
    }


MARCH_MAP = (
    "space the-fishhook 4 vc-guerrilla-u",
    "space loc-saigon-an-loc-ban-me-thuot 3 arvn-police",  # a group of 1 would Activate
    "space an-loc passive-support 2 arvn-police",  # Support: groups of 1 stay Underground
    "space pleiku-darlac active-opposition",  # no Underground counted at Active Opposition
    "space tay-ninh 1 vc-base 1 nva-base",  # no room for a Base
)


def test_march_into_population_most_underground_then_room_for_a_base_8_5_4() -> None:
    state = vc_game(*MARCH_MAP).state
    priorities = vc.march_priorities(state, vc.History(state, ()), (), 5)
    dests = [
        "an-loc",
        "pleiku-darlac",
        "quang-duc-long-khanh",
        "tay-ninh",
        "loc-saigon-an-loc-ban-me-thuot",
    ]
    found = pick(state, dests, priorities, FixedRoller())
    assert found is not None and found[0] == "quang-duc-long-khanh"  # 4 Underground, room
    assert found[1].wants.startswith("March into Population")
    plan = vc.march_plan(state, vc.History(state, ()), "an-loc")
    assert plan == {("the-fishhook", UG): 1}  # 1 + 2 Police = 3: stays Underground
    assert vc.march_plan(state, vc.History(state, ()), "loc-saigon-an-loc-ban-me-thuot") == {}


def test_march_to_remove_coin_control_among_equals_8_5_4() -> None:
    state = vc_game(
        "space the-fishhook 2 vc-guerrilla-u",
        "space phuoc-long",
        "space quang-duc-long-khanh 1 arvn-police",  # 1 > 0: two arriving end COIN Control
        "space tay-ninh",
        "space an-loc",
        "space pleiku-darlac",
    ).state
    priorities = vc.march_priorities(state, vc.History(state, ()), (), 5)
    found = pick(
        state,
        ["an-loc", "pleiku-darlac", "quang-duc-long-khanh", "tay-ninh"],
        priorities,
        FixedRoller(),
    )
    assert found is not None and found[0] == "quang-duc-long-khanh"


def test_march_to_remove_nva_control_only_when_the_nva_are_a_player_8_5_4() -> None:
    lines = ("space the-fishhook 3 vc-guerrilla-u", "space phuoc-long 2 nva-guerrilla-u 1 vc-base")
    state = vc_game(*lines).state  # the NVA are a player
    priorities = vc.march_priorities(state, vc.History(state, ()), (), 5)
    found = pick(state, ["phuoc-long"], priorities, FixedRoller())
    assert found is not None and found[1].wants.startswith("NVA a player")
    both = on_card(DRAFT_DODGERS, "options non-players=NVA,VC", *lines).state
    priorities = vc.march_priorities(both, vc.History(both, ()), (), 5)
    assert pick(both, ["phuoc-long"], priorities, FixedRoller()) is None


def test_no_march_in_monsoon_attack_instead_8_5_4() -> None:
    lines = (
        tracks(vc_resources=3),
        "space quang-nam 2 vc-guerrilla-u active-opposition 1 arvn-police",
    )
    assert ask(vc_game(*lines)).why.note == "op-march"
    monsoon = ask(vc_game(*lines, next_card=COUP))
    assert monsoon.why.note == "op-attack" and "no March possible; Attack" in monsoon.why.reason


def test_march_then_ambush_from_the_loc_with_a_guerrilla_that_marched_8_5_4() -> None:
    game = vc_game(
        tracks(vc_resources=0),
        "space saigon 2 vc-guerrilla-u active-opposition",
        "space can-tho 1 us-troops 1 arvn-police",
        "space loc-saigon-cam-ranh 3 arvn-police",
        "space loc-saigon-da-lat 3 arvn-police",
        "space loc-saigon-an-loc-ban-me-thuot 3 arvn-police",
    )
    told = act(game)
    assert chosen(told, "1 Underground Guerrilla onto") == ["loc-saigon-can-tho"]
    assert "8.5.4 AMBUSH with Guerrillas that just Marched" in told
    # from the LoC into Can Tho, US before ARVN (8.5.4)
    assert (
        count(game, "can-tho", Piece.US_TROOPS) == 0 and game.state.casualties[Piece.US_TROOPS] == 1
    )
    assert count(game, "loc-saigon-can-tho", AG) == 1


def test_march_then_tax_or_subvert_8_5_4() -> None:
    game = vc_game(
        tracks(vc_resources=0),
        "space saigon 2 vc-guerrilla-u active-opposition",
        "space loc-saigon-cam-ranh 3 arvn-police",
        "space loc-saigon-da-lat 3 arvn-police",
        "space loc-saigon-an-loc-ban-me-thuot 3 arvn-police",
    )
    told = act(game)
    assert "8.5.1 Tax" in told and chosen(told, "Tax on a 2-Econ") == ["loc-saigon-can-tho"]
    assert game.state.resources(VC) == 2


def test_example_of_8_5_4_march_then_attack_then_rally_with_tax_first() -> None:
    """8.5.4's example: March at 0 Resources cannot get an Underground Guerrilla onto a LoC;
    Attack needs a Resource; so Rally, beginning with Tax."""
    game = vc_game(
        tracks(vc_resources=0),
        "space quang-nam 2 vc-guerrilla-a 1 arvn-police",
        "space tay-ninh 1 vc-guerrilla-u active-opposition",
        "available 3 vc-guerrilla-u",  # 3d6 never below 3: March first (8.5.3)
    )
    choice = ask(game)
    assert choice.why.note == "op-rally"
    assert "Rally, beginning with Tax" in choice.why.reason
    told = act(game)
    assert "8.5.3 0 Resources: a Rally beginning with Tax" in told  # R86, 4.1
    assert game.state.space("tay-ninh").support is Support.PASSIVE_OPPOSITION  # Taxed
    assert game.state.turn.acted[0] == (VC, "op+sa")
    assert game.state.resources(VC) < 4  # the Rally spent what the Tax brought


# == 8.5.5 Attack ===========================================================================
def test_attack_ambushes_first_then_attacks_with_3_active_8_5_5() -> None:
    game = vc_game(
        tracks(vc_resources=3),
        "dice 1",  # the Attack roll in Binh Dinh
        "space quang-nam 1 vc-guerrilla-u 2 arvn-police",  # Ambush: 1 Underground
        "space binh-dinh 3 vc-guerrilla-a 1 us-troops 1 arvn-police",  # Attack: 3 Active
        "space hue 2 vc-guerrilla-a 1 arvn-police",  # 2 Active: no Attack
        next_card=COUP,  # Monsoon: no March
    )
    told = act(game)
    assert chosen(told, "Ambush to remove Troops or Police") == ["quang-nam"]
    assert chosen(told, "Attack to remove Troops and Police") == ["binh-dinh"]
    assert "8.5.5 Ambush with an Underground Guerrilla" in told
    assert count(game, "quang-nam", Piece.ARVN_POLICE) == 1
    # Troops and Police evenly (1 each: Troops first), US before ARVN; Attrition for the US
    assert count(game, "binh-dinh", Piece.US_TROOPS, Piece.ARVN_POLICE) == 0
    assert count(game, "binh-dinh", AG) == 2
    assert count(game, "hue", Piece.ARVN_POLICE) == 1
    assert "8.5.1 Tax" not in told  # the Ambush was the Special Activity


def test_attack_priorities_bases_then_special_forces_then_cubes_us_first_8_5_5() -> None:
    state = vc_game(
        "space hue 3 vc-guerrilla-a 1 arvn-police 1 arvn-base",  # a Base may go
        "space da-nang 3 vc-guerrilla-a 1 arvn-ranger-u 1 arvn-police",
        "space kontum 3 vc-guerrilla-a 1 us-irregular-a 1 arvn-police",
        "space qui-nhon 3 vc-guerrilla-a 2 arvn-police",
        "space cam-ranh 3 vc-guerrilla-a 1 vc-guerrilla-u 2 arvn-police",  # Underground: no
    ).state
    spaces = ["cam-ranh", "qui-nhon", "da-nang", "kontum", "hue"]
    order = []
    while spaces:
        found = pick(state, spaces, vc.ATTACK_PRIORITIES, FixedRoller())
        if found is None:
            break
        order.append(found[0])
        spaces.remove(found[0])
    assert order == ["hue", "kontum", "da-nang", "qui-nhon"]


def test_enemy_pieces_removed_in_the_8_1_2_order_r276() -> None:
    before = vc_game("space hue 2 us-troops 2 arvn-troops 3 arvn-police").state
    assert vc._first_cube(before, before, "hue") == "police"  # 4 Troops, 3 Police: fewer
    three = vc_game("space hue 1 us-troops 2 arvn-police").state
    assert vc._first_cube(three, three, "hue") == "troops"
    fewer_police = vc_game("space hue 3 arvn-troops 2 arvn-police").state
    assert vc._first_cube(fewer_police, fewer_police, "hue") == "police"
    after_one = vc_game("space hue 3 arvn-troops 1 arvn-police").state
    assert vc._first_cube(fewer_police, after_one, "hue") == "troops"  # alternate; last Police last
    ranks = sorted(
        [
            Piece.ARVN_POLICE,
            Piece.US_TROOPS,
            Piece.US_BASE,
            Piece.ARVN_RANGER_ACTIVE,
            Piece.US_IRREGULAR_UNDERGROUND,
        ],
        key=lambda p: vc._enemy_rank(p, "troops"),
    )
    assert ranks == [
        Piece.US_BASE,
        Piece.US_IRREGULAR_UNDERGROUND,
        Piece.ARVN_RANGER_ACTIVE,
        Piece.US_TROOPS,
        Piece.ARVN_POLICE,
    ]


def test_ambush_from_a_loc_into_the_adjacent_space_us_first_8_5_4() -> None:
    state = vc_game(
        "space loc-hue-da-nang 1 vc-guerrilla-u",  # reaches Hue and Da Nang
        "space hue 1 arvn-police",
        "space da-nang 1 us-troops",
        "space quang-nam 1 vc-guerrilla-u 1 us-troops",
    ).state
    found = pick(
        state, ["quang-nam", "loc-hue-da-nang"], vc.ambush_priorities(state, True), FixedRoller()
    )
    assert found is not None and found[0] == "loc-hue-da-nang"
    targets = vc._target_priorities("loc-hue-da-nang", True)
    found = pick(state, ["hue", "da-nang", "loc-hue-da-nang"], targets, FixedRoller())
    assert found is not None and found[0] == "da-nang"


def test_ambush_to_let_a_base_be_removed_next_8_5_4() -> None:
    state = vc_game(
        "space loc-hue-da-nang 1 vc-guerrilla-u",
        "space hue 1 vc-guerrilla-u 1 arvn-police 1 arvn-base",  # after 1 removal, the Base
        "space quang-nam 1 vc-guerrilla-u 1 us-irregular-u",
    ).state
    found = pick(
        state,
        ["quang-nam", "loc-hue-da-nang", "hue"],
        vc.ambush_priorities(state, True),
        FixedRoller(),
    )
    assert found is not None and found[1].wants == "Ambush so that a COIN Base can be removed next"
    assert found[0] == "loc-hue-da-nang"  # from the LoC into Hue; Hue itself Ambushes next
    alone = vc.ambush_priorities(state, False)  # no second Ambush and no Attack: not this
    found = pick(state, ["quang-nam", "loc-hue-da-nang", "hue"], alone, FixedRoller())
    assert found is not None and found[1].wants == "Ambush to remove Special Forces"


def test_attack_without_ambush_then_tax_8_5_5() -> None:
    game = vc_game(
        tracks(vc_resources=2),
        "dice 6",
        "space binh-dinh 3 vc-guerrilla-a 1 arvn-police",
        "space loc-saigon-can-tho 1 vc-guerrilla-u",
        next_card=COUP,
    )
    told = act(game)
    assert chosen(told, "Attack to remove Troops and Police") == ["binh-dinh"]
    assert "8.5.1 Tax" in told and game.state.resources(VC) == 1 + 2


# == 8.5.6 Agitate and the other Coup Round choices ===============================================
def test_agitate_for_the_greatest_shift_support_first_no_terror_first_8_5_6() -> None:
    state = vc_game(
        tracks(vc_resources=5),
        "space saigon 1 vc-guerrilla-a active-opposition",  # no shift left
        "space hue 1 vc-guerrilla-a passive-support",  # Pop 2 x 2 levels = 4, Support
        "space tay-ninh 1 vc-guerrilla-a",  # Pop 2 x 2 = 4, no Support
        "space kien-phong 1 vc-guerrilla-a passive-support terror=1",  # 4, Support, Terror
        "space qui-nhon 1 vc-guerrilla-a",  # Pop 1 x 2 = 2
    ).state
    candidates = ["saigon", "hue", "tay-ninh", "kien-phong", "qui-nhon"]
    found = pick(state, candidates, vc.AGITATE_PRIORITIES, FixedRoller())
    assert found is not None and found[0] == "hue"
    assert vc._agitation_levels(state, "saigon") == 0


def test_agitate_removes_terror_only_where_a_shift_follows_8_5_6() -> None:
    state = vc_game(
        tracks(vc_resources=1), "space hue 1 vc-guerrilla-a passive-support terror=1"
    ).state
    assert vc._agitation_levels(state, "hue") == 0  # 1 Resource: the marker only
    state = vc_game(
        tracks(vc_resources=2), "space hue 1 vc-guerrilla-a passive-support terror=1"
    ).state
    assert vc._agitation_levels(state, "hue") == 1


def test_withdrawal_shifts_for_opposition_then_against_support_r279() -> None:
    state = vc_game(
        "space saigon active-support", "space hue", "space tay-ninh passive-opposition"
    ).state
    found = pick(state, ["saigon", "hue", "tay-ninh"], vc.WITHDRAWAL_PRIORITIES, FixedRoller(1, 1))
    assert found is not None and found[0] in ("hue", "tay-ninh")  # Pop 2, Opposition gained
    found = pick(state, ["saigon", "qui-nhon"], vc.WITHDRAWAL_PRIORITIES, FixedRoller())
    assert found is not None and found[0] == "qui-nhon"  # Pop 1 gained beats 6 Support lost


# == whole games ============================================================================
OWN_STEPS = frozenset(vc.STEPS) | {"eligible-turn"}
"""Procedures whose VC questions the flowchart answers itself (an Event's own choices and
Pivotal Events go to the shared rules, 8.4)."""


def play(
    scenario: str, seed: int, non_players: set[str], limit: int = 1500
) -> tuple[Game, list[str]]:
    """A game where the other Factions' players take the first legal command; returns it and
    every reason the VC's flowchart gave in its own steps, checking each answer on the way."""
    game = coinlake.new_game(scenario, seed=seed, non_players=non_players)
    agent = NonPlayer(VC)
    own: list[str] = []
    for _ in range(limit):
        decision = game.decision
        if decision is None:
            break
        seated = game.agent(decision.faction) if decision.faction is not None else None
        if seated is None:
            game.apply(decision.options[0])
            continue
        choice = seated.choose(game, decision)
        if decision.faction is VC:
            assert choice.command in decision.options
            mine = vc.flowchart(game, decision, Roller(game.state))
            if decision.context.procedure in OWN_STEPS and decision.kind not in (
                Kind.YES_NO,
                Kind.CHOOSE_SIDE,
            ):
                assert mine is not None, decision
                own.append(f"{choice.why.rule} {choice.why.reason}")
            assert agent.choose(game, decision) == choice  # same position, same answer
        game.apply(choice.command, why=choice.why)
    check_invariants(game.state)
    return game, own


def _no_fallback(game: Game, own: list[str]) -> None:
    told = [e for e in game.events if isinstance(e, Explained) and e.faction is VC]
    assert told and own  # the flowchart (``mine``) decided the VC's own steps
    for reason in own:
        assert "no priority applies" not in reason, reason
        assert not reason.startswith("8.4.7"), reason


@pytest.mark.parametrize("scenario", coinlake.SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_with_the_vc_the_only_non_player(scenario: str, seed: int) -> None:
    game, own = play(scenario, seed, {"VC"})
    assert own
    _no_fallback(game, own)


@pytest.mark.parametrize("seed", [4, 5])
def test_a_game_with_four_non_players(seed: int) -> None:
    game, own = play("full", seed, {"US", "ARVN", "NVA", "VC"})
    _no_fallback(game, own)


def test_the_same_seed_gives_the_same_vc_game() -> None:
    first, _ = play("medium", 7, {"VC"}, limit=400)
    second, _ = play("medium", 7, {"VC"}, limit=400)
    assert first.events == second.events


def test_history_taken_on_from_the_previous_call_is_the_whole_walk() -> None:
    """``vc.history`` goes on from its previous call's answer where its walk passes that
    position: at every VC decision of a game, the answer is the walk made from scratch."""
    game = coinlake.new_game("short", seed=3, non_players={"US", "ARVN", "NVA", "VC"})
    checked = 0
    for _ in range(400):
        decision = game.decision
        if decision is None:
            break
        if decision.faction is VC:
            taken_on = vc.history(game)  # the previous call was at an earlier VC decision
            vc._LAST_HISTORY = None
            assert vc.history(game) == taken_on
            checked += 1
        game.play_non_players(limit=1)
    assert checked >= 50


def test_every_vc_decision_of_a_game_replays_from_its_log(tmp_path: Path) -> None:
    game, _ = play("short", 2, {"VC"}, limit=300)
    path = tmp_path / "vc.fitl"
    game.save(path)
    loaded = coinlake.load(path)  # every VC command re-decided, its rolls checked
    assert loaded.state == game.state
