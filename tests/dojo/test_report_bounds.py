"""What one workspace can add to the offline report and retrospective is bounded: each distinct
run's code is read and carried once, a workspace adds at most ``MOST_CODE`` of code and its
newest ``MOST_LIGHTS`` runs, and the page says what it left out. Names and scenarios pass the
live dashboard's own checks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest
from freezegun import freeze_time

from euchre.dojo import objects, pages, report
from euchre.dojo.board import MOST_LIGHTS
from euchre.kata.coach.record import code, joined
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.runs import GitFailedError
from tests.dashboards import a_run, write_history
from tests.workspaces import git

BIG = 245 * 1024
"""A file near the files' cap, as in the audit: each run's code is about this large."""
MODEL = "x = 1\n" * (BIG // 7)
"""A model of about ``BIG`` bytes as posted (each line break is two characters in JSON)."""


def committed(folder: Path, text: str) -> str:
    """Commit ``text`` as the workspace's model; the commit's name."""
    (folder / "euchre").mkdir(parents=True, exist_ok=True)
    (folder / "euchre" / "model.py").write_text(text)
    git(folder, "add", "-A")
    git(folder, "commit", "-qm", "a run")
    return git(folder, "rev-parse", "HEAD").strip()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    made = tmp_path / "kata-workspace"
    made.mkdir()
    git(made, "init", "-q")
    return made


def reported(*folders: Path, command: str = "report") -> tuple[str, str]:
    """The facilitator's command in a process of its own: the page, and what it warned."""
    out = folders[0].parent / "page.html"
    done = subprocess.run(
        [sys.executable, "-m", "euchre", "dojo", command, *map(str, folders), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out.read_text("utf-8"), done.stderr


@pytest.mark.e2e
@pytest.mark.parametrize("command", ["report", "retro"])
def test_two_thousand_lines_naming_one_commit_carry_its_code_once(
    folder: Path, command: str
) -> None:
    run = committed(folder, MODEL)
    lights = ["red", "green"] * 1000
    write_history(folder, *(a_run(n / 10, light, run=run) for n, light in enumerate(lights)))
    page, warned = reported(folder, command=command)
    assert warned == ""
    assert page.count(f'id="pair-1-run-{run}"') == 1
    assert len(page.encode()) < 2 * BIG + 1024 * 1024


@pytest.fixture
def read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The runs whose code is read from git, in the order read."""
    names: list[str] = []
    of_run = code.of_run

    def counted(
        workspace: Path, name: str, read: code.Read, runs: Sequence[Line] = ()
    ) -> code.Code:
        names.append(name)
        return of_run(workspace, name, read, runs)

    monkeypatch.setattr(code, "of_run", counted)
    return names


def test_each_distinct_run_is_read_from_git_once(folder: Path, read: list[str]) -> None:
    runs = [committed(folder, f"x = {n}\n") for n in range(3)]
    write_history(folder, *(a_run(n, run=runs[n % 3]) for n in range(300)))
    (pair,) = report.read_workspaces([folder], pytest.fail)
    assert sorted(read) == sorted(runs)
    assert set(pair.code) == set(runs)


def test_runs_missing_from_git_are_looked_up_at_once_not_one_by_one(
    folder: Path, read: list[str]
) -> None:
    kept = committed(folder, "x = 1\n")
    missing = [f"{n:040x}" for n in range(1, 200)]
    write_history(folder, *(a_run(n, run=name) for n, name in enumerate([kept, *missing])))
    warned: list[str] = []
    (pair,) = report.read_workspaces([folder], warned.append)
    assert read == [kept]
    assert list(pair.code) == [kept]
    assert warned == [f"{folder}: the code of 199 run(s) cannot be read from its git: not shown"]


@pytest.mark.e2e
def test_a_workspace_adds_at_most_its_share_of_code_and_the_page_says_what_was_left_out(
    folder: Path,
) -> None:
    count = report.MOST_CODE // BIG + 3
    runs = [committed(folder, f"# {n}\n" + MODEL) for n in range(count)]
    write_history(folder, *(a_run(n, run=name) for n, name in enumerate(runs)))
    page, _ = reported(folder)
    carried = re.findall(r'id="pair-1-run-([0-9a-f]{40})"', page)
    assert carried == runs[-len(carried) :]  # the newest, in order
    assert len(carried) < count
    left_out = count - len(carried)
    mb = report.MOST_CODE // (1024 * 1024)
    assert (
        f"The code of {left_out} of their runs is left out: a workspace adds at most {mb} MB"
        " of code to this page." in page
    )
    assert len(page.encode()) < report.MOST_CODE + 1024 * 1024


def test_a_workspace_shows_its_newest_runs_and_counts_the_older(folder: Path) -> None:
    write_history(
        folder, *(a_run(n / 10, ["red", "green"][n % 2]) for n in range(MOST_LIGHTS + 40))
    )
    (pair,) = report.read_workspaces([folder], pytest.fail)
    page = pages.report([pair], datetime(2026, 3, 15, tzinfo=UTC))
    assert page.count("<tr><td>") == MOST_LIGHTS
    assert f"{MOST_LIGHTS + 40} runs" in page
    assert "40 older runs are folded" in page


@freeze_time("2026-03-14T10:00:00Z")
def test_the_report_holds_names_and_scenarios_to_the_dashboards_checks(folder: Path) -> None:
    settings = joined.Joined("http://dojo", "KXRM-AWFH", "Ada\u202eecarG", "t")
    (folder / joined.SETTINGS).write_text(json.dumps(settings.__dict__))
    write_history(
        folder,
        a_run(0),
        a_run(1, scenario="S" * 5000),
        a_run(2, time=datetime(9999, 12, 31, 23, 55, tzinfo=UTC)),
        a_run(3, "green"),
    )
    warned: list[str] = []
    (pair,) = report.read_workspaces([folder], warned.append)
    assert pair.name == "kata-workspace"
    assert [run.time.minute for run in pair.runs] == [0, 3]
    assert warned == [
        f"{folder}: 2 run(s) the dashboard would refuse are left out (the first: the scenario's"
        " name is too long)",
        f"{folder}: the pair's name holds a control character: named by its folder instead",
    ]


@pytest.mark.parametrize(
    ("failure", "unread"),
    [(objects.TookTooLongError("git took over 30 s"), 3), (GitFailedError("git failed"), 1)],
)
def test_a_run_whose_code_git_cannot_give_is_said_in_one_warning(
    folder: Path, monkeypatch: pytest.MonkeyPatch, failure: GitFailedError, unread: int
) -> None:
    """A run that took too long stops the reading (each after would take as long); one that
    failed is passed over."""
    runs = [committed(folder, f"x = {n}\n") for n in range(3)]
    write_history(folder, *(a_run(n, run=name) for n, name in enumerate(runs)))
    of_run = code.of_run

    def failing_at_the_newest(
        workspace: Path, name: str, read: code.Read, kept: Sequence[Line] = ()
    ) -> code.Code:
        if name == runs[-1]:
            raise failure
        return of_run(workspace, name, read, kept)

    monkeypatch.setattr(code, "of_run", failing_at_the_newest)
    warned: list[str] = []
    (pair,) = report.read_workspaces([folder], warned.append)
    assert list(pair.code) == runs[: 3 - unread]
    assert warned == [
        f"{folder}: the code of {unread} run(s) cannot be read from its git: not shown"
    ]


def test_code_over_a_workspaces_share_is_left_out_from_the_oldest(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = [committed(folder, f"x = {n}\n") for n in range(4)]
    write_history(folder, *(a_run(n, run=name) for n, name in enumerate(runs)))
    one = len(json.dumps(code.of_run(folder, runs[-1], objects.read).fields()).encode())
    monkeypatch.setattr(report, "MOST_CODE", 2 * one + one // 2)
    (pair,) = report.read_workspaces([folder], pytest.fail)
    assert list(pair.code) == runs[2:]
    assert pair.code_left_out == 2
