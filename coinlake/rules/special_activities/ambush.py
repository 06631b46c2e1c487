"""Ambush (4.4.3 NVA, 4.5.3 VC): one implementation for both Insurgent Factions.

Ambush is not a stand-alone step of the Operation it accompanies: it changes the Attack in a
space selected for Attack, or strikes from a space selected as a March destination. So the
Attack and March procedures (``rules/operations/attack.py``, ``march.py``) offer it
themselves at that moment -- as an Attack mode, or as an ``ambush`` option of the March once
a destination is complete -- through an :class:`AmbushTracker`, and mark their
:class:`SpecialActivitySlot` used; its questions then carry a Context level ``ambush``
within the Operation's (:meth:`AmbushTracker.scope`). The registered ``ambush`` Special
Activity is therefore never listed by the slot's generic choices (``legal_in_slot`` is
always false); it counts for "Operation with a Special Activity" (2.3.4) and runs directly
when an Event grants a free Ambush (5.5): then it occurs as if an Attack were occurring in
the space, with no accompanying Operation.

In each Ambush space (:func:`strike`): under unshaded PT-76 the NVA first lose 1 NVA Troop
there; 1 Underground Guerrilla of the Faction Activates; exactly 1 enemy piece is removed, no
die roll, no Attrition; US and ARVN Bases only once no other US or ARVN piece is left in the
space it is taken from; US pieces go to Casualties (3.3.3). From a LoC (ROAD/RIVER) the piece
may be taken from any adjacent space instead, even one just hit, and the LoC itself needs no
enemy. Under shaded Main Force Bns 1 VC Ambush space may remove a 2nd piece.
"""

from __future__ import annotations

from collections.abc import Iterable

from coinlake.data.map import ADJACENT, IS_LOC, NAME
from coinlake.data.pieces import GUERRILLAS, UNDERGROUND, Faction
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, SpecialActivitySlot, special_activity
from coinlake.rules.core import Ctx, Scope
from coinlake.rules.kit import COIN_ALL, NO_GRANT, Gen, Slot, at
from coinlake.state.model import GameState


def reach(space: str) -> tuple[str, ...]:
    """The spaces an Ambush in ``space`` may take its piece from: the space, and from a LoC
    every adjacent space too (4.4.3 ROAD/RIVER)."""
    return (space, *ADJACENT[space]) if IS_LOC[space] else (space,)


def ambush_targets(state: GameState, space: str) -> tuple[str, ...]:
    """The spaces within an Ambush's reach from ``space`` that hold an enemy piece."""
    return tuple(s for s in reach(space) if kit.has_coin(at(state, s)))


def can_ambush_in(
    state: GameState, faction: Faction, space: str, *, allow_active: bool = False
) -> bool:
    """Whether ``faction`` could Ambush in ``space`` now: an Underground Guerrilla of its own
    there (any Guerrilla if an Event allows Active ones) and an enemy within reach."""
    pieces = GUERRILLAS[faction] if allow_active else UNDERGROUND[faction]
    return at(state, space).count(*pieces) > 0 and bool(ambush_targets(state, space))


class AmbushTracker:
    """One Ambush Special Activity in progress: the spaces it took so far (each only once,
    at most :func:`effects.ambush_space_limit`), and whether shaded Main Force Bns' extra
    removal was used. Lives only inside a running procedure."""

    __slots__ = ("double_used", "faction", "limit", "rule", "spaces")

    def __init__(self, faction: Faction, limit: int) -> None:
        self.faction = faction
        self.limit = limit
        self.rule = "4.5.3" if faction is Faction.VC else "4.4.3"
        self.spaces: list[str] = []
        self.double_used = False

    def scope(self, ctx: Ctx) -> Scope:
        """The level of :class:`~coinlake.rules.core.Context` for this Ambush when its
        Operation runs it (the registry opens none then): use as ``with tracker.scope(ctx)
        as scope`` and set ``scope.space``; ``done`` lists its earlier spaces."""
        scope = ctx.scope("ambush", self.rule, faction=self.faction)
        scope.done.extend(self.spaces)
        return scope

    def open(self, sa: SpecialActivitySlot | None) -> bool:
        """Whether the Operation's Special Activity may (still) be this Ambush: the slot is
        unused, or already taken by this Ambush and spaces remain."""
        if sa is None or len(self.spaces) >= self.limit:
            return False
        return bool(self.spaces) or not sa.used

    def strike(self, ctx: Ctx, space: str, sa: SpecialActivitySlot | None = None) -> Gen[None]:
        """Ambush in ``space`` (see :func:`strike`), recorded as the slot's Special
        Activity."""
        self.spaces.append(space)
        if sa is not None:
            sa.outcome = Outcome(executed=True)
            sa.sa_spaces.append(space)
        extra = 0
        if not self.double_used and effects.ambush_double_removal(ctx.state, self.faction):
            extra = 1
        removed = yield from strike(ctx, self.faction, space, extra=extra)
        if removed > 1:
            self.double_used = True


