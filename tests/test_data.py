"""The data layer: map (1.3), Force Pool (1.2, 1.4), cards (2.3.2, 2.3.8, 2.4, setup pages),
Random Spaces (8.2), and the check that ``coinlake/data/*.json`` is built from the reference."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from coinlake.data import CARDS, FORCE_POOL, RANDOM_SPACES, SPACES, Faction, Piece
from coinlake.data.cards import CardKind
from coinlake.data.map import Country, SpaceType, adjacent, space, space_index
from tests.conftest import REFERENCE, ROOT


# -- 1.3 the map ------------------------------------------------------------------------
def test_map_has_47_spaces_8_cities_22_provinces_17_locs_1_3_1() -> None:
    kinds = Counter(s.type for s in SPACES)
    assert len(SPACES) == 47
    assert kinds == {SpaceType.CITY: 8, SpaceType.PROVINCE: 22, SpaceType.LOC: 17}


def test_space_ids_are_unique_and_index_matches_position() -> None:
    """1.3.1: every map space has its own id; ``index`` orders per-space state."""
    assert len({s.id for s in SPACES}) == 47
    assert [s.index for s in SPACES] == list(range(47))


def test_adjacency_is_symmetric_and_irreflexive_1_3_6() -> None:
    for s in SPACES:
        assert s.index not in s.adjacent, s.name
        for other in s.adjacent:
            assert s.index in SPACES[other].adjacent, (s.name, SPACES[other].name)


def test_map_is_connected_1_3() -> None:
    seen = {0}
    todo = deque([0])
    while todo:
        for n in SPACES[todo.popleft()].adjacent:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 47


@pytest.mark.parametrize(
    ("key", "expected_id"),
    [
        ("hue", "hue"),  # id
        ("Hue", "hue"),  # name
        ("HUE", "hue"),  # case-insensitive
        ("quang-tri-thua-thien", "quang-tri-thua-thien"),
        ("Quang Tri-Thua Thien", "quang-tri-thua-thien"),
        ("Quang Tri", "quang-tri-thua-thien"),  # alias (rulebook spelling)
        ("Route 11", "loc-cam-ranh-da-lat"),  # 1.3.6 example
        ("Route 21", "loc-ban-me-thuot-da-lat"),  # 1.3.6 example
        ("The Fish Hook", "the-fishhook"),  # R9: setup-page spelling
        ("The Fishhook", "the-fishhook"),
        ("NE Cambodia", "northeast-cambodia"),  # R9
        ("Northeast Cambodia", "northeast-cambodia"),
        ("The Parrot's Beak", "the-parrots-beak"),
        ("The Parrot\u2019s Beak", "the-parrots-beak"),  # the rulebook's apostrophe
        ("Binh Tuy", "binh-tuy-binh-thuan"),
        ("Kien Hoa", "kien-hoa-vinh-binh"),
        ("Phu Bon", "phu-bon-phu-yen"),
        ("Pleiku", "pleiku-darlac"),
        ("Quang Duc", "quang-duc-long-khanh"),
    ],
)
def test_lookup_by_id_name_or_alias_1_3(key: str, expected_id: str) -> None:
    assert space(key).id == expected_id


def test_lookup_by_index_and_unknown_names_1_3() -> None:
    assert space(6).id == "saigon"
    assert space_index("Saigon") == 6 == space("saigon").index
    with pytest.raises(KeyError):
        space("Atlantis")
    with pytest.raises(KeyError):
        space(47)
    with pytest.raises(KeyError):
        space(-1)


def test_quang_duc_adjacent_to_route_11_via_da_lat_1_3_6() -> None:
    """1.3.6 EXAMPLE: a Province and a LoC separated by a Town are adjacent."""
    assert space("Route 11").is_loc
    assert adjacent("Quang Duc", "Route 11")
    assert adjacent("Route 11", "Quang Duc")


def test_quang_duc_adjacent_to_khanh_hoa_across_route_21_1_3_6() -> None:
    """1.3.6 EXAMPLE: Provinces separated only by a LoC are adjacent."""
    assert space("Route 21").is_loc
    assert adjacent("Quang Duc", "Route 21") and adjacent("Khanh Hoa", "Route 21")
    assert adjacent("Quang Duc", "Khanh Hoa")


def test_adjacencies_used_by_rule_examples_3_2_3_and_3_3_2() -> None:
    """3.2.3 Sweep example: Cam Ranh Troops reach Route 11, Binh Tuy borders Quang Duc;
    3.3.2 March example: The Parrot's Beak borders Kien Phong."""
    assert adjacent("Cam Ranh", "Route 11")
    assert adjacent("Binh Tuy", "Quang Duc")
    assert adjacent("The Parrot's Beak", "Kien Phong")


def test_two_econ_mekong_loc_touches_exactly_four_spaces_4_4_3() -> None:
    """4.4.3 EXAMPLE: the 2-Econ Mekong LoC touches Kien Phong, Kien Hoa, Can Tho, Saigon."""
    two_econ = [s for s in SPACES if s.is_loc and s.econ == 2]
    assert len(two_econ) == 1
    mekong = two_econ[0]
    assert "mekong" in mekong.loc_kinds
    neighbours = {SPACES[i].id for i in mekong.adjacent}
    expected = {space(k).id for k in ("Kien Phong", "Kien Hoa", "Can Tho", "Saigon")}
    assert neighbours == expected


