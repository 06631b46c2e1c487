"""The Victory Deception and Handicap options (7.3).

7.3 (and 1.9) fix the facts tested here: 12 markers, three kinds (Empty Threat, Hidden
Agenda, Hidden Asset), 2 drawn blindly by each player in 3- and 4-player games, private
until used or until the game ends; Hidden Agenda adds 1 to its holder's final margin; Hidden
Asset turns one Limited Operation option (2.3.5) into a full Operation with a Special
Activity; Handicap players select their 2 markers first, least experienced first. The mix
of kinds among the 12 is not in the rulebook: coinlake assumes 4 of each (see
``coinlake.state.model.DECEPTION_MIX``).

Operations are not all written yet, so the Hidden Asset tests plug a stand-in Operation and
Special Activity into :mod:`coinlake.rules.actions` and unplug them afterwards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from attrs import frozen

import coinlake
from coinlake import Choose, Done, Faction, Select
from coinlake.engine import Game, prime
from coinlake.rules import PROCEDURES, Ctx, actions, victory
from coinlake.state.events import DeceptionRevealed, DeceptionUsed, Event, Executed, GameEnded
from coinlake.state.model import (
    DECEPTION_KINDS,
    DECEPTION_MIX,
    EMPTY_THREAT,
    HIDDEN_AGENDA,
    HIDDEN_ASSET,
    UNKNOWN_MARKER,
    DeceptionMarker,
    GameState,
    Options,
    Phase,
    player_groups,
)
from coinlake.state.queries import victory_margins
from tests.conftest import blank, cities_held, on_card, refused, stand_in
from tests.test_coup_effects import KHANH, YOUNG_TURKS

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
PASS, OP, LIMOP = Choose("pass"), Choose("op"), Choose("limop")
ASSET = victory.HIDDEN_ASSET_OPTION
BOMBING_PAUSE = 41  # Faction order NVA, ARVN, US, VC (cards.json)
KISSINGER = 2


def markers(**held: tuple[str, str]) -> tuple[DeceptionMarker, ...]:
    """Deception markers for single-Faction players, e.g. ``markers(US=(...), ...)``."""
    return tuple(DeceptionMarker(k, (Faction(f),)) for f, kinds in held.items() for k in kinds)


FOUR_HANDS = markers(
    US=(EMPTY_THREAT, HIDDEN_AGENDA),
    ARVN=(HIDDEN_ASSET, EMPTY_THREAT),
    NVA=(HIDDEN_AGENDA, HIDDEN_AGENDA),
    VC=(HIDDEN_ASSET, EMPTY_THREAT),
)


# -- dealing at set-up ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("arrangement", "players"),
    [
        ({}, ((US,), (ARVN,), (NVA,), (VC,))),
        ({"non_players": {"ARVN"}}, ((US,), (NVA,), (VC,))),
        ({"players": [("NVA", "VC")]}, ((US,), (ARVN,), (NVA, VC))),
    ],
)
def test_each_player_draws_two_markers_7_3(
    arrangement: dict[str, Any], players: tuple[tuple[Faction, ...], ...]
) -> None:
    """7.3: in a 3- or 4-player game each player (a Non-player none; a player holding two
    Factions once) draws 2 of the 12 markers; nothing is revealed yet."""
    game = coinlake.new_game("full", seed=11, deception=True, **arrangement)
    held = game.state.deception
    assert len(held) == 2 * len(players)
    assert Counter(m.owner for m in held) == {p: 2 for p in players}
    mix = dict(DECEPTION_MIX)
    assert sum(mix.values()) == 12  # 1.9
    assert set(mix) == set(DECEPTION_KINDS)
    for kind, n in Counter(m.kind for m in held).items():
        assert n <= mix[kind]
    assert not any(m.revealed or m.used for m in held)


def test_the_draw_comes_from_the_games_seed_7_3() -> None:
    """7.3 (drawn blindly): the draw is random but fixed by the seed, and it leaves the deck
    as it would be without the option (2.1 Deck Preparation comes first)."""
    draws = {
        tuple(m.kind for m in coinlake.new_game("short", seed=s, deception=True).state.deception)
        for s in range(20)
    }
    assert len(draws) > 5
    a = coinlake.new_game("short", seed=9, deception=True).state
    b = coinlake.new_game("short", seed=9, deception=True).state
    plain = coinlake.new_game("short", seed=9).state
    assert a.deception == b.deception
    assert a.deck == plain.deck and a.played == plain.played
    assert plain.deception == ()


@pytest.mark.parametrize(
    "arrangement",
    [
        {"non_players": {"NVA", "VC"}},  # 1 player (8.9)
        {"non_players": {"US", "VC"}},  # ARVN and NVA: 2 players
        {"players": [("US", "ARVN"), ("NVA", "VC")]},  # No Non-Player option, 2 players
    ],
)
def test_deception_needs_three_or_four_players_7_3(arrangement: dict[str, Any]) -> None:
    """7.3: the option is for 3- and 4-player games; otherwise set-up refuses it."""
    with pytest.raises(ValueError, match=r"7\.3"):
        coinlake.new_game("short", seed=1, deception=True, **arrangement)


# -- Handicap ---------------------------------------------------------------------------------
def test_handicap_players_select_first_others_draw_the_rest_7_3() -> None:
    """7.3 Handicap: the listed players take the markers they chose, least experienced
    first; the others draw blindly from what remains -- here no Hidden Asset is left."""
    picks = {"VC": (HIDDEN_ASSET, HIDDEN_ASSET), "US": (HIDDEN_ASSET, HIDDEN_ASSET)}
    for seed in range(10):
        game = coinlake.new_game("full", seed=seed, deception=True, handicap=picks)
        held = game.state.deception
        assert [m.kind for m in held if m.owner == (VC,)] == [HIDDEN_ASSET, HIDDEN_ASSET]
        assert [m.kind for m in held if m.owner == (US,)] == [HIDDEN_ASSET, HIDDEN_ASSET]
        assert not any(m.kind == HIDDEN_ASSET for m in held if m.owner in ((ARVN,), (NVA,)))


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"handicap": {"US": (HIDDEN_ASSET, EMPTY_THREAT)}}, "Victory Deception"),
        ({"deception": True, "handicap": {"US": (HIDDEN_ASSET,)}}, "selects 2"),
        ({"deception": True, "handicap": {"US": ("secret-weapon", EMPTY_THREAT)}}, "selects 2"),
        (
            {"deception": True, "non_players": {"ARVN"}, "handicap": {"ARVN": (EMPTY_THREAT,) * 2}},
            "not held by a player",
        ),
        (
            {
                "deception": True,
                "handicap": {
                    "US": (HIDDEN_AGENDA,) * 2,
                    "ARVN": (HIDDEN_AGENDA,) * 2,
                    "NVA": (HIDDEN_AGENDA, EMPTY_THREAT),
                },
            },
            "no hidden-agenda marker is left",
        ),
        (
            {
                "deception": True,
                "players": [("NVA", "VC")],
                "handicap": {"NVA": (EMPTY_THREAT,) * 2, "VC": (EMPTY_THREAT,) * 2},
            },
            "listed twice",
        ),
    ],
)
def test_handicap_choices_are_checked_7_3(kw: dict[str, Any], words: str) -> None:
    """7.3 Handicap: it uses the Deception option; a player selects 2 existing kinds from
    those still unselected, once; a Non-player selects none."""
    with pytest.raises(ValueError, match=words):
        coinlake.new_game("full", seed=1, **kw)


# -- privacy: Game.view ------------------------------------------------------------------------
def test_view_hides_other_players_markers_7_3() -> None:
    """7.3 (may not be inspected): each Faction's view shows its own player's markers and
    only the owner and count of the others'; a combined NVA/VC player sees its pair from
    either Faction."""
    game = coinlake.new_game("full", seed=4, deception=True, players=[("NVA", "VC")])
    real = game.state.deception
    for faction in Faction:
        view = game.view(faction)
        shown = view.state.deception
        assert [m.owner for m in shown] == [m.owner for m in real]
        for mine, seen in zip(real, shown, strict=True):
            if faction in mine.owner:
                assert seen == mine
            else:
                assert seen.kind == UNKNOWN_MARKER
    assert game.view("NVA").state.deception == game.view("VC").state.deception
    assert game.state.deception == real  # the game itself is untouched


def test_view_hides_other_players_handicap_choices_7_3() -> None:
    """7.3 Handicap: the choice is secret; other players see who chose, not what."""
    picks = {"VC": (HIDDEN_ASSET, HIDDEN_AGENDA)}
    game = coinlake.new_game("short", seed=2, deception=True, handicap=picks)
    assert game.view("VC").state.options.handicap == ((VC, (HIDDEN_ASSET, HIDDEN_AGENDA)),)
    assert game.view("US").state.options.handicap == ((VC, ()),)
    assert game.state.options.handicap == ((VC, (HIDDEN_ASSET, HIDDEN_AGENDA)),)


def test_view_without_deception_is_unchanged() -> None:
    """Without the option the view hides only the deck order and the generator (2.2)."""
    game = coinlake.new_game("short", seed=2)
    view = game.view("US")
    assert view.state.deception == () and view.state.options == game.state.options
    assert view.state.spaces == game.state.spaces


@frozen(kw_only=True)
class _Secret(Event):
    """A private event of one player (a stand-in: no event of the kernel is private yet)."""

    public: ClassVar[bool] = False
    owner: tuple[Faction, ...]


def test_private_events_are_seen_only_by_their_owner_7_3() -> None:
    """``Event.visible_to``: public events by everyone, a private one by its owner's
    Factions only -- what ``Game.view`` filters the events by."""
    secret = _Secret(seq=0, rule="7.3", owner=(NVA, VC))
    assert [f for f in Faction if secret.visible_to(f)] == [NVA, VC]
    shown = DeceptionRevealed(seq=0, rule="7.3", owner=(US,), markers=(EMPTY_THREAT,) * 2)
    assert all(shown.visible_to(f) for f in Faction)


# -- Hidden Agenda and the reveal at game end ---------------------------------------------------
def test_hidden_agenda_adds_one_to_the_final_margin_7_3() -> None:
    """7.3: each Hidden Agenda adds 1 to its holder's margin after the final Coup. Short
    scenario margins (US -12, ARVN -9, NVA -8, VC -12): NVA would win; 2 Hidden Agendas
    bring ARVN to -7, ahead of the NVA."""
    state = coinlake.new_game("short", seed=1).state
    assert victory.final_result(state).winner == (NVA,)
    held = markers(US=(EMPTY_THREAT,) * 2, ARVN=(HIDDEN_AGENDA,) * 2, NVA=(EMPTY_THREAT,) * 2)
    state = attrs.evolve(state, deception=held)
    assert victory.hidden_agenda_bonus(state) == {(ARVN,): 2}
    result = victory.final_result(state)
    assert result.winner == (ARVN,)
    assert result.ranking[:2] == ((ARVN,), (NVA,))
    assert result.side_margins[:2] == (-7, -8)
    assert result.margins == (-12, -9, -8, -12)  # each Faction's own 7.3 margin


def test_hidden_agenda_does_not_count_in_a_coup_round_check_7_2() -> None:
    """7.2 compares totals with thresholds: a Hidden Agenda plays no part there."""
    state = attrs.evolve(
        coinlake.new_game("short", seed=1).state, deception=markers(ARVN=(HIDDEN_AGENDA,) * 2)
    )
    assert victory.victory_check(state) is None


def final_coup_state(held: tuple[DeceptionMarker, ...]) -> GameState:
    """A final Coup card played right after another Coup card: no Round, the game ends at
    once by 7.3 (6.0, 2.4.2)."""
    return attrs.evolve(
        blank(options=Options(deception=True)),
        deception=held,
        phase=Phase.EVENT_CARD,
        coup_phase=None,
        played=(KHANH, YOUNG_TURKS),
        next_card=KISSINGER,
        deck=(3, 4, 5),
        leader_box=(KHANH,),
        pending=None,
    )


def test_markers_are_revealed_when_the_game_ends_7_3() -> None:
    """7.3: at game end every player reveals its markers -- one public event per player,
    before the result -- and the Hidden Agendas count in the final ranking."""
    state = final_coup_state(FOUR_HANDS)
    ctx = Ctx(state)
    with pytest.raises(StopIteration):
        next(PROCEDURES["coup_card"](ctx))
    reveals = [e for e in ctx.events if isinstance(e, DeceptionRevealed)]
    assert [(e.owner, e.markers, e.rule) for e in reveals] == [
        ((US,), (EMPTY_THREAT, HIDDEN_AGENDA), "7.3"),
        ((ARVN,), (HIDDEN_ASSET, EMPTY_THREAT), "7.3"),
        ((NVA,), (HIDDEN_AGENDA, HIDDEN_AGENDA), "7.3"),
        ((VC,), (HIDDEN_ASSET, EMPTY_THREAT), "7.3"),
    ]
    ended = [i for i, e in enumerate(ctx.events) if isinstance(e, GameEnded)]
    assert ended and ended[0] > ctx.events.index(reveals[-1])
    assert all(m.revealed for m in ctx.state.deception)
    result = ctx.state.result
    assert result is not None and result.rule == "7.3"
    margins = victory_margins(state)
    bonus = {US: 1, ARVN: 0, NVA: 2, VC: 0}
    by_side = dict(zip(result.ranking, result.side_margins, strict=True))
    assert by_side == {(f,): margins[f] + bonus[f] for f in Faction}


def finish(game: Game) -> None:
    """Pass whenever possible, else stop moving pieces, until the game is over."""
    while game.decision is not None:
        legal = game.legal()
        game.apply(next((c for c in (PASS, Done()) if c in legal), legal[0]))


def test_view_events_reveal_markers_only_at_game_end_7_3() -> None:
    """7.3: through a game's last card and final Coup Round no event a Faction sees names
    another player's markers; the reveals at the end are seen by all, and so are the
    markers in every view."""
    state = attrs.evolve(
        cities_held(blank(options=Options(deception=True))),
        deception=FOUR_HANDS,
        phase=Phase.EVENT_CARD,
        played=(BOMBING_PAUSE,),
        next_card=KHANH,
        deck=(3, 4),
        leader_box=(),
        pending=None,
    )
    game = Game(prime(state))
    assert not any(isinstance(e, DeceptionRevealed | DeceptionUsed) for e in game.events)
    finish(game)
    assert game.state.phase is Phase.OVER
    for faction in Faction:
        view = game.view(faction)
        reveals = [e for e in view.events if isinstance(e, DeceptionRevealed)]
        assert len(reveals) == 4
        assert view.state.deception == game.state.deception
        assert UNKNOWN_MARKER not in {m.kind for m in view.state.deception}


# -- Hidden Asset ---------------------------------------------------------------------------------
@pytest.fixture
def stand_in_op() -> Iterator[None]:
    with stand_in("deception-op"):
        yield


@pytest.fixture
def stand_in_sa(stand_in_op: None) -> Iterator[None]:
    with stand_in("deception-sa", special=True):
        yield


def at_card(held: tuple[DeceptionMarker, ...], *, deception: bool = True) -> Game:
    """A Short game positioned on Bombing Pause (NVA 1st, ARVN 2nd Eligible)."""
    return on_card(
        coinlake.new_game("short", seed=7).state,
        BOMBING_PAUSE,
        options=Options(deception=deception),
        deception=held,
    )


def nva_operates(game: Game) -> None:
    """The 1st Eligible NVA executes an Operation without a Special Activity (2.3.4)."""
    game.apply(OP)
    game.apply(Choose("deception-op"))
    game.apply(Select("saigon"))


def test_hidden_asset_turns_a_limited_operation_into_op_and_sa_7_3(stand_in_sa: None) -> None:
    """7.3 Hidden Asset: where the Sequence of Play offers a Limited Operation (2nd Eligible
    after an Operation only, 2.3.4), its holder may instead execute a full Operation with a
    Special Activity; the marker is then revealed and spent."""
    game = at_card(FOUR_HANDS)
    nva_operates(game)
    d = game.decision
    assert d is not None and d.faction is ARVN
    assert d.options == (LIMOP, ASSET, PASS)
    events = game.apply(ASSET)
    game.apply(Choose("deception-op"))
    d = game.decision
    assert d is not None and d.kind == "special-activity"  # a full Op: the SA is offered (4.1)
    game.apply(Choose("deception-sa"))
    events = game.apply(Select("saigon"))
    used = [e for e in events if isinstance(e, DeceptionUsed)]
    assert [(e.owner, e.kind, e.rule) for e in used] == [((ARVN,), HIDDEN_ASSET, "7.3")]
    assert game.state.current_card == KISSINGER  # 2 Factions executed: next card (2.3.7)
    assert game.state.eligible(US) and not game.state.eligible(ARVN)  # 2.3.6
    arvn = [m for m in game.state.deception if m.owner == (ARVN,)]
    assert arvn[0] == DeceptionMarker(HIDDEN_ASSET, (ARVN,), revealed=True, used=True)
    assert not arvn[1].revealed
    assert game.view("US").state.deception[2].kind == HIDDEN_ASSET  # now public
    assert game.view("US").state.deception[3].kind == UNKNOWN_MARKER
    offer, refusal = victory.hidden_asset_option(game.state, ARVN, limop_offered=True)
    assert offer is None and refusal is not None and refusal[2] == "7.3"  # spent


def test_hidden_asset_is_recorded_as_op_and_sa_2_3_4(stand_in_sa: None) -> None:
    """The Faction that used its Hidden Asset executed an Operation with a Special Activity
    (2.3.4), recorded on the card before the next card is played."""
    game = at_card(FOUR_HANDS)
    nva_operates(game)
    events = game.apply(ASSET)
    events += game.apply(Choose("deception-op"))
    events += game.apply(Choose("deception-sa"))
    events += game.apply(Select("saigon"))
    acted = [(e.faction, e.action, e.rule) for e in events if isinstance(e, Executed)]
    assert acted == [(ARVN, "op+sa", "7.3")]


def test_hidden_asset_operation_in_no_space_keeps_the_marker_2_3_4(stand_in_sa: None) -> None:
    """2.3.4 NOTE: an Operation that occurs in no space is not executed; the Hidden Asset
    stays unused and hidden."""
    game = at_card(FOUR_HANDS)
    nva_operates(game)
    game.apply(ASSET)
    game.apply(Choose("deception-op"))
    game.apply(Choose("not-now"))
    game.apply(Done())
    arvn = [m for m in game.state.deception if m.owner == (ARVN,)]
    assert not arvn[0].used and not arvn[0].revealed


@pytest.mark.parametrize(
    ("held", "deception", "words"),
    [
        (FOUR_HANDS, False, "not in use"),
        (markers(ARVN=(EMPTY_THREAT, HIDDEN_AGENDA)), True, "no unused Hidden Asset"),
    ],
)
def test_hidden_asset_refused_without_an_unused_marker_7_3(
    stand_in_sa: None, held: tuple[DeceptionMarker, ...], deception: bool, words: str
) -> None:
    """7.3: only the holder of an unused Hidden Asset, with the option in use, may convert
    the LimOp option; the refusal names 7.3 and changes nothing."""
    game = at_card(held, deception=deception)
    nva_operates(game)
    assert game.legal() == (LIMOP, PASS)
    assert words in str(refused(game, ASSET, "7.3"))


def test_hidden_asset_converts_only_a_limited_operation_option_7_3(stand_in_sa: None) -> None:
    """7.3: the 1st Eligible is offered no LimOp, so a Hidden Asset has nothing to convert."""
    held = markers(NVA=(HIDDEN_ASSET, EMPTY_THREAT))
    game = at_card(held)
    assert ASSET not in game.legal()
    assert "Limited Operation" in str(refused(game, ASSET, "7.3"))


def test_hidden_asset_needs_a_possible_special_activity_3_1(
    stand_in_op: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Hidden Asset brings an Operation *with* a Special Activity: with none possible it is
    refused like the op+sa option (3.1)."""
    monkeypatch.setattr(actions, "has_special_activity", lambda state, faction: False)
    game = at_card(FOUR_HANDS)
    nva_operates(game)
    assert game.legal() == (LIMOP, PASS)
    refused(game, ASSET, "3.1")


