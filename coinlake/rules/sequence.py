"""Sequence of Play (rules 2.2-2.3): the start of play and Event cards.

``next_step`` is the explicit top level: given a state with no procedure in progress, it names
the procedure to run next. Each procedure covers one stretch of play (the start, one Event
card) and records its choices in the state, so the game can stop between any two commands.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from functools import partial

from coinlake.data.cards import CARDS, PIVOTAL_CARDS, CardKind, Side
from coinlake.data.pieces import FACTIONS, Faction
from coinlake.rules import actions, cards, victory
from coinlake.rules.cards import lib
from coinlake.rules.core import Ask, Ctx, Kind, Proc, deferred_refusals, procedure
from coinlake.rules.effects import monsoon
from coinlake.state.commands import Choose, Command
from coinlake.state.events import (
    EligibilityMarksCleared,
    Executed,
    Passed,
    PhaseChanged,
    PivotalPlayed,
)
from coinlake.state.model import Eligibility, GameState, Phase, Track, memo

BEGIN = Choose("begin")
PASS = Choose("pass")
EVENT = Choose("event")
OP = Choose("op")
OP_SA = Choose("op+sa")
LIMOP = Choose("limop")
PIVOTAL = Choose("pivotal")
DECLINE = Choose("decline")
NOTHING = "none"
"""``Executed.action`` of an Operation that occurred in no space (2.3.4 NOTE)."""

__all__ = ["monsoon", "next_step"]


def next_step(state: GameState) -> tuple[str, tuple[str, ...]] | None:
    """The procedure to start when none is in progress, or ``None`` when nothing can follow."""
    if state.phase is Phase.SETUP:
        return ("start", ())
    if state.phase is Phase.EVENT_CARD:
        card = state.current_card
        if card is not None and CARDS[card].kind is not CardKind.COUP:
            if len(executed_actions(state)) < 2 and next_eligible(state) is not None:
                return ("card_turn", ())
            return ("card_end", ())
        if card is not None:  # 2.4: a Coup card is played (rules/coup.py)
            return ("coup_card", ())
    if state.phase is Phase.COUP and state.coup_phase is not None:
        return (f"{state.coup_phase.value}_phase", ())  # 6.1-6.6, by the Coup Card marker
    return None


@procedure("start")
def start(ctx: Ctx) -> Proc:
    """2.2: turn the top card onto the played pile, then reveal the next card."""
    yield ctx.ask(None, Kind.CONFIRM, "Reveal the first card and the next card", (BEGIN,), "2.2")
    ctx.reveal_next_card("2.2")
    ctx.play_next_card("2.2")
    ctx.reveal_next_card("2.2")
    ctx.emit(PhaseChanged(seq=ctx.seq, rule="2.2", phase=Phase.EVENT_CARD))


@procedure("card_turn", "2.3")
def card_turn(ctx: Ctx) -> Proc:
    """2.3: the next Eligible Faction in the card's Faction order acts (2.3.2-2.3.5); before
    the 1st Eligible acts, another Faction may pre-empt the card with its Pivotal Event
    (2.3.8). :func:`next_step` repeats this step until 2 Factions executed something or no
    Eligible Faction is left (2.3.3), then ends the card."""
    faction = next_eligible(ctx.state)
    assert faction is not None
    fresh = not ctx.state.turn.passed and not ctx.state.turn.acted
    if fresh and (yield from pivotal_window(ctx, faction)):
        return
    with ctx.scope("eligible-turn", "2.3.4", faction=faction, card=ctx.state.current_card):
        yield from eligible_turn(ctx, faction)


@procedure("card_end", "2.3.6")
def card_end(ctx: Ctx) -> Proc:
    """2.3.6-2.3.7: adjust Eligibility, then play the next card."""
    adjust_eligibility(ctx)
    next_card(ctx)
    return
    yield  # a procedure that asks nothing


def executed_actions(state: GameState) -> tuple[tuple[Faction, str], ...]:
    """What the Factions executed on the current card so far, in order (2.3.4): an
    Operation that occurred in no space does not count (2.3.4 NOTE)."""
    return tuple((f, a) for f, a in state.turn.acted if a != NOTHING)


def next_eligible(state: GameState) -> Faction | None:
    """The leftmost Eligible Faction on the current card that has not yet Passed or acted:
    the 1st or 2nd Eligible (2.3.2, 2.3.3)."""
    card = state.current_card
    if card is None:
        return None
    done = {*state.turn.passed, *(f for f, _ in state.turn.acted)}
    for faction in CARDS[card].faction_order:
        if state.eligible(faction) and faction not in done:
            return faction
    return None


def eligible_turn(ctx: Ctx, faction: Faction) -> Proc:
    """One Eligible Faction's turn: Pass (2.3.3), the Event (2.3.4, 5.2), an Operation with
    or without a Special Activity (2.3.4, 4.1), a Limited Operation (2.3.5) or, 1st Eligible,
    its Pivotal Event (2.3.8)."""
    state = ctx.state
    card = state.current_card or 0
    done = executed_actions(state)
    nth = "1st" if not done else "2nd"
    menu = partial(memo, state, ("action-menu", faction), partial(action_menu, state, faction))
    choice = yield ctx.ask(
        faction,
        Kind.ACTION,
        f"{faction} is {nth} Eligible on {CARDS[card]}: choose an action",
        lambda: menu()[0],
        "2.3.4",
        deferred_refusals(lambda: menu()[1]),
    )
    if choice == PASS:
        pass_(ctx, faction)
    elif choice == PIVOTAL:
        yield from play_pivotal(ctx, faction)
    elif choice == EVENT:
        yield from execute_event(ctx, faction, card)
        ctx.emit(Executed(seq=ctx.seq, rule="2.3.4", faction=faction, action=EVENT.option))
    # -- 7.3 Victory Deception: Hidden Asset (rules/victory.py) --------------------------
    elif choice == victory.HIDDEN_ASSET_OPTION:
        yield from victory.hidden_asset_turn(ctx, faction)
    # -- end Hidden Asset ----------------------------------------------------------------
    else:
        limited = choice == LIMOP
        outcome = yield from actions.run_operation(
            ctx, faction, limited=limited, special=choice == OP_SA
        )
        if not outcome.executed:
            action = NOTHING
        elif limited:
            action = LIMOP.option
        else:
            action = OP_SA.option if outcome.special_activity else OP.option
        ctx.emit(
            Executed(
                seq=ctx.seq, rule="2.3.5" if limited else "2.3.4", faction=faction, action=action
            )
        )


def action_menu(
    state: GameState, faction: Faction
) -> tuple[tuple[Command, ...], tuple[tuple[Command, str, str], ...]]:
    """The legal actions of the 1st or 2nd Eligible ``faction`` (2.3.4), with the reasons
    the others are refused.

    1st Eligible: the Event, an Operation with or without a Special Activity (or its Pivotal
    Event, 2.3.8). 2nd Eligible, after an Operation only: a Limited Operation; after an
    Operation with a Special Activity: a Limited Operation or the Event; after the Event: an
    Operation with or without a Special Activity. Pass is always allowed (2.3.3). Operations
    are offered only when one is registered and legal (:mod:`coinlake.rules.actions`), the
    Event only when the card is implemented (:mod:`coinlake.rules.cards`); an Operation with
    a Special Activity also when none is legal yet but a Special Activity executed first
    would make one legal (4.1, :func:`actions.special_activities_first`).
    """
    card = state.current_card or 0
    done = executed_actions(state)
    first = done[0][1] if done else None
    allowed = {
        None: (EVENT, OP, OP_SA),
        OP.option: (LIMOP,),
        OP_SA.option: (LIMOP, EVENT),
        EVENT.option: (OP, OP_SA),
    }[first]
    full_instead = non_player_full_operation(state, faction) and LIMOP in allowed
    if full_instead:  # 8.1: a full Operation and Special Activity instead of the LimOp
        allowed = (*(c for c in allowed if c is not LIMOP), OP, OP_SA)
    after = {
        None: "",
        OP.option: "after an Operation without a Special Activity",
        OP_SA.option: "after an Operation with a Special Activity",
        EVENT.option: "after the Event",
    }[first]

    def infeasible(command: Command) -> str | None:
        """Why an allowed ``command`` may not be taken now (``None``: it may), worked out only
        for the allowed ones."""
        if command is EVENT:
            if cards.playable_sides(state, card, faction) and CARDS[card].kind is CardKind.EVENT:
                return None
            return f"the Event of {CARDS[card]} is not implemented yet"
        if command is OP:
            if actions.has_legal_operation(state, faction, limited=False):
                return None
            return f"{faction} has no Operation it could execute now"
        if command is OP_SA:
            if actions.has_legal_operation(state, faction, limited=False):
                if actions.has_special_activity(state, faction):
                    return None
            elif actions.special_activities_first(state, faction):
                return None  # 4.1: a Special Activity first makes an Operation legal
            return f"{faction} has no Operation with a Special Activity it could execute now"
        if actions.has_legal_operation(state, faction, limited=True):
            return None
        return f"{faction} has no Limited Operation it could execute now"

    options: list[Command] = []
    refusals: list[tuple[Command, str, str]] = []
    if first is None:
        why, rule = pivotal_refusal(state, faction)
        if why is None:
            options.append(PIVOTAL)
        else:
            refusals.append((PIVOTAL, why, rule))
    else:
        refusals.append((PIVOTAL, "the 1st Eligible Faction has already acted", "2.3.8"))
    for command in (EVENT, OP, OP_SA, LIMOP):
        if command not in allowed:
            if full_instead:
                reason = "a Non-player executes a full Operation and Special Activity instead"
                refusals.append((command, reason, "8.1"))
                continue
            if first is None:
                reason = "the 1st Eligible executes a full Operation, in 1 space if it likes"
            else:
                reason = f"not an option of the 2nd Eligible {after}"
            refusals.append((command, reason, "2.3.4" if command is not LIMOP else "2.3.5"))
        elif (why := infeasible(command)) is not None:
            refusals.append((command, why, "5.0" if command is EVENT else "3.1"))
        else:
            options.append(command)
    # -- 7.3 Victory Deception: a Hidden Asset may turn the LimOp option into Op + SA -----
    asset, refusal = victory.hidden_asset_option(state, faction, limop_offered=LIMOP in allowed)
    if asset is not None:
        options.append(asset)
    elif refusal is not None:
        refusals.append(refusal)
    # -- end Hidden Asset ----------------------------------------------------------------
    options.append(PASS)
    return tuple(options), tuple(refusals)


def non_player_full_operation(state: GameState, faction: Faction) -> bool:
    """8.1: a Non-player that the Sequence of Play gives a Limited Operation executes a full
    Operation and Special Activity instead -- not under the 1-player Easy option (8.9),
    where it executes the Limited Operation."""
    return faction in state.options.non_players and not state.options.easy


def execute_event(ctx: Ctx, faction: Faction, card: int) -> Proc:
    """The executing Faction picks the unshaded or shaded text, whatever its side (5.2),
    and carries it out (5.1); a single-use card has one text."""
    side = cards.printed_sides(card)[0]
    if len(cards.printed_sides(card)) > 1:
        state = ctx.state
        answer = yield ctx.ask(
            faction,
            Kind.CHOOSE_SIDE,
            f"{faction}: execute the unshaded or the shaded text of {CARDS[card]}?",
            lambda: tuple(Choose(s.value) for s in cards.playable_sides(state, card, faction)),
            "5.2",
        )
        assert isinstance(answer, Choose)
        side = Side(answer.option)
    yield from cards.execute(ctx, faction, card, side)


# -- Pivotal Events (2.3.8, 5.1.4) -----------------------------------------------------------
TRUMPS: dict[Faction, tuple[Faction, ...]] = {
    Faction.US: (),
    Faction.NVA: (Faction.US,),
    Faction.ARVN: (Faction.US, Faction.NVA),
    Faction.VC: (Faction.US, Faction.NVA, Faction.ARVN),
}
"""Whose Pivotal Event each Faction may play its own on top of (2.3.8 TRUMPING)."""

TRUMP_ORDER: tuple[Faction, ...] = (Faction.NVA, Faction.ARVN, Faction.VC)
"""Factions are offered to trump from the weakest trumper up, so each gets its chance."""


def pivotal_refusal(state: GameState, faction: Faction) -> tuple[str | None, str]:
    """Why ``faction`` may not play its Pivotal Event now, with the rule; ``(None, "2.3.8")``
    when it may (2.3.8: Eligible, holding it, its pre-condition met, the 1st Eligible not
    yet acted, no Coup showing as the next card). Kept on the state: every card turn asks it
    of each Faction, and a re-run of the turn asks it of the same state again."""
    return memo(state, ("pivotal-refusal", faction), partial(_pivotal_refusal, state, faction))


def _pivotal_refusal(state: GameState, faction: Faction) -> tuple[str | None, str]:
    card = PIVOTAL_CARDS[faction]
    if card not in state.pivotals_held:
        return f"{faction} does not hold its Pivotal Event {CARDS[card]}", "2.3.8"
    if not state.eligible(faction):
        return f"{faction} is not Eligible", "2.3.8"
    if state.turn.passed or state.turn.acted:
        return "the 1st Eligible Faction has already acted on this card", "2.3.8"
    upcoming = state.next_card
    if upcoming is not None and CARDS[upcoming].kind is CardKind.COUP:
        return "a Coup card is showing as the next card (Monsoon)", "2.3.8"
    if not cards.is_implemented(card):
        return f"the Pivotal Event {CARDS[card]} is not implemented yet", "5.0"
    if not cards.precondition_met(state, card):
        return f"the pre-condition of {CARDS[card]} is not met", "2.3.8"
    return None, "2.3.8"


def pivotal_playable(state: GameState, faction: Faction) -> bool:
    """Whether ``faction`` may play its Pivotal Event now (2.3.8)."""
    return pivotal_refusal(state, faction)[0] is None


def pivotal_window(ctx: Ctx, first: Faction) -> Generator[Ask, Command, bool]:
    """Before the 1st Eligible ``first`` acts, each other Eligible Faction able to play its
    Pivotal Event decides whether to (2.3.8 PLAY NOTES: the 1st Eligible need not declare
    first); the 1st Eligible itself finds it among its actions. Returns whether one was
    played (and executed)."""
    card = ctx.state.current_card or 0
    for faction in CARDS[card].faction_order:
        if faction is first or not pivotal_playable(ctx.state, faction):
            continue
        answer = yield ctx.ask(
            faction,
            Kind.YES_NO,
            f"{faction}: play {CARDS[PIVOTAL_CARDS[faction]]} to cancel {CARDS[card]}?",
            (PIVOTAL, DECLINE),
            "2.3.8",
        )
        if answer == PIVOTAL:
            yield from play_pivotal(ctx, faction)
            return True
    return False


def play_pivotal(ctx: Ctx, faction: Faction) -> Proc:
    """2.3.8 PROCEDURE: place the Pivotal Event card on the played card, let stronger
    Factions trump it (TRUMPING: the trumped card returns to its owner), then the Faction on
    top executes its Pivotal Event as the 1st Eligible on that card, whose Faction order now
    applies (5.1.4)."""
    top = faction
    ctx.emit(PivotalPlayed(seq=ctx.seq, rule="2.3.8", faction=top, card=PIVOTAL_CARDS[top]))
    trumped = True
    while trumped:
        trumped = False
        for rival in TRUMP_ORDER:
            if top not in TRUMPS[rival] or not pivotal_playable(ctx.state, rival):
                continue
            answer = yield ctx.ask(
                rival,
                Kind.YES_NO,
                f"{rival}: trump {CARDS[PIVOTAL_CARDS[top]]} with {CARDS[PIVOTAL_CARDS[rival]]}?",
                (PIVOTAL, DECLINE),
                "2.3.8",
            )
            if answer == PIVOTAL:
                lib.return_pivotal(ctx, top, "2.3.8")
                top = rival
                ctx.emit(
                    PivotalPlayed(seq=ctx.seq, rule="2.3.8", faction=top, card=PIVOTAL_CARDS[top])
                )
                trumped = True
                break
    yield from cards.execute(ctx, top, PIVOTAL_CARDS[top], Side.UNSHADED)
    ctx.emit(Executed(seq=ctx.seq, rule="2.3.8", faction=top, action=EVENT.option))


def pass_(ctx: Ctx, faction: Faction) -> None:
    """2.3.3: a Faction that Passes stays Eligible and gains +1 Resource (Insurgents) or
    +3 ARVN Resources (either COIN Faction)."""
    ctx.emit(Passed(seq=ctx.seq, rule="2.3.3", faction=faction))
    if faction.is_coin:
        ctx.add_track(Track.ARVN_RESOURCES, 3, "2.3.3")
    else:
        ctx.add_track(Track.resources_of(faction), 1, "2.3.3")


def adjust_eligibility(ctx: Ctx, executed: Sequence[Faction] | None = None) -> None:
    """2.3.6: Factions that executed an Operation or Event (``executed``, by default those
    recorded on the current card) become Ineligible, the rest Eligible -- except that an
    Event may keep its executing Faction Eligible or make a Faction Ineligible through the
    next card (2.3.6 PLAY NOTE); those marks are then cleared."""
    state = ctx.state
    if executed is None:
        executed = [f for f, _ in executed_actions(state)]
    for faction in FACTIONS:
        if faction in state.ineligible_next:
            status = Eligibility.INELIGIBLE
        elif faction in state.stay_eligible or faction not in executed:
            status = Eligibility.ELIGIBLE
        else:
            status = Eligibility.INELIGIBLE
        ctx.set_eligibility(faction, status, "2.3.6")
    if state.stay_eligible or state.ineligible_next:
        ctx.emit(EligibilityMarksCleared(seq=ctx.seq, rule="2.3.6"))


def next_card(ctx: Ctx) -> None:
    """2.3.7: the next card becomes the played card and the deck's new top card is revealed."""
    ctx.play_next_card("2.3.7")
    ctx.reveal_next_card("2.3.7")
