"""`euchre dojo serve` and `euchre dojo report`: the facilitator's commands."""

from __future__ import annotations

import io
import os
import re
import signal
import socket
import sqlite3
import sys
import threading
import time
import urllib.request
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

import euchre.dojo
from euchre.cli import main
from euchre.dojo import banner, server
from euchre.dojo.codes import spelt
from euchre.dojo.guard import Proxies
from euchre.dojo.store import Store
from euchre.kata.coach.record import history, joined
from tests.dashboards import a_run, save_settings, write_history


def test_serve_prints_its_address_and_code_serves_the_page_and_stops_on_ctrl_c(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    seen: dict[str, str] = {}

    def visit() -> None:
        """As the facilitator would: read the banner, open the page, press Ctrl-C."""
        try:
            deadline = time.monotonic() + 10
            while "Ctrl-C" not in out.getvalue() and time.monotonic() < deadline:
                time.sleep(0.02)
            address = re.search(r"dashboard: (\S+)", out.getvalue())
            assert address is not None
            while time.monotonic() < deadline:
                try:
                    with urllib.request.urlopen(address[1], timeout=2) as page:
                        seen["page"] = page.read().decode()
                    break
                except OSError:
                    time.sleep(0.05)
        finally:
            os.kill(os.getpid(), signal.SIGINT)

    helper = threading.Thread(target=visit)
    helper.start()
    db = tmp_path / "lights" / "dojo.sqlite3"
    status = main(["dojo", "serve", "--port", "0", "--db", str(db)], stdout=out)
    helper.join()
    assert status == 0
    said = out.getvalue().splitlines()
    with closing(Store(db)) as kept:  # one program at a time holds the file
        code = kept.settings.code
    assert re.fullmatch(r"The dojo's dashboard: http://127\.0\.0\.1:\d+", said[0])
    assert said[1] == f"code: {code}  ({spelt(code)})"
    assert "Only this machine can reach it: --lan lets pairs on the local network join." in said
    assert said[-1] == f"The dashboard has stopped; its lights are kept in {db}."
    assert "No pair has joined yet" in seen["page"]


def test_serve_says_why_when_the_port_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        argv = ["dojo", "serve", "--port", str(port), "--db", str(tmp_path / "d.sqlite3")]
        assert main(argv) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo: cannot listen on 127.0.0.1 port {port}: Address already in use\n"
    )


def test_serve_refuses_a_host_that_is_not_text_before_it_makes_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A host from bytes that are not UTF-8 (as a shell passes them) was a TypeError traceback
    from the socket's bind."""
    host = os.fsdecode(b"dojo\xff.local")
    db = tmp_path / "lights" / "dojo.sqlite3"
    assert main(["dojo", "serve", "--host", host, "--port", "0", "--db", str(db)]) == 2
    assert capsys.readouterr().err == (
        "euchre dojo: --host 'dojo\\udcff.local' is not an address or a name\n"
    )
    assert not db.parent.exists()


def test_serve_says_why_when_the_file_of_lights_cannot_be_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "not a database").write_text("x" * 200)
    assert main(["dojo", "serve", "--db", str(tmp_path / "not a database")]) == 2
    assert capsys.readouterr().err.startswith(
        f"euchre dojo: cannot keep the lights in {tmp_path / 'not a database'}: file is not a"
    )


@pytest.mark.parametrize(
    ("action", "module"), [("serve", "server"), ("report", "pages"), ("retro", "pages")]
)
def test_without_the_dojo_extra_it_says_how_to_install_it(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    action: str,
    module: str,
) -> None:
    library = {"server": "uvicorn", "pages": "jinja2"}[module]
    monkeypatch.setitem(sys.modules, library, None)
    monkeypatch.delitem(sys.modules, f"euchre.dojo.{module}")
    monkeypatch.delattr(euchre.dojo, module)
    where = [str(tmp_path)] if action != "serve" else ["--db", str(tmp_path / "d.sqlite3")]
    assert main(["dojo", action, *where]) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo {action} needs the dojo extra ({library} is not installed):"
        " pip install 'euchre-kata[dojo]'\n"
    )


@pytest.mark.parametrize(
    ("case", "host", "addresses"),
    [
        ("this machine alone", "127.0.0.1", []),
        ("the local network", "0.0.0.0", ["192.168.1.20", "10.0.0.5"]),
        ("every address, none known", "::", []),
        ("a host by name", "dojo.local", []),
        ("IPv6 loopback", "::1", []),
    ],
    ids=["loopback", "local-network", "every-address", "named-host", "ipv6-loopback"],
)
def test_the_banner_says_where_pairs_join_and_loudly_when_the_network_can_reach_it(
    case: str, host: str, addresses: list[str], transcript: SnapshotAssertion
) -> None:
    lines = banner.banner(host, 8000, "KXR-MAW", Path("dojo.db"), addresses, "s3cr3t")
    assert "\n".join([f"euchre dojo serve --host {host}, on {case}:", *lines, ""]) == transcript


