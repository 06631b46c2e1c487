"""The rules' kit (``coinlake/rules/kit.py``) and the tables it reads from the data layer:
card numbers by name, the map's facts by space id, the 15 Terror/Sabotage markers (3.3.4),
moving pieces with quotas, placing and replacing (1.4.1, 5.1.1)."""

from __future__ import annotations

import re
from collections.abc import Generator

import coinlake
from coinlake.data import cards
from coinlake.data.map import ADJACENT, INDEX, IS_LOC, NAME, SPACE_IDS, SPACES
from coinlake.data.pieces import Faction, Piece
from coinlake.rules import kit
from coinlake.rules.core import DONE, Ask, Ctx
from coinlake.state.commands import Command, Move
from coinlake.state.model import AVAILABLE, OUT_OF_PLAY, GameState
from coinlake.state.queries import pieces_total


def _state() -> GameState:
    return coinlake.new_game("short", seed=1).state


def test_every_card_has_one_named_constant() -> None:
    names = {
        name: value
        for name, value in vars(cards).items()
        if re.fullmatch(r"[A-Z][A-Z0-9_]*", name) and isinstance(value, int)
    }
    assert sorted(names.values()) == sorted(cards.CARDS)  # each number once
    assert cards.ABRAMS == 11 and cards.M48_PATTON == 14 and cards.TRANSPORT_GRP_559 == 46
    for name, number in names.items():
        words = re.sub(r"[^A-Z0-9]+", " ", cards.CARDS[number].title.upper()).split()
        for part in name.split("_"):
            assert (
                part == str(number)
                or part == "".join(words[:2])
                or any(w.startswith(part) for w in words)
            ), (name, number)


def test_map_tables_are_keyed_by_space_id_in_map_order() -> None:
    assert tuple(s.id for s in SPACES) == SPACE_IDS
    assert all(INDEX[s] == i for i, s in enumerate(SPACE_IDS))
    assert all(a in ADJACENT[b] for a in SPACE_IDS for b in ADJACENT[a])  # 1.3.6: mutual
    assert NAME["quang-tri-thua-thien"] == "Quang Tri-Thua Thien" and IS_LOC["loc-hue-da-nang"]
    assert tuple(s for s in SPACE_IDS if s != "north-vietnam") == kit.NOT_NORTH


def test_terror_and_sabotage_markers_number_15_3_3_4() -> None:
    ctx = Ctx(_state())
    left = kit.markers_left(ctx.state)
    for s in SPACE_IDS[:left]:
        assert kit.add_marker(ctx, s, "sabotage" if IS_LOC[s] else "terror", "test")
    assert kit.markers_left(ctx.state) == 0
    assert not kit.add_marker(ctx, SPACE_IDS[-1], "terror", "test")  # none left (5.1.1)


def _answer(steps: Generator[Ask, Command, object], *answers: Command) -> list[tuple[Command, ...]]:
    """Drive ``steps`` with ``answers`` as the engine does; the options of each question
    asked (the last one unanswered)."""
    asked: list[tuple[Command, ...]] = []
    try:
        asked.append(next(steps).options)
        for answer in answers:
            asked.append(steps.send(answer).options)
    except StopIteration:
        pass
    return asked


def test_move_into_with_a_per_source_quota() -> None:
    """ "Up to 6 US Troops, up to 3 of them from Out of Play": one Troop at a time."""
    ctx = Ctx(_state())  # the Short scenario: 6 US Troops out of play (2.1)
    assert ctx.state.out_of_play[Piece.US_TROOPS] >= 3
    before = ctx.state.space("da-nang").pieces[Piece.US_TROOPS]
    mover = kit.Mover(
        (Piece.US_TROOPS,),
        sources=lambda state, d: (AVAILABLE, OUT_OF_PLAY),
        quotas={OUT_OF_PLAY: 3},
        one=True,
    )
    steps = kit.move_into(
        ctx, Faction.US, mover, "da-nang", lambda n: f"Troop {n + 1}", "5.1", most=6
    )
    from_oop = Move(Piece.US_TROOPS, 1, OUT_OF_PLAY, "da-nang")
    from_avail = Move(Piece.US_TROOPS, 1, AVAILABLE, "da-nang")
    asked = _answer(steps, from_oop, from_oop, from_oop, from_avail)
    assert asked[0] == (from_avail, from_oop, DONE)
    assert asked[-1] == (from_avail, DONE)  # the quota of 3 is used up
    assert ctx.state.space("da-nang").pieces[Piece.US_TROOPS] == before + 4
    assert pieces_total(ctx.state) == 229


