"""Scenario set-up (rule 2.1 and the setup pages): the initial GameState of a new game."""

from __future__ import annotations

import functools

from coinlake.data.cards import CARDS, COUP_CARDS, EVENT_CARDS, PIVOTAL_CARDS, Side
from coinlake.data.map import SPACES, space_index
from coinlake.data.pieces import FACTIONS, N_PIECES, Faction, Piece
from coinlake.data.scenarios import FORCE_POOL, SCENARIOS, ScenarioSetup
from coinlake.state.model import (
    DECEPTION_KINDS,
    DECEPTION_MIX,
    Counts,
    DeceptionMarker,
    Eligibility,
    GameState,
    Options,
    SpaceState,
    Support,
    Track,
    player_groups,
)
from coinlake.state.rng import ALGORITHMS, KEYED, RESHUFFLE_STREAM, Rng

SCENARIO_NAMES: tuple[str, ...] = ("short", "medium", "full")


def initial_state(scenario: str, seed: int, options: Options, algorithm: str = KEYED) -> GameState:
    """The position after setting up ``scenario`` (2.1), with the deck built from ``seed``
    by the generator ``algorithm`` (:mod:`coinlake.state.rng`)."""
    if type(scenario) is not str:
        raise TypeError(f"the scenario is a str (one of {SCENARIO_NAMES}), not {scenario!r}"[:200])
    key = scenario.lower()
    if key not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; choose one of {SCENARIO_NAMES}"[:200])
    if type(seed) is not int:
        raise TypeError(f"the seed is an int, not {type(seed).__name__}: {seed!r}"[:200])
    if not 0 <= seed < 2**64:
        raise ValueError("seed must be an integer in 0 .. 2**64-1")
    setup = SCENARIOS[key]
    check_options(options)
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown generator {algorithm!r}")
    deck, rng = build_deck(setup, Rng(seed, 0, algorithm), options)
    deception, rng = deal_deception(options, rng)
    spaces, out_of_play, available = _place_forces(key)
    t = setup.tracks
    tracks = [0] * len(Track)
    tracks[Track.ARVN_RESOURCES] = t["arvn_resources"]
    tracks[Track.NVA_RESOURCES] = t["nva_resources"]
    tracks[Track.VC_RESOURCES] = t["vc_resources"]
    tracks[Track.AID] = t["aid"]
    tracks[Track.PATRONAGE] = t["patronage"]
    tracks[Track.ECON] = t["econ"]
    tracks[Track.TRAIL] = t["trail"]
    return GameState(
        scenario=key,
        options=options,
        spaces=spaces,
        available=available,
        casualties=(0,) * N_PIECES,
        out_of_play=out_of_play,
        tracks=tuple(tracks),
        eligibility=(Eligibility.ELIGIBLE,) * len(FACTIONS),
        deck=deck,
        next_card=None,
        played=(),
        leader_box=setup.leader_box,
        capabilities=starting_capabilities(setup, options),
        momentum=(),
        pivotals_held=tuple(sorted(PIVOTAL_CARDS.values())) if setup.pivotals_distributed else (),
        us_policy=setup.us_policy,
        rng=rng,
        deception=deception,
    )


# -- setup-time options: Victory Deception and Handicap (7.3), 1-player options (8.9) --------
_FLAGS = (
    "period_events",
    "political_rhythm",
    "high_winds",
    "deception",
    "easy",
    "difficulty_a",
    "difficulty_b",
)


def _check_option_types(options: Options) -> None:
    """Raise ``TypeError`` unless every option has its exact type (no coercion)."""
    for name in _FLAGS:
        value = getattr(options, name)
        if type(value) is not bool:
            raise TypeError(f"option {name} is True or False, not {value!r}"[:200])

    def factions(what: str, value: object) -> None:
        if type(value) is not tuple or any(type(f) is not Faction for f in value):
            raise TypeError(f"option {what} is a tuple of Factions, not {value!r}"[:200])

    factions("non_players", options.non_players)
    if len(set(options.non_players)) != len(options.non_players):
        raise ValueError(f"option non_players lists a Faction twice: {options.non_players}")
    if type(options.players) is not tuple:
        raise TypeError(f"option players is a tuple of groups, not {options.players!r}"[:200])
    for group in options.players:
        factions("players", group)
    if type(options.handicap) is not tuple:
        raise TypeError(f"option handicap is a tuple of entries, not {options.handicap!r}"[:200])
    for entry in options.handicap:
        if (
            type(entry) is not tuple
            or len(entry) != 2
            or type(entry[0]) is not Faction
            or type(entry[1]) is not tuple
            or any(type(k) is not str for k in entry[1])
        ):
            raise TypeError(f"a handicap entry is (Faction, (kind, kind)), not {entry!r}"[:200])


