"""Card 120, US Press Corps (dual use, 5.2).

Cards in the RVN Leader box: every Coup card there, Failed Attempts included; Duong Van Minh
is not a card (2.4.1, ruling R35; ``effects.leader_box_cards``).

- unshaded: the executing Faction moves US pieces (Troops, Bases, Irregulars, its choice)
  from Out of Play onto the map -- 4 with 0-2 cards in the box, 2 with 3-5 -- into any
  spaces but North Vietnam, stacking kept (1.4.2), as many as are Out of Play (5.1.3);
  Irregulars arrive Underground (1.4.3).
- shaded: US Troop Casualties, as many as there are cards in the box (or all, if fewer), and
  every US Base Casualty go Out of Play; the Irregulars stay (the text names Troops; ruling
  R134).
"""

from __future__ import annotations

from coinlake.data.pieces import Faction, Piece, pieces_of
from coinlake.rules import effects, kit
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import CASUALTIES, OUT_OF_PLAY, GameState

US_PIECES = tuple(dict.fromkeys(p.box_form for p in pieces_of(Faction.US)))


def pieces_to_map(state: GameState) -> int:
    """4 with 0-2 cards in the RVN Leader box, 2 with 3-5 (none with more)."""
    cards = effects.leader_box_cards(state)
    return 4 if cards <= 2 else 2 if cards <= 5 else 0


@unshaded(120)
def us_press_corps_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.place_steps(
        ctx,
        faction,
        US_PIECES,
        kit.NOT_NORTH,
        pieces_to_map(ctx.state),
        f"{faction}: an Out of Play US piece onto the map",
        "5.1",
        source=OUT_OF_PLAY,
    )


@shaded(120)
def us_press_corps_shaded(ctx: Ctx, faction: Faction) -> None:
    state = ctx.state
    troops = min(effects.leader_box_cards(state), state.casualties[Piece.US_TROOPS])
    ctx.move(Piece.US_TROOPS, troops, CASUALTIES, OUT_OF_PLAY, "5.1")
    ctx.move(Piece.US_BASE, state.casualties[Piece.US_BASE], CASUALTIES, OUT_OF_PLAY, "5.1")
