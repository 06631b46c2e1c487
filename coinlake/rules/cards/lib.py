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

from collections.abc import Callable, Generator, Mapping, Sequence

from coinlake.data.cards import PIVOTAL_CARDS
from coinlake.data.map import SPACES, Country, Space, space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.core import DONE, Ask, Ctx, Kind, Proc
from coinlake.state.commands import Choose, Command, Move, Select
from coinlake.state.events import PivotalReturned
from coinlake.state.model import AVAILABLE, Eligibility, GameState, Support

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


def in_south(state: GameState, where: Space) -> bool:
    """A space of South Vietnam, LoCs included (1.3.5)."""
    return where.in_south


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
) -> Steps:
    """Let ``faction`` place ``count`` pieces one at a time, each any of ``pieces`` (box
    forms) into any of ``spaces``, from ``source`` (5.1.1) -- or from any of ``sources``,
    each box with the most pieces it may give (``None``: no limit), e.g. "up to 3 of them
    from Out of Play". Mandatory placements continue while any is possible (5.1.3);
    ``optional`` ("up to") offers Done. Returns how many."""
    left: dict[str, int | None] = dict(sources) if sources is not None else {source: None}

    def moves() -> list[Command]:
        return [
            Move(p.box_form, 1, box, sp)
            for p in pieces
            for sp in spaces
            for box, n in left.items()
            if n != 0
            and kit.count_at(ctx.state, p.box_form, box)
            and kit.can_place(ctx.state, p.box_form, sp)
        ]

    def apply(answer: Move) -> None:
        kit.place(ctx, answer.piece, 1, answer.destination, rule, answer.origin)
        n = left[answer.origin]
        if n is not None:
            left[answer.origin] = n - 1

    return (
        yield from _move_steps(
            ctx, faction, Kind.PLACE_PIECES, moves, apply, count, prompt, rule, optional
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


def _move_steps(
    ctx: Ctx,
    faction: Faction,
    kind: Kind,
    moves: Callable[[], list[Command]],
    apply: Callable[[Move], object],
    count: int,
    prompt: str,
    rule: str,
    optional: bool,
    *,
    single: bool = False,
) -> Steps:
    """Up to ``count`` of ``moves()`` one at a time through :func:`kit.move_steps` (5.1.3:
    while one is possible; ``optional`` offers Done; ``single``: a lone legal move is taken
    without asking). ``moves`` reads ``ctx.state``, only when the question is really asked.
    Returns how many were applied."""
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
            may_stop=None if optional else (lambda found: False),
            single=single,
        )
    )


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
