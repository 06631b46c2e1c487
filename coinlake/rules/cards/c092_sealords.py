"""Card 92, SEALORDS (dual use, 5.2).

"Spaces adjacent to Can Tho": its 4 Provinces and 4 LoCs, the 3 Mekong LoCs included (the
card's tip, 1.3.6).

- unshaded: first the ARVN, then the US -- each deciding its own details (the card's tip)
  -- picks, in each space adjacent to Can Tho where one could occur, a free Sweep in place
  (3.2.3: no Troops move; Provinces only, not in Monsoon, 2.3.9) or a free Assault
  (3.2.4), then executes one free Sweep in place in the spaces it picked for that and one
  free Assault in the others (5.5, :func:`lib.sweep_or_assault`; ruling R244). The US
  Assault may add a free ARVN Assault (3.2.4).
- shaded: the executing Faction selects the NVA or the VC (5.1) -- one with a piece that
  could move (5.1.3, as R132) -- which moves any of its
  pieces -- Bases included, not Tunneled ones (the text) -- from Cambodia and Tay Ninh to
  spaces adjacent to Can Tho, a group at a time, as many as it likes (stacking kept: no
  Base on a LoC nor beyond 2 in a Province, 1.4.2).
"""

from __future__ import annotations

from coinlake.data.map import ADJACENT, IS_LOC, SPACES, Country
from coinlake.data.pieces import UNDERGROUND, Faction, Piece, pieces_of
from coinlake.rules import effects, kit
from coinlake.rules.actions import Grant
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.rules.operations.assault import assault_removals, can_assault_in
from coinlake.rules.operations.sweep import sweep_forces
from coinlake.state.model import GameState

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
NEAR_CAN_THO = ADJACENT["can-tho"]
"""The spaces adjacent to Can Tho (1.3.6), in map order."""
SOURCES = (*(s.id for s in SPACES if s.country is Country.CAMBODIA), "tay-ninh")
"""Cambodia and Tay Ninh."""
MOVABLE = {f: tuple(p for p in pieces_of(f) if not p.tunneled) for f in (NVA, VC)}
SWEEP, ASSAULT = Grant("sweep"), Grant("assault")


def unshaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: next to Can Tho, the ARVN or US could Activate an Underground Guerrilla by a
    Sweep in place (not in Monsoon) or remove a piece by an Assault."""
    sweeps = not effects.monsoon(state)
    for coin in (ARVN, US):
        assaults = lib.could_grant(state, coin, ASSAULT)
        for key in NEAR_CAN_THO:
            p = state.space(key).pieces
            hidden = any(p[g] for f in (NVA, VC) for g in UNDERGROUND[f])
            if sweeps and hidden and not IS_LOC[key] and sweep_forces(p, coin) > 0:
                return True
            if assaults and can_assault_in(p, coin) and assault_removals(p, coin, key) > 0:
                return True
    return False


@unshaded(92, effective=unshaded_effective)
def sealords_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    for coin in (ARVN, US):
        yield from lib.sweep_or_assault(
            ctx,
            coin,
            NEAR_CAN_THO,
            None,
            f"{coin}: Sweep in place or Assault next to Can Tho",
            "5.1",
            sweep=SWEEP,
            assault=ASSAULT,
        )


def _destinations(state: GameState, piece: Piece) -> bool:
    return any(kit.room(state, piece, k) > 0 for k in NEAR_CAN_THO)


def _can_move(state: GameState, mover: Faction) -> bool:
    """A piece of ``mover`` in Cambodia or Tay Ninh could move next to Can Tho."""
    return any(
        state.space(k).pieces[p] and _destinations(state, p)
        for p in MOVABLE[mover]
        for k in SOURCES
    )


def shaded_effective(state: GameState, faction: Faction) -> bool:
    """8.1: an NVA or VC piece in Cambodia or Tay Ninh that could move next to Can Tho."""
    return _can_move(state, NVA) or _can_move(state, VC)


@shaded(92, effective=shaded_effective)
def sealords_shaded(ctx: Ctx, faction: Faction) -> Proc:
    state = ctx.state
    word = yield from lib.choose_branch(
        ctx,
        faction,
        {"nva": _can_move(state, NVA), "vc": _can_move(state, VC)},
        f"{faction}: the NVA or the VC moves its pieces?",
        "5.1",
    )
    if word is None:
        return
    mover = NVA if word == "nva" else VC
    pieces = MOVABLE[mover]
    yield from lib.move_anywhere(
        ctx,
        mover,
        pieces,
        lambda state: [k for k in SOURCES if state.space(k).count(*pieces)],
        lambda state, origin: NEAR_CAN_THO,
        f"{mover}: move pieces from Cambodia or Tay Ninh next to Can Tho (or done)",
        "5.1",
    )
