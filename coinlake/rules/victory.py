"""Victory (rules 7.0-7.3) with the player arrangements of 1.5 and the 1-player game of 8.9.

A *side* is what wins or loses: a player with the Factions it holds, or one Non-player
Faction. Each Faction's own margin is :func:`coinlake.state.queries.victory_margins` (7.3);
a side holding two Factions is scored by the rules of 1.5 and 8.9:

- POLITBURO (one player holds NVA and VC, 1.5): during a Coup Round the side passes a
  victory check if either Faction does and is ranked by the higher margin; after the final
  Coup it is ranked by the lower.
- SOVEREIGNTY (one player holds US and ARVN, 1.5): it passes only if both Factions do and
  is always ranked by the lower margin.
- The lone player of a 1-player game (8.9) is ranked by its lower margin and never wins in a
  Victory Phase; after the final Coup the gap to the best Non-player decides (victory,
  stalemate or Non-player victory).

Ranking (7.1): higher margin first; ties go to Non-players, then VC, ARVN, NVA (the US last);
a side holding two Factions breaks ties as its better-placed Faction.

Options (set up in :mod:`coinlake.state.setup`):

- Victory Deception (7.3): each Hidden Agenda adds 1 to its player's final margin
  (:func:`final_result`); a Hidden Asset turns a Limited Operation option of the Sequence of
  Play into a full Operation with a Special Activity (:func:`hidden_asset_option`,
  :func:`hidden_asset_turn`); every marker is revealed when the game ends
  (:func:`reveal_deception`).
- 1-Player Difficulty B (8.9): from the 2nd Coup Round on, the lone player loses at a
  Victory Phase where it trails a Non-player (:func:`difficulty_b`).
"""

from __future__ import annotations

from collections.abc import Generator, Mapping

from attrs import frozen

from coinlake.data.pieces import FACTIONS, Faction
from coinlake.rules import actions
from coinlake.rules.core import Ask, Ctx
from coinlake.state.commands import Choose, Command
from coinlake.state.events import DeceptionRevealed, DeceptionUsed, Executed
from coinlake.state.model import (
    HIDDEN_AGENDA,
    HIDDEN_ASSET,
    DeceptionMarker,
    GameResult,
    GameState,
    Options,
    player_groups,
)
from coinlake.state.queries import victory_margins

TIE_ORDER: tuple[Faction, ...] = (Faction.VC, Faction.ARVN, Faction.NVA, Faction.US)
"""7.1: after Non-players, ties go to the VC, then ARVN, then NVA; the US is not listed and
so loses every tie."""

SOLO_VICTORY_GAP = 6
"""8.9: the lone player wins by at least this much over the best Non-player after the final
Coup; a smaller positive gap is a stalemate."""


@frozen
class Side:
    """One contender: the Factions of one player, or a single Non-player Faction."""

    factions: tuple[Faction, ...]
    player: bool

    @property
    def politburo(self) -> bool:
        """A player holding both NVA and VC (1.5 POLITBURO)."""
        return len(self.factions) == 2 and all(f.is_insurgent for f in self.factions)

    def __str__(self) -> str:
        return "+".join(str(f) for f in self.factions)


def players_of(options: Options) -> tuple[tuple[Faction, ...], ...]:
    """The players' Factions, one tuple per player, in Faction order (1.5, 8.9): see
    :func:`coinlake.state.model.player_groups`. Raises ``ValueError`` for an arrangement 1.5
    does not allow."""
    return player_groups(options)


def sides_of(options: Options) -> tuple[Side, ...]:
    """Every side: the players (1.5) and each Non-player Faction (8.0)."""
    players = tuple(Side(g, True) for g in players_of(options))
    held = {f for s in players for f in s.factions}
    others = tuple(Side((f,), False) for f in FACTIONS if f not in held)
    return tuple(sorted((*players, *others), key=lambda s: FACTIONS.index(s.factions[0])))


def is_solo(options: Options) -> bool:
    """A 1-player game against Non-players (8.9)."""
    return len(players_of(options)) == 1 and bool(options.non_players)


def side_margin(side: Side, margins: dict[Faction, int], *, final: bool, solo: bool) -> int:
    """The margin a side is ranked by (7.3, 1.5 POLITBURO/SOVEREIGNTY, 8.9)."""
    values = [margins[f] for f in side.factions]
    if side.politburo and not final and not solo:
        return max(values)
    return min(values)


