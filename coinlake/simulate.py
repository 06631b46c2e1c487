"""Batch self-play: many seeded games, in local processes or on Ray, with statistics.

Only the public API is used. Game ``i`` of a batch with seed ``s`` plays with
:func:`game_seed` ``(s, i)``, so any game can be replayed alone (``coinlake play --seed``
or ``coinlake.new_game(scenario, seed)`` with the same seats). Every seat is an agent
spec: ``"nonplayer"`` (section 8), ``"random"`` (``coinlake.nonplayers.RandomAgent``) or
``"module:attribute"``, a class or factory called with no argument whose result has
``choose(game, decision)``. Every agent rolls on the game's generator, so a game's result
depends only on its seed and seats: ``jobs=1``, ``jobs=2`` and Ray give the same rows.

>>> spec = BatchSpec("short", seats={"US": "random", "ARVN": "random"}, max_commands=40)
>>> rows = run_local(spec, seed=1, games=2)
>>> [row.game for row in rows], rows[0].seed == game_seed(1, 0), rows[0].end
([0, 1], True, 'limit')
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import as_completed
from pathlib import Path
from typing import Any

from attrs import field, frozen

import coinlake
from coinlake.analysis.stats import derived_seed, mean_interval, wilson
from coinlake.analysis.workers import process_pool
from coinlake.nonplayers import NonPlayer, RandomAgent

FACTIONS = tuple(str(f) for f in coinlake.Faction)
BUILTIN_AGENTS = ("nonplayer", "random")
OPTIONS = ("period_events", "political_rhythm", "high_winds", "deception", "easy")
"""The :func:`coinlake.new_game` flags a batch may set."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded ``seed``."""
    return derived_seed("simulate", seed, index)


def make_agent(spec: str, faction: str) -> coinlake.Agent:
    """The agent a seat spec names (see the module docstring); ``ValueError`` if none."""
    if spec == "nonplayer":
        return NonPlayer(faction)
    if spec == "random":
        return RandomAgent()
    module, sep, name = spec.partition(":")
    if not sep or not module or not name:
        raise ValueError(
            f"an agent is nonplayer, random or module:attribute (an import path), not {spec!r}"
        )
    try:
        factory = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"cannot import agent {spec!r}: {exc}") from None
    agent = factory()
    if not callable(getattr(agent, "choose", None)):
        raise ValueError(f"{spec!r} made {agent!r}, which has no choose(game, decision)")
    return agent  # type: ignore[no-any-return]


def _seats(
    value: Mapping[str, str] | Iterable[tuple[str, str]],
) -> tuple[tuple[str, str], ...]:
    seats = dict.fromkeys(FACTIONS, "nonplayer")
    for faction, spec in dict(value).items():
        seats[str(coinlake.Faction(faction))] = spec
    return tuple(seats.items())


