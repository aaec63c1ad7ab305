"""Every run's code on refs/kata/runs, in a real git: whatever the learner does with git."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from euchre.kata.coach.record import history, reach, recovery, runs
from tests.dashboards import a_run
from tests.workspaces import git, kept_runs, model, run, write_stage


@pytest.fixture
def workspace(workspace_in_git: Path) -> Path:
    return workspace_in_git


def test_a_branch_named_in_any_language_and_a_gc_stop_no_run(workspace: Path) -> None:
    model(workspace, "return 4")
    assert run(workspace, "test")[0] == 1
    git(workspace, "branch", "essai-café")
    git(workspace, "gc", "-q")
    assert "essai-café" in (workspace / ".git" / "packed-refs").read_text(encoding="utf-8")
    model(workspace, "return 5")
    code, said = run(workspace, "test")
    assert code == 0, said
    first, second = kept_runs(workspace)
    assert git(workspace, "rev-parse", f"{second.run}^").strip() == first.run


def test_a_runs_diff_names_a_file_as_it_is_named_not_in_git_s_escapes(workspace: Path) -> None:
    """As `make review` and the dojo's pages show it."""
    model(workspace, "return 4")
    run(workspace, "test")
    (workspace / "euchre" / "café.py").write_text("X = 1\n")
    run(workspace, "test")
    first, second = kept_runs(workspace)
    shown = runs.diff(workspace, first.run, second.run, colour=False)
    assert "+++ b/euchre/café.py\n" in shown
    assert "\\303" not in shown


def test_a_workspace_whose_folder_name_holds_a_line_break_keeps_its_runs(
    workspace: Path, tmp_path: Path
) -> None:
    moved = workspace.rename(tmp_path / "kata\nwork café")
    model(moved, "return 4")
    assert run(moved, "test")[0] == 1
    model(moved, "return 5")
    assert run(moved, "test")[0] == 0
    first, second = kept_runs(moved)
    assert git(moved, "rev-parse", f"{second.run}^").strip() == first.run
    assert git(moved, "status", "--porcelain") == " M euchre/hand.py\n"  # no index of the coach's
    assert (moved / ".git" / "kata-runs.index").is_file()


def test_git_clean_loses_no_run_the_history_and_the_reach_are_read_again_from_git(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_stage(workspace, 1, "passes", "passes")
    for body in ("return 4", "return 5"):
        model(workspace, body)
        run(workspace, "test")
    assert run(workspace, "next")[0] == 0
    kept, reached = kept_runs(workspace), reach.load(workspace)
    assert reached == reach.Reach(1, 2)
    progress_before, review_before = run(workspace, "progress"), run(workspace, "review")
    git(workspace, "clean", "-fdxq")
    assert not (workspace / history.HISTORY).exists()
    assert not (workspace / reach.REACHED).exists()
    assert run(workspace, "progress") == progress_before
    assert run(workspace, "review") == review_before
    assert kept_runs(workspace) == kept
    assert reach.load(workspace) == reached
    model(workspace, "return 5")
    code, said = run(workspace, "test")
    assert code == 0
    assert said.startswith("🟢 Stage 1 of 10, Dealing the hand, scenario 2 of 2:"), said
    assert len(kept_runs(workspace)) == 4
    assert git(workspace, "log", "-1", "--format=%s", runs.REF).startswith("Run 4: green")
    assert capsys.readouterr().err == ""


def test_runs_whose_lines_cannot_be_read_again_are_skipped_with_one_warning(
    workspace: Path,
) -> None:
    when = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    good = recovery.message("Run 1", a_run(0), reach.Reach(1, 1))
    for message in (
        good,
        f"Run 2\n\n{history.HISTORY}: {{not a run\n",
        f'Run 3\n\n{reach.REACHED}: {{"stage": 99, "revealed": 1}}\n',
        "The kata's starting position",
    ):
        runs.record(workspace, ("euchre",), message, when)
    (workspace / reach.REACHED).write_text('{"stage": 1, "revealed": 3}')
    warned: list[str] = []
    lines, reached = recovery.read(workspace, warned.append)
    first = git(workspace, "rev-list", "--reverse", runs.REF).split()[0]
    assert lines == [replace(a_run(0), run=first)]
    assert reached == reach.Reach(1, 3), "a reach file that is there is kept"
    assert warned == [
        f"{history.HISTORY} is read again from your runs in git: 2 line(s) there skipped"
    ]
    assert kept_runs(workspace) == lines


def test_a_workspace_without_git_or_runs_has_no_history_to_read_again(tmp_path: Path) -> None:
    assert recovery.read(tmp_path, pytest.fail) == ([], reach.Reach())
    assert not (tmp_path / history.HISTORY).exists()


@pytest.fixture
def sha256_workspace(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Path:
    """The workspace in git, made by a learner whose git names objects with SHA-256."""
    monkeypatch.setenv("GIT_DEFAULT_HASH", "sha256")
    folder: Path = request.getfixturevalue("workspace_in_git")
    assert git(folder, "rev-parse", "--show-object-format") == "sha256\n"
    return folder


def test_a_workspace_whose_git_names_objects_with_sha_256_keeps_its_runs(
    sha256_workspace: Path,
) -> None:
    for body in ("return 4", "return 5"):
        model(sha256_workspace, body)
        run(sha256_workspace, "test")
    first, second = kept_runs(sha256_workspace)
    assert len(first.run) == len(second.run) == 64
    assert git(sha256_workspace, "rev-parse", f"{second.run}^").strip() == first.run
    code, shown = run(sha256_workspace, "review", "--run", "2")
    assert (code, "  -    return 4\n  +    return 5" in shown) == (0, True)


def test_a_runs_ref_made_a_link_to_a_branch_never_moves_the_branch(workspace: Path) -> None:
    """`git symbolic-ref refs/kata/runs refs/heads/main`, by mistake or in mischief."""
    head = git(workspace, "rev-parse", "main").strip()
    git(workspace, "symbolic-ref", runs.REF, "refs/heads/main")
    model(workspace, "return 5")
    assert run(workspace, "test")[0] == 0
    assert git(workspace, "rev-parse", "main").strip() == head
    assert git(workspace, "rev-parse", f"{kept_runs(workspace)[0].run}^").strip() == head
