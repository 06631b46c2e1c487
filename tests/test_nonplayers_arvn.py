"""8.7 Non-player ARVN (``coinlake/nonplayers/arvn.py``): each numbered step and priority
from a position, the rulebook's example (8.7.4), the rulings R310-R329, and whole games with
the ARVN as the only Non-player and with four Non-players."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import (
    Choice,
    Choose,
    Control,
    Count,
    Decision,
    Done,
    Faction,
    Game,
    Kind,
    Move,
    Piece,
    Select,
)
from coinlake.nonplayers import NonPlayer, Roller, arvn, plans
from coinlake.nonplayers.agents import EVENT, OP_SA, PASS
from tests.cards.helpers import COUP, KISSINGER, on_card, tracks

ARVN = Faction.ARVN
RIFLE = 65
"""International Forces: the ARVN act first and its instructions show a rifle for them (8.4.1),
so the ARVN go to their Operations."""
NOT_CAPABILITY = 62
"""Cambodian Civil War: the ARVN act first; not a Capability."""
US_CAPABILITY = 11
"""Abrams, a US Capability."""
TRAINING = "available 6 arvn-troops 6 arvn-police"
"""12 ARVN pieces Available: the ARVN Train (8.7.2)."""
CITY_POLICE = tuple(f"space {c} 1 arvn-police" for c in arvn.CITIES)
"""Every City COIN-Controlled by 1 Police."""


class FixedRoller(Roller):
    """A roller whose rolls are given (a test's dice)."""

    def __init__(self, state: coinlake.GameState, *values: int) -> None:
        super().__init__(state)
        self.values = list(values)

    def roll(self, sides: int = 6) -> int:
        value = self.values.pop(0)
        self.rolls.append((sides, value))
        return value


def game_on(*lines: str, card: int = RIFLE, next_card: int | None = KISSINGER) -> Game:
    """A position on ``card`` with the ARVN the only Non-player."""
    return on_card(card, "options non-players=ARVN", *lines, next_card=next_card)


def decide(game: Game, roller: Roller | None = None) -> Choice:
    """The flowchart's legal choice for the ARVN's pending Decision."""
    decision = game.decision
    assert decision is not None and decision.faction is ARVN
    choice = arvn.flowchart(game, decision, roller or Roller(game.state))
    assert choice is not None and choice.command in decision.options, decision.prompt
    return choice


def step(game: Game) -> Choice:
    choice = decide(game)
    game.apply(choice.command, why=choice.why)
    return choice


def until(game: Game, kind: Kind, procedure: str, limit: int = 60) -> Decision:
    """Let the ARVN decide up to the first Decision of ``kind`` in ``procedure``."""
    for _ in range(limit):
        decision = game.decision
        assert decision is not None
        if decision.kind is kind and decision.context.procedure == procedure:
            return decision
        step(game)
    raise AssertionError(f"no {kind} in {procedure}")


def op(game: Game) -> str | None:
    """The Operation the flowchart reaches in ``game``'s position."""
    found = arvn.operation_for(game.state)
    return None if found is None else found[0]


def run_turn(game: Game) -> list[Choice]:
    """The ARVN's whole turn: every choice until someone else decides."""
    made = []
    while game.decision is not None and game.decision.faction is ARVN:
        made.append(step(game))
    return made


# == 8.7.1 Pass, Event or Operation? =============================================================
def test_capability_lookahead_passes_with_a_note_8_7_1() -> None:
    """R310: an ARVN Capability next and a d6 above the Coup cards in the RVN Leader box: Pass
    (+3) and remember to play it next card."""
    game = game_on("leader-box 125", card=NOT_CAPABILITY, next_card=61)
    choice = decide(game, FixedRoller(game.state, 2))
    assert choice.command == PASS and choice.why.note == arvn.LOOKAHEAD
    assert choice.why.rolls == ((6, 2),)


def test_capability_lookahead_roll_not_high_enough_goes_on_8_7_1() -> None:
    """A roll not above the Coup cards: no look-ahead; the next card is a Capability, so no
    Event either: an Operation."""
    game = game_on("leader-box 125 126", TRAINING, card=NOT_CAPABILITY, next_card=61)
    choice = decide(game, FixedRoller(game.state, 2))
    assert choice.command == OP_SA and "no look-ahead" in choice.why.reason


def test_lookahead_plays_the_capability_without_rolling_8_7_1() -> None:
    game = game_on(
        "leader-box 125 126 127", "played 62", "agent-notes ARVN:capability-lookahead@62", card=61
    )
    choice = decide(game, FixedRoller(game.state))  # no roll available: none is made
    assert choice.command == EVENT and "previous card" in choice.why.reason


def test_current_capability_on_a_roll_above_the_coup_cards_8_7_1() -> None:
    game = game_on("leader-box 125 126", TRAINING, card=61)
    assert decide(game, FixedRoller(game.state, 3)).command == EVENT
    assert decide(game, FixedRoller(game.state, 2)).command == OP_SA


def test_a_non_arvn_capability_next_blocks_the_event_8_7_1() -> None:
    """R310: the third bullet needs neither card to be a Capability."""
    game = game_on(TRAINING, card=NOT_CAPABILITY, next_card=US_CAPABILITY)
    choice = decide(game)
    assert choice.command == OP_SA and "Capability shows next" in choice.why.reason


def test_an_event_is_played_unless_declined_8_7_1() -> None:
    game = game_on(card=NOT_CAPABILITY)
    verdict = coinlake.nonplayers.event_verdict(game.state, ARVN)
    assert (decide(game).command == EVENT) is verdict.play
    rifle = decide(game_on(TRAINING))
    assert rifle.command == OP_SA and "rifle" in rifle.why.reason


def test_fewer_than_3_resources_pass_8_7_1() -> None:
    game = game_on(tracks(arvn_resources=2))
    assert decide(game).command == PASS


# == the Operation boxes =========================================================================
def test_train_with_12_pieces_available_8_7_2() -> None:
    game = game_on(TRAINING)
    assert op(game) == "train"
    assert decide(game).command == OP_SA
    step(game)
    assert decide(game).command == Choose("train")


def test_train_if_none_passes_8_7_2() -> None:
    """12 ARVN pieces Available but every City under NVA Control and nothing else to do:
    Pass."""
    cities = tuple(f"space {c} 1 nva-troops" for c in arvn.CITIES)
    game = game_on("available 12 arvn-troops", *cities)
    assert arvn.train_wanted(game.state) and not arvn.train_possible(game.state)
    choice = decide(game)
    assert choice.command == PASS and "IF NONE" in choice.why.reason


def test_train_to_place_a_base_r311() -> None:
    """R311: a Province with 5 US and ARVN units, 3 of them ARVN cubes, and no COIN Base:
    Train -- but only with a Base Available."""
    line = "space tay-ninh 2 us-troops 2 arvn-troops 1 arvn-police"
    game = game_on(line, "available 1 arvn-base")
    assert arvn.base_spaces(game.state) == ["tay-ninh"] and arvn.train_wanted(game.state)
    assert not arvn.train_wanted(game_on(line).state)


def test_patrol_for_enemies_by_saigon_8_7_3() -> None:
    game = game_on(
        "space loc-saigon-can-tho 1 vc-guerrilla-u", "space saigon 4 arvn-police 2 arvn-troops"
    )
    assert arvn.patrol_wanted(game.state)
    assert op(game) == "patrol"
    step(game)  # op+sa
    step(game)  # patrol
    assert step(game).command == Choose("not-now")
    assert step(game).command == Select("saigon")
    assert step(game).command == Select("loc-saigon-can-tho")
    move = step(game).command
    assert isinstance(move, Move) and move.piece is coinlake.Piece.ARVN_POLICE and move.count == 3


def test_patrol_assault_in_1_loc_named_in_the_context_3_2_2() -> None:
    """The Patrol's closing Assault is its own sub-step ("patrol-assault" within "patrol"),
    whatever its prompt says: the ARVN Assault on the LoC where it removes the most enemies
    (8.7.3). 3 Police reach the LoC by Saigon, Activate its 1 Guerrilla (3.2.2) and remove it
    (3 cubes: 1 removal, 3.2.4)."""
    game = game_on(
        "space loc-saigon-can-tho 1 vc-guerrilla-u", "space saigon 4 arvn-police 2 arvn-troops"
    )
    decision = until(game, Kind.SELECT_SPACE, "patrol-assault")
    assert decision.context.parent is not None and decision.context.parent.procedure == "patrol"
    blank = coinlake.Decision(
        ARVN, decision.kind, "", decision.rule, decision.options, decision.context
    )
    choice = arvn.flowchart(game, blank, Roller(game.state))
    assert choice is not None and choice.command == Select("loc-saigon-can-tho")
    assert "free Assault" in choice.why.reason
    game.apply(choice.command, why=choice.why)
    run_turn(game)
    assert game.state.space("loc-saigon-can-tho").pieces[coinlake.Piece.VC_GUERRILLA_ACTIVE] == 0


def test_patrol_blockage_on_a_loc_not_a_city_r314() -> None:
    """R314: an NVA unit on the Hue-Da Nang LoC blocks Patrols to Hue; the same unit in Da
    Nang (a City) does not trigger a Patrol."""
    on_loc = game_on("space loc-hue-da-nang 1 nva-guerrilla-a")
    assert arvn.blocked_cities(on_loc.state) == ["hue"] and arvn.patrol_wanted(on_loc.state)
    in_city = game_on("space da-nang 1 nva-guerrilla-a")
    assert arvn.blocked_cities(in_city.state) == [] and not arvn.patrol_wanted(in_city.state)


def test_patrol_loc_nearest_saigon_first_and_only_if_enough_8_7_3() -> None:
    """① LoCs nearest Saigon first; a LoC that cannot get its cubes gets none."""
    game = game_on(
        "space loc-saigon-can-tho 1 vc-guerrilla-u",
        "space loc-can-tho-long-phu 1 vc-guerrilla-u",
        "space saigon 3 arvn-police",
        "space can-tho 3 arvn-police",
    )
    needs = arvn.patrol_needs(game.state)
    assert [n.target for n in needs[0]] == ["loc-saigon-can-tho"]
    found = arvn.patrol_next(game.state)
    assert found is not None and found[0].target == "loc-saigon-can-tho"
    short = game_on("space loc-saigon-can-tho 2 vc-guerrilla-u", "space saigon 3 arvn-police")
    assert arvn.patrol_next(short.state) is None  # 4 cubes wanted, 3 can come


def test_patrol_plans_are_reused_only_for_the_same_pieces_8_7_3() -> None:
    """What a Patrol keeps between questions (its needs) belongs to the same pieces: a
    Guerrilla that now blocks the LoC changes the answer as if nothing were kept."""
    lines = (
        "space loc-saigon-can-tho 1 vc-guerrilla-u",
        "space saigon 3 arvn-police",
        "space can-tho 3 arvn-police",
    )
    found = arvn.patrol_next(game_on(*lines).state)
    assert found is not None and found[0].target == "loc-saigon-can-tho"
    blocked = game_on(*lines, "space loc-can-tho-long-phu 2 nva-guerrilla-a").state
    kept = arvn.patrol_next(blocked)
    plans._LAST.clear()
    assert kept == arvn.patrol_next(blocked)
    assert arvn.patrol_next(game_on(*lines).state) == found


@settings(max_examples=200, deadline=None)
@given(counts=st.lists(st.integers(0, 3), min_size=len(Piece), max_size=len(Piece)))
def test_control_of_pieces_1_7(counts: list[int]) -> None:
    p = tuple(counts)
    coin = sum(p[x] for x in arvn.COIN_PIECES)
    nva = sum(p[x] for x in arvn.NVA_PIECES)
    vc = sum(p[x] for x in arvn.VC_PIECES)
    expected = Control.COIN if coin > nva + vc else Control.NVA if nva > coin + vc else Control.NONE
    assert arvn.control_of("hue", p) is expected
    assert arvn.control_of("loc-hue-da-nang", p) is Control.NONE  # LoCs: never Controlled


def test_the_us_score_is_the_us_victory_marker_7_2() -> None:
    game = coinlake.new_game("short", seed=3, non_players=set(Faction))
    game.play_non_players(limit=300)
    for node in game.line()[::20]:
        assert arvn._us_score(node.state) == coinlake.victory_markers(node.state)[Faction.US]


def test_patrol_keeps_a_provinces_control_and_last_cubes_r315() -> None:
    game = game_on("space kien-phong 3 arvn-troops 2 arvn-police 1 vc-guerrilla-a")
    troops, police = arvn.patrol_supply(game.state, "kien-phong", {}, loose=False)
    assert (troops, police) == (2, 1)  # 5 units, keep 3; last Troop and last Police stay
    assert arvn.patrol_supply(game.state, "kien-phong", {}, loose=True) == (2, 1)
    city = game_on("space hue 3 arvn-troops 1 arvn-police 2 vc-guerrilla-a")
    assert arvn.patrol_supply(city.state, "hue", {}, loose=True) == (3, 1)
    assert arvn.patrol_supply(city.state, "hue", {}, loose=False) == (1, 0)


def test_assault_conditions_8_7_4() -> None:
    """Tay Ninh: 4 ARVN Troops against 2 Active and 3 Underground VC -- the Assault (2 removals
    in Jungle) adds COIN Control."""
    game = game_on("space tay-ninh 4 arvn-troops 2 vc-guerrilla-a 3 vc-guerrilla-u")
    assert arvn.assault_wanted(game.state)
    assert op(game) == "assault"


def test_sweep_when_no_other_conditions_8_7_5() -> None:
    game = game_on("space quang-nam 2 arvn-troops 1 arvn-police 1 vc-guerrilla-u")
    assert not arvn.assault_wanted(game.state)
    assert op(game) == "sweep"


def test_monsoon_sweep_if_none_assaults_8_7_5() -> None:
    """2.3.9: no Sweep with a Coup card next: Assault instead (IF NONE)."""
    lines = ("space kien-phong 4 arvn-troops 2 vc-guerrilla-a 1 vc-guerrilla-u",)
    assert op(game_on(*lines)) == "sweep"
    found = arvn.operation_for(game_on(*lines, next_card=COUP).state)
    assert found is not None and found[0] == "assault" and "IF NONE" in found[2]


# == 8.7.2 Train =================================================================================
def test_train_places_where_it_adds_coin_control_then_missing_types_8_7_2() -> None:
    """Every City but Hue holds 1 Police; Hue has 2 VC Guerrillas: 6 cubes there add COIN
    Control. Then a City short of Troops (all are) -- Police or Troops missing first."""
    cities = tuple(line for line in CITY_POLICE if " hue " not in line)
    game = game_on(
        TRAINING, "available 6 arvn-troops 6 arvn-police", *cities, "space hue 2 vc-guerrilla-a"
    )
    decision = until(game, Kind.SELECT_SPACE, "train")
    choice = decide(game)
    assert choice.command == Select("hue") and "add COIN Control" in choice.why.reason
    step(game)
    placed = [step(game).command for _ in range(2)]
    assert placed == [
        coinlake.parse("move 3 arvn-troops available hue"),
        coinlake.parse("move 3 arvn-police available hue"),
    ]
    assert decision.context.procedure == "train"


def test_cube_split_alternates_from_the_fewest_8_7_2() -> None:
    assert arvn.cube_split(6, 4, 0, 10, 10) == (3, 3)
    assert arvn.cube_split(3, 2, 0, 10, 10) == (1, 2)  # Police first: fewest there
    assert arvn.cube_split(3, 1, 1, 10, 10) == (2, 1)  # tied: Troops first
    assert arvn.cube_split(6, 0, 0, 2, 10) == (2, 4)  # only 2 Troops Available


def test_train_places_rangers_once_fewer_than_6_cubes_8_7_2() -> None:
    game = game_on("available 5 arvn-police 2 arvn-ranger-u 6 arvn-troops", *CITY_POLICE)
    assert arvn.placement_kind(game.state) is coinlake.Piece.ARVN_TROOPS
    game = game_on(
        "available 5 arvn-police 3 arvn-ranger-u 2 arvn-base 2 us-troops",
        "space saigon 1 arvn-police",
    )
    assert arvn.placement_kind(game.state) is coinlake.Piece.ARVN_RANGER_UNDERGROUND


def test_train_builds_a_base_with_at_most_2_train_spaces_8_7_2() -> None:
    """Only Saigon can take cubes (the other Cities are NVA-Controlled): after Saigon, Tay Ninh
    is selected for a Base and 3 of its cubes (2 Troops, 1 Police: alternately, from the most)
    make way for it."""
    cities = tuple(f"space {c} 1 nva-troops" for c in arvn.CITIES if c != "saigon")
    game = game_on(
        "available 6 arvn-troops 6 arvn-police 1 arvn-base",
        *cities,
        "space tay-ninh 2 us-troops 3 arvn-troops 1 arvn-police",
    )
    made = run_turn(game)
    commands = [c.command for c in made]
    assert Select("saigon") in commands and Select("tay-ninh") in commands
    assert arvn.BASE_WORD in commands and Count(2) in commands
    sp = game.state.space("tay-ninh").pieces
    assert sp[coinlake.Piece.ARVN_BASE] == 1 and sp[coinlake.Piece.ARVN_TROOPS] == 1


def test_train_pacifies_where_an_enemy_base_is_8_7_2() -> None:
    """No Base to build: Pacify in a Train space, one with an NVA or VC Base first."""
    cities = tuple(line for line in CITY_POLICE if " hue " not in line and " da-nang " not in line)
    game = game_on(
        "available 6 arvn-troops 6 arvn-police",
        *cities,
        "space hue 1 arvn-troops 1 arvn-police",
        "space da-nang 2 arvn-troops 2 arvn-police",
        "space binh-dinh 1 us-base 3 arvn-troops 2 arvn-police 1 vc-base",
    )
    state = game.state
    priorities = arvn.pacify_priorities(3, lambda k: 2, True)
    found = coinlake.nonplayers.pick(state, ["hue", "binh-dinh"], priorities, Roller(state))
    assert found is not None and found[0] == "binh-dinh"


def test_train_for_0_beside_a_govern_if_none_8_7_2() -> None:
    """IF NONE: no placement, Base or Pacification, but a Govern: Train places nothing."""
    cities = tuple(f"space {c} 1 nva-troops" for c in arvn.CITIES)
    game = game_on(
        "available 12 arvn-troops", *cities, "space binh-dinh 2 arvn-police active-support"
    )
    assert arvn.train_wanted(game.state) and arvn.train_possible(game.state)
    made = run_turn(game)
    commands = [c.command for c in made]
    assert arvn.GOVERN in commands and arvn.PATRONAGE in commands
    assert game.state.patronage == 18 + 2  # Binh Dinh: Population 2
    trained = [c for c in made if "IF NONE" in c.why.reason]
    assert len(trained) == 1 and not any(isinstance(c.command, Move) for c in made)


# -- GOVERN --------------------------------------------------------------------------------------
def test_govern_patronage_at_active_support_then_aid_8_7_2() -> None:
    """US Non-player: Patronage only where no shift reaches Neutral (Active Support); after
    exactly 1 such space, Aid from the highest Population."""
    state = on_card(
        RIFLE,
        "options non-players=ARVN,US",
        "space qui-nhon 2 arvn-police active-support",
        "space hue 2 arvn-police passive-support",
        "space da-nang 2 arvn-police passive-support",
    ).state
    assert arvn.govern_plan(state, ())[:2] == ("qui-nhon", arvn.PATRONAGE)  # type: ignore[index]
    plan = arvn.govern_plan(state, ("qui-nhon",))
    assert plan is not None and plan[:2] == ("hue", arvn.AID)  # Hue: Population 2


def test_govern_without_patronage_is_no_govern_r313() -> None:
    """R313: Aid above 0 and no space for Patronage: no Govern (Transport instead)."""
    state = game_on("space hue 2 arvn-police passive-support").state
    assert arvn.govern_plan(state, ()) is None
    zero = game_on(
        "space hue 2 arvn-police passive-support",
        tracks(aid=0),
    ).state
    assert arvn.govern_plan(zero, ())[:2] == ("hue", arvn.AID)  # type: ignore[index]


def test_govern_with_unshaded_mandate_takes_patronage_without_the_shift_8_7_2() -> None:
    state = game_on("space hue 2 arvn-police passive-support", "capabilities 86:unshaded").state
    assert arvn.govern_plan(state, ())[:2] == ("hue", arvn.PATRONAGE_NO_SHIFT)  # type: ignore[index]


def test_govern_for_a_player_us_near_victory_8_7_2() -> None:
    """With the US a player above 50, Patronage anywhere it transfers, highest Population."""
    state = game_on(
        "space hue 2 arvn-police passive-support",
        "space saigon 3 arvn-police active-support",
        "available 40 us-troops",
    ).state
    assert coinlake.victory_markers(state)[Faction.US] > 50
    assert arvn.govern_plan(state, ())[:2] == ("hue", arvn.PATRONAGE)  # type: ignore[index]


# -- TRANSPORT -----------------------------------------------------------------------------------
def test_transport_from_laos_first_into_a_police_province_8_7_2() -> None:
    state = game_on(
        "space southern-laos 3 arvn-troops",
        "space saigon 6 arvn-troops",
        "space quang-nam 1 arvn-police",
        "space quang-tin-quang-ngai 1 arvn-police 1 us-troops",
    ).state
    assert arvn.transport_origins(state)[:2] == ["southern-laos", "saigon"]
    plan = arvn.transport_plan(state, "train")
    assert plan is not None and plan[0] == "southern-laos" and plan[1] == ["quang-nam"]


def test_transport_keeps_the_origins_coin_control_8_7_2() -> None:
    state = game_on("space kien-phong 4 arvn-troops 2 vc-guerrilla-a").state
    assert arvn.transport_origins(state) == ["kien-phong"]
    assert arvn._transport_surplus(state, "kien-phong") == 1  # 4 against 2: 1 may leave


def test_transport_before_an_assault_enables_the_best_one_8_7_2() -> None:
    """From Saigon, Troops into Tay Ninh let an Assault remove its VC Base."""
    state = game_on(
        "space saigon 6 arvn-troops",
        "space tay-ninh 1 arvn-police 1 vc-guerrilla-a 1 vc-base",
    ).state
    plan = arvn.transport_plan(state, "assault")
    assert plan is not None and plan[:2] == ("saigon", ["tay-ninh"])


# == 8.7.4 Assault ===============================================================================
def test_assault_control_priority_example_8_7_4() -> None:
    """8.7.4's EXAMPLE (checklist example 25): a 1-Population space where NVA Control goes and
    COIN Control comes (2) before an uncontrolled 1-Population space gaining COIN Control (1)."""
    state = game_on(
        "space ba-xuyen 4 arvn-troops 5 nva-guerrilla-a",
        "space phu-bon-phu-yen 2 arvn-troops 2 vc-guerrilla-a",
    ).state
    assert arvn.assault_rank(state, "ba-xuyen") == (3, 2)
    assert arvn.assault_rank(state, "phu-bon-phu-yen") == (3, 1)
    found = coinlake.nonplayers.pick(
        state, ["phu-bon-phu-yen", "ba-xuyen"], arvn.ASSAULT_PRIORITIES, Roller(state)
    )
    assert found is not None and found[0] == "ba-xuyen"


def test_assault_priorities_in_order_8_7_4() -> None:
    """① a Base (or a Tunnel roll) before ② Control, ③ a space's last enemies, ④ 2 or more."""
    state = game_on(
        "space kien-phong 2 arvn-troops 1 vc-base",  # ①
        "space kien-hoa-vinh-binh 2 arvn-troops 1 vc-base-t",  # ① the Tunnel roll
        "space ba-xuyen 2 arvn-troops 1 vc-guerrilla-a",  # ③ (already COIN-Controlled)
        "space kien-giang-an-xuyen 6 arvn-troops 3 vc-guerrilla-a 1 vc-guerrilla-u",  # ④
    ).state
    ranks = {
        k: arvn.assault_rank(state, k)[0]
        for k in ("kien-phong", "kien-hoa-vinh-binh", "ba-xuyen", "kien-giang-an-xuyen")
    }
    assert ranks == {
        "kien-phong": 4,
        "kien-hoa-vinh-binh": 4,
        "ba-xuyen": 2,
        "kien-giang-an-xuyen": 1,
    }


def test_assault_removes_nva_first_where_the_nva_control_r316() -> None:
    p = game_on("space ba-xuyen 2 arvn-troops 4 nva-guerrilla-a 1 vc-guerrilla-a").state
    result = arvn.simulate_assault("ba-xuyen", p.space("ba-xuyen").pieces)
    assert result.after[coinlake.Piece.NVA_GUERRILLA_ACTIVE] == 3
    assert result.after[coinlake.Piece.VC_GUERRILLA_ACTIVE] == 1
    assert arvn.assault_rank(p, "ba-xuyen") == (3, 1)  # NVA Control removed
    q = game_on("space ba-xuyen 4 arvn-troops 1 nva-guerrilla-a 2 vc-guerrilla-a").state
    other = arvn.simulate_assault("ba-xuyen", q.space("ba-xuyen").pieces)
    assert other.after[coinlake.Piece.VC_GUERRILLA_ACTIVE] == 0  # VC first elsewhere (8.1.2)


def test_assault_turn_raids_first_then_assaults_up_to_3_8_7_4() -> None:
    game = game_on(
        "space tay-ninh 4 arvn-troops 2 vc-guerrilla-a 3 vc-guerrilla-u",
        "space kien-phong 1 arvn-ranger-u 1 vc-guerrilla-u 1 vc-base",
    )
    made = run_turn(game)
    commands = [c.command for c in made]
    assert commands[:4] == [OP_SA, Choose("assault"), arvn.RAID, Select("kien-phong")]
    assert "RAID ①" in made[1].why.reason  # the Guerrilla, then the Base (planned, R325)
    assert Select("tay-ninh") in commands
    assert game.state.space("kien-phong").pieces[coinlake.Piece.VC_BASE] == 0


def test_raid_first_then_patrol_without_moving_r325() -> None:
    """8.7.5 then 8.7.3 IF NONE: a Sweep is wanted (Quang Nam's hidden VC), the Raid comes
    first and removes that Guerrilla; then no Sweep, Assault or Patrol is possible, so the
    ARVN pay for a Patrol that moves nothing. The Operation is chosen as after the Raid
    (R325); the Raid comes before the Patrol's first step (4.1)."""
    game = game_on("space quang-nam 1 arvn-troops 1 arvn-police 1 arvn-ranger-u 1 vc-guerrilla-u")
    assert op(game) == "sweep"
    made = run_turn(game)
    commands = [c.command for c in made]
    assert commands[:4] == [OP_SA, Choose("patrol"), arvn.RAID, Select("quang-nam")]
    assert made[1].why.rule == "8.7.3" and made[1].why.note == "raid-first.quang-nam"
    assert commands[-1] == Done() and "without moving" in made[-1].why.reason
    assert not [c for c in commands if isinstance(c, Move)]  # the Patrol moved no cube
    p = game.state.space("quang-nam").pieces
    assert p[coinlake.Piece.VC_GUERRILLA_UNDERGROUND] == 0
    assert p[coinlake.Piece.ARVN_RANGER_ACTIVE] == 1
    assert game.state.resources(ARVN) == 30 - 3  # the Patrol is paid for (3.2.2)


def test_raid_plan_matches_the_raid_it_makes_r325() -> None:
    """The position the plan foresees is the one the Raid leaves: Kien Phong's Guerrilla
    then its Base (2 removals, 4.3.3), the Ranger Active."""
    game = game_on(
        "space tay-ninh 4 arvn-troops 2 vc-guerrilla-a 3 vc-guerrilla-u",
        "space kien-phong 1 arvn-ranger-u 1 vc-guerrilla-u 1 vc-base",
    )
    planned, after = arvn.raid_plan(game.state, Roller(game.state))
    assert [k for k, _ in planned] == ["kien-phong"]
    run_turn(game)
    assert after.space("kien-phong").pieces == game.state.space("kien-phong").pieces


def test_after_raid_a_sweep_falls_back_to_assault_8_7_5() -> None:
    """8.7.5 IF NONE once the Raid is over: no Sweep possible (no Underground Guerrilla,
    COIN Control held), an Assault is (the last enemy piece, 8.7.4): Assault."""
    state = game_on("space kien-phong 2 arvn-troops 1 vc-guerrilla-a").state
    offered = ("train", "patrol", "sweep", "assault")
    assert arvn.after_raid(state, "sweep", offered)[:2] == ("assault", "8.7.5")
    assert arvn.after_raid(state, "assault", offered)[:2] == ("assault", "8.7.4")


# -- RAID ----------------------------------------------------------------------------------------
def test_raid_priorities_and_its_one_ranger_8_7_4() -> None:
    state = game_on(
        "space kien-phong 1 vc-base",
        "space saigon 2 arvn-ranger-u 1 arvn-police",
        "space kien-hoa-vinh-binh 2 vc-guerrilla-u 1 nva-guerrilla-u",
    ).state
    base = arvn.raid_preview(state, "kien-phong")
    assert base is not None and base.base and base.removed == 1
    hidden = arvn.raid_preview(state, "kien-hoa-vinh-binh")
    assert hidden is not None and hidden.underground == 2 and not hidden.base
    found = coinlake.nonplayers.pick(
        state, ["kien-hoa-vinh-binh", "kien-phong"], arvn.RAID_PRIORITIES, Roller(state)
    )
    assert found is not None and found[0] == "kien-phong"


def test_raid_moves_no_ranger_that_keeps_an_origins_control_8_7_4() -> None:
    """Saigon's only Ranger keeps its COIN Control (1 Ranger against 1 VC... plus nothing):
    it may not leave, so no Raid from it."""
    state = game_on(
        "space saigon 1 arvn-ranger-u 1 vc-guerrilla-a 1 arvn-police", "space kien-phong 1 vc-base"
    ).state
    assert arvn.raid_preview(state, "kien-phong") is None


# == 8.7.5 Sweep =================================================================================
def test_sweep_first_at_support_then_vc_then_population_8_7_5() -> None:
    state = game_on(
        "space quang-nam 1 arvn-police 1 nva-guerrilla-u passive-support",
        "space kien-phong 1 arvn-police 1 vc-guerrilla-u",
        "space binh-dinh 1 arvn-police 1 nva-guerrilla-u",
    ).state
    found = coinlake.nonplayers.pick(
        state, ["binh-dinh", "kien-phong", "quang-nam"], arvn.SWEEP_PRIORITIES, Roller(state)
    )
    assert found is not None and found[0] == "quang-nam"  # Support first
    rest = coinlake.nonplayers.pick(
        state, ["binh-dinh", "kien-phong"], arvn.SWEEP_PRIORITIES, Roller(state)
    )
    assert rest is not None and rest[0] == "kien-phong"  # then where VC are


def test_sweep_moves_troops_to_activate_keeping_3_cubes_8_7_5() -> None:
    """Quang Nam (Highland) with 1 Police and 3 Underground Guerrillas: 2 Troops come from Da
    Nang, which keeps 3 cubes; Quang Tin's 3 Troops may not leave."""
    game = game_on(
        "space quang-nam 1 arvn-police 3 vc-guerrilla-u",
        "space da-nang 5 arvn-troops",
        "space quang-tin-quang-ngai 3 arvn-troops",
    )
    assert arvn.sweep_spare(game.state, "da-nang") == 2
    assert arvn.sweep_spare(game.state, "quang-tin-quang-ngai") == 0
    decision = until(game, Kind.MOVE_PIECES, "sweep")
    assert decision.context.space == "quang-nam"
    move = decide(game).command
    assert move == coinlake.parse("move 2 arvn-troops da-nang quang-nam")


def test_sweep_plans_all_activation_moves_before_control_r318() -> None:
    """8.7.5: the spaces are selected first, then Troops move to Activate in all of them,
    and only then to add COIN Control. Da Nang can spare 2 Troops (5, keeping 3): 1 each
    into Quang Nam (Support: first) and Quang Tin, so that all 4 Guerrillas go Active -- not
    both into Quang Nam, as Activating there and then adding its COIN Control would."""
    game = game_on(
        "space quang-nam 1 arvn-police 2 vc-guerrilla-u passive-support",
        "space quang-tin-quang-ngai 1 arvn-police 2 vc-guerrilla-u",
        "space da-nang 5 arvn-troops",
    )
    assert op(game) == "sweep"
    made = run_turn(game)
    assert made[3].command == Select("quang-nam") and made[3].why.note == (
        "sweep-plan.quang-nam.quang-tin-quang-ngai"
    )
    moves = [c.command for c in made if isinstance(c.command, Move)]
    assert moves == [
        coinlake.parse("move 1 arvn-troops da-nang quang-nam"),
        coinlake.parse("move 1 arvn-troops da-nang quang-tin-quang-ngai"),
    ]
    for key in ("quang-nam", "quang-tin-quang-ngai"):
        p = game.state.space(key).pieces
        assert p[coinlake.Piece.VC_GUERRILLA_ACTIVE] == 2  # 2 ARVN units Activate 2 (3.2.3)


def test_sweep_adds_a_space_where_troops_add_coin_control_8_7_5() -> None:
    """② once the Activation needs are met (Quang Nam's 3 units Activate its Guerrilla):
    the 2 Troops Qui Nhon can spare (5, keeping 3) add COIN Control to the 2 empty
    2-Population Provinces next to it, which are selected too, up to 3 spaces."""
    game = game_on(
        "space quang-nam 2 arvn-troops 1 arvn-police 1 vc-guerrilla-u",
        "space qui-nhon 5 arvn-troops",
    )
    state = game.state
    spaces = arvn.sweep_plan(state, False, 3, Roller(state))
    assert spaces[0] == "quang-nam"
    assert set(spaces[1:]) == {"binh-dinh", "quang-tin-quang-ngai"}
    assert sorted(arvn.sweep_moves(state, spaces)) == [
        ("qui-nhon", "binh-dinh", 1, "to add COIN Control"),
        ("qui-nhon", "quang-tin-quang-ngai", 1, "to add COIN Control"),
    ]
    poor = game_on(
        "space quang-nam 2 arvn-troops 1 arvn-police 1 vc-guerrilla-u",
        "space qui-nhon 5 arvn-troops",
        tracks(arvn_resources=6),
    ).state
    assert len(arvn.sweep_plan(poor, False, 3, Roller(poor))) == 2  # 3 Resources a space


def test_sweep_activates_vc_before_nva_8_7_5() -> None:
    game = game_on("space quang-nam 1 arvn-police 1 vc-guerrilla-u 1 nva-guerrilla-u")
    made = run_turn(game)
    assert any(isinstance(c.command, Count) and c.command.n == 0 for c in made)
    p = game.state.space("quang-nam").pieces
    assert (
        p[coinlake.Piece.VC_GUERRILLA_ACTIVE] == 1
        and p[coinlake.Piece.NVA_GUERRILLA_UNDERGROUND] == 1
    )


def test_activation_number_read_from_the_context_r326() -> None:
    """The number an Activation asks (how many NVA, the rest VC) is recognised by the
    procedure that Activates -- a Patrol, a Sweep, or a US Advise's ARVN Sweep -- not by
    its prompt: VC first (8.7.5), so the fewest NVA."""
    game = game_on()
    for procedure in ("patrol", "sweep", "advise"):
        ask = coinlake.Decision(
            ARVN,
            Kind.HOW_MANY,
            "",
            "",
            (Count(0), Count(1), Count(2)),
            coinlake.Context(procedure, ""),
        )
        choice = arvn.flowchart(game, ask, Roller(game.state))
        assert choice is not None and choice.command == Count(0)


# == 8.7.6 Pacify ================================================================================
def coup_game(*lines: str) -> Game:
    """A Coup card played (the Coup Round begins), the ARVN the only Non-player."""
    return on_card(125, "options non-players=ARVN", *lines, next_card=KISSINGER)


def advance(game: Game, procedure: str, kind: Kind | None = None) -> Decision:
    """Play on (the ARVN by the flowchart, the players by ``done`` or their first option) up
    to the ARVN's first Decision in ``procedure``."""
    for _ in range(200):
        decision = game.decision
        assert decision is not None
        if decision.faction is ARVN:
            if decision.context.procedure == procedure and kind in (None, decision.kind):
                return decision
            step(game)
        else:
            game.apply(Done() if Done() in decision.options else decision.options[0])
    raise AssertionError(f"no ARVN {procedure}")


COIN_HELD = "space {} 2 arvn-troops 1 arvn-police"


def test_pacify_where_no_terror_then_opposition_8_7_6() -> None:
    game = coup_game(
        COIN_HELD.format("hue") + " passive-opposition terror=1",
        COIN_HELD.format("da-nang"),
        COIN_HELD.format("kontum") + " passive-opposition",
    )
    advance(game, "pacify")
    choice = decide(game)
    assert choice.command == Select("kontum") and choice.why.rule == "8.7.6"
    step(game)
    assert decide(game).command == Choose("passive-support")  # 2 levels, as far as able


def test_pacify_stops_at_passive_above_45_8_7_6() -> None:
    """Support + Available at 44: Hue (Population 2) may go from Neutral to Passive but not to
    Active Support; Saigon at Passive Support may not shift at all."""
    state = coup_game(
        COIN_HELD.format("hue"),
        COIN_HELD.format("saigon") + " passive-support",
        "available 38 us-troops",
    ).state
    assert coinlake.victory_markers(state)[Faction.US] == 44
    assert arvn.pacify_steps(state, "hue", cost=3) == (0, 1)
    assert arvn.pacify_steps(state, "saigon", cost=3) == (0, 0)


def test_terror_goes_only_if_a_shift_follows_r319() -> None:
    """R319: Terror is removed only with Resources for a shift after it, short of Active
    Support, and within the 45 limit for a 1-level shift."""
    rich = coup_game(COIN_HELD.format("hue") + " terror=1").state
    assert arvn.pacify_steps(rich, "hue", cost=3) == (1, 2)
    poor = coup_game(
        COIN_HELD.format("hue") + " terror=1",
        tracks(arvn_resources=3),
    ).state
    assert arvn.pacify_steps(poor, "hue", cost=3) == (0, 0)
    active = coup_game(COIN_HELD.format("hue") + " terror=1 active-support").state
    assert arvn.pacify_steps(active, "hue", cost=3) == (0, 0)
    near = coup_game(
        COIN_HELD.format("hue") + " terror=1", "available 40 us-troops 4 us-base"
    ).state
    assert arvn.pacify_steps(near, "hue", cost=3) == (0, 0)  # 44 + 2 > 45


# == 8.7.7 Redeploy ==============================================================================
def test_redeploy_troops_off_a_loc_to_add_coin_control_8_7_7() -> None:
    """The LoC is the only origin (asked of no one); of the Cities only Can Tho lacks COIN
    Control."""
    game = coup_game(
        *CITY_POLICE,
        "space loc-saigon-can-tho 3 arvn-troops",
        "space can-tho 2 vc-guerrilla-a",
    )
    decision = advance(game, "redeploy")
    assert "Saigon -- Can Tho to where" in decision.prompt
    choice = decide(game)
    assert choice.command == Select("can-tho") and "COIN Control" in choice.why.reason
    step(game)
    assert decide(game).command == coinlake.parse("move 3 arvn-troops loc-saigon-can-tho can-tho")


def test_redeploy_sources_are_reused_only_for_the_same_position_8_7_7() -> None:
    """The Redeploy sources kept between questions belong to the same pieces: another
    position is answered as if nothing were kept."""
    game = coup_game(
        *CITY_POLICE,
        "space loc-saigon-can-tho 3 arvn-troops",
        "space can-tho 2 vc-guerrilla-a",
    )
    advance(game, "redeploy")
    first = arvn.redeploy_next(game.state, False)
    assert first is not None and first[:2] == ("loc-saigon-can-tho", "can-tho")
    other = coup_game(*CITY_POLICE, "space loc-hue-da-nang 2 arvn-troops")
    advance(other, "redeploy")
    kept = arvn.redeploy_next(other.state, False)
    plans._LAST.clear()
    assert kept == arvn.redeploy_next(other.state, False)
    assert kept is not None and kept[0] == "loc-hue-da-nang"
    assert arvn.redeploy_next(game.state, False) == first


def test_redeploy_3_police_onto_route_13_14_8_7_7() -> None:
    game = coup_game("space saigon 8 arvn-police 1 arvn-troops")
    advance(game, "redeploy")
    made = run_turn(game)
    moves = [c.command for c in made if isinstance(c.command, Move)]
    assert coinlake.parse(f"move 3 arvn-police saigon {arvn.ROUTE_13_14}") in moves
    assert game.state.space(arvn.ROUTE_13_14).pieces[coinlake.Piece.ARVN_POLICE] == 3


def test_redeploy_parts_named_in_the_context_6_4_2() -> None:
    """The Troops' and the Police's Redeploy (6.4.2) are named in the Context (its parent,
    "arvn-troops" or "arvn-police"), and the destination question shows its origin as the
    space being worked: the flowchart reads those, never the prompt (8.7.7)."""
    game = coup_game(
        "space saigon 8 arvn-police 1 arvn-troops", "space loc-hue-da-nang 2 arvn-troops"
    )
    advance(game, "redeploy")
    parts: list[str] = []
    while (decision := game.decision) is not None and decision.faction is ARVN:
        parent = decision.context.parent
        assert parent is not None and parent.procedure in ("arvn-troops", "arvn-police")
        if parent.procedure not in parts:
            parts.append(parent.procedure)
        moves = [o for o in decision.options if isinstance(o, Move)]
        cube = (
            coinlake.Piece.ARVN_POLICE
            if parent.procedure == "arvn-police"
            else coinlake.Piece.ARVN_TROOPS
        )
        assert all(m.piece is cube for m in moves)
        blank = coinlake.Decision(
            ARVN, decision.kind, "", decision.rule, decision.options, decision.context
        )
        choice = arvn.flowchart(game, blank, Roller(game.state))
        assert choice is not None and choice.command in decision.options
        game.apply(choice.command, why=choice.why)
    assert parts == ["arvn-troops", "arvn-police"]  # 6.4.2: Troops, then Police
    assert game.state.space("loc-hue-da-nang").pieces[coinlake.Piece.ARVN_TROOPS] == 0
    assert game.state.space(arvn.ROUTE_13_14).pieces[coinlake.Piece.ARVN_POLICE] == 3


def test_redeploy_leftover_troops_to_1_random_space_8_7_7() -> None:
    """Troops that must leave with no destination the priorities want go to 1 random space,
    remembered for the rest of the Redeploy (R321)."""
    game = coup_game(
        *(f"space {c} 3 arvn-police" for c in arvn.CITIES),
        "space kien-phong 2 arvn-troops",
        "space ba-xuyen 2 arvn-troops",
    )
    advance(game, "redeploy")
    made = run_turn(game)
    noted = [c for c in made if c.why.note.startswith("redeploy-")]
    assert len(noted) == 1
    target = noted[0].why.note.removeprefix("redeploy-")
    assert game.state.space(target).pieces[coinlake.Piece.ARVN_TROOPS] == 4


# == 8.1.2 pieces ================================================================================
def test_own_cubes_removed_alternately_from_the_most_8_1_2() -> None:
    """A Failed Attempt (2.4) takes 2 of Hue's 4 Troops and 2 Police: a Troop, then a
    Police."""
    game = on_card(
        129,
        "options non-players=ARVN",
        "space hue 4 arvn-troops 2 arvn-police",
        next_card=KISSINGER,
    )
    decision = advance(game, "failed-attempt")
    assert decision.kind is Kind.REMOVE_PIECES
    made = [step(game).command for _ in range(2)]
    assert [m.piece for m in made if isinstance(m, Move)] == [
        coinlake.Piece.ARVN_TROOPS,
        coinlake.Piece.ARVN_POLICE,
    ]


# == whole games =================================================================================
OWN = frozenset(
    {
        "eligible-turn",
        "train",
        "patrol",
        "sweep",
        "assault",
        "govern",
        "transport",
        "raid",
        "pacify",
        "redeploy",
        "failed-attempt",
    }
)
"""Procedures whose every ARVN question the flowchart answers (Events' own questions, 8.4,
and Pivotal Events, 8.4.6, are the shared rules')."""


def play_game(scenario: str, seed: int, non_players: set[str], limit: int = 1500) -> Game:
    """Play with the section-8 agents for ``non_players`` and the first legal command for the
    players, checking every ARVN answer: legal, from the flowchart where it is the ARVN's own
    question, never a fallback."""
    game = coinlake.new_game(scenario, seed=seed, non_players=non_players)
    agent = NonPlayer(ARVN)
    for _ in range(limit):
        decision = game.decision
        if decision is None:
            assert game.state.result is not None  # the game completed
            break
        if decision.faction is not ARVN:
            if decision.faction is not None and decision.faction.value in non_players:
                game.play_non_players(limit=1)
            else:
                game.apply(decision.options[0])
            continue
        mine = arvn.flowchart(game, decision, Roller(game.state))
        own = decision.context.procedure in OWN and decision.kind is not Kind.CHOOSE_SIDE
        if own and coinlake.nonplayers.agents.PIVOTAL not in decision.options:
            assert mine is not None, (decision.kind, decision.context.procedure, decision.prompt)
        choice = agent.choose(game, decision)
        assert choice.command in decision.options
        assert "flowchart yet" not in choice.why.reason
        assert choice.why.rule != "8.4.7" or decision.context.within("event"), decision.prompt
        game.apply(choice.command, why=choice.why)
    return game


@pytest.mark.parametrize("scenario", coinlake.SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2])
def test_games_with_the_arvn_the_only_non_player_8_7(scenario: str, seed: int) -> None:
    play_game(scenario, seed, {"ARVN"})


