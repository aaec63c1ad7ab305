"""The dashboard as the facilitator runs it: `euchre dojo serve` in a process of its own, on
127.0.0.1, with the clients a room may have: a second dashboard, slow or dropped posts, a proxy's
headers, a file of lights from elsewhere."""

from __future__ import annotations

import http.client
import json
import re
import resource
import select
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from euchre.dojo import guard
from tests.dashboards import HANG
from tests.paths import ROOT

pytestmark = pytest.mark.e2e  # whole processes: `make quick` leaves them out


class Served:
    """`euchre dojo serve --port 0 --db DB ARGS...`, started, its port and code read from its
    banner; stopped with Ctrl-C, what it said kept in ``out`` and ``err``."""

    def __init__(self, db: Path, *args: str, preexec_fn: Callable[[], None] | None = None) -> None:
        command = [sys.executable, "-m", "euchre", "dojo", "serve", "--port", "0", "--db", str(db)]
        self.process = subprocess.Popen(
            [*command, *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=preexec_fn,
        )
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        banner = [self.process.stdout.readline() for _ in range(2)]
        found = re.findall(r":(\d+)$", banner[0].strip())
        assert found, banner
        self.port = int(found[0])
        self.code = banner[1].split()[1]
        self._out: list[str] = []
        self._err: list[str] = []
        self._readers = [
            threading.Thread(target=_read_into, args=(pipe, said), daemon=True)
            for pipe, said in ((self.process.stdout, self._out), (self.process.stderr, self._err))
        ]
        for reader in self._readers:
            reader.start()

    @property
    def out(self) -> str:
        """What the server has said on its output since its banner."""
        return "".join(self._out)

    @property
    def err(self) -> str:
        return "".join(self._err)

    def says(self, text: str) -> None:
        """Wait until the server says ``text``: its own clock decides when, however busy the
        machine. The bound only stops a test that would hang."""
        deadline = time.monotonic() + HANG
        while text not in self.out:
            assert time.monotonic() < deadline, f"the server never said {text!r}: {self.out}"
            time.sleep(0.05)

    def post(
        self,
        path: str,
        fields: dict[str, Any],
        source: str = "127.0.0.1",
        timeout: float = 10,
        forwarded_for: str = "",
    ) -> tuple[int, str]:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=timeout, source_address=(source, 0)
        )
        try:
            body = json.dumps({"code": self.code} | fields)
            headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
            connection.request("POST", path, body=body, headers=headers)
            answer = connection.getresponse()
            return answer.status, answer.read().decode()
        finally:
            connection.close()

    def join(self, pair: str, source: str = "127.0.0.1") -> str:
        status, text = self.post("/api/join", {"pair": pair}, source)
        assert status == 200, text
        return str(json.loads(text)["token"])

    def stop(self) -> None:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=HANG)
            for reader in self._readers:
                reader.join(HANG)


def _read_into(pipe: Any, said: list[str]) -> None:
    for line in pipe:
        said.append(line)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    started: list[Served] = []

    def start(*args: str, **options: Any) -> Served:
        started.append(Served(tmp_path / "dojo.sqlite3", *args, **options))
        return started[-1]

    yield start
    for served in started:
        served.stop()


def a_line(minute: int) -> dict[str, Any]:
    return {
        "time": f"2026-03-14T09:{minute:02}:00Z",
        "stage": 1,
        "scenario": "Scenario",
        "light": "red",
        "passed": 0,
        "reached": 1,
    }


# Two dashboards on one file of lights.


def test_a_second_dashboard_on_the_same_file_of_lights_is_refused_in_one_line(
    tmp_path: Path, serve: Callable[..., Served]
) -> None:
    first = serve()
    token = first.join("Ada")
    db = tmp_path / "dojo.sqlite3"
    command = [sys.executable, "-m", "euchre", "dojo", "serve", "--port", "0", "--db", str(db)]
    second = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=20)
    assert (second.returncode, second.stdout) == (2, "")
    assert second.stderr == (
        f"euchre dojo: cannot keep the lights in {db}: another program has it open"
        " (is a dashboard already running with it?)\n"
    )
    assert first.post("/api/lights", {"token": token, "lines": [a_line(0)]}) == (
        200,
        '{"added":1,"duplicates":0}',
    )
    first.stop()
    assert "Traceback" not in first.err


