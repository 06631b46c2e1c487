"""Factions and pieces (rules 1.4, 1.5).

A :class:`Piece` is a piece *as it stands*: its faction, its kind and, for Guerrillas and
Special Forces, whether it is Underground or Active (1.4.3); for insurgent Bases, whether it
carries a Tunnel marker (1.4.4). Boxes off the map (Available, Casualties, Out of Play) hold
pieces in their *box form*: Underground, without Tunnel.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum, StrEnum


class Faction(StrEnum):
    """The four Factions (1.5), in the order of the Faction symbols' colours."""

    US = "US"
    ARVN = "ARVN"
    NVA = "NVA"
    VC = "VC"

    @property
    def is_coin(self) -> bool:
        """US and ARVN are the COIN Factions (1.5.1)."""
        return self in (Faction.US, Faction.ARVN)

    @property
    def is_insurgent(self) -> bool:
        """NVA and VC are the Insurgent Factions (1.5.1)."""
        return not self.is_coin


FACTIONS: tuple[Faction, ...] = tuple(Faction)


class Kind(StrEnum):
    """What a piece is, regardless of its faction and status (1.4)."""

    TROOPS = "troops"
    POLICE = "police"
    IRREGULAR = "irregular"
    RANGER = "ranger"
    GUERRILLA = "guerrilla"
    BASE = "base"


class Piece(IntEnum):
    """A piece with its status; the value indexes piece-count vectors."""

    US_TROOPS = 0
    US_BASE = 1
    US_IRREGULAR_UNDERGROUND = 2
    US_IRREGULAR_ACTIVE = 3
    ARVN_TROOPS = 4
    ARVN_POLICE = 5
    ARVN_RANGER_UNDERGROUND = 6
    ARVN_RANGER_ACTIVE = 7
    ARVN_BASE = 8
    NVA_TROOPS = 9
    NVA_GUERRILLA_UNDERGROUND = 10
    NVA_GUERRILLA_ACTIVE = 11
    NVA_BASE = 12
    NVA_TUNNELED_BASE = 13
    VC_GUERRILLA_UNDERGROUND = 14
    VC_GUERRILLA_ACTIVE = 15
    VC_BASE = 16
    VC_TUNNELED_BASE = 17

    @property
    def faction(self) -> Faction:
        return _FACTION[self]

    @property
    def kind(self) -> Kind:
        return _KIND[self]

    @property
    def token(self) -> str:
        """Short lowercase name used in the text notation, e.g. ``vc-guerrilla-u``."""
        return _TOKEN[self]

    @property
    def underground(self) -> bool:
        """Underground Guerrilla or Special Forces (1.4.3)."""
        return self in _UNDERGROUND

    @property
    def active(self) -> bool:
        """Active Guerrilla or Special Forces (1.4.3); other pieces are always Active."""
        return self in _ACTIVATED

    @property
    def tunneled(self) -> bool:
        """A Base with a Tunnel marker (1.4.4)."""
        return self in (Piece.NVA_TUNNELED_BASE, Piece.VC_TUNNELED_BASE)

    @property
    def is_cube(self) -> bool:
        """Troops and Police are cubes (1.4)."""
        return self in (Piece.US_TROOPS, Piece.ARVN_TROOPS, Piece.ARVN_POLICE, Piece.NVA_TROOPS)

    @property
    def box_form(self) -> Piece:
        """The form this piece takes in a box off the map: Underground, no Tunnel (1.4.1)."""
        return _BOX_FORM[self]

    def flipped(self) -> Piece:
        """The same Guerrilla/SF with its other side up (1.4.3); a Base with/without Tunnel."""
        return _FLIP[self]


