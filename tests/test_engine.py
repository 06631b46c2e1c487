"""The engine's public API (DESIGN.md): legal/validate/apply, events, undo/redo/fork and the
journal, undo policies, hidden information (2.2), the text notation, decide/fold."""

from __future__ import annotations

import re

import pytest

import coinlake
from coinlake import (
    Choose,
    Done,
    Faction,
    Game,
    HistoryError,
    IllegalCommand,
    Move,
    Piece,
    Select,
)
from coinlake.engine import decide, fold
from coinlake.state.events import CardRevealed, Chosen, Event
from tests.conftest import PASS, drive, event_card_game, pass_or_first

RULE = re.compile(r"^[1-8](\.\d+)*$")


def _event_card_game(scenario: str = "full", undo: str = "free") -> Game:
    return event_card_game(scenario, first_seed=0, undo=undo)


def _to_card_end(game: Game) -> int:
    """Pass until a command reveals a card; return how many commands that took."""
    for n in range(1, 10):
        events = game.apply(pass_or_first(game))
        if any(isinstance(e, CardRevealed) for e in events):
            return n
    raise AssertionError("no card was revealed")


# -- decisions, validation -----------------------------------------------------------------
def test_decision_and_legal_commands_design_api(short_game: Game) -> None:
    """DESIGN.md model/public API: the Decision lists the finite legal Commands."""
    decision = short_game.decision
    assert decision is not None
    assert decision.faction in tuple(Faction)
    assert decision.kind and decision.prompt
    assert RULE.match(decision.rule)
    assert short_game.legal() == decision.options
    assert short_game.legal()  # something to do
    for command in short_game.legal():
        short_game.validate(command)  # no exception: legal


def _illegal(game: Game, kind: str) -> coinlake.Command:
    decision = game.decision
    assert decision is not None and decision.faction is not None
    if kind == "other-factions-operation":  # 3.2/3.3: each Faction has its own 4 Operations
        return Choose("rally" if decision.faction.is_coin else "sweep")
    if kind == "nonsense":
        return Choose("no-such-option")
    if kind == "coin-into-north-vietnam":  # 1.4.2
        return Move(Piece.US_TROOPS, 2, "hue", "north-vietnam")
    return Select("north-vietnam")


@pytest.mark.parametrize(
    "kind", ["other-factions-operation", "nonsense", "coin-into-north-vietnam", "select"]
)
def test_illegal_command_raises_with_rule_and_changes_nothing(short_game: Game, kind: str) -> None:
    """DESIGN.md model: an illegal command raises IllegalCommand naming its rule; no change."""
    command = _illegal(short_game, kind)
    state = short_game.state
    n_events = len(short_game.events)
    n_journal = len(short_game.journal())
    with pytest.raises(IllegalCommand) as info:
        short_game.validate(command)
    assert RULE.match(info.value.rule)
    assert str(command) in str(info.value)
    assert info.value.rule in str(info.value)
    with pytest.raises(IllegalCommand):
        short_game.apply(command)
    assert short_game.state is state
    assert short_game.state == state
    assert len(short_game.events) == n_events
    assert len(short_game.journal()) == n_journal
    # The game goes on normally afterwards.
    short_game.apply(short_game.legal()[0])
    assert len(short_game.journal()) == n_journal + 1


def test_illegal_command_is_a_coinlake_error() -> None:
    """DESIGN.md public API: every deliberate error is a CoinlakeError."""
    assert issubclass(IllegalCommand, coinlake.CoinlakeError)
    assert issubclass(HistoryError, coinlake.CoinlakeError)


def test_no_commands_once_the_game_stops_deciding() -> None:
    """2.4.2/DESIGN.md: when nothing is to be decided, nothing is legal."""
    game = coinlake.new_game("short", seed=7)
    drive(game, 500)
    if game.decision is None:
        assert game.legal() == ()
        with pytest.raises(IllegalCommand) as info:
            game.apply(Choose("pass"))
        assert RULE.match(info.value.rule)
    else:  # the Coup Round is in place and the game runs further
        assert game.legal()