# A file of lights that is another program's.


@pytest.mark.parametrize(
    ("made", "tables"),
    [
        ("CREATE TABLE pairs (name TEXT, score INTEGER)", "pairs"),
        ("CREATE TABLE notes (body TEXT); CREATE TABLE tags (name TEXT)", "notes, tags"),
        ("CREATE TABLE pairs (x); PRAGMA user_version = 2", "pairs"),
        ("CREATE TABLE pairs (x); PRAGMA user_version = 9", "pairs"),
        ("PRAGMA application_id = 7; PRAGMA user_version = 1", "none"),
        ("PRAGMA journal_mode = WAL; CREATE TABLE lights (id INTEGER PRIMARY KEY)", "lights"),
        ("CREATE VIEW answer AS SELECT 42", "none"),  # no table, yet not a new file
        ('CREATE TABLE "a\nb\x1b[31m" (x)', "'a\\nb\\x1b[31m'"),  # one line, no escape
        (
            "BEGIN;" + "".join(f"CREATE TABLE t{n} (x);" for n in range(3000)) + "COMMIT;",
            "t0, t1, t10, t100, t1000 and 2995 more",
        ),
    ],
)
def test_another_programs_database_is_refused_in_one_line_and_left_as_it_was(
    tmp_path: Path, made: str, tables: str
) -> None:
    theirs = tmp_path / "theirs.sqlite3"
    with closing(sqlite3.connect(theirs)) as database:
        database.executescript(made)
    before = {
        path.name: (path.read_bytes(), path.stat().st_mtime_ns) for path in tmp_path.iterdir()
    }
    command = [sys.executable, "-m", "euchre", "dojo", "serve", "--port", "0", "--db", str(theirs)]
    served = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=20)
    assert (served.returncode, served.stdout) == (2, "")
    assert served.stderr == (
        f"euchre dojo: cannot keep the lights in {theirs}: it is another program's database"
        f" (tables: {tables}), not a dojo's file of lights: choose another --db\n"
    )
    after = {path.name: (path.read_bytes(), path.stat().st_mtime_ns) for path in tmp_path.iterdir()}
    assert after == before


# Whose wrong codes are counted, and who is never locked out.


def wrong_codes(served: Served, count: int, forwarded_for: str = "") -> list[int]:
    return [
        served.post(
            "/api/join", {"code": f"WRONG{number}", "pair": "Eve"}, forwarded_for=forwarded_for
        )[0]
        for number in range(count)
    ]


def test_a_forwarded_address_is_not_believed_unless_the_facilitator_says_so(
    serve: Callable[..., Served],
) -> None:
    served = serve()
    token = served.join("Ada", source="127.0.0.9")
    lights = {"token": token, "lines": [a_line(0)]}
    # ten wrong codes from .1 in the name of .9: .1 is locked out, and .9 is not
    assert wrong_codes(served, 10, forwarded_for="127.0.0.9") == [403] * 10
    assert served.post("/api/lights", lights, "127.0.0.9")[0] == 200
    assert served.post("/api/join", {"pair": "Bo"}, "127.0.0.9")[0] == 200
    # another address in the header at each guess does not make them more guesses
    statuses = [
        served.post("/api/join", {"code": "WRONG", "pair": "Eve"}, forwarded_for=f"10.0.0.{n}")[0]
        for n in range(20)
    ]
    assert statuses == [429] * 20
    served.stop()
    assert served.out.count("is locked out for 10 min") == 1
    assert "127.0.0.1 is locked out for 10 min: 10 wrong join codes" in served.out


@pytest.mark.parametrize("proxies", ["127.0.0.1", "127.0.0.1/8", " * ", "::1, 127.0.0.0/24"])
def test_behind_a_proxy_the_facilitator_names_its_forwarded_address_counts(
    serve: Callable[..., Served], proxies: str
) -> None:
    served = serve("--forwarded-allow-ips", proxies)
    assert wrong_codes(served, 10, forwarded_for="10.0.0.7") == [403] * 10
    assert served.post("/api/join", {"pair": "Eve"}, forwarded_for="10.0.0.7")[0] == 429
    assert served.post("/api/join", {"pair": "Ada"}, forwarded_for="10.0.0.8")[0] == 200
    served.stop()
    assert "10.0.0.7 is locked out for 10 min: 10 wrong join codes" in served.out


