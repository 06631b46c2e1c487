"""A game's replay as one self-contained, offline HTML file (interfaces layer, public API).

``coinlake.viewer.html(game)`` returns the page; ``export_html(game, path)`` writes it
(``coinlake export-html game.fitl -o game.html``). The page needs no server and loads
nothing: its styles, script and data are inline. It shows the board
(:func:`coinlake.svg.board`) at every position of the game's history tree -- the current
line and any branch an undo left behind -- with first/back/forward/last buttons, a slider
and the keyboard (arrows, Home, End); for each step the command, the Faction that gave it,
its events with their rule numbers and the Non-players' reasons (``Explained`` events,
8.1-8.8); a chart of the four victory totals and margins along the current line (1.9, 7.2,
7.3); when the log carries an evaluation (``coinlake eval --annotate``: the latest one,
:func:`coinlake.analysis.table.latest_table`), a chart of the four chances of winning with
a marker at the step shown; and the branch points of the history where the log has undos.

Each distinct part of a board (a space's drawing, the panel) is stored once and every step
lists the parts it shows, so a step that changes one space costs one new part.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from enum import Enum
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

import coinlake
from coinlake import svg
from coinlake.analysis.table import EvaluationTable, latest_table

_ORDER = tuple(coinlake.Faction)
_EVENT_TEXT = 160
"""At most this many characters of one event's details."""


def _value(value: Any) -> str:
    """An event field, compactly: a piece by its token, an enum by its name, a tuple inline."""
    if isinstance(value, coinlake.Piece):
        return value.token
    if isinstance(value, Enum):
        return str(value.value if isinstance(value.value, str) else value.name.lower())
    if isinstance(value, tuple):
        return "(" + ", ".join(_value(v) for v in value) + ")"
    return str(value)


def _event(event: coinlake.Event) -> list[str]:
    """``[type, rule, details]`` of one event."""
    fields = [f.name for f in attrs.fields(type(event)) if f.name not in ("seq", "rule")]
    details = ", ".join(f"{name}={_value(getattr(event, name))}" for name in fields)
    if len(details) > _EVENT_TEXT:
        details = details[: _EVENT_TEXT - 1] + "…"
    return [type(event).__name__, event.rule, details]


def _why(event: coinlake.Explained) -> list[Any]:
    """``[Faction, rule, reason, rolls]`` of a Non-player's choice (8.1-8.8)."""
    who = "" if event.faction is None else str(event.faction)
    return [who, event.rule, event.reason, [f"d{sides}={value}" for sides, value in event.rolls]]


def _nodes(game: coinlake.Game) -> tuple[list[Any], list[Any]]:
    """Every node of the history tree, parents first (root, then in the order the journal
    made them), and the current line's nodes (root first)."""
    line = list(game.line())
    root = game.node
    while root.parent is not None:
        root = root.parent
    nodes = [root]
    seen = {root}
    for node in [entry.node for entry in game.journal()] + line:
        if node not in seen:
            seen.add(node)
            nodes.append(node)
    return nodes, [root, *line]


_WIDTH, _HEIGHT, _PAD = 640, 130, 28
"""The size of one chart panel and the margin on its left, in SVG units."""


def _scale(top: float, low: float, high: float) -> Callable[[float], float]:
    """The ``y`` of a value in a panel whose top is ``top`` and whose axis runs from ``low``
    to ``high``."""
    span = high - low
    return lambda v: top + _HEIGHT - (v - low) / span * _HEIGHT


