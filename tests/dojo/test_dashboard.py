"""The dojo dashboard, tested for real: uvicorn serves it on a free port of 127.0.0.1 in a thread
of this process, and the workspace's own coach posts to it over HTTP.
"""

from __future__ import annotations

import http.client
import json
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion

from euchre.dojo import app, board, pages, pair_history
from euchre.dojo.board import Pair
from euchre.dojo.codes import CODE_LETTERS, new_code, spelt
from euchre.dojo.store import Joined, Store
from euchre.kata import coach_wheel
from euchre.kata.coach.dojo_client import client, protocol
from euchre.kata.coach.dojo_client.protocol import JOIN, LIGHTS
from euchre.kata.coach.levels.chosen import LEVELS
from euchre.kata.coach.record import joined
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.reach import Reach
from tests.dashboards import (
    START,
    Dashboard,
    a_run,
    post_lines,
    save_settings,
    send,
    settings,
    write_history,
)
from tests.kata.installs import installed, with_coach
from tests.paths import ROOT
from tests.transcripts import page_text
from tests.workspaces import coach, write_stage

KATA = ROOT / "euchre" / "kata"
TEMPLATE = KATA / "workspace_files"


@pytest.fixture(scope="module")
def refusing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Dashboard]:
    """One dashboard for the posts it refuses: they leave it as it was."""
    served = Dashboard(tmp_path_factory.mktemp("refusing") / "dojo.sqlite3")
    yield served
    served.stop()


# A pair joins, and each run shows on the dashboard.


def test_a_pair_that_joins_shows_each_run_of_make_test_on_the_dashboard(
    workspace: Path, dashboard: Dashboard
) -> None:
    write_stage(workspace, 1, "is not written yet")
    coach(workspace, "test")  # a run before joining: it is sent when they join
    code, said = coach(workspace, "join", dashboard.url, dashboard.code.lower(), "Ada and Grace")
    assert code == 0
    assert said == [
        f"Joined the dojo at {dashboard.url} as Ada and Grace:"
        " each `make test` now shows there, with its code."
    ]
    assert [run["light"] for run in dashboard.lights()["Ada and Grace"]] == ["red"]

    write_stage(workspace, 1, "passes")
    started = time.monotonic()
    assert coach(workspace, "test")[0] == 0
    runs = dashboard.lights()["Ada and Grace"]
    assert time.monotonic() - started < 5
    assert [run["light"] for run in runs] == ["red", "green"]
    assert runs[-1]["scenario"] == "Scenario 1 of Dealing the hand"
    assert not (workspace / joined.OUTBOX).exists()
    assert json.loads((workspace / joined.SETTINGS).read_text())["pair"] == "Ada and Grace"


