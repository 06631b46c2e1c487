"""The registry of Operations (3.0) and Special Activities (4.0) that the Sequence of Play
and Events draw on.

Operations and Special Activities plug in here; ``rules/sequence.py`` never names one. The
Sequence of Play offers a Faction ``op``, ``op+sa`` and ``limop`` (2.3.4, 2.3.5) only when at
least one of that Faction's registered Operations is legal, so with an empty registry only
Pass and the Event are offered.

How to register (e.g. in ``rules/operations/sweep.py``)::

    from coinlake.rules import kit
    from coinlake.rules.actions import Grant, Outcome, SpecialActivitySlot, operation

    def can_sweep(state, faction, *, limited, free):
        return any(...)              # could it occur in at least one space now?

    @operation("sweep", (Faction.US, Faction.ARVN), rule="3.2.3", legal=can_sweep,
               monsoon_banned=True)
    def sweep(ctx, faction, *, limited, free, sa, grant=kit.NO_GRANT):
        chosen = yield from kit.action_spaces(ctx, faction, "Sweep", "3.2.3", grant=grant,
                                              slot=sa, ...)   # the SA may interrupt (4.1)
        return Outcome(executed=bool(chosen))

The interface:

- An **Operation** procedure is a generator ``run(ctx, faction, *, limited, free, sa,
  grant=kit.NO_GRANT) -> Generator[Ask, Command, Outcome]``. ``limited``: a Limited
  Operation, 1 space (or 1 destination for Patrol, Sweep, March), no SA (2.3.5). ``free``:
  granted by an Event, costs no Resources (3.1.2, 5.5) -- pay through :func:`pay`, which
  keeps Pacification, Agitation and Trail Improvement paid even then. ``sa``: ``None``, or the
  :class:`SpecialActivitySlot` through which the Faction may execute its one Special Activity
  (4.1); the Operation calls ``yield from sa.offer(ctx)`` wherever 4.1 lets the SA interrupt
  it (between spaces); the Sequence of Play also offers it just before and just after.
  ``grant``: the :class:`Grant` of the Event that grants it free (which spaces, how
  many...), read the same way by every action through ``rules/kit.py``. The procedure
  returns :class:`Outcome`: ``executed`` is False when the Operation
  occurred in no space (and, for NVA Rally, did not Improve the Trail) -- it then does not
  count as executed (2.3.4 NOTE). Operations should not let a Faction finish with 0 spaces.
- A **Special Activity** procedure has the same shape: ``run(ctx, faction, *, limited=False,
  free, sa=None, grant=kit.NO_GRANT)`` and returns :class:`Outcome`; its ``sa`` is the
  :class:`SpecialActivitySlot` it runs in (``None`` when granted alone by an Event), whose
  ``operation`` names the accompanying Operation, whose
  ``action`` names the Special Activity taken, whose ``op_spaces`` / ``sa_spaces`` let an
  Operation and its Special Activity keep apart or share spaces as 4.1.1 requires, and
  whose ``after`` holds steps to run once the Operation is complete. An Operation may
  list ``sa.choices(state)`` among its own options and run the chosen one with ``yield
  from sa.take(ctx, answer)`` instead of asking separately through ``sa.offer``.
  ``legal_in_slot(state, slot)`` (optional) refines ``legal`` with what the Operation did
  so far.
- :func:`spendable` -- what a Faction may spend (the US: ARVN Resources above Econ, 1.8.1).
- ``legal(state, faction, *, limited, free) -> bool`` says whether the action could occur
  in at least one space now (for a Special Activity: accompanying some Operation). It must
  be cheap and pure; the Sequence of Play calls it to build the options.
- ``monsoon_banned`` marks Sweep and March (2.3.9); the registry then hides them while
  :func:`coinlake.rules.effects.monsoon` holds, unless an Event's text overrides (5.1.1)
  and grants with ``Grant(ignore_monsoon=True)``. Air Strike and Air Lift limit themselves to 2
  spaces by consulting ``effects.monsoon``.
- ``accompanies`` (Special Activities): names of the Operations it may accompany (4.1.1);
  empty means any.
- Free Operations and Special Activities granted by Events (3.1.2, 5.5) are described by
  a :class:`Grant` and run with :func:`free_action`; they have no effect on anyone's
  Eligibility (the Sequence of Play records only what the 1st and 2nd Eligible Factions
  execute).
- Lasting effects (Capabilities, Momentum, RVN Leader, Monsoon) are read only through
  :mod:`coinlake.rules.effects`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from enum import StrEnum
from typing import Any, Protocol

import attrs
from attrs import frozen

from coinlake.data.map import NAME
from coinlake.data.pieces import FACTIONS, Faction
from coinlake.rules.core import DONE, Ask, Ctx, Kind, subprocedure
from coinlake.rules.effects import monsoon
from coinlake.state.commands import Choose, Command, Done
from coinlake.state.model import GameState, Track, memo


class ActionKind(StrEnum):
    """Operation (3.0) or Special Activity (4.0)."""

    OPERATION = "operation"
    SPECIAL_ACTIVITY = "special-activity"


@frozen
class Outcome:
    """What an Operation or Special Activity did (2.3.4 NOTE, 4.1)."""

    executed: bool
    """It occurred in at least one space (or, NVA Rally, Improved the Trail)."""
    special_activity: bool = False
    """An Operation: its accompanying Special Activity was executed."""
    spaces: tuple[str, ...] = ()
    """The spaces the action selected, in order (for a move: its destinations), as
    :func:`free_action` reports them so that an Event can chain grants on them
    (:meth:`Grant.within`)."""


ActionProc = Generator[Ask, Command, Outcome]


class ActionFn(Protocol):
    """The procedure of an Operation or Special Activity (see the module docstring)."""

    def __call__(
        self,
        ctx: Ctx,
        faction: Faction,
        *,
        limited: bool,
        free: bool,
        sa: SpecialActivitySlot | None,
        grant: Grant = ...,
    ) -> ActionProc: ...


class LegalFn(Protocol):
    """Whether the action could occur in at least one space now (pure, cheap)."""

    def __call__(
        self, state: GameState, faction: Faction, *, limited: bool, free: bool
    ) -> bool: ...


class SlotLegalFn(Protocol):
    """Whether a Special Activity could occur inside ``slot``'s Operation now (4.1.1)."""

    def __call__(self, state: GameState, slot: SpecialActivitySlot) -> bool: ...


