"""The public movement queries (``coinlake.patrol_reach``, ``sweep_origins``,
``transport_reach``, ``ambush_reach``) against path searches written here from the rule
texts (3.2.2, 3.2.3, 4.3.2, 4.4.3), on boards with NVA and VC pieces scattered at random.
The Non-players plan their moves with these queries, so they and the rules agree."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coinlake
from coinlake import SPACES, GameState, Piece
from coinlake.data.map import ADJACENT
from tests.conftest import put

IDS = tuple(s.id for s in SPACES)
LOC = {s.id: s.is_loc for s in SPACES}
CITY = {s.id: s.is_city for s in SPACES}
NORTH = {s.id for s in SPACES if not s.in_south and not s.in_laos_or_cambodia}
ENEMY = (Piece.NVA_GUERRILLA_UNDERGROUND, Piece.VC_GUERRILLA_ACTIVE, Piece.NVA_TROOPS)


def start() -> GameState:
    return coinlake.new_game("short", seed=1).state


def has_enemy(state: GameState, key: str) -> bool:
    return any(state.space(key).pieces[p] for p in Piece if p.faction.name in ("NVA", "VC"))


@st.composite
def boards(draw: st.DrawFn) -> GameState:
    """The Short scenario with up to 8 NVA or VC pieces added to LoCs and Cities."""
    state = start()
    places = [k for k in IDS if LOC[k] or CITY[k]]
    for key in draw(st.lists(st.sampled_from(places), max_size=8, unique=True)):
        piece = draw(st.sampled_from(ENEMY))
        if state.available[piece.box_form]:  # none left of this kind: the space stays empty
            state = put(state, key, {piece: 1})
    return state


def patrol_oracle(state: GameState, origin: str) -> set[str]:
    """3.2.2: step into adjacent LoCs and Cities; go on from each, unless it holds an NVA or
    VC piece."""
    found: set[str] = set()
    frontier = [n for n in ADJACENT[origin] if LOC[n] or CITY[n]]
    while frontier:
        n = frontier.pop()
        if n in found or n == origin:
            continue
        found.add(n)
        if not has_enemy(state, n):
            frontier += [m for m in ADJACENT[n] if LOC[m] or CITY[m]]
    return found


def sweep_oracle(state: GameState, destination: str) -> set[str]:
    """3.2.3: adjacent spaces, and spaces beyond an adjacent LoC with no NVA or VC piece."""
    out = set(ADJACENT[destination])
    for loc in ADJACENT[destination]:
        if LOC[loc] and not has_enemy(state, loc):
            out |= set(ADJACENT[loc])
    return out - {destination}


def transport_oracle(state: GameState, origin: str) -> set[str]:
    """4.3.2: onto an adjacent LoC, along LoCs and through Cities, then one step into any
    adjacent space; never into North Vietnam; stop on entering NVA or VC pieces (no Nguyen
    Khanh in the Short scenario's start)."""
    road: set[str] = set()
    frontier = [n for n in ADJACENT[origin] if LOC[n]]
    while frontier:
        n = frontier.pop()
        if n in road or n == origin or n in NORTH:
            continue
        road.add(n)
        if not has_enemy(state, n):
            frontier += [m for m in ADJACENT[n] if LOC[m] or CITY[m]]
    ends = set(road)
    for n in road:
        if not has_enemy(state, n):
            ends |= {m for m in ADJACENT[n] if m not in NORTH}
    return ends - {origin}


@pytest.mark.parametrize(
    ("query", "oracle"),
    [
        (coinlake.patrol_reach, patrol_oracle),  # 3.2.2
        (coinlake.sweep_origins, sweep_oracle),  # 3.2.3
        (coinlake.transport_reach, transport_oracle),  # 4.3.2
    ],
    ids=["patrol-3.2.2", "sweep-3.2.3", "transport-4.3.2"],
)
@settings(max_examples=40, deadline=None)
@given(state=boards())
def test_movement_queries_follow_the_rules(
    query: Callable[[GameState, str], tuple[str, ...]],
    oracle: Callable[[GameState, str], set[str]],
    state: GameState,
) -> None:
    """From (or into) every space: the same spaces as the search written from the rule, in
    map order."""
    for key in IDS:
        found = query(state, key)
        assert set(found) == oracle(state, key), key
        assert list(found) == sorted(found, key=IDS.index)


def test_ambush_reach_4_4_3() -> None:
    """From a LoC an Ambush may strike the LoC and every adjacent space; elsewhere only its
    own space."""
    for key in IDS:
        expected = {key, *ADJACENT[key]} if LOC[key] else {key}
        assert set(coinlake.ambush_reach(key)) == expected
        assert coinlake.ambush_reach(key)[0] == key


def test_a_guerrilla_on_the_loc_stops_a_patrol_3_2_2() -> None:
    """Saigon's cubes reach Can Tho along the empty LoC; an NVA Guerrilla on it stops them
    there."""
    state = start()
    assert "can-tho" in coinlake.patrol_reach(state, "saigon")
    blocked = put(state, "loc-saigon-can-tho", {Piece.NVA_GUERRILLA_UNDERGROUND: 1})
    reach = coinlake.patrol_reach(blocked, "saigon")
    assert "loc-saigon-can-tho" in reach and "can-tho" not in reach


def test_spaces_are_named_by_id_name_or_alias() -> None:
    state = start()
    by_id = coinlake.patrol_reach(state, "saigon")
    assert coinlake.patrol_reach(state, "Saigon") == by_id
    assert coinlake.sweep_origins(state, "Saigon") == coinlake.sweep_origins(state, "saigon")
    assert coinlake.transport_reach(state, "SAIGON") == coinlake.transport_reach(state, "saigon")
    with pytest.raises(KeyError, match="unknown space"):
        coinlake.patrol_reach(state, "Atlantis")
    with pytest.raises(KeyError, match="unknown space"):
        coinlake.ambush_reach("Atlantis")


def test_assault_removals_3_2_4() -> None:
    """US: 1 per Troop, 1 per 2 in Highland, 2 per Troop with a US Base; ARVN: 1 per 2 cubes,
    1 per 3 in Highland, Police counting only in Cities and on LoCs."""
    highland = next(s.id for s in SPACES if s.terrain is not None and s.terrain.value == "highland")
    lowland = next(s.id for s in SPACES if s.terrain is not None and s.terrain.value == "lowland")

    def counts(**n: int) -> list[int]:
        out = [0] * len(Piece)
        for name, k in n.items():
            out[Piece[name.upper()]] = k
        return out

    removals = coinlake.assault_removals
    assert removals(counts(us_troops=3), "US", lowland) == 3
    assert removals(counts(us_troops=3), "US", highland) == 1
    assert removals(counts(us_troops=3, us_base=1), "US", highland) == 6
    assert removals(counts(arvn_troops=2, arvn_police=2), "ARVN", lowland) == 1  # no Police
    assert removals(counts(arvn_troops=2, arvn_police=2), "ARVN", "Saigon") == 2  # a City
    assert removals(counts(arvn_troops=5), "ARVN", highland) == 1
    with pytest.raises(KeyError, match="unknown space"):
        removals(counts(), "US", "Atlantis")
