"""The Events framework (5.0-5.5): the card registry, dual use, Capabilities, Momentum, the
Eligibility marks, free actions granted by Events (:class:`~coinlake.rules.actions.Grant`),
the card helpers of ``coinlake/rules/cards/lib.py`` and whether a text would have an effect
(8.1). Each implemented card has its own tests in ``tests/cards/``.

Expected values come from the rulebook sections cited and from the card facts in
``shared/reference/cards.json`` (Faction orders, Capability and Momentum marks).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import coinlake
from coinlake import Choose, Done, Faction, Kind, Move, Piece, Select, Side
from coinlake.data.cards import CARDS, CardKind
from coinlake.engine import Game, start_procedure
from coinlake.rules import actions, cards, effects, kit
from coinlake.rules.actions import ActionKind
from coinlake.rules.cards import lib, registry
from coinlake.rules.core import Ctx, Proc, procedure
from coinlake.state.model import (
    AVAILABLE,
    CASUALTIES,
    Track,
)
from tests.cards.helpers import COUP, position_text, state_on
from tests.conftest import KISSINGER, at_card, counts, eligibility

PASS, EVENT = Choose("pass"), Choose("event")
UNSHADED, SHADED = Choose("unshaded"), Choose("shaded")
CAPABILITY_CARDS = tuple(n for n, c in CARDS.items() if c.is_capability)


def track(game: Game, which: Track) -> int:
    return game.state.tracks[which]


def pass_all(game: Game) -> None:
    """Pass with every Faction still to act on the current card."""
    card = game.state.current_card
    while game.state.current_card == card and PASS in game.legal():
        game.apply(PASS)


# -- the registry -------------------------------------------------------------------------------
def test_implemented_and_unimplemented_cards_cover_every_event_card_5_0() -> None:
    implemented, missing = cards.implemented_cards(), cards.unimplemented_cards()
    events = {n for n, c in CARDS.items() if c.kind is not CardKind.COUP}
    assert set(implemented) | set(missing) == events and not set(implemented) & set(missing)
    assert len(events) == 124  # 120 Events and 4 Pivotal Events (2.1 deck preparation)
    for n in (3, 4, 7, 10, 15, 17, 22, 41, 78, 115, 121, 122, 123, 124, *CAPABILITY_CARDS):
        assert n in implemented


@pytest.mark.parametrize("number", cards.implemented_cards())
def test_one_file_per_card_named_by_number_and_title(number: int) -> None:
    (module,) = registry.modules_of(number)
    title = re.sub(r"[^a-z0-9]+", "_", CARDS[number].title.lower()).strip("_")
    assert module == f"coinlake.rules.cards.c{number:03d}_{title}"


def test_registering_a_text_the_card_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="single-use"):
        registry.unshaded(41)
    with pytest.raises(ValueError, match="dual-use"):
        registry.single(10)
    with pytest.raises(ValueError, match="not an Event card"):
        registry.single(125)
    with pytest.raises(ValueError, match="Pivotal"):
        registry.single(121)


# -- 5.2 dual use, single use -------------------------------------------------------------------
def test_dual_use_either_text_whatever_the_faction_5_2() -> None:
    game = at_card(10, eligibility=eligibility(Faction.US))  # Rolling Thunder: NVA 1st
    game.apply(EVENT)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.NVA
    assert decision.kind is Kind.CHOOSE_SIDE and decision.rule == "5.2"
    assert decision.options == (UNSHADED, SHADED)
    game.apply(UNSHADED)  # the NVA may pick the text that hurts it
    assert track(game, Track.NVA_RESOURCES) == 15 - 9


def test_single_use_card_has_no_side_question() -> None:
    game = at_card(41)  # Bombing Pause
    game.apply(EVENT)
    decision = game.decision
    assert decision is not None and decision.kind is Kind.SELECT_SPACE


# -- 5.3 Capabilities ---------------------------------------------------------------------------
@pytest.mark.parametrize("number", CAPABILITY_CARDS)
@pytest.mark.parametrize("side", [Side.UNSHADED, Side.SHADED])
def test_capability_comes_into_effect_on_the_executed_side_5_3(number: int, side: Side) -> None:
    game = at_card(number)
    first = game.decision
    assert first is not None and first.faction is CARDS[number].faction_order[0]
    game.apply(EVENT)
    game.apply(Choose(side.value))
    assert (number, side) in game.state.capabilities
    assert effects.capability(game.state, number) is side
    assert game.state.turn.acted == ((first.faction, "event"),)


# -- 5.4 Momentum -------------------------------------------------------------------------------
def test_momentum_stays_until_reset_then_is_discarded_5_4_6_6() -> None:
    game = at_card(15)  # Medevac: both texts Momentum
    game.apply(EVENT)
    game.apply(SHADED)
    state = game.state
    assert effects.momentum_active(state, 15)
    assert effects.momentum_side(state, 15) is Side.SHADED
    assert state.card_markers == ((15, "shaded"),)
    ctx = Ctx(attrs.evolve(state, momentum=(10, 15)))
    effects.discard_momentum(ctx)  # the Reset phase's step (6.6)
    assert ctx.state.momentum == () and ctx.state.card_markers == ()
    assert not effects.momentum_active(ctx.state, 10)


def test_single_side_momentum_reports_its_side_5_4() -> None:
    game = at_card(10)  # Rolling Thunder: shaded is Momentum
    game.apply(EVENT)
    game.apply(SHADED)
    assert effects.momentum_side(game.state, 10) is Side.SHADED
    assert game.state.card_markers == ()
    game = at_card(10)
    game.apply(EVENT)
    game.apply(UNSHADED)
    assert not effects.momentum_active(game.state, 10)


# -- 2.3.6 PLAY NOTE: Eligibility marks ---------------------------------------------------------
@pytest.mark.parametrize(("card", "answers"), [(115, ()), (15, (SHADED,)), (17, (UNSHADED,))])
def test_executing_faction_stays_eligible_2_3_6(card: int, answers: tuple[Choose, ...]) -> None:
    """Typhoon Kate, shaded Medevac, unshaded Claymores."""
    game = at_card(card)
    first = CARDS[card].faction_order[0]
    game.apply(EVENT)
    for answer in answers:
        game.apply(answer)
    assert game.state.stay_eligible == (first,)
    pass_all(game)
    assert game.state.current_card == KISSINGER
    after = game.state
    assert after.eligible(first)
    assert after.stay_eligible == ()


# -- undo and replay ---------------------------------------------------------------------------
def test_event_undo_and_replay_reproduce_the_same_state() -> None:
    game = at_card(41)
    game.apply(EVENT)
    game.apply(Select("hue"))
    after = game.state
    legal = game.legal()
    game.undo()
    game.redo()
    assert game.state == after
    game.undo()
    game.apply(Select("hue"))  # the procedure is re-run from its start (replay)
    assert game.state == after and game.legal() == legal


# -- 5.1.1 helpers ----------------------------------------------------------------------------
def test_stacking_and_availability_limits_5_1_1() -> None:
    state = at_card(41).state  # Short: Quang Tri holds an NVA Base and an ARVN Base
    assert state.space("quang-tri-thua-thien").bases() == 2
    assert not kit.can_place(state, Piece.VC_BASE, "quang-tri-thua-thien")
    assert kit.room(state, Piece.VC_BASE, "loc-hue-da-nang") == 0  # no Bases on LoCs
    assert kit.room(state, Piece.ARVN_TROOPS, "north-vietnam") == 0  # 1.4.2
    assert kit.can_place(state, Piece.NVA_TROOPS, "north-vietnam")
    ctx = Ctx(attrs.evolve(state, available=counts({Piece.VC_GUERRILLA_UNDERGROUND: 2})))
    assert kit.place(ctx, Piece.VC_GUERRILLA_ACTIVE, 5, "saigon", "5.1.1") == 2  # Available only
    assert ctx.state.space("saigon").pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 2  # 1.4.3


def test_tunneled_bases_and_replacement_5_1_1() -> None:
    state = at_card(41).state  # Short: Tay Ninh holds the Tunneled VC Base
    ctx = Ctx(state)
    with pytest.raises(ValueError, match="Tunneled"):
        lib.remove(ctx, Piece.VC_TUNNELED_BASE, "tay-ninh", 1, "5.1.1")
    assert lib.remove(ctx, Piece.VC_TUNNELED_BASE, "tay-ninh", 1, "5.1.1", tunnels=True) == 1
    assert ctx.state.available[Piece.VC_BASE] == state.available[Piece.VC_BASE] + 1
    # a replacement that is not Available: the piece is only removed
    empty = Ctx(attrs.evolve(state, available=counts()))
    guerrillas = state.space("tay-ninh").pieces[Piece.VC_GUERRILLA_UNDERGROUND]
    assert not lib.replace(
        empty, "tay-ninh", Piece.VC_GUERRILLA_UNDERGROUND, Piece.NVA_GUERRILLA_UNDERGROUND, "5.1.1"
    )
    after = empty.state.space("tay-ninh")
    assert after.pieces[Piece.VC_GUERRILLA_UNDERGROUND] == guerrillas - 1
    nva = Piece.NVA_GUERRILLA_UNDERGROUND
    assert after.pieces[nva] == state.space("tay-ninh").pieces[nva]  # none placed


def test_terror_markers_are_limited_to_15_3_3_4() -> None:
    state = at_card(41).state
    spaces = list(state.spaces)
    for i in range(15):
        spaces[i] = attrs.evolve(spaces[i], terror=1)
    ctx = Ctx(attrs.evolve(state, spaces=tuple(spaces)))
    assert not kit.add_marker(ctx, "kien-phong", "terror", "5.1.1")
    assert ctx.state.space("kien-phong").terror == 0


def test_boxes_for_removal_follow_1_4_1() -> None:
    state = at_card(41).state
    ctx = Ctx(state)
    assert lib.remove(ctx, Piece.US_TROOPS, "saigon", 1, "5.1", to=CASUALTIES) == 1
    assert ctx.state.casualties[Piece.US_TROOPS] == 1


# -- texts that ask nothing are plain functions -------------------------------------------------
def test_texts_that_ask_nothing_are_plain_functions() -> None:
    text = registry.text(10, Side.UNSHADED)  # Rolling Thunder asks nothing
    assert text is not None and not text.asks
    asking = registry.text(41, Side.UNSHADED)  # Bombing Pause asks for spaces
    assert asking is not None and asking.asks
    for number, side, module in registry.registrations():
        source = Path(importlib.import_module(module).__file__ or "").read_text()
        # no "return" then an unreachable bare "yield" at the same depth (a fake generator)
        fake = re.search(r"^([ ]*)return[ ]*(#[^\n]*)?\n\1yield[ ]*(#.*)?$", source, re.M)
        assert not fake, (number, side)


def test_every_implemented_card_has_its_test_file() -> None:
    here = Path(__file__).parent / "cards"
    for number in cards.implemented_cards():
        (module,) = registry.modules_of(number)
        name = module.rsplit(".", 1)[1]
        assert (here / f"test_{name}.py").exists(), name


# -- 8.1: would the text have an effect? --------------------------------------------------------
RICH = (
    "available 20 us-troops 4 us-base 20 arvn-troops 20 arvn-police 20 nva-troops"
    " 10 nva-guerrilla-u 10 vc-guerrilla-u 4 vc-base 4 nva-base",
    "space hue 2 us-troops 2 arvn-police 1 arvn-troops 2 vc-guerrilla-u",
    "space saigon 1 us-base 3 arvn-police passive-support",
    "space quang-tri-thua-thien 2 nva-troops 3 nva-guerrilla-u 1 nva-base 1 arvn-troops",
    "space tay-ninh 3 vc-guerrilla-u 1 vc-base-t 1 us-troops",
    "space pleiku-darlac 1 arvn-base 1 vc-guerrilla-u",
    "space loc-hue-da-nang 2 nva-troops",
    "casualties 2 us-troops 1 us-base",
    "out-of-play 4 us-troops 3 arvn-troops",
    "leader-box 125 126",
)
"""A position where every implemented text would do something."""
EXTRA = {
    2: ("space the-fishhook 1 vc-guerrilla-u",),  # Insurgents in Cambodia (unshaded)
    12: ("space north-vietnam 1 nva-troops 2 nva-guerrilla-u",),  # outside the South
    24: ("space binh-dinh 1 us-troops 1 vc-guerrilla-u",),  # coastal (unshaded)
    25: ("space kien-phong 1 us-troops 1 vc-guerrilla-u",),  # a Lowland by the Mekong
    102: ("space kontum 1 nva-base-t 1 nva-guerrilla-u 3 us-troops",),  # Tunnel, COIN Control
    29: ("space binh-dinh 1 us-irregular-u 1 vc-guerrilla-u",),  # Irregulars (unshaded)
    51: ("space central-laos 2 nva-troops",),  # non-Base Insurgents outside the South
    58: ("space north-vietnam 2 nva-troops",),  # NVA pieces to remove (unshaded)
    59: ("space kontum 1 nva-troops",),  # NVA next to Pleiku's ARVN Base (unshaded)
    37: (  # Saigon's US Base moves to Hue, where US Troops are, next to NVA Troops (unshaded)
        "space saigon 3 arvn-police passive-support",
        "space hue 2 us-troops 1 us-base 2 arvn-police 1 vc-guerrilla-u",
    ),
    52: ("capabilities 13:shaded 14:unshaded",),
    68: ("space binh-dinh 1 us-irregular-u",),  # Irregulars to remove (shaded)
    76: ("space da-nang passive-support",),  # Support to remove (shaded)
    81: ("space binh-dinh 1 arvn-police",),  # Police in a Highland (shaded)
    92: ("space kien-phong 2 arvn-troops 1 vc-guerrilla-u",),  # next to Can Tho (unshaded)
    100: ("space kien-phong 1 us-troops 1 vc-guerrilla-u 1 arvn-police",),  # a Lowland
    108: ("casualties 2 us-troops",),  # fewer than 3 Casualty pieces (unshaded)
    110: ("space an-loc 1 vc-guerrilla-a",),  # an Active Guerrilla (shaded)
    113: ("space binh-dinh 1 arvn-police",),  # Police outside Cities (shaded)
    26: ("space binh-dinh 1 us-irregular-u",),  # an Irregular on the map (shaded)
    30: (  # an Active piece in Hue, the first coastal space; US Troops in a coastal Province
        "space hue 2 us-troops 2 arvn-police 1 arvn-troops 2 vc-guerrilla-a",
        "space binh-dinh 1 us-troops",
    ),
}
"""What a card's texts need besides :data:`RICH` (RAND turns US Capabilities over)."""


