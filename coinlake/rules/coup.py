"""The Coup card and the Coup Round (rules 2.4, 6.0-6.7).

When a Coup card becomes the played card, ``next_step`` starts :func:`coup_card` (2.4): its
immediate effect, the RVN Leader box, then either a Coup Round or (6.0 exception) straight on
to the next card. A Coup Round is one procedure per phase (:func:`victory_phase`,
:func:`resources_phase`, :func:`support_phase`, :func:`redeploy_phase`,
:func:`commitment_phase`, :func:`reset_phase`); the Coup Card marker
(``GameState.coup_phase``, 2.2 RECORD STEPS) names the phase ``next_step`` starts next.

Every choice is asked in small steps with the generic commands: ``Select`` a space (or the
Available/Casualties box), ``Move`` pieces, ``Choose`` how far to shift, ``Done``. A choice
with a single legal answer is applied without asking. Pieces that arrived during a Redeploy or
Commitment step do not move again in that step, so every phase ends.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from coinlake.data.cards import CARDS, FAILED_ATTEMPTS, CardKind
from coinlake.data.map import SPACES, space_index
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects, forces, victory
from coinlake.rules.core import Ask, Ctx, Proc, ask_unless_one, procedure
from coinlake.state.commands import Choose, Command, Done, Move, Select
from coinlake.state.events import (
    CoupPhaseChanged,
    GameEnded,
    LeaderBoxChanged,
    PhaseChanged,
    UsPolicyChanged,
)
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    OUT_OF_PLAY,
    CoupPhase,
    Eligibility,
    GameResult,
    GameState,
    Phase,
    Support,
    Track,
    location_counts,
)
from coinlake.state.queries import Control, bases_on_map, control_of, victory_markers

Steps = Generator[Ask, Command, None]

TERROR_SABOTAGE_MARKERS = 15
"""3.3.4: 15 markers in all, Terror on one side and Sabotage on the other."""
TOTAL_ECON = sum(s.econ for s in SPACES if s.is_loc)
"""1.3.4, 6.2.3: the Econ of every LoC together (15)."""
SAIGON = "saigon"
KY = effects.KY
"""Card 127, Nguyen Cao Ky: Pacification costs 4 per step while he leads (2.4.1, 6.3.1)."""
PACIFY_COST = effects.PACIFY_COST
PACIFY_SPACES = 4
"""6.3.1: US and ARVN together Pacify in at most this many spaces."""
AGITATE_SPACES = 4
MAX_LEVELS = 2
"""6.3.1, 6.3.2: at most 2 levels of shift per space in a Support Phase."""
COMMITMENT_TROOPS = 10
COMMITMENT_BASES = 2

_LAOS_CAMBODIA = tuple(s.id for s in SPACES if s.in_laos_or_cambodia)
_LOCS = tuple(s.id for s in SPACES if s.is_loc)
_COIN_PIECES = tuple(p for p in Piece if p.faction.is_coin)
_GUERRILLAS = (
    Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.NVA_GUERRILLA_ACTIVE,
    Piece.VC_GUERRILLA_UNDERGROUND,
    Piece.VC_GUERRILLA_ACTIVE,
)
_VC_PIECES = tuple(p for p in Piece if p.faction is Faction.VC)
_VC_GUERRILLAS = (Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE)
_COIN_BASES = (Piece.US_BASE, Piece.ARVN_BASE)
_NVA_BASES = (Piece.NVA_BASE, Piece.NVA_TUNNELED_BASE)
_ACTIVE_SF_AND_GUERRILLAS = tuple(p for p in Piece if p.active)


# -- queries ----------------------------------------------------------------------------------
def is_coup(card: int | None) -> bool:
    """A Coup card (2.4)."""
    return card is not None and CARDS[card].kind is CardKind.COUP


def final_coup(state: GameState) -> bool:
    """2.4.2: the played Coup card is the last one (no Coup card left as the next card or in
    the draw deck)."""
    later = (*state.deck, *((state.next_card,) if state.next_card is not None else ()))
    return not any(is_coup(c) for c in later)


def coup_round_due(state: GameState) -> bool:
    """6.0: a Coup card starts a Coup Round unless the card played just before it was also a
    Coup card (never two Rounds without an Event card between them)."""
    return not (len(state.played) >= 2 and is_coup(state.played[-2]))


def free_markers(state: GameState) -> int:
    """Terror/Sabotage markers not on the map (3.3.4: 15 in all)."""
    return TERROR_SABOTAGE_MARKERS - sum(sp.terror + sp.sabotage for sp in state.spaces)


def pacification_cost(state: GameState) -> int:
    """ARVN Resources per Terror removed or level shifted by Pacification in the Support
    Phase (6.3.1): 3, 4 under Ky, 1 under Blowtorch Komer (:func:`effects.pacification_cost`)."""
    return effects.pacification_cost(state, support_phase=True)


def coup_rounds(state: GameState) -> int:
    """How many Coup Rounds have begun, the current one included (6.0): every played Coup
    card not played right after another Coup card (a Coup as the very first card counts)."""
    rounds = 0
    previous: int | None = None
    for card in state.played:
        if is_coup(card) and not is_coup(previous):
            rounds += 1
        previous = card
    return rounds


def _control(state: GameState, i: int) -> Control:
    return control_of(state.spaces[i], SPACES[i].is_loc)


def _name(location: str) -> str:
    if location in (AVAILABLE, CASUALTIES, OUT_OF_PLAY):
        return f"the {location.replace('-', ' ').title()} box"
    return SPACES[space_index(location)].name


# -- ending the game -----------------------------------------------------------------------------
def end_game(ctx: Ctx, result: GameResult) -> None:
    """Record the result and stop: no Decision follows (2.4.2, 6.1, 6.4.5, 7.0). The players
    reveal their Deception markers first (7.3)."""
    victory.reveal_deception(ctx)
    ctx.emit(
        GameEnded(
            seq=ctx.seq,
            rule=result.rule,
            outcome=result.outcome,
            winner=result.winner,
            ranking=result.ranking,
            side_margins=result.side_margins,
            margins=result.margins,
            reason=result.reason,
        )
    )
    if ctx.state.coup_phase is not None:
        ctx.emit(CoupPhaseChanged(seq=ctx.seq, rule=result.rule, phase=None))
    ctx.emit(PhaseChanged(seq=ctx.seq, rule=result.rule, phase=Phase.OVER))


def _enter(ctx: Ctx, phase: CoupPhase, rule: str) -> None:
    ctx.emit(CoupPhaseChanged(seq=ctx.seq, rule=rule, phase=phase))


# -- 2.4 the Coup card ---------------------------------------------------------------------------
@procedure("coup_card")
def coup_card(ctx: Ctx) -> Proc:
    """2.4: play a Coup card: its immediate effect, then the RVN Leader box (2.4.1), then a
    Coup Round (6.0) -- or, right after another Coup card, no Round: the game ends if this is
    the final Coup (2.4.2, 7.3), else the next card is played (6.0, 2.3.7)."""
    card = ctx.state.current_card
    assert card is not None and is_coup(card)
    ctx.emit(PhaseChanged(seq=ctx.seq, rule="2.4", phase=Phase.COUP))
    if card in FAILED_ATTEMPTS:
        yield from failed_attempt(ctx)
    place_rvn_leader(ctx, card)
    if coup_round_due(ctx.state):
        _enter(ctx, CoupPhase.VICTORY, "6.0")
    elif final_coup(ctx.state):
        end_game(ctx, victory.final_result(ctx.state))
    else:
        ctx.emit(PhaseChanged(seq=ctx.seq, rule="6.0", phase=Phase.EVENT_CARD))
        ctx.play_next_card("2.3.7")
        ctx.reveal_next_card("2.3.7")


def failed_attempt(ctx: Ctx) -> Steps:
    """2.4, cards 129-130 (Failed Attempt): in each space ARVN loses a third of its cubes,
    rounded down, to Available. Where it has both Troops and Police, ARVN picks them one at a
    time."""
    for sp in SPACES:
        here = ctx.state.spaces[sp.index]
        due = (here.count(Piece.ARVN_TROOPS) + here.count(Piece.ARVN_POLICE)) // 3
        while due:
            here = ctx.state.spaces[sp.index]
            kinds = tuple(p for p in (Piece.ARVN_TROOPS, Piece.ARVN_POLICE) if here.count(p))
            if len(kinds) == 1:
                ctx.move(kinds[0], due, sp.id, AVAILABLE, "2.4")
                break
            options: tuple[Command, ...] = tuple(Move(p, 1, sp.id, AVAILABLE) for p in kinds)
            choice = yield from ask_unless_one(
                ctx,
                Faction.ARVN,
                "coup-removal",
                f"Failed Attempt: remove an ARVN Troop or Police from {sp.name} ({due} to go)",
                options,
                "2.4",
            )
            assert isinstance(choice, Move)
            ctx.move(choice.piece, 1, sp.id, AVAILABLE, "2.4")
            due -= 1


def place_rvn_leader(ctx: Ctx, card: int) -> None:
    """2.4.1: a new RVN Leader goes on top of the box; a Failed Attempt goes beneath every
    earlier Coup card, so it replaces only Minh (the empty box)."""
    box = ctx.state.leader_box
    cards = (card, *box) if card in FAILED_ATTEMPTS else (*box, card)
    ctx.emit(LeaderBoxChanged(seq=ctx.seq, rule="2.4.1", cards=cards))


# -- 6.1 Victory ---------------------------------------------------------------------------------
@procedure("victory_phase")
def victory_phase(ctx: Ctx) -> Proc:
    """6.1: if a side meets its victory condition (7.2, with 1.5 and 8.9) the game ends and
    7.1 ranks the sides; from the 2nd Round on, 8.9 Difficulty Option B may also end it;
    otherwise the Round goes on."""
    yield from ()
    result = victory.victory_check(ctx.state, coup_round=coup_rounds(ctx.state))
    if result is not None:
        end_game(ctx, result)
    else:
        _enter(ctx, CoupPhase.RESOURCES, "6.1")


# -- 6.2 Resources -------------------------------------------------------------------------------
@procedure("resources_phase")
def resources_phase(ctx: Ctx) -> Proc:
    """6.2: Sabotage, Degrade the Trail, ARVN and Insurgent earnings, Casualties and Aid (all
    tracks capped at 75, 1.8)."""
    yield from sabotage(ctx)
    degrade_trail(ctx)
    arvn_earnings(ctx)
    insurgent_earnings(ctx)
    casualties_and_aid(ctx)
    _enter(ctx, CoupPhase.SUPPORT, "6.2")


def sabotage_candidates(state: GameState) -> tuple[str, ...]:
    """6.2.1: unSabotaged LoCs where Insurgent Guerrillas outnumber COIN pieces, or next to a
    City without COIN Control."""
    out = []
    for loc in _LOCS:
        i = space_index(loc)
        sp = state.spaces[i]
        if sp.sabotage:
            continue
        outnumbered = sp.count(*_GUERRILLAS) > sp.count(*_COIN_PIECES)
        uncontrolled_city = any(
            SPACES[j].is_city and _control(state, j) is not Control.COIN for j in SPACES[i].adjacent
        )
        if outnumbered or uncontrolled_city:
            out.append(loc)
    return tuple(out)


def sabotage(ctx: Ctx) -> Steps:
    """6.2.1: Sabotage every candidate LoC; when the 15 markers cannot cover them all, the VC
    pick the LoCs one by one until the markers run out."""
    candidates = list(sabotage_candidates(ctx.state))
    while candidates and free_markers(ctx.state) > 0:
        if len(candidates) <= free_markers(ctx.state):
            for loc in candidates:
                ctx.set_markers(loc, "sabotage", 1, "6.2.1")
            return
        choice = yield from ask_unless_one(
            ctx,
            Faction.VC,
            "sabotage",
            f"Sabotage: {free_markers(ctx.state)} marker(s) left for {len(candidates)} LoCs; "
            "pick the next LoC to Sabotage",
            tuple(Select(loc) for loc in candidates),
            "6.2.1",
        )
        assert isinstance(choice, Select)
        ctx.set_markers(choice.space, "sabotage", 1, "6.2.1")
        candidates.remove(choice.space)


def degrade_trail(ctx: Ctx) -> None:
    """6.2.2: COIN Control of any Laos or Cambodia space Degrades the Trail by 1 (6.7)."""
    if any(_control(ctx.state, space_index(s)) is Control.COIN for s in _LAOS_CAMBODIA):
        effects.change_trail(ctx, -1, "6.2.2")


def unsabotaged_econ(state: GameState) -> int:
    """6.2.3: Total Econ (15) less the Econ of Sabotaged LoCs."""
    return TOTAL_ECON - sum(
        SPACES[space_index(loc)].econ for loc in _LOCS if state.space(loc).sabotage
    )


def arvn_earnings(ctx: Ctx) -> None:
    """6.2.3: ARVN gains Aid plus the unSabotaged Econ, and the Econ marker shows that Econ
    (the floor of US spending, 1.8.1)."""
    econ = unsabotaged_econ(ctx.state)
    ctx.add_track(Track.ARVN_RESOURCES, ctx.state.aid, "6.2.3")
    ctx.add_track(Track.ARVN_RESOURCES, econ, "6.2.3")
    ctx.set_track(Track.ECON, econ, "6.2.3")


def insurgent_earnings(ctx: Ctx) -> None:
    """6.2.4: VC gain 1 per VC Base on the map; NVA gain 1 per NVA Base in Laos and Cambodia
    plus twice the Trail."""
    state = ctx.state
    ctx.add_track(Track.VC_RESOURCES, bases_on_map(state, Faction.VC), "6.2.4")
    nva_bases = sum(state.space(s).count(*_NVA_BASES) for s in _LAOS_CAMBODIA)
    ctx.add_track(Track.NVA_RESOURCES, nva_bases + 2 * state.trail, "6.2.4")


def casualties_and_aid(ctx: Ctx) -> None:
    """6.2.5: Aid drops by 3 per piece in the Casualties box."""
    ctx.add_track(Track.AID, -3 * sum(ctx.state.casualties), "6.2.5")


# -- 6.3 Support ---------------------------------------------------------------------------------
@procedure("support_phase")
def support_phase(ctx: Ctx) -> Proc:
    """6.3: US then ARVN Pacify (6.3.1), then VC Agitate (6.3.2)."""
    yield from pacification(ctx)
    yield from agitation(ctx)
    _enter(ctx, CoupPhase.REDEPLOY, "6.3")


class _Shifts:
    """Bookkeeping of one kind of shifting in a Support Phase: spaces used, levels per space."""

    __slots__ = ("levels", "limit", "used")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self.levels: dict[str, int] = {}


def _level_name(level: int) -> str:
    return Support(level).name.lower().replace("_", "-")


def _steps_possible(state: GameState, space: str, toward: int, shifts: _Shifts) -> int:
    """Terror markers to remove plus levels the space may still shift this phase."""
    sp = state.space(space)
    levels = 0
    if SPACES[space_index(space)].can_have_support:
        room = (Support.ACTIVE_SUPPORT - sp.support) if toward > 0 else (sp.support + 2)
        levels = max(0, min(room, MAX_LEVELS - shifts.levels.get(space, 0)))
    return sp.terror + levels


def _extent_options(state: GameState, space: str, toward: int, steps: int) -> tuple[Choose, ...]:
    """How far to go, named by the outcome: ``remove-terror`` / ``remove-N-terror`` while
    Terror remains, then the level reached (``passive-support``...)."""
    sp = state.space(space)
    out = []
    for k in range(1, steps + 1):
        if k <= sp.terror:
            out.append(Choose("remove-terror" if sp.terror == 1 else f"remove-{k}-terror"))
        else:
            out.append(Choose(_level_name(sp.support + toward * (k - sp.terror))))
    return tuple(out)


def _apply_steps(ctx: Ctx, space: str, toward: int, steps: int, shifts: _Shifts, rule: str) -> None:
    """Remove Terror first, then shift one level at a time (6.3.1, 6.3.2)."""
    sp = ctx.state.space(space)
    removed = min(sp.terror, steps)
    if removed:
        ctx.set_markers(space, "terror", sp.terror - removed, rule)
    for _ in range(steps - removed):
        level = Support(ctx.state.space(space).support + toward)
        ctx.set_support(space, level, rule)
        shifts.levels[space] = shifts.levels.get(space, 0) + 1


def _influence(
    ctx: Ctx,
    faction: Faction,
    shifts: _Shifts,
    *,
    toward: int,
    rule: str,
    kind: str,
    reason: Callable[[GameState, str], tuple[str, str] | None],
    cost: int,
    budget: Callable[[GameState], int],
    track: Track,
    own_limit: int | None = None,
    guerrillas: int = 0,
) -> Steps:
    """One Faction's Pacification or Agitation: pick a space (or stop), then how far.
    ``own_limit`` caps this Faction's spaces (Mandate of Heaven); ``guerrillas`` VC
    Guerrillas must be removed in each space chosen (Cadres)."""
    chosen: list[str] = []
    verb = "Pacify" if toward > 0 else "Agitate"
    while shifts.used < shifts.limit and (own_limit is None or len(chosen) < own_limit):
        options: list[Command] = []
        refusals: list[tuple[Command, str, str]] = []
        affordable = budget(ctx.state) // cost
        for sp in SPACES:
            why = reason(ctx.state, sp.id)
            if why is None and sp.id in chosen:
                why = (f"{faction} already chose {sp.name} in this phase", rule)
            if why is None and _steps_possible(ctx.state, sp.id, toward, shifts) == 0:
                why = (f"{sp.name} has no Terror and may shift no further this phase", rule)
            if why is None and affordable == 0:
                why = (f"{faction} cannot pay {cost} Resources for a step", rule)
                if faction is Faction.US:
                    why = ("the US may not spend ARVN Resources below the Econ marker", "1.8.1")
            if why is None:
                options.append(Select(sp.id))
            else:
                refusals.append((Select(sp.id), why[0], why[1]))
        if not options:
            return
        left = shifts.limit - shifts.used
        choice = yield ctx.ask(
            faction,
            kind,
            f"{verb}: choose a space ({left} space(s) left, {cost} Resources per step) or done",
            (*options, Done()),
            rule,
            tuple(refusals),
        )
        if not isinstance(choice, Select):
            return
        space = choice.space
        steps = min(_steps_possible(ctx.state, space, toward, shifts), affordable)
        extents = _extent_options(ctx.state, space, toward, steps)
        extent = yield from ask_unless_one(
            ctx,
            faction,
            f"{kind}-extent",
            f"{verb} {_name(space)}: how far? (each step costs {cost}; Terror goes first)",
            extents,
            rule,
        )
        k = extents.index(extent) + 1
        chosen.append(space)
        shifts.used += 1
        ctx.add_track(track, -cost * k, rule)
        yield from _remove_vc_guerrillas(ctx, space, guerrillas)
        _apply_steps(ctx, space, toward, k, shifts, rule)


def _remove_vc_guerrillas(ctx: Ctx, space: str, count: int) -> Steps:
    """Unshaded Cadres (116, 5.3): the VC removes ``count`` of its Guerrillas from the space
    it Agitates, to Available, choosing Active or Underground one at a time where both."""
    yield from forces.remove_one_at_a_time(
        ctx,
        Faction.VC,
        "cadres-removal",
        lambda nth: f"Cadres: remove a VC Guerrilla from {_name(space)} ({count - nth} to go)",
        space,
        (Piece.VC_GUERRILLA_ACTIVE, Piece.VC_GUERRILLA_UNDERGROUND),
        count,
        "5.3",
    )


def _pacify_reason(faction: Faction) -> Callable[[GameState, str], tuple[str, str] | None]:
    troops = Piece.US_TROOPS if faction is Faction.US else Piece.ARVN_TROOPS

    def reason(state: GameState, space: str) -> tuple[str, str] | None:
        i = space_index(space)
        info, sp = SPACES[i], state.spaces[i]
        if info.is_loc:
            return ("Pacification is only in Provinces and Cities", "6.3.1")
        if _control(state, i) is not Control.COIN:
            return (f"{info.name} is not under COIN Control", "6.3.1")
        if not sp.count(Piece.ARVN_POLICE):
            return (f"{info.name} has no Police", "6.3.1")
        if not sp.count(troops):
            return (f"{info.name} has no {faction} Troops", "6.3.1")
        return None

    return reason


def pacification(ctx: Ctx) -> Steps:
    """6.3.1: the US, then ARVN, Pacify in at most 4 spaces together. A space needs COIN
    Control, Police and the Pacifying Faction's Troops; each step costs 3 ARVN Resources (4
    under Ky) and removes a Terror marker or, once none is left, shifts 1 level toward Active
    Support, at most 2 levels per space in the phase for both Factions together. The US may
    not spend below the Econ marker (1.8.1). Lasting effects (:mod:`effects`): the cost per
    step (Ky, Blowtorch Komer) and ARVN's own space limit (shaded Mandate of Heaven)."""
    shifts = _Shifts(PACIFY_SPACES)
    cost = pacification_cost(ctx.state)
    for faction in (Faction.US, Faction.ARVN):
        floor = ctx.state.econ if faction is Faction.US else 0

        def budget(state: GameState, floor: int = floor) -> int:
            return max(0, state.track(Track.ARVN_RESOURCES) - floor)

        yield from _influence(
            ctx,
            faction,
            shifts,
            toward=1,
            rule="6.3.1",
            kind="pacify",
            reason=_pacify_reason(faction),
            cost=cost,
            budget=budget,
            track=Track.ARVN_RESOURCES,
            own_limit=effects.pacify_space_limit(ctx.state, faction),
        )


