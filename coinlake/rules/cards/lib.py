"""Helpers for card files, so that every Event obeys the limits of 5.1.1 and 5.1.3.

- Stacking is never violated (1.4.2): :func:`coinlake.rules.kit.room` and
  :func:`coinlake.rules.kit.can_place` refuse a third Base in a Province or City, any Base on
  a LoC, and US or ARVN pieces in North Vietnam.
- Only Available pieces are placed (1.4.1) unless the text names Out of Play or Casualties
  (:func:`coinlake.rules.kit.place`, ``source``); a replacement that is not Available, or
  would break stacking, is skipped and the piece is only removed (:func:`replace` -- not
  :func:`coinlake.rules.kit.replace`, which takes pieces from the map when none is
  Available, as Operations do).
- Tunneled Bases are removed only when the text says so explicitly or by their owner
  (:func:`remove` refuses otherwise, 1.4.4).
- Resources, Aid and Patronage never exceed 75: ``ctx.add_track`` clamps (1.8).
- What can be carried out must be (5.1.3): the step helpers (:func:`place_steps`,
  :func:`relocate_steps`) keep asking while a choice remains, unless
  the text says "up to" or "may".
- Terror and Sabotage markers number 15 in all (3.3.4):
  :func:`coinlake.rules.kit.add_marker` places one only while one is left; support shifts
  stop at the ends (:func:`coinlake.rules.kit.shift`).

Spaces are picked with :func:`spaces` and the space tests below (:data:`SpaceTest`), and
:func:`within` gives the spaces within N of a space. Choices are asked step by step with the
ordinary commands: ``Select`` a space, ``Move`` one piece between a location and another,
``Choose`` a word, ``Done`` to stop an "up to"; each question names its
:class:`~coinlake.rules.core.Kind`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence

import attrs

from coinlake.data.cards import PIVOTAL_CARDS
from coinlake.data.map import SPACES, Country, Space, Terrain, space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import actions, effects, kit
from coinlake.rules.actions import Grant
from coinlake.rules.core import DONE, MAX_OPTIONS, Ask, Ctx, Kind, Proc
from coinlake.rules.operations.assault import can_assault_in
from coinlake.rules.operations.sweep import sweep_forces
from coinlake.state.commands import Choose, Command, Move, Select
from coinlake.state.events import PivotalReturned
from coinlake.state.model import AVAILABLE, CASUALTIES, Eligibility, GameState, Support, Track
from coinlake.state.queries import Control, control

Steps = Generator[Ask, Command, int]

COIN_PIECES = tuple(p for p in Piece if p.faction.is_coin)
"""Every US and ARVN piece form."""


# -- facts -----------------------------------------------------------------------------------
def within(key: str, distance: int) -> tuple[str, ...]:
    """The spaces at most ``distance`` spaces away from ``key`` along the map's adjacency
    (1.3.6), ``key`` itself included ("within 1 space": it and its adjacent spaces), in map
    order."""
    start = space(key).index
    seen = {start}
    frontier = [start]
    for _ in range(distance):
        frontier = [j for i in frontier for j in SPACES[i].adjacent if j not in seen]
        seen.update(frontier)
    return tuple(s.id for s in SPACES if s.index in seen)


# -- space tests -----------------------------------------------------------------------------
SpaceTest = Callable[[GameState, Space], bool]
"""Whether a space qualifies for a text, from the state and the space's facts."""


def spaces(state: GameState, *tests: SpaceTest) -> tuple[str, ...]:
    """The ids, in map order, of the spaces passing every one of ``tests``."""
    return tuple(s.id for s in SPACES if all(test(state, s) for test in tests))


def is_city(state: GameState, where: Space) -> bool:
    """A City (1.3.3)."""
    return where.is_city


def is_province(state: GameState, where: Space) -> bool:
    """A Province (1.3.2)."""
    return where.is_province


def is_loc(state: GameState, where: Space) -> bool:
    """A Line of Communication (1.3.4)."""
    return where.is_loc


def is_highland(state: GameState, where: Space) -> bool:
    """A Highland Province (1.3.2; North Vietnam included, Population 0)."""
    return where.terrain is Terrain.HIGHLAND


def is_jungle(state: GameState, where: Space) -> bool:
    """A Jungle Province (1.3.2; every Laos and Cambodia Province included)."""
    return where.terrain is Terrain.JUNGLE


def is_lowland(state: GameState, where: Space) -> bool:
    """A Lowland Province (1.3.2)."""
    return where.terrain is Terrain.LOWLAND


def is_coastal(state: GameState, where: Space) -> bool:
    """A coastal space: adjacent to the ocean, across a LoC included (1.3.7)."""
    return where.coastal


def in_south(state: GameState, where: Space) -> bool:
    """A space of South Vietnam, LoCs included (1.3.5)."""
    return where.in_south


def outside_south(state: GameState, where: Space) -> bool:
    """North Vietnam, Laos or Cambodia: "outside South Vietnam" (1.3.5)."""
    return not where.in_south


def outside_north(state: GameState, where: Space) -> bool:
    """Any space but North Vietnam (1.3.5, e.g. where US and ARVN pieces may go, 1.4.2)."""
    return where.country is not Country.NORTH_VIETNAM


def can_have_support(state: GameState, where: Space) -> bool:
    """A City or Province with Population: it can be at Support or Opposition (1.6.1)."""
    return where.can_have_support


def has(*pieces: Piece) -> SpaceTest:
    """The space holds at least one of ``pieces`` (piece forms)."""

    def test(state: GameState, where: Space) -> bool:
        return state.spaces[where.index].count(*pieces) > 0

    return test


def lacks(*pieces: Piece) -> SpaceTest:
    """The space holds none of ``pieces`` (piece forms)."""

    def test(state: GameState, where: Space) -> bool:
        return state.spaces[where.index].count(*pieces) == 0

    return test