@pytest.mark.parametrize(("number", "side"), [(n, s) for n, s, _ in registry.registrations()])
def test_every_text_answers_whether_it_would_have_an_effect_8_1(number: int, side: Side) -> None:
    state = state_on(number, *RICH, *EXTRA.get(number, ()))
    faction = CARDS[number].faction_order[0]
    text = registry.text(number, side)
    assert text is not None
    assert text.effective(state, faction) is True
    assert cards.effective(state, number, side, faction) is True
    after = cards.dry_run(state, number, side, faction)
    assert after != state  # the dry run found the change...
    assert state_on(number, *RICH, *EXTRA.get(number, ())) == state  # ...on its own copy
    if CARDS[number].is_capability:  # 5.3: a Capability in effect on that side: nothing
        held = attrs.evolve(state, capabilities=((number, side),))
        assert cards.effective(held, number, side, faction) is False


def test_a_text_with_nothing_to_do_is_ineffective_8_1() -> None:
    """8.1's example: an Event that would have no effect (Claymores shaded with no space
    holding a COIN Base and an Underground Insurgent)."""
    state = state_on(17)
    assert not cards.effective(state, 17, Side.SHADED, Faction.US)


def test_effective_lives_in_the_rules_layer() -> None:
    source = Path(registry.__file__).read_text()
    assert "coinlake.engine" not in source


