"""The audit (issue #24 item 3): each command's change of the victory totals and margins
(1.9, 7.2, 7.3) with the events that caused it, and the readable account."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Faction
from coinlake.audit import account, audit, audit_node, why_won
from coinlake.state.events import SupportShifted

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
