"""NVA Special Activities: Infiltrate (4.4.1) and Bombard (4.4.2). Ambush (4.4.3), shared
with the VC, is in :mod:`coinlake.rules.special_activities.ambush`.

Both select 1 or 2 spaces (``select <space>``, then ``done`` after the first), each only
once (4.1). Lasting effects come from ``rules/effects.py``: McNamara Line forbids Infiltrate,
559th Transport Grp and Typhoon Kate limit it to 1 space; Long Range Guns sets Bombard to 1
or 3 spaces and Typhoon Kate forbids it. A ban yields to an Event that grants the Special
Activity itself (5.1.2): one run alone, outside any Operation's slot.
"""

from __future__ import annotations

from collections.abc import Iterator

from coinlake.data.map import ADJACENT, NAME, SPACE_IDS
from coinlake.data.pieces import BASES, GUERRILLAS, PIECES, Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, SpecialActivitySlot, special_activity
from coinlake.rules.core import Ctx, Kind, ask_unless_one
from coinlake.rules.kit import NO_GRANT, Gen, Slot, at, counts, move_cmd, word
from coinlake.state.commands import Command, Count, Move
from coinlake.state.model import AVAILABLE, GameState, SpaceState, Support

NVA, VC = Faction.NVA, Faction.VC
NVA_PIECES = PIECES[NVA]
VC_PIECES = PIECES[VC]
COUNTERPART: dict[Piece, Piece] = {
    Piece.VC_GUERRILLA_UNDERGROUND: Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.VC_GUERRILLA_ACTIVE: Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.VC_BASE: Piece.NVA_BASE,
    Piece.VC_TUNNELED_BASE: Piece.NVA_BASE,
}
"""The NVA piece that replaces a VC piece when the NVA Infiltrate (4.4.1): a Guerrilla
arrives Underground (1.4.3); a Tunneled Base keeps its Tunnel, now on the NVA Base."""

TROOPS = word("troops")
TAKEOVER = word("takeover")


def _by_event(free: bool, sa: SpecialActivitySlot | None) -> bool:
    """A Special Activity an Event grants on its own (5.5): lasting bans yield (5.1.2)."""
    return free and sa is None


def _sa_limit(grant: Grant, rule_limit: int) -> int:
    """The spaces a Special Activity may take: the Event's own number if it sets one, else
    the rule's (with its lasting effects)."""
    return grant.max_spaces if grant.max_spaces is not None else rule_limit


# == 4.4.1 Infiltrate =========================================================================
def _takeover_pieces(state: GameState, space: str) -> tuple[Piece, ...]:
    """VC pieces in ``space`` that the NVA can replace: the NVA counterpart must be Available
    or taken from elsewhere on the map (4.4.1, 1.4.1)."""
    p = at(state, space).pieces
    return tuple(
        vc for vc, nva in COUNTERPART.items() if p[vc] and kit.supply(state, NVA, nva, space, 1) > 0
    )


def _infiltrate_modes(state: GameState, space: str) -> tuple[Command, ...]:
    """``troops`` (NVA Base there: place Troops, replace Guerrillas) and ``takeover`` (NVA
    outnumber VC: Opposition toward Neutral, replace 1 VC piece), where they can do
    something."""
    sp = at(state, space)
    nva = sp.faction_count(NVA)
    if not nva:
        return ()
    out: list[Command] = []
    if sp.count(*BASES[NVA]) and kit.supply(state, NVA, Piece.NVA_TROOPS, space, 1):
        out.append(TROOPS)
    if nva > sp.faction_count(VC) and (
        sp.support < Support.NEUTRAL or _takeover_pieces(state, space)
    ):
        out.append(TAKEOVER)
    return tuple(out)


def _infiltrate_reason(state: GameState, space: str) -> tuple[str, str] | None:
    sp = at(state, space)
    base = sp.count(*BASES[NVA]) > 0
    outnumber = sp.count(*NVA_PIECES) > sp.count(*VC_PIECES)
    if not base and not outnumber:
        return f"{NAME[space]} has no NVA Base and the NVA do not outnumber the VC", "4.4.1"
    if not _infiltrate_modes(state, space):
        return f"Infiltrate could do nothing in {NAME[space]}", "4.4.1"
    return None


