"""The Operations (3.0), one module each, named after the rulebook: US and ARVN ``train``
(3.2.1), ``patrol`` (3.2.2), ``sweep`` (3.2.3), ``assault`` (3.2.4); NVA and VC ``rally``
(3.3.1), ``march`` (3.3.2), ``attack`` (3.3.3), ``terror`` (3.3.4). Each registers itself in
:mod:`coinlake.rules.actions` when imported; all choose spaces and move pieces through
:mod:`coinlake.rules.kit`.
"""

from coinlake.rules.operations import (
    assault,
    attack,
    march,
    patrol,
    rally,
    sweep,
    terror,
    train,
)

__all__ = ["assault", "attack", "march", "patrol", "rally", "sweep", "terror", "train"]