def test_runs_made_while_the_dashboard_is_down_are_kept_and_sent_with_the_next_run(
    workspace: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = Dashboard(tmp_path / "dojo.sqlite3")
    port = first.port
    assert coach(workspace, "join", first.url, first.code, "Ada and Grace")[0] == 0
    first.stop()
    write_stage(workspace, 1, "is not written yet")
    started = time.monotonic()
    assert coach(workspace, "test")[0] == 1  # the learner's loop goes on
    assert time.monotonic() - started < 5
    assert "1 line(s) kept for the next run" in capsys.readouterr().err
    assert len((workspace / joined.OUTBOX).read_text().splitlines()) == 1

    again = Dashboard(tmp_path / "dojo.sqlite3", port)
    try:
        write_stage(workspace, 1, "passes")
        assert coach(workspace, "test")[0] == 0
        assert [run["light"] for run in again.lights()["Ada and Grace"]] == ["red", "green"]
        assert not (workspace / joined.OUTBOX).exists()
    finally:
        again.stop()


def test_a_restarted_dashboard_keeps_every_light_and_its_code(tmp_path: Path) -> None:
    first = Dashboard(tmp_path / "dojo.sqlite3")
    code = first.code
    assert post_lines(first, a_run(0), a_run(3, "green"))[0] == 200
    assert post_lines(first, a_run(1), pair="Linus and Barbara")[0] == 200
    before = first.lights()
    first.stop()
    again = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        assert again.code == code
        assert again.lights() == before
        assert len(before["Ada and Grace"]) == 2
    finally:
        again.stop()


def test_a_line_sent_twice_counts_once(dashboard: Dashboard) -> None:
    assert post_lines(dashboard, a_run(0), a_run(2, "green")) == (
        200,
        '{"added":2,"duplicates":0}',
    )
    assert post_lines(dashboard, a_run(2, "green"), a_run(4)) == (
        200,
        '{"added":1,"duplicates":1}',
    )
    assert len(dashboard.lights()["Ada and Grace"]) == 3
    # the same line from another pair is theirs
    assert post_lines(dashboard, a_run(0), pair="Linus")[1] == '{"added":1,"duplicates":0}'


def test_the_client_sends_a_long_history_in_batches_under_the_size_limit(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    folder = tmp_path / "ws"
    write_history(folder, *(a_run(minute, scenario="x" * 150) for minute in range(59)))
    said: list[str] = []
    assert (
        client.join(folder, dashboard.url + "/", dashboard.code, "Ada and Grace", said.append) == 0
    )
    assert len(dashboard.lights()["Ada and Grace"]) == 59
    assert said[1:] == []


# Pages


def test_the_board_shows_a_row_per_pair_with_lights_stage_cycles_and_red_minutes(
    tmp_path: Path, transcript: SnapshotAssertion
) -> None:
    now = START + timedelta(hours=2)
    dashboard = Dashboard(tmp_path / "dojo.sqlite3", clock=lambda: now)
    runs = [
        a_run(0, "red"),
        a_run(1, "green", passed_at_once=False),
        a_run(2, "green", passed_at_once=True),
        a_run(3, "amber"),
        a_run(4, "green", stage=2, scenario="Team 1 Player 1 leads", reached=5, passed=5),
    ]
    runs.append(Line(now - timedelta(minutes=12), 2, "Team 1 Player 1 leads", "red", 4, 5))
    post_lines(dashboard, *runs)
    dashboard.post("/api/join", {"code": dashboard.code, "pair": "Linus and Barbara"})
    page = dashboard.get("/")
    assert page.index('data-pair="Ada and Grace"') < page.index('data-pair="Linus and Barbara"')
    row = page[page.index('data-pair="Ada and Grace"') :]
    assert [f'light {kind}"' in row for kind in ("red", "green", "at-once", "amber")] == [True] * 4
    assert '<span class="cycles" title="red-to-green cycles">1</span>' in row
    # 12 min without green: stuck, so shown first; and 12 min without a run: idle
    assert '<li class="pair stuck idle"' in page
    assert "new EventSource" in page
    assert dashboard.get("/board").startswith('<section class="room"')
    dashboard.stop()
    assert page_text(page) == transcript


def test_an_empty_board_says_how_pairs_join(dashboard: Dashboard) -> None:
    page = dashboard.get("/")
    assert f"make join DOJO={dashboard.url} CODE=&lt;the code&gt;" in page
    assert dashboard.code not in page  # the code is read aloud, not shown to the network


def test_a_pairs_view_shows_their_progress_as_make_progress_does(
    tmp_path: Path, transcript: SnapshotAssertion
) -> None:
    dashboard = Dashboard(tmp_path / "dojo.sqlite3", clock=lambda: START + timedelta(minutes=8))
    post_lines(dashboard, a_run(0), a_run(5, "green"), a_run(6, "green", passed_at_once=True))
    page = dashboard.get("/pairs/1")
    assert 'last run <span class="light at-once">★</span> 1 of 1' in page
    assert 'data-live="/pairs/1/view"' in page
    assert dashboard.get("/pairs/1/view").startswith('<section class="pair-view"')
    dashboard.stop()
    assert page_text(page) == transcript


def test_an_unknown_pair_is_not_found(dashboard: Dashboard) -> None:
    assert dashboard.request("GET", "/pairs/7")[:2] == (404, "no such pair\n")
    assert dashboard.request("GET", "/pairs/7/view")[0] == 404


def test_html_in_names_and_scenarios_is_shown_as_text_everywhere(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    name = "<script>alert(1)</script>"
    post_lines(dashboard, a_run(0, scenario='"><img src=x onerror=alert(2)>'), pair=name)
    for path in ("/", "/board", "/pairs/1", "/pairs/1/view"):
        page = dashboard.get(path)
        assert "<script>alert" not in page, path
        assert "<img" not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path
        assert "&#34;&gt;&lt;img src=x onerror=alert(2)&gt;" in page, path
    folder = tmp_path / "ws"
    write_history(folder, a_run(0, scenario="<b>bold</b>"))
    save_settings(folder, joined.Joined("http://127.0.0.1:9", "X", name))
    html = pages.report(board_pairs(folder), START)
    assert "<script>alert" not in html
    assert "&lt;b&gt;bold&lt;/b&gt;" in html


def board_pairs(folder: Path) -> list[Pair]:
    from euchre.dojo.report import read_workspaces

    return read_workspaces([folder], pytest.fail)


def test_pages_run_only_their_own_script(dashboard: Dashboard) -> None:
    _, page, headers = dashboard.request("GET", "/")
    policy = headers["content-security-policy"]
    nonce = policy.split("'nonce-")[1].split("'")[0]
    assert f'<script nonce="{nonce}">' in page
    assert "default-src 'none'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert "script-src 'none'" in dashboard.request("GET", "/board")[2]["content-security-policy"]


def test_the_api_shows_the_lights_and_nothing_else(dashboard: Dashboard) -> None:
    post_lines(dashboard, a_run(0))
    shown = json.loads(dashboard.get("/api/pairs"))
    assert shown == {
        "pairs": [{"id": 1, "pair": "Ada and Grace", "runs": [json.loads(a_run(0).to_json())]}],
        "page": 1,
        "pages": 1,
    }


# Bad input: each refused with a 4xx and one line saying why.


CODE = "{code}"
"""Stands for this dashboard's join code in a bad post."""
A_LIGHT: dict[str, Any] = {"code": CODE, "pair": "Ada"}
"""The start of a post of lights, whose second line is the bad one."""
BAD_POSTS: list[tuple[str, str, Any]] = [
    ("not JSON", LIGHTS, b"{not json"),
    ("not UTF-8", LIGHTS, b"\xff\xfe"),
    ("a list", LIGHTS, b"[1, 2]"),
    ("nested too deeply", LIGHTS, b"[" * 1900 + b"]" * 1900),
    ("no join code", JOIN, {"pair": "Ada"}),
    ("a wrong join code", JOIN, {"code": "WRONG1", "pair": "Ada"}),
    ("a join code that is a number", JOIN, {"code": 7, "pair": "Ada"}),
    ("no pair's name", JOIN, {"code": CODE}),
    ("a token that is a number", JOIN, {"code": CODE, "token": 7}),
    ("an empty name", JOIN, {"code": CODE, "pair": ""}),
    ("a name of 41 characters", JOIN, {"code": CODE, "pair": "x" * 41}),
    ("a name with a line break", JOIN, {"code": CODE, "pair": "Ada\nGrace"}),
    ("a name that starts with a space", JOIN, {"code": CODE, "pair": " Ada"}),
    ("no lines", LIGHTS, A_LIGHT),
    ("an empty list of lines", LIGHTS, A_LIGHT | {"lines": []}),
    ("51 lines", LIGHTS, A_LIGHT | {"lines": [{}] * 51}),
    ("a line that is a number", LIGHTS, A_LIGHT | {"lines": [7]}),
    ("40 lines with no time", LIGHTS, A_LIGHT | {"lines": [{"a": [[[[[[]]]]]]}] * 40}),
    ("a purple light", LIGHTS, {"light": "purple"}),
    ("stage 11", LIGHTS, {"stage": 11}),
    ("2 of 1 passed", LIGHTS, {"passed": 2}),
    ("a scenario of 201 characters", LIGHTS, {"scenario": "x" * 201}),
    ("a time before UTC's first", LIGHTS, {"time": "0001-01-01T00:00:00+05:00"}),
    ("a scenario with a lone surrogate", LIGHTS, {"scenario": "\ud800"}),
    ("a failing scenario of 201 characters", LIGHTS, {"failing": "x" * 201}),
    ("a failing scenario with a lone surrogate", LIGHTS, {"failing": "\ud800"}),
    ("a files' hash with a lone surrogate", LIGHTS, {"files_hash": "\ud800"}),
    ("a specification's hash with a lone surrogate", LIGHTS, {"specified": "\ud800"}),
]
"""What a careless or hostile client may post, each with the path it is posted to; a dict with
neither a code nor a pair is the fields of a bad second line of lights."""


def test_a_bad_post_is_refused_with_a_one_line_reason(
    refusing: Dashboard, transcript: SnapshotAssertion
) -> None:
    dashboard = refusing
    said = []
    for name, path, body in BAD_POSTS:
        if isinstance(body, dict) and "code" not in body and "pair" not in body:
            good = json.loads(a_run(0).to_json())
            body = {"code": dashboard.code, "pair": "Ada", "lines": [good, good | body]}
        elif isinstance(body, dict) and body.get("code") == CODE:
            body = body | {"code": dashboard.code}
        status, text = dashboard.post(path, body)
        assert text.endswith("\n")
        assert text.count("\n") == 1
        said.append(f"{name}: POST {path}\n  {status} {text}")
    assert dashboard.lights() == {}
    assert "".join(said) == transcript


@pytest.mark.parametrize("path", ["/api/join", "/api/lights", "/api/code"])
@pytest.mark.parametrize("token", ["\ud800", "x" * 65, "no spaces"])
def test_a_token_no_pair_could_have_is_a_bad_post_not_a_crash(
    refusing: Dashboard, caplog: pytest.LogCaptureFixture, path: str, token: str
) -> None:
    """A lone surrogate ("\\ud800", which JSON allows) cannot be stored nor looked up."""
    line = json.loads(a_run(0).to_json())
    fields = {"pair": "Ada", "lines": [line], "run": "a" * 40, "diff": "", "files": {}}
    body = json.dumps({"code": refusing.code, "token": token, **fields}).encode()
    assert refusing.post(path, body) == (400, "the token is not one a pair is given\n")
    assert "Exception in ASGI application" not in caplog.text
    assert refusing.lights() == {}


def test_a_join_without_the_code_is_refused(dashboard: Dashboard) -> None:
    assert dashboard.post("/api/join", {"code": "AAA-AAA", "pair": "Ada"}) == (
        403,
        "that is not this dojo's join code\n",
    )
    assert dashboard.lights() == {}


def test_a_body_over_the_limit_is_refused_however_it_is_sent(dashboard: Dashboard) -> None:
    big = json.dumps({"code": dashboard.code, "pair": "Ada", "padding": "x" * 5000}).encode()
    assert dashboard.post("/api/lights", big) == (413, "the body is over 4096 bytes\n")
    connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=5)
    connection.request("POST", "/api/lights", body=iter([big[:3000], big[3000:]]))  # chunked
    answer = connection.getresponse()
    assert (answer.status, answer.read()) == (413, b"the body is over 4096 bytes\n")
    connection.close()
    bad_length = {"Content-Length": "lots"}
    assert dashboard.request("POST", "/api/join", b"", bad_length)[0] == 400


# Live updates


def read_event(stream: http.client.HTTPResponse) -> str:
    """The next event's text (its lines up to the blank one)."""
    lines = []
    while (line := stream.readline().decode()) not in ("\n", ""):
        lines.append(line.rstrip("\n"))
    return "\n".join(lines)


def test_the_event_stream_tells_of_each_change_then_ends_when_the_server_stops(
    dashboard: Dashboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "KEEP_ALIVE", 0.3)
    monkeypatch.setattr(app, "WAKE", 0.1)
    connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=5)
    connection.request("GET", "/events")
    stream = connection.getresponse()
    assert stream.getheader("content-type", "").startswith("text/event-stream")
    assert read_event(stream) == "retry: 1000"
    assert read_event(stream) == "data: 0"
    dashboard.token("Ada and Grace")  # they join
    assert read_event(stream) == "data: 1"
    started = time.monotonic()
    post_lines(dashboard, a_run(0))
    assert read_event(stream) == "data: 2"
    assert time.monotonic() - started < 1
    post_lines(dashboard, a_run(0))  # a duplicate changes nothing
    again = {"code": dashboard.code, "pair": "Ada and Grace"}
    assert dashboard.post("/api/join", again)[0] == 409  # nor another join under their name
    assert (
        dashboard.post("/api/join", again | {"token": dashboard.token("Ada and Grace")})[0] == 200
    )
    assert read_event(stream) == ": still here"
    dashboard.post("/api/join", {"code": dashboard.code, "pair": "Linus"})
    assert read_event(stream) == "data: 3"
    started = time.monotonic()
    dashboard.stop()
    assert time.monotonic() - started < 3
    connection.close()


# The coach's client: never fails the loop, keeps what it could not send


def test_a_workspace_that_has_not_joined_sends_nothing(tmp_path: Path) -> None:
    send(tmp_path, a_run(0), pytest.fail)
    assert not (tmp_path / joined.OUTBOX).exists()
    (tmp_path / joined.SETTINGS).write_text("{not json")
    send(tmp_path, a_run(0), pytest.fail)
    assert not (tmp_path / joined.OUTBOX).exists()


@pytest.mark.parametrize(
    ("address", "code", "name", "said"),
    [
        ("192.168.1.20:8000", "KXR", "Ada", "is not an address like http://192.168.1.20:8000"),
        ("http://127.0.0.1:9", " - ", "Ada", "CODE is empty: the facilitator's screen shows it"),
        ("http://127.0.0.1:9", "KXR", "", "the pair's name is empty"),
    ],
)
def test_make_join_refuses_settings_that_cannot_work(
    tmp_path: Path, address: str, code: str, name: str, said: str
) -> None:
    told: list[str] = []
    assert client.join(tmp_path, address, code, name, told.append) == 2
    assert said in told[0]
    assert not (tmp_path / joined.SETTINGS).exists()


def test_make_join_with_the_wrong_code_is_refused_and_saves_nothing(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    told: list[str] = []
    assert client.join(tmp_path, dashboard.url, "AAA-AAA", "Ada", told.append) == 2
    assert told == [
        f"make join: the dojo at {dashboard.url} said: that is not this dojo's join code"
    ]
    assert not (tmp_path / joined.SETTINGS).exists()


def test_make_join_saves_the_settings_when_the_dashboard_cannot_be_reached(
    tmp_path: Path,
) -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    write_history(tmp_path, a_run(0))
    told: list[str] = []
    assert client.join(tmp_path, f"http://127.0.0.1:{port}", "kxr-maw", "Ada", told.append) == 0
    assert told[0].startswith(f"Saved, but the dojo at http://127.0.0.1:{port} cannot be reached")
    assert joined.load(tmp_path) == joined.Joined(f"http://127.0.0.1:{port}", "KXRMAW", "Ada")
    assert told[1].startswith("dojo: could not reach")
    assert told[1].endswith("1 line(s) kept for the next run")
    assert (tmp_path / joined.OUTBOX).read_text() == a_run(0).to_json() + "\n"


def test_a_dashboard_that_does_not_answer_costs_a_run_one_second(tmp_path: Path) -> None:
    with socket.socket() as silent:  # it accepts connections, and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"http://127.0.0.1:{silent.getsockname()[1]}"
        save_settings(tmp_path, joined.Joined(address, "K", "Ada"))
        warned: list[str] = []
        started = time.monotonic()
        send(tmp_path, a_run(0), warned.append)
        assert time.monotonic() - started < client.BUDGET + 0.5
    # It may have taken them: "could not reach" was false of a dashboard that had (a
    # facilitator's pair, whose light was on the board).
    assert warned == [
        f"dojo: no answer from {address} in this run's time (what it took is not counted"
        " twice): 1 line(s) kept for the next run"
    ]
    assert len((tmp_path / joined.OUTBOX).read_text().splitlines()) == 1


def test_lines_left_when_the_time_is_up_wait_for_the_next_run(
    dashboard: Dashboard, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_settings(tmp_path, settings(dashboard))
    monkeypatch.setattr(client, "BUDGET", 0)
    warned: list[str] = []
    send(tmp_path, a_run(0), warned.append)
    assert warned == [
        f"dojo: could not reach {dashboard.url} (out of time for this run):"
        " 1 line(s) kept for the next run"
    ]
    monkeypatch.setattr(client, "BUDGET", 1.0)
    send(tmp_path, a_run(1), pytest.fail)
    assert len(dashboard.lights()["Ada and Grace"]) == 2


def test_a_refused_code_keeps_the_lines_and_says_to_join_again(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    save_settings(tmp_path, joined.Joined(dashboard.url, "AAA-AAA", "Ada"))
    warned: list[str] = []
    send(tmp_path, a_run(0), warned.append)
    assert warned == [
        f"dojo: {dashboard.url} refused the lines (that is not this dojo's join code):"
        " `make join` again"
    ]
    assert (tmp_path / joined.OUTBOX).exists()


def test_an_address_that_is_not_a_dashboard_keeps_the_lines(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    save_settings(tmp_path, joined.Joined(dashboard.url + "/elsewhere", dashboard.code, "Ada"))
    warned: list[str] = []
    send(tmp_path, a_run(0), warned.append)
    assert warned == [f"dojo: {dashboard.url}/elsewhere answered 404: lines kept for the next run"]
    assert (tmp_path / joined.OUTBOX).exists()


def test_lines_the_dashboard_will_never_take_are_dropped_with_a_warning(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    save_settings(tmp_path, settings(dashboard))
    (tmp_path / joined.OUTBOX).write_text(
        "\n{half a line\n"
        + json.dumps(json.loads(a_run(0).to_json()) | {"stage": 99})
        + "\n"
        + a_run(1, scenario="y" * 4200).to_json()
        + "\n"
    )
    warned: list[str] = []
    send(tmp_path, a_run(2), warned.append)
    assert warned == [
        f"dojo: a line of {joined.OUTBOX} is not a run and is dropped (Expecting property"
        " name enclosed in double quotes: line 1 column 2 (char 1))",
        f"dojo: a line of {joined.OUTBOX} is not a run and is dropped (there is no stage 99:"
        " the stages are 1 to 10)",
        f"dojo: {dashboard.url} refused 1 line(s): the body is over 4096 bytes",
    ]
    assert [run["time"] for run in dashboard.lights()["Ada and Grace"]] == ["2026-03-14T09:02:00Z"]
    assert not (tmp_path / joined.OUTBOX).exists()


# The store, the board and the pages, in themselves


def test_a_join_code_is_eight_letters_easy_to_read_aloud() -> None:
    code = new_code()
    assert len(code) == 9
    assert code[4] == "-"
    assert set(code.replace("-", "")) <= set(CODE_LETTERS)
    assert not set(CODE_LETTERS) & set("IOSZBG0123456789")
    assert spelt("KXR-MAW") == "kilo x-ray romeo, mike alfa whiskey"


def test_a_pairs_reach_comes_from_their_history() -> None:
    runs = (a_run(0, reached=1), a_run(1, "green", reached=4), a_run(2, stage=2, reached=6))
    assert pair_history.reach_of(runs) == Reach(2, 2)
    assert pair_history.reach_of(runs[:2]) == Reach(1, 4)


def test_the_red_stretch_counts_from_its_first_red_run() -> None:
    now = START + timedelta(minutes=30)
    row = board.Row.of(Pair(1, "Ada", (a_run(0), a_run(5, "green"), a_run(7), a_run(9))), now)
    assert (row.red_since, row.red_minutes, row.stuck) == (START + timedelta(minutes=7), 23, True)
    calm = board.Row.of(Pair(1, "Ada", (a_run(0), a_run(5, "green"))), now)
    assert (calm.red_since, calm.red_minutes, calm.stuck) == (None, None, False)
    # An amber inside it does not start it again: "⚠ stuck 2 min" beside "1 min" in red (a
    # facilitator). The minutes shown are the stuck mark's, since the last green.
    amber = (a_run(0, "green"), a_run(27), a_run(28, "amber", amber="code"), a_run(29))
    row = board.Row.of(Pair(3, "Ken", amber), now)
    assert (row.red_since, row.red_minutes, row.stuck_minutes) == (
        START + timedelta(minutes=27),
        3,
        3,
    )
    # Nor does an amber at its end: the column was blank beside "stuck 4 min" (a facilitator).
    last_amber = board.Row.of(Pair(3, "Ken", amber[:3]), now)
    assert (last_amber.red_since, last_amber.red_minutes) == (START + timedelta(minutes=27), 3)
    only_amber = board.Row.of(Pair(3, "Ken", (a_run(0, "green"), a_run(27, "amber"))), now)
    assert (only_amber.red_since, only_amber.red_minutes) == (None, None), "no red yet"
    empty = board.Row.of(Pair(2, "Linus", ()), now)
    assert (empty.stage, empty.stage_name, empty.last) == (0, "", None)
    assert empty.progress() == ["No runs yet: their first `make test` will show here."]


def test_a_pair_at_level_examples_reads_of_examples_on_their_page_as_the_coach_told_them() -> None:
    """Edsger's page said "scenario 5 (Four cards in the kitty); … 5 of 5 reached scenarios
    pass", where the coach had told them "Rule 5 of 7: 5 of 5 examples pass": their lines count
    examples, and do not say which Rule, so the page names the Rule as the coach did, by name."""
    runs = (
        a_run(
            0, "green", level="examples", scenario="Four cards in the kitty", reached=5, passed=5
        ),
    )
    row = board.Row.of(Pair(1, "Edsger", runs), START)
    assert row.progress()[-1] == (
        "Now: stage 1 of 10, Dealing the hand (Four cards in the kitty); last run 🟢 5 of 5"
        " examples pass"
    )
    page = page_text(pages.run_page(row, 0, None, "n"))
    assert "5 of 5 examples pass" in page
    model = board.Row.of(Pair(2, "Ada", (a_run(0, "green", reached=5, passed=5),)), START)
    assert model.progress()[-1] == (
        "Now: stage 1 of 10, Dealing the hand, scenario 5 (Scenario at 0); last run 🟢 5 of 5"
        " reached scenarios pass"
    )
    assert "5 of 5 reached scenarios pass" in page_text(pages.run_page(model, 0, None, "n"))


def test_a_run_after_a_revert_shows_what_changed_since_the_files_went_back() -> None:
    """Its diff is from the green run baby steps put back, not the code thrown away: the
    page says so, where it says "since the run before" of any other."""
    runs = (
        a_run(0, "green", run="a" * 40),
        a_run(3, "red", run="b" * 40, reverted=True),
        a_run(4, "green", run="c" * 40),
    )
    row = board.Row.of(Pair(1, "Ken", runs), START)
    posted = Code("diff --git a/m.py b/m.py\n@@ -1 +1 @@\n-x\n+y\n", {})
    after = page_text(pages.run_page(row, 2, posted, "n"))
    assert "What changed since the files went back to the last green run" in after
    before = page_text(pages.run_page(row, 1, posted, "n"))
    assert "What changed since the run before" in before


def test_the_dashboard_words_what_a_run_counts_as_the_coach_does_at_every_level() -> None:
    """The dashboard reads no more of the coach than its record: its words for a level's
    counts are its own, and must stay the coach's."""
    for name, level in LEVELS.items():
        assert pair_history.counted(name) == level.counted, name
        assert (name in pair_history.WRITING_EXAMPLES) == (level.unit != "scenario"), name


def test_rows_are_ordered_by_stage_then_name() -> None:
    pairs = [
        Pair(1, "zed", (a_run(0, stage=2),)),
        Pair(2, "Bea", (a_run(0, stage=2),)),
        Pair(3, "Cal", (a_run(0, stage=1),)),
    ]
    assert [row.name for row in board.rows(pairs, START)] == ["Cal", "Bea", "zed"]


def test_light_symbols_in_progress_lines_are_drawn_and_the_rest_escaped() -> None:
    assert str(pages.lights_in_text("last run 🟥 <b> ⚡")) == (
        'last run <span class="light red">\N{MULTIPLICATION SIGN}</span> &lt;b&gt;'
        ' <span class="light at-once">★</span>'
    )


def test_the_store_counts_new_pairs_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "deep" / "dojo.sqlite3")
    joined = store.join("Ada")
    assert (joined.id, joined.new) == (1, True)
    assert store.join("Ada", joined.token) == Joined(1, joined.token, False)
    assert store.add(joined.token, [a_run(0), a_run(0)]) == 1
    kept = store.pair(1)
    assert kept is not None
    assert (kept.name, kept.runs) == ("Ada", (a_run(0),))
    assert store.pair(2) is None
    store.close()


@pytest.mark.e2e
def test_make_join_in_a_workspace_stores_the_settings_for_every_run(
    dashboard: Dashboard, tmp_path: Path
) -> None:
    """The workspace's own Makefile and coach, run as a learner runs them."""
    folder = tmp_path / "my workspace"
    coach_wheel.build(folder / ".kata")
    shutil.copy(TEMPLATE / "Makefile", folder / "Makefile")
    (folder / "pyproject.toml").write_text("")
    installed(folder, with_coach(folder))
    name = 'Ada & Grace\'s "pair"'

    def make(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["make", "--no-print-directory", *argv], cwd=folder, capture_output=True, text=True
        )

    refused = make("join")
    assert refused.returncode == 2
    assert "make join: DOJO='' is not an address like http://" in refused.stdout
    made = make("join", f"DOJO={dashboard.url}", f"CODE={dashboard.code}", f"NAME={name}")
    assert made.returncode == 0, made.stderr
    assert f"as {name}: each `make test` now shows there, with its code." in made.stdout
    saved = joined.load(folder)
    assert saved is not None
    assert saved.token
    assert saved == joined.Joined(
        dashboard.url, protocol.normal_code(dashboard.code), name, saved.token
    )
    assert dashboard.lights() == {name: []}
    ignored = (TEMPLATE / "gitignore").read_text().splitlines()
    assert joined.SETTINGS in ignored
    assert joined.OUTBOX in ignored
    assert client.SENDING in ignored


def test_the_facilitators_console_says_when_a_pair_joined_by_the_facilitators_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board keeps UTC; the person reading the console reads their own clock."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    said: list[str] = []
    served = Dashboard(
        tmp_path / "dojo.sqlite3",
        say=said.append,
        clock=lambda: datetime(2026, 11, 28, 15, 4, 5, tzinfo=UTC),
    )
    try:
        served.token("Ada and Grace")
    finally:
        served.stop()
    assert "10:04:05 Ada and Grace joined" in said, said
