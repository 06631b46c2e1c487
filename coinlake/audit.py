"""Audit a game: how each command and each event changed the victory totals and margins
(1.9, 7.2, 7.3), the game as one row per command or per event, a readable account, and,
when the log carries an evaluation (``coinlake eval --annotate``), the cards and commands
that moved each Faction's chance of winning most (:func:`chance_movers`).

Everything here reads the public API only (``coinlake.*``): the history nodes of
:meth:`coinlake.Game.line`, :func:`coinlake.victory_markers`, :func:`coinlake.evolve` and
the JSON form of events (:func:`coinlake.event_to_json`).

A Faction's margin is its total minus a fixed threshold (7.3), so a command changes each
margin exactly as much as the total; :class:`CommandAudit` carries both, each computed from
its own query.

>>> import coinlake
>>> from coinlake.audit import audit
>>> game = coinlake.new_game("short", seed=7)
>>> _ = game.apply(game.parse("pass"))
>>> step = audit(game)[-1]
>>> step.command, str(step.faction), step.total_changes   # 2.3.3: a Pass scores nothing
('pass', 'NVA', {})
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from attrs import frozen

import coinlake
from coinlake import Event, Explained, Faction, Game, GameState, Node
from coinlake.analysis.table import latest_table

Per = Literal["command", "event"]
"""The grain of :func:`rows`: one row per command, or one per event."""

FACTIONS: tuple[Faction, ...] = tuple(Faction)

ROW_FIELDS: tuple[str, ...] = (
    "seq",
    "card",
    "phase",
    "faction",
    "command",
    "rule",
    "event",
    "events",
    "d_us",
    "d_arvn",
    "d_nva",
    "d_vc",
    "data",
)
"""The columns of :func:`rows`, in order. ``seq``: the command's number (the ``seq`` of its
events); ``card``: the card being played (2.2); ``phase``: ``setup``, ``event-card``,
``coup:<phase>`` (6.0) or ``over``; ``faction``: who decided (empty: the game itself);
``command``: the command in the text notation; ``rule``: the rule of the Decision it
answered (per event: the event's rule); ``event``: the event's type (per command: empty);
``events``: how many events (per event: 1); ``d_us``...``d_vc``: the change of each victory
total (1.9), which is also the change of each margin (7.3); ``data``: per event, the event's
JSON form (:func:`coinlake.event_to_json`, so that :func:`read_jsonl` rebuilds it); per
command, empty."""


def _changes(before: dict[Faction, int], after: dict[Faction, int]) -> dict[Faction, int]:
    return {f: after[f] - before[f] for f in FACTIONS if after[f] != before[f]}


@frozen
class EventChange:
    """One event that changed victory totals (1.9) and by how much, per Faction."""

    event: Event
    changes: dict[Faction, int]


@frozen
class CommandAudit:
    """What one command of the current line did to the score.

    ``node``: its history node (:class:`coinlake.Node`); ``card``: the card being played when
    it was applied (``None`` before the first is revealed, 2.2); ``phase``: as in
    :data:`ROW_FIELDS`; ``faction``, ``command`` (text; ``""`` for a reseed), ``rule``: who
    decided what under which rule; ``totals``: the victory totals after it (1.9, 7.2);
    ``total_changes`` and ``margin_changes``: the non-zero change of each total and each
    7.3 margin; ``causes``: the events that changed a total, each with its change (their
    changes add up to ``total_changes``); ``reasons``: a Non-player's reasons (8.1-8.8)."""

    node: Node
    card: int | None
    phase: str
    faction: Faction | None
    command: str
    rule: str
    totals: dict[Faction, int]
    total_changes: dict[Faction, int]
    margin_changes: dict[Faction, int]
    causes: tuple[EventChange, ...]
    reasons: tuple[str, ...]

    @property
    def seq(self) -> int:
        """The command's number: the ``seq`` its events carry."""
        return self.node.events[0].seq


def phase_of(state: GameState) -> str:
    """Where ``state`` stands in the Sequence of Play (2.0): ``setup``, ``event-card``,
    ``coup:<phase>`` during a Coup Round (6.0) or ``over``."""
    if state.coup_phase is not None:
        return f"coup:{state.coup_phase}"
    return str(state.phase)


def event_changes(state: GameState, events: Iterable[Event]) -> Iterator[dict[Faction, int]]:
    """The change of each victory total (1.9) that each of ``events`` makes, folded one by
    one into ``state`` (:func:`coinlake.evolve`); only non-zero changes are listed."""
    before = coinlake.victory_markers(state)
    for event in events:
        state = coinlake.evolve(state, event)
        after = coinlake.victory_markers(state)
        yield _changes(before, after)
        before = after


def audit_node(node: Node) -> CommandAudit:
    """The score audit of one history node (not the root)."""
    parent = node.parent
    if parent is None:
        raise ValueError("the root of the history has no command to audit")
    before, after = parent.state, node.state
    totals = coinlake.victory_markers(after)
    total_changes = _changes(coinlake.victory_markers(before), totals)
    margin_changes = _changes(coinlake.victory_margins(before), coinlake.victory_margins(after))
    causes = tuple(
        EventChange(event, changes)
        for event, changes in zip(node.events, event_changes(before, node.events), strict=True)
        if changes
    )
    return CommandAudit(
        node=node,
        card=before.current_card,
        phase=phase_of(before),
        faction=node.faction,
        command="" if node.command is None else str(node.command),
        rule=node.rule or "",
        totals=totals,
        total_changes=total_changes,
        margin_changes=margin_changes,
        causes=causes,
        reasons=tuple(e.reason for e in node.events if isinstance(e, Explained)),
    )


def audit(game: Game) -> tuple[CommandAudit, ...]:
    """The score audit of every command of ``game``'s current line, oldest first. The
    changes add up to the final totals minus those of :attr:`coinlake.Game.root`."""
    return tuple(audit_node(node) for node in game.line())


def rows(game: Game, per: Per = "command") -> Iterator[dict[str, Any]]:
    """The current line as flat rows (the columns of :data:`ROW_FIELDS`): one per command
    with its score changes, or one per event with the changes that event made."""
    if per not in ("command", "event"):
        raise ValueError(f"per is 'command' or 'event', not {per!r}"[:200])
    for step in audit(game):
        base = {
            "seq": step.seq,
            "card": step.card,
            "phase": step.phase,
            "faction": "" if step.faction is None else str(step.faction),
            "command": step.command,
        }
        if per == "command":
            yield {
                **base,
                "rule": step.rule,
                "event": "",
                "events": len(step.node.events),
                **_delta_columns(step.total_changes),
                "data": "",
            }
            continue
        parent = step.node.parent
        assert parent is not None
        events = step.node.events
        for event, changes in zip(events, event_changes(parent.state, events), strict=True):
            yield {
                **base,
                "rule": event.rule,
                "event": type(event).__name__,
                "events": 1,
                **_delta_columns(changes),
                "data": json.dumps(coinlake.event_to_json(event), separators=(",", ":")),
            }


def _delta_columns(changes: dict[Faction, int]) -> dict[str, int]:
    return {f"d_{f.value.lower()}": changes.get(f, 0) for f in FACTIONS}


def write_jsonl(path: str | Path, table: Iterable[dict[str, Any]]) -> int:
    """Write rows (:func:`rows`) to ``path`` as JSON lines; returns how many."""
    count = 0
    with Path(path).open("w", encoding="utf-8") as out:
        for row in table:
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
            count += 1
    return count


def write_csv(path: str | Path, table: Iterable[dict[str, Any]]) -> int:
    """Write rows (:func:`rows`) to ``path`` as CSV with a header line; returns how many."""
    count = 0
    with Path(path).open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=ROW_FIELDS)
        writer.writeheader()
        for row in table:
            writer.writerow(row)
            count += 1
    return count


