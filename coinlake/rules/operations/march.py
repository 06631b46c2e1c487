"""3.3.2 March (NVA, VC): move Guerrillas (and NVA Troops) into adjacent spaces, a group at a
time, Activating exposed groups; NVA pieces may go on through Laos and Cambodia (THE TRAIL);
never in Monsoon (2.3.9, the registry's). An accompanying Ambush strikes from a completed
destination (4.4.3, :mod:`coinlake.rules.special_activities.ambush`). With Main Force Bns
and Claymores (5.3, 5.4).
"""

from __future__ import annotations

from collections.abc import Iterator

from attrs import frozen

from coinlake.data.map import ADJACENT, IN_LAOS_CAMBODIA, IS_LOC, NAME, SPACE_IDS
from coinlake.data.pieces import ACTIVE, UNDERGROUND, Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, SpecialActivitySlot, operation, pay
from coinlake.rules.core import Ctx, Kind, ask_unless_one, subprocedure
from coinlake.rules.kit import COIN_NON_BASES, NO_GRANT, Gen, Slot, at, word
from coinlake.rules.special_activities.ambush import AmbushTracker, can_ambush_in
from coinlake.state.commands import Command, Move, Select
from coinlake.state.model import AVAILABLE, GameState, Support

NVA, VC = Faction.NVA, Faction.VC
MOVERS: dict[Faction, tuple[Piece, ...]] = {
    NVA: (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.NVA_GUERRILLA_ACTIVE, Piece.NVA_TROOPS),
    VC: (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE),
}
"""What may March (3.3.2): Guerrillas, and NVA Troops."""
AMBUSH = word("ambush")


def march_cost(state: GameState, faction: Faction, origin: str, dest: str) -> int:
    """Resources to move a group from ``origin`` into ``dest`` (3.3.2): 1 per Province or City
    entered; 0 onto LoCs; for the NVA at Trail 4, 0 into or out of Laos and Cambodia."""
    if IS_LOC[dest]:
        return 0
    if faction is NVA and state.trail == 4 and (IN_LAOS_CAMBODIA[dest] or IN_LAOS_CAMBODIA[origin]):
        return 0
    return 1


@frozen
class MarchProgress:
    """A March's progress as data, what :func:`march_destination` works on and gives back:
    the Marching Faction, whether the March is free and may go on along the Trail, the
    origins and pieces an Event allows, the pieces that arrived where (they move no
    further), the destinations done and paid for, and the Underground Guerrillas that
    Marched into each destination (for Ambush, 4.4.3)."""

    faction: Faction
    free: bool
    continues: bool
    origins: tuple[str, ...] | None
    movers: tuple[Piece, ...]
    arrived: kit.Arrivals = ()
    closed: tuple[str, ...] = ()
    paid: frozenset[str] = frozenset()
    ready: tuple[tuple[str, int], ...] = ()


def _first(faction: Faction, free: bool, limited: bool, grant: Grant) -> MarchProgress:
    """A March about to select its first destination."""
    movers = MOVERS[faction]
    if grant.mode == "troops":
        movers = tuple(p for p in movers if p is Piece.NVA_TROOPS)
    elif grant.mode == "guerrillas":
        movers = tuple(p for p in movers if p is not Piece.NVA_TROOPS)
    return MarchProgress(faction, free, faction is NVA and not limited, grant.origins, movers)


class _Marching:
    """A March between destinations: its progress, and the :class:`_March` that reads it,
    made when first needed (a re-run passing over destinations needs none)."""

    __slots__ = ("_march", "progress")

    def __init__(self, progress: MarchProgress) -> None:
        self.progress = progress
        self._march: _March | None = None

    @property
    def now(self) -> _March:
        if self._march is None:
            self._march = _March(self.progress)
        return self._march

    def went_on(self, progress: MarchProgress) -> None:
        """A destination is done: ``progress`` is what it gave back."""
        self.progress, self._march = progress, None


