"""8.4.3-8.4.5: the choices inside an Event that every Non-player makes alike.

- 8.4.4 who benefits: offered a choice of Faction (``us``, ``arvn``, ``nva``, ``vc``), the
  executing Faction, then the other friendly Faction, then a random enemy, Non-players
  first (ruling R87).
- 8.4.4 track directions: US and ARVN increase Aid and ARVN Resources, NVA and VC decrease
  them; ARVN increases Patronage, every other Faction decreases it; where the wanted way is
  not offered, "unchanged" rather than the reverse (ruling R88).
- 8.4.3 sources: US and ARVN take friendly pieces from Out of Play first, then Casualties,
  then Available (for piece moves, :func:`coinlake.nonplayers.pieces.move_rank`).
- 8.4.5 then 8.4.4 spaces: each space the Event's own step offers is scored by looking
  ahead on a fork of the game -- the space selected, then that space's further questions
  answered as this Faction would (the most pieces, 8.1.2 order, 8.4.3/8.4.4 words) until
  the Event asks for its next space or is done. Shifts come first, in the deciding Faction's
  8.4.5 order (ruling R89); within that, the most Bases, then of them the Faction's own
  (8.4.4's Cu Chi example: VC Tunnels first), then the most other pieces placed, removed or
  replaced (8.4.4, ruling R90); ties by 8.2.

Everything else is left to the caller (``None``): other choices inside Events are random
(8.4.7, ruling R91).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

import coinlake
from coinlake import (
    Choice,
    Choose,
    Command,
    Count,
    Decision,
    Done,
    Faction,
    Game,
    GameState,
    Kind,
    Move,
    Piece,
    Select,
    Track,
    Why,
)
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.pieces import move_rank
from coinlake.nonplayers.random_spaces import choose_space

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
FACTION_WORDS = {f.value.lower(): f for f in Faction}
"""The words of a choice of Faction (``lib.choose_faction``)."""
FRIEND = {US: ARVN, ARVN: US, NVA: VC, VC: NVA}
INCREASE, DECREASE, UNCHANGED = "increase", "decrease", "unchanged"
"""The words of a "+N or -N" choice (``lib.raise_or_lower``)."""
SOURCES = ("out-of-play", "casualties", "available")
"""8.4.3: where US and ARVN take friendly pieces from, first to last."""
SWEEP_OR_ASSAULT = frozenset({Choose("sweep"), Choose("assault")})
"""An Event's free "Sweep in place or Assault" in one space (``lib.sweep_or_assault``): a
choice among Operations the Faction's flowchart makes (8.4.4)."""

_TRACK_NAMES = (
    (Track.ARVN_RESOURCES, re.compile(r"\bARVN Resources\b")),
    (Track.PATRONAGE, re.compile(r"\bPatronage\b")),
    (Track.AID, re.compile(r"\bAid\b")),
)

Deltas = tuple[int, int]
"""The change in (Total Support, Total Opposition)."""

SHIFT_ORDER: dict[Faction, tuple[str, Callable[[Deltas], tuple[int, int]]]] = {
    VC: ("most Opposition gained, then most Support lost", lambda d: (d[1], -d[0])),
    NVA: ("most Support lost, then least Opposition gained", lambda d: (-d[0], -d[1])),
    ARVN: ("most Opposition lost, then least Support gained", lambda d: (-d[1], -d[0])),
    US: ("most Support gained, then most Opposition lost", lambda d: (d[0], -d[1])),
}
"""8.4.5: each Faction's order of shifts, as a key to maximize over the deltas."""


def choose(game: Game, decision: Decision, faction: Faction, roller: Roller) -> Choice | None:
    """``faction``'s 8.4.3-8.4.5 answer to ``decision`` when it is asked inside an Event;
    ``None`` where these rules say nothing."""
    if not decision.context.within("event"):
        return None
    words = [c.option for c in decision.options if isinstance(c, Choose)]
    if words:
        return (
            beneficiary(game.state, decision, faction, words, roller)
            or direction(decision, faction, words, roller)
            or source(faction, words, roller)
        )
    if decision.kind is Kind.SELECT_SPACE and decision.context.procedure == "event":
        return event_space(game, decision, faction, roller)
    return None