def test_a_post_with_a_pairs_token_is_never_locked_out(serve: Callable[..., Served]) -> None:
    """A pair behind the same address as someone guessing (a shared network, one machine)."""
    served = serve()
    token = served.join("Ada")
    assert wrong_codes(served, 10) == [403] * 10
    assert served.post("/api/join", {"pair": "Bo"})[0] == 429  # no token: locked out
    assert served.post("/api/lights", {"token": token, "lines": [a_line(0)]}) == (
        200,
        '{"added":1,"duplicates":0}',
    )
    assert served.post("/api/join", {"pair": "Ada and Grace", "token": token})[0] == 200
    assert served.post("/api/lights", {"token": "forged", "lines": [a_line(1)]})[0] == 429
    assert served.post("/api/lights", {"code": "WRONG", "token": token, "lines": [a_line(1)]}) == (
        403,
        "that is not this dojo's join code\n",
    )


# Slow requests, and connections from one address.


class Drip(threading.Thread):
    """Sends a byte every half second down each socket, and keeps what each is answered,
    until the dashboard has closed every one."""

    def __init__(self, sockets: list[socket.socket]) -> None:
        super().__init__(daemon=True)
        self.open = {sock: b"" for sock in sockets}
        self.answered: list[bytes] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while self.open and not self.stop.wait(0.5):
            for sock in list(self.open):
                try:
                    sock.send(b" ")
                    readable, _, _ = select.select([sock], [], [], 0)
                    data = sock.recv(4096) if readable else None
                except OSError:  # reset: closed without an answer
                    data = b""
                if data:
                    self.open[sock] += data
                elif data is not None:  # closed
                    self.answered.append(self.open.pop(sock))
                    sock.close()

    def until_all_closed(self, seconds: float) -> list[bytes]:
        self.join(seconds)
        assert not self.open, f"{len(self.open)} slow connections are still open"
        return self.answered


