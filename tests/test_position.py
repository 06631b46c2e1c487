"""Positions as text (``coinlake.position`` / ``coinlake.from_position``, docs/positions.md).

Round trips at random positions reached by random legal play in the three scenarios --
between cards, in the middle of an Operation and in the middle of a Coup Round, i.e. with a
procedure in progress -- with the same legal commands and the same continuation; redacted
views; errors that name the line (and the rule for impossible positions); fixed dice.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Game, GameState
from coinlake.data.pieces import Piece
from coinlake.state import model
from coinlake.state.events import DieRolled
from coinlake.state.model import (
    CoupPhase,
    DeceptionMarker,
    Eligibility,
    GameResult,
    Pending,
    Phase,
    Support,
    Turn,
)
from coinlake.state.position import (
    _WRITTEN,
    HEADER,
    PositionError,
    parse_position,
    position,
)
from tests.conftest import play_step, put

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# -- random play -----------------------------------------------------------------------------
@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """A scenario, a seed and options for :func:`coinlake.new_game`."""
    setup: dict[str, Any] = {
        "scenario": draw(st.sampled_from(["short", "medium", "full"])),
        "seed": draw(st.integers(min_value=0, max_value=2**64 - 1)),
        "period_events": draw(st.booleans()),
        "political_rhythm": draw(st.booleans()),
        "high_winds": draw(st.booleans()),
    }
    players = draw(st.sampled_from(["four", "deception", "handicap", "solo", "two"]))
    if players == "deception":
        setup.update(deception=True, non_players={"VC"})
    elif players == "handicap":
        setup.update(deception=True, handicap={"US": ["hidden-asset", "empty-threat"]})
    elif players == "solo":
        setup.update(non_players={"NVA", "VC"}, difficulty_b=draw(st.booleans()))
    elif players == "two":
        setup.update(players=[("NVA", "VC"), ("US", "ARVN")])
    return setup


def reached(state: GameState, target: str) -> bool:
    """Whether ``state`` is the kind of position the test wants to stop at."""
    pending = state.pending
    if target == "operation":
        return pending is not None and pending.name == "card_turn" and len(pending.answers) >= 2
    if target == "coup":
        return state.phase is Phase.COUP and pending is not None and bool(pending.answers)
    return True


def play(setup: dict[str, Any], target: str, steps: int, pick: int, checks: int = 0) -> Game:
    """Random legal play: at least ``steps`` commands, then on until ``target`` is reached
    (or the game ends, or 1500 commands); ``checks`` round trips along the way."""
    game = coinlake.new_game(**setup)
    rnd = random.Random(pick)
    for n in range(1500):
        legal = game.legal()
        if not legal or (n >= steps and reached(game.state, target)):
            break
        play_step(game, rnd.choice(legal))
        if checks and rnd.random() < 0.03:
            checks -= 1
            check_round_trip(game)
    return game


def check_round_trip(game: Game) -> None:
    """The position of ``game`` round-trips exactly and plays on as ``game`` does."""
    state = game.state
    text = position(state)
    assert text.startswith(HEADER + "\n") and text.endswith("\n")
    assert parse_position(text) == state
    again = coinlake.from_position(text)
    assert again.state == state
    assert position(again.state) == text
    assert again.legal() == game.legal()
    assert again.decision == game.decision
    legal = game.legal()
    if legal:
        command = legal[len(legal) // 2]
        fork = game.fork()
        why = coinlake.Why("test", "the same command on both")  # whoever decides (8.0)
        assert again.apply(command, why=why) == fork.apply(command, why=why)
        assert again.state == fork.state
        assert again.legal() == fork.legal()


@SETTINGS
@given(
    setup=setups(),
    target=st.sampled_from(["any", "operation", "coup"]),
    steps=st.integers(min_value=0, max_value=400),
    pick=st.integers(min_value=0, max_value=2**32),
)
def test_round_trip_at_random_positions(
    setup: dict[str, Any], target: str, steps: int, pick: int
) -> None:
    game = play(setup, target, steps, pick, checks=5)
    if game.legal():
        assert reached(game.state, target)
    check_round_trip(game)


@SETTINGS
@given(setup=setups(), steps=st.integers(min_value=0, max_value=300), pick=st.integers(0, 2**32))
def test_redacted_views_round_trip(setup: dict[str, Any], steps: int, pick: int) -> None:
    """``Game.view`` blanks the deck order (2.2) and other players' Deception markers (7.3);
    its state still writes and reads back exactly."""
    game = play(setup, "any", steps, pick)
    for faction in ("US", "ARVN", "NVA", "VC"):
        hidden = game.view(faction).state
        text = position(hidden)
        assert parse_position(text) == hidden
        assert position(parse_position(text)) == text
        if hidden.deck:
            assert f"deck hidden {len(hidden.deck)}\n" in text


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_round_trip_through_a_whole_game(scenario: str) -> None:
    """Every position of one complete random game, the Coup Rounds and the end included."""
    game = coinlake.new_game(scenario, seed=11, period_events=True)
    rnd = random.Random(11)
    phases = set()
    while True:
        state = game.state
        if state.phase is Phase.COUP or rnd.random() < 0.25:
            text = position(state)
            assert parse_position(text) == state
            assert position(parse_position(text)) == text
        if state.pending is not None:
            phases.add((state.phase, state.pending.name))
        legal = game.legal()
        if not legal:
            break
        play_step(game, rnd.choice(legal))
    assert game.state.result is not None
    assert "result rule=" in position(game.state)
    assert coinlake.from_position(position(game.state)).state == game.state
    # a Coup Round was reached: its steps were written, or its Victory Phase ended the game
    assert any(phase is Phase.COUP for phase, _ in phases) or game.state.result.rule == "7.2"


def test_every_state_field_is_written() -> None:
    """A field added to GameState must be added to the format (else ``position`` refuses
    states where it is not at its default rather than drop it)."""
    assert {f.name for f in attrs.fields(GameState)} <= _WRITTEN


# -- the text itself -------------------------------------------------------------------------
def short_start() -> tuple[Game, str]:
    game = coinlake.new_game("short", seed=7)
    return game, position(game.state)


def test_defaults_are_left_out() -> None:
    game, text = short_start()
    lines = text.splitlines()
    assert lines[0] == HEADER
    assert not any(line.startswith(("options", "casualties", "momentum", "dice")) for line in lines)
    written = [line.split()[1] for line in lines if line.startswith("space ")]
    empty = [sp.id for sp, st_ in zip(coinlake.SPACES, game.state.spaces, strict=True)
             if st_ == coinlake.SpaceState()]  # fmt: skip
    assert empty and not set(empty) & set(written)
    # the card turn has just begun: its start is the position above, as it is
    assert lines[-2:] == ["pending card_turn", "start"]


def test_hand_written_text_is_read_and_made_canonical() -> None:
    """Comments, blank lines, any order, names and aliases of spaces; ``position`` writes the
    canonical text back."""
    game, text = short_start()
    lines = text.splitlines()
    body = [line for line in lines[1:] if not line.startswith(("pending", "start"))]
    hue = next(i for i, line in enumerate(body) if line.startswith("space hue "))
    body[hue] = body[hue].replace("space hue", "space Hue")
    shuffled = [HEADER, "# a comment", "", *reversed(body), "space loc-hue-da-nang -"]
    state = parse_position("\n".join(shuffled))
    assert state == attrs.evolve(game.state, pending=None)
    assert position(state) == text[: text.index("pending")]


def test_a_position_without_a_procedure_is_primed() -> None:
    """``from_position`` goes through ``Game.from_state``: the Sequence of Play starts its
    next step (here the card turn that the new game had started)."""
    game, _ = short_start()
    assert game.state.pending is not None and not game.state.pending.answers
    text = position(attrs.evolve(game.state, pending=None))
    assert "pending" not in text
    assert coinlake.from_position(text).state == game.state


def test_pieces_may_be_left_out_of_the_game() -> None:
    """A test position need not hold all 229 pieces; it may not hold more than the Force
    Pool (1.4.1)."""
    _, text = short_start()
    available = next(line for line in text.splitlines() if line.startswith("available "))
    state = parse_position(text.replace(available + "\n", ""))
    assert sum(state.available) == 0
    more = available.replace("12 us-troops", "40 us-troops")
    with pytest.raises(PositionError, match=r"us-troops .*Force Pool has 40 \(1\.4\.1\)"):
        parse_position(text.replace(available, more))


def test_piece_forms_are_distinguished() -> None:
    game, _ = short_start()
    state = put(
        attrs.evolve(game.state, pending=None),
        "phu-bon-phu-yen",
        {
            Piece.US_IRREGULAR_ACTIVE: 1,
            Piece.NVA_GUERRILLA_ACTIVE: 1,
            Piece.NVA_BASE: 1,
            Piece.VC_GUERRILLA_UNDERGROUND: 1,
            Piece.VC_GUERRILLA_ACTIVE: 2,
            Piece.VC_TUNNELED_BASE: 1,
        },
        support=Support.PASSIVE_OPPOSITION,
        terror=2,
    )
    text = position(state)
    assert (
        "space phu-bon-phu-yen 1 us-irregular-a 1 nva-guerrilla-a 1 nva-base 1 vc-guerrilla-u "
        "2 vc-guerrilla-a 1 vc-base-t passive-opposition terror=2\n"
    ) in text
    assert parse_position(text) == state


def test_every_line_kind_round_trips() -> None:
    """A state with every optional fact set (by hand: cards in effect, markers, dice...)."""
    game, _ = short_start()
    s = game.state
    us, _, nva, vc = coinlake.Faction
    state = attrs.evolve(
        coinlake.with_dice(s, 6, 1, 3),
        pending=None,
        options=coinlake.Options(
            period_events=True,
            deception=True,
            handicap=((coinlake.Faction.NVA, ("hidden-asset", "hidden-agenda")),),
        ),
        played=(s.played[0], 125),
        capabilities=((13, coinlake.Side.SHADED), (11, coinlake.Side.UNSHADED)),
        momentum=(7,),
        card_markers=((15, "unshaded"),),
        stay_eligible=(vc,),
        ineligible_next=(nva,),
        eligibility=(Eligibility.ELIGIBLE, Eligibility.INELIGIBLE) * 2,
        turn=Turn(passed=(vc,), acted=((us, "op+sa"), (nva, "event"))),
        deception=(
            DeceptionMarker("hidden-asset", (us,), revealed=True, used=True),
            DeceptionMarker("unknown", (nva, vc)),
        ),
        phase=Phase.OVER,
        coup_phase=CoupPhase.RESET,
        result=GameResult("7.3", "victory", (nva, vc), ((nva, vc), (us,)), (3, -2), (-2, -5, 3, 1)),
        us_policy="a policy with spaces",
        seq=0,
    )
    text = position(state)
    for line in (
        "options period-events deception handicap=NVA:hidden-asset+hidden-agenda",
        "card 125",
        f"played {s.played[0]}",
        "capabilities 13:shaded 11:unshaded",
        "momentum 7",
        "card-markers 15:unshaded",
        "stay-eligible VC",
        "ineligible-next NVA",
        'us-policy "a policy with spaces"',
        "dice 6 1 3",
        "ineligible ARVN VC",
        "passed VC",
        "acted US:op+sa NVA:event",
        "deception US:hidden-asset,revealed,used NVA+VC:unknown",
        "phase over",
        "coup-phase reset",
        "result rule=7.3 outcome=victory winner=NVA+VC ranking=NVA+VC,US side-margins=3,-2 "
        "margins=-2,-5,3,1",
    ):
        assert line + "\n" in text, line
    assert "\nseq" not in text
    assert parse_position(text) == state
    assert position(parse_position(text)) == text


def test_pending_arguments_and_answers() -> None:
    """A procedure's name, arguments (quoted when they hold spaces) and answers."""
    game, _ = short_start()
    start = attrs.evolve(game.state, pending=None)
    answers = (coinlake.parse("op"), coinlake.parse("move 2 us-troops hue da-nang"))
    pending = Pending("card_turn", ("US", "two words"), answers, start)
    state = attrs.evolve(game.state, pending=pending, seq=9)
    text = position(state)
    assert 'pending card_turn US "two words"\n' in text
    assert "answers op; move 2 us-troops hue da-nang\n" in text
    assert text.endswith("start\n  seq 1\n")
    assert parse_position(text) == state


