"""Nothing one pair sends takes the board down: a light from the far future, a disk that fills,
a flood of joins, a reader who never stops. Each with the real dashboard on a real file."""

from __future__ import annotations

import http.client
import http.server
import json
import os
import re
import socket
import sqlite3
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import closing, suppress
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from euchre.cli import main
from euchre.dojo import codes, guard, pages, retro, store
from euchre.dojo.board import Pair
from euchre.dojo.store import Store
from tests.dashboards import START, Dashboard, a_run, post_lines

NOW = START + timedelta(minutes=30)
"""The dashboards' clock: half an hour after the first light."""
AT_THE_END_OF_TIME = datetime(9999, 12, 31, 23, 55, tzinfo=UTC)

Start = Callable[..., Dashboard]


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Start]:
    """Start a dashboard on ``tmp_path``'s file of lights, its clock at ``NOW``."""
    started: list[Dashboard] = []

    def started_at(now: datetime = NOW) -> Dashboard:
        started.append(Dashboard(tmp_path / "dojo.sqlite3", clock=lambda: now))
        return started[-1]

    yield started_at
    for dashboard in started:
        if dashboard.thread.is_alive():
            dashboard.stop()


def test_a_light_from_more_than_five_minutes_ahead_is_refused_in_one_line(start: Start) -> None:
    dashboard = start()
    status, said = post_lines(dashboard, a_run(0), a_run(1, time=AT_THE_END_OF_TIME))
    assert (status, said) == (
        400,
        "line 2: its time, 9999-12-31T23:55:00Z, is over 5 minutes ahead of the dashboard's"
        " clock (2026-03-14T09:30:00Z)\n",
    )
    assert dashboard.lights() == {"Ada and Grace": []}  # nothing of the post was kept
    assert dashboard.request("GET", "/")[0] == 200


def test_a_light_a_few_minutes_ahead_is_taken_as_a_clock_a_little_fast(start: Start) -> None:
    dashboard = start()
    assert post_lines(dashboard, a_run(35))[0] == 200


def test_a_light_from_the_end_of_time_stored_before_is_shown_not_fatal(
    tmp_path: Path, start: Start
) -> None:
    """A file of lights from a dashboard that let it in: every page still answers."""
    store = Store(tmp_path / "dojo.sqlite3")
    store.add(store.join("Ada").token, [a_run(0, "green"), a_run(1, time=AT_THE_END_OF_TIME)])
    store.add(store.join("Grace").token, [a_run(2, "green")])
    store.close()
    dashboard = start()
    board = dashboard.get("/")
    assert 'data-pair="Ada"' in board
    assert 'data-pair="Grace"' in board
    assert "23:55:00 UTC: red" in board  # a light, not a row that cannot be drawn
    assert "23:55:00" in dashboard.get("/pairs/1")
    for page in ("/board", "/pairs/1/view", "/retro", "/api/pairs"):
        assert dashboard.request("GET", page)[0] == 200, page