def connect(port: int, source: str, head: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(head)
    return sock


SLOW_BODY = (
    b"POST /api/lights HTTP/1.1\r\nHost: dojo\r\nContent-Type: application/json\r\n"
    b"Content-Length: 4000\r\n\r\n{"
)
SLOW_HEAD = b"GET / HTTP/1.1\r\nHost: dojo\r\nX-Slow: "


def test_slow_posts_and_heads_are_cut_off_and_do_not_lock_the_pairs_out(
    serve: Callable[..., Served],
) -> None:
    """As on macOS, whose processes may open 256 files: 260 posts whose body comes a byte a
    second, heads that never end, and posts whose client goes away half-way."""

    def few_descriptors() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    served = serve(preexec_fn=few_descriptors)
    token = served.join("Ada")
    slow = [connect(served.port, "127.0.0.2", SLOW_BODY) for _ in range(260)]
    slow += [connect(served.port, f"127.0.0.{3 + number}", SLOW_HEAD) for number in range(10)]
    drip = Drip(slow)
    drip.start()
    try:
        for number in range(3):  # the pair's posts and the facilitator's page are answered
            lights = {"token": token, "lines": [a_line(number)]}
            assert served.post("/api/lights", lights)[0] == 200
            connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
            connection.request("GET", "/")
            assert connection.getresponse().status == 200
            connection.close()
        for _ in range(20):  # a body cut short by its client
            connect(served.port, "127.0.0.20", SLOW_BODY).close()
        answered = drip.until_all_closed(HANG)
    finally:
        drip.stop.set()
    statuses = Counter(answer.split(b" ", 2)[1] if answer else b"" for answer in answered)
    # each address's first connections are cut off in time; the rest are refused at once
    assert statuses[b"408"] == 10 + guard.CONNECTIONS_PER_CLIENT, (statuses, served.out)
    assert statuses[b"503"] + statuses[b""] == 260 - guard.CONNECTIONS_PER_CLIENT, statuses
    served.stop()
    assert "Traceback" not in served.err
    assert served.out.count("Requests cut off after 5 s: their head or body came too slowly") == 1
    assert served.out.count("Connections refused beyond 16 at once from one address") == 1


def test_answers_no_one_reads_are_dropped_after_the_servers_10_s_and_lock_no_pair_out(
    serve: Callable[..., Served],
) -> None:
    """60 connections from 6 addresses, each asking for the page 40 times over and reading none
    of it, more than the process has descriptors for. (Each page is drawn until the buffers are
    full: on a slow machine 250 connections took longer than a test may wait.)"""

    def few_descriptors() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    served = serve(preexec_fn=few_descriptors)
    token = served.join("Ada")
    for number in range(40):  # a page of some size, from pairs at several addresses
        token = served.join(f"Pair {number}", source=f"127.0.1.{number // 10}")
        lights = {"token": token, "lines": [a_line(m) for m in range(20)]}
        assert served.post("/api/lights", lights)[0] == 200
    unread = []
    for number in range(60):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.bind((f"127.0.0.{2 + number // 10}", 0))
        sock.settimeout(10)
        sock.connect(("127.0.0.1", served.port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: dojo\r\n\r\n" * 40)
        unread.append(sock)
    try:
        served.says("Answers dropped after 10 s unread")  # by the server's own clock
        deadline = time.monotonic() + HANG
        while True:  # the pair's post is answered once the unread answers are dropped
            try:
                lights = {"token": token, "lines": [a_line(0)]}
                status, said = served.post("/api/lights", lights, timeout=5)
            except TimeoutError:
                status, said = 0, "no answer yet"
            if status == 200:
                break
            # Each post given up on holds a connection until the busy server sees it close:
            # past 16, "try again soon" (503), as the coach does at its next run.
            assert status in (0, 503), said
            assert time.monotonic() < deadline, f"the pair's post was never answered: {said}"
    finally:
        for sock in unread:
            sock.close()
    served.stop()
    assert "Traceback" not in served.err
    assert served.out.count("Answers dropped after 10 s unread") == 1


PAGES_WITH_NO_DESCRIPTOR_LEFT = """
import os, resource
from datetime import UTC, datetime
from euchre.dojo import pages
from euchre.dojo.board import Pair, Row
from tests.dashboards import a_run

runs = (a_run(0), a_run(1, "green"), a_run(2))
row = Row.of(Pair(1, "Ada", runs), datetime(2026, 3, 14, 10, tzinfo=UTC))
assert row.stuck  # the mark and the room are drawn too
open_now = len(os.listdir("/proc/self/fd")) - 1  # without the one listing them
hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
resource.setrlimit(resource.RLIMIT_NOFILE, (open_now, hard))
try:
    open(os.devnull)
    raise SystemExit("a file could still be opened")
except OSError:
    pass
pages.dashboard(1, pages.board([row], "http://dojo", []), pages.nonce(), 0)
pages.pair_page(row, pages.nonce())
pages.pair_view(row)
pages.run_page(row, 1, None, pages.nonce())
pages.report([Pair(1, "Ada", row.runs)], row.now)
print("drawn")
"""


def test_the_pages_are_drawn_with_no_file_descriptor_left() -> None:
    """Many slow clients can leave the dashboard no descriptor to open a file with: its
    templates are read once, when it starts, not when a page is first asked for."""
    drawn = subprocess.run(
        [sys.executable, "-c", PAGES_WITH_NO_DESCRIPTOR_LEFT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (drawn.returncode, drawn.stdout, drawn.stderr) == (0, "drawn\n", "")


def test_requests_that_are_not_http_are_said_once_not_once_each(
    serve: Callable[..., Served],
) -> None:
    served = serve()
    for _ in range(100):
        sock = connect(served.port, "127.0.0.2", b"NOT HTTP AT ALL\r\n\r\n")
        assert sock.recv(100).startswith(b"HTTP/1.1 400 ")
        sock.close()
    upgrade = (
        b"GET /events HTTP/1.1\r\nHost: dojo\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
    )
    for _ in range(50):
        sock = connect(served.port, "127.0.0.2", upgrade)
        assert sock.recv(100).startswith(b"HTTP/1.1 200 ")  # an event stream, as any page's
        sock.close()
    served.stop()
    assert sorted(served.err.splitlines()) == [
        "Invalid HTTP request received. Said once, however often it happens.",
        "Unsupported upgrade request. Said once, however often it happens.",
    ]
