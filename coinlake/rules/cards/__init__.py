"""Event cards (5.0-5.5): one file per card, ``cNNN_snake_title.py``, registering the
procedures of its texts by number (see :mod:`coinlake.rules.cards.registry`).

Importing this package loads every card file in number order. The Sequence of Play offers
the Event of the current card only when the card is implemented (every printed text
registered); :func:`implemented_cards` lists those cards, :func:`unimplemented_cards` the
Event and Pivotal cards that are not offered as Events yet.

Card files use :mod:`coinlake.rules.cards.lib` for everything that 5.1.1 limits (stacking,
Available pieces only, Tunneled Bases, tracks at most 75) and
:mod:`coinlake.rules.effects` for lasting effects; free Operations and Special Activities
that Events grant are a :class:`coinlake.rules.actions.Grant` run by
:func:`coinlake.rules.actions.free_action` (3.1.2, 5.5); the Coup Round's Pacification,
Redeploy and Commitment run with an Event's limits through :mod:`coinlake.rules.coup`
(``pacify``, ``redeploy``, ``commitment``).

:func:`effective` says whether a text would have an effect now (8.1).
"""

from __future__ import annotations

import importlib
import pkgutil
import re

from coinlake.rules.cards import registry
from coinlake.rules.cards.registry import (
    dry_run,
    effective,
    execute,
    implemented_cards,
    is_implemented,
    playable_sides,
    precondition_met,
    printed_sides,
    unimplemented_cards,
)

_CARD_FILE = re.compile(r"c(\d{3})_[a-z0-9_]+")


def _load() -> None:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if _CARD_FILE.fullmatch(m.name))
    for name in names:
        module = f"{__name__}.{name}"
        importlib.import_module(module)
        number = int(name[1:4])
        strays = [n for n, _, m in registry.registrations() if m == module and n != number]
        if strays:
            raise ValueError(f"{module} registers cards {strays}, not only card {number}")


_load()

__all__ = [
    "dry_run",
    "effective",
    "execute",
    "implemented_cards",
    "is_implemented",
    "playable_sides",
    "precondition_met",
    "printed_sides",
    "registry",
    "unimplemented_cards",
]
