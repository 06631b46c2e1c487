"""The game behind ``coinlake serve``: one game, its log, the people at the table, and what
the page is shown -- independent of the web framework, over the public API only.

Every change is made under one lock and checked against the version the page saw (a stale
request is refused and changes nothing), then the game is saved to its log, so two tabs stay
consistent and a closed tab or a killed server loses nothing. Non-player turns advance one
command per :meth:`GameServer.step`, so the page can show them one action at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import coinlake
from coinlake import Faction, Game
from coinlake.analysis import Background
from coinlake.svg import board

LOG_LINES = 40
"""How many of the latest commands the page's log shows."""
EVALUATION_ROLLOUTS = 24
"""Rollouts of the page's evaluation bar (coinlake.analysis.evaluate)."""


class RequestError(Exception):
    """A request the game refuses: ``status`` is the HTTP status (400 illegal or malformed,
    409 stale, 404 unknown); the game is unchanged."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class GameServer:
    """One game served to the page: ``humans`` are the Factions people play (the others are
    Non-players, section 8), ``log`` the file saved after every change (a keyed log with
    ``key``), ``pace`` the milliseconds the page waits between two Non-player commands."""

    def __init__(
        self,
        game: Game,
        humans: Iterable[Faction | str],
        log: Path,
        *,
        pace: int = 350,
        key: bytes | None = None,
    ) -> None:
        if type(pace) is not int or not 0 <= pace <= 10_000:
            raise ValueError(f"pace is 0..10000 milliseconds, not {pace!r}")
        self.game = game
        self.pace = pace
        self.humans = tuple(sorted({Faction(f) for f in humans}, key=list(Faction).index))
        self.log = log
        self._key = key
        self.version = 0
        self._lock = threading.Lock()
        self._last_change: dict[str, int] = {}
        self._undone = 0  # commands taken back that redo may give again
        self._evaluation: tuple[int, Background] | None = None  # (version, evaluation)
        game.save(log, key=key)

    # -- what the page shows -----------------------------------------------------------------
    def viewer(self) -> Faction:
        """Whose view the page shows (hidden information, 2.2, 7.3): the person deciding now,
        else the first person at the table, else the US (every Faction sees the same public
        game when nobody plays)."""
        decision = self.game.decision
        if decision is not None and decision.faction in self.humans:
            return decision.faction
        return self.humans[0] if self.humans else Faction.US

    def snapshot(self) -> dict[str, Any]:
        """Everything the page draws, as plain data (JSON-ready)."""
        with self._lock:
            return self._snapshot()

    def _snapshot(self) -> dict[str, Any]:
        game = self.game
        who = self.viewer()
        view = game.view(who)
        decision = game.decision
        state = view.state
        markers = coinlake.victory_markers(state)
        margins = coinlake.victory_margins(state)
        human_turn = decision is not None and decision.faction in self.humans
        shown = view.decision if human_turn else None
        result = game.state.result
        return {
            "version": self.version,
            "viewer": str(who),
            "humans": [str(f) for f in self.humans],
            "svg": board(view, size=None, highlight=_spaces_done(shown)),
            "decision": None if shown is None else _decision(shown),
            "waiting": None
            if decision is None
            else {"faction": None if decision.faction is None else str(decision.faction)},
            "auto": decision is not None and not human_turn,
            "pace": self.pace,
            "score": [
                {
                    "faction": str(f),
                    "total": markers[f],
                    "margin": margins[f],
                    "change": self._last_change.get(str(f), 0),
                }
                for f in Faction
            ],
            "log": _log_lines(game),
            "evaluation": None if self._evaluation is None else _evaluation(*self._evaluation),
            "can_undo": game.node.parent is not None,
            "can_redo": self._undone > 0,
            "result": None
            if result is None
            else {
                "rule": result.rule,
                "outcome": result.outcome,
                "winner": [str(f) for f in result.winner],
            },
        }

    # -- changes -------------------------------------------------------------------------------
    def apply(self, text: object, version: object) -> dict[str, Any]:
        """A person's answer to the current Decision, in the command notation."""
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise RequestError("a command is a short text in the command notation")
        with self._lock:
            self._check(version)
            decision = self.game.decision
            if decision is None:
                raise RequestError("the game is over")
            if decision.faction not in self.humans:
                raise RequestError(f"it is not a person's turn: {decision.faction} decides")
            try:
                command = self.game.parse(text)
                self._change(lambda: self.game.apply(command))
                self._undone = 0
            except coinlake.IllegalCommand as exc:
                raise RequestError(f"{exc} (rule {exc.rule})") from None
            except (coinlake.CoinlakeError, ValueError, TypeError) as exc:
                raise RequestError(str(exc)) from None
            return self._snapshot()

    def step(self, version: object) -> dict[str, Any]:
        """One Non-player command (or one of the game's own steps), so that the page shows
        their turns one action at a time; nothing when a person must decide."""
        with self._lock:
            self._check(version)
            decision = self.game.decision
            if decision is not None and decision.faction not in self.humans:
                self._change(lambda: self.game.play_non_players(limit=1))
                self._undone = 0
            return self._snapshot()

    def undo(self, version: object) -> dict[str, Any]:
        """Take back the last command a person gave (and the Non-players' commands after it,
        where the undo policy allows: ``free``); ``strict`` allows a person's own last
        command only (it must not have rolled a die or revealed a card)."""
        with self._lock:
            self._check(version)
            game = self.game
            depth = game.node.depth
            try:
                if game.undo_policy is coinlake.UndoPolicy.STRICT:
                    if game.node.faction not in self.humans:
                        raise RequestError("strict undo: only a person's own last command")
                    self._change(lambda: game.undo(game.node.faction))
                else:
                    self._change(lambda: _undo_to_a_person(game, self.humans))
            except coinlake.HistoryError as exc:
                raise RequestError(str(exc)) from None
            self._undone += depth - game.node.depth
            return self._snapshot()

    def redo(self, version: object) -> dict[str, Any]:
        """Give again the command last taken back."""
        with self._lock:
            self._check(version)
            try:
                self._change(self.game.redo)
            except coinlake.HistoryError as exc:
                raise RequestError(str(exc)) from None
            self._undone = max(0, self._undone - 1)
            return self._snapshot()

    def evaluate(self, version: object, rollouts: object = EVALUATION_ROLLOUTS) -> dict[str, Any]:
        """Start evaluating the current position in the background (the four Non-players
        playing it out ``rollouts`` (1..1000) times on reshuffled unseen cards, so nothing
        hidden is used); play goes on meanwhile, and the snapshot reports progress and the
        result."""
        if type(rollouts) is not int or not 1 <= rollouts <= 1000:
            raise RequestError("rollouts is a whole number from 1 to 1000")
        with self._lock:
            self._check(version)
            running = self._evaluation
            stale = running is not None and (running[0] != self.version or running[1].failed)
            if running is None or (stale and not running[1].busy):
                evaluation = Background(self.game.state, rollouts=rollouts, seed=self.version)
                self._evaluation = (self.version, evaluation)
            return self._snapshot()

    def _check(self, version: object) -> None:
        if type(version) is not int:
            raise RequestError("a request carries the version of the page it came from")
        if version != self.version:
            raise RequestError("the game has moved on since this page was drawn: reloaded", 409)

    def _change(self, change: Any) -> None:
        before = coinlake.victory_markers(self.game.state)
        change()
        after = coinlake.victory_markers(self.game.state)
        self._last_change = {str(f): after[f] - before[f] for f in Faction}
        self.version += 1
        self.game.save(self.log, key=self._key)


