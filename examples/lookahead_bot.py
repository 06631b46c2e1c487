"""A one-ply lookahead bot: try every option on a fork, keep the best-looking one.

Each legal command is applied to ``game.fork()`` (O(1), the real game is untouched) and the
resulting position is scored by the bot's victory margin (7.3) minus the best other
Faction's; ties keep the earliest option. It plays the VC against three Non-players::

    python examples/lookahead_bot.py 50     # the bot's first 50 decisions
"""

from __future__ import annotations

import sys

import coinlake


def score(state: coinlake.GameState, faction: coinlake.Faction) -> int:
    """The Faction's margin minus the best other Faction's margin (7.3)."""
    margins = coinlake.victory_margins(state)
    return margins[faction] - max(m for f, m in margins.items() if f is not faction)


class LookaheadBot:
    """Greedy one-ply search for ``faction``."""

    def __init__(self, faction: str) -> None:
        self.faction = coinlake.Faction(faction)
        self.decisions = 0

    def choose(self, game: coinlake.Game, decision: coinlake.Decision) -> coinlake.Choice:
        """The option whose resulting position scores best."""
        self.decisions += 1
        best, best_score = decision.options[0], None
        for command in decision.options:
            fork = game.fork()
            fork.apply(command, why=coinlake.Why("lookahead", "trial"))
            value = score(fork.state, self.faction)
            if best_score is None or value > best_score:
                best, best_score = command, value
        return coinlake.Choice(best, coinlake.Why("lookahead", f"one-ply score {best_score}"))


def main(budget: int) -> coinlake.Game:
    """Play a Short game (seed 1) until the bot took ``budget`` decisions or it ended."""
    game = coinlake.new_game("short", seed=1, non_players={"US", "ARVN", "NVA"})
    bot = LookaheadBot("VC")
    game.seat("VC", bot)
    while bot.decisions < budget and game.decision is not None:
        game.play_non_players(limit=1)
    print(f"after {bot.decisions} decisions: VC score {score(game.state, bot.faction):+d}")
    return game


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
