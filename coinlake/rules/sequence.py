"""Sequence of Play (rules 2.2-2.3): the start of play and Event cards.

``next_step`` is the explicit top level: given a state with no procedure in progress, it names
the procedure to run next. Each procedure covers one stretch of play (the start, one Event
card) and records its choices in the state, so the game can stop between any two commands.
"""

from __future__ import annotations

from coinlake.data.cards import CARDS, CardKind
from coinlake.data.pieces import Faction
from coinlake.rules.core import Ctx, Proc, procedure
from coinlake.state.commands import Choose
from coinlake.state.events import Passed, PhaseChanged
from coinlake.state.model import Eligibility, GameState, Phase, Track

BEGIN = Choose("begin")
PASS = Choose("pass")


def next_step(state: GameState) -> tuple[str, tuple[str, ...]] | None:
    """The procedure to start when none is in progress, or ``None`` when nothing can follow."""
    if state.phase is Phase.SETUP:
        return ("start", ())
    if state.phase is Phase.EVENT_CARD:
        card = state.current_card
        if card is not None and CARDS[card].kind is not CardKind.COUP:
            return ("event_card", ())
    return None


@procedure("start")
def start(ctx: Ctx) -> Proc:
    """2.2: turn the top card onto the played pile, then reveal the next card."""
    yield ctx.ask(None, "begin", "Reveal the first card and the next card", (BEGIN,), "2.2")
    ctx.reveal_next_card("2.2")
    ctx.play_next_card("2.2")
    ctx.reveal_next_card("2.2")
    ctx.emit(PhaseChanged(seq=ctx.seq, rule="2.2", phase=Phase.EVENT_CARD))


@procedure("event_card")
def event_card(ctx: Ctx) -> Proc:
    """2.3: Eligible Factions act in the card's Faction order; then adjust Eligibility and
    play the next card."""
    card = CARDS[ctx.state.current_card or 0]
    executed: list[Faction] = []
    for faction in card.faction_order:
        if len(executed) == 2:
            break
        if not ctx.state.eligible(faction):
            continue
        nth = "1st" if not executed else "2nd"
        choice = yield ctx.ask(
            faction,
            "action",
            f"{faction} is {nth} Eligible on {card}: choose an action",
            (PASS,),
            "2.3.2",
        )
        if choice == PASS:
            pass_(ctx, faction)
    adjust_eligibility(ctx, executed)
    next_card(ctx)


def pass_(ctx: Ctx, faction: Faction) -> None:
    """2.3.3: a Faction that Passes stays Eligible and gains +1 Resource (Insurgents) or
    +3 ARVN Resources (either COIN Faction)."""
    ctx.emit(Passed(seq=ctx.seq, rule="2.3.3", faction=faction))
    if faction.is_coin:
        ctx.add_track(Track.ARVN_RESOURCES, 3, "2.3.3")
    else:
        ctx.add_track(Track.resources_of(faction), 1, "2.3.3")


def adjust_eligibility(ctx: Ctx, executed: list[Faction]) -> None:
    """2.3.6: Factions that executed an Operation or Event become Ineligible; the rest
    become Eligible."""
    for faction in Faction:
        status = Eligibility.INELIGIBLE if faction in executed else Eligibility.ELIGIBLE
        ctx.set_eligibility(faction, status, "2.3.6")


def next_card(ctx: Ctx) -> None:
    """2.3.7: the next card becomes the played card and the deck's new top card is revealed."""
    ctx.play_next_card("2.3.7")
    ctx.reveal_next_card("2.3.7")