@frozen
class Action:
    """One registered Operation or Special Activity of one Faction."""

    name: str
    faction: Faction
    kind: ActionKind
    run: ActionFn
    legal: LegalFn
    rule: str
    monsoon_banned: bool = False
    accompanies: tuple[str, ...] = ()
    legal_in_slot: SlotLegalFn | None = None
    """Special Activities: whether it could occur given what its Operation did so far (4.1.1,
    e.g. no space left that the Operation did not select); ``None``: :attr:`legal` suffices."""


_REGISTRY: dict[tuple[Faction, str], Action] = {}
_VERSION = [0]
"""Bumped at every (un)registration: part of the key of memoised legality (tests plug
stand-in actions in and out)."""


def _register(action: Action) -> None:
    key = (action.faction, action.name)
    if key in _REGISTRY:
        raise ValueError(f"{action.faction} {action.name!r} registered twice")
    _REGISTRY[key] = action
    _VERSION[0] += 1


def operation(
    name: str,
    factions: Faction | tuple[Faction, ...],
    *,
    rule: str,
    legal: LegalFn,
    monsoon_banned: bool = False,
) -> Callable[[ActionFn], ActionFn]:
    """Register an Operation procedure for one or more Factions (3.0)."""
    who = factions if isinstance(factions, tuple) else (factions,)

    def register(fn: ActionFn) -> ActionFn:
        for faction in who:
            _register(Action(name, faction, ActionKind.OPERATION, fn, legal, rule, monsoon_banned))
        return fn

    return register


def special_activity(
    name: str,
    factions: Faction | tuple[Faction, ...],
    *,
    rule: str,
    legal: LegalFn,
    accompanies: tuple[str, ...] = (),
    legal_in_slot: SlotLegalFn | None = None,
) -> Callable[[ActionFn], ActionFn]:
    """Register a Special Activity procedure for one or more Factions (4.0, 4.1.1)."""
    who = factions if isinstance(factions, tuple) else (factions,)

    def register(fn: ActionFn) -> ActionFn:
        for faction in who:
            _register(
                Action(
                    name,
                    faction,
                    ActionKind.SPECIAL_ACTIVITY,
                    fn,
                    legal,
                    rule,
                    accompanies=accompanies,
                    legal_in_slot=legal_in_slot,
                )
            )
        return fn

    return register


def unregister(faction: Faction, name: str) -> None:
    """Remove a registration (for tests that plug in a stand-in action)."""
    _REGISTRY.pop((faction, name), None)
    _VERSION[0] += 1