def test_place_respects_stacking_and_replace_may_change_counts_1_4_2_5_1_1() -> None:
    ctx = Ctx(_state())
    assert kit.place(ctx, Piece.VC_BASE, 3, "hue", "test") == 2  # 2 Bases at most
    assert kit.place(ctx, Piece.VC_BASE, 1, "loc-hue-da-nang", "test") == 0  # none on a LoC
    steps = kit.replace(
        ctx, Faction.NVA, "hue", Piece.VC_BASE, 1, Piece.NVA_GUERRILLA_UNDERGROUND, 2, "test"
    )
    assert _answer(steps) == []  # from Available: nothing to ask
    p = ctx.state.space("hue").pieces
    assert p[Piece.VC_BASE] == 1 and p[Piece.NVA_GUERRILLA_UNDERGROUND] == 2
    assert pieces_total(ctx.state) == 229


def test_each_space_is_mandatory_while_a_candidate_remains_5_1_3() -> None:
    """ "Shift 3 spaces": only 2 qualify, so both are taken and no Done is offered."""
    from coinlake.rules.cards import lib

    ctx = Ctx(_state())
    shifted: list[str] = []
    steps = lib.each_space(
        ctx, Faction.US, ("hue", "saigon"), 3, "a space", "5.1.3", shifted.append
    )
    hue, saigon = coinlake.parse("select hue"), coinlake.parse("select saigon")
    asked = _answer(steps, hue, saigon, DONE)
    assert asked == [(hue, saigon), (saigon,), ()]  # nothing left: the engine answers done
    assert shifted == ["hue", "saigon"]


def test_each_space_up_to_offers_done_and_stops_at_the_count() -> None:
    from coinlake.rules.cards import lib

    ctx = Ctx(_state())
    steps = lib.each_space(
        ctx,
        Faction.US,
        ("hue", "saigon", "da-nang"),
        2,
        "a space",
        "5.1",
        lambda key: None,
        optional=True,
    )
    hue, saigon = coinlake.parse("select hue"), coinlake.parse("select saigon")
    asked = _answer(steps, DONE)
    assert asked[0][-1] == DONE and hue in asked[0]
    steps = lib.each_space(
        ctx,
        Faction.US,
        ("hue", "saigon", "da-nang"),
        2,
        "a space",
        "5.1",
        lambda key: None,
        optional=True,
    )
    chosen: list[str] = []
    try:
        next(steps)
        steps.send(hue)
        steps.send(saigon)
    except StopIteration as stop:
        chosen = stop.value
    assert chosen == ["hue", "saigon"]  # the count reached: no third question


def test_placing_from_the_map_is_offered_never_forced_1_4_1() -> None:
    """1.4.1: a Faction placing its own forces *may* take them from the map when none of
    the type is Available -- so once only such placements are left, Done is offered."""
    from coinlake.rules.cards import lib

    ctx = Ctx(_state())
    state = ctx.state
    n = state.available[Piece.NVA_TROOPS]
    ctx.move(Piece.NVA_TROOPS, n, AVAILABLE, "north-vietnam", "test")  # none Available now
    steps = lib.place_steps(
        ctx, Faction.NVA, (Piece.NVA_TROOPS,), ("hue",), 2, "a Troop", "5.1", from_map=True
    )
    asked = _answer(steps, DONE)
    assert asked[0] == (Move(Piece.NVA_TROOPS, 1, AVAILABLE, "hue"), DONE)
    assert ctx.state.space("hue").pieces[Piece.NVA_TROOPS] == 0  # declined: nothing moved