@pytest.mark.parametrize(
    ("card", "side", "expected"),
    [
        (41, Side.UNSHADED, True),  # Bombing Pause
        (15, Side.UNSHADED, True),  # Medevac
        (10, Side.SHADED, True),  # Rolling Thunder
        (17, Side.UNSHADED, False),  # Claymores
        (115, Side.UNSHADED, False),  # Typhoon Kate: only stays Eligible
        (78, Side.SHADED, True),  # General Lansdale: Patronage +3 at once
    ],
)
def test_momentum_before_a_coup_needs_an_immediate_or_coup_round_effect_8_1(
    card: int, side: Side, expected: bool
) -> None:
    state = state_on(card, *RICH, next_card=COUP)
    assert cards.effective(state, card, side, CARDS[card].faction_order[0]) is expected
    assert cards.effective(state_on(card, *RICH), card, side, CARDS[card].faction_order[0])


# -- free actions granted by Events (3.1.2, 5.5) -----------------------------------------------
GRANTED: list[actions.Outcome] = []


@procedure("test-grant")
def _grant(ctx: Ctx, faction: str, name: str, *settings: str) -> Proc:
    """Test stand-in for an Event granting ``faction`` the free action ``name`` with the grant
    fields ``settings`` (``key=value``; ``spaces=a,b``; ``true``/``false``; numbers)."""
    fields: dict[str, Any] = {}
    for setting in settings:
        key, value = setting.split("=", 1)
        if value in ("true", "false"):
            fields[key] = value == "true"
        elif value.isdigit():
            fields[key] = int(value)
        elif key in ("spaces", "origins", "required"):
            fields[key] = tuple(v for v in value.split(",") if v)
        else:
            fields[key] = value
    grant = actions.Grant(name or None, **fields)
    GRANTED.append((yield from actions.free_action(ctx, Faction(faction), grant)))


