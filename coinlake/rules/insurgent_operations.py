"""NVA and VC Operations: Rally, March, Attack and Terror (3.3), registered in the action
registry (``rules/actions.py``), with what they share: taking pieces from the map when none is
Available (1.4.1), NVA/VC Resource transfers (1.5.2) and the lasting effects that change them
(read through ``rules/effects.py``).

Every Operation asks step by step:

- the main step lists ``select <space>`` for every space the Operation may still take (each
  space once, 3.1; only while its cost can be paid, 3.1), the Special Activities the Faction
  may start now (4.1: before, during or after -- through the slot's ``choices``/``take``),
  ``give-resources`` / ``get-resources`` (1.5.2, see :class:`Transfers`) and ``done`` once
  something was done. A Limited Operation takes 1 space (March: 1 destination) and no Special
  Activity (2.3.5);
- a selected space is paid for at once, then resolved with a few small choices, each of one
  :class:`~coinlake.rules.core.Kind`: a mode named by a word, a number by ``count N``, pieces
  by ``move`` commands.

Options that Events pass through :func:`coinlake.rules.actions.free_action` (5.5) are listed
in each Operation's docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from functools import cache, partial
from typing import Any

from coinlake.data.map import SPACES, space_index
from coinlake.data.pieces import BASES, GUERRILLAS, Faction, Piece
from coinlake.rules import effects, forces
from coinlake.rules.actions import (
    Outcome,
    SpecialActivitySlot,
    operation,
    pay,
    special_activities,
)
from coinlake.rules.ambush import (
    COIN_NON_BASES,
    SELECT,
    AmbushTracker,
    can_ambush_in,
    has_enemy,
    remove_enemies,
    troop_loss,
)
from coinlake.rules.core import (
    DONE,
    Ask,
    Ctx,
    Kind,
    Refusal,
    ask_unless_one,
    deferred_refusals,
    select_spaces,
)
from coinlake.rules.coup import free_markers
from coinlake.state.commands import Choose, Command, Count, Move, Select
from coinlake.state.model import AVAILABLE, GameState, Support, Track

Steps = Generator[Ask, Command, int]

PARTNER = {Faction.NVA: Faction.VC, Faction.VC: Faction.NVA}
"""The friendly Insurgent Faction (1.5.1)."""
GUERRILLA = {
    Faction.NVA: Piece.NVA_GUERRILLA_UNDERGROUND,
    Faction.VC: Piece.VC_GUERRILLA_UNDERGROUND,
}
"""Each Insurgent Faction's Guerrilla as placed: Underground (1.4.3)."""
ACTIVE_GUERRILLA = {
    Faction.NVA: Piece.NVA_GUERRILLA_ACTIVE,
    Faction.VC: Piece.VC_GUERRILLA_ACTIVE,
}
BASE = {Faction.NVA: Piece.NVA_BASE, Faction.VC: Piece.VC_BASE}
MOVERS: dict[Faction, tuple[Piece, ...]] = {
    Faction.NVA: (
        Piece.NVA_GUERRILLA_UNDERGROUND,
        Piece.NVA_GUERRILLA_ACTIVE,
        Piece.NVA_TROOPS,
    ),
    Faction.VC: (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE),
}
"""What may March (3.3.2): Guerrillas, and NVA Troops; the index is a group's count slot."""

IDX: dict[str, int] = {s.id: s.index for s in SPACES}
ADJACENT: dict[str, tuple[str, ...]] = {
    s.id: tuple(SPACES[i].id for i in s.adjacent) for s in SPACES
}
IS_LOC: dict[str, bool] = {s.id: s.is_loc for s in SPACES}
LAOS_CAMBODIA = frozenset(s.id for s in SPACES if s.in_laos_or_cambodia)
ALL_SPACES: tuple[str, ...] = tuple(s.id for s in SPACES)
NAME: dict[str, str] = {s.id: s.name for s in SPACES}
POPULATION: dict[str, int] = {s.id: s.population for s in SPACES}

AMBUSH = Choose("ambush")


@cache
def word(text: str) -> Choose:
    """A ``Choose`` command, built once per word."""
    return Choose(text)


@cache
def counts(low: int, high: int) -> tuple[Count, ...]:
    """The answers ``count low`` .. ``count high`` of a how-many question, built once."""
    return tuple(Count(n) for n in range(low, high + 1))


RESOURCES = {Faction.NVA: Track.NVA_RESOURCES, Faction.VC: Track.VC_RESOURCES}


def money(state: GameState, faction: Faction) -> int:
    """The Faction's Resources (1.8)."""
    return state.tracks[RESOURCES[faction]]


def can_pay(state: GameState, faction: Faction, cost: int, free: bool) -> bool:
    """Whether the Faction can pay ``cost`` Resources now (3.1; nothing when free, 3.1.2)."""
    return free or cost <= 0 or money(state, faction) >= cost


# -- 1.4.1: placing one's own pieces, from the map when none is Available -------------------
def _forms(piece: Piece) -> tuple[Piece, ...]:
    box = piece.box_form
    flipped = box.flipped()
    return (box,) if flipped is box else (box, flipped)


def on_map_elsewhere(state: GameState, piece: Piece, dest: str) -> int:
    """Pieces of ``piece``'s type (either side up) on the map outside ``dest``."""
    forms = _forms(piece)
    if len(forms) == 1:
        f = forms[0]
        total = sum(sp.pieces[f] for sp in state.spaces)
    else:
        f, g = forms
        total = sum(sp.pieces[f] + sp.pieces[g] for sp in state.spaces)
    here = state.spaces[IDX[dest]].pieces
    return total - sum(here[x] for x in forms)


def supply(state: GameState, piece: Piece, dest: str, need: int = 1_000) -> int:
    """How many pieces of ``piece``'s type its owner could place in ``dest`` now: those
    Available, then -- once none is Available -- its own from elsewhere on the map (1.4.1).
    Counting stops early once ``need`` are found Available."""
    available = state.available[piece.box_form]
    if available >= need:
        return available
    return available + on_map_elsewhere(state, piece, dest)


def _map_sources(state: GameState, forms: tuple[Piece, ...], dest: str) -> list[Command]:
    """One ``move 1 piece origin dest`` per space outside ``dest`` holding one of ``forms``."""
    return [
        Move(f, 1, s, dest)
        for s, sp in zip(ALL_SPACES, state.spaces, strict=True)
        if s != dest
        for f in forms
        if sp.pieces[f]
    ]


