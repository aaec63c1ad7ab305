"""The workspace's side of the dojo under a careless or hostile world: two runs at once, a slow
dashboard, and bad values in the workspace's own files. Real servers on 127.0.0.1, real files.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from euchre.dojo.report import read_workspaces
from euchre.kata.coach.dojo_client import client
from euchre.kata.coach.record import history, joined, reach
from tests.dashboards import Dashboard, a_run, save_settings, send, settings, write_history
from tests.workspaces import coach, write_stage

YEAR_ONE = json.loads(a_run(7).to_json()) | {"time": "0001-01-01T00:00:00+05:00"}
SURROGATE = json.loads(a_run(8).to_json()) | {"scenario": "\ud800"}
"""Lines that look like runs, but whose time cannot be put in UTC or whose scenario is not text."""


def line_of(fields: dict[str, object]) -> str:
    return json.dumps(fields)  # ASCII: the surrogate is written as the escape \ud800


class Answering(ThreadingHTTPServer):
    """A dashboard stand-in on 127.0.0.1 that calls ``on_post`` for each post, then answers
    ``answer``: by default 503."""

    def __init__(self, on_post: object, answer: tuple[int, bytes] = (503, b"")) -> None:
        self.posts: list[bytes] = []
        self.on_post = on_post
        self.answer = answer
        super().__init__(("127.0.0.1", 0), _Handler)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: Answering

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.server.posts.append(body)
        self.server.on_post(len(self.server.posts))  # type: ignore[operator]
        status, text = self.server.answer
        self.send_response(status)
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)

    def log_message(self, format: str, *args: object) -> None:
        pass


# Two runs at once in one workspace lose no line of the outbox.


def test_a_run_that_ends_while_another_is_sending_loses_no_line(tmp_path: Path) -> None:
    first, second = a_run(0), a_run(1, "green")
    warned: list[str] = []

    def another_run_ends(posts: int) -> None:
        if posts == 1:  # the first run is sending: a second run ends now, in the same workspace
            send(tmp_path, second, warned.append)

    server = Answering(another_run_ends)
    try:
        save_settings(tmp_path, joined.Joined(server.url, "KXR", "Ada"))
        send(tmp_path, first, warned.append)
    finally:
        server.stop()
    kept = (tmp_path / joined.OUTBOX).read_text().splitlines()
    assert sorted(kept) == sorted([first.to_json(), second.to_json()])
    assert len(server.posts) == 1  # the second run left its light queued: the first was sending
    assert warned == [f"dojo: {server.url} answered 503: lines kept for the next run"]
    assert not (tmp_path / client.SENDING).exists()


def test_a_run_while_another_sends_queues_its_light_and_goes_on(tmp_path: Path) -> None:
    save_settings(tmp_path, joined.Joined("http://127.0.0.1:9", "KXR", "Ada"))
    held = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # as a run that is sending holds it
        send(tmp_path, a_run(0), pytest.fail)
        write_history(tmp_path, a_run(1))
        told: list[str] = []
        assert client.join(tmp_path, "http://127.0.0.1:9", "KXR", "Ada", told.append) == 0
    finally:
        os.close(held)
    queued = [a_run(0).to_json(), a_run(1).to_json()]
    assert (tmp_path / joined.OUTBOX).read_text().splitlines() == queued


def test_lines_left_by_a_run_killed_while_sending_go_with_the_next(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    save_settings(tmp_path, settings(dashboard))
    (tmp_path / client.SENDING).write_text(a_run(0).to_json() + "\n")
    (tmp_path / joined.OUTBOX).write_text(a_run(1).to_json() + "\n")
    send(tmp_path, a_run(2), pytest.fail)
    send(tmp_path, a_run(3), pytest.fail)
    assert len(dashboard.lights()["Ada and Grace"]) == 4
    assert not (tmp_path / client.SENDING).exists()
    assert not (tmp_path / joined.OUTBOX).exists()


# A dashboard that answers a byte every half second costs a run one second in all.


@pytest.fixture
def dripping(tmp_path: Path) -> Iterator[tuple[str, list[bool]]]:
    """A server that reads a request, then answers one byte every 0.5 s until it is stopped;
    and, for each request, whether the outbox already held the light when it arrived."""
    stop = threading.Event()
    queued_first: list[bool] = []
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            queued = [tmp_path / name for name in (joined.OUTBOX, client.SENDING)]
            queued_first.append(any(path.exists() for path in queued))
            for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n":
                connection.sendall(bytes([byte]))
                if stop.wait(0.5):
                    return

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    address = f"http://127.0.0.1:{listener.getsockname()[1]}"
    yield address, queued_first
    stop.set()
    thread.join(5)
    listener.close()


def test_a_dashboard_that_answers_a_byte_at_a_time_costs_a_run_one_second(
    tmp_path: Path, dripping: tuple[str, list[bool]]
) -> None:
    address, queued_first = dripping
    save_settings(tmp_path, joined.Joined(address, "KXR", "Ada"))
    warned: list[str] = []
    started = time.monotonic()
    send(tmp_path, a_run(0), warned.append)
    assert time.monotonic() - started < client.BUDGET + 1
    assert warned == [
        f"dojo: no answer from {address} in this run's time (what it took is not counted"
        " twice): 1 line(s) kept for the next run"
    ]
    assert (tmp_path / joined.OUTBOX).read_text() == a_run(0).to_json() + "\n"
    assert queued_first == [True]  # a run killed while it waits has its light queued


# A line the dashboard refuses as bad is dropped; the lines beside it still go.


def test_lines_that_are_not_runs_are_dropped_from_the_outbox_and_the_rest_sent(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    save_settings(tmp_path, settings(dashboard))
    stage_99 = json.loads(a_run(2).to_json()) | {"stage": 99}
    passed_5 = json.loads(a_run(4).to_json()) | {"passed": 5}  # a run, which the dashboard refuses
    lines = [a_run(0).to_json(), line_of(YEAR_ONE), line_of(stage_99), line_of(SURROGATE)]
    lines.append(line_of(passed_5))
    (tmp_path / joined.OUTBOX).write_text("".join(line + "\n" for line in lines))
    warned: list[str] = []
    send(tmp_path, a_run(3), warned.append)
    assert warned == [
        f"dojo: a line of {joined.OUTBOX} is not a run and is dropped"
        " (the time cannot be put in UTC)",
        f"dojo: a line of {joined.OUTBOX} is not a run and is dropped"
        " (there is no stage 99: the stages are 1 to 10)",
        f"dojo: a line of {joined.OUTBOX} is not a run and is dropped"
        " (the scenario holds a lone surrogate, which is not text)",
        f"dojo: {dashboard.url} refused 1 line(s): line 2: passed must be between 0 and reached",
    ]
    times = [run["time"] for run in dashboard.lights()["Ada and Grace"]]
    assert times == ["2026-03-14T09:00:00Z", "2026-03-14T09:03:00Z"]
    assert not (tmp_path / joined.OUTBOX).exists()


# The same bad values in the workspace's own files are skipped or reset, with a warning.


@pytest.mark.parametrize("bad", [YEAR_ONE, SURROGATE], ids=["year one", "lone surrogate"])
def test_a_history_line_that_cannot_be_shown_is_skipped_by_every_command(
    workspace: Path,
    dashboard: Dashboard,
    capsys: pytest.CaptureFixture[str],
    bad: dict[str, object],
) -> None:
    write_history(workspace, a_run(0))
    with (workspace / history.HISTORY).open("a") as file:
        file.write(line_of(bad) + "\n")
    code, said = coach(workspace, "progress")
    assert code == 0
    assert said[0] == "Lights: 🟥"
    assert capsys.readouterr().err.count("line 2 skipped: it is not a run") == 1
    assert coach(workspace, "join", dashboard.url, dashboard.code, "Ada and Grace")[0] == 0
    assert len(dashboard.lights()["Ada and Grace"]) == 1
    warned: list[str] = []
    assert [len(pair.runs) for pair in read_workspaces([workspace], warned.append)] == [1]
    assert len(warned) == 1


@pytest.mark.parametrize("command", ["test", "next", "progress"])
def test_a_reach_that_cannot_be_read_starts_again_with_one_warning(
    workspace: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    write_stage(workspace, 1, "passes")
    write_history(workspace, a_run(0, "green"))
    (workspace / reach.REACHED).write_text('{"stage": 1, "revealed": 1e400}')
    # `make next` reveals stage 2, whose feature this small workspace lacks: amber, not a crash
    assert coach(workspace, command)[0] == {"next": 3}.get(command, 0)
    # This small workspace has no git: a run's code not kept is warned of apart (runs.py).
    warnings = [w for w in capsys.readouterr().err.splitlines() if "code is not kept" not in w]
    assert warnings == [
        f"warning: {reach.REACHED} cannot be read (a number out of range):"
        " starting again at stage 1, scenario 1"
    ]


def test_a_reach_that_is_not_there_starts_without_a_warning(tmp_path: Path) -> None:
    assert reach.load(tmp_path, pytest.fail) == reach.Reach()


# A history of garbage says how many lines it skipped, once.


def test_many_lines_that_are_not_runs_are_one_warning(tmp_path: Path) -> None:
    write_history(tmp_path, a_run(0))
    with (tmp_path / history.HISTORY).open("ab") as file:
        file.writelines(bytes([0xFF, 0x80 + n % 64]) + b"\n" for n in range(2000))
    write_history(tmp_path, a_run(1))
    warned: list[str] = []
    assert history.read(tmp_path, warned.append) == [a_run(0), a_run(1)]
    assert warned == [
        f"{history.HISTORY}: 2,000 lines skipped, they are not runs"
        " (the first, line 2: 'utf-8' codec can't decode byte 0xff in position 0:"
        " invalid start byte)"
    ]


def test_a_history_line_nested_too_deeply_is_skipped(tmp_path: Path) -> None:
    (tmp_path / history.HISTORY).write_text("[" * 100_000 + "\n" + a_run(0).to_json() + "\n")
    warned: list[str] = []
    assert history.read(tmp_path, warned.append) == [a_run(0)]
    assert warned == [f"{history.HISTORY} line 1 skipped: it is not a run (nested too deeply)"]


def test_a_dashboard_that_gives_no_token_is_not_joined(tmp_path: Path) -> None:
    """As an older dashboard, which took posts by the pair's name, would answer."""
    server = Answering(lambda posts: None, (200, b'{"pair": "Ada", "id": 1}'))
    try:
        said: list[str] = []
        assert client.join(tmp_path, server.url, "KXR", "Ada", said.append) == 2
        assert said == [
            f"make join: the dojo at {server.url} cannot be joined: it answered the join"
            " without a token: is it an older dashboard?"
        ]
        save_settings(tmp_path, joined.Joined(server.url, "KXR", "Ada"))
        send(tmp_path, a_run(0), said.append)
        assert said[1:] == [
            f"dojo: {server.url} it answered the join without a token: is it an older"
            " dashboard?: lines kept for the next run"
        ]
        assert (tmp_path / joined.OUTBOX).exists()
    finally:
        server.stop()
