"""The card registry: each card file registers the function of each of its texts by number.

A card file ``cNNN_snake_title.py`` decorates one function per printed text::

    @unshaded(10)
    def rolling_thunder_unshaded(ctx: Ctx, faction: Faction) -> None: ...

    @shaded(78)
    def general_lansdale_shaded(ctx: Ctx, faction: Faction) -> Proc: ...

A text that asks nothing is a plain function ``(ctx, faction) -> None``; a text that asks is
a generator procedure (it ``yield``\\ s questions, see :mod:`coinlake.rules.core`).
``@single(n)`` registers the only text of a single-use card, ``@pivotal(n, precondition=...)``
that of a Pivotal Event with its pre-condition (2.3.8). The function receives the executing
Faction (5.1) and does only what the text says; the registry then puts a Capability into
effect (5.3) or a Momentum card into play (5.4) on the executed side -- card files never do
that bookkeeping themselves. A card counts as implemented, and is offered as an Event, only
when every printed text is registered.

Every registered text also answers whether it would have an effect now (8.1: Non-players
choose only Events that would): :func:`effective`, see there.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import attrs
from attrs import frozen

from coinlake.data.cards import (
    ADSID,
    BLOWTORCH_KOMER,
    BOMBING_PAUSE,
    CARDS,
    CLAYMORES,
    MEDEVAC,
    ORISKANY,
    ROLLING_THUNDER,
    WILD_WEASELS,
    CardKind,
    Side,
)
from coinlake.data.map import SPACES
from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState
from coinlake.state.queries import Control, control_of

EventFn = Callable[[Ctx, Faction], Proc] | Callable[[Ctx, Faction], None]
"""A card text: ``(ctx, executing_faction)``, a generator procedure when it asks questions,
a plain function when it does not."""

Precondition = Callable[[GameState], bool]
"""A Pivotal Event's pre-condition (2.3.8)."""

EffectiveFn = Callable[[GameState, Faction], bool]
"""Whether a text would have an effect now if ``faction`` executed it (8.1)."""


@frozen
class CardText:
    """One registered text of a card."""

    card: int
    side: Side
    run: EventFn
    module: str
    asks: bool
    """The text is a generator procedure (it may ask questions)."""
    check: EffectiveFn | None = None
    """The card's own answer to :meth:`effective`, where the dry run would be wrong."""

    def carry_out(self, ctx: Ctx, faction: Faction) -> Proc:
        """Carry out the text itself for ``faction`` (5.1), without the registry's
        bookkeeping; always a procedure."""
        if self.asks:
            yield from self.run(ctx, faction)  # type: ignore[misc]
        else:
            self.run(ctx, faction)

    def effective(self, state: GameState, faction: Faction) -> bool:
        """Whether ``faction`` executing this text now would have an effect (8.1)."""
        return effective(state, self.card, self.side, faction)


_TEXTS: dict[tuple[int, Side], CardText] = {}
_PRECONDITIONS: dict[int, Precondition] = {}


def printed_sides(number: int) -> tuple[Side, ...]:
    """The texts a card bears: unshaded and shaded for dual use (5.2); a single-use card's
    only text is filed as unshaded."""
    return (Side.UNSHADED, Side.SHADED) if CARDS[number].dual else (Side.UNSHADED,)


F = Callable[..., object]


def _register(number: int, side: Side, check: EffectiveFn | None) -> Callable[[F], F]:
    card = CARDS.get(number)
    if card is None or card.kind is CardKind.COUP:
        raise ValueError(f"card {number} is not an Event card")
    if side not in printed_sides(number):
        raise ValueError(f"{card} has no {side} text")

    def register(fn: F) -> F:
        if (number, side) in _TEXTS:
            raise ValueError(f"{card} {side} registered twice")
        asks = inspect.isgeneratorfunction(fn)
        _TEXTS[(number, side)] = CardText(number, side, fn, fn.__module__, asks, check)  # type: ignore[arg-type]
        return fn

    return register


def unshaded(number: int, *, effective: EffectiveFn | None = None) -> Callable[[F], F]:
    """Register the unshaded text of dual-use card ``number`` (5.2); ``effective``: the
    card's own answer to :func:`effective`, where the dry run would be wrong."""
    if not CARDS[number].dual:
        raise ValueError(f"{CARDS[number]} is single-use: register it with @single")
    return _register(number, Side.UNSHADED, effective)


def shaded(number: int, *, effective: EffectiveFn | None = None) -> Callable[[F], F]:
    """Register the shaded text of dual-use card ``number`` (5.2)."""
    return _register(number, Side.SHADED, effective)


def single(number: int, *, effective: EffectiveFn | None = None) -> Callable[[F], F]:
    """Register the only text of single-use card ``number``."""
    if CARDS[number].dual:
        raise ValueError(f"{CARDS[number]} is dual-use: register @unshaded and @shaded")
    if CARDS[number].kind is CardKind.PIVOTAL:
        raise ValueError(f"{CARDS[number]} is a Pivotal Event: register it with @pivotal")
    return _register(number, Side.UNSHADED, effective)


def pivotal(number: int, *, precondition: Precondition) -> Callable[[F], F]:
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
    """The texts ``faction`` may choose on ``number`` now: either side, whatever the Faction
    (5.2); empty when the card is not implemented."""
    return printed_sides(number) if is_implemented(number) else ()


def precondition_met(state: GameState, number: int) -> bool:
    """A Pivotal Event's pre-condition holds (2.3.8); False when not registered."""
    check = _PRECONDITIONS.get(number)
    return check is not None and check(state)


