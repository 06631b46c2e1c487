"""Shared helpers for coinlake's kernel tests.

Test modules import the helpers below with ``from tests.conftest import ...``. Expected
values in the tests come from the rulebook (``../shared/rules/fire-in-the-lake-rules-2e.txt``)
and are cited by section number.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The repository root (``/work/main``)."""

if str(ROOT) not in sys.path:  # ``coinlake`` and ``tools`` import from the root
    sys.path.insert(0, str(ROOT))

import coinlake  # noqa: E402
from coinlake.data.map import space_index  # noqa: E402
from coinlake.data.pieces import N_PIECES, Piece  # noqa: E402
from coinlake.engine import Game, prime  # noqa: E402
from coinlake.state.model import GameState, SpaceState, Support  # noqa: E402

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


def position(state: GameState, **changes: Any) -> Game:
    """A game that starts from ``state`` changed by ``changes`` (attrs field names), with the
    procedure in progress dropped and the next one (by the Sequence of Play) started afresh.

    This is how a test sets up a hand-built position between two cards, e.g. with some
    Factions Ineligible or a Resources track near its limit. Pivotal Event offers (2.3.8)
    are declined.
    """
    return settle(Game(prime(attrs.evolve(state, pending=None, **changes))))


def drive(game: Game, steps: int, pick: int = 0) -> int:
    """Apply up to ``steps`` legal commands (the ``pick``-th option, wrapped); returns how
    many were applied (fewer when the game stops deciding)."""
    done = 0
    for _ in range(steps):
        legal = game.legal()
        if not legal:
            break
        game.apply(legal[pick % len(legal)])
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
        game.apply(pass_or_first(game))
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
