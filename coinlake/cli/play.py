"""``coinlake play`` (people and Non-players at the terminal, into a log file) and
``coinlake replay`` (audit a log file).

With no ``--human`` the four Non-players of section 8 play the whole game and it is
summarised (the main job). Each ``--human`` Faction is asked at the terminal: the prompt, a
numbered menu of the legal commands, and any of a number, the command's notation or a
unique prefix as the answer, plus the in-game commands of :data:`HELP`. The log is saved
after every command (only the new frames are appended), so a crash loses nothing that
``--resume`` cannot continue from; with ``--key-file`` it is keyed, and stays so. Uses only
the public API.
"""

from __future__ import annotations

import contextlib
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

import coinlake
from coinlake.analysis import Background
from coinlake.cli import options
from coinlake.cli.app import app, console
from coinlake.cli.board_text import rich_board
from coinlake.cli.logs import json_lines
from coinlake.cli.options import FACTIONS
from coinlake.nonplayers import RandomAgent


class AgentName(StrEnum):
    """The choices of ``--agent``."""

    NONPLAYER = "nonplayer"
    RANDOM = "random"


EVAL_ROLLOUTS = 40
"""Rollouts of the in-game ``eval`` (coinlake.analysis.evaluate)."""

HELP = """\
Answer the Decision with its number, its notation (e.g. "select hue") or any unique prefix
of it ("sel hu", or "hu": the words after the first one match too). In-game commands:
  show            the whole board        show SPACE   one space in detail
  score           victory markers and margins (1.9, 7.2, 7.3)
  history [N]     the last N commands (default 20)
  why [N]         the reasons of the last N Non-player choices (default 10)
  undo, redo      take back / replay a command (a strict game: only your own last one,
                  and not one that rolled a die or revealed a card)
  eval [N]        the chances of winning: N rollouts by the Non-players (default 40) in
                  the background, never the unseen cards' order; eval again: the result
  options         the menu again            save [FILE]   save (the log is kept saved)
  ? or help       this text                 quit          save and stop (--resume goes on)"""


def _summary(game: coinlake.Game, title: str) -> Table:
    state = game.state
    markers = coinlake.victory_markers(state)
    margins = coinlake.victory_margins(state)
    table = Table(title=title)
    table.add_column("Faction")
    table.add_column("victory total", justify="right")
    table.add_column("margin (7.3)", justify="right")
    table.add_column("Resources", justify="right")
    for faction in coinlake.Faction:
        resources = "-" if faction is coinlake.Faction.US else str(state.resources(faction))
        table.add_row(str(faction), str(markers[faction]), str(margins[faction]), resources)
    return table


