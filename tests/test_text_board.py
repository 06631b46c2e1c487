"""The text board (issue 22): ``str(state)``, ``coinlake.describe_space`` and
``coinlake.describe_changes``, checked against the Short scenario's set-up (2.1) as the
rulebook gives it, and the Rich board of the terminal."""

from __future__ import annotations

import io

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import coinlake
from coinlake.cli.board_text import rich_board


def _short() -> coinlake.GameState:
    return coinlake.new_game("short", seed=7).state


def _line(board: str, name: str) -> str:
    return next(line for line in board.splitlines() if line.startswith(f"{name}  "))


def test_the_short_setup_as_plain_text() -> None:
    state = _short()
    board = str(state)
    # 2.1 Short scenario: North Vietnam 6 NVA Troops, 1 Guerrilla, 2 Bases; Hue 2 Police,
    # Neutral; Tay Ninh a tunneled VC Base, 2 VC and 1 NVA Guerrillas, Active Opposition
    north = ["North", "Vietnam", "Prov", "0", "NVA", "NVA", "6T", "1Gu", "2B"]
    assert _line(board, "North Vietnam").split() == north  # NVA Control (1.7)
    assert _line(board, "Hue").split() == ["Hue", "City", "2", "COIN", "Neutral", "ARVN", "2P"]
    tay_ninh = _line(board, "Tay Ninh")
    assert "Act Opp" in tay_ninh and tay_ninh.endswith("NVA 1Gu | VC 2Gu 1Bt")
    assert "COIN" not in tay_ninh and " NVA " not in tay_ninh.split("Act Opp")[0]  # 1.7
    # tracks of the Short set-up: Aid 15, Patronage 18, Trail 2, Resources 30/15/10
    assert "Aid 15" in board and "Patronage 18" in board and "Trail 2" in board
    assert "ARVN Resources 30, NVA Resources 15, VC Resources 10" in board
    assert "Out of Play: US 6T | ARVN 10T 3Ru" in board  # 2.1 Short: Out of Play
    assert "RVN Leader: #126 Young Turks" in board  # Young Turks on Khanh (2.1)
    spaces = [line for line in board.splitlines()[board.splitlines().index("") + 1 :]]
    assert len(spaces) == len(coinlake.SPACES) == 47
    assert repr(state).startswith("GameState(scenario='short'")  # attrs' repr is kept


def test_describe_space_in_words() -> None:
    state = _short()
    assert coinlake.describe_space(state, "saigon").splitlines() == [
        "Saigon (City, Pop 6): COIN Control, Active Support",
        "  US 3 Troops, 1 Base",
        "  ARVN 4 Troops, 2 Police, 1 Ranger (Underground)",
    ]
    assert coinlake.describe_space(state, "Phuoc Long").splitlines() == [
        "Phuoc Long (Province, Pop 0): no Control",
        "  no pieces",
    ]
    assert coinlake.describe_space(state, "Saigon -- Can Tho") == (
        "Saigon -- Can Tho (LoC, Econ 2)\n  no pieces"
    )


def test_describe_changes_of_a_pass() -> None:
    game = coinlake.new_game("short", seed=7)
    before = game.state
    faction = game.decision.faction if game.decision else None
    assert faction is not None
    game.apply(game.parse("pass"))
    lines = coinlake.describe_changes(before, game.state)
    # 2.3.3: a COIN Faction that Passes adds 3 ARVN Resources, an Insurgent 1 of its own
    expected = {
        coinlake.Faction.US: "ARVN Resources 30 -> 33",
        coinlake.Faction.ARVN: "ARVN Resources 30 -> 33",
        coinlake.Faction.NVA: "NVA Resources 15 -> 16",
        coinlake.Faction.VC: "VC Resources 10 -> 11",
    }[faction]
    assert f"Tracks: {expected}" in lines
    assert not any(line.startswith("Victory markers") for line in lines)  # none moved


def test_describe_changes_names_pieces_support_control_and_victory() -> None:
    state = _short()
    hue = coinlake.SPACES[0]
    assert hue.name == "Hue"
    spaces = list(state.spaces)
    pieces = list(spaces[0].pieces)
    pieces[coinlake.Piece.NVA_TROOPS] += 3  # 3 NVA Troops against 2 Police
    spaces[0] = coinlake.SpaceState(tuple(pieces), coinlake.Support.PASSIVE_OPPOSITION)
    available = list(state.available)
    available[coinlake.Piece.NVA_TROOPS] -= 3
    after = attrs.evolve(state, spaces=tuple(spaces), available=tuple(available))
    lines = coinlake.describe_changes(state, after)
    assert lines[0] == ("Hue: +3 NVA Troops, Control COIN -> NVA, Neutral -> Passive Opposition")
    assert lines[1] == "Available: -3 NVA Troops"
    # 1.9: Hue (Pop 2) leaves COIN for NVA Control and goes to Passive Opposition
    assert lines[2] == "Victory markers: ARVN 41 -> 39 (-2), NVA 10 -> 12 (+2), VC 23 -> 25 (+2)"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(1, 40))
def test_describe_changes_reports_exactly_the_spaces_that_changed(seed: int, steps: int) -> None:
    game = coinlake.new_game("short", seed=seed, non_players=set(coinlake.Faction))
    before = game.state
    game.play_non_players(limit=steps)
    after = game.state
    assert coinlake.describe_changes(after, after) == ()
    lines = coinlake.describe_changes(before, after)
    for space, old, new in zip(coinlake.SPACES, before.spaces, after.spaces, strict=True):
        named = [line for line in lines if line.startswith(f"{space.name}: ")]
        assert len(named) == (old != new)
    if before.tracks != after.tracks:
        assert any(line.startswith("Tracks: ") for line in lines)


def test_the_rich_board_shows_every_space() -> None:
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(rich_board(_short()))
    text = out.getvalue()
    assert all(space.name in text for space in coinlake.SPACES)
    assert "Victory (marker, margin): US 38 (-12), ARVN 41 (-9), NVA 10 (-8), VC 23 (-12)" in text