def executing(decision: Decision, faction: Faction) -> Faction:
    """The Faction executing the Event ``decision`` belongs to (``faction`` if unknown)."""
    ctx: coinlake.Context | None = decision.context
    while ctx is not None:
        if ctx.procedure == "event" and ctx.faction is not None:
            return ctx.faction
        ctx = ctx.parent
    return faction


def beneficiary(
    state: GameState, decision: Decision, faction: Faction, words: list[str], roller: Roller
) -> Choice | None:
    """8.4.4: of the Factions offered, the executing one, then the other friendly one, then
    a random enemy -- a Non-player one if any is offered (ruling R87)."""
    if len(words) < 2 or any(w not in FACTION_WORDS for w in words):
        return None
    offered = [FACTION_WORDS[w] for w in words]
    execs = executing(decision, faction)
    for who, what in ((execs, "the executing Faction"), (FRIEND[execs], "the friendly Faction")):
        if who in offered:
            return Choice(Choose(who.value.lower()), roller.why("8.4.4", f"{what}: {who}"))
    non_players = [f for f in offered if f in state.options.non_players]
    enemy = roller.pick(non_players or offered)
    what = "a random Non-player enemy" if non_players else "a random enemy"
    return Choice(Choose(enemy.value.lower()), roller.why("8.4.4", f"{what}: {enemy}"))


def named_track(prompt: str) -> Track | None:
    """The track a "+N or -N" question's prompt names, among those 8.4.4 directs."""
    for track, pattern in _TRACK_NAMES:
        if pattern.search(prompt):
            return track
    return None


def wanted_direction(faction: Faction, track: Track) -> str:
    """8.4.4: which way ``faction`` moves ``track`` (Aid, ARVN Resources or Patronage)."""
    if track is Track.PATRONAGE:
        return INCREASE if faction is ARVN else DECREASE
    return INCREASE if faction.is_coin else DECREASE


def direction(
    decision: Decision, faction: Faction, words: list[str], roller: Roller
) -> Choice | None:
    """8.4.4: Aid, ARVN Resources and Patronage moved the Faction's way, else left unchanged
    where the text allows, never the reverse by choice (ruling R88)."""
    if not set(words) <= {INCREASE, DECREASE, UNCHANGED} or len(words) < 2:
        return None
    track = named_track(decision.prompt)
    if track is None:
        return None
    want = wanted_direction(faction, track)
    name = track.name.replace("_", " ").title().replace("Arvn", "ARVN")
    if want in words:
        return Choice(Choose(want), roller.why("8.4.4", f"{faction} {want} {name}"))
    if UNCHANGED in words:
        return Choice(
            Choose(UNCHANGED), roller.why("8.4.4", f"{faction} would {want} {name}: unchanged")
        )
    return None


def source(faction: Faction, words: list[str], roller: Roller) -> Choice | None:
    """8.4.3: US and ARVN take friendly pieces from Out of Play, then Casualties, then
    Available, when the Event lets them choose where from."""
    if faction not in (US, ARVN) or not {"out-of-play", "casualties"} & set(words):
        return None
    first = next(s for s in SOURCES if s in words)
    where = first.replace("-", " ").title().replace("Of", "of")
    return Choice(Choose(first), roller.why("8.4.3", f"{faction} pieces from {where} first"))


LOOKAHEAD_STEPS = 12
"""How many of a space's further questions a look-ahead answers at most."""
LOOKING_AHEAD = Why("8.4.4", "looking ahead")
BASES = frozenset(p for p in Piece if p.kind.value == "base")
OWN_BASES = {f: frozenset(p for p in BASES if p.faction is f) for f in Faction}
OTHER_PIECES = tuple(p for p in Piece if p not in BASES)


class Outcome(NamedTuple):
    """What selecting one Event space would do: the change in (Total Support, Total
    Opposition), and how many Bases, Bases of the deciding Faction and other pieces it
    places, removes or replaces (a space's pieces in or out, whichever is more)."""

    shift: Deltas
    bases: int
    own_bases: int
    pieces: int


