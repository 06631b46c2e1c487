"""The event stream and the history as public types (issue #24 items 1, 2): subscriptions
and cursors checked against ``game.events`` over random play with undo and redo, the
history nodes and journal, ``GameResult``'s labelled fields, ``docs/events.md`` current."""

from __future__ import annotations

import gc
import pickle
import random
import weakref
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import Event, Faction, GameResult, JournalRecord, StreamItem
from tools import gen_events_doc

ROOT = Path(__file__).resolve().parent.parent


def _fold(items: list[StreamItem], line: list[Event]) -> None:
    """What a consumer does with the stream: keep the current line's events."""
    for item in items:
        if isinstance(item, JournalRecord):
            if item.action == "undo":
                assert tuple(line[len(line) - len(item.events) :]) == item.events
                del line[len(line) - len(item.events) :]
            else:
                line.extend(item.events)
        else:
            line.append(item)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), moves=st.lists(st.integers(0, 99), max_size=60))
def test_stream_and_cursor_follow_game_events_through_undo_and_redo(
    seed: int, moves: list[int]
) -> None:
    """A subscriber and a reader of ``events_since`` both rebuild ``game.events`` after
    every apply, undo, redo and reseed; the reader's batches are only the new items."""
    game = coinlake.new_game("short", seed=seed)
    pushed: list[StreamItem] = []
    game.subscribe(pushed.append)
    seen: list[Event] = list(game.events)
    polled: list[Event] = list(game.events)
    cursor = game.cursor
    for move in moves:
        before = len(pushed)
        if move < 15 and game.node.parent is not None:
            game.undo()
        elif move < 25:
            try:
                game.redo()
            except coinlake.HistoryError:
                continue
        elif move < 27:
            game.reseed(move)
        else:
            legal = game.legal()
            if not legal:
                continue
            game.apply(legal[move % len(legal)])
        batch, cursor = game.events_since(cursor)
        assert list(batch) == pushed[before:]
        _fold(list(batch), polled)
        _fold(pushed[before:], seen)
        assert tuple(seen) == tuple(polled) == game.events
    everything, end = game.events_since(0)
    line: list[Event] = []
    _fold(list(everything), line)
    assert tuple(line) == game.events and end == game.cursor == len(game.journal())


def test_undo_and_redo_records_carry_the_command_and_its_events() -> None:
    game = coinlake.new_game("short", seed=7)
    records: list[StreamItem] = []
    stop = game.subscribe(records.append)
    events = game.apply(game.parse("pass"))  # 2.3.3
    node = game.node
    game.undo()
    game.redo()
    stop()
    game.undo()  # no longer delivered
    undo, redo = records[len(events) :]
    assert isinstance(undo, JournalRecord) and isinstance(redo, JournalRecord)
    assert (undo.action, redo.action) == ("undo", "redo")
    assert undo.events == redo.events == events
    assert undo.command == node.command and undo.faction is node.faction


def test_events_since_costs_only_the_new_entries() -> None:
    """O(new events): the walk stops at the cursor, however long the game."""
    game = coinlake.new_game("short", seed=3, non_players=set(Faction))
    game.play_non_players(limit=200)
    mark = game.cursor
    assert game.play_non_players(limit=1) == 1
    items, end = game.events_since(mark)
    assert items == game.node.events and end == mark + 1
    assert game.events_since(end) == ((), end)


@pytest.mark.parametrize("bad", [-1, 10**6, "0", 1.0, None])
def test_a_bad_cursor_is_refused(bad: object) -> None:
    game = coinlake.new_game("short", seed=7)
    with pytest.raises(ValueError, match="cursor"):
        game.events_since(bad)  # type: ignore[arg-type]


def test_subscribers_stay_with_their_game() -> None:
    game = coinlake.new_game("short", seed=7)
    seen: list[StreamItem] = []
    game.subscribe(seen.append)
    fork = game.fork()
    fork.apply(fork.parse("pass"))
    copy = pickle.loads(pickle.dumps(game))
    copy.apply(copy.parse("pass"))
    assert seen == []
    with pytest.raises(TypeError):
        game.subscribe("print")  # type: ignore[arg-type]


