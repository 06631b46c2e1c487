"""The evaluation table of a game (``coinlake eval``) and the note that carries it in the
game's log (``coinlake eval --annotate``), read back by the replay viewer and the audit.

A row gives, at one position of the game's line (``step``: commands from the start), the
card being played (2.2) and per Faction the chance of winning with its 95% interval and the
mean final margin (7.3), as :func:`~coinlake.analysis.evaluate` found them. The note
(kind :data:`EVALUATION`, :meth:`coinlake.Game.annotate`) holds the settings and the rows::

    {"every": "card" | "command", "rollouts": N, "seed": S, "omniscient": bool,
     "rows": [{"step": ..., "card": ..., "US_win": ..., "US_low": ..., ...}, ...]}

Its steps are positions of the line that led to the position the note was made at
(``game.journal()[note.index].node``). A log may carry several evaluations: the latest
wins (:func:`latest_table`).

>>> import coinlake
>>> game = coinlake.new_game("short", seed=3)
>>> rows = [{"step": 0, "card": game.state.current_card, "US_win": 0.5, "ARVN_win": 0.0,
...          "NVA_win": 0.25, "VC_win": 0.25}]
>>> _ = game.annotate(EVALUATION, note_data(rows, every="card", rollouts=4, seed=0,
...                                          omniscient=False))
>>> table = latest_table(game)
>>> table.steps, table.chances(0)["US"]
((0,), 0.5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

import coinlake
from coinlake import Faction, Game, Note
from coinlake.analysis.evaluate import FACTIONS, Evaluation

EVALUATION = "evaluation"
"""The kind of the note that carries an evaluation table."""
EVERY = ("card", "command")
"""Which positions a table evaluates: the start of each card, or every command."""
SETTINGS = ("every", "rollouts", "seed", "omniscient")
"""The settings of an evaluation note, beside its rows."""


def table_row(
    step: int, state: coinlake.GameState, evaluation: Evaluation, seed: int
) -> dict[str, Any]:
    """One row: the step, its card, per Faction the chance with its interval and the mean
    margin, the rollouts, the seed and whether the deck order was read (``omniscient``)."""
    out: dict[str, Any] = {"step": step, "card": state.current_card}
    for o in evaluation:
        key = str(o.faction)
        out |= {
            f"{key}_win": round(o.win, 4),
            f"{key}_low": round(o.win_low, 4),
            f"{key}_high": round(o.win_high, 4),
            f"{key}_margin": round(o.margin, 3),
        }
    out["rollouts"] = evaluation.rollouts
    out["seed"] = seed
    out["omniscient"] = evaluation.omniscient
    return out


def note_data(
    rows: Sequence[dict[str, Any]], *, every: str, rollouts: int, seed: int, omniscient: bool
) -> dict[str, Any]:
    """The data of an evaluation note: the settings and the rows."""
    return {
        "every": every,
        "rollouts": rollouts,
        "seed": seed,
        "omniscient": omniscient,
        "rows": list(rows),
    }


@attrs.frozen
class EvaluationTable:
    """An evaluation note read back: ``index`` its place in the journal; the settings
    ``every``, ``rollouts``, ``seed``, ``omniscient``; per row its ``steps``, ``cards``
    (``None`` before the first card) and ``wins`` (each Faction's chance, US, ARVN, NVA,
    VC); ``rows`` as written."""

    index: int
    every: str
    rollouts: int
    seed: int
    omniscient: bool
    steps: tuple[int, ...]
    cards: tuple[int | None, ...]
    wins: tuple[tuple[float, ...], ...]
    rows: tuple[dict[str, Any], ...] = attrs.field(eq=False, repr=False)

    def describe(self) -> str:
        """The settings in words: ``at each card, 50 rollouts a position, seed 0``."""
        where = "at each card" if self.every == "card" else "after every command"
        known = ", reading the deck order" if self.omniscient else ""
        return f"{where}, {self.rollouts} rollouts a position, seed {self.seed}{known}"

    def chances(self, row: int) -> dict[Faction, float]:
        """Each Faction's chance of winning at row ``row``."""
        return dict(zip(FACTIONS, self.wins[row], strict=True))


def read_table(note: Note) -> EvaluationTable:
    """The table an evaluation note carries; ``ValueError`` naming what is wrong when the
    note is not one (a log file may hold any JSON-like note)."""
    where = f"the evaluation note at journal entry {note.index}"
    data = note.data
    if note.kind != EVALUATION or type(data) is not dict:
        raise ValueError(f"{where} is not a map of the settings and the rows")
    settings: list[Any] = [data.get(k) for k in SETTINGS]
    every, rollouts, seed, omniscient = settings
    if every not in EVERY:
        raise ValueError(f"{where}: every is one of {list(EVERY)}, not {every!r}"[:200])
    for name, value in (("rollouts", rollouts), ("seed", seed)):
        if type(value) is not int or value < 0:
            raise ValueError(f"{where}: {name} is an int of at least 0, not {value!r}"[:200])
    if type(omniscient) is not bool:
        raise ValueError(f"{where}: omniscient is true or false, not {omniscient!r}"[:200])
    rows = data.get("rows")
    if type(rows) is not list or not rows:
        raise ValueError(f"{where}: rows is a non-empty list")
    steps: list[int] = []
    cards: list[int | None] = []
    wins: list[tuple[float, ...]] = []
    for i, r in enumerate(rows):
        if type(r) is not dict:
            raise ValueError(f"{where}: row {i} is not a map")
        step, card = r.get("step"), r.get("card")
        if type(step) is not int or step < 0 or (steps and step <= steps[-1]):
            raise ValueError(f"{where}: row {i}: step is an int above the last, not {step!r}")
        if card is not None and (type(card) is not int or card not in coinlake.CARDS):
            raise ValueError(f"{where}: row {i}: card is a card's number or nil, not {card!r}")
        chances = []
        for f in FACTIONS:
            c: Any = r.get(f"{f}_win")
            if type(c) not in (int, float) or not 0 <= c <= 1:
                raise ValueError(f"{where}: row {i}: {f}_win is a chance in 0..1, not {c!r}")
            chances.append(float(c))
        steps.append(step)
        cards.append(card)
        wins.append(tuple(chances))
    return EvaluationTable(
        note.index,
        every,
        rollouts,
        seed,
        omniscient,
        tuple(steps),
        tuple(cards),
        tuple(wins),
        tuple(rows),
    )


def latest_table(game: Game) -> EvaluationTable | None:
    """The table of ``game``'s latest evaluation note (:func:`read_table`), or ``None``
    when its log carries none."""
    notes = game.notes(EVALUATION)
    return read_table(notes[-1]) if notes else None