def test_total_loc_econ_is_15_1_3_4() -> None:
    """1.3.4/6.2.3 and every scenario's setup list: Total Econ 15 with no Sabotage."""
    assert sum(s.econ for s in SPACES if s.is_loc) == 15
    assert all(s.econ in (0, 1, 2) for s in SPACES if s.is_loc)
    assert all(s.econ == 0 for s in SPACES if not s.is_loc)


def test_each_loc_has_one_kind_highway_or_mekong_1_3_4() -> None:
    """Ruling R8: each LoC is Highway or Mekong (never both); only LoCs have a kind."""
    for s in SPACES:
        if s.is_loc:
            assert len(s.loc_kinds) == 1 and s.loc_kinds[0] in ("highway", "mekong"), s.id
        else:
            assert s.loc_kinds == (), s.id
    mekong = {s.id for s in SPACES if "mekong" in s.loc_kinds}
    assert all(space("Can Tho").index in space(m).adjacent for m in mekong)


def test_populations_1_3_2_1_3_3_1_3_4() -> None:
    """Provinces have Pop 0-2 (1.3.2); Cities 1, 2 or 6 (1.3.3), Saigon 6; LoCs none."""
    for s in SPACES:
        if s.is_city:
            assert s.population in (1, 2, 6), s.id
        elif s.is_province:
            assert s.population in (0, 1, 2), s.id
            assert s.terrain is not None, s.id
        else:
            assert s.population == 0, s.id
            assert not s.can_have_support
    assert space("Saigon").population == 6


def test_foreign_countries_1_3_5() -> None:
    """North Vietnam, Laos (2 Provinces) and Cambodia (4); everything else is the South."""
    by_country = Counter(s.country for s in SPACES)
    assert by_country == {
        Country.SOUTH_VIETNAM: 40,
        Country.NORTH_VIETNAM: 1,
        Country.LAOS: 2,
        Country.CAMBODIA: 4,
    }
    laos = {s.id for s in SPACES if s.country is Country.LAOS}
    cambodia = {s.id for s in SPACES if s.country is Country.CAMBODIA}
    assert laos == {space("Central Laos").id, space("Southern Laos").id}
    assert cambodia == {
        space(k).id for k in ("NE Cambodia", "The Fish Hook", "The Parrot's Beak", "Sihanoukville")
    }
    foreign = [s for s in SPACES if s.country is not Country.SOUTH_VIETNAM]
    assert all(s.is_province and not s.in_south for s in foreign)
    assert all(s.in_south for s in SPACES if s.country is Country.SOUTH_VIETNAM)


def test_north_vietnam_adjacency_1_3_5() -> None:
    """North Vietnam borders Central Laos, Quang Tri and the Hue-Khe Sanh LoC only."""
    nv = space("North Vietnam")
    assert nv.country is Country.NORTH_VIETNAM
    assert {SPACES[i].id for i in nv.adjacent} == {
        space("Central Laos").id,
        space("Quang Tri").id,
        space("Highway 9").id,
    }


# -- 1.2 / 1.4 Force Pool ----------------------------------------------------------------
def test_force_pool_is_229_pieces_by_faction_1_2() -> None:
    assert sum(FORCE_POOL.values()) == 229
    by_faction = Counter[Faction]()
    for piece, n in FORCE_POOL.items():
        by_faction[piece.faction] += n
    assert by_faction == {Faction.US: 52, Faction.ARVN: 69, Faction.NVA: 69, Faction.VC: 39}


def test_force_pool_per_piece_type_1_4() -> None:
    assert FORCE_POOL == {
        Piece.US_TROOPS: 40,
        Piece.US_BASE: 6,
        Piece.US_IRREGULAR_UNDERGROUND: 6,
        Piece.ARVN_TROOPS: 30,
        Piece.ARVN_POLICE: 30,
        Piece.ARVN_RANGER_UNDERGROUND: 6,
        Piece.ARVN_BASE: 3,
        Piece.NVA_TROOPS: 40,
        Piece.NVA_GUERRILLA_UNDERGROUND: 20,
        Piece.NVA_BASE: 9,
        Piece.VC_GUERRILLA_UNDERGROUND: 30,
        Piece.VC_BASE: 9,
    }
    # Force Pool pieces are in their box form (1.4.1): Underground, no Tunnel.
    assert all(p.box_form is p for p in FORCE_POOL)


# -- cards ---------------------------------------------------------------------------------
def test_130_cards_numbered_1_to_130_1_2() -> None:
    assert sorted(CARDS) == list(range(1, 131))
    assert all(CARDS[n].number == n for n in CARDS)


