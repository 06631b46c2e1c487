"""3.2.4 Assault (US, ARVN): remove enemy pieces where the Faction's cubes meet Insurgents --
Troops first, Bases last, Tunnels on a die roll -- with the lasting effects of US Assault
(Abrams, M-48 Patton, Search and Destroy, Cobras: 5.3; Body Count, General Lansdale: 5.4).

:func:`assault_in` is the Assault in one space, shared by Patrol (3.2.2), Advise (4.2.1) and
Armored Cavalry (card 61).
"""

from __future__ import annotations

from coinlake.data.cards import (
    ABRAMS,
    BODY_COUNT,
    COBRAS,
    GENERAL_LANSDALE,
    M48_PATTON,
    SEARCH_AND_DESTROY,
    Side,
)
from coinlake.data.map import IS_CITY, IS_HIGHLAND, IS_LOC, IS_LOWLAND, IS_PROVINCE, NAME
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import (
    Grant,
    Outcome,
    operation,
    pay,
    spendable,
)
from coinlake.rules.core import DONE, Ctx, Kind, ask_unless_one
from coinlake.rules.kit import (
    ACTIVE_GUERRILLAS,
    ARVN_COST,
    BOTH,
    NO_GRANT,
    UNDERGROUND_GUERRILLAS,
    Enemies,
    Gen,
    Slot,
    at,
    word,
    work_on,
)
from coinlake.state.commands import Command, Select
from coinlake.state.model import AVAILABLE, CASUALTIES, Counts, GameState, Track

P = Piece
US, ARVN, NVA = Faction.US, Faction.ARVN, Faction.NVA

BASE_AID = 6
"""3.2.4: Aid for each Base an ARVN Assault removes."""
BODY_COUNT_AID = 3
"""Unshaded Body Count (72): Aid for each Guerrilla an Assault or Patrol removes (5.4)."""


def body_count(state: GameState) -> bool:
    """Unshaded Body Count (72, Momentum): Assault and Patrol cost nothing and add 3 Aid per
    Guerrilla they remove (5.4)."""
    return effects.momentum_side(state, BODY_COUNT) is Side.UNSHADED


def us_assault_banned(state: GameState) -> bool:
    """Shaded General Lansdale (78, Momentum): no US Assault until the Coup Round (5.4) --
    Patrol's Assault by the US included."""
    return effects.momentum_side(state, GENERAL_LANSDALE) is Side.SHADED


def assaulting_cubes(p: Counts, faction: Faction, grant: Grant = NO_GRANT) -> int:
    """The cubes an Assault by ``faction`` counts (3.2.4): US Troops, or ARVN Troops and
    Police -- all of them as US Troops when the granting Event says so; US and ARVN Troops
    as US Troops in a joint Assault (card 99)."""
    if grant.as_us_troops:
        return p[P.US_TROOPS] + p[P.ARVN_TROOPS] + p[P.ARVN_POLICE]
    if grant.joint:
        return p[P.US_TROOPS] + p[P.ARVN_TROOPS]
    return p[P.US_TROOPS] if faction is US else p[P.ARVN_TROOPS] + p[P.ARVN_POLICE]


def as_us(faction: Faction, grant: Grant = NO_GRANT) -> bool:
    """The Assault is resolved as a US Assault (3.2.4): by the US, or with ARVN cubes as US
    Troops (``as_us_troops``, card 70; ``joint``, card 99)."""
    return faction is US or grant.as_us_troops or grant.joint


def _cubes_joined(grant: Grant) -> bool:
    """No ARVN Assault is added to a US Assault (3.2.4) whose grant forbids it (card 95) or
    already has the ARVN cubes Assault as US Troops (cards 70, 99)."""
    return grant.no_arvn or grant.as_us_troops or grant.joint


def can_assault_in(p: Counts, faction: Faction, grant: Grant = NO_GRANT) -> bool:
    """3.2.4: the executing Faction's cubes and any Insurgent piece -- of the granting
    Event's targets only, when it names them (3.1) -- are in the space."""
    if assaulting_cubes(p, faction, grant) <= 0:
        return False
    if grant.targets is None:
        return kit.insurgent_count(p) > 0
    return any(p[x] for x in Piece if x.faction in grant.targets)


