"""The game as plain text: a board to print (``print(state)``), one space in detail, and
what changed between two states (the "score marker changes" after an action).

Pieces are written per Faction with short letters (:data:`LEGEND`): ``T`` Troops, ``P``
Police, ``I`` Irregulars, ``R`` Rangers, ``G`` Guerrillas, ``B`` Bases; a trailing ``u`` or
``a`` says Underground or Active (1.4.3), ``Bt`` is a Base with a Tunnel marker (1.4.4).

The Short scenario's set-up (2.1): victory markers 38, 41, 10 and 23 (as the rulebook
gives them) against thresholds of 50, 50, 18 and 35 (7.2); Quang Tri holds 2 ARVN Troops,
an ARVN Base, 4 Underground NVA Guerrillas and an NVA Base (NVA Control, 1.7) at Active
Opposition; Saigon 3 US Troops, a US Base, 4 ARVN Troops, 2 Police and a Ranger:

>>> import coinlake
>>> state = coinlake.new_game("short", seed=7).state
>>> print(describe_space(state, "Quang Tri"))
Quang Tri-Thua Thien (Province, Pop 2): NVA Control, Active Opposition
  ARVN 2 Troops, 1 Base
  NVA 4 Guerrillas (Underground), 1 Base
>>> row = board_rows(state)[space_index("Tay Ninh")]
>>> row.pieces, row.support, row.control
((('NVA', '1Gu'), ('VC', '2Gu 1Bt')), 'Act Opp', '')
>>> lines = str(state).splitlines()
>>> lines[0]
'Fire in the Lake -- Short scenario, command 1'
>>> lines[4]
'Victory (marker, margin): US 38 (-12), ARVN 41 (-9), NVA 10 (-8), VC 23 (-12)'
>>> for line in lines:
...     if line.startswith("Saigon  "):
...         print(line)
Saigon                           City 6 COIN Act Sup           US 3T 1B | ARVN 4T 2P 1Ru
"""

from __future__ import annotations

from attrs import frozen

from coinlake.data.cards import CARDS
from coinlake.data.map import SPACES, space_index
from coinlake.data.pieces import FACTIONS, Faction, Kind, Piece
from coinlake.state.model import BOXES, Counts, Eligibility, GameState, SpaceState, Support, Track
from coinlake.state.queries import (
    VICTORY_THRESHOLDS,
    Control,
    control_of,
    victory_markers,
)

__all__ = [
    "LEGEND",
    "BoardRow",
    "board",
    "board_header",
    "board_rows",
    "describe_changes",
    "describe_space",
    "pieces_text",
]

LEGEND = (
    "T Troops, P Police, I Irregulars, R Rangers, G Guerrillas, B Bases; "
    "u Underground, a Active, Bt Base with Tunnel"
)
"""What the short piece letters of the board mean."""

_LETTER = {
    Kind.TROOPS: "T",
    Kind.POLICE: "P",
    Kind.IRREGULAR: "I",
    Kind.RANGER: "R",
    Kind.GUERRILLA: "G",
    Kind.BASE: "B",
}
_NAME = {
    Kind.TROOPS: ("Troops", "Troops"),
    Kind.POLICE: ("Police", "Police"),
    Kind.IRREGULAR: ("Irregular", "Irregulars"),
    Kind.RANGER: ("Ranger", "Rangers"),
    Kind.GUERRILLA: ("Guerrilla", "Guerrillas"),
    Kind.BASE: ("Base", "Bases"),
}
_SUPPORT = {
    Support.ACTIVE_SUPPORT: ("Act Sup", "Active Support"),
    Support.PASSIVE_SUPPORT: ("Pas Sup", "Passive Support"),
    Support.NEUTRAL: ("Neutral", "Neutral"),
    Support.PASSIVE_OPPOSITION: ("Pas Opp", "Passive Opposition"),
    Support.ACTIVE_OPPOSITION: ("Act Opp", "Active Opposition"),
}
_CONTROL = {Control.COIN: "COIN", Control.NVA: "NVA", Control.NONE: ""}
_BOX_TITLE = {"available": "Available", "casualties": "Casualties", "out-of-play": "Out of Play"}
_TRACK_TITLE = {
    Track.ARVN_RESOURCES: "ARVN Resources",
    Track.NVA_RESOURCES: "NVA Resources",
    Track.VC_RESOURCES: "VC Resources",
    Track.AID: "Aid",
    Track.PATRONAGE: "Patronage",
    Track.ECON: "Econ",
    Track.TRAIL: "Trail",
}