def can_infiltrate(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """A space with an NVA Base, or more NVA than VC pieces, where Infiltrate can act; not
    under McNamara Line unless granted by an Event (4.4.1, card 38)."""
    if limited or effects.infiltrate_space_limit(state, by_event=free) == 0:
        return False
    return any(_infiltrate_modes(state, s) for s in SPACE_IDS)


@special_activity(
    "infiltrate", NVA, rule="4.4.1", legal=can_infiltrate, accompanies=("rally", "march")
)
def infiltrate(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """Infiltrate (4.4.1), with Rally or March, in 1-2 spaces. ``troops`` (NVA Base there):
    place NVA Troops up to Trail + NVA Bases there, then replace any NVA Guerrillas there 1
    for 1 with more Troops. ``takeover`` (NVA outnumber VC): shift Opposition 1 level toward
    Neutral, then replace any 1 VC piece with its NVA counterpart (a Tunnel stays, now NVA).
    Troops and counterparts come from Available, else from the map (1.4.1: Infiltrate never
    just removes)."""
    kit.honour(grant, "infiltrate", *kit.SPACE_TERMS)
    limit = _sa_limit(
        grant, effects.infiltrate_space_limit(ctx.state, by_event=_by_event(free, sa))
    )
    done = yield from kit.action_spaces(
        ctx,
        NVA,
        "Infiltrate",
        "4.4.1",
        grant=grant,
        limit=limit,
        ok=_infiltrate_modes,
        reason=_infiltrate_reason,
        record=None if sa is None else sa.sa_spaces,
        each=lambda space: _infiltrate_in(ctx, space),
        special_activity=True,
    )
    return Outcome(executed=bool(done))


def _infiltrate_in(ctx: Ctx, space: str) -> Gen[None]:
    """Infiltrate in ``space`` (4.4.1): place Troops or take over VC."""
    state = ctx.state
    mode = yield from ask_unless_one(
        ctx,
        NVA,
        Kind.CHOOSE_MODE,
        f"NVA Infiltrate in {NAME[space]}: place Troops or take over VC?",
        lambda: _infiltrate_modes(state, space),
        "4.4.1",
    )
    if mode == TROOPS:
        yield from _build_up(ctx, space)
    else:
        yield from _take_over(ctx, space)


def _troop_counts(state: GameState, space: str) -> tuple[Count, ...]:
    """How many Troops Infiltrate may place in ``space``: 0 up to Trail + NVA Bases there,
    as many as the NVA can place (4.4.1, 1.4.1)."""
    most = state.trail + at(state, space).count(*BASES[NVA])
    return counts(0, min(most, kit.supply(state, NVA, Piece.NVA_TROOPS, space, most)))


def _guerrilla_swaps(state: GameState, space: str) -> Iterator[Command]:
    """The NVA Guerrillas in ``space`` that Troops may replace (``move N piece space
    available``)."""
    p = at(state, space).pieces
    guerrillas = sum(p[g] for g in GUERRILLAS[NVA])
    if not guerrillas:
        return
    troops = kit.supply(state, NVA, Piece.NVA_TROOPS, space, guerrillas)
    for g in GUERRILLAS[NVA]:
        for k in range(1, min(p[g], troops) + 1):
            yield move_cmd(g, k, space, AVAILABLE)


def _build_up(ctx: Ctx, space: str) -> Gen[None]:
    rule = "4.4.1"
    state = ctx.state
    answer = yield from ask_unless_one(
        ctx,
        NVA,
        Kind.HOW_MANY,
        f"NVA: how many Troops to place in {NAME[space]}?",
        lambda: _troop_counts(state, space),
        rule,
    )
    assert isinstance(answer, Count)
    yield from kit.place_pieces(ctx, NVA, Piece.NVA_TROOPS, answer.n, space, rule)
    while True:
        choice = yield ctx.ask(
            NVA,
            Kind.REMOVE_PIECES,
            f"NVA: replace Guerrillas in {NAME[space]} with Troops (1 for 1), or done",
            kit.with_done(_guerrilla_swaps, ctx.state, space),
            rule,
            none_done=True,
        )
        if not isinstance(choice, Move):
            return
        yield from kit.replace(
            ctx, NVA, space, choice.piece, choice.count, Piece.NVA_TROOPS, choice.count, rule
        )


def _take_over(ctx: Ctx, space: str) -> Gen[None]:
    rule = "4.4.1"
    sp = at(ctx.state, space)
    if sp.support < Support.NEUTRAL:
        ctx.set_support(space, Support(sp.support + 1), rule)
    state = ctx.state
    choice = yield ctx.ask(
        NVA,
        Kind.REMOVE_PIECES,
        f"NVA: replace 1 VC piece in {NAME[space]} with its NVA counterpart, or done",
        kit.with_done(
            lambda: (move_cmd(p, 1, space, AVAILABLE) for p in _takeover_pieces(state, space))
        ),
        rule,
        none_done=True,
    )
    if not isinstance(choice, Move):
        return
    vc = choice.piece
    yield from kit.replace(ctx, NVA, space, vc, 1, COUNTERPART[vc], 1, rule)
    if vc.tunneled:
        ctx.flip(space, Piece.NVA_BASE, 1, rule)


# == 4.4.2 Bombard ============================================================================
def _coin_troops(sp: SpaceState) -> int:
    return sp.pieces[Piece.US_TROOPS] + sp.pieces[Piece.ARVN_TROOPS]


def _bombard_ok(state: GameState, space: str) -> bool:
    """The quick form of :func:`_bombard_reason` (no message)."""
    p = at(state, space).pieces
    troops = p[Piece.US_TROOPS] + p[Piece.ARVN_TROOPS]
    if troops < 3 and not (p[Piece.US_BASE] or p[Piece.ARVN_BASE]):
        return False
    return any(at(state, s).pieces[Piece.NVA_TROOPS] >= 3 for s in (space, *ADJACENT[space]))


def _bombard_reason(state: GameState, space: str) -> tuple[str, str] | None:
    sp = at(state, space)
    if _coin_troops(sp) < 3 and not sp.count(Piece.US_BASE, Piece.ARVN_BASE):
        return f"{NAME[space]} has neither 3 US/ARVN Troops nor a US/ARVN Base", "4.4.2"
    if not any(at(state, s).pieces[Piece.NVA_TROOPS] >= 3 for s in (space, *ADJACENT[space])):
        return f"no space with 3 NVA Troops in or next to {NAME[space]}", "4.4.2"
    return None


def can_bombard(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space Bombard may target; none under Typhoon Kate unless granted by an Event."""
    if limited or effects.bombard_space_limit(state, by_event=free) == 0:
        return False
    return any(_bombard_ok(state, s) for s in SPACE_IDS)


@special_activity("bombard", NVA, rule="4.4.2", legal=can_bombard)
def bombard(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """Bombard (4.4.2) in 1-2 spaces (Long Range Guns: 1 or 3), each with 3+ US/ARVN Troops
    or a US/ARVN Base, in or next to a space with 3+ NVA Troops: remove 1 US or ARVN Troop
    there (US to Casualties)."""
    kit.honour(grant, "bombard", *kit.SPACE_TERMS)
    limit = _sa_limit(grant, effects.bombard_space_limit(ctx.state, by_event=_by_event(free, sa)))
    done = yield from kit.action_spaces(
        ctx,
        NVA,
        "Bombard",
        "4.4.2",
        grant=grant,
        limit=limit,
        ok=_bombard_ok,
        reason=_bombard_reason,
        record=None if sa is None else sa.sa_spaces,
        each=lambda space: _bombard_in(ctx, space),
        special_activity=True,
    )
    return Outcome(executed=bool(done))


def _bombard_in(ctx: Ctx, space: str) -> Gen[None]:
    """Bombard ``space`` (4.4.2): remove 1 US or ARVN Troop (US to Casualties)."""
    rule = "4.4.2"
    state = ctx.state
    hit = yield ctx.ask(
        NVA,
        Kind.REMOVE_PIECES,
        f"NVA: remove a Troop in {NAME[space]}",
        lambda: (
            move_cmd(t, 1, space, kit.removal_box(t))
            for t in (Piece.US_TROOPS, Piece.ARVN_TROOPS)
            if at(state, space).pieces[t]
        ),
        rule,
        single=True,
        none_done=True,
    )
    if isinstance(hit, Move):
        ctx.move(hit.piece, 1, space, hit.destination, rule)
