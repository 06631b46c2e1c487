"""The board as SVG: ``coinlake.svg.board(state)`` (interfaces layer, public API only).

The picture shows the whole game: the 47 spaces laid out schematically after the map's
geography (``coinlake/data/layout.json``, the project's own coordinates), the Lines of
Communication drawn between their Cities and Towns (1.3.4), every piece by Faction and form
(Underground or Active 1.4.3, Tunnels 1.4.4), Control (1.7), Support/Opposition (1.6),
Terror and Sabotage (3.3.4), and beside the map the tracks (Resources, Aid,
Patronage, Econ 1.8, the Trail 6.7), the four victory totals and margins (1.9, 7.2, 7.3),
Eligibility (2.3.1), the current and next card (2.2), Capabilities (5.3), Momentum (5.4),
the RVN Leader (2.4.1), the boxes off the map (1.4.1) and any Deception markers (7.3).

Each space is a ``<g class="space" data-space="<id>">`` element, so that a UI can hook
clicks; each piece form present is a ``<g class="piece" data-piece="<token>"
data-count="<n>">``. A Faction's view (``board(game.view("VC"))``) draws only what that
Faction may see: the view's state has the hidden parts already blanked (2.2, 7.3), and the
board shows no more than the state it is given (never the deck's order).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from html import escape
from importlib import resources
from typing import Any

import coinlake

MAP_WIDTH = 1100
PANEL_WIDTH = 460
WIDTH = MAP_WIDTH + PANEL_WIDTH
HEIGHT = 1800
"""The picture's coordinate system (``viewBox``): the map, then the panel to its right."""

COLOURS = {"US": "#4f7a28", "ARVN": "#e0b000", "NVA": "#c0281e", "VC": "#2f62b0"}
"""Each Faction's colour (its pieces, its chips on the panel)."""
_POLICE = "#e8731a"
_SUPPORT_NAMES = {
    2: "active-support",
    1: "passive-support",
    0: "neutral",
    -1: "passive-opposition",
    -2: "active-opposition",
}
_SUPPORT_LABELS = {2: "Active Sup.", 1: "Passive Sup.", -1: "Passive Opp.", -2: "Active Opp."}
_BOX = {"city": (66, 46), "province": (80, 52), "loc": (50, 27)}
"""Half width and half height of each type of space's box (before it grows for pieces)."""
_COLUMNS = {"city": 4, "province": 5, "loc": 3}
_CELL = (31, 21)

_STYLE = (
    "text{font-family:DejaVu Sans,Verdana,sans-serif;font-size:12px;fill:#222}"
    ".sea{fill:#cfe3ef}.land{fill:#e9e4d4}.lbl{font-size:22px;fill:#8a8470;font-weight:bold}"
    ".road{stroke:#7a5a32;stroke-width:5;fill:none;stroke-linecap:round}"
    ".river{stroke:#3d86c6;stroke-width:5;fill:none;stroke-linecap:round}"
    ".town{fill:#333}.tn{font-size:11px;font-style:italic}"
    ".bx{stroke:#555;stroke-width:1.5}.cty{stroke:#222;stroke-width:3}"
    ".loc .bx{fill:#f7f1e3;stroke:#7a5a32}.n{font-weight:bold;text-anchor:middle}"
    ".loc .n{font-size:10px}.info{font-size:10px;fill:#555}"
    ".s2{fill:#a9d59a}.s1{fill:#d6ecc9}.s0{fill:#f4f0e2}.s-1{fill:#f3d3cc}.s-2{fill:#e4a597}"
    ".ctl{font-size:10px;font-weight:bold;fill:#fff}.cb{stroke:#222}"
    ".mk{fill:#222}.mt{font-size:10px;font-weight:bold;fill:#fff;text-anchor:middle}"
    ".hl{fill:none;stroke:#ff00c8;stroke-width:5}"
    ".ct{font-size:11px;font-weight:bold}.h{font-size:15px;font-weight:bold}"
    ".pn{fill:#fbfaf5;stroke:#999}.bar{fill:#ddd}.muted{fill:#777}"
)


@cache
def _layout() -> dict[str, Any]:
    text = resources.files("coinlake.data").joinpath("layout.json").read_text("utf-8")
    layout: dict[str, Any] = json.loads(text)
    return layout


@cache
def _keys() -> dict[str, str]:
    """Every space's id, name and aliases, normalised, to its id (for ``highlight``)."""
    keys = {}
    for sp in coinlake.SPACES:
        for key in (sp.id, sp.name, *sp.aliases):
            keys[_norm(key)] = sp.id
    return keys


