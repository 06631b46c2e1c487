"""pytest, at the project root: modules that need an optional extra are not collected for
their doctests when the extra is missing (the README's test command installs only ``dev``;
``.ci/run`` installs the extras, so there they are all collected)."""

from importlib.util import find_spec


def _missing(*modules: str) -> bool:
    return not all(find_spec(m) for m in modules)


collect_ignore = [
    *(
        [f"coinlake/rl/{name}.py" for name in ("aec", "gym", "observation")]
        if _missing("pettingzoo", "gymnasium")
        else []
    ),
    *(["coinlake/serve/app.py"] if _missing("starlette", "uvicorn") else []),
]