def test_history_nodes_are_public_with_children_and_rule() -> None:
    """The tree only grows (DESIGN.md): a branch left by an undo stays a child."""
    game = coinlake.new_game("short", seed=7)
    root = game.node
    first = game.legal()
    game.apply(first[0])
    old = game.node
    game.undo()
    game.apply(first[1])
    new = game.node
    assert root.children == (old, new) and old.parent is new.parent is root
    assert isinstance(new, coinlake.Node) and new.rule == "2.3.4"  # a Faction's option, 2.3.4
    assert new.state is game.state and new.events[0].seq == root.state.seq
    assert [e.action for e in game.journal()][-3:] == ["apply", "undo", "apply"]
    assert all(isinstance(e, coinlake.JournalEntry) for e in game.journal())
    assert [e.index for e in game.journal()] == list(range(len(game.journal())))


def test_a_discarded_fork_leaves_nothing_in_the_tree() -> None:
    """A fork's positions belong to the fork: once it is dropped they are freed and are no
    child of the shared position (a bot forking thousands of times keeps no memory), while
    the game's own branches stay."""
    game = coinlake.new_game("short", seed=7)
    root = game.node
    first = game.legal()
    fork = game.fork()
    fork.apply(first[1])
    fork.apply(fork.legal()[0])
    explored = weakref.ref(fork.node)
    assert list(root.children) == [fork.line()[root.depth]]
    del fork
    gc.collect()
    assert explored() is None and not root.children
    game.apply(first[0])
    kept = game.node
    game.undo()
    game.apply(first[1])
    gc.collect()
    assert list(root.children) == [kept, game.node]


def test_a_position_left_behind_asks_the_same_question_again() -> None:
    """Going back to a position (undo, or a fork of an earlier node) gives the Decision it
    had, with the same options, and the same command leads to the same events."""
    game = coinlake.new_game("short", seed=11)
    rng = random.Random(11)
    asked = []
    for _ in range(60):
        decision, state = game.decision, game.state
        assert decision is not None
        command = decision.options[rng.randrange(len(decision.options))]
        asked.append((decision, state, command, game.apply(command)))
    for decision, state, command, events in reversed(asked):
        game.undo()
        assert game.state is state and game.decision == decision
        assert game.fork().apply(command) == events


def test_game_result_has_labelled_fields_in_faction_order_7_3() -> None:
    us, arvn, nva, vc = Faction
    result = GameResult(
        "7.3", "victory", (nva, vc), ((nva, vc), (us, arvn)), (3, -2), (-2, -5, 3, 1)
    )
    assert list(result.faction_margins) == [us, arvn, nva, vc]
    assert result.faction_margins == {us: -2, arvn: -5, nva: 3, vc: 1}
    assert result.standings == (((nva, vc), 3), ((us, arvn), -2))
    assert result.standings[1].factions == (us, arvn) and result.standings[1].margin == -2


def test_victory_queries_use_the_same_faction_order_1_9() -> None:
    state = coinlake.new_game("short", seed=7).state
    assert list(coinlake.victory_markers(state)) == list(Faction)
    assert list(coinlake.victory_margins(state)) == list(Faction)


def test_finished_game_result_matches_the_final_margins_7_2() -> None:
    game = coinlake.new_game("short", seed=3, non_players=set(Faction))
    game.play_non_players()
    result = game.state.result
    assert result is not None
    assert result.faction_margins == coinlake.victory_margins(game.state)


def test_every_event_type_round_trips_through_its_json_form() -> None:
    game = coinlake.new_game("short", seed=5, non_players=set(Faction))
    game.play_non_players(limit=300)
    for event in game.events:
        assert coinlake.event_from_json(coinlake.event_to_json(event)) == event
    with pytest.raises(ValueError):
        coinlake.event_from_json({"type": "NoSuchEvent"})
    with pytest.raises(ValueError):
        coinlake.command_from_json({"type": "Move", "piece": "x"})


def test_events_doc_is_current() -> None:
    """Regenerate with ``python tools/gen_events_doc.py`` after changing an event type."""
    assert (ROOT / "docs" / "events.md").read_text() == gen_events_doc.build()


def test_every_public_name_has_a_docstring() -> None:
    from tools import build_reference

    assert build_reference.undocumented() == []
