"""A line chart of the four Factions' chances over a game, as self-contained SVG text.

>>> svg = win_chart([(0, {"US": 0.25, "ARVN": 0.25, "NVA": 0.25, "VC": 0.25}),
...                  (10, {"US": 0.5, "ARVN": 0.1, "NVA": 0.2, "VC": 0.2})])
>>> svg.startswith("<svg") and svg.count("<polyline") == 4
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

COLOURS = {"US": "#1f5fbf", "ARVN": "#d4a017", "NVA": "#b22222", "VC": "#2e8b57"}
"""A line colour per Faction."""
WIDTH, HEIGHT, PAD = 640, 320, 40


def win_chart(
    points: Sequence[tuple[int, Mapping[str, float]]], *, title: str = "chance of winning"
) -> str:
    """SVG of each Faction's chance (0..1) against the step (commands from the start):
    ``points`` are ``(step, {faction: chance})`` in step order."""
    if not points:
        raise ValueError("a chart needs at least one point")
    first, last = points[0][0], points[-1][0]
    span = max(1, last - first)

    def x(step: int) -> float:
        return PAD + (step - first) * (WIDTH - 2 * PAD) / span

    def y(chance: float) -> float:
        return HEIGHT - PAD - chance * (HEIGHT - 2 * PAD)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}"'
        f' viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(tick):.1f}" y2="{y(tick):.1f}"'
            f' stroke="#ddd"/><text x="4" y="{y(tick) + 4:.1f}">{tick:.0%}</text>'
        )
    parts.append(f'<text x="{PAD}" y="{HEIGHT - 8}">step {first}</text>')
    parts.append(f'<text x="{WIDTH - PAD}" y="{HEIGHT - 8}" text-anchor="end">step {last}</text>')
    for k, (faction, colour) in enumerate(COLOURS.items()):
        line = " ".join(f"{x(step):.1f},{y(chances[faction]):.1f}" for step, chances in points)
        parts.append(
            f'<polyline data-faction="{faction}" fill="none" stroke="{colour}"'
            f' stroke-width="2" points="{line}"/>'
        )
        parts.append(
            f'<text x="{PAD + 8 + 60 * k}" y="{PAD - 12}" fill="{colour}">{faction}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
