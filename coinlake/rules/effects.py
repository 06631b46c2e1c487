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

The Coup Round's steps that lasting effects change ask here too (section "the Coup Round"
below): :func:`leader_in_effect`, :func:`pacification_cost`, :func:`pacify_space_limit`,
:func:`agitation_guerrilla_cost`, :func:`medevac_commitment`, :func:`reset_nva_resource_loss`
(and :func:`change_trail` for the Trail in 6.2.2 and 6.6).

So do the Insurgent Operations and Special Activities (section "Insurgent Operations and
Special Activities" below): :func:`rally_trail_boxes`, :func:`rally_improvement_space_limit`,
:func:`march_activation_limit`, :func:`march_activation_loss`, :func:`ambush_space_limit`,
:func:`ambush_double_removal`, :func:`attack_troop_loss`, :func:`attack_one_per_troop`,
:func:`terror_guerrilla_cost`, :func:`rally_agitation`, :func:`infiltrate_space_limit`,
:func:`bombard_space_limit`, :func:`special_activity_space_limit`. A ban there (``0``
spaces) yields when an Event being executed grants that very Special Activity
(``by_event=True``, 5.1.2), as the rulebook's MACV-over-Typhoon-Kate example shows.
"""

from __future__ import annotations

from coinlake.data.cards import (
    AAA,
    ADSID,
    BLOWTORCH_KOMER,
    BOOBY_TRAPS,
    CADRES,
    CARDS,
    CLAYMORES,
    LINEBACKER_II,
    LONG_RANGE_GUNS,
    MAIN_FORCE_BNS,
    MANDATE_OF_HEAVEN,
    MCNAMARA_LINE,
    MEDEVAC,
    MIGS,
    NGUYEN_CAO_KY,
    ORISKANY,
    PT_76,
    SA_2S,
    TOP_GUN,
    TRANSPORT_GRP_559,
    TYPHOON_KATE,
    CardKind,
    Side,
)
from coinlake.data.pieces import Faction
from coinlake.rules.core import Ctx
from coinlake.state.events import (
    CapabilityChanged,
    CardMarkerChanged,
    EligibilityMarked,
    MomentumChanged,
)
from coinlake.state.model import Eligibility, GameState, Phase, Track

PEACE_TALKS_MARKER = "peace-talks"
"""The marker card 3 (unshaded) leaves on Linebacker II (card 121) (5.4 MARKERS)."""


# -- queries -------------------------------------------------------------------------------
def capability(state: GameState, card: int) -> Side | None:
    """The side of Capability ``card`` in effect for the rest of the game, or ``None`` (5.3).

    Shaded MiGs (33) has no effect while unshaded Top Gun (4) is in effect: that card text
    makes the exception, so this query reports MiGs shaded as not in effect then (its marker
    can meet unshaded Top Gun only when Top Gun's marker is turned over later, e.g. by card
    52; a shaded MiGs executed under unshaded Top Gun never comes into effect at all).
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
    return card_marker(state, LINEBACKER_II) == PEACE_TALKS_MARKER


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
    the other side of a Capability already in effect turns its marker over.

    Shaded MiGs (33) executed while unshaded Top Gun (4) is in effect never comes into
    effect (:func:`migs_blocked`), whatever later happens to Top Gun."""
    if card == MIGS and side is Side.SHADED and migs_blocked(ctx.state):
        return
    if (card, side) not in ctx.state.capabilities:
        ctx.emit(CapabilityChanged(seq=ctx.seq, rule=rule, card=card, side=side))


def migs_blocked(state: GameState) -> bool:
    """Unshaded Top Gun (4) is in effect: it cancels shaded MiGs (33) -- removing it when
    executed (card 4) and keeping it from coming into effect when MiGs is executed later."""
    return capability(state, TOP_GUN) is Side.UNSHADED


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


# -- the Coup Round (6.0-6.6) ---------------------------------------------------------------
LEADER_FLIPPED = "flipped"
"""The marker unshaded Brinks Hotel (card 97) leaves on the RVN Leader card it flips: that
Leader's lingering text is ignored while it stays on top (the card still counts in the box)."""

PACIFY_COST = 3
"""6.3.1, 3.2.1: ARVN Resources per Terror marker removed or level shifted by Pacification."""


def leader_in_effect(state: GameState, card: int) -> bool:
    """Whether RVN Leader ``card``'s lingering text applies now (2.4.1): it is on top of the
    RVN Leader box and not flipped by Brinks Hotel (:data:`LEADER_FLIPPED`, card 97)."""
    return rvn_leader(state) == card and card_marker(state, card) != LEADER_FLIPPED


def pacification_cost(state: GameState, *, support_phase: bool) -> int:
    """ARVN Resources per Terror removed or level shifted by Pacification (6.3.1, 3.2.1): 3;
    4 while Nguyen Cao Ky (127) leads (2.4.1); 1 in the Support Phase while unshaded Blowtorch
    Komer (16, Momentum) is in play -- it wins over Ky there (docs/rulings.md). Pass
    ``support_phase=False`` for Pacification by Train."""
    if support_phase and momentum_active(state, BLOWTORCH_KOMER):
        return 1
    return PACIFY_COST + 1 if leader_in_effect(state, NGUYEN_CAO_KY) else PACIFY_COST


def pacify_space_limit(state: GameState, faction: Faction) -> int | None:
    """The most spaces ``faction`` may Pacify in one Support Phase beyond the shared limit of
    6.3.1: 1 for ARVN under shaded Mandate of Heaven (86, Capability); else ``None``."""
    if faction is Faction.ARVN and capability(state, MANDATE_OF_HEAVEN) is Side.SHADED:
        return 1
    return None


def agitation_guerrilla_cost(state: GameState) -> int:
    """VC Guerrillas the VC must remove in each space it Agitates (6.3.2): 2 under unshaded
    Cadres (116, Capability), which also bars spaces with fewer; else 0."""
    return 2 if capability(state, CADRES) is Side.UNSHADED else 0


def medevac_commitment(state: GameState) -> bool:
    """Unshaded Medevac (15, Momentum) in play: in the coming Commitment Phase (6.5) every US
    Troop Casualty goes to Available -- none out of play, none placed on the map -- while
    Base Casualties still go out of play."""
    return momentum_side(state, MEDEVAC) is Side.UNSHADED


def reset_nva_resource_loss(state: GameState) -> int:
    """NVA Resources lost at each Reset Phase (6.6): 6 under unshaded MiGs (33, Capability)."""
    return 6 if capability(state, MIGS) is Side.UNSHADED else 0


# -- Insurgent Operations and Special Activities (3.3, 4.4, 4.5) ---------------------------


def rally_trail_boxes(state: GameState) -> int:
    """Boxes the NVA's Trail Improvement with a Rally gains (3.3.1): 0 while McNamara Line
    (38, Momentum) forbids it, 2 under shaded SA-2s (34, Capability), else 1."""
    if momentum_active(state, MCNAMARA_LINE):
        return 0
    return 2 if capability(state, SA_2S) is Side.SHADED else 1


def rally_improvement_space_limit(state: GameState) -> int | None:
    """The most spaces a Rally that Improves the Trail may select: 1 under unshaded AAA (31,
    Capability); ``None`` (no limit) otherwise."""
    return 1 if capability(state, AAA) is Side.UNSHADED else None


def march_activation_limit(state: GameState) -> int:
    """A Marching group into a LoC or a space with Support Activates when its size plus the
    US/ARVN cubes and SF there exceeds this (3.3.2): 1 under unshaded Main Force Bns (104,
    Capability), else 3."""
    return 1 if capability(state, MAIN_FORCE_BNS) is Side.UNSHADED else 3


def march_activation_loss(state: GameState) -> bool:
    """Unshaded Claymores (17, Momentum): each Marching group that Activates loses 1
    Guerrilla."""
    return momentum_active(state, CLAYMORES)


def ambush_space_limit(state: GameState, *, by_event: bool = False) -> int:
    """Spaces one Ambush may take (4.4.3, 4.5.3): 2; 1 under unshaded Booby Traps (101,
    Capability) or Typhoon Kate (115, Momentum); 0 under unshaded Claymores (17, Momentum) --
    unless an Event being executed grants the Ambush (``by_event``: the current Event wins
    over the ban, 5.1.2)."""
    if momentum_active(state, CLAYMORES) and not by_event:
        return 0
    if capability(state, BOOBY_TRAPS) is Side.UNSHADED or momentum_active(state, TYPHOON_KATE):
        return 1
    return 2


def ambush_double_removal(state: GameState, faction: Faction) -> bool:
    """Shaded Main Force Bns (104, Capability): one VC Ambush space may take a second enemy."""
    return faction is Faction.VC and capability(state, MAIN_FORCE_BNS) is Side.SHADED


def attack_troop_loss(state: GameState, faction: Faction) -> bool:
    """Unshaded PT-76 (45, Capability): each NVA Attack space (Ambush included) first loses
    1 NVA Troop."""
    return faction is Faction.NVA and capability(state, PT_76) is Side.UNSHADED


def attack_one_per_troop(state: GameState, faction: Faction) -> bool:
    """Shaded PT-76 (45, Capability): in 1 NVA Attack space, NVA Troops remove 1 enemy per
    Troop rather than per 2."""
    return faction is Faction.NVA and capability(state, PT_76) is Side.SHADED


def terror_guerrilla_cost(state: GameState, faction: Faction) -> int:
    """VC Guerrillas the VC must remove in each Terror space (3.3.4): 2 under unshaded Cadres
    (116, Capability), which also bars spaces with fewer; else 0."""
    return 2 if faction is Faction.VC and capability(state, CADRES) is Side.UNSHADED else 0


def rally_agitation(state: GameState, faction: Faction) -> bool:
    """Shaded Cadres (116, Capability): a VC Rally may Agitate in 1 space that already had a
    VC Base, as in the Support Phase (6.3.2) and even under COIN Control; it costs Resources
    even if the Rally is free (3.1.2)."""
    return faction is Faction.VC and capability(state, CADRES) is Side.SHADED


def infiltrate_space_limit(state: GameState, *, by_event: bool = False) -> int:
    """Spaces one Infiltrate may take (4.4.1): 2; 1 under unshaded 559th Transport Grp (46,
    Momentum) or Typhoon Kate (115); 0 under McNamara Line (38, Momentum) unless an Event
    being executed grants the Infiltrate (``by_event``, 5.1.2)."""
    if momentum_active(state, MCNAMARA_LINE) and not by_event:
        return 0
    if momentum_active(state, TRANSPORT_GRP_559) or momentum_active(state, TYPHOON_KATE):
        return 1
    return 2


def bombard_space_limit(state: GameState, *, by_event: bool = False) -> int:
    """Spaces one Bombard may take (4.4.2): 2; 1 under unshaded, 3 under shaded Long Range
    Guns (32, Capability); 0 under Typhoon Kate (115, Momentum) unless an Event being
    executed grants the Bombard (``by_event``, 5.1.2)."""
    if momentum_active(state, TYPHOON_KATE) and not by_event:
        return 0
    side = capability(state, LONG_RANGE_GUNS)
    if side is Side.UNSHADED:
        return 1
    return 3 if side is Side.SHADED else 2


def special_activity_space_limit(state: GameState, normal: int) -> int:
    """Spaces one Tax or Subvert may take: ``normal`` (4 and 2, 4.5.1-4.5.2); 1 under Typhoon
    Kate (115, Momentum)."""
    return min(normal, 1) if momentum_active(state, TYPHOON_KATE) else normal
