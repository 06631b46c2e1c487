"""How does a position stand? Each Faction's chance of winning and expected final margin,
by playing the rest of the game many times with the four section-8 Non-players.

Every rollout starts from the position on a fork of the game, reseeded with a seed derived
from ``seed`` and the rollout's number (:meth:`coinlake.Game.reseed`): new dice and, unless
``omniscient``, the cards not yet seen shuffled again within their piles (2.1), so the
evaluation never reads the hidden deck order -- a reshuffle depends only on which cards
remain in each pile. All four Factions are then played by their Non-player (section 8; a
Faction that is a player in the game is played by its Non-player too) until the game ends
(7.2, 7.3). The same ``seed`` gives the same numbers with any ``jobs`` and either engine.

>>> import coinlake
>>> from coinlake.analysis import evaluate
>>> game = coinlake.new_game("short", seed=3)
>>> result = evaluate(game, rollouts=4, seed=1)
>>> result.rollouts, round(sum(o.win for o in result.outlooks), 6)
(4, 1.0)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import as_completed
from typing import Literal, NamedTuple

import attrs

import coinlake
from coinlake import Faction, Game, GameState
from coinlake.analysis.stats import derived_seed, mean_interval, wilson
from coinlake.analysis.workers import process_pool
from coinlake.nonplayers import NonPlayer

FACTIONS = tuple(Faction)
"""The Factions in the order of every per-Faction tuple here: US, ARVN, NVA, VC."""
ROLLOUT_LIMIT = 100_000
"""Commands a rollout may apply at most (a whole Full game takes a few thousand)."""
Engine = Literal["local", "ray"]
SHARES_PER_JOB = 4
"""Rollouts are handed to worker processes in this many shares per job."""
Progress = Callable[[int], None]
"""Told how many more rollouts are done (each one with one job, each share with more)."""


class Rollout(NamedTuple):
    """One played-out future: the winning Factions (none if it did not end within the
    limit) and each Faction's final margin (7.3), in :data:`FACTIONS` order."""

    winners: tuple[Faction, ...]
    margins: tuple[int, ...]


@attrs.frozen
class Outlook:
    """One Faction's prospects: ``win`` the share of rollouts it won, with its 95% Wilson
    interval ``win_low``..``win_high``; ``margin`` its mean final margin (7.3), with its 95%
    interval ``margin_low``..``margin_high``."""

    faction: Faction
    win: float
    win_low: float
    win_high: float
    margin: float
    margin_low: float
    margin_high: float


@attrs.frozen
class Evaluation:
    """What :func:`evaluate` found: one :class:`Outlook` per Faction (US, ARVN, NVA, VC),
    how many rollouts were played, whether the deck order was known (``omniscient``), and
    the seconds taken (the only figure that varies between runs)."""

    outlooks: tuple[Outlook, ...]
    rollouts: int
    omniscient: bool
    seconds: float = attrs.field(eq=False)

    def __getitem__(self, faction: Faction | str) -> Outlook:
        """The :class:`Outlook` of ``faction``."""
        return self.outlooks[FACTIONS.index(Faction(faction))]

    def __iter__(self) -> Iterator[Outlook]:
        return iter(self.outlooks)


def rollout_seed(seed: int, index: int) -> int:
    """The generator seed of rollout ``index`` of an evaluation seeded ``seed``."""
    return derived_seed("evaluate", seed, index)


def play_rollouts(
    state: GameState,
    seed: int,
    indices: Sequence[int],
    omniscient: bool,
    limit: int,
    progress: Progress | None = None,
) -> list[Rollout]:
    """Play the rollouts numbered ``indices`` from ``state`` (a worker's share), telling
    ``progress`` after each."""
    base = Game.from_state(state)
    out = []
    for index in indices:
        game = base.fork()
        game.reseed(rollout_seed(seed, index), reshuffle=not omniscient)
        for faction in FACTIONS:
            game.seat(faction, NonPlayer(faction))
        game.play_non_players(limit=limit)
        out.append(outcome(game.state))
        if progress is not None:
            progress(1)
    return out


def outcome(state: GameState) -> Rollout:
    """The :class:`Rollout` of a position: its result's winners, and its margins (7.3)."""
    margins = coinlake.victory_margins(state)
    winners = state.result.winner if state.result is not None else ()
    return Rollout(tuple(winners), tuple(margins[f] for f in FACTIONS))