def lookup(faction: Faction, name: str) -> Action | None:
    """The registered action ``name`` of ``faction``, or ``None``."""
    return _REGISTRY.get((faction, name))


_SORTED: dict[tuple[int, ActionKind, Faction], tuple[Action, ...]] = {}


def _sorted(kind: ActionKind, faction: Faction) -> tuple[Action, ...]:
    key = (_VERSION[0], kind, faction)
    found = _SORTED.get(key)
    if found is None:
        if len(_SORTED) > 64:  # entries of earlier registry versions
            _SORTED.clear()
        mine = [a for (f, _), a in _REGISTRY.items() if f is faction and a.kind is kind]
        # rulebook order (3.2.1 Train before 3.2.2 Patrol ...), independent of import order
        found = _SORTED[key] = tuple(
            sorted(mine, key=lambda a: (tuple(int(x) for x in a.rule.split(".")), a.name))
        )
    return found


def operations(faction: Faction) -> tuple[Action, ...]:
    """Every registered Operation of ``faction``, in rulebook order."""
    return _sorted(ActionKind.OPERATION, faction)


def special_activities(faction: Faction) -> tuple[Action, ...]:
    """Every registered Special Activity of ``faction``, in rulebook order."""
    return _sorted(ActionKind.SPECIAL_ACTIVITY, faction)


def legal_operations(
    state: GameState,
    faction: Faction,
    *,
    limited: bool,
    free: bool = False,
    ignore_monsoon: bool = False,
) -> tuple[Action, ...]:
    """The Operations ``faction`` could execute now (Monsoon bans Sweep and March, 2.3.9)."""

    def compute() -> tuple[Action, ...]:
        in_monsoon = monsoon(state) and not ignore_monsoon
        return tuple(
            a
            for a in operations(faction)
            if not (in_monsoon and a.monsoon_banned)
            and a.legal(state, faction, limited=limited, free=free)
        )

    key = ("legal-operations", _VERSION[0], faction, limited, free, ignore_monsoon)
    return memo(state, key, compute)


def legal_special_activities(
    state: GameState, faction: Faction, operation_name: str, *, free: bool = False
) -> tuple[Action, ...]:
    """The Special Activities that could accompany ``operation_name`` now (4.1, 4.1.1)."""
    return tuple(
        a
        for a in special_activities(faction)
        if (not a.accompanies or not operation_name or operation_name in a.accompanies)
        and a.legal(state, faction, limited=False, free=free)
    )


def spendable(state: GameState, faction: Faction) -> int:
    """The Resources ``faction`` may spend now (1.8, 1.8.1): the US only the ARVN Resources
    above the Econ marker, every other Faction all of its own."""
    if faction is Faction.US:
        return max(0, state.tracks[Track.ARVN_RESOURCES] - state.tracks[Track.ECON])
    return state.tracks[Track.resources_of(faction)]


def pay(
    ctx: Ctx, faction: Faction, amount: int, *, free: bool, rule: str, still_costs: bool = False
) -> None:
    """Pay ``amount`` Resources for an action (3.1): nothing if ``free`` (3.1.2, 5.5) unless
    ``still_costs`` -- Pacification, Agitation and Trail Improvement (3.1.2 EXCEPTIONS). The
    US pays from ARVN Resources (1.8.1). Legality (enough Resources) is the caller's check."""
    if amount and (still_costs or not free):
        ctx.add_track(Track.resources_of(faction), -amount, rule)