def _norm(key: str) -> str:
    return " ".join(key.lower().replace("-", " ").replace("'", "").split())


def space_id(key: str) -> str:
    """The id of the space named by ``key`` (id, name or alias, any case); ``ValueError``
    for a name no space has."""
    found = _keys().get(_norm(key)) if isinstance(key, str) else None
    if found is None:
        raise ValueError(f"no space named {key!r}"[:200])
    return found


def _point(name: str) -> tuple[float, float]:
    layout = _layout()
    x, y = layout["spaces"][name] if name in layout["spaces"] else layout["towns"][name]
    return float(x), float(y)


def _piece_symbol(piece: coinlake.Piece) -> str:
    """The ``<symbol>`` of one piece form, 18 x 18 around its centre (legend on the panel)."""
    colour = _POLICE if piece is coinlake.Piece.ARVN_POLICE else COLOURS[piece.faction.value]
    kind = piece.kind.value
    if kind == "base":
        shape = f'<path d="M-9 8V-2L0-9 9-2V8Z" fill="{colour}" stroke="#111" stroke-width="1.5"/>'
        if piece.tunneled:
            shape += '<circle r="3.5" cy="2" fill="#111"/>'
    elif piece.is_cube:
        shape = f'<rect x="-7" y="-7" width="14" height="14" fill="{colour}" stroke="#111"/>'
    else:  # Guerrillas, Irregulars, Rangers: a cylinder seen from above (1.4.3)
        if piece.underground:
            shape = (
                f'<circle r="7.5" fill="#fff" stroke="{colour}" stroke-width="3.5"/>'
                f'<circle r="2.5" fill="{colour}"/>'
            )
        else:
            shape = f'<circle r="8" fill="{colour}" stroke="#111" stroke-width="1.5"/>'
            if kind in ("irregular", "ranger"):
                shape += '<path d="M-4 0H4M0-4V4" stroke="#fff" stroke-width="2"/>'
    return f'<symbol id="cl-{piece.token}" overflow="visible">{shape}</symbol>'


@cache
def _defs() -> str:
    return "<defs>" + "".join(_piece_symbol(p) for p in coinlake.Piece) + "</defs>"


@cache
def _static_map() -> str:
    """What never changes: sea, land, labels, the LoCs' roads and rivers, the Towns."""
    layout = _layout()
    out = [
        f'<rect class="sea" width="{MAP_WIDTH}" height="{HEIGHT}"/>',
        '<path class="land" d="M0 0H900L880 240 990 420 1060 700 1070 1250 900 1480 850 1800H0Z"/>',
    ]
    for text, (x, y) in layout["labels"].items():
        out.append(f'<text class="lbl" x="{x}" y="{y}">{escape(text)}</text>')
    kinds = {sp.id: sp.loc_kinds for sp in coinlake.SPACES}
    for loc, path in layout["loc_paths"].items():
        points = " ".join(f"{x:g},{y:g}" for x, y in (_point(p) for p in path))
        cls = "river" if "mekong" in kinds[loc] else "road"
        out.append(f'<polyline class="{cls}" points="{points}"/>')
    for town, (x, y) in layout["towns"].items():
        out.append(
            f'<circle class="town" cx="{x}" cy="{y}" r="5"/>'
            f'<text class="tn" x="{x + 8}" y="{y + 4}">{escape(town)}</text>'
        )
    return "".join(out)