# -- fixed dice ------------------------------------------------------------------------------
def a_rolling_command() -> tuple[GameState, coinlake.Command, list[int]]:
    """A position of a random Short game, a command there that rolls dice, and the rolls."""
    for seed in range(100):
        game = coinlake.new_game("short", seed=seed)
        rnd = random.Random(seed)
        for _ in range(500):
            legal = game.legal()
            if not legal:
                break
            before, command = game.state, rnd.choice(legal)
            rolls = [e.value for e in game.apply(command) if isinstance(e, DieRolled)]
            if rolls:
                return before, command, rolls
    raise AssertionError("no die rolled")


def test_with_dice_fixes_the_next_rolls() -> None:
    before, command, rolls = a_rolling_command()
    fixed = (rolls[0] % 6 + 1, 2, 5, 1, 6, 3, 4, 2)
    text = position(coinlake.with_dice(before, *fixed))
    assert "dice " + " ".join(map(str, fixed)) + "\n" in text
    game = coinlake.from_position(text)
    got = [e.value for e in game.apply(command) if isinstance(e, DieRolled)]
    assert got and got == list(fixed[: len(got)])
    assert got[0] != rolls[0]
    assert game.state.fixed_dice == fixed[len(got) :]
    # without fixed dice the same position rolls as the original game did
    again = coinlake.from_position(position(before))
    assert [e.value for e in again.apply(command) if isinstance(e, DieRolled)] == rolls


