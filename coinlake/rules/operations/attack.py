"""3.3.3 Attack (NVA, VC): Guerrillas roll to remove up to 2 US or ARVN pieces, NVA Troops
remove 1 per 2 Troops; Bases last, US pieces to Casualties, Attrition for US Troops and Bases;
or the accompanying Ambush in an Attack space (4.4.3,
:mod:`coinlake.rules.special_activities.ambush`). With PT-76 (5.3).
"""

from __future__ import annotations

from collections.abc import Iterator

from coinlake.data.map import IS_LOC, NAME, SPACE_IDS
from coinlake.data.pieces import ACTIVE, GUERRILLAS, UNDERGROUND, Faction, Piece
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant, Outcome, operation, pay
from coinlake.rules.core import Ctx, Kind, ask_unless_one, subprocedure
from coinlake.rules.kit import NO_GRANT, PARTNER, Gen, Slot, at, word
from coinlake.rules.special_activities.ambush import AmbushTracker, can_ambush_in
from coinlake.state.commands import Choose, Command
from coinlake.state.model import AVAILABLE, GameState, memo

NVA, VC = Faction.NVA, Faction.VC
GUERRILLA_ATTACK = word("guerrillas")
TROOP_ATTACK = word("troops")
TROOP_ATTACK_PER_TROOP = word("troops-per-troop")
AMBUSH = word("ambush")


def attack_modes(
    state: GameState,
    faction: Faction,
    space: str,
    *,
    joint: bool,
    mode: str | None,
    ambush: bool,
    pt76: bool,
) -> Iterator[Command]:
    """How the Faction may Attack in ``space``, one at a time (whether there is any needs
    only the first): with its Guerrillas (roll), NVA Troops (1 per 2, or 1 per Troop in 1
    space under shaded PT-76), or Ambush (4.4.3); ``joint``: NVA and VC Guerrillas together;
    ``mode``: the one form a granting Event allows."""
    sp = at(state, space)
    p = sp.pieces
    underground = p[UNDERGROUND[faction][0]]
    guerrillas = underground + p[ACTIVE[faction][0]]
    if joint:
        guerrillas += sp.count(*GUERRILLAS[PARTNER[faction]])
    troops = p[Piece.NVA_TROOPS] if faction is NVA and not joint else 0
    if not guerrillas and not troops:
        return
    enemy = kit.has_coin(sp)
    if enemy and mode != "troops" and guerrillas:
        yield GUERRILLA_ATTACK
    if enemy and troops and mode != "guerrillas":
        yield TROOP_ATTACK
        if pt76:
            yield TROOP_ATTACK_PER_TROOP
    ambush = ambush and underground > 0 and mode is None and not joint
    if ambush and can_ambush_in(state, faction, space):
        yield AMBUSH


def attack_spaces(
    state: GameState,
    faction: Faction,
    *,
    joint: bool,
    mode: str | None,
    ambush: bool,
    pt76: bool,
) -> frozenset[str]:
    """The spaces where the Faction could Attack (or Ambush) now: those with its Guerrillas
    (NVA: or Troops; ``joint``: or the other Faction's Guerrillas) where
    :func:`attack_modes` offers something (memoised on the state)."""
    key = ("attack-spaces", faction, joint, mode, ambush, pt76)
    return memo(
        state,
        key,
        lambda: frozenset(_attack_spaces(state, faction, joint, mode, ambush, pt76)),
    )


def _attack_spaces(
    state: GameState, faction: Faction, joint: bool, mode: str | None, ambush: bool, pt76: bool
) -> Iterator[str]:
    attackers = GUERRILLAS[faction]
    if joint:
        attackers += GUERRILLAS[PARTNER[faction]]
    elif faction is NVA:
        attackers += (Piece.NVA_TROOPS,)
    for s, sp in zip(SPACE_IDS, state.spaces, strict=True):
        p = sp.pieces
        if (
            any(map(p.__getitem__, attackers))
            and next(
                attack_modes(state, faction, s, joint=joint, mode=mode, ambush=ambush, pt76=pt76),
                None,
            )
            is not None
        ):
            yield s


def _attack_reason(state: GameState, faction: Faction, space: str) -> tuple[str, str] | None:
    sp = at(state, space)
    enemy = kit.has_coin(sp)
    if not enemy and not IS_LOC[space]:
        return f"no US or ARVN piece in {NAME[space]}", "3.3.3"
    own = sp.count(*GUERRILLAS[faction])
    if faction is NVA:
        own += sp.pieces[Piece.NVA_TROOPS]
    if not own:
        return f"no {faction} Guerrilla{' or Troop' * (faction is NVA)} there", "3.3.3"
    if not enemy:
        return f"no enemy on {NAME[space]} (and no Ambush from it now, 4.4.3)", "3.3.3"
    return None