def can_assault(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Assault (3.2.4): a space with the Faction's cubes and Insurgents; ARVN pays 3 (unless
    free or Body Count); no US Assault under shaded General Lansdale (78)."""
    free = free or body_count(state)
    if faction is ARVN and not free and spendable(state, ARVN) < ARVN_COST:
        return False
    if faction is US and us_assault_banned(state):
        return False
    us = faction is US
    for sp in state.spaces:
        p = sp.pieces
        if (p[P.US_TROOPS] if us else p[P.ARVN_TROOPS] + p[P.ARVN_POLICE]) and any(p[9:]):
            return True
    return False


def _assault_reason(state: GameState, space: str, *, faction: Faction) -> tuple[str, str]:
    return f"no {faction} cubes with Insurgents in {NAME[space]}", "3.2.4"


@operation("assault", (US, ARVN), rule="3.2.4", legal=can_assault)
def assault(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """3.2.4 Assault: select spaces with own cubes and Insurgents (ARVN pays 3 each) and
    remove enemies per :func:`assault_in`. The US may then pay 3 ARVN Resources (above Econ,
    1.8.1) for an ARVN Assault in 1 of its Assault spaces. Shaded Abrams (11): the US selects
    at most 2 spaces. Unshaded Body Count (72): no cost. A granting Event may fix the
    targets (3.1), let Tunneled Bases count as untunneled, count ARVN cubes (or, ``joint``,
    ARVN Troops) as US Troops -- then no ARVN Assault is added, nor when it says so
    (``no_arvn``)."""
    kit.honour(
        grant,
        "assault",
        *kit.SPACE_TERMS,
        "targets",
        "untunneled",
        "as_us_troops",
        "joint",
        "no_arvn",
    )
    free = free or body_count(ctx.state)
    limit = 1 if limited else None
    if faction is US and effects.capability(ctx.state, ABRAMS) is Side.SHADED:
        limit = 2 if limit is None else min(limit, 2)
    flags = AssaultFlags()

    def each(space: str) -> Gen[int]:
        pay(ctx, faction, ARVN_COST if faction is ARVN else 0, free=free, rule="3.2.4")
        return (yield from assault_in(ctx, faction, space, "3.2.4", flags, grant))

    chosen = yield from kit.action_spaces(
        ctx,
        faction,
        "Assault",
        "3.2.4",
        grant=grant,
        slot=sa,
        operation="assault",
        limit=limit,
        ok=lambda state, s: can_assault_in(at(state, s).pieces, faction, grant),
        full=kit.arvn_space_cost(faction, free, "Assault", "3.2.4"),
        reason=lambda state, s: _assault_reason(state, s, faction=faction),
        each=each,
    )
    if not chosen:
        return Outcome(executed=False)
    joined = _cubes_joined(grant)
    if faction is US and not joined and (free or spendable(ctx.state, US) >= ARVN_COST):
        state = ctx.state
        follow = tuple(kit.SELECT[s] for s in chosen if can_assault_in(at(state, s).pieces, ARVN))
        if follow:
            answer = yield ctx.ask(
                US,
                Kind.SELECT_SPACE,
                "US Assault: pay 3 ARVN Resources for an ARVN Assault in 1 of these spaces, "
                "or done",
                (*follow, DONE),
                "3.2.4",
            )
            if isinstance(answer, Select):
                pay(ctx, US, ARVN_COST, free=free, rule="3.2.4")
                work_on(ctx, answer.space)
                yield from assault_in(ctx, ARVN, answer.space, "3.2.4", flags, grant)
                work_on(ctx, None)
    return Outcome(executed=True)


class AssaultFlags:
    """What one Assault Operation has used of its once-per-Operation effects: Abrams'
    Base first (11, unshaded), M-48 Patton's 2 spaces (14, unshaded), and the spaces already
    shifted by shaded Search and Destroy (28)."""

    __slots__ = ("abrams", "patton", "shifted")

    def __init__(self) -> None:
        self.abrams = False
        self.patton = 0
        self.shifted: set[str] = set()


def assault_removals(p: Counts, faction: Faction, space: str, grant: Grant = NO_GRANT) -> int:
    """3.2.4: how many enemy pieces an Assault in ``space`` removes.

    ARVN: 1 per 2 ARVN cubes, 1 per 3 in Highland; Police count in Cities and on LoCs only.
    US (or as if US): 2 per US Troop with a US Base there; else 1 per 2 Troops in Highland,
    1 per Troop elsewhere."""
    if as_us(faction, grant):
        troops = assaulting_cubes(p, faction, grant)
        if p[P.US_BASE]:
            return 2 * troops
        return troops // 2 if IS_HIGHLAND[space] else troops
    cubes = p[P.ARVN_TROOPS] + (p[P.ARVN_POLICE] if IS_LOC[space] or IS_CITY[space] else 0)
    return cubes // (3 if IS_HIGHLAND[space] else 2)


PATTON = word("patton")


def assault_in(
    ctx: Ctx,
    faction: Faction,
    space: str,
    rule: str,
    flags: AssaultFlags | None = None,
    grant: Grant = NO_GRANT,
) -> Gen[int]:
    """Resolve an Assault by ``faction`` in ``space`` (3.2.4) with the lasting effects of
    US Assault (Abrams 11, M-48 Patton 14, Search and Destroy 28, Cobras 13); the Faction
    first targets the NVA, the VC or both where the choice matters (3.1); returns how many
    pieces were removed."""
    flags = flags if flags is not None else AssaultFlags()
    state = ctx.state
    p = at(state, space).pieces
    n = assault_removals(p, faction, space, grant)
    us = as_us(faction, grant)
    if (
        us
        and effects.capability(state, M48_PATTON) is Side.UNSHADED
        and flags.patton < 2
        and not IS_LOWLAND[space]
        and kit.insurgent_count(p) > n
    ):
        answer = yield ctx.ask(
            faction,
            Kind.YES_NO,
            f"M-48 Patton: remove 2 extra enemy pieces in {NAME[space]} ({2 - flags.patton} "
            "space(s) left)?",
            (PATTON, kit.DECLINE),
            "5.3",
        )
        if answer == PATTON:
            n += 2
            flags.patton += 1
    abrams = us and not flags.abrams and effects.capability(state, ABRAMS) is Side.UNSHADED
    s_and_d = us and effects.capability(state, SEARCH_AND_DESTROY) is Side.UNSHADED
    underground = 1 if s_and_d else 0
    targets = yield from kit.choose_targets(
        ctx,
        faction,
        space,
        "Assault",
        lambda t: n > 0 and _assault_affects(p, t, underground, grant),
        grant,
    )
    removed = yield from _assault_removal(
        ctx, faction, space, n, rule, abrams, underground, flags, targets, grant
    )
    cobras = us and effects.capability(ctx.state, COBRAS) is Side.SHADED
    if cobras and at(ctx.state, space).pieces[P.US_TROOPS] and ctx.roll("Cobras", "5.3") <= 3:
        ctx.move(P.US_TROOPS, 1, space, CASUALTIES, "5.3")
    if (
        effects.capability(ctx.state, SEARCH_AND_DESTROY) is Side.SHADED
        and IS_PROVINCE[space]
        and space not in flags.shifted
    ):
        flags.shifted.add(space)
        kit.shift(ctx, space, -1, "5.3")
    return removed


def assault_next(
    p: Counts, targets: Enemies, underground: int, grant: Grant = NO_GRANT
) -> tuple[tuple[Piece, ...], bool]:
    """TROOPS FIRST, BASES LAST and TUNNELS (3.2.4) among the ``targets`` (3.1): the pieces
    the next Assault removal may take from a space with counts ``p``, and whether it would
    instead meet a targeted Tunneled Base (the die roll). Targeted NVA Troops come first,
    then targeted Active Guerrillas (with ``underground`` left, unshaded Search and Destroy:
    targeted Underground ones too), then targeted Bases -- only once no NVA or VC Troops or
    Guerrillas remain, targeted or not: Underground Guerrillas and the other Faction's
    non-Base pieces protect the Bases (3.1 NOTE, 3.2.4 NOTE; ruling R71); Tunneled ones as
    untunneled when the granting Event says so. ``((), False)``: the removal stops."""
    if NVA in targets and p[P.NVA_TROOPS]:
        return (P.NVA_TROOPS,), False
    group = tuple(g for g in ACTIVE_GUERRILLAS if p[g] and g.faction in targets)
    if underground:
        group += tuple(g for g in UNDERGROUND_GUERRILLAS if p[g] and g.faction in targets)
    if group:
        return group, False
    if p[P.NVA_TROOPS] or kit.guerrilla_count(p):
        return (), False  # the remaining Troops or Guerrillas protect the Bases
    bases = tuple(b for b in kit.removable_bases(grant) if p[b] and b.faction in targets)
    if bases:
        return bases, False
    return (), any(p[b] for b in kit.TUNNELED_BASES if b.faction in targets)


def _assault_affects(p: Counts, targets: Enemies, underground: int, grant: Grant) -> bool:
    """Whether an Assault targeting ``targets`` would remove a piece or roll for a Tunnel."""
    group, tunnel = assault_next(p, targets, underground, grant)
    return bool(group) or tunnel


def _assault_removal(
    ctx: Ctx,
    faction: Faction,
    space: str,
    n: int,
    rule: str,
    abrams: bool,
    underground: int,
    flags: AssaultFlags,
    targets: Enemies = BOTH,
    grant: Grant = NO_GRANT,
) -> Gen[int]:
    """Remove up to ``n`` targeted pieces per :func:`assault_next` (the Assaulting Faction
    chooses the order of Active Guerrillas); Underground Guerrillas are never removed (but
    see Search and Destroy). A Tunneled Base as the next piece stops the removal: a die roll
    of 4-6 removes its Tunnel marker only. ARVN gains 6 Aid per Base it removes."""
    removed = 0
    bases = kit.removable_bases(grant)
    while n > 0:
        p = at(ctx.state, space).pieces
        group, tunnel = assault_next(p, targets, underground, grant)
        if not group:
            if tunnel:
                yield from _tunnel_roll(ctx, faction, space, rule, targets)
            break
        extra: tuple[Piece, ...] = ()
        if abrams and removed == 0 and group[0] not in bases:
            # unshaded Abrams: a (targeted) Base first
            extra = tuple(b for b in kit.OPEN_BASES if p[b] and b.faction in targets)
        candidates = group + extra
        hidden = any(g in UNDERGROUND_GUERRILLAS for g in group)
        if len(candidates) == 1 or (not extra and not hidden and n >= sum(p[g] for g in group)):
            for piece in group:  # no choice to make: remove as many as the count allows
                k = min(n, p[piece], underground if piece in UNDERGROUND_GUERRILLAS else n)
                if k:
                    if piece in UNDERGROUND_GUERRILLAS:
                        underground -= k
                    _remove(ctx, faction, piece, k, space, rule, grant)
                    n -= k
                    removed += k
            continue
        piece = yield from kit.which_piece(
            ctx,
            faction,
            f"{faction} Assault in {NAME[space]}: remove which piece next ({n} left)?",
            candidates,
            space,
            rule,
        )
        if piece in extra:
            flags.abrams = True
            abrams = False
            _remove(ctx, faction, piece, 1, space, "5.3", grant)
        else:
            if piece in UNDERGROUND_GUERRILLAS:
                underground -= 1  # unshaded Search and Destroy: 1 per space
            _remove(ctx, faction, piece, 1, space, rule, grant)
        n -= 1
        removed += 1
    return removed


def _remove(
    ctx: Ctx, faction: Faction, piece: Piece, k: int, space: str, rule: str, grant: Grant
) -> None:
    ctx.move(piece, k, space, AVAILABLE, rule)
    if not as_us(faction, grant) and piece.kind.value == "base":
        ctx.add_track(Track.AID, BASE_AID * k, "3.2.4")
    if piece.kind.value == "guerrilla" and body_count(ctx.state):
        ctx.add_track(Track.AID, BODY_COUNT_AID * k, "5.4")


TUNNEL_WORDS: dict[Piece, Command] = {
    P.NVA_TUNNELED_BASE: word("nva-tunnel"),
    P.VC_TUNNELED_BASE: word("vc-tunnel"),
}


def _tunnel_roll(
    ctx: Ctx, faction: Faction, space: str, rule: str, targets: Enemies = BOTH
) -> Gen[None]:
    """TUNNELS (3.2.4): the next piece would be a targeted Tunneled Base: roll; on 4-6 one
    targeted Tunnel marker is removed (the Base stays)."""
    p = at(ctx.state, space).pieces
    tunneled = tuple(b for b in kit.TUNNELED_BASES if p[b] and b.faction in targets)
    if not tunneled:
        return
    if ctx.roll("Tunnel", rule) < 4:
        return
    answer = yield from ask_unless_one(
        ctx,
        faction,
        Kind.CHOOSE_MODE,
        f"Remove the Tunnel marker from which Base in {NAME[space]}?",
        tuple(TUNNEL_WORDS[b] for b in tunneled),
        rule,
    )
    base = next(b for b in tunneled if TUNNEL_WORDS[b] == answer)
    ctx.flip(space, base, 1, rule)