def check_options(options: Options) -> None:
    """Raise ``TypeError`` for an option of the wrong type and ``ValueError`` for options
    that do not fit together: the Deception option needs 3 or 4 players and Handicap needs
    Deception (7.3); Easy and Difficulty A/B need a 1-player game (8.9); the player
    arrangement must be one 1.5 allows."""
    _check_option_types(options)
    groups = player_groups(options)
    if options.deception and len(groups) not in (3, 4):
        raise ValueError(
            "the Victory Deception option (7.3) is for games of 3 or 4 players; "
            f"these options make {len(groups)} player(s)"
        )
    if options.handicap and not options.deception:
        raise ValueError("the Handicap option (7.3) uses the Victory Deception option")
    pool = [kind for kind, n in DECEPTION_MIX for _ in range(n)]
    picked: set[tuple[Faction, ...]] = set()
    for faction, picks in options.handicap:
        group = next((g for g in groups if faction in g), None)
        if group is None:
            raise ValueError(f"Handicap (7.3): {faction} is not held by a player")
        if group in picked:
            raise ValueError(f"Handicap (7.3): the player holding {faction} is listed twice")
        picked.add(group)
        if len(picks) != 2 or any(k not in DECEPTION_KINDS for k in picks):
            raise ValueError(
                f"Handicap (7.3): {faction} selects 2 markers among {DECEPTION_KINDS}, "
                f"not {picks!r}"
            )
        for kind in picks:
            if kind not in pool:
                raise ValueError(f"Handicap (7.3): no {kind} marker is left for {faction}")
            pool.remove(kind)
    solo = len(groups) == 1
    for flag, name in (
        (options.easy, "Easy"),
        (options.difficulty_a, "Difficulty A"),
        (options.difficulty_b, "Difficulty B"),
    ):
        if flag and not solo:
            raise ValueError(
                f"the 1-Player {name} Option (8.9) needs a 1-player game against "
                f"Non-players; these options make {len(groups)} player(s)"
            )


def deal_deception(options: Options, rng: Rng) -> tuple[tuple[DeceptionMarker, ...], Rng]:
    """7.3: the Handicap players take the markers they selected, in the listed order; then
    every other player draws 2 at random from the rest (one shuffle of the game's generator),
    in Faction order. The markers left over are set aside and never enter the state."""
    if not options.deception:
        return (), rng
    groups = player_groups(options)
    pool = [kind for kind, n in DECEPTION_MIX for _ in range(n)]
    held: dict[tuple[Faction, ...], tuple[str, ...]] = {}
    for faction, picks in options.handicap:
        group = next(g for g in groups if faction in g)
        for kind in picks:
            pool.remove(kind)
        held[group] = tuple(picks)
    order, rng = rng.shuffled(tuple(range(len(pool))))
    drawn = [pool[i] for i in order]
    for group in groups:
        if group not in held:
            held[group] = (drawn.pop(), drawn.pop())
    markers = tuple(DeceptionMarker(kind, group) for group in groups for kind in held[group])
    return markers, rng


def starting_capabilities(setup: ScenarioSetup, options: Options) -> tuple[tuple[int, Side], ...]:
    """The Capabilities in effect at the start (2.1): the scenario's with the Period Events
    option; with 1-Player Difficulty Option A (8.9), in any scenario and instead of those,
    the Medium scenario's shaded ones for a COIN player or unshaded ones for an Insurgent."""
    if options.difficulty_a:
        (player,) = player_groups(options)
        side = Side.SHADED if player[0].is_coin else Side.UNSHADED
        return tuple(c for c in SCENARIOS["medium"].period_capabilities if c[1] is side)
    return setup.period_capabilities if options.period_events else ()