def _suffix(piece: Piece) -> str:
    if piece.tunneled:
        return "t"
    if piece.underground:
        return "u"
    return "a" if piece.active else ""


def _status(piece: Piece) -> str:
    if piece.tunneled:
        return " (Tunnel)"
    if piece.underground:
        return " (Underground)"
    return " (Active)" if piece.active else ""


def piece_name(piece: Piece, count: int = 1) -> str:
    """A piece's name in words, e.g. ``"VC Guerrillas (Underground)"`` (1.4)."""
    singular, plural = _NAME[piece.kind]
    return f"{piece.faction} {singular if count == 1 else plural}{_status(piece)}"


def pieces_text(counts: Counts, faction: Faction, *, words: bool = False) -> str:
    """One Faction's pieces among ``counts`` (a space's or a box's): ``"4Gu 1Bt"``, or with
    ``words`` ``"4 Guerrillas (Underground), 1 Base (Tunnel)"``; ``""`` if it has none."""
    parts = []
    for piece in Piece:
        n = counts[piece]
        if n and piece.faction is faction:
            if words:
                singular, plural = _NAME[piece.kind]
                parts.append(f"{n} {singular if n == 1 else plural}{_status(piece)}")
            else:
                parts.append(f"{n}{_LETTER[piece.kind]}{_suffix(piece)}")
    return (", " if words else " ").join(parts)


@frozen
class BoardRow:
    """One space of the board as text: its name, ``kind`` (``City``, ``Province``, ``LoC``),
    Population (``value``; Econ for a LoC), Control (``COIN``, ``NVA`` or ``""``, 1.7),
    Support/Opposition (``""`` where there can be none: LoCs and Population 0, 1.6),
    markers (Terror/Sabotage) and each Faction's pieces (:func:`pieces_text`), Factions
    with none left out."""

    name: str
    kind: str
    value: int
    control: str
    support: str
    markers: str
    pieces: tuple[tuple[str, str], ...]


def _row(state: GameState, i: int) -> BoardRow:
    info = SPACES[i]
    sp = state.spaces[i]
    kind = "LoC" if info.is_loc else "City" if info.is_city else "Province"
    control = _CONTROL[control_of(sp, info.is_loc)]
    support = "" if info.is_loc or info.population == 0 else _SUPPORT[sp.support][0]
    return BoardRow(
        name=info.name,
        kind=kind,
        value=info.econ if info.is_loc else info.population,
        control=control,
        support=support,
        markers=_markers(sp, info.is_loc),
        pieces=tuple((str(f), text) for f in FACTIONS if (text := pieces_text(sp.pieces, f)) != ""),
    )


def _markers(sp: SpaceState, is_loc: bool) -> str:
    parts = []
    if sp.terror:
        parts.append(f"Terror{'' if sp.terror == 1 else f' x{sp.terror}'}")
    if sp.sabotage:
        parts.append("Sabotage" if is_loc else f"Sabotage x{sp.sabotage}")
    return ", ".join(parts)


def board_rows(state: GameState) -> tuple[BoardRow, ...]:
    """Every space of the map as a :class:`BoardRow`, in map order."""
    return tuple(_row(state, i) for i in range(len(SPACES)))


def _card(number: int | None) -> str:
    return "-" if number is None else str(CARDS[number])


def _factions(factions: tuple[Faction, ...] | list[Faction]) -> str:
    return ", ".join(str(f) for f in factions) or "-"