def execute(ctx: Ctx, faction: Faction, number: int, side: Side) -> Proc:
    """Carry out ``side`` of card ``number`` for the executing ``faction`` (5.1), then put a
    Capability into effect (5.3) or a Momentum text into play (5.4)."""
    yield from _execute(ctx, faction, number, side, lasting=True)


def _execute(ctx: Ctx, faction: Faction, number: int, side: Side, *, lasting: bool) -> Proc:
    registered = _TEXTS[(number, side)]
    with ctx.scope("event", "5.1", faction=faction, card=number, side=side.value):
        yield from registered.carry_out(ctx, faction)
    if not lasting:
        return
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


# -- 8.1: would the text have an effect? ------------------------------------------------------
DRY_RUN_STEPS = 10_000
"""A dry run answering more questions than this is a runaway procedure (a bug)."""


def dry_run(
    state: GameState, number: int, side: Side, faction: Faction, *, lasting: bool = True
) -> GameState:
    """The state after ``faction`` executes ``side`` of ``number`` from ``state``, every
    question answered by default: as the engine would where the answer is forced (a single
    legal answer, or ``done`` when none), else the first legal answer (``done`` when there
    is none). ``lasting=False`` leaves out the registry's Capability and Momentum
    bookkeeping. Dice come from ``state``'s generator (and fixed dice), as in play."""
    ctx = Ctx(state)
    gen = _execute(ctx, faction, number, side, lasting=lasting)
    try:
        ask = next(gen)
        for _ in range(DRY_RUN_STEPS):
            ask = gen.send(ask.default())
    except StopIteration:
        return ctx.state
    raise RuntimeError(f"the dry run of {CARDS[number]} {side} does not end")


def _same(before: GameState, after: GameState, *ignored: str) -> bool:
    """``after`` equals ``before`` but for bookkeeping (the procedure in progress, the
    command count, the generator and fixed dice) and the ``ignored`` fields."""
    kept = ("pending", "seq", "rng", "fixed_dice", *ignored)
    return attrs.evolve(after, **{name: getattr(before, name) for name in kept}) == before


def _always(state: GameState) -> bool:
    return True


def _never(state: GameState) -> bool:
    return False


_LAOS_CAMBODIA = tuple(s for s in SPACES if s.in_laos_or_cambodia)


def trail_moves_in_coup_round(state: GameState) -> bool:
    """Whether the coming Coup Round would move the Trail as things stand: its Degrade
    when COIN Controls a Laos or Cambodia space (6.2.2), or the Reset's 0 to 1 or 4 to 3
    (6.6); shaded Oriskany (39) blocks the Degrades (:func:`effects.change_trail`)."""
    blocked = effects.momentum_side(state, ORISKANY) is Side.SHADED
    trail = state.trail
    coin = any(control_of(state.spaces[s.index]) is Control.COIN for s in _LAOS_CAMBODIA)
    if coin and trail > 0 and not blocked:
        trail -= 1
    return trail != state.trail or trail == 0 or (trail == 4 and not blocked)


MOMENTUM_BEFORE_COUP: dict[tuple[int, Side], Precondition] = {
    (BOMBING_PAUSE, Side.UNSHADED): _always,  # named by 8.1
    (BLOWTORCH_KOMER, Side.UNSHADED): _always,  # named by 8.1 (the Support Phase)
    (MEDEVAC, Side.UNSHADED): _always,  # named by 8.1 (the Commitment Phase)
    (ORISKANY, Side.SHADED): _always,  # named by 8.1 (the Trail in the Coup Round)
    (ROLLING_THUNDER, Side.SHADED): _always,  # named by 8.1
    (CLAYMORES, Side.UNSHADED): _never,  # named by 8.1 as without such effect
    (WILD_WEASELS, Side.SHADED): _never,  # named by 8.1 as without such effect
    (ADSID, Side.UNSHADED): trail_moves_in_coup_round,  # a Trail change in the Round
}
"""8.1: a Momentum text executed while a Coup card shows as the next card is effective only
with an immediate or Coup Round effect. The texts 8.1 names, and ADSID (a Coup Round that
moves the Trail costs the NVA), are judged here; any other by its immediate effect."""


def effective(state: GameState, number: int, side: Side, faction: Faction) -> bool:
    """Whether ``faction`` executing ``side`` of card ``number`` now would have an effect
    (8.1: Non-players opt only for Events that would).

    By default a dry run (:func:`dry_run`) compared with ``state``: something happens,
    Capabilities and Momentum put into effect included. Overrides where the dry run would
    be wrong:

    - a Capability already in effect on that side: no effect (5.3);
    - a Momentum text while a Coup card shows as the next card: effective only with an
      immediate or Coup Round effect (8.1, :data:`MOMENTUM_BEFORE_COUP`): its Momentum
      does not count, nor keeping a Faction Eligible (the Reset makes every Faction
      Eligible, 6.6);
    - the card's own check, where its file registers one (``effective=``).
    """
    registered = _TEXTS[(number, side)]
    card = CARDS[number]
    if card.is_capability and (number, side) in state.capabilities:
        return False
    if registered.check is not None:
        return registered.check(state, faction)
    upcoming = state.next_card
    before_coup = upcoming is not None and CARDS[upcoming].kind is CardKind.COUP
    if before_coup and side in card.momentum_sides:
        verdict = MOMENTUM_BEFORE_COUP.get((number, side))
        if verdict is not None:
            return verdict(state)
        after = dry_run(state, number, side, faction, lasting=False)
        return not _same(state, after, "stay_eligible")
    return not _same(state, dry_run(state, number, side, faction))
