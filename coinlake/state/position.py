"""Positions as text: a complete :class:`GameState` written line by line, like a FEN.

:func:`position` writes a state, :func:`parse_position` reads one back (checking it), and
``coinlake.from_position`` wraps the result in a :class:`~coinlake.Game`. The text round-trips
exactly: ``parse_position(position(state)) == state`` for every state, and
``position(parse_position(text)) == text`` for canonical text (what :func:`position` writes).
``docs/positions.md`` describes every line; in short, each line is a keyword and its values,
lines that would only repeat a default (an empty space, an empty box, no Capabilities...) are
left out, and a procedure in progress is written as its name, its answers in the command
notation and, indented beneath ``start``, the position it started from.

>>> import coinlake
>>> game = coinlake.new_game("short", seed=8)
>>> for answer in ("op", "rally", "select kien-phong"):  # VC Rallies in Kien Phong...
...     _ = game.apply(coinlake.parse(answer))
>>> text = coinlake.position(game.state)
>>> print(text[: text.index("deck")], end="")
coinlake-position 1
scenario short
phase event-card
card 107
next-card 22
>>> [line for line in text.splitlines() if line.startswith("space hue")]
['space hue 2 arvn-police']
>>> print(text[text.index("pending") :], end="")  # ...and has paid 1 Resource so far
pending card_turn
answers op; rally; select kien-phong
start
  tracks arvn-resources=30 nva-resources=15 vc-resources=10 aid=15 patronage=18 econ=15 trail=2
  seq 1
>>> parse_position(text) == game.state
True
>>> coinlake.from_position(text).legal() == game.legal()
True

Pieces are counted per form: ``vc-guerrilla-u`` and ``vc-guerrilla-a`` for Underground and
Active Guerrillas, ``nva-base-t`` for a Tunneled Base. Malformed or impossible text raises
:class:`PositionError` (a ``ValueError``) naming the line and, for a breach of the rules, the
rule:

>>> parse_position(text.replace("space hue 2 arvn-police", "space hue 3 us-base"))
Traceback (most recent call last):
...
coinlake.state.position.PositionError: line 14: Hue: 3 Bases (max 2) (1.4.2)
>>> parse_position(text.replace("space hue", "space huey"))
Traceback (most recent call last):
...
coinlake.state.position.PositionError: line 14: unknown space 'huey'
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from coinlake.data.cards import CARDS, CardKind, Side
from coinlake.data.map import SPACES, Country, space_index
from coinlake.data.pieces import FACTIONS, N_PIECES, PIECE_BY_TOKEN, Faction, Piece
from coinlake.data.scenarios import FORCE_POOL, SCENARIOS
from coinlake.state.commands import Command, parse
from coinlake.state.model import (
    DECEPTION_KINDS,
    UNKNOWN_MARKER,
    Counts,
    CoupPhase,
    DeceptionMarker,
    Eligibility,
    GameResult,
    GameState,
    Options,
    Pending,
    Phase,
    SpaceState,
    Support,
    Track,
    Turn,
)
from coinlake.state.rng import ALGORITHMS, KEYED, Rng
from coinlake.state.setup import check_options

__all__ = ["HEADER", "PositionError", "parse_position", "position"]

HEADER = "coinlake-position 1"
"""The first line of every position: the format's name and version."""

INDENT = "  "
"""How far the position a procedure started from is indented beneath its ``start`` line."""

MARKERS = 15
"""3.3.4: 15 Terror/Sabotage markers in all."""

ABSENT = "-"
"""The value of a line beneath ``start`` that the position above has and the start lacks."""

HIDDEN = "?"
"""A card whose identity is hidden (a redacted deck, ``Game.view``): card number 0."""


class PositionError(ValueError):
    """A malformed or impossible position. ``line``: the 1-based line of the text at fault
    (``None`` when no single line is); ``rule``: the rule broken, for an impossible one."""

    def __init__(self, message: str, *, line: int | None = None, rule: str | None = None) -> None:
        self.line = line
        self.rule = rule
        where = f"line {line}: " if line is not None else ""
        why = f" ({rule})" if rule is not None else ""
        super().__init__(f"{where}{message}{why}")


# == vocabulary ===============================================================================
_TRACK_NAMES: dict[Track, str] = {t: t.name.lower().replace("_", "-") for t in Track}
_TRACK_BY_NAME: dict[str, Track] = {v: k for k, v in _TRACK_NAMES.items()}
_SUPPORT_NAMES: dict[Support, str] = {s: s.name.lower().replace("_", "-") for s in Support}
_SUPPORT_BY_NAME: dict[str, Support] = {v: k for k, v in _SUPPORT_NAMES.items()}
_FLAGS: tuple[tuple[str, str], ...] = (
    ("period_events", "period-events"),
    ("political_rhythm", "political-rhythm"),
    ("high_winds", "high-winds"),
    ("deception", "deception"),
    ("easy", "easy"),
    ("difficulty_a", "difficulty-a"),
    ("difficulty_b", "difficulty-b"),
)
_BOX_LINES: tuple[tuple[str, str], ...] = (
    ("available", "available"),
    ("casualties", "casualties"),
    ("out_of_play", "out-of-play"),
)
_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+\-]*")
"""A value written bare; anything else (procedure arguments, US Policy) is JSON-quoted."""
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s"]+')
_INT = re.compile(r"[+-]?\d+")
_FACTION_BY_NAME: dict[str, Faction] = {f.value.lower(): f for f in FACTIONS}


# == writing ==================================================================================
def position(state: GameState) -> str:
    """``state`` as position text: one line per kind of fact, ending with a newline.

    Raises ``ValueError`` only for a state that no game can reach and the format cannot
    spell (a marker or acted-record name with spaces or separators in it).
    """
    _check_fields(state)
    return "".join(line + "\n" for line in _lines(state, None))