class SpecialActivitySlot:
    """The one Special Activity an Operation may include (4.1): offered at any moment the
    Operation allows, executed at most once. Lives only inside a running procedure (it is
    rebuilt when the procedure is replayed), never in the state."""

    __slots__ = (
        "action",
        "after",
        "faction",
        "free",
        "op_spaces",
        "operation",
        "outcome",
        "sa_spaces",
    )

    NOT_NOW = Choose("not-now")
    NONE = Choose("no-sa")

    def __init__(self, faction: Faction, operation_name: str, *, free: bool = False) -> None:
        self.faction = faction
        self.operation = operation_name
        self.free = free
        self.outcome: Outcome | None = None
        """The SA's outcome once executed (or declined for good)."""
        self.action: str | None = None
        """The name of the Special Activity taken, once one was started."""
        self.op_spaces: list[str] = []
        """Spaces the Operation selected so far, recorded by the Operation (4.1.1: some
        Special Activities may not share spaces with their Operation)."""
        self.sa_spaces: list[str] = []
        """Spaces the Special Activity selected, recorded by it (4.1.1, the other way)."""
        self.after: list[Callable[[Ctx], Generator[Ask, Command, None]]] = []
        """Steps the Special Activity leaves for once the whole Operation is complete
        (e.g. card 61's Assault "after Ops"); :func:`run_operation` runs them."""

    @property
    def used(self) -> bool:
        return self.outcome is not None

    def choices(self, state: GameState) -> tuple[Command, ...]:
        """The Special Activities the Faction may start now, as ``Choose(name)`` commands, so
        that an Operation can list them beside its own options (4.1: "during"); empty once
        one was executed or declined for good."""
        if self.used:
            return ()
        return tuple(Choose(a.name) for a in self._legal(state))

    def take(self, ctx: Ctx, answer: Command) -> Generator[Ask, Command, bool]:
        """Execute the Special Activity ``answer`` names (one of :meth:`choices`); returns
        whether it was executed."""
        assert isinstance(answer, Choose)
        action = _REGISTRY[(self.faction, answer.option)]
        self.action = action.name
        with ctx.scope(action.name, action.rule, faction=self.faction):
            self.outcome = yield from action.run(
                ctx, self.faction, limited=False, free=self.free, sa=self
            )
        return self.outcome.executed

    def _legal(self, state: GameState) -> tuple[Action, ...]:
        return tuple(
            a
            for a in legal_special_activities(state, self.faction, self.operation, free=self.free)
            if a.legal_in_slot is None or a.legal_in_slot(state, self)
        )

    def offer(self, ctx: Ctx, *, last: bool = False) -> Generator[Ask, Command, bool]:
        """Let the Faction execute its Special Activity now (4.1); returns True once one was
        executed. ``last``: the final chance (after the Operation): "no-sa" instead of
        "not-now"."""
        if self.used:
            return self.outcome is not None and self.outcome.executed
        decline = self.NONE if last else self.NOT_NOW
        state = ctx.state

        def options() -> tuple[Command, ...]:
            choices = self.choices(state)
            return (*choices, decline) if choices else ()

        answer = yield ctx.ask(
            self.faction,
            Kind.SPECIAL_ACTIVITY,
            f"{self.faction}: execute a Special Activity with {self.operation} now?",
            options,
            "4.1",
            none_done=True,
        )
        if isinstance(answer, Done):  # no Special Activity could start now
            return False
        if answer == decline:
            if last:
                self.outcome = Outcome(executed=False)
            return False
        return (yield from self.take(ctx, answer))


def choose_operation(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool = False,
    ignore_monsoon: bool = False,
    accompanying: Action | None = None,
) -> Generator[Ask, Command, Action]:
    """Ask ``faction`` which of its legal Operations to execute (3.0); the Sequence of Play
    offers an Operation only when one is legal. ``accompanying``: the Special Activity
    already executed before the Operation (4.1), which limits the Operations to those it
    may accompany (4.1.1)."""
    state = ctx.state
    refusals: list[tuple[Command, str, str]] = []
    if monsoon(state) and not ignore_monsoon:
        for a in operations(faction):
            if a.monsoon_banned:
                refusals.append((Choose(a.name), f"no {a.name} in Monsoon", "2.3.9"))
    if accompanying is not None and accompanying.accompanies:
        for a in operations(faction):
            if a.name not in accompanying.accompanies:
                why = f"{accompanying.name} may not accompany {a.name}"
                refusals.append((Choose(a.name), why, "4.1.1"))
    answer = yield ctx.ask(
        faction,
        Kind.OPERATION,
        f"{faction}: choose the {'Limited ' if limited else ''}Operation",
        lambda: tuple(
            Choose(a.name)
            for a in legal_operations(
                state, faction, limited=limited, free=free, ignore_monsoon=ignore_monsoon
            )
            if accompanying is None or _may_accompany(accompanying, a)
        ),
        "2.3.5" if limited else "3.1",
        tuple(refusals),
    )
    assert isinstance(answer, Choose)
    return _REGISTRY[(faction, answer.option)]