def place_own(ctx: Ctx, faction: Faction, piece: Piece, count: int, dest: str, rule: str) -> Steps:
    """Place ``count`` of the Faction's own ``piece`` in ``dest``: from Available while any
    is there, then from elsewhere on the map, the Faction choosing where from (1.4.1). A
    Guerrilla arrives Underground (1.4.3), a Base taken from the map loses its Tunnel (1.4.4).
    Returns how many were placed (fewer only if the pieces run out)."""
    form = piece.box_form
    placed = min(count, ctx.state.available[form])
    ctx.move(form, placed, AVAILABLE, dest, rule)
    forms = _forms(form)
    while placed < count:
        answer = yield ctx.ask(
            faction,
            Kind.PLACE_PIECES,
            f"{faction}: no {form.token} Available -- take one from the map for {NAME[dest]}",
            partial(_map_sources, ctx.state, forms, dest),
            "1.4.1",
            single=True,
            none_done=True,
        )
        if not isinstance(answer, Move):
            break  # none left anywhere
        ctx.move(answer.piece, 1, answer.origin, dest, "1.4.1")
        if answer.piece is not form:
            ctx.flip(dest, answer.piece, 1, "1.4.1")
        placed += 1
    return placed


# -- 1.5.2: NVA and VC Resource transfers ----------------------------------------------------
GIVE = Choose("give-resources")
GET = Choose("get-resources")