def test_a_two_faction_player_uses_its_asset_with_either_faction_7_3() -> None:
    """1.5, 7.3: a player holding NVA and VC holds one pair of markers for both."""
    held = (DeceptionMarker(HIDDEN_ASSET, (NVA, VC)), DeceptionMarker(EMPTY_THREAT, (NVA, VC)))
    state = attrs.evolve(
        coinlake.new_game("short", seed=1).state,
        options=Options(deception=True, players=((NVA, VC),)),
        deception=held,
    )
    assert player_groups(state.options) == ((US,), (ARVN,), (NVA, VC))
    assert victory.markers_of(state, VC) == held == victory.markers_of(state, NVA)
    assert victory.markers_of(state, US) == ()


# -- persistence -------------------------------------------------------------------------------
def test_deception_and_handicap_survive_save_and_load_7_3(tmp_path: Path) -> None:
    """The options are in the log's header and the draw is re-made from the seed, so a
    loaded game holds the same markers."""
    picks = {"VC": (HIDDEN_ASSET, HIDDEN_AGENDA)}
    game = coinlake.new_game("short", seed=4, deception=True, handicap=picks)
    game.apply(game.legal()[-1])
    path = tmp_path / "deception.fitl"
    game.save(path)
    loaded = coinlake.load(path)
    assert loaded.state == game.state
    assert loaded.state.deception == game.state.deception