def run_operation(
    ctx: Ctx, faction: Faction, *, limited: bool, special: bool
) -> Generator[Ask, Command, Outcome]:
    """The Sequence of Play's Operation (2.3.4): choose it, then run it with the Special
    Activity slot offered before, during (by the Operation) and after (4.1). With a Special
    Activity, when a Special Activity could make an Operation legal that is not legal now
    (:func:`special_activities_first`), the Faction may execute it first (must, if no
    Operation is legal now), then chooses among the Operations legal after it that it may
    accompany (4.1.1); if its choices made none legal, the Faction executed no Operation
    (returned as not executed, 2.3.4 NOTE)."""
    first: Action | None = None
    slot: SpecialActivitySlot | None = None
    if special and not limited and special_activities_first(ctx.state, faction):
        slot = SpecialActivitySlot(faction, "")
        first = yield from _special_activity_first(ctx, slot)
    if first is not None and slot is not None:
        after = legal_operations(ctx.state, faction, limited=False)
        if not any(_may_accompany(first, a) for a in after):
            done = slot.outcome is not None and slot.outcome.executed
            return Outcome(executed=False, special_activity=done)
    action = yield from choose_operation(ctx, faction, limited=limited, accompanying=first)
    if slot is not None and slot.used:
        slot.operation = action.name
    elif special and not limited:
        slot = SpecialActivitySlot(faction, action.name)
    with ctx.scope(action.name, "2.3.5" if limited else action.rule, faction=faction):
        if slot is not None:
            yield from slot.offer(ctx)
        outcome = yield from action.run(ctx, faction, limited=limited, free=False, sa=slot)
        if slot is not None and outcome.executed:
            yield from slot.offer(ctx, last=True)
        if slot is not None:
            for step in slot.after:
                yield from step(ctx)
    sa_done = slot is not None and slot.outcome is not None and slot.outcome.executed
    return Outcome(executed=outcome.executed, special_activity=sa_done)


# -- free actions granted by Events (3.1.2, 5.5) ------------------------------------------------
@frozen
class Grant:
    """A free Operation or Special Activity an Event grants (3.1.2, 5.5), with the changes
    the Event's text makes to it (5.1.1): a typed value that every Operation and Special
    Activity reads the same way. Fields left at their default change nothing.

    Build one per grant and run it with :func:`free_action`::

        Grant("march")                                   # NVA free Marches
        Grant("attack", mode="troops", compulsory=True)  # every NVA Troop free Attacks
        Grant(limited=True)                              # any 1 free Limited Operation
        Grant(kind=None)                                 # any 1 free Operation or SA
        Grant(limited=True, spaces=(key,))               # "a free LimOp there"

    **Chains** ("Air Lift into a space, Sweep in it, then Assault there"): each step is its
    own grant; :func:`free_action` returns the spaces a step selected
    (:attr:`Outcome.spaces`, for a move its destinations) and :meth:`within` restricts the
    next step to them::

        swept = yield from free_action(ctx, US, Grant("sweep", spaces=(target,)))
        yield from free_action(ctx, US, Grant("assault").within(swept.spaces))

    A text that fixes the space first ("into 1 space with any NVA piece") asks for it, then
    grants every step on ``(space,)``.
    """

    action: str | None = None
    """The Operation or Special Activity by registered name (``"sweep"``, ``"air-lift"``);
    ``None``: any of the Faction's choice among :attr:`kind`."""
    kind: ActionKind | None = ActionKind.OPERATION
    """With no :attr:`action`: the Faction picks an Operation, a Special Activity, or either
    (``None``)."""
    limited: bool = False
    """A Limited Operation: 1 space (1 destination for a move), no Special Activity (2.3.5)."""
    spaces: tuple[str, ...] | None = None
    """The spaces it may select (for a move: its destinations); ``None``: any the rules
    allow."""
    origins: tuple[str, ...] | None = None
    """For a move: where the moving pieces may come from; ``None``: any."""
    required: tuple[str, ...] = ()
    """Spaces it must select wherever it can occur there when it begins (5.1.3)."""
    max_spaces: int | None = None
    """The most spaces (for a move: destinations) it may select."""
    compulsory: bool = False
    """It must occur in every allowed space where it can when it begins -- the maximum
    extent, so at least once if it can (Tet Offensive's Terror and Attack)."""
    ignore_monsoon: bool = False
    """The text overrides Monsoon's ban on Sweep and March (2.3.9, 5.1.1)."""
    joint: bool = False
    """US and ARVN, or NVA and VC, pieces act together: Tet Offensive's Attack (NVA and VC
    Guerrillas); a Sweep that moves and Activates with US and ARVN Troops, and an Assault by
    US and ARVN Troops as US Troops (card 99)."""
    targets: tuple[Faction, ...] | None = None
    """The only enemy Factions it may affect (e.g. NVA only, 3.1); ``None``: the usual."""
    untunneled: bool = False
    """Tunneled Bases count as untunneled (1.4.4)."""
    as_us_troops: bool = False
    """ARVN cubes count as US Troops."""
    no_arvn: bool = False
    """A US Assault adds no ARVN Assault (3.2.4; card 95)."""
    in_place: bool = False
    """No pieces move (a Sweep in place)."""
    active_ok: bool = False
    """An Ambush may use an Active Guerrilla (4.4.3)."""
    mode: str | None = None
    """The one form the text fixes: ``"troops"`` or ``"guerrillas"`` for an Attack or
    March, ...; ``None``: the Faction's choice."""
    optional: bool = False
    """With no :attr:`action`: the Faction may decline ("if desired", card 56): ``done``
    is offered beside the actions it could execute."""
    owner: Faction | None = None
    """Whose Operation or Special Activity it is when the Faction given the grant is
    another, which then carries it out and decides its details (5.1: a US Air Strike by the
    ARVN, card 30, or by whoever executes card 40); ``None``: that Faction's own."""
    any_space: bool = False
    """It may select any of :attr:`spaces` even without the pieces the rules require there
    (an Air Strike in "any" spaces without US or ARVN pieces, cards 6 and 30)."""
    hits: int | None = None
    """Air Strike: this many hits instead of the die roll (4.2.3)."""
    per_space: int | None = None
    """The most enemy pieces it may remove in each space (card 30: 2)."""
    trail: int | None = None
    """Air Strike and the Trail (4.2.3): ``None`` the usual (2 hits Degrade 1 box); ``0``
    no effect on the Trail; ``n`` a Degrade of ``n`` boxes that takes no hits (card 6)."""

    def within(self, spaces: tuple[str, ...] | list[str]) -> Grant:
        """This grant restricted to ``spaces`` (those an earlier step of a chain selected,
        :attr:`Outcome.spaces`), in their order."""
        allowed = tuple(s for s in spaces if self.spaces is None or s in self.spaces)
        return attrs.evolve(self, spaces=allowed)


