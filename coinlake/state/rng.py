"""The game's random-number generator, whose whole state lives in GameState.

Counter-based: draw *n* of a seed is a pure function of ``(seed, n)``, so undo, fork, save
and replay restore the generator by restoring two integers, and the same seed gives the same
dice in any process. Draws are keyed BLAKE2b (``KEYED``): the seed is a secret key, so what
a Faction sees (die rolls, revealed cards) does not let it work out the seed, the deck or a
future roll (DESIGN.md "Randomness"). Logs of format 1 were written with the older
``SPLITMIX`` generator, which is kept so that they replay.

>>> r = Rng(seed=7)
>>> value, r2 = r.below(6)
>>> (r2.counter, r.below(6)[0] == value, 0 <= value < 6)  # same draw, same value
(1, True, True)
"""

from __future__ import annotations

from functools import lru_cache
from hashlib import blake2b

from attrs import frozen

_MASK = (1 << 64) - 1
KEYED = "blake2b"
"""Keyed BLAKE2b, a pseudo-random function of the seed: the generator of new games."""
SPLITMIX = "splitmix64"
"""SplitMix64 of ``seed * constant + counter``: the generator of format-1 logs."""
ALGORITHMS = (KEYED, SPLITMIX)


AGENT_STREAM = 1 << 62
"""Where the agents' stream of draws starts (the rules' draws never get that far)."""
RESHUFFLE_STREAM = 1 << 63
"""Where a new seed's draws that reshuffle the draw deck start (``Game.reseed``)."""


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


@lru_cache(maxsize=1024)
def _value(seed: int, counter: int, algorithm: str) -> int:
    """Draw number ``counter`` of ``seed`` (pure, so recent draws are kept: an agent reads
    its rolls again as it adds one, and the engine once more to check them)."""
    if algorithm == KEYED:
        key = seed.to_bytes(8, "little")
        digest = blake2b(counter.to_bytes(8, "little"), key=key, digest_size=8).digest()
        return int.from_bytes(digest, "little")
    return _splitmix64((seed * 0xD1B54A32D192ED03 + counter) & _MASK)


@frozen
class Rng:
    """Seeded generator state: ``seed``, how many values were drawn so far, and which
    generator draws them (:data:`KEYED` for every new game)."""

    seed: int
    counter: int = 0
    algorithm: str = KEYED
    agents: int = 0
    """How many rolls the agents deciding for Factions have made (8.2, 8.3, 8.4.7): they
    draw from a stream of their own (draw ``AGENT_STREAM + n``), so that a Non-player's
    rolls never shift the dice the rules roll, and a procedure re-run from its recorded
    answers rolls exactly what it rolled the first time."""

    def draw(self) -> tuple[int, Rng]:
        """A 64-bit value and the advanced generator."""
        value = _value(self.seed, self.counter, self.algorithm)
        return value, Rng(self.seed, self.counter + 1, self.algorithm, self.agents)

    def advanced(self, draws: int = 1) -> Rng:
        """The generator after ``draws`` more draws."""
        return Rng(self.seed, self.counter + draws, self.algorithm, self.agents)

    def agent_rolls(self, sides: tuple[int, ...]) -> tuple[int, ...]:
        """The agents' next rolls of dice with ``sides`` faces each (1..k each)."""
        return tuple(
            _value(self.seed, AGENT_STREAM + self.agents + i, self.algorithm) % k + 1
            for i, k in enumerate(sides)
        )

    def agents_advanced(self, rolls: int) -> Rng:
        """The generator after the agents made ``rolls`` more rolls."""
        return Rng(self.seed, self.counter, self.algorithm, self.agents + rolls)

    def below(self, n: int) -> tuple[int, Rng]:
        """A value in ``0..n-1`` and the advanced generator."""
        value, nxt = self.draw()
        return value % n, nxt

    def die(self) -> tuple[int, Rng]:
        """One six-sided die roll (1..6) and the advanced generator."""
        value, nxt = self.below(6)
        return value + 1, nxt

    def shuffled(self, items: tuple[int, ...]) -> tuple[tuple[int, ...], Rng]:
        """A Fisher-Yates shuffle of ``items`` and the advanced generator."""
        out = list(items)
        seed, counter, algorithm = self.seed, self.counter, self.algorithm
        for i in range(len(out) - 1, 0, -1):
            j = _value(seed, counter, algorithm) % (i + 1)
            counter += 1
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(seed, counter, algorithm, self.agents)