# -- apply and events ------------------------------------------------------------------------
def test_apply_returns_the_events_it_appended(short_game: Game) -> None:
    """DESIGN.md public API: ``apply`` returns the events it appended to the stream."""
    before = short_game.events
    decision = short_game.decision
    assert decision is not None
    command = short_game.legal()[0]
    events = short_game.apply(command)
    assert isinstance(events, tuple) and events
    assert short_game.events == before + events
    assert short_game.line()[-1].events == events
    assert short_game.commands[-1] == command
    chosen = events[0]
    assert isinstance(chosen, Chosen)
    assert chosen.command == command and chosen.faction is decision.faction


def test_every_event_has_seq_and_rule() -> None:
    """DESIGN.md model: each event names its command (``seq``) and the rule it applies."""
    game = coinlake.new_game("medium", seed=3)
    drive(game, 40)
    assert game.events
    for index, node in enumerate(game.line()):
        for event in node.events:
            assert isinstance(event, Event)
            assert event.seq == index  # the index of the causing command in the line
            assert RULE.match(event.rule), event
    assert game.state.seq == len(game.line())


def test_events_are_immutable_values() -> None:
    """DESIGN.md model: events are immutable facts."""
    game = coinlake.new_game("short", seed=7)
    event = game.events[0]
    with pytest.raises(AttributeError):
        event.seq = 99  # type: ignore[misc]
    assert hash(event) == hash(game.events[0])


# -- undo / redo / journal -------------------------------------------------------------------
def test_undo_restores_the_prior_state_and_is_journaled(short_game: Game) -> None:
    """DESIGN.md History: undo steps back and is itself recorded; redo steps forward."""
    before = short_game.state
    n_events = len(short_game.events)
    short_game.apply(short_game.legal()[0])
    after = short_game.state
    short_game.undo()
    assert short_game.state == before
    assert len(short_game.events) == n_events
    actions = [entry.action for entry in short_game.journal()]
    assert actions == ["apply", "apply", "undo"]
    short_game.redo()
    assert short_game.state == after
    assert short_game.state is after
    assert [entry.action for entry in short_game.journal()][-1] == "redo"


def test_redo_many_steps_restores_each_state() -> None:
    """DESIGN.md History: undo/redo walk the line exactly, in both directions."""
    game = coinlake.new_game("full", seed=9)
    states = [game.state]
    for _ in range(10):
        game.apply(game.legal()[0])
        states.append(game.state)
    for k in range(10, 0, -1):
        game.undo()
        assert game.state == states[k - 1]
    for k in range(1, 11):
        game.redo()
        assert game.state == states[k]
    with pytest.raises(HistoryError):
        game.redo()


def test_apply_after_undo_starts_a_new_branch_and_keeps_the_old_one(short_game: Game) -> None:
    """DESIGN.md History: a command after an undo starts a new branch; the old one stays."""
    command = short_game.legal()[0]
    short_game.apply(command)
    old = short_game.line()[-1]
    short_game.undo()
    short_game.apply(command)
    new = short_game.line()[-1]
    assert new is not old
    assert new.state == old.state  # same command, same result
    with pytest.raises(HistoryError):
        short_game.redo()  # the new branch cleared the redo path
    journal = short_game.journal()
    assert [e.action for e in journal] == ["apply", "apply", "undo", "apply"]
    assert journal[1].node is old and journal[3].node is new
    assert old.parent is new.parent


def test_free_undo_reaches_the_very_beginning() -> None:
    """DESIGN.md History, ``free`` policy: anything may be undone, back to the start (2.2)."""
    game = coinlake.new_game("medium", seed=2)
    drive(game, 12)
    n = len(game.line())
    for _ in range(n):
        game.undo()
    assert game.state == game.root
    assert game.events == ()
    decision = game.decision
    assert decision is not None and decision.faction is None  # the game's own start (2.2)
    with pytest.raises(HistoryError):
        game.undo()
    assert [e.action for e in game.journal()].count("undo") == n


