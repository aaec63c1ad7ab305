"""The built wheel carries what a practice workspace needs, so `euchre kata new` works installed.

This builds the wheel, installs it (without its dependencies, which making a workspace does not
need) into a fresh virtual environment, and makes a workspace from it, far from this checkout.
"""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from euchre.kata import workspace

ROOT = Path(__file__).parent.parent
PIP = (sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check")


def test_a_workspace_made_from_the_installed_wheel_has_the_features_and_steps(
    tmp_path: Path,
) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [*PIP, "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    [wheel] = dist.glob("*.whl")
    fresh = tmp_path / "venv"
    venv.create(fresh, with_pip=False)
    python = fresh / "bin" / "python"
    subprocess.run(
        [*PIP, "--python", str(python), "install", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
    )
    made = subprocess.run(
        [str(python), "-m", "euchre.kata", "new", "kata"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    kata = tmp_path / "kata"
    assert (kata / "features" / "dealing.feature").is_file()
    assert (kata / "step_defs" / "conftest.py").is_file()
    assert not list(kata.rglob("__pycache__"))
    assert (kata / "euchre" / "cards.py").is_file()


def test_the_shipped_copies_are_used_when_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "features").mkdir()
    monkeypatch.setattr(workspace, "SHIPPED", tmp_path)
    assert workspace.shipped("features") == tmp_path / "features"
    assert workspace.shipped("step_defs") == ROOT / "step_defs"