def _plot(
    xs: Sequence[float],
    series: Sequence[Sequence[float]],
    top: int,
    label: str,
    *,
    zero: bool = False,
    bounds: tuple[float, float] | None = None,
    fmt: Callable[[float], str] = str,
) -> str:
    """One chart panel: a line per Faction through ``(xs[k], series[k][faction])`` (``xs``
    as fractions of the width), the axis from ``bounds`` or else from the values (and 0)."""
    if bounds is None:
        low: float = min(0, *(min(s) for s in series))
        high: float = max(1, *(max(s) for s in series))
    else:
        low, high = bounds
    y = _scale(top, low, high)
    out = [
        f'<text x="{_PAD}" y="{top - 6}" class="ch">{escape(label)}</text>',
        f'<rect x="{_PAD}" y="{top}" width="{_WIDTH}" height="{_HEIGHT}" class="cf"/>',
        f'<text x="{_PAD - 4}" y="{y(high) + 4:.1f}" class="ax">{fmt(high)}</text>',
        f'<text x="{_PAD - 4}" y="{y(low) + 4:.1f}" class="ax">{fmt(low)}</text>',
    ]
    if zero:
        out.append(f'<path d="M{_PAD} {y(0):.1f}h{_WIDTH}" class="zero"/>')
    for i, faction in enumerate(_ORDER):
        points = " ".join(
            f"{_PAD + x * _WIDTH:.1f},{y(s[i]):.1f}" for x, s in zip(xs, series, strict=True)
        )
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{svg.COLOURS[faction]}" '
            f'stroke-width="2" data-faction="{faction}"/>'
        )
    return "".join(out)


def _legend(top: int) -> str:
    return "".join(
        f'<rect x="{_PAD + 90 * i}" y="{top}" width="12" height="12" '
        f'fill="{svg.COLOURS[f]}"/><text x="{_PAD + 90 * i + 16}" y="{top + 11}">{f}</text>'
        for i, f in enumerate(_ORDER)
    )


def _chart(totals: Sequence[Sequence[int]], margins: Sequence[Sequence[int]]) -> str:
    """The victory totals (1.9) and margins (7.3) along the current line as inline SVG, one
    line per Faction, with a cursor (``#cl-cursor``) the script moves."""
    steps = max(1, len(totals) - 1)
    xs = [k / steps for k in range(len(totals))]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="cl-chart" '
        f'viewBox="0 0 {_WIDTH + 2 * _PAD} {2 * _HEIGHT + 92}" data-steps="{steps}">'
        + _plot(xs, totals, 20, "victory totals (1.9, 7.2)")
        + _plot(xs, margins, _HEIGHT + 60, "margins: total minus threshold (7.3)", zero=True)
        + _legend(2 * _HEIGHT + 74)
        + f'<path id="cl-cursor" d="M{_PAD} 14V{2 * _HEIGHT + 62}" class="cur" '
        f'data-width="{_WIDTH}"/></svg>'
    )


def _chances(table: EvaluationTable, steps: int) -> tuple[str, dict[str, Any]]:
    """The chances of winning of an evaluation (:mod:`coinlake.analysis.table`) as inline
    SVG on the scale of :func:`_chart` (``steps``: the current line's), with a cursor
    (``#cl-chance-cursor``) and a dot per Faction on its line that the script moves; and
    what the script needs for that: each evaluated step, its card, the chances and the
    points' coordinates."""
    top = 20
    xs = [min(step, steps) / steps for step in table.steps]
    label = f"chance of winning in %, evaluated {table.describe()}"
    y = _scale(top, 0.0, 1.0)
    dots = "".join(
        f'<circle r="4" cx="{_PAD}" cy="{y(table.wins[0][i]):.1f}" fill="{svg.COLOURS[f]}" '
        f'stroke="#fff" class="cl-dot" data-faction="{f}"/>'
        for i, f in enumerate(_ORDER)
    )
    picture = (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="cl-chances" '
        f'viewBox="0 0 {_WIDTH + 2 * _PAD} {_HEIGHT + 52}" data-steps="{steps}">'
        + _plot(xs, table.wins, top, label, bounds=(0.0, 1.0), fmt=lambda v: f"{v * 100:.0f}")
        + _legend(_HEIGHT + 34)
        + f'<path id="cl-chance-cursor" d="M{_PAD} 14V{_HEIGHT + 24}" class="cur" '
        f'data-width="{_WIDTH}"/>{dots}</svg>'
    )
    data = {
        "steps": list(table.steps),
        "cards": [
            "before the first card" if c is None else str(coinlake.CARDS[c]) for c in table.cards
        ],
        "win": [list(w) for w in table.wins],
        "x": [round(_PAD + x * _WIDTH, 1) for x in xs],
        "y": [[round(y(v), 1) for v in w] for w in table.wins],
    }
    return picture, data


