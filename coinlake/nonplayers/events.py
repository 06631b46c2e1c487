"""8.4 Non-player Events: the per-card instructions (8.4.1), which side (8.4.2), whether to
play it at all (8.1 Ineffective Events), and Pivotal Events (8.4.6).

The instruction table (``coinlake/data/nonplayer_events.json``, facts only, each entry with
its source and confidence; see ``../shared/reference/README.md`` for how far it is trusted)
gives each card and Faction a mark: ``rifle`` (decline: Operations and a Special Activity
instead), ``halo`` (a special instruction, as data in ``condition``), ``none``, ``unknown``
or ``n/a``. A user holding the printed sheet supplies their own table with
:func:`parse_table` (same format) to :class:`~coinlake.nonplayers.agents.NonPlayer`.

Ruling (``docs/rulings.md``): for an ``unknown`` entry, or a halo whose instruction is not
known, apply 8.4.2-8.4.7 and decline only an Ineffective Event (8.1); never invent a rifle.
Halo conditions this module cannot evaluate yet are treated the same way, and the reason
recorded with the choice says so.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from attrs import frozen

import coinlake
from coinlake import Control, Faction, GameState, Piece, Side

MARKS = ("rifle", "halo", "none", "unknown", "n/a")
"""The 8.4.1 marks of the table."""


class InstructionTableError(ValueError):
    """A malformed Non-player Event instruction table, naming the card and Faction."""


@frozen
class Instruction:
    """One card's 8.4.1 instruction for one Faction."""

    card: int
    faction: Faction
    mark: str
    condition: tuple[tuple[str, Any], ...] = ()
    """A halo's instruction as (key, value) pairs, in the table's order."""
    known: bool = True
    """False for a halo whose instruction is not known (treated as ``unknown``)."""
    source: str | None = None
    confidence: str | None = None

    def get(self, key: str) -> Any:
        """The value of condition ``key``, or ``None``."""
        return dict(self.condition).get(key)


class InstructionTable:
    """The 8.4.1 instructions of every card for every Faction."""

    def __init__(self, entries: Mapping[tuple[int, Faction], Instruction]) -> None:
        self._entries = dict(entries)

    def get(self, card: int, faction: Faction) -> Instruction:
        """The instruction of ``card`` for ``faction`` (``unknown`` when not listed)."""
        found = self._entries.get((card, faction))
        return found if found is not None else Instruction(card, faction, "unknown")


def parse_table(data: Any) -> InstructionTable:
    """Read an instruction table (the format of ``coinlake/data/nonplayer_events.json``);
    raises :class:`InstructionTableError` naming the card and Faction of a bad entry."""
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        raise InstructionTableError("an instruction table is an object with a 'cards' list")
    entries: dict[tuple[int, Faction], Instruction] = {}
    for i, card in enumerate(data["cards"]):
        number = card.get("number") if isinstance(card, Mapping) else None
        if not isinstance(number, int) or isinstance(number, bool) or number not in coinlake.CARDS:
            raise InstructionTableError(f"cards[{i}]: 'number' is not a card number: {number!r}")
        factions = card.get("factions")
        if not isinstance(factions, Mapping) or set(factions) != {f.value for f in Faction}:
            raise InstructionTableError(f"card {number}: 'factions' must name US, ARVN, NVA, VC")
        for name, entry in factions.items():
            where = f"card {number} {name}"
            if (number, Faction(name)) in entries:
                raise InstructionTableError(f"{where}: listed twice")
            entries[(number, Faction(name))] = _entry(number, Faction(name), entry, where)
    return InstructionTable(entries)


def _entry(number: int, faction: Faction, entry: Any, where: str) -> Instruction:
    if not isinstance(entry, Mapping):
        raise InstructionTableError(f"{where}: an entry is an object")
    mark = entry.get("mark")
    if mark not in MARKS:
        raise InstructionTableError(f"{where}: mark {mark!r} is not one of {', '.join(MARKS)}")
    condition = entry.get("condition")
    if condition is not None and not isinstance(condition, Mapping):
        raise InstructionTableError(f"{where}: 'condition' is an object or null")
    if condition is not None and mark != "halo":
        raise InstructionTableError(f"{where}: only a halo carries a condition")
    known = entry.get("instruction_known", True)
    if not isinstance(known, bool):
        raise InstructionTableError(f"{where}: 'instruction_known' is true or false")
    for key in ("source", "confidence"):
        if entry.get(key) is not None and not isinstance(entry.get(key), str):
            raise InstructionTableError(f"{where}: {key!r} is a string or null")
    return Instruction(
        number,
        faction,
        mark,
        tuple((condition or {}).items()),
        known,
        entry.get("source"),
        entry.get("confidence"),
    )


