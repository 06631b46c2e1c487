"""Shared helpers for coinlake's kernel tests.

Test modules import the helpers below with ``from tests.conftest import ...``. Expected
values in the tests come from the rulebook (``../shared/rules/fire-in-the-lake-rules-2e.txt``)
and are cited by section number.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The repository root (``/work/main``)."""

if str(ROOT) not in sys.path:  # ``coinlake`` and ``tools`` import from the root
    sys.path.insert(0, str(ROOT))

import coinlake  # noqa: E402
from coinlake.data.map import SPACES, space_index  # noqa: E402
from coinlake.data.pieces import N_PIECES, Faction, Piece  # noqa: E402
from coinlake.engine import Game, prime  # noqa: E402
from coinlake.errors import IllegalCommand  # noqa: E402
from coinlake.rules import actions  # noqa: E402
from coinlake.rules.actions import ActionProc, Outcome, SpecialActivitySlot  # noqa: E402
from coinlake.rules.core import Ctx, Kind  # noqa: E402
from coinlake.state.commands import Command, Done, Select  # noqa: E402
from coinlake.state.model import (  # noqa: E402
    CASUALTIES,
    Eligibility,
    GameState,
    Options,
    SpaceState,
    Support,
    Track,
)
from coinlake.state.queries import pieces_total, stacking_violations  # noqa: E402
from coinlake.state.rng import Rng  # noqa: E402
from coinlake.state.setup import initial_state  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "reference"
"""The shared reference data the package data is built from (may be absent)."""

SCENARIOS: tuple[str, ...] = ("short", "medium", "full")

FACTION_NAMES: tuple[str, ...] = ("US", "ARVN", "NVA", "VC")


def counts(pieces: Mapping[Piece, int] | None = None) -> tuple[int, ...]:
    """A piece-count vector (indexed by :class:`Piece`) from a ``{piece: n}`` mapping."""
    out = [0] * N_PIECES
    for piece, n in (pieces or {}).items():
        out[piece] += n
    return tuple(out)


def with_space(
    state: GameState,
    key: str,
    pieces: Mapping[Piece, int] | None = None,
    support: Support = Support.NEUTRAL,
) -> GameState:
    """``state`` with one space's contents replaced by ``pieces`` at ``support``."""
    spaces = list(state.spaces)
    spaces[space_index(key)] = SpaceState(pieces=counts(pieces), support=support)
    return attrs.evolve(state, spaces=tuple(spaces))


def cleared(state: GameState) -> GameState:
    """``state`` with every space empty and Neutral (boxes and tracks untouched)."""
    return attrs.evolve(state, spaces=tuple(SpaceState() for _ in state.spaces))


def fresh(state: GameState, **changes: Any) -> Game:
    """A game that starts from ``state`` changed by ``changes`` (attrs field names), with the
    procedure in progress dropped and the next one (by the Sequence of Play) started afresh;
    nothing is decided for anyone (Pivotal Event offers included, 2.3.8)."""
    return Game(prime(attrs.evolve(state, pending=None, **changes)))


def position(state: GameState, **changes: Any) -> Game:
    """:func:`fresh`, with Pivotal Event offers (2.3.8) declined.

    This is how a test sets up a hand-built position between two cards, e.g. with some
    Factions Ineligible or a Resources track near its limit.
    """
    return settle(fresh(state, **changes))


def non_player_step(game: Game) -> bool:
    """If a Non-player decides now, let its agent take that one Decision (8.0: a
    Non-player's Decisions are never the caller's); whether it did."""
    decision = game.decision
    if decision is not None and decision.faction in game.state.options.non_players:
        return game.play_non_players(limit=1) == 1
    return False


def as_lists(value: Any) -> Any:
    """Tuples as lists, recursively: the JSON view of a msgpack value (as ``Game.notes``
    hands note data out)."""
    if isinstance(value, tuple | list):
        return [as_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: as_lists(v) for k, v in value.items()}
    return value


def play_step(game: Game, command: coinlake.Command) -> None:
    """Apply ``command`` -- or, when a Non-player decides now, let it decide instead."""
    if not non_player_step(game):
        game.apply(command)