def _options(value: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(sorted(set(value)))
    for name in chosen:
        if name not in OPTIONS:
            raise ValueError(f"an option is one of {', '.join(OPTIONS)}, not {name!r}")
    return chosen


@frozen
class BatchSpec:
    """What every game of a batch shares: the scenario, the :data:`OPTIONS` set, the seat
    of each Faction (default ``"nonplayer"``) and a cap on commands (``None``: none)."""

    scenario: str = field()
    seats: tuple[tuple[str, str], ...] = field(default=(), converter=_seats)
    options: tuple[str, ...] = field(default=(), converter=_options)
    max_commands: int | None = None

    @scenario.validator
    def _known(self, _: object, value: str) -> None:
        if value not in coinlake.SCENARIOS:
            raise ValueError(f"scenario is one of {', '.join(coinlake.SCENARIOS)}: {value!r}")

    def check(self) -> None:
        """Raise ``ValueError`` now if a seat's agent cannot be made."""
        for faction, spec in self.seats:
            make_agent(spec, faction)


@frozen
class Row:
    """One game's result: ``end`` is the deciding rule (``"7.2"``, ``"7.3"``, ``"8.9"``)
    or ``"limit"`` if ``max_commands`` stopped it; ``winner`` is empty then (and on an 8.9
    stalemate); ``margins``: each Faction's 7.3 margin; ``cards``: cards played;
    ``commands``: commands applied."""

    game: int
    seed: int
    winner: tuple[str, ...]
    margins: tuple[tuple[str, int], ...]
    cards: int
    commands: int
    end: str
    outcome: str

    def to_json(self) -> dict[str, Any]:
        """The row as a JSON object (one line of ``--out``)."""
        return {
            "game": self.game,
            "seed": self.seed,
            "winner": list(self.winner),
            "margins": dict(self.margins),
            "cards": self.cards,
            "commands": self.commands,
            "end": self.end,
            "outcome": self.outcome,
        }


def play_game(spec: BatchSpec, index: int, seed: int, logs: str | None = None) -> Row:
    """Play game ``index`` with ``seed`` (saving its log into the folder ``logs``)."""
    game = coinlake.new_game(
        spec.scenario,
        seed=seed,
        non_players=set(coinlake.Faction),
        period_events="period_events" in spec.options,
        political_rhythm="political_rhythm" in spec.options,
        high_winds="high_winds" in spec.options,
        deception="deception" in spec.options,
        easy="easy" in spec.options,
    )
    for faction, agent in spec.seats:
        game.seat(faction, make_agent(agent, faction))
    game.play_non_players(limit=spec.max_commands)
    if logs is not None:
        game.save(Path(logs) / f"game-{index:06d}-{seed}.fitl")
    state = game.state
    result = state.result
    margins = coinlake.victory_margins(state)
    if result is not None:
        margins = dict(zip(coinlake.Faction, result.margins, strict=True))
    return Row(
        game=index,
        seed=seed,
        winner=tuple(str(f) for f in result.winner) if result else (),
        margins=tuple((str(f), m) for f, m in margins.items()),
        cards=len(state.played),
        commands=state.seq,
        end=result.rule if result else "limit",
        outcome=(result.reason or result.outcome) if result else "stopped",
    )


def _task(job: tuple[BatchSpec, int, int, str | None]) -> Row:
    """One game (a module-level function: picklable for worker processes and Ray)."""
    return play_game(*job)


def _jobs(
    spec: BatchSpec, seed: int, games: int, logs: Path | None
) -> list[tuple[BatchSpec, int, int, str | None]]:
    if games < 1:
        raise ValueError(f"games is at least 1, not {games}")
    spec.check()
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
    folder = None if logs is None else str(logs)
    return [(spec, i, game_seed(seed, i), folder) for i in range(games)]


def run_local(
    spec: BatchSpec,
    *,
    seed: int,
    games: int,
    jobs: int = 1,
    logs: Path | None = None,
    on_row: Callable[[Row], None] | None = None,
) -> list[Row]:
    """Play ``games`` games, in this process (``jobs=1``) or in ``jobs`` worker processes
    (:func:`~coinlake.analysis.workers.process_pool`); ``on_row`` hears of each game as it
    ends. Rows come back in game order."""
    if jobs < 1:
        raise ValueError(f"jobs is at least 1, not {jobs}")
    work = _jobs(spec, seed, games, logs)
    rows: list[Row] = []
    if jobs == 1:
        for job in work:
            rows.append(_task(job))
            if on_row:
                on_row(rows[-1])
    else:
        with process_pool(jobs) as pool:
            for future in as_completed([pool.submit(_task, job) for job in work]):
                rows.append(future.result())
                if on_row:
                    on_row(rows[-1])
    return sorted(rows, key=lambda row: row.game)


def run_ray(
    spec: BatchSpec,
    *,
    seed: int,
    games: int,
    address: str | None = None,
    logs: Path | None = None,
    on_row: Callable[[Row], None] | None = None,
) -> list[Row]:
    """:func:`run_local` as Ray tasks (extra ``coinlake[ray]``): on the cluster at
    ``address``, else on a Ray instance already started in this process, else on a new
    local one. ``logs`` must be a folder every Ray worker can write to."""
    try:
        import ray
    except ImportError as missing:
        raise ImportError("--engine ray needs the ray extra: pip install 'coinlake[ray]'") from (
            missing
        )
    work = _jobs(spec, seed, games, logs)
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_task)
    pending = [remote.remote(job) for job in work]
    rows: list[Row] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        rows.append(ray.get(done[0]))
        if on_row:
            on_row(rows[-1])
    return sorted(rows, key=lambda row: row.game)


# -- statistics ------------------------------------------------------------------------------


@frozen
class FactionStats:
    """One Faction's figures over a batch."""

    faction: str
    wins: int
    games: int
    win_rate: float
    win_low: float
    win_high: float
    mean_margin: float
    margin_low: float
    margin_high: float


