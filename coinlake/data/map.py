"""The map: 47 spaces with their facts and adjacency (rules 1.3).

>>> space("Quang Tri").name
'Quang Tri-Thua Thien'
>>> adjacent("Quang Duc", "Route 11")  # via the Town of Da Lat (1.3.6)
True
"""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from coinlake.data._load import load_json


class SpaceType(StrEnum):
    """Province, City or Line of Communication (1.3.1)."""

    CITY = "city"
    PROVINCE = "province"
    LOC = "loc"


class Terrain(StrEnum):
    """Province terrain (1.3.2)."""

    HIGHLAND = "highland"
    LOWLAND = "lowland"
    JUNGLE = "jungle"


class Country(StrEnum):
    """South Vietnam or a foreign country (1.3.5)."""

    SOUTH_VIETNAM = "south-vietnam"
    NORTH_VIETNAM = "north-vietnam"
    LAOS = "laos"
    CAMBODIA = "cambodia"


@frozen
class Space:
    """Static facts of one map space (1.3); ``index`` orders per-space state vectors."""

    index: int
    id: str
    name: str
    aliases: tuple[str, ...]
    type: SpaceType
    population: int
    econ: int
    terrain: Terrain | None
    country: Country
    coastal: bool
    loc_kinds: tuple[str, ...]
    adjacent: tuple[int, ...]

    @property
    def is_city(self) -> bool:
        return self.type is SpaceType.CITY

    @property
    def is_province(self) -> bool:
        return self.type is SpaceType.PROVINCE

    @property
    def is_loc(self) -> bool:
        return self.type is SpaceType.LOC

    @property
    def in_south(self) -> bool:
        """ "The South": any space not in North Vietnam, Laos or Cambodia (1.3.5)."""
        return self.country is Country.SOUTH_VIETNAM

    @property
    def in_laos_or_cambodia(self) -> bool:
        return self.country in (Country.LAOS, Country.CAMBODIA)

    @property
    def can_have_support(self) -> bool:
        """Cities and Provinces with Population can be at Support or Opposition (1.6.1)."""
        return not self.is_loc and self.population > 0


def _build() -> tuple[tuple[Space, ...], dict[str, int]]:
    raw = load_json("map.json")
    index = {s["id"]: i for i, s in enumerate(raw)}
    spaces = tuple(
        Space(
            index=i,
            id=s["id"],
            name=s["name"],
            aliases=tuple(s["aliases"]),
            type=SpaceType(s["type"]),
            population=s["population"],
            econ=s["econ"],
            terrain=Terrain(s["terrain"]) if s["terrain"] else None,
            country=Country(s["country"]),
            coastal=s["coastal"],
            loc_kinds=tuple(s["loc_kinds"]),
            adjacent=tuple(sorted(index[a] for a in s["adjacent"])),
        )
        for i, s in enumerate(raw)
    )
    keys: dict[str, int] = {}
    for sp in spaces:
        for key in (sp.id, sp.name, *sp.aliases):
            keys[_norm(key)] = sp.index
    return spaces, keys


def _norm(key: str) -> str:
    key = key.lower().replace("-", " ").replace("'", "").replace("\u2019", "")
    return " ".join(key.split())


SPACES, _KEYS = _build()
N_SPACES = len(SPACES)

# -- the map's facts by space id, built once here for every rule (1.3) -------------------------
# Rules name a space by its id; the index of a space (its place in ``GameState.spaces``) is
# a detail of the data and state layers, reached through :data:`INDEX`.
SPACE_IDS: tuple[str, ...] = tuple(s.id for s in SPACES)
"""Every space id, in map order (the order of ``GameState.spaces``)."""
INDEX: dict[str, int] = {s.id: s.index for s in SPACES}
"""Each space's position in ``GameState.spaces``."""
NAME: dict[str, str] = {s.id: s.name for s in SPACES}
ADJACENT: dict[str, tuple[str, ...]] = {
    s.id: tuple(SPACES[i].id for i in s.adjacent) for s in SPACES
}
"""Each space's adjacent spaces (1.3.6), in map order."""
POPULATION: dict[str, int] = {s.id: s.population for s in SPACES}
ECON: dict[str, int] = {s.id: s.econ for s in SPACES}
IS_LOC: dict[str, bool] = {s.id: s.is_loc for s in SPACES}
IS_CITY: dict[str, bool] = {s.id: s.is_city for s in SPACES}
IS_PROVINCE: dict[str, bool] = {s.id: s.is_province for s in SPACES}
IN_NORTH_VIETNAM: dict[str, bool] = {s.id: s.country is Country.NORTH_VIETNAM for s in SPACES}
IN_SOUTH: dict[str, bool] = {s.id: s.in_south for s in SPACES}
"""South Vietnam (1.3.5): not North Vietnam, Laos or Cambodia."""
IN_LAOS_CAMBODIA: dict[str, bool] = {s.id: s.in_laos_or_cambodia for s in SPACES}
CAN_HAVE_SUPPORT: dict[str, bool] = {s.id: s.can_have_support for s in SPACES}
"""Cities and Provinces with Population (1.6.1)."""
IS_HIGHLAND: dict[str, bool] = {s.id: s.terrain is Terrain.HIGHLAND for s in SPACES}
IS_JUNGLE: dict[str, bool] = {s.id: s.terrain is Terrain.JUNGLE for s in SPACES}
IS_LOWLAND: dict[str, bool] = {s.id: s.terrain is Terrain.LOWLAND for s in SPACES}
LOC_IDS: tuple[str, ...] = tuple(s.id for s in SPACES if s.is_loc)
CITY_IDS: tuple[str, ...] = tuple(s.id for s in SPACES if s.is_city)
PROVINCE_IDS: tuple[str, ...] = tuple(s.id for s in SPACES if s.is_province)
SAIGON = "saigon"


def space_index(key: str | int) -> int:
    """Index of the space named by id, name or alias (case-insensitive), or by index.

    >>> SPACES[space_index("saigon")].population
    6
    """
    if isinstance(key, str) and key in INDEX:
        return INDEX[key]
    if isinstance(key, int):
        if 0 <= key < N_SPACES:
            return key
        raise KeyError(f"no space with index {key}")
    try:
        return _KEYS[_norm(key)]
    except KeyError:
        raise KeyError(f"unknown space {key!r}") from None


def space(key: str | int) -> Space:
    """The :class:`Space` named by id, name, alias or index."""
    return SPACES[space_index(key)]


def adjacent(a: str | int, b: str | int) -> bool:
    """True when the two spaces are adjacent (1.3.6)."""
    return space_index(b) in SPACES[space_index(a)].adjacent