def board_header(state: GameState) -> tuple[str, ...]:
    """The board's lines beside the map: cards (2.2), Eligibility (2.3.1), tracks (1.8,
    6.7), victory markers and margins (1.9, 7.3), RVN Leader (2.4.1), Capabilities (5.3),
    Momentum (5.4), Pivotal Events still held (2.3.8), the off-map boxes (1.4.1) and the
    result once the game is over (7.0)."""
    eligible = [f for f in FACTIONS if state.eligible(f)]
    ineligible = [f for f in FACTIONS if not state.eligible(f)]
    markers = victory_markers(state)
    lines = [
        f"Fire in the Lake -- {state.scenario.title()} scenario, command {state.seq}"
        + ("" if state.coup_phase is None else f", Coup Round: {state.coup_phase.value} phase"),
        f"Card: {_card(state.current_card)}   Next: {_card(state.next_card)}   "
        f"Deck: {len(state.deck)} left, {len(state.played)} played",
        f"Eligible: {_factions(eligible)}   Ineligible: {_factions(ineligible)}",
        "Tracks: " + ", ".join(f"{_TRACK_TITLE[t]} {state.tracks[t]}" for t in Track),
        "Victory (marker, margin): "
        + ", ".join(
            f"{f} {markers[f]} ({markers[f] - VICTORY_THRESHOLDS[f]:+d})" for f in FACTIONS
        ),
        f"RVN Leader: {_card(state.rvn_leader) if state.rvn_leader else 'Duong Van Minh'}   "
        f"US Policy: {state.us_policy or '-'}",
        "Capabilities: "
        + (", ".join(f"{CARDS[c]} ({side})" for c, side in state.capabilities) or "-"),
        "Momentum: " + (", ".join(str(CARDS[c]) for c in state.momentum) or "-"),
        "Pivotal Events held: " + (", ".join(str(CARDS[c]) for c in state.pivotals_held) or "-"),
    ]
    for name in BOXES:
        counts = state.box(name)
        held = " | ".join(f"{f} {text}" for f in FACTIONS if (text := pieces_text(counts, f)) != "")
        lines.append(f"{_BOX_TITLE[name]}: {held or '-'}")
    result = state.result
    if result is not None:
        winner = "+".join(str(f) for f in result.winner) or "nobody"
        lines.append(f"Game over ({result.rule}): {result.outcome}, winner {winner}")
    return tuple(lines)


def board(state: GameState) -> str:
    """The whole board as plain text (``str(state)``): :func:`board_header`, the legend and
    one line per space (:func:`board_rows`)."""
    lines = [*board_header(state), f"Pieces: {LEGEND}", ""]
    for row in board_rows(state):
        pieces = " | ".join(f"{f} {text}" for f, text in row.pieces)
        value = f"{row.kind if row.kind != 'Province' else 'Prov'} {row.value}"
        lines.append(
            f"{row.name:<32} {value:<6} {row.control:<4} {row.support:<7} {row.markers:<9} "
            f"{pieces}".rstrip()
        )
    return "\n".join(lines)


def describe_space(state: GameState, key: str | int) -> str:
    """One space in words: type, Population (or Econ), Control (1.7), Support/Opposition
    (1.6), Terror/Sabotage and each Faction's pieces. ``KeyError`` for an unknown space."""
    i = space_index(key)
    info = SPACES[i]
    sp = state.spaces[i]
    if info.is_loc:
        head = f"{info.name} (LoC, Econ {info.econ})"
        facts = []
    else:
        head = f"{info.name} ({'City' if info.is_city else 'Province'}, Pop {info.population})"
        control = control_of(sp)
        facts = ["no Control" if control is Control.NONE else f"{_CONTROL[control]} Control"]
        if info.population:
            facts.append(_SUPPORT[sp.support][1])
    if markers := _markers(sp, info.is_loc):
        facts.append(markers)
    lines = [f"{head}: {', '.join(facts)}" if facts else head]
    for f in FACTIONS:
        if text := pieces_text(sp.pieces, f, words=True):
            lines.append(f"  {f} {text}")
    if len(lines) == 1:
        lines.append("  no pieces")
    return "\n".join(lines)