def granted(position: str, faction: Faction, name: str, *settings: str) -> Game:
    """A game running the grant from the position ``position`` (5.5)."""
    state = coinlake.parse_position(position)
    GRANTED.clear()
    return Game(start_procedure(state, "test-grant", (str(faction), name, *settings)))


SWEEP_MAP = (
    "space hue 3 us-troops 2 vc-guerrilla-u",
    "space quang-tri-thua-thien 2 us-troops 1 nva-guerrilla-a",
    "space da-nang 2 us-troops 1 vc-guerrilla-a",
)


def test_grant_fields_reach_the_operation_5_5() -> None:
    """The Sweep may select only the spaces granted, at no cost (3.1.2)."""
    text = position_text(
        10,
        *SWEEP_MAP,
        "tracks arvn-resources=0 nva-resources=0"
        " vc-resources=0 aid=15 patronage=18 econ=15 trail=2",
    )
    game = granted(text, Faction.US, "sweep", "spaces=hue", "max_spaces=1")
    decision = game.decision
    assert decision is not None and decision.context.procedure == "sweep"
    assert decision.options == (Select("hue"),)
    assert decision.context.parent is None or decision.context.parent.procedure == "test-grant"


def test_a_chain_passes_the_spaces_of_one_step_to_the_next() -> None:
    """Sweep in Hue or Quang Tri, then Assault there: the Assault may take only the spaces
    the Sweep selected (:meth:`Grant.within`)."""
    sweep = actions.Grant("sweep", spaces=("hue", "quang-tri-thua-thien"))
    state = coinlake.parse_position(position_text(10, *SWEEP_MAP))
    ctx = Ctx(state)
    gen = actions.free_action(ctx, Faction.US, sweep)
    ask = next(gen)
    assert ask.options == (Select("hue"), Select("quang-tri-thua-thien"))
    with pytest.raises(StopIteration) as stop:
        ask = gen.send(Select("hue"))
        while True:  # no Troops moved in, then done
            ask = gen.send(Done() if Done() in ask.options else ask.options[0])
    swept = stop.value.value
    assert swept.executed and swept.spaces == ("hue",)
    assault = actions.Grant("assault").within(swept.spaces)
    assert assault.spaces == ("hue",)
    ask = next(actions.free_action(ctx, Faction.US, assault))
    assert ask.options == (Select("hue"),)  # Da Nang has enemies too, but was not swept