def test_the_banner_of_an_ended_dojo_says_so_instead_of_how_to_join(
    transcript: SnapshotAssertion,
) -> None:
    """And that the export is for after the dashboard stops: a facilitator ran it beside the
    restarted dashboard, which holds the file, and was refused."""
    ended = datetime(2026, 3, 14, 11, 30, tzinfo=UTC)
    lines = banner.banner("127.0.0.1", 8000, "KXR-MAW", Path("dojo.db"), [], "s3cr3t", ended)
    assert "\n".join([*lines, ""]) == transcript


def test_the_banner_gives_the_facilitator_s_commands_as_they_typed_the_dashboard_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make dojo` runs `.venv/bin/euchre`, which is not on the PATH: the commands the banner
    gives are typed the same way, from where the facilitator is."""
    lines = banner.banner(
        "127.0.0.1", 8000, "KXR-MAW", Path("dojo.db"), [], "k", None, ".venv/bin/euchre"
    )
    assert any(line.startswith("  .venv/bin/euchre dojo hide NAME") for line in lines)
    monkeypatch.chdir(tmp_path)
    assert banner.typed(str(tmp_path / ".venv" / "bin" / "euchre")) == ".venv/bin/euchre"
    assert banner.typed("euchre") == "euchre"  # on the PATH
    assert banner.typed(str(tmp_path / "euchre" / "__main__.py")) == "euchre"  # python -m
    elsewhere = "/opt/tools/bin/euchre"
    assert banner.typed(elsewhere) == elsewhere  # not under the folder they are in


def test_only_the_loopback_addresses_are_this_machine_alone() -> None:
    assert banner.is_loopback("localhost")
    assert banner.is_loopback("127.0.0.2")
    assert not banner.is_loopback("dojo.local")
    assert not banner.is_loopback("192.168.1.20")


def test_the_local_addresses_leave_out_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    assert all(not address.startswith("127.") for address in banner.local_addresses())

    def unknown(*args: object) -> object:
        raise socket.gaierror("no such host")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    assert banner.local_addresses() == []


def test_report_renders_the_page_from_workspaces_history_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second, third = tmp_path / "a" / "kata", tmp_path / "b" / "kata", tmp_path / "pair3"
    write_history(first, a_run(0), a_run(4, "green"))
    write_history(second, a_run(1), a_run(9))
    with (second / history.HISTORY).open("a") as file:
        file.write("{torn line\n")
    write_history(third, a_run(2, "green"))
    save_settings(third, joined.Joined("http://127.0.0.1:9", "KXR", "Ada & Grace"))
    out = tmp_path / "report" / "dojo.html"
    argv = ["dojo", "report", str(first), str(second), str(third), "--out", str(out)]
    assert main(argv) == 0
    said = capsys.readouterr()
    assert said.out == f"Wrote the dojo's page for 3 pair(s) to {out}\n"
    assert said.err == (
        f"warning: {second}: {history.HISTORY} line 3 skipped: it is not a run"
        " (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))\n"
    )
    page = out.read_text()
    assert "<script" not in page
    assert ">kata</a>" in page
    assert ">kata (2)</a>" in page
    assert ">Ada &amp; Grace</a>" in page
    assert page.count('<section class="pair-view"') == 3
    assert '<a href="#pair-2">' in page
    assert "8 min</span>" in page  # red since 09:01, and the dojo's last run was at 09:09


def test_report_refuses_a_folder_that_is_not_a_workspace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["dojo", "report", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo: {tmp_path} has no {history.HISTORY}: is it a kata workspace?\n"
    )


@pytest.mark.parametrize("port", ["70000", "-1"])
def test_serve_refuses_a_port_out_of_range_before_it_makes_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], port: str
) -> None:
    db = tmp_path / "lights" / "dojo.sqlite3"
    assert main(["dojo", "serve", "--port", port, "--db", str(db)]) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo: --port {port} is not a port: 0 to 65535 (0 for any free one)\n"
    )
    assert not db.parent.exists()


def test_report_refuses_an_out_it_cannot_write_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "kata"
    write_history(workspace, a_run(0))
    (tmp_path / "a file").write_text("kept")
    page = tmp_path / "page.html"
    page.write_text("the old page")
    for out, why in [
        (tmp_path, "is a folder"),
        (Path("/dev/full"), "is not a regular file"),
        (tmp_path / "a file" / "page.html", "cannot be written"),
        (tmp_path / ("x" * 300), "cannot be written: File name too long"),  # a traceback before
    ]:
        assert main(["dojo", "report", str(workspace), "--out", str(out)]) == 2, out
        said = capsys.readouterr().err
        assert said.startswith(f"euchre dojo: --out {out} {why}"), said
        assert said.count("\n") == 1
    assert Path("/dev/full").is_char_device()
    assert (tmp_path / "a file").read_text() == "kept"
    assert main(["dojo", "report", str(workspace), "--out", str(page)]) == 0
    assert page.read_text().startswith("<!doctype html>")
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == []


def test_serve_refuses_a_file_of_lights_another_dashboard_holds_or_another_programs_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In this process, as `tests/dojo/test_server.py` does with real ones."""
    held, theirs = tmp_path / "held.sqlite3", tmp_path / "theirs.sqlite3"
    with closing(sqlite3.connect(theirs)) as database:
        database.execute("CREATE TABLE pairs (name TEXT, score INTEGER)")
    with closing(Store(held)):
        assert main(["dojo", "serve", "--port", "0", "--db", str(held)]) == 2
        assert main(["dojo", "serve", "--port", "0", "--db", str(theirs)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"euchre dojo: cannot keep the lights in {held}: another program has it open (is a"
        " dashboard already running with it?)",
        f"euchre dojo: cannot keep the lights in {theirs}: it is another program's database"
        " (tables: pairs), not a dojo's file of lights: choose another --db",
    ]


@pytest.mark.parametrize("proxies", ["proxy.local", "127.0.0.1,", "10.0.0.0/33", ""])
def test_serve_refuses_proxies_that_are_not_addresses_before_it_makes_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], proxies: str
) -> None:
    db = tmp_path / "lights" / "dojo.sqlite3"
    argv = ["dojo", "serve", "--db", str(db), "--forwarded-allow-ips", proxies]
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo: --forwarded-allow-ips {proxies!r} is not a list of addresses or networks\n"
    )
    assert not db.parent.exists()


def test_proxies_are_addresses_networks_or_anyone() -> None:
    assert [
        address in Proxies("10.0.0.0/8, ::1") for address in ("10.1.2.3", "::1", "11.0.0.1")
    ] == [
        True,
        True,
        False,
    ]
    assert "127.0.0.2" not in Proxies("127.0.0.1")
    assert "127.0.0.1" not in Proxies(None)  # no one's, unless named
    assert "unknown" not in Proxies("127.0.0.1")
    assert "unknown" in Proxies("*")
    assert "192.168.1.9" in Proxies("127.0.0.1,*")
    # as uvicorn reads them, so that it believes the same ones
    assert [Proxies(named).named for named in (" * ", "127.0.0.1/8, ::1", "10.0.0.7")] == [
        "*",
        "127.0.0.0/8,::1/128",
        "10.0.0.7/32",
    ]


@pytest.mark.parametrize("option", ["--stuck-after", "--idle-after"])
@pytest.mark.parametrize("minutes", ["0", "-3", "ten", "1441", "2.5", "9" * 5000])
def test_serve_refuses_minutes_that_are_not_minutes_before_it_makes_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], minutes: str, option: str
) -> None:
    db = tmp_path / "lights" / "dojo.sqlite3"
    assert main(["dojo", "serve", "--db", str(db), f"{option}={minutes}"]) == 2
    said = capsys.readouterr().err
    assert said == f"euchre dojo: {option} {minutes!r} is not a number of minutes: 1 to 1440\n"
    assert not db.parent.exists()


def test_serve_gives_the_dashboard_the_minutes_after_which_a_pair_is_stuck_or_idle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    given: list[tuple[int, int]] = []

    class Served(server.DojoServer):
        def __init__(
            self, *args: object, stuck_after: int, idle_after: int, **named: object
        ) -> None:
            given.append((stuck_after, idle_after))

        def run(self, sockets: object = None) -> None:
            pass

    monkeypatch.setattr(server, "DojoServer", Served)
    for number, (argv, minutes) in enumerate(
        [([], (10, 5)), (["--stuck-after", "4", "--idle-after", "7"], (4, 7))]
    ):
        db = tmp_path / f"{number}.sqlite3"
        assert main(["dojo", "serve", "--port", "0", "--db", str(db), *argv]) == 0
        assert given.pop() == minutes


def test_serve_stopped_by_ctrl_c_says_its_lights_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However uvicorn passes Ctrl-C on (a KeyboardInterrupt out of its run, as here, or none),
    the dashboard says it stopped and exits 0: the same, without the real signal's timing."""

    def interrupted(self: object, sockets: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(server.DojoServer, "run", interrupted)
    out = io.StringIO()
    db = tmp_path / "dojo.sqlite3"
    assert main(["dojo", "serve", "--port", "0", "--db", str(db)], stdout=out) == 0
    assert out.getvalue().splitlines()[-1] == (
        f"The dashboard has stopped; its lights are kept in {db}."
    )
