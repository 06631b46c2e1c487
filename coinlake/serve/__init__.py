"""``coinlake serve``: play in the browser against the Non-players (an interface over the
public API). :class:`GameServer` holds the game; :func:`create_app` is the web application
(extra ``coinlake[serve]``: Starlette and Uvicorn)."""

from coinlake.serve.server import GameServer, RequestError

__all__ = ["GameServer", "RequestError", "create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":  # Starlette is an optional extra: import it only when asked
        from coinlake.serve.app import create_app

        return create_app
    raise AttributeError(name)