_WRITTEN = frozenset(
    {
        "scenario", "options", "spaces", "available", "casualties", "out_of_play", "tracks",
        "eligibility", "deck", "next_card", "played", "leader_box", "capabilities",
        "momentum", "pivotals_held", "us_policy", "rng", "phase", "turn", "pending", "seq",
        "coup_phase", "coup_step", "result", "stay_eligible", "ineligible_next",
        "card_markers", "deception", "fixed_dice", "agent_notes",
    }
)  # fmt: skip
"""The :class:`GameState` fields this format writes."""
_OPTIONS = frozenset({attr for attr, _ in _FLAGS} | {"non_players", "players", "handicap"})
"""The :class:`Options` fields this format writes."""


def _default(name: str) -> Any:
    """The default of a :class:`GameState` field."""
    return attrs.fields_dict(GameState)[name].default


def _check_fields(state: GameState) -> None:
    """Refuse to lose a fact: a :class:`GameState` field this format does not know (added
    to the model later) must still hold its default."""
    for cls, obj, written in ((GameState, state, _WRITTEN), (Options, state.options, _OPTIONS)):
        for fld in attrs.fields(cls):
            if fld.name not in written and getattr(obj, fld.name) != fld.default:
                raise ValueError(
                    f"the position format does not write {cls.__name__}.{fld.name} yet "
                    "(coinlake/state/position.py)"
                )


def _lines(state: GameState, base: dict[str, str] | None) -> Iterator[str]:
    """The lines of ``state``; beneath a ``start`` line (``base``: the lines of the position
    above), only the lines that differ from ``base``, and ``KEY -`` for those it lacks."""
    entries = _entries(state)
    if base is None:
        yield HEADER
        yield from entries.values()
    else:
        for key, line in entries.items():
            if base.get(key) != line:
                yield line
        for key in base:
            if key not in entries:
                yield f"{key} {ABSENT}"
    pending = state.pending
    if pending is not None:
        yield " ".join(["pending", _quote(pending.name), *(_quote(a) for a in pending.args)])
        if pending.answers:
            yield "answers " + "; ".join(str(c) for c in pending.answers)
        yield "start"
        for line in _lines(pending.start, entries):
            yield INDENT + line


def _entries(state: GameState) -> dict[str, str]:
    """The lines of ``state`` but its header and procedure in progress, by key (the keyword;
    ``space ID`` for a space), in canonical order."""
    out: dict[str, str] = {}

    def put(keyword: str, values: str) -> None:
        out[keyword] = f"{keyword} {values}"

    put("scenario", _quote(state.scenario))
    options = _options_text(state.options)
    if options:
        put("options", options)
    put("phase", state.phase.value)
    if state.coup_phase is not None:
        put("coup-phase", state.coup_phase.value)
    coup_step = getattr(state, "coup_step", None)
    if coup_step is not None and coup_step != _default("coup_step"):
        put("coup-step", _record_text(coup_step))
    if state.result is not None:
        put("result", _result_text(state.result))
    if state.played:
        put("card", str(state.played[-1]))
        if len(state.played) > 1:
            put("played", _cards(state.played[:-1]))
    if state.next_card is not None:
        put("next-card", _card_text(state.next_card))
    if state.deck:
        put("deck", f"hidden {len(state.deck)}" if not any(state.deck) else _cards(state.deck))
    if state.leader_box:
        put("leader-box", _cards(state.leader_box))
    if state.capabilities:
        put("capabilities", " ".join(f"{n}:{side.value}" for n, side in state.capabilities))
    if state.momentum:
        put("momentum", _cards(state.momentum))
    if state.pivotals_held:
        put("pivotals", _cards(state.pivotals_held))
    put("us-policy", _quote(state.us_policy))
    put("tracks", " ".join(f"{_TRACK_NAMES[t]}={state.tracks[t]}" for t in Track))
    ineligible = [f for f, e in zip(FACTIONS, state.eligibility, strict=True) if e != "eligible"]
    if ineligible:
        put("ineligible", _factions(ineligible))
    if state.turn.passed:
        put("passed", _factions(state.turn.passed))
    if state.turn.acted:
        put("acted", " ".join(f"{f}:{_word(a, 'an acted record')}" for f, a in state.turn.acted))
    if state.stay_eligible:
        put("stay-eligible", _factions(state.stay_eligible))
    if state.ineligible_next:
        put("ineligible-next", _factions(state.ineligible_next))
    if state.card_markers:
        put(
            "card-markers",
            " ".join(f"{n}:{_word(m, 'a card marker')}" for n, m in state.card_markers),
        )
    if state.deception:
        put("deception", " ".join(_deception_text(m) for m in state.deception))
    generator = "" if state.rng.algorithm == KEYED else f" algorithm={state.rng.algorithm}"
    agents = f" agents={state.rng.agents}" if state.rng.agents else ""
    put("rng", f"seed={state.rng.seed} counter={state.rng.counter}{agents}{generator}")
    if state.fixed_dice:
        put("dice", " ".join(str(d) for d in state.fixed_dice))
    if state.agent_notes:
        put(
            "agent-notes",
            " ".join(f"{f.value}:{_word(n, 'a note')}@{c}" for f, n, c in state.agent_notes),
        )
    if state.seq:
        put("seq", str(state.seq))
    for attr, keyword in _BOX_LINES:
        counts: Counts = getattr(state, attr)
        if any(counts):
            put(keyword, _pieces_text(counts))
    for info, sp in zip(SPACES, state.spaces, strict=True):
        words = []
        if any(sp.pieces):
            words.append(_pieces_text(sp.pieces))
        if sp.support != Support.NEUTRAL:
            words.append(_SUPPORT_NAMES[Support(sp.support)])
        if sp.terror:
            words.append(f"terror={sp.terror}")
        if sp.sabotage:
            words.append(f"sabotage={sp.sabotage}")
        if words:
            put(f"space {info.id}", " ".join(words))
    return out