def free_action(
    ctx: Ctx, faction: Faction, grant: Grant | str, **fields: Any
) -> Generator[Ask, Command, Outcome]:
    """Run the free Operation or Special Activity ``grant`` gives ``faction`` (3.1.2, 5.5):
    no Resource cost (but see :func:`pay`), no effect on Eligibility. With no named action
    the Faction first picks one among those it could execute. A Monsoon-banned Operation
    runs only if the grant overrides Monsoon (5.1.1). Returns ``Outcome(False)`` when the
    action is not registered yet or cannot occur (5.1.3: what cannot be carried out is
    skipped); otherwise its outcome with the spaces it selected (:attr:`Outcome.spaces`).
    A name with keyword ``fields`` is the grant ``Grant(name, **fields)``; every Operation and
    Special Activity reads the grant itself, through ``rules/kit.py``. With
    :attr:`Grant.owner` the action is that Faction's, carried out and decided by ``faction``."""
    if isinstance(grant, str):
        grant = Grant(grant, **fields)
    elif fields:
        raise TypeError(f"free_action takes a Grant or a name with its fields, not both: {fields}")
    if grant.action is None:
        name = yield from _choose_granted(ctx, faction, grant)
        if name is None:
            return Outcome(executed=False)
        grant = attrs.evolve(grant, action=name)
    assert grant.action is not None
    action = lookup(grant.owner or faction, grant.action)  # ``faction`` decides (5.1)
    if action is None:
        return Outcome(executed=False)
    banned = action.kind is ActionKind.OPERATION and action.monsoon_banned
    if banned and monsoon(ctx.state) and not grant.ignore_monsoon:
        return Outcome(executed=False)
    limited = grant.limited and action.kind is ActionKind.OPERATION
    # The registered legality looks at the Faction's own pieces only: a joint grant goes
    # on and lets the action find the spaces where the pieces together can act.
    if not grant.joint and not action.legal(ctx.state, faction, limited=limited, free=True):
        return Outcome(executed=False)
    # a sub-procedure: a re-run of the Event starts inside it, or passes it
    outcome: Outcome = yield from ctx.call("free-action", faction, grant, limited)
    return outcome


@subprocedure("free-action")
def run_free_action(
    ctx: Ctx, faction: Faction, grant: Grant, limited: bool
) -> Generator[Ask, Command, Outcome]:
    """The action :func:`free_action` found it may run (3.1.2, 5.5): its outcome, with the
    spaces it selected."""
    assert grant.action is not None
    action = lookup(grant.owner or faction, grant.action)
    assert action is not None
    with ctx.scope(action.name, action.rule, faction=faction) as scope:
        outcome = yield from action.run(
            ctx, faction, limited=limited, free=True, sa=None, grant=grant
        )
    if not outcome.spaces and scope.done:  # the spaces the shared selection recorded
        outcome = attrs.evolve(outcome, spaces=tuple(scope.done))
    return outcome