def read_jsonl(path: str | Path) -> tuple[Event, ...]:
    """The events of a per-event JSON lines export (:func:`write_jsonl`), rebuilt from their
    JSON form: equal to the exported game's :attr:`coinlake.Game.events`."""
    events = []
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            row = json.loads(line)
            if not isinstance(row, dict) or not row.get("data"):
                raise ValueError(f"{path}:{number}: not a per-event row (export with per=event)")
            events.append(coinlake.event_from_json(json.loads(row["data"])))
    return tuple(events)


# -- the readable account ---------------------------------------------------------------------
def _signed(changes: dict[Faction, int]) -> str:
    return ", ".join(f"{f} {changes[f]:+d}" for f in FACTIONS if changes.get(f))


def _add(total: dict[Faction, int], changes: dict[Faction, int]) -> None:
    for f, d in changes.items():
        total[f] = total.get(f, 0) + d


def _turns(steps: Sequence[CommandAudit]) -> Iterator[list[CommandAudit]]:
    """Consecutive commands of one Faction on one card in one phase."""
    turn: list[CommandAudit] = []
    for step in steps:
        if turn and (step.card, step.phase, step.faction) != (
            turn[0].card,
            turn[0].phase,
            turn[0].faction,
        ):
            yield turn
            turn = []
        turn.append(step)
    if turn:
        yield turn