def _quote(text: str) -> str:
    return text if _PLAIN.fullmatch(text) else json.dumps(text)


def _word(text: str, what: str) -> str:
    if not _PLAIN.fullmatch(text):
        raise ValueError(f"cannot write {what} {text!r} in a position")
    return text


def _card_text(card: int) -> str:
    return str(card) if card else HIDDEN


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(_card_text(c) for c in cards)


def _factions(factions: tuple[Faction, ...] | list[Faction]) -> str:
    return " ".join(f.value for f in factions)


def _group(factions: tuple[Faction, ...]) -> str:
    return "+".join(f.value for f in factions)


def _pieces_text(counts: Counts) -> str:
    return " ".join(f"{n} {p.token}" for p, n in zip(Piece, counts, strict=True) if n)


def _options_text(options: Options) -> str:
    words = [word for attr, word in _FLAGS if getattr(options, attr)]
    if options.non_players:
        words.append("non-players=" + ",".join(f.value for f in options.non_players))
    if options.players:
        words.append("players=" + ",".join(_group(g) for g in options.players))
    if options.handicap:
        words.append(
            "handicap="
            + ",".join(
                f"{f}:" + "+".join(_word(k, "a Deception marker kind") for k in picks)
                for f, picks in options.handicap
            )
        )
    return " ".join(words)


def _result_text(result: GameResult) -> str:
    words = [
        f"rule={_word(result.rule, 'a rule')}",
        f"outcome={_word(result.outcome, 'an outcome')}",
        f"winner={_group(result.winner)}",
        "ranking=" + ",".join(_group(g) for g in result.ranking),
        "side-margins=" + ",".join(str(m) for m in result.side_margins),
        "margins=" + ",".join(str(m) for m in result.margins),
    ]
    if result.reason:
        words.append(f"reason={_word(result.reason, 'a reason')}")
    return " ".join(words)


def _deception_text(marker: DeceptionMarker) -> str:
    flags = [w for w, on in (("revealed", marker.revealed), ("used", marker.used)) if on]
    kind = _word(marker.kind, "a Deception marker kind")
    return ",".join([f"{_group(marker.owner)}:{kind}", *flags])


def _record_text(record: Any) -> str:
    """A small frozen record (``CoupStep``) as ``key=value`` words, defaults left out:
    strings and numbers as they are, pieces by token, tuples joined by ``,`` and the items
    of a tuple of tuples by ``:``."""
    words = []
    for fld in attrs.fields(type(record)):
        value = getattr(record, fld.name)
        if value != fld.default:
            words.append(f"{fld.name.replace('_', '-')}={_value_text(value, fld.name)}")
    return " ".join(words)


def _value_text(value: Any, what: str, sep: str = ",") -> str:
    if isinstance(value, tuple):
        return sep.join(_value_text(v, what, ":") for v in value)
    if isinstance(value, Piece):
        return value.token
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _word(value, what)
    raise ValueError(f"cannot write {what} {value!r} in a position")


def _record_value(cls: type[Any], tokens: list[str]) -> Any:
    hints = typing.get_type_hints(cls)
    names = {f.name.replace("_", "-"): f.name for f in attrs.fields(cls)}
    kv = _key_values(tokens, tuple(names))
    return cls(**{names[k]: _typed(hints[names[k]], v, k) for k, v in kv.items()})


def _typed(hint: Any, text: str, what: str, sep: str = ",") -> Any:
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        parts = text.split(sep) if text else []
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(args[0], p, what, ":") for p in parts)
        if len(parts) != len(args):
            raise ValueError(f"{what}: {text!r} should have {len(args)} parts")
        return tuple(_typed(a, p, what, ":") for a, p in zip(args, parts, strict=True))
    if hint is str:
        return text
    if hint is bool:
        if text not in ("yes", "no"):
            raise ValueError(f"{what}: yes or no, not {text!r}")
        return text == "yes"
    if hint is int:
        return _int(text, what, None)
    if hint is Piece:
        if text not in PIECE_BY_TOKEN:
            raise ValueError(f"{what}: unknown piece {text!r}")
        return PIECE_BY_TOKEN[text]
    raise ValueError(f"{what}: cannot read a {hint!r}")


# == reading ==================================================================================
Line = tuple[int, str]
"""A line of the text: its 1-based number and its contents (without the newline)."""


def parse_position(text: str) -> GameState:
    """Read a position written by :func:`position` (or by hand) and check it.

    Blank lines and lines starting with ``#`` are skipped; lines may come in any order, but
    each kind at most once (``space``: once per space). Raises :class:`PositionError` for
    malformed text or an impossible position (see ``docs/positions.md`` for the checks). The
    state is returned as written: a position without a procedure in progress is not primed
    (``coinlake.from_position`` does that).
    """
    if not isinstance(text, str):
        raise TypeError("a position is text")
    lines = [
        (i, raw.rstrip())
        for i, raw in enumerate(text.splitlines(), start=1)
        if raw.strip() and not raw.lstrip().startswith("#")
    ]
    if not lines:
        raise PositionError("empty position: it starts with " + repr(HEADER))
    return _Reader(lines, 0, None, lines[0][0]).state()


def _indent_of(line: Line) -> int:
    number, raw = line
    body = raw.lstrip(" ")
    if body.startswith("\t"):
        raise PositionError("indent with spaces, not tabs", line=number)
    return len(raw) - len(body)


class _Entry:
    """One line of a block: its number, keyword, values and (``start``) nested lines."""

    __slots__ = ("block", "keyword", "number", "rest")

    def __init__(self, number: int, keyword: str, rest: str, block: list[Line]) -> None:
        self.number = number
        self.keyword = keyword
        self.rest = rest
        self.block = block


