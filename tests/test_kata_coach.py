"""The coach: stages in order, the first one not green, the traffic lights, and progress.

These run the coach in this process on small made-up workspaces (not the real kata), so
that what they check is the coach itself.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from freezegun import freeze_time

from euchre.kata.coach import history, progress
from euchre.kata.coach.cli import main
from euchre.kata.coach.history import Run
from euchre.kata.coach.stages import STAGES

FEATURE = """\
Feature: {name}
  Scenario: First of {name}
    Given a start
    Then it {first}

  Scenario: Second of {name}
    Given a start
    Then it {second}
"""
STEPS = """\
from pytest_bdd import given, scenarios, then

scenarios("{feature}")

@given("a start")
def _start() -> None: ...

@then("it passes")
def _passes() -> None: ...

@then("it is not written yet")
def _not_written() -> None:
    raise NotImplementedError("the model")
"""
CONFIG = """\
[tool.pytest.ini_options]
pythonpath = ["."]
bdd_features_base_dir = "features/"
"""


def write_stage(
    workspace: Path, number: int, first: str = "passes", second: str = "passes"
) -> None:
    stage = STAGES[number - 1]
    (workspace / "features" / stage.feature).write_text(
        FEATURE.format(name=stage.name, first=first, second=second)
    )
    (workspace / stage.steps).write_text(STEPS.format(feature=stage.feature))


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty workspace, with this test's imports kept apart from the workspace's."""
    (tmp_path / "features").mkdir()
    (tmp_path / "step_defs").mkdir()
    (tmp_path / "step_defs" / "__init__.py").write_text("")
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    saved = dict(sys.modules)
    for name in [name for name in sys.modules if name.split(".")[0] == "step_defs"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in set(sys.modules) - set(saved):
        del sys.modules[name]


def forget_steps() -> None:
    """Each `make test` is a new process; in this one, forget the last run's steps and features."""
    import pytest_bdd.feature

    for name in [name for name in sys.modules if name.split(".")[0] == "step_defs"]:
        del sys.modules[name]
    pytest_bdd.feature.features.clear()


def all_green(workspace: Path) -> None:
    for stage in STAGES:
        write_stage(workspace, stage.number)


def test_it_stops_at_the_first_stage_that_is_not_green_and_says_what_to_do_next(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_stage(workspace, 1)
    write_stage(workspace, 2, second="is not written yet")
    write_stage(workspace, 3, first="is not written yet")
    assert main(["test"], workspace) == 1
    out = capsys.readouterr().out
    assert "🔴 Stage 2 of 9, Play order: 1 of 2 scenarios pass" in out
    assert (
        "Next: make this scenario pass: Second of Play order (features/play_order.feature:6)" in out
    )
    assert "NotImplementedError: the model" in out
    assert "Stage 3" not in out


def test_when_every_stage_passes_it_says_so(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    all_green(workspace)
    assert main(["test"], workspace) == 0
    assert "🟢 All 9 stages pass: 18 of 18 scenarios." in capsys.readouterr().out


def test_code_that_does_not_import_is_amber(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    all_green(workspace)
    (workspace / STAGES[0].steps).write_text("import euchre_that_is_not_there\n")
    assert main(["test"], workspace) == 1
    out = capsys.readouterr().out
    assert "🟡 The code does not import, or the tests cannot be collected:" in out
    assert "euchre_that_is_not_there" in out
    assert history.read(workspace)[-1].light == "amber"


def test_a_workspace_with_no_scenarios_is_amber(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["test"], workspace) == 1
    assert "no scenarios were collected" in capsys.readouterr().out


def test_every_run_adds_a_light_to_the_history_at_the_time_in_utc(workspace: Path) -> None:
    write_stage(workspace, 1, first="is not written yet")
    with freeze_time("2026-11-25 10:00:00") as clock:
        main(["test"], workspace)
        clock.tick(timedelta(minutes=7))
        all_green(workspace)
        forget_steps()
        main(["test"], workspace)
    runs = history.read(workspace)
    assert [(run.time, run.light, run.stage, run.passed, run.total) for run in runs] == [
        (datetime(2026, 11, 25, 10, 0, tzinfo=UTC), "red", 1, 1, 2),
        (datetime(2026, 11, 25, 10, 7, tzinfo=UTC), "green", 9, 18, 18),
    ]
    assert (workspace / history.HISTORY).read_text().startswith('{"time": "2026-11-25T10:00:00Z"')


def test_progress_shows_the_lights_time_per_stage_cycles_and_the_longest_red(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    lights = [
        (0, 1, "red"),
        (4, 1, "red"),
        (9, 1, "green"),
        (12, 2, "amber"),
        (13, 2, "red"),
        (20, 2, "green"),
        (95, 3, "red"),
    ]
    for minute, stage, light in lights:
        name = STAGES[stage - 1].name
        history.append(
            workspace, Run(start + timedelta(minutes=minute), stage, 9, name, 0, 6, light)
        )
    assert main(["progress"], workspace) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Lights: 🔴🔴🟢🟡🔴🟢🔴"
    assert "  Stage 1, Dealing the hand: 12 min" in out
    assert "  Stage 2, Play order: 1 h 23 min" in out
    assert "  Stage 3, The lead suit: 0 min" in out
    assert "Red-to-green cycles: 2" in out
    assert "Longest stretch red: 9 min" in out
    assert out[-1] == "Now: stage 3 of 9, The lead suit: 0 of 6 scenarios pass 🔴"


def test_a_red_stretch_still_open_counts_to_the_last_run() -> None:
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    runs = [
        Run(start + timedelta(minutes=m), 1, 5, "Dealing the hand", 0, 7, "red") for m in (0, 30)
    ]
    assert progress.longest_red(runs) == timedelta(minutes=30)
    assert progress.cycles(runs) == 0


def test_progress_before_any_run(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["progress"], workspace) == 0
    assert "No runs yet" in capsys.readouterr().out


def test_an_unknown_command_is_refused(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["jump"], workspace) == 2
    assert "usage: python -m coach [test|progress]" in capsys.readouterr().err


def test_python_dash_m_coach_runs_in_the_current_folder(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import runpy

    monkeypatch.chdir(workspace)
    monkeypatch.setattr(sys, "argv", ["coach", "progress"])
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("euchre.kata.coach", run_name="__main__")
    assert exited.value.code == 0


def test_a_scenario_that_errors_in_setup_is_red_with_its_error(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    all_green(workspace)
    stage = STAGES[0]
    steps = (workspace / stage.steps).read_text()
    (workspace / stage.steps).write_text(
        steps.replace("def _start() -> None: ...", "def _start(no_such_fixture: int) -> None: ...")
    )
    assert main(["test"], workspace) == 1
    out = capsys.readouterr().out
    assert "🔴 Stage 1 of 9, Dealing the hand: 0 of 2 scenarios pass" in out
    assert "no_such_fixture" in out


def test_a_red_stretch_ends_at_the_next_run_that_is_not_red() -> None:
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    runs = [
        Run(start + timedelta(minutes=minute), 1, 5, "Dealing the hand", 0, 7, light)
        for minute, light in ((0, "red"), (5, "green"), (6, "green"))
    ]
    assert progress.longest_red(runs) == timedelta(minutes=5)