# -- strict undo policy ----------------------------------------------------------------------
def test_strict_undo_of_own_command() -> None:
    """DESIGN.md History, ``strict`` policy: a Faction may undo its own command."""
    game = _event_card_game(undo="strict")
    before = game.state
    decision = game.decision
    assert decision is not None and decision.faction is not None
    game.apply(PASS)
    game.undo(faction=decision.faction)
    assert game.state == before


def test_strict_undo_refuses_another_factions_command() -> None:
    """DESIGN.md History, ``strict`` policy: not another Faction's command."""
    game = _event_card_game(undo="strict")
    decision = game.decision
    assert decision is not None and decision.faction is not None
    me = decision.faction
    game.apply(PASS)
    after = game.state
    other = next(f for f in Faction if f is not me)
    with pytest.raises(HistoryError):
        game.undo(faction=other)
    with pytest.raises(HistoryError):
        game.undo(faction=other.value)
    assert game.state is after
    assert [e.action for e in game.journal()][-1] == "apply"


def test_strict_undo_refuses_a_command_that_revealed_a_card_2_2() -> None:
    game = _event_card_game(undo="strict")
    _to_card_end(game)
    node = game.line()[-1]
    after = game.state
    with pytest.raises(HistoryError):
        game.undo(faction=node.faction)
    with pytest.raises(HistoryError):
        game.undo()
    assert game.state is after


def test_strict_undo_refuses_the_games_own_start() -> None:
    """DESIGN.md History, ``strict`` policy: the game's own start (2.2) revealed cards."""
    game = coinlake.new_game("short", seed=7, undo="strict")
    with pytest.raises(HistoryError):
        game.undo()


def test_free_undo_allows_undoing_a_revealed_card() -> None:
    """DESIGN.md History, ``free`` policy: even a revealed card (2.3.7) may be undone."""
    game = _event_card_game(undo="free")
    before = game.state
    n = _to_card_end(game)
    for _ in range(n):
        game.undo()
    assert game.state == before


def test_unknown_undo_policy_is_refused() -> None:
    """DESIGN.md History: the policies are ``free`` and ``strict``."""
    with pytest.raises(ValueError):
        coinlake.new_game("short", seed=0, undo="lenient")


# -- fork ------------------------------------------------------------------------------------
def test_fork_is_independent() -> None:
    """DESIGN.md History: ``fork`` gives an independent game sharing the history."""
    game = coinlake.new_game("full", seed=6)
    drive(game, 3)
    state, events, journal = game.state, game.events, len(game.journal())
    fork = game.fork()
    assert fork.state == state and fork.events == events
    drive(fork, 5)
    assert game.state is state and game.events == events
    assert len(game.journal()) == journal
    fork.undo()
    fork.undo()
    assert game.state is state
    # The parent can still play on; the same commands give the same results.
    drive(game, 3)
    assert game.state == fork.line()[len(game.line()) - 1].state


def test_fork_and_parent_play_the_same_command_identically() -> None:
    """DESIGN.md History: a fork and its parent decide alike from the same position."""
    game = coinlake.new_game("short", seed=7)
    fork = game.fork()
    command = game.legal()[0]
    fork_events = fork.apply(command)
    game_events = game.apply(command)
    assert fork_events == game_events
    assert fork.state == game.state


def test_fork_keeps_the_undo_policy_and_redo_path() -> None:
    """DESIGN.md History: a fork shares the history so far, redo path included."""
    game = coinlake.new_game("short", seed=7)
    game.apply(game.legal()[0])
    after = game.state
    game.undo()
    fork = game.fork()
    fork.redo()
    assert fork.state == after
    assert fork.undo_policy == game.undo_policy
    game.redo()
    assert game.state == after


