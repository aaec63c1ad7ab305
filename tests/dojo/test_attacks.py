"""The dashboard under load and attack: guessing the code, holding event streams, many lights,
rows that cannot be read, and pairs who choose the same name. Real servers on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import re
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from euchre.dojo import claims, codes, guard, pages, schema, server, store
from euchre.dojo.guard import Connections, Guard, Proxies, Streams
from euchre.dojo.server import DojoServer
from euchre.dojo.store import Store
from euchre.kata.coach.dojo_client import client, protocol
from euchre.kata.coach.record import history, joined
from tests.dashboards import (
    HANG,
    Dashboard,
    a_run,
    post_lines,
    save_settings,
    send,
    write_history,
)
from tests.paths import ROOT


@pytest.fixture
def dashboard(tmp_path: Path) -> Iterator[Dashboard]:
    served = Dashboard(tmp_path / "dojo.sqlite3")
    yield served
    if served.thread.is_alive():
        served.stop()


def connect(port: int, source: str = "127.0.0.1") -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(source, 0))


# The join code cannot be guessed.


def test_wrong_codes_lock_a_client_out_and_the_facilitator_sees_it(dashboard: Dashboard) -> None:
    dashboard.token("Ada and Grace")  # a pair who joined from the same address
    for attempt in range(guard.WRONG_CODES):
        status, text = dashboard.post("/api/join", {"code": f"WRONG{attempt}", "pair": "Eve"})
        assert status == 403, text
    status, text = dashboard.post("/api/join", {"code": dashboard.code, "pair": "Eve"})
    assert (status, text) == (429, "too many wrong join codes: try again in 10 min\n")
    assert post_lines(dashboard, a_run(0))[0] == 200  # their token lets them through
    assert dashboard.post("/api/lights", b"{not json")[0] == 429  # nothing else does
    other = connect(dashboard.port, "127.0.0.2")  # another address is not locked out
    other.request("GET", "/board")
    assert other.getresponse().status == 200
    other.close()
    page = dashboard.get("/")
    assert "Refused: while locked out: 2, wrong code: 10" in page
    assert "1 address(es) locked out for wrong codes" in page


def test_a_lockout_ends_and_old_wrong_codes_are_forgotten() -> None:
    clock = [1000.0]
    said: list[str] = []
    watch = Guard(lambda: clock[0], said.append)
    for _ in range(guard.WRONG_CODES - 1):
        watch.wrong_code("10.0.0.5")
    assert watch.locked("10.0.0.5") == 0
    clock[0] += guard.LOCKOUT + 1  # the earlier guesses are forgotten
    watch.wrong_code("10.0.0.5")
    assert watch.locked("10.0.0.5") == 0
    for _ in range(guard.WRONG_CODES - 1):
        watch.wrong_code("10.0.0.5")
    assert watch.locked("10.0.0.5") == guard.LOCKOUT
    assert said == ["10.0.0.5 is locked out for 10 min: 10 wrong join codes"]
    assert (watch.locked_out(), watch.lockouts) == (1, 1)
    clock[0] += guard.LOCKOUT
    assert (watch.locked("10.0.0.5"), watch.locked_out()) == (0, 0)
    for number in range(1001):  # many addresses, long quiet: forgotten
        watch.wrong_code(f"10.1.{number // 256}.{number % 256}")
    clock[0] += guard.LOCKOUT + 1
    watch.wrong_code("10.0.0.6")
    assert len(watch._clients) == 1


def test_guessing_the_code_at_the_allowed_rate_takes_longer_than_a_year() -> None:
    possible = len(codes.CODE_LETTERS) ** codes.CODE_LENGTH
    guesses_a_year = guard.WRONG_CODES / guard.LOCKOUT * 365.25 * 24 * 3600
    years = possible / 2 / guesses_a_year  # on average, half the codes are tried
    assert possible == 214_358_881
    assert round(years, 1) == 203.8  # docs/dojo.md's figure
    assert years / 100 > 1  # even from a hundred addresses at once


# Event streams are limited, and a page refused one polls instead.


def open_stream(port: int, source: str = "127.0.0.1") -> tuple[int, http.client.HTTPConnection]:
    connection = connect(port, source)
    connection.request("GET", "/events")
    answer = connection.getresponse()
    if answer.status != 200:
        answer.read()
        assert answer.getheader("connection") == "close"
    return answer.status, connection


def test_event_streams_are_limited_per_address_and_in_all(tmp_path: Path) -> None:
    said: list[str] = []
    served = Dashboard(tmp_path / "dojo.sqlite3", streams=Streams(3, 5, said.append))
    opened: list[http.client.HTTPConnection] = []
    try:
        statuses = []
        for source in ["127.0.0.1"] * 4 + ["127.0.0.2"] * 3:
            status, connection = open_stream(served.port, source)
            statuses.append(status)
            opened.append(connection)
        assert statuses == [200, 200, 200, 503, 200, 200, 503]
        opened[0].close()  # a page closed gives its place back
        deadline = time.monotonic() + HANG
        while open_stream(served.port, "127.0.0.3")[0] != 200:
            assert time.monotonic() < deadline, "the closed stream's place was not given back"
        assert said == [
            "Live updates refused beyond 5 pages (3 per address): those pages refresh every"
            " 10 s instead. Said once."
        ]
        assert post_lines(served, a_run(0))[0] == 200
        assert "live page: " in served.get("/board")
    finally:
        for connection in opened:
            connection.close()
        served.stop()


def test_as_many_streams_as_the_descriptors_allow_with_some_to_spare(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(resource, "getrlimit", lambda kind: (256, 4096))
    assert guard.streams_in_all() == 256 - guard.SPARE_DESCRIPTORS
    monkeypatch.setattr(resource, "getrlimit", lambda kind: (50, 4096))
    assert guard.streams_in_all() == 0
    monkeypatch.setattr(resource, "getrlimit", lambda kind: (resource.RLIM_INFINITY,) * 2)
    assert guard.streams_in_all() == guard.MOST_STREAMS


def test_a_thousand_held_streams_do_not_lock_the_pairs_out(tmp_path: Path) -> None:
    """The dashboard as `euchre dojo serve` runs it, with 256 file descriptors, against 300
    event streams from 60 addresses, then 300 connections that never send a request."""

    db = tmp_path / "dojo.sqlite3"

    def few_descriptors() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    served = subprocess.Popen(
        [sys.executable, "-m", "euchre", "dojo", "serve", "--port", "0", "--db", str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=few_descriptors,
    )
    held: list[socket.socket] = []
    try:
        assert served.stdout is not None
        banner = [served.stdout.readline() for _ in range(2)]
        port = int(re.findall(r":(\d+)$", banner[0].strip())[0])
        code = banner[1].split()[1]
        refused = 0
        for number in range(300):
            stream = socket.create_connection(
                ("127.0.0.1", port), timeout=5, source_address=(f"127.0.0.{2 + number // 5}", 0)
            )
            stream.sendall(b"GET /events HTTP/1.1\r\nHost: dojo\r\n\r\n")
            refused += stream.recv(100).startswith(b"HTTP/1.1 503")
            held.append(stream)
        assert refused == 300 - (256 - guard.SPARE_DESCRIPTORS)

        def join(name: str) -> int:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            body = json.dumps({"code": code, "pair": name})
            connection.request("POST", "/api/join", body=body)
            status = connection.getresponse().status
            connection.close()
            return status

        assert join("Ada") == 200
        for number in range(300):  # connections that say nothing: the descriptors run out
            source = (f"127.0.1.{1 + number // 10}", 0)  # within the limit of each address
            held.append(socket.create_connection(("127.0.0.1", port), 5, source))
        for sock in held:
            sock.close()
        held.clear()
        deadline = time.monotonic() + HANG
        while join("Grace") != 200:  # the server accepts again once descriptors are free
            assert time.monotonic() < deadline
    finally:
        for sock in held:
            sock.close()
        served.send_signal(signal.SIGINT)
        out, err = served.communicate(timeout=20)
    assert "Traceback" not in err
    assert out.count("Out of file descriptors") == 1
    assert out.count("Live updates refused beyond") == 1


# Connections per address, and requests that come too slowly. Real processes in
# tests/dojo/test_server.py; here, in this process, with a short deadline.


def answer_to(sock: socket.socket) -> bytes:
    """Everything said on ``sock`` until the dashboard closes it."""
    sock.settimeout(10)
    said = b""
    while chunk := sock.recv(4096):
        said += chunk
    sock.close()
    return said


def test_a_request_too_slow_is_cut_off_and_a_connection_over_the_limit_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server, "REQUEST_SECONDS", 0.2)
    monkeypatch.setattr(server, "CONNECTIONS_PER_CLIENT", 3)
    said: list[str] = []
    served = Dashboard(tmp_path / "dojo.sqlite3", say=said.append)
    try:
        slow = [
            socket.create_connection(("127.0.0.1", served.port), source_address=(source, 0))
            for source in ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.6")
        ]
        slow[0].sendall(b"GET / HTTP/1.1\r\nHost: dojo\r\nX-Slow: ")  # a head with no end
        slow[1].sendall(b"POST /api/lights HTTP/1.1\r\nHost: dojo\r\nContent-Length: 90\r\n\r\n{")
        # slow[2] says nothing: closed without a word
        # slow[3]'s body is never read: answered, then closed however long it would go on
        slow[3].sendall(b"GET /board HTTP/1.1\r\nHost: dojo\r\nContent-Length: 90\r\n\r\n{")
        answers = [answer_to(sock) for sock in slow]
        assert answers[0].startswith(b"HTTP/1.1 408 Request Timeout\r\n")
        assert answers[0].endswith(b"\r\n\r\nthe request took over 0.2 s to arrive\n")
        assert answers[1].startswith(b"HTTP/1.1 408 Request Timeout\r\n")
        assert answers[2] == b""
        assert answers[3].startswith(b"HTTP/1.1 200 OK\r\n")
        assert b"408" not in answers[3]
        monkeypatch.setattr(server, "REQUEST_SECONDS", HANG)  # the rest is not about time
        kept = [
            socket.create_connection(("127.0.0.1", served.port), source_address=("127.0.0.5", 0))
            for _ in range(3)
        ]
        over = socket.create_connection(("127.0.0.1", served.port), source_address=("127.0.0.5", 0))
        refused = answer_to(over)
        assert refused.startswith(b"HTTP/1.1 503 Service Unavailable\r\n")
        assert refused.endswith(b"too many connections from this address at once: try again soon\n")
        for sock in kept:  # each answered in turn, the limit not counting the one refused
            sock.sendall(b"GET /board HTTP/1.1\r\nHost: dojo\r\nConnection: close\r\n\r\n")
            assert answer_to(sock).startswith(b"HTTP/1.1 200 OK\r\n")
        assert "too many connections: 1, too slow: 3" in served.get("/board")
    finally:
        served.stop()
    assert said == [
        "Requests cut off after 0.2 s: their head or body came too slowly (answered 408)."
        " Said once.",
        "Connections refused beyond 3 at once from one address (answered 503: a pair's coach"
        " keeps its lights for its next run). Said once.",
    ]


def reading_little(port: int) -> socket.socket:
    """A connection that asks for the page 100 times over, with room to take in little of it."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect(("127.0.0.1", port))
    sock.sendall(b"GET / HTTP/1.1\r\nHost: dojo\r\n\r\n" * 100)
    return sock


