"""VC Special Activities: Tax (4.5.1) and Subvert (4.5.2). Ambush (4.5.3), shared with the
NVA, is in :mod:`coinlake.rules.special_activities.ambush`.

Spaces are selected one at a time (``select <space>``, ``done`` after the first), each only
once (4.1). Typhoon Kate (115, Momentum) limits each to 1 space (``rules/effects.py``).
"""

from __future__ import annotations

from coinlake.data.map import CAN_HAVE_SUPPORT, ECON, IS_LOC, NAME, POPULATION, SPACE_IDS
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, special_activity
from coinlake.rules.core import Ctx, Kind
from coinlake.rules.kit import NO_GRANT, Gen, Slot, at, word
from coinlake.state.model import GameState, Support, Track
from coinlake.state.queries import Control, control_of

VC = Faction.VC
ARVN_CUBES = (Piece.ARVN_TROOPS, Piece.ARVN_POLICE)
REMOVE, REPLACE = word("remove"), word("replace")
SUBVERT_MODES = (REMOVE, REPLACE)


# == 4.5.1 Tax ================================================================================
def _tax_ok(state: GameState, space: str) -> bool:
    """The quick form of :func:`_tax_reason` (no message)."""
    sp = at(state, space)
    return sp.pieces[Piece.VC_GUERRILLA_UNDERGROUND] > 0 and (
        IS_LOC[space] or control_of(sp) is not Control.COIN
    )


def _tax_reason(state: GameState, space: str) -> tuple[str, str] | None:
    sp = at(state, space)
    if not sp.pieces[Piece.VC_GUERRILLA_UNDERGROUND]:
        return f"no Underground VC Guerrilla in {NAME[space]}", "4.5.1"
    if not IS_LOC[space] and control_of(sp) is Control.COIN:
        return f"{NAME[space]} is under COIN Control", "4.5.1"
    return None


def can_tax(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """A space with an Underground VC Guerrilla and no COIN Control (LoCs never have it)."""
    return not limited and any(_tax_ok(state, s) for s in SPACE_IDS)


@special_activity("tax", VC, rule="4.5.1", legal=can_tax)
def tax(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """Tax (4.5.1) in up to 4 spaces (1 under Typhoon Kate) with an Underground VC Guerrilla
    and no COIN Control: Activate 1 Underground VC Guerrilla; VC Resources + the LoC's Econ,
    or + twice the Population; a Province or City then shifts 1 level toward Active Support."""
    kit.honour(grant, "tax", *kit.SPACE_TERMS)
    limit = grant.max_spaces
    if limit is None:
        limit = effects.special_activity_space_limit(ctx.state, 4)
    done = yield from kit.action_spaces(
        ctx,
        VC,
        "Tax",
        "4.5.1",
        grant=grant,
        limit=limit,
        ok=_tax_ok,
        reason=_tax_reason,
        record=None if sa is None else sa.sa_spaces,
        each=lambda space: _tax_in(ctx, space),
        special_activity=True,
    )
    return Outcome(executed=bool(done))


def _tax_in(ctx: Ctx, space: str) -> Gen[None]:
    """Tax in ``space`` (4.5.1); no question."""
    rule = "4.5.1"
    ctx.flip(space, Piece.VC_GUERRILLA_UNDERGROUND, 1, rule)
    gain = ECON[space] if IS_LOC[space] else 2 * POPULATION[space]
    ctx.add_track(Track.VC_RESOURCES, gain, rule)
    level = at(ctx.state, space).support
    if CAN_HAVE_SUPPORT[space] and level < Support.ACTIVE_SUPPORT:
        ctx.set_support(space, Support(level + 1), rule)
    yield from ()


# == 4.5.2 Subvert ============================================================================
def _subvert_ok(state: GameState, space: str) -> bool:
    """The quick form of :func:`_subvert_reason` (no message)."""
    p = at(state, space).pieces
    return p[Piece.VC_GUERRILLA_UNDERGROUND] > 0 and p[Piece.ARVN_TROOPS] + p[Piece.ARVN_POLICE] > 0


def _subvert_reason(state: GameState, space: str) -> tuple[str, str] | None:
    sp = at(state, space)
    if not sp.pieces[Piece.VC_GUERRILLA_UNDERGROUND]:
        return f"no Underground VC Guerrilla in {NAME[space]}", "4.5.2"
    if not sp.count(*ARVN_CUBES):
        return f"no ARVN cube in {NAME[space]}", "4.5.2"
    return None


def can_subvert(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """A space with an Underground VC Guerrilla and ARVN cubes (4.5.2)."""
    return not limited and any(_subvert_ok(state, s) for s in SPACE_IDS)


@special_activity(
    "subvert", VC, rule="4.5.2", legal=can_subvert, accompanies=("rally", "march", "terror")
)
def subvert(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """Subvert (4.5.2), with Rally, March or Terror, in 1-2 spaces (1 under Typhoon Kate)
    with an Underground VC Guerrilla and ARVN cubes: ``remove`` 2 ARVN cubes, or ``replace``
    1 with a VC Guerrilla (from Available, else from the map, 1.4.1; none at all: the cube is
    just removed). Then Patronage -1 per 2 ARVN cubes removed or replaced in all (rounded
    down)."""
    kit.honour(grant, "subvert", *kit.SPACE_TERMS)
    limit = grant.max_spaces
    if limit is None:
        limit = effects.special_activity_space_limit(ctx.state, 2)
    cubes = 0

    def each(space: str) -> Gen[None]:
        nonlocal cubes
        cubes += yield from _subvert_in(ctx, space)

    done = yield from kit.action_spaces(
        ctx,
        VC,
        "Subvert",
        "4.5.2",
        grant=grant,
        limit=limit,
        ok=_subvert_ok,
        reason=_subvert_reason,
        record=None if sa is None else sa.sa_spaces,
        each=each,
        special_activity=True,
    )
    if cubes >= 2:
        ctx.add_track(Track.PATRONAGE, -(cubes // 2), "4.5.2")
    return Outcome(executed=bool(done))


def _subvert_in(ctx: Ctx, space: str) -> Gen[int]:
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
    cubes = yield from kit.remove_one_at_a_time(
        ctx,
        VC,
        Kind.REMOVE_PIECES,
        lambda nth: f"VC: which ARVN cube in {NAME[space]} ({nth + 1} of {count})?",
        space,
        ARVN_CUBES,
        count,
        rule,
    )
    if count == 1 and kit.supply(ctx.state, VC, Piece.VC_GUERRILLA_UNDERGROUND, space):
        yield from kit.place_pieces(ctx, VC, Piece.VC_GUERRILLA_UNDERGROUND, 1, space, rule)
    return cubes