_FACTION: dict[Piece, Faction] = {}
_KIND: dict[Piece, Kind] = {}
_TOKEN: dict[Piece, str] = {}
for _p in Piece:
    _f, *_rest = _p.name.split("_")
    _FACTION[_p] = Faction[_f]
    _words = [w for w in _rest if w not in ("UNDERGROUND", "ACTIVE", "TUNNELED")]
    _KIND[_p] = Kind(_words[0].lower())
    _suffix = {"UNDERGROUND": "-u", "ACTIVE": "-a", "TUNNELED": "-t"}
    _TOKEN[_p] = f"{_f.lower()}-{_words[0].lower()}" + "".join(
        _suffix[w] for w in _rest if w in _suffix
    )
_UNDERGROUND = frozenset(p for p in Piece if p.name.endswith("_UNDERGROUND"))
_ACTIVATED = frozenset(p for p in Piece if p.name.endswith("_ACTIVE"))
_FLIP: dict[Piece, Piece] = {}
for _p in Piece:
    if _p.name.endswith("_UNDERGROUND"):
        _FLIP[_p] = Piece[_p.name.replace("_UNDERGROUND", "_ACTIVE")]
        _FLIP[Piece[_p.name.replace("_UNDERGROUND", "_ACTIVE")]] = _p
_FLIP[Piece.NVA_BASE] = Piece.NVA_TUNNELED_BASE
_FLIP[Piece.NVA_TUNNELED_BASE] = Piece.NVA_BASE
_FLIP[Piece.VC_BASE] = Piece.VC_TUNNELED_BASE
_FLIP[Piece.VC_TUNNELED_BASE] = Piece.VC_BASE
for _p in Piece:
    _FLIP.setdefault(_p, _p)
_BOX_FORM: dict[Piece, Piece] = {
    p: (_FLIP[p] if (p.name.endswith("_ACTIVE") or p.name.endswith("_TUNNELED_BASE")) else p)
    for p in Piece
}
BOX_FORMS: tuple[Piece, ...] = tuple(p for p in Piece if _BOX_FORM[p] is p)
PIECE_BY_TOKEN: dict[str, Piece] = {p.token: p for p in Piece}
N_PIECES = len(Piece)


def pieces_of(faction: Faction) -> tuple[Piece, ...]:
    """Every piece form belonging to ``faction``."""
    return tuple(p for p in Piece if p.faction is faction)


def _group(pred: Callable[[Piece], bool]) -> dict[Faction, tuple[Piece, ...]]:
    return {f: tuple(p for p in Piece if p.faction is f and pred(p)) for f in FACTIONS}


PIECES: dict[Faction, tuple[Piece, ...]] = _group(lambda p: True)
"""Every form of each Faction's pieces."""
BASES: dict[Faction, tuple[Piece, ...]] = _group(lambda p: p.kind is Kind.BASE)
"""Each Faction's Bases, Tunneled or not (1.4, 1.4.4)."""
UNDERGROUND: dict[Faction, tuple[Piece, ...]] = _group(lambda p: p.underground)
"""Each Faction's Underground Guerrillas or Special Forces (1.4.3)."""
ACTIVE: dict[Faction, tuple[Piece, ...]] = _group(lambda p: p.active)
"""Each Faction's Active Guerrillas or Special Forces (1.4.3)."""
CUBES: dict[Faction, tuple[Piece, ...]] = _group(lambda p: p.is_cube)
"""Each Faction's Troops and Police (1.4)."""
GUERRILLAS: dict[Faction, tuple[Piece, ...]] = _group(lambda p: p.kind is Kind.GUERRILLA)
"""NVA and VC Guerrillas, both sides up (1.4)."""
SPECIAL_FORCES: tuple[Piece, ...] = tuple(
    p for p in Piece if p.kind in (Kind.IRREGULAR, Kind.RANGER)
)
"""Irregulars and Rangers, both sides up (1.4)."""
COIN_PIECES: tuple[Piece, ...] = PIECES[Faction.US] + PIECES[Faction.ARVN]
INSURGENT_PIECES: tuple[Piece, ...] = PIECES[Faction.NVA] + PIECES[Faction.VC]
