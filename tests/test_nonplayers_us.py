"""8.8 The Non-player US flowchart (``coinlake/nonplayers/us.py``): each numbered step and
priority from a position, the rulebook's examples, the rulings R330-R349, and whole games
with the US as a Non-player."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import (
    Choice,
    Choose,
    Context,
    Decision,
    Done,
    Faction,
    Game,
    Kind,
    Move,
    Piece,
    Select,
    Side,
)
from coinlake.nonplayers import Roller, plans, us
from coinlake.nonplayers.board import SPACE_IDS
from coinlake.state.events import Explained
from tests.cards.helpers import COUP, on_card, tracks

US = Faction.US
NP = "options non-players=US"
P = Piece


class FixedRoller(Roller):
    """A roller whose rolls are given (a test's dice)."""

    def __init__(self, state: coinlake.GameState, *values: int) -> None:
        super().__init__(state)
        self.values = list(values)

    def roll(self, sides: int = 6) -> int:
        value = self.values.pop(0)
        self.rolls.append((sides, value))
        return value


def decide(game: Game, *rolls: int, decision: Decision | None = None) -> Choice:
    """The US flowchart's answer to the game's decision, with the given dice."""
    decision = decision if decision is not None else game.decision
    assert decision is not None
    choice = us.flowchart(game, decision, FixedRoller(game.state, *rolls))
    assert choice is not None
    assert choice.command in decision.options
    return choice


def advance(game: Game, until: Callable[[Decision], bool], limit: int = 300) -> Decision:
    """Let the Non-player US decide until ``until`` holds for the decision."""
    for _ in range(limit):
        decision = game.decision
        assert decision is not None
        if until(decision):
            return decision
        assert decision.faction is US
        game.play_non_players(limit=1)
    raise AssertionError("the decision never came")


def us_commands(game: Game) -> list[str]:
    return [str(n.command) for n in game.line() if n.faction is US]


def reasons(game: Game) -> list[str]:
    return [e.reason for e in game.events if isinstance(e, Explained) and e.faction is US]


def play_turn(game: Game, limit: int = 300) -> None:
    """Let the US play until another Faction (or the game) must decide."""
    game.play_non_players(limit=limit)


def question(
    kind: Kind, procedure: str, *options: str, prompt: str = "", **context: object
) -> Decision:
    return Decision(
        US,
        kind,
        prompt,
        "",
        tuple(coinlake.parse(o) for o in options),
        Context(procedure, "", **context),  # type: ignore[arg-type]
    )


# == 8.8.2 Event or Operations: the Capability look-ahead =========================================
def test_pass_to_play_the_next_us_capability_8_8_2() -> None:
    """Next card Abrams (a US Capability), this one no Capability: a d6 above the Coup cards
    in the RVN Leader box (none) Passes, and the state remembers it."""
    game = on_card(1, NP, next_card=11)
    choice = decide(game, 1)
    assert choice.command == Choose("pass")
    assert choice.why.rule == "8.8.2" and choice.why.note == us.LOOKAHEAD
    assert choice.why.rolls == ((6, 1),)


def test_no_pass_when_the_roll_does_not_exceed_the_coup_cards_8_8_2() -> None:
    game = on_card(1, NP, "leader-box 125 126", next_card=11)
    choice = decide(game, 2)
    assert choice.command != Choose("pass")
    assert choice.why.rolls == ((6, 2),)  # the roll is recorded with whatever was chosen


def test_the_capability_is_played_next_card_without_rolling_8_8_2() -> None:
    game = on_card(11, NP, "played 1", "leader-box 125 126 127", f"agent-notes US:{us.LOOKAHEAD}@1")
    choice = decide(game)  # FixedRoller with no dice: a roll would fail
    assert choice.command == Choose("event") and choice.why.rolls == ()


def test_a_capability_is_played_on_its_roll_only_r331() -> None:
    """R331: a Capability whose roll fails is not played later by 8.8.6 either."""
    assert decide(on_card(11, NP, "leader-box 125 126"), 3).command == Choose("event")
    failed = decide(on_card(11, NP, "leader-box 125 126", "space saigon 2 us-troops"), 2)
    assert failed.command == Choose("op+sa") and failed.why.rule == "8.8.7"


def test_the_next_capability_need_not_be_the_us_one_r330() -> None:
    """R330: "the current card is not" a Capability of any Faction; with an NVA Capability
    now and a US one next, the US rolls to play the current one (it does not Pass)."""
    game = on_card(31, NP, "ineligible NVA", next_card=11)  # AAA: an NVA Capability
    assert coinlake.CARDS[31].capability_of is Faction.NVA
    answer = decide(game, 6)
    assert answer.command == Choose("event") and answer.why.rule == "8.8.2"


# == plan_operation: which Operation (8.8.3-8.8.7) ================================================
def test_assault_when_an_assault_can_remove_a_base_8_8_3() -> None:
    state = on_card(2, NP, "space binh-dinh 3 us-troops 1 vc-base").state
    assert "Base" in (us.assault_condition(state) or "")
    assert us.plan_operation(state)[0] == "assault"


def test_a_tunnel_roll_counts_as_removing_a_base_r332() -> None:
    state = on_card(2, NP, "space kien-phong 2 us-troops 1 vc-base-t").state
    assert us.assault_condition(state) is not None


def test_an_added_arvn_assault_counts_for_the_base_8_8_3() -> None:
    lines = ("space kien-phong 1 us-troops 1 vc-guerrilla-a 1 vc-base 2 arvn-troops",)
    assert us.assault_condition(on_card(2, NP, *lines).state) is not None
    poor = on_card(2, NP, *lines, tracks(arvn_resources=16)).state  # 1 above Econ
    assert us.assault_condition(poor) is None


def test_assault_when_nva_troops_meet_us_forces_8_8_3() -> None:
    state = on_card(2, NP, "space kontum 1 us-base 1 nva-troops", "space saigon 4 us-troops").state
    assert "NVA Troops" in (us.assault_condition(state) or "")
    assert us.plan_operation(state)[0] == "assault"  # after an Air Lift into Kontum


def test_no_assault_possible_sweeps_instead_8_8_3() -> None:
    """IF NONE: no US Troops on the map to remove anything, even by Air Lift: Sweep."""
    state = on_card(
        2, NP, "space kontum 1 us-base 1 nva-troops", "space hue 1 vc-guerrilla-u"
    ).state
    assert us.assault_condition(state) is not None and not us.assault_possible(state)
    assert us.plan_operation(state)[:2] == ("sweep", "8.8.3")


def test_monsoon_patrols_us_troops_out_of_laos_and_cambodia_8_8_4() -> None:
    state = on_card(2, NP, "space the-fishhook 2 us-troops", next_card=COUP).state
    assert us.monsoon(state) and us.plan_operation(state)[0] == "patrol"


def test_monsoon_without_troops_to_patrol_trains_r337() -> None:
    state = on_card(2, NP, "space saigon 2 us-troops", next_card=COUP).state
    assert us.plan_operation(state)[:2] == ("train", "8.8.4")


def test_sweep_when_underground_guerrillas_are_at_support_8_8_5() -> None:
    state = on_card(
        2, NP, "space hue 1 vc-guerrilla-u passive-support", "space saigon 2 us-troops"
    ).state
    assert us.sweep_condition(state) is not None
    assert us.plan_operation(state)[0] == "sweep"
    neutral = on_card(2, NP, "space hue 1 vc-guerrilla-u", "space saigon 2 us-troops").state
    assert us.sweep_condition(neutral) is None


def test_the_event_when_no_operation_conditions_hold_8_8_6() -> None:
    """Card 1 (no instruction against it): nothing to Assault, Patrol or Sweep: the Event."""
    game = on_card(1, NP, "space saigon 2 us-troops")
    choice = decide(game)
    assert choice.command == Choose("event") and choice.why.rule == "8.8.6"


def test_an_ineffective_event_is_not_played_8_1() -> None:
    """8.1's example: Operation Attleboro with no Tunnel on the map: Operations instead."""
    game = on_card(23, NP, "space saigon 2 us-troops")
    choice = decide(game)
    assert choice.command == Choose("op+sa") and choice.why.rule == "8.8.7"


def test_train_when_nothing_else_8_8_7() -> None:
    state = on_card(2, NP, "space saigon 2 us-troops").state  # card 2: declined under LBJ
    assert us.plan_operation(state)[:2] == ("train", "8.8.7")


def test_no_training_possible_passes_8_8_7() -> None:
    """IF NONE: ARVN a Non-player, every Irregular on the map, no Resources above Econ."""
    state = on_card(
        2,
        "options non-players=US,ARVN",
        "space saigon 2 us-troops 3 us-irregular-u",
        tracks(arvn_resources=15),
    ).state
    assert not state.available[P.US_IRREGULAR_UNDERGROUND]
    assert not us.train_possible(state)
    assert us.plan_operation(state)[0] == "pass"


# == 8.8.3 Assault, step by step ==================================================================
ASSAULT = (
    "space kien-phong 2 us-troops 1 nva-troops 1 vc-base",  # every Active enemy: bullet 1
    "space kien-hoa-vinh-binh 2 us-troops 3 vc-guerrilla-a",  # 2 of 3: more than half
    "space quang-tin-quang-ngai 1 us-troops 2 vc-guerrilla-a",  # 1 of 2: bullet 4
)


def test_assault_order_of_the_bullets_r348() -> None:
    """Every Active enemy first, then more than half, then any (no Special Activity here:
    shaded Medevac bars Air Lift, Bombing Pause Air Strike)."""
    game = on_card(2, NP, *ASSAULT, "momentum 15 41", "card-markers 15:shaded")
    play_turn(game)
    commands = us_commands(game)
    assert commands[:2] == ["op+sa", "assault"]
    selects = [c for c in commands if c.startswith("select")]
    assert selects == [
        "select kien-phong",
        "select kien-hoa-vinh-binh",
        "select quang-tin-quang-ngai",
    ]
    assert not game.state.space("kien-phong").count(P.VC_BASE)


def test_the_special_activity_follows_the_clearing_assaults_8_8_3() -> None:
    """After the Assaults that remove every Active enemy: Air Lift, else Air Strike."""
    game = on_card(2, NP, *ASSAULT, "momentum 15", "card-markers 15:shaded")
    play_turn(game)
    commands = us_commands(game)
    at = commands.index("select kien-phong")
    assert commands[at + 1] == "air-strike"


def test_the_special_activity_comes_first_when_nothing_can_be_cleared_8_8_3() -> None:
    game = on_card(2, NP, "space binh-dinh 1 us-base 1 us-troops 3 nva-troops")  # 2 of 3
    decision = advance(game, lambda d: d.kind is Kind.SPECIAL_ACTIVITY)
    assert decide(game, decision=decision).command == Choose("air-strike")


def test_shaded_cobras_stops_after_2_spaces_8_8_3() -> None:
    game = on_card(
        2, NP, *ASSAULT, "momentum 15 41", "card-markers 15:shaded", "capabilities 13:shaded"
    )
    play_turn(game)
    selects = [c for c in us_commands(game) if c.startswith("select")]
    assert selects == ["select kien-phong", "select kien-hoa-vinh-binh"]


def test_an_added_arvn_assault_in_the_first_space_where_it_removes_more_8_8_3() -> None:
    game = on_card(
        2,
        NP,
        "space kien-phong 1 us-troops 4 arvn-troops 2 vc-guerrilla-a 1 vc-base",
        "space kien-hoa-vinh-binh 2 us-troops 2 arvn-troops 1 vc-guerrilla-a",
        "momentum 15 41",
        "card-markers 15:shaded",
    )
    play_turn(game)
    commands = us_commands(game)
    assert commands[-1] == "select kien-phong"  # the ARVN Assault
    assert not game.state.space("kien-phong").count(P.VC_BASE)


def test_shaded_search_and_destroy_spares_provinces_at_support_8_8_3() -> None:
    """Shaded Search and Destroy: a Province at Support is Assaulted only to remove a Base
    (not a Tunnel) or NVA Troops."""
    lines = (
        "capabilities 28:shaded",
        "space kien-phong 2 us-troops 1 vc-guerrilla-a passive-support",
    )
    assert us._assault_category(on_card(2, NP, *lines).state, "kien-phong") == 0
    troops = on_card(2, NP, lines[0], "space kien-phong 2 us-troops 1 nva-troops passive-support")
    assert us._assault_category(troops.state, "kien-phong") == 1
    neutral = on_card(2, NP, lines[0], "space kien-phong 2 us-troops 1 vc-guerrilla-a")
    assert us._assault_category(neutral.state, "kien-phong") == 1


def test_air_lift_example_8_8_3() -> None:
    """8.8.3's example (JFK): NVA Controls nothing, a VC Base protected only by 2 Active
    Guerrillas in each of two spaces: the US Air Lifts enough Troops there to remove the
    Bases, and does."""
    game = on_card(
        2,
        NP,
        "us-policy JFK",
        "space ba-xuyen 1 us-troops 1 vc-base",
        "space kien-phong 1 vc-base 2 vc-guerrilla-a",
        "space kien-giang-an-xuyen 1 vc-base 2 vc-guerrilla-a",
        "space saigon 8 us-troops 2 arvn-police",
    )
    play_turn(game)
    commands = us_commands(game)
    assert "air-lift" in commands
    lifts = [c for c in commands if c.startswith("move") and "saigon" in c]
    assert sorted(lifts) == [
        "move 3 us-troops saigon kien-giang-an-xuyen",
        "move 3 us-troops saigon kien-phong",
    ]
    for space in ("ba-xuyen", "kien-phong", "kien-giang-an-xuyen"):
        assert not game.state.space(space).count(P.VC_BASE)


def test_air_lift_origins_are_identified_once_and_kept_r363() -> None:
    """8.8.3 AIR LIFT: the potential origins are identified first and their order noted:
    the first "from where" answer records them (the agent note ``air-lift-origins.``), and
    every origin the Air Lift then uses comes from that list."""
    game = on_card(
        2,
        NP,
        "us-policy JFK",
        "space ba-xuyen 1 us-troops 1 vc-base",
        "space kien-phong 1 vc-base 2 vc-guerrilla-a",
        "space kien-giang-an-xuyen 1 vc-base 2 vc-guerrilla-a",
        "space saigon 8 us-troops 2 arvn-police",
        "space the-fishhook 2 us-troops 3 nva-guerrilla-u",
    )
    play_turn(game)
    notes = [
        e.note
        for e in game.events
        if isinstance(e, Explained) and e.note.startswith(us.AIR_LIFT_ORIGINS)
    ]
    assert len(notes) == 1  # identified once, at the Air Lift's first question
    noted = notes[0].removeprefix(us.AIR_LIFT_ORIGINS).split(".")
    assert noted[0] == "the-fishhook"  # 1st bullet: no COIN Control, Support or US Base
    assert 1 <= len(noted) <= 3 and "saigon" in noted
    boxes = ("available", "casualties", "out-of-play")
    lifts = [c for c in us_commands(game) if c.startswith("move") and c.split()[4] not in boxes]
    assert lifts and all(c.split()[3] in noted for c in lifts), (noted, lifts)


def test_air_lift_origins_first_where_no_coin_control_support_or_base_r335() -> None:
    state = on_card(
        2,
        NP,
        "space the-fishhook 2 us-troops 3 nva-guerrilla-u",
        "space saigon 8 us-troops 2 arvn-police",
        "space kien-phong 1 vc-base 2 vc-guerrilla-a",
    ).state
    lifts = us._lift_moves(state, "assault", (), ())
    assert next((lift.origin, lift.destination, lift.count) for lift in lifts) == (
        "the-fishhook",
        "kien-phong",
        2,
    )


def test_air_lift_takes_troops_from_spaces_already_assaulted_r334() -> None:
    """R334: the second AIR LIFT bullet's spaces include those the US already Assaulted:
    their Troops are no longer needed for the Operation (Control still keeps some)."""
    state = on_card(2, NP, "space kien-phong 4 us-troops 1 vc-guerrilla-a").state
    assert us._spare_troops(state, "kien-phong", "assault", ()) == 0  # still to Assault
    assert us._spare_troops(state, "kien-phong", "assault", ("kien-phong",)) == 2  # Control


def test_air_lift_in_monsoon_1_origin_and_1_destination_r335() -> None:
    """R335 (errata 12): after a first Air Lift from The Fishhook into Kien Phong, Monsoon
    allows no other space; otherwise Saigon fills the second destination."""
    lines = (  # after the first move
        "space the-fishhook 3 nva-guerrilla-u",
        "space saigon 4 us-troops",
        "space kien-phong 3 us-troops 1 vc-base 2 vc-guerrilla-a",
        "space kien-giang-an-xuyen 1 vc-base 2 vc-guerrilla-a",
    )
    first = (Move(P.US_TROOPS, 3, "the-fishhook", "kien-phong"),)
    monsoon = on_card(2, NP, *lines, next_card=COUP).state
    assert us._lift_moves(monsoon, "assault", (), first) == []
    state = on_card(2, NP, *lines).state
    lifts = us._lift_moves(state, "assault", (), first)
    assert [(x.origin, x.destination, x.count) for x in lifts] == [
        ("saigon", "kien-giang-an-xuyen", 3)
    ]


def test_air_lift_empties_first_bullet_origins_then_1_special_force_8_8_3() -> None:
    """After the wanted destinations: the rest of the US units in a first-bullet origin go
    to the last destination; then 1 Irregular or Ranger to an empty space in Laos or
    Cambodia."""
    state = on_card(
        2,
        NP,
        "space the-fishhook 4 us-troops 1 us-irregular-u 3 nva-guerrilla-u",
        "space kien-phong 1 vc-base 2 vc-guerrilla-a",
    ).state
    done = (Move(P.US_TROOPS, 3, "the-fishhook", "kien-phong"),)
    after = attrs.evolve(
        state,
        spaces=tuple(
            attrs.evolve(sp, pieces=_moved(sp.pieces, i, done[0]))
            for i, sp in enumerate(state.spaces)
        ),
    )
    left = us._lift_moves(after, "assault", (), done)
    assert [(x.origin, x.destination, x.why) for x in left][:1] == [
        ("the-fishhook", "kien-phong", "the rest of the US units there")
    ]


@settings(max_examples=300, deadline=None)
@given(
    counts=st.lists(st.integers(0, 4), min_size=len(P), max_size=len(P)),
    hits=st.integers(0, 45),
    abrams=st.booleans(),
    underground=st.integers(0, 1),
)
def test_an_assault_removes_the_lesser_of_its_hits_and_what_it_can_reach_3_2_4(
    counts: list[int], hits: int, abrams: bool, underground: int
) -> None:
    """Each hit removes a piece until nothing more can go: what the Air Lift's search for
    the fewest Troops relies on (``_lift_for_assault``)."""
    p = tuple(counts)
    reach = us._simulate(p, 99, abrams=abrams, underground=underground).removed
    strike = us._simulate(p, hits, abrams=abrams, underground=underground)
    assert strike.removed == min(hits, reach)


def _lift_by_search(state: coinlake.GameState, key: str) -> int:
    """8.8.3's third Assault bullet for an Air Lift, searched one added Troop at a time."""
    p = state.space(key).pieces
    if not us._troops_may_enter(state, key) or not us._n(p, *us._INSURGENT):
        return 0
    most = us.us_assault(state, key, 40).removed
    if us.us_assault(state, key).removed >= most:
        return 0
    for extra in range(1, 41):
        if us.us_assault(state, key, extra).removed >= most:
            return extra if us._assault_category(state, key, extra) in (1, 2) else 0
    return 0


def _positions(seed: int, every: int = 25) -> list[coinlake.GameState]:
    """Positions of a Short game with four Non-players, one every ``every`` commands."""
    game = coinlake.new_game("short", seed=seed, non_players=set(Faction))
    game.play_non_players(limit=400)
    return [node.state for node in game.line()[::every]]


@pytest.mark.parametrize("card", [None, us.M48_PATTON, us.ABRAMS, us.SEARCH_AND_DESTROY])
def test_air_lift_brings_the_fewest_troops_that_remove_the_most_8_8_3(card: int | None) -> None:
    """The Troops an Air Lift brings for the Assault's third bullet are those the plain
    search (1 more Troop at a time) finds, with and without the Capabilities that change
    the hits (unshaded M-48 Patton's 2 more where fewer than the enemies) or the removals."""
    for state in _positions(1) + _positions(2):
        if card is not None:
            state = attrs.evolve(state, capabilities=((card, Side.UNSHADED),))
        for key in SPACE_IDS:
            assert us._lift_for_assault(state, key, ()) == _lift_by_search(state, key), key


def test_an_air_lift_plan_is_reused_only_for_the_same_position_8_8_3() -> None:
    """The plan an Air Lift question reuses is the one made from the same position: other
    pieces, another Capability or another Operation make it afresh."""
    lines = (
        "space the-fishhook 2 us-troops 3 nva-guerrilla-u",
        "space saigon 8 us-troops 2 arvn-police",
        "space kien-phong 1 vc-base 2 vc-guerrilla-a",
    )

    def fresh(state: coinlake.GameState, op: str) -> list[us.Lift]:
        return us._make_lift_plan(state, op, (), ())[1]

    state = on_card(2, NP, *lines).state
    first = us._lift_moves(state, "assault", (), ())
    assert first == fresh(state, "assault")
    assert us._lift_moves(on_card(2, NP, *lines).state, "assault", (), ()) == first
    fewer = on_card(2, NP, *lines[1:]).state
    assert us._lift_moves(fewer, "assault", (), ()) == fresh(fewer, "assault") != first
    patton = attrs.evolve(state, capabilities=((us.M48_PATTON, Side.UNSHADED),))
    assert us._lift_moves(patton, "assault", (), ()) == fresh(patton, "assault")
    assert us._lift_moves(state, "sweep", (), ()) == fresh(state, "sweep")


def test_reuse_keeps_the_last_result_for_an_equal_key() -> None:
    made: list[int] = []

    def make() -> int:
        made.append(len(made))
        return len(made)

    assert plans.reuse("test", ("a", 1), make) == 1
    assert plans.reuse("test", ("a", 1), make) == 1  # kept
    assert plans.reuse("test", ("a", 2), make) == 2  # another key: made again
    assert plans.reuse("test", ("a", 1), make) == 3  # only the last one is kept
    assert made == [0, 1, 2]


def _moved(pieces: tuple[int, ...], index: int, move: Move) -> tuple[int, ...]:
    space = coinlake.SPACES[index].id
    counts = list(pieces)
    if space == move.origin:
        counts[move.piece] -= move.count
    if space == move.destination:
        counts[move.piece] += move.count
    return tuple(counts)


def test_sweep_air_lifts_before_activation_r349() -> None:
    """R349: under JFK or Nixon the Sweep's Air Lift is taken while its spaces are being
    selected, before the Activation; under LBJ an Air Strike follows the Sweep."""
    lines = (
        "space hue 3 vc-guerrilla-u passive-support",
        "space quang-tri-thua-thien 1 us-troops",
        "space saigon 6 us-troops 3 arvn-police",
        "momentum 41",
    )
    game = on_card(2, NP, *lines, "us-policy JFK")
    play_turn(game)
    commands = us_commands(game)
    # Quang Tri's Troop keeps its COIN Control: none Sweeps in; Air Lift brings 3 to
    # Activate every Guerrilla and 1 more for COIN Control, then the Sweep ends (Activation)
    assert commands == [
        "op+sa",
        "sweep",
        "not-now",
        "select hue",
        "done",
        "air-lift",
        "select saigon",
        "select hue",
        "move 4 us-troops saigon hue",
        "done",
        "done",
    ]
    assert game.state.space("hue").count(P.VC_GUERRILLA_ACTIVE) == 3
    lbj = on_card(2, NP, *lines[:-1])
    play_turn(lbj)
    assert "air-lift" not in us_commands(lbj) and "air-strike" in us_commands(lbj)


def test_air_lift_is_possible_only_for_a_wanted_destination_r333() -> None:
    """R333: the Special Forces bullet alone does not make an Air Lift possible."""
    state = on_card(
        2, NP, "space saigon 2 us-troops 1 us-irregular-u 2 arvn-police active-support"
    ).state
    assert not us.air_lift_possible(state, "assault")
    police = on_card(
        2, NP, "space hue 1 arvn-police 1 vc-guerrilla-u", "space saigon 4 us-troops"
    ).state
    assert us.air_lift_possible(police, "train")  # US Troops and COIN Control to Hue


# == 8.8.3 AIR STRIKE =============================================================================
def test_air_strike_degrades_the_trail_first_8_8_3() -> None:
    game = on_card(2, NP)
    ask = question(
        Kind.REMOVE_PIECES,
        "air-strike",
        "degrade-trail",
        "move 1 nva-troops hue available",
        "done",
        prompt="US Air Strike: 3 hit(s) left",
        left=3,
    )
    assert decide(game, decision=ask).command == Choose("degrade-trail")


def test_air_strike_ends_nva_control_in_the_most_population_r344() -> None:
    """3 hits: Kien Phong (Pop 2, 2 NVA to remove) and Ba Xuyen (Pop 1, 1) end NVA
    Control in 3 Population; Kien Phong alone with Kien Giang (Pop 2, 2) would need 4."""
    game = on_card(
        2,
        NP,
        "space kien-phong 1 arvn-police 3 nva-troops",
        "space ba-xuyen 1 arvn-police 2 nva-troops",
        "space kien-giang-an-xuyen 1 arvn-police 3 nva-troops",
    )
    options = [
        f"move 1 nva-troops {k} available"
        for k in ("kien-phong", "ba-xuyen", "kien-giang-an-xuyen")
    ]
    ask = question(
        Kind.REMOVE_PIECES,
        "air-strike",
        *options,
        "done",
        prompt="US Air Strike: 3 hit(s) left",
        left=3,
    )
    assert decide(game, decision=ask).command == Move(P.NVA_TROOPS, 1, "kien-phong", "available")
    two = question(
        Kind.REMOVE_PIECES,
        "air-strike",
        *options,
        "done",
        prompt="US Air Strike: 1 hit(s) left",
        left=1,
    )
    assert decide(game, decision=two).command == Move(P.NVA_TROOPS, 1, "ba-xuyen", "available")


def test_air_strike_then_locs_nearest_saigon_8_8_3() -> None:
    game = on_card(
        2,
        NP,
        "space loc-saigon-cam-ranh 1 arvn-police 1 vc-guerrilla-a",
        "space loc-hue-da-nang 1 arvn-police 1 vc-guerrilla-a",
    )
    options = [
        f"move 1 vc-guerrilla-a {k} available" for k in ("loc-hue-da-nang", "loc-saigon-cam-ranh")
    ]
    ask = question(
        Kind.REMOVE_PIECES,
        "air-strike",
        *options,
        "done",
        prompt="US Air Strike: 1 hit(s) left",
        left=1,
    )
    assert decide(game, decision=ask).command == Move(
        P.VC_GUERRILLA_ACTIVE, 1, "loc-saigon-cam-ranh", "available"
    )


def test_air_strike_selects_spaces_by_its_priorities_8_8_3() -> None:
    game = on_card(
        2,
        NP,
        "space kien-phong 1 arvn-police 3 nva-troops",
        "space hue 1 arvn-police 1 vc-guerrilla-a active-opposition",
    )
    ask = question(Kind.SELECT_SPACE, "air-strike", "select hue", "select kien-phong", "done")
    assert decide(game, decision=ask).command == Select("kien-phong")  # NVA Control first


def test_air_strike_bases_then_pieces_active_opposition_first_8_8_3() -> None:
    game = on_card(
        2,
        NP,
        "space kien-phong 1 arvn-police 1 vc-base",
        "space ba-xuyen 1 arvn-police 1 vc-base active-opposition",
        "space hue 1 arvn-police 1 vc-guerrilla-a",
        "space da-nang 1 arvn-police 1 vc-guerrilla-a",
    )
    bases = ("move 1 vc-base kien-phong available", "move 1 vc-base ba-xuyen available")
    pieces = ("move 1 vc-guerrilla-a hue available", "move 1 vc-guerrilla-a da-nang available")
    ask = question(Kind.REMOVE_PIECES, "air-strike", *pieces, *bases, "done", prompt="1 hit")
    assert decide(game, decision=ask).command == Move(P.VC_BASE, 1, "ba-xuyen", "available")
    rest = question(Kind.REMOVE_PIECES, "air-strike", *pieces, "done", prompt="1 hit")
    assert decide(game, decision=rest).command == Move(
        P.VC_GUERRILLA_ACTIVE, 1, "da-nang", "available"
    )  # the lowest Population


def test_arc_light_province_takes_the_hits_after_the_trail_r361() -> None:
    """8.8.3 AIR STRIKE with unshaded Arc Light (card 8): the Province without US or ARVN
    pieces is struck first (before a LoC with US or ARVN pieces near Saigon); without the
    Capability the LoC comes first (no other space could be struck)."""
    lines = (
        "space tay-ninh 2 vc-guerrilla-a",
        "space loc-saigon-can-tho 1 arvn-police 1 nva-troops",
    )
    hits = (
        "move 1 vc-guerrilla-a tay-ninh available",
        "move 1 nva-troops loc-saigon-can-tho available",
    )
    ask = question(Kind.REMOVE_PIECES, "air-strike", *hits, "done", left=3)
    arc = on_card(2, NP, *lines, "capabilities 8:unshaded")
    choice = decide(arc, decision=ask)
    assert choice.command == coinlake.parse(hits[0]) and "Arc Light" in choice.why.reason
    plain = on_card(2, NP, *lines)
    assert decide(plain, decision=ask).command == coinlake.parse(hits[1])
    nva = on_card(2, NP, "space tay-ninh 2 nva-troops 1 vc-guerrilla-a", "capabilities 8:unshaded")
    mixed = (
        "move 1 vc-guerrilla-a tay-ninh available",
        "move 1 nva-troops tay-ninh available",
    )
    first = question(Kind.REMOVE_PIECES, "air-strike", *mixed, "done", left=2)
    assert decide(nva, decision=first).command == coinlake.parse(mixed[1])  # NVA Control


def test_no_air_strike_under_bombing_pause() -> None:
    state = on_card(2, NP, "space hue 1 arvn-police 1 vc-guerrilla-a", "momentum 41").state
    assert not us.air_strike_possible(state)


# == 8.8.4 Patrol and ADVISE ======================================================================
def test_patrol_brings_the_troops_to_a_city_without_active_support_8_8_4() -> None:
    game = on_card(
        2, NP, "space the-fishhook 3 us-troops", "space saigon active-support", next_card=COUP
    )
    play_turn(game)
    commands = us_commands(game)
    assert commands[:2] == ["op+sa", "patrol"]
    assert not game.state.space("the-fishhook").count(P.US_TROOPS)
    where = [s.id for s in coinlake.SPACES if game.state.space(s.id).count(P.US_TROOPS)]
    assert len(where) == 1 and where[0] != "saigon"  # 1 City, not at Active Support
    assert next(s for s in coinlake.SPACES if s.id == where[0]).is_city


def test_patrol_assaults_on_the_loc_it_reached_8_8_4() -> None:
    """Troops that could only reach a LoC with enemies Assault there."""
    game = on_card(
        2,
        NP,
        "space central-laos 2 us-troops",
        "space loc-hue-khe-sanh 1 vc-guerrilla-u",
        next_card=COUP,
    )
    decision = advance(game, lambda d: d.context.procedure == "patrol-assault")
    assert decision.kind is Kind.SELECT_SPACE  # 3.2.2's Assault in 1 LoC, its own sub-step
    assert decide(game).command == Select("loc-hue-khe-sanh")
    play_turn(game)
    assert "select loc-hue-khe-sanh" in us_commands(game)
    assert game.state.space("loc-hue-khe-sanh").count(P.US_TROOPS) == 2
    assert not game.state.space("loc-hue-khe-sanh").count(P.VC_GUERRILLA_ACTIVE)


def test_m48_patton_counts_only_in_2_assault_spaces_r360() -> None:
    """Unshaded M-48 Patton (card 14) adds 2 removals in at most 2 US Assault spaces of an
    Operation (5.3): once used twice, the flowchart counts 2 US Troops in Highland as 1
    removal (3.2.4), not 3."""
    lines = [f"space {k} 2 us-troops 4 nva-troops" for k in ("quang-nam", "binh-dinh", "khanh-hoa")]
    game = on_card(2, NP, *lines, "capabilities 14:unshaded")
    p = game.state.space("quang-nam").pieces
    assert us._us_hits(game.state, "quang-nam", p) == 1 + 2

    def third(d: Decision) -> bool:
        return (
            d.kind is Kind.SELECT_SPACE
            and d.context.procedure == "assault"
            and (len(d.context.done) == 2)
        )

    decision = advance(game, third)
    assert us_commands(game).count("patton") == 2
    left = next(
        k for k in ("quang-nam", "binh-dinh", "khanh-hoa") if k not in decision.context.done
    )
    assert us._us_hits(game.state, left, game.state.space(left).pieces) == 1


def test_advise_adds_coin_control_first_r346() -> None:
    state = on_card(
        2,
        NP,
        "space kien-phong 2 arvn-troops 2 vc-guerrilla-a",  # Assault: 1 removed, COIN Control
        "space kien-hoa-vinh-binh 4 arvn-troops 3 vc-guerrilla-a 6 nva-guerrilla-a",  # 2 removed
    ).state
    best = us._best_advise(state, "kien-phong")
    assert best is not None and best.priority == 1 and best.mode == "assault"
    other = us._best_advise(state, "kien-hoa-vinh-binh")
    assert other is not None and other.priority == 3


def test_advise_adds_aid_only_at_30_or_less_8_8_4() -> None:
    game = on_card(2, NP)
    ask = question(Kind.YES_NO, "advise", "add-aid", "decline")
    assert decide(game, decision=ask).command == Choose("add-aid")
    rich = on_card(2, NP, tracks(aid=31))
    assert decide(rich, decision=ask).command == Choose("decline")


def test_special_activity_after_patrol_or_train_by_policy_r336() -> None:
    """R336: LBJ -- Air Strike, else Advise, else Air Lift; JFK and Nixon -- Advise, else
    Air Lift, else Air Strike."""
    lines = ("space hue 1 arvn-police 1 arvn-troops 1 vc-guerrilla-a", "space saigon 3 us-troops")
    offered = ["advise", "air-lift", "air-strike"]
    for policy, first in (("LBJ", "air-strike"), ("JFK", "advise"), ("Nixon", "advise")):
        state = on_card(2, NP, *lines, f"us-policy {policy}").state
        chosen = us._choose_sa(state, "train", offered, last=True)
        assert chosen is not None and chosen[0] == first
    quiet = on_card(2, NP, "space saigon 3 us-troops", "us-policy JFK", "momentum 41").state
    chosen = us._choose_sa(quiet, "patrol", offered, last=True)
    assert chosen is None  # nothing to Advise, Air Lift or Air Strike: Operation only


# == 8.8.5 Sweep ==================================================================================
def test_sweep_spaces_with_us_pieces_first_then_up_to_2_more_r339() -> None:
    game = on_card(
        2,
        NP,
        "space hue 1 vc-guerrilla-u passive-support",
        "space saigon 1 us-troops 1 vc-guerrilla-u",
        "space kien-phong 1 vc-guerrilla-u",
        "space ba-xuyen 1 vc-guerrilla-u",
        "space can-tho 1 vc-guerrilla-u",
        "momentum 15 41",
        "card-markers 15:shaded",
    )
    play_turn(game)
    selects = [c for c in us_commands(game) if c.startswith("select")]
    assert selects[:2] == ["select saigon", "select hue"]  # US pieces, then Support
    assert len(selects) == 3


def test_sweep_moves_troops_to_activate_every_guerrilla_8_8_5() -> None:
    game = on_card(
        2,
        NP,
        "space kien-phong 2 vc-guerrilla-u passive-support",
        "space saigon 6 us-troops 3 arvn-police",
        "momentum 15 41",
        "card-markers 15:shaded",
    )
    play_turn(game)
    # 2 Troops Activate both Guerrillas; a 3rd adds COIN Control (the last bullet)
    assert "move 3 us-troops saigon kien-phong" in us_commands(game)
    assert any("COIN Control" in r for r in reasons(game))
    assert game.state.space("kien-phong").count(P.VC_GUERRILLA_ACTIVE) == 2
    assert coinlake.control(game.state, "kien-phong") is coinlake.Control.COIN


def test_sweep_takes_troops_from_laos_and_cambodia_first_8_8_5() -> None:
    game = on_card(
        2,
        NP,
        "space tay-ninh 1 vc-guerrilla-u passive-support",
        "space the-fishhook 3 us-troops",
        "space saigon 4 us-troops",
        "momentum 15 41",
        "card-markers 15:shaded",
    )
    play_turn(game)
    # as many as may leave The Fishhook: the 3rd would end its COIN Control
    commands = us_commands(game)
    assert "move 2 us-troops the-fishhook tay-ninh" in commands
    assert not any("saigon tay-ninh" in c for c in commands)


def test_shaded_booby_traps_sweeps_2_spaces_at_most_8_8_5() -> None:
    state = on_card(
        2,
        NP,
        "capabilities 101:shaded",
        "space hue 1 vc-guerrilla-u",
        "space da-nang 1 vc-guerrilla-u",
        "space kontum 1 vc-guerrilla-u",
    ).state
    spaces = ["hue", "da-nang", "kontum"]
    assert us._next_sweep_space(state, spaces, ("hue", "da-nang"), FixedRoller(state))[0] is None
    assert us._next_sweep_space(state, spaces, ("hue",), FixedRoller(state, 1, 1))[0] is not None


def test_sweep_moves_each_bullet_across_all_spaces_r338() -> None:
    """8.8.5: the spaces are selected first, then each movement bullet is applied to all
    of them before the next. Saigon spares 3 US Troops (COIN Control kept): 2 make Kien
    Phong's 3 Guerrillas all Activatable (Support: first), 1 does Kien Hoa's 2 -- none is
    left for Kien Phong's COIN Control (the last bullet), which taking 3 there first would
    have served instead of Kien Hoa."""
    game = on_card(
        2,
        NP,
        "space kien-phong 1 us-irregular-u 3 vc-guerrilla-u passive-support",
        "space kien-hoa-vinh-binh 1 us-irregular-u 2 vc-guerrilla-u",
        "space saigon 4 us-troops",
    )
    assert us._sweep_spare(game.state, "saigon") == 3
    play_turn(game)
    commands = us_commands(game)
    assert commands[3:9] == [
        "select kien-phong",
        "move 2 us-troops saigon kien-phong",
        "done",
        "select kien-hoa-vinh-binh",
        "move 1 us-troops saigon kien-hoa-vinh-binh",
        "done",
    ]
    assert (US, "sweep-plan.kien-phong.kien-hoa-vinh-binh", 2) in game.state.agent_notes
    for key in ("kien-phong", "kien-hoa-vinh-binh"):
        assert not game.state.space(key).count(P.VC_GUERRILLA_UNDERGROUND)


def test_sweep_keeps_control_and_3_cubes_at_support_r338() -> None:
    state = on_card(2, NP, "space saigon 4 us-troops 1 vc-guerrilla-u active-support").state
    assert us._sweep_spare(state, "saigon") == 1  # 5 COIN, 1 VC: keep 3 (and Control)
    nva = on_card(2, NP, "space tay-ninh 3 us-troops 3 nva-troops").state
    assert us._sweep_spare(nva, "tay-ninh") == 0  # NVA Control would follow


def test_sweep_activates_vc_before_nva_r345() -> None:
    """The Activation's number (how many NVA, the rest VC) is recognised by the procedure
    that Activates, not by its prompt: the fewest NVA; elsewhere a number is the most."""
    game = on_card(2, NP)
    for procedure in ("sweep", "patrol", "advise"):
        ask = question(Kind.HOW_MANY, procedure, "count 0", "count 1", "count 2")
        assert decide(game, decision=ask).command == coinlake.Count(0)
    transfer = question(Kind.HOW_MANY, "train", "count 1", "count 2", "count 3")
    assert decide(game, decision=transfer).command == coinlake.Count(3)  # 8.1.1


def test_no_sweep_in_monsoon_8_8_5() -> None:
    state = on_card(2, NP, "space hue 1 vc-guerrilla-u passive-support", next_card=COUP).state
    assert not us.sweep_possible(state)


# == 8.8.7 Train ==================================================================================
def test_train_arvn_cubes_at_a_us_base_then_irregulars_r340() -> None:
    game = on_card(
        2,
        NP,
        "space saigon 2 us-troops 1 us-base",
        "space kien-phong 1 us-troops",
        "space da-nang 1 us-troops",
        "available 1 us-irregular-u 4 arvn-troops 4 arvn-police",
    )
    play_turn(game)
    commands = us_commands(game)
    assert commands[:4] == ["op+sa", "train", "not-now", "select saigon"]
    assert "move 3 arvn-troops available saigon" in commands
    assert "move 3 arvn-police available saigon" in commands
    assert "select kien-phong" in commands  # a Province before a City
    assert "move 1 us-irregular-u available kien-phong" in commands


def test_nixon_places_rangers_at_the_us_base_8_8_7() -> None:
    game = on_card(
        23,  # Operation Attleboro: no Tunnel, so Ineffective (8.1)
        NP,
        "us-policy Nixon",
        "space saigon 2 us-troops 1 us-base",
        "available 3 arvn-ranger-u 4 arvn-troops 4 arvn-police",
    )
    play_turn(game)
    assert "move 2 arvn-ranger-u available saigon" in us_commands(game)


def test_combined_action_platoons_police_where_fewest_8_8_7() -> None:
    game = on_card(
        2,
        NP,
        "capabilities 18:unshaded",
        "space saigon 2 us-troops 2 arvn-police",
        "space hue 1 us-troops 1 arvn-police",
        "available 1 arvn-police",
        tracks(arvn_resources=15),
    )
    play_turn(game)
    commands = us_commands(game)
    assert "cap-police" in commands
    assert "move 1 arvn-police available hue" in commands


def test_jfk_places_2_irregulars_and_never_from_the_map_r341() -> None:
    game = on_card(
        2,
        NP,
        "us-policy JFK",
        "space kien-phong 1 us-troops",
        "space hue 1 us-troops 1 us-irregular-u",
        "available 2 us-irregular-u",
        tracks(arvn_resources=15),
    )
    play_turn(game)
    commands = us_commands(game)
    assert "move 2 us-irregular-u available kien-phong" in commands
    assert not any("us-irregular-u hue" in c for c in commands)


def test_train_transfers_patronage_for_a_player_arvn_8_8_7() -> None:
    game = on_card(2, NP, "space saigon 1 us-troops", tracks(patronage=25))
    play_turn(game)
    assert "transfer-patronage" in us_commands(game)
    assert game.state.patronage == 22


def test_train_then_pacifies_8_8_8() -> None:
    game = on_card(2, NP, "space hue 2 us-troops 1 arvn-police", "available")
    play_turn(game)
    commands = us_commands(game)
    assert "pacify" in commands
    assert game.state.space("hue").support == coinlake.Support.ACTIVE_SUPPORT


# == 8.8.8 Pacify =================================================================================
def test_pacify_the_greatest_shift_and_no_terror_only_r342() -> None:
    state = on_card(
        2,
        NP,
        "space hue 1 us-troops 1 arvn-police passive-support",
        "space da-nang 1 us-troops 1 arvn-police",
        "space qui-nhon 1 us-troops 1 arvn-police terror=1 active-support",
        tracks(arvn_resources=21),
    ).state
    assert us._pacify_gain(state, "da-nang", training=False) == 2
    assert us._pacify_gain(state, "hue", training=False) == 1
    assert us._pacify_gain(state, "qui-nhon", training=False) == 0  # Terror only: never
    game = coinlake.from_position(coinlake.position(state))
    ask = question(
        Kind.SELECT_SPACE, "pacify", "select hue", "select da-nang", "select qui-nhon", "done"
    )
    assert decide(game, decision=ask).command == Select("da-nang")
    only_terror = question(Kind.SELECT_SPACE, "pacify", "select qui-nhon", "done")
    assert decide(game, decision=only_terror).command == Done()


def test_pacify_in_training_first_where_no_police_8_8_8() -> None:
    state = on_card(
        2,
        NP,
        "space hue 2 us-troops",
        "space da-nang 2 us-troops 1 arvn-police",
    ).state
    assert us._pacify_rank(state, "hue", training=True) > us._pacify_rank(
        state, "da-nang", training=True
    )


# == 8.8.9 Commitment =============================================================================
def test_commitment_jfk_adds_bases_where_coin_control_r343() -> None:
    state = on_card(
        2,
        NP,
        "us-policy JFK",
        "available 20 us-troops 2 us-base",
        "space saigon 2 us-troops 1 us-base",
    ).state
    state = attrs.evolve(state, coup_step=attrs.evolve(state.coup_step, coin=("saigon", "hue")))
    plan = us._commitment_plan(state, FixedRoller(state, 1, 1))
    assert plan is not None and plan[:3] == ("available", "hue", P.US_BASE)


def test_commitment_returning_casualties_evenly_at_us_bases_8_8_9() -> None:
    game = on_card(2, NP, "space hue 1 us-base 1 us-troops", "space da-nang 1 us-base 3 us-troops")
    ask = question(
        Kind.SELECT_SPACE,
        "commitment",
        "select saigon",
        "select hue",
        "select da-nang",
        space="casualties",
    )
    assert decide(game, decision=ask).command == Select("hue")
    many = question(
        Kind.PLACE_PIECES,
        "commitment",
        *(f"move {n} us-troops casualties hue" for n in (1, 2, 3, 4)),
        space="casualties",
    )
    assert decide(game, decision=many).command == Move(P.US_TROOPS, 2, "casualties", "hue")


def test_commitment_nixon_withdraws_bases_outside_saigon_8_8_9() -> None:
    state = on_card(
        2, NP, "us-policy Nixon", "space saigon 2 us-troops 1 us-base", "space hue 1 us-base"
    ).state
    plan = us._commitment_plan(state, FixedRoller(state))
    assert plan is not None and plan[:3] == ("hue", "available", P.US_BASE)


def test_commitment_troops_toward_the_policy_target_8_8_9() -> None:
    state = on_card(
        2, NP, "us-policy LBJ", "available 9 us-troops", "space saigon 2 us-troops 1 us-base"
    ).state
    plan = us._commitment_plan(state, FixedRoller(state))
    assert plan is not None and plan[:4] == ("available", "saigon", P.US_TROOPS, 4)
    nixon = on_card(
        2,
        NP,
        "us-policy Nixon",
        "available 20 us-troops",
        "space saigon 2 us-troops 1 us-base",
        "space hue 3 us-troops",
    ).state
    nixon = attrs.evolve(nixon, coup_step=attrs.evolve(nixon.coup_step, coin=("saigon", "hue")))
    plan = us._commitment_plan(nixon, FixedRoller(nixon))
    assert plan is not None and plan[:4] == ("hue", "available", P.US_TROOPS, 3)  # no Base


# == whole games ==================================================================================
Said = list[tuple[Decision, Explained]]


def _play(scenario: str, seed: int, non_players: set[str], limit: int = 1500) -> tuple[Game, Said]:
    """A game where the Non-players decide and every player takes its first legal answer;
    with each US decision and the reason recorded for it."""
    game = coinlake.new_game(scenario, seed=seed, non_players=non_players)
    said: Said = []
    for _ in range(limit):
        decision = game.decision
        if decision is None:
            break
        if decision.faction in game.state.options.non_players:
            game.play_non_players(limit=1)
            if decision.faction is US:
                told = [e for e in game.node.events if isinstance(e, Explained)]
                said.extend((decision, e) for e in told)
        else:
            game.apply(decision.options[0])
    return game, said


def _fallbacks(said: Said) -> list[str]:
    """Reasons no flowchart gave: "no flowchart yet", or a random choice (8.4.7) outside an
    Event's own choices."""
    return [
        f"{d.kind} {d.context.procedure}: {e.reason}"
        for d, e in said
        if "flowchart yet" in e.reason or (e.rule == "8.4.7" and not d.context.within("event"))
    ]


@pytest.mark.parametrize("scenario", coinlake.SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_with_the_us_as_the_only_non_player(scenario: str, seed: int) -> None:
    """Every US answer is legal (``apply`` would refuse it), none is a fallback."""
    _, said = _play(scenario, seed, {"US"})
    assert said and not _fallbacks(said)
    assert {e.rule for _, e in said} & {"8.8.3", "8.8.5", "8.8.7"}


@pytest.mark.parametrize("seed", [4, 5])
def test_four_non_players(seed: int) -> None:
    _, said = _play("short", seed, {"US", "ARVN", "NVA", "VC"})
    assert said and not _fallbacks(said)


def test_same_seed_same_game() -> None:
    a, _ = _play("medium", 5, {"US"}, limit=600)
    b, _ = _play("medium", 5, {"US"}, limit=600)
    assert a.events == b.events


def test_the_us_plays_its_pivotal_when_a_player_is_1st_eligible_r347() -> None:
    """Errata 10: 8.8 cites 8.1.3 for Pivotal Events; it is 8.4.6."""
    game = coinlake.new_game("medium", seed=1, non_players={"US"})
    for _ in range(1500):
        decision = game.decision
        assert decision is not None
        if (
            decision.faction is US
            and decision.kind is Kind.YES_NO
            and Choose("pivotal") in decision.options
        ):
            game.play_non_players(limit=1)
            told = [e for e in game.node.events if isinstance(e, Explained)]
            assert told and told[0].rule == "8.4.6"
            return
        if decision.faction is US:
            game.play_non_players(limit=1)
        else:
            game.apply(decision.options[0])
    pytest.skip("no Pivotal offered in this game")
