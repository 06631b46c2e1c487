"""Format 1 log files (read only), upcast to the current rules.

A format 1 file (magic ``COINLAKE``) holds a header map with exactly the keys ``format``
(1), ``library``, ``scenario``, ``seed``, ``options`` and ``undo``, then one map per
journal entry: ``{"action": "apply", "faction", "command", "rule", "events"}`` with the
command and events in the plain-dict forms of :mod:`coinlake.store.codec`, or
``{"action": "undo"}`` / ``{"action": "redo"}``.

Those files were written under the decision protocol before issue #8: their commands answer
the old questions (e.g. ``Choose("transfer-21")`` where the current rules ask ``Count(21)``),
and their bookkeeping events name old procedures (``event_card``). Their events therefore
cannot be folded into a current state. Instead, whatever ``verify`` says, a format 1 file
is **re-decided**:

1. each recorded command is structured (strictly: exactly the old forms ``Choose``,
   ``Select``, ``Move``, ``Done``) into its text notation;
2. it is translated to the current protocol by the first matching entry of
   :data:`UPCASTS` (no match: the command is kept as it is), giving zero, one or several
   current commands;
3. these are applied with :meth:`Game.apply` (so the current rules check them);
4. the *material* events they produce — every event except :data:`NOT_MATERIAL`
   (``Chosen``, ``Forced``, ``StepStarted``, ``StepEnded``) — must equal the recorded
   material events, field by field, **in order**. ``seq`` is left out of the comparison:
   it numbers commands, which a translation may split or drop; the order is checked
   instead. The stream is matched across frames, so an event the current rules produce one
   command earlier (a step that became automatic) still matches; but by each ``undo``,
   ``redo`` and the end of the file everything recorded must have been produced and vice
   versa.

Any mismatch, refused command or malformed frame raises ``LogFileError`` naming the frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from coinlake.engine import Game
from coinlake.errors import CoinlakeError, LogFileError
from coinlake.state.commands import Command, parse
from coinlake.state.events import Event
from coinlake.state.model import Options
from coinlake.store.codec import unstructure_event
from coinlake.store.logfile import pack, unpack

__all__ = ["NOT_MATERIAL", "UPCASTS", "replay", "upcast"]

# =====================================================================================
# FORMAT 1 COMMAND UPCASTER TABLE -- fill in as the decision words of issue #8 change.
#
# One entry per changed command: (pattern, replacement).
#   pattern      a regular expression matched against the WHOLE of "RULE TEXT": the rule
#                of the question the old command answered, a space, and the command's
#                text form ("1.5.2 transfer-21", "6.4.2 select saigon", "3.2.1 done");
#   replacement  the current command(s) in the text notation, with \1, \2... for the
#                pattern's groups; several commands separated by ";"; "" when the step is
#                no longer asked (the command is dropped).
# The first matching entry wins; an old command matching none is kept unchanged.
# Examples:
#     (r"1\.5\.2 transfer-(\d+)", r"count \1"),  # Choose("transfer-21") -> Count(21)
#     (r"2\.2 begin", ""),                       # a step now answered automatically
# =====================================================================================
UPCASTS: tuple[tuple[str, str], ...] = (
    (r"1\.5\.2 transfer-(\d+)", r"count \1"),  # a Resource transfer's amount (1.5.2)
    (r"1\.5\.2 decline", "count 0"),  # the partner gives nothing (1.5.2)
    (r"[\d.]+ remove-(\d+)-terror", r"remove-terror; count \1"),  # Pacify/Agitate extent
)
# =====================================================================================

NOT_MATERIAL = frozenset({"Chosen", "Forced", "StepStarted", "StepEnded", "CoupStepRecorded"})
"""Event types left out of the format 1 comparison: the protocol's own bookkeeping."""

HEADER_KEYS = frozenset({"format", "library", "scenario", "seed", "options", "undo"})
APPLY_KEYS = frozenset({"action", "faction", "command", "rule", "events"})
_FACTIONS = frozenset({"US", "ARVN", "NVA", "VC"})


def upcast(command: Command, rule: str) -> tuple[Command, ...]:
    """The current command(s) for a format 1 command that answered a question of ``rule``
    (see :data:`UPCASTS`)."""
    text = f"{rule} {command}"
    for pattern, replacement in _compiled():
        m = pattern.fullmatch(text)
        if m is not None:
            return tuple(parse(t) for t in m.expand(replacement).split(";") if t.strip())
    return (command,)


_CACHE: dict[tuple[tuple[str, str], ...], list[tuple[re.Pattern[str], str]]] = {}


def _compiled() -> list[tuple[re.Pattern[str], str]]:
    table = UPCASTS
    out = _CACHE.get(table)
    if out is None:
        out = _CACHE[table] = [(re.compile(p), r) for p, r in table]
    return out


def _word(value: Any, what: str) -> str:
    if value.__class__ is not str or not value or any(c.isspace() for c in value):
        raise ValueError(f"{what}: expected a word, got {value!r}"[:120])
    return value