def _undo_to_a_person(game: Game, humans: tuple[Faction, ...]) -> None:
    """Free undo: back past the latest command of a person (or to the start)."""
    if game.node.parent is None:
        raise coinlake.HistoryError("nothing to undo")
    while game.node.parent is not None:
        faction = game.node.faction
        game.undo()
        if faction in humans:
            return


def _spaces_done(decision: coinlake.Decision | None) -> tuple[str, ...]:
    if decision is None:
        return ()
    context = decision.context
    return (*context.done, *((context.space,) if context.space else ()))


def _decision(decision: coinlake.Decision) -> dict[str, Any]:
    context = decision.context
    return {
        "faction": None if decision.faction is None else str(decision.faction),
        "prompt": decision.prompt,
        "kind": str(decision.kind),
        "rule": decision.rule,
        "procedure": context.procedure,
        "space": context.space,
        "options": [str(c) for c in decision.options],
    }


def _log_lines(game: Game) -> list[dict[str, Any]]:
    lines = []
    for node in game.line()[-LOG_LINES:]:
        if node.command is None:
            continue
        why = next((e for e in node.events if isinstance(e, coinlake.Explained)), None)
        lines.append(
            {
                "step": node.depth,
                "faction": None if node.faction is None else str(node.faction),
                "command": str(node.command),
                "reason": None if why is None else f"{why.rule}: {why.reason}",
            }
        )
    return lines


def _evaluation(version: int, evaluation: Background) -> dict[str, Any]:
    """The evaluation bar's data: the position's version, progress, and the chances."""
    result = evaluation.result
    return {
        "version": version,
        "done": evaluation.done,
        "total": evaluation.total,
        "failed": evaluation.failed,
        "chances": None
        if result is None
        else {str(o.faction): round(o.win, 4) for o in result.outlooks},
    }