def strike(ctx: Ctx, faction: Faction, space: str, *, extra: int = 0) -> Gen[int]:
    """The Ambush procedure in one space (4.4.3): PT-76 loss, Activate 1 Underground
    Guerrilla, remove exactly 1 enemy piece within reach (plus up to ``extra`` more, shaded
    Main Force Bns), no roll, no Attrition. Returns how many pieces were removed."""
    rule = "4.5.3" if faction is Faction.VC else "4.4.3"
    kit.troop_loss(ctx, faction, space)
    underground = UNDERGROUND[faction][0]
    ctx.flip(space, underground, min(1, at(ctx.state, space).pieces[underground]), rule)
    targets = ambush_targets(ctx.state, space)
    before = _enemies(ctx.state, targets)
    yield from kit.remove_coin(ctx, faction, targets, 1 + extra, must=1, rule=rule, free_stop=True)
    return before - _enemies(ctx.state, targets)


def _enemies(state: GameState, spaces: Iterable[str]) -> int:
    return sum(at(state, s).count(*COIN_ALL) for s in spaces)


# -- the registered Special Activity (free Ambush by Event, 5.5) -----------------------------
def can_ambush(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Whether an Ambush could occur: not with a Limited Operation (2.3.5), not under
    Claymores unless an Event grants it, and some Guerrilla of the Faction (Underground,
    unless granted by an Event) on the map."""
    if limited or effects.ambush_space_limit(state, by_event=free) == 0:
        return False
    return kit.anywhere(state, *(GUERRILLAS[faction] if free else UNDERGROUND[faction]))


def _never(state: GameState, slot: SpecialActivitySlot) -> bool:
    """Ambush is offered by the March or Attack it accompanies, never by the slot."""
    return False


@special_activity(
    "ambush",
    (Faction.NVA, Faction.VC),
    rule="4.4.3",
    legal=can_ambush,
    accompanies=("march", "attack"),
    legal_in_slot=_never,
)
def ambush(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """A free Ambush granted by an Event (5.5): as if an Attack occurred in each selected
    space (4.4.3), up to the rule's 2 spaces (1 under Booby Traps or Typhoon Kate) unless
    the Event sets its own number; the Event may let Active Guerrillas Ambush."""
    kit.honour(grant, "ambush", *kit.SPACE_TERMS, "active_ok")
    rule = "4.5.3" if faction is Faction.VC else "4.4.3"
    active = grant.active_ok
    limit = effects.ambush_space_limit(ctx.state, by_event=free and sa is None)
    if grant.max_spaces is not None:
        limit = grant.max_spaces
    tracker = AmbushTracker(faction, limit)
    done = yield from kit.action_spaces(
        ctx,
        faction,
        "Ambush",
        rule,
        grant=grant,
        limit=limit,
        ok=lambda state, s: can_ambush_in(state, faction, s, allow_active=active),
        reason=lambda state, s: _reason(state, faction, s, active, rule),
        each=lambda space: tracker.strike(ctx, space),
        special_activity=True,
    )
    return Outcome(executed=bool(done))


def _reason(
    state: GameState, faction: Faction, space: str, active: bool, rule: str
) -> tuple[str, str] | None:
    if not at(state, space).count(*(GUERRILLAS[faction] if active else UNDERGROUND[faction])):
        return f"no Underground {faction} Guerrilla in {NAME[space]}", rule
    if not ambush_targets(state, space):
        return f"no enemy piece within reach of {NAME[space]}", rule
    return None
