"""The fixed-size observation vector and the action mask of :mod:`coinlake.rl`.

An observation is one flat ``float32`` vector of :data:`SIZE` numbers, every one an integer
between the matching entries of :data:`LOW` and :data:`HIGH`. :data:`SLICES` names each part
(``obs[SLICES["tracks"]]``); in order:

=================  =====================  ===================================================
slice              length                 contents
=================  =====================  ===================================================
``self``           4                      one-hot: the observing Faction (US, ARVN, NVA, VC)
``pieces``         47 x 18                pieces per space (``coinlake.SPACES`` order) and
                                          form (``coinlake.Piece`` order), 0..40 (1.4.1)
``support``        47                     Support/Opposition, -2..2 (1.6); 0 on LoCs
``terror``         47                     Terror markers per space, 0..15 (3.3.4)
``sabotage``       47                     Sabotage markers per space, 0..15 (3.3.4)
``control``        47 x 2                 COIN Control, NVA Control flags (1.7)
``boxes``          3 x 18                 Available, Casualties, Out of Play (1.4.1)
``tracks``         7                      ARVN, NVA, VC Resources, Aid, Patronage, Econ
                                          (0..75), Trail (0..4) (1.8, 6.7)
``victory``        4                      victory totals, 0..255 (1.9, 7.2)
``eligible``       4                      Eligible (2.3.1), per Faction
``passed``         4                      Passed on this card (2.3.3), per Faction
``acted``          4                      acted on this card (2.3.4), per Faction
``ineligible``     4                      Ineligible through the next card (5.1.3)
``phase``          4                      one-hot: set-up, Event card, Coup Round, over
``current_card``   131                    one-hot by card number (index 0: none) (2.2)
``next_card``      131                    one-hot, the next card shown (2.2)
``deck``           1                      cards left in the draw deck, 0..130
``played``         131                    flags: cards played so far (face-up pile)
``leader``         131                    one-hot: the RVN Leader card (0: Minh) (2.4.1)
``capabilities``   131 x 2                flags: unshaded, shaded Capability in effect (5.3)
``momentum``       131                    flags: Momentum in effect (5.4)
``pivotal_held``   131                    flags: Pivotal Event cards still held (2.3.8)
``us_policy``      3                      one-hot: JFK, LBJ, Nixon (8.8.1)
``decider``        4                      one-hot: the Faction deciding now
``kind``           13                     one-hot: the Decision's ``coinlake.Kind``
``n_options``      1                      how many legal options, 0..128
``procedure``      P + 1                  one-hot: the context's procedure in
                                          :data:`PROCEDURES`, last: any other
``parent``         P + 2                  one-hot: the parent procedure, last but one: any
                                          other, last: no parent
``ctx_faction``    4                      one-hot: the Faction executing the step
``ctx_card``       131                    one-hot: the card being played in the step
``ctx_side``       2                      the Event's side: unshaded, shaded
``ctx_space``      51                     one-hot: the space or box worked, index + 1 in
                                          :data:`PLACES` (index 0: none)
``ctx_done``       50                     flags: the places already done (:data:`PLACES`)
``ctx_left``       1                      spaces still selectable, 0..130; -1: no limit
``ctx_resources``  1                      Resources still to spend, 0..75; -1: not stated
``options``        128 x 6                per option slot ``i`` (the command at action ``i``):
                                          type (0 empty, 1 Choose, 2 Select, 3 Move,
                                          4 Count, 5 Done); word (index + 1 in
                                          :data:`WORDS`, ``len(WORDS) + 1`` for another
                                          word); space / origin (index + 1 in
                                          :data:`PLACES`); destination (likewise); piece
                                          (``Piece`` + 1); number (Count's n or Move's
                                          count, 0..255)
=================  =====================  ===================================================

The vector holds only what every Faction may see (the deck beyond the next card and
Deception markers are left out, 2.2, 7.3). The action mask is ``int8`` of length
:data:`ACTIONS`: ``mask[i] == 1`` exactly for ``i < len(decision.options)``, action ``i``
being ``decision.options[i]``. The engine never offers more than ``coinlake.MAX_OPTIONS``
(128) options -- larger menus are factored into smaller steps (origin, destination, count) --
so no legal move is ever cut off; the most seen in random games is 92 (Full scenario).
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

import coinlake

ACTIONS: Final = coinlake.MAX_OPTIONS
"""The size of the action space: the most legal options a Decision may offer."""

FACTIONS: Final = tuple(coinlake.Faction)
N_SPACES: Final = len(coinlake.SPACES)
N_PIECES: Final = len(coinlake.Piece)
N_CARDS: Final = max(coinlake.CARDS) + 1
"""Card slots: index = card number (1..130), index 0 = no card."""
BOXES: Final = ("available", "casualties", "out-of-play")
PLACES: Final = (*(space.id for space in coinlake.SPACES), *BOXES)
"""Where a Move may start or end: the 47 spaces, then the three boxes (1.4.1)."""
PHASES: Final = ("setup", "event-card", "coup", "over")
US_POLICIES: Final = ("JFK", "LBJ", "Nixon")
KINDS: Final = tuple(coinlake.Kind)
PROCEDURES: Final = (
    *("eligible-turn", "card-turn", "event", "coup-card", "failed-attempt"),
    *("train", "patrol", "sweep", "assault", "rally", "march", "attack", "terror"),
    *("advise", "air-lift", "air-strike", "govern", "transport", "raid", "pacify"),
    *("infiltrate", "bombard", "tax", "subvert", "ambush", "agitate", "sabotage"),
    *("resources-phase", "support-phase", "redeploy-phase", "redeploy"),
    *("commitment-phase", "commitment", "withdrawal"),
)
"""The context procedures named in the observation (the Operations, Special Activities, Coup
phases and Sequence of Play steps met in play); any other falls in the last slot."""
WORDS: Final = (
    *("pass", "event", "op", "op+sa", "limop", "pivotal", "begin", "unshaded", "shaded"),
    *("train", "patrol", "sweep", "assault", "rally", "march", "attack", "terror"),
    *("advise", "air-lift", "air-strike", "govern", "transport", "raid", "infiltrate"),
    *("bombard", "tax", "subvert", "ambush", "not-now", "no-sa", "decline", "pacify"),
    *("active-support", "passive-support", "neutral", "passive-opposition"),
    *("active-opposition", "toward-support", "toward-opposition", "unchanged"),
    *("increase", "decrease", "improve-trail", "degrade-trail", "place", "remove"),
    *("replace", "us", "arvn", "nva", "vc", "us-arvn", "nva-vc", "troops", "guerrillas"),
    *("irregular", "irregulars", "ranger", "rangers", "underground", "tunnels"),
    *("resources", "aid", "patronage", "arvn-resources", "nva-resources", "vc-resources"),
)
"""The option words named in the observation (``coinlake.KINDS`` lists the closed ones;
card-specific words fall in the ``len(WORDS) + 1`` slot)."""

_PROC_OTHER = len(PROCEDURES)
_OPTION_FIELDS = 6
_MAX_NUMBER = 255
_LAYOUT: tuple[tuple[str, int, float, float], ...] = (
    ("self", 4, 0, 1),
    ("pieces", N_SPACES * N_PIECES, 0, 40),
    ("support", N_SPACES, -2, 2),
    ("terror", N_SPACES, 0, 15),
    ("sabotage", N_SPACES, 0, 15),
    ("control", N_SPACES * 2, 0, 1),
    ("boxes", len(BOXES) * N_PIECES, 0, 40),
    ("tracks", 7, 0, 75),
    ("victory", 4, 0, 255),
    ("eligible", 4, 0, 1),
    ("passed", 4, 0, 1),
    ("acted", 4, 0, 1),
    ("ineligible", 4, 0, 1),
    ("phase", len(PHASES), 0, 1),
    ("current_card", N_CARDS, 0, 1),
    ("next_card", N_CARDS, 0, 1),
    ("deck", 1, 0, N_CARDS - 1),
    ("played", N_CARDS, 0, 1),
    ("leader", N_CARDS, 0, 1),
    ("capabilities", N_CARDS * 2, 0, 1),
    ("momentum", N_CARDS, 0, 1),
    ("pivotal_held", N_CARDS, 0, 1),
    ("us_policy", len(US_POLICIES), 0, 1),
    ("decider", 4, 0, 1),
    ("kind", len(KINDS), 0, 1),
    ("n_options", 1, 0, ACTIONS),
    ("procedure", len(PROCEDURES) + 1, 0, 1),
    ("parent", len(PROCEDURES) + 2, 0, 1),
    ("ctx_faction", 4, 0, 1),
    ("ctx_card", N_CARDS, 0, 1),
    ("ctx_side", 2, 0, 1),
    ("ctx_space", len(PLACES) + 1, 0, 1),
    ("ctx_done", len(PLACES), 0, 1),
    ("ctx_left", 1, -1, N_CARDS - 1),
    ("ctx_resources", 1, -1, 75),
    ("options", ACTIONS * _OPTION_FIELDS, 0, _MAX_NUMBER),
)


def _slices() -> dict[str, slice]:
    out: dict[str, slice] = {}
    start = 0
    for name, length, _, _ in _LAYOUT:
        out[name] = slice(start, start + length)
        start += length
    return out


SLICES: Final = _slices()
"""Each named part of the vector (see the module docstring)."""
SIZE: Final = SLICES["options"].stop
"""The length of the observation vector."""


def _bounds() -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    low = np.zeros(SIZE, dtype=np.float32)
    high = np.zeros(SIZE, dtype=np.float32)
    for name, _, lo, hi in _LAYOUT:
        low[SLICES[name]] = lo
        high[SLICES[name]] = hi
    high[SLICES["tracks"].start + int(coinlake.Track.TRAIL)] = 4
    options = high[SLICES["options"]].reshape(ACTIONS, _OPTION_FIELDS)
    options[:, :5] = (5, len(WORDS) + 1, len(PLACES), len(PLACES), N_PIECES)
    return low, high


LOW, HIGH = _bounds()
"""The bounds of every entry (a Box's ``low`` and ``high``)."""

_PLACE_INDEX: Final = {place: i + 1 for i, place in enumerate(PLACES)}
_WORD_INDEX: Final = {word: i + 1 for i, word in enumerate(WORDS)}
_PROC_INDEX: Final = {name: i for i, name in enumerate(PROCEDURES)}
_FACTION_INDEX: Final = {faction: i for i, faction in enumerate(FACTIONS)}
_KIND_INDEX: Final = {kind: i for i, kind in enumerate(KINDS)}
_IS_LOC: Final = np.array([space.is_loc for space in coinlake.SPACES])


def observe(game: coinlake.Game, faction: coinlake.Faction | str) -> npt.NDArray[np.float32]:
    """The observation vector of ``game`` for ``faction`` (see the module docstring)."""
    state = game.state
    obs = np.zeros(SIZE, dtype=np.float32)

    def put(name: str, values: object) -> None:
        obs[SLICES[name]] = np.asarray(values, dtype=np.float32).ravel()

    def flag(name: str, index: int) -> None:
        obs[SLICES[name].start + index] = 1

    flag("self", _FACTION_INDEX[coinlake.Faction(faction)])
    put("pieces", [space.pieces for space in state.spaces])
    put("support", [int(space.support) for space in state.spaces])
    put("terror", [space.terror for space in state.spaces])
    put("sabotage", [space.sabotage for space in state.spaces])
    control = np.zeros((N_SPACES, 2), dtype=np.float32)
    for i in range(N_SPACES):
        if not _IS_LOC[i]:
            who = coinlake.control(state, i)
            if who is coinlake.Control.COIN:
                control[i, 0] = 1
            elif who is coinlake.Control.NVA:
                control[i, 1] = 1
    put("control", control)
    put("boxes", [state.available, state.casualties, state.out_of_play])
    put("tracks", state.tracks)
    markers = coinlake.victory_markers(state)
    put("victory", [markers[f] for f in FACTIONS])
    put("eligible", [state.eligible(f) for f in FACTIONS])
    for faction_ in state.turn.passed:
        flag("passed", _FACTION_INDEX[faction_])
    for faction_, _ in state.turn.acted:
        flag("acted", _FACTION_INDEX[faction_])
    for faction_ in state.ineligible_next:
        flag("ineligible", _FACTION_INDEX[faction_])
    flag("phase", PHASES.index(state.phase.value))
    flag("current_card", state.current_card or 0)
    flag("next_card", state.next_card or 0)
    put("deck", [len(state.deck)])
    for card in state.played:
        flag("played", card)
    flag("leader", state.rvn_leader or 0)
    for card, side in state.capabilities:
        flag("capabilities", 2 * card + (side is coinlake.Side.SHADED))
    for card in state.momentum:
        flag("momentum", card)
    for card in state.pivotals_held:
        flag("pivotal_held", card)
    flag("us_policy", US_POLICIES.index(state.us_policy))
    decision = game.decision
    if decision is not None:
        _decision(obs, decision)
    return obs


def _decision(obs: npt.NDArray[np.float32], decision: coinlake.Decision) -> None:
    def flag(name: str, index: int) -> None:
        obs[SLICES[name].start + index] = 1

    if decision.faction is not None:
        flag("decider", _FACTION_INDEX[decision.faction])
    flag("kind", _KIND_INDEX[decision.kind])
    options = decision.options
    if len(options) > ACTIONS:  # the engine refuses such a Decision (MAX_OPTIONS)
        raise RuntimeError(f"{len(options)} options exceed the action space of {ACTIONS}")
    obs[SLICES["n_options"].start] = len(options)
    context = decision.context
    flag("procedure", _PROC_INDEX.get(context.procedure, _PROC_OTHER))
    parent = context.parent
    if parent is None:
        flag("parent", _PROC_OTHER + 1)
    else:
        flag("parent", _PROC_INDEX.get(parent.procedure, _PROC_OTHER))
    if context.faction is not None:
        flag("ctx_faction", _FACTION_INDEX[context.faction])
    flag("ctx_card", context.card or 0)
    if context.side is not None:
        flag("ctx_side", int(context.side == coinlake.Side.SHADED.value))
    flag("ctx_space", 0 if context.space is None else _PLACE_INDEX[context.space])
    for place in context.done:
        flag("ctx_done", _PLACE_INDEX[place] - 1)
    obs[SLICES["ctx_left"].start] = -1 if context.left is None else context.left
    obs[SLICES["ctx_resources"].start] = -1 if context.resources is None else context.resources
    table = obs[SLICES["options"]].reshape(ACTIONS, _OPTION_FIELDS)
    for i, command in enumerate(options):
        table[i] = _option(command)


def _option(command: coinlake.Command) -> tuple[int, int, int, int, int, int]:
    if isinstance(command, coinlake.Choose):
        return (1, _WORD_INDEX.get(command.option, len(WORDS) + 1), 0, 0, 0, 0)
    if isinstance(command, coinlake.Select):
        return (2, 0, _PLACE_INDEX[command.space], 0, 0, 0)
    if isinstance(command, coinlake.Move):
        return (
            3,
            0,
            _PLACE_INDEX[command.origin],
            _PLACE_INDEX[command.destination],
            int(command.piece) + 1,
            command.count,
        )
    if isinstance(command, coinlake.Count):
        return (4, 0, 0, 0, 0, command.n)
    return (5, 0, 0, 0, 0, 0)


def action_mask(game: coinlake.Game) -> npt.NDArray[np.int8]:
    """``1`` for the actions that index a legal option of the pending Decision, else ``0``."""
    mask = np.zeros(ACTIONS, dtype=np.int8)
    decision = game.decision
    if decision is not None:
        mask[: len(decision.options)] = 1
    return mask
