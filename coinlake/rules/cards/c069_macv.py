"""Card 69, MACV (single use).

The executing Faction picks the US then the ARVN, or the NVA then the VC (5.1; only a pair
of which some Faction could execute a Special Activity is offered, rulings R132, R257); each of the
two, in that order, executes 1 free Special Activity of its choice with no Operation (5.5),
within that Special Activity's usual limits (card tip) and deciding its details (5.1) -- even
under Typhoon Kate, the Event being played taking precedence (5.1.2). The executing Faction
stays Eligible for the next card (2.3.6 PLAY NOTE).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.actions import ActionKind, Grant, free_action, would_occur
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import single
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState

PAIRS = {
    "us-arvn": (Faction.US, Faction.ARVN),
    "nva-vc": (Faction.NVA, Faction.VC),
}
SPECIAL_ACTIVITY = Grant(kind=ActionKind.SPECIAL_ACTIVITY)


def can_act(state: GameState, pair: tuple[Faction, ...]) -> bool:
    """Some Faction of ``pair`` could execute a free Special Activity now (4.0)."""
    return any(would_occur(state, f, SPECIAL_ACTIVITY) for f in pair)


@single(69)
def macv(ctx: Ctx, faction: Faction) -> Proc:
    word = yield from lib.choose_branch(
        ctx,
        faction,
        {word: can_act(ctx.state, pair) for word, pair in PAIRS.items()},
        f"{faction}: US then ARVN, or NVA then VC, each 1 free Special Activity?",
    )
    for who in PAIRS[word] if word is not None else ():
        yield from free_action(ctx, who, SPECIAL_ACTIVITY)
    effects.stay_eligible(ctx, faction, "5.1")