def _choose_granted(
    ctx: Ctx, faction: Faction, grant: Grant
) -> Generator[Ask, Command, str | None]:
    """Ask ``faction`` which Operation or Special Activity to execute for a grant of "any"
    (3.0, 4.0), among :func:`_offered`; ``None`` when it could execute none (5.1.3) or
    declined an optional grant."""
    state = ctx.state

    def options() -> tuple[Command, ...]:
        choices = tuple(Choose(a.name) for a in _offered(state, faction, grant))
        return (*choices, DONE) if choices and grant.optional else choices

    what = {
        ActionKind.OPERATION: "Limited Operation" if grant.limited else "Operation",
        ActionKind.SPECIAL_ACTIVITY: "Special Activity",
        None: "Operation or Special Activity",
    }[grant.kind]
    where = "" if grant.spaces is None else " in " + ", ".join(NAME[s] for s in grant.spaces)
    answer = yield ctx.ask(
        faction,
        Kind.SPECIAL_ACTIVITY if grant.kind is ActionKind.SPECIAL_ACTIVITY else Kind.OPERATION,
        f"{faction}: choose the free {what}{where}" + (", or done" if grant.optional else ""),
        options,
        "5.5",
        none_done=True,
    )
    return answer.option if isinstance(answer, Choose) else None


def _granted(state: GameState, faction: Faction, grant: Grant) -> list[Action]:
    """The legal actions a grant of "any" lets ``faction`` pick (3.0, 4.0)."""
    found: list[Action] = []
    if grant.kind is not ActionKind.SPECIAL_ACTIVITY:
        found += legal_operations(
            state,
            faction,
            limited=grant.limited,
            free=True,
            ignore_monsoon=grant.ignore_monsoon,
        )
    if grant.kind is not ActionKind.OPERATION:
        found += legal_special_activities(state, faction, "", free=True)
    return found


def _offered(state: GameState, faction: Faction, grant: Grant) -> list[Action]:
    """The actions offered for a grant of "any": the legal ones (:func:`_granted`), and of
    those that select few spaces -- a Special Activity, a Limited Operation, any action on
    restricted spaces ("a free LimOp there") -- only those that would occur (:func:`_occurs`,
    where the registered legality is loose or ignores the grant's spaces)."""
    return [
        a
        for a in _granted(state, faction, grant)
        if not (grant.spaces is not None or grant.limited or a.kind is ActionKind.SPECIAL_ACTIVITY)
        or _occurs(state, faction, a, grant)
    ]


def would_occur(state: GameState, faction: Faction, grant: Grant) -> bool:
    """Whether ``faction`` could execute something for a grant of "any" now (:func:`_offered`),
    for a text's "X or Y" (5.1.3)."""
    return bool(_offered(state, faction, grant))


PROBE_STEPS = 2_000
"""A probe answering more questions than this is a runaway procedure (a bug)."""


def _occurs(state: GameState, faction: Faction, action: Action, grant: Grant) -> bool:
    """Whether ``action`` on ``grant``'s terms would occur now (:attr:`Outcome.executed`): it
    is run on its own copy of ``state``, every question given its default answer
    (:meth:`Ask.default`). The registered legality does not look at the spaces a grant
    allows; an action that cannot honour the grant (:func:`kit.honour`), or that comes to a
    question with no legal answer, does not occur."""

    def compute() -> bool:
        probe = Ctx(state)
        limited = grant.limited and action.kind is ActionKind.OPERATION
        terms = attrs.evolve(grant, action=action.name)
        with probe.scope(action.name, action.rule, faction=faction):
            run = action.run(probe, faction, limited=limited, free=True, sa=None, grant=terms)
            try:
                ask = next(run)
                for _ in range(PROBE_STEPS):
                    answer = ask.default()
                    if answer == DONE and not ask.none_done and not ask.accepts(DONE):
                        return False  # a dead end: no legal answer
                    ask = run.send(answer)
            except StopIteration as stop:
                return bool(stop.value.executed)
            except NotImplementedError:
                return False
        raise RuntimeError(f"the probe of {action.name} does not end")

    return memo(state, ("grant-probe", _VERSION[0], faction, action.name, grant), compute)


def has_legal_operation(state: GameState, faction: Faction, *, limited: bool) -> bool:
    """Whether the Sequence of Play may offer ``faction`` an Operation (2.3.4)."""
    return bool(legal_operations(state, faction, limited=limited))


