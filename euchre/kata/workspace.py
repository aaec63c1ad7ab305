"""Make a practice workspace: the features, the steps (or not), a starting package, a git repo."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path
from string import Template

from euchre.errors import EuchreError
from euchre.kata.coach.stages import KATA_STAGES, STAGES, TESTS

HERE = Path(__file__).parent
REPOSITORY = HERE.parent.parent
FILES = HERE / "workspace_files"
"""The files a workspace starts with besides the features, steps, coach and skeleton."""
SHIPPED = HERE / "data"
"""Where a built wheel puts the repository's features and step definitions (pyproject.toml)."""


def shipped(name: str) -> Path:
    """The features or step definitions: from the wheel when installed, else the repository."""
    installed = SHIPPED / name
    return installed if installed.is_dir() else REPOSITORY / name


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


TESTS_README = """# Your unit tests

Your own unit tests go here, as `test_*.py` files: the inner loop of the kata. `make test`
runs them after the scenarios you have reached, and they count in the light. The workspace's
README shows a worked one.
"""


class WorkspaceError(EuchreError):
    """A practice workspace that cannot be made where it was asked for."""


def create(target: Path, level: str = "model") -> None:
    """Make a practice workspace in ``target``, which must be empty or not exist yet.

    It is built in a temporary folder beside ``target`` and moved into place only when whole,
    so a failure leaves nothing half-built.
    """
    if level not in LEVELS:
        raise WorkspaceError(f"{level!r} is not a level: choose model or steps")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise WorkspaceError(f"{target} is not an empty folder: choose a new or empty one")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=".kata-") as building:
            built = Path(building) / "workspace"
            _build(built, level)
            if target.exists():
                target.rmdir()
            built.rename(target)
    except (OSError, subprocess.CalledProcessError) as error:
        raise WorkspaceError(f"could not make a workspace in {target}: {error}") from None


def _build(target: Path, level: str) -> None:
    target.mkdir()
    shutil.copytree(shipped("features"), target / "features")
    shutil.copytree(HERE / "coach", target / "coach", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(
        HERE / "skeleton" / "euchre",
        target / "euchre",
        ignore=shutil.ignore_patterns("__pycache__", ".mypy_cache"),
    )
    steps = target / "step_defs"
    if level == "model":
        shutil.copytree(shipped("step_defs"), steps, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        steps.mkdir()
        (steps / "__init__.py").write_text("")
        (steps / "conftest.py").write_text(CONFTEST_STUB.format())
        for stage in STAGES:
            (target / stage.steps).write_text(STEPS_STUB.format(feature=stage.feature))
    (target / TESTS).mkdir()
    (target / TESTS / "README.md").write_text(TESTS_README, encoding="utf-8")
    shutil.copy(FILES / "Makefile", target / "Makefile")
    config = Template((FILES / "pyproject.toml").read_text(encoding="utf-8"))
    (target / "pyproject.toml").write_text(config.substitute(level=level), encoding="utf-8")
    shutil.copy(FILES / "gitignore", target / ".gitignore")
    readme = Template((FILES / "README.md").read_text(encoding="utf-8"))
    (target / "README.md").write_text(
        readme.substitute(
            steps_sentence="its step definitions" if level == "model" else "empty step modules",
            level_notes=LEVEL_NOTES[level],
            stages_table=stages_table(),
            stage_count=len(STAGES),
            kata_stages=KATA_STAGES,
        ),
        encoding="utf-8",
    )
    _first_commit(target)


def stages_table() -> str:
    """The stages as a Markdown table, from their one home in the coach."""
    rows = [
        f"| {stage.number} | [{stage.name}]({stage.feature_path}) | {stage.summary} |"
        for stage in STAGES
    ]
    return "\n".join(["| stage | feature | the story |", "| --- | --- | --- |", *rows])


def _first_commit(target: Path) -> None:
    git = [
        "git",
        "-C",
        str(target),
        "-c",
        "user.name=Euchre kata",
        "-c",
        "user.email=kata@localhost",
        # The first commit is the kata's, not the learner's: it needs no signing key.
        "-c",
        "commit.gpgsign=false",
    ]
    subprocess.run([*git, "init", "-q", "-b", "main"], check=True, capture_output=True)
    subprocess.run([*git, "add", "-A"], check=True, capture_output=True)
    subprocess.run(
        [*git, "commit", "-q", "-m", "The kata's starting position"],
        check=True,
        capture_output=True,
    )
