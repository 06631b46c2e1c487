"""The three scenarios' setup facts (rules 2.1 and the setup pages).

>>> SCENARIOS["short"].tracks["trail"]
2
"""

from __future__ import annotations

from attrs import frozen

from coinlake.data._load import load_json
from coinlake.data.cards import Side
from coinlake.data.pieces import PIECE_BY_TOKEN, Piece


@frozen
class ScenarioSetup:
    """What the setup pages print for one scenario: tracks, boxes, map, deck recipe."""

    name: str
    years: str
    tracks: dict[str, int]
    out_of_play: tuple[tuple[Piece, int], ...]
    support: tuple[tuple[str, int], ...]
    placements: tuple[tuple[str, Piece, int], ...]
    piles: int
    events_per_pile: int
    period_piles: tuple[str, ...]
    removed_cards: tuple[int, ...]
    pivotals_distributed: bool
    leader_box: tuple[int, ...]
    us_policy: str
    period_capabilities: tuple[tuple[int, Side], ...]
    victory_markers: dict[str, int]


def _build() -> dict[str, ScenarioSetup]:
    out = {}
    for s in load_json("scenarios.json"):
        out[s["name"].lower()] = ScenarioSetup(
            name=s["name"],
            years=s["years"],
            tracks=s["tracks"],
            out_of_play=tuple((PIECE_BY_TOKEN[k], v) for k, v in s["out_of_play"].items()),
            support=tuple((k, v) for k, v in s["support"].items()),
            placements=tuple(
                (p["space"], PIECE_BY_TOKEN[p["piece"]], p["count"]) for p in s["placements"]
            ),
            piles=s["piles"],
            events_per_pile=s["events_per_pile"],
            period_piles=tuple(s["period_piles"]),
            removed_cards=tuple(s["removed_cards"]),
            pivotals_distributed=s["pivotals_distributed"],
            leader_box=tuple(s["leader_box"]),
            us_policy=s["us_policy"],
            period_capabilities=tuple(
                (int(k), Side(v))
                for k, v in sorted(s["period_capabilities"].items(), key=lambda kv: int(kv[0]))
            ),
            victory_markers=s["victory_markers"],
        )
    return out


SCENARIOS: dict[str, ScenarioSetup] = _build()
FORCE_POOL: dict[Piece, int] = {
    PIECE_BY_TOKEN[k]: v for k, v in load_json("force_pool.json").items()
}
RANDOM_SPACES: dict[int, tuple[str, int]] = {
    r["roll"]: (r["space"], r["next"]) for r in load_json("random_spaces.json")
}
