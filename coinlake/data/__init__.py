"""Layer 1: the game's fixed facts (map, pieces, cards, scenarios), read from package data."""

from coinlake.data.cards import CARDS, Card, CardKind, Side
from coinlake.data.map import SPACES, Country, Space, SpaceType, Terrain, adjacent, space
from coinlake.data.pieces import FACTIONS, Faction, Kind, Piece
from coinlake.data.scenarios import FORCE_POOL, RANDOM_SPACES, SCENARIOS

__all__ = [
    "CARDS",
    "FACTIONS",
    "FORCE_POOL",
    "RANDOM_SPACES",
    "SCENARIOS",
    "SPACES",
    "Card",
    "CardKind",
    "Country",
    "Faction",
    "Kind",
    "Piece",
    "Side",
    "Space",
    "SpaceType",
    "Terrain",
    "adjacent",
    "space",
]