def test_a_row_that_cannot_be_drawn_says_so_and_the_others_are_drawn(
    start: Start, monkeypatch: pytest.MonkeyPatch
) -> None:
    dashboard = start()
    post_lines(dashboard, a_run(0), pair="Ada")
    post_lines(dashboard, a_run(1), pair="Grace")
    drawn = pages.row_html

    def broken_for_ada(row: object, link: str) -> object:
        if getattr(row, "name", "") == "Ada":
            raise OverflowError("date value out of range")
        return drawn(row, link)  # type: ignore[arg-type]

    monkeypatch.setattr(pages, "row_html", broken_for_ada)
    board = dashboard.get("/")
    assert 'data-pair="Grace"' in board
    assert "Ada: this pair's row cannot be drawn (date value out of range)" in board


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a 256 KB tmpfs, where the machine lets the tests mount one; elsewhere a plain
    folder (``fill`` then caps the file of lights with SQLite's own page limit instead)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    command = ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)]
    try:
        mounted = subprocess.run(command, capture_output=True, check=False).returncode == 0
    except OSError:  # no mount command at all
        mounted = False
    try:
        yield disk
    finally:
        if mounted:
            subprocess.run(["umount", str(disk)], check=True)


def fill(disk: Path, store: Store) -> None:
    """Leave the file of lights no room to grow."""
    if os.statvfs(disk).f_blocks * os.statvfs(disk).f_frsize <= 1024 * 1024:  # the tmpfs
        with (disk / "filler").open("wb", buffering=0) as filler, suppress(OSError):
            while True:
                filler.write(b"x" * 1024)
    else:
        with store._lock:  # SQLite says the same as on a full disk: SQLITE_FULL
            pages = store._db.execute("PRAGMA page_count").fetchone()[0]
            store._db.execute(f"PRAGMA max_page_count = {pages}")


def test_a_full_disk_refuses_posts_with_503_and_the_board_counts_only_what_is_stored(
    small_disk: Path,
) -> None:
    said: list[str] = []
    dashboard = Dashboard(small_disk / "dojo.sqlite3", say=said.append)
    try:
        assert post_lines(dashboard, a_run(0, run="ab" * 20))[0] == 200
        fill(small_disk, dashboard.store)
        big = "x" * 190  # each light as large as a scenario may make it
        answers = [
            post_lines(dashboard, *(a_run(n + m / 10, scenario=big) for m in range(10)))
            for n in range(1, 30)
        ]
        refused = [answer for answer in answers if answer[0] != 200]
        assert refused
        assert {answer for answer in refused} == {
            (503, "the dashboard cannot store lights now (database or disk is full)\n")
        }
        joined = dashboard.post("/api/join", {"code": dashboard.code, "pair": "Late"})
        code = {"run": "ab" * 20, "diff": "+x\n" * 12_000, "files": {}}
        code_post = dashboard.post(
            "/api/code", code | {"code": dashboard.code, "token": dashboard.token("Ada and Grace")}
        )
        shown = dashboard.lights()["Ada and Grace"]
        board = dashboard.get("/")
    finally:
        dashboard.stop()
    (small_disk / "filler").unlink(missing_ok=True)  # room for reading it back
    with closing(sqlite3.connect(small_disk / "dojo.sqlite3")) as db:
        stored = db.execute("SELECT COUNT(*) FROM lights").fetchone()[0]
    assert code_post == (503, refused[0][1])
    assert len(shown) == stored
    assert f'aria-label="{stored} run' in board
    assert joined[0] == 503 or 'data-pair="Late"' in board  # a join whose pair is not kept...
    assert joined[0] == 200 or 'data-pair="Late"' not in board  # ...is not shown
    assert [line for line in said if "disk is full" in line] == [
        "Posts refused: the file of lights cannot be written (database or disk is full). Said once."
    ]


def joins(dashboard: Dashboard, name: str, source: str, token: str = "") -> tuple[int, str]:
    """A join posted from the address ``source``."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", dashboard.port, timeout=5, source_address=(source, 0)
    )
    try:
        body = json.dumps({"code": dashboard.code, "pair": name, "token": token})
        connection.request("POST", "/api/join", body=body)
        answer = connection.getresponse()
        return answer.status, answer.read().decode()
    finally:
        connection.close()


def test_joins_are_capped_per_address_and_in_all(
    dashboard: Dashboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MOST_PAIRS", guard.JOINS_PER_CLIENT + 2)
    answers = [joins(dashboard, f"Pair {n}", "127.0.0.1") for n in range(guard.JOINS_PER_CLIENT)]
    assert {status for status, _ in answers} == {200}
    assert joins(dashboard, "One too many", "127.0.0.1") == (
        429,
        f"{guard.JOINS_PER_CLIENT} pairs have joined from this address: ask the facilitator\n",
    )
    token = json.loads(answers[0][1])["token"]
    assert joins(dashboard, "Pair 0, renamed", "127.0.0.1", token)[0] == 200
    assert joins(dashboard, "Next door", "127.0.0.2")[0] == 200
    assert joins(dashboard, "Across the room", "127.0.0.3")[0] == 200
    assert joins(dashboard, "Late", "127.0.0.4") == (
        403,
        f"the dojo is full: {guard.JOINS_PER_CLIENT + 2} pairs have joined\n",
    )
    assert "Refused: dojo full: 1, joins from one address: 1" in dashboard.get("/")


Remove = Callable[..., tuple[int, str, str]]


@pytest.fixture
def remove(dashboard: Dashboard, capsys: pytest.CaptureFixture[str]) -> Remove:
    """`euchre dojo remove NAME... --dojo URL --key KEY`, as the facilitator runs it: the status
    and what it printed, on its output and its errors."""

    def removed(*names: str, key: str | None = None) -> tuple[int, str, str]:
        key = dashboard.store.settings.key if key is None else key
        status = main(["dojo", "remove", *names, "--dojo", dashboard.url, "--key", key])
        said = capsys.readouterr()
        return status, said.out, said.err

    return removed


def test_the_facilitator_removes_a_pair_and_all_their_lights(
    dashboard: Dashboard, remove: Remove
) -> None:
    post_lines(dashboard, a_run(0), pair="Ada")
    post_lines(dashboard, a_run(1), a_run(2), pair="Made up")
    assert remove("Made up") == (0, "Removed 'Made up' and their 2 light(s).\n", "")
    assert 'data-pair="Made up"' not in dashboard.get("/")
    assert list(dashboard.lights()) == ["Ada"]
    assert post_lines(dashboard, a_run(2), pair="Made up") == (
        403,
        "this workspace's pair has not joined this dojo\n",
    )
    assert joins(dashboard, "Made up", "127.0.0.1")[0] == 200  # the name is free again


def test_the_facilitator_hides_a_pair_who_left_from_the_board_and_their_next_light_shows_them(
    dashboard: Dashboard, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hidden, not removed: their runs stay in the retrospective and the export."""
    post_lines(dashboard, a_run(0), pair="Ada")
    post_lines(dashboard, a_run(1), pair="Left early")
    key = dashboard.store.settings.key
    assert main(["dojo", "hide", "Left early", "--dojo", dashboard.url, "--key", key]) == 0
    assert capsys.readouterr().out == "Hid 'Left early' from the board; their runs are kept.\n"
    assert 'data-pair="Left early"' not in dashboard.get("/board")
    assert "Left early" in dashboard.get("/retro")
    assert list(dashboard.lights()) == ["Ada", "Left early"]
    assert main(["dojo", "hide", "Bob", "--dojo", dashboard.url, "--key", key]) == 2
    assert capsys.readouterr().err == "euchre dojo: no pair is called 'Bob'\n"
    assert dashboard.post("/api/hide", {"key": key}) == (400, "no pair's name\n")
    post_lines(dashboard, a_run(2), pair="Left early")
    assert 'data-pair="Left early"' in dashboard.get("/board"), "back, with a light"
    dashboard.store.hide("Left early")
    dashboard.stop()
    restarted = Store(dashboard.store.path)
    try:
        assert [listed.name for listed in restarted.board()] == ["Ada"], "kept in the file"
    finally:
        restarted.close()


def test_removing_with_a_wrong_key_or_an_unknown_name_is_one_line(
    dashboard: Dashboard, remove: Remove
) -> None:
    post_lines(dashboard, a_run(0), pair="Ada")
    assert remove("Ada", key="not-the-key") == (
        2,
        "",
        "euchre dojo: that is not this dojo's facilitator's key\n",
    )
    assert remove("Bob") == (2, "", "euchre dojo: no pair is called 'Bob'\n")
    assert dashboard.post("/api/remove", {"key": dashboard.store.settings.key}) == (
        400,
        "no pair's name\n",
    )
    assert list(dashboard.lights()) == ["Ada"]
    assert "Refused: bad post: 1, wrong key: 1" in dashboard.get("/")


def test_guessing_the_facilitators_key_locks_the_guesser_out(
    dashboard: Dashboard, remove: Remove
) -> None:
    post_lines(dashboard, a_run(0), pair="Ada")
    for _ in range(guard.WRONG_CODES):
        assert remove("Ada", key="a guess")[0] == 2
    assert remove("Ada") == (2, "", "euchre dojo: too many wrong keys: try again later\n")
    assert list(dashboard.lights()) == ["Ada"]


def test_the_retrospective_is_worked_out_once_between_lights(
    dashboard: Dashboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    post_lines(dashboard, a_run(0), a_run(1, "green"), pair="Ada")
    read: list[object] = []
    read_store = retro.read_store

    def counted(kept: Store) -> tuple[list[Pair], dict[int, int]]:
        read.append(kept)
        return read_store(kept)

    monkeypatch.setattr(retro, "read_store", counted)
    first = [dashboard.get("/retro") for _ in range(5)]
    assert len(read) == 1
    post_lines(dashboard, a_run(2), pair="Ada")
    after = dashboard.get("/retro")
    assert len(read) == 2
    assert "Ada" in first[0]
    assert after != first[0]


class NotADashboard(http.server.BaseHTTPRequestHandler):
    """A server that answers every post 200, with a page."""

    def do_POST(self) -> None:
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"<html>hello</html>\n")

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.mark.parametrize("command", [["remove", "Ada"], ["hide", "Ada"], ["end"]])
def test_removing_or_ending_at_what_is_not_a_dashboard_is_one_line(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    with closing(socket.socket()) as unused:
        unused.bind(("127.0.0.1", 0))
        nowhere = f"http://127.0.0.1:{unused.getsockname()[1]}"
        assert main(["dojo", *command, "--dojo", nowhere, "--key", "k"]) == 2
    assert capsys.readouterr().err.startswith(
        f"euchre dojo: cannot reach the dashboard at {nowhere}: "
    )
    assert main(["dojo", *command, "--dojo", "dojo:80", "--key", "k"]) == 2
    assert capsys.readouterr().err == (
        "euchre dojo: --dojo 'dojo:80' is not a dashboard's address (http://HOST:PORT)\n"
    )
    with http.server.HTTPServer(("127.0.0.1", 0), NotADashboard) as other:
        threading.Thread(target=other.handle_request, daemon=True).start()
        elsewhere = f"http://127.0.0.1:{other.server_address[1]}"
        assert main(["dojo", *command, "--dojo", elsewhere, "--key", "k"]) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo: {elsewhere} answered, but not as a dashboard does\n"
    )


class EndsAtNoTime(http.server.BaseHTTPRequestHandler):
    """A server that answers an end as a dashboard would, but with no time in it."""

    def do_POST(self) -> None:
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b'{"ended": "soon"}')

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_an_end_answered_with_no_time_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with http.server.HTTPServer(("127.0.0.1", 0), EndsAtNoTime) as other:
        threading.Thread(target=other.handle_request, daemon=True).start()
        elsewhere = f"http://127.0.0.1:{other.server_address[1]}"
        assert main(["dojo", "end", "--dojo", elsewhere, "--key", "k"]) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo: {elsewhere} answered, but not as a dashboard does\n"
    )


def test_the_facilitators_key_is_one_a_command_line_takes_as_a_value() -> None:
    """A key that began with "-" was taken for an option: `--key -a4fk…` was refused."""
    keys = {codes.new_key() for _ in range(200)}
    assert all(re.fullmatch("[0-9a-f]{24}", key) for key in keys)
    assert len(keys) == 200