def _agitate_reason(state: GameState, space: str) -> tuple[str, str] | None:
    i = space_index(space)
    info, sp = SPACES[i], state.spaces[i]
    if info.is_loc:
        return ("Agitation is only in Provinces and Cities", "6.3.2")
    if not sp.count(*_VC_PIECES):
        return (f"{info.name} has no VC pieces", "6.3.2")
    if _control(state, i) is Control.COIN:
        return (f"{info.name} is under COIN Control", "6.3.2")
    return None


def agitation(ctx: Ctx) -> Steps:
    """6.3.2: VC Agitate in at most 4 spaces with VC pieces and no COIN Control; each step
    costs 1 VC Resource and removes a Terror marker or, once none is left, shifts 1 level
    toward Active Opposition, at most 2 levels per space. Under unshaded Cadres (116) the VC
    also removes 2 of its Guerrillas in each such space, so a space needs 2 (5.3)."""
    removal = effects.agitation_guerrilla_cost(ctx.state)

    def reason(state: GameState, space: str) -> tuple[str, str] | None:
        why = _agitate_reason(state, space)
        if why is None and removal:
            here = state.space(space).count(*_VC_GUERRILLAS)
            if here < removal:
                why = (f"Cadres: {_name(space)} has fewer than {removal} VC Guerrillas", "5.3")
        return why

    yield from _influence(
        ctx,
        Faction.VC,
        _Shifts(AGITATE_SPACES),
        toward=-1,
        rule="6.3.2",
        kind="agitate",
        reason=reason,
        cost=1,
        budget=lambda state: state.track(Track.VC_RESOURCES),
        track=Track.VC_RESOURCES,
        guerrillas=removal,
    )


