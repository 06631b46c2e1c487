"""Layer 5: the Non-players of section 8, and the agents that sit at a Faction.

Only the public API (``coinlake``) is used here, as a third party's bot would. Seat an
agent with ``game.seat(faction, agent)``; every Faction named in ``non_players`` gets the
section-8 :class:`NonPlayer` unless another agent is seated; ``game.play_non_players()``
lets them act until a player must decide (``coinlake.engine.agents``).

>>> import coinlake
>>> game = coinlake.new_game("short", seed=1, non_players={"US", "ARVN", "NVA", "VC"})
>>> game.play_non_players(limit=3)
3
"""

from coinlake.nonplayers import arvn as _arvn  # noqa: F401  (registers the 8.7 flowchart)
from coinlake.nonplayers import nva as _nva  # noqa: F401  (registers the 8.6 flowchart)
from coinlake.nonplayers import us as _us  # noqa: F401  (registers the 8.8 flowchart)
from coinlake.nonplayers import vc as _vc  # noqa: F401  (registers the 8.5 flowchart)
from coinlake.nonplayers.agents import FLOWCHARTS, NonPlayer, RandomAgent
from coinlake.nonplayers.dice import Roller
from coinlake.nonplayers.events import (
    InstructionTable,
    InstructionTableError,
    default_table,
    event_verdict,
    load_table,
    parse_table,
)
from coinlake.nonplayers.priorities import Priority, feasible, narrow, pick
from coinlake.nonplayers.random_spaces import choose_space, random_loc, random_space

__all__ = [
    "FLOWCHARTS",
    "InstructionTable",
    "InstructionTableError",
    "NonPlayer",
    "Priority",
    "RandomAgent",
    "Roller",
    "choose_space",
    "default_table",
    "event_verdict",
    "feasible",
    "load_table",
    "narrow",
    "parse_table",
    "pick",
    "random_loc",
    "random_space",
]
