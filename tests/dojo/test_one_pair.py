"""Nothing one pair sends takes the board down: a light from the far future, a disk that fills,
a flood of joins, a reader who never stops. Each with the real dashboard on a real file."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from contextlib import closing, suppress
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from euchre.dojo import pages
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
    store.add(store.join("Ada").token, [a_run(0), a_run(1, time=AT_THE_END_OF_TIME)])
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