def test_a_grant_of_any_operation_asks_which_5_5() -> None:
    text = position_text(10, *SWEEP_MAP)
    game = granted(text, Faction.US, "", "limited=true")
    decision = game.decision
    assert decision is not None and decision.kind is Kind.OPERATION
    assert decision.rule == "5.5"
    assert Choose("sweep") in decision.options and Choose("assault") in decision.options
    game.apply(Choose("assault"))
    decision = game.decision
    assert decision is not None and decision.context.procedure == "assault"
    game.apply(Select("hue"))  # Limited: 1 space, then done (2.3.5)
    assert GRANTED[-1].executed and GRANTED[-1].spaces == ("hue",)


def test_a_grant_of_any_special_activity_skips_when_none_can_occur_5_1_3() -> None:
    ctx = Ctx(coinlake.parse_position(position_text(10)))
    gen = actions.free_action(ctx, Faction.ARVN, actions.Grant(kind=ActionKind.SPECIAL_ACTIVITY))
    ask = next(gen)
    assert ask.kind is Kind.SPECIAL_ACTIVITY and ask.forced() == Done()
    with pytest.raises(StopIteration) as stop:
        gen.send(Done())
    assert stop.value.value == actions.Outcome(executed=False)


def test_a_grant_of_any_operation_in_a_space_offers_only_what_would_occur_there_5_5() -> None:
    """ "A free LimOp there" (card 74): the registered legality ignores the grant's spaces, so
    each action is probed; Patrol (LoCs and Cities) cannot reach a Laos Province. "If
    desired" (card 56, :attr:`Grant.optional`) adds ``done``."""
    laos = ("space central-laos 4 arvn-troops 2 nva-guerrilla-a", "space hue 2 arvn-troops")
    text = position_text(10, *laos)
    game = granted(text, Faction.ARVN, "", "limited=true")
    decision = game.decision
    assert decision is not None and Choose("patrol") in decision.options
    game = granted(text, Faction.ARVN, "", "limited=true", "spaces=central-laos")
    decision = game.decision
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.options == (Choose("train"), Choose("sweep"), Choose("assault"))
    game.apply(Choose("assault"))
    game.apply(Select("central-laos"))
    assert GRANTED[-1].executed and GRANTED[-1].spaces == ("central-laos",)
    assert game.state.space("central-laos").pieces[Piece.NVA_GUERRILLA_ACTIVE] == 0  # 4 / 2
    game = granted(text, Faction.ARVN, "", "limited=true", "spaces=central-laos", "optional=true")
    decision = game.decision
    assert decision is not None and decision.options[-1] == Done()
    game.apply(Done())
    assert GRANTED[-1] == actions.Outcome(executed=False)
    assert game.state.space("central-laos").pieces[Piece.NVA_GUERRILLA_ACTIVE] == 2


