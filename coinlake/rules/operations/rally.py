"""3.3.1 Rally (NVA, VC): place Guerrillas or build Bases in Provinces and Cities without
Support, then (NVA) Improve the Trail; with Cadres, SA-2s, AAA and McNamara Line (5.3, 5.4,
read through :mod:`coinlake.rules.effects`).
"""

from __future__ import annotations

from functools import partial

from coinlake.data.map import CAN_HAVE_SUPPORT, IS_LOC, NAME, POPULATION, SPACE_IDS
from coinlake.data.pieces import ACTIVE, BASES, UNDERGROUND, Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, operation, pay
from coinlake.rules.core import Ctx, Kind, ask_unless_one, subprocedure
from coinlake.rules.kit import NO_GRANT, Gen, Slot, at, counts, word
from coinlake.state.commands import Choose, Count
from coinlake.state.model import AVAILABLE, GameState, Support, memo

NVA, VC = Faction.NVA, Faction.VC
BASE = {NVA: Piece.NVA_BASE, VC: Piece.VC_BASE}
RALLY_PLACE = word("place")
IMPROVE_TRAIL = word("improve-trail")


def _rally_most(state: GameState, faction: Faction, space: str) -> int:
    """How many Guerrillas a Rally may place in ``space``: 1, or with a Base of the Faction
    there up to Trail + NVA Bases / Pop + VC Bases -- as many as the Faction can place."""
    own_bases = at(state, space).count(*BASES[faction])
    if own_bases:
        extra = state.trail if faction is NVA else POPULATION[space]
        most = extra + own_bases
    else:
        most = 1
    return min(most, kit.supply(state, faction, UNDERGROUND[faction][0], space, most))


def _rally_modes(state: GameState, faction: Faction, space: str) -> tuple[Choose, ...]:
    """What a Rally may do in ``space``: ``place`` Guerrillas (how many: :func:`_rally_most`),
    ``base-aa|au|uu`` (replace 2 Guerrillas, Active/Underground, with a Base),
    ``underground`` (VC with a Base: flip every VC Guerrilla there Underground)."""
    sp = at(state, space)
    own_bases = sp.count(*BASES[faction])
    out = [RALLY_PLACE] if _rally_most(state, faction, space) else []
    u = sp.pieces[UNDERGROUND[faction][0]]
    a = sp.pieces[ACTIVE[faction][0]]
    if (
        u + a >= 2
        and kit.base_room(state, space)
        and kit.supply(state, faction, BASE[faction], space, 1)
    ):
        if a >= 2:
            out.append(word("base-aa"))
        if a and u:
            out.append(word("base-au"))
        if u >= 2:
            out.append(word("base-uu"))
    if faction is VC and own_bases and a:
        out.append(word("underground"))
    return tuple(out)


def rally_spaces(state: GameState, faction: Faction) -> frozenset[str]:
    """The Provinces and Cities without Support where a Rally could do something now (the
    quick form of :func:`_rally_modes`; memoised on the state)."""
    return memo(state, ("rally-spaces", faction), partial(_rally_spaces, state, faction))


def _rally_spaces(state: GameState, faction: Faction) -> frozenset[str]:
    g, a = UNDERGROUND[faction][0], ACTIVE[faction][0]
    b, t = BASE[faction], BASE[faction].flipped()
    g_avail, b_avail = state.available[g] > 0, state.available[b] > 0
    g_map = 0 if g_avail else kit.on_map(state, g, a)
    b_map = -1
    out = []
    for s, sp in zip(SPACE_IDS, state.spaces, strict=True):
        if IS_LOC[s] or sp.support > Support.NEUTRAL:
            continue
        p = sp.pieces
        here = p[g] + p[a]
        if g_avail or g_map > here or (faction is VC and p[a] and (p[b] or p[t])):
            out.append(s)
        elif here >= 2 and sp.bases() < kit.MAX_BASES:
            if b_map < 0:
                b_map = 0 if b_avail else kit.on_map(state, b, t)
            if b_avail or b_map > p[b] + p[t]:
                out.append(s)
    return frozenset(out)


def _rally_reason(state: GameState, faction: Faction, space: str) -> tuple[str, str] | None:
    if IS_LOC[space]:
        return "Rally only in Provinces and Cities", "3.3.1"
    if at(state, space).support > Support.NEUTRAL:
        return f"{NAME[space]} has Support", "3.3.1"
    if not _rally_modes(state, faction, space):
        return f"{faction} can neither place nor replace Guerrillas in {NAME[space]}", "3.3.1"
    return None


def _can_improve(state: GameState, faction: Faction, spaces: int) -> bool:
    """NVA Trail Improvement with a Rally (3.3.1): 2 Resources even if the Rally is free or
    Limited or took no space; not at Trail 4, not under McNamara Line; under unshaded AAA
    only by a Rally of at most 1 space."""
    if faction is not NVA or state.trail >= 4 or state.resources(faction) < 2:
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
    if not kit.can_pay(state, faction, 1, free):
        return False
    return bool(rally_spaces(state, faction))