@functools.cache
def _place_forces(scenario: str) -> tuple[tuple[SpaceState, ...], Counts, Counts]:
    """The map and boxes of a scenario's set-up (the same for every seed)."""
    setup = SCENARIOS[scenario]
    pieces = [[0] * N_PIECES for _ in SPACES]
    for space_id, piece, count in setup.placements:
        pieces[space_index(space_id)][piece] += count
    support = {space_index(k): Support(v) for k, v in setup.support}
    spaces = tuple(
        SpaceState(pieces=tuple(p), support=support.get(i, Support.NEUTRAL))
        for i, p in enumerate(pieces)
    )
    out = [0] * N_PIECES
    for piece, count in setup.out_of_play:
        out[piece] += count
    available = [0] * N_PIECES
    for piece, total in FORCE_POOL.items():
        available[piece] = total - out[piece]
    for p in pieces:
        for form, count in zip(Piece, p, strict=True):
            available[form.box_form] -= count
    if min(available) < 0:
        raise ValueError(f"scenario {setup.name} uses more pieces than the Force Pool")
    return spaces, tuple(out), tuple(available)


def build_deck(setup: ScenarioSetup, rng: Rng, options: Options) -> tuple[tuple[int, ...], Rng]:
    """Deal Event cards into piles, shuffle one Coup card into each, stack them (2.1 Deck
    Preparation): by Period if ``options.period_events``; with ``political_rhythm`` each Coup
    goes among the bottom 4 Event cards of its pile (Tournament Options)."""
    coups = tuple(
        c for c in COUP_CARDS if c not in setup.leader_box and c not in setup.removed_cards
    )
    coups, rng = rng.shuffled(coups)
    if len(coups) != setup.piles:
        raise ValueError(f"{setup.name}: {len(coups)} Coup cards for {setup.piles} piles")
    piles: list[tuple[int, ...]] = []
    if options.period_events:
        by_period: dict[str, list[int]] = {}
        for period in dict.fromkeys(setup.period_piles):
            pool = tuple(n for n in EVENT_CARDS if CARDS[n].period == period)
            shuffled, rng = rng.shuffled(pool)
            by_period[period] = list(shuffled)
        for period in setup.period_piles:
            piles.append(tuple(by_period[period][: setup.events_per_pile]))
            del by_period[period][: setup.events_per_pile]
    else:
        shuffled, rng = rng.shuffled(EVENT_CARDS)
        n = setup.events_per_pile
        piles = [shuffled[i * n : (i + 1) * n] for i in range(setup.piles)]
    deck: list[int] = []
    for pile, coup in zip(piles, coups, strict=True):
        if options.political_rhythm:
            top, bottom = pile[:-4], pile[-4:]
            mixed, rng = rng.shuffled((*bottom, coup))
            deck.extend((*top, *mixed))
        else:
            mixed, rng = rng.shuffled((*pile, coup))
            deck.extend(mixed)
    return tuple(deck), rng


def reshuffled_deck(state: GameState, seed: int) -> tuple[int, ...]:
    """The draw deck with what remains of each pile shuffled again by ``seed`` (2.1 Deck
    Preparation): as random as it was for a player who saw the cards drawn, the Coup card
    included -- kept among its pile's bottom 5 cards under Political Rhythm. Piles are
    counted from the bottom of the deck, where the last one ends. Each pile is put in card
    order before it is shuffled, so the result depends only on which cards remain in each
    pile, never on their hidden order."""
    size = SCENARIOS[state.scenario].events_per_pile + 1
    rng = Rng(seed, RESHUFFLE_STREAM)
    deck = state.deck
    out: list[int] = []
    for end in range(len(deck) - (len(deck) - 1) // size * size, len(deck) + 1, size):
        pile = tuple(sorted(deck[max(0, end - size) : end]))
        coups = tuple(c for c in pile if c in COUP_CARDS)
        low = min(5, len(pile)) if state.options.political_rhythm else len(pile)
        if not coups or len(coups) > low:
            mixed, rng = rng.shuffled(pile)
            out.extend(mixed)
            continue
        events, rng = rng.shuffled(tuple(c for c in pile if c not in COUP_CARDS))
        spots, rng = rng.shuffled(tuple(range(len(pile) - low, len(pile))))
        rest = iter(events)
        slots = dict(zip(spots, coups, strict=False))
        out.extend(slots[i] if i in slots else next(rest) for i in range(len(pile)))
    return tuple(out)