def test_an_answer_read_late_is_kept_and_one_never_read_is_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    served = Dashboard(tmp_path / "dojo.sqlite3", say=said.append)
    served.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)  # full after little

    def paused() -> None:
        deadline = time.monotonic() + HANG
        connections = served.server.server_state.connections
        while not any(
            isinstance(held, server.GuardedProtocol) and held.flow.write_paused
            for held in connections
        ):
            assert time.monotonic() < deadline, "the answers never filled the buffers"
            time.sleep(0.01)

    try:
        monkeypatch.setattr(server, "UNREAD_SECONDS", 10.0)
        late = reading_little(served.port)
        paused()
        late.settimeout(10)
        read = b""
        while read.count(b"</html>") < 100:  # read it all after all
            chunk = late.recv(65536)
            assert chunk, "the answer read late was dropped"
            read += chunk
        late.close()
        monkeypatch.setattr(server, "UNREAD_SECONDS", 0.2)
        never = reading_little(served.port)
        paused()
        deadline = time.monotonic() + HANG
        while served.server.server_state.connections:  # dropped, though nothing was read
            assert time.monotonic() < deadline, "the unread answer was kept"
            time.sleep(0.01)
        never.close()
        assert "answer unread: 1" in served.get("/board")
    finally:
        served.stop()
    assert said == ["Answers dropped after 0.2 s unread, with their connections. Said once."]


