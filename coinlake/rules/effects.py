"""Lasting effects: the ONE place rules consult what Events, Coup cards and the card
sequence leave in force (2.3.6 PLAY NOTE, 2.3.9, 2.4.1, 5.3, 5.4).

Operations, Special Activities, the Coup Round and card effects never read
``GameState.capabilities``, ``momentum``, ``leader_box`` or ``card_markers`` directly; they ask
here, so that a lasting effect has a single definition:

- :func:`capability` -- the side of a Capability card in effect, or ``None`` (5.3);
- :func:`momentum_active`, :func:`momentum_side` -- Momentum cards in play until the next
  Coup Round's Reset (5.4);
- :func:`rvn_leader`, :func:`leader_box_cards` -- the current RVN Leader and the number of
  cards in the RVN Leader box (2.4.1; Duong Van Minh is a Leader but not a card);
- :func:`monsoon` -- a Coup card shows as the next card (2.3.9): Operations may not include
  Sweep or March, Air Strike and Air Lift take at most 2 spaces, no Pivotal Events;
- :func:`peace_talks` -- the Peace Talks marker on Linebacker II (card 3 unshaded, 5.4).

The few changes that lasting effects modify also go through here:

- :func:`change_trail` -- every Trail change, so that ADSID (card 7, unshaded Momentum) and
  Oriskany (card 39, shaded Momentum) apply whoever moves the Trail (6.7);
- :func:`place_capability`, :func:`start_momentum`, :func:`discard_momentum` -- putting cards
  into effect (5.3, 5.4) and the Reset phase's discard (6.6 step 4), for the Coup Round;
- :func:`stay_eligible`, :func:`ineligible_through_next_card` -- Events that keep the
  executing Faction Eligible or make another Faction Ineligible through the next card
  (2.3.6 PLAY NOTE); the Sequence of Play applies the marks when it adjusts Eligibility.
"""

from __future__ import annotations

from coinlake.data.cards import CARDS, CardKind, Side
from coinlake.data.pieces import Faction
from coinlake.rules.core import Ctx
from coinlake.state.events import (
    CapabilityChanged,
    CardMarkerChanged,
    EligibilityMarked,
    MomentumChanged,
)
from coinlake.state.model import Eligibility, GameState, Phase, Track

# Cards whose lasting effects this module applies itself.
PEACE_TALKS = 3
TOP_GUN = 4
ADSID = 7
MEDEVAC = 15
MIGS = 33
ORISKANY = 39

PEACE_TALKS_MARKER = "peace-talks"
"""The marker card 3 (unshaded) leaves on Linebacker II (card 121) (5.4 MARKERS)."""


# -- queries -------------------------------------------------------------------------------
def capability(state: GameState, card: int) -> Side | None:
    """The side of Capability ``card`` in effect for the rest of the game, or ``None`` (5.3).

    Shaded MiGs (33) has no effect while unshaded Top Gun (4) is in effect: that card text
    makes the exception, so this query reports MiGs shaded as not in effect then.
    """
    for number, side in state.capabilities:
        if number == card:
            if (
                number == MIGS
                and side is Side.SHADED
                and capability(state, TOP_GUN) is Side.UNSHADED
            ):
                return None
            return side
    return None


def momentum_active(state: GameState, card: int) -> bool:
    """Whether Momentum ``card`` is in play (until the next Coup Round's Reset, 5.4, 6.6)."""
    return card in state.momentum


def momentum_side(state: GameState, card: int) -> Side | None:
    """Which text of Momentum ``card`` is in play, or ``None`` if it is not (5.4).

    Only Medevac (15) has Momentum on both sides; its marker records which one (5.4 MARKERS).
    """
    if card not in state.momentum:
        return None
    marker = card_marker(state, card)
    if marker is not None:
        return Side(marker)
    sides = CARDS[card].momentum_sides
    return sides[0] if sides else Side.UNSHADED


def card_marker(state: GameState, card: int) -> str | None:
    """The reminder marker lying on ``card``, if any (5.4 MARKERS)."""
    for number, marker in state.card_markers:
        if number == card:
            return marker
    return None


def peace_talks(state: GameState) -> bool:
    """Whether unshaded Peace Talks (3) marked Linebacker II (121): its precondition then
    needs Support+Available above 25 instead of 40 (5.4 MARKERS, 2.3.8)."""
    return card_marker(state, 121) == PEACE_TALKS_MARKER


def rvn_leader(state: GameState) -> int | None:
    """The card number of the current RVN Leader, or ``None`` for Duong Van Minh (2.4.1).

    A Failed Attempt (129, 130) on top of an otherwise empty box cancels Minh: the number of
    that Failed Attempt is returned, and it has no lingering effect.
    """
    return state.leader_box[-1] if state.leader_box else None


def leader_box_cards(state: GameState) -> int:
    """Cards in the RVN Leader box; Minh is not a card (2.4.1, Pivotal preconditions 2.3.8)."""
    return len(state.leader_box)


