"""Helpers for card files, so that every Event obeys the limits of 5.1.1 and 5.1.3.

- Stacking is never violated (1.4.2): :func:`room` and :func:`can_place` refuse a third Base
  in a Province or City, any Base on a LoC, and US or ARVN pieces in North Vietnam.
- Only Available pieces are placed (1.4.1) unless the text names Out of Play or Casualties
  (``source=``); a replacement that is not Available, or would break stacking, is skipped
  and the piece is only removed (:func:`replace_piece`).
- Tunneled Bases are removed only when the text says so explicitly or by their owner
  (:func:`remove` refuses otherwise, 1.4.4).
- Resources, Aid and Patronage never exceed 75: ``ctx.add_track`` clamps (1.8).
- What can be carried out must be (5.1.3): the step helpers (:func:`place_steps`,
  :func:`remove_steps`) keep asking while a choice remains, unless the text says "up to".
- Terror and Sabotage markers number 15 in all (3.3.4): :func:`add_terror` places one only
  while one is left.

Choices are asked step by step with the ordinary commands: ``Select`` a space, ``Move`` one
piece between a location and another, ``Choose`` a word, ``Done`` to stop an "up to"; each
question names its :class:`~coinlake.rules.core.Kind`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence

from coinlake.data.map import SPACES, Country, Space, space
from coinlake.data.pieces import Faction, Piece
from coinlake.data.pieces import Kind as PieceKind
from coinlake.rules.core import DONE, Ask, Ctx, Kind
from coinlake.state.commands import Choose, Command, Move, Select
from coinlake.state.model import AVAILABLE, BOXES, GameState, Support

TERROR_MARKERS = 15
"""Terror/Sabotage markers in the game (3.3.4)."""

Steps = Generator[Ask, Command, int]


# -- facts -----------------------------------------------------------------------------------
def info(key: str | int) -> Space:
    """A space's static facts."""
    return space(key)


def room(state: GameState, piece: Piece, key: str) -> int:
    """How many ``piece`` may still enter space ``key`` without breaking stacking (1.4.2);
    a large number when unlimited."""
    where = space(key)
    if where.country is Country.NORTH_VIETNAM and piece.faction.is_coin:
        return 0
    if piece.kind is PieceKind.BASE:
        return 0 if where.is_loc else max(0, 2 - state.space(key).bases())
    return 1_000


def count_at(state: GameState, piece: Piece, location: str) -> int:
    """How many ``piece`` stand at a space or lie in a box (boxes hold box forms, 1.4.1)."""
    if location in BOXES:
        return state.box(location)[piece.box_form]
    return state.space(location).pieces[piece]


def can_place(state: GameState, piece: Piece, key: str, source: str = AVAILABLE) -> bool:
    """One ``piece`` can come from ``source`` into space ``key`` (1.4.1, 1.4.2, 5.1.1)."""
    return count_at(state, piece, source) > 0 and room(state, piece, key) > 0


def markers_on_map(state: GameState) -> int:
    """Terror and Sabotage markers on the map (3.3.4)."""
    return sum(sp.terror + sp.sabotage for sp in state.spaces)


def spaces_where(test: Iterable[bool]) -> tuple[str, ...]:
    """Space ids, in map order, for which ``test`` (one bool per space, in map order) holds."""
    return tuple(SPACES[i].id for i, ok in enumerate(test) if ok)


# -- changes ---------------------------------------------------------------------------------
def place(ctx: Ctx, piece: Piece, key: str, count: int, rule: str, source: str = AVAILABLE) -> int:
    """Place up to ``count`` ``piece`` from ``source`` into space ``key``, as many as are
    there and stacking allows (5.1.1); returns how many. Pieces arrive in their box form:
    Guerrillas and SF Underground, Bases without Tunnel (1.4.3)."""
    form = piece.box_form
    n = min(count, count_at(ctx.state, form, source), room(ctx.state, form, key))
    if n > 0:
        ctx.move(form, n, source, key, rule)
    return max(n, 0)


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


def replace_piece(
    ctx: Ctx, old: Piece, new: Piece, key: str, rule: str, *, to: str = AVAILABLE
) -> bool:
    """Replace one ``old`` in ``key`` with ``new`` from Available; if ``new`` is not
    Available or would break stacking, ``old`` is only removed (5.1.1). Returns whether the
    replacement was placed."""
    remove(ctx, old, key, 1, rule, to=to, tunnels=old.tunneled)
    return place(ctx, new, key, 1, rule) == 1