_OWN = ("pending", "answers", "start")
"""Line kinds that belong to one block and are never inherited by its ``start`` block."""


class _Reader:
    """Reads one block of lines: a position, or (``base`` given) the lines beneath a
    ``start`` line, which change the position above them into the one the procedure
    started from."""

    def __init__(
        self, lines: list[Line], indent: int, base: dict[str, _Entry] | None, anchor: int
    ) -> None:
        self.lines = lines
        self.indent = indent
        self.base = base
        self.anchor = anchor
        """The line a missing line is reported at: the header, or the ``start`` line."""
        self.seen: dict[str, int] = {}
        self.space_lines: dict[int, int] = {}
        self.f: dict[str, Any] = {}
        self.start: GameState | None = None

    # -- the block -----------------------------------------------------------------------
    def state(self) -> GameState:
        lines, indent = self.lines, self.indent
        if self.base is None:
            first = lines[0]
            if first[1].strip() != HEADER:
                words = first[1].split()
                if words and words[0] == HEADER.split()[0]:
                    raise PositionError(
                        f"unsupported version {' '.join(words[1:])!r}; this library reads "
                        f"{HEADER!r}",
                        line=first[0],
                    )
                raise PositionError(f"a position starts with {HEADER!r}", line=first[0])
            lines = lines[1:]
        own: dict[str, _Entry] = {}
        i = 0
        while i < len(lines):
            number, raw = lines[i]
            if _indent_of(lines[i]) != indent:
                raise PositionError(
                    "unexpected indentation (only the lines beneath 'start' are indented)",
                    line=number,
                )
            keyword, _, rest = raw.strip().partition(" ")
            i += 1
            block = []
            if keyword == "start":
                while i < len(lines) and _indent_of(lines[i]) > indent:
                    block.append(lines[i])
                    i += 1
            elif keyword == HEADER.split()[0]:
                raise PositionError(
                    "the header comes once, first (beneath 'start', write only the lines "
                    "that differ from the position above)",
                    line=number,
                )
            elif keyword not in _HANDLERS:
                raise PositionError(f"unknown line kind {keyword!r}", line=number)
            key = self._key(keyword, rest, number)
            if key in own:
                raise PositionError(
                    f"duplicate {key!r} line (first on line {own[key].number})", line=number
                )
            own[key] = _Entry(number, keyword, rest.strip(), block)
        merged = dict(self.base or {})
        for key, entry in own.items():
            if entry.keyword in _OWN:
                continue
            values = entry.rest.split()[1:] if entry.keyword == "space" else [entry.rest]
            if values == [ABSENT]:
                merged.pop(key, None)
            else:
                merged[key] = entry
        for entry in merged.values():
            self._read(entry)
        state = self._build(self.anchor)  # checked before the start block is read
        for keyword in _OWN:
            if keyword in own:
                self._read(own[keyword], merged)
        return self._with_pending(state)

    def _key(self, keyword: str, rest: str, number: int) -> str:
        if keyword != "space":
            return keyword
        name = rest.split(maxsplit=1)[0] if rest.strip() else ""
        if not name:
            raise PositionError("space: which space?", line=number)
        try:
            return f"space {SPACES[space_index(name)].id}"
        except KeyError:
            raise PositionError(f"unknown space {name!r}", line=number) from None

    def _read(self, entry: _Entry, merged: dict[str, _Entry] | None = None) -> None:
        keyword, number = entry.keyword, entry.number
        if keyword != "space":
            self.seen[keyword] = number
        if keyword == "start":
            if entry.rest:
                raise PositionError("'start' takes no values", line=number)
            block = entry.block
            indent = _indent_of(block[0]) if block else self.indent + len(INDENT)
            self.start = _Reader(block, indent, merged, number).state()
            return
        try:
            _HANDLERS[keyword](self, _tokens(entry.rest, number), number)
        except PositionError:
            raise
        except (ValueError, KeyError) as e:
            raise PositionError(f"{keyword}: {e}", line=number) from None

    def _need(self, keyword: str, header_line: int) -> object:
        if keyword not in self.f:
            raise PositionError(f"missing {keyword!r} line", line=header_line)
        return self.f[keyword]

    # -- assembling and checking -----------------------------------------------------------
    def _build(self, header_line: int) -> GameState:
        f = self.f
        for keyword in ("scenario", "phase", "us-policy", "tracks", "rng"):
            self._need(keyword, header_line)
        if "played" in f and "card" not in f:
            raise PositionError(
                "'played' lists the pile beneath the current card: a 'card' line is missing",
                line=self.seen["played"],
            )
        played: tuple[int, ...] = f.get("played", ())
        if "card" in f:
            played = (*played, f["card"])
        spaces: list[SpaceState] = f.get("spaces") or [SpaceState()] * len(SPACES)
        state = GameState(
            scenario=f["scenario"],
            options=f.get("options", Options()),
            spaces=tuple(spaces),
            available=f.get("available", _EMPTY),
            casualties=f.get("casualties", _EMPTY),
            out_of_play=f.get("out-of-play", _EMPTY),
            tracks=f["tracks"],
            eligibility=f.get("ineligible", (Eligibility.ELIGIBLE,) * len(FACTIONS)),
            deck=f.get("deck", ()),
            next_card=f.get("next-card"),
            played=played,
            leader_box=f.get("leader-box", ()),
            capabilities=f.get("capabilities", ()),
            momentum=f.get("momentum", ()),
            pivotals_held=f.get("pivotals", ()),
            us_policy=f["us-policy"],
            rng=f["rng"],
            phase=f["phase"],
            turn=Turn(f.get("passed", ()), f.get("acted", ())),
            seq=f.get("seq", 0),
            coup_phase=f.get("coup-phase"),
            **({"coup_step": f["coup-step"]} if "coup-step" in f else {}),
            result=f.get("result"),
            stay_eligible=f.get("stay-eligible", ()),
            ineligible_next=f.get("ineligible-next", ()),
            card_markers=f.get("card-markers", ()),
            deception=f.get("deception", ()),
            fixed_dice=f.get("dice", ()),
            agent_notes=f.get("agent-notes", ()),
        )
        self._check(state)
        return state

    def _with_pending(self, state: GameState) -> GameState:
        f = self.f
        for keyword in ("answers", "start"):
            if keyword in self.seen and "pending" not in f:
                raise PositionError(
                    f"{keyword!r} without a 'pending' line", line=self.seen[keyword]
                )
        if "pending" not in f:
            return state
        if self.start is None:
            raise PositionError(
                "'pending' needs a 'start' line: the position the procedure started from is "
                "indented beneath it",
                line=self.seen["pending"],
            )
        name, args = f["pending"]
        answers: tuple[Command, ...] = f.get("answers", ())
        return attrs.evolve(state, pending=Pending(name, args, answers, self.start))

    def _line(self, keyword: str) -> int | None:
        return self.seen.get(keyword)

    def _check(self, state: GameState) -> None:
        """The position is one the rules allow (``docs/positions.md``, "What is checked")."""
        # 1.4.2 stacking, 1.6.1 Support/Opposition, 3.3.4 Terror and Sabotage
        markers = 0
        for info, sp in zip(SPACES, state.spaces, strict=True):
            if sp == _BLANK:
                continue
            line = self.space_lines.get(info.index)
            if info.is_loc and sp.bases():
                raise PositionError(
                    f"{info.name}: Bases may not occupy LoCs", line=line, rule="1.4.2"
                )
            if sp.bases() > 2:
                raise PositionError(
                    f"{info.name}: {sp.bases()} Bases (max 2)", line=line, rule="1.4.2"
                )
            if info.country is Country.NORTH_VIETNAM and any(sp.pieces[p] for p in _COIN):
                raise PositionError(
                    f"{info.name}: only NVA and VC forces may occupy North Vietnam",
                    line=line,
                    rule="1.4.2",
                )
            if sp.support != Support.NEUTRAL and not info.can_have_support:
                raise PositionError(
                    f"{info.name}: only Cities and Provinces with Population are at Support "
                    "or Opposition",
                    line=line,
                    rule="1.6.1",
                )
            if sp.terror and info.is_loc:
                raise PositionError(
                    f"{info.name}: a LoC takes Sabotage, not Terror", line=line, rule="3.3.4"
                )
            if sp.sabotage and not info.is_loc:
                raise PositionError(
                    f"{info.name}: only LoCs take Sabotage", line=line, rule="3.3.4"
                )
            markers += sp.terror + sp.sabotage
        if markers > MARKERS:
            raise PositionError(
                f"{markers} Terror and Sabotage markers on the map; there are {MARKERS}",
                rule="3.3.4",
            )
        # 1.4.1: no more pieces of a kind than the Force Pool holds; boxes hold box forms
        for attr, keyword in _BOX_LINES:
            counts: Counts = getattr(state, attr)
            for p in Piece:
                if not counts[p]:
                    continue
                if p.box_form is not p:
                    raise PositionError(
                        f"{keyword}: {p.token}: pieces off the map are Underground and "
                        f"without Tunnel (write {p.box_form.token})",
                        line=self._line(keyword),
                        rule="1.4.1",
                    )
                if keyword == "casualties" and p.faction is not Faction.US:
                    raise PositionError(
                        f"casualties: {p.token}: only US forces become Casualties",
                        line=self._line(keyword),
                        rule="1.4.1",
                    )
                if keyword == "out-of-play" and not (p.faction.is_coin or p is Piece.NVA_TROOPS):
                    raise PositionError(
                        f"out-of-play: {p.token}: only US and ARVN forces (and NVA Troops, "
                        "by card 77) go Out of Play",
                        line=self._line(keyword),
                        rule="1.4.1",
                    )
        vectors = [state.available, state.casualties, state.out_of_play]
        vectors.extend(sp.pieces for sp in state.spaces)
        totals = [0] * N_PIECES
        for p, n in zip(_PIECES, map(sum, zip(*vectors, strict=True)), strict=True):
            totals[_BOX_FORM[p]] += n
        for p, n in zip(_PIECES, totals, strict=True):
            if n > FORCE_POOL.get(p, 0):
                raise PositionError(
                    f"{n} {p.token} (any side up) in the position, but the Force Pool has "
                    f"{FORCE_POOL.get(p, 0)}",
                    rule="1.4.1",
                )
        # 1.8, 6.7 track ranges
        for t in Track:
            low, high = t.bounds
            if not low <= state.tracks[t] <= high:
                raise PositionError(
                    f"{_TRACK_NAMES[t]} {state.tracks[t]} is outside {low}..{high}",
                    line=self._line("tracks"),
                    rule="6.7" if t is Track.TRAIL else "1.8",
                )
        self._check_cards(state)

    def _check_cards(self, state: GameState) -> None:
        seen: dict[int, str] = {}
        for keyword, cards in (
            ("deck", state.deck),
            ("next-card", () if state.next_card is None else (state.next_card,)),
            ("played", state.played),
            ("pivotals", state.pivotals_held),
        ):
            for c in cards:
                if not c:
                    continue
                if c in seen:
                    line = self._line(keyword)
                    if keyword == "played" and c == state.played[-1]:
                        line = self._line("card")
                    raise PositionError(
                        f"card {c} is both in {seen[c]} and in {keyword}", line=line, rule="2.2"
                    )
                seen[c] = keyword
        checks: tuple[tuple[str, tuple[int, ...], Callable[[int], bool], str, str], ...] = (
            (
                "leader-box",
                state.leader_box,
                lambda c: CARDS[c].rvn_leader is not None,
                "an RVN Leader",
                "2.4.1",
            ),
            (
                "capabilities",
                tuple(c for c, _ in state.capabilities),
                lambda c: CARDS[c].is_capability,
                "a Capability",
                "5.3",
            ),
            ("momentum", state.momentum, lambda c: CARDS[c].is_momentum, "a Momentum", "5.4"),
            (
                "pivotals",
                state.pivotals_held,
                lambda c: CARDS[c].kind is CardKind.PIVOTAL,
                "a Pivotal Event",
                "2.3.8",
            ),
        )
        for keyword, cards, ok, what, rule in checks:
            for c in cards:
                if not ok(c):
                    raise PositionError(
                        f"{keyword}: card {c} ({CARDS[c].title}) is not {what} card",
                        line=self._line(keyword),
                        rule=rule,
                    )
            if len(set(cards)) != len(cards):
                raise PositionError(f"{keyword}: a card is listed twice", line=self._line(keyword))