def _pieces(
    counts: Iterable[tuple[coinlake.Piece, int]], left: float, top: float, cols: int
) -> str:
    out = []
    for i, (piece, n) in enumerate(counts):
        x = left + (i % cols) * _CELL[0] + 9
        y = top + (i // cols) * _CELL[1] + 9
        out.append(
            f'<g class="piece" data-piece="{piece.token}" data-count="{n}" '
            f'transform="translate({x:g},{y:g})"><use href="#cl-{piece.token}"/>'
            f'<text class="ct" x="10" y="4">{n}</text></g>'
        )
    return "".join(out)


def _space(state: coinlake.GameState, sp: coinlake.data.Space, highlighted: bool) -> str:
    """One space's ``<g>``: its box, name, Population/Econ, Support, Control, markers and
    pieces."""
    contents = state.space(sp.id)
    x, y = _point(sp.id)
    kind = sp.type.value
    hw, hh = _BOX[kind]
    cols = _COLUMNS[kind]
    present = [(p, contents.pieces[p]) for p in coinlake.Piece if contents.pieces[p]]
    rows = max(1, -(-len(present) // cols))
    extra = max(0, rows - (2 if kind == "loc" else 3)) * _CELL[1]
    top, bottom = -hh, hh + extra
    support = int(contents.support)
    control = coinlake.control(state, sp.id).value
    attrs = f'data-space="{sp.id}" data-support="{_SUPPORT_NAMES[support]}"'
    if kind != "loc":
        attrs += f' data-control="{control}"'
    markers = [
        (word, n) for word, n in (("Terror", contents.terror), ("Sabotage", contents.sabotage)) if n
    ]
    for word, n in markers:
        attrs += f' data-{word.lower()}="{n}"'
    fill = "" if kind == "loc" else f" s{support}"
    out = [
        f'<g class="space {kind}" {attrs} transform="translate({x:g},{y:g})">',
        f"<title>{escape(sp.name)}</title>",
        f'<rect class="bx{fill}{" cty" if sp.is_city else ""}" x="{-hw}" y="{top}" '
        f'width="{2 * hw}" height="{bottom - top}" rx="{4 if sp.is_city else 10}"/>',
    ]
    name = sp.name.replace(" -- ", "\N{EN DASH}")
    out.append(f'<text class="n" y="{top + 13}">{escape(name)}</text>')
    if kind != "loc":
        info = f"Pop {sp.population}" + (f" · {sp.terrain.value}" if sp.terrain else "")
        out.append(f'<text class="info" x="{-hw + 4}" y="{top + 25}">{escape(info)}</text>')
        if support:
            label = _SUPPORT_LABELS[support]
            out.append(
                f'<text class="info" x="{hw - 4}" y="{top + 25}" text-anchor="end">{label}</text>'
            )
        if control != "none":
            colour = "#4f7a28" if control == "coin" else COLOURS["NVA"]
            out.append(
                f'<rect class="cb" x="{hw - 34}" y="{top - 9}" width="36" height="15" '
                f'rx="3" fill="{colour}"/><text class="ctl" x="{hw - 31}" y="{top + 2}">'
                f"{control.upper()}</text>"
            )
    elif sp.econ:
        out.append(f'<text class="info" x="{-hw + 4}" y="{top + 24}">Econ {sp.econ}</text>')
    left = -hw - 6
    for word, n in markers:  # 3.3.4: Terror on Cities and Provinces, Sabotage on LoCs
        label = word if n == 1 else f"{word} x{n}"
        width = len(label) * 7 + 8
        out.append(
            f'<rect class="mk" x="{left}" y="{top - 9}" width="{width}" height="15" rx="3"/>'
            f'<text class="mt" x="{left + width / 2:g}" y="{top + 2}">{label}</text>'
        )
        left += width + 4
    out.append(_pieces(present, -hw + 4, top + (20 if kind == "loc" else 30), cols))
    if highlighted:
        out.append(
            f'<rect class="hl" x="{-hw - 4}" y="{top - 4}" width="{2 * hw + 8}" '
            f'height="{bottom - top + 8}" rx="12"/>'
        )
    out.append("</g>")
    return "".join(out)


def _card(number: int | None) -> str:
    if number is None:
        return "none"
    card = coinlake.CARDS[number]
    return f"#{number} {card.title}"


class _Panel:
    """The panel beside the map, written top to bottom."""

    def __init__(self) -> None:
        self.x = MAP_WIDTH + 20
        self.y = 20
        self.out: list[str] = []
        self.sections = [self.out]

    def heading(self, text: str) -> None:
        """Start a section (each is a part of its own, :func:`parts`) with its heading."""
        self.out = []
        self.sections.append(self.out)
        self.y += 26
        self.out.append(f'<text class="h" x="{self.x}" y="{self.y}">{escape(text)}</text>')
        self.y += 6

    def line(self, text: str, attrs: str = "", indent: int = 0, cls: str = "") -> None:
        self.y += 17
        c = f' class="{cls}"' if cls else ""
        self.out.append(
            f'<text{c} x="{self.x + indent}" y="{self.y}" {attrs}>{escape(text)}</text>'
        )

    def bar(
        self, label: str, value: int, top: int, attrs: str, colour: str = "#666", mark: int = 0
    ) -> None:
        """A labelled bar of ``value`` on a ``top``-long track; ``mark``: a threshold tick."""
        self.y += 18
        x, y = self.x + 150, self.y
        width = 220 * max(0, min(value, top)) / top
        tick = (
            f'<path d="M{x + 220 * mark / top:g} {y - 14}v19" stroke="#111" '
            'stroke-dasharray="2 2"/>'
            if mark
            else ""
        )
        self.out.append(
            f'<g {attrs}><text x="{self.x}" y="{y}">{escape(label)}</text>'
            f'<rect class="bar" x="{x}" y="{y - 11}" width="220" height="13"/>'
            f'<rect x="{x}" y="{y - 11}" width="{width:g}" height="13" fill="{colour}"/>'
            f'{tick}<text class="ct" x="{x + 228}" y="{y}">{value}</text></g>'
        )

    def chip(self, faction: str, indent: int = 0) -> None:
        self.out.append(
            f'<rect x="{self.x + indent}" y="{self.y - 10}" width="12" height="12" '
            f'fill="{COLOURS[faction]}"/>'
        )


def _panel(state: coinlake.GameState, faction: coinlake.Faction | None) -> list[str]:
    p = _Panel()
    result = state.result
    title = f"Fire in the Lake · {state.scenario.title()} scenario"
    p.out.append(
        f'<rect class="pn" x="{MAP_WIDTH}" y="0" width="{PANEL_WIDTH}" height="{HEIGHT}"/>'
    )
    p.heading(title)
    phase = state.phase.value + (f" ({state.coup_phase.value})" if state.coup_phase else "")
    p.line(f"after {state.seq} commands · phase: {phase}", f'data-seq="{state.seq}"')
    if faction is not None:
        p.line(f"as {faction} sees it", f'data-view="{faction}"', cls="muted")
    if result is not None:
        winner = "+".join(str(f) for f in result.winner) or "nobody"
        p.line(f"game over ({result.rule}): {result.outcome}, winner {winner}", 'data-result=""')

    p.heading("Cards (2.2)")
    p.line(
        f"current: {_card(state.current_card)}",
        f'data-card="current" data-number="{state.current_card or 0}"',
    )
    p.line(
        f"next: {_card(state.next_card)}", f'data-card="next" data-number="{state.next_card or 0}"'
    )
    p.line(f"draw deck: {len(state.deck)} cards · played: {len(state.played)}")
    leader = state.rvn_leader
    name = "Duong Van Minh" if leader is None else coinlake.CARDS[leader].title
    p.line(f"RVN Leader (2.4.1): {name}", f'data-leader="{leader or 0}"')

    p.heading("Eligibility (2.3.1)")
    for f in coinlake.Faction:
        done = [what for who, what in state.turn.acted if who is f]
        if f in state.turn.passed:
            done.append("passed")
        status = "Eligible" if state.eligible(f) else "Ineligible"
        extra = f" · this card: {', '.join(done)}" if done else ""
        p.line(
            f"{f}: {status}{extra}",
            f'data-eligibility="{f}" data-value="{status.lower()}"',
            indent=18,
        )
        p.chip(f.value)

    p.heading("Tracks (1.8, 6.7)")
    for label, track, top, colour in (
        ("ARVN Resources", coinlake.Track.ARVN_RESOURCES, 75, COLOURS["ARVN"]),
        ("NVA Resources", coinlake.Track.NVA_RESOURCES, 75, COLOURS["NVA"]),
        ("VC Resources", coinlake.Track.VC_RESOURCES, 75, COLOURS["VC"]),
        ("Aid", coinlake.Track.AID, 75, "#666"),
        ("Patronage", coinlake.Track.PATRONAGE, 75, "#666"),
        ("Econ", coinlake.Track.ECON, 75, "#666"),
        ("Trail", coinlake.Track.TRAIL, 4, COLOURS["NVA"]),
    ):
        value = state.track(track)
        p.bar(label, value, top, f'data-track="{track.name.lower()}" data-value="{value}"', colour)

    p.heading("Victory (1.9, 7.2): total, margin (7.3)")
    markers = coinlake.victory_markers(state)
    margins = coinlake.victory_margins(state)
    for f in coinlake.Faction:
        p.bar(
            f"{f} {margins[f]:+d}",
            markers[f],
            75,
            f'data-victory="{f}" data-value="{markers[f]}" data-margin="{margins[f]}"',
            COLOURS[f.value],
            markers[f] - margins[f],
        )

    p.heading("Capabilities (5.3)")
    for number, side in state.capabilities:
        p.line(f"{_card(number)} ({side.value})", f'data-capability="{number}"', indent=6)
    if not state.capabilities:
        p.line("none", cls="muted", indent=6)
    p.heading("Momentum (5.4)")
    for number in state.momentum:
        p.line(_card(number), f'data-momentum="{number}"', indent=6)
    if not state.momentum:
        p.line("none", cls="muted", indent=6)
    if state.deception:
        p.heading("Deception markers (7.3)")
        for marker in state.deception:
            owner = "+".join(str(f) for f in marker.owner)
            shown = " (revealed)" if marker.revealed else ""
            p.line(f"{owner}: {marker.kind}{shown}", f'data-deception="{marker.kind}"', indent=6)

    p.heading("Off the map (1.4.1)")
    for box, counts in (
        ("Available", state.available),
        ("Casualties", state.casualties),
        ("Out of Play", state.out_of_play),
    ):
        per = {
            f: sum(n for piece, n in zip(coinlake.Piece, counts, strict=True) if piece.faction is f)
            for f in coinlake.Faction
        }
        text = " · ".join(f"{f} {per[f]}" for f in coinlake.Faction)
        p.line(f"{box}: {text}", f'data-box="{box.lower()}"')

    p.heading("Pieces")
    for i, piece in enumerate(coinlake.Piece):
        x = p.x + 10 + (i % 2) * 215
        y = p.y + 16 + (i // 2) * 22
        status = "Underground" if piece.underground else "Active" if piece.active else ""
        words = f"{piece.faction} {'Tunneled ' if piece.tunneled else ''}{piece.kind.value}"
        words += f" ({status})" if status else ""
        p.out.append(
            f'<use href="#cl-{piece.token}" x="{x}" y="{y}"/>'
            f'<text class="info" x="{x + 13}" y="{y + 4}">{escape(words)}</text>'
        )
    return ["".join(section) for section in p.sections if section]


def _resolve(
    subject: coinlake.GameState | coinlake.GameView | coinlake.Game,
) -> tuple[coinlake.GameState, coinlake.Faction | None]:
    if isinstance(subject, coinlake.GameView):
        return subject.state, subject.faction
    if isinstance(subject, coinlake.Game):
        return subject.state, None
    if isinstance(subject, coinlake.GameState):
        return subject, None
    raise TypeError(f"board() draws a GameState, GameView or Game, not {type(subject).__name__}")


def parts(
    subject: coinlake.GameState | coinlake.GameView | coinlake.Game,
    *,
    size: int | None = 900,
    highlight: Iterable[str] = (),
) -> tuple[str, list[str], str]:
    """The pieces :func:`board` joins: the opening (``<svg>``, styles, symbols and the map
    that never changes), one part per space and the panel, and the closing tag. A viewer
    of many positions (``coinlake.viewer``) stores each distinct part once."""
    state, faction = _resolve(subject)
    if size is not None and (type(size) is not int or size <= 0):
        raise ValueError(f"size is a width in pixels (a positive int) or None, not {size!r}")
    if isinstance(highlight, str):
        highlight = (highlight,)
    marked = {space_id(key) for key in highlight}
    dims = "" if size is None else f' width="{size}" height="{round(size * HEIGHT / WIDTH)}"'
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"{dims} '
        f'class="coinlake-board"><style>{_STYLE}</style>{_defs()}{_static_map()}'
    )
    body = [_space(state, sp, sp.id in marked) for sp in coinlake.SPACES]
    body.extend(_panel(state, faction))
    return head, body, "</svg>"


def board(
    subject: coinlake.GameState | coinlake.GameView | coinlake.Game,
    *,
    size: int | None = 900,
    highlight: Iterable[str] = (),
) -> str:
    """The board of ``subject`` as SVG text.

    ``subject``: a :class:`~coinlake.GameState`, a Faction's :class:`~coinlake.GameView`
    (``game.view("NVA")``: only what it may see) or a :class:`~coinlake.Game` (its current
    state). ``size``: the width in pixels (``None``: scale to the container).
    ``highlight``: spaces (id, name or alias) to outline, e.g. the spaces of an Operation.

    >>> import coinlake
    >>> svg = coinlake.svg.board(coinlake.new_game("short", seed=1).state)
    >>> svg.startswith("<svg") and 'data-space="saigon"' in svg
    True
    """
    head, body, tail = parts(subject, size=size, highlight=highlight)
    return head + "".join(body) + tail