def drive(game: Game, steps: int, pick: int = 0) -> int:
    """Apply up to ``steps`` legal commands (the ``pick``-th option, wrapped; a Non-player's
    own choice when it decides); returns how many were applied (fewer when the game stops
    deciding)."""
    done = 0
    for _ in range(steps):
        legal = game.legal()
        if not legal:
            break
        play_step(game, legal[pick % len(legal)])
        done += 1
    return done


PASS = coinlake.Choose("pass")
"""Passing (2.3.3), always an option of an Eligible Faction on an Event card."""


DECLINE = coinlake.Choose("decline")
"""Declining to play a Pivotal Event (2.3.8) when the game offers it."""


def pass_or_first(game: Game) -> coinlake.Command:
    """``pass`` when it is legal, ``decline`` for a Pivotal Event offer (2.3.8), else the
    first legal command (the game's own steps)."""
    legal = game.legal()
    assert legal, "the game is not deciding anything"
    for preferred in (PASS, DECLINE):
        if preferred in legal:
            return preferred
    return legal[0]


def settle(game: Game) -> Game:
    """Decline every Pivotal Event offered (2.3.8) until a Faction's regular turn (or
    anything else) is asked; returns ``game``."""
    while True:
        decision = game.decision
        if decision is None or DECLINE not in decision.options or PASS in decision.options:
            return game
        game.apply(DECLINE)


def drive_passing(game: Game, steps: int) -> int:
    """Like :func:`drive`, but every Faction Passes whenever it may."""
    done = 0
    for _ in range(steps):
        if not game.legal():
            break
        play_step(game, pass_or_first(game))
        done += 1
    return done


def iter_games(**options: Any) -> Iterator[tuple[str, Game]]:
    """One new game per scenario, with ``options`` passed to :func:`coinlake.new_game`."""
    for scenario in SCENARIOS:
        yield scenario, coinlake.new_game(scenario, **options)


@pytest.fixture(params=SCENARIOS)
def scenario(request: pytest.FixtureRequest) -> str:
    """Each scenario name in turn (2.1)."""
    name: str = request.param
    return name


def event_card_game(scenario: str = "short", first_seed: int = 7, **options: Any) -> Game:
    """A new game (the first seed from ``first_seed`` that fits) whose first played card is an
    Event card, so that an Eligible Faction decides (2.2, 2.3)."""
    for seed in range(first_seed, first_seed + 200):
        game = coinlake.new_game(scenario, seed=seed, **options)
        card = game.state.current_card
        if card is not None and coinlake.CARDS[card].kind == "event":
            return settle(game)
    raise AssertionError("no seed starts on an Event card")


@pytest.fixture
def short_game() -> Game:
    """A Short-scenario game right after the first cards are revealed (2.2), on an Event."""
    return event_card_game("short")


# -- games positioned on a card --------------------------------------------------------------------
KISSINGER = 2
"""Card 2 (Kissinger): a harmless next card, not a Coup (no Monsoon, 2.3.9)."""


def on_card(state: GameState, card: int, next_card: int = KISSINGER, **changes: Any) -> Game:
    """:func:`fresh` from ``state`` positioned on ``card`` with ``next_card`` showing (2.2)."""
    deck = tuple(c for c in state.deck if c not in (card, next_card))
    return fresh(state, played=(card,), next_card=next_card, deck=deck, **changes)


def at_card(card: int, next_card: int = KISSINGER, scenario: str = "short", **changes: Any) -> Game:
    """A game (seed 7) positioned on ``card`` with ``next_card`` showing, nothing done yet.
    The Short scenario has no Pivotal Events and the Full one no RVN Leader cards, so no
    Pivotal Event is offered there (2.3.8)."""
    return on_card(coinlake.new_game(scenario, seed=7).state, card, next_card, **changes)


def eligibility(*ineligible: Faction) -> tuple[Eligibility, ...]:
    """Every Faction Eligible but ``ineligible`` (2.3.1)."""
    return tuple(
        Eligibility.INELIGIBLE if f in ineligible else Eligibility.ELIGIBLE for f in Faction
    )