def can_attack(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    """Some space with an enemy and Guerrillas (or NVA Troops) of the Faction, and 1 Resource
    to pay (3.3.3); or, with a full Operation, a space it could Ambush in (4.4.3)."""
    if not kit.can_pay(state, faction, 1, free):
        return False
    ambush = not limited and effects.ambush_space_limit(state) > 0
    return next(_attack_spaces(state, faction, False, None, ambush, False), None) is not None


@operation("attack", (NVA, VC), rule="3.3.3", legal=can_attack)
def attack(
    ctx: Ctx, faction: Faction, *, limited: bool, free: bool, sa: Slot, grant: Grant = NO_GRANT
) -> Gen[Outcome]:
    """Attack (3.3.3), 1 Resource per space. In each space, by mode: ``guerrillas`` --
    Activate all the Faction's Guerrillas there, roll a die, and on a roll not above their
    number remove up to 2 enemy pieces; ``troops`` (NVA) -- remove 1 enemy per 2 NVA Troops,
    no roll, no Activation (``troops-per-troop``: 1 per Troop, shaded PT-76, once per
    Attack); ``ambush`` -- the accompanying Ambush (4.4.3). Bases go last, US pieces to
    Casualties, and each US Troop or Base removed costs 1 attacking piece (Attrition). Under
    unshaded PT-76 each NVA Attack space first loses 1 NVA Troop.

    A granting Event may fix the ``mode`` (``"troops"`` or ``"guerrillas"``), the targets
    (3.1), make the Attack compulsory (every allowed space where an Attack can occur when it
    begins) or ``joint`` -- VC and NVA Guerrillas Attack together, counting both for the
    roll, VC removed first for Attrition (card 124)."""
    kit.honour(grant, "attack", *kit.SPACE_TERMS, "mode", "joint", "targets")
    rule = "3.3.3"
    tracker = AmbushTracker(faction, effects.ambush_space_limit(ctx.state))
    pt76 = [effects.attack_one_per_troop(ctx.state, faction)]

    def modes(state: GameState, space: str) -> tuple[Command, ...]:
        return tuple(
            attack_modes(
                state,
                faction,
                space,
                joint=grant.joint,
                mode=grant.mode,
                ambush=tracker.open(sa),
                pt76=pt76[0],
            )
        )

    def each(space: str) -> Gen[None]:
        pay(ctx, faction, 1, free=free, rule=rule)
        state = ctx.state
        chosen = yield from ask_unless_one(
            ctx,
            faction,
            Kind.CHOOSE_MODE,
            f"{faction} Attack in {NAME[space]}: with Guerrillas, Troops or Ambush?",
            lambda: modes(state, space),
            rule,
        )
        if chosen == AMBUSH:
            with tracker.scope(ctx) as scope:
                scope.space = space
                yield from tracker.strike(ctx, space, sa)
        else:
            if chosen == TROOP_ATTACK_PER_TROOP:
                pt76[0] = False
            assert isinstance(chosen, Choose)
            # a sub-procedure: a re-run starts inside it, or passes it
            yield from ctx.call("attack-space", faction, space, chosen.option, grant)

    done = yield from kit.action_spaces(
        ctx,
        faction,
        "Attack",
        rule,
        grant=grant,
        slot=sa,
        operation="attack",
        limit=1 if limited else None,
        full=kit.no_resources(faction, "Attack", free),
        possible=lambda state: attack_spaces(
            state,
            faction,
            joint=grant.joint,
            mode=grant.mode,
            ambush=tracker.open(sa),
            pt76=pt76[0],
        ),
        reason=lambda state, s: _attack_reason(state, faction, s),
        each=each,
        transfers=kit.Transfers(faction, not free),
        ask_done_alone=True,
    )
    return Outcome(executed=bool(done))


@subprocedure("attack-space")
def attack_space(ctx: Ctx, faction: Faction, space: str, mode: str, grant: Grant) -> Gen[None]:
    """3.3.3 in one space, once its mode is chosen: a Guerrilla or a Troop Attack."""
    if mode == GUERRILLA_ATTACK.option:
        yield from _guerrilla_attack(ctx, faction, space, grant)
    else:
        yield from _troop_attack(ctx, faction, space, mode == TROOP_ATTACK_PER_TROOP.option, grant)


def _guerrilla_attack(ctx: Ctx, faction: Faction, space: str, grant: Grant) -> Gen[None]:
    rule = "3.3.3"
    kit.troop_loss(ctx, faction, space)
    factions = (VC, NVA) if grant.joint else (faction,)
    for f in factions:
        underground = UNDERGROUND[f][0]
        ctx.flip(space, underground, at(ctx.state, space).pieces[underground], rule)
    p = at(ctx.state, space).pieces
    attackers = sum(p[ACTIVE[f][0]] for f in factions)
    roll = ctx.roll(f"{faction} Attack in {NAME[space]}", rule)
    if roll > attackers:
        return
    losses = yield from kit.remove_coin(ctx, faction, (space,), 2, must=1, rule=rule, grant=grant)
    for f in factions:  # Attrition: VC before NVA in a joint Attack (card 124)
        active = ACTIVE[f][0]
        k = min(losses, at(ctx.state, space).pieces[active])
        ctx.move(active, k, space, AVAILABLE, rule)
        losses -= k


def _troop_attack(
    ctx: Ctx, faction: Faction, space: str, per_troop: bool, grant: Grant
) -> Gen[None]:
    rule = "3.3.3"
    kit.troop_loss(ctx, faction, space)
    troops = at(ctx.state, space).pieces[Piece.NVA_TROOPS]
    removals = troops if per_troop else troops // 2
    if not removals:
        return
    losses = yield from kit.remove_coin(
        ctx, faction, (space,), removals, must=1, rule="5.3" if per_troop else rule, grant=grant
    )
    k = min(losses, at(ctx.state, space).pieces[Piece.NVA_TROOPS])
    ctx.move(Piece.NVA_TROOPS, k, space, AVAILABLE, rule)