class Transfers:
    """NVA/VC Resource transfers during an Insurgent Operation (1.5.2).

    While executing an Operation, the Faction may (in its main step) ``give-resources`` --
    it picks how many (``count N``), 1 up to half of its Resources -- or ``get-resources``
    -- its partner is asked how many it gives, up to half of its own (``count 0``: it
    declines). Each direction is offered once per Operation, only when the giver has at least
    2 Resources and the receiver fewer than 75 (an amount that would push the receiver over
    75 is not offered, 1.8). Offered in the Operations that the Sequence of Play runs, not in
    free ones granted by Events.
    """

    __slots__ = ("enabled", "faction", "used")

    def __init__(self, faction: Faction, enabled: bool) -> None:
        self.faction = faction
        self.enabled = enabled
        self.used: list[Choose] = []

    @staticmethod
    def amounts(state: GameState, giver: Faction) -> int:
        receiver = PARTNER[giver]
        return min(money(state, giver) // 2, 75 - money(state, receiver))

    def options(self, state: GameState) -> list[Command]:
        if not self.enabled:
            return []
        out: list[Command] = []
        if GIVE not in self.used and self.amounts(state, self.faction) > 0:
            out.append(GIVE)
        if GET not in self.used and self.amounts(state, PARTNER[self.faction]) > 0:
            out.append(GET)
        return out

    def run(self, ctx: Ctx, answer: Command) -> Generator[Ask, Command, None]:
        assert isinstance(answer, Choose)
        self.used.append(answer)
        giver = self.faction if answer == GIVE else PARTNER[self.faction]
        receiver = PARTNER[giver]
        most = self.amounts(ctx.state, giver)
        choice = yield ctx.ask(
            giver,
            Kind.HOW_MANY,
            f"{giver}: how many Resources to transfer to the {receiver} (up to {most})?",
            counts(0 if answer == GET else 1, most),
            "1.5.2",
        )
        assert isinstance(choice, Count)
        amount = choice.n
        if not amount:
            return  # the partner declined
        ctx.add_track(Track.resources_of(giver), -amount, "1.5.2")
        ctx.add_track(Track.resources_of(receiver), amount, "1.5.2")


def extras(state: GameState, sa: SpecialActivitySlot | None, transfers: Transfers) -> list[Command]:
    """The Special Activities the Faction may start now (4.1) and the transfers (1.5.2)."""
    out = list(sa.choices(state)) if sa is not None else []
    out.extend(transfers.options(state))
    return out


def run_extra(
    ctx: Ctx, answer: Command, sa: SpecialActivitySlot | None, transfers: Transfers
) -> Generator[Ask, Command, None]:
    """Carry out a Special Activity or a transfer chosen in an Operation's main step."""
    if answer in (GIVE, GET):
        yield from transfers.run(ctx, answer)
    elif sa is not None:
        yield from sa.take(ctx, answer)


def operation_spaces(
    ctx: Ctx,
    faction: Faction,
    name: str,
    rule: str,
    *,
    sa: SpecialActivitySlot | None,
    transfers: Transfers,
    pool: Sequence[str],
    full: Callable[[GameState, Sequence[str]], tuple[str, str] | None],
    candidates: Callable[[GameState, Sequence[str]], Iterable[str]],
    reason: Reason,
    each: Callable[[str], Generator[Ask, Command, object]],
    may_stop: Callable[[GameState, Sequence[str], Sequence[Command]], bool] | None = None,
    forced: bool = False,
    what: str = "a space",
    more: Callable[[GameState], list[Command]] | None = None,
    take_extra: Callable[[Command], Generator[Ask, Command, object]] | None = None,
) -> Generator[Ask, Command, list[str]]:
    """The main step of the Operation ``name`` (3.3): select spaces of ``pool`` one at a
    time, each once (3.1) -- ``candidates(state, done)``, none once ``full(state, done)``
    says why -- and resolve each with ``each``. Beside them: ``more(state)``, the Special
    Activities that may start now (4.1) and the transfers (1.5.2), all answered through
    ``take_extra`` (default :func:`run_extra`), then ``done`` (``may_stop``; default: after
    the first space). Refusals explain the spaces (``reason``) and the Special Activities.
    ``forced`` (an Event's compulsory spaces): a single option is taken without asking.
    Returns the spaces selected."""

    def selects(state: GameState, done: Sequence[str]) -> Iterator[Command]:
        if full(state, done) is not None:
            return iter(())
        return (SELECT[s] for s in candidates(state, done))

    def options(state: GameState) -> list[Command]:
        return [*(more(state) if more is not None else ()), *extras(state, sa, transfers)]

    def refusals(state: GameState, done: tuple[str, ...]) -> tuple[Refusal, ...]:
        return deferred_refusals(
            lambda: (
                *space_refusals(state, reason, pool, done, full(state, done)),
                *_sa_refusals(state, faction, sa, name.lower()),
            )
        )

    return (
        yield from select_spaces(
            ctx,
            faction,
            Kind.SELECT_SPACE,
            lambda done: f"{faction} {name}: select {what} ({len(done)} so far), or done",
            rule,
            candidates=selects,
            each=each,
            refusals=refusals,
            record=None if sa is None else sa.op_spaces,
            extras=options,
            take_extra=take_extra or (lambda answer: run_extra(ctx, answer, sa, transfers)),
            may_stop=may_stop,
            ask_done_alone=True,
            forced=forced,
        )
    )


def _sa_refusals(
    state: GameState, faction: Faction, sa: SpecialActivitySlot | None, operation_name: str
) -> Iterable[Refusal]:
    """Why each Special Activity of the Faction may not start now (4.1, 4.1.1)."""
    ready = set(sa.choices(state)) if sa is not None else set()
    for action in special_activities(faction):
        command = word(action.name)
        if command in ready:
            continue
        if sa is None:
            why = "no Special Activity with this Operation (Limited, or chosen without one)"
            yield command, why, "4.1"
        elif sa.used:
            yield command, "the Operation's one Special Activity was already executed", "4.1"
        elif action.accompanies and operation_name not in action.accompanies:
            others = " or ".join(action.accompanies)
            yield command, f"{action.name} may accompany only {others}", "4.1.1"
        elif action.name == "ambush":
            why = "Ambush is chosen in an Attack space or once a March destination is done"
            yield command, why, action.rule
        else:
            yield command, f"{action.name} is not possible now", action.rule


def space_pool(spaces: Sequence[str] | None) -> tuple[str, ...]:
    """The space ids an Event allows (``spaces=``, any id, name or alias; 5.1), or all."""
    return ALL_SPACES if spaces is None else tuple(SPACES[space_index(s)].id for s in spaces)


Reason = Callable[[GameState, str], tuple[str, str] | None]
"""Why a space may not be selected (message, rule), or ``None``."""


def space_refusals(
    state: GameState,
    reason: Reason,
    pool: Sequence[str],
    done: Sequence[str],
    full: tuple[str, str] | None = None,
    *,
    action: str = "Operation",
    once_rule: str = "3.1",
) -> Iterable[Refusal]:
    """Refusals for every space that may not be selected now: already selected for this
    ``action`` (each space once: ``once_rule``, 3.1 or 4.1), ``full`` (no space at all), not
    allowed by the Event (5.1), or ``reason(state, space)``, the action's own condition."""
    for s in ALL_SPACES:
        if s in done:
            yield SELECT[s], f"{NAME[s]} was already selected for this {action}", once_rule
        elif full is not None:
            yield SELECT[s], full[0], full[1]
        elif s not in pool:
            yield SELECT[s], f"the Event does not allow {NAME[s]} here", "5.1"
        else:
            why = reason(state, s)
            if why is not None:
                yield SELECT[s], why[0], why[1]


def insurgent_sa_spaces(
    ctx: Ctx,
    faction: Faction,
    name: str,
    rule: str,
    *,
    limit: int,
    pool: Sequence[str],
    ok: Callable[[GameState, str], object],
    reason: Reason,
    sa: SpecialActivitySlot | None,
    each: Callable[[str], Generator[Ask, Command, object]],
) -> Generator[Ask, Command, list[str]]:
    """The spaces of the NVA or VC Special Activity ``name`` (4.4, 4.5): up to ``limit``
    of ``pool`` where ``ok(state, space)``, each once, ``done`` after the first (4.1);
    ``reason`` explains the others. ``each(space)`` resolves a space once selected.
    Returns the spaces selected."""
    return (
        yield from select_spaces(
            ctx,
            faction,
            Kind.SELECT_SPACE,
            lambda done: (
                f"{faction}: select a space to {name} ({len(done) + 1} of up to {limit}), or done"
            ),
            rule,
            limit=limit,
            candidates=lambda state, done: (
                SELECT[s] for s in pool if s not in done and ok(state, s)
            ),
            each=each,
            refusals=lambda state, done: deferred_refusals(
                partial(space_refusals, state, reason, pool, done, action=name, once_rule="4.1")
            ),
            record=None if sa is None else sa.sa_spaces,
        )
    )


def _full(
    state: GameState,
    faction: Faction,
    name: str,
    limit: int | None,
    done: Sequence[str],
    free: bool,
) -> tuple[str, str] | None:
    """Why no further space may be selected at all: the space limit (Limited Operation
    2.3.5, or an Event's), or no Resource left for a space costing 1 (3.1)."""
    if limit is not None and len(done) >= limit:
        return f"this {name} may select only {limit} space(s)", "2.3.5"
    if not can_pay(state, faction, 1, free):
        return f"{faction} has no Resources left to pay for a {name} space", "3.1"
    return None


# == 3.3.1 Rally ==============================================================================
RALLY_PLACE = Choose("place")


def _rally_most(state: GameState, faction: Faction, space: str) -> int:
    """How many Guerrillas a Rally may place in ``space``: 1, or with a Base of the Faction
    there up to Trail + NVA Bases / Pop + VC Bases -- as many as the Faction can place."""
    own_bases = state.spaces[IDX[space]].count(*BASES[faction])
    if own_bases:
        extra = state.trail if faction is Faction.NVA else POPULATION[space]
        most = extra + own_bases
    else:
        most = 1
    return min(most, supply(state, GUERRILLA[faction], space, most))


def _rally_counts(state: GameState, faction: Faction, space: str) -> tuple[Count, ...]:
    return counts(1, _rally_most(state, faction, space))


def _rally_modes(state: GameState, faction: Faction, space: str) -> tuple[Choose, ...]:
    """What a Rally may do in ``space``: ``place`` Guerrillas (how many: :func:`_rally_most`),
    ``base-aa|au|uu`` (replace 2 Guerrillas, Active/Underground, with a Base),
    ``underground`` (VC with a Base: flip every VC Guerrilla there Underground)."""
    sp = state.spaces[IDX[space]]
    own_bases = sp.count(*BASES[faction])
    out = [RALLY_PLACE] if _rally_most(state, faction, space) else []
    u = sp.pieces[GUERRILLA[faction]]
    a = sp.pieces[ACTIVE_GUERRILLA[faction]]
    if u + a >= 2 and forces.base_room(state, space) and supply(state, BASE[faction], space, 1):
        if a >= 2:
            out.append(word("base-aa"))
        if a and u:
            out.append(word("base-au"))
        if u >= 2:
            out.append(word("base-uu"))
    if faction is Faction.VC and own_bases and a:
        out.append(word("underground"))
    return tuple(out)


def _rally_candidates(
    state: GameState, faction: Faction, pool: Sequence[str], done: Sequence[str]
) -> list[str]:
    """The spaces of ``pool`` not in ``done`` where a Rally could do something (the quick
    form of :func:`_rally_modes`, for the main step)."""
    g, a = GUERRILLA[faction], ACTIVE_GUERRILLA[faction]
    b, t = BASE[faction], BASE[faction].flipped()
    g_avail = state.available[g] > 0
    g_map = 0 if g_avail else sum(sp.pieces[g] + sp.pieces[a] for sp in state.spaces)
    b_avail = state.available[b] > 0
    b_map = -1
    out = []
    for s in pool:
        if IS_LOC[s] or s in done:
            continue
        sp = state.spaces[IDX[s]]
        if sp.support > Support.NEUTRAL:
            continue
        p = sp.pieces
        here = p[g] + p[a]
        if g_avail or g_map > here:
            out.append(s)
            continue
        if faction is Faction.VC and p[a] and (p[b] or p[t]):
            out.append(s)
            continue
        if here >= 2 and sp.bases() < forces.MAX_BASES:
            if b_map < 0:
                b_map = 0 if b_avail else sum(x.pieces[b] + x.pieces[t] for x in state.spaces)
            if b_avail or b_map > p[b] + p[t]:
                out.append(s)
    return out


def _rally_reason(state: GameState, faction: Faction, space: str) -> tuple[str, str] | None:
    if IS_LOC[space]:
        return "Rally only in Provinces and Cities", "3.3.1"
    if state.space(space).support > Support.NEUTRAL:
        return f"{NAME[space]} has Support", "3.3.1"
    if not _rally_modes(state, faction, space):
        return f"{faction} can neither place nor replace Guerrillas in {NAME[space]}", "3.3.1"
    return None


def _can_improve(state: GameState, faction: Faction, spaces: int) -> bool:
    """NVA Trail Improvement with a Rally (3.3.1): 2 Resources even if the Rally is free or
    Limited or took no space; not at Trail 4, not under McNamara Line; under unshaded AAA
    only by a Rally of at most 1 space."""
    if faction is not Faction.NVA or state.trail >= 4 or money(state, faction) < 2:
        return False
    if effects.rally_trail_boxes(state) == 0:
        return False
    limit = effects.rally_improvement_space_limit(state)
    return limit is None or spaces <= limit


def can_rally(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some Province or City without Support where the Faction can Rally and pay 1, or (NVA)
    a Trail Improvement it can pay for (3.3.1)."""
    if _can_improve(state, faction, 0):
        return True
    if not can_pay(state, faction, 1, free):
        return False
    return bool(_rally_candidates(state, faction, ALL_SPACES, ()))


@operation("rally", (Faction.NVA, Faction.VC), rule="3.3.1", legal=can_rally)
def rally(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    spaces: Sequence[str] | None = None,
    max_spaces: int | None = None,
    **options: Any,
) -> Generator[Ask, Command, Outcome]:
    """Rally (3.3.1). In each selected Province or City without Support (1 Resource each):
    place a Guerrilla, or replace 2 Guerrillas with a Base, or with a Base there place more
    Guerrillas (NVA: Trail + NVA Bases, VC: Pop + VC Bases) or (VC) flip all VC Guerrillas
    there Underground. Then the NVA may Improve the Trail for 2 Resources (:func:`_can_improve`).
    Shaded Cadres lets the VC Agitate in 1 space that had a VC Base.

    Event options: ``spaces`` (the spaces allowed), ``max_spaces``."""
    pool = space_pool(spaces)
    limit = 1 if limited else max_spaces
    agitated = False

    def each(space: str) -> Generator[Ask, Command, None]:
        nonlocal agitated
        agitated = (yield from _rally_space(ctx, faction, space, free, agitated)) or agitated

    done = yield from operation_spaces(
        ctx,
        faction,
        "Rally",
        "3.3.1",
        sa=sa,
        transfers=Transfers(faction, not free),
        pool=pool,
        full=lambda state, done: _full(state, faction, "Rally", limit, done, free),
        candidates=lambda state, done: _rally_candidates(state, faction, pool, done),
        reason=lambda state, space: _rally_reason(state, faction, space),
        each=each,
        may_stop=lambda state, done, _: bool(done) or _can_improve(state, faction, len(done)),
    )
    improved = yield from _improve_trail(ctx, faction, len(done))
    return Outcome(executed=bool(done) or improved)


def _rally_space(
    ctx: Ctx, faction: Faction, space: str, free: bool, agitated: bool
) -> Generator[Ask, Command, bool]:
    """Resolve a Rally in ``space``; returns whether shaded Cadres' Agitation was used."""
    pay(ctx, faction, 1, free=free, rule="3.3.1")
    had_base = ctx.state.space(space).count(*BASES[faction]) > 0
    mode = yield from ask_unless_one(
        ctx,
        faction,
        Kind.CHOOSE_MODE,
        f"{faction} Rally in {NAME[space]}: what to do?",
        partial(_rally_modes, ctx.state, faction, space),
        "3.3.1",
    )
    assert isinstance(mode, Choose)
    option = mode.option
    if mode == RALLY_PLACE:
        number = yield from ask_unless_one(
            ctx,
            faction,
            Kind.HOW_MANY,
            f"{faction} Rally in {NAME[space]}: how many Guerrillas to place?",
            partial(_rally_counts, ctx.state, faction, space),
            "3.3.1",
        )
        assert isinstance(number, Count)
        yield from place_own(ctx, faction, GUERRILLA[faction], number.n, space, "3.3.1")
    elif option.startswith("base-"):
        for letter in option[5:]:
            piece = GUERRILLA[faction] if letter == "u" else ACTIVE_GUERRILLA[faction]
            ctx.move(piece, 1, space, AVAILABLE, "3.3.1")
        yield from place_own(ctx, faction, BASE[faction], 1, space, "3.3.1")
    else:
        forces.go_underground(ctx, space, faction, "3.3.1")
    if agitated or not had_base or not effects.rally_agitation(ctx.state, faction):
        return False
    return (yield from _agitate(ctx, faction, space))


def _agitate(ctx: Ctx, faction: Faction, space: str) -> Generator[Ask, Command, bool]:
    """Shaded Cadres (116): Agitate in ``space`` as in the Support Phase (6.3.2) even under
    COIN Control -- 1 VC Resource per Terror marker removed or level shifted toward Active
    Opposition, at most 2 levels -- paid even if the Rally is free (3.1.2)."""
    sp = ctx.state.space(space)
    levels = 0
    if SPACES[space_index(space)].can_have_support:
        levels = min(2, int(sp.support) - int(Support.ACTIVE_OPPOSITION))
    steps = min(sp.terror + levels, money(ctx.state, faction))
    if steps <= 0:
        return False
    answer = yield ctx.ask(
        faction,
        Kind.HOW_MANY,
        f"VC: Agitate in {NAME[space]} (shaded Cadres)? How many steps, 1 Resource each "
        f"(up to {steps}; 0: no Agitation)",
        counts(0, steps),
        "5.3",
    )
    assert isinstance(answer, Count)
    k = answer.n
    if not k:
        return False
    pay(ctx, faction, k, free=True, rule="6.3.2", still_costs=True)
    removed = min(sp.terror, k)
    ctx.set_markers(space, "terror", sp.terror - removed, "6.3.2")
    level = int(sp.support) - (k - removed)
    ctx.set_support(space, Support(level), "6.3.2")
    return True


IMPROVE_TRAIL = Choose("improve-trail")
DECLINE = Choose("decline")


def _improve_trail(ctx: Ctx, faction: Faction, spaces: int) -> Generator[Ask, Command, bool]:
    """3.3.1: the NVA may pay 2 to Improve the Trail (by 2 under shaded SA-2s) -- compulsory
    when the Rally selected no space, since then it is the whole Rally."""
    if not _can_improve(ctx.state, faction, spaces):
        return False
    if spaces:
        answer = yield ctx.ask(
            faction,
            Kind.YES_NO,
            "NVA: pay 2 Resources to Improve the Trail?",
            (IMPROVE_TRAIL, DECLINE),
            "3.3.1",
        )
        if answer != IMPROVE_TRAIL:
            return False
    pay(ctx, faction, 2, free=True, rule="3.3.1", still_costs=True)
    effects.change_trail(ctx, effects.rally_trail_boxes(ctx.state), "3.3.1")
    return True


# == 3.3.2 March ==============================================================================
class _March:
    """A March in progress: pieces that arrived where (they move no further, except NVA
    continuing from Laos/Cambodia, THE TRAIL), destinations done and paid, and Underground
    Guerrillas that Marched into each destination (for Ambush, 4.4.3)."""

    __slots__ = (
        "arrived",
        "closed",
        "continues",
        "faction",
        "free",
        "movers",
        "origins",
        "paid",
        "ready",
    )

    def __init__(
        self,
        faction: Faction,
        free: bool,
        limited: bool,
        origins: Sequence[str] | None,
        pieces: str | None,
    ) -> None:
        self.faction = faction
        self.free = free
        self.continues = faction is Faction.NVA and not limited
        self.origins = None if origins is None else frozenset(space_pool(origins))
        movers = MOVERS[faction]
        if pieces == "troops":
            movers = tuple(p for p in movers if p is Piece.NVA_TROOPS)
        elif pieces == "guerrillas":
            movers = tuple(p for p in movers if p is not Piece.NVA_TROOPS)
        self.movers = movers
        self.arrived: dict[str, dict[Piece, int]] = {}
        self.closed: list[str] = []
        self.paid: set[str] = set()
        self.ready: dict[str, int] = {}

    def continuable(self, state: GameState, origin: str) -> bool:
        """NVA pieces that just arrived in Laos or Cambodia may go on (THE TRAIL, 3.3.2)."""
        return self.continues and origin in LAOS_CAMBODIA and state.trail > 0

    def movable(self, state: GameState, origin: str, piece: Piece) -> int:
        n = state.spaces[IDX[origin]].pieces[piece]
        came = self.arrived.get(origin)
        if came and not self.continuable(state, origin):
            n -= came.get(piece, 0)
        return n

    def cost(self, state: GameState, origin: str, dest: str) -> int:
        """Resources to move a group from ``origin`` into ``dest`` (3.3.2): 1 per Province or
        City entered, once per destination; 0 onto LoCs; for the NVA at Trail 4, 0 into or out
        of Laos and Cambodia."""
        if self.free or dest in self.paid or IS_LOC[dest]:
            return 0
        if (
            self.faction is Faction.NVA
            and state.trail == 4
            and (dest in LAOS_CAMBODIA or origin in LAOS_CAMBODIA)
        ):
            return 0
        return 1

    def sources(self, state: GameState, dest: str) -> Iterable[tuple[str, Piece, int]]:
        """(origin, piece, how many may move) for each group that could enter ``dest``."""
        cash = money(state, self.faction)
        for origin in ADJACENT[dest]:
            if self.origins is not None and origin not in self.origins:
                continue
            if self.cost(state, origin, dest) > cash:
                continue
            for piece in self.movers:
                n = self.movable(state, origin, piece)
                if n > 0:
                    yield origin, piece, n

    def origins_now(self, state: GameState) -> list[str]:
        """The spaces some piece may March from now."""
        out = []
        allowed, movers = self.origins, self.movers
        for s, sp in zip(ALL_SPACES, state.spaces, strict=True):
            if allowed is not None and s not in allowed:
                continue
            p = sp.pieces
            if any(p[x] for x in movers) and any(self.movable(state, s, x) > 0 for x in movers):
                out.append(s)
        return out

    def destinations(self, state: GameState, pool: Sequence[str]) -> list[str]:
        """The spaces of ``pool`` some group could enter now (not yet destinations): those
        next to an origin (adjacency is mutual), if the move there can be paid for."""
        cash = money(state, self.faction)
        reach: set[str] = set()
        for o in self.origins_now(state):
            for d in ADJACENT[o]:
                if d not in reach and (cash >= 1 or self.cost(state, o, d) <= cash):  # 0 or 1
                    reach.add(d)
        closed = self.closed
        return [d for d in pool if d in reach and d not in closed]

    def can_enter(self, state: GameState, dest: str) -> bool:
        return next(iter(self.sources(state, dest)), None) is not None


def can_march(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some Guerrilla (or NVA Troop) could move into an adjacent space it can pay for."""
    m = _March(faction, free, limited, None, None)
    for s in SPACES:
        sp = state.spaces[s.index]
        if not sp.count(*m.movers):
            continue
        for dest in ADJACENT[s.id]:
            if m.cost(state, s.id, dest) <= money(state, faction):
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


@operation("march", (Faction.NVA, Faction.VC), rule="3.3.2", legal=can_march, monsoon_banned=True)
def march(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    origins: Sequence[str] | None = None,
    destinations: Sequence[str] | None = None,
    max_destinations: int | None = None,
    pieces: str | None = None,
    **options: Any,
) -> Generator[Ask, Command, Outcome]:
    """March (3.3.2): select a destination, then move groups into it from adjacent spaces
    (``move N piece origin destination``; all pieces moving from one space into the
    destination are one group), then ``done``. Each group Activates its Guerrillas if the
    destination is a LoC or has Support and the group plus the US/ARVN cubes and SF there
    exceed 3 (1 under unshaded Main Force Bns; unshaded Claymores then removes 1 of its
    Guerrillas). NVA pieces that arrived in Laos or Cambodia may go on (THE TRAIL) unless
    the Trail is 0 or the March Limited. A LimOp has 1 destination.

    Event options: ``origins``, ``destinations`` (spaces allowed), ``max_destinations``,
    ``pieces`` (``"troops"`` or ``"guerrillas"`` only)."""
    m = _March(faction, free, limited, origins, pieces)
    dest_pool = space_pool(destinations)
    limit = 1 if limited else max_destinations
    tracker = AmbushTracker(faction, effects.ambush_space_limit(ctx.state))
    transfers = Transfers(faction, not free)

    def full(state: GameState, done: Sequence[str]) -> tuple[str, str] | None:
        if limit is not None and len(done) >= limit:
            return f"this March may have only {limit} destination(s)", "2.3.5"
        return None

    def ambush(state: GameState) -> list[Command]:
        return [AMBUSH] if _march_ambushes(state, m, tracker, sa) else []

    def take_extra(answer: Command) -> Generator[Ask, Command, None]:
        if answer != AMBUSH:
            yield from run_extra(ctx, answer, sa, transfers)
            return
        with tracker.scope(ctx) as scope:
            target = yield from ask_unless_one(
                ctx,
                faction,
                Kind.SELECT_SPACE,
                f"{faction}: Ambush in which March destination?",
                partial(_march_ambush_selects, ctx.state, m, tracker, sa),
                "4.4.3",
            )
            assert isinstance(target, Select)
            scope.space = target.space
            yield from tracker.strike(ctx, target.space, sa)

    yield from operation_spaces(
        ctx,
        faction,
        "March",
        "3.3.2",
        sa=sa,
        transfers=transfers,
        pool=dest_pool,
        full=full,
        candidates=lambda state, done: m.destinations(state, dest_pool),
        reason=lambda state, space: _march_reason(state, m, space),
        each=lambda space: _march_into(ctx, m, space),
        what="a destination",
        more=ambush,
        take_extra=take_extra,
    )
    return Outcome(executed=bool(m.closed))


def _march_ambush_selects(
    state: GameState, m: _March, tracker: AmbushTracker, sa: SpecialActivitySlot | None
) -> list[Command]:
    return [SELECT[d] for d in _march_ambushes(state, m, tracker, sa)]


def _march_ambushes(
    state: GameState, m: _March, tracker: AmbushTracker, sa: SpecialActivitySlot | None
) -> list[str]:
    """Destinations where the accompanying Ambush may strike now (4.4.3): an Underground
    Guerrilla of the Faction that Marched in is still there, and an enemy is within reach."""
    if not tracker.open(sa):
        return []
    return [
        d
        for d in m.closed
        if d not in tracker.spaces
        and min(m.ready.get(d, 0), state.space(d).pieces[GUERRILLA[m.faction]]) > 0
        and can_ambush_in(state, m.faction, d)
    ]


def _march_moves(state: GameState, m: _March, dest: str, may_stop: bool) -> list[Command]:
    """The groups that may still move into ``dest`` (``move N piece origin dest``), and
    ``done`` once one did (``may_stop``)."""
    options: list[Command] = [
        Move(piece, k, origin, dest)
        for origin, piece, n in m.sources(state, dest)
        for k in range(1, n + 1)
    ]
    if may_stop:
        options.append(DONE)
    return options


def _march_into(ctx: Ctx, m: _March, dest: str) -> Generator[Ask, Command, None]:
    """Move groups into ``dest`` until ``done``, then Activate groups as 3.3.2 says."""
    faction = m.faction
    groups: dict[str, dict[Piece, int]] = {}
    while True:
        state = ctx.state
        answer = yield ctx.ask(
            faction,
            Kind.MOVE_PIECES,
            f"{faction} March into {NAME[dest]}: move a group in (move N piece from here), or done",
            partial(_march_moves, state, m, dest, bool(groups)),
            "3.3.2",
            none_done=True,
        )
        if not isinstance(answer, Move):
            break
        cost = m.cost(state, answer.origin, dest)
        if cost:
            pay(ctx, faction, cost, free=m.free, rule="3.3.2")
            m.paid.add(dest)
        ctx.move(answer.piece, answer.count, answer.origin, dest, "3.3.2")
        came = m.arrived.get(answer.origin)
        if came and m.continuable(state, answer.origin):
            came[answer.piece] = max(0, came.get(answer.piece, 0) - answer.count)
        group = groups.setdefault(answer.origin, {})
        group[answer.piece] = group.get(answer.piece, 0) + answer.count
    m.closed.append(dest)
    _activate_groups(ctx, m, dest, groups)


def _activate_groups(ctx: Ctx, m: _March, dest: str, groups: dict[str, dict[Piece, int]]) -> None:
    faction = m.faction
    state = ctx.state
    sp = state.space(dest)
    exposed = IS_LOC[dest] or sp.support > Support.NEUTRAL
    coin = sp.count(*COIN_NON_BASES)
    limit = effects.march_activation_limit(state)
    underground, active = GUERRILLA[faction], ACTIVE_GUERRILLA[faction]
    arrived = m.arrived.setdefault(dest, {})
    for group in groups.values():
        u, a = group.get(underground, 0), group.get(active, 0)
        if exposed and sum(group.values()) + coin > limit and u + a:
            ctx.flip(dest, underground, u, "3.3.2")
            a, u = a + u, 0
            if effects.march_activation_loss(ctx.state):
                ctx.move(active, 1, dest, AVAILABLE, "5.4")
                a -= 1
        arrived[underground] = arrived.get(underground, 0) + u
        arrived[active] = arrived.get(active, 0) + a
        troops = group.get(Piece.NVA_TROOPS, 0)
        if troops:
            arrived[Piece.NVA_TROOPS] = arrived.get(Piece.NVA_TROOPS, 0) + troops
        m.ready[dest] = m.ready.get(dest, 0) + u


# == 3.3.3 Attack =============================================================================
GUERRILLA_ATTACK = Choose("guerrillas")
TROOP_ATTACK = Choose("troops")
TROOP_ATTACK_PER_TROOP = Choose("troops-per-troop")


def _attack_modes(
    state: GameState,
    faction: Faction,
    space: str,
    *,
    joint: bool,
    mode: str | None,
    ambush: bool,
    pt76: bool,
) -> tuple[Choose, ...]:
    """How the Faction may Attack in ``space``: with its Guerrillas (roll), NVA Troops (1
    per 2, or 1 per Troop in 1 space under shaded PT-76), or Ambush (4.4.3)."""
    sp = state.spaces[IDX[space]]
    p = sp.pieces
    underground = p[GUERRILLA[faction]]
    guerrillas = underground + p[ACTIVE_GUERRILLA[faction]]
    if joint:
        guerrillas += sp.count(*GUERRILLAS[PARTNER[faction]])
    troops = p[Piece.NVA_TROOPS] if faction is Faction.NVA and not joint else 0
    if not guerrillas and not troops:
        return ()
    enemy = has_enemy(sp)
    out: list[Choose] = []
    if enemy and mode != "troops" and guerrillas:
        out.append(GUERRILLA_ATTACK)
    if enemy and troops and mode != "guerrillas":
        out.append(TROOP_ATTACK)
        if pt76:
            out.append(TROOP_ATTACK_PER_TROOP)
    ambush = ambush and underground > 0 and mode is None and not joint
    if ambush and can_ambush_in(state, faction, space):
        out.append(AMBUSH)
    return tuple(out)


def _attack_reason(state: GameState, faction: Faction, space: str) -> tuple[str, str] | None:
    sp = state.space(space)
    if not has_enemy(sp) and not IS_LOC[space]:
        return f"no US or ARVN piece in {NAME[space]}", "3.3.3"
    own = sp.count(*GUERRILLAS[faction])
    if faction is Faction.NVA:
        own += sp.pieces[Piece.NVA_TROOPS]
    if not own:
        return f"no {faction} Guerrilla{' or Troop' * (faction is Faction.NVA)} there", "3.3.3"
    if not has_enemy(sp):
        return f"no enemy on {NAME[space]} (and no Ambush from it now, 4.4.3)", "3.3.3"
    return None


def can_attack(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space with an enemy and Guerrillas (or NVA Troops) of the Faction, and 1 Resource
    to pay (3.3.3); or, with a full Operation, a space it could Ambush in (4.4.3)."""
    if not can_pay(state, faction, 1, free):
        return False
    ambush = not limited and effects.ambush_space_limit(state) > 0
    for s in SPACES:
        if _attack_modes(state, faction, s.id, joint=False, mode=None, ambush=ambush, pt76=False):
            return True
    return False


@operation("attack", (Faction.NVA, Faction.VC), rule="3.3.3", legal=can_attack)
def attack(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    spaces: Sequence[str] | None = None,
    mandatory: bool = False,
    mode: str | None = None,
    joint: bool = False,
    max_spaces: int | None = None,
    **options: Any,
) -> Generator[Ask, Command, Outcome]:
    """Attack (3.3.3), 1 Resource per space. In each space, by mode: ``guerrillas`` --
    Activate all the Faction's Guerrillas there, roll a die, and on a roll not above their
    number remove up to 2 enemy pieces; ``troops`` (NVA) -- remove 1 enemy per 2 NVA Troops,
    no roll, no Activation (``troops-per-troop``: 1 per Troop, shaded PT-76, once per
    Attack); ``ambush`` -- the accompanying Ambush (4.4.3). Bases go last, US pieces to
    Casualties, and each US Troop or Base removed costs 1 attacking piece (Attrition). Under
    unshaded PT-76 each NVA Attack space first loses 1 NVA Troop.

    Event options: ``spaces`` (allowed), ``max_spaces``; ``mandatory`` -- every space of
    ``spaces`` (default: all) where an Attack can occur when the Attack begins must be
    attacked; ``mode`` -- ``"troops"`` or ``"guerrillas"`` only; ``joint`` -- VC and NVA
    Guerrillas Attack together, counting both for the roll, VC removed first for Attrition
    (card 124)."""
    rule = "3.3.3"
    pool = space_pool(spaces)
    limit = 1 if limited else max_spaces
    tracker = AmbushTracker(faction, effects.ambush_space_limit(ctx.state))
    pt76 = [effects.attack_one_per_troop(ctx.state, faction)]
    transfers = Transfers(faction, not free)

    def modes(state: GameState, space: str) -> tuple[Choose, ...]:
        return _attack_modes(
            state,
            faction,
            space,
            joint=joint,
            mode=mode,
            ambush=tracker.open(sa),
            pt76=pt76[0],
        )

    if mandatory:
        pool = tuple(s for s in pool if modes(ctx.state, s))

    def each(space: str) -> Generator[Ask, Command, None]:
        pay(ctx, faction, 1, free=free, rule=rule)
        chosen = yield from ask_unless_one(
            ctx,
            faction,
            Kind.CHOOSE_MODE,
            f"{faction} Attack in {NAME[space]}: with Guerrillas, Troops or Ambush?",
            partial(modes, ctx.state, space),
            rule,
        )
        if chosen == AMBUSH:
            with tracker.scope(ctx) as scope:
                scope.space = space
                yield from tracker.strike(ctx, space, sa)
        elif chosen == GUERRILLA_ATTACK:
            yield from _guerrilla_attack(ctx, faction, space, joint)
        else:
            per_troop = chosen == TROOP_ATTACK_PER_TROOP
            if per_troop:
                pt76[0] = False
            yield from _troop_attack(ctx, faction, space, per_troop)

    done = yield from operation_spaces(
        ctx,
        faction,
        "Attack",
        rule,
        sa=sa,
        transfers=transfers,
        pool=pool,
        full=lambda state, done: _full(state, faction, "Attack", limit, done, free),
        candidates=lambda state, done: (s for s in pool if s not in done and modes(state, s)),
        reason=lambda state, space: _attack_reason(state, faction, space),
        each=each,
        may_stop=lambda state, done, selects: bool(done) and not (mandatory and selects),
        forced=mandatory,
    )
    return Outcome(executed=bool(done))


def _guerrilla_attack(
    ctx: Ctx, faction: Faction, space: str, joint: bool
) -> Generator[Ask, Command, None]:
    rule = "3.3.3"
    troop_loss(ctx, faction, space)
    factions = (Faction.VC, Faction.NVA) if joint else (faction,)
    for f in factions:
        ctx.flip(space, GUERRILLA[f], ctx.state.space(space).pieces[GUERRILLA[f]], rule)
    sp = ctx.state.space(space)
    attackers = sum(sp.pieces[ACTIVE_GUERRILLA[f]] for f in factions)
    roll = ctx.roll(f"{faction} Attack in {NAME[space]}", rule)
    if roll > attackers:
        return
    losses = yield from remove_enemies(ctx, faction, (space,), 2, must=1, rule=rule)
    for f in factions:  # Attrition: VC before NVA in a joint Attack (card 124)
        k = min(losses, ctx.state.space(space).pieces[ACTIVE_GUERRILLA[f]])
        ctx.move(ACTIVE_GUERRILLA[f], k, space, AVAILABLE, rule)
        losses -= k


def _troop_attack(
    ctx: Ctx, faction: Faction, space: str, per_troop: bool
) -> Generator[Ask, Command, None]:
    rule = "3.3.3"
    troop_loss(ctx, faction, space)
    troops = ctx.state.space(space).pieces[Piece.NVA_TROOPS]
    removals = troops if per_troop else troops // 2
    if not removals:
        return
    losses = yield from remove_enemies(
        ctx, faction, (space,), removals, must=1, rule="5.3" if per_troop else rule
    )
    k = min(losses, ctx.state.space(space).pieces[Piece.NVA_TROOPS])
    ctx.move(Piece.NVA_TROOPS, k, space, AVAILABLE, rule)


# == 3.3.4 Terror =============================================================================
def _terror_reason(state: GameState, faction: Faction, space: str) -> tuple[str, str] | None:
    sp = state.spaces[IDX[space]]
    if not sp.pieces[GUERRILLA[faction]] and not (
        faction is Faction.NVA and sp.pieces[Piece.NVA_TROOPS]
    ):
        troop = " or NVA Troop" if faction is Faction.NVA else ""
        return f"no Underground {faction} Guerrilla{troop} in {NAME[space]}", "3.3.4"
    needed = effects.terror_guerrilla_cost(state, faction)
    if needed and sp.count(*GUERRILLAS[faction]) < needed:
        return f"Cadres: {needed} VC Guerrillas must be removed in {NAME[space]}", "5.3"
    return None


def _terror_ok(state: GameState, faction: Faction, space: str) -> bool:
    """The quick form of :func:`_terror_reason` (no message)."""
    p = state.spaces[IDX[space]].pieces
    if not p[GUERRILLA[faction]] and not (faction is Faction.NVA and p[Piece.NVA_TROOPS]):
        return False
    needed = effects.terror_guerrilla_cost(state, faction)
    return not needed or p[GUERRILLA[faction]] + p[ACTIVE_GUERRILLA[faction]] >= needed


def _terror_cost(space: str) -> int:
    """1 Resource per Province or City, 0 for LoCs (3.3.4)."""
    return 0 if IS_LOC[space] else 1


def can_terror(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space with an Underground Guerrilla of the Faction (or an NVA Troop) whose cost
    the Faction can pay (3.3.4)."""
    paying = can_pay(state, faction, 1, free)
    return any((paying or IS_LOC[s]) and _terror_ok(state, faction, s) for s in ALL_SPACES)


@operation("terror", (Faction.NVA, Faction.VC), rule="3.3.4", legal=can_terror)
def terror(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    spaces: Sequence[str] | None = None,
    mandatory: bool = False,
    max_spaces: int | None = None,
    **options: Any,
) -> Generator[Ask, Command, Outcome]:
    """Terror (3.3.4) in spaces with an Underground Guerrilla of the Faction (NVA: or an NVA
    Troop), 1 Resource per Province or City, 0 per LoC: Activate 1 Underground Guerrilla;
    in a Province or City without Terror place a Terror marker and shift it 1 level toward
    Active Opposition (VC) or any Support 1 level toward Neutral (NVA); on a LoC without
    Sabotage place Sabotage -- markers only while one of the 15 is left. Under unshaded
    Cadres the VC also remove 2 VC Guerrillas in each space (and need them).

    Event options: ``spaces``, ``max_spaces``; ``mandatory`` -- every space of ``spaces``
    (default: all) where Terror can occur when it begins must be selected (card 124)."""
    rule = "3.3.4"
    pool = space_pool(spaces)
    if mandatory:
        pool = tuple(s for s in pool if _terror_ok(ctx.state, faction, s))
    limit = 1 if limited else max_spaces

    def reason(state: GameState, s: str) -> tuple[str, str] | None:
        why = _terror_reason(state, faction, s)
        if why is None and not can_pay(state, faction, _terror_cost(s), free):
            why = (f"{faction} cannot pay 1 Resource for {NAME[s]}", "3.1")
        return why

    done = yield from operation_spaces(
        ctx,
        faction,
        "Terror",
        rule,
        sa=sa,
        transfers=Transfers(faction, not free),
        pool=pool,
        full=lambda state, done: _full(state, faction, "Terror", limit, done, True),
        candidates=lambda state, done: (
            s
            for s in pool
            if s not in done
            and can_pay(state, faction, _terror_cost(s), free)
            and _terror_ok(state, faction, s)
        ),
        reason=reason,
        each=lambda space: _terror_space(ctx, faction, space, free),
        may_stop=lambda state, done, selects: bool(done) and not (mandatory and selects),
        forced=mandatory,
    )
    return Outcome(executed=bool(done))


def _terror_space(
    ctx: Ctx, faction: Faction, space: str, free: bool
) -> Generator[Ask, Command, None]:
    rule = "3.3.4"
    pay(ctx, faction, _terror_cost(space), free=free, rule=rule)
    underground = GUERRILLA[faction]
    ctx.flip(space, underground, min(1, ctx.state.space(space).pieces[underground]), rule)
    yield from forces.remove_one_at_a_time(
        ctx,
        faction,
        Kind.REMOVE_PIECES,
        lambda nth: f"Cadres: remove a VC Guerrilla from {NAME[space]} ({nth + 1} of 2)",
        space,
        GUERRILLAS[faction],
        effects.terror_guerrilla_cost(ctx.state, faction),
        "5.3",
    )
    sp = ctx.state.space(space)
    info = SPACES[space_index(space)]
    if info.is_loc:
        if not sp.sabotage and free_markers(ctx.state) > 0:
            ctx.set_markers(space, "sabotage", 1, rule)
        return
    if sp.terror:
        return
    if free_markers(ctx.state) > 0:
        ctx.set_markers(space, "terror", 1, rule)
    if not info.can_have_support:
        return
    if faction is Faction.VC:
        if sp.support > Support.ACTIVE_OPPOSITION:
            ctx.set_support(space, Support(sp.support - 1), rule)
    elif sp.support > Support.NEUTRAL:
        ctx.set_support(space, Support(sp.support - 1), rule)


__all__ = [
    "Transfers",
    "attack",
    "can_attack",
    "can_march",
    "can_rally",
    "can_terror",
    "march",
    "place_own",
    "rally",
    "supply",
    "terror",
]