def _branches(frames: list[dict[str, Any]], main: set[int]) -> str:
    """The history's branch points as HTML: at each position with more than one next
    command, every branch with its length, the one on the current line marked."""
    children: dict[int, list[int]] = {}
    for i, frame in enumerate(frames):
        if frame["up"] >= 0:
            children.setdefault(frame["up"], []).append(i)

    def length(i: int) -> int:
        n, here = 1, i
        while frames[here]["next"] >= 0:
            here, n = frames[here]["next"], n + 1
        return n

    items = []
    for point, kids in children.items():
        if len(kids) < 2:
            continue
        where = frames[point]
        branches = "".join(
            f'<li><a href="#" data-frame="{k}">{escape(frames[k]["cmd"])}</a> '
            f"({length(k)} steps{', current line' if k in main else ', left by an undo'})</li>"
            for k in kids
        )
        items.append(
            f'<li>after step {where["depth"]} (<a href="#" data-frame="{point}">'
            f"{escape(where['cmd'])}</a>):<ul>{branches}</ul></li>"
        )
    if not items:
        return "<p>One line: the log has no undone commands.</p>"
    return f"<ul>{''.join(items)}</ul>"


def html(game: coinlake.Game, *, title: str | None = None) -> str:
    """The replay page of ``game``'s whole history (see the module's description)."""
    if not isinstance(game, coinlake.Game):
        raise TypeError(f"html() replays a Game, not {type(game).__name__}")
    nodes, line = _nodes(game)
    index = {node: i for i, node in enumerate(nodes)}
    on_line = {index[node] for node in line}
    parts: dict[str, int] = {}
    head = tail = ""
    frames: list[dict[str, Any]] = []
    for node in nodes:
        head, body, tail = svg.parts(node.state, size=None)
        command = node.command
        if command is None:
            cmd = "set-up (2.1)" if node.parent is None else "reseed (2.2)"
        else:
            cmd = str(command)
        frames.append(
            {
                "p": [parts.setdefault(part, len(parts)) for part in body],
                "up": -1 if node.parent is None else index[node.parent],
                "next": -1,
                "depth": node.depth,
                "cmd": cmd,
                "who": "" if node.faction is None else str(node.faction),
                "ev": [_event(e) for e in node.events],
                "why": [_why(e) for e in node.events if isinstance(e, coinlake.Explained)],
                "line": index[node] in on_line,
            }
        )
    for i, frame in enumerate(frames):  # forward: along the current line, else the newest child
        up = frame["up"]
        if up >= 0 and (frame["line"] or not frames[up]["line"]):
            frames[up]["next"] = i
    totals = [[coinlake.victory_markers(n.state)[f] for f in _ORDER] for n in line]
    margins = [[coinlake.victory_margins(n.state)[f] for f in _ORDER] for n in line]
    state = game.state
    data: dict[str, Any] = {
        "head": head,
        "tail": tail,
        "parts": list(parts),
        "frames": frames,
        "line": [index[node] for node in line],
        "totals": totals,
        "margins": margins,
    }
    chances = ""
    table = latest_table(game)
    if table is not None:
        picture, data["chances"] = _chances(table, max(1, len(line) - 1))
        chances = (
            '<section id="chances">\n<h2>Chances of winning</h2>\n'
            f'{picture}\n<div id="cl-chance-text" class="muted"></div>\n</section>'
        )
    name = title or f"coinlake replay: {state.scenario} scenario, {len(line) - 1} steps"
    values = {
        "TITLE": escape(name),
        "CHANCES": chances,
        "CHART": _chart(totals, margins),
        "BRANCHES": _branches(frames, on_line),
        "DATA": _script_json(data),
    }
    return re.sub(r"\{\{([A-Z]+)\}\}", lambda m: values[m.group(1)], _template())


def _script_json(data: Any) -> str:
    """JSON safe inside ``<script>``: no ``</`` or ``<!--`` can close or comment it."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c")


def _template() -> str:
    return resources.files("coinlake.viewer").joinpath("viewer.html").read_text("utf-8")


def export_html(
    game: coinlake.Game, path: str | os.PathLike[str], *, title: str | None = None
) -> int:
    """Write :func:`html` of ``game`` to ``path``; returns the file's size in bytes."""
    data = html(game, title=title).encode("utf-8")
    Path(path).write_bytes(data)
    return len(data)


__all__ = ["export_html", "html"]
