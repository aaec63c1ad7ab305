"""Every run's code on refs/kata/runs, in a real git: whatever the learner does with git."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.workspaces import git, kept_runs, model, run


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
    ignored = git(moved, "status", "--porcelain", "--ignored")
    assert ignored == " M euchre/hand.py\n!! kata-history.jsonl\n"  # no index of the coach's
    assert (moved / ".git" / "kata-runs.index").is_file()