# -- moving pieces in steps ----------------------------------------------------------------------
class _Mover:
    """Moves of one Redeploy or Commitment step: which pieces may still move from where to
    where. Pieces that arrived in this step stay put; ``budget`` caps each piece form."""

    __slots__ = ("arrived", "budget", "faction", "kind", "pieces", "rule", "sources", "targets")

    def __init__(
        self,
        faction: Faction,
        rule: str,
        kind: str,
        pieces: tuple[Piece, ...],
        sources: tuple[str, ...],
        targets: Callable[[GameState, str, Piece], tuple[str, ...]],
        budget: dict[Piece, int] | None = None,
    ) -> None:
        self.faction = faction
        self.rule = rule
        self.kind = kind
        self.pieces = pieces
        self.sources = sources
        self.targets = targets
        self.budget = budget
        self.arrived: dict[tuple[str, Piece], int] = {}

    def movable(self, state: GameState, origin: str, piece: Piece) -> int:
        n = location_counts(state, origin)[piece] - self.arrived.get((origin, piece), 0)
        if self.budget is not None:
            n = min(n, self.budget.get(piece, 0))
        return max(0, n)

    def destinations(self, state: GameState, origin: str) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for piece in self.pieces:
            if self.movable(state, origin, piece):
                for d in self.targets(state, origin, piece):
                    seen.setdefault(d, None)
        return tuple(seen)

    def origins(self, state: GameState) -> tuple[str, ...]:
        return tuple(o for o in self.sources if self.destinations(state, o))

    def moved(self, move: Move) -> None:
        key = (move.destination, move.piece)
        self.arrived[key] = self.arrived.get(key, 0) + move.count
        if self.budget is not None:
            self.budget[move.piece] -= move.count


