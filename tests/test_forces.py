"""Piece handling shared by every rule (1.4.1-1.4.4, 5.1.1)."""

from __future__ import annotations

import coinlake
from coinlake.data.pieces import Faction, Piece
from coinlake.rules.core import Ctx
from coinlake.rules.kit import (
    activate,
    base_room,
    can_place,
    go_underground,
    map_sources,
    may_stand,
    place,
)
from coinlake.state.model import GameState, replace
from coinlake.state.queries import pieces_total


def _state() -> GameState:
    return coinlake.new_game("short", seed=1).state


def test_no_coin_pieces_in_north_vietnam_and_no_bases_on_locs_1_4_2() -> None:
    assert not may_stand(Piece.US_TROOPS, "north-vietnam")
    assert not may_stand(Piece.ARVN_POLICE, "north-vietnam")
    assert may_stand(Piece.NVA_TROOPS, "north-vietnam")
    assert not may_stand(Piece.VC_BASE, "loc-hue-da-nang")
    assert may_stand(Piece.VC_GUERRILLA_UNDERGROUND, "loc-hue-da-nang")


def test_at_most_two_bases_per_province_or_city_1_4_2() -> None:
    state = _state()
    # Short setup: Quang Tri holds an ARVN Base and an NVA Base (setup pages).
    assert base_room(state, "quang-tri-thua-thien") == 0
    assert not can_place(state, Piece.VC_BASE, "quang-tri-thua-thien")
    assert can_place(state, Piece.VC_GUERRILLA_UNDERGROUND, "quang-tri-thua-thien")
    assert base_room(state, "hue") == 2
    assert not can_place(state, Piece.US_BASE, "hue", count=3)


def test_place_only_available_pieces_underground_1_4_1_1_4_3_5_1_1() -> None:
    ctx = Ctx(_state())
    avail = ctx.state.available[Piece.VC_GUERRILLA_UNDERGROUND]
    placed = place(ctx, Piece.VC_GUERRILLA_ACTIVE, avail + 5, "hue", "test")
    assert placed == avail
    assert ctx.state.space("hue").pieces[Piece.VC_GUERRILLA_UNDERGROUND] == avail
    assert ctx.state.space("hue").pieces[Piece.VC_GUERRILLA_ACTIVE] == 0
    assert ctx.state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 0
    assert pieces_total(ctx.state) == 229


def test_activate_flips_only_underground_and_counts_1_4_3() -> None:
    ctx = Ctx(_state())
    # Short setup: Binh Dinh has 2 Underground VC Guerrillas.
    assert activate(ctx, "binh-dinh", Faction.VC, 5, "test") == 2
    sp = ctx.state.space("binh-dinh")
    assert sp.pieces[Piece.VC_GUERRILLA_ACTIVE] == 2
    assert sp.pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 0
    assert activate(ctx, "binh-dinh", Faction.VC, 1, "test") == 0  # Active stays Active
    assert go_underground(ctx, "binh-dinh", Faction.VC, "test") == 2
    assert ctx.state.space("binh-dinh").pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 2


def test_taking_pieces_from_the_map_only_when_none_available_1_4_1() -> None:
    state = _state()
    assert map_sources(state, Faction.NVA, Piece.NVA_GUERRILLA_UNDERGROUND) == ()
    none_left = list(state.available)
    none_left[Piece.NVA_GUERRILLA_UNDERGROUND] = 0
    none_left[Piece.ARVN_POLICE] = 0
    none_left[Piece.US_TROOPS] = 0
    state = replace(state, available=tuple(none_left))
    sources = map_sources(state, Faction.NVA, Piece.NVA_GUERRILLA_UNDERGROUND)
    assert "north-vietnam" in sources and "quang-tri-thua-thien" in sources
    # 1.4.1 example: the US may take Police from the map to Train them...
    assert "hue" in map_sources(state, Faction.US, Piece.ARVN_POLICE)
    # ...but never US Troops or Bases, and nobody takes another Faction's pieces.
    assert map_sources(state, Faction.US, Piece.US_TROOPS) == ()
    assert map_sources(state, Faction.VC, Piece.NVA_GUERRILLA_UNDERGROUND) == ()
