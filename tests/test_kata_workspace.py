"""`make kata`: a practice workspace that starts red at stage 1 for the right reason.

These run the workspace's coach in a new process, as `make test` in the workspace does, with
this repository's Python in place of the workspace's own virtual environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from euchre.kata import workspace
from euchre.kata.cli import main

ROOT = Path(__file__).parent.parent


def coach(folder: Path, command: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run(
        [sys.executable, "-m", "coach", command],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_new_workspace_starts_red_at_stage_1_and_the_reference_turns_it_green(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "kata"
    assert main(["new", str(folder)]) == 0
    for name in (
        "features",
        "step_defs",
        "euchre",
        "coach",
        "Makefile",
        "pyproject.toml",
        "README.md",
        ".gitignore",
    ):
        assert (folder / name).exists(), name
    log = subprocess.run(
        ["git", "-C", str(folder), "log", "--oneline"], capture_output=True, text=True, check=True
    ).stdout
    assert log.strip().endswith("The kata's starting position")

    red = coach(folder, "test")
    assert red.returncode == 1
    assert red.stdout.startswith("🔴 Stage 1 of 9, Dealing the hand: 0 of 7 scenarios pass")
    assert "NotImplementedError" in red.stdout
    assert "ImportError" not in red.stdout + red.stderr
    assert "🔴" in coach(folder, "progress").stdout.splitlines()[0]

    shutil.rmtree(folder / "euchre")
    shutil.copytree(ROOT / "euchre", folder / "euchre", ignore=shutil.ignore_patterns("kata"))
    green = coach(folder, "test")
    assert green.returncode == 0, green.stdout + green.stderr
    assert green.stdout.startswith("🟢 All 9 stages pass")
    assert coach(folder, "progress").stdout.splitlines()[0] == "Lights: 🔴🟢"


def test_at_level_steps_the_learner_writes_the_steps_too(tmp_path: Path) -> None:
    folder = tmp_path / "kata"
    workspace.create(folder, level="steps")
    features = sorted(path.stem for path in (ROOT / "features").glob("*.feature"))
    assert sorted(path.name for path in (folder / "step_defs").iterdir()) == [
        "__init__.py",
        "conftest.py",
        *(f"test_{name}.py" for name in features),
    ]
    assert "level `steps`" in (folder / "README.md").read_text()
    red = coach(folder, "test")
    assert red.returncode == 1
    assert red.stdout.startswith("🔴 Stage 1 of 9")
    assert "StepDefinitionNotFoundError" in red.stdout


def test_it_refuses_a_folder_that_is_not_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["new", str(tmp_path)]) == 2
    assert "is not an empty folder" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.txt"]


def test_it_refuses_an_unknown_level(tmp_path: Path) -> None:
    with pytest.raises(workspace.WorkspaceError, match="'expert' is not a level"):
        workspace.create(tmp_path / "kata", level="expert")


def test_python_dash_m_euchre_kata_runs_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import runpy

    monkeypatch.setattr(sys, "argv", ["euchre.kata", "new", str(tmp_path / "kata")])
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("euchre.kata", run_name="__main__")
    assert exited.value.code == 0
