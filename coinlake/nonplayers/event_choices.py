"""8.4.3-8.4.5: the choices inside an Event that every Non-player makes alike.

- 8.4.4 who benefits: offered a choice of Faction (``us``, ``arvn``, ``nva``, ``vc``), the
  executing Faction, then the other friendly Faction, then a random enemy, Non-players
  first (ruling R87).
- 8.4.4 track directions: US and ARVN increase Aid and ARVN Resources, NVA and VC decrease
  them; ARVN increases Patronage, every other Faction decreases it; where the wanted way is
  not offered, "unchanged" rather than the reverse (ruling R88).
- 8.4.3 sources: US and ARVN take friendly pieces from Out of Play first, then Casualties,
  then Available (for piece moves, :func:`coinlake.nonplayers.pieces.move_rank`).
- 8.4.5 shifts: a space selected by the Event's own step is scored by looking ahead on a
  fork of the game -- the change in Total Support and Total Opposition once it is selected
  (and the engine's forced steps run) -- and chosen in the deciding Faction's 8.4.5 order,
  ties by 8.2 (ruling R89).

Everything else is left to the caller (``None``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import coinlake
from coinlake import Choice, Choose, Decision, Faction, Game, GameState, Kind, Select, Track, Why
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.random_spaces import choose_space

US, ARVN, NVA, VC = Faction.US, Faction.ARVN, Faction.NVA, Faction.VC
FACTION_WORDS = {f.value.lower(): f for f in Faction}
"""The words of a choice of Faction (``lib.choose_faction``)."""
FRIEND = {US: ARVN, ARVN: US, NVA: VC, VC: NVA}
INCREASE, DECREASE, UNCHANGED = "increase", "decrease", "unchanged"
"""The words of a "+N or -N" choice (``lib.raise_or_lower``)."""
SOURCES = ("out-of-play", "casualties", "available")
"""8.4.3: where US and ARVN take friendly pieces from, first to last."""

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
        return shift_space(game, decision, faction, roller)
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


def totals(state: GameState) -> Deltas:
    """(Total Support, Total Opposition) of ``state`` (1.6.2)."""
    support = opposition = 0
    for space in coinlake.SPACES:
        level = int(state.space(space.id).support)
        support += space.population * max(0, level)
        opposition += space.population * max(0, -level)
    return support, opposition


def shift_deltas(game: Game, decision: Decision) -> dict[str, Deltas]:
    """For each space ``decision`` offers, how Total Support and Total Opposition change once
    it is selected (a fork of ``game``, the engine's forced steps included)."""
    before = totals(game.state)
    found: dict[str, Deltas] = {}
    for command in decision.options:
        if not isinstance(command, Select):
            continue
        fork = game.fork()
        try:
            fork.apply(command, why=Why("8.4.5", "looking ahead"))
        except coinlake.CoinlakeError:
            continue
        after = totals(fork.state)
        found[command.space] = (after[0] - before[0], after[1] - before[1])
    return found


def shift_space(game: Game, decision: Decision, faction: Faction, roller: Roller) -> Choice | None:
    """8.4.5: the space whose selection shifts Support/Opposition best in ``faction``'s
    order; ties by 8.2. ``None`` when no offered space changes either total (the Event's
    step does not shift, or not yet: 8.4.4's other rules decide)."""
    deltas = shift_deltas(game, decision)
    if not any(d != (0, 0) for d in deltas.values()):
        return None
    what, key = SHIFT_ORDER[faction]
    best = max(key(d) for d in deltas.values())
    tied = [s for s, d in deltas.items() if key(d) == best]
    space = choose_space(tied, roller)
    support, opposition = deltas[space]
    return Choice(
        Select(space),
        roller.why(
            "8.4.5",
            f"{what}: {space} (Support {support:+d}, Opposition {opposition:+d})",
        ),
    )