def old_command(data: Any) -> Command:
    """Structure a format 1 command map (exactly one of the four old forms) through its
    text notation, which the current :func:`~coinlake.state.commands.parse` reads."""
    if data.__class__ is not dict:
        raise ValueError(f"command: expected a map, got {data!r}"[:120])
    kind = data.get("type")
    keys = set(data)
    if kind == "Choose" and keys == {"type", "option"}:
        text = _word(data["option"], "Choose.option")
    elif kind == "Select" and keys == {"type", "space"}:
        text = "select " + _word(data["space"], "Select.space")
    elif kind == "Done" and keys == {"type"}:
        text = "done"
    elif kind == "Move" and keys == {"type", "piece", "count", "origin", "destination"}:
        count = data["count"]
        if count.__class__ is not int or count < 1:
            raise ValueError(f"Move.count: expected a positive integer, got {count!r}")
        words = [_word(data[k], f"Move.{k}") for k in ("piece", "origin", "destination")]
        text = f"move {count} {words[0]} {words[1]} {words[2]}"
    else:
        raise ValueError(f"not a format 1 command: {data!r}"[:120])
    return parse(text)


def _material_recorded(events: Any) -> list[Any]:
    if events.__class__ is not tuple:
        raise ValueError("events: expected an array")
    out = []
    for e in events:
        if e.__class__ is not dict or e.get("type").__class__ is not str or "seq" not in e:
            raise ValueError(f"event: expected a map with a type and a seq, got {e!r}"[:120])
        if e["type"] not in NOT_MATERIAL:
            out.append({k: v for k, v in e.items() if k != "seq"})
    return out


def _material_produced(events: tuple[Event, ...]) -> list[Any]:
    out = []
    for e in events:
        if type(e).__name__ not in NOT_MATERIAL:
            plain = unpack(pack(unstructure_event(e)))  # as a format 1 file holds it
            del plain["seq"]
            out.append(plain)
    return out


def replay(
    header: Any,
    batches: Iterator[list[bytes]],
    new_game: Callable[[Any, Any, Options, Any], Game],
    check_options: Callable[[Any], Options],
) -> Game:
    """Re-decide a format 1 file (see the module docstring); ``batches`` streams its
    journal frames' payloads."""
    try:
        if header.__class__ is not dict or set(header) != HEADER_KEYS:
            raise ValueError(f"header keys are not {sorted(HEADER_KEYS)}")
        if header["format"].__class__ is not int or header["format"] != 1:
            raise ValueError(f"format: expected 1, got {header['format']!r}")
        if header["library"].__class__ is not str:
            raise ValueError("library: expected a string")
        options = check_options(header["options"])
        game = new_game(header["scenario"], header["seed"], options, header["undo"])
    except Exception as exc:
        raise LogFileError(f"bad header ({exc})", frame=None) from None
    recorded: list[Any] = []  # material events recorded and not yet produced
    produced: list[Any] = []  # material events produced and not yet recorded
    line: list[int] = []  # current commands applied per format 1 apply, along the line
    undone: list[int] = []  # the same for the format 1 applies undone (redo stack)
    index: int | None = None
    count = 0

    def settled(what: str) -> None:
        if recorded or produced:
            extra = recorded[0] if recorded else produced[0]
            side = "recorded but not produced" if recorded else "produced but not recorded"
            raise ValueError(f"by {what}, material event {extra!r} was {side}"[:300])

    try:
        for payload in (p for batch in batches for p in batch):
            index, count = count, count + 1
            frame = unpack(payload)
            if frame.__class__ is not dict:
                raise ValueError("a format 1 frame is a map")
            action = frame.get("action")
            if action == "apply" and set(frame) == APPLY_KEYS:
                faction, rule = frame["faction"], frame["rule"]
                if faction is not None and (
                    faction.__class__ is not str or faction not in _FACTIONS
                ):
                    raise ValueError(f"faction: expected a Faction or nil, got {faction!r}")
                if rule.__class__ is not str:
                    raise ValueError("rule: expected a string")
                commands = upcast(old_command(frame["command"]), rule)
                recorded.extend(_material_recorded(frame["events"]))
                for command in commands:
                    produced.extend(_material_produced(game.replay_apply(command)))
                n = min(len(recorded), len(produced))
                for i in range(n):
                    if recorded[i] != produced[i]:
                        raise ValueError(
                            f"recorded material event {recorded[i]!r} differs from what the "
                            f"current rules produce: {produced[i]!r}"[:400]
                        )
                del recorded[:n], produced[:n]
                line.append(len(commands))
                undone.clear()
            elif action == "undo" and len(frame) == 1:
                settled("this undo")
                if not line:
                    raise ValueError("nothing to undo")
                k = line.pop()
                if k == 0:
                    raise ValueError("the undone command answered a step the rules no longer ask")
                for _ in range(k):
                    game.undo(game.node.faction)  # strict: the one Faction allowed
                undone.append(k)
            elif action == "redo" and len(frame) == 1:
                settled("this redo")
                if not undone:
                    raise ValueError("nothing to redo")
                k = undone.pop()
                for _ in range(k):
                    game.redo()
                line.append(k)
            else:
                raise ValueError(f"unknown or malformed action {action!r}"[:120])
        settled("the end of the file")
    except LogFileError:
        raise
    except (CoinlakeError, ValueError, KeyError, TypeError, IndexError) as exc:
        raise LogFileError(f"format 1 upcast: {exc}", frame=index) from None
    except Exception as exc:
        raise LogFileError(f"format 1 upcast: {type(exc).__name__}: {exc}", frame=index) from None
    return game
