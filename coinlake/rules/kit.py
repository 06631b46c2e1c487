"""The rules' kit: how every Operation, Special Activity, Event and Coup step chooses spaces
and moves, places, removes and replaces pieces (1.4.1-1.4.4, 1.5.2, 3.1, 4.1, 5.1.1).

Spaces are named by id everywhere (``"quang-nam"``); the map's facts come from
:mod:`coinlake.data.map` and card numbers from :mod:`coinlake.data.cards`, both built once.

- **commands** built once: :data:`SELECT`, :func:`word`, :func:`counts`, :func:`move_cmd`,
  :data:`DONE`, :data:`DECLINE`;
- **facts** of a state, memoised on it: :func:`at`, :func:`anywhere`, :func:`on_map`,
  :func:`spaces_with`,
  :func:`markers_left` (the 15 Terror/Sabotage markers, 3.3.4), :func:`can_pay`;
- **choosing spaces** (3.1, 4.1, 4.1.1, 5.1): :func:`select_spaces`, the loop, and
  :func:`action_spaces`, the space step of every Operation and Special Activity with its
  refusals (:func:`space_refusals`, :func:`sa_refusals`);
- **pieces** (1.4): :func:`may_stand`, :func:`room`, :func:`map_sources` and
  :func:`placements` (taking from the map when none is Available, 1.4.1), :func:`place`,
  :func:`place_move`, :func:`place_pieces`, :func:`remove`, :func:`remove_one_at_a_time`,
  :func:`replace`, :func:`activate`, :func:`go_underground`, :func:`shift`,
  :func:`add_marker`;
- **moving** pieces one group at a time: :class:`Mover` (origin and destination filters,
  per-source quotas, caps, pieces that arrived stay) with :func:`move_into` and
  :func:`move_step`;
- **targeting** (3.1): :func:`choose_targets`, :func:`activate_guerrillas`,
  :func:`remove_insurgents`;
- **NVA/VC Resource transfers** during an Operation (1.5.2): :class:`Transfers`.

Every option builder here is a generator reading precomputed tables, so the engine's check
for a forced answer stops after the first option (the second where a lone answer is taken
without asking: ``Ask._first``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator, Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache, partial
from typing import TypeVar

import attrs

from coinlake.data.cards import TYPHOON_KATE
from coinlake.data.map import (
    CAN_HAVE_SUPPORT,
    IN_NORTH_VIETNAM,
    INDEX,
    IS_LOC,
    NAME,
    SPACE_IDS,
)
from coinlake.data.pieces import ACTIVE, UNDERGROUND, Faction, Piece
from coinlake.data.pieces import Kind as PieceKind
from coinlake.rules import effects
from coinlake.rules.actions import Grant, SpecialActivitySlot, special_activities, spendable
from coinlake.rules.core import (
    DONE,
    Ask,
    Ctx,
    Kind,
    Refusal,
    ask_unless_one,
    deferred_refusals,
)
from coinlake.state.commands import Choose, Command, Count, Done, Move, Select
from coinlake.state.model import (
    AVAILABLE,
    BOXES,
    CASUALTIES,
    Counts,
    GameState,
    SpaceState,
    Support,
    Track,
    memo,
)

T = TypeVar("T")
Gen = Generator[Ask, Command, T]
"""A step that may ask questions and returns a ``T``."""
Slot = SpecialActivitySlot | None
"""An Operation's Special Activity slot (4.1), or -- for a Special Activity -- the slot it runs
in; ``None`` without one."""

NVA, VC = Faction.NVA, Faction.VC


# == commands, built once ======================================================================
SELECT: dict[str, Select] = {s: Select(s) for s in SPACE_IDS}
"""One ``Select`` per space."""


def select(location: str) -> Select:
    """``select <location>`` for a space or a box."""
    return SELECT.get(location) or Select(location)


@cache
def word(text: str) -> Choose:
    """A ``Choose`` command, built once per word."""
    return Choose(text)


@cache
def counts(low: int, high: int) -> tuple[Count, ...]:
    """The answers ``count low`` .. ``count high`` of a how-many question, built once."""
    return tuple(Count(n) for n in range(low, high + 1))


@lru_cache(maxsize=16384)
def move_cmd(piece: Piece, count: int, origin: str, destination: str) -> Move:
    """A ``Move`` command, built once (commands are immutable values)."""
    return Move(piece, count, origin, destination)


DECLINE = word("decline")
"""The answer declining an optional step (a yes-no question)."""


def then_done(options: Iterable[Command]) -> Iterator[Command]:
    """``options``, then ``done`` if there was any (a step the Faction may end)."""
    found = False
    for option in options:
        found = True
        yield option
    if found:
        yield DONE


def with_done(
    build: Callable[..., Iterable[Command]], *args: object
) -> Callable[[], Iterator[Command]]:
    """A question's options, built only when it is asked: ``build(*args)`` (the arguments as
    they are now), then ``done`` if there is any."""
    return lambda: then_done(build(*args))


def place_name(location: str) -> str:
    """A space's name, or a box's (``the Available box``), for prompts."""
    if location in BOXES:
        return f"the {location.replace('-', ' ').title()} box"
    return NAME[location]


def work_on(ctx: Ctx, space: str | None) -> None:
    """Show ``space`` as the space being worked in the questions that follow (the
    innermost scope's :attr:`~coinlake.rules.core.Context.space`), ``None`` when done."""
    top = ctx.top
    if top is not None:
        top.space = space


# == facts of a state ==========================================================================
def at(state: GameState, space: str) -> SpaceState:
    """The contents of ``space``."""
    return state.spaces[INDEX[space]]


def anywhere(state: GameState, *pieces: Piece) -> bool:
    """Whether any of these piece forms stands on the map."""
    return any(sp.pieces[p] for sp in state.spaces for p in pieces)


def on_map(state: GameState, *pieces: Piece) -> int:
    """How many of these piece forms stand on the map (memoised on the state per form)."""
    return sum(memo(state, ("on-map", p), partial(_on_map, state, p)) for p in pieces)


def _on_map(state: GameState, piece: Piece) -> int:
    return sum(sp.pieces[piece] for sp in state.spaces)


def spaces_with(state: GameState, piece: Piece) -> tuple[str, ...]:
    """The spaces holding ``piece``, in map order (memoised on the state)."""
    return memo(
        state,
        ("spaces-with", piece),
        lambda: tuple(s for s, sp in zip(SPACE_IDS, state.spaces, strict=True) if sp.pieces[piece]),
    )


def coin_count(p: Counts) -> int:
    """US and ARVN pieces among counts ``p`` (Piece values 0-8)."""
    return sum(p[:9])


def insurgent_count(p: Counts) -> int:
    """NVA and VC pieces among counts ``p`` (Piece values 9-17)."""
    return sum(p[9:])


def guerrilla_count(p: Counts) -> int:
    """NVA and VC Guerrillas, Underground or Active."""
    return p[10] + p[11] + p[14] + p[15]


TERROR_MARKERS = 15
"""Terror and Sabotage markers in the game, in all (3.3.4)."""


def markers_left(state: GameState) -> int:
    """Terror/Sabotage markers not on the map (3.3.4: 15 in all; 5.1.1: an Event places one
    only while one is left)."""
    return TERROR_MARKERS - sum(sp.terror + sp.sabotage for sp in state.spaces)


def add_marker(ctx: Ctx, space: str, marker: str, rule: str) -> bool:
    """Add a Terror or Sabotage marker (``marker``) in ``space`` if one of the 15 is left
    (3.3.4, 5.1.1); returns whether it was placed."""
    if markers_left(ctx.state) <= 0:
        return False
    sp = at(ctx.state, space)
    ctx.set_markers(space, marker, (sp.terror if marker == "terror" else sp.sabotage) + 1, rule)
    return True


ARVN_COST = 3
"""ARVN Resources per Train space where ARVN pieces are placed, per ARVN Patrol, per ARVN Sweep
or Assault space, and for the ARVN Assault a US Assault adds (3.2.1-3.2.4)."""


_RESOURCES: dict[Faction, Track] = {f: Track.resources_of(f) for f in Faction}


def can_pay(state: GameState, faction: Faction, cost: int, free: bool) -> bool:
    """Whether ``faction`` can pay ``cost`` Resources now (3.1; nothing when free, 3.1.2; the
    US only above Econ, :func:`~coinlake.rules.actions.spendable`, 1.8.1)."""
    if free or cost <= 0:
        return True
    if faction is Faction.US:
        return spendable(state, faction) >= cost
    return state.tracks[_RESOURCES[faction]] >= cost


def arvn_space_cost(
    faction: Faction, free: bool, name: str, rule: str
) -> Callable[[GameState, Sequence[str]], tuple[str, str] | None] | None:
    """Why no further space may be selected for an ARVN Sweep or Assault (3.2.3, 3.2.4,
    ``rule``): the 3 Resources of one more space are lacking. ``None``: nothing to pay (the
    US Sweeps and Assaults for free; a free Operation)."""
    if faction is not Faction.ARVN or free:
        return None

    def full(state: GameState, done: Sequence[str]) -> tuple[str, str] | None:
        if spendable(state, Faction.ARVN) >= ARVN_COST:
            return None
        return f"ARVN cannot pay 3 Resources for another {name} space", rule

    return full


def no_resources(
    faction: Faction, name: str, free: bool
) -> Callable[[GameState, Sequence[str]], tuple[str, str] | None] | None:
    """Why no further space may be selected for an Insurgent Operation ``name`` that costs 1
    Resource per space: none left (3.1). ``None`` when free (3.1.2)."""
    if free:
        return None

    def full(state: GameState, done: Sequence[str]) -> tuple[str, str] | None:
        if spendable(state, faction) >= 1:
            return None
        return f"{faction} has no Resources left to pay for a {name} space", "3.1"

    return full


def shift(ctx: Ctx, space: str, levels: int, rule: str, *, toward: Support | None = None) -> int:
    """Shift ``space`` ``levels`` toward Active Support (negative: toward Active Opposition),
    within the five levels; nothing for LoCs and Population 0 (1.6.1). ``toward``: a text's
    "toward Neutral" or "toward Passive Support" -- ``levels`` (at least 0) levels in the
    direction of that level, up or down, stopping there. Returns the levels shifted."""
    if not levels or not CAN_HAVE_SUPPORT[space]:
        return 0
    before = int(at(ctx.state, space).support)
    if toward is not None:
        levels = max(-levels, min(levels, int(toward) - before))
    after = max(-2, min(2, before + levels))
    ctx.set_support(space, Support(after), rule)
    return after - before


NOT_NORTH: tuple[str, ...] = tuple(s for s in SPACE_IDS if not IN_NORTH_VIETNAM[s])
"""Every space US and ARVN pieces may enter (1.4.2), in map order."""
COIN_PROVINCES_AND_CITIES: tuple[str, ...] = tuple(s for s in NOT_NORTH if not IS_LOC[s])
"""The Provinces and Cities a US or ARVN action may select (1.4.2: never North Vietnam)."""


def coin_outside(
    name: str, rule: str, *, locs: bool = False
) -> Callable[[str], tuple[str, str] | None]:
    """Why a US or ARVN action ``name`` never selects a space: North Vietnam (1.4.2), and --
    unless ``locs`` -- a LoC (its ``rule``: Provinces and Cities only)."""

    def outside(space: str) -> tuple[str, str] | None:
        if IN_NORTH_VIETNAM[space]:
            return "US and ARVN never enter North Vietnam", "1.4.2"
        if not locs and IS_LOC[space]:
            return f"{name} selects Provinces and Cities; {NAME[space]} is a LoC", rule
        return None

    return outside


# == what an Event grants (5.1, 5.5) =============================================================
NO_GRANT = Grant()
"""The terms of an action the Sequence of Play runs: no Event changes it."""
SPACE_TERMS = ("spaces", "required", "max_spaces", "compulsory")
"""The terms of a grant :func:`action_spaces` reads for every action."""


def honour(grant: Grant, name: str, *fields: str) -> None:
    """Refuse (``NotImplementedError``) a grant that changes ``name`` in a way it cannot
    carry out: every field set apart from ``fields`` and those every action reads (the
    action, its kind, Limited, Monsoon, whether it may be declined)."""
    if grant is NO_GRANT:
        return
    unread = [
        f for f in _GRANT_FIELDS if f not in fields and getattr(grant, f) != getattr(NO_GRANT, f)
    ]
    if unread:
        raise NotImplementedError(f"{name} cannot honour {unread} of a grant yet")


_GRANT_FIELDS = tuple(
    f.name
    for f in attrs.fields(Grant)
    if f.name not in ("action", "kind", "limited", "ignore_monsoon", "optional")
)


def monsoon(state: GameState, grant: Grant = NO_GRANT) -> bool:
    """Monsoon limits the action (2.3.9) -- unless the granting Event overrides it (5.1.1)."""
    return not grant.ignore_monsoon and effects.monsoon(state)


def typhoon_kate(state: GameState, free: bool) -> bool:
    """Typhoon Kate (115, Momentum) limits a US or ARVN Special Activity (5.4) -- unless it is
    free: the Event being played takes precedence (5.1.2)."""
    return not free and effects.momentum_active(state, TYPHOON_KATE)


# == choosing spaces (3.1, 4.1) ================================================================
def select_spaces(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    prompt: Callable[[Sequence[str]], str],
    rule: str,
    *,
    candidates: Callable[[GameState, Sequence[str]], Iterable[Command]],
    each: Callable[[str], Gen[object]],
    limit: int | None = None,
    refusals: Callable[[GameState, tuple[str, ...]], tuple[Refusal, ...]] | None = None,
    record: list[str] | None = None,
    extras: Callable[[GameState], Iterable[Command]] | None = None,
    take_extra: Callable[[Command], Gen[object]] | None = None,
    may_stop: Callable[[GameState, Sequence[str], Sequence[Command]], bool] | None = None,
    ask_done_alone: bool = False,
    forced: bool = False,
) -> Gen[list[str]]:
    """Let ``faction`` select spaces one at a time, each once (3.1, 4.1), up to ``limit``,
    resolving each with ``each(space)`` as it is selected; returns the spaces selected.

    Each step offers ``candidates(state, chosen)`` (``Select`` commands), then
    ``extras(state)`` (e.g. Special Activities that may start now, 4.1: answered through
    ``take_extra``), then ``Done`` when ``may_stop(state, chosen, candidates)`` (default:
    once a space was selected). The selection ends on ``Done``, at ``limit``, or when
    nothing but ``Done`` is left to offer (``ask_done_alone``: only when not even ``Done``
    is). ``refusals(state, chosen)`` gives the step's :attr:`Ask.refusals` (build them with
    :func:`deferred_refusals`); ``record`` receives each space (``slot.op_spaces`` or
    ``slot.sa_spaces``, 4.1.1); ``forced``: a single option is taken without asking. The
    innermost :class:`~coinlake.rules.core.Scope` shows the space being worked and those
    done."""
    chosen: list[str] = []
    top = ctx.top
    while limit is None or len(chosen) < limit:
        if top is not None:
            top.space, top.left = None, None if limit is None else limit - len(chosen)
        if ctx.replaying:  # the recorded answer, taken without building the question
            answer = ctx.recorded()
        else:
            answer = yield _select_ask(
                ctx,
                faction,
                kind,
                prompt(chosen),
                rule,
                tuple(chosen),
                candidates=candidates,
                refusals=refusals,
                extras=extras,
                may_stop=may_stop,
                ask_done_alone=ask_done_alone,
                forced=forced,
            )
        if isinstance(answer, Done):
            break
        if not isinstance(answer, Select):
            if take_extra is None:
                break
            yield from take_extra(answer)
            continue
        chosen.append(answer.space)
        if record is not None:
            record.append(answer.space)
        if top is not None:
            top.space = answer.space
            top.done.append(answer.space)
        yield from each(answer.space)
    if top is not None:
        top.space = None
    return chosen


def _select_ask(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    prompt: str,
    rule: str,
    done: tuple[str, ...],
    *,
    candidates: Callable[[GameState, Sequence[str]], Iterable[Command]],
    refusals: Callable[[GameState, tuple[str, ...]], tuple[Refusal, ...]] | None,
    extras: Callable[[GameState], Iterable[Command]] | None,
    may_stop: Callable[[GameState, Sequence[str], Sequence[Command]], bool] | None,
    ask_done_alone: bool,
    forced: bool,
) -> Ask:
    """:func:`select_spaces`'s question, with ``done`` selected so far."""
    state = ctx.state

    def options() -> Iterator[Command]:
        selects: Sequence[Command] = ()
        found = False
        if may_stop is not None:  # it looks at every candidate
            selects = tuple(candidates(state, done))
            found = bool(selects)
            yield from selects
        else:
            for command in candidates(state, done):
                found = True
                yield command
        for command in extras(state) if extras is not None else ():
            found = True
            yield command
        if (found or ask_done_alone) and (
            bool(done) if may_stop is None else may_stop(state, done, selects)
        ):
            yield DONE

    why = () if refusals is None else refusals(state, done)
    return ctx.ask(faction, kind, prompt, options, rule, why, single=forced, none_done=True)


Reason = Callable[[GameState, str], tuple[str, str] | None]
"""Why a space may not be selected now (message, rule), or ``None``."""


def action_spaces(
    ctx: Ctx,
    faction: Faction,
    name: str,
    rule: str,
    *,
    ok: Callable[[GameState, str], object] | None = None,
    possible: Callable[[GameState], Collection[str]] | None = None,
    each: Callable[[str], Gen[object]],
    grant: Grant = NO_GRANT,
    reason: Reason | None = None,
    spaces: Sequence[str] = SPACE_IDS,
    outside: Callable[[str], tuple[str, str] | None] | None = None,
    limit: int | None = None,
    full: Callable[[GameState, Sequence[str]], tuple[str, str] | None] | None = None,
    avoid: Callable[[], Sequence[str]] | None = None,
    avoided: tuple[str, str] = ("the Special Activity", "4.1.1"),
    record: list[str] | None = None,
    slot: SpecialActivitySlot | None = None,
    operation: str | None = None,
    more: Callable[[GameState], Iterable[Command]] | None = None,
    take_more: Callable[[Command], Gen[object]] | None = None,
    transfers: Transfers | None = None,
    may_stop: Callable[[GameState, Sequence[str], Sequence[Command]], bool] | None = None,
    ask_done_alone: bool = False,
    special_activity: bool = False,
    prompt: Callable[[Sequence[str]], str] | None = None,
    what: str = "a space",
) -> Gen[list[str]]:
    """The space step of an Operation or Special Activity ``name`` (3.1, 4.1): select, one at
    a time and each once, spaces of ``spaces`` (the action's own domain, in order; those
    outside it are explained by ``outside``) where ``ok(state, space)`` holds (or among
    ``possible(state)``, worked out once per question), not in
    ``avoid()`` (4.1.1; ``avoided`` names what selected them and the rule), up to ``limit``
    and while ``full(state, chosen)`` gives no reason to stop (e.g. no Resources left);
    resolve each with ``each``. Gives :func:`select_spaces` itself to ``yield from`` (no
    generator of its own around it, which every answer would pass through), whose value is
    the spaces selected.

    The granting Event's terms (``grant``, 5.1, 5.5) are read here for every action: the
    spaces it allows, its space limit, the spaces it requires and whether it is compulsory
    -- then every allowed (or required) space where the action can occur as it begins must
    be selected while it still can be, and a lone option is taken without asking.

    ``slot``: an Operation's Special Activity slot -- its Special Activities are offered
    beside the spaces (4.1), explained when refused (``operation``: the Operation's name),
    and the spaces recorded in ``slot.op_spaces`` (``record`` instead: e.g. a Special
    Activity's ``slot.sa_spaces``); ``more(state)`` offers further answers before them (an
    Ambush from a March destination), carried out by ``take_more``, and ``transfers`` the
    NVA/VC Resource transfers after them (1.5.2). ``Done`` per :func:`select_spaces`
    (``may_stop``, ``ask_done_alone``). ``special_activity``: the spaces of a Special
    Activity (each once per 4.1; the step ends at its limit, while an Operation's goes on
    offering its Special Activity and transfers). Refusals (:func:`space_refusals`) name the
    rule of each reason; ``reason`` explains the spaces where ``ok`` fails."""
    if possible is not None:
        ok = partial(_among, possible)
    assert ok is not None
    can = ok
    pool = spaces if grant.spaces is None else tuple(s for s in spaces if s in grant.spaces)
    if grant.max_spaces is not None:
        limit = grant.max_spaces if limit is None else min(limit, grant.max_spaces)
    must: frozenset[str] = frozenset()
    if grant.compulsory or grant.required:
        start = ctx.state
        now = tuple(s for s in pool if can(start, s))
        if grant.compulsory:
            pool = now
        must = frozenset(now if grant.compulsory else set(now) & set(grant.required))
    if must:
        stop = may_stop

        def may_stop(state: GameState, done: Sequence[str], selects: Sequence[Command]) -> bool:
            if any(isinstance(c, Select) and c.space in must for c in selects):
                return False
            return bool(done) if stop is None else stop(state, done, selects)

    def blocked(state: GameState, done: Sequence[str]) -> tuple[str, str] | None:
        if limit is not None and len(done) >= limit:
            return f"this {name} may select only {limit} {what.split()[-1]}(s)", "2.3.5"
        return None if full is None else full(state, done)

    def candidates(state: GameState, done: Sequence[str]) -> Iterator[Command]:
        if blocked(state, done) is not None:
            return
        skip: Collection[str] = done
        if avoid is not None:
            skip = {*done, *avoid()}
        if possible is not None:
            found = possible(state)
            for s in filter(found.__contains__, pool):  # only the spaces found, in pool order
                if s not in skip:
                    yield SELECT[s]
            return
        for s in pool:
            if s not in skip and can(state, s):
                yield SELECT[s]

    def extras(state: GameState) -> Iterator[Command]:
        if more is not None:
            yield from more(state)
        if slot is not None:
            yield from slot.choices(state)
        if transfers is not None:
            yield from transfers.options(state)

    def take_extra(answer: Command) -> Gen[object]:
        if transfers is not None and answer in (GIVE, GET):
            yield from transfers.run(ctx, answer)
            return None
        if more is not None and answer in tuple(more(ctx.state)):
            assert take_more is not None
            return (yield from take_more(answer))
        assert slot is not None
        return (yield from slot.take(ctx, answer))

    def refusals(state: GameState, done: tuple[str, ...]) -> tuple[Refusal, ...]:
        return deferred_refusals(
            partial(
                _refusals,
                state,
                faction,
                name,
                done,
                blocked(state, done),
                pool,
                outside,
                reason,
                () if avoid is None else tuple(avoid()),
                avoided,
                "4.1" if special_activity else "3.1",
                slot,
                operation,
            )
        )

    return select_spaces(
        ctx,
        faction,
        Kind.SELECT_SPACE,
        prompt
        or (
            lambda done: (
                f"{faction} {name}: select {what} ({len(done)} so far)"
                + (", or done" if done else "")
            )
        ),
        rule,
        candidates=candidates,
        each=each,
        limit=limit if special_activity else None,
        refusals=refusals,
        record=record if record is not None or slot is None else slot.op_spaces,
        extras=extras if (more, slot, transfers) != (None, None, None) else None,
        take_extra=take_extra,
        may_stop=may_stop,
        ask_done_alone=ask_done_alone,
        forced=bool(must),
    )


def _among(possible: Callable[[GameState], Collection[str]], state: GameState, space: str) -> bool:
    return space in possible(state)


def _refusals(
    state: GameState,
    faction: Faction,
    name: str,
    done: tuple[str, ...],
    blocked: tuple[str, str] | None,
    pool: Sequence[str],
    outside: Callable[[str], tuple[str, str] | None] | None,
    reason: Reason | None,
    avoid: tuple[str, ...],
    avoided: tuple[str, str],
    once_rule: str,
    slot: SpecialActivitySlot | None,
    operation: str | None,
) -> Iterator[Refusal]:
    yield from space_refusals(
        state,
        name,
        done,
        blocked=blocked,
        pool=pool,
        outside=outside,
        reason=reason,
        avoid=avoid,
        avoided=avoided,
        once_rule=once_rule,
    )
    if operation is not None:
        yield from sa_refusals(state, faction, slot, operation)


def space_refusals(
    state: GameState,
    name: str,
    done: Sequence[str],
    *,
    blocked: tuple[str, str] | None = None,
    pool: Collection[str] = SPACE_IDS,
    outside: Callable[[str], tuple[str, str] | None] | None = None,
    reason: Reason | None = None,
    avoid: Sequence[str] = (),
    avoided: tuple[str, str] = ("the Special Activity", "4.1.1"),
    once_rule: str = "3.1",
) -> Iterator[Refusal]:
    """Why each space may not be selected for ``name`` now: outside the action's domain
    (``outside``: North Vietnam, a LoC...), already selected (each space once: ``once_rule``,
    3.1 or 4.1), selected for the other action of an Operation and its Special Activity
    (``avoid``; ``avoided``: for what, and the rule, 4.1.1), no more spaces at all
    (``blocked``), not allowed by the Event (5.1), or ``reason(state, space)``."""
    for s in SPACE_IDS:
        why = outside(s) if outside is not None else None
        if why is not None:
            yield SELECT[s], *why
        elif s in done:
            yield SELECT[s], f"{NAME[s]} was already selected for this {name}", once_rule
        elif s in avoid:
            yield SELECT[s], f"{NAME[s]} was selected for {avoided[0]}", avoided[1]
        elif blocked is not None:
            yield SELECT[s], *blocked
        elif s not in pool:
            yield SELECT[s], f"the Event does not allow {NAME[s]} here", "5.1"
        elif reason is not None:
            why = reason(state, s)
            if why is not None:
                yield SELECT[s], *why


def sa_refusals(
    state: GameState, faction: Faction, slot: SpecialActivitySlot | None, operation: str
) -> Iterator[Refusal]:
    """Why each Special Activity of ``faction`` is not offered beside the Operation
    ``operation`` now (4.1, 4.1.1)."""
    ready = set(slot.choices(state)) if slot is not None else set()
    for action in special_activities(faction):
        command = word(action.name)
        if command in ready:
            continue
        if slot is None:
            why = "no Special Activity with this Operation (Limited, or chosen without one)"
            yield command, why, "4.1"
        elif slot.used:
            yield command, "the Operation's one Special Activity was already executed", "4.1"
        elif action.accompanies and operation not in action.accompanies:
            others = " or ".join(action.accompanies)
            why = f"{action.name} may not accompany {operation}: only {others}"
            yield command, why, "4.1.1"
        elif action.name == "ambush":
            why = "Ambush is chosen in an Attack space or once a March destination is done"
            yield command, why, action.rule
        else:
            yield command, f"{action.name} could not occur now", action.rule


# == pieces (1.4) ==============================================================================
MAX_BASES = 2
"""At most 2 Bases of any Factions in a Province or City, none on a LoC (1.4.2)."""


def available(state: GameState, piece: Piece) -> int:
    """Pieces of this type in the Available box (1.4.1)."""
    return state.available[piece.box_form]


def count_at(state: GameState, piece: Piece, location: str) -> int:
    """How many ``piece`` stand in a space or lie in a box (boxes hold box forms, 1.4.1)."""
    if location in BOXES:
        return state.box(location)[piece.box_form]
    return at(state, location).pieces[piece]


def may_stand(piece: Piece, space: str) -> bool:
    """Whether the piece may be in the space at all: only NVA and VC in North Vietnam, no
    Bases on LoCs (1.4.2, 1.3.5)."""
    if IN_NORTH_VIETNAM[space] and piece.faction.is_coin:
        return False
    return not (piece.kind is PieceKind.BASE and IS_LOC[space])


def base_room(state: GameState, space: str) -> int:
    """How many more Bases the space can hold (1.4.2)."""
    if IS_LOC[space]:
        return 0
    return max(0, MAX_BASES - at(state, space).bases())


def room(state: GameState, piece: Piece, space: str) -> int:
    """How many ``piece`` may still enter ``space`` without breaking stacking (1.4.2); a
    large number when unlimited."""
    if not may_stand(piece, space):
        return 0
    return base_room(state, space) if piece.kind is PieceKind.BASE else 1_000


def can_place(state: GameState, piece: Piece, space: str, count: int = 1) -> bool:
    """Whether ``count`` such pieces may be placed there without breaking stacking (1.4.2)."""
    return room(state, piece, space) >= count


def _forms(piece: Piece) -> tuple[Piece, ...]:
    """A piece type's forms on the map: its box form, then its other side (1.4.3, 1.4.4)."""
    box = piece.box_form
    other = box.flipped()
    return (box,) if other is box else (box, other)


def _takes_from_map(faction: Faction, piece: Piece) -> bool:
    """Whether ``faction`` may take ``piece`` from the map when none is Available (1.4.1):
    its own pieces; the US also Irregulars and ARVN pieces, never US Troops or US Bases."""
    owner = piece.faction
    if faction is Faction.US:
        if owner is Faction.US:
            return piece.kind is PieceKind.IRREGULAR
        return owner is Faction.ARVN
    return owner is faction


def map_sources(state: GameState, faction: Faction, piece: Piece) -> tuple[str, ...]:
    """Spaces from which ``faction`` may take a piece of this type to place it, because none is
    Available (1.4.1): its own pieces, and for the US also Irregulars and ARVN pieces, but
    never US Troops or US Bases. Taking a Tunneled Base removes its Tunnel."""
    if available(state, piece) > 0 or not _takes_from_map(faction, piece):
        return ()
    forms = _forms(piece)
    return tuple(
        s
        for s, sp in zip(SPACE_IDS, state.spaces, strict=True)
        if any(map(sp.pieces.__getitem__, forms))
    )


def supply(state: GameState, faction: Faction, piece: Piece, space: str, need: int = 1_000) -> int:
    """How many ``piece`` ``faction`` could place in ``space`` now: those Available, then --
    once none is Available -- those it may take from elsewhere on the map (1.4.1). Counting
    stops early once ``need`` are found Available."""
    n = available(state, piece)
    if n >= need or not _takes_from_map(faction, piece):
        return n
    forms = _forms(piece)
    here = at(state, space).pieces
    return n + on_map(state, *forms) - sum(here[f] for f in forms)


def placements(
    state: GameState, faction: Faction, piece: Piece, space: str, most: int
) -> Iterator[Move]:
    """``Move`` commands placing 1..``most`` ``piece`` in ``space``: from Available, or --
    only when none is Available -- 1 at a time from another space (1.4.1,
    :func:`map_sources`)."""
    if most <= 0:
        return
    n = state.available[piece.box_form]
    if n:
        for k in range(1, min(most, n) + 1):
            yield move_cmd(piece.box_form, k, AVAILABLE, space)
        return
    forms = _forms(piece)
    for origin in map_sources(state, faction, piece):
        if origin == space:
            continue
        here = at(state, origin).pieces
        for form in forms:
            if here[form]:
                yield move_cmd(form, 1, origin, space)


def place(
    ctx: Ctx, piece: Piece, count: int, space: str, rule: str, source: str = AVAILABLE
) -> int:
    """Place up to ``count`` ``piece`` from the box ``source`` (Available unless a text says
    Out of Play or Casualties) in ``space``, as many as are there and stacking allows
    (1.4.1, 1.4.2, 5.1.1); they arrive Underground and without Tunnel (1.4.3). Returns how
    many were placed."""
    form = piece.box_form
    n = max(0, min(count, ctx.state.box(source)[form], room(ctx.state, form, space)))
    ctx.move(form, n, source, space, rule)
    return n


def place_move(ctx: Ctx, move: Move, rule: str) -> None:
    """Carry out a placement from :func:`placements`: a piece taken from the map is removed
    and placed anew, so it arrives Underground and without Tunnel (1.4.1, 1.4.3, 1.4.4)."""
    if move.origin != AVAILABLE:
        ctx.move(move.piece, move.count, move.origin, AVAILABLE, "1.4.1")
    ctx.move(move.piece.box_form, move.count, AVAILABLE, move.destination, rule)


def place_pieces(
    ctx: Ctx, faction: Faction, piece: Piece, count: int, space: str, rule: str
) -> Gen[int]:
    """Place ``count`` ``piece`` in ``space`` for ``faction``: from Available while any is
    there, then from elsewhere on the map, ``faction`` choosing where from one at a time
    (1.4.1). Returns how many were placed (fewer only if the pieces run out)."""
    form = piece.box_form
    placed = min(count, ctx.state.available[form])
    ctx.move(form, placed, AVAILABLE, space, rule)
    while placed < count:
        answer = yield ctx.ask(
            faction,
            Kind.PLACE_PIECES,
            f"{faction}: no {form.token} Available -- take one from the map for {NAME[space]}",
            partial(placements, ctx.state, faction, form, space, 1),
            "1.4.1",
            single=True,
            none_done=True,
        )
        if not isinstance(answer, Move):
            break  # none left anywhere
        place_move(ctx, answer, rule)
        placed += 1
    return placed


def remove(ctx: Ctx, piece: Piece, count: int, space: str, rule: str, box: str = AVAILABLE) -> None:
    """Remove pieces from a space to a box (Available unless a rule says Casualties or Out of
    Play, 1.4.1)."""
    ctx.move(piece, count, space, box, rule)


def remove_one_at_a_time(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    prompt: Callable[[int], str],
    space: str,
    pieces: Sequence[Piece],
    count: int,
    rule: str,
) -> Gen[int]:
    """Remove up to ``count`` of ``pieces`` from ``space`` to Available one at a time,
    ``faction`` choosing which where more than one form is there (3.1); ``kind`` is the
    question's kind (``Kind.REMOVE_PIECES``); ``prompt(nth)`` asks for the ``nth`` (from 0).
    Returns how many were removed."""
    removed = 0
    for nth in range(count):
        here = at(ctx.state, space).pieces
        choices = [move_cmd(p, 1, space, AVAILABLE) for p in pieces if here[p]]
        if not choices:
            break
        answer = yield from ask_unless_one(ctx, faction, kind, prompt(nth), choices, rule)
        assert isinstance(answer, Move)
        ctx.move(answer.piece, 1, space, AVAILABLE, rule)
        removed += 1
    return removed


def which_piece(
    ctx: Ctx,
    faction: Faction,
    prompt: str,
    pieces: Sequence[Piece],
    space: str,
    rule: str,
    box: str = AVAILABLE,
) -> Gen[Piece]:
    """Ask which of ``pieces`` to remove from ``space`` to ``box``, unless only one."""
    answer = yield from ask_unless_one(
        ctx,
        faction,
        Kind.REMOVE_PIECES,
        prompt,
        lambda: (move_cmd(p, 1, space, box) for p in pieces),
        rule,
    )
    assert isinstance(answer, Move)
    return answer.piece


def replace(
    ctx: Ctx,
    faction: Faction,
    space: str,
    old: Piece,
    old_count: int,
    new: Piece,
    new_count: int,
    rule: str,
    *,
    box: str = AVAILABLE,
) -> Gen[int]:
    """Replace ``old_count`` ``old`` in ``space`` (to ``box``) with ``new_count`` ``new``
    placed by ``faction`` -- counts may differ -- per :func:`place_pieces` (Available first,
    then from the map, 1.4.1); returns how many were placed."""
    ctx.move(old, old_count, space, box, rule)
    return (yield from place_pieces(ctx, faction, new, new_count, space, rule))


def activate(ctx: Ctx, space: str, faction: Faction, count: int, rule: str) -> int:
    """Flip up to ``count`` of the Faction's Underground Guerrillas or SF in the space to
    Active (1.4.3); returns how many flipped."""
    p = at(ctx.state, space).pieces
    flipped = 0
    for piece in UNDERGROUND[faction]:
        n = min(count - flipped, p[piece])
        ctx.flip(space, piece, n, rule)
        flipped += n
    return flipped


def go_underground(ctx: Ctx, space: str, faction: Faction, rule: str) -> int:
    """Flip all the Faction's Active Guerrillas or SF in the space Underground (1.4.3)."""
    p = at(ctx.state, space).pieces
    total = 0
    for piece in ACTIVE[faction]:
        n = p[piece]
        ctx.flip(space, piece, n, rule)
        total += n
    return total


# == moving pieces, one group at a time =========================================================
Origins = Callable[[GameState], Iterable[str]]
Sources = Callable[[GameState, str], Iterable[str]]
Targets = Callable[[GameState, str, Piece], Iterable[str]]


Arrivals = tuple[tuple[tuple[str, Piece], int], ...]
"""The pieces that arrived where (:attr:`Mover.arrived`) as plain data: ``((location,
form), count)`` in the order they first arrived."""


class Mover:
    """A series of moves: which pieces may move, from where to where, how many at most, and
    what has moved so far. Lives only inside a running procedure.

    - ``pieces``: the piece forms that may move, in the order options list them;
    - origin and destination filters: ``sources(state, destination)`` -- where pieces may
      come from into a destination (:func:`move_into`); ``origins(state)`` -- where pieces
      may leave from, and ``targets(state, origin, piece)`` -- where they may go
      (:func:`move_step`); spaces and boxes alike;
    - ``quotas``: at most so many pieces from an origin in all (``{"out-of-play": 3}``: "up
      to 3 of them from Out of Play"); ``caps``: at most so many of a group of piece forms in
      all (``((ARVN_PIECES, 4),)``); ``one``: each move takes 1 piece;
    - pieces that arrived stay (``arrived``, keyed by location and form, may be seeded),
      unless ``stays(state, location)`` says that pieces arrived there may move on;
    - Bases never break stacking (1.4.2).
    """

    __slots__ = (
        "arrived",
        "caps",
        "one",
        "origins",
        "pieces",
        "quotas",
        "sources",
        "stays",
        "targets",
    )

    def __init__(
        self,
        pieces: Sequence[Piece],
        *,
        sources: Sources | None = None,
        origins: Origins | None = None,
        targets: Targets | None = None,
        quotas: Mapping[str, int] | None = None,
        caps: Iterable[tuple[Collection[Piece], int]] = (),
        one: bool = False,
        arrived: Iterable[tuple[str, Piece, int]] = (),
        stays: Callable[[GameState, str], bool] | None = None,
    ) -> None:
        self.pieces = tuple(pieces)
        self.sources = sources
        self.origins = origins
        self.targets = targets
        self.quotas: dict[str, int] = dict(quotas or {})
        self.caps: list[tuple[frozenset[Piece], int]] = [(frozenset(g), n) for g, n in caps]
        self.one = one
        self.stays = stays
        self.arrived: dict[tuple[str, Piece], int] = {}
        for location, piece, n in arrived:
            self.arrived[(location, piece)] = self.arrived.get((location, piece), 0) + n

    def movable(self, state: GameState, origin: str, piece: Piece) -> int:
        """How many ``piece`` may still move from ``origin``."""
        i = INDEX.get(origin)
        n = (state.box(origin) if i is None else state.spaces[i].pieces)[piece]
        if not n:
            return 0
        if self.arrived:
            came = self.arrived.get((origin, piece))
            if came and (self.stays is None or self.stays(state, origin)):
                n -= came
        if self.quotas and origin in self.quotas:
            n = min(n, self.quotas[origin])
        for group, left in self.caps:
            if piece in group:
                n = min(n, left)
        if self.one:
            n = min(n, 1)
        return max(0, n)

    def into(self, state: GameState, destination: str) -> Iterator[Move]:
        """Every move into ``destination``: each source, each piece form, each number."""
        assert self.sources is not None
        for origin in self.sources(state, destination):
            for piece in self.pieces:
                n = self.movable(state, origin, piece)
                if n and piece in _STACKED and destination not in BOXES:
                    n = min(n, room(state, piece, destination))
                for k in range(1, n + 1):
                    yield move_cmd(piece, k, origin, destination)

    def destinations(self, state: GameState, origin: str) -> Iterator[str]:
        """Where some piece may go from ``origin`` (each once, in order)."""
        assert self.targets is not None
        seen: set[str] = set()
        for piece in self.pieces:
            if self.movable(state, origin, piece):
                for d in self.targets(state, origin, piece):
                    if d not in seen:
                        seen.add(d)
                        yield d

    def from_to(self, state: GameState, origin: str, destination: str) -> Iterator[Move]:
        """Every move from ``origin`` to ``destination``: each piece form, each number."""
        assert self.targets is not None
        for piece in self.pieces:
            n = self.movable(state, origin, piece)
            if n and destination in self.targets(state, origin, piece):
                if piece in _STACKED and destination not in BOXES:
                    n = min(n, room(state, piece, destination))
                for k in range(1, n + 1):
                    yield move_cmd(piece, k, origin, destination)

    def departures(self, state: GameState) -> Iterator[str]:
        """The origins from which some piece may still go somewhere (one of
        :meth:`destinations` is enough)."""
        assert self.origins is not None and self.targets is not None
        movable, targets, pieces = self.movable, self.targets, self.pieces
        for o in self.origins(state):
            for p in pieces:  # a loop, not any(): it runs for every origin at every step
                if movable(state, o, p) and next(iter(targets(state, o, p)), None) is not None:
                    yield o
                    break

    def arrivals(self) -> Arrivals:
        """The pieces that arrived, as data (a sub-procedure's value, which ``arrived`` is
        set from again with ``dict``)."""
        return tuple(self.arrived.items())

    def record(self, move: Move) -> None:
        """Note a move made: its pieces arrived, its origin's quota and the caps are used."""
        key = (move.destination, move.piece)
        self.arrived[key] = self.arrived.get(key, 0) + move.count
        if move.origin in self.quotas:
            self.quotas[move.origin] -= move.count
        if self.caps:
            self.caps = [
                (group, left - move.count if move.piece in group else left)
                for group, left in self.caps
            ]


_STACKED = frozenset(p for p in Piece if p.kind is PieceKind.BASE or p.faction.is_coin)
"""Pieces whose moves stacking may limit (1.4.2): Bases, and US and ARVN pieces (never in
North Vietnam)."""


def carry_out(ctx: Ctx, move: Move, rule: str) -> None:
    """Make ``move``: from a box it is a placement (box form), otherwise a plain move."""
    piece = move.piece.box_form if move.origin in BOXES else move.piece
    ctx.move(piece, move.count, move.origin, move.destination, rule)


def move_steps(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    moves: Callable[[GameState], Iterable[Command]],
    apply: Callable[[Move], object],
    prompt: Callable[[int], str],
    rule: str,
    *,
    most: int | None = None,
    may_stop: Callable[[bool], bool] | None = None,
    single: bool = False,
) -> Gen[int]:
    """Moves one at a time, the one loop every Operation, Special Activity, card and Coup
    step that moves, places or removes pieces a group at a time runs on: each question
    offers ``moves(state)``, then ``done`` when ``may_stop(found)`` says (default: when a
    move is offered; ``lambda found: False``: the moves are compulsory while one is
    possible, 5.1.3); ``single``: a lone legal move is taken without asking. Ends on
    ``done``, when nothing is left, or after ``most`` moves; ``apply`` carries each move
    out (a step that may ask, when it returns a generator, e.g. where from the map a piece
    comes, 1.4.1). ``prompt(n)`` names the step after ``n`` moves. Returns how many moves
    were made."""
    made = 0
    while most is None or made < most:
        if ctx.replaying:  # the recorded answer, taken without building the question
            answer = ctx.recorded()
        else:
            answer = yield _move_ask(
                ctx, faction, kind, moves, prompt(made), rule, may_stop, single
            )
        if not isinstance(answer, Move):
            break
        steps = apply(answer)
        if isinstance(steps, Generator):
            yield from steps
        made += 1
    return made


def _move_ask(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    moves: Callable[[GameState], Iterable[Command]],
    prompt: str,
    rule: str,
    may_stop: Callable[[bool], bool] | None,
    single: bool,
) -> Ask:
    """:func:`move_steps`'s question."""
    state = ctx.state

    def options() -> Iterator[Command]:
        found = False
        for move in moves(state):
            found = True
            yield move
        if found if may_stop is None else may_stop(found):
            yield DONE

    return ctx.ask(faction, kind, prompt, options, rule, single=single, none_done=True)


def move_into(
    ctx: Ctx,
    faction: Faction,
    mover: Mover,
    destination: str,
    prompt: Callable[[int], str],
    rule: str,
    *,
    kind: Kind = Kind.MOVE_PIECES,
    most: int | None = None,
    may_stop: Callable[[], bool] | None = None,
    apply: Callable[[Move], None] | None = None,
) -> Gen[int]:
    """Let ``faction`` move pieces into ``destination`` a group at a time (:func:`move_steps`):
    each question offers every move of :meth:`Mover.into` (origin, piece, how many), then
    ``done`` -- when something is offered, or as ``may_stop()`` says (``lambda: False``: the
    moves are compulsory while one is possible, 5.1.3). ``apply`` carries a move out
    (default :func:`carry_out`). Gives :func:`move_steps` itself to ``yield from`` (as
    :func:`action_spaces`), whose value is how many moves were made."""

    def carry(answer: Move) -> None:
        if apply is not None:
            apply(answer)
        else:
            carry_out(ctx, answer, rule)
        mover.record(answer)

    return move_steps(
        ctx,
        faction,
        kind,
        lambda state: mover.into(state, destination),
        carry,
        prompt,
        rule,
        most=most,
        may_stop=None if may_stop is None else (lambda found: may_stop()),
    )


def move_step(
    ctx: Ctx,
    faction: Faction,
    mover: Mover,
    label: str,
    rule: str,
    *,
    kind: Kind = Kind.MOVE_PIECES,
    extras: Callable[[GameState], Iterable[Command]] | None = None,
    refusals: tuple[Refusal, ...] = (),
    blocked: str | None = None,
    single: bool = False,
    destination_rule: str | None = None,
) -> Gen[Command]:
    """One move in three small steps: from where (:meth:`Mover.departures`, then
    ``extras(state)``, then ``done`` unless ``blocked`` says why not), to where, and which
    pieces how many (those two taken unasked when there is one answer); the move is made and
    recorded. ``single``: a lone origin is taken unasked too. Returns the move, or the answer
    that was not one (``done``, an extra)."""
    state = ctx.state

    def origins() -> Iterator[Command]:
        found = False
        for o in mover.departures(state):  # not those with nowhere to go (a grant's spaces)
            found = True
            yield select(o)
        for command in extras(state) if extras is not None else ():
            found = True
            yield command
        if found and blocked is None:
            yield DONE

    answer = yield ctx.ask(
        faction,
        Kind.SELECT_SPACE,
        f"{label}: move from which space" + (", or done" if blocked is None else ""),
        origins,
        rule,
        refusals,
        single=single,
        none_done=True,
    )
    if not isinstance(answer, Select):
        return answer
    origin = answer.space
    target = yield from ask_unless_one(
        ctx,
        faction,
        Kind.SELECT_SPACE,
        f"{label}: move from {place_name(origin)} to where?",
        lambda: (select(d) for d in mover.destinations(state, origin)),
        destination_rule or rule,
    )
    assert isinstance(target, Select)
    destination = target.space
    work_on(ctx, destination)
    move = yield from ask_unless_one(
        ctx,
        faction,
        kind,
        f"{label} from {place_name(origin)} to {place_name(destination)}: move which pieces?",
        partial(mover.from_to, state, origin, destination),
        rule,
    )
    work_on(ctx, None)
    assert isinstance(move, Move)
    carry_out(ctx, move, rule)
    mover.record(move)
    return move


# == targeting (3.1) ===========================================================================
Enemies = frozenset[Faction]
"""The enemy Factions an action targets (3.1)."""
BOTH: Enemies = frozenset((NVA, VC))
TARGET_NVA, TARGET_VC, TARGET_BOTH = word("target-nva"), word("target-vc"), word("target-both")
TARGET_CHOICES: dict[Command, Enemies] = {
    TARGET_NVA: frozenset((NVA,)),
    TARGET_VC: frozenset((VC,)),
    TARGET_BOTH: BOTH,
}
TARGET_REFUSALS: tuple[Refusal, ...] = tuple(
    (word(f"target-{w}"), f"{name} is not an enemy of the US and ARVN", "3.1")
    for w, name in (("us", "the US"), ("arvn", "ARVN"))
)
UNDERGROUND_GUERRILLAS = (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_UNDERGROUND)
ACTIVE_GUERRILLAS = (Piece.NVA_GUERRILLA_ACTIVE, Piece.VC_GUERRILLA_ACTIVE)
OPEN_BASES = (Piece.NVA_BASE, Piece.VC_BASE)
TUNNELED_BASES = (Piece.NVA_TUNNELED_BASE, Piece.VC_TUNNELED_BASE)
ENEMY_UNITS = (
    Piece.NVA_TROOPS,
    Piece.NVA_GUERRILLA_ACTIVE,
    Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.VC_GUERRILLA_ACTIVE,
    Piece.VC_GUERRILLA_UNDERGROUND,
)
"""Insurgent pieces that are not Bases."""


def choose_targets(
    ctx: Ctx,
    faction: Faction,
    space: str,
    label: str,
    affects: Callable[[Enemies], bool],
    grant: Grant = NO_GRANT,
) -> Gen[Enemies]:
    """3.1: the executing Faction targets the NVA, the VC or both in ``space``; targeted
    pieces are then affected to the maximum extent. Asked (``target-nva``, ``target-vc``,
    ``target-both``) only when the choice matters: ``affects(targets)`` holds for the NVA
    alone and for the VC alone. Otherwise both are targeted, which affects the same pieces
    as targeting the only Faction that could be affected. A granting Event that names the
    targets (``grant.targets``, e.g. NVA only) decides instead."""
    if grant.targets is not None:
        return frozenset(f for f in grant.targets if f in BOTH)
    if not (affects(TARGET_CHOICES[TARGET_NVA]) and affects(TARGET_CHOICES[TARGET_VC])):
        return BOTH
    answer = yield from ask_unless_one(
        ctx,
        faction,
        Kind.TARGET,
        f"{faction} {label} in {NAME[space]}: target NVA, VC or both?",
        tuple(TARGET_CHOICES),
        "3.1",
        TARGET_REFUSALS,
    )
    return TARGET_CHOICES[answer]


def activate_guerrillas(
    ctx: Ctx, faction: Faction, space: str, n: int, rule: str, grant: Grant = NO_GRANT
) -> Gen[int]:
    """Activate up to ``n`` Underground enemy Guerrillas in ``space`` (1.4.3). When both NVA
    and VC Guerrillas are there, the executing Faction targets the NVA, the VC or both (3.1,
    :func:`choose_targets`) and Activates as many targeted Guerrillas as it may; when both are
    targeted and not all flip, it chooses how many of them are NVA (the rest are VC). Returns
    how many flipped."""
    p = at(ctx.state, space).pieces
    nva, vc = p[Piece.NVA_GUERRILLA_UNDERGROUND], p[Piece.VC_GUERRILLA_UNDERGROUND]
    if n <= 0 or nva + vc <= 0:
        return 0
    targets = yield from choose_targets(
        ctx,
        faction,
        space,
        "Activation",
        lambda t: (nva if NVA in t else 0) + (vc if VC in t else 0) > 0,
        grant,
    )
    nva, vc = (nva if NVA in targets else 0), (vc if VC in targets else 0)
    n = min(n, nva + vc)
    low, high = max(0, n - vc), min(n, nva)
    k = low
    if high > low:
        answer = yield ctx.ask(
            faction,
            Kind.HOW_MANY,
            f"{faction}: Activate {n} Guerrillas in {NAME[space]}: how many NVA (the rest VC)?",
            counts(low, high),
            rule,
        )
        assert isinstance(answer, Count)
        k = answer.n
    ctx.flip(space, Piece.NVA_GUERRILLA_UNDERGROUND, k, rule)
    ctx.flip(space, Piece.VC_GUERRILLA_UNDERGROUND, n - k, rule)
    return n


def removable_bases(grant: Grant = NO_GRANT) -> tuple[Piece, ...]:
    """The NVA and VC Bases a US or ARVN removal may take: never Tunneled ones (1.4.4) --
    unless the granting Event lets Tunneled Bases count as untunneled."""
    return OPEN_BASES + TUNNELED_BASES if grant.untunneled else OPEN_BASES


def strike_targets(
    p: Counts, targets: Enemies = BOTH, grant: Grant = NO_GRANT
) -> tuple[Piece, ...]:
    """The pieces a US or ARVN removal that reaches Underground Guerrillas may take next
    (Advise 4.2.1, Raid 4.3.3): any targeted enemy piece (3.1), Underground Guerrillas
    included; Bases only once no other enemy piece (targeted or not, ruling R71) is there;
    never a Tunneled Base (:func:`removable_bases`)."""
    units = tuple(x for x in ENEMY_UNITS if p[x] and x.faction in targets)
    if units:
        return units
    if any(p[x] for x in ENEMY_UNITS):
        return ()
    return tuple(b for b in removable_bases(grant) if p[b] and b.faction in targets)


def remove_insurgents(
    ctx: Ctx, faction: Faction, space: str, n: int, rule: str, grant: Grant = NO_GRANT
) -> Gen[int]:
    """Remove up to ``n`` enemy pieces from ``space`` per :func:`strike_targets`, the
    executing Faction first targeting the NVA, the VC or both where both could lose pieces
    (3.1), then choosing each piece; returns how many were removed."""
    start = at(ctx.state, space).pieces
    targets = yield from choose_targets(
        ctx, faction, space, "removal", lambda t: bool(strike_targets(start, t, grant)), grant
    )
    removed = 0
    while removed < n:
        p = at(ctx.state, space).pieces
        here = strike_targets(p, targets, grant)
        if not here:
            break
        if len(here) == 1 or n - removed >= sum(p[t] for t in here):
            piece = here[0]
        else:
            piece = yield from which_piece(
                ctx,
                faction,
                f"{faction}: remove which enemy piece from {NAME[space]} ({n - removed} left)?",
                here,
                space,
                rule,
            )
        ctx.move(piece, 1, space, AVAILABLE, rule)
        removed += 1
    return removed


# -- NVA and VC removing US and ARVN pieces (3.3.3) ------------------------------------------------
COIN_NON_BASES: tuple[Piece, ...] = (
    Piece.US_TROOPS,
    Piece.US_IRREGULAR_UNDERGROUND,
    Piece.US_IRREGULAR_ACTIVE,
    Piece.ARVN_TROOPS,
    Piece.ARVN_POLICE,
    Piece.ARVN_RANGER_UNDERGROUND,
    Piece.ARVN_RANGER_ACTIVE,
)
"""US and ARVN cubes and Special Forces: what an Attack removes before Bases (3.3.3), and
what counts against a Marching group (3.3.2)."""
COIN_BASES: tuple[Piece, ...] = (Piece.US_BASE, Piece.ARVN_BASE)
COIN_ALL: tuple[Piece, ...] = COIN_NON_BASES + COIN_BASES
ATTRITION_PIECES = (Piece.US_TROOPS, Piece.US_BASE)
"""Each of these removed by an Attack costs the attacker 1 attacking piece (3.3.3)."""


def has_coin(sp: SpaceState) -> bool:
    """Any US or ARVN piece here (the enemies of the Insurgents, 1.5.1)."""
    return any(sp.pieces[:9])  # Piece values 0-8: US and ARVN


def removable_coin(sp: SpaceState, grant: Grant = NO_GRANT) -> tuple[Piece, ...]:
    """The US and ARVN pieces an Insurgent Attack may remove here now: Bases only once no
    other US or ARVN piece is left; Underground Special Forces may be removed (3.3.3); only
    the granting Event's targets, if it names them (3.1)."""
    p = sp.pieces
    targets = grant.targets
    others = tuple(x for x in COIN_NON_BASES if p[x] and (targets is None or x.faction in targets))
    if others or any(p[x] for x in COIN_NON_BASES):
        return others
    return tuple(x for x in COIN_BASES if p[x] and (targets is None or x.faction in targets))


def removal_box(piece: Piece) -> str:
    """Where a piece removed by an Attack goes: US pieces to Casualties, ARVN to Available
    (3.3.3 CASUALTIES)."""
    return CASUALTIES if piece.faction is Faction.US else AVAILABLE


def remove_coin(
    ctx: Ctx,
    faction: Faction,
    spaces: Sequence[str],
    up_to: int,
    *,
    must: int,
    rule: str,
    free_stop: bool = False,
    grant: Grant = NO_GRANT,
) -> Gen[int]:
    """Let ``faction`` remove up to ``up_to`` US or ARVN pieces one at a time from ``spaces``
    (Bases last in each space, US to Casualties, 3.3.3). The first ``must`` removals are
    compulsory while a piece can be removed. After them the Faction may stop -- unless
    ``free_stop`` is false and a piece of a Faction it already hit is still removable: once
    targeted, a Faction is affected to the maximum extent (3.1). Returns how many US Troops
    and US Bases were removed (for Attrition)."""
    hit: set[Faction] = set()
    us_losses = 0
    for nth in range(up_to):
        answer = yield ctx.ask(
            faction,
            Kind.REMOVE_PIECES,
            f"{faction}: remove an enemy piece ({nth + 1} of up to {up_to})",
            partial(_coin_removals, ctx.state, spaces, nth >= must, free_stop, hit, grant),
            rule,
            single=True,
            none_done=True,
        )
        if not isinstance(answer, Move):
            break
        ctx.move(answer.piece, 1, answer.origin, answer.destination, rule)
        hit.add(answer.piece.faction)
        if answer.piece in ATTRITION_PIECES:
            us_losses += 1
    return us_losses


def _coin_removals(
    state: GameState,
    spaces: Sequence[str],
    optional: bool,
    free_stop: bool,
    hit: Collection[Faction],
    grant: Grant,
) -> Iterator[Command]:
    """The US and ARVN pieces removable now (one ``move 1 piece space box`` each), then
    ``done`` when the removal is ``optional`` and -- unless ``free_stop`` -- no piece of a
    Faction already ``hit`` is among them (3.1); nothing at all when none is removable."""
    moves = [
        move_cmd(p, 1, s, removal_box(p))
        for s in spaces
        for p in removable_coin(at(state, s), grant)
    ]
    yield from moves
    if moves and optional and (free_stop or not any(m.piece.faction in hit for m in moves)):
        yield DONE


def troop_loss(ctx: Ctx, faction: Faction, space: str) -> None:
    """Unshaded PT-76 (45): an NVA Attack (or Ambush) space first loses 1 NVA Troop."""
    if (
        effects.attack_troop_loss(ctx.state, faction)
        and at(ctx.state, space).pieces[Piece.NVA_TROOPS]
    ):
        ctx.move(Piece.NVA_TROOPS, 1, space, AVAILABLE, "5.3")


# == NVA and VC Resource transfers (1.5.2) ======================================================
PARTNER = {NVA: VC, VC: NVA}
"""The friendly Insurgent Faction (1.5.1)."""
GIVE = word("give-resources")
GET = word("get-resources")


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
        self.used: list[Command] = []

    @staticmethod
    def amounts(state: GameState, giver: Faction) -> int:
        return min(state.resources(giver) // 2, 75 - state.resources(PARTNER[giver]))

    def options(self, state: GameState) -> Iterator[Command]:
        if not self.enabled:
            return
        if GIVE not in self.used and self.amounts(state, self.faction) > 0:
            yield GIVE
        if GET not in self.used and self.amounts(state, PARTNER[self.faction]) > 0:
            yield GET

    def run(self, ctx: Ctx, answer: Command) -> Gen[None]:
        assert answer in (GIVE, GET)
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