def other_than(*keys: str) -> SpaceTest:
    """The space is none of ``keys``."""
    excluded = frozenset(keys)

    def test(state: GameState, where: Space) -> bool:
        return where.id not in excluded

    return test


def among(keys: Sequence[str]) -> SpaceTest:
    """The space is one of ``keys`` (e.g. :func:`within` a space)."""
    allowed = frozenset(keys)

    def test(state: GameState, where: Space) -> bool:
        return where.id in allowed

    return test


def controlled_by(who: Control) -> SpaceTest:
    """The space is under ``who``'s Control (1.7; a LoC never is)."""

    def test(state: GameState, where: Space) -> bool:
        return control(state, where.index) is who

    return test


def at_level(*levels: Support) -> SpaceTest:
    """The space can have Support (1.6.1) and stands at one of ``levels``."""

    def test(state: GameState, where: Space) -> bool:
        return where.can_have_support and state.spaces[where.index].support in levels

    return test


def can_shift(direction: int) -> SpaceTest:
    """A shift 1 level toward Active Support (``direction`` 1) or Active Opposition (-1)
    would change the space: it can have Support and is not at that end already (1.6.1)."""
    end = Support.ACTIVE_SUPPORT if direction > 0 else Support.ACTIVE_OPPOSITION

    def test(state: GameState, where: Space) -> bool:
        return where.can_have_support and state.spaces[where.index].support is not end

    return test


# -- changes ---------------------------------------------------------------------------------
def remove(
    ctx: Ctx,
    piece: Piece,
    key: str,
    count: int,
    rule: str,
    *,
    to: str = AVAILABLE,
    tunnels: bool = False,
) -> int:
    """Remove up to ``count`` ``piece`` from space ``key`` to box ``to`` (Available unless
    the text says Casualties or Out of Play, 1.4.1); returns how many. A Tunneled Base only
    with ``tunnels=True``: the text says so explicitly, or its owner chooses it (5.1.1)."""
    if piece.tunneled and not tunnels:
        raise ValueError(f"an Event may not remove a Tunneled Base here (5.1.1): {piece.token}")
    n = min(count, ctx.state.space(key).pieces[piece])
    if n > 0:
        ctx.move(piece, n, key, to, rule)
    return max(n, 0)


def replace(
    ctx: Ctx,
    key: str,
    old: Piece,
    new: Piece,
    rule: str,
    *,
    remove_count: int = 1,
    place_count: int = 1,
    to: str = AVAILABLE,
    source: str = AVAILABLE,
) -> int:
    """Replace ``remove_count`` ``old`` in space ``key`` with ``place_count`` ``new`` (the
    counts may differ, e.g. 2 Guerrillas by 1 Base): the old pieces go to ``to`` first, then
    as many new ones come from ``source`` as are there and stacking allows -- an Event
    removes rather than replaces when the replacement is not Available or would break
    stacking (5.1.1, 1.4.2). A Tunneled Base named as ``old`` is removed: the text names it
    (1.4.4). Returns how many new pieces were placed."""
    remove(ctx, old, key, remove_count, rule, to=to, tunnels=old.tunneled)
    return kit.place(ctx, new, place_count, key, rule, source)


def set_level(ctx: Ctx, key: str, level: Support, rule: str) -> bool:
    """Set a space's Support/Opposition level where it can have one (1.6.1)."""
    if not space(key).can_have_support:
        return False
    ctx.set_support(key, level, rule)
    return True


def place_tunnel(ctx: Ctx, key: str, faction: Faction, rule: str) -> bool:
    """Put a Tunnel marker on one of ``faction``'s (NVA or VC) Bases without one in space
    ``key`` (1.4.4: at most 1 marker per Base); returns whether there was such a Base."""
    base = Piece.NVA_BASE if faction is Faction.NVA else Piece.VC_BASE
    if not ctx.state.space(key).pieces[base]:
        return False
    ctx.flip(key, base, 1, rule)
    return True


UNTUNNELED_BASES = (Piece.NVA_BASE, Piece.VC_BASE)
"""Insurgent Bases without a Tunnel marker: what a Tunnel goes on (1.4.4)."""
TUNNELED_BASES = (Piece.NVA_TUNNELED_BASE, Piece.VC_TUNNELED_BASE)
"""Insurgent Bases with a Tunnel marker: an Event removes one only where its text says so
(``tunnels=True``), or by its owner's choice (1.4.4, 5.1.1)."""


def tunnel_a_base(
    ctx: Ctx, faction: Faction, key: str, rule: str
) -> Generator[Ask, Command, Piece | None]:
    """Let ``faction`` put a Tunnel marker on one Insurgent Base without one in ``key``
    (1.4.4: at most 1 marker per Base), asking ``nva-base`` or ``vc-base`` where both kinds
    are there. Returns the Base as it was (``None``: no such Base)."""
    here = ctx.state.space(key).pieces
    bases = [b for b in UNTUNNELED_BASES if here[b]]
    if not bases:
        return None
    base = bases[0]
    if len(bases) > 1:
        token = yield from choose_word(
            ctx,
            faction,
            tuple(b.token for b in bases),
            f"{faction}: put the Tunnel on which Base in {space(key).name}?",
            rule,
        )
        base = next(b for b in bases if b.token == token)
    ctx.flip(key, base, 1, rule)
    return base


def tunnel_all(ctx: Ctx, key: str, rule: str) -> int:
    """Put a Tunnel marker on every Insurgent Base without one in ``key`` (1.4.4); returns
    how many."""
    here = ctx.state.space(key).pieces
    n = 0
    for base in UNTUNNELED_BASES:
        ctx.flip(key, base, here[base], rule)
        n += here[base]
    return n