def test_public_names() -> None:
    assert coinlake.SpaceState is model.SpaceState
    assert coinlake.with_dice is model.with_dice
    assert issubclass(coinlake.PositionError, ValueError)


# -- errors ----------------------------------------------------------------------------------
def mutate(text: str, prefix: str, new: str | None) -> tuple[str, int]:
    """``text`` with the first line starting ``prefix`` replaced by ``new`` (``None``: a copy
    of it added after it), and that line's number."""
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith(prefix))
    if new is None:
        lines.insert(i + 1, lines[i])
        return "\n".join(lines) + "\n", i + 2
    lines[i] = new
    return "\n".join(lines) + "\n", i + 1


@pytest.mark.parametrize(
    ("prefix", "new", "words", "rule"),
    [
        ("space hue", "space huey 2 arvn-police", "unknown space 'huey'", None),
        ("space hue", "space hue 2 arvn-cops", "unknown piece 'arvn-cops'", None),
        ("space hue", "space hue two arvn-police", "'two' is not a count of arvn-police", None),
        ("space hue", "space hue 0 arvn-police", "counts are 1 or more", None),
        ("space hue", "space hue 2 arvn-police 1 arvn-police", "arvn-police listed twice", None),
        ("space hue", "space hue arvn-police", "without a count", None),
        ("space hue", "space hue 2 arvn-police support", "'support' is not", None),
        ("space hue", "space hue 2 arvn-police terror=x", "whole number", None),
        ("space hue", None, "duplicate 'space hue' line", None),
        ("seq", None, "duplicate 'seq' line", None),
        ("seq", "sequence 1", "unknown line kind 'sequence'", None),
        ("seq", "seq -1", "at least 0", None),
        ("coinlake-position", "coinlake-position 2", "unsupported version", None),
        ("coinlake-position", "scenario short", "starts with", None),
        ("scenario", "scenario long", "unknown scenario", None),
        ("phase", "phase lunch", "unknown phase", None),
        ("card", "card 131", "unknown card 131", None),
        ("deck", "deck 1 2 3 1", "card 1 is both in deck and in deck", "2.2"),
        ("tracks", "tracks aid=15", "missing arvn-resources=", None),
        (
            "tracks",
            "tracks arvn-resources=30 nva-resources=15 vc-resources=10 aid=15 "
            "patronage=18 econ=15 trail=5",
            "trail 5 is outside 0..4",
            "6.7",
        ),
        (
            "tracks",
            "tracks arvn-resources=76 nva-resources=15 vc-resources=10 aid=15 "
            "patronage=18 econ=15 trail=2",
            "arvn-resources 76 is outside 0..75",
            "1.8",
        ),
        ("space hue", "space hue 3 us-base", "Hue: 3 Bases (max 2)", "1.4.2"),
        ("space hue", "space hue 1 us-base 1 vc-base 1 nva-base-t", "3 Bases", "1.4.2"),
        ("space hue", "space loc-hue-da-nang 1 us-base", "may not occupy LoCs", "1.4.2"),
        ("space north-vietnam", "space north-vietnam 1 us-troops", "North Vietnam", "1.4.2"),
        ("space hue", "space loc-hue-da-nang active-support", "Population", "1.6.1"),
        ("space hue", "space loc-hue-da-nang terror=1", "not Terror", "3.3.4"),
        ("space hue", "space hue sabotage=1", "only LoCs", "3.3.4"),
        ("space hue", "space hue terror=16", "16 Terror and Sabotage markers", "3.3.4"),
        ("out-of-play", "out-of-play 6 us-troops 1 vc-guerrilla-u", "only US and ARVN", "1.4.1"),
        ("out-of-play", "casualties 1 arvn-troops", "only US forces", "1.4.1"),
        ("out-of-play", "out-of-play 6 us-troops 1 arvn-ranger-a", "write arvn-ranger-u", "1.4.1"),
        ("leader-box", "leader-box 1", "not an RVN Leader card", "2.4.1"),
        ("leader-box", "momentum 1", "not a Momentum card", "5.4"),
        ("leader-box", "capabilities 1:shaded", "not a Capability card", "5.3"),
        ("leader-box", "capabilities 13:grey", "CARD:unshaded or CARD:shaded", None),
        ("leader-box", "dice 7", "at most 6", None),
        ("leader-box", "ineligible US Martians", "unknown Faction 'Martians'", None),
        ("leader-box", "options deception non-players=NVA,VC", "3 or 4 players", None),
        ("leader-box", "options quick", "unknown option 'quick'", None),
        ("pending", "answers op; move 2 us-troops", "answers: answer 2: not a command", None),
        ("pending", "answers op", "'answers' without a 'pending' line", None),
        ("start", "pending card_turn two", "'pending' needs a 'start' line", None),
        ("start", "start here", "'start' takes no values", None),
        ("rng", "rng seed=1", "write rng seed=S counter=N", None),
        ("us-policy", 'us-policy "LBJ', "malformed quoted value", None),
    ],
)
def test_errors_name_the_line(prefix: str, new: str | None, words: str, rule: str | None) -> None:
    _, text = short_start()
    if new == "answers op; move 2 us-troops":  # after the pending line
        text = text.replace("pending card_turn\n", "pending card_turn\n" + new + "\n")
        number = text.splitlines().index(new) + 1
    elif new == "pending card_turn two":  # and no start line
        text, number = mutate(text.replace("\nstart\n", "\n"), "pending", new)
    else:
        text, number = mutate(text, prefix, new)
    with pytest.raises(PositionError) as info:
        parse_position(text)
    message = str(info.value)
    assert words in message, message
    if rule is None:
        assert info.value.line == number, message
        assert message.startswith(f"line {number}: "), message
    else:
        assert info.value.rule == rule, message
        assert message.endswith(f"({rule})"), message
        if info.value.line is not None:
            assert info.value.line == number, message