def test_a_grant_is_a_name_or_a_grant_not_both() -> None:
    ctx = Ctx(coinlake.parse_position(position_text(10)))
    with pytest.raises(TypeError):
        next(actions.free_action(ctx, Faction.US, actions.Grant("sweep"), spaces=("hue",)))


# -- lib: the card helpers ----------------------------------------------------------------------
def test_within_counts_spaces_along_the_adjacency_1_3_6() -> None:
    assert lib.within("hue", 0) == ("hue",)
    one = lib.within("hue", 1)
    assert set(one) == {
        "hue",
        *(coinlake.SPACES[i].id for i in coinlake.data.space("hue").adjacent),
    }
    two = lib.within("hue", 2)
    assert set(one) < set(two)
    assert "da-nang" in two and "da-nang" not in one  # via the LoC Hue-Da Nang
    assert list(two) == [s.id for s in coinlake.SPACES if s.id in two]  # map order


def test_space_tests_select_spaces_in_map_order() -> None:
    state = state_on(
        10, "space hue 1 us-base", "space saigon 1 arvn-police", "space kontum 1 us-base"
    )
    assert lib.spaces(state, lib.is_city, lib.has(Piece.US_BASE)) == ("hue", "kontum")
    assert lib.spaces(state, lib.has(*lib.COIN_PIECES), lib.other_than("hue")) == (
        "kontum",
        "saigon",
    )
    assert "north-vietnam" not in lib.spaces(state, lib.outside_north)
    assert "loc-hue-da-nang" in lib.spaces(state, lib.is_loc, lib.in_south)
    assert "phuoc-long" not in lib.spaces(state, lib.can_have_support)
    assert lib.spaces(state, lib.among(("saigon", "hue")), lib.is_province) == ()
    assert lib.spaces(state, lib.is_city, lib.lacks(Piece.US_BASE))[:2] == ("da-nang", "qui-nhon")


