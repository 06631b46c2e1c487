"""Build coinlake's package data from ``../shared/reference`` (facts only).

Run from the project root: ``python tools/build_data.py [REFERENCE_DIR]``. The outputs in
``coinlake/data/*.json`` are committed; ``tests/test_data.py`` checks they are current.
Card texts, rules tips and any sentence of GMT's are deliberately left out.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "coinlake" / "data"

# Scenario capability keys (reference data) -> card numbers (cards.json titles).
CAPABILITY_CARDS = {
    "cap_aaa": 31,
    "cap_mainForceBns": 104,
    "cap_sa2s": 34,
    "cap_searchAndDestroy": 28,
    "cap_arcLight": 8,
    "cap_m48Patton": 14,
}
# RVN Leader box contents at setup, bottom first (rulebook setup pages).
LEADER_BOX = {"Short": [125, 126], "Medium": [125, 126, 127], "Full": []}
# Spellings the rulebook itself uses (checklist errata 14).
EXTRA_ALIASES = {
    "the-fishhook": ["The Fish Hook"],
    "northeast-cambodia": ["Northeast Cambodia"],
    "loc-saigon-can-tho": ["Mekong"],
}
SUPPORT_LEVELS = {
    "activeSupport": 2,
    "passiveSupport": 1,
    "passiveOpposition": -1,
    "activeOpposition": -2,
}
PIECE_TOKENS = {
    "us-troops": "us-troops",
    "us-bases": "us-base",
    "us-irregulars": "us-irregular-u",
    "arvn-troops": "arvn-troops",
    "arvn-police": "arvn-police",
    "arvn-rangers": "arvn-ranger-u",
    "arvn-bases": "arvn-base",
    "nva-troops": "nva-troops",
    "nva-guerrillas": "nva-guerrilla-u",
    "nva-bases": "nva-base",
    "vc-guerrillas": "vc-guerrilla-u",
    "vc-bases": "vc-base",
}
FORCE_POOL_TOKENS = {
    ("US", "Troops"): "us-troops",
    ("US", "Bases"): "us-base",
    ("US", "Irregulars"): "us-irregular-u",
    ("ARVN", "Troops"): "arvn-troops",
    ("ARVN", "Police"): "arvn-police",
    ("ARVN", "Rangers"): "arvn-ranger-u",
    ("ARVN", "Bases"): "arvn-base",
    ("NVA", "Troops"): "nva-troops",
    ("NVA", "Guerrillas"): "nva-guerrilla-u",
    ("NVA", "Bases"): "nva-base",
    ("VC", "Guerrillas"): "vc-guerrilla-u",
    ("VC", "Bases"): "vc-base",
}


def build_map(ref: dict[str, Any]) -> list[dict[str, Any]]:
    spaces = []
    for s in ref["spaces"]:
        kinds = [s["locKind"].lower()] if s["locKind"] else []
        aliases = [a for a in s.get("aliases", []) if "(" not in a]
        label = s.get("routeLabel") or {}
        if label.get("confidence") in ("high", "medium"):
            aliases.append(label["label"])  # e.g. "Route 11", cited by rule 1.3.6
        aliases += EXTRA_ALIASES.get(s["id"], [])
        spaces.append(
            {
                "id": s["id"],
                "name": s["name"],
                "aliases": sorted(aliases),
                "type": s["type"].lower(),
                "population": s["population"],
                "econ": s["econ"],
                "terrain": s["terrain"].lower() if s["terrain"] else None,
                "country": s["country"].lower().replace(" ", "-"),
                "coastal": s["coastal"],
                "loc_kinds": kinds,
                "adjacent": sorted(s["adjacent"]),
            }
        )
    return spaces


def build_cards(ref: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "number": c["number"],
            "title": c["title"],
            "period": c["period"],
            "faction_order": c["factionOrder"],
            "dual": c["sides"] == "dual",
            "kind": c["kind"],
            "capability_of": c["capabilityOf"],
            "momentum_sides": c["momentumSides"],
            "pivotal_of": c["pivotalOf"],
            "rvn_leader": c["rvnLeader"],
        }
        for c in ref["cards"]
    ]


def build_scenarios(ref: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for s in ref["scenarios"]:
        deck = s["deck"]
        excluded = [int(x.split("-")[1]) for x in deck.get("excludedCardIds", [])]
        piles = [None] * deck["pileCount"]
        for f in deck["pileFilters"]:
            for pile in f["piles"]:
                piles[pile - 1] = f["metadataEquals"]["period"]
        t = s["tracks"]
        out.append(
            {
                "name": s["name"],
                "years": s["years"],
                "tracks": {
                    "aid": t["aid"],
                    "patronage": t["patronage"],
                    "trail": t["trail"],
                    "econ": t["totalEcon"],
                    "arvn_resources": t["arvnResources"],
                    "nva_resources": t["nvaResources"],
                    "vc_resources": t["vcResources"],
                },
                "out_of_play": {PIECE_TOKENS[o["piece"]]: o["count"] for o in s["outOfPlay"]},
                "support": {k: SUPPORT_LEVELS[v] for k, v in sorted(s["support"].items())},
                "placements": [
                    {
                        "space": p["space"],
                        "piece": (
                            "vc-base-t"
                            if p.get("tunneled") and p["piece"] == "vc-bases"
                            else PIECE_TOKENS[p["piece"]]
                        ),
                        "count": p["count"],
                    }
                    for p in s["placements"]
                ],
                "piles": deck["pileCount"],
                "events_per_pile": deck["eventsPerPile"],
                "period_piles": piles,
                "removed_cards": excluded,
                "pivotals_distributed": s["pivotalEventsDistributed"],
                "leader_box": LEADER_BOX[s["name"]],
                "us_policy": s["usPolicyIfNonPlayer"],
                "period_capabilities": {
                    str(CAPABILITY_CARDS[k]): v for k, v in s["capabilitiesIfPeriodEvents"].items()
                },
                "victory_markers": s["expectedVictoryMarkers_rulebook"],
            }
        )
    return out


def build_force_pool(ref: dict[str, Any]) -> dict[str, int]:
    return {
        FORCE_POOL_TOKENS[(faction, kind)]: n
        for faction, kinds in ref["forcePool"].items()
        for kind, n in kinds.items()
    }


def build_random_spaces(ref: dict[str, Any]) -> list[dict[str, Any]]:
    table = []
    for row in ref["table"]:
        nxt = row["next"]
        if row["roll"] == 63 and nxt == 63:
            nxt = 64  # known transcription error, see docs/rulings.md
        table.append({"roll": row["roll"], "space": row["space"], "next": nxt})
    return table


def build(reference: Path) -> dict[str, Any]:
    """Return every output file's content, keyed by file name."""

    def load(name: str) -> Any:
        return json.loads((reference / name).read_text(encoding="utf-8"))

    return {
        "map.json": build_map(load("map.json")),
        "cards.json": build_cards(load("cards.json")),
        "scenarios.json": build_scenarios(load("scenarios.json")),
        "force_pool.json": build_force_pool(load("force_pool.json")),
        "random_spaces.json": build_random_spaces(load("random_spaces_candidate.json")),
    }


def render(content: Any) -> str:
    return json.dumps(content, indent=1, sort_keys=True) + "\n"


def main() -> None:
    reference = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "reference"
    for name, content in build(reference).items():
        (OUT / name).write_text(render(content), encoding="utf-8")
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