def _one_move(
    ctx: Ctx,
    mover: _Mover,
    what: str,
    *,
    must: Callable[[GameState], str | None] = lambda state: None,
) -> Generator[Ask, Command, Move | None]:
    """One move in up to three small steps: from where (or done), to where, how many.
    ``must`` explains why Done is not allowed yet (or returns ``None`` when it is)."""
    state = ctx.state
    origins = mover.origins(state)
    blocked = must(state)
    if not origins:
        return None
    options: tuple[Command, ...] = tuple(Select(o) for o in origins)
    refusals: tuple[tuple[Command, str, str], ...] = ()
    if blocked is None:
        options = (*options, Done())
    else:
        refusals = ((Done(), blocked, mover.rule),)
    choice = yield from ask_unless_one(
        ctx,
        mover.faction,
        f"{mover.kind}-origin",
        f"{what}: choose where to move from" + (" or done" if blocked is None else ""),
        options,
        mover.rule,
        refusals,
    )
    if not isinstance(choice, Select):
        return None
    origin = choice.space
    choice = yield from ask_unless_one(
        ctx,
        mover.faction,
        f"{mover.kind}-destination",
        f"{what}: move from {_name(origin)} to where?",
        tuple(Select(d) for d in mover.destinations(state, origin)),
        mover.rule,
    )
    assert isinstance(choice, Select)
    destination = choice.space
    counts: list[Command] = []
    for piece in mover.pieces:
        if destination in mover.targets(state, origin, piece):
            n = mover.movable(state, origin, piece)
            if piece.kind.value == "base" and destination not in (AVAILABLE, CASUALTIES):
                n = min(n, 2 - state.space(destination).bases())
            counts.extend(Move(piece, k, origin, destination) for k in range(1, n + 1))
    move = yield from ask_unless_one(
        ctx,
        mover.faction,
        f"{mover.kind}-count",
        f"{what}: how many from {_name(origin)} to {_name(destination)}?",
        tuple(counts),
        mover.rule,
    )
    assert isinstance(move, Move)
    return move


