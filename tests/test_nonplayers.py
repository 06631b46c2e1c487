"""Section 8 framework: seating agents, ``play_non_players``, recorded reasons and rolls,
Random Spaces (8.2) and LoCs (8.3), the 8.1 Sequence of Play for Non-players, the 8.4.1
instruction table, 8.4.2 sides and 8.4.6 Pivotal timing."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Choose, Faction, IllegalCommand, Piece, Select, Side, Why
from coinlake.nonplayers import (
    InstructionTableError,
    NonPlayer,
    RandomAgent,
    Roller,
    board,
    event_verdict,
    parse_table,
    random_loc,
    random_space,
)
from coinlake.nonplayers.event_choices import SWEEP_OR_ASSAULT
from coinlake.nonplayers.events import default_side, event_side, plays_pivotal
from coinlake.state.events import Explained, PivotalPlayed
from tests.cards.helpers import on_card, play, tracks
from tests.conftest import check_invariants

ALL = set(Faction)


class FixedRoller(Roller):
    """A roller whose rolls are given (the examples' dice)."""

    def __init__(self, *values: int) -> None:
        super().__init__(coinlake.new_game("short", seed=1).state)
        self.values = list(values)

    def roll(self, sides: int = 6) -> int:
        value = self.values.pop(0)
        self.rolls.append((sides, value))
        return value


# -- 8.2 Random Spaces, 8.3 Random LoCs -------------------------------------------------------
def test_roll_2_then_6_is_quang_tri_8_2() -> None:
    """8.2's example: 2 followed by 6 is 26, Quang Tri."""
    every = [s.id for s in coinlake.SPACES if not s.is_loc]
    assert random_space(every, FixedRoller(2, 6)) == "quang-tri-thua-thien"


def test_the_arrows_lead_from_any_roll_to_any_candidate_8_2() -> None:
    provinces_and_cities = [s.id for s in coinlake.SPACES if not s.is_loc]
    for tens in range(1, 7):
        for ones in range(1, 7):
            for target in provinces_and_cities:
                assert random_space([target], FixedRoller(tens, ones)) == target


def test_a_non_candidate_follows_the_arrows_8_2() -> None:
    """Roll 11 is Saigon; not a candidate, its arrow leads on until one is reached."""
    saigon_next = coinlake.RANDOM_SPACES[11][1]
    reached = coinlake.RANDOM_SPACES[saigon_next][0]
    assert random_space([reached, "hue"], FixedRoller(1, 1)) == reached != "saigon"


def test_random_loc_takes_the_highest_econ_first_8_3() -> None:
    locs = {s.id: s.econ for s in coinlake.SPACES if s.is_loc}
    best = max(locs, key=lambda k: locs[k])
    others = [k for k in locs if locs[k] < locs[best]][:3]
    roller = FixedRoller()
    assert random_loc([*others, best], roller) == best
    assert roller.rolls == []  # a single best LoC needs no roll


def test_equal_locs_go_by_a_random_city_then_a_roll_8_3() -> None:
    ones = [s.id for s in coinlake.SPACES if s.is_loc and s.econ == 1]
    roller = FixedRoller(1, 1, 1, 1, 1, 1)  # Saigon is the Random City
    chosen = random_loc(ones, roller)
    saigon = next(s for s in coinlake.SPACES if s.id == "saigon")
    near = [
        k for k in ones if saigon.index in next(s for s in coinlake.SPACES if s.id == k).adjacent
    ]
    assert chosen in (near or ones)


# -- seats, reasons, rolls ----------------------------------------------------------------------
def test_a_non_players_decision_is_never_the_callers_8_0() -> None:
    game = coinlake.new_game("short", seed=3, non_players={"US", "ARVN", "NVA", "VC"})
    decision = game.decision
    assert decision is not None and decision.faction in ALL
    before = game.state
    with pytest.raises(IllegalCommand) as err:
        game.apply(decision.options[0])
    assert err.value.rule == "8.0" and game.state is before


def test_every_non_player_choice_records_its_rule_and_rolls_8_1_3() -> None:
    game = coinlake.new_game("short", seed=7, non_players=ALL)  # a game with 8.2 rolls
    applied = game.play_non_players(limit=150)
    assert applied == 150
    told = [e for e in game.events if isinstance(e, Explained)]
    assert len(told) == 150  # one reason per decision (the opening reveal is the game's own)
    assert all(e.reason and e.rule for e in told)
    assert any(e.rolls for e in told) and any(e.rule == "8.2" for e in told)
    rolls = sum(len(e.rolls) for e in told)
    assert game.state.rng.agents == rolls  # every roll drawn from the game's generator


def test_wrong_rolls_are_refused_and_change_nothing_8_2() -> None:
    game = coinlake.new_game("short", seed=5, non_players={"VC"})
    game.play_non_players()  # up to the first player decision
    decision = game.decision
    assert decision is not None
    right = coinlake.next_rolls(game.state, (6,))[0]
    wrong = Why("8.2", "a made-up roll", ((6, right % 6 + 1),))
    before = game.state
    with pytest.raises(IllegalCommand) as err:
        game.apply(decision.options[0], why=wrong)
    assert err.value.rule == "8.2" and game.state is before
    game.apply(decision.options[0], why=Why("8.2", "the real roll", ((6, right),)))
    assert game.state.rng.agents == before.rng.agents + 1
    assert game.state.rng.counter == before.rng.counter  # the rules' dice are untouched


def test_malformed_why_is_refused_at_construction() -> None:
    for bad in (("", "x", ()), ("8.2", "", ()), ("8.2", "x", ((6, 7),)), ("8.2", "x", ((1, 1),))):
        with pytest.raises(ValueError):
            Why(*bad)
    with pytest.raises(ValueError):
        Why("8.2", "x", "66")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Why("8.4.7", "x", ((1001, 1),))
    assert Why("8.4.7", "one of 128 options", ((128, 92),)).rolls == ((128, 92),)


def test_reasons_and_rolls_survive_save_and_verified_load(tmp_path: Path) -> None:
    game = coinlake.new_game("short", seed=9, non_players={"NVA", "VC"})
    for _ in range(40):
        if not game.play_non_players():
            decision = game.decision
            if decision is None:  # the game ended
                break
            game.apply(decision.options[-1])
    path = tmp_path / "np.fitl"
    game.save(path)
    loaded = coinlake.load(path)  # every command re-decided, Non-players' rolls checked
    assert loaded.state == game.state
    told = [e for e in loaded.events if isinstance(e, Explained)]
    assert told == [e for e in game.events if isinstance(e, Explained)] and told
    assert coinlake.load(path, verify=False).state == game.state


def test_same_seed_gives_the_same_non_player_game() -> None:
    one = coinlake.new_game("medium", seed=11, non_players=ALL)
    two = coinlake.new_game("medium", seed=11, non_players=ALL)
    one.play_non_players(limit=400)
    two.play_non_players(limit=400)
    assert one.events == two.events


def test_a_users_bot_plugs_in_and_pickles() -> None:
    game = coinlake.new_game("short", seed=2, non_players={"VC"})
    game.seat("US", RandomAgent())  # a player's seat taken by a bot
    game.play_non_players(limit=30)
    assert isinstance(game.agent("VC"), NonPlayer) and isinstance(game.agent("US"), RandomAgent)
    assert game.agent("ARVN") is None  # a player: never decided for
    copy = pickle.loads(pickle.dumps(game))
    assert copy.state == game.state and isinstance(copy.agent("US"), RandomAgent)


def test_a_non_players_rolls_do_not_shift_the_rules_dice() -> None:
    """A position re-run from its recorded answers (an undo, a fork, a load) asks exactly
    what it asked live, even when a Non-player rolled in the middle of a procedure."""
    game = coinlake.new_game("full", seed=34093, deception=True, non_players={"VC"})
    for _ in range(300):
        if game.decision is None:
            break
        if not game.play_non_players(limit=1):
            game.apply(game.legal()[0])
        again = coinlake.Game.from_state(game.state)
        assert again.decision == game.decision


settings_ = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings_
@given(
    scenario=st.sampled_from(coinlake.SCENARIOS),
    seed=st.integers(0, 2**64 - 1),
    non_players=st.sets(st.sampled_from(sorted(f.value for f in Faction)), min_size=1),
    options=st.fixed_dictionaries(
        {"period_events": st.booleans(), "political_rhythm": st.booleans()}
    ),
    pick=st.integers(0, 1000),
)
def test_a_non_player_never_answers_illegally(
    scenario: str, seed: int, non_players: set[str], options: dict[str, Any], pick: int
) -> None:
    """Non-players (and players answering anything) play on with every invariant kept."""
    game = coinlake.new_game(scenario, seed=seed, non_players=non_players, **options)
    for step in range(600):
        if game.decision is None:
            break
        if not game.play_non_players(limit=1):
            legal = game.legal()
            game.apply(legal[(pick + step) % len(legal)])
        check_invariants(game.state)


# -- 8.1 Sequence of Play -----------------------------------------------------------------------
NVA_CAN_RALLY = ("available 10 nva-guerrilla-u",)


def test_a_non_player_given_a_limited_operation_executes_a_full_one_8_1() -> None:
    game = on_card(5, "options non-players=NVA", "acted US:op", *NVA_CAN_RALLY)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert Choose("op") in decision.options and Choose("limop") not in decision.options
    with pytest.raises(IllegalCommand) as err:
        game.validate(Choose("limop"))
    assert err.value.rule == "8.1"
    easy = on_card(5, "options easy non-players=NVA,VC", "acted US:op", *NVA_CAN_RALLY)
    assert easy.decision is not None and Choose("limop") in easy.decision.options  # 8.9 Easy
    player = on_card(5, "acted US:op", *NVA_CAN_RALLY)
    assert player.decision is not None and Choose("op") not in player.decision.options


# -- 8.4.1, 8.4.2 Events -------------------------------------------------------------------------
def test_default_sides_8_4_2() -> None:
    assert default_side(5, Faction.US) is Side.UNSHADED
    assert default_side(5, Faction.ARVN) is Side.UNSHADED
    assert default_side(5, Faction.NVA) is Side.SHADED
    assert default_side(5, Faction.VC) is Side.SHADED
    single = next(n for n, c in coinlake.CARDS.items() if not c.dual and c.kind.value == "event")
    assert default_side(single, Faction.VC) is Side.UNSHADED


@pytest.mark.parametrize(
    ("card", "non_players", "arvn_side"),
    [
        (63, "ARVN", Side.SHADED),  # a halo: shaded
        (78, "ARVN", Side.SHADED),  # a halo: shaded while the US is a player
        (78, "US,ARVN", Side.UNSHADED),
        (3, "VC", Side.UNSHADED),  # Peace Talks: a rifle for the VC, a side all the same
    ],
)
def test_event_side_is_the_verdicts_side_8_4_2(
    card: int, non_players: str, arvn_side: Side
) -> None:
    """The side a Non-player executes (asked for a dual-use Event's side) is the side of its
    full verdict, read without judging whether to play."""
    state = on_card(card, f"options non-players={non_players}").state
    assert event_side(state, Faction.ARVN) is arvn_side
    for faction in Faction:
        assert event_side(state, faction) is event_verdict(state, faction).side


def test_a_rifle_declines_the_event_8_4_1() -> None:
    state = on_card(3, "options non-players=VC").state  # Peace Talks: a rifle for the VC
    verdict = event_verdict(state, Faction.VC)
    assert not verdict.play and verdict.rule == "8.4.1" and "rifle" in verdict.reason


def test_a_halo_declines_while_the_named_faction_is_a_player_8_4_1() -> None:
    """Kissinger: the ARVN declines while the US is a player (the table's halo)."""
    lines = ("space the-parrots-beak 2 vc-guerrilla-u", "available 2 nva-troops")
    with_player = on_card(2, "options non-players=ARVN", *lines).state
    verdict = event_verdict(with_player, Faction.ARVN)
    assert not verdict.play and "US is a player" in verdict.reason
    all_np = on_card(2, "options non-players=US,ARVN,NVA,VC", *lines).state
    assert event_verdict(all_np, Faction.ARVN).play


def test_an_ineffective_event_is_declined_8_1() -> None:
    state = on_card(52, "options non-players=US").state  # RAND, no US Capability to turn
    verdict = event_verdict(state, Faction.US)
    assert not verdict.play and verdict.rule == "8.1"


def test_the_instruction_table_rejects_malformed_entries() -> None:
    good = {"cards": [{"number": 5, "factions": {f.value: {"mark": "none"} for f in Faction}}]}
    assert parse_table(good).get(5, Faction.US).mark == "none"
    assert parse_table(good).get(6, Faction.US).mark == "unknown"  # not listed
    bad_mark = json.loads(json.dumps(good))
    bad_mark["cards"][0]["factions"]["VC"]["mark"] = "sword"
    bad_number = json.loads(json.dumps(good))
    bad_number["cards"][0]["number"] = 131
    missing = json.loads(json.dumps(good))
    del missing["cards"][0]["factions"]["NVA"]
    condition = json.loads(json.dumps(good))
    condition["cards"][0]["factions"]["US"]["condition"] = {"side": "shaded"}  # not a halo
    for data, words in (
        (bad_mark, "card 5 VC"),
        (bad_number, r"cards\[0\]"),
        (missing, "card 5"),
        (condition, "card 5 US"),
        ([], "object"),
    ):
        with pytest.raises(InstructionTableError, match=words):
            parse_table(data)


# -- 8.4.6 Pivotal Events --------------------------------------------------------------------
TET_READY = (
    "pivotals 124",
    "leader-box 125 126",
    "space saigon 11 vc-guerrilla-u",
    "space hue 10 vc-guerrilla-u",
)


def test_a_non_player_plays_its_pivotal_while_a_player_is_1st_eligible_8_4_6() -> None:
    """8.4.6's example: the US player is 1st Eligible, the Non-player VC holds Tet Offensive
    with more than 20 Guerrillas in the South: the VC play it at once."""
    game = on_card(1, "options non-players=VC", *TET_READY)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert Choose("pivotal") in decision.options
    game.play_non_players(limit=1)
    assert any(isinstance(e, PivotalPlayed) and e.card == 124 for e in game.events)
    assert plays_pivotal(game.state, Faction.VC, trumping=True)


def test_no_pivotal_while_a_non_player_is_1st_eligible_8_4_6() -> None:
    game = on_card(59, "options non-players=NVA,VC", *TET_READY)  # NVA 1st: a Non-player
    state = game.state
    assert not plays_pivotal(state, Faction.VC, trumping=False)
    game.play_non_players(limit=3)
    assert not any(isinstance(e, PivotalPlayed) for e in game.events)


def test_an_agents_note_is_remembered_in_the_state_8_5_2(tmp_path: Path) -> None:
    """8.5.2 (and 8.6.2, 8.7.1, 8.8.2): a Non-player that Passed after a successful
    Capability roll plays the next card's Event without rolling again -- the state
    remembers it, through positions and log files."""
    game = coinlake.new_game("short", seed=1, non_players={"NVA", "VC"})
    game.play_non_players()
    decision = game.decision
    assert decision is not None and decision.faction is not None
    why = Why("8.5.2", "rolled above the Coup cards", note="capability-lookahead")
    game.apply(decision.options[-1], why=why)
    card = game.state.played[-1]
    assert game.state.agent_notes == ((decision.faction, "capability-lookahead", card),)
    assert coinlake.parse_position(coinlake.position(game.state)) == game.state
    game.save(tmp_path / "note.fitl")
    assert coinlake.load(tmp_path / "note.fitl").state.agent_notes == game.state.agent_notes
    with pytest.raises(ValueError):
        Why("8.5.2", "x", note="Not A Word")


# -- 8.4.3-8.4.5 choices inside an Event (coinlake.nonplayers.event_choices) ------------------
def _event_answer(game: coinlake.Game, faction: str) -> coinlake.Choice:
    """The Non-player ``faction``'s answer to the Event question ``game`` waits on."""
    decision = game.decision
    assert decision is not None and decision.context.within("event")
    return NonPlayer(faction).choose(game, decision)


def test_the_executing_faction_benefits_first_8_4_4() -> None:
    """ROKs: "US or ARVN free Sweep...": the ARVN executing it select themselves, as the
    US do; Bob Hope shaded: "the NVA or the VC moves": the VC select the VC."""
    roks = play(on_card(70), "event", "unshaded")  # ARVN 1st
    choice = _event_answer(roks, "ARVN")
    assert choice.command == Choose("arvn") and choice.why.rule == "8.4.4"
    roks_us = play(on_card(70, "ineligible ARVN"), "event", "unshaded")  # US 1st Eligible
    assert _event_answer(roks_us, "US").command == Choose("us")
    bob_hope = play(on_card(91, "space quang-nam 2 us-troops"), "event", "shaded")  # VC 1st
    assert _event_answer(bob_hope, "VC").command == Choose("vc")


def test_an_enemy_benefits_a_non_player_first_8_4_4() -> None:
    """Bob Hope shaded executed by the US: NVA or VC, both enemies: the Non-player one."""
    for non_player, word in (("NVA", "nva"), ("VC", "vc")):
        game = on_card(91, "ineligible VC", f"options non-players={non_player}")
        play(game, "event", "shaded")
        choice = _event_answer(game, "US")
        assert choice.command == Choose(word) and choice.why.rule == "8.4.4"
        assert "Non-player" in choice.why.reason


def test_aid_and_patronage_directions_8_4_4() -> None:
    """Honolulu Conference: "Aid +10 or -10", then "Patronage +3 or -5": the ARVN raise
    both, the US raise Aid and lower Patronage."""
    for faction, patronage in (("ARVN", "increase"), ("US", "decrease")):
        lines = () if faction == "ARVN" else ("ineligible ARVN",)  # else the US is 1st
        game = play(on_card(64, *lines), "event")
        aid = _event_answer(game, faction)
        assert aid.command == Choose("increase") and aid.why.rule == "8.4.4"
        game.apply(aid.command)
        assert game.state.tracks[coinlake.Track.AID] == 25
        assert _event_answer(game, faction).command == Choose(patronage)


def test_patronage_is_lowered_by_the_vc_8_4_4() -> None:
    """Rural Pressure shaded, after its (forced) shift: "Patronage +6 or -6": the VC lower
    it."""
    game = play(on_card(105, "space quang-nam 1 arvn-police"), "event", "shaded")
    choice = _event_answer(game, "VC")
    assert choice.command == Choose("decrease") and choice.why.rule == "8.4.4"


def test_unchanged_rather_than_the_reverse_8_4_4() -> None:
    """USAID shaded executed by the ARVN with Aid at 75: ARVN Resources +2; Aid cannot go
    up, so it stays unchanged rather than going down (ruling R88)."""
    game = play(on_card(85, tracks(aid=75)), "event", "shaded")
    first = _event_answer(game, "ARVN")
    assert first.command == Choose("increase")
    game.apply(first.command)
    decision = game.decision
    assert decision is not None and Choose("increase") not in decision.options
    choice = _event_answer(game, "ARVN")
    assert choice.command == Choose("unchanged") and choice.why.rule == "8.4.4"


def test_us_pieces_from_out_of_play_first_8_4_3() -> None:
    """Psychedelic Cookie unshaded: Troops from Out of Play or from the map: Out of Play."""
    game = on_card(9, "out-of-play 2 us-troops", "space quang-nam 2 us-troops")
    play(game, "event", "unshaded")
    choice = _event_answer(game, "US")
    assert choice.command == Choose("out-of-play") and choice.why.rule == "8.4.3"


RURAL_PRESSURE_SPACES = (
    "space quang-tri-thua-thien 1 arvn-police",  # Pop 2, Neutral: Opposition +2
    "space quang-nam 1 arvn-police passive-support",  # Pop 1: Support -1
    "space binh-dinh 1 arvn-police passive-opposition",  # Pop 2: Opposition +2
    "space khanh-hoa 1 arvn-police",  # Pop 1, Neutral: Opposition +1
    "space tay-ninh 1 arvn-police active-support",  # Pop 2: Support -2
)


def test_shifts_by_each_factions_order_8_4_5() -> None:
    """Rural Pressure shaded (3 Provinces with Police 1 level toward Active Opposition):
    the VC take the highest gain in Opposition (a Pop-2 space not at Support), the NVA the
    highest loss in Support (Tay Ninh, Active Support)."""
    game = play(on_card(105, *RURAL_PRESSURE_SPACES), "event", "shaded")  # VC 1st
    choice = _event_answer(game, "VC")
    assert choice.why.rule == "8.4.5"
    assert choice.command in (Select("quang-tri-thua-thien"), Select("binh-dinh"))
    nva = play(on_card(105, "ineligible VC", *RURAL_PRESSURE_SPACES), "event", "shaded")
    choice = _event_answer(nva, "NVA")
    assert choice.command == Select("tay-ninh") and choice.why.rule == "8.4.5"


def test_a_shift_by_the_second_criterion_records_its_rolls_8_4_5() -> None:
    """Election shaded (2 Cities 1 level toward Active Opposition) executed by the US: no
    City gains Support, so the least Support lost (not Hue, at Active Support), then the
    least Opposition gained (not Saigon, Pop 6); the tie among Pop-1 Cities by 8.2, its
    rolls recorded by the game."""
    lines = ("ineligible ARVN VC", "space hue active-support", "space da-nang passive-opposition")
    game = play(on_card(83, *lines), "event", "shaded")  # the US 1st Eligible
    choice = _event_answer(game, "US")
    assert choice.why.rule == "8.4.5" and choice.why.rolls
    assert choice.command not in (Select("hue"), Select("saigon"))
    game.apply(choice.command, why=choice.why)
    assert game.state.rng.agents == len(choice.why.rolls)
    assert game.state.space("hue").support == coinlake.Support.ACTIVE_SUPPORT


CU_CHI_PROVINCES = (
    "space tay-ninh 2 vc-base",  # 2 VC Bases to Tunnel
    "space binh-dinh 1 vc-base 1 nva-base",  # 1 VC and 1 NVA Base
    "space quang-nam 1 vc-base",  # 1 VC Base
    "space phuoc-long 1 vc-base 1 vc-base-t",  # 1 VC Base, 1 already Tunneled
)


@pytest.mark.parametrize(
    ("taken", "expected"),
    [
        ((), {"tay-ninh"}),
        (("tay-ninh",), {"binh-dinh"}),
        (("tay-ninh", "binh-dinh"), {"quang-nam", "phuoc-long"}),
    ],
)
def test_cu_chi_placement_example_8_4_4(taken: tuple[str, ...], expected: set[str]) -> None:
    """8.4.4 PLACEMENT EXAMPLE: the VC executing Cu Chi shaded place as many Tunnel markers
    as possible, VC Tunnels first: a Province with 2 un-Tunneled VC Bases, then one with 1
    VC and 1 NVA, then one with 1 VC Base (a Province where 1 of 2 VC Bases is already
    Tunneled gains 1 marker, as many as 1 VC Base)."""
    lines = [line for line in CU_CHI_PROVINCES if line.split()[1] not in taken]
    game = play(on_card(102, *lines), "event", "shaded")  # the VC are 1st Eligible
    choice = _event_answer(game, "VC")
    assert choice.why.rule == "8.4.4"
    assert isinstance(choice.command, Select) and choice.command.space in expected
    if len(expected) > 1:
        assert choice.why.rolls  # the tie goes to 8.2 (Random Spaces)


def test_other_event_choices_are_random_8_4_7() -> None:
    """Domino Theory unshaded executed by the ARVN: US pieces from Out of Play, or ARVN
    Resources and Aid +9 -- neither a Faction, a track direction nor a source: an
    equal-chance roll between the branches that would do something (8.4.7, ruling R91)."""
    game = play(on_card(82, "out-of-play 2 us-troops"), "event", "unshaded")  # ARVN 1st
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {Choose("us-pieces"), Choose("resources-and-aid")}
    choice = _event_answer(game, "ARVN")
    assert choice.why.rule == "8.4.7" and choice.command in decision.options
    assert [sides for sides, _ in choice.why.rolls] == [2]


SEALORDS_MAP = (
    "space kien-phong 2 arvn-troops 1 nva-troops",  # ARVN: an Assault removes NVA Troops
    "space ba-xuyen 2 arvn-troops 3 vc-guerrilla-u 1 vc-guerrilla-a",  # no ARVN condition
    "space kien-giang-an-xuyen 2 us-troops 1 nva-troops 1 vc-guerrilla-u",  # NVA with US
    "space kien-hoa-vinh-binh 2 us-troops 2 vc-guerrilla-u 1 vc-guerrilla-a",  # none
)


def test_sealords_op_example_8_4_4() -> None:
    """8.4.4 OP EXAMPLE: SEALORDS unshaded, each of the ARVN and the US picking Sweep or
    Assault per space by its own flowchart: the ARVN Assault where 8.7.4's conditions hold
    there (NVA Troops removed) and Sweep elsewhere; the US Assault where 8.8.3's hold (NVA
    Troops with US forces) and Sweep elsewhere (ruling R362)."""
    game = play(on_card(92, *SEALORDS_MAP), "event", "unshaded")  # the VC (a player) 1st
    answers: dict[tuple[str, str], str] = {}
    for _ in range(6):
        decision = game.decision
        if decision is None or frozenset(decision.options) != SWEEP_OR_ASSAULT:
            break
        assert decision.faction is not None and decision.context.space is not None
        choice = NonPlayer(decision.faction).choose(game, decision)
        assert choice.why.rule == {"ARVN": "8.7.4", "US": "8.8.3"}[str(decision.faction)]
        assert "8.4.4" in choice.why.reason
        answers[(str(decision.faction), decision.context.space)] = str(choice.command)
        game.apply(choice.command)
    assert answers[("ARVN", "kien-phong")] == "assault"
    assert answers[("ARVN", "ba-xuyen")] == "sweep"
    assert answers[("US", "kien-giang-an-xuyen")] == "assault"
    assert answers[("US", "kien-hoa-vinh-binh")] == "sweep"


def test_spaces_with_lists_the_spaces_holding_any_of_the_pieces_in_map_order() -> None:
    """``board.spaces_with``, the map scan every flowchart makes."""
    game = coinlake.new_game("short", seed=1)
    state = game.state
    for pieces in ((Piece.US_TROOPS,), (Piece.US_TROOPS, Piece.US_BASE), tuple(Piece)):
        want = tuple(
            sp.id for sp in coinlake.SPACES if any(state.space(sp.id).pieces[p] for p in pieces)
        )
        assert board.spaces_with(state, *pieces) == want
    assert board.spaces_with(state, Piece.US_TROOPS)  # the Short scenario has some


def test_priorities_are_sequential_and_tie_breakers_nested_8_1_4() -> None:
    """8.1.4: the first priority that wants any candidate decides, even where a later one
    would rank another space higher; its lettered tie-breakers then apply in turn, each
    keeping only its best."""
    from coinlake.nonplayers.priorities import Priority, feasible, narrow, pick

    state = coinlake.new_game("short", seed=1).state
    first_score = {"hue": 3, "da-nang": 3, "saigon": 1, "can-tho": 5}
    second_score = {"hue": 2, "da-nang": 1, "saigon": 9, "can-tho": 0}
    wanted = ("hue", "da-nang", "saigon")
    priorities = (
        Priority(
            "8.1.4",
            "①",
            lambda s, k: k in wanted,
            (lambda s, k: first_score[k], lambda s, k: second_score[k]),
        ),
        Priority("8.1.4", "②", lambda s, k: True, (lambda s, k: first_score[k],)),
    )
    candidates = ["saigon", "hue", "da-nang", "can-tho"]
    found = pick(state, candidates, priorities, Roller(state))
    assert found == ("hue", priorities[0])  # ②'s can-tho is never reached
    assert narrow(state, candidates, priorities[0].prefer) == ["can-tho"]
    assert narrow(state, list(wanted), priorities[0].prefer) == ["hue"]
    assert narrow(state, ["hue", "da-nang"], priorities[0].prefer[:1]) == ["hue", "da-nang"]
    assert pick(state, ["can-tho"], priorities[:1], Roller(state)) is None
    assert not feasible(state, ["can-tho"], priorities[:1])
