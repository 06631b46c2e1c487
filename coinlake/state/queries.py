"""Derived facts about a state: Control, Support totals, victory markers, stacking.

Each is a pure function of the state, recomputed on demand, so it can never drift.
"""

from __future__ import annotations

from enum import StrEnum

from coinlake.data.map import SPACES, Country, space_index
from coinlake.data.pieces import BASES, COIN_PIECES, PIECES, Faction, Piece
from coinlake.state.model import GameState, SpaceState, memo

_COIN = COIN_PIECES


def _forms(faction_pieces: tuple[Piece, ...]) -> slice:
    """The piece-count positions of these forms, which are consecutive (:class:`Piece`)."""
    first, last = min(faction_pieces), max(faction_pieces)
    assert len(faction_pieces) == last - first + 1
    return slice(first, last + 1)


_COIN_FORMS = _forms(COIN_PIECES)
_NVA_FORMS = _forms(PIECES[Faction.NVA])
_VC_FORMS = _forms(PIECES[Faction.VC])

VICTORY_THRESHOLDS: dict[Faction, int] = {
    Faction.US: 50,
    Faction.ARVN: 50,
    Faction.NVA: 18,
    Faction.VC: 35,
}
"""The totals each Faction must exceed to win (7.2)."""


class Control(StrEnum):
    """Who controls a Province or City (1.7)."""

    COIN = "coin"
    NVA = "nva"
    NONE = "none"

    @staticmethod
    def of(coin: int, nva: int, vc: int) -> Control:
        """Control of a Province or City holding ``coin`` US and ARVN pieces, ``nva`` NVA
        pieces and ``vc`` VC pieces (1.7): COIN if US and ARVN outnumber NVA and VC
        together, NVA if the NVA outnumber all others together, else none.

        >>> Control.of(3, 1, 1), Control.of(2, 3, 0), Control.of(2, 1, 1)
        (<Control.COIN: 'coin'>, <Control.NVA: 'nva'>, <Control.NONE: 'none'>)
        """
        if coin > nva + vc:
            return Control.COIN
        if nva > coin + vc:
            return Control.NVA
        return Control.NONE


def control_of(contents: SpaceState, is_loc: bool = False) -> Control:
    """Control of a space with these contents (1.7): COIN if US+ARVN pieces exceed NVA+VC;
    NVA if NVA pieces exceed all others combined; LoCs are never controlled."""
    if is_loc:
        return Control.NONE
    return memo(contents, "control", lambda: _control(contents.pieces))


def _control(p: tuple[int, ...]) -> Control:
    return Control.of(sum(p[_COIN_FORMS]), sum(p[_NVA_FORMS]), sum(p[_VC_FORMS]))


def control(state: GameState, key: str | int) -> Control:
    """Control of the space named by ``key`` (1.7)."""
    i = space_index(key)
    return control_of(state.spaces[i], SPACES[i].is_loc)


_POPULATED: tuple[tuple[int, int], ...] = tuple(
    (sp.index, sp.population) for sp in SPACES if sp.population
)
"""The index and Population of each space with a Population: the Provinces and Cities that
count in the totals (1.6.2, 1.7; a LoC has none, 1.3.4)."""


def total_support(state: GameState) -> int:
    """2 x Pop at Active Support + 1 x Pop at Passive Support (1.6.2)."""
    spaces = state.spaces
    return sum(pop * level for i, pop in _POPULATED if (level := spaces[i].support) > 0)


def total_opposition(state: GameState) -> int:
    """2 x Pop at Active Opposition + 1 x Pop at Passive Opposition (1.6.2)."""
    spaces = state.spaces
    return sum(-pop * level for i, pop in _POPULATED if (level := spaces[i].support) < 0)


def controlled_population(state: GameState) -> dict[Control, int]:
    """Total Population of Provinces and Cities under each Control (1.7, 1.9), every
    space's Control read once."""
    totals = dict.fromkeys(Control, 0)
    spaces = state.spaces
    for i, pop in _POPULATED:
        totals[control_of(spaces[i])] += pop
    return totals


def bases_on_map(state: GameState, faction: Faction) -> int:
    """How many of a Faction's Bases are on the map."""
    spaces = state.spaces
    return sum(sum(sp.pieces[base] for sp in spaces) for base in BASES[faction])


def victory_markers(state: GameState) -> dict[Faction, int]:
    """The four victory totals (1.9, 7.2), keyed by Faction in Faction order (US, ARVN, NVA,
    VC, as :attr:`GameResult.faction_margins`); ``markers["US"]`` works too.

    US: Total Support + US Troops and Bases Available. ARVN: COIN-Controlled Pop + Patronage.
    NVA: NVA-Controlled Pop + NVA Bases on the map. VC: Total Opposition + VC Bases on map.
    """
    return dict(memo(state, "victory-markers", lambda: _markers(state)))


def _markers(state: GameState) -> dict[Faction, int]:
    avail = state.available
    population = controlled_population(state)
    return {
        Faction.US: total_support(state) + avail[Piece.US_TROOPS] + avail[Piece.US_BASE],
        Faction.ARVN: population[Control.COIN] + state.patronage,
        Faction.NVA: population[Control.NVA] + bases_on_map(state, Faction.NVA),
        Faction.VC: total_opposition(state) + bases_on_map(state, Faction.VC),
    }


def victory_margins(state: GameState) -> dict[Faction, int]:
    """Each Faction's victory margin: its total minus its 7.2 threshold (7.3), in Faction
    order (US, ARVN, NVA, VC).

    >>> import coinlake
    >>> margins = coinlake.victory_margins(coinlake.new_game("short", seed=7).state)
    >>> {str(faction): margin for faction, margin in margins.items()}
    {'US': -12, 'ARVN': -9, 'NVA': -8, 'VC': -12}
    """
    markers = victory_markers(state)
    return {f: markers[f] - VICTORY_THRESHOLDS[f] for f in markers}


def stacking_violations(state: GameState) -> list[str]:
    """Every breach of stacking (1.4.2), as messages; empty when the map is legal.

    At most 2 Bases per Province or City, none on LoCs; only NVA and VC in North Vietnam.
    """
    problems = []
    for i, sp in enumerate(state.spaces):
        info = SPACES[i]
        limit = 0 if info.is_loc else 2
        if sp.bases() > limit:
            problems.append(f"{info.name}: {sp.bases()} Bases (max {limit})")
        if info.country is Country.NORTH_VIETNAM:
            coin = sp.count(*_COIN)
            if coin:
                problems.append(f"{info.name}: {coin} US/ARVN pieces in North Vietnam")
    return problems


def pieces_total(state: GameState) -> int:
    """All pieces in every space and box: always 229 (1.2)."""
    return (
        sum(sum(sp.pieces) for sp in state.spaces)
        + sum(state.available)
        + sum(state.casualties)
        + sum(state.out_of_play)
    )