def test_indentation_errors() -> None:
    _, text = short_start()
    with pytest.raises(PositionError, match=r"^line 3: unexpected indentation"):
        parse_position(text.replace("\nphase", "\n  phase", 1))
    with pytest.raises(PositionError, match=r"tabs"):
        parse_position(text.replace("\nphase", "\n\tphase", 1))
    nested = text + "  coinlake-position 1\n"
    with pytest.raises(PositionError, match=r"the header comes once"):
        parse_position(nested)


def test_the_start_block_is_read_and_checked() -> None:
    """Beneath ``start``: only what differs from the position above, ``KEY -`` for a line the
    start lacks; a bad line there is named too."""
    _, text = short_start()
    state = parse_position(text + "  seq -\n  space hue -\n")
    assert state.pending is not None
    assert state.pending.start.seq == 0
    assert state.pending.start.space("hue") == coinlake.SpaceState()
    assert state.space("hue") != coinlake.SpaceState()
    number = len(text.splitlines()) + 2
    with pytest.raises(PositionError, match=rf"^line {number}: hue: unknown piece"):
        parse_position(text + "  seq 1\n  space hue 1 blue-meeple\n")


def test_not_text() -> None:
    with pytest.raises(TypeError):
        parse_position(b"coinlake-position 1")  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="empty position"):
        parse_position("\n# nothing\n")


def test_the_worked_example_in_the_docs_is_current() -> None:
    """docs/positions.md shows exactly what ``position`` writes for its example."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "positions.md").read_text()
    marker = '`coinlake.position(coinlake.new_game("short", seed=7).state)`:\n\n```\n'
    start = text.index(marker) + len(marker)
    shown = text[start : text.index("\n```", start)]
    assert shown == coinlake.position(coinlake.new_game("short", seed=7).state)