def summarize(rows: Sequence[Row]) -> list[FactionStats]:
    """Win rates (Wilson 95% intervals; a shared win counts for each winner) and mean
    margins (t 95% intervals) per Faction over ``rows``."""
    if not rows:
        raise ValueError("no games to summarize")
    out = []
    for faction in FACTIONS:
        wins = sum(faction in row.winner for row in rows)
        low, high = wilson(wins, len(rows))
        mean, m_low, m_high = mean_interval([dict(row.margins)[faction] for row in rows])
        out.append(
            FactionStats(faction, wins, len(rows), wins / len(rows), low, high, mean, m_low, m_high)
        )
    return out


# -- chart -----------------------------------------------------------------------------------

COLOURS = {"US": "#2f6db5", "ARVN": "#d6a400", "NVA": "#b5312f", "VC": "#3c8a3c"}


def chart_svg(rows: Sequence[Row]) -> str:
    """An SVG chart: win rates with their 95% intervals, and each Faction's margins (a dot
    per game, the mean as a bar)."""
    stats = summarize(rows)
    width, height, top, left = 760, 300, 40, 50
    plot_h = height - top - 40
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="12">',
        f'<text x="{left}" y="20">Win rate (95% Wilson interval), {len(rows)} games</text>',
        '<text x="420" y="20">Victory margin per game (7.3); bar: mean</text>',
    ]

    def y_rate(rate: float) -> float:
        return top + plot_h * (1 - rate)

    parts.append(
        f'<line x1="{left}" y1="{top + plot_h}" x2="340" y2="{top + plot_h}" stroke="black"/>'
    )
    for i, s in enumerate(stats):
        x = left + 15 + i * 70
        colour = COLOURS[s.faction]
        parts += [
            f'<rect x="{x}" y="{y_rate(s.win_rate):.1f}" width="40" '
            f'height="{plot_h * s.win_rate:.1f}" fill="{colour}"/>',
            f'<line x1="{x + 20}" y1="{y_rate(s.win_high):.1f}" x2="{x + 20}" '
            f'y2="{y_rate(s.win_low):.1f}" stroke="black"/>',
            f'<text x="{x}" y="{top + plot_h + 15}">{s.faction}</text>',
            f'<text x="{x}" y="{y_rate(s.win_rate) - 4:.1f}">{s.win_rate:.0%}</text>',
        ]
    margins = [m for row in rows for _, m in row.margins]
    lo, hi = min(*margins, 0), max(*margins, 0)
    span = max(hi - lo, 1)

    def y_margin(m: float) -> float:
        return top + plot_h * (hi - m) / span

    parts.append(
        f'<line x1="420" y1="{y_margin(0):.1f}" x2="{width - 20}" '
        f'y2="{y_margin(0):.1f}" stroke="grey"/>'
    )
    for i, s in enumerate(stats):
        x = 440 + i * 75
        colour = COLOURS[s.faction]
        for row in rows:
            m = dict(row.margins)[s.faction]
            parts.append(
                f'<circle cx="{x + 20}" cy="{y_margin(m):.1f}" r="2" fill="{colour}" '
                'fill-opacity="0.5"/>'
            )
        parts += [
            f'<line x1="{x + 5}" y1="{y_margin(s.mean_margin):.1f}" x2="{x + 35}" '
            f'y2="{y_margin(s.mean_margin):.1f}" stroke="black" stroke-width="2"/>',
            f'<text x="{x + 5}" y="{top + plot_h + 15}">{s.faction}</text>',
        ]
    parts.append(f'<text x="400" y="{y_margin(hi) + 4:.1f}" text-anchor="end">{hi}</text>')
    parts.append(f'<text x="400" y="{y_margin(lo) + 4:.1f}" text-anchor="end">{lo}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def chart_html(rows: Sequence[Row]) -> str:
    """The SVG chart and the summary table in one HTML page."""
    cells = "".join(
        f"<tr><td>{s.faction}</td><td>{s.wins}</td><td>{s.win_rate:.1%} "
        f"[{s.win_low:.1%}, {s.win_high:.1%}]</td><td>{s.mean_margin:+.2f} "
        f"[{s.margin_low:+.2f}, {s.margin_high:+.2f}]</td></tr>"
        for s in summarize(rows)
    )
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>coinlake simulate</title>"
        "</head><body>"
        f"{chart_svg(rows)}<table border='1'><tr><th>Faction</th><th>wins</th>"
        f"<th>win rate [95%]</th><th>mean margin [95%]</th></tr>{cells}</table>"
        f"<p>{html.escape(f'{len(rows)} games')}</p></body></html>"
    )
