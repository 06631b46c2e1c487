"""3.3.4 Terror (NVA, VC): Activate an Underground Guerrilla, place a Terror marker and shift
toward Opposition (VC) or Neutral (NVA) -- on a LoC, Sabotage -- while one of the 15
markers is left (:func:`coinlake.rules.kit.markers_left`). With Cadres (5.3).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from coinlake.data.map import CAN_HAVE_SUPPORT, IS_LOC, NAME, SPACE_IDS
from coinlake.data.pieces import ACTIVE, GUERRILLAS, UNDERGROUND, Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, operation, pay
from coinlake.rules.core import Ctx, Kind
from coinlake.rules.kit import NO_GRANT, Gen, Slot, at
from coinlake.state.model import GameState, Support, memo

NVA, VC = Faction.NVA, Faction.VC


def _terror_reason(state: GameState, faction: Faction, space: str) -> tuple[str, str] | None:
    sp = at(state, space)
    if not sp.pieces[UNDERGROUND[faction][0]] and not (
        faction is NVA and sp.pieces[Piece.NVA_TROOPS]
    ):
        troop = " or NVA Troop" if faction is NVA else ""
        return f"no Underground {faction} Guerrilla{troop} in {NAME[space]}", "3.3.4"
    needed = effects.terror_guerrilla_cost(state, faction)
    if needed and sp.count(*GUERRILLAS[faction]) < needed:
        return f"Cadres: {needed} VC Guerrillas must be removed in {NAME[space]}", "5.3"
    return None


def terror_spaces(state: GameState, faction: Faction, free: bool) -> frozenset[str]:
    """The spaces where the Faction could Terror now, its cost paid (memoised on the state)."""
    return memo(
        state, ("terror-spaces", faction, free), partial(_terror_spaces, state, faction, free)
    )


def _terror_spaces(state: GameState, faction: Faction, free: bool) -> frozenset[str]:
    return frozenset(_terror_where(state, faction, free))


def _terror_where(state: GameState, faction: Faction, free: bool) -> Iterator[str]:
    """The quick form of :func:`_terror_reason` and the cost (no message), in map order."""
    paying = kit.can_pay(state, faction, 1, free)
    needed = effects.terror_guerrilla_cost(state, faction)
    underground, active = UNDERGROUND[faction][0], ACTIVE[faction][0]
    troops = faction is NVA
    for s, sp in zip(SPACE_IDS, state.spaces, strict=True):
        if not paying and not IS_LOC[s]:
            continue
        p = sp.pieces
        if not p[underground] and not (troops and p[Piece.NVA_TROOPS]):
            continue
        if not needed or p[underground] + p[active] >= needed:
            yield s


def terror_cost(space: str) -> int:
    """1 Resource per Province or City, 0 for LoCs (3.3.4)."""
    return 0 if IS_LOC[space] else 1


def can_terror(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space with an Underground Guerrilla of the Faction (or an NVA Troop) whose cost
    the Faction can pay (3.3.4)."""
    return next(_terror_where(state, faction, free), None) is not None


@operation("terror", (NVA, VC), rule="3.3.4", legal=can_terror)
def terror(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """Terror (3.3.4) in spaces with an Underground Guerrilla of the Faction (NVA: or an NVA
    Troop), 1 Resource per Province or City, 0 per LoC: Activate 1 Underground Guerrilla;
    in a Province or City without Terror place a Terror marker and shift it 1 level toward
    Active Opposition (VC) or any Support 1 level toward Neutral (NVA); on a LoC without
    Sabotage place Sabotage -- markers only while one of the 15 is left. Under unshaded
    Cadres the VC also remove 2 VC Guerrillas in each space (and need them). A granting
    Event may make it compulsory in every allowed space where it can occur (card 124)."""
    kit.honour(grant, "terror", *kit.SPACE_TERMS)
    rule = "3.3.4"

    def reason(state: GameState, s: str) -> tuple[str, str] | None:
        why = _terror_reason(state, faction, s)
        if why is None and not kit.can_pay(state, faction, terror_cost(s), free):
            why = (f"{faction} cannot pay 1 Resource for {NAME[s]}", "3.1")
        return why

    done = yield from kit.action_spaces(
        ctx,
        faction,
        "Terror",
        rule,
        grant=grant,
        slot=sa,
        operation="terror",
        limit=1 if limited else None,
        possible=lambda state: terror_spaces(state, faction, free),
        reason=reason,
        each=lambda space: _terror_space(ctx, faction, space, free),
        transfers=kit.Transfers(faction, not free),
        ask_done_alone=True,
    )
    return Outcome(executed=bool(done))


def _terror_space(ctx: Ctx, faction: Faction, space: str, free: bool) -> Gen[None]:
    rule = "3.3.4"
    pay(ctx, faction, terror_cost(space), free=free, rule=rule)
    underground = UNDERGROUND[faction][0]
    ctx.flip(space, underground, min(1, at(ctx.state, space).pieces[underground]), rule)
    yield from kit.remove_one_at_a_time(
        ctx,
        faction,
        Kind.REMOVE_PIECES,
        lambda nth: f"Cadres: remove a VC Guerrilla from {NAME[space]} ({nth + 1} of 2)",
        space,
        GUERRILLAS[faction],
        effects.terror_guerrilla_cost(ctx.state, faction),
        "5.3",
    )
    sp = at(ctx.state, space)
    if IS_LOC[space]:
        if not sp.sabotage:
            kit.add_marker(ctx, space, "sabotage", rule)
        return
    if sp.terror:
        return
    kit.add_marker(ctx, space, "terror", rule)
    if not CAN_HAVE_SUPPORT[space]:
        return
    if faction is VC:
        if sp.support > Support.ACTIVE_OPPOSITION:
            ctx.set_support(space, Support(sp.support - 1), rule)
    elif sp.support > Support.NEUTRAL:
        ctx.set_support(space, Support(sp.support - 1), rule)