def with_tracks(state: GameState, **values: int) -> tuple[int, ...]:
    """``state``'s tracks with ``values`` set by name, e.g. ``arvn_resources=30`` (1.8)."""
    tracks = list(state.tracks)
    for name, value in values.items():
        tracks[Track[name.upper()]] = value
    return tuple(tracks)


# -- hand-built positions on an empty Full-scenario map --------------------------------------------
def blank(*, options: Options | None = None, **tracks: int) -> GameState:
    """A Full-scenario state with an empty, Neutral map and every piece in its box, so that
    the 229 pieces (1.2) stay accounted for; ``tracks`` by name (:func:`with_tracks`)."""
    state = initial_state("full", 1, Options())
    available = list(state.available)
    for sp in state.spaces:
        for piece in Piece:
            available[piece.box_form] += sp.pieces[piece]
    return attrs.evolve(
        state,
        options=options or Options(),
        spaces=tuple(SpaceState() for _ in state.spaces),
        available=tuple(available),
        tracks=with_tracks(state, **tracks),
    )


def put(
    state: GameState,
    space: str,
    pieces: Mapping[Piece, int] | None = None,
    *,
    support: Support | None = None,
    terror: int | None = None,
    sabotage: int | None = None,
) -> GameState:
    """Place pieces from Available (1.4.1) and set a space's level and markers."""
    available = list(state.available)
    i = space_index(space)
    sp = state.spaces[i]
    counts = list(sp.pieces)
    for piece, n in (pieces or {}).items():
        available[piece.box_form] -= n
        assert available[piece.box_form] >= 0, f"not enough {piece} Available"
        counts[piece] += n
    spaces = list(state.spaces)
    spaces[i] = SpaceState(
        pieces=tuple(counts),
        support=sp.support if support is None else support,
        terror=sp.terror if terror is None else terror,
        sabotage=sp.sabotage if sabotage is None else sabotage,
    )
    return attrs.evolve(state, spaces=tuple(spaces), available=tuple(available))


def to_box(state: GameState, box: str, piece: Piece, n: int) -> GameState:
    """Move ``n`` pieces from Available to the Casualties or Out of Play box."""
    available = list(state.available)
    available[piece] -= n
    other = list(state.box(box))
    other[piece] += n
    if box == CASUALTIES:
        return attrs.evolve(state, available=tuple(available), casualties=tuple(other))
    return attrs.evolve(state, available=tuple(available), out_of_play=tuple(other))


def cities_held(state: GameState) -> GameState:
    """1 ARVN Police in every City, so each is COIN-Controlled (1.7) and no LoC next to a
    City is Sabotaged (6.2.1)."""
    for sp in SPACES:
        if sp.is_city:
            state = put(state, sp.id, {Piece.ARVN_POLICE: 1})
    return state


PACIFIABLE = ("hue", "da-nang", "kontum", "qui-nhon", "cam-ranh")
"""5 Pop-1/2 spaces that :func:`pacify_position` makes Pacifiable (6.3.1)."""


def pacify_position(resources: int = 60, **changes: Any) -> GameState:
    """US Troops, ARVN Troops and Police in 5 Pop-1/2 spaces: each may be Pacified (6.3.1);
    ARVN Resources ``resources``; ``changes`` to the state (attrs field names)."""
    state = blank(arvn_resources=resources)
    for key in PACIFIABLE:
        state = put(state, key, {Piece.US_TROOPS: 1, Piece.ARVN_TROOPS: 1, Piece.ARVN_POLICE: 1})
    return attrs.evolve(state, **changes)


def pacify(game: Game, key: str, extent: str) -> None:
    """Select ``key`` for Pacification (6.3.1) and, if asked, how far (``passive-support``,
    ``remove-terror``...)."""
    game.apply(Select(key))
    d = game.decision
    if d is not None and d.kind is coinlake.Kind.CHOOSE_MODE and d.context.procedure == "pacify":
        game.apply(coinlake.Choose(extent))


def decision_kind(game: Game) -> str:
    """The kind of the pending Decision, ``""`` when there is none."""
    d = game.decision
    return "" if d is None else d.kind


def decision_step(game: Game) -> tuple[str, str, str | None]:
    """What the pending Decision asks: the step it belongs to (``Context.procedure``, e.g.
    ``"pacify"``), its kind and the space being worked (``Context.space``);
    ``("", "", None)`` when there is none."""
    d = game.decision
    return ("", "", None) if d is None else (d.context.procedure, d.kind, d.context.space)


