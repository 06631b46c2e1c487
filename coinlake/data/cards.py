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
