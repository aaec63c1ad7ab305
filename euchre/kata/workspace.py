"""Make a practice workspace: the features, the steps (or not), a starting package, a git repo."""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from string import Template

from euchre.errors import EuchreError
from euchre.kata import coach_wheel, examples_level
from euchre.kata.coach import launcher
from euchre.kata.coach.record import learner, runs
from euchre.kata.coach.record.files import write_atomically
from euchre.kata.coach.record.line import CONSTRAINTS
from euchre.kata.coach.record.line import LEVELS as LEVELS  # the command offers them
from euchre.kata.coach.record.stages import KATA_STAGES, STAGES, TESTS, Stage

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


LEVEL_NOTES = {  # for the opening of levels model and steps
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
STEPS_SENTENCES = {
    "model": "its step definitions",
    "steps": "empty step modules",
    "examples": "its stories and rules without examples, the step definitions",
    "stories": "its stories alone (no rules, no examples), the step definitions",
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


def create(target: Path, level: str = "model", constraint: str = "", minutes: int = 2) -> None:
    """Make a practice workspace in ``target``, which must be empty or not exist yet, at
    ``level``, with a coderetreat ``constraint`` ("" for none; see coach/practice/predict.py
    and baby_steps.py).

    An empty folder that exists is filled where it is, keeping its permissions (it may be a
    mount point, or in a parent the learner may not write). A failure leaves the folder as it
    was: empty, or not there.
    """
    if level not in LEVELS:
        raise WorkspaceError(f"{level!r} is not a level: choose {', '.join(LEVELS)}")
    if constraint and constraint not in CONSTRAINTS:
        raise WorkspaceError(f"{constraint!r} is not a constraint: choose baby-steps or predict")
    if minutes < 1:
        raise WorkspaceError(f"MINUTES={minutes} is too few: baby steps take 1 minute at least")
    settings = learner.Settings(level, constraint, minutes)
    try:
        existed = target.exists()
        if existed and (not target.is_dir() or any(target.iterdir())):
            raise WorkspaceError(f"{target} is not an empty folder: choose a new or empty one")
    except OSError as error:  # a name too long for the disk, a folder that cannot be read
        raise WorkspaceError(f"could not make a workspace in {target}: {error.strerror}") from None
    try:
        target.mkdir(parents=True, exist_ok=True)
        _build(target, level, settings)
        # The starting position is the run before the first: `make review` diffs from it.
        runs.record(target, settings.paths, "The kata's starting position", now())
    except (OSError, GitError, runs.GitFailedError) as error:
        _undo(target, existed)
        raise WorkspaceError(f"could not make a workspace in {target}: {error}") from None
    except BaseException:  # such as Ctrl-C: nothing half-made is left either
        _undo(target, existed)
        raise


class GitError(EuchreError):
    """A git command that failed, with git's own words."""


def _undo(target: Path, existed: bool) -> None:
    """Leave ``target`` as it was before: empty if it existed, else not there."""
    if not existed:
        shutil.rmtree(target, ignore_errors=True)
        return
    for path in target.iterdir():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def now() -> datetime:
    return datetime.now(UTC)


def _build(target: Path, level: str, settings: learner.Settings) -> None:
    coach_wheel.build(target / launcher.CARRIED)
    if level == "examples":
        examples_level.build(target, shipped("features"), shipped("step_defs"))
    elif level == "stories":
        shape = examples_level.story_only
        examples_level.build(target, shipped("features"), shipped("step_defs"), shape)
    else:
        _model_or_steps(target, level)
    shutil.copy(FILES / "Makefile", target / "Makefile")
    shutil.copy(FILES / "kata.py", target / "kata.py")
    shutil.copy(FILES / "pyproject.toml", target / "pyproject.toml")
    shutil.copy(FILES / "gitignore", target / ".gitignore")
    write_atomically(target / "README.md", readme(level, settings))
    write_atomically(target / learner.SETTINGS, settings.to_json() + "\n")
    _first_commit(target)


def _model_or_steps(target: Path, level: str) -> None:
    """The features whole, the skeleton to fill in, and the steps given or to write."""
    shutil.copytree(shipped("features"), target / "features")
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
        write_atomically(steps / "__init__.py", "")
        write_atomically(steps / "conftest.py", CONFTEST_STUB.format())
        for stage in STAGES:
            write_atomically(target / stage.steps, STEPS_STUB.format(feature=stage.feature))
    (target / TESTS).mkdir()
    write_atomically(target / TESTS / "README.md", TESTS_README)


OPENINGS = {
    "model": "readme_write_the_model.md",
    "steps": "readme_write_the_model.md",
    "examples": "readme_write_the_examples.md",
    "stories": "readme_discover_the_rules.md",
}
"""The README's opening at each level: what is the learner's, how to start, and the loop."""


def constraint_sentence(settings: learner.Settings) -> str:
    """What the workspace's constraint asks of the learner, in one sentence; "" for none."""
    if settings.constraint == "baby-steps":
        minutes = "1 minute" if settings.minutes == 1 else f"{settings.minutes} minutes"
        return (
            f"Your constraint is baby steps: a run that is not green, {minutes} or more after"
            " the first that was not, puts your files back to your last green run; a green run"
            " keeps them (nothing is lost: `make review` shows every run)."
        )
    if settings.constraint == "predict":
        return (
            "Your constraint is predict: before each run the coach asks whether the light"
            " will be red or green, and then says whether you were right."
        )
    return ""


def readme(level: str, settings: learner.Settings | None = None) -> str:
    """The workspace's README: the level's opening, the constraint chosen, then what every
    level shares."""
    sentence = constraint_sentence(settings or learner.Settings(level))
    fields = {
        "steps_sentence": STEPS_SENTENCES[level],
        "level_notes": LEVEL_NOTES.get(level, ""),  # the examples' opening says it all
        "stages_table": stages_table(stories=level == "stories"),
        "stage_count": len(STAGES),
        "kata_stages": KATA_STAGES,
    }
    opening = Template((FILES / OPENINGS[level]).read_text(encoding="utf-8"))
    shared = Template((FILES / "README.md").read_text(encoding="utf-8"))
    opened = opening.substitute(fields).rstrip()
    return shared.substitute(fields, opening=f"{opened}\n\n{sentence}" if sentence else opened)


def stages_table(stories: bool = False) -> str:
    """The stages as a Markdown table, from their one home in the coach: each with a summary
    of its rules, or at level stories, whose rules are the learner's to find, its story's
    "I want"."""
    rows = [
        f"| {stage.number} | [{stage.name}]({stage.feature_path}) |"
        f" {_wanted(stage) if stories else stage.summary} |"
        for stage in STAGES
    ]
    return "\n".join(["| stage | feature | the story |", "| --- | --- | --- |", *rows])


def _wanted(stage: Stage) -> str:
    """The "I want ..." line of the stage's story, as its feature says it."""
    lines = (shipped("features") / stage.feature).read_text(encoding="utf-8").splitlines()
    return next(line.strip() for line in lines if line.strip().startswith("I want"))


def _first_commit(target: Path) -> None:
    """The kata's own first commit: none of the learner's hooks, signing key or templates.

    A global ``core.hooksPath`` whose hooks fail must not stop the kata from starting; the
    learner's own commits afterwards run their hooks as usual.
    """
    _git(target, "init", "-q", "-b", "main")
    _git(target, "add", "-A")
    _git(target, "commit", "-q", "--no-verify", "-m", "The kata's starting position")


def _git(target: Path, *command: str) -> None:
    """Run one git command in ``target``; a failure is a GitError with git's words on one line."""
    settings = {
        "user.name": "Euchre kata",
        "user.email": "kata@localhost",
        "commit.gpgsign": "false",
        "core.hooksPath": os.devnull,
    }
    options = [part for key, value in settings.items() for part in ("-c", f"{key}={value}")]
    done = subprocess.run(
        ["git", "-C", str(target), *options, *command], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        said = [line.strip() for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        reason = "; ".join(said) or f"exit status {done.returncode}"
        raise GitError(f"git {command[0]}: {reason}")