class _March:
    """A March in progress: its :class:`~coinlake.rules.kit.Mover` (pieces that arrived
    move no further, except NVA continuing from Laos/Cambodia, THE TRAIL), destinations done
    and paid, and Underground Guerrillas that Marched into each destination (for Ambush,
    4.4.3); :class:`MarchProgress` as it changes."""

    __slots__ = (
        "closed",
        "continues",
        "faction",
        "free",
        "last",
        "mover",
        "origins",
        "paid",
        "ready",
    )

    def __init__(self, progress: MarchProgress) -> None:
        self.faction = progress.faction
        self.free = progress.free
        self.continues = progress.continues
        self.origins = progress.origins
        self.mover = kit.Mover(
            progress.movers,
            sources=self.sources,
            stays=lambda state, s: not self.continuable(state, s),
        )
        self.mover.arrived = dict(progress.arrived)
        self.closed = list(progress.closed)
        self.paid = set(progress.paid)
        self.ready = dict(progress.ready)
        self.last: tuple[GameState | None, int, frozenset[str]] = (None, 0, frozenset())

    def progress(self) -> MarchProgress:
        return MarchProgress(
            self.faction,
            self.free,
            self.continues,
            self.origins,
            self.mover.pieces,
            self.mover.arrivals(),
            tuple(self.closed),
            frozenset(self.paid),
            tuple(self.ready.items()),
        )

    def continuable(self, state: GameState, origin: str) -> bool:
        """NVA pieces that just arrived in Laos or Cambodia may go on (THE TRAIL, 3.3.2)."""
        return self.continues and IN_LAOS_CAMBODIA[origin] and state.trail > 0

    def cost(self, state: GameState, origin: str, dest: str) -> int:
        """Resources to move a group from ``origin`` into ``dest`` (:func:`march_cost`), once
        per destination."""
        if self.free or dest in self.paid:
            return 0
        return march_cost(state, self.faction, origin, dest)

    def sources(self, state: GameState, dest: str) -> Iterator[str]:
        """The spaces groups may come from into ``dest``: adjacent, allowed by the Event,
        and the move there paid for."""
        cash = state.resources(self.faction)
        for origin in ADJACENT[dest]:
            if self.origins is not None and origin not in self.origins:
                continue
            if self.cost(state, origin, dest) <= cash:
                yield origin

    def origins_now(self, state: GameState) -> Iterator[str]:
        """The spaces some piece may March from now."""
        movers, movable, origins = self.mover.pieces, self.mover.movable, self.origins
        for s, sp in zip(SPACE_IDS, state.spaces, strict=True):
            if origins is not None and s not in origins:
                continue
            p = sp.pieces
            for x in movers:  # a loop, not any(): this runs for every space at every step
                if p[x] and movable(state, s, x) > 0:
                    yield s
                    break

    def destinations(self, state: GameState) -> set[str]:
        """The spaces some group could enter now (not yet destinations): those next to an
        origin (adjacency is mutual), if the move there can be paid for."""
        cash = state.resources(self.faction)
        reach: set[str] = set()
        for o in self.origins_now(state):
            if cash >= 1:  # a move costs 0 or 1
                reach.update(ADJACENT[o])
            else:
                reach.update(d for d in ADJACENT[o] if self.cost(state, o, d) <= cash)
        return reach.difference(self.closed)

    def enterable(self, state: GameState) -> frozenset[str]:
        """The spaces that may be selected as destinations now (:meth:`destinations`,
        worked out once per state and destinations done)."""
        last, closed, found = self.last
        if last is not state or closed != len(self.closed):
            found = frozenset(self.destinations(state))
            self.last = (state, len(self.closed), found)
        return found

    def can_enter(self, state: GameState, dest: str) -> bool:
        return next(self.mover.into(state, dest), None) is not None


