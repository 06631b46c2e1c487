"""A game's replay as one self-contained, offline HTML file (interfaces layer, public API).

``coinlake.viewer.html(game)`` returns the page; ``export_html(game, path)`` writes it
(``coinlake export-html game.fitl -o game.html``). The page needs no server and loads
nothing: its styles, script and data are inline. It shows the board
(:func:`coinlake.svg.board`) at every position of the game's history tree -- the current
line and any branch an undo left behind -- with first/back/forward/last buttons, a slider
and the keyboard (arrows, Home, End); for each step the command, the Faction that gave it,
its events with their rule numbers and the Non-players' reasons (``Explained`` events,
8.1-8.8); a chart of the four victory totals and margins along the current line (1.9, 7.2,
7.3); and the branch points of the history where the log has undos.

Each distinct part of a board (a space's drawing, the panel) is stored once and every step
lists the parts it shows, so a step that changes one space costs one new part.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from enum import Enum
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

import coinlake
from coinlake import svg

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


def _chart(totals: Sequence[Sequence[int]], margins: Sequence[Sequence[int]]) -> str:
    """The victory totals (1.9) and margins (7.3) along the current line as inline SVG, one
    line per Faction, with a cursor (``#cl-cursor``) the script moves."""
    width, height, pad = 640, 130, 28
    steps = max(1, len(totals) - 1)

    def plot(series: Sequence[Sequence[int]], top: int, label: str, zero: bool) -> str:
        low = min(0, *(min(s) for s in series))
        high = max(1, *(max(s) for s in series))
        span = high - low

        def y(v: float) -> float:
            return top + height - (v - low) / span * height

        out = [
            f'<text x="{pad}" y="{top - 6}" class="ch">{escape(label)}</text>',
            f'<rect x="{pad}" y="{top}" width="{width}" height="{height}" class="cf"/>',
            f'<text x="{pad - 4}" y="{y(high) + 4:.1f}" class="ax">{high}</text>',
            f'<text x="{pad - 4}" y="{y(low) + 4:.1f}" class="ax">{low}</text>',
        ]
        if zero:
            out.append(f'<path d="M{pad} {y(0):.1f}h{width}" class="zero"/>')
        for i, faction in enumerate(_ORDER):
            points = " ".join(
                f"{pad + k / steps * width:.1f},{y(s[i]):.1f}" for k, s in enumerate(series)
            )
            out.append(
                f'<polyline points="{points}" fill="none" stroke="{svg.COLOURS[faction]}" '
                f'stroke-width="2" data-faction="{faction}"/>'
            )
        return "".join(out)

    legend = "".join(
        f'<rect x="{pad + 90 * i}" y="{2 * height + 74}" width="12" height="12" '
        f'fill="{svg.COLOURS[f]}"/><text x="{pad + 90 * i + 16}" y="{2 * height + 85}">{f}</text>'
        for i, f in enumerate(_ORDER)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="cl-chart" '
        f'viewBox="0 0 {width + 2 * pad} {2 * height + 92}" data-steps="{steps}">'
        + plot(totals, 20, "victory totals (1.9, 7.2)", False)
        + plot(margins, height + 60, "margins: total minus threshold (7.3)", True)
        + legend
        + f'<path id="cl-cursor" d="M{pad} 14V{2 * height + 62}" class="cur" '
        f'data-width="{width}"/></svg>'
    )


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
    data = {
        "head": head,
        "tail": tail,
        "parts": list(parts),
        "frames": frames,
        "line": [index[node] for node in line],
        "totals": totals,
        "margins": margins,
    }
    name = title or f"coinlake replay: {state.scenario} scenario, {len(line) - 1} steps"
    values = {
        "TITLE": escape(name),
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
