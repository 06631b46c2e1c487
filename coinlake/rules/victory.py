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
"""

from __future__ import annotations

from attrs import frozen

from coinlake.data.pieces import FACTIONS, Faction
from coinlake.state.model import GameResult, GameState, Options
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
    """The players' Factions, one tuple per player, in Faction order (1.5, 8.9).

    ``options.players`` lists players holding two Factions (or, explicitly, one); every other
    Faction that is not a Non-player is a player of its own. With no ``players`` given and
    exactly two Non-players whose opponents are one side (US+ARVN or NVA+VC), those two
    Factions are the lone player of the 1-player game (8.9). Raises ``ValueError`` for an
    arrangement 1.5 does not allow.
    """
    non_players = set(options.non_players)
    listed: list[tuple[Faction, ...]] = []
    seen: set[Faction] = set()
    for group in options.players:
        factions = tuple(f for f in FACTIONS if f in group)
        if not factions or len(factions) != len(group) or len(factions) > 2:
            raise ValueError(f"a player holds one or two distinct Factions, not {group!r} (1.5)")
        if len(factions) == 2 and factions[0].is_coin != factions[1].is_coin:
            raise ValueError(f"one player may hold US+ARVN or NVA+VC only, not {group!r} (1.5)")
        if seen & set(factions) or non_players & set(factions):
            raise ValueError(f"Faction assigned twice in players/non_players: {group!r} (1.5)")
        seen.update(factions)
        listed.append(factions)
    rest = tuple(f for f in FACTIONS if f not in non_players and f not in seen)
    if (
        not options.players
        and len(non_players) == 2
        and len(rest) == 2
        and rest[0].is_coin == rest[1].is_coin
    ):
        return (rest,)
    groups = listed + [(f,) for f in rest]
    return tuple(sorted(groups, key=lambda g: FACTIONS.index(g[0])))


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
) -> GameResult:
    return GameResult(
        rule=rule,
        outcome=outcome,
        winner=winner.factions if winner is not None else (),
        ranking=tuple(s.factions for s in ranking),
        side_margins=tuple(by[s] for s in ranking),
        margins=tuple(margins[f] for f in FACTIONS),
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


def final(options: Options, margins: dict[Faction, int]) -> GameResult:
    """2.4.2/7.3: after the final Coup, the side with the highest margin wins.

    In a 1-player game (8.9) the lone player's lower margin minus the best Non-player's
    margin decides: 6 or more, the player wins; 1 to 5, a stalemate; 0 or less (the player
    does not have the highest margin; ties go to Non-players, 7.1), the best Non-player wins.
    """
    solo = is_solo(options)
    sides = sides_of(options)
    by = {s: side_margin(s, margins, final=True, solo=solo) for s in sides}
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


def victory_check(state: GameState) -> GameResult | None:
    """6.1/7.2 on a position: :func:`check` with the state's margins (7.3)."""
    return check(state.options, victory_margins(state))


def final_result(state: GameState) -> GameResult:
    """7.3 on a position after the final Coup: :func:`final` with the state's margins."""
    return final(state.options, victory_margins(state))
