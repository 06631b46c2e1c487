"""A random bot: any legal command with an equal chance, rolled on the game's generator.

The US is played by this bot against the three section-8 Non-players::

    python examples/random_bot.py 3     # three Short-scenario games

Rolls come from ``coinlake.next_rolls`` and are recorded with each choice (``Why``), so a
game replays exactly from its seed.
"""

from __future__ import annotations

import sys

import coinlake


class RandomBot:
    """Picks uniformly among ``decision.options`` with one roll of as many sides."""

    def choose(self, game: coinlake.Game, decision: coinlake.Decision) -> coinlake.Choice:
        """A uniformly random legal command (no roll when there is only one)."""
        options = decision.options
        if len(options) == 1:
            return coinlake.Choice(options[0], coinlake.Why("8.4.7", "only one option"))
        rolls = coinlake.next_rolls(game.state, (len(options),))
        why = coinlake.Why("8.4.7", "random bot: an equal-chance roll", ((len(options), rolls[0]),))
        return coinlake.Choice(options[rolls[0] - 1], why)


def play(seed: int, max_commands: int | None = None) -> coinlake.Game:
    """A Short game: this bot at the US, Non-players elsewhere."""
    game = coinlake.new_game("short", seed=seed, non_players={"ARVN", "NVA", "VC"})
    game.seat("US", RandomBot())
    game.play_non_players(limit=max_commands)
    return game


def main(budget: int) -> list[dict[coinlake.Faction, int]]:
    """Play ``budget`` games (seeds 1..budget); print and return each one's margins (7.3)."""
    results = []
    for seed in range(1, budget + 1):
        margins = coinlake.victory_margins(play(seed).state)
        print(f"seed {seed}: " + ", ".join(f"{f} {m:+d}" for f, m in margins.items()))
        results.append(margins)
    return results


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