_EMPTY: Counts = (0,) * N_PIECES
_BLANK = SpaceState()
_PIECES: tuple[Piece, ...] = tuple(Piece)
_BOX_FORM: tuple[Piece, ...] = tuple(p.box_form for p in Piece)
_COIN: tuple[Piece, ...] = tuple(p for p in Piece if p.faction.is_coin)


# == tokens and values ========================================================================
def _tokens(rest: str, number: int) -> list[str]:
    """The whitespace-separated values of a line; a value in double quotes is JSON text and
    may hold spaces."""
    tokens: list[str] = []
    pos, end = 0, len(rest)
    while True:
        while pos < end and rest[pos].isspace():
            pos += 1
        if pos == end:
            return tokens
        m = _TOKEN.match(rest, pos)
        if m is None or (m.end() < end and not rest[m.end()].isspace()):
            raise PositionError(f"malformed quoted value at {rest[pos:]!r}", line=number)
        tokens.append(m.group())
        pos = m.end()


def _unquote(token: str) -> str:
    if token.startswith('"'):
        value = json.loads(token)
        if not isinstance(value, str):
            raise ValueError(f"not a quoted text: {token}")
        return value
    return token


def _int(token: str, what: str, low: int | None = 0, high: int | None = None) -> int:
    if not _INT.fullmatch(token):
        raise ValueError(f"{what} must be a whole number, not {token!r}")
    n = int(token)
    if low is not None and n < low:
        raise ValueError(f"{what} must be at least {low}, not {n}")
    if high is not None and n > high:
        raise ValueError(f"{what} must be at most {high}, not {n}")
    return n