def card_title(card: int | None) -> str:
    """A card's number and title (``#5 Wild Weasels``), or that none has been revealed."""
    return "before the first card" if card is None else str(coinlake.CARDS[card])


def account(game: Game) -> str:
    """A readable account of the game's current line: per card, who did what (their
    commands, in the text notation), how the victory totals changed (1.9), the Coup Rounds
    phase by phase (6.0), the Non-players' reasons (8.1-8.8), and why the winner won
    (:func:`why_won`)."""
    steps = audit(game)
    out: list[str] = []
    card: object = object()
    phase = ""
    for turn in _turns(steps):
        first = turn[0]
        if first.card != card:
            card = first.card
            phase = ""
            out.append(f"\nCard {card_title(first.card)}")
        if first.phase != phase:
            phase = first.phase
            if phase.startswith("coup:"):
                out.append(f"  Coup Round, {phase[5:]} phase (6.0)")
        who = "game" if first.faction is None else str(first.faction)
        commands = [s.command for s in turn if s.command]
        changes: dict[Faction, int] = {}
        for step in turn:
            _add(changes, step.total_changes)
        line = f"    {who}: {'; '.join(commands)}"
        if any(changes.values()):
            line += f"  [totals: {_signed(changes)}]"
        out.append(line)
        reasons = dict.fromkeys(r for s in turn for r in s.reasons if r)
        for reason in list(reasons)[:3]:
            out.append(f"      why: {reason}")
    final = steps[-1].totals if steps else coinlake.victory_markers(game.state)
    out.append("\nVictory totals: " + ", ".join(f"{f} {final[f]}" for f in FACTIONS))
    out.append(why_won(game, steps))
    return "\n".join(out).lstrip("\n") + "\n"


def why_won(game: Game, steps: Sequence[CommandAudit] | None = None) -> str:
    """Why the game ended as it did: the rule (7.2 a victory check in a Coup Round, 7.3
    after the final Coup, 8.9 a 1-player game), each side's margin best first, and the
    commands that raised the winner's total most; or that the game is not over."""
    result = game.state.result
    if result is None:
        return "The game is not over."
    if steps is None:
        steps = audit(game)
    how = {
        "7.2": "passed its victory condition at a Coup Round's Victory Phase (7.2)",
        "7.3": "had the highest victory margin after the final Coup Round (7.3)",
        "8.9": "won under the 1-player victory conditions (8.9)",
    }.get(result.rule, f"won under {result.rule}")
    standings = ", ".join(
        f"{'+'.join(str(f) for f in s.factions)} {s.margin:+d}" for s in result.standings
    )
    if result.outcome != "victory" or not result.winner:
        return f"The game ended in a {result.outcome} ({result.rule}); margins: {standings}."
    winner = "+".join(str(f) for f in result.winner)
    lines = [f"{winner} won: it {how}. Margins, best first: {standings}."]
    if result.reason:
        lines.append(f"  The lone player lost under 8.9 Difficulty Option B ({result.reason}).")
    gains = sorted(
        (s for s in steps if sum(s.total_changes.get(f, 0) for f in result.winner) > 0),
        key=lambda s: -sum(s.total_changes.get(f, 0) for f in result.winner),
    )[:3]
    for step in gains:
        by = _signed({f: d for f, d in step.total_changes.items() if f in result.winner})
        lines.append(
            f"  biggest gain: {by} by {step.faction or 'the game'} '{step.command}' "
            f"on card {card_title(step.card)} ({step.phase})"
        )
    return "\n".join(lines)