def side_passes(side: Side, margins: dict[Faction, int], *, solo: bool) -> bool:
    """Whether a side passes a Coup Round's victory check (7.2 as modified by 1.5 and 8.9)."""
    if side.player and solo:
        return False  # 8.9: the lone player never wins in a Victory Phase
    passing = [margins[f] > 0 for f in side.factions]
    return any(passing) if side.politburo else all(passing)


def rank(sides: tuple[Side, ...], by: dict[Side, int]) -> tuple[Side, ...]:
    """Sides best first by margin; ties to Non-players, then VC, ARVN, NVA, US (7.1)."""

    def key(side: Side) -> tuple[int, int, int]:
        return (-by[side], int(side.player), min(TIE_ORDER.index(f) for f in side.factions))

    return tuple(sorted(sides, key=key))


def _result(
    rule: str,
    outcome: str,
    winner: Side | None,
    ranking: tuple[Side, ...],
    by: dict[Side, int],
    margins: dict[Faction, int],
    reason: str = "",
) -> GameResult:
    return GameResult(
        rule=rule,
        outcome=outcome,
        winner=winner.factions if winner is not None else (),
        ranking=tuple(s.factions for s in ranking),
        side_margins=tuple(by[s] for s in ranking),
        margins=tuple(margins[f] for f in FACTIONS),
        reason=reason,
    )


def check(options: Options, margins: dict[Faction, int]) -> GameResult | None:
    """6.1/7.2: the result if some side passes its victory check with these Faction margins,
    else ``None``.

    If a Non-player passes, every player loses and the best-ranked Non-player wins (7.1,
    8.9); otherwise the best-ranked side wins.
    """
    solo = is_solo(options)
    sides = sides_of(options)
    if not any(side_passes(s, margins, solo=solo) for s in sides):
        return None
    by = {s: side_margin(s, margins, final=False, solo=solo) for s in sides}
    ranking = rank(sides, by)
    non_player_wins = any(not s.player and side_passes(s, margins, solo=solo) for s in sides)
    winner = next(s for s in ranking if not s.player) if non_player_wins else ranking[0]
    return _result("8.9" if solo else "7.2", "victory", winner, ranking, by, margins)


def final(
    options: Options,
    margins: dict[Faction, int],
    bonus: Mapping[tuple[Faction, ...], int] | None = None,
) -> GameResult:
    """2.4.2/7.3: after the final Coup, the side with the highest margin wins.

    ``bonus`` adds to the margin of the player holding those Factions: its Hidden Agenda
    markers (7.3 Victory Deception option); ``side_margins`` include it, ``margins`` (each
    Faction's own 7.3 margin) do not.

    In a 1-player game (8.9) the lone player's lower margin minus the best Non-player's
    margin decides: 6 or more, the player wins; 1 to 5, a stalemate; 0 or less (the player
    does not have the highest margin; ties go to Non-players, 7.1), the best Non-player wins.
    """
    solo = is_solo(options)
    sides = sides_of(options)
    extra = bonus or {}
    by = {
        s: side_margin(s, margins, final=True, solo=solo) + extra.get(s.factions, 0) for s in sides
    }
    ranking = rank(sides, by)
    if not solo:
        return _result("7.3", "victory", ranking[0], ranking, by, margins)
    player = next(s for s in sides if s.player)
    best_non_player = next(s for s in ranking if not s.player)
    gap = by[player] - by[best_non_player]
    if gap >= SOLO_VICTORY_GAP:
        return _result("8.9", "victory", player, ranking, by, margins)
    if gap > 0:
        return _result("8.9", "stalemate", None, ranking, by, margins)
    return _result("8.9", "victory", best_non_player, ranking, by, margins)


DIFFICULTY_B = "difficulty-b"
"""``GameResult.reason`` when the lone player lost under 8.9 Difficulty Option B."""


def difficulty_b(options: Options, margins: dict[Faction, int]) -> GameResult | None:
    """8.9 Difficulty Option B at a Victory Phase (the caller skips the 1st Coup Round): the
    lone player loses if any of its Factions has a lower margin than some Non-player; the
    best-ranked Non-player then wins (ties: 7.1). Equal margins are not lower. ``None`` when
    the option is off or the player holds its own."""
    if not (options.difficulty_b and is_solo(options)):
        return None
    sides = sides_of(options)
    player = next(s for s in sides if s.player)
    lowest = min(margins[f] for f in player.factions)
    best = max(margins[f] for s in sides if not s.player for f in s.factions)
    if lowest >= best:
        return None
    by = {s: side_margin(s, margins, final=False, solo=True) for s in sides}
    ranking = rank(sides, by)
    winner = next(s for s in ranking if not s.player)
    return _result("8.9", "victory", winner, ranking, by, margins, DIFFICULTY_B)