def _card(token: str, hidden_ok: bool = False) -> int:
    if hidden_ok and token == HIDDEN:
        return 0
    n = _int(token, "a card number", 1)
    if n not in CARDS:
        raise ValueError(f"unknown card {n}")
    return n


def _faction(token: str) -> Faction:
    try:
        return _FACTION_BY_NAME[token.lower()]
    except KeyError:
        raise ValueError(f"unknown Faction {token!r} (US, ARVN, NVA, VC)") from None


def _faction_list(tokens: list[str], what: str) -> tuple[Faction, ...]:
    factions = tuple(_faction(t) for t in tokens)
    if len(set(factions)) != len(factions):
        raise ValueError(f"a Faction is listed twice in {what}")
    return factions


def _group_value(text: str) -> tuple[Faction, ...]:
    return tuple(_faction(t) for t in text.split("+")) if text else ()


def _list_value(text: str) -> list[str]:
    return text.split(",") if text else []


def _one(tokens: list[str], what: str) -> str:
    if len(tokens) != 1:
        raise ValueError(f"expected one {what}, got {len(tokens)} values")
    return tokens[0]


def _key_values(tokens: list[str], keys: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq:
            raise ValueError(f"expected key=value, not {token!r}")
        if key not in keys:
            raise ValueError(f"unknown key {key!r} (keys: {', '.join(keys)})")
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _pieces(tokens: list[str], number: int, what: str) -> tuple[Counts, list[str]]:
    """Read ``N piece-token`` pairs; return the counts and the words that are not pairs."""
    counts = [0] * N_PIECES
    rest: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if _INT.fullmatch(token):
            if i + 1 >= len(tokens):
                raise PositionError(f"{what}: count {token} without a piece", line=number)
            n = int(token)
            name = tokens[i + 1]
            piece = PIECE_BY_TOKEN.get(name)
            if piece is None:
                raise PositionError(
                    f"{what}: unknown piece {name!r} (pieces: {', '.join(PIECE_BY_TOKEN)})",
                    line=number,
                )
            if n < 1:
                raise PositionError(
                    f"{what}: count {token} of {name}: counts are 1 or more (leave out "
                    "pieces that are not there)",
                    line=number,
                )
            if counts[piece]:
                raise PositionError(f"{what}: {name} listed twice", line=number)
            counts[piece] = n
            i += 2
        else:
            if token in PIECE_BY_TOKEN:
                if rest and i > 0 and tokens[i - 1] == rest[-1]:
                    raise PositionError(
                        f"{what}: {rest[-1]!r} is not a count of {token}", line=number
                    )
                raise PositionError(f"{what}: {token} without a count before it", line=number)
            rest.append(token)
            i += 1
    return tuple(counts), rest


# == line handlers ============================================================================
Handler = Callable[[_Reader, list[str], int], None]
_HANDLERS: dict[str, Handler] = {}


def _handler(keyword: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[keyword] = fn
        return fn

    return register


@_handler("scenario")
def _scenario(r: _Reader, tokens: list[str], number: int) -> None:
    name = _unquote(_one(tokens, "scenario"))
    if name not in SCENARIOS:
        raise ValueError(f"unknown scenario {name!r} (short, medium, full)")
    r.f["scenario"] = name


@_handler("options")
def _options(r: _Reader, tokens: list[str], number: int) -> None:
    flags = dict(_FLAGS)
    by_word = {w: a for a, w in _FLAGS}
    values: dict[str, Any] = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq:
            if token not in by_word:
                raise ValueError(f"unknown option {token!r} (options: {', '.join(flags.values())})")
            attr = by_word[token]
            if attr in values:
                raise ValueError(f"duplicate option {token!r}")
            values[attr] = True
            continue
        attr = key.replace("-", "_")
        if attr in values:
            raise ValueError(f"duplicate option {key!r}")
        if key == "non-players":
            values[attr] = _faction_list(_list_value(value), "non-players")
        elif key == "players":
            values[attr] = tuple(_group_value(g) for g in _list_value(value))
        elif key == "handicap":
            entries = []
            for entry in _list_value(value):
                who, colon, picks = entry.partition(":")
                if not colon:
                    raise ValueError(f"handicap entry {entry!r}: write FACTION:kind+kind")
                entries.append((_faction(who), tuple(picks.split("+")) if picks else ()))
            values[attr] = tuple(entries)
        else:
            raise ValueError(f"unknown option {key!r}")
    options = Options(**values)
    _check_options(options)
    r.f["options"] = options


def _check_options(options: Options) -> None:
    # a redacted position (Game.view) blanks other players' Handicap picks: check the rest
    shown = tuple((f, picks) for f, picks in options.handicap if picks)
    check_options(attrs.evolve(options, handicap=shown))


@_handler("phase")
def _phase(r: _Reader, tokens: list[str], number: int) -> None:
    word = _one(tokens, "phase")
    try:
        r.f["phase"] = Phase(word)
    except ValueError:
        raise ValueError(f"unknown phase {word!r} ({', '.join(p.value for p in Phase)})") from None


@_handler("coup-phase")
def _coup_phase(r: _Reader, tokens: list[str], number: int) -> None:
    word = _one(tokens, "Coup phase")
    try:
        r.f["coup-phase"] = CoupPhase(word)
    except ValueError:
        raise ValueError(
            f"unknown Coup phase {word!r} ({', '.join(p.value for p in CoupPhase)})"
        ) from None


@_handler("coup-step")
def _coup_step(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("nothing listed (leave the line out)")
    r.f["coup-step"] = _record_value(type(_default("coup_step")), tokens)


@_handler("result")
def _result(r: _Reader, tokens: list[str], number: int) -> None:
    keys = ("rule", "outcome", "winner", "ranking", "side-margins", "margins", "reason")
    kv = _key_values(tokens, keys)
    for key in keys[:-1]:
        if key not in kv:
            raise ValueError(f"missing {key}=")

    def ints(key: str) -> tuple[int, ...]:
        return tuple(_int(v, key, None) for v in _list_value(kv[key]))

    r.f["result"] = GameResult(
        rule=kv["rule"],
        outcome=kv["outcome"],
        winner=_group_value(kv["winner"]),
        ranking=tuple(_group_value(g) for g in _list_value(kv["ranking"])),
        side_margins=ints("side-margins"),
        margins=ints("margins"),
        reason=kv.get("reason", ""),
    )


@_handler("card")
def _current(r: _Reader, tokens: list[str], number: int) -> None:
    r.f["card"] = _card(_one(tokens, "card"))


@_handler("played")
def _played(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("no cards listed")
    r.f["played"] = tuple(_card(t) for t in tokens)


@_handler("next-card")
def _next(r: _Reader, tokens: list[str], number: int) -> None:
    r.f["next-card"] = _card(_one(tokens, "card"), hidden_ok=True)


@_handler("deck")
def _deck(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("no cards listed")
    if tokens[0] == "hidden":
        if len(tokens) != 2:
            raise ValueError("write 'deck hidden N' for a deck of N hidden cards")
        r.f["deck"] = (0,) * _int(tokens[1], "the number of hidden cards", 1, len(CARDS))
        return
    r.f["deck"] = tuple(_card(t, hidden_ok=True) for t in tokens)


def _card_list(keyword: str) -> Handler:
    def read(r: _Reader, tokens: list[str], number: int) -> None:
        if not tokens:
            raise ValueError("no cards listed")
        r.f[keyword] = tuple(_card(t) for t in tokens)

    return read


for _keyword in ("leader-box", "momentum", "pivotals"):
    _HANDLERS[_keyword] = _card_list(_keyword)


@_handler("capabilities")
def _capabilities(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("no Capabilities listed")
    out = []
    for token in tokens:
        card, colon, side = token.partition(":")
        if not colon or side not in ("unshaded", "shaded"):
            raise ValueError(f"write CARD:unshaded or CARD:shaded, not {token!r}")
        out.append((_card(card), Side(side)))
    r.f["capabilities"] = tuple(out)


@_handler("us-policy")
def _us_policy(r: _Reader, tokens: list[str], number: int) -> None:
    r.f["us-policy"] = _unquote(_one(tokens, "US Policy"))


@_handler("tracks")
def _tracks(r: _Reader, tokens: list[str], number: int) -> None:
    kv = _key_values(tokens, tuple(_TRACK_BY_NAME))
    values = [0] * len(Track)
    for t in Track:
        name = _TRACK_NAMES[t]
        if name not in kv:
            raise ValueError(f"missing {name}= (every track is written)")
        values[t] = _int(kv[name], name, None)
    r.f["tracks"] = tuple(values)


@_handler("ineligible")
def _ineligible(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("no Factions listed")
    out = _faction_list(tokens, "ineligible")
    r.f["ineligible"] = tuple(
        Eligibility.INELIGIBLE if f in out else Eligibility.ELIGIBLE for f in FACTIONS
    )


def _faction_line(keyword: str) -> Handler:
    def read(r: _Reader, tokens: list[str], number: int) -> None:
        if not tokens:
            raise ValueError("no Factions listed")
        r.f[keyword] = _faction_list(tokens, keyword)

    return read


for _keyword in ("passed", "stay-eligible", "ineligible-next"):
    _HANDLERS[_keyword] = _faction_line(_keyword)


@_handler("acted")
def _acted(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("nothing listed")
    out = []
    for token in tokens:
        who, colon, what = token.partition(":")
        if not colon or not what:
            raise ValueError(f"write FACTION:action (e.g. US:op+sa), not {token!r}")
        out.append((_faction(who), what))
    r.f["acted"] = tuple(out)


@_handler("card-markers")
def _card_markers(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("no markers listed")
    out = []
    for token in tokens:
        card, colon, marker = token.partition(":")
        if not colon or not marker:
            raise ValueError(f"write CARD:marker, not {token!r}")
        out.append((_card(card), marker))
    r.f["card-markers"] = tuple(out)


@_handler("deception")
def _deception(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("no markers listed")
    out = []
    for token in tokens:
        head, *flags = token.split(",")
        owner, colon, kind = head.partition(":")
        if not colon or not owner:
            raise ValueError(f"write OWNER:kind[,revealed][,used], not {token!r}")
        if kind not in (*DECEPTION_KINDS, UNKNOWN_MARKER):
            raise ValueError(
                f"unknown Deception marker {kind!r} ({', '.join(DECEPTION_KINDS)}, "
                f"{UNKNOWN_MARKER})"
            )
        if any(f not in ("revealed", "used") for f in flags) or len(set(flags)) != len(flags):
            raise ValueError(f"a Deception marker's flags are 'revealed' and 'used': {token!r}")
        if flags != sorted(flags, key=("revealed", "used").index):
            raise ValueError(f"write 'revealed' before 'used': {token!r}")
        out.append(DeceptionMarker(kind, _group_value(owner), "revealed" in flags, "used" in flags))
    r.f["deception"] = tuple(out)


@_handler("rng")
def _rng(r: _Reader, tokens: list[str], number: int) -> None:
    kv = _key_values(tokens, ("seed", "counter", "agents", "algorithm"))
    if not {"seed", "counter"} <= set(kv):
        raise ValueError("write rng seed=S counter=N [agents=M] [algorithm=NAME]")
    algorithm = kv.get("algorithm", KEYED)
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown generator {algorithm!r}; one of {', '.join(ALGORITHMS)}")
    seed = _int(kv["seed"], "seed", 0, 2**64 - 1)
    agents = _int(kv["agents"], "agents") if "agents" in kv else 0
    r.f["rng"] = Rng(seed, _int(kv["counter"], "counter"), algorithm, agents)


@_handler("dice")
def _dice(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("no dice listed")
    r.f["dice"] = tuple(_int(t, "a die roll", 1, 6) for t in tokens)


@_handler("agent-notes")
def _agent_notes(r: _Reader, tokens: list[str], number: int) -> None:
    notes = []
    for token in tokens:
        who, _, rest = token.partition(":")
        note, _, card = rest.rpartition("@")
        if not note or not card:
            raise ValueError(f"write FACTION:NOTE@CARD, not {token!r}")
        notes.append((_faction(who), note, _int(card, "a card number", 0, 130)))
    if len({f for f, _, _ in notes}) != len(notes):
        raise ValueError("one note per Faction")
    r.f["agent-notes"] = tuple(notes)


@_handler("seq")
def _seq(r: _Reader, tokens: list[str], number: int) -> None:
    r.f["seq"] = _int(_one(tokens, "number"), "seq")


def _box_line(keyword: str) -> Handler:
    def read(r: _Reader, tokens: list[str], number: int) -> None:
        counts, rest = _pieces(tokens, number, keyword)
        if rest:
            raise ValueError(f"expected 'N piece' pairs, not {rest[0]!r}")
        r.f[keyword] = counts

    return read


for _, _keyword in _BOX_LINES:
    _HANDLERS[_keyword] = _box_line(_keyword)


@_handler("space")
def _space(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("which space?")
    try:
        index = space_index(tokens[0])
    except KeyError:
        raise PositionError(f"unknown space {tokens[0]!r}", line=number) from None
    r.space_lines[index] = number
    what = SPACES[index].id
    counts, rest = _pieces(tokens[1:], number, what)
    support: Support | None = None
    markers = {"terror": 0, "sabotage": 0}
    for word in rest:
        key, eq, value = word.partition("=")
        if eq and key in markers:
            if markers[key]:
                raise ValueError(f"{what}: {key} given twice")
            markers[key] = _int(value, f"{what}: {key}", 1)
        elif word in _SUPPORT_BY_NAME:
            if support is not None:
                raise ValueError(f"{what}: two Support/Opposition levels")
            support = _SUPPORT_BY_NAME[word]
        else:
            raise ValueError(
                f"{what}: {word!r} is not 'N piece', a level "
                f"({', '.join(_SUPPORT_BY_NAME)}), terror=N or sabotage=N"
            )
    spaces: list[SpaceState] = r.f.setdefault("spaces", [SpaceState()] * len(SPACES))
    spaces[index] = SpaceState(
        pieces=counts,
        support=Support.NEUTRAL if support is None else support,
        terror=markers["terror"],
        sabotage=markers["sabotage"],
    )


@_handler("pending")
def _pending(r: _Reader, tokens: list[str], number: int) -> None:
    if not tokens:
        raise ValueError("which procedure?")
    name, *args = (_unquote(t) for t in tokens)
    r.f["pending"] = (name, tuple(args))


@_handler("answers")
def _answers(r: _Reader, tokens: list[str], number: int) -> None:
    text = " ".join(tokens)
    if not text:
        raise ValueError("no answers listed (leave the line out)")
    answers = []
    for k, part in enumerate(text.split(";"), start=1):
        try:
            answers.append(parse(part))
        except ValueError as e:
            raise ValueError(f"answer {k}: {e}") from None
    r.f["answers"] = tuple(answers)
