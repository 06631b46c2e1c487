"""``coinlake serve``: the game server's requests (fast, in process) and a load test against
a real server on a local port."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import coinlake
from coinlake import Faction
from coinlake.serve import GameServer

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx2")
from starlette.testclient import TestClient  # noqa: E402

from coinlake.serve.app import create_app, serving  # noqa: E402

NON_PLAYERS = {Faction.US, Faction.ARVN, Faction.NVA}


def _server(tmp_path: Path, undo: str = "free") -> GameServer:
    """A Short game: the VC played by a person, the others Non-players (section 8)."""
    game = coinlake.new_game("short", seed=3, non_players=NON_PLAYERS, undo=undo)
    return GameServer(game, {"VC"}, tmp_path / "game.fitl", pace=0)


def _to_person(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    """Step the Non-players one command at a time until the person decides."""
    while state["auto"]:
        version = state["version"]
        state = client.post("/api/step", json={"version": version}).json()
        assert state["version"] == version + 1  # one command per step
    assert state["decision"] is not None and state["decision"]["faction"] == "VC"
    return state


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[GameServer, TestClient]]:
    server = _server(tmp_path)
    with TestClient(create_app(server)) as client:
        yield server, client


def test_the_page_and_its_assets_come_from_the_package(
    served: tuple[GameServer, TestClient],
) -> None:
    _, client = served
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/static/app.js">' in page.text
    assert "http" not in page.text.replace("http-equiv", "")  # no CDN: nothing external
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/app.css").status_code == 200
    assert client.get("/static/../server.py").status_code == 404
    assert client.get("/static/secret.txt").status_code == 404


def test_the_state_shows_the_board_in_the_persons_view(
    served: tuple[GameServer, TestClient],
) -> None:
    server, client = served
    state = client.get("/api/state").json()
    assert 'data-space="saigon"' in state["svg"] and state["humans"] == ["VC"]
    assert state["viewer"] == "VC"  # hidden information follows the person's view (2.2)
    assert [row["faction"] for row in state["score"]] == ["US", "ARVN", "NVA", "VC"]
    totals = coinlake.victory_markers(server.game.state)
    assert [row["total"] for row in state["score"]] == [totals[f] for f in Faction]


def test_non_players_act_one_command_per_step_then_the_person_answers(
    served: tuple[GameServer, TestClient],
) -> None:
    server, client = served
    state = _to_person(client, client.get("/api/state").json())
    decision = server.game.decision
    assert decision is not None and decision.faction is Faction.VC
    assert state["decision"]["options"] == [str(c) for c in decision.options]
    before = server.game.state
    step = client.post("/api/step", json={"version": state["version"]}).json()
    assert step["version"] == state["version"] and server.game.state is before  # a person's turn
    option = state["decision"]["options"][0]
    after = client.post("/api/apply", json={"command": option, "version": state["version"]})
    assert after.status_code == 200 and after.json()["version"] == state["version"] + 1
    assert server.game.line()[-1].faction is Faction.VC
    assert str(server.game.line()[-1].command) == option
    assert any(line["reason"] for line in after.json()["log"])  # the Non-players' reasons


def test_refused_requests_change_nothing(served: tuple[GameServer, TestClient]) -> None:
    server, client = served
    state = _to_person(client, client.get("/api/state").json())
    before, version = server.game.state, state["version"]
    saved = server.log.read_bytes()
    illegal = client.post("/api/apply", json={"command": "select hanoi", "version": version})
    assert illegal.status_code == 400 and "rule" in illegal.json()["error"]
    stale = client.post(
        "/api/apply", json={"command": state["decision"]["options"][0], "version": version - 1}
    )
    assert stale.status_code == 409 and stale.json()["state"]["version"] == version
    for body in ({"command": 7, "version": version}, {"version": version}, [1, 2]):
        assert client.post("/api/apply", json=body).status_code == 400
    assert client.post("/api/apply", content=b"{not json").status_code == 400
    assert client.post("/api/apply", content=b"{" + b" " * 5000 + b"}").status_code == 400
    assert client.post("/api/undo", json={"version": "1"}).status_code == 400
    assert server.game.state is before and server.version == version
    assert server.log.read_bytes() == saved


def test_undo_takes_back_the_persons_last_command_and_redo_gives_it_again(
    served: tuple[GameServer, TestClient],
) -> None:
    server, client = served
    state = _to_person(client, client.get("/api/state").json())
    position = server.game.state
    option = state["decision"]["options"][0]
    state = client.post("/api/apply", json={"command": option, "version": state["version"]}).json()
    while state["auto"] and not state["decision"]:  # Non-players act after the person
        state = client.post("/api/step", json={"version": state["version"]}).json()
        if state["decision"]:
            break
    undone = client.post("/api/undo", json={"version": state["version"]}).json()
    assert server.game.state == position and undone["can_redo"]
    redone = client.post("/api/redo", json={"version": undone["version"]}).json()
    assert str(server.game.line()[-1].command) == option and redone["version"] > undone["version"]


def test_strict_undo_refuses_a_non_players_command(tmp_path: Path) -> None:
    server = _server(tmp_path, undo="strict")
    with TestClient(create_app(server)) as client:
        state = client.get("/api/state").json()
        state = client.post("/api/step", json={"version": state["version"]}).json()
        if server.game.line()[-1].faction is not None:
            refused = client.post("/api/undo", json={"version": state["version"]})
            assert refused.status_code == 400 and "person" in refused.json()["error"]
        before = server.game.state
        refused = client.post("/api/undo", json={"version": state["version"]})
        assert refused.status_code == 400 and server.game.state is before


def test_the_log_is_saved_after_every_command_and_resumes(
    served: tuple[GameServer, TestClient],
) -> None:
    server, client = served
    state = _to_person(client, client.get("/api/state").json())
    client.post(
        "/api/apply", json={"command": state["decision"]["options"][0], "version": state["version"]}
    )
    loaded = coinlake.load(server.log)  # every command re-decided by the rules
    assert loaded.state == server.game.state
    again = GameServer(loaded, {"VC"}, server.log)
    assert again.snapshot()["log"] == server.snapshot()["log"]


def test_concurrent_requests_to_a_real_server_lose_nothing(tmp_path: Path) -> None:
    """Four clients step, answer, undo and read at once for a bounded time: every accepted
    change is counted exactly once (the version), refused ones change nothing, and the log
    on disk is the game."""
    server = _server(tmp_path)
    with serving(server) as base:
        _hammer(base, server)
    assert coinlake.load(server.log).state == server.game.state


def _hammer(base: str, server: GameServer) -> None:
    accepted = [0]
    statuses: list[int] = []
    counter = threading.Lock()
    stop = time.monotonic() + 3.0

    def client(k: int) -> None:
        with httpx.Client(base_url=base, timeout=10) as http:
            n = 0
            while time.monotonic() < stop:
                state = http.get("/api/state").json()
                n += 1
                if state["decision"] and k % 2 == 0:
                    body = {
                        "command": state["decision"]["options"][-1],
                        "version": state["version"],
                    }
                    response = http.post("/api/apply", json=body)
                elif k == 3 and n % 7 == 0:
                    response = http.post("/api/undo", json={"version": state["version"]})
                else:
                    response = http.post("/api/step", json={"version": state["version"]})
                with counter:
                    statuses.append(response.status_code)
                    if response.status_code == 200:
                        accepted[0] += response.json()["version"] > state["version"]

    threads = [threading.Thread(target=client, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(statuses) <= {200, 400, 409} and 200 in statuses
    assert accepted[0] == server.version > 0


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["serve", "--human", "XX"], 2, "--human"),
        (["serve", "--scenario", "bogus"], 2, "--scenario"),
        (["serve", "--port", "0"], 2, "--port"),
        (["serve", "--resume", "missing.fitl"], 1, "missing.fitl"),
        (["serve", "--log", "existing.fitl"], 1, "--force"),
    ],
)
def test_serve_user_errors_are_one_line(
    argv: list[str],
    status: int,
    words: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from coinlake.cli import run

    monkeypatch.chdir(tmp_path)
    (tmp_path / "existing.fitl").write_bytes(b"")
    assert run(argv) == status
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and words in err and "Traceback" not in out + err
    assert not (tmp_path / "game.fitl").exists()  # nothing written
    with pytest.raises(ValueError, match="pace"):
        GameServer(coinlake.new_game("short", seed=1), {"VC"}, tmp_path / "c.fitl", pace=-1)


def test_the_evaluation_bar_runs_in_the_background_without_secrets(tmp_path: Path) -> None:
    """27: the page's evaluation plays the position out in a thread of its own while play
    goes on; its numbers are ``coinlake.analysis.evaluate`` of that position, seeded by the
    version, on reshuffled unseen cards (never the real order)."""
    from coinlake.analysis import evaluate

    server = _server(tmp_path)
    with TestClient(create_app(server)) as client:
        state = _to_person(client, client.get("/api/state").json())
        position, version = server.game.state, state["version"]
        bad = client.post("/api/evaluate", json={"version": version, "rollouts": 0})
        assert bad.status_code == 400 and bad.json()["state"]["evaluation"] is None
        body = {"version": version, "rollouts": 4}
        started = client.post("/api/evaluate", json=body).json()
        assert started["evaluation"]["version"] == version and started["evaluation"]["total"] > 0
        option = state["decision"]["options"][0]
        moved = client.post("/api/apply", json={"command": option, "version": version})
        assert moved.status_code == 200  # play goes on while it runs
        running = server._evaluation
        assert running is not None
        running[1].join(timeout=120)
        shown = client.get("/api/state").json()["evaluation"]
    expected = evaluate(coinlake.Game.from_state(position), rollouts=shown["total"], seed=version)
    assert shown["done"] == shown["total"] and not shown["failed"]
    assert shown["chances"] == {str(o.faction): round(o.win, 4) for o in expected.outlooks}


def test_serve_keys_a_new_log_and_resumes_a_keyed_one_with_its_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``serve --key-file`` writes a keyed log from the start; ``--resume`` of a keyed log
    needs the key (refused in one line otherwise, the file unchanged) and every change is
    saved keyed with it."""
    from coinlake.cli import run

    apps: list[Any] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **_: apps.append(app))
    key_file, wrong = tmp_path / "k", tmp_path / "w"
    key_file.write_bytes(b"k3y")
    wrong.write_bytes(b"k3y\n\n")  # one final newline dropped: "k3y\n", another key
    log = tmp_path / "new.fitl"
    argv = ["serve", "--human", "VC", "--seed", "3", "--log", str(log), "--key-file", str(key_file)]
    assert run(argv) == 0 and len(apps) == 1
    start = coinlake.load(log, key=b"k3y").state.seq  # the new game, saved at once
    with pytest.raises(coinlake.LogFileError, match="keyed"):
        coinlake.load(log)

    before = log.read_bytes()
    capsys.readouterr()
    for extra, words in (([], "--key-file"), (["--key-file", str(wrong)], "header")):
        assert run(["serve", "--resume", str(log), *extra]) == 1
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and words in err and "Traceback" not in out + err
        assert log.read_bytes() == before and len(apps) == 1
    assert run(["serve", "--resume", str(log), "--key-file", str(key_file)]) == 0
    with TestClient(apps[-1]) as client:
        _to_person(client, client.get("/api/state").json())
    game = coinlake.load(log, key=b"k3y")
    assert game.state.seq > start  # the Non-players' steps, saved keyed
    assert game.decision is not None and game.decision.faction is Faction.VC
    with pytest.raises(coinlake.LogFileError, match="keyed"):
        coinlake.load(log)
