"""Victory (rules 7.1-7.3), the player arrangements of 1.5 and the 1-player game of 8.9.

Expected values come from the rulebook: the 7.2 thresholds, the 7.1 tie order, the
POLITBURO/SOVEREIGNTY options of 1.5, the 8.9 EXAMPLE, and the Short scenario's printed
victory markers (setup page).
"""

from __future__ import annotations

import attrs
import pytest

from coinlake.data.map import space_index
from coinlake.data.pieces import Faction, Piece
from coinlake.engine import Game, prime
from coinlake.rules import victory
from coinlake.state.model import CoupPhase, GameState, Options, Phase, SpaceState, Support
from coinlake.state.queries import victory_margins
from coinlake.state.setup import initial_state

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
ACTIVE_SUPPORT_30 = ("saigon", "hue", "quang-tri", "quang-tin", "binh-dinh", "da-nang")
"""Pop 6 + 2 + 2 + 2 + 2 + 1 = 15 at Active Support: Total Support 30 (1.6.2)."""


def margins(us: int, arvn: int, nva: int, vc: int) -> dict[Faction, int]:
    return {US: us, ARVN: arvn, NVA: nva, VC: vc}


# -- 7.2 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("faction", [US, ARVN, NVA, VC])
def test_victory_check_needs_a_positive_margin(faction: Faction) -> None:
    """7.2: a Faction wins a check only when its total exceeds its threshold (margin > 0);
    reaching it exactly is not enough (7.3 NOTE: zero is short of the goal)."""
    at = {f: -5 for f in Faction}
    at[faction] = 0
    assert victory.check(Options(), at) is None
    at[faction] = 1
    result = victory.check(Options(), at)
    assert result is not None
    assert (result.rule, result.outcome, result.winner) == ("7.2", "victory", (faction,))


def test_short_scenario_markers_give_no_win_and_rank_by_margin() -> None:
    """7.2, 7.3 with the Short scenario's printed markers (Support+Available 38, COIN+
    Patronage 41, Opposition+Bases 23, NVA+Bases 10): margins US -12, ARVN -9, NVA -8,
    VC -12; nobody passes; by 7.3 NVA ranks first and VC beats the US on the tie (7.1)."""
    state = initial_state("short", 1, Options())
    m = victory_margins(state)
    assert m == margins(-12, -9, -8, -12)
    assert victory.victory_check(state) is None
    result = victory.final_result(state)
    assert result.rule == "7.3" and result.winner == (NVA,)
    assert result.ranking == ((NVA,), (ARVN,), (VC,), (US,))
    assert result.side_margins == (-8, -9, -12, -12)
    assert result.margins == (-12, -9, -8, -12)


# -- 7.1 ------------------------------------------------------------------------------------------
def test_ties_go_to_vc_then_arvn_then_nva() -> None:
    """7.1: equal margins rank VC, then ARVN, then NVA; the US is last."""
    result = victory.final(Options(), margins(3, 3, 3, 3))
    assert result.ranking == ((VC,), (ARVN,), (NVA,), (US,))
    assert result.winner == (VC,)


def test_ties_go_to_non_players_first() -> None:
    """7.1: ties go to Non-players before any player."""
    result = victory.final(Options(non_players=(US,)), margins(3, 3, 3, 3))
    assert result.ranking == ((US,), (VC,), (ARVN,), (NVA,))


def test_non_player_passing_a_check_beats_every_player() -> None:
    """7.1: if a Non-player passes a victory check, all players lose, even one with a higher
    margin; the ranking itself still follows the margins."""
    result = victory.check(Options(non_players=(NVA,)), margins(-5, -5, 1, 5))
    assert result is not None
    assert result.winner == (NVA,)
    assert result.ranking[0] == (VC,)