def test_a_post_whose_client_goes_away_is_no_traceback(
    dashboard: Dashboard, caplog: pytest.LogCaptureFixture
) -> None:
    sock = socket.create_connection(("127.0.0.1", dashboard.port))
    sock.sendall(b"POST /api/lights HTTP/1.1\r\nHost: dojo\r\nContent-Length: 90\r\n\r\n{")
    deadline = time.monotonic() + HANG
    while not any(task for task in dashboard.server.server_state.tasks):  # the post is read
        assert time.monotonic() < deadline
        time.sleep(0.01)
    sock.close()
    while dashboard.server.server_state.tasks:  # and answered to no one
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert "Traceback" not in caplog.text
    assert "Exception in ASGI application" not in caplog.text
    assert "Refused:" not in dashboard.get("/board")  # nothing was refused: they went away


def test_a_proxys_connections_are_not_limited_and_another_address_is_no_proxy() -> None:
    said: list[str] = []
    held = Connections(1, Guard(say=said.append), Proxies("10.0.0.2"))
    assert [held.take("10.0.0.2") for _ in range(3)] == [True] * 3
    held.give_back("10.0.0.2")  # nothing to give back
    assert [held.take("10.0.0.3") for _ in range(2)] == [True, False]
    held.give_back("10.0.0.3")
    assert held.take("10.0.0.3")
    assert held.open == Counter({"10.0.0.3": 1})
    assert len(said) == 1


