"""Make a practice workspace: the features, the steps (or not), a starting package, a git repo."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from euchre.errors import EuchreError

HERE = Path(__file__).parent
REPOSITORY = HERE.parent.parent
LEVELS = ("model", "steps")
LEVEL_NOTES = {
    "model": (
        "You are at level `model`: the step definitions in `step_defs/` are given. Write the"
        " model in `euchre/` that they drive. When every stage is green, try it again at level"
        " `steps`."
    ),
    "steps": (
        "You are at level `steps`: `step_defs/` holds one module for each feature, with no steps"
        " yet, and a `conftest.py` that fails any scenario without a `Then`. Write the step"
        " definitions (shared ones in `step_defs/conftest.py`) and the model they drive."
    ),
}
STEPS_STUB = '''"""Steps for features/{feature}: yours to write."""

from pytest_bdd import scenarios

scenarios("{feature}")
'''
CONFTEST_STUB = '''"""Shared steps go here; steps in another module are not found."""

from typing import Any

import pytest


def pytest_bdd_before_scenario(feature: object, scenario: Any) -> None:
    """Fail a scenario that checks nothing, such as one whose `Then:` was not read as a step."""
    if not any(step.type == "then" for step in scenario.steps):
        pytest.fail(f"Scenario {{scenario.name!r}} has no Then step", pytrace=False)
'''


class WorkspaceError(EuchreError):
    """A practice workspace that cannot be made where it was asked for."""


def create(target: Path, level: str = "model") -> None:
    """Make a practice workspace in ``target``, which must be empty or not exist yet."""
    if level not in LEVELS:
        raise WorkspaceError(f"{level!r} is not a level: choose model or steps")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise WorkspaceError(f"{target} is not an empty folder: choose a new or empty one")
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(REPOSITORY / "features", target / "features")
    shutil.copytree(HERE / "coach", target / "coach", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(
        HERE / "skeleton" / "euchre",
        target / "euchre",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    steps = target / "step_defs"
    if level == "model":
        shutil.copytree(
            REPOSITORY / "step_defs", steps, ignore=shutil.ignore_patterns("__pycache__")
        )
    else:
        steps.mkdir()
        (steps / "__init__.py").write_text("")
        (steps / "conftest.py").write_text(CONFTEST_STUB.format())
        for feature in sorted((target / "features").glob("*.feature")):
            module = steps / f"test_{feature.stem}.py"
            module.write_text(STEPS_STUB.format(feature=feature.name))
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(HERE / "template" / name, target / name)
    shutil.copy(HERE / "template" / "gitignore", target / ".gitignore")
    readme = (HERE / "template" / "README.md").read_text(encoding="utf-8")
    (target / "README.md").write_text(
        readme.format(
            steps_sentence="its step definitions" if level == "model" else "empty step modules",
            level_notes=LEVEL_NOTES[level],
        ),
        encoding="utf-8",
    )
    _first_commit(target)


def _first_commit(target: Path) -> None:
    git = [
        "git",
        "-C",
        str(target),
        "-c",
        "user.name=Euchre kata",
        "-c",
        "user.email=kata@localhost",
    ]
    subprocess.run([*git, "init", "-q", "-b", "main"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "The kata's starting position"], check=True)
