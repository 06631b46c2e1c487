"""The 1-player options of 8.9: Easy, Difficulty A and Difficulty B.

Expected values come from 8.9 and from the Medium scenario's Capabilities on the set-up
page (``../shared/reference/scenarios.json``): shaded AAA (31), Main Force Bns (104), SA-2s
(34) and Search and Destroy (28); unshaded Arc Light (8) and M-48 Patton (14).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

import coinlake
from coinlake.data.cards import Side
from coinlake.data.pieces import Faction
from coinlake.engine import Game, prime
from coinlake.rules import victory
from coinlake.state.model import CoupPhase, GameState, Options, Phase
from coinlake.state.queries import victory_margins
from tests.conftest import blank
from tests.test_coup_effects import EVENT_AFTER, EVENT_BEFORE, KHANH, YOUNG_TURKS, coup_state

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
MEDIUM_SHADED = ((28, Side.SHADED), (31, Side.SHADED), (34, Side.SHADED), (104, Side.SHADED))
MEDIUM_UNSHADED = ((8, Side.UNSHADED), (14, Side.UNSHADED))
COIN_PLAYER = {"NVA", "VC"}
"""Non-players that leave a lone US+ARVN player (8.9)."""
INSURGENT_PLAYER = {"US", "ARVN"}


# -- options at set-up ----------------------------------------------------------------------------
@pytest.mark.parametrize("option", ["easy", "difficulty_a", "difficulty_b"])
def test_one_player_options_are_stored_in_options_8_9(option: str) -> None:
    """8.9: each option is chosen at set-up and kept in ``Options`` (saved in the header)."""
    flags: dict[str, Any] = {option: True}
    game = coinlake.new_game("short", seed=3, non_players=COIN_PLAYER, **flags)
    assert getattr(game.state.options, option) is True
    other = {"easy", "difficulty_a", "difficulty_b"} - {option}
    assert not any(getattr(game.state.options, o) for o in other)


@pytest.mark.parametrize("option", ["easy", "difficulty_a", "difficulty_b"])
@pytest.mark.parametrize(
    "arrangement",
    [{}, {"non_players": {"VC"}}, {"non_players": {"US", "NVA"}}, {"players": [("NVA", "VC")]}],
)
def test_one_player_options_need_a_one_player_game_8_9(
    option: str, arrangement: dict[str, Any]
) -> None:
    """8.9: the options are for a lone player against Non-players; with 2-4 players they
    are refused at set-up with a message naming the rule."""
    with pytest.raises(ValueError, match=r"8\.9"):
        flags: dict[str, Any] = {option: True}
        coinlake.new_game("short", seed=3, **arrangement, **flags)


def test_easy_option_changes_no_rule_of_the_engine_8_9() -> None:
    """8.9 Easy concerns how Non-players carry out a Limited Operation (section 8 code): the
    set-up and the first Decision are those of the same game without it."""
    plain = coinlake.new_game("short", seed=5, non_players=COIN_PLAYER)
    easy = coinlake.new_game("short", seed=5, non_players=COIN_PLAYER, easy=True)
    same = attrs.evolve(easy.state, options=plain.state.options, pending=None)
    assert same == attrs.evolve(plain.state, pending=None)
    assert easy.legal() == plain.legal()


# -- Difficulty Option A --------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_difficulty_a_coin_player_gets_medium_shaded_capabilities_8_9(scenario: str) -> None:
    """8.9 Difficulty A, in any scenario: a COIN player faces the Medium scenario's shaded
    Capabilities only."""
    game = coinlake.new_game(scenario, seed=1, non_players=COIN_PLAYER, difficulty_a=True)
    assert game.state.capabilities == MEDIUM_SHADED


@pytest.mark.parametrize("non_players", [INSURGENT_PLAYER, {"US", "ARVN", "NVA"}])
def test_difficulty_a_insurgent_player_gets_medium_unshaded_capabilities_8_9(
    non_players: set[str],
) -> None:
    """8.9 Difficulty A: an Insurgent player (NVA+VC, or the VC alone against 3
    Non-players) faces only the unshaded ones."""
    game = coinlake.new_game("full", seed=1, non_players=non_players, difficulty_a=True)
    assert game.state.capabilities == MEDIUM_UNSHADED


def test_difficulty_a_replaces_period_event_capabilities_8_9() -> None:
    """8.9 Difficulty A applies whatever the Period Events option (our ruling: its set
    replaces the scenario's Period Events Capabilities -- Short's shaded AAA -- rather than
    adding to them)."""
    plain = coinlake.new_game("short", seed=1, period_events=True, non_players=INSURGENT_PLAYER)
    assert plain.state.capabilities == ((31, Side.SHADED),)
    game = coinlake.new_game(
        "short", seed=1, period_events=True, non_players=INSURGENT_PLAYER, difficulty_a=True
    )
    assert game.state.capabilities == MEDIUM_UNSHADED


# -- Difficulty Option B --------------------------------------------------------------------------
def b_options() -> Options:
    return Options(non_players=(NVA, VC), difficulty_b=True)


def test_difficulty_b_player_below_a_non_player_loses_8_9() -> None:
    """8.9 Difficulty B: a lone US+ARVN player loses when either of its Factions has a lower
    margin than some Non-player; the best Non-player wins (7.1 order on ties)."""
    result = victory.difficulty_b(b_options(), {US: 2, ARVN: -6, NVA: -5, VC: -5})
    assert result is not None
    assert (result.rule, result.outcome, result.reason) == ("8.9", "victory", "difficulty-b")
    assert result.winner == (VC,)  # NVA and VC tie at -5: VC first (7.1)
    assert result.ranking == ((VC,), (NVA,), (US, ARVN))


def test_difficulty_b_equal_margin_is_not_lower_8_9() -> None:
    """8.9 Difficulty B: the player must not be *lower*; equal is enough."""
    assert victory.difficulty_b(b_options(), {US: 2, ARVN: -5, NVA: -5, VC: -9}) is None


def test_difficulty_b_off_or_not_solo_never_ends_the_game_8_9() -> None:
    """Without the option (or outside a 1-player game) margins alone never end play."""
    low = {US: -20, ARVN: -20, NVA: -1, VC: -1}
    assert victory.difficulty_b(Options(non_players=(NVA, VC)), low) is None
    assert victory.difficulty_b(Options(difficulty_b=True), low) is None


def b_position(patronage: int, played: tuple[int, ...]) -> GameState:
    """An empty Full-scenario map, every piece in its box: margins US -16 (34 US Troops and
    Bases Available, the rest out of play), ARVN patronage - 50, NVA -18, VC -35 (7.3); at
    the Victory Phase."""
    state = blank(options=b_options(), patronage=patronage)
    return coup_state(state, CoupPhase.VICTORY, played=played, leader_box=played[1::2])


def test_difficulty_b_applies_from_the_second_coup_round_8_9() -> None:
    """8.9 Difficulty B is ignored in the 1st Coup Round; from the 2nd, a Victory Phase where
    ARVN's margin (-30) is below the NVA's (-18) ends the game: the NVA wins."""
    first = b_position(20, (EVENT_BEFORE, KHANH))
    assert victory_margins(first) == {US: -16, ARVN: -30, NVA: -18, VC: -35}
    game = Game(prime(first))
    assert game.state.result is None and game.state.phase is Phase.COUP
    second = b_position(20, (EVENT_BEFORE, KHANH, EVENT_AFTER, YOUNG_TURKS))
    game = Game(prime(second))
    result = game.state.result
    assert game.state.phase is Phase.OVER and game.decision is None
    assert result is not None
    assert (result.rule, result.reason, result.winner) == ("8.9", "difficulty-b", (NVA,))
    assert result.margins == (-16, -30, -18, -35)


def test_difficulty_b_player_holding_its_own_plays_on_8_9() -> None:
    """8.9 Difficulty B: with ARVN at -10 and the US at -16, both above the NVA's -18, the
    Round goes on past the Victory Phase."""
    state = b_position(40, (EVENT_BEFORE, KHANH, EVENT_AFTER, YOUNG_TURKS))
    game = Game(prime(state))
    assert game.state.result is None
    assert game.state.coup_phase is not CoupPhase.VICTORY


def test_one_player_options_survive_save_and_load_8_9(tmp_path: Path) -> None:
    """The 8.9 options are part of the saved game's header: loading restores them and the
    set-up they made (Difficulty A's Capabilities)."""
    game = coinlake.new_game(
        "short", seed=2, non_players=COIN_PLAYER, easy=True, difficulty_a=True, difficulty_b=True
    )
    path = tmp_path / "solo.fitl"
    game.save(path)
    loaded = coinlake.load(path)
    assert loaded.state == game.state
    assert loaded.state.options == game.state.options
    assert loaded.state.capabilities == MEDIUM_SHADED