def shift(ctx: Ctx, key: str, levels: int, rule: str) -> int:
    """Shift a space ``levels`` toward Active Support (positive) or Active Opposition
    (negative), stopping at the ends; nothing where Support is impossible (1.6.1). Returns
    the levels shifted."""
    if not info(key).can_have_support:
        return 0
    before = int(ctx.state.space(key).support)
    after = max(-2, min(2, before + levels))
    ctx.set_support(key, Support(after), rule)
    return after - before


def set_level(ctx: Ctx, key: str, level: Support, rule: str) -> bool:
    """Set a space's Support/Opposition level where it can have one (1.6.1)."""
    if not info(key).can_have_support:
        return False
    ctx.set_support(key, level, rule)
    return True


def add_terror(ctx: Ctx, key: str, rule: str) -> bool:
    """Add a Terror marker in ``key`` if one is left (15 in all, 3.3.4, 5.1.1)."""
    if markers_on_map(ctx.state) >= TERROR_MARKERS:
        return False
    ctx.set_markers(key, "terror", ctx.state.space(key).terror + 1, rule)
    return True


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
    without asking (by the engine, recorded as forced)."""
    options: tuple[Command, ...] = tuple(Select(c) for c in candidates)
    if optional and options:
        options = (*options, DONE)
    answer = yield ctx.ask(
        faction, Kind.SELECT_SPACE, prompt, options, rule, single=not optional, none_done=True
    )
    if isinstance(answer, Select):
        return answer.space
    return None


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
    optional: bool = False,
) -> Steps:
    """Let ``faction`` place ``count`` pieces one at a time, each any of ``pieces`` (box
    forms) into any of ``spaces``, from ``source`` (5.1.1). Mandatory placements continue
    while any is possible (5.1.3); ``optional`` ("up to") offers Done. Returns how many."""
    return (
        yield from _move_steps(
            ctx,
            faction,
            Kind.PLACE_PIECES,
            lambda: [
                Move(p.box_form, 1, source, sp)
                for p in pieces
                for sp in spaces
                if can_place(ctx.state, p.box_form, sp, source)
            ],
            lambda answer: place(ctx, answer.piece, answer.destination, 1, rule, source),
            count,
            prompt,
            rule,
            optional,
        )
    )


def remove_steps(
    ctx: Ctx,
    faction: Faction,
    candidates: Sequence[tuple[Piece, str]],
    count: int,
    prompt: str,
    rule: str,
    *,
    to: str = AVAILABLE,
    optional: bool = False,
) -> Steps:
    """Let ``faction`` remove ``count`` pieces one at a time among ``candidates`` (piece,
    space) still present, to box ``to``. Tunneled Bases appear among candidates only when
    the text allows it (5.1.1). Returns how many were removed."""
    return (
        yield from _move_steps(
            ctx,
            faction,
            Kind.REMOVE_PIECES,
            lambda: [
                Move(p, 1, sp, to) for p, sp in candidates if ctx.state.space(sp).pieces[p] > 0
            ],
            lambda answer: remove(
                ctx, answer.piece, answer.origin, 1, rule, to=to, tunnels=answer.piece.tunneled
            ),
            count,
            prompt,
            rule,
            optional,
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
) -> Steps:
    """Ask for up to ``count`` of ``moves()`` one at a time and ``apply`` each (5.1.3: while
    one is possible; ``optional`` offers Done). ``moves`` reads ``ctx.state``: it is called
    only when the question is really asked, before the answer changes anything. Returns how
    many were applied."""

    def options() -> list[Command]:
        found = moves()
        if optional and found:
            found.append(DONE)
        return found

    done = 0
    while done < count:
        answer = yield ctx.ask(
            faction, kind, f"{prompt} ({done + 1} of {count})", options, rule, none_done=True
        )
        if not isinstance(answer, Move):
            break
        apply(answer)
        done += 1
    return done


# -- cards whose texts only put a Capability into effect (5.3) -------------------------------
def capability_card(number: int, module: str) -> None:
    """Register both texts of Capability card ``number`` as having no immediate effect: the
    registry then puts the Capability into effect on the executed side (5.3), and the
    Operations concerned consult :func:`coinlake.rules.effects.capability`. ``module`` is
    the card file's ``__name__``."""
    from coinlake.rules.cards.registry import shaded, unshaded

    def no_immediate_effect(ctx: Ctx, faction: Faction) -> Generator[Ask, Command, None]:
        return
        yield  # a generator with no question

    no_immediate_effect.__module__ = module
    no_immediate_effect.__qualname__ = f"card_{number}_capability"
    unshaded(number)(no_immediate_effect)
    shaded(number)(no_immediate_effect)
