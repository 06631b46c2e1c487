"""Agents that sit at a Faction (``coinlake.engine.agents``): the seeded random agent and
the section-8 Non-player.

:class:`NonPlayer` follows section 8 for every Decision: its Faction's flowchart
(8.5-8.8, registered in :data:`FLOWCHARTS` by ``vc.py``, ``nva.py``, ``arvn.py``,
``us.py``) where one is registered, and everywhere else the rules every flowchart shares --
8.4.6 Pivotal Events, 8.1/8.4.1/8.4.2 Events, 8.4.3-8.4.5 Event choices
(:mod:`coinlake.nonplayers.event_choices`), 8.1.1 maximum extent, 8.1.2 piece order,
8.2/8.3 random spaces and 8.4.7 random choices -- saying so in the reason it records.
"""

from __future__ import annotations

from collections.abc import Callable

import coinlake
from coinlake import Choice, Choose, Count, Decision, Done, Faction, Game, Kind, Move, Select
from coinlake.nonplayers import event_choices, events
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.pieces import move_rank
from coinlake.nonplayers.random_spaces import choose_space

EVENT = Choose("event")
OP = Choose("op")
OP_SA = Choose("op+sa")
LIMOP = Choose("limop")
PASS = Choose("pass")
PIVOTAL = Choose("pivotal")
DECLINE = Choose("decline")


class RandomAgent:
    """Any legal command with an equal chance, by a recorded roll of the game's generator
    (so a game of random agents replays exactly)."""

    def choose(self, game: Game, decision: Decision) -> Choice:
        """A uniformly random legal command."""
        roller = Roller(game.state)
        command = roller.pick(decision.options)
        return Choice(command, roller.why("8.4.7", "random agent: an equal-chance roll"))


Flowchart = Callable[[Game, Decision, Roller], Choice | None]
"""A Faction's flowchart step (8.5-8.8): the choice for this Decision, or ``None`` where the
flowchart has nothing to say (the shared section-8 rules then decide)."""

FLOWCHARTS: dict[Faction, Flowchart] = {}
"""The registered Faction flowcharts."""


class NonPlayer:
    """The section-8 Non-player of ``faction``; ``table``: the 8.4.1 Event instructions (the
    shipped table by default)."""

    def __init__(self, faction: Faction | str, table: events.InstructionTable | None = None):
        self.faction = Faction(faction)
        self.table = table

    def __repr__(self) -> str:
        return f"NonPlayer({self.faction.value!r})"

    def choose(self, game: Game, decision: Decision) -> Choice:
        """The section-8 choice for ``decision``."""
        roller = Roller(game.state)
        flowchart = FLOWCHARTS.get(self.faction)
        if flowchart is not None:
            choice = flowchart(game, decision, roller)
            if choice is not None:
                return choice
            roller = Roller(game.state)
        return self._shared(game, decision, roller)

    # -- what every flowchart shares ---------------------------------------------------
    def _shared(self, game: Game, decision: Decision, roller: Roller) -> Choice:
        options = decision.options
        state = game.state
        if PIVOTAL in options and decision.kind in (Kind.YES_NO, Kind.ACTION):
            top = state.current_card
            trumping = (
                decision.kind is Kind.YES_NO
                and top is not None
                and coinlake.CARDS[top].kind.value == "pivotal"
            )
            if events.plays_pivotal(state, self.faction, trumping=trumping):
                return Choice(PIVOTAL, roller.why("8.4.6", "a player is 1st Eligible: Pivotal"))
            if decision.kind is Kind.YES_NO:
                return Choice(DECLINE, roller.why("8.4.6", "no player is 1st Eligible"))
        if decision.kind is Kind.ACTION:
            return self._action(game, decision, roller)
        if decision.kind is Kind.CHOOSE_SIDE:
            wanted = events.event_side(state, self.faction, self.table)
            side = Choose(wanted.value)
            if side in options:
                return Choice(side, roller.why("8.4.2", f"the {wanted} text"))
        if len(options) == 1:
            return Choice(options[0], roller.why(decision.rule, "the only legal answer"))
        if decision.rule == "1.5.2" or decision.context.procedure == "transfer":
            least = min(options, key=lambda c: c.n if isinstance(c, Count) else 1_000)
            return Choice(least, roller.why("8.1.2", "never transfer Resources voluntarily"))
        chosen = event_choices.choose(game, decision, self.faction, roller)
        if chosen is not None:
            return chosen
        counts = [c for c in options if isinstance(c, Count)]
        if counts:
            most = max(counts, key=lambda c: c.n)
            return Choice(most, roller.why("8.1.1", "to the maximum extent"))
        selects = [c.space for c in options if isinstance(c, Select) and _is_space(c.space)]
        if selects:
            space = choose_space(selects, roller)
            return Choice(Select(space), roller.why("8.2", f"a random space: {space}"))
        moves = [c for c in options if isinstance(c, Move)]
        if moves:
            ranks = [move_rank(m, self.faction, decision.kind) for m in moves]
            best = min(ranks)
            firsts = [m for m, rank in zip(moves, ranks, strict=True) if rank == best]
            move = roller.pick(firsts)
            return Choice(move, roller.why("8.1.2", "pieces in the 8.1.2 order"))
        doing = [c for c in options if not isinstance(c, Done) and c != DECLINE] or list(options)
        command = roller.pick(doing)
        return Choice(command, roller.why("8.4.7", "a random choice"))

    def _action(self, game: Game, decision: Decision, roller: Roller) -> Choice:
        """8.1: Event, Operation (with a Special Activity) or Pass, where no flowchart
        decides: the Event when 8.4.1 and 8.1 allow it, else an Operation with a Special
        Activity as possible (8.1.1), else Pass."""
        options = decision.options
        if EVENT in options:
            verdict = events.event_verdict(game.state, self.faction, self.table)
            if verdict.play:
                return Choice(EVENT, roller.why(verdict.rule, verdict.reason))
            declined = f"{verdict.reason}; "
        else:
            declined = ""
        for command, what in (
            (OP_SA, "an Operation and a Special Activity"),
            (OP, "an Operation"),
            (LIMOP, "a Limited Operation"),
        ):
            if command in options:
                return Choice(command, roller.why("8.1.1", f"{declined}{what}"))
        return Choice(PASS, roller.why("8.1", f"{declined}nothing else to do: Pass"))


_SPACE_IDS = frozenset(s.id for s in coinlake.SPACES)


def _is_space(key: str) -> bool:
    return key in _SPACE_IDS
