"""A small Monte Carlo tree search (UCT) bot built on ``game.fork()``.

For each Decision the bot grows a tree of forks: it selects children by the UCB1 rule,
expands one untried option, plays a random rollout of ``depth`` commands (every Faction
random, on a private seeded generator: the rollouts never touch the real game), and backs
up the bot's score (its 7.3 margin minus the best other Faction's). It then plays the most
visited option. ``budget`` is the number of iterations per Decision::

    python examples/mcts_bot.py 30
"""

from __future__ import annotations

import math
import random
import sys

import coinlake

WHY = coinlake.Why("mcts", "search")


def score(state: coinlake.GameState, faction: coinlake.Faction) -> float:
    """The Faction's margin minus the best other Faction's margin (7.3)."""
    margins = coinlake.victory_margins(state)
    return margins[faction] - max(m for f, m in margins.items() if f is not faction)


class Node:
    """A position in the search tree: a fork, its untried options and its statistics."""

    def __init__(self, game: coinlake.Game) -> None:
        self.game = game
        self.untried = list(game.legal())
        self.children: list[tuple[coinlake.Command, Node]] = []
        self.visits = 0
        self.total = 0.0

    def ucb_child(self, c: float = 1.4) -> Node:
        """The child maximising UCB1 (mean value + exploration bonus)."""
        log_n = math.log(self.visits)
        return max(
            (child for _, child in self.children),
            key=lambda n: n.total / n.visits + c * math.sqrt(log_n / n.visits),
        )


class MctsBot:
    """UCT for ``faction`` with ``iterations`` per Decision and rollouts of ``depth``."""

    def __init__(self, faction: str, iterations: int, depth: int = 20, seed: int = 0) -> None:
        self.faction = coinlake.Faction(faction)
        self.iterations = iterations
        self.depth = depth
        self.rng = random.Random(seed)

    def choose(self, game: coinlake.Game, decision: coinlake.Decision) -> coinlake.Choice:
        """The most visited option of the root after the search."""
        if len(decision.options) == 1:
            return coinlake.Choice(decision.options[0], coinlake.Why("mcts", "only option"))
        root = Node(game.fork())
        for _ in range(self.iterations):
            self._iterate(root)
        command, child = max(root.children, key=lambda pair: pair[1].visits)
        return coinlake.Choice(command, coinlake.Why("mcts", f"{child.visits} visits"))

    def _iterate(self, root: Node) -> None:
        path, node = [root], root
        while not node.untried and node.children:  # selection
            node = node.ucb_child()
            path.append(node)
        if node.untried:  # expansion
            command = node.untried.pop(self.rng.randrange(len(node.untried)))
            fork = node.game.fork()
            fork.apply(command, why=WHY)
            child = Node(fork)
            node.children.append((command, child))
            node = child
            path.append(node)
        rollout = node.game.fork()  # simulation
        for _ in range(self.depth):
            options = rollout.legal()
            if not options:
                break
            rollout.apply(options[self.rng.randrange(len(options))], why=WHY)
        value = score(rollout.state, self.faction)
        for visited in path:  # backpropagation
            visited.visits += 1
            visited.total += value


def main(budget: int) -> coinlake.Game:
    """Play the NVA by MCTS (``budget`` iterations per Decision) for its first 3
    Decisions of a Short game (seed 1) against three Non-players."""
    game = coinlake.new_game("short", seed=1, non_players={"US", "ARVN", "VC"})
    game.seat("NVA", MctsBot("NVA", iterations=budget))
    decisions = 0
    while decisions < 3 and game.decision is not None:
        if game.decision.faction is coinlake.Faction.NVA:
            decisions += 1
        game.play_non_players(limit=1)
    print(
        f"after {decisions} NVA decisions: NVA score {score(game.state, coinlake.Faction.NVA):+.0f}"
    )
    return game


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
