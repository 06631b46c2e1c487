"""The audit (issue #24 item 3): each command's change of the victory totals and margins
(1.9, 7.2, 7.3) with the events that caused it, and the readable account."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import coinlake
from coinlake import Faction
from coinlake.audit import account, audit, audit_node, chance_movers, why_won
from coinlake.cli import app
from coinlake.state.events import SupportShifted

runner = CliRunner()
SCORING = {"PiecesMoved", "SupportShifted", "TrackChanged"}
"""1.9: the totals count Support/Opposition, Control (pieces), Bases, US pieces Available
and Patronage: only moving pieces, shifting Support and changing a track can change them."""


@cache
def _finished() -> coinlake.Game:
    game = coinlake.new_game("short", seed=3, non_players=set(Faction))
    game.play_non_players()
    assert game.state.result is not None
    return game


def test_score_changes_sum_to_the_final_totals_1_9() -> None:
    game = _finished()
    steps = audit(game)
    start = coinlake.victory_markers(game.root)
    final = coinlake.victory_markers(game.state)
    for faction in Faction:
        total = sum(s.total_changes.get(faction, 0) for s in steps)
        margin = sum(s.margin_changes.get(faction, 0) for s in steps)
        assert start[faction] + total == final[faction]
        assert margin == total  # 7.3: a margin is the total minus a fixed threshold
    assert steps[-1].totals == final


def test_the_causes_are_scoring_events_adding_up_to_the_change_1_9() -> None:
    for step in audit(_finished()):
        summed: dict[Faction, int] = {}
        for cause in step.causes:
            assert type(cause.event).__name__ in SCORING
            assert cause.event in step.node.events and cause.changes
            for faction, delta in cause.changes.items():
                summed[faction] = summed.get(faction, 0) + delta
        assert {f: d for f, d in summed.items() if d} == step.total_changes


def test_a_pass_changes_no_total_2_3_3() -> None:
    game = coinlake.new_game("short", seed=7)
    game.apply(game.parse("pass"))
    step = audit(game)[-1]
    assert (step.command, step.total_changes, step.causes) == ("pass", {}, ())
    assert step.card == game.state.current_card and step.phase == "event-card"
    assert step.seq == game.node.events[0].seq and step.rule == "2.3.4"


def test_a_support_shift_counts_population_times_levels_1_6_2_1_9() -> None:
    """Total Support (US) and Total Opposition (VC) are Population times the level (1.6.2);
    a shift changes them by exactly that, and changes no other total (1.9)."""
    population = {space.id: space.population for space in coinlake.SPACES}
    checked = 0
    for step in audit(_finished()):
        for cause in step.causes:
            event = cause.event
            if not isinstance(event, SupportShifted):
                continue
            pop = population[event.space]
            now, was = int(event.level), int(event.previous)
            us = pop * (max(now, 0) - max(was, 0))
            vc = pop * (max(-now, 0) - max(-was, 0))
            expected = {f: d for f, d in ((Faction.US, us), (Faction.VC, vc)) if d}
            assert cause.changes == expected
            checked += 1
    assert checked >= 5


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), moves=st.lists(st.integers(0, 999), max_size=40))
def test_random_play_audit_matches_the_queries(seed: int, moves: list[int]) -> None:
    game = coinlake.new_game("short", seed=seed)
    for move in moves:
        legal = game.legal()
        if not legal:
            break
        game.apply(legal[move % len(legal)])
    for node in game.line():
        step = audit_node(node)
        assert node.parent is not None
        before = coinlake.victory_markers(node.parent.state)
        after = coinlake.victory_markers(node.state)
        assert {f: after[f] - before[f] for f in Faction if after[f] != before[f]} == (
            step.total_changes
        )


def test_the_root_has_nothing_to_audit() -> None:
    game = coinlake.new_game("short", seed=7)
    root = game.line()[0].parent
    assert root is not None
    with pytest.raises(ValueError, match="root"):
        audit_node(root)


def test_the_account_names_cards_coup_rounds_reasons_and_the_winner_7_2() -> None:
    game = _finished()
    text = account(game)
    result = game.state.result
    assert result is not None
    played = [s.card for s in audit(game) if s.card is not None]
    for card in dict.fromkeys(played):
        assert f"Card {coinlake.CARDS[card]}" in text
    assert "Coup Round, support phase (6.0)" in text
    reasons = {e.reason for e in game.events if isinstance(e, coinlake.Explained)}
    assert any(f"why: {r}" in text for r in reasons)
    winner = "+".join(str(f) for f in result.winner)
    assert f"{winner} won" in text and why_won(game) in text
    totals = coinlake.victory_markers(game.state)
    assert "Victory totals: " + ", ".join(f"{f} {totals[f]}" for f in Faction) in text


def test_why_won_before_the_end() -> None:
    assert why_won(coinlake.new_game("short", seed=7)) == "The game is not over."


# -- what moved the chances (issue 27: coinlake audit with an evaluation in the log) -----------
US_CHANCES = (0.25, 0.50, 0.40, 0.40, 0.90, 0.10, 0.20, 0.10)
"""The US chance at steps 0..7 of a constructed evaluation: rises +0.25 (step 1), +0.50
(step 4), +0.10 (step 6); falls -0.10 (step 2), -0.80 (step 5), -0.10 (step 7)."""
VC_CHANCES = (0.25, 0.25, 0.25, 0.35, 0.25, 0.25, 0.25, 0.25)
"""The VC chance: +0.10 at step 3, -0.10 at step 4. ARVN and NVA stay at 0.25."""


def _evaluation(game: coinlake.Game, steps: list[int], us: list[float], every: str) -> None:
    """Note an evaluation of ``game``'s line at ``steps`` with the US chances ``us``, the VC
    ones of :data:`VC_CHANCES` at those steps, ARVN and NVA 0.25 throughout."""
    states = [game.root] + [n.state for n in game.line()]
    rows = [
        {
            "step": step,
            "card": states[step].current_card,
            "US_win": chance,
            "ARVN_win": 0.25,
            "NVA_win": 0.25,
            "VC_win": VC_CHANCES[step],
        }
        for step, chance in zip(steps, us, strict=True)
    ]
    data = {"every": every, "rollouts": 4, "seed": 0, "omniscient": False, "rows": rows}
    game.annotate("evaluation", data)


def _seven_commands() -> coinlake.Game:
    game = coinlake.new_game("short", seed=7)
    for _ in range(7):
        game.apply(game.legal()[0])
    return game


def test_chance_movers_rank_the_rises_and_falls_of_each_faction() -> None:
    game = _seven_commands()
    _evaluation(game, list(range(8)), list(US_CHANCES), "command")
    line = game.line()
    movers = {m.faction: m for m in chance_movers(game, top=2)}
    assert list(movers) == list(Faction)
    us = movers[Faction.US]
    assert [(m.end, round(m.change, 6)) for m in us.rises] == [(4, 0.5), (1, 0.25)]
    assert [(m.end, round(m.change, 6)) for m in us.falls] == [(5, -0.8), (2, -0.1)]  # 2 before 7
    biggest = us.falls[0]
    assert (biggest.before, biggest.after, biggest.start) == (0.90, 0.10, 4)
    made = line[4]  # the node at depth 5: the command that made the move
    assert biggest.command == str(made.command) and biggest.by == made.faction
    assert biggest.card == line[3].state.current_card  # the card being played (2.2)
    assert movers[Faction.ARVN].rises == movers[Faction.ARVN].falls == ()
    vc = movers[Faction.VC]
    assert [(m.end, round(m.change, 6)) for m in vc.rises] == [(3, 0.1)]
    assert [(m.end, round(m.change, 6)) for m in vc.falls] == [(4, -0.1)]
    everything = {m.faction: m for m in chance_movers(game, top=5)}[Faction.US]
    assert [m.end for m in everything.rises] == [4, 1, 6]
    assert [m.end for m in everything.falls] == [5, 2, 7]


def test_a_move_over_several_commands_names_its_card_only() -> None:
    game = _seven_commands()
    _evaluation(game, [0, 3, 7], [0.25, 0.40, 0.10], "card")
    (us,) = [m for m in chance_movers(game) if m.faction is Faction.US]
    (rise,) = us.rises
    (fall,) = us.falls
    assert (rise.start, rise.end, rise.command, rise.by) == (0, 3, None, None)
    assert (fall.start, fall.end, fall.command) == (3, 7, None)
    assert fall.card == game.line()[2].state.current_card


def test_the_latest_evaluation_wins_and_its_own_line_is_read() -> None:
    game = _seven_commands()
    _evaluation(game, list(range(8)), [0.5] * 8, "command")
    _evaluation(game, list(range(8)), list(US_CHANCES), "command")
    commands = [str(n.command) for n in game.line()]
    for _ in range(3):  # the game goes on along another branch: the note keeps its line
        game.undo()
    game.apply(game.legal()[-1])
    (us,) = [m for m in chance_movers(game, top=1) if m.faction is Faction.US]
    assert us.falls[0].command == commands[4] and round(us.falls[0].change, 6) == -0.8


def test_chance_movers_without_or_with_a_bad_evaluation() -> None:
    game = _seven_commands()
    assert chance_movers(game) == ()
    game.annotate("comment", {"rows": "not an evaluation"})
    assert chance_movers(game) == ()
    chances = {"US_win": 0.1, "ARVN_win": 0.2, "NVA_win": 0.3, "VC_win": 0.4}
    settings = {"every": "card", "rollouts": 4, "seed": 0, "omniscient": False}
    card = game.state.current_card
    for rows, error in (
        ([{"step": 0, "card": game.root.current_card}, {"step": 9, "card": card}], "step 9"),
        ([{"step": 7, "card": 1 if card != 1 else 2}], "card at step 7"),
        ([{"step": 7, "card": card}, {"step": 7, "card": card}], "row 1: step"),
    ):
        game.annotate("evaluation", {**settings, "rows": [{**r, **chances} for r in rows]})
        with pytest.raises(ValueError, match=error):
            chance_movers(game)
    game.annotate("evaluation", {"every": "card", "rollouts": 4, "seed": 0, "rows": []})
    with pytest.raises(ValueError, match="omniscient"):
        chance_movers(game)
    with pytest.raises(ValueError, match="top"):
        chance_movers(_seven_commands(), top=0)


def test_audit_names_what_moved_the_chances_end_to_end(tmp_path: Path) -> None:
    """``coinlake eval --annotate`` with 2 rollouts a card, then ``coinlake audit``."""
    game = coinlake.new_game("short", seed=4, non_players=set(Faction))
    game.play_non_players()  # a short game: 9 cards
    log = tmp_path / "game.fitl"
    game.save(log)
    plain = runner.invoke(app, ["audit", str(log)])
    assert plain.exit_code == 0 and "What moved the chances" not in plain.output
    evaluated = runner.invoke(app, ["eval", str(log), "--rollouts", "2", "--annotate"])
    assert evaluated.exit_code == 0, evaluated.output
    outcome = runner.invoke(app, ["audit", str(log), "--top", "2"])
    assert outcome.exit_code == 0, outcome.output
    text = outcome.output
    assert text.startswith(account(coinlake.load(log)))
    assert "What moved the chances of winning most" in text and "2 rollouts" in text
    movers = chance_movers(coinlake.load(log), top=2)
    assert any(m.rises or m.falls for m in movers)
    for faction in movers:
        for move in (*faction.rises, *faction.falls):
            assert f"{move.change:+.0%} ({move.before:.0%} to {move.after:.0%})" in text
            assert f"card {coinlake.CARDS[move.card]}" in text if move.card else True