def _run_mover(
    ctx: Ctx,
    mover: _Mover,
    what: str,
    must: Callable[[GameState], str | None] = lambda state: None,
    on_move: Callable[[Move], None] = lambda move: None,
) -> Steps:
    while True:
        move = yield from _one_move(ctx, mover, what, must=must)
        if move is None:
            return
        ctx.move(move.piece, move.count, move.origin, move.destination, mover.rule)
        mover.moved(move)
        on_move(move)


# -- 6.4 Redeploy --------------------------------------------------------------------------------
@procedure("redeploy_phase")
def redeploy_phase(ctx: Ctx) -> Proc:
    """6.4: Laos/Cambodia removal, ARVN then NVA Redeploy, all judged by Control as it stood
    when the phase began; Control then reflects the moves (6.4.4, derived from the pieces);
    the final Round ends here (6.4.5, 7.3)."""
    snapshot = tuple(_control(ctx.state, i) for i in range(len(SPACES)))
    laos_cambodia(ctx)
    yield from arvn_redeploy(ctx, snapshot)
    yield from nva_redeploy(ctx)
    if final_coup(ctx.state):
        end_game(ctx, victory.final_result(ctx.state))
    else:
        _enter(ctx, CoupPhase.COMMITMENT, "6.4.5")


def laos_cambodia(ctx: Ctx) -> None:
    """6.4.1: every US and ARVN piece leaves Laos and Cambodia: US Troops out of play, the
    rest to Available."""
    for space in _LAOS_CAMBODIA:
        for piece in _COIN_PIECES:
            n = ctx.state.space(space).count(piece)
            box = OUT_OF_PLAY if piece is Piece.US_TROOPS else AVAILABLE
            ctx.move(piece, n, space, box, "6.4.1")