# -- checks ----------------------------------------------------------------------------------------
def refused(game: Game, command: Command, rule: str, words: str = "") -> IllegalCommand:
    """``command`` is refused citing ``rule`` (and saying ``words``), and nothing changes."""
    before = game.state
    with pytest.raises(IllegalCommand) as info:
        game.apply(command)
    assert info.value.rule == rule, str(info.value)
    assert words in str(info.value)
    assert game.state is before
    return info.value


def check_invariants(state: GameState) -> None:
    """229 pieces (1.2), stacking (1.4.2), Trail 0..4 (6.7), other tracks 0..75 (1.8), no
    negative count, and at most 15 Terror and Sabotage markers (3.3.4)."""
    assert pieces_total(state) == 229
    assert stacking_violations(state) == []
    for track in Track:
        high = 4 if track is Track.TRAIL else 75
        assert 0 <= state.track(track) <= high, (track.name, state.track(track))
    for box in (state.available, state.casualties, state.out_of_play):
        assert min(box) >= 0
    for sp in state.spaces:
        assert min(sp.pieces) >= 0
        assert sp.terror >= 0 and sp.sabotage >= 0
    assert sum(sp.terror + sp.sabotage for sp in state.spaces) <= 15  # 3.3.4


def rng_rolling(*values: int) -> Rng:
    """A generator whose next die rolls are ``values`` (a seed found by search; the
    generator lives in the state, DESIGN.md "Randomness")."""
    for seed in range(100_000):
        rng, ok = Rng(seed), True
        for want in values:
            got, rng = rng.die()
            if got != want:
                ok = False
                break
        if ok:
            return Rng(seed)
    raise AssertionError(f"no seed rolls {values}")


# -- stand-in Operation and Special Activity (the registry's interface, 3.0, 4.1) ------------------
STAND_IN_CALLS: list[dict[str, Any]] = []
"""What the stand-ins were run with, latest last."""


def always_legal(state: GameState, faction: Faction, *, limited: bool, free: bool) -> bool:
    return True


def stand_in_operation(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    **options: Any,
) -> ActionProc:
    """Selects Saigon (executed: 1 space, 1 Resource unless free) or answers Done (no
    space: not executed, 2.3.4 NOTE); its Special Activity may follow (4.1)."""
    STAND_IN_CALLS.append(
        {"faction": faction, "limited": limited, "free": free, "sa": sa is not None}
    )
    answer = yield ctx.ask(
        faction, Kind.SELECT_SPACE, "stand-in", (Select("saigon"), Done()), "3.1"
    )
    if isinstance(answer, Select):
        actions.pay(ctx, faction, 1, free=free, rule="3.1")
        if sa is not None:
            yield from sa.offer(ctx)
    return Outcome(executed=isinstance(answer, Select))


def stand_in_special_activity(
    ctx: Ctx,
    faction: Faction,
    *,
    limited: bool,
    free: bool,
    sa: SpecialActivitySlot | None,
    **options: Any,
) -> ActionProc:
    """Executed at once, with no question (4.1)."""
    STAND_IN_CALLS.append({"faction": faction, "sa-of": options.get("operation"), "free": free})
    return Outcome(executed=True)
    yield


@contextmanager
def stand_in(name: str, *, special: bool = False, **registration: Any) -> Iterator[None]:
    """Register :func:`stand_in_operation` (``special``: :func:`stand_in_special_activity`)
    as ``name`` for every Faction -- ``registration`` as for :func:`actions.operation`, e.g.
    ``monsoon_banned`` or ``accompanies`` -- and unregister it afterwards."""
    if special:
        register = actions.special_activity(
            name, tuple(Faction), rule="4.1", legal=always_legal, **registration
        )
        register(stand_in_special_activity)
    else:
        actions.operation(name, tuple(Faction), rule="3.1", legal=always_legal, **registration)(
            stand_in_operation
        )
    STAND_IN_CALLS.clear()
    try:
        yield
    finally:
        for faction in Faction:
            actions.unregister(faction, name)
