"""Card metadata for the 130 cards (rules 5.0, 2.3.2, 2.3.8, 2.4): facts only, no card text.

>>> CARDS[27].title
'Phoenix Program'
>>> CARDS[125].kind is CardKind.COUP
True
"""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from coinlake.data._load import load_json
from coinlake.data.pieces import Faction


class CardKind(StrEnum):
    """Event card, Pivotal Event (2.3.8) or Coup card (2.4)."""

    EVENT = "event"
    PIVOTAL = "pivotal"
    COUP = "coup"


class Side(StrEnum):
    """The two texts of a dual-use Event (5.2)."""

    UNSHADED = "unshaded"
    SHADED = "shaded"


@frozen
class Card:
    """One card's facts: number, title, period, Faction order (2.3.2) and lasting-effect marks."""

    number: int
    title: str
    period: str | None
    faction_order: tuple[Faction, ...]
    dual: bool
    kind: CardKind
    capability_of: Faction | None
    momentum_sides: tuple[Side, ...]
    pivotal_of: Faction | None
    rvn_leader: str | None

    @property
    def is_capability(self) -> bool:
        """Marked as a Capability (5.3)."""
        return self.capability_of is not None

    @property
    def is_momentum(self) -> bool:
        """Has a Momentum side (5.4)."""
        return bool(self.momentum_sides)

    def __str__(self) -> str:
        return f"#{self.number} {self.title}"


def _build() -> dict[int, Card]:
    cards = {}
    for c in load_json("cards.json"):
        cards[c["number"]] = Card(
            number=c["number"],
            title=c["title"],
            period=c["period"],
            faction_order=tuple(Faction(f) for f in c["faction_order"]),
            dual=c["dual"],
            kind=CardKind(c["kind"]),
            capability_of=Faction(c["capability_of"]) if c["capability_of"] else None,
            momentum_sides=tuple(Side(s) for s in c["momentum_sides"]),
            pivotal_of=Faction(c["pivotal_of"]) if c["pivotal_of"] else None,
            rvn_leader=c["rvn_leader"],
        )
    return cards


CARDS: dict[int, Card] = _build()
EVENT_CARDS: tuple[int, ...] = tuple(n for n, c in CARDS.items() if c.kind is CardKind.EVENT)
COUP_CARDS: tuple[int, ...] = tuple(n for n, c in CARDS.items() if c.kind is CardKind.COUP)
PIVOTAL_CARDS: dict[Faction, int] = {
    c.pivotal_of: n for n, c in CARDS.items() if c.pivotal_of is not None
}
FAILED_ATTEMPTS: tuple[int, ...] = tuple(
    n for n in COUP_CARDS if CARDS[n].rvn_leader == "Failed Attempt"
)


# -- card numbers by name: every rule that consults a card names it here (5.0) ------------------
# One constant per card, named after its title (``M48_PATTON`` for "M-48 Patton", digits that
# open a title moved last: ``TRANSPORT_GRP_559``); rules write ``effects.capability(state,
# ABRAMS)``, never a bare number.
GULF_OF_TONKIN = 1
KISSINGER = 2
PEACE_TALKS = 3
TOP_GUN = 4
WILD_WEASELS = 5
ACES = 6
ADSID = 7
ARC_LIGHT = 8
PSYCHEDELIC_COOKIE = 9
ROLLING_THUNDER = 10
ABRAMS = 11
CAPT_BUCK_ADAMS = 12
COBRAS = 13
M48_PATTON = 14
MEDEVAC = 15
BLOWTORCH_KOMER = 16
CLAYMORES = 17
COMBINED_ACTION_PLATOONS = 18
CORDS = 19
LASER_GUIDED_BOMBS = 20
AMERICAL = 21
DA_NANG = 22
OPERATION_ATTLEBORO = 23
OPERATION_STARLITE = 24
TF_116_RIVERINES = 25
LRRP = 26
PHOENIX_PROGRAM = 27
SEARCH_AND_DESTROY = 28
TRIBESMEN = 29
USS_NEW_JERSEY = 30
AAA = 31
LONG_RANGE_GUNS = 32
MIGS = 33
SA_2S = 34
THANH_HOA = 35
HAMBURGER_HILL = 36
KHE_SANH = 37
MCNAMARA_LINE = 38
ORISKANY = 39
POWS = 40
BOMBING_PAUSE = 41
CHOU_EN_LAI = 42
ECONOMIC_AID = 43
IA_DRANG = 44
PT_76 = 45
TRANSPORT_GRP_559 = 46
CHU_LUC = 47
NAM_DONG = 48
RUSSIAN_ARMS = 49
UNCLE_HO = 50
SUPPLY_BN_301 = 51
RAND = 52
SAPPERS = 53
SON_TAY = 54
TRUCKS = 55
VO_NGUYEN_GIAP = 56
INTERNATIONAL_UNREST = 57
PATHET_LAO = 58
PLEI_MEI = 59
WAR_PHOTOGRAPHER = 60
ARMORED_CAVALRY = 61
CAMBODIAN_CIVIL_WAR = 62
FACT_FINDING = 63
HONOLULU_CONFERENCE = 64
INTERNATIONAL_FORCES = 65
AMBASSADOR_TAYLOR = 66
AMPHIB_LANDING = 67
GREEN_BERETS = 68
MACV = 69
ROKS = 70
AN_LOC = 71
BODY_COUNT = 72
GREAT_SOCIETY = 73
LAM_SON_719 = 74
SIHANOUK = 75
ANNAM = 76
DETENTE = 77
GENERAL_LANSDALE = 78
HENRY_CABOT_LODGE = 79
LIGHT_AT_THE_END_OF_THE_TUNNEL = 80
CIDG = 81
DOMINO_THEORY = 82
ELECTION = 83
TO_QUOC = 84
USAID = 85
MANDATE_OF_HEAVEN = 86
NGUYEN_CHANH_THI = 87
PHAN_QUANG_DAN = 88
TAM_CHAU = 89
WALT_ROSTOW = 90
BOB_HOPE = 91
SEALORDS = 92
SENATOR_FULBRIGHT = 93
TUNNEL_RATS = 94
WESTMORELAND = 95
APC = 96
BRINKS_HOTEL = 97
LONG_TAN = 98
MASHER_WHITE_WING = 99
RACH_BA_RAI = 100
BOOBY_TRAPS = 101
CU_CHI = 102
KENT_STATE = 103
MAIN_FORCE_BNS = 104
RURAL_PRESSURE = 105
BINH_DUONG = 106
BURNING_BONZE = 107
DRAFT_DODGERS = 108
NGUYEN_HUU_THO = 109
NO_CONTACT = 110
AGENT_ORANGE = 111
COLONEL_CHAU = 112
RUFF_PUFF = 113
TRI_QUANG = 114
TYPHOON_KATE = 115
CADRES = 116
CORPS_COMMANDERS = 117
KOREAN_WAR_ARMS = 118
MY_LAI = 119
US_PRESS_CORPS = 120
LINEBACKER_II = 121
EASTER_OFFENSIVE = 122
VIETNAMIZATION = 123
TET_OFFENSIVE = 124
NGUYEN_KHANH = 125
YOUNG_TURKS = 126
NGUYEN_CAO_KY = 127
NGUYEN_VAN_THIEU = 128
FAILED_ATTEMPT_129 = 129
FAILED_ATTEMPT_130 = 130
