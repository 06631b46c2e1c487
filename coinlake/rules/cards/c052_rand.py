"""Card 52, RAND (dual use, 5.2).

- unshaded: the executing Faction turns 1 US Capability in effect on its shaded side over to
  its unshaded side (5.3).
- shaded: the executing Faction turns 1 US Capability in effect on its unshaded side over to
  its shaded side.

Whoever executes it picks the Capability, named by its title (``top-gun``); with none on the
side to turn, nothing happens (5.1.3). Turning a marker over does not execute the card's
text: unshaded Top Gun (4) reached this way does not remove a shaded MiGs (33) in effect --
which has no effect while Top Gun is unshaded (``effects.capability``) -- and a shaded MiGs
kept out of effect by Top Gun stays out when Top Gun turns shaded.
"""

from __future__ import annotations

import re

from coinlake.data.cards import CARDS, Side
from coinlake.data.pieces import Faction
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Kind, Proc


def word(card: int) -> str:
    """How a Capability is named in the question: its title, e.g. ``top-gun``."""
    return re.sub(r"[^a-z0-9]+", "-", CARDS[card].title.lower()).strip("-")


def _turn_over(ctx: Ctx, faction: Faction, frm: Side, to: Side) -> Proc:
    us = [
        number
        for number, side in ctx.state.capabilities
        if side is frm and CARDS[number].capability_of is Faction.US
    ]
    if not us:
        return
    names = {word(n): n for n in sorted(us)}
    chosen = yield from lib.choose_word(
        ctx,
        faction,
        tuple(names),
        f"{faction}: which {frm} US Capability to turn {to}?",
        "5.3",
        Kind.CHOOSE_MODE,
    )
    effects.place_capability(ctx, names[chosen], to, "5.3")


@unshaded(52)
def rand_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from _turn_over(ctx, faction, Side.SHADED, Side.UNSHADED)


@shaded(52)
def rand_shaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from _turn_over(ctx, faction, Side.UNSHADED, Side.SHADED)