def _report(game: coinlake.Game) -> None:
    state = game.state
    kinds = Counter(type(e).__name__ for e in game.events)
    console.print(_summary(game, f"{state.scenario.title()} scenario after {state.seq} commands"))
    console.print(
        f"cards played: {len(state.played)}, cards left in deck: {len(state.deck)}, "
        f"Trail {state.trail}, Aid {state.aid}, Patronage {state.patronage}, "
        f"phase: {state.phase.value}"
    )
    console.print("events: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    decision = game.decision
    result = state.result
    if result is not None:
        winner = "+".join(str(f) for f in result.winner) or "nobody"
        ranking = ", ".join(
            f"{'+'.join(str(f) for f in side)} {margin:+d}"
            for side, margin in zip(result.ranking, result.side_margins, strict=True)
        )
        console.print(
            f"[bold]Game over ({result.rule}): {result.outcome}, winner {winner}[/bold]; "
            f"ranking by margin: {ranking}"
        )
    elif decision is None:
        console.print("[bold]The game has no further Decision.[/bold]")
    else:
        console.print(f"next decision: {decision.faction or 'game'}: {decision.prompt}")


def _say(text: str = "") -> None:
    console.print(text, markup=False, highlight=False, soft_wrap=True)


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def match(text: str, options: Sequence[coinlake.Command]) -> list[coinlake.Command]:
    """The options an answer names: its number (1-based), its exact notation, else every
    option whose notation, or whose words after the first, start with it (unique-prefix
    matching, whitespace and case ignored). Empty: none."""
    wanted = _words(text)
    if wanted.isdigit():
        n = int(wanted)
        return [options[n - 1]] if 1 <= n <= len(options) else []
    names = [_words(str(o)) for o in options]
    exact = [o for o, name in zip(options, names, strict=True) if name == wanted]
    if exact or not wanted:
        return exact
    return [
        o
        for o, name in zip(options, names, strict=True)
        if name.startswith(wanted) or name.partition(" ")[2].startswith(wanted)
    ]


def _menu(options: Sequence[coinlake.Command], width: int) -> str:
    items = [f"{i:>3}. {o}" for i, o in enumerate(options, 1)]
    column = max(len(item) for item in items) + 2
    per_line = max(1, min(4, width // column))
    if len(items) <= 8:
        per_line = 1
    lines = []
    for start in range(0, len(items), per_line):
        lines.append("".join(item.ljust(column) for item in items[start : start + per_line]))
    return "\n".join(line.rstrip() for line in lines)


class Session:
    """A game at the terminal: the ``humans`` answer through :meth:`run`'s input, every
    other Faction is played by its agent (section 8), and ``log`` is saved after each
    command (keyed with ``key``, read from ``key_file``, if given)."""

    def __init__(
        self,
        game: coinlake.Game,
        humans: frozenset[str],
        log: Path,
        *,
        key: bytes | None = None,
        key_file: Path | None = None,
    ) -> None:
        self.game = game
        self.humans = humans
        self.log = log
        self.key = key
        self.key_file = key_file
        self.echo = False
        self.evaluation: tuple[int, Background] | None = None  # (position's seq, rollouts)

    # -- the loop --------------------------------------------------------------------------
    def run(self, lines: Iterator[str], *, echo: bool) -> None:
        """Play until the game is over, ``quit`` or the end of the input (the game is saved
        in each case; ``--resume`` continues it)."""
        self.echo = echo
        self.advance()
        shown = None  # the position whose menu was printed last
        while (decision := self.game.decision) is not None:
            if shown is not self.game.state:
                self.ask(decision)
                shown = self.game.state
            who = str(decision.faction or "game")
            console.print(f"{who}> ", end="", markup=False)
            line = next(lines, None)
            if line is None:
                _say()
                self.save()
                _say(f"end of input: the game is saved in {self.log}; {self.resume_hint()}")
                return
            if self.echo:
                _say(line.rstrip("\n"))
            if self.answer(line.strip(), decision) == "quit":
                self.save()
                _say(f"saved in {self.log}; {self.resume_hint()}")
                return
            if self.game.state is not shown:
                self.advance()
        self.save()
        _report(self.game)

    def resume_hint(self) -> str:
        keyed = "" if self.key is None else f" --key-file {self.key_file}"
        return f"continue with: coinlake play --resume {self.log}{keyed}"

    def ask(self, decision: coinlake.Decision) -> None:
        _say()
        _say(f"{decision.faction or 'game'}: {decision.prompt} ({decision.rule})")
        _say(_menu(decision.options, console.width))

    def save(self) -> None:
        self.game.save(self.log, key=self.key)

    def human_turn(self) -> bool:
        decision = self.game.decision
        return decision is None or decision.faction is None or str(decision.faction) in self.humans

    def advance(self) -> None:
        """Let the Non-players (and the game's own steps) act until a person must decide;
        print each Faction's commands and what they changed, then save."""
        game = self.game
        moved = False
        while not self.human_turn() or self.game_step():
            before = game.state
            actor = game.decision.faction if game.decision else None
            done = []
            while (d := game.decision) is not None and d.faction == actor:
                if not game.play_non_players(limit=1):
                    break
                done.append(str(game.node.command))
            if not done:
                break
            moved = True
            if actor is not None:
                _say(f"{actor} (Non-player): {'; '.join(done)}")
            self.changes(before)
        if moved:
            self.save()

    def game_step(self) -> bool:
        """The game's own confirmation (one option, e.g. the opening reveal, 2.2)."""
        d = self.game.decision
        return d is not None and d.faction is None and len(d.options) == 1

    def changes(self, before: coinlake.GameState) -> None:
        for line in coinlake.describe_changes(before, self.game.state):
            _say(f"  {line}")

    # -- one line of input -----------------------------------------------------------------
    def answer(self, line: str, decision: coinlake.Decision) -> str:
        """Do what ``line`` asks; ``"quit"`` to stop."""
        word, _, rest = line.partition(" ")
        meta: dict[str, Callable[[str], None]] = {
            "show": self.show,
            "score": self.score,
            "history": self.history,
            "why": self.why,
            "eval": self.evaluate,
            "undo": self.undo,
            "redo": self.redo,
            "save": self.save_as,
            "options": lambda _: self.ask(decision),
            "?": lambda _: self.help(decision),
            "help": lambda _: self.help(decision),
        }
        key = word.lower()
        if key in ("quit", "exit"):
            return "quit"
        if key in meta:
            meta[key](rest.strip())
            return ""
        if not line:
            return ""
        found = match(line, decision.options)
        if len(found) > 1:
            _say(f"ambiguous: {line!r} matches " + ", ".join(str(o) for o in found))
            return ""
        if found:
            command = found[0]
        else:
            try:
                command = self.game.parse(line)
            except ValueError:
                _say(f"no option matches {line!r} (a number, a command, or ? for help)")
                return ""
        before = self.game.state
        try:
            self.game.apply(command)
        except coinlake.IllegalCommand as exc:
            _say(f"illegal ({exc.rule}): {exc} -- nothing changed")
            return ""
        self.changes(before)
        self.save()
        return ""

    def help(self, decision: coinlake.Decision) -> None:
        ctx = decision.context
        facts = [f"kind {decision.kind}", f"rule {decision.rule}", f"step {ctx.procedure}"]
        if ctx.card is not None:
            facts.append(f"card {coinlake.CARDS[ctx.card]}" + (f" {ctx.side}" if ctx.side else ""))
        if ctx.space is not None:
            facts.append(f"space {ctx.space}")
        if ctx.done:
            facts.append(f"done: {', '.join(ctx.done)}")
        if ctx.left is not None:
            facts.append(f"{ctx.left} more may be selected")
        if ctx.resources is not None:
            facts.append(f"Resources {ctx.resources}")
        _say(HELP)
        _say("This Decision: " + "; ".join(facts))

    def show(self, where: str) -> None:
        state = self.game.state
        if where:
            try:
                _say(coinlake.describe_space(state, where))
            except KeyError:
                _say(f"no space {where!r} (a name, an id or an alias: show quang tri)")
        elif console.is_terminal:
            console.print(rich_board(state))
        else:
            _say(str(state))

    def score(self, _: str) -> None:
        console.print(_summary(self.game, f"Victory after {self.game.state.seq} commands"))

    def _count(self, text: str, default: int) -> int | None:
        if not text:
            return default
        if text.isdigit() and int(text) > 0:
            return int(text)
        _say(f"expected a positive whole number, not {text!r}")
        return None

    def history(self, text: str) -> None:
        n = self._count(text, 20)
        if n is None:
            return
        for node in self.game.line()[-n:]:
            if node.command is not None:
                _say(f"{node.depth:>5} {node.faction or 'game':<4} {node.command}")

    def why(self, text: str) -> None:
        n = self._count(text, 10)
        if n is None:
            return
        found: list[str] = []
        for node in reversed(self.game.line()):
            if len(found) == n:
                break
            for e in node.events:
                if isinstance(e, coinlake.Explained) and str(e.faction) not in self.humans:
                    rolls = " ".join(f"{v}/{s}" for s, v in e.rolls)
                    found.append(
                        f"{node.depth:>5} {e.faction or 'game':<4} {node.command}: {e.reason}"
                        + (f" [rolls {rolls}]" if rolls else "")
                    )
        for line in reversed(found):
            _say(line)
        if not found:
            _say("no Non-player has decided yet")

    def evaluate(self, text: str) -> None:
        """27: start an evaluation of this position in the background, or report on it."""
        seq = self.game.state.seq
        running = self.evaluation
        if running is not None and running[0] == seq and not running[1].failed and not text:
            evaluation = running[1]
            result = evaluation.result
            if result is None:
                _say(f"evaluating: {evaluation.done} of {evaluation.total} rollouts played")
                return
            _say(f"chances after {seq} commands ({result.rollouts} rollouts):")
            for o in result.outlooks:
                _say(
                    f"  {o.faction!s:<4} {o.win:>4.0%} ({o.win_low:.0%}-{o.win_high:.0%}),"
                    f" mean margin {o.margin:+.1f}"
                )
            return
        if running is not None and running[1].busy:
            _say("an evaluation of an earlier position is still running; try again soon")
            return
        rollouts = self._count(text, EVAL_ROLLOUTS)
        if rollouts is None:
            return
        self.evaluation = (seq, Background(self.game.state, rollouts=rollouts, seed=seq))
        _say(f"evaluating {rollouts} rollouts in the background; type eval for the result")

    def undo(self, _: str) -> None:
        game = self.game
        decision = game.decision
        strict = game.undo_policy is coinlake.UndoPolicy.STRICT
        asker = decision.faction if decision is not None else None
        before = game.state
        try:
            game.undo(faction=asker if strict else None)
            while not self.human_turn() or self.game_step():
                game.undo()  # free policy: back to the last Decision a person took
        except coinlake.HistoryError as exc:
            if game.state is before:
                _say(f"cannot undo: {exc}")
                return
        _say("undone:")
        self.changes(before)
        self.save()

    def redo(self, _: str) -> None:
        game = self.game
        before = game.state
        try:
            game.redo()
            while not self.human_turn() or self.game_step():
                game.redo()
        except coinlake.HistoryError as exc:
            if game.state is before:
                _say(f"cannot redo: {exc}")
                return
        _say("redone:")
        self.changes(before)
        self.save()

    def save_as(self, text: str) -> None:
        path = Path(text) if text else self.log
        if path != self.log and path.exists():
            _say(f"{path} exists; save to a new file")
            return
        try:
            self.game.save(path, key=self.key)
        except OSError as exc:
            _say(f"cannot save: {exc}")
            return
        _say(f"saved in {path}")


def _lines() -> Iterator[str]:
    with contextlib.suppress(EOFError):
        while True:
            yield input()


@app.command()
def play(
    human: options.Human = None,
    scenario: options.ScenarioOption = None,
    seed: options.Seed = None,
    log: options.Log = options.DEFAULT_LOG,
    force: options.Force = False,
    resume: options.Resume = None,
    period_events: options.PeriodEvents = False,
    political_rhythm: options.PoliticalRhythm = False,
    high_winds: options.HighWinds = False,
    deception: options.Deception = False,
    handicap: options.Handicap = None,
    player: options.Player = None,
    easy: options.Easy = False,
    difficulty_a: options.DifficultyA = False,
    difficulty_b: options.DifficultyB = False,
    undo: options.Undo = None,
    key_file: options.KeyFile = None,
    agent: Annotated[
        AgentName,
        typer.Option(
            help="Who plays the other Factions: the section-8 Non-player or a random agent.",
        ),
    ] = AgentName.NONPLAYER,
    max_commands: Annotated[
        int,
        typer.Option(min=0, help="Without --human: stop after this many."),
    ] = 100_000,
    log_json: Annotated[
        Path | None,
        typer.Option(help="Append one JSON line per decision (Faction, command, reason)."),
    ] = None,
) -> None:
    """Play a game: the --human Factions at this terminal, the others by the Non-players of
    section 8, saved into a log file after every command (keyed, with --key-file)."""
    key = options.read_key(key_file)
    sink = json_lines(log_json) if log_json is not None else contextlib.nullcontext()
    with sink:
        game, log, resumed = options.open_game(
            human=[str(h) for h in human or ()],
            scenario=scenario,
            seed=seed,
            log=log,
            force=force,
            resume=resume,
            period_events=period_events,
            political_rhythm=political_rhythm,
            high_winds=high_winds,
            deception=deception,
            handicap=handicap or (),
            player=player or (),
            easy=easy,
            difficulty_a=difficulty_a,
            difficulty_b=difficulty_b,
            undo=undo,
            key=key,
        )
        seated = frozenset(str(f) for f in game.state.options.non_players)
        if agent is AgentName.RANDOM:
            for faction in seated:
                game.seat(faction, RandomAgent())
        humans_now = frozenset(FACTIONS) - seated
        if not humans_now:
            game.play_non_players(limit=max_commands)
            game.save(log, key=key)
            _report(game)
            console.print(f"log written to {log} ({log.stat().st_size} bytes)")
            return
        if not resumed:
            game.save(log, key=key)
        _say(f"You play {', '.join(sorted(humans_now, key=FACTIONS.index))}; type ? for help.")
        session = Session(game, humans_now, log, key=key, key_file=key_file)
        session.run(_lines(), echo=not _stdin_is_terminal())


def _stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(help="The log file to audit.")],
    trust: Annotated[
        bool, typer.Option(help="Fold the recorded events without deciding them again.")
    ] = False,
    key_file: options.KeyFile = None,
) -> None:
    """Load a log file, deciding every command again by the rules, and summarise it."""
    game, report = options.load_log(log, options.read_key(key_file), verify=not trust)
    if report.torn:
        console.print("[yellow]the last frame was torn (incomplete) and was dropped[/yellow]")
    _report(game)
