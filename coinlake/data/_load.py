"""Reading the package's JSON data files (never ``../shared`` at run time)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def load_json(name: str) -> Any:
    """Parse ``coinlake/data/<name>``."""
    return json.loads(resources.files("coinlake.data").joinpath(name).read_text("utf-8"))