def outcome(before: GameState, after: GameState, faction: Faction) -> Outcome:
    """The :class:`Outcome` of going from ``before`` to ``after`` (only the spaces whose
    contents changed are looked at: the others add nothing)."""
    own_bases = OWN_BASES[faction]
    support = opposition = bases = own = pieces = 0
    for space, was, now in zip(coinlake.SPACES, before.spaces, after.spaces, strict=True):
        if was is now:
            continue
        if was.support != now.support:
            old_level, new_level = int(was.support), int(now.support)
            support += space.population * (max(0, new_level) - max(0, old_level))
            opposition += space.population * (max(0, -new_level) - max(0, -old_level))
        old, new = was.pieces, now.pieces
        if old != new:
            bases += _in_or_out(old, new, BASES)
            own += _in_or_out(old, new, own_bases)
            pieces += _in_or_out(old, new, OTHER_PIECES)
    return Outcome((support, opposition), bases, own, pieces)


def _in_or_out(old: Sequence[int], new: Sequence[int], group: Iterable[Piece]) -> int:
    """How many of ``group`` came into a space or left it, whichever is more (a
    replacement counts once)."""
    gained = lost = 0
    for p in group:
        change = new[p] - old[p]
        if change > 0:
            gained += change
        elif change < 0:
            lost -= change
    return max(gained, lost)


def follow_up(game: Game, decision: Decision, faction: Faction) -> Command:
    """How ``faction`` answers a further question of the space being looked at: the most
    (8.1.1), pieces in the 8.1.2 order, 8.4.3/8.4.4 words, else the first thing to do."""
    options = decision.options
    counts = [c for c in options if isinstance(c, Count)]
    if counts:
        return max(counts, key=lambda c: c.n)
    moves = [c for c in options if isinstance(c, Move)]
    if moves:
        return min(moves, key=lambda m: move_rank(m, faction, decision.kind))
    words = [c.option for c in options if isinstance(c, Choose)]
    if words:
        roller = Roller(game.state)
        choice = (
            beneficiary(game.state, decision, faction, words, roller)
            or direction(decision, faction, words, roller)
            or source(faction, words, roller)
        )
        if choice is not None:
            return choice.command
    return next((c for c in options if not isinstance(c, Done)), options[0])


def look_ahead(game: Game, decision: Decision, faction: Faction) -> dict[str, Outcome]:
    """For each space ``decision`` offers, the :class:`Outcome` of selecting it (on a fork of
    ``game``): the space's further questions by :func:`follow_up`, up to the Event's next
    space, another Faction's question or the Event's end."""
    found: dict[str, Outcome] = {}
    for command in decision.options:
        if not isinstance(command, Select):
            continue
        fork = game.fork()
        try:
            fork.apply(command, why=LOOKING_AHEAD)
            for _ in range(LOOKAHEAD_STEPS):
                d = fork.decision
                if (
                    d is None
                    or d.faction is not decision.faction
                    or not d.context.within("event")
                    or (d.kind is Kind.SELECT_SPACE and d.context.procedure == "event")
                ):
                    break
                fork.apply(follow_up(fork, d, faction), why=LOOKING_AHEAD)
        except coinlake.CoinlakeError:
            continue
        found[command.space] = outcome(game.state, fork.state, faction)
    return found


def event_space(game: Game, decision: Decision, faction: Faction, roller: Roller) -> Choice | None:
    """8.4.5, then 8.4.4: the space whose selection shifts Support/Opposition best in
    ``faction``'s order, then places, removes or replaces the most Bases (the Faction's own
    first), then other pieces; ties by 8.2. ``None`` when no offered space does any of it
    (8.4.4's last bullet: a random space, left to the caller)."""
    outcomes = look_ahead(game, decision, faction)
    shifts = any(o.shift != (0, 0) for o in outcomes.values())
    moves = any(o.bases or o.pieces for o in outcomes.values())
    if not shifts and not moves:
        return None
    what, key = SHIFT_ORDER[faction]

    def rank(o: Outcome) -> tuple[int, ...]:
        return (*(key(o.shift) if shifts else ()), o.bases, o.own_bases, o.pieces)

    best = max(rank(o) for o in outcomes.values())
    tied = [s for s, o in outcomes.items() if rank(o) == best]
    space = choose_space(tied, roller)
    o = outcomes[space]
    if shifts:
        support, opposition = o.shift
        return Choice(
            Select(space),
            roller.why(
                "8.4.5", f"{what}: {space} (Support {support:+d}, Opposition {opposition:+d})"
            ),
        )
    return Choice(
        Select(space),
        roller.why(
            "8.4.4",
            f"the most Bases, then other pieces placed, removed or replaced: {space}"
            f" ({o.bases} Bases, {o.own_bases} of them {faction}, {o.pieces} other pieces)",
        ),
    )