@pytest.mark.parametrize("scenario", coinlake.SCENARIOS)
def test_games_with_four_non_players_8_7(scenario: str) -> None:
    play_game(scenario, 3, {"US", "ARVN", "NVA", "VC"})


def test_same_seed_same_game_8_7() -> None:
    first = play_game("short", 4, {"ARVN"}, limit=600)
    second = play_game("short", 4, {"ARVN"}, limit=600)
    assert first.events == second.events and first.state == second.state


def test_any_space_when_required_r324() -> None:
    """R324: a Sweep space must be selected and none is wanted: at random, citing 8.4.4 in an
    Event's free Sweep and 8.1.1 otherwise."""
    game = game_on()
    options = (Select("hue"), Select("saigon"))
    for parent, rule in ((coinlake.Context("event", "5.1"), "8.4.4"), (None, "8.1.1")):
        context = coinlake.Context("sweep", "3.2.3", ARVN, parent=parent)
        decision = Decision(ARVN, Kind.SELECT_SPACE, "ARVN Sweep", "3.2.3", options, context)
        choice = arvn.flowchart(game, decision, Roller(game.state))
        assert choice is not None and choice.command in options and choice.why.rule == rule
        assert len(choice.why.rolls) == 2  # the Random Spaces roll (8.2)


def test_a_sweep_after_troops_from_out_of_play_r318() -> None:
    """R318's plan takes back the Sweep's own Troop moves between map spaces only: in this
    Full game Corps Commanders (card 117) brings Troops from Out of Play into the space of
    its free Sweep, which once broke the plan (a box is not a space)."""
    game = coinlake.new_game(
        "full", seed=932, non_players=set(coinlake.Faction), political_rhythm=True
    )
    game.play_non_players(limit=380)
    decision = game.decision
    assert decision is not None and decision.context.card == 117
    assert decision.context.procedure == "sweep" and decision.faction is ARVN
    assert game.play_non_players(limit=40) == 40  # the Sweep and the game go on
