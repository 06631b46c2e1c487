"""Card 95, Westmoreland (dual use, 5.2): VC 1st, so the VC executes it here.

- unshaded: the US free Air Lifts, then Sweeps in place (even in Monsoon: the card's tip)
  or Assaults without an added ARVN Assault in 2 spaces, its choice per space, then Air
  Strikes (ruling R245);
- shaded: 3 Provinces without Police each 2 levels toward Active Opposition (as R162).
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Select, Side
from coinlake.state.model import AVAILABLE, Support, Track
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 95
UNSHADED_MAP = (
    "space hue 3 us-troops",
    "space quang-tri-thua-thien 2 nva-guerrilla-u 1 nva-troops",
    "space kontum 1 us-troops 2 arvn-troops 2 vc-guerrilla-a",
    "space saigon 2 us-troops 1 vc-guerrilla-u",
    "dice 3",
)


def test_unshaded_air_lift_then_sweep_or_assault_in_2_spaces_then_air_strike_r245() -> None:
    game = execute(CARD, Side.UNSHADED, *UNSHADED_MAP, next_card=COUP)  # Monsoon (2.3.9)
    decision = game.decision  # the US decides the details (5.1)
    assert decision is not None and decision.faction is Faction.US
    assert decision.context.procedure == "air-lift"
    play(
        game,
        "select hue",
        "select quang-tri-thua-thien",
        "move 3 us-troops hue quang-tri-thua-thien",
    )
    # Monsoon: the Air Lift's 2 spaces are used (4.2.2); then the 2 spaces
    decision = game.decision
    assert decision is not None
    assert set(decision.options) == {
        Select("kontum"),
        Select("saigon"),
        Select("quang-tri-thua-thien"),
    }
    assert Done() not in decision.options  # 2 spaces (5.1.3)
    play(game, "select quang-tri-thua-thien")
    decision = game.decision
    assert decision is not None and decision.options == (Choose("sweep"), Choose("assault"))
    play(game, "sweep", "select kontum", "assault")
    # the Sweep in place, even in Monsoon: 3 US Troops Activate both NVA Guerrillas
    assert pieces(game, "quang-tri-thua-thien", "nva-guerrilla-a") == 2
    assert pieces(game, "hue", "us-troops") == 0  # no moves
    # the Assault in Kontum: 1 US Troop, 1 removal; no ARVN Assault added ("no ARVN")
    assert pieces(game, "kontum", "vc-guerrilla-a") == 1
    assert pieces(game, "saigon", "vc-guerrilla-u") == 1  # not selected
    decision = game.decision  # then the free Air Strike (4.2.3)
    assert decision is not None and decision.context.procedure == "air-strike"
    play(game, "select quang-tri-thua-thien", "done")  # 3 hits (the die)
    for piece in ("nva-troops", "nva-guerrilla-a", "nva-guerrilla-a"):
        play(game, f"move 1 {piece} quang-tri-thua-thien {AVAILABLE}")
    state = game.state
    assert pieces(game, "quang-tri-thua-thien", "nva-guerrilla-a") == 0
    assert state.space("quang-tri-thua-thien").support is Support.PASSIVE_OPPOSITION
    assert state.tracks[Track.ARVN_RESOURCES] == 30  # free (5.5)
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_unshaded_us_assault_adds_no_arvn_assault_3_2_4() -> None:
    lines = ("space kontum 2 us-troops 4 arvn-troops 6 vc-guerrilla-a",)
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "done")  # no Air Lift
    play(game, "assault")  # Kontum, the lone space, unasked: 2 removals (3.2.4)
    assert pieces(game, "kontum", "vc-guerrilla-a") == 4
    decision = game.decision  # straight on to the Air Strike: no ARVN Assault offered
    assert decision is not None and decision.context.procedure == "air-strike"


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *UNSHADED_MAP), CARD)


SHADED_MAP = (
    "space quang-nam passive-support",
    "space binh-dinh active-support",
    "space pleiku-darlac 1 arvn-police passive-support",  # Police
    "space hue active-support",  # a City
    "space khanh-hoa active-opposition",  # at the end already
    "space phuoc-long",  # Population 0 (1.6.1)
)


def test_shaded_shifts_3_provinces_without_police_2_levels_r162() -> None:
    lines = (*SHADED_MAP, "space kien-phong passive-opposition")
    game = execute(CARD, Side.SHADED, *lines)
    decision = game.decision
    assert decision is not None and decision.faction is Faction.VC
    candidates = {o.space for o in decision.options if isinstance(o, Select)}
    assert {"quang-nam", "binh-dinh", "kien-phong"} <= candidates
    assert not {"pleiku-darlac", "hue", "khanh-hoa", "phuoc-long"} & candidates
    play(game, "select quang-nam", "select binh-dinh", "select kien-phong")
    state = game.state
    assert state.space("quang-nam").support is Support.PASSIVE_OPPOSITION
    assert state.space("binh-dinh").support is Support.NEUTRAL
    assert state.space("kien-phong").support is Support.ACTIVE_OPPOSITION  # 1 level left
    assert state.space("pleiku-darlac").support is Support.PASSIVE_SUPPORT
    assert state.turn.acted == ((Faction.VC, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *SHADED_MAP), CARD, Side.SHADED)
    assert effective(state_on(CARD), CARD, Side.SHADED)  # Neutral Provinces shift too