def test_players_passing_rank_by_margin() -> None:
    """7.1: when players pass a check, the highest margin comes 1st."""
    result = victory.check(Options(), margins(2, -1, 4, 3))
    assert result is not None
    assert result.ranking == ((NVA,), (VC,), (US,), (ARVN,))
    assert result.winner == (NVA,)


# -- 1.5 POLITBURO / SOVEREIGNTY ------------------------------------------------------------------
def test_politburo_higher_margin_in_coup_rounds_lower_after_final() -> None:
    """1.5 POLITBURO: a combined NVA/VC player wins a check if either Faction passes, ranked
    by the higher margin; after the final Coup it uses the lower."""
    options = Options(players=((NVA, VC),))
    result = victory.check(options, margins(-3, -3, 1, -5))
    assert result is not None
    assert result.winner == (NVA, VC)
    assert result.ranking[0] == (NVA, VC) and result.side_margins[0] == 1
    final = victory.final(options, margins(-3, -4, 1, -5))
    assert final.ranking == ((US,), (ARVN,), (NVA, VC))
    assert final.side_margins == (-3, -4, -5)


def test_sovereignty_needs_both_and_uses_the_lower() -> None:
    """1.5 SOVEREIGNTY: a US/ARVN player ends play on a check only if both pass, and uses
    the lower margin (7.3)."""
    options = Options(players=((US, ARVN),))
    assert victory.check(options, margins(3, 0, -5, -5)) is None
    result = victory.check(options, margins(3, 1, -5, -5))
    assert result is not None
    assert result.winner == (US, ARVN) and result.side_margins[0] == 1
    final = victory.final(options, margins(3, -2, -1, -5))
    assert final.winner == (NVA,)  # -1 beats the US/ARVN player's lower margin -2


def test_two_player_no_non_player_option() -> None:
    """1.5: with 2 players (NVA+VC and US+ARVN) POLITBURO and SOVEREIGNTY both apply; a tie
    goes to the side holding the VC (7.1)."""
    options = Options(players=((US, ARVN), (NVA, VC)))
    assert victory.players_of(options) == ((US, ARVN), (NVA, VC))
    final = victory.final(options, margins(-2, 0, -2, 5))
    assert final.ranking == ((NVA, VC), (US, ARVN))
    assert final.side_margins == (-2, -2)


# -- 8.9 ------------------------------------------------------------------------------------------
def test_solo_player_never_wins_in_a_victory_phase() -> None:
    """8.9: the lone player never wins during a Victory Phase; a Non-player that passes wins
    (7.1: the player loses)."""
    solo = Options(non_players=(NVA, VC))
    assert victory.is_solo(solo)
    assert victory.check(solo, margins(10, 10, -8, -4)) is None
    result = victory.check(solo, margins(10, 10, -8, 1))
    assert result is not None
    assert (result.rule, result.winner) == ("8.9", (VC,))


def test_solo_example_margin_from_the_board() -> None:
    """8.9 EXAMPLE: Total Support 30 with 20 US Troops and 2 US Bases Available gives a US
    margin of 30 + 22 - 50 = +2."""
    state = initial_state("full", 1, Options(non_players=(NVA, VC)))
    spaces = [SpaceState() for _ in state.spaces]
    for key in ACTIVE_SUPPORT_30:
        spaces[space_index(key)] = SpaceState(support=Support.ACTIVE_SUPPORT)
    available = list(state.available)
    available[Piece.US_TROOPS] = 20
    available[Piece.US_BASE] = 2
    state = attrs.evolve(state, spaces=tuple(spaces), available=tuple(available))
    assert victory_margins(state)[US] == 2  # 2x(6+2+2+2+2+1) = 30 Support, + 22