def _counts_changes(before: Counts, after: Counts) -> list[str]:
    return [
        f"{after[p] - before[p]:+d} {piece_name(p, abs(after[p] - before[p]))}"
        for p in Piece
        if after[p] != before[p]
    ]


def _set_changes(title: str, before: tuple[int, ...], after: tuple[int, ...]) -> list[str]:
    added = [str(CARDS[c]) for c in after if c not in before]
    gone = [str(CARDS[c]) for c in before if c not in after]
    parts = [f"+{c}" for c in added] + [f"-{c}" for c in gone]
    return [f"{title}: {', '.join(parts)}"] if parts else []


def describe_changes(before: GameState, after: GameState) -> tuple[str, ...]:
    """What changed from ``before`` to ``after``, one line each: pieces per space and box,
    Control (1.7), Support/Opposition (1.6), Terror/Sabotage, tracks (1.8), Eligibility
    (2.3.1), cards (2.2), RVN Leader (2.4.1), Capabilities (5.3), Momentum (5.4), Pivotal
    Events held (2.3.8), and last the victory markers (1.9, 7.2) that moved."""
    lines: list[str] = []
    for i, (b, a) in enumerate(zip(before.spaces, after.spaces, strict=True)):
        if a == b:
            continue
        info = SPACES[i]
        parts = _counts_changes(b.pieces, a.pieces)
        was, now = control_of(b, info.is_loc), control_of(a, info.is_loc)
        if was is not now:
            parts.append(f"Control {_CONTROL[was] or 'none'} -> {_CONTROL[now] or 'none'}")
        if a.support != b.support:
            parts.append(f"{_SUPPORT[b.support][1]} -> {_SUPPORT[a.support][1]}")
        if a.terror != b.terror or a.sabotage != b.sabotage:
            marker = "Sabotage" if info.is_loc else "Terror"
            parts.append(f"{marker} {b.terror + b.sabotage} -> {a.terror + a.sabotage}")
        lines.append(f"{info.name}: {', '.join(parts)}")
    for name in BOXES:
        if parts := _counts_changes(before.box(name), after.box(name)):
            lines.append(f"{_BOX_TITLE[name]}: {', '.join(parts)}")
    tracks = [
        f"{_TRACK_TITLE[t]} {before.tracks[t]} -> {after.tracks[t]}"
        for t in Track
        if before.tracks[t] != after.tracks[t]
    ]
    if tracks:
        lines.append("Tracks: " + ", ".join(tracks))
    eligibility = [
        f"{f} {'Eligible' if now is Eligibility.ELIGIBLE else 'Ineligible'}"
        for f, was, now in zip(FACTIONS, before.eligibility, after.eligibility, strict=True)
        if was is not now
    ]
    if eligibility:
        lines.append("Eligibility: " + ", ".join(eligibility))
    if (before.current_card, before.next_card) != (after.current_card, after.next_card):
        lines.append(f"Card: {_card(after.current_card)}   Next: {_card(after.next_card)}")
    if before.rvn_leader != after.rvn_leader:
        lines.append(f"RVN Leader: {_card(after.rvn_leader)}")
    caps_before = tuple(c for c, _ in before.capabilities)
    caps_after = tuple(c for c, _ in after.capabilities)
    lines += _set_changes("Capabilities", caps_before, caps_after)
    lines += _set_changes("Momentum", before.momentum, after.momentum)
    lines += _set_changes("Pivotal Events held", before.pivotals_held, after.pivotals_held)
    old, new = victory_markers(before), victory_markers(after)
    moved = [
        f"{f} {old[f]} -> {new[f]} ({new[f] - old[f]:+d})" for f in FACTIONS if old[f] != new[f]
    ]
    if moved:
        lines.append("Victory markers: " + ", ".join(moved))
    if after.result is not None and before.result is None:
        winner = "+".join(str(f) for f in after.result.winner) or "nobody"
        lines.append(f"Game over ({after.result.rule}): {after.result.outcome}, winner {winner}")
    return tuple(lines)
