"""The web application of ``coinlake serve`` (Starlette): the page, its script and style
from the package, and a small JSON API over :class:`~coinlake.serve.server.GameServer`.

- ``GET /`` the page; ``GET /static/app.js``, ``/static/app.css``;
- ``GET /api/state`` what the page draws;
- ``POST /api/apply`` ``{"command": "select saigon", "version": 12}``;
- ``POST /api/step``, ``/api/undo``, ``/api/redo``, ``/api/evaluate`` ``{"version": 12}``
  (the last starts the evaluation bar's background rollouts).

Every POST answers the new state, or ``{"error": ...}`` with status 400 (refused: nothing
changed) or 409 (the page was stale: nothing changed).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from coinlake.serve.server import GameServer, RequestError

MAX_BODY = 4096
"""The largest request body accepted, in bytes."""
STATIC = {"app.js": "text/javascript", "app.css": "text/css"}


def _asset(name: str) -> str:
    return files("coinlake.serve").joinpath("static", name).read_text(encoding="utf-8")


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise RequestError("the request is too large")
    try:
        body = json.loads(raw or b"{}")
    except ValueError:
        raise RequestError("the request is not JSON") from None
    if not isinstance(body, dict):
        raise RequestError("the request is a JSON object")
    return body


def create_app(server: GameServer) -> Starlette:
    """The application serving ``server``'s game."""

    async def page(request: Request) -> Response:
        return HTMLResponse(_asset("index.html"))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return JSONResponse({"error": "not found"}, status_code=404)
        return Response(_asset(name), media_type=STATIC[name])

    async def state(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(server.snapshot))

    def action(name: str) -> Any:
        async def handle(request: Request) -> Response:
            try:
                body = await _body(request)
                version = body.get("version")
                if name == "apply":
                    result = await run_in_threadpool(server.apply, body.get("command"), version)
                elif name == "evaluate" and "rollouts" in body:
                    result = await run_in_threadpool(server.evaluate, version, body["rollouts"])
                else:
                    result = await run_in_threadpool(getattr(server, name), version)
            except RequestError as exc:
                now = await run_in_threadpool(server.snapshot)
                return JSONResponse({"error": str(exc), "state": now}, status_code=exc.status)
            return JSONResponse(result)

        return handle

    routes = [
        Route("/", page),
        Route("/static/{name}", static),
        Route("/api/state", state),
        *(
            Route(f"/api/{n}", action(n), methods=["POST"])
            for n in ("apply", "step", "undo", "redo", "evaluate")
        ),
    ]
    return Starlette(routes=routes)


@contextmanager
def serving(server: GameServer, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``server`` with Uvicorn in a background thread for the ``with`` block (a
    notebook, a test); yields the base address. ``port=0`` picks a free port."""
    import uvicorn

    if port == 0:
        with socket.socket() as s:
            s.bind((host, 0))
            port = int(s.getsockname()[1])
    config = uvicorn.Config(create_app(server), host=host, port=port, log_level="error")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    while not runner.started and thread.is_alive():
        time.sleep(0.02)
    if not runner.started:
        raise RuntimeError(f"the server could not start on {host}:{port}")
    try:
        yield f"http://{host}:{port}"
    finally:
        runner.should_exit = True
        thread.join(timeout=10)
