"""VC Special Activities: Tax (4.5.1) and Subvert (4.5.2). Ambush (4.5.3), shared with the
NVA, is in ``rules/ambush.py``.

Spaces are selected one at a time (``select <space>``, ``done`` after the first), each only
once (4.1). Typhoon Kate (115, Momentum) limits each to 1 space (``rules/effects.py``).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from coinlake.data.map import SPACES, space_index
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.actions import Outcome, SpecialActivitySlot, special_activity
from coinlake.rules.ambush import SELECT
from coinlake.rules.core import Ask, Ctx, deferred_refusals
from coinlake.rules.insurgent_operations import (
    ALL_SPACES,
    DONE,
    IDX,
    NAME,
    pick,
    place_own,
    supply,
    word,
)
from coinlake.rules.nva_special_activities import _refusals
from coinlake.state.commands import Command, Move, Select
from coinlake.state.model import AVAILABLE, GameState, Support, Track
from coinlake.state.queries import Control, control, control_of

VC = Faction.VC
ARVN_CUBES = (Piece.ARVN_TROOPS, Piece.ARVN_POLICE)


# == 4.5.1 Tax ================================================================================
def _tax_ok(state: GameState, space: str) -> bool:
    """The quick form of :func:`_tax_reason` (no message)."""
    i = IDX[space]
    sp = state.spaces[i]
    return sp.pieces[Piece.VC_GUERRILLA_UNDERGROUND] > 0 and (
        SPACES[i].is_loc or control_of(sp) is not Control.COIN
    )


def _tax_reason(state: GameState, space: str) -> tuple[str, str] | None:
    if not state.space(space).pieces[Piece.VC_GUERRILLA_UNDERGROUND]:
        return f"no Underground VC Guerrilla in {NAME[space]}", "4.5.1"
    if control(state, space) is Control.COIN:
        return f"{NAME[space]} is under COIN Control", "4.5.1"
    return None


def can_tax(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """A space with an Underground VC Guerrilla and no COIN Control (LoCs never have it)."""
    return not limited and any(_tax_ok(state, s) for s in ALL_SPACES)


@special_activity("tax", VC, rule="4.5.1", legal=can_tax)
def tax(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    operation: str = "",
    spaces: Sequence[str] | None = None,
    max_spaces: int | None = None,
    **options: Any,
) -> Generator[Ask, Command, Outcome]:
    """Tax (4.5.1) in up to 4 spaces (1 under Typhoon Kate) with an Underground VC Guerrilla
    and no COIN Control: Activate 1 Underground VC Guerrilla; VC Resources + the LoC's Econ,
    or + twice the Population; a Province or City then shifts 1 level toward Active Support.
    Event options: ``spaces``, ``max_spaces``."""
    rule = "4.5.1"
    limit = (
        max_spaces if max_spaces is not None else effects.special_activity_space_limit(ctx.state, 4)
    )
    pool = ALL_SPACES if spaces is None else tuple(SPACES[space_index(s)].id for s in spaces)
    done: list[str] = []
    while len(done) < limit:
        state = ctx.state
        candidates = [s for s in pool if s not in done and _tax_ok(state, s)]
        if not candidates:
            break
        options_: list[Command] = [SELECT[s] for s in candidates]
        if done:
            options_.append(DONE)
        answer = yield ctx.ask(
            VC,
            "select-space",
            f"VC: select a space to Tax ({len(done) + 1} of up to {limit}), or done",
            tuple(options_),
            rule,
            deferred_refusals(
                lambda state=state, done=tuple(done): _refusals(
                    state, pool, done, _tax_reason, "Tax"
                )
            ),
        )
        if not isinstance(answer, Select):
            break
        space = answer.space
        done.append(space)
        if sa is not None:
            sa.sa_spaces.append(space)
        info = SPACES[space_index(space)]
        ctx.flip(space, Piece.VC_GUERRILLA_UNDERGROUND, 1, rule)
        gain = info.econ if info.is_loc else 2 * info.population
        ctx.add_track(Track.VC_RESOURCES, gain, rule)
        level = ctx.state.space(space).support
        if info.can_have_support and level < Support.ACTIVE_SUPPORT:
            ctx.set_support(space, Support(level + 1), rule)
    return Outcome(executed=bool(done))


# == 4.5.2 Subvert ============================================================================
def _subvert_ok(state: GameState, space: str) -> bool:
    """The quick form of :func:`_subvert_reason` (no message)."""
    p = state.spaces[IDX[space]].pieces
    cubes = p[Piece.ARVN_TROOPS] + p[Piece.ARVN_POLICE]
    return p[Piece.VC_GUERRILLA_UNDERGROUND] > 0 and cubes > 0


def _subvert_reason(state: GameState, space: str) -> tuple[str, str] | None:
    sp = state.space(space)
    if not sp.pieces[Piece.VC_GUERRILLA_UNDERGROUND]:
        return f"no Underground VC Guerrilla in {NAME[space]}", "4.5.2"
    if not sp.count(*ARVN_CUBES):
        return f"no ARVN cube in {NAME[space]}", "4.5.2"
    return None


def can_subvert(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """A space with an Underground VC Guerrilla and ARVN cubes (4.5.2)."""
    return not limited and any(_subvert_ok(state, s) for s in ALL_SPACES)


@special_activity(
    "subvert", VC, rule="4.5.2", legal=can_subvert, accompanies=("rally", "march", "terror")
)
def subvert(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool,
    sa: SpecialActivitySlot | None = None,
    operation: str = "",
    spaces: Sequence[str] | None = None,
    max_spaces: int | None = None,
    **options: Any,
) -> Generator[Ask, Command, Outcome]:
    """Subvert (4.5.2), with Rally, March or Terror, in 1-2 spaces (1 under Typhoon Kate)
    with an Underground VC Guerrilla and ARVN cubes: ``remove`` 2 ARVN cubes, or ``replace``
    1 with a VC Guerrilla (from Available, else from the map, 1.4.1; none at all: the cube is
    just removed). Then Patronage -1 per 2 ARVN cubes removed or replaced in all (rounded
    down). Event options: ``spaces``, ``max_spaces``."""
    rule = "4.5.2"
    limit = (
        max_spaces if max_spaces is not None else effects.special_activity_space_limit(ctx.state, 2)
    )
    pool = ALL_SPACES if spaces is None else tuple(SPACES[space_index(s)].id for s in spaces)
    done: list[str] = []
    cubes = 0
    while len(done) < limit:
        state = ctx.state
        candidates = [s for s in pool if s not in done and _subvert_ok(state, s)]
        if not candidates:
            break
        options_: list[Command] = [SELECT[s] for s in candidates]
        if done:
            options_.append(DONE)
        answer = yield ctx.ask(
            VC,
            "select-space",
            f"VC: select a space to Subvert ({len(done) + 1} of up to {limit}), or done",
            tuple(options_),
            rule,
            deferred_refusals(
                lambda state=state, done=tuple(done): _refusals(
                    state, pool, done, _subvert_reason, "Subvert"
                )
            ),
        )
        if not isinstance(answer, Select):
            break
        space = answer.space
        done.append(space)
        if sa is not None:
            sa.sa_spaces.append(space)
        mode = yield ctx.ask(
            VC,
            "subvert-mode",
            f"VC Subvert in {NAME[space]}: remove 2 ARVN cubes or replace 1 with a Guerrilla?",
            (word("remove"), word("replace")),
            rule,
        )
        count = 2 if mode == word("remove") else 1
        for nth in range(count):
            sp = ctx.state.space(space)
            choices = [Move(p, 1, space, AVAILABLE) for p in ARVN_CUBES if sp.pieces[p]]
            if not choices:
                break
            cube = yield from pick(
                ctx,
                VC,
                "remove",
                f"VC: which ARVN cube in {NAME[space]} ({nth + 1} of {count})?",
                choices,
                rule,
            )
            assert isinstance(cube, Move)
            ctx.move(cube.piece, 1, space, AVAILABLE, rule)
            cubes += 1
        if count == 1 and supply(ctx.state, Piece.VC_GUERRILLA_UNDERGROUND, space):
            yield from place_own(ctx, VC, Piece.VC_GUERRILLA_UNDERGROUND, 1, space, rule)
    if cubes >= 2:
        ctx.add_track(Track.PATRONAGE, -(cubes // 2), rule)
    return Outcome(executed=bool(done))
