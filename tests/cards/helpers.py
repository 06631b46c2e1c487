"""Positions for the card tests, written in the position format (``docs/positions.md``).

:func:`on_card` writes a small Full-scenario position on an Event card: an empty, Neutral map,
no piece anywhere unless a line puts it there, every Faction Eligible, no Pivotal Event held
(so none is offered, 2.3.8), the Short scenario's tracks, 2 unimplemented cards in the deck,
and the given lines on top. A line replaces the default line of
the same key (its keyword, or ``space ID``). ``coinlake.from_position`` then starts the card's
first turn, so the game waits on the 1st Eligible Faction of the card (2.3.2).

Expected values in the tests come from the card texts and the rulebook, cited by section.
"""

from __future__ import annotations

import coinlake
from coinlake import Faction, Game, GameState, Side
from coinlake.data.cards import CARDS
from coinlake.data.pieces import PIECE_BY_TOKEN
from coinlake.rules import cards, effects

KISSINGER = 2
"""A harmless next card (no Coup showing, so no Monsoon, 2.3.9)."""
COUP = 125
"""A Coup card to show as the next card (Monsoon, 2.3.9; 8.1's Momentum rule)."""

TRACK_VALUES = {
    "arvn-resources": 30,
    "nva-resources": 15,
    "vc-resources": 10,
    "aid": 15,
    "patronage": 18,
    "econ": 15,
    "trail": 2,
}
"""The tracks of every position unless a test sets them (the Short scenario's, 2.1)."""


def tracks(**values: int) -> str:
    """The ``tracks`` line with ``values`` changed, by name: ``tracks(nva_resources=10)``."""
    merged = {**TRACK_VALUES, **{k.replace("_", "-"): v for k, v in values.items()}}
    return "tracks " + " ".join(f"{k}={v}" for k, v in merged.items())


def position_text(card: int, *lines: str, next_card: int | None = KISSINGER) -> str:
    """The position text (see the module docstring). On card 2 itself the next card is
    card 1, and the deck never holds the card played nor the next card (2.2)."""
    if next_card == card:
        next_card = 1
    deck = [c for c in (9, 12, 5, 6) if c not in (card, next_card)][:2]
    entries: dict[str, str] = {
        "scenario": "scenario full",
        "phase": "phase event-card",
        "card": f"card {card}",
        "us-policy": "us-policy LBJ",
        "tracks": tracks(),
        "rng": "rng seed=7 counter=0",
        "deck": "deck " + " ".join(map(str, deck)),
    }
    if next_card is not None:
        entries["next-card"] = f"next-card {next_card}"
    for line in lines:
        words = line.split()
        key = " ".join(words[:2]) if words[0] == "space" else words[0]
        entries[key] = line
    return "\n".join(["coinlake-position 1", *entries.values()]) + "\n"


def on_card(card: int, *lines: str, next_card: int | None = KISSINGER) -> Game:
    """A game on ``card`` from the position of :func:`position_text`, waiting on the 1st
    Eligible Faction (or on whatever the lines set up)."""
    return coinlake.from_position(position_text(card, *lines, next_card=next_card))


def state_on(card: int, *lines: str, next_card: int | None = KISSINGER) -> GameState:
    """The state of :func:`on_card`."""
    return on_card(card, *lines, next_card=next_card).state


def play(game: Game, *commands: str) -> Game:
    """Apply ``commands`` in the text notation, in order; returns ``game``."""
    for text in commands:
        game.apply(coinlake.parse(text))
    return game


def execute(card: int, side: Side | None, *lines: str, next_card: int | None = KISSINGER) -> Game:
    """The card's 1st Eligible Faction chooses the Event and, on a dual-use card, ``side``."""
    game = on_card(card, *lines, next_card=next_card)
    play(game, "event")
    if side is not None:
        play(game, side.value)
    return game


def first(card: int) -> Faction:
    """The card's 1st Faction (2.3.2): who executes its Event in :func:`execute`."""
    return CARDS[card].faction_order[0]


def pieces(game: Game, space: str, token: str) -> int:
    """How many pieces of ``token`` (``us-troops``...) stand in ``space``."""
    return game.state.space(space).pieces[PIECE_BY_TOKEN[token]]


def effective(state: GameState, card: int, side: Side = Side.UNSHADED) -> bool:
    """8.1: whether the card's 1st Faction executing ``side`` now would have an effect."""
    return cards.effective(state, card, side, first(card))


SIDES = (Side.UNSHADED, Side.SHADED)


def capability_executed(card: int, side: Side, *lines: str) -> GameState:
    """Execute ``side`` of Capability ``card`` from a position and check what 5.3 says of
    every Capability: that side is in effect for the rest of the game, the executing Faction
    acted, and executing it again would have no effect (8.1). Returns the state after."""
    game = execute(card, side, *lines)
    state = game.state
    assert (card, side) in state.capabilities
    assert effects.capability(state, card) is side
    assert state.turn.acted == ((first(card), "event"),)
    assert not effective(state, card, side)  # 8.1: already in effect on that side
    other = Side.SHADED if side is Side.UNSHADED else Side.UNSHADED
    assert effective(state, card, other)  # the other side would turn the marker over
    return state


def capability_turned_over(card: int, side: Side) -> GameState:
    """Execute ``side`` of ``card`` while its other side is in effect: the marker turns over
    (5.3), it is not listed twice."""
    other = Side.SHADED if side is Side.UNSHADED else Side.UNSHADED
    state = execute(card, side, f"capabilities {card}:{other.value}").state
    assert state.capabilities == ((card, side),)
    return state
