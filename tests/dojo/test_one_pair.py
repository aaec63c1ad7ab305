"""Nothing one pair sends takes the board down: a light from the far future, a disk that fills,
a flood of joins, a reader who never stops. Each with the real dashboard on a real file."""

from __future__ import annotations

from collections.abc import Callable, Iterator
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
