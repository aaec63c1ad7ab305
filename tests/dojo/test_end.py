"""A dojo has an end: the facilitator ends it with their key, its clocks stop there, and no
light counts after it, whenever the dashboard is started again on the same file."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from euchre.cli import main
from euchre.dojo.store import Store
from euchre.kata.coach.dojo_client.protocol import END
from tests.dashboards import START, Dashboard, a_run, post_lines


def at(minute: float) -> datetime:
    return START + timedelta(minutes=minute)


def test_the_end_is_kept_in_the_file_and_the_first_one_stands(tmp_path: Path) -> None:
    store = Store(tmp_path / "dojo.sqlite3")
    assert store.settings.ended is None
    assert store.settings.end(at(30)) == at(30)
    assert store.settings.end(at(40)) == at(30), "ended once"
    store.close()
    again = Store(tmp_path / "dojo.sqlite3")
    assert again.settings.ended == at(30)
    again.close()


def test_after_the_end_no_minute_is_added_and_no_light_taken_even_after_a_restart(
    tmp_path: Path,
) -> None:
    db, now = tmp_path / "dojo.sqlite3", [at(0)]
    dashboard = Dashboard(db, clock=lambda: now[0], idle_after=60)
    try:
        post_lines(dashboard, a_run(0, "green"), a_run(1, scenario="Lead"))
        now[0] = at(4)
        status, said = dashboard.post(END, {"key": dashboard.store.settings.key})
        assert (status, json.loads(said)["ended"]) == (200, "2026-03-14T09:04:00Z")
        assert '<span data-red-since="2026-03-14T09:01:00Z">3 min</span>' in dashboard.get("/board")
        now[0] = at(30)
        assert "3 min</span>" in dashboard.get("/board"), "the clocks stopped at the end"
        assert "last run 3 min before the end" in dashboard.get("/board"), "not 'ago', 26 min on"
        status, said = post_lines(dashboard, a_run(29, "green"))
        assert status == 410
        assert said == "the dojo has ended: no more lights are counted\n"
        assert len(dashboard.lights()["Ada and Grace"]) == 2
    finally:
        dashboard.stop()
    now[0] = at(90)
    restarted = Dashboard(db, clock=lambda: now[0], idle_after=60)
    try:
        board = restarted.get("/board")
        assert "3 min</span>" in board
        assert "The dojo ended at " in board
        assert "idle" not in board, "no minute passes after the end"
    finally:
        restarted.stop()


def test_only_the_facilitators_key_ends_the_dojo(tmp_path: Path) -> None:
    dashboard = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        assert dashboard.post(END, {"key": "guess"}) == (
            403,
            "that is not this dojo's facilitator's key\n",
        )
        assert dashboard.store.settings.ended is None
    finally:
        dashboard.stop()


def test_the_end_command_ends_a_running_dojo_and_says_when_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dashboard = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        key = dashboard.store.settings.key
        assert main(["dojo", "end", "--dojo", dashboard.url, "--key", "wrong"]) == 2
        assert capsys.readouterr().err == (
            "euchre dojo: that is not this dojo's facilitator's key\n"
        )
        assert main(["dojo", "end", "--dojo", dashboard.url, "--key", key]) == 0
        said = capsys.readouterr().out
        assert said.startswith("The dojo has ended at ")
        assert said.endswith(": its clocks have stopped, and no more lights are counted.\n")
    finally:
        dashboard.stop()


def test_the_retrospective_counts_a_stretch_still_red_up_to_the_end_not_the_last_light(
    tmp_path: Path,
) -> None:
    """A pair red since minute 1 of a dojo ended at minute 5 spent 4 minutes in red: the board
    marked them stuck, and the retrospective asks about it, on the dashboard and from its file."""
    db, now = tmp_path / "dojo.sqlite3", [at(0)]
    dashboard = Dashboard(db, clock=lambda: now[0], stuck_after=3, idle_after=60)
    try:
        post_lines(dashboard, a_run(0, "green"), a_run(1, scenario="Lead"))
        now[0] = at(5)
        dashboard.store.settings.end(now[0])
        asked = "spent 4 min in red on “Lead”"
        assert asked in dashboard.get("/retro")
        assert "the last light at 09:05:00 UTC" not in dashboard.get("/retro")
        assert "until the dojo's end at 09:05:00 UTC" in dashboard.get("/retro")
    finally:
        dashboard.stop()
    out = tmp_path / "retro.html"
    assert main(["dojo", "retro", "--db", str(db), "--out", str(out)]) == 0
    assert asked in out.read_text(encoding="utf-8")
    archive = tmp_path / "dojo.zip"
    assert main(["dojo", "export", "--db", str(db), "--out", str(archive)]) == 0
    assert main(["dojo", "retro", str(archive), "--out", str(out)]) == 0
    assert asked in out.read_text(encoding="utf-8"), "the export keeps the end and the minutes"