def test_replace_with_different_counts_5_1_1() -> None:
    state = state_on(10, "space tay-ninh 3 vc-guerrilla-u 1 nva-base", "available 2 vc-base")
    ctx = Ctx(state)
    assert (
        lib.replace(
            ctx, "tay-ninh", Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE, "5.1", remove_count=2
        )
        == 1
    )
    after = ctx.state.space("tay-ninh")
    assert after.pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 1 and after.pieces[Piece.VC_BASE] == 1
    # a third Base would break stacking (1.4.2): the Guerrilla is only removed
    assert lib.replace(ctx, "tay-ninh", Piece.VC_GUERRILLA_UNDERGROUND, Piece.VC_BASE, "5.1") == 0
    assert ctx.state.space("tay-ninh").pieces[Piece.VC_GUERRILLA_UNDERGROUND] == 0
    # 1 Base by 2 Guerrillas, fewer Available: as many as there are
    ctx = Ctx(state_on(10, "space hue 1 vc-base", "available 1 vc-guerrilla-u"))
    assert (
        lib.replace(ctx, "hue", Piece.VC_BASE, Piece.VC_GUERRILLA_UNDERGROUND, "5.1", place_count=2)
        == 1
    )


def test_relocate_steps_to_adjacent_spaces_each_piece_once() -> None:
    state = state_on(10, "space loc-hue-da-nang 2 nva-troops", "space hue 1 nva-troops")
    ctx = Ctx(state)
    gen = lib.relocate_steps(
        ctx, Faction.NVA, (Piece.NVA_TROOPS,), {"loc-hue-da-nang": 1}, "move", "5.1"
    )
    ask = next(gen)
    moves = [o for o in ask.options if isinstance(o, Move)]
    assert {m.origin for m in moves} == {"loc-hue-da-nang"}
    assert {m.destination for m in moves} == {
        coinlake.SPACES[i].id for i in coinlake.data.space("loc-hue-da-nang").adjacent
    }
    assert ask.options[-1] == Done()  # "may"
    with pytest.raises(StopIteration) as stop:
        gen.send(Move(Piece.NVA_TROOPS, 1, "loc-hue-da-nang", "da-nang"))  # the quota: 1
    assert stop.value.value == 1
    assert ctx.state.space("da-nang").pieces[Piece.NVA_TROOPS] == 1
    # US pieces never relocate into North Vietnam (1.4.2)
    ctx = Ctx(state_on(10, "space quang-tri-thua-thien 1 us-troops"))
    ask = next(
        lib.relocate_steps(
            ctx, Faction.US, (Piece.US_TROOPS,), {"quang-tri-thua-thien": 1}, "move", "5.1"
        )
    )
    assert all(o.destination != "north-vietnam" for o in ask.options if isinstance(o, Move))


def test_place_tunnel_marks_a_base_without_one_1_4_4() -> None:
    ctx = Ctx(state_on(10, "space tay-ninh 1 vc-base-t 1 nva-base"))
    assert not lib.place_tunnel(ctx, "tay-ninh", Faction.VC, "5.1")  # already Tunneled
    assert lib.place_tunnel(ctx, "tay-ninh", Faction.NVA, "5.1")
    assert ctx.state.space("tay-ninh").pieces[Piece.NVA_TUNNELED_BASE] == 1
    assert not lib.place_tunnel(ctx, "tay-ninh", Faction.NVA, "5.1")


def test_return_pivotal_gives_the_card_back_2_3_8() -> None:
    before = state_on(10, "played 121", "pivotals 122")
    assert before.current_card == 10 and before.played == (121, 10)
    ctx = Ctx(before)
    assert lib.return_pivotal(ctx, Faction.US, "2.3.8")
    after = ctx.state
    assert after.played == (10,) and after.pivotals_held == (121, 122)
    assert not lib.return_pivotal(ctx, Faction.NVA, "2.3.8")  # not on the played pile


