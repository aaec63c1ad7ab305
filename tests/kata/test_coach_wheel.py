"""The coach as a wheel of its own: what a workspace installs into its .venv, so that the
learner's folder holds only the learner's files."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from euchre.kata import coach_wheel, workspace
from euchre.kata.coach.running import reference
from tests.paths import ROOT

COACH = ROOT / "euchre" / "kata" / "coach"


def test_the_wheel_holds_the_coach_as_kata_coach_and_the_reference_model(tmp_path: Path) -> None:
    wheel = coach_wheel.build(tmp_path)
    assert wheel.name == f"euchre_kata_coach-{coach_wheel.VERSION}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = {
        f"kata_coach/{path.relative_to(COACH).as_posix()}"
        for path in COACH.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert sources <= names
    assert "kata_coach/reference/euchre/trump.py" in names
    assert "kata_coach/reference/euchre/__main__.py" not in names  # the rules model alone
    info = f"euchre_kata_coach-{coach_wheel.VERSION}.dist-info"
    assert {f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD"} <= names
    assert not any("__pycache__" in name for name in names)


def test_the_wheel_is_the_same_bytes_each_time_it_is_built(tmp_path: Path) -> None:
    first = coach_wheel.build(tmp_path / "a").read_bytes()
    assert coach_wheel.build(tmp_path / "b").read_bytes() == first


def test_pip_installs_the_wheel_and_its_record_checks(tmp_path: Path) -> None:
    """pip checks each file against the wheel's RECORD as it installs."""
    wheel = coach_wheel.build(tmp_path / "dist")
    target = tmp_path / "site"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (target / "kata_coach" / "__main__.py").is_file()
    assert (target / "kata_coach" / "reference" / "euchre" / "cards.py").is_file()
    ran = subprocess.run(
        [sys.executable, "-m", "kata_coach", "--help"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("usage: python -m kata_coach")


def test_where_the_model_is_given_the_reference_is_imported_ahead_of_any_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    carried = tmp_path / "reference"
    (carried / "euchre").mkdir(parents=True)
    monkeypatch.setattr(reference, "REFERENCE", carried)
    reference.offer(("euchre", "tests"))  # level model: the learner's own
    assert str(carried) not in sys.path
    reference.offer(("features",))  # levels examples and stories
    reference.offer(("features",))
    assert sys.path.count(str(carried)) == 1
    assert sys.path[0] == str(carried)


def test_without_its_wheel_python_kata_py_says_so_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "kata"
    workspace.create(folder)
    shutil.rmtree(folder / ".kata")
    done = subprocess.run(
        [sys.executable, "kata.py", "test"], cwd=folder, capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "python kata.py: the coach's wheel is missing from .kata/: make the workspace again\n"
    )