def test_card_kinds_120_events_6_coups_4_pivotals_setup_deck_preparation() -> None:
    """Setup, Deck Preparation (2.1): 6 Coup cards, 4 Pivotal Events, 120 other Event cards."""
    kinds = Counter(c.kind for c in CARDS.values())
    assert kinds == {CardKind.EVENT: 120, CardKind.COUP: 6, CardKind.PIVOTAL: 4}
    assert [n for n, c in CARDS.items() if c.kind is CardKind.COUP] == list(range(125, 131))
    assert [n for n, c in CARDS.items() if c.kind is CardKind.PIVOTAL] == list(range(121, 125))


def test_pivotal_events_and_their_owners_2_3_8() -> None:
    """One Pivotal Event per Faction (2.3.8); its own symbol comes first on the card."""
    owners = {n: (c.title, c.pivotal_of) for n, c in CARDS.items() if c.kind is CardKind.PIVOTAL}
    assert owners == {
        121: ("Linebacker II", Faction.US),
        122: ("Easter Offensive", Faction.NVA),
        123: ("Vietnamization", Faction.ARVN),
        124: ("Tet Offensive", Faction.VC),
    }
    for n in owners:
        assert CARDS[n].faction_order[0] is CARDS[n].pivotal_of
    assert all(c.pivotal_of is None for c in CARDS.values() if c.kind is not CardKind.PIVOTAL)


def test_coup_cards_are_rvn_leaders_2_4_1() -> None:
    leaders = {n: CARDS[n].rvn_leader for n in range(125, 131)}
    assert leaders == {
        125: "Nguyen Khanh",
        126: "Young Turks",
        127: "Nguyen Cao Ky",
        128: "Nguyen Van Thieu",
        129: "Failed Attempt",
        130: "Failed Attempt",
    }
    assert all(CARDS[n].faction_order == () for n in leaders)


def test_period_counts_24_48_48_setup_note() -> None:
    """Period Events option NOTE: 24 "1964", 48 "1965" and 48 "1968" cards."""
    periods = Counter(c.period for c in CARDS.values() if c.kind is CardKind.EVENT)
    assert periods == {"1964": 24, "1965": 48, "1968": 48}
    assert all(c.period is None for c in CARDS.values() if c.kind is not CardKind.EVENT)


def test_every_event_card_orders_all_four_factions_2_3_2() -> None:
    for c in CARDS.values():
        if c.kind is not CardKind.COUP:
            assert sorted(c.faction_order) == sorted(Faction), c


def test_scenario_capabilities_are_capability_cards_5_3() -> None:
    """The Capabilities named on the setup pages are cards marked as Capabilities."""
    titles = {c.title: c for c in CARDS.values()}
    for title in ("AAA", "Main Force Bns", "SA-2s", "Search and Destroy", "Arc Light"):
        assert titles[title].is_capability, title
    assert titles["M-48 Patton"].is_capability


# -- 8.2 Random Spaces ------------------------------------------------------------------
def test_random_spaces_roll_26_is_quang_tri_8_2() -> None:
    """8.2 EXAMPLE: a 2 then a 6 is 26, Quang Tri."""
    assert space(RANDOM_SPACES[26][0]).id == space("Quang Tri").id


def test_random_spaces_arrows_form_one_cycle_of_all_30_cities_and_provinces_8_2() -> None:
    """Ruling R7: roll 63 points on to 64, so following the arrows from any roll visits every
    Province and City once (each roll is two dice, 11..66)."""
    assert set(RANDOM_SPACES) == {10 * a + b for a in range(1, 7) for b in range(1, 7)}
    assert RANDOM_SPACES[63][1] == 64
    start = 11
    seen: list[int] = []
    roll = start
    while roll not in seen:
        seen.append(roll)
        roll = RANDOM_SPACES[roll][1]
    assert roll == start
    names = [space(RANDOM_SPACES[r][0]).id for r in seen]
    assert len(seen) == 30 == len(set(names))
    assert set(names) == {s.id for s in SPACES if not s.is_loc}
    for roll_ in RANDOM_SPACES:
        assert RANDOM_SPACES[roll_][1] in seen


# -- package data is current ------------------------------------------------------------
@pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference is not available")
def test_package_data_is_built_from_the_current_reference() -> None:
    """1.2/1.3 facts: ``coinlake/data/*.json`` equal what ``tools/build_data.py`` builds now."""
    from tools.build_data import build, render

    outputs = build(REFERENCE)
    assert outputs, "build produced no files"
    for name, content in outputs.items():
        committed = (ROOT / "coinlake" / "data" / name).read_text(encoding="utf-8")
        assert render(content) == committed, (
            f"coinlake/data/{name} is stale: run tools/build_data.py"
        )


def test_friends_and_enemies_1_5_1() -> None:
    """US and ARVN are the COIN Factions, NVA and VC the Insurgents; each side's pieces are
    friendly to each other and enemies of the other side's."""
    assert [f for f in Faction if f.is_coin] == [Faction.US, Faction.ARVN]
    assert [f for f in Faction if f.is_insurgent] == [Faction.NVA, Faction.VC]
    for piece in Piece:
        assert piece.faction.is_coin != piece.faction.is_insurgent
        assert piece.faction.is_coin == piece.name.startswith(("US_", "ARVN_"))