def victory_check(state: GameState, coup_round: int = 1) -> GameResult | None:
    """6.1/7.2 on a position: :func:`check` with the state's margins (7.3); then, from the
    ``coup_round``-th Coup Round 2 on, 8.9 Difficulty Option B (:func:`difficulty_b`)."""
    margins = victory_margins(state)
    result = check(state.options, margins)
    if result is None and coup_round >= 2:
        result = difficulty_b(state.options, margins)
    return result


def final_result(state: GameState) -> GameResult:
    """7.3 on a position after the final Coup: :func:`final` with the state's margins and
    each player's Hidden Agenda markers (Victory Deception option)."""
    return final(state.options, victory_margins(state), hidden_agenda_bonus(state))


# -- Victory Deception option (7.3) -----------------------------------------------------------
HIDDEN_ASSET_OPTION = Choose("hidden-asset")
"""The Sequence of Play option a Hidden Asset adds where a Limited Operation is offered:
a full Operation with a Special Activity instead (7.3)."""
PRIVATE_OPTIONS = frozenset({HIDDEN_ASSET_OPTION})
"""Answers whose presence among a Decision's options shows a player's private Deception
marker (7.3): another player's view of that Decision leaves them out (``Game.view``)."""


def markers_of(state: GameState, faction: Faction) -> tuple[DeceptionMarker, ...]:
    """The Deception markers of the player holding ``faction`` (none for a Non-player)."""
    return tuple(m for m in state.deception if faction in m.owner)


def hidden_agenda_bonus(state: GameState) -> dict[tuple[Faction, ...], int]:
    """+1 to a player's final margin per Hidden Agenda it holds (7.3), keyed by its Factions."""
    bonus: dict[tuple[Faction, ...], int] = {}
    for m in state.deception:
        if m.kind == HIDDEN_AGENDA:
            bonus[m.owner] = bonus.get(m.owner, 0) + 1
    return bonus


def hidden_asset_option(
    state: GameState, faction: Faction, *, limop_offered: bool
) -> tuple[Command | None, tuple[Command, str, str] | None]:
    """Whether ``faction`` may turn the Limited Operation option now offered into a full
    Operation with a Special Activity (7.3 Hidden Asset, once per marker): returns the
    option to offer, or the refusal (command, reason, rule) explaining why not. The public
    conditions are checked first, so that a refusal tells about the private marker only
    when nothing else stands in the way."""
    option = HIDDEN_ASSET_OPTION
    if not state.options.deception:
        return None, (option, "the Victory Deception option is not in use", "7.3")
    if not limop_offered:
        return None, (option, "a Hidden Asset converts only a Limited Operation option", "7.3")
    if not (
        actions.has_legal_operation(state, faction, limited=False)
        and actions.has_special_activity(state, faction)
    ):
        why = f"{faction} has no Operation with a Special Activity it could execute now"
        return None, (option, why, "3.1")
    if not any(m.kind == HIDDEN_ASSET and not m.used for m in markers_of(state, faction)):
        return None, (option, f"{faction}'s player holds no unused Hidden Asset", "7.3")
    return option, None


def hidden_asset_turn(ctx: Ctx, faction: Faction) -> Generator[Ask, Command, None]:
    """The Hidden Asset option (7.3): a full Operation with its Special Activity where the
    Sequence of Play offered a Limited Operation. Executing it reveals and spends the marker
    (:class:`DeceptionUsed`); an Operation that occurs in no space does not count (2.3.4
    NOTE) and leaves the marker unused."""
    outcome = yield from actions.run_operation(ctx, faction, limited=False, special=True)
    if not outcome.executed:
        action = "none"
    else:
        owner = markers_of(ctx.state, faction)[0].owner
        ctx.emit(DeceptionUsed(seq=ctx.seq, rule="7.3", owner=owner, kind=HIDDEN_ASSET))
        action = "op+sa" if outcome.special_activity else "op"
    ctx.emit(Executed(seq=ctx.seq, rule="7.3", faction=faction, action=action))


def reveal_deception(ctx: Ctx) -> None:
    """At game end every player shows its Deception markers (7.3: an Empty Threat is
    revealed then), one :class:`DeceptionRevealed` per player with any still hidden."""
    owners: dict[tuple[Faction, ...], None] = {}
    for m in ctx.state.deception:
        if not m.revealed:
            owners.setdefault(m.owner, None)
    for owner in owners:
        kinds = tuple(m.kind for m in ctx.state.deception if m.owner == owner)
        ctx.emit(DeceptionRevealed(seq=ctx.seq, rule="7.3", owner=owner, markers=kinds))