# Reads cost the same however many lights, and run off the event loop.


def test_a_slow_read_does_not_hold_up_a_post(dashboard: Dashboard) -> None:
    release = threading.Event()
    board = dashboard.store.board

    def slow_board() -> list[store.Listed]:
        release.wait(10)
        return board()

    dashboard.store.board = slow_board  # type: ignore[method-assign]
    reader = threading.Thread(target=dashboard.request, args=("GET", "/"))
    reader.start()
    try:
        assert post_lines(dashboard, a_run(0))[0] == 200  # answered while the page waits
        assert reader.is_alive()
    finally:
        release.set()
        reader.join(10)


def test_the_api_pages_the_pairs(dashboard: Dashboard, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "JOINS_PER_CLIENT", store.PAIRS_PER_PAGE + 2)  # all from here
    for number in range(store.PAIRS_PER_PAGE + 2):
        dashboard.token(f"pair {number:02}")
    first = json.loads(dashboard.get("/api/pairs"))
    assert (len(first["pairs"]), first["page"], first["pages"]) == (store.PAIRS_PER_PAGE, 1, 2)
    second = json.loads(dashboard.get("/api/pairs?page=2"))
    assert [pair["pair"] for pair in second["pairs"]] == ["pair 10", "pair 11"]
    for asked in ("3", "0", "two", "9" * 20):
        assert dashboard.request("GET", f"/api/pairs?page={asked}")[:2] == (
            404,
            f"no page {asked}: there are 2 page(s)\n",
        )