# -- what moved the chances ----------------------------------------------------------------------
@frozen
class ChanceMove:
    """A change of ``faction``'s chance of winning between two consecutive positions of an
    evaluation (``coinlake eval``): from ``before`` at step ``start`` to ``after`` at step
    ``end``, while ``card`` was being played (2.2; ``None`` before the first card). When
    one command made the move (``end == start + 1``, as in an evaluation after every
    command), ``command`` is that command in the text notation and ``by`` the Faction that
    decided it (``None``: the game's own step); otherwise ``command`` is ``None``."""

    faction: Faction
    before: float
    after: float
    start: int
    end: int
    card: int | None
    command: str | None
    by: Faction | None

    @property
    def change(self) -> float:
        """``after - before``: positive for a rise."""
        return self.after - self.before


@frozen
class FactionMovers:
    """The largest ``rises`` and ``falls`` of one Faction's chance, largest first."""

    faction: Faction
    rises: tuple[ChanceMove, ...]
    falls: tuple[ChanceMove, ...]


def chance_movers(game: Game, top: int = 5) -> tuple[FactionMovers, ...]:
    """Per Faction (US, ARVN, NVA, VC), the ``top`` largest rises and falls of its chance of
    winning between consecutive positions of the latest evaluation ``game``'s log carries
    (:func:`coinlake.analysis.table.latest_table`); none when it carries none. Ties go to
    the earlier move. A note that is no evaluation table, or whose steps or cards do not
    match the line it was made on, raises ``ValueError``."""
    if type(top) is not int or top < 1:
        raise ValueError(f"top is an int of at least 1, not {top!r}"[:200])
    table = latest_table(game)
    if table is None:
        return ()
    nodes = _line_at(game.journal()[table.index].node)
    for step, card in zip(table.steps, table.cards, strict=True):
        if step >= len(nodes):
            raise ValueError(
                f"the evaluation's step {step} is beyond the {len(nodes) - 1} steps it was made at"
            )
        if nodes[step].state.current_card != card:
            raise ValueError(
                f"the evaluation's card at step {step} is {card}, the game's "
                f"{nodes[step].state.current_card}"
            )
    moves: list[list[ChanceMove]] = [[] for _ in FACTIONS]
    for k in range(len(table.steps) - 1):
        start, end = table.steps[k], table.steps[k + 1]
        made = nodes[end] if end == start + 1 else None
        command = None if made is None else ("" if made.command is None else str(made.command))
        for i, faction in enumerate(FACTIONS):
            before, after = table.wins[k][i], table.wins[k + 1][i]
            if round(after - before, 9) != 0:
                moves[i].append(
                    ChanceMove(
                        faction,
                        before,
                        after,
                        start,
                        end,
                        table.cards[k],
                        command,
                        None if made is None else made.faction,
                    )
                )
    movers = []
    for faction, found in zip(FACTIONS, moves, strict=True):
        rises = sorted((m for m in found if m.change > 0), key=lambda m: -round(m.change, 9))
        falls = sorted((m for m in found if m.change < 0), key=lambda m: round(m.change, 9))
        movers.append(FactionMovers(faction, tuple(rises[:top]), tuple(falls[:top])))
    return tuple(movers)


def _line_at(node: Node) -> list[Node]:
    """The nodes from the root to ``node``, indexed by depth."""
    nodes = []
    here: Node | None = node
    while here is not None:
        nodes.append(here)
        here = here.parent
    return nodes[::-1]
