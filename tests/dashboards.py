"""The real dojo dashboard for tests: uvicorn serving it on a free port of 127.0.0.1 in a thread
of this process; the ``dashboard`` fixture (a plugin of tests/conftest.py) gives a fresh one.
And the lines a workspace keeps and posts: ``a_run``, ``write_history``, ``post_lines``.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from euchre.dojo.board import IDLE_MINUTES, STUCK_MINUTES
from euchre.dojo.guard import Streams
from euchre.dojo.server import DojoServer, listen
from euchre.dojo.store import Store
from euchre.kata.coach.record import history, joined
from euchre.kata.coach.record.line import Line

START = datetime(2026, 3, 14, 9, 0, tzinfo=UTC)
HANG = 120.0
"""Seconds after which a wait is a hang, not a busy machine: no test waits on an idle one."""


def a_run(minute: float, light: str = "red", stage: int = 1, **fields: Any) -> Line:
    values: dict[str, Any] = {
        "time": START + timedelta(minutes=minute),
        "stage": stage,
        "scenario": f"Scenario at {minute}",
        "light": light,
        "passed": 0 if light == "red" else 1,
        "reached": 1,
    }
    return Line(**(values | fields))


class Dashboard:
    """The real dashboard, served by uvicorn in a thread, on ``port`` (0: any free one)."""

    def __init__(
        self,
        db: Path,
        port: int = 0,
        streams: Streams | None = None,
        say: Callable[[str], None] = lambda line: None,
        clock: Callable[[], datetime] | None = None,
        stuck_after: int = STUCK_MINUTES,
        idle_after: int = IDLE_MINUTES,
    ) -> None:
        """``clock``: the time the board is shown at (by default, the real one)."""
        self.store = Store(db)
        self.sock = listen("127.0.0.1", port)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = DojoServer(
            self.store,
            say,
            streams=streams,
            stuck_after=stuck_after,
            idle_after=idle_after,
            clock=clock or (lambda: datetime.now(UTC)),
        )
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + HANG
        while not self.server.started:
            assert time.monotonic() < deadline, "the dashboard did not start"
            time.sleep(0.01)

    @property
    def code(self) -> str:
        return self.store.settings.code

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        assert not self.thread.is_alive(), "the dashboard did not stop"
        self.sock.close()
        self.store.close()

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, str, dict[str, str]]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            answer = connection.getresponse()
            return answer.status, answer.read().decode(), dict(answer.getheaders())
        finally:
            connection.close()

    def get(self, path: str) -> str:
        status, text, _ = self.request("GET", path)
        assert status == 200, text
        return text

    def post(self, path: str, fields: Any) -> tuple[int, str]:
        body = fields if isinstance(fields, bytes) else json.dumps(fields).encode()
        status, text, _ = self.request("POST", path, body, {"Content-Type": "application/json"})
        return status, text

    def lights(self) -> dict[str, list[dict[str, Any]]]:
        return {pair["pair"]: pair["runs"] for pair in json.loads(self.get("/api/pairs"))["pairs"]}

    def token(self, pair: str) -> str:
        """The pair's token: they join the first time it is asked for (on this file of lights)."""
        key = (self.store.path, pair)
        if key not in TOKENS:
            status, text = self.post("/api/join", {"code": self.code, "pair": pair})
            assert status == 200, text
            TOKENS[key] = json.loads(text)["token"]
        return TOKENS[key]


TOKENS: dict[tuple[Path, str], str] = {}


@pytest.fixture
def dashboard(tmp_path: Path) -> Iterator[Dashboard]:
    served = Dashboard(tmp_path / "dojo.sqlite3")
    yield served
    if served.thread.is_alive():
        served.stop()


def write_history(folder: Path, *runs: Line) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / history.HISTORY).open("a", encoding="utf-8") as file:
        file.writelines(run.to_json() + "\n" for run in runs)


def settings(dashboard: Dashboard, pair: str = "Ada and Grace") -> joined.Joined:
    """A workspace's settings after `make join`, with the token the dashboard gave."""
    return joined.Joined(dashboard.url, dashboard.code, pair, dashboard.token(pair))


def save_settings(folder: Path, settings: joined.Joined) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / joined.SETTINGS).write_text(json.dumps(settings.__dict__))


def post_lines(dashboard: Dashboard, *runs: Line, pair: str = "Ada and Grace") -> tuple[int, str]:
    """Post the runs as the pair (who join first, if they have not)."""
    lines = [json.loads(run.to_json()) for run in runs]
    body = {"code": dashboard.code, "token": dashboard.token(pair), "lines": lines}
    return dashboard.post("/api/lights", body)


def send(workspace: Path, run: Line, warn: Any) -> None:
    """What a run's end does for the dojo: queue its line, then deliver the queue."""
    from euchre.kata.coach.dojo_client import client

    joined.queue(workspace, run.to_json())
    client.deliver(workspace, warn)


def join(workspace: Path, dashboard: Dashboard, name: str = "Ada and Grace") -> None:
    """The workspace joins the dashboard, as `make join` does."""
    from tests.workspaces import run

    status, said = run(workspace, "join", dashboard.url, dashboard.code, name)
    assert status == 0, said