def test_a_pairs_oldest_lights_are_folded_into_counts(
    dashboard: Dashboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MOST_LIGHTS", 4)
    lights = ["red", "green", "red", "amber", "green", "red", "red", "green"]
    for minute, light in enumerate(lights):
        assert post_lines(dashboard, a_run(minute, light))[0] == 200
    assert post_lines(dashboard, a_run(0, "red")) == (200, '{"added":0,"duplicates":1}')
    kept = dashboard.lights()["Ada and Grace"]
    assert [run["light"] for run in kept] == ["green", "red", "red", "green"]
    row = dashboard.get("/")
    assert 'aria-label="8 runs, the last green"' in row
    assert '<span class="cycles" title="red-to-green cycles">3</span>' in row
    view = dashboard.get("/pairs/1")
    assert "4 older runs are folded into the board&#39;s totals." in view


def test_a_red_stretch_begun_among_the_folded_lights_ends_in_a_cycle(
    dashboard: Dashboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MOST_LIGHTS", 2)
    for minute, light in enumerate(["green", "red", "amber", "green"]):
        post_lines(dashboard, a_run(minute, light))
    assert '<span class="cycles" title="red-to-green cycles">1</span>' in dashboard.get("/")


def test_a_light_that_arrives_late_takes_its_place(dashboard: Dashboard) -> None:
    post_lines(dashboard, a_run(5, "green"))
    post_lines(dashboard, a_run(0, "red"))  # from a workspace's queue, sent late
    row = dashboard.get("/")
    assert 'aria-label="2 runs, the last green"' in row
    assert '<span class="cycles" title="red-to-green cycles">1</span>' in row


def test_rows_drawn_are_forgotten_when_there_are_many(
    dashboard: Dashboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pages, "MOST_ROWS_DRAWN", 2)
    for minute in range(4):
        post_lines(dashboard, a_run(minute), pair=f"Pair {minute}")
        assert "Pair 0" in dashboard.get("/board")
    assert len(pages._ROWS) <= 2


# A stored light that cannot be read is skipped and counted.


def test_a_stored_light_that_cannot_be_read_is_skipped_and_counted(tmp_path: Path) -> None:
    db = tmp_path / "dojo.sqlite3"
    first = Dashboard(db)
    post_lines(first, a_run(0), a_run(1, "green"))
    first.stop()
    with sqlite3.connect(db) as raw:
        raw.execute(
            "INSERT INTO lights (pair, time, line, received) VALUES (1, ?, ?, ?)",
            ("2026-03-14T09:05:00Z", '{"time": "2026-03-14T09:05:00Z", "stage": 1}', "x"),
        )
        raw.execute(
            "INSERT INTO lights (pair, time, line, received) VALUES (1, ?, ?, ?)",
            ("2026-03-14T09:06:00Z", b"\xff", "x"),
        )
    raw.close()
    again = Dashboard(db)
    try:
        page = again.get("/")
        assert "2 stored light(s) unreadable, skipped" in page
        assert 'aria-label="2 runs, the last green"' in page
        assert "Ada and Grace</h2>" in again.get("/pairs/1")
        assert len(again.lights()["Ada and Grace"]) == 2
    finally:
        again.stop()


# A pair is who joined; the name is only their label.


def test_a_second_pair_with_a_name_already_taken_is_told_so(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        write_history(folder, a_run(0))
    said: list[str] = []
    assert client.join(first, dashboard.url, dashboard.code, "Ada", said.append) == 0
    assert client.join(second, dashboard.url, dashboard.code, "Ada", said.append) == 2
    assert said[-1] == (
        f"make join: the dojo at {dashboard.url} said: another pair is called 'Ada':"
        " choose another NAME"
    )
    assert client.join(second, dashboard.url, dashboard.code, "Grace", said.append) == 0
    assert dashboard.lights() == {"Ada": [json.loads(a_run(0).to_json())]} | {
        "Grace": [json.loads(a_run(0).to_json())]
    }
    # the first pair joins again under another name: still one pair, renamed
    assert client.join(first, dashboard.url, dashboard.code, "Ada and Bo", said.append) == 0
    assert sorted(dashboard.lights()) == ["Ada and Bo", "Grace"]
    assert client.join(first, dashboard.url, dashboard.code, "Grace", said.append) == 2


def test_a_pair_who_joined_while_the_dashboard_was_down_joins_with_their_next_run(
    tmp_path: Path,
) -> None:
    db = tmp_path / "dojo.sqlite3"
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    folder = tmp_path / "ws"
    write_history(folder, a_run(0))
    said: list[str] = []
    with closing(Store(db)) as kept:  # one program at a time holds the file
        code = kept.settings.code
    assert client.join(folder, f"http://127.0.0.1:{port}", code, "Ada", said.append) == 0
    assert joined.load(folder) == joined.Joined(
        f"http://127.0.0.1:{port}", protocol.normal_code(code), "Ada", ""
    )
    served = Dashboard(db, port)
    try:
        send(folder, a_run(1), pytest.fail)
        assert len(served.lights()["Ada"]) == 2
        settings = joined.load(folder)
        assert settings is not None
        assert settings.token
        # another workspace took the name meanwhile: told, and the lines are kept
        other = tmp_path / "other"
        save_settings(other, joined.Joined(served.url, code, "Ada"))
        warned: list[str] = []
        send(other, a_run(2), warned.append)
        assert warned == [
            f"dojo: {served.url} refused the lines (another pair is called 'Ada': choose another"
            " NAME): `make join` again"
        ]
        assert (other / joined.OUTBOX).exists()
    finally:
        served.stop()


def test_a_post_with_a_token_no_pair_has_is_refused(dashboard: Dashboard) -> None:
    body = {"code": dashboard.code, "token": "forged", "lines": [json.loads(a_run(0).to_json())]}
    assert dashboard.post("/api/lights", body) == (
        403,
        "this workspace's pair has not joined this dojo\n",
    )


def test_a_file_of_lights_from_before_tokens_is_brought_up_to_date(tmp_path: Path) -> None:
    db = tmp_path / "dojo.sqlite3"
    with sqlite3.connect(db) as raw:
        raw.executescript(schema.FIRST_SCHEMA)
        raw.execute("INSERT INTO dojo VALUES ('code', 'KXR-MAW')")
        raw.execute("INSERT INTO pairs (name, joined) VALUES ('Ada', '2026-03-14T09:00:00Z')")
        raw.execute(
            "INSERT INTO lights (pair, time, line, received) VALUES (1, ?, ?, ?)",
            ("2026-03-14T09:00:00Z", a_run(0).to_json(), "2026-03-14T09:00:00Z"),
        )
    raw.close()
    kept = Store(db)
    try:
        assert kept.settings.code == "KXR-MAW"
        claimed = kept.join("Ada")  # a join with the name of a pair from before tokens
        assert (claimed.id, claimed.new) == (1, False)
        assert kept.add(claimed.token, [a_run(0), a_run(1)]) == 1  # one of theirs: theirs now
        listed = kept.board()
        assert [(pair.name, pair.summary.runs) for pair in listed] == [("Ada", 2)]
        with pytest.raises(store.NameTakenError):
            kept.join("Ada")
    finally:
        kept.close()
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (schema.SCHEMA_VERSION,)
        raw.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    raw.close()
    with pytest.raises(sqlite3.DatabaseError, match="made by a newer dashboard"):
        Store(db)


def a_line_from_before_tokens(minute: int, light: str = "red") -> str:
    """A history line as the first coach wrote it, with the fields it knew."""
    run = a_run(minute, light)
    fields = {"time": f"2026-03-14T09:{minute:02}:00Z", "stage": 1, "scenario": run.scenario}
    return json.dumps(
        fields | {"light": light, "passed": run.passed, "reached": 1, "passed_at_once": False}
    )


def test_after_an_upgrade_a_pair_from_before_tokens_is_kept_by_those_whose_lights_they_are(
    tmp_path: Path,
) -> None:
    """Before tokens, a pair was its name: after the upgrade, the first to join with that name
    took the pair and its lights, and the pair whose lights they were was told the name was
    taken. Now a join with the name is taken on trust only until its workspace posts a light:
    the pair it is, if one of the lights is theirs; refused as a name taken, if none is."""
    db = tmp_path / "dojo.sqlite3"
    first = a_line_from_before_tokens(0)
    with closing(sqlite3.connect(db)) as raw, raw:
        raw.executescript(schema.FIRST_SCHEMA)
        raw.execute("INSERT INTO dojo VALUES ('code', 'KXRM-AWFH')")
        raw.execute("INSERT INTO pairs (name, joined) VALUES ('Ada', '2026-03-14T09:00:00Z')")
        raw.execute(
            "INSERT INTO lights (pair, time, line, received) VALUES (1, ?, ?, ?)",
            (json.loads(first)["time"], first, "2026-03-14T09:00:00Z"),
        )
    real, other = tmp_path / "real", tmp_path / "other"
    real.mkdir()
    (real / history.HISTORY).write_text(f"{first}\n{a_line_from_before_tokens(1, 'green')}\n")
    save_settings(real, joined.Joined("http://127.0.0.1:9", "KXRMAWFH", "Ada"))  # no token
    write_history(other, a_run(5, "green"))
    served = Dashboard(db)
    said: list[str] = []
    try:
        # another pair, who choose the same name, join first
        assert client.join(other, served.url, served.code, "Ada", said.append) == 0
        assert said[-1] == (
            f"dojo: {served.url} refused the lines (another pair is called 'Ada': choose another"
            " NAME): `make join` again"
        )
        assert (other / joined.OUTBOX).exists()  # their lines are kept
        assert client.join(real, served.url, served.code, "Ada", said.append) == 0
        assert said[-1] == (
            f"Joined the dojo at {served.url} as Ada: each `make test` now shows there, with its"
            " code."
        )
        kept = served.lights()["Ada"]
        assert [(run["time"], run["light"]) for run in kept] == [
            ("2026-03-14T09:00:00Z", "red"),  # once, though the coach writes it otherwise now
            ("2026-03-14T09:01:00Z", "green"),
        ]
        send(other, a_run(6), said.append)
        assert said[-1] == (
            f"dojo: {served.url} refused the lines (this workspace's pair has not joined this"
            " dojo): `make join` again"  # said once: the coach knows its own command's name
        )
        assert client.join(other, served.url, served.code, "Ada", said.append) == 2
        assert client.join(other, served.url, served.code, "Bo", said.append) == 0
        assert sorted(served.lights()) == ["Ada", "Bo"]
        assert len(served.lights()["Bo"]) == 2
        assert len(served.lights()["Ada"]) == 2
    finally:
        served.stop()


def test_claims_on_a_pair_from_before_tokens_are_few_and_one_with_no_lights_is_the_first_to_post(
    tmp_path: Path,
) -> None:
    db = tmp_path / "dojo.sqlite3"
    with closing(sqlite3.connect(db)) as raw, raw:
        raw.executescript(schema.FIRST_SCHEMA)
        raw.execute("INSERT INTO pairs (name, joined) VALUES ('Ada', '2026-03-14T09:00:00Z')")
        raw.execute("INSERT INTO pairs (name, joined) VALUES ('Bo', '2026-03-14T09:00:00Z')")
        raw.execute(
            "INSERT INTO lights (pair, time, line, received) VALUES (1, ?, ?, ?)",
            ("2026-03-14T09:00:00Z", a_line_from_before_tokens(0), "2026-03-14T09:00:00Z"),
        )
    with closing(Store(db)) as kept:
        given = [kept.join("Ada").token for _ in range(claims.MOST_CLAIMS + 1)]
        with pytest.raises(store.UnknownPairError):  # the oldest claim is forgotten
            kept.add(given[0], [a_run(0)])
        assert kept.add(given[1], [a_run(0)]) == 0  # a newer one is proven
        with pytest.raises(store.UnknownPairError):  # and the others go
            kept.add(given[2], [a_run(0)])
        bo = kept.join("Bo")
        assert kept.add(bo.token, [a_run(3)]) == 1  # no lights to prove: the first post's
        with pytest.raises(store.NameTakenError):
            kept.join("Bo")


def test_running_out_of_descriptors_is_said_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    said: list[str] = []
    kept = Store(tmp_path / "dojo.sqlite3")
    served = DojoServer(kept, said.append)
    loop = asyncio.new_event_loop()
    try:
        for _ in range(3):
            served._trouble(loop, {"message": "socket.accept() out of system resource"})
        served._trouble(loop, {"message": "something else"})
        retry = "Exception in callback BaseSelectorEventLoop._start_serving(<function>)"
        served.should_exit = True  # the socket is closed before accepting is tried again
        served._trouble(loop, {"message": retry, "exception": ValueError("Invalid file descr")})
    finally:
        loop.close()
        kept.close()
    assert said == [
        "Out of file descriptors: new connections wait until some close."
        " Said once, however often it happens."
    ]
    assert served.out_of_descriptors == 3
    assert "something else" in caplog.text
    assert "_start_serving" not in caplog.text


def test_uvicorns_warnings_are_said_once_each_and_its_websocket_advice_not_at_all() -> None:
    once = server.SaidOnce()

    def record(level: int, message: str) -> logging.LogRecord:
        return logging.LogRecord("uvicorn.error", level, __file__, 1, message, (), None)

    kept = [
        (message.getMessage() if once.filter(message) else None)
        for message in [
            record(logging.WARNING, "Invalid HTTP request received."),
            record(logging.WARNING, "Invalid HTTP request received."),
            record(logging.WARNING, "No supported WebSocket library detected."),
            record(logging.ERROR, "Exception in ASGI application"),
            record(logging.ERROR, "Exception in ASGI application"),
        ]
    ]
    assert kept == [
        "Invalid HTTP request received. Said once, however often it happens.",
        None,
        None,
        "Exception in ASGI application",  # an error is a fault to mend: said each time
        "Exception in ASGI application",
    ]


def test_a_file_of_lights_that_cannot_be_loaded_is_let_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Held for one dashboard alone: one that fails as it loads the pairs must not keep it."""
    db = tmp_path / "dojo.sqlite3"

    def full(*args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store.Store, "_summarize", full)
    with closing(Store(db)) as kept:
        kept.join("Ada")
    with pytest.raises(sqlite3.OperationalError, match="disk is full"):
        Store(db)
    monkeypatch.undo()
    with closing(Store(db)) as kept:  # the file was let go
        assert [pair.name for pair in kept.board()] == ["Ada"]


def test_a_pair_from_before_tokens_removed_leaves_no_claim_on_them(tmp_path: Path) -> None:
    db = tmp_path / "dojo.sqlite3"
    with closing(sqlite3.connect(db)) as raw, raw:
        raw.executescript(schema.FIRST_SCHEMA)
        raw.execute("INSERT INTO pairs (name, joined) VALUES ('Ada', '2026-03-14T09:00:00Z')")
    with closing(Store(db)) as kept:
        claim = kept.join("Ada").token
        assert kept.remove("Ada") == 0
        with pytest.raises(store.UnknownPairError):
            kept.add(claim, [a_run(0)])
        assert kept.board() == []


def test_answers_cut_off_by_the_stop_are_said_in_one_line_not_a_traceback_each() -> None:
    """Ctrl-C while pages were still being drawn for a crowd: uvicorn cancels what is left
    after its grace and logged a traceback for each (seen on a slow machine)."""
    once = server.SaidOnce()
    try:
        raise asyncio.CancelledError("Task cancelled, timeout graceful shutdown exceeded")
    except asyncio.CancelledError:
        cut = sys.exc_info()

    def record() -> logging.LogRecord:
        return logging.LogRecord(
            "uvicorn.error", logging.ERROR, __file__, 1, "Exception in ASGI application", (), cut
        )

    first, second = record(), record()
    assert once.filter(first)
    assert (first.getMessage(), first.exc_info, first.exc_text) == (
        "Answers still being made when the dashboard stopped were cut off. Said once, however"
        " often it happens.",
        None,
        None,
    )
    assert not once.filter(second)