def _chunks(n: int, jobs: int) -> list[range]:
    return [r for k in range(jobs) if (r := range(k * n // jobs, (k + 1) * n // jobs))]


def _run(
    state: GameState,
    seed: int,
    rollouts: int,
    jobs: int,
    omniscient: bool,
    engine: Engine,
    address: str | None,
    limit: int,
    progress: Progress | None,
) -> list[Rollout]:
    if engine == "ray":
        try:
            import ray
        except ImportError:
            raise RuntimeError("engine='ray' needs Ray: pip install 'coinlake[ray]'") from None
        if not ray.is_initialized():
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        task = ray.remote(play_rollouts)
        refs = [task.remote(state, seed, c, omniscient, limit) for c in _chunks(rollouts, jobs)]
        parts = ray.get(refs)
        if progress is not None:
            progress(rollouts)
        return [r for part in parts for r in part]
    if jobs == 1:
        return play_rollouts(state, seed, range(rollouts), omniscient, limit, progress)
    # Small shares handed out as workers free up keep every one busy to the end; results are
    # put back in rollout order, so they never depend on which worker played what.
    shares = _chunks(rollouts, min(rollouts, jobs * SHARES_PER_JOB))
    with process_pool(jobs) as pool:
        futures = {
            pool.submit(play_rollouts, state, seed, c, omniscient, limit): k
            for k, c in enumerate(shares)
        }
        done: list[list[Rollout]] = [[] for _ in shares]
        for future in as_completed(futures):
            k = futures[future]
            done[k] = future.result()
            if progress is not None:
                progress(len(shares[k]))
        return [r for part in done for r in part]


def summarise(results: Sequence[Rollout], *, omniscient: bool, seconds: float) -> Evaluation:
    """The :class:`Evaluation` of a set of rollouts."""
    n = len(results)
    outlooks = []
    for i, faction in enumerate(FACTIONS):
        wins = sum(faction in r.winners for r in results)
        low, high = wilson(wins, n)
        margin, m_low, m_high = mean_interval([float(r.margins[i]) for r in results])
        outlooks.append(Outlook(faction, wins / n, low, high, margin, m_low, m_high))
    return Evaluation(tuple(outlooks), n, omniscient, seconds)


def evaluate(
    game: Game,
    *,
    rollouts: int = 200,
    jobs: int = 1,
    seed: int = 0,
    omniscient: bool = False,
    engine: Engine = "local",
    address: str | None = None,
    limit: int = ROLLOUT_LIMIT,
    progress: Progress | None = None,
) -> Evaluation:
    """Each Faction's chance of winning and expected final margin from ``game``'s current
    position (any step, mid-Operation included), over ``rollouts`` futures played by the
    four Non-players (see the module docstring), on ``jobs`` processes (``engine="ray"``:
    as Ray tasks, on the cluster at ``address`` or a local one); ``progress`` is told as
    rollouts finish. A finished game is its result (no rollout is played)."""
    for name, value, low in (("rollouts", rollouts, 1), ("jobs", jobs, 1), ("limit", limit, 1)):
        if type(value) is not int or value < low:
            raise ValueError(f"{name} is an int of at least {low}, not {value!r}"[:200])
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ValueError(f"seed is an int in 0..2**64-1, not {seed!r}"[:200])
    if engine not in ("local", "ray"):
        raise ValueError(f"engine is 'local' or 'ray', not {engine!r}"[:200])
    start = time.perf_counter()
    state = game.state
    if state.result is not None:
        results = [outcome(state)]
    else:
        results = _run(state, seed, rollouts, jobs, omniscient, engine, address, limit, progress)
    return summarise(results, omniscient=omniscient, seconds=time.perf_counter() - start)


class Background:
    """An evaluation of one position (:func:`evaluate`) running in a thread of its own, so
    that play goes on meanwhile: ``done`` of ``total`` rollouts so far, then ``result`` (or
    ``failed``). The terminal's ``eval`` and the browser's evaluation bar use it."""

    def __init__(self, state: GameState, *, rollouts: int, seed: int = 0) -> None:
        self.total = rollouts
        self.seed = seed
        self.done = 0
        self.result: Evaluation | None = None
        self.failed = False
        self._busy = True
        self._thread = threading.Thread(target=self._run, args=(state,), daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        """Whether the rollouts are still being played."""
        return self._busy

    def _run(self, state: GameState) -> None:
        try:
            self.result = evaluate(
                Game.from_state(state), rollouts=self.total, seed=self.seed, progress=self._done
            )
        except Exception:
            self.failed = True
        finally:
            self._busy = False

    def _done(self, n: int) -> None:
        self.done += n

    def join(self, timeout: float | None = None) -> None:
        """Wait for the rollouts to end (at most ``timeout`` seconds)."""
        self._thread.join(timeout)