def removable_by(faction: Faction, pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    """``pieces`` an Event executed by ``faction`` may remove when its text does not name
    Tunneled Bases: no Tunneled Base but the executing Faction's own, which it may opt to
    remove (1.4.4, 5.1.1). Pass the result with ``tunnels=True``."""
    return tuple(p for p in pieces if not p.tunneled or p.faction is faction)


def owner_remove_steps(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    spaces: Sequence[str] | Callable[[GameState], Sequence[str]],
    count: int,
    prompt: str,
    rule: str,
    *,
    to: str = AVAILABLE,
) -> Steps:
    """Let ``faction`` remove ``count`` of ``pieces`` (map forms) one at a time from
    ``spaces`` (fixed, or a function of the state) to box ``to``, for a text that does not
    name Tunneled Bases: no Tunneled Base is removed but the executing ``faction``'s own,
    which it *may* opt to remove to fulfil the text (1.4.4, 5.1.1) -- offered beside the
    others; the removals are mandatory while another piece is left (5.1.3), then it may
    stop. A lone legal removal is taken without asking. Returns how many were removed."""
    own = tuple(p for p in dict.fromkeys(pieces) if p.tunneled and p.faction is faction)
    others = tuple(p for p in dict.fromkeys(pieces) if not p.tunneled)

    def moves(state: GameState, forms: Sequence[Piece]) -> list[Command]:
        pool = spaces(state) if callable(spaces) else spaces
        return [Move(p, 1, key, to) for key in pool for p in forms if state.space(key).pieces[p]]

    return (
        yield from kit.move_steps(
            ctx,
            faction,
            Kind.REMOVE_PIECES,
            lambda state: moves(state, others + own),
            lambda answer: ctx.move(answer.piece, 1, answer.origin, to, rule),
            lambda done: f"{prompt} ({done + 1} of {count})",
            rule,
            most=count,
            may_stop=lambda found: found and not moves(ctx.state, others),
            single=True,
        )
    )


def us_troops_to_casualties_near(
    ctx: Ctx, faction: Faction, candidates: Sequence[str], prompt: str, purpose: str
) -> Steps:
    """Cards 23 and 44 shaded: ``faction`` selects one of ``candidates`` -- one with US
    Troops within 1 space (1.3.6) where there is such (5.1.3) -- rolls a die and removes
    that many US Troops within 1 space of it to Casualties, its choice, all of them if fewer;
    no roll without such a Troop (as R210). Returns how many were removed."""
    state = ctx.state
    near = tuple(k for k in candidates if _us_troops_within_1(state, k)) or tuple(candidates)
    where = yield from choose_space(ctx, faction, near, prompt, "5.1")
    if where is None or not _us_troops_within_1(ctx.state, where):
        return 0
    roll = ctx.roll(purpose, "5.1")
    return (
        yield from remove_steps(
            ctx,
            faction,
            (Piece.US_TROOPS,),
            within(where, 1),
            roll,
            f"{faction}: remove a US Troop within 1 space to Casualties",
            "5.1",
            to=CASUALTIES,
        )
    )


def _us_troops_within_1(state: GameState, key: str) -> bool:
    return any(state.space(k).pieces[Piece.US_TROOPS] for k in within(key, 1))


def return_pivotal(ctx: Ctx, faction: Faction, rule: str) -> bool:
    """Take ``faction``'s Pivotal Event card off the played pile and give it back to its
    owner, who may play it again later (2.3.8 TRUMPING, and Events that return one);
    returns whether it was on the played pile."""
    card = PIVOTAL_CARDS[faction]
    if card not in ctx.state.played:
        return False
    ctx.emit(PivotalReturned(seq=ctx.seq, rule=rule, faction=faction, card=card))
    return True


def make_eligible(ctx: Ctx, faction: Faction, executing: Faction, rule: str) -> None:
    """Move ``faction``'s cylinder to the Eligible box now (2.3.1): if it has not acted on
    this card it may still act on it as an Eligible Faction (2.3.2). The ``executing``
    Faction itself would turn Ineligible when Eligibility is adjusted at the card's end
    (2.3.6), so it is also marked to stay Eligible (2.3.6 PLAY NOTE)."""
    ctx.set_eligibility(faction, Eligibility.ELIGIBLE, rule)
    if faction is executing:
        effects.stay_eligible(ctx, faction, rule)


# -- step-wise choices -----------------------------------------------------------------------
def choose_word(
    ctx: Ctx,
    faction: Faction,
    words: Sequence[str],
    prompt: str,
    rule: str,
    kind: Kind = Kind.CHOOSE_MODE,
) -> Generator[Ask, Command, str]:
    """Ask ``faction`` to pick one of ``words``, named alternatives without numbers (asked
    even when there is one, so that the choice is recorded); ``kind`` of question."""
    answer = yield ctx.ask(faction, kind, prompt, tuple(Choose(w) for w in words), rule)
    assert isinstance(answer, Choose)
    return answer.option


def choose_branch(
    ctx: Ctx,
    faction: Faction,
    branches: Mapping[str, bool],
    prompt: str,
    rule: str = "5.1.3",
) -> Generator[Ask, Command, str | None]:
    """ "X or Y": ``faction`` picks a word of ``branches`` (word -> whether that branch can
    do something now) among those that can -- text that can be implemented must be (5.1.3)
    -- asked even when one is left (:func:`choose_word`); ``None`` when none can."""
    words = [word for word, possible in branches.items() if possible]
    if not words:
        return None
    return (yield from choose_word(ctx, faction, words, prompt, rule))


def choose_faction(
    ctx: Ctx, faction: Faction, factions: Sequence[Faction], prompt: str, rule: str = "5.1"
) -> Generator[Ask, Command, Faction]:
    """A text's "US or ARVN (NVA or VC) does ...": the executing ``faction`` selects which of
    ``factions`` acts (5.1), answering its name in lower case (``us``, ``arvn``, ``nva``,
    ``vc``; asked even when it names itself, :func:`choose_word`); the Faction selected then
    decides the details of what it does."""
    words = {f.value.lower(): f for f in factions}
    return words[(yield from choose_word(ctx, faction, tuple(words), prompt, rule))]


def could_grant(state: GameState, faction: Faction, grant: Grant) -> bool:
    """Whether the free action ``grant`` names could occur for ``faction`` now (5.5): it is
    registered, Monsoon does not forbid it unless the grant overrides (2.3.9, 5.1.1), and it
    is legal somewhere (:func:`coinlake.rules.actions.free_action`'s own checks)."""
    assert grant.action is not None
    action = actions.lookup(grant.owner or faction, grant.action)
    if action is None:
        return False
    if action.monsoon_banned and effects.monsoon(state) and not grant.ignore_monsoon:
        return False
    return grant.joint or action.legal(state, faction, limited=grant.limited, free=True)


SWEEP_IN_PLACE, ASSAULT = "sweep", "assault"
"""The answers of :func:`sweep_or_assault`."""


def sweep_or_assault(
    ctx: Ctx,
    faction: Faction,
    candidates: Sequence[str],
    count: int | None,
    prompt: str,
    rule: str,
    *,
    sweep: Grant,
    assault: Grant,
) -> Generator[Ask, Command, list[str]]:
    """A text's free "Sweep in place or Assault" in ``count`` of ``candidates`` (``None``: in
    each of them), executed by ``faction`` (US or ARVN): among the spaces where one of them
    could occur now -- a Sweep in place in a Province or City where the Faction has pieces
    that Activate (3.2.3), an Assault where its cubes meet Insurgents (3.2.4), each only if
    the free action could occur at all (:func:`could_grant`: not a Sweep in Monsoon unless
    ``sweep`` overrides it) -- it selects the spaces (mandatory while one remains, 5.1.3)
    and picks ``sweep`` or ``assault`` for each (asked where both could occur). Then it
    executes one free Sweep in place in all the spaces picked for it and one free Assault in
    all the others (5.5; ``sweep`` and ``assault`` carry the text's other terms), so that
    the limits of one Operation (Abrams, M-48 Patton, Cobras) hold. Returns the spaces."""
    picked: dict[str, list[str]] = {SWEEP_IN_PLACE: [], ASSAULT: []}
    state = ctx.state
    sweeps = could_grant(state, faction, sweep)
    assaults = could_grant(state, faction, assault)

    def branches(key: str) -> dict[str, bool]:
        p = state.space(key).pieces
        where = space(key)
        return {
            SWEEP_IN_PLACE: sweeps
            and not where.is_loc
            and where.country is not Country.NORTH_VIETNAM
            and sweep_forces(p, faction, sweep) > 0,
            ASSAULT: assaults and can_assault_in(p, faction, assault),
        }

    def pick(key: str) -> Proc:
        words = [w for w, ok in branches(key).items() if ok]
        word = words[0]
        if len(words) > 1:
            ask = f"{faction}: Sweep in place or Assault in {space(key).name}?"
            kit.work_on(ctx, key)
            word = yield from choose_word(ctx, faction, words, ask, rule)
            kit.work_on(ctx, None)
        picked[word].append(key)

    pool = [key for key in candidates if any(branches(key).values())]
    if count is None:
        for key in pool:
            yield from pick(key)
        chosen = pool
    else:
        chosen = yield from each_space(ctx, faction, pool, count, prompt, rule, pick)
    if picked[SWEEP_IN_PLACE]:
        where = tuple(picked[SWEEP_IN_PLACE])
        terms = attrs.evolve(sweep, spaces=where, compulsory=True, in_place=True)
        yield from actions.free_action(ctx, faction, terms)
    if picked[ASSAULT]:
        terms = attrs.evolve(assault, spaces=tuple(picked[ASSAULT]), compulsory=True)
        yield from actions.free_action(ctx, faction, terms)
    return chosen


INCREASE, DECREASE, UNCHANGED = "increase", "decrease", "unchanged"
"""The answers of :func:`raise_or_lower`."""


def raise_or_lower(
    ctx: Ctx,
    faction: Faction,
    track: Track,
    amount: int,
    prompt: str,
    rule: str,
    *,
    may_keep: bool = False,
) -> Generator[Ask, Command, int]:
    """A text's "track +N or -N", the sign ``faction``'s choice: it picks ``increase`` or
    ``decrease`` among the ways the track can still move (not up at 75 nor down at 0, 1.8:
    5.1.3, :func:`choose_branch`), then ``track`` changes by ``amount`` that way (clamped);
    ``may_keep`` (the text lets it leave the track alone) adds ``unchanged``. Returns the
    change made."""
    low, high = track.bounds
    value = ctx.state.tracks[track]
    branches = {INCREASE: value < high, DECREASE: value > low, UNCHANGED: may_keep}
    word = yield from choose_branch(ctx, faction, branches, prompt, rule)
    if word is None or word == UNCHANGED:
        return 0
    ctx.add_track(track, amount if word == INCREASE else -amount, rule)
    return ctx.state.tracks[track] - value


def choose_space(
    ctx: Ctx,
    faction: Faction,
    candidates: Sequence[str],
    prompt: str,
    rule: str,
    *,
    optional: bool = False,
) -> Generator[Ask, Command, str | None]:
    """Ask ``faction`` to select one of ``candidates`` (space ids); ``None`` when there is
    none, or when ``optional`` and it answers Done. A single mandatory candidate is taken
    without asking (by the engine, recorded as forced). The space chosen becomes the space
    being worked in the questions that follow (their ``Context.space``)."""
    options: tuple[Command, ...] = tuple(Select(c) for c in candidates)
    if optional and options:
        options = (*options, DONE)
    answer = yield ctx.ask(
        faction, Kind.SELECT_SPACE, prompt, options, rule, single=not optional, none_done=True
    )
    if not isinstance(answer, Select):
        return None
    if ctx.top is not None:
        ctx.top.space = answer.space
    return answer.space


def each_space(
    ctx: Ctx,
    faction: Faction,
    candidates: Sequence[str] | Callable[[GameState], Sequence[str]],
    count: int | None,
    prompt: str,
    rule: str,
    each: Callable[[str], Proc | None],
    *,
    optional: bool = False,
) -> Generator[Ask, Command, list[str]]:
    """Let ``faction`` select up to ``count`` spaces (``None``: no limit) one at a time, each
    once, among ``candidates`` -- fixed as the step begins, or a function of the state asked
    again before each selection -- carrying out ``each(space)`` (a plain function or a
    procedure) on each space as it is selected. Mandatory while a candidate remains (5.1.3)
    and a lone candidate is then taken without asking; ``optional`` ("up to", "may") offers
    Done. Returns the spaces selected, in order."""

    def options(state: GameState, chosen: Sequence[str]) -> list[Command]:
        pool = candidates(state) if callable(candidates) else candidates
        return [Select(key) for key in pool if key not in chosen]

    def carry_out(key: str) -> Proc:
        steps = each(key)
        if steps is not None:
            yield from steps

    def may_stop(state: GameState, chosen: Sequence[str], selects: Sequence[Command]) -> bool:
        return optional or not selects

    def ask(chosen: Sequence[str]) -> str:
        return prompt if count is None else f"{prompt} ({len(chosen) + 1} of {count})"

    return (
        yield from kit.select_spaces(
            ctx,
            faction,
            Kind.SELECT_SPACE,
            ask,
            rule,
            candidates=options,
            each=carry_out,
            limit=count,
            may_stop=may_stop,
            forced=not optional,
        )
    )


def place_steps(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    spaces: Sequence[str],
    count: int,
    prompt: str,
    rule: str,
    *,
    source: str = AVAILABLE,
    sources: Mapping[str, int | None] | None = None,
    optional: bool = False,
    from_map: bool = False,
    map_optional: bool = True,
) -> Steps:
    """Let ``faction`` place ``count`` pieces one at a time, each any of ``pieces`` (box
    forms) into any of ``spaces``, from ``source`` (5.1.1) -- or from any of ``sources``,
    each box with the most pieces it may give (``None``: no limit), e.g. "up to 3 of them
    from Out of Play". Mandatory placements continue while any is possible (5.1.3);
    ``optional`` ("up to") offers Done. ``from_map``: ``faction`` places forces it may take
    from elsewhere on the map when none of their type is Available (1.4.1,
    :func:`kit.map_sources`: its own; the US also Irregulars and ARVN pieces): ``move 1
    PIECE available SPACE`` is then offered too, and ``faction`` next picks the space the
    piece comes from (:func:`kit.place_pieces`). Taking from the map is never compulsory
    (1.4.1 "may", ruling R207): once only such placements are left, Done is offered --
    unless ``map_optional`` is False, for callers that asked already. Returns how many."""
    left: dict[str, int | None] = dict(sources) if sources is not None else {source: None}

    def placeable(state: GameState, p: Piece, box: str, sp: str) -> bool:
        if not kit.can_place(state, p, sp):
            return False
        if kit.count_at(state, p, box):
            return True
        return (
            from_map
            and box == AVAILABLE
            and any(o != sp for o in kit.map_sources(state, faction, p))
        )

    def moves() -> Iterator[Command]:
        state = ctx.state  # as asked: the moves are built one at a time, on demand
        for p in pieces:
            for sp in spaces:
                for box, n in left.items():
                    if n != 0 and placeable(state, p.box_form, box, sp):
                        yield kit.move_cmd(p.box_form, 1, box, sp)

    def apply(answer: Move) -> Proc:
        if answer.origin == AVAILABLE and not kit.available(ctx.state, answer.piece):
            yield from kit.place_pieces(ctx, faction, answer.piece, 1, answer.destination, rule)
        else:
            kit.place(ctx, answer.piece, 1, answer.destination, rule, answer.origin)
        n = left[answer.origin]
        if n is not None:
            left[answer.origin] = n - 1

    def only_from_map(found: bool) -> bool:
        return (
            from_map
            and map_optional
            and not any(
                n != 0
                and kit.count_at(ctx.state, p.box_form, box)
                and kit.can_place(ctx.state, p.box_form, sp)
                for p in pieces
                for sp in spaces
                for box, n in left.items()
            )
        )

    return (
        yield from _move_steps(
            ctx,
            faction,
            Kind.PLACE_PIECES,
            moves,
            apply,
            count,
            prompt,
            rule,
            optional,
            may_stop=only_from_map,
        )
    )


def _map_supply(state: GameState, faction: Faction, piece: Piece, key: str) -> bool:
    """``faction`` may take ``piece`` from elsewhere on the map to place it in ``key``: none
    of its type is Available and it may take such forces (1.4.1, :func:`kit.map_sources`)."""
    return any(o != key for o in kit.map_sources(state, faction, piece))


def place_in_each(
    ctx: Ctx,
    faction: Faction,
    piece: Piece,
    spaces: Sequence[str],
    per_space: int,
    prompt: str,
    rule: str,
    *,
    source: str = AVAILABLE,
    from_map: bool = False,
) -> Steps:
    """A text's "place N pieces in each space": ``per_space`` ``piece`` in each of
    ``spaces``, as many in each as stacking allows (1.4.2), all at once while ``source``
    (Available unless the text says otherwise, 1.4.1, 5.1.1) holds enough for every space;
    otherwise ``faction`` places those there one at a time, at most ``per_space`` in a
    space, where it likes (5.1.3) -- ``from_map``: then it may go on with pieces taken from
    elsewhere on the map (1.4.1: "may", so Done is offered then). Returns how many."""
    form = piece.box_form
    left = {key: min(per_space, kit.room(ctx.state, form, key)) for key in spaces}
    wanted = sum(left.values())
    if kit.count_at(ctx.state, form, source) >= wanted:
        for key, n in left.items():
            kit.place(ctx, form, n, key, rule, source)
        return wanted

    def at_source(state: GameState) -> bool:
        return kit.count_at(state, form, source) > 0

    def moves(state: GameState) -> list[Command]:
        return [
            Move(form, 1, source, key)
            for key, n in left.items()
            if n > 0
            and kit.can_place(state, form, key)
            and (
                at_source(state)
                or (from_map and source == AVAILABLE and _map_supply(state, faction, form, key))
            )
        ]

    def apply(answer: Move) -> Proc:
        left[answer.destination] -= 1
        if at_source(ctx.state):
            kit.place(ctx, form, 1, answer.destination, rule, source)
        else:
            yield from kit.place_pieces(ctx, faction, form, 1, answer.destination, rule)

    return (
        yield from kit.move_steps(
            ctx,
            faction,
            Kind.PLACE_PIECES,
            moves,
            apply,
            lambda done: f"{prompt} ({done + 1} of {wanted})",
            rule,
            most=wanted,
            may_stop=lambda found: not at_source(ctx.state),
            single=True,
        )
    )


def place_anywhere(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    spaces: Sequence[str],
    count: int,
    prompt: str,
    rule: str,
    *,
    source: str = AVAILABLE,
    optional: bool = False,
    from_map: bool = False,
) -> Steps:
    """:func:`place_steps` asked in two steps, for texts placing several kinds of pieces in
    many spaces (no question offers more than ``MAX_OPTIONS`` answers): ``faction`` selects
    a space where one of ``pieces`` may go now (stacking, 1.4.2), then the piece; ``count``
    times, mandatory while one can be placed from ``source`` (5.1.3) unless ``optional``
    ("up to": Done instead of a space). ``from_map``: pieces ``faction`` may take from
    elsewhere on the map when none of their type is Available (1.4.1) are offered too,
    with Done ("may") once only those are left. Returns how many were placed."""
    forms = tuple(dict.fromkeys(p.box_form for p in pieces))

    def from_source(key: str) -> bool:
        state = ctx.state
        return any(
            kit.can_place(state, p, key) and kit.count_at(state, p, source) > 0 for p in forms
        )

    def from_elsewhere(key: str) -> bool:
        state = ctx.state
        return (
            from_map
            and source == AVAILABLE
            and any(
                kit.can_place(state, p, key) and _map_supply(state, faction, p, key) for p in forms
            )
        )

    placed = 0
    while placed < count:
        sourced = [k for k in spaces if from_source(k)]
        key = yield from choose_space(
            ctx,
            faction,
            [k for k in spaces if k in sourced or from_elsewhere(k)],
            f"{prompt} ({placed + 1} of {count}): where?",
            rule,
            optional=optional or not sourced,
        )
        if key is None:
            break
        placed += yield from place_steps(
            ctx,
            faction,
            forms,
            (key,),
            1,
            f"{prompt} in {space(key).name}",
            rule,
            source=source,
            from_map=from_map,
            map_optional=False,  # the space was chosen with Done offered (1.4.1 "may")
        )
    return placed


def place_in_spaces(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    spaces: Sequence[str],
    count: int,
    prompt: str,
    rule: str,
    *,
    from_map: bool = False,
) -> Steps:
    """A text's "place a piece in N spaces": ``faction`` places 1 of ``pieces`` (box forms)
    in each of ``count`` different spaces among ``spaces``, from Available (1.4.1, 5.1.1),
    within stacking (1.4.2), mandatory while one can be placed (5.1.3); a lone legal
    placement is made without asking. ``from_map``: pieces ``faction`` may take from
    elsewhere on the map when none of their type is Available are offered too, with Done
    ("may", 1.4.1) once only those are left. Returns how many were placed."""
    forms = tuple(dict.fromkeys(p.box_form for p in pieces))
    used: list[str] = []
    sourced = False

    def moves(state: GameState) -> list[Command]:
        nonlocal sourced
        found: list[Command] = [
            Move(p, 1, AVAILABLE, key)
            for key in spaces
            if key not in used
            for p in forms
            if kit.can_place(state, p, key)
            and (kit.available(state, p) or (from_map and _map_supply(state, faction, p, key)))
        ]
        sourced = any(kit.available(state, m.piece) for m in found if isinstance(m, Move))
        return found

    def apply(answer: Move) -> Proc:
        used.append(answer.destination)
        if kit.available(ctx.state, answer.piece):
            kit.place(ctx, answer.piece, 1, answer.destination, rule)
        else:
            yield from kit.place_pieces(ctx, faction, answer.piece, 1, answer.destination, rule)

    return (
        yield from kit.move_steps(
            ctx,
            faction,
            Kind.PLACE_PIECES,
            moves,
            apply,
            lambda done: f"{prompt} ({done + 1} of {count})",
            rule,
            most=count,
            may_stop=lambda found: not sourced,
            single=True,
        )
    )


def relocate_steps(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    quota: Mapping[str, int],
    prompt: str,
    rule: str,
    *,
    optional: bool = True,
) -> Steps:
    """Let ``faction`` move pieces one at a time from each origin of ``quota`` to an
    adjacent space (1.3.6), at most ``quota[origin]`` of ``pieces`` from each -- so a piece
    moves once (fix the quota as the step begins, 5.1). Stacking is kept (1.4.2).
    ``optional`` (the text says "may"): Done stops; otherwise the moves go on while any is
    possible (5.1.3). Returns how many pieces moved."""
    left = dict(quota)

    def moves() -> list[Command]:
        return [
            Move(p, 1, origin, SPACES[adj].id)
            for origin, n in left.items()
            if n
            for p in pieces
            if ctx.state.space(origin).pieces[p]
            for adj in space(origin).adjacent
            if kit.room(ctx.state, p, SPACES[adj].id) > 0
        ]

    def apply(answer: Move) -> None:
        ctx.move(answer.piece, 1, answer.origin, answer.destination, rule)
        left[answer.origin] -= 1

    return (
        yield from _move_steps(
            ctx,
            faction,
            Kind.MOVE_PIECES,
            moves,
            apply,
            sum(quota.values()),
            prompt,
            rule,
            optional,
        )
    )


def replace_steps(
    ctx: Ctx,
    faction: Faction,
    old: Sequence[Piece],
    new: Sequence[Piece],
    spaces: Sequence[str],
    count: int,
    prompt: str,
    rule: str,
) -> Steps:
    """Let ``faction`` replace ``count`` pieces one at a time, each any of ``old`` (map forms;
    a Tunneled Base only where the text names it, 1.4.4) in any of ``spaces``, with one of
    ``new`` (box forms) in the same space: it picks the piece removed to Available, then
    the piece placed from Available. None is placed when none is Available or stacking
    forbids (5.1.1, 1.4.2); a lone choice is taken without asking. Mandatory while a piece
    can be replaced (5.1.3). Returns how many pieces were replaced."""
    forms = tuple(dict.fromkeys(p.box_form for p in new))
    done = 0
    while done < count:
        removals = [
            Move(p, 1, key, AVAILABLE)
            for key in spaces
            for p in old
            if ctx.state.space(key).pieces[p]
        ]
        answer = yield ctx.ask(
            faction,
            Kind.REMOVE_PIECES,
            f"{prompt} ({done + 1} of {count}): the piece to replace",
            removals,
            rule,
            single=True,
            none_done=True,
        )
        if not isinstance(answer, Move):
            break
        key = answer.origin
        ctx.move(answer.piece, 1, key, AVAILABLE, rule)
        placements = [
            Move(p, 1, AVAILABLE, key)
            for p in forms
            if kit.available(ctx.state, p) and kit.can_place(ctx.state, p, key)
        ]
        if placements:
            placed = yield ctx.ask(
                faction,
                Kind.PLACE_PIECES,
                f"{prompt} ({done + 1} of {count}): the piece to place in {space(key).name}",
                placements,
                rule,
                single=True,
            )
            assert isinstance(placed, Move)
            kit.place(ctx, placed.piece, 1, key, rule)
        done += 1
    return done


Locations = Sequence[str] | Callable[[GameState], Iterable[str]]
"""Spaces or boxes: fixed, or a function of the state read at each question."""


def _locations(state: GameState, where: Locations) -> Iterable[str]:
    return where(state) if callable(where) else where


def move_anywhere(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    origins: Locations,
    targets: Callable[[GameState, str], Iterable[str]],
    prompt: str,
    rule: str,
    *,
    most: int | None = None,
    optional: bool = True,
    groups: int | None = None,
    then: Callable[[Move], Proc | None] | None = None,
) -> Steps:
    """Let ``faction`` move ``pieces`` (map forms) from any of ``origins`` to any of
    ``targets(state, origin)`` but the origin itself, a group at a time
    (:func:`kit.move_step`: from where, to where, how many; a lone destination or group is
    taken without asking) -- e.g. from Provinces to Cities, or Bases anywhere within Laos and
    Cambodia. Stacking is kept (1.4.2: no Base beyond 2, none on a LoC, no US or ARVN piece
    in North Vietnam); each piece moves once (pieces that arrived stay); ``most``: pieces
    in all; ``groups``: moves in all ("from a Province to a City": 1). ``optional`` ("up
    to", "may", "any"): Done stops; otherwise moves go on while one is possible (5.1.3).
    ``then(move)`` (a plain function or a procedure) follows each move, e.g. "placing a
    Guerrilla where each Troop was". Returns how many pieces moved."""

    def destinations(state: GameState, origin: str, piece: Piece) -> Iterator[str]:
        for d in targets(state, origin):
            if d != origin and kit.room(state, piece, d) > 0:
                yield d

    def starts(state: GameState) -> Iterator[str]:
        for origin in _locations(state, origins):
            if next(mover.destinations(state, origin), None) is not None:
                yield origin

    mover = kit.Mover(
        pieces,
        origins=starts,
        targets=destinations,
        caps=() if most is None else ((pieces, most),),
    )
    moved = 0
    for _ in range(groups) if groups is not None else itertools.count():
        answer = yield from kit.move_step(
            ctx,
            faction,
            mover,
            prompt,
            rule,
            blocked=None if optional else "the Event's moves go on while one is possible (5.1.3)",
            single=not optional,
        )
        if not isinstance(answer, Move):
            break
        moved += answer.count
        steps = then(answer) if then is not None else None
        if steps is not None:
            yield from steps
    return moved


def move_to(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    origins: Locations,
    destination: str,
    prompt: str,
    rule: str,
    *,
    most: int | None = None,
    optional: bool = False,
    kind: Kind = Kind.MOVE_PIECES,
) -> Steps:
    """Let ``faction`` move up to ``most`` ``pieces`` (``None``: any number) into
    ``destination`` -- a space, or a box such as Available -- a group at a time from any of
    ``origins`` (spaces or boxes, e.g. Out of Play: those arrive in their box form;
    :func:`kit.move_into`), "move N US Troops from any spaces to a Highland". Stacking is
    kept (1.4.2); pieces that arrived stay. Mandatory while a move is possible (5.1.3)
    unless ``optional`` ("up to"). Returns how many pieces moved."""
    mover = kit.Mover(
        pieces,
        sources=lambda state, d: (o for o in _locations(state, origins) if o != d),
        caps=() if most is None else ((pieces, most),),
    )
    moved = 0

    def count(answer: Move) -> None:
        nonlocal moved
        kit.carry_out(ctx, answer, rule)
        moved += answer.count

    yield from kit.move_into(
        ctx,
        faction,
        mover,
        destination,
        lambda n: prompt,
        rule,
        kind=kind,
        may_stop=None if optional else (lambda: False),
        apply=count,
    )
    return moved


def box_steps(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    origin: str,
    destination: str,
    count: int,
    prompt: str,
    rule: str,
    *,
    optional: bool = False,
) -> Steps:
    """Let ``faction`` move ``count`` pieces one at a time from box ``origin`` to box
    ``destination`` (Available, Casualties, Out of Play; 1.4.1), each any of ``pieces`` (box
    forms) still in ``origin``, as many as there are (5.1.3); a lone kind is moved without
    asking. ``optional`` ("up to"): Done stops. Returns how many moved."""
    forms = tuple(dict.fromkeys(p.box_form for p in pieces))
    return (
        yield from _move_steps(
            ctx,
            faction,
            Kind.MOVE_PIECES,
            lambda: [
                Move(p, 1, origin, destination) for p in forms if kit.count_at(ctx.state, p, origin)
            ],
            lambda answer: ctx.move(answer.piece, 1, origin, destination, rule),
            count,
            prompt,
            rule,
            optional,
            single=not optional,
        )
    )


def remove_steps(
    ctx: Ctx,
    faction: Faction,
    pieces: Sequence[Piece],
    spaces: Sequence[str] | Callable[[GameState], Sequence[str]],
    count: int,
    prompt: str,
    rule: str,
    *,
    to: str = AVAILABLE,
    optional: bool = False,
    tunnels: bool = False,
) -> Steps:
    """Let ``faction`` remove ``count`` pieces one at a time from the map to box ``to``
    (Available unless the text says Casualties or Out of Play, 1.4.1), each any of ``pieces``
    (map forms) in any of ``spaces`` -- fixed, or a function of the state asked before each
    removal. Tunneled Bases only with ``tunnels`` (1.4.4, 5.1.1). Mandatory while a piece
    can be removed (5.1.3), a lone legal removal taken without asking; ``optional`` ("up
    to"): Done stops. Where one question would offer more than ``MAX_OPTIONS`` removals,
    ``faction`` first selects the space (Done there for "up to"), then the piece. Returns
    how many were removed."""
    forms = tuple(p for p in dict.fromkeys(pieces) if tunnels or not p.tunneled)

    def moves(only: str | None = None) -> list[Command]:
        pool = spaces(ctx.state) if callable(spaces) else spaces
        return [
            Move(p, 1, key, to)
            for key in pool
            if only is None or key == only
            for p in forms
            if ctx.state.space(key).pieces[p]
        ]

    def moves_in(only: str | None) -> Callable[[GameState], list[Command]]:
        return lambda state: moves(only)

    def asking(label: str) -> Callable[[int], str]:
        return lambda done: label

    removed = 0
    while removed < count:
        label = f"{prompt} ({removed + 1} of {count})"
        found = moves()
        where: str | None = None
        if len(found) >= MAX_OPTIONS:
            keys = list(dict.fromkeys(m.origin for m in found if isinstance(m, Move)))
            where = yield from choose_space(ctx, faction, keys, label, rule, optional=optional)
            if where is None:
                break
        made = yield from kit.move_steps(
            ctx,
            faction,
            Kind.REMOVE_PIECES,
            moves_in(where),
            lambda answer: ctx.move(answer.piece, 1, answer.origin, to, rule),
            asking(label),
            rule,
            most=1,
            may_stop=None if optional and where is None else (lambda found: False),
            single=not optional or where is not None,
        )
        if not made:
            break
        removed += made
    return removed


def _move_steps(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    moves: Callable[[], Iterable[Command]],
    apply: Callable[[Move], object],
    count: int,
    prompt: str,
    rule: str,
    optional: bool,
    *,
    single: bool = False,
    may_stop: Callable[[bool], bool] | None = None,
) -> Steps:
    """Up to ``count`` of ``moves()`` one at a time through :func:`kit.move_steps` (5.1.3:
    while one is possible; ``optional`` offers Done, as ``may_stop(found)`` does when it
    says so; ``single``: a lone legal move is taken without asking). ``moves`` reads
    ``ctx.state``, only when the question is really asked. Returns how many were applied."""
    if may_stop is None and not optional:
        may_stop = _never_stop
    return (
        yield from kit.move_steps(
            ctx,
            faction,
            kind,
            lambda state: moves(),
            apply,
            lambda done: f"{prompt} ({done + 1} of {count})",
            rule,
            most=count,
            may_stop=None if optional else may_stop,
            single=single,
        )
    )


def _never_stop(found: bool) -> bool:
    return False


# -- cards whose texts only put a Capability into effect (5.3) -------------------------------
def capability_card(number: int, module: str) -> None:
    """Register both texts of Capability card ``number`` as having no immediate effect: the
    registry then puts the Capability into effect on the executed side (5.3), and the
    Operations concerned consult :func:`coinlake.rules.effects.capability`. ``module`` is
    the card file's ``__name__``."""
    from coinlake.rules.cards.registry import shaded, unshaded

    def no_immediate_effect(ctx: Ctx, faction: Faction) -> None:
        """Nothing happens at once: the Capability comes into effect (5.3)."""

    no_immediate_effect.__module__ = module
    no_immediate_effect.__qualname__ = f"card_{number}_capability"
    unshaded(number)(no_immediate_effect)
    shaded(number)(no_immediate_effect)