# -- hidden information (2.2) ------------------------------------------------------------------
@pytest.mark.parametrize("faction", ["US", "ARVN", "NVA", "VC"])
def test_view_hides_the_deck_order_and_the_seed_2_2(faction: str) -> None:
    seed = 9_876_543_210_123
    game = coinlake.new_game("full", seed=seed)
    drive(game, 6)
    view = game.view(faction)
    state = game.state
    assert view.faction is Faction(faction)
    # Open information: played cards, the revealed next card, the number of cards left.
    assert view.state.played == state.played
    assert view.state.next_card == state.next_card
    assert len(view.state.deck) == len(state.deck)
    assert view.state.spaces == state.spaces and view.state.tracks == state.tracks
    # Hidden: the order of the rest of the deck and the generator's seed.
    assert not set(view.state.deck) & set(state.deck)
    assert view.state.rng.seed != seed
    text = repr(view)
    assert str(seed) not in text
    assert ", ".join(str(n) for n in state.deck[:4]) not in text
    # Every card the view's events reveal is public: played or the next card.
    public = set(state.played) | {state.next_card}
    assert {e.card for e in view.events if isinstance(e, CardRevealed)} <= public


def test_view_of_an_unknown_faction_is_refused(short_game: Game) -> None:
    """1.5 and DESIGN.md hidden information: views exist for the four Factions only."""
    with pytest.raises(ValueError):
        short_game.view("Khmer Rouge")


# -- text notation ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "command",
    [
        Choose("pass"),
        Choose("event"),
        Choose("unshaded"),
        Select("quang-tri-thua-thien"),
        Select("loc-saigon-can-tho"),
        Done(),
        Move(Piece.US_TROOPS, 2, "hue", "quang-tri-thua-thien"),
        Move(Piece.VC_GUERRILLA_UNDERGROUND, 1, "available", "tay-ninh"),
        Move(Piece.NVA_TUNNELED_BASE, 1, "the-parrots-beak", "available"),
        Move(Piece.ARVN_RANGER_ACTIVE, 12, "saigon", "casualties"),
    ],
)
def test_text_notation_round_trips(short_game: Game, command: coinlake.Command) -> None:
    """DESIGN.md public API: ``str(cmd)`` and ``game.parse`` round-trip."""
    text = str(command)
    assert short_game.parse(text) == command
    assert coinlake.parse(text) == command
    assert short_game.parse(f"  {text.upper()}  ") == command


def test_every_legal_command_round_trips_through_text() -> None:
    """DESIGN.md public API: every offered Command has a text form that parses back."""
    game = coinlake.new_game("medium", seed=1)
    for _ in range(20):
        legal = game.legal()
        if not legal:
            break
        for command in legal:
            assert game.parse(str(command)) == command
        game.apply(game.parse(str(legal[0])))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "select",
        "select hue saigon",
        "select done",
        "done now",
        "pass now",
        "move 2 us-troops hue",
        "move two us-troops hue saigon",
        "move 0 us-troops hue saigon",
        "move -1 us-troops hue saigon",
        "move 2 tanks hue saigon",
        "move 2 us-troops hue saigon now",
        "select hue!",
        "move",
        "#pass",
    ],
)
def test_malformed_text_raises_value_error(short_game: Game, text: str) -> None:
    """DESIGN.md public API: malformed text raises ValueError."""
    with pytest.raises(ValueError):
        short_game.parse(text)


# -- decide / fold -------------------------------------------------------------------------------
def test_decide_gives_the_same_events_as_apply_and_fold_gives_the_new_state() -> None:
    """DESIGN.md model: decide(state, cmd) -> events; fold(evolve, events, state) == new state."""
    game = coinlake.new_game("full", seed=4)
    for _ in range(12):
        state = game.state
        command = game.legal()[0]
        decided = decide(state, command)
        assert game.state is state  # decide changes nothing
        applied = game.apply(command)
        assert decided == applied
        assert fold(state, decided) == game.state


def test_decide_refuses_an_illegal_command() -> None:
    """DESIGN.md model: decide raises IllegalCommand for an illegal command."""
    state = coinlake.new_game("short", seed=7).state
    with pytest.raises(IllegalCommand):
        decide(state, Choose("sweep"))


def test_replaying_the_events_from_the_root_gives_the_live_state() -> None:
    """DESIGN.md model: replaying the stream from the root equals the live state."""
    game = coinlake.new_game("medium", seed=8, period_events=True)
    drive(game, 30)
    assert fold(game.root, game.events) == game.state