def load_table(path: str | Path) -> InstructionTable:
    """Read an instruction table from a JSON file (see :func:`parse_table`)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InstructionTableError(f"{path}: {exc}") from None
    return parse_table(data)


def default_table() -> InstructionTable:
    """The table shipped with coinlake (partial; see the module docstring)."""
    global _DEFAULT
    if _DEFAULT is None:
        text = resources.files("coinlake.data").joinpath("nonplayer_events.json").read_text()
        _DEFAULT = parse_table(json.loads(text))
    return _DEFAULT


_DEFAULT: InstructionTable | None = None


# -- 8.4.2: which side -------------------------------------------------------------------
def default_side(card: int, faction: Faction) -> Side:
    """8.4.2: Non-player NVA and VC execute the shaded text of a dual-use card, US and ARVN
    the unshaded; a single-use card has one text (filed as unshaded)."""
    if not coinlake.CARDS[card].dual:
        return Side.UNSHADED
    return Side.UNSHADED if faction.is_coin else Side.SHADED


def side_for(state: GameState, instruction: Instruction) -> Side:
    """8.4.2 with a halo's side instruction (``shaded``, ``shaded_if_player:X``)."""
    side = default_side(instruction.card, instruction.faction)
    wanted = instruction.get("side") if _usable(instruction) else None
    if wanted == "shaded":
        return Side.SHADED
    if (
        isinstance(wanted, str)
        and wanted.startswith("shaded_if_player:")
        and _is_player(state, Faction(wanted.split(":", 1)[1]))
    ):
        return Side.SHADED
    return side


def _usable(instruction: Instruction) -> bool:
    return instruction.mark == "halo" and instruction.known


def _is_player(state: GameState, faction: Faction) -> bool:
    return faction not in state.options.non_players


# -- 8.1, 8.4.1: play the Event or not ---------------------------------------------------
@frozen
class EventVerdict:
    """Whether a Non-player executes the current card's Event, which side, and why."""

    play: bool
    side: Side
    rule: str
    reason: str


def event_side(state: GameState, faction: Faction, table: InstructionTable | None = None) -> Side:
    """8.4.2: the side of the current card Non-player ``faction`` executes (the side of its
    :func:`event_verdict`, without judging whether to play it)."""
    card = state.current_card
    assert card is not None
    return side_for(state, (table or default_table()).get(card, faction))


def event_verdict(
    state: GameState, faction: Faction, table: InstructionTable | None = None
) -> EventVerdict:
    """Would Non-player ``faction`` execute the current card's Event (8.1, 8.4.1, 8.4.2)?
    A rifle declines; a halo's decline conditions are checked; an Ineffective Event is
    declined (8.1)."""
    card = state.current_card
    assert card is not None
    instruction = (table or default_table()).get(card, faction)
    side = side_for(state, instruction)
    title = coinlake.CARDS[card].title
    if instruction.mark == "rifle":
        reason = f"{title} shows a rifle for the {faction}: Operations instead"
        return EventVerdict(False, side, "8.4.1", reason)
    note = ""
    if instruction.mark == "halo" and not instruction.known:
        note = " (its halo instruction is not known: 8.4.2-8.4.7 apply)"
    elif _usable(instruction):
        declined = _declined(state, instruction, side)
        if declined is not None:
            return EventVerdict(False, side, "8.4.1", f"{title}: {declined}")
        unread = [k for k, _ in instruction.condition if k not in _EVALUATED]
        if unread:
            note = f" (halo instruction keys not applied yet: {', '.join(unread)})"
    if not coinlake.event_effective(state, card, side, faction):
        return EventVerdict(False, side, "8.1", f"the {side} text of {title} would be Ineffective")
    return EventVerdict(True, side, "8.4.2", f"{title}, {side} text{note}")


def _declined(state: GameState, instruction: Instruction, side: Side) -> str | None:
    """Why a halo's conditions decline the Event now, or ``None``."""
    get = instruction.get
    player = get("decline_if_player")
    if player is not None and _is_player(state, Faction(player)):
        return f"declined while the {player} is a player"
    non_player = get("decline_if_nonplayer")
    if non_player is not None and not _is_player(state, Faction(non_player)):
        return f"declined while the {non_player} is a Non-player"
    policies = get("decline_if_policy")
    if policies is not None and state.us_policy in policies:
        return f"declined under US Policy {state.us_policy}"
    by_policy = get("by_policy")
    if isinstance(by_policy, Mapping) and by_policy.get(state.us_policy) == "decline":
        return f"declined under US Policy {state.us_policy}"
    for key, combine in (("decline_if", any), ("decline_if_any", any)):
        tests = get(key)
        if tests is None:
            continue
        names = tests if isinstance(tests, list) else [tests]
        if combine(_holds(state, instruction, side, name) for name in names):
            return f"declined: {', '.join(map(str, names))}"
    unless = get("decline_unless")
    if unless is not None and not _holds(state, instruction, side, unless):
        return f"declined unless {unless}"
    return None


