"""The coach's side of the dojo: the address a pair joins, and lights kept through a lockout.

A real dashboard (tests/dashboards.py) on 127.0.0.1; its guard's clock is the test's, so that a
lockout ends without waiting for it.
"""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path

import pytest

from euchre.dojo import guard
from euchre.kata.coach import keeping
from euchre.kata.coach.dojo_client import posting
from euchre.kata.coach.dojo_client.protocol import END
from euchre.kata.coach.record import joined
from tests.dashboards import START, Dashboard, join, save_settings
from tests.workspaces import coach, write_stage


@pytest.mark.parametrize(
    "address",
    [
        "http://127.0.0.1:99999",
        "http://127.0.0.1:0",
        "http://127.0.0.1:port",
        "http://",
        "http://:8000",
        "http://dojo room:8000",
        "http://dojo\troom",
        "http://[::1",
        "http://127.0.0.1:8000/?pair=1",
        "http://127.0.0.1:8000/#board",
        "http://☃.net:8000",
        "http://%zz:8000",
    ],
)
def test_an_address_no_dashboard_can_have_is_refused_at_join_and_not_saved(
    workspace: Path, address: str
) -> None:
    code, said = coach(workspace, "join", address, "KXR-MAW", "Ada and Grace")
    assert (code, said) == (
        2,
        [
            f"make join: DOJO={address!r} is not an address like http://192.168.1.20:8000"
            " (http or https, a host, and a port from 1 to 65535 if one is given)"
        ],
    )
    assert not (workspace / joined.SETTINGS).exists()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The dashboard's clock for lockouts, which the test moves; and each run a minute after
    the last, as a learner's are (two runs in one second would be one light)."""
    now = [1000.0]
    monkeypatch.setattr("euchre.dojo.server.Guard", lambda say: guard.Guard(lambda: now[0], say))
    minutes = iter(range(1000))
    monkeypatch.setattr(keeping, "now", lambda: START + timedelta(minutes=next(minutes)))
    return now


def lock_out(dashboard: Dashboard) -> None:
    """Wrong join codes from this machine's address, as another pair behind the same NAT sends."""
    for attempt in range(guard.WRONG_CODES):
        status, text = dashboard.post("/api/join", {"code": f"WRONG{attempt}", "pair": "Eve"})
        assert status == 403, text


