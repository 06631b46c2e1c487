"""The card registry: each card file registers the procedure of each of its texts by number.

A card file ``cNNN_snake_title.py`` decorates one generator function per printed text::

    @unshaded(10)
    def rolling_thunder_unshaded(ctx: Ctx, faction: Faction) -> Proc: ...

    @shaded(10)
    def rolling_thunder_shaded(ctx: Ctx, faction: Faction) -> Proc: ...

``@single(n)`` registers the only text of a single-use card, ``@pivotal(n, precondition=...)``
that of a Pivotal Event with its pre-condition (2.3.8). The procedure receives the executing
Faction (5.1) and does only what the text says; the registry then puts a Capability into
effect (5.3) or a Momentum card into play (5.4) on the executed side -- card files never do
that bookkeeping themselves. A card counts as implemented, and is offered as an Event, only
when every printed text is registered.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from coinlake.data.cards import CARDS, CardKind, Side
from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

EventFn = Callable[[Ctx, Faction], Proc]
"""A card text's procedure: ``(ctx, executing_faction) -> Proc``."""

Precondition = Callable[[GameState], bool]
"""A Pivotal Event's pre-condition (2.3.8)."""

Playable = Callable[[GameState, Faction], bool]
"""Whether a text may be chosen now (default: always; 5.1.3 executes what can be)."""


@frozen
class CardText:
    """One registered text of a card."""

    card: int
    side: Side
    run: EventFn
    module: str
    playable: Playable | None = None


_TEXTS: dict[tuple[int, Side], CardText] = {}
_PRECONDITIONS: dict[int, Precondition] = {}


def printed_sides(number: int) -> tuple[Side, ...]:
    """The texts a card bears: unshaded and shaded for dual use (5.2); a single-use card's
    only text is filed as unshaded."""
    return (Side.UNSHADED, Side.SHADED) if CARDS[number].dual else (Side.UNSHADED,)


def _register(number: int, side: Side, playable: Playable | None) -> Callable[[EventFn], EventFn]:
    card = CARDS.get(number)
    if card is None or card.kind is CardKind.COUP:
        raise ValueError(f"card {number} is not an Event card")
    if side not in printed_sides(number):
        raise ValueError(f"{card} has no {side} text")

    def register(fn: EventFn) -> EventFn:
        if (number, side) in _TEXTS:
            raise ValueError(f"{card} {side} registered twice")
        _TEXTS[(number, side)] = CardText(number, side, fn, fn.__module__, playable)
        return fn

    return register


def unshaded(number: int, *, playable: Playable | None = None) -> Callable[[EventFn], EventFn]:
    """Register the unshaded text of dual-use card ``number`` (5.2)."""
    if not CARDS[number].dual:
        raise ValueError(f"{CARDS[number]} is single-use: register it with @single")
    return _register(number, Side.UNSHADED, playable)


def shaded(number: int, *, playable: Playable | None = None) -> Callable[[EventFn], EventFn]:
    """Register the shaded text of dual-use card ``number`` (5.2)."""
    return _register(number, Side.SHADED, playable)


def single(number: int, *, playable: Playable | None = None) -> Callable[[EventFn], EventFn]:
    """Register the only text of single-use card ``number``."""
    if CARDS[number].dual:
        raise ValueError(f"{CARDS[number]} is dual-use: register @unshaded and @shaded")
    if CARDS[number].kind is CardKind.PIVOTAL:
        raise ValueError(f"{CARDS[number]} is a Pivotal Event: register it with @pivotal")
    return _register(number, Side.UNSHADED, playable)


def pivotal(number: int, *, precondition: Precondition) -> Callable[[EventFn], EventFn]:
    """Register Pivotal Event ``number`` (2.3.8, 5.1.4) with its pre-condition."""
    if CARDS[number].kind is not CardKind.PIVOTAL:
        raise ValueError(f"{CARDS[number]} is not a Pivotal Event")
    _PRECONDITIONS[number] = precondition
    return _register(number, Side.UNSHADED, None)


def text(number: int, side: Side) -> CardText | None:
    """The registered text of ``number`` on ``side``, if any."""
    return _TEXTS.get((number, side))


def is_implemented(number: int) -> bool:
    """Every printed text of the card is registered (and a Pivotal's pre-condition)."""
    if number not in CARDS or CARDS[number].kind is CardKind.COUP:
        return False
    if CARDS[number].kind is CardKind.PIVOTAL and number not in _PRECONDITIONS:
        return False
    return all((number, side) in _TEXTS for side in printed_sides(number))


def implemented_cards() -> tuple[int, ...]:
    """The Event and Pivotal cards whose Events can be executed, by number."""
    return tuple(n for n in sorted(CARDS) if is_implemented(n))


def unimplemented_cards() -> tuple[int, ...]:
    """The Event and Pivotal cards not offered as Events yet, by number."""
    return tuple(
        n for n in sorted(CARDS) if CARDS[n].kind is not CardKind.COUP and not is_implemented(n)
    )


def playable_sides(state: GameState, number: int, faction: Faction) -> tuple[Side, ...]:
    """The texts ``faction`` may choose on ``number`` now (5.2: either side, whatever the
    Faction); empty when the card is not implemented."""
    if not is_implemented(number):
        return ()
    sides = []
    for side in printed_sides(number):
        registered = _TEXTS[(number, side)]
        if registered.playable is None or registered.playable(state, faction):
            sides.append(side)
    return tuple(sides)


def precondition_met(state: GameState, number: int) -> bool:
    """A Pivotal Event's pre-condition holds (2.3.8); False when not registered."""
    check = _PRECONDITIONS.get(number)
    return check is not None and check(state)


def execute(ctx: Ctx, faction: Faction, number: int, side: Side) -> Proc:
    """Carry out ``side`` of card ``number`` for the executing ``faction`` (5.1), then put a
    Capability into effect (5.3) or a Momentum text into play (5.4)."""
    registered = _TEXTS[(number, side)]
    with ctx.scope("event", "5.1", faction=faction, card=number, side=side.value):
        yield from registered.run(ctx, faction)
    card = CARDS[number]
    if card.is_capability:
        effects.place_capability(ctx, number, side)
    if side in card.momentum_sides:
        effects.start_momentum(ctx, number, side)


def modules_of(number: int) -> tuple[str, ...]:
    """The modules that registered texts of ``number`` (the loader checks file names)."""
    return tuple(sorted({t.module for (n, _), t in _TEXTS.items() if n == number}))


def registrations() -> tuple[tuple[int, Side, str], ...]:
    """Every registered text as (card, side, module), sorted."""
    return tuple(sorted((n, s, t.module) for (n, s), t in _TEXTS.items()))