Predicate = Callable[[GameState, Instruction, Side], bool]


def _after(state: GameState, instruction: Instruction, side: Side) -> GameState:
    return coinlake.event_preview(state, instruction.card, side, instruction.faction)


def _bases(state: GameState) -> int:
    return sum(sp.count(*BASES) for sp in state.spaces)


BASES = tuple(p for p in Piece if p.kind.value == "base")


def _controlled(state: GameState, by: Control) -> int:
    return sum(1 for s in coinlake.SPACES if not s.is_loc and coinlake.control(state, s.id) is by)


def _active_guerrillas_on_map(state: GameState, faction: Faction) -> bool:
    """Whether any of ``faction``'s Guerrillas on the map is Active (1.4.3)."""
    active = [p for p in Piece if p.faction is faction and p.active and p.kind.value == "guerrilla"]
    return any(sp.count(*active) for sp in state.spaces)


def _monsoon(state: GameState) -> bool:
    upcoming = state.next_card
    return upcoming is not None and coinlake.CARDS[upcoming].kind.value == "coup"


_PREDICATES: dict[str, Predicate] = {
    "us_ineligible": lambda s, i, side: not s.eligible(Faction.US),
    "monsoon": lambda s, i, side: _monsoon(s),
    "scenario_short": lambda s, i, side: s.scenario == "short",
    "pivotal_121_played": lambda s, i, side: 121 in s.played,
    "not_possible": lambda s, i, side: not coinlake.event_effective(s, i.card, side, i.faction),
    "removes_base": lambda s, i, side: _bases(_after(s, i, side)) < _bases(s),
    "no_nva_control_gain": lambda s, i, side: (
        _controlled(_after(s, i, side), Control.NVA) <= _controlled(s, Control.NVA)
    ),
    "no_own_active_guerrillas": lambda s, i, side: not _active_guerrillas_on_map(s, i.faction),
    "us_irregulars_in_laos_or_cambodia": lambda s, i, side: any(
        s.spaces[sp.index].count(Piece.US_IRREGULAR_UNDERGROUND, Piece.US_IRREGULAR_ACTIVE)
        for sp in coinlake.SPACES
        if sp.in_laos_or_cambodia
    ),
    "no_own_base_in_south_to_tunnel": lambda s, i, side: (
        not any(
            s.spaces[sp.index].count(Piece.NVA_BASE if i.faction is Faction.NVA else Piece.VC_BASE)
            for sp in coinlake.SPACES
            if sp.in_south
        )
    ),
}


def _holds(state: GameState, instruction: Instruction, side: Side, name: Any) -> bool:
    if isinstance(name, Mapping) and "coin_control_gain_at_least" in name:
        gain = _controlled(_after(state, instruction, side), Control.COIN) - _controlled(
            state, Control.COIN
        )
        return gain >= int(name["coin_control_gain_at_least"])
    test = _PREDICATES.get(name) if isinstance(name, str) else None
    if test is None:
        return False  # a predicate not evaluated yet never declines (the module docstring)
    return test(state, instruction, side)


_EVALUATED = frozenset(
    {
        "decline_if_player",
        "decline_if_nonplayer",
        "decline_if_policy",
        "decline_if",
        "decline_if_any",
        "decline_unless",
        "side",
        "by_policy",
        "ambiguity",
    }
)
"""The halo condition keys :func:`event_verdict` applies; the others (how to carry the
Event out) belong to the Faction flowcharts."""


# -- 8.4.6 Pivotal Events ------------------------------------------------------------------
def first_eligible(state: GameState) -> Faction | None:
    """The 1st Eligible Faction of the current card (2.3.2)."""
    card = state.current_card
    if card is None:
        return None
    for faction in coinlake.CARDS[card].faction_order:
        if state.eligible(faction):
            return faction
    return None


def plays_pivotal(state: GameState, faction: Faction, *, trumping: bool) -> bool:
    """8.4.6: a Non-player plays its Pivotal Event the instant it may while a player
    Faction is 1st Eligible; Non-players trump one another normally."""
    if trumping:
        return True
    first = first_eligible(state)
    return first is not None and first is not faction and _is_player(state, first)