def test_make_eligible_now_2_3_1() -> None:
    ctx = Ctx(state_on(10, "ineligible NVA ARVN"))
    lib.make_eligible(ctx, Faction.NVA, Faction.US, "5.1")
    first = ctx.state
    assert first.eligible(Faction.NVA) and first.stay_eligible == ()
    lib.make_eligible(ctx, Faction.ARVN, Faction.ARVN, "5.1")  # the executing Faction
    second = ctx.state
    assert second.eligible(Faction.ARVN) and second.stay_eligible == (Faction.ARVN,)


def test_box_steps_between_boxes_1_4_1() -> None:
    ctx = Ctx(state_on(10, "casualties 2 us-troops 1 us-irregular-u"))
    gen = lib.box_steps(
        ctx,
        Faction.US,
        coinlake.data.pieces.pieces_of(Faction.US),
        CASUALTIES,
        AVAILABLE,
        3,
        "to Available",
        "5.1",
    )
    ask = next(gen)
    assert ask.options == (
        Move(Piece.US_TROOPS, 1, CASUALTIES, AVAILABLE),
        Move(Piece.US_IRREGULAR_UNDERGROUND, 1, CASUALTIES, AVAILABLE),
    )
    ask = gen.send(Move(Piece.US_IRREGULAR_UNDERGROUND, 1, CASUALTIES, AVAILABLE))
    assert ask.forced() == Move(Piece.US_TROOPS, 1, CASUALTIES, AVAILABLE)  # a lone kind


def test_remove_steps_from_the_map_1_4_1_5_1_3() -> None:
    ctx = Ctx(state_on(10, "space hue 1 vc-guerrilla-a 1 vc-base-t", "space saigon 1 vc-base"))
    vc = coinlake.data.pieces.pieces_of(Faction.VC)
    gen = lib.remove_steps(ctx, Faction.US, vc, ("hue", "saigon"), 3, "remove", "5.1")
    ask = next(gen)
    assert ask.options == (
        Move(Piece.VC_GUERRILLA_ACTIVE, 1, "hue", AVAILABLE),
        Move(Piece.VC_BASE, 1, "saigon", AVAILABLE),
    )  # no Tunneled Base (5.1.1), no Done (5.1.3)
    ask = gen.send(Move(Piece.VC_BASE, 1, "saigon", AVAILABLE))
    last = Move(Piece.VC_GUERRILLA_ACTIVE, 1, "hue", AVAILABLE)
    assert ask.forced() == last
    ask = gen.send(last)
    assert ask.options == ()  # nothing left: the engine answers Done
    with pytest.raises(StopIteration) as stop:
        gen.send(Done())
    assert stop.value.value == 2
    assert ctx.state.available[Piece.VC_GUERRILLA_UNDERGROUND] == 1  # box form
    # "up to": Done stops; a question too long is split: the space, then the piece
    five = "1 us-troops 1 arvn-troops 1 arvn-police 1 nva-troops 1 vc-guerrilla-u"
    crowded = lib.spaces(state_on(10), lib.outside_north)[:30]  # 150 removals: > MAX_OPTIONS
    ctx = Ctx(state_on(10, *(f"space {key} {five}" for key in crowded)))
    gen = lib.remove_steps(ctx, Faction.US, tuple(Piece), crowded, 2, "r", "5.1", optional=True)
    ask = next(gen)
    assert ask.kind is Kind.SELECT_SPACE and ask.options[-1] == Done()
    ask = gen.send(Select("hue"))
    assert len(ask.options) == 5 and Done() not in ask.options  # the space is chosen
    ask = gen.send(Move(Piece.NVA_TROOPS, 1, "hue", AVAILABLE))
    assert ask.kind is Kind.SELECT_SPACE  # 149 left: still split
    with pytest.raises(StopIteration) as stop:
        gen.send(Done())
    assert stop.value.value == 1


def test_a_card_may_give_its_own_answer_where_the_dry_run_would_be_wrong_8_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``@unshaded(n, effective=...)``: e.g. a text whose first answer does nothing while
    another would (the dry run answers the first)."""
    text = registry.text(10, Side.UNSHADED)
    assert text is not None
    key = (10, Side.UNSHADED)
    monkeypatch.setitem(registry._TEXTS, key, attrs.evolve(text, check=lambda s, f: False))
    assert not cards.effective(state_on(10), 10, Side.UNSHADED, Faction.US)