def test_a_pair_with_their_token_keeps_posting_while_their_address_is_locked_out(
    workspace: Path, clock: list[float], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another pair behind the same NAT guessed codes: the lockout is theirs, not this pair's."""
    dashboard = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        write_stage(workspace, 1, "passes")
        join(workspace, dashboard)
        for _ in range(7):
            assert coach(workspace, "test")[0] == 0
        lock_out(dashboard)
        capsys.readouterr()
        for _ in range(2):
            assert coach(workspace, "test")[0] == 0
        assert "dojo:" not in capsys.readouterr().err
        assert len(dashboard.lights()["Ada and Grace"]) == 9
        assert not (workspace / joined.OUTBOX).exists()
        status, _ = dashboard.post("/api/join", {"code": dashboard.code, "pair": "Eve"})
        assert status == 429, "the address itself is still locked out"
    finally:
        dashboard.stop()


def test_a_pair_who_must_join_first_while_locked_out_keep_their_lights(
    workspace: Path, clock: list[float], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """They joined while the dashboard could not be reached: their runs join first."""
    dashboard = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        write_stage(workspace, 1, "passes")
        save_settings(workspace, joined.Joined(dashboard.url, dashboard.code, "Ada and Grace"))
        lock_out(dashboard)
        assert coach(workspace, "test")[0] == 0
        assert (
            "answered 429 (too many wrong join codes: try again in 10 min): lines kept"
            in capsys.readouterr().err
        )
        assert len((workspace / joined.OUTBOX).read_text().splitlines()) == 1
        clock[0] += guard.LOCKOUT + 1
        assert coach(workspace, "test")[0] == 0
        assert len(dashboard.lights()["Ada and Grace"]) == 2
        assert json.loads((workspace / joined.SETTINGS).read_text())["token"]
    finally:
        dashboard.stop()


def test_an_outbox_that_cannot_be_written_costs_the_run_nothing_but_a_warning(
    workspace: Path, dashboard: Dashboard, capsys: pytest.CaptureFixture[str]
) -> None:
    write_stage(workspace, 1, "passes")
    join(workspace, dashboard)
    (workspace / joined.OUTBOX).mkdir()
    code, said = coach(workspace, "test")
    assert code == 0
    assert said[0].startswith("🟢 Stage 1 of 10")
    assert "warning: dojo: this run's light is not queued for the dojo (Is a directory)" in (
        capsys.readouterr().err
    )
    assert (workspace / joined.OUTBOX).is_dir(), "left where it is"


@pytest.mark.parametrize(
    "address",
    [
        "http://192.168.1.20:8000",
        "https://[::1]:8000",
        "http://dojo-room.local",
        "HTTP://dojo_room:65535/under/a/path",
        "http://ada:secret@10.0.0.2:8000",
    ],
)
def test_an_address_a_dashboard_can_have_is_one(address: str) -> None:
    assert posting.is_address(address)


class _NotADashboard(http.server.BaseHTTPRequestHandler):
    """Another web server where the dashboard was: a hotel's captive portal, a program started
    on the port the dashboard left, answering any post as it likes."""

    answer = (200, "text/html", b"<html>Welcome to the hotel's Wi-Fi: sign in</html>")

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        status, kind, body = self.answer
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize(
    "answer",
    [
        (200, "text/html", b"<html>Welcome to the hotel's Wi-Fi: sign in</html>"),
        (200, "application/json", b'{"ok": true}'),
        (405, "text/plain", b"Method Not Allowed"),
        (401, "text/plain", b"Unauthorized"),
        (408, "text/plain", b"the request took over 5 s to arrive"),
    ],
)
def test_lines_answered_by_what_is_not_the_dashboard_are_kept_for_the_next_run(
    workspace: Path,
    clock: list[float],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    answer: tuple[int, str, bytes],
) -> None:
    """A 200 that was not the dashboard's answer emptied the outbox, silently: the lights were
    never shown, though the next run reached the dashboard again. Only the dashboard's own
    answers take lines off the queue."""
    dashboard = Dashboard(tmp_path / "dojo.sqlite3")
    write_stage(workspace, 1, "passes")
    join(workspace, dashboard)
    port = dashboard.port
    dashboard.stop()
    handler = type("Answering", (_NotADashboard,), {"answer": answer})
    other = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    serving = threading.Thread(target=other.serve_forever, daemon=True)
    serving.start()
    try:
        for _ in range(2):
            assert coach(workspace, "test")[0] == 0
    finally:
        other.shutdown()
        other.server_close()
    assert len((workspace / joined.OUTBOX).read_text().splitlines()) == 2
    assert f"answered {answer[0]}" in capsys.readouterr().err
    again = Dashboard(tmp_path / "dojo.sqlite3", port=port)
    try:
        assert coach(workspace, "test")[0] == 0
        assert len(again.lights()["Ada and Grace"]) == 3
    finally:
        again.stop()


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/null"])
def test_an_outbox_that_is_not_a_regular_file_costs_the_run_a_warning_not_a_hang(
    workspace_in_git: Path, kind: str
) -> None:
    """A pipe in place of the outbox hung make test for ever, waiting for a reader; a link to
    /dev/null took every light and kept none."""
    workspace = workspace_in_git  # its first run is red: the learner's model is not written
    save_settings(workspace, joined.Joined("http://127.0.0.1:9", "KXRMAW", "Ada and Grace", "t"))
    outbox = workspace / joined.OUTBOX
    if kind == "fifo":
        os.mkfifo(outbox)
    else:
        outbox.symlink_to(os.devnull)
    done = subprocess.run(
        [sys.executable, "-m", "euchre.kata.coach", "test"],
        cwd=workspace,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr == (
        "warning: dojo: this run's light is not queued for the dojo (not a regular file)\n"
    )


def test_after_the_dojo_ends_a_runs_line_is_not_sent_and_said_so_once(
    workspace: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dashboard = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        write_stage(workspace, 1, "passes")
        join(workspace, dashboard)
        assert dashboard.post(END, {"key": dashboard.store.settings.key})[0] == 200
        capsys.readouterr()
        assert coach(workspace, "test")[0] == 0
        warned = [line for line in capsys.readouterr().err.splitlines() if "dojo:" in line]
        assert warned == [
            f"warning: dojo: the dojo at {dashboard.url} has ended: 1 line(s) not sent"
        ]
        outbox = workspace / joined.OUTBOX
        assert not outbox.exists() or outbox.read_text() == "", "the line is not kept"
        assert len(dashboard.lights()["Ada and Grace"]) == 0
    finally:
        dashboard.stop()