def _must_leave(state: GameState, space: str) -> bool:
    """6.4.2: ARVN Troops must leave LoCs and Provinces without a US or ARVN Base."""
    info = SPACES[space_index(space)]
    return info.is_loc or (info.is_province and not state.space(space).count(*_COIN_BASES))


def arvn_redeploy(ctx: Ctx, snapshot: tuple[Control, ...]) -> Steps:
    """6.4.2: ARVN Troops must leave LoCs and Provinces without COIN Bases and may leave
    anywhere else, for Cities without NVA Control, spaces with US or ARVN Bases, or Saigon.
    Then ARVN Police may move to any LoC or COIN-Controlled space in South Vietnam."""
    state = ctx.state
    troop_targets = tuple(
        sp.id
        for sp in SPACES
        if sp.id == SAIGON
        or (sp.is_city and snapshot[sp.index] is not Control.NVA)
        or state.spaces[sp.index].count(*_COIN_BASES)
    )
    sources = tuple(sp.id for sp in SPACES)

    def troops_to(state: GameState, origin: str, piece: Piece) -> tuple[str, ...]:
        return tuple(d for d in troop_targets if d != origin)

    def must(state: GameState) -> str | None:
        for sp in SPACES:
            if _must_leave(state, sp.id) and troops.movable(state, sp.id, Piece.ARVN_TROOPS):
                return f"ARVN Troops must still leave {sp.name}"
        return None

    troops = _Mover(Faction.ARVN, "6.4.2", "redeploy", (Piece.ARVN_TROOPS,), sources, troops_to)
    yield from _run_mover(ctx, troops, "ARVN Redeploy (Troops)", must)

    police_targets = tuple(
        sp.id for sp in SPACES if sp.is_loc or (sp.in_south and snapshot[sp.index] is Control.COIN)
    )

    def police_to(state: GameState, origin: str, piece: Piece) -> tuple[str, ...]:
        return tuple(d for d in police_targets if d != origin)

    police = _Mover(Faction.ARVN, "6.4.2", "redeploy", (Piece.ARVN_POLICE,), sources, police_to)
    yield from _run_mover(ctx, police, "ARVN Redeploy (Police)")