@pytest.mark.parametrize(
    ("vc", "outcome", "winner"),
    [
        (-4, "victory", (US, ARVN)),  # 8.9 EXAMPLE: +2 - (-4) = 6
        (-3, "stalemate", ()),  # 5: "Soldiering On"
        (1, "stalemate", ()),  # 1
        (2, "victory", (VC,)),  # 0: the player lacks the highest margin
    ],
)
def test_solo_final_gap(vc: int, outcome: str, winner: tuple[Faction, ...]) -> None:
    """8.9 EXAMPLE and PLAYER DRAW OR VICTORY: lowest player margin (US +2, ARVN higher)
    minus highest Non-player margin (NVA -8, VC as given): 6 or more is a player victory,
    1 to 5 a stalemate; otherwise the best Non-player wins."""
    result = victory.final(Options(non_players=(NVA, VC)), margins(2, 5, -8, vc))
    assert (result.rule, result.outcome, result.winner) == ("8.9", outcome, winner)


def test_solo_single_faction_player() -> None:
    """8.9: a player may play just 1 Faction against 3 Non-players; the same gap applies."""
    options = Options(non_players=(US, ARVN, NVA))
    assert victory.players_of(options) == ((VC,),)
    assert victory.check(options, margins(-1, -1, -1, 9)) is None
    result = victory.final(options, margins(-7, -9, -1, 5))
    assert (result.outcome, result.winner) == ("victory", (VC,))


# -- players_of -----------------------------------------------------------------------------------
def test_players_default_arrangements() -> None:
    """1.5, 8.9: with no Non-players each Faction is a player; two Non-players of one side
    leave the other side to a lone player; a mixed pair stays two players."""
    assert victory.players_of(Options()) == ((US,), (ARVN,), (NVA,), (VC,))
    assert victory.players_of(Options(non_players=(NVA, VC))) == ((US, ARVN),)
    assert victory.players_of(Options(non_players=(ARVN, VC))) == ((US,), (NVA,))
    two = Options(non_players=(NVA, VC), players=((US,), (ARVN,)))
    assert victory.players_of(two) == ((US,), (ARVN,))
    assert not victory.is_solo(two)
    bots = Options(non_players=(US, ARVN, NVA, VC))
    assert victory.players_of(bots) == ()
    result = victory.check(bots, margins(-1, -1, 1, 1))
    assert result is not None and result.winner == (VC,)  # 7.1 tie: VC before NVA


@pytest.mark.parametrize(
    "players",
    [((US, NVA),), ((US, ARVN), (ARVN,)), ((US, ARVN, NVA),)],
)
def test_players_refuses_what_1_5_does_not_allow(players: tuple[tuple[Faction, ...], ...]) -> None:
    """1.5: one player holds US+ARVN or NVA+VC (or one Faction), each Faction once."""
    with pytest.raises(ValueError, match=r"1\.5"):
        victory.players_of(Options(players=players))


# -- 6.1 on the board ----------------------------------------------------------------------------
def _victory_phase(state: GameState) -> Game:
    return Game(
        prime(
            attrs.evolve(
                state,
                phase=Phase.COUP,
                coup_phase=CoupPhase.VICTORY,
                played=(1, 125),
                leader_box=(125,),
                next_card=2,
                deck=(3, 128),
                pending=None,
            )
        )
    )


def test_victory_phase_respects_sovereignty_on_the_board() -> None:
    """6.1 exception (1.5 SOVEREIGNTY): the US alone passing does not end play for a
    US/ARVN player; with no such player it does."""
    state = initial_state("full", 1, Options(players=((US, ARVN),)))
    spaces = list(state.spaces)
    for key in ACTIVE_SUPPORT_30:
        i = space_index(key)
        spaces[i] = attrs.evolve(spaces[i], support=Support.ACTIVE_SUPPORT)
    state = attrs.evolve(state, spaces=tuple(spaces))
    assert victory_margins(state)[US] > 0 >= victory_margins(state)[ARVN]
    game = _victory_phase(state)
    assert game.state.phase is Phase.COUP and game.state.result is None
    game = _victory_phase(attrs.evolve(state, options=Options()))
    assert game.state.phase is Phase.OVER
    assert game.state.result is not None and game.state.result.winner == (US,)
    assert game.decision is None