def can_march(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some Guerrilla (or NVA Troop) could move into an adjacent space it can pay for."""
    cash = 1_000 if free else state.resources(faction)
    movers = MOVERS[faction]
    for s, sp in zip(SPACE_IDS, state.spaces, strict=True):
        p = sp.pieces
        if any(map(p.__getitem__, movers)) and (
            cash >= 1 or any(march_cost(state, faction, s, d) <= cash for d in ADJACENT[s])
        ):
            return True
    return False


def _march_reason(state: GameState, m: _March, space: str) -> tuple[str, str] | None:
    if space in m.closed:
        return f"{NAME[space]} was already a destination of this March", "3.1"
    if not m.can_enter(state, space):
        return (
            f"no {m.faction} piece that may still move is adjacent to {NAME[space]}, "
            "or the Resources to enter it are lacking",
            "3.3.2",
        )
    return None


@operation("march", (NVA, VC), rule="3.3.2", legal=can_march, monsoon_banned=True)
def march(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """March (3.3.2): select a destination, then move groups into it from adjacent spaces
    (``move N piece origin destination``; all pieces moving from one space into the
    destination are one group), then ``done``. Each group Activates its Guerrillas if the
    destination is a LoC or has Support and the group plus the US/ARVN cubes and SF there
    exceed 3 (1 under unshaded Main Force Bns; unshaded Claymores then removes 1 of its
    Guerrillas). NVA pieces that arrived in Laos or Cambodia may go on (THE TRAIL) unless
    the Trail is 0 or the March Limited. A LimOp has 1 destination. A granting Event may
    name the destinations (``spaces``, ``max_spaces``), the origins, and the pieces that
    move (``mode``: ``"troops"`` or ``"guerrillas"``)."""
    kit.honour(grant, "march", *kit.SPACE_TERMS, "origins", "mode")
    here = _Marching(_first(faction, free, limited, grant))
    tracker = AmbushTracker(faction, effects.ambush_space_limit(ctx.state))

    def more(state: GameState) -> Iterator[Command]:
        if _march_ambushes(state, here.now, tracker, sa):
            yield AMBUSH

    def take_more(answer: Command) -> Gen[None]:
        state, m = ctx.state, here.now
        with tracker.scope(ctx) as scope:
            target = yield from ask_unless_one(
                ctx,
                faction,
                Kind.SELECT_SPACE,
                f"{faction}: Ambush in which March destination?",
                lambda: (kit.SELECT[d] for d in _march_ambushes(state, m, tracker, sa)),
                "4.4.3",
            )
            assert isinstance(target, Select)
            scope.space = target.space
            yield from tracker.strike(ctx, target.space, sa)

    yield from kit.action_spaces(
        ctx,
        faction,
        "March",
        "3.3.2",
        grant=grant,
        slot=sa,
        operation="march",
        limit=1 if limited else None,
        possible=lambda state: here.now.enterable(state),
        reason=lambda state, space: _march_reason(state, here.now, space),
        each=lambda space: _destination(ctx, here, space),
        more=more,
        take_more=take_more,
        transfers=kit.Transfers(faction, not free),
        ask_done_alone=True,
        what="a destination",
    )
    return Outcome(executed=bool(here.progress.closed))


def _march_ambushes(
    state: GameState, m: _March, tracker: AmbushTracker, sa: SpecialActivitySlot | None
) -> list[str]:
    """Destinations where the accompanying Ambush may strike now (4.4.3): an Underground
    Guerrilla of the Faction that Marched in is still there, and an enemy is within reach."""
    if not tracker.open(sa):
        return []
    underground = UNDERGROUND[m.faction][0]
    return [
        d
        for d in m.closed
        if d not in tracker.spaces
        and min(m.ready.get(d, 0), at(state, d).pieces[underground]) > 0
        and can_ambush_in(state, m.faction, d)
    ]


def _destination(ctx: Ctx, here: _Marching, dest: str) -> Gen[None]:
    """One destination, run as a sub-procedure (a re-run starts inside it, or passes it)."""
    here.went_on((yield from ctx.call("march-destination", here.progress, dest)))


@subprocedure("march-destination")
def march_destination(ctx: Ctx, progress: MarchProgress, dest: str) -> Gen[MarchProgress]:
    """3.3.2 in one destination: move groups into ``dest`` until ``done``, then Activate
    groups as 3.3.2 says; the March's progress after."""
    m = _March(progress)
    faction = m.faction
    groups: dict[str, dict[Piece, int]] = {}
    arrived = m.mover.arrived

    def apply(move: Move) -> None:
        state = ctx.state
        cost = m.cost(state, move.origin, dest)
        if cost:
            pay(ctx, faction, cost, free=m.free, rule="3.3.2")
            m.paid.add(dest)
        ctx.move(move.piece, move.count, move.origin, dest, "3.3.2")
        came = arrived.get((move.origin, move.piece))
        if came and m.continuable(state, move.origin):
            arrived[(move.origin, move.piece)] = max(0, came - move.count)
        group = groups.setdefault(move.origin, {})
        group[move.piece] = group.get(move.piece, 0) + move.count

    yield from kit.move_into(
        ctx,
        faction,
        m.mover,
        dest,
        lambda _: (
            f"{faction} March into {NAME[dest]}: move a group in (move N piece from here), or done"
        ),
        "3.3.2",
        may_stop=lambda: bool(groups),
        apply=apply,
    )
    m.closed.append(dest)
    _activate_groups(ctx, m, dest, groups)
    return m.progress()


def _activate_groups(ctx: Ctx, m: _March, dest: str, groups: dict[str, dict[Piece, int]]) -> None:
    """3.3.2: a group entering a LoC or a space with Support Activates when its size plus
    the US/ARVN cubes and SF there exceeds the limit (Main Force Bns); Claymores then takes
    1 of its Guerrillas. Its pieces then stay (the Mover's record follows their side)."""
    faction = m.faction
    state = ctx.state
    sp = at(state, dest)
    # a group larger than this Activates (None: the destination is no LoC and has no Support)
    most: int | None = None
    if IS_LOC[dest] or sp.support > Support.NEUTRAL:
        most = effects.march_activation_limit(state) - sp.count(*COIN_NON_BASES)
    underground, active = UNDERGROUND[faction][0], ACTIVE[faction][0]
    arrived = m.mover.arrived
    for group in groups.values():
        u, a = group.get(underground, 0), group.get(active, 0)
        if most is not None and sum(group.values()) > most and u + a:
            ctx.flip(dest, underground, u, "3.3.2")
            arrived[(dest, underground)] = arrived.get((dest, underground), 0) - u
            arrived[(dest, active)] = arrived.get((dest, active), 0) + u
            u = 0
            if effects.march_activation_loss(ctx.state):
                ctx.move(active, 1, dest, AVAILABLE, "5.4")
                arrived[(dest, active)] -= 1
        m.ready[dest] = m.ready.get(dest, 0) + u
