"""The game's random-number generator, whose whole state lives in GameState.

A counter-based SplitMix64: draw *n* of a seed is a pure function of ``(seed, n)``, so
undo, fork, save and replay restore the generator by restoring two integers, and the same
seed gives the same dice in any process.

>>> r = Rng(seed=7)
>>> value, r2 = r.below(6)
>>> (value, r2.counter), r.below(6)[0] == value  # same draw, same value
((4, 1), True)
"""

from __future__ import annotations

from attrs import frozen

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _value(seed: int, counter: int) -> int:
    """Draw number ``counter`` of ``seed``."""
    return _splitmix64((seed * 0xD1B54A32D192ED03 + counter) & _MASK)


@frozen
class Rng:
    """Seeded generator state: ``seed`` and how many values were drawn so far."""

    seed: int
    counter: int = 0

    def draw(self) -> tuple[int, Rng]:
        """A 64-bit value and the advanced generator."""
        return _value(self.seed, self.counter), Rng(self.seed, self.counter + 1)

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
        seed, counter = self.seed, self.counter
        for i in range(len(out) - 1, 0, -1):
            j = _value(seed, counter) % (i + 1)
            counter += 1
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(seed, counter)