def _may_accompany(special: Action, operation_: Action) -> bool:
    """Whether the Special Activity ``special`` may accompany ``operation_`` (4.1.1)."""
    return not special.accompanies or operation_.name in special.accompanies


def special_activities_first(state: GameState, faction: Faction) -> tuple[Action, ...]:
    """The Special Activities ``faction`` may execute before choosing its Operation (4.1:
    "immediately before"): those legal now that would make legal an Operation they may
    accompany (4.1.1) that is not legal now -- e.g. a VC Tax at 0 Resources before a Rally
    (4.1's example). Each is dry-run on its own copy of ``state``, every question given its
    default answer (:meth:`Ask.default`). Asked only when the Faction has no Resources to
    spend (ruling R86): otherwise the Operation is chosen first, as usual, and its Special
    Activity comes before, during or after its spaces."""

    def compute() -> tuple[Action, ...]:
        if spendable(state, faction) > 0:
            return ()
        slot = SpecialActivitySlot(faction, "")
        return tuple(a for a in slot._legal(state) if _enables(state, faction, a))

    return memo(state, ("sa-first", _VERSION[0], faction), compute)


def _enables(state: GameState, faction: Faction, action: Action) -> bool:
    """Whether ``action`` (a Special Activity), executed first with default answers, would
    make an Operation it may accompany legal (:func:`special_activities_first`)."""
    now = legal_operations(state, faction, limited=False)
    if all(a in now for a in operations(faction) if _may_accompany(action, a)):
        return False  # nothing it may accompany left to enable
    probe = Ctx(state)
    slot = SpecialActivitySlot(faction, "")
    with probe.scope(action.name, action.rule, faction=faction):
        run = action.run(probe, faction, limited=False, free=False, sa=slot)
        try:
            ask = next(run)
            for _ in range(PROBE_STEPS):
                answer = ask.default()
                if answer == DONE and not ask.none_done and not ask.accepts(DONE):
                    return False  # a dead end: no legal answer
                ask = run.send(answer)
        except StopIteration as stop:
            if not stop.value.executed:
                return False
        except NotImplementedError:
            return False
        else:
            raise RuntimeError(f"the probe of {action.name} does not end")
    after = legal_operations(probe.state, faction, limited=False)
    return any(_may_accompany(action, a) and a not in now for a in after)


def _special_activity_first(
    ctx: Ctx, slot: SpecialActivitySlot
) -> Generator[Ask, Command, Action | None]:
    """Offer the Special Activities that may come before the Operation is chosen (4.1): those
    of :func:`special_activities_first`, with "not now" (choose the Operation first) only
    when an Operation is legal already; returns the one executed, or ``None``."""
    state = ctx.state
    faction = slot.faction
    firsts = special_activities_first(state, faction)
    can_wait = bool(legal_operations(state, faction, limited=False))
    refusals = tuple(
        (Choose(a.name), f"{a.name} first would make no other Operation possible", "4.1")
        for a in slot._legal(state)
        if a not in firsts
    )
    prompt = (
        f"{faction}: execute a Special Activity before choosing the Operation?"
        if can_wait
        else f"{faction}: no Operation is possible yet: execute a Special Activity first"
    )
    answer = yield ctx.ask(
        faction,
        Kind.SPECIAL_ACTIVITY,
        prompt,
        lambda: (*(Choose(a.name) for a in firsts), *((slot.NOT_NOW,) if can_wait else ())),
        "4.1",
        refusals,
    )
    if answer == slot.NOT_NOW:
        return None
    yield from slot.take(ctx, answer)
    assert slot.action is not None
    return _REGISTRY[(faction, slot.action)]


def has_special_activity(state: GameState, faction: Faction) -> bool:
    """Whether ``faction`` may choose an Operation with a Special Activity (2.3.4, 4.1): a
    Special Activity may come immediately before, during or after the Operation, so one
    that is not legal yet may become so as the Operation unfolds (4.1's example: a Rally
    that places the Underground Guerrillas a Subvert needs). It is offered whenever the
    Faction has Special Activities at all; what it then executes -- an Operation only, if no
    Special Activity was executed -- sets the 2nd Eligible's options (2.3.4)."""
    return bool(special_activities(faction))


def registered() -> tuple[tuple[Faction, str, ActionKind], ...]:
    """Every registration as (Faction, name, kind), Factions in 1.5 order, then rule order."""
    return tuple(
        (a.faction, a.name, a.kind)
        for f in FACTIONS
        for a in (*operations(f), *special_activities(f))
    )