def nva_redeploy(ctx: Ctx) -> Steps:
    """6.4.3: NVA Troops (only) may move from anywhere to spaces with NVA Bases, whatever
    their Control."""
    bases = tuple(sp.id for sp in SPACES if ctx.state.spaces[sp.index].count(*_NVA_BASES))

    def to_bases(state: GameState, origin: str, piece: Piece) -> tuple[str, ...]:
        return tuple(d for d in bases if d != origin)

    mover = _Mover(
        Faction.NVA,
        "6.4.3",
        "redeploy",
        (Piece.NVA_TROOPS,),
        tuple(sp.id for sp in SPACES),
        to_bases,
    )
    yield from _run_mover(ctx, mover, "NVA Redeploy")


# -- 6.5 Commitment ------------------------------------------------------------------------------
@procedure("commitment_phase")
def commitment_phase(ctx: Ctx) -> Proc:
    """6.5 (2nd edition): rotation of US Casualties (with the Non-player US Policy check of
    8.8.1 after they are placed), US moves, then VC Withdrawal shifts.
    Destinations use Control as it stood when the phase began; Control and the victory
    markers reflect the moves at its end (they are derived from the pieces)."""
    state = ctx.state
    snapshot = tuple(_control(state, i) for i in range(len(SPACES)))
    allowed = tuple(
        sp.id for sp in SPACES if sp.is_loc or sp.id == SAIGON or snapshot[sp.index] is Control.COIN
    )
    placed = yield from rotate_casualties(ctx, allowed)
    us_policy(ctx)
    withdrawn = yield from us_commitment_moves(ctx, allowed, placed)
    yield from withdrawal(ctx, withdrawn // 2)
    _enter(ctx, CoupPhase.RESET, "6.5")


def rotate_casualties(ctx: Ctx, allowed: tuple[str, ...]) -> Generator[Ask, Command, int]:
    """6.5 rotation, steps 1-3: a third (rounded down) of US Troop Casualties and every US
    Base Casualty go out of play; US Irregular Casualties go to Available; the US places the
    other US Troop Casualties in COIN-Controlled spaces, LoCs or Saigon. Returns how many
    Troops were placed. Unshaded Medevac (15, Momentum) sends every US Troop Casualty to
    Available instead: none out of play, none placed (5.4)."""
    cas = ctx.state.casualties
    if effects.medevac_commitment(ctx.state):
        ctx.move(Piece.US_TROOPS, cas[Piece.US_TROOPS], CASUALTIES, AVAILABLE, "5.4")
    else:
        ctx.move(Piece.US_TROOPS, cas[Piece.US_TROOPS] // 3, CASUALTIES, OUT_OF_PLAY, "6.5")
    ctx.move(Piece.US_BASE, cas[Piece.US_BASE], CASUALTIES, OUT_OF_PLAY, "6.5")
    irregulars = Piece.US_IRREGULAR_UNDERGROUND
    ctx.move(irregulars, cas[irregulars], CASUALTIES, AVAILABLE, "6.5")
    to_place = ctx.state.casualties[Piece.US_TROOPS]

    def targets(state: GameState, origin: str, piece: Piece) -> tuple[str, ...]:
        return allowed

    def must(state: GameState) -> str | None:
        if state.casualties[Piece.US_TROOPS]:
            return "every remaining US Troop Casualty must be placed on the map"
        return None

    mover = _Mover(Faction.US, "6.5", "commitment", (Piece.US_TROOPS,), (CASUALTIES,), targets)
    yield from _run_mover(ctx, mover, "Commitment (place US Troop Casualties)", must)
    return to_place


US_POLICY_CHECK = 45
"""8.8.1: the Non-player US Policy is rolled for only when Support + Available is 45 or less."""


def us_policy(ctx: Ctx) -> None:
    """8.8.1 (Non-player US only): after the Casualties are placed, if Support + Available is
    at most 45, roll a die against the number of Coup cards in the RVN Leader box (Minh is
    none): equal gives JFK, higher LBJ, lower Nixon."""
    state = ctx.state
    if Faction.US not in state.options.non_players:
        return
    if victory_markers(state)[Faction.US] > US_POLICY_CHECK:
        return
    roll = ctx.roll("US Policy", "8.8.1")
    cards = len(state.leader_box)
    policy = "JFK" if roll == cards else "LBJ" if roll > cards else "Nixon"
    if policy != state.us_policy:
        ctx.emit(UsPolicyChanged(seq=ctx.seq, rule="8.8.1", policy=policy))


def us_commitment_moves(
    ctx: Ctx, allowed: tuple[str, ...], placed: int
) -> Generator[Ask, Command, int]:
    """6.5 rotation, step 4: the US may move up to 10 Troops less those just placed, and up
    to 2 Bases, among Available, COIN-Controlled spaces, LoCs and Saigon (Bases within
    stacking, 1.4.2). Returns how many US pieces went from the map to Available."""
    places = (AVAILABLE, *allowed)
    budget = {Piece.US_TROOPS: max(0, COMMITMENT_TROOPS - placed), Piece.US_BASE: COMMITMENT_BASES}

    def targets(state: GameState, origin: str, piece: Piece) -> tuple[str, ...]:
        out = []
        for d in places:
            if d == origin:
                continue
            if (
                piece is Piece.US_BASE
                and d != AVAILABLE
                and (SPACES[space_index(d)].is_loc or state.space(d).bases() >= 2)
            ):
                continue
            out.append(d)
        return tuple(out)

    withdrawn = [0]

    def count(move: Move) -> None:
        if move.origin != AVAILABLE and move.destination == AVAILABLE:
            withdrawn[0] += move.count

    mover = _Mover(
        Faction.US,
        "6.5",
        "commitment",
        (Piece.US_TROOPS, Piece.US_BASE),
        places,
        targets,
        budget,
    )
    yield from _run_mover(ctx, mover, "Commitment (move US Troops and Bases)", on_move=count)
    return withdrawn[0]


def withdrawal(ctx: Ctx, population: int) -> Steps:
    """6.5 WITHDRAWAL: for each 2 US pieces just moved from the map to Available, the VC may
    shift 1 Population 1 level toward Active Opposition, at most 1 level per space."""
    shifted: list[str] = []
    while population > 0:
        options: list[Command] = [
            Select(sp.id)
            for sp in SPACES
            if sp.can_have_support
            and sp.population <= population
            and sp.id not in shifted
            and ctx.state.spaces[sp.index].support > Support.ACTIVE_OPPOSITION
        ]
        if not options:
            return
        choice = yield ctx.ask(
            Faction.VC,
            "withdrawal",
            f"Withdrawal: shift a space 1 level toward Opposition ({population} Population "
            "left) or done",
            (*options, Done()),
            "6.5",
        )
        if not isinstance(choice, Select):
            return
        sp = SPACES[space_index(choice.space)]
        level = Support(ctx.state.spaces[sp.index].support - 1)
        ctx.set_support(sp.id, level, "6.5")
        shifted.append(sp.id)
        population -= sp.population


# -- 6.6 Reset -----------------------------------------------------------------------------------
@procedure("reset_phase")
def reset_phase(ctx: Ctx) -> Proc:
    """6.6: Trail 0 becomes 1 and 4 becomes 3; Terror and Sabotage markers leave the map;
    every Guerrilla and Special Force goes Underground; Momentum ends (5.4); all Factions are
    Eligible; the next card is played and a new one revealed (2.3.7). Unshaded MiGs (33)
    first costs the NVA 6 Resources (5.3); shaded Oriskany (39) keeps a Trail at 4 there
    (:func:`effects.change_trail`)."""
    yield from ()
    ctx.add_track(Track.NVA_RESOURCES, -effects.reset_nva_resource_loss(ctx.state), "5.3")
    if ctx.state.trail == 0:
        effects.set_trail(ctx, 1, "6.6")
    elif ctx.state.trail == 4:
        effects.set_trail(ctx, 3, "6.6")
    for sp in SPACES:
        ctx.set_markers(sp.id, "terror", 0, "6.6")
        ctx.set_markers(sp.id, "sabotage", 0, "6.6")
    for sp in SPACES:
        for piece in _ACTIVE_SF_AND_GUERRILLAS:
            ctx.flip(sp.id, piece, ctx.state.spaces[sp.index].count(piece), "6.6")
    effects.discard_momentum(ctx, "6.6")
    for faction in Faction:
        ctx.set_eligibility(faction, Eligibility.ELIGIBLE, "6.6")
    ctx.emit(CoupPhaseChanged(seq=ctx.seq, rule="6.6", phase=None))
    ctx.emit(PhaseChanged(seq=ctx.seq, rule="6.6", phase=Phase.EVENT_CARD))
    ctx.play_next_card("2.3.7")
    ctx.reveal_next_card("2.3.7")