def monsoon(state: GameState) -> bool:
    """Monsoon Season: an Event card is being played and a Coup card shows as the next card
    (2.3.9). Operations may not include Sweep (even via Advise) nor March; Air Strike and Air
    Lift are limited to 2 spaces; no Pivotal Events. Event text may override (5.1.1)."""
    current, upcoming = state.current_card, state.next_card
    if state.phase is not Phase.EVENT_CARD or current is None or upcoming is None:
        return False
    return CARDS[current].kind is not CardKind.COUP and CARDS[upcoming].kind is CardKind.COUP


# -- changes that lasting effects modify ----------------------------------------------------
def change_trail(ctx: Ctx, delta: int, rule: str, *, by_event: bool = False) -> int:
    """Improve (``delta > 0``) or Degrade (``delta < 0``) the Trail within 0..4 (6.7); returns
    the change made.

    Shaded Oriskany (39) in play: no Degrade by Operations, Special Activities or the Coup
    Round -- but an Event being executed (``by_event``) still Degrades, since the currently
    played Event takes precedence over an earlier one (5.1.2). Unshaded ADSID (7) in play:
    each change of the Trail's value, by any means, costs the NVA 6 Resources (once per
    change, however many boxes).
    """
    if delta < 0 and not by_event and momentum_active(ctx.state, ORISKANY):
        return 0
    before = ctx.state.trail
    ctx.add_track(Track.TRAIL, delta, rule)
    change = ctx.state.trail - before
    if change and momentum_active(ctx.state, ADSID):
        ctx.add_track(Track.NVA_RESOURCES, -6, "5.4")
    return change


def set_trail(ctx: Ctx, value: int, rule: str, *, by_event: bool = False) -> int:
    """Move the Trail to ``value`` through :func:`change_trail`; returns the change made."""
    return change_trail(ctx, value - ctx.state.trail, rule, by_event=by_event)


def place_capability(ctx: Ctx, card: int, side: Side, rule: str = "5.3") -> None:
    """Put Capability ``card`` in effect on ``side`` for the rest of the game (5.3); executing
    the other side of a Capability already in effect turns its marker over."""
    if (card, side) not in ctx.state.capabilities:
        ctx.emit(CapabilityChanged(seq=ctx.seq, rule=rule, card=card, side=side))


def remove_capability(ctx: Ctx, card: int, rule: str) -> None:
    """Take Capability ``card`` out of effect (an Event that cancels it, e.g. Top Gun)."""
    if any(number == card for number, _ in ctx.state.capabilities):
        ctx.emit(CapabilityChanged(seq=ctx.seq, rule=rule, card=card, side=None))


def start_momentum(ctx: Ctx, card: int, side: Side, rule: str = "5.4") -> None:
    """Put Momentum ``card`` in play until the next Reset (5.4); a card with Momentum on both
    sides (Medevac) gets its marker on ``side``."""
    ctx.emit(MomentumChanged(seq=ctx.seq, rule=rule, card=card, active=True))
    if len(CARDS[card].momentum_sides) > 1:
        ctx.emit(CardMarkerChanged(seq=ctx.seq, rule=rule, card=card, marker=side.value))


def discard_momentum(ctx: Ctx, rule: str = "6.6") -> None:
    """Discard every Momentum card in play, with its marker (Reset phase step 4, 6.6, 5.4)."""
    for card in ctx.state.momentum:
        ctx.emit(MomentumChanged(seq=ctx.seq, rule=rule, card=card, active=False))
        if card_marker(ctx.state, card) is not None:
            ctx.emit(CardMarkerChanged(seq=ctx.seq, rule=rule, card=card, marker=None))


def set_card_marker(ctx: Ctx, card: int, marker: str | None, rule: str) -> None:
    """Place (or remove, ``None``) a reminder marker on ``card`` (5.4 MARKERS)."""
    if card_marker(ctx.state, card) != marker:
        ctx.emit(CardMarkerChanged(seq=ctx.seq, rule=rule, card=card, marker=marker))


def stay_eligible(ctx: Ctx, faction: Faction, rule: str) -> None:
    """The Event keeps ``faction`` (the executing Faction) Eligible for the next card
    (2.3.6 PLAY NOTE): the adjustment puts it in the Eligible box though it executed."""
    ctx.emit(EligibilityMarked(seq=ctx.seq, rule=rule, faction=faction, mark="stay-eligible"))


def ineligible_through_next_card(ctx: Ctx, faction: Faction, rule: str) -> None:
    """The Event makes ``faction`` Ineligible through the next card (2.3.6 PLAY NOTE).

    Its cylinder leaves the Eligible box at once, so it cannot act later on this card, and
    the adjustment keeps it Ineligible for the next card.
    """
    ctx.emit(EligibilityMarked(seq=ctx.seq, rule=rule, faction=faction, mark="ineligible"))
    ctx.set_eligibility(faction, Eligibility.INELIGIBLE, rule)