@operation("rally", (NVA, VC), rule="3.3.1", legal=can_rally)
def rally(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """Rally (3.3.1). In each selected Province or City without Support (1 Resource each):
    place a Guerrilla, or replace 2 Guerrillas with a Base, or with a Base there place more
    Guerrillas (NVA: Trail + NVA Bases, VC: Pop + VC Bases) or (VC) flip all VC Guerrillas
    there Underground. Then the NVA may Improve the Trail for 2 Resources (:func:`_can_improve`).
    Shaded Cadres lets the VC Agitate in 1 space that had a VC Base."""
    kit.honour(grant, "rally", *kit.SPACE_TERMS)
    agitated = False

    def each(space: str) -> Gen[None]:
        nonlocal agitated
        # a sub-procedure: a re-run starts inside it, or passes it
        used = yield from ctx.call("rally-space", faction, space, free, agitated)
        agitated = used or agitated

    done = yield from kit.action_spaces(
        ctx,
        faction,
        "Rally",
        "3.3.1",
        grant=grant,
        slot=sa,
        operation="rally",
        limit=1 if limited else None,
        full=kit.no_resources(faction, "Rally", free),
        possible=lambda state: rally_spaces(state, faction),
        reason=lambda state, s: _rally_reason(state, faction, s),
        each=each,
        transfers=kit.Transfers(faction, not free),
        may_stop=lambda state, done, _: bool(done) or _can_improve(state, faction, len(done)),
        ask_done_alone=True,
    )
    improved = yield from _improve_trail(ctx, faction, len(done))
    return Outcome(executed=bool(done) or improved)


@subprocedure("rally-space")
def _rally_space(ctx: Ctx, faction: Faction, space: str, free: bool, agitated: bool) -> Gen[bool]:
    """Resolve a Rally in ``space``; returns whether shaded Cadres' Agitation was used."""
    pay(ctx, faction, 1, free=free, rule="3.3.1")
    had_base = at(ctx.state, space).count(*BASES[faction]) > 0
    state = ctx.state
    mode = yield from ask_unless_one(
        ctx,
        faction,
        Kind.CHOOSE_MODE,
        f"{faction} Rally in {NAME[space]}: what to do?",
        lambda: _rally_modes(state, faction, space),
        "3.3.1",
    )
    assert isinstance(mode, Choose)
    option = mode.option
    guerrilla = UNDERGROUND[faction][0]
    if mode == RALLY_PLACE:
        number = yield from ask_unless_one(
            ctx,
            faction,
            Kind.HOW_MANY,
            f"{faction} Rally in {NAME[space]}: how many Guerrillas to place?",
            lambda: counts(1, _rally_most(state, faction, space)),
            "3.3.1",
        )
        assert isinstance(number, Count)
        yield from kit.place_pieces(ctx, faction, guerrilla, number.n, space, "3.3.1")
    elif option.startswith("base-"):
        for letter in option[5:]:
            piece = guerrilla if letter == "u" else ACTIVE[faction][0]
            ctx.move(piece, 1, space, AVAILABLE, "3.3.1")
        yield from kit.place_pieces(ctx, faction, BASE[faction], 1, space, "3.3.1")
    else:
        kit.go_underground(ctx, space, faction, "3.3.1")
    if agitated or not had_base or not effects.rally_agitation(ctx.state, faction):
        return False
    return (yield from _agitate(ctx, faction, space))


def _agitate(ctx: Ctx, faction: Faction, space: str) -> Gen[bool]:
    """Shaded Cadres (116): Agitate in ``space`` as in the Support Phase (6.3.2) even under
    COIN Control -- 1 VC Resource per Terror marker removed or level shifted toward Active
    Opposition, at most 2 levels -- paid even if the Rally is free (3.1.2)."""
    sp = at(ctx.state, space)
    levels = 0
    if CAN_HAVE_SUPPORT[space]:
        levels = min(2, int(sp.support) - int(Support.ACTIVE_OPPOSITION))
    steps = min(sp.terror + levels, ctx.state.resources(faction))
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


def _improve_trail(ctx: Ctx, faction: Faction, spaces: int) -> Gen[bool]:
    """3.3.1: the NVA may pay 2 to Improve the Trail (by 2 under shaded SA-2s) -- compulsory
    when the Rally selected no space, since then it is the whole Rally."""
    if not _can_improve(ctx.state, faction, spaces):
        return False
    if spaces:
        answer = yield ctx.ask(
            faction,
            Kind.YES_NO,
            "NVA: pay 2 Resources to Improve the Trail?",
            (IMPROVE_TRAIL, kit.DECLINE),
            "3.3.1",
        )
        if answer != IMPROVE_TRAIL:
            return False
    pay(ctx, faction, 2, free=True, rule="3.3.1", still_costs=True)
    effects.change_trail(ctx, effects.rally_trail_boxes(ctx.state), "3.3.1")
    return True
