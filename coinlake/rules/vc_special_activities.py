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
from coinlake.rules import effects, forces
from coinlake.rules.actions import Outcome, SpecialActivitySlot, special_activity
from coinlake.rules.core import Ask, Ctx, Kind
from coinlake.rules.insurgent_operations import (
    ALL_SPACES,
    IDX,
    NAME,
    insurgent_sa_spaces,
    place_own,
    space_pool,
    supply,
)
from coinlake.state.commands import Choose, Command
from coinlake.state.model import GameState, Support, Track
from coinlake.state.queries import Control, control, control_of

VC = Faction.VC
ARVN_CUBES = (Piece.ARVN_TROOPS, Piece.ARVN_POLICE)
REMOVE, REPLACE = Choose("remove"), Choose("replace")
SUBVERT_MODES = (REMOVE, REPLACE)


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
    limit = (
        max_spaces if max_spaces is not None else effects.special_activity_space_limit(ctx.state, 4)
    )
    done = yield from insurgent_sa_spaces(
        ctx,
        VC,
        "Tax",
        "4.5.1",
        limit=limit,
        pool=space_pool(spaces),
        ok=_tax_ok,
        reason=_tax_reason,
        sa=options.get("slot", sa),  # the SA slot it runs in (4.1), if any
        each=lambda space: _tax_in(ctx, space),
    )
    return Outcome(executed=bool(done))


def _tax_in(ctx: Ctx, space: str) -> Generator[Ask, Command, None]:
    """Tax in ``space`` (4.5.1); no question."""
    rule = "4.5.1"
    info = SPACES[space_index(space)]
    ctx.flip(space, Piece.VC_GUERRILLA_UNDERGROUND, 1, rule)
    gain = info.econ if info.is_loc else 2 * info.population
    ctx.add_track(Track.VC_RESOURCES, gain, rule)
    level = ctx.state.space(space).support
    if info.can_have_support and level < Support.ACTIVE_SUPPORT:
        ctx.set_support(space, Support(level + 1), rule)
    yield from ()


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
    limit = (
        max_spaces if max_spaces is not None else effects.special_activity_space_limit(ctx.state, 2)
    )
    cubes = 0

    def each(space: str) -> Generator[Ask, Command, None]:
        nonlocal cubes
        cubes += yield from _subvert_in(ctx, space)

    done = yield from insurgent_sa_spaces(
        ctx,
        VC,
        "Subvert",
        "4.5.2",
        limit=limit,
        pool=space_pool(spaces),
        ok=_subvert_ok,
        reason=_subvert_reason,
        sa=options.get("slot", sa),  # the SA slot it runs in (4.1), if any
        each=each,
    )
    if cubes >= 2:
        ctx.add_track(Track.PATRONAGE, -(cubes // 2), "4.5.2")
    return Outcome(executed=bool(done))


def _subvert_in(ctx: Ctx, space: str) -> Generator[Ask, Command, int]:
    """Subvert in ``space`` (4.5.2); returns how many ARVN cubes were removed or replaced."""
    rule = "4.5.2"
    mode = yield ctx.ask(
        VC,
        Kind.CHOOSE_MODE,
        f"VC Subvert in {NAME[space]}: remove 2 ARVN cubes or replace 1 with a Guerrilla?",
        SUBVERT_MODES,
        rule,
    )
    count = 2 if mode == REMOVE else 1
    cubes = yield from forces.remove_one_at_a_time(
        ctx,
        VC,
        Kind.REMOVE_PIECES,
        lambda nth: f"VC: which ARVN cube in {NAME[space]} ({nth + 1} of {count})?",
        space,
        ARVN_CUBES,
        count,
        rule,
    )
    if count == 1 and supply(ctx.state, Piece.VC_GUERRILLA_UNDERGROUND, space):
        yield from place_own(ctx, VC, Piece.VC_GUERRILLA_UNDERGROUND, 1, space, rule)
    return cubes
