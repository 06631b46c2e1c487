"""Card 58, Pathet Lao (dual use, 5.2).

- unshaded: the NVA (named, so it decides, 5.1) removes 6 of its pieces, Bases included (card
  tip), in any mix from North Vietnam and Laos to Available, as many as there are (5.1.3); a
  Tunneled Base only if it opts to (1.4.4, 5.1.1).
- shaded: with no US or ARVN cube in Laos, the Trail Improves 2 boxes (at most 4, 6.7).
  Otherwise every such cube Redeploys to South Vietnam, with Control as it stands when the
  Redeploy begins (6.4; rulings R79, R255): the US moves its Troops to any spaces of South Vietnam,
  LoCs included; then the ARVN moves its Troops to Cities without NVA Control, spaces with a
  US or ARVN Base, or Saigon, and its Police to LoCs or spaces under COIN Control (card tip,
  6.4.2) -- each Faction deciding its own moves (5.1). Cubes elsewhere stay.
"""

from __future__ import annotations

from collections.abc import Callable

from coinlake.data.map import Country, Space
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import effects
from coinlake.rules.cards import lib
from coinlake.rules.cards.registry import shaded, unshaded
from coinlake.rules.core import Ctx, Proc
from coinlake.state.model import GameState
from coinlake.state.queries import Control

NVA = Control.NVA

NVA_PIECES = (
    Piece.NVA_TROOPS,
    Piece.NVA_GUERRILLA_UNDERGROUND,
    Piece.NVA_GUERRILLA_ACTIVE,
    Piece.NVA_BASE,
    Piece.NVA_TUNNELED_BASE,
)
CUBES = (Piece.US_TROOPS, Piece.ARVN_TROOPS, Piece.ARVN_POLICE)


def in_laos(state: GameState, where: Space) -> bool:
    """A Laos Province (1.3.5)."""
    return where.country is Country.LAOS


def in_north_or_laos(state: GameState, where: Space) -> bool:
    """North Vietnam or a Laos Province."""
    return where.country in (Country.NORTH_VIETNAM, Country.LAOS)


@unshaded(58)
def pathet_lao_unshaded(ctx: Ctx, faction: Faction) -> Proc:
    yield from lib.owner_remove_steps(
        ctx,
        Faction.NVA,
        NVA_PIECES,
        lib.spaces(ctx.state, in_north_or_laos),
        6,
        "NVA: remove a piece of yours from North Vietnam or Laos",
        "5.1",
    )


def redeploy_targets(state: GameState) -> dict[Piece, tuple[str, ...]]:
    """Where each kind of cube Redeploys to (card tip, 6.4.2), by Control now."""
    south = lib.spaces(state, lib.in_south)
    troops = set(lib.spaces(state, lib.is_city)) - set(lib.spaces(state, lib.controlled_by(NVA)))
    troops |= {"saigon", *lib.spaces(state, lib.has(Piece.US_BASE, Piece.ARVN_BASE))}
    police = {*lib.spaces(state, lib.controlled_by(Control.COIN)), *lib.spaces(state, lib.is_loc)}
    return {
        Piece.US_TROOPS: south,
        Piece.ARVN_TROOPS: tuple(k for k in south if k in troops),
        Piece.ARVN_POLICE: tuple(k for k in south if k in police),
    }


def to(keys: tuple[str, ...]) -> Callable[[GameState, str], tuple[str, ...]]:
    """Destinations fixed as the Redeploy begins, whatever the origin (6.4)."""
    return lambda state, origin: keys


@shaded(58)
def pathet_lao_shaded(ctx: Ctx, faction: Faction) -> Proc:
    laos = lib.spaces(ctx.state, in_laos)
    if not any(ctx.state.space(k).count(*CUBES) for k in laos):
        effects.change_trail(ctx, 2, "5.1", by_event=True)
        return
    targets = redeploy_targets(ctx.state)
    for cube in CUBES:
        owner = cube.faction
        yield from lib.move_anywhere(
            ctx,
            owner,
            (cube,),
            laos,
            to(targets[cube]),
            f"{owner}: Redeploy {cube.token} from Laos to South Vietnam",
            "6.4.2" if owner is Faction.ARVN else "5.1",
            optional=False,
        )
