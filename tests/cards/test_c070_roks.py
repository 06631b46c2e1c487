"""Card 70, ROKs (dual use, 5.2): ARVN 1st, so the ARVN executes it here.

- unshaded: the US or ARVN (the executing Faction selects, 5.1) free Sweeps into or in Phu
  Bon and each adjacent Province and City (even in Monsoon: the card's tip), then free
  Assaults in each of those spaces, LoCs included, as if US with every ARVN cube a US
  Troop; no ARVN Assault is added (ruling R242);
- shaded: Qui Nhon, Phu Bon and Khanh Hoa 1 level each toward Active Opposition (1.6).
"""

from __future__ import annotations

from coinlake import Choose, Done, Faction, Game, Move, Select, Side
from coinlake.state.model import Support
from tests.cards.helpers import COUP, effective, execute, pieces, play, state_on

CARD = 70
AREA = {
    "kontum",
    "qui-nhon",
    "binh-dinh",
    "pleiku-darlac",
    "phu-bon-phu-yen",
    "khanh-hoa",
    "loc-kontum-qui-nhon",
    "loc-kontum-ban-me-thuot",
    "loc-qui-nhon-cam-ranh",
}
MAP = (
    "space phu-bon-phu-yen 2 arvn-police 1 arvn-troops 3 vc-guerrilla-u 1 vc-base",
    "space kontum 2 us-troops 1 us-base 2 nva-guerrilla-a",
    "space qui-nhon 2 arvn-troops",
    "space loc-kontum-qui-nhon 1 arvn-police 1 vc-guerrilla-a",
    "space cam-ranh 1 arvn-troops 1 vc-guerrilla-u",  # outside the area
)


def finish_sweep(game: Game) -> None:
    """Select the Sweep's remaining spaces, moving nothing more in."""
    while (d := game.decision) is not None and d.context.procedure == "sweep":
        game.apply(Done() if Done() in d.options else d.options[0])


def test_unshaded_arvn_sweeps_and_assaults_as_us_r242() -> None:
    game = execute(CARD, Side.UNSHADED, *MAP, next_card=COUP)  # Monsoon (2.3.9)
    decision = game.decision
    assert decision is not None and decision.options == (Choose("us"), Choose("arvn"))
    play(game, "arvn")
    decision = game.decision  # Monsoon ok; Provinces and Cities of the area only (3.2.3)
    assert decision is not None and decision.faction is Faction.ARVN
    assert decision.context.procedure == "sweep"
    assert {o.space for o in decision.options if isinstance(o, Select)} == AREA - {
        "loc-kontum-qui-nhon",
        "loc-kontum-ban-me-thuot",
        "loc-qui-nhon-cam-ranh",
    }
    play(game, "select phu-bon-phu-yen")
    decision = game.decision  # every cube moves as a US Troop: US Troops, ARVN Police too
    assert decision is not None
    moves = {(m.piece.token, m.origin) for m in decision.options if isinstance(m, Move)}
    assert ("us-troops", "kontum") in moves
    assert ("arvn-police", "loc-kontum-qui-nhon") in moves
    play(game, "move 2 arvn-troops qui-nhon phu-bon-phu-yen", "done")
    finish_sweep(game)
    # 5 cubes in Phu Bon (a Lowland) Activate all 3 Guerrillas (3.2.3)
    assert pieces(game, "phu-bon-phu-yen", "vc-guerrilla-a") == 3
    assert pieces(game, "cam-ranh", "vc-guerrilla-u") == 1  # not in the area
    decision = game.decision  # the Assault: every area space where it can occur, LoCs too
    assert decision is not None and decision.context.procedure == "assault"
    assert set(decision.options) == {
        Select("phu-bon-phu-yen"),
        Select("kontum"),
        Select("loc-kontum-qui-nhon"),
    }
    play(game, "select phu-bon-phu-yen")  # 5 cubes as US Troops: 1 removal each (3.2.4)
    assert pieces(game, "phu-bon-phu-yen", "vc-guerrilla-a") == 0
    assert pieces(game, "phu-bon-phu-yen", "vc-base") == 0
    play(game, "select loc-kontum-qui-nhon")  # 1 Police as a US Troop: 1 removal
    assert pieces(game, "loc-kontum-qui-nhon", "vc-guerrilla-a") == 0
    # Kontum, the last, unasked: 2 US Troops with a US Base remove 4 (3.2.4)
    assert pieces(game, "kontum", "nva-guerrilla-a") == 0
    state = game.state
    assert state.aid == 15  # as if US: no Aid for the Base (3.2.4)
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_unshaded_us_adds_no_arvn_assault_r242() -> None:
    lines = ("space khanh-hoa 1 us-troops 2 arvn-troops 4 vc-guerrilla-a",)
    game = execute(CARD, Side.UNSHADED, *lines)
    play(game, "us")
    finish_sweep(game)
    # the lone Assault space, unasked: 3 cubes as US Troops in a Highland, 1 per 2 (3.2.4)
    assert pieces(game, "khanh-hoa", "vc-guerrilla-a") == 3
    assert game.state.turn.acted == ((Faction.ARVN, "event"),)
    decision = game.decision  # no ARVN Assault asked: the card's turn goes on
    assert decision is not None and decision.context.procedure == "eligible-turn"


def test_unshaded_effective_8_1() -> None:
    assert effective(state_on(CARD, *MAP), CARD)
    assert not effective(state_on(CARD, "space can-tho 1 arvn-troops 1 vc-guerrilla-u"), CARD)


def test_shaded_shifts_3_spaces_toward_active_opposition_1_6() -> None:
    lines = (
        "space qui-nhon passive-support",
        "space phu-bon-phu-yen active-opposition",
        "space khanh-hoa",
    )
    game = execute(CARD, Side.SHADED, *lines)
    state = game.state
    assert state.space("qui-nhon").support is Support.NEUTRAL
    assert state.space("phu-bon-phu-yen").support is Support.ACTIVE_OPPOSITION  # at the end
    assert state.space("khanh-hoa").support is Support.PASSIVE_OPPOSITION
    assert state.turn.acted == ((Faction.ARVN, "event"),)


def test_shaded_effective_8_1() -> None:
    assert effective(state_on(CARD), CARD, Side.SHADED)
    every = tuple(
        f"space {k} active-opposition" for k in ("qui-nhon", "phu-bon-phu-yen", "khanh-hoa")
    )
    assert not effective(state_on(CARD, *every), CARD, Side.SHADED)
