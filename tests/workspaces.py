"""Made-up practice workspaces whose coach runs in this process, for the coach's own tests.

Two fixtures, loaded as a plugin by tests/conftest.py: ``workspace``, an empty workspace the
test writes stages into (``write_stage``), and ``workspace_in_git``, a workspace of one stage,
a model and the learner's own test, committed in its own git, for what keeps runs in git.
Each coach command runs as a new process would (``run``): the last run's step modules and
parsed features forgotten.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from freezegun import freeze_time

from euchre.kata.coach.cli import main
from euchre.kata.coach.record import history, learner
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import STAGES

SCENARIO = """
  Rule: Rule {n} of {name}

    Scenario: Scenario {n} of {name}
      Given a start
      Then it {outcome}
"""
STEPS = """\
from pytest_bdd import given, scenarios, then

scenarios("{feature}")

@given("a start", target_fixture="start")
def _start() -> int:
    return 1

@then("it passes")
def _passes() -> None: ...

@then("it is not written yet")
def _not_written() -> None:
    raise NotImplementedError("the model")

@then("it compares two hands")
def _compares(start: int) -> None:
    assert ["9C", "10C", "JD"] == ["9C", "10C", "QD"], "the first player's cards"
"""
CONFIG = """\
[tool.pytest.ini_options]
pythonpath = ["."]
bdd_features_base_dir = "features/"
"""
LEARNERS_TEST = """\
import runpy
from pathlib import Path


def test_five_cards_each() -> None:
    model = runpy.run_path(str(Path(__file__).parent.parent / "euchre" / "hand.py"))
    assert model["cards_each"]() == 5
"""


# A learner's code with a bug in it, and the unit test of theirs that catches it: a red test
# the coach must show, as it would show one in a real workspace.
LEARNERS_BUG = "def cards_dealt_to_each_player() -> int:\n    return 4\n"
LEARNERS_IMPORT = "from learners_deal import cards_dealt_to_each_player\n\n"
LEARNERS_RED_TEST = "def test_fails() -> None:\n    assert cards_dealt_to_each_player() == 5\n"


def write_learners_bug(workspace: Path) -> None:
    (workspace / "learners_deal.py").write_text(LEARNERS_BUG)
    sys.modules.pop("learners_deal", None)  # each run is a new process in a real workspace


def write_stage(workspace: Path, number: int, *outcomes: str) -> None:
    """Stage ``number`` with one scenario for each outcome ("passes" if none are given)."""
    stage = STAGES[number - 1]
    body = "".join(
        SCENARIO.format(n=n, name=stage.name, outcome=outcome)
        for n, outcome in enumerate(outcomes or ("passes",), start=1)
    )
    (workspace / stage.feature_path).write_text(f"Feature: {stage.name}\n{body}")
    (workspace / stage.steps).write_text(STEPS.format(feature=stage.feature))


def forget_steps() -> None:
    """Each `make test` is a new process; in this one, forget the last run's steps and features."""
    import pytest_bdd.feature

    for name, module in list(sys.modules.items()):
        if name.split(".")[0] == "step_defs" or "kata-workspace" in str(
            getattr(module, "__file__", "")
        ):
            del sys.modules[name]
    pytest_bdd.feature.features.clear()


def run(workspace: Path, *argv: str, keys: tuple[str | None, ...] = ()) -> tuple[int, str]:
    """One coach command, as a new process makes it; ``keys`` are the learner's answers."""
    forget_steps()
    said: list[str] = []
    answers = iter(keys)

    def key(prompt: str) -> str | None:
        said.append(prompt)
        return next(answers)

    code = main(list(argv), workspace, said.append, key)
    return code, "\n".join(said)


def coach(workspace: Path, *argv: str) -> tuple[int, list[str]]:
    """A coach command, as `make test` or `make join` runs it; what it said, line by line."""
    forget_steps()
    said: list[str] = []
    return main(list(argv), workspace, said.append), said


def kept_runs(workspace: Path) -> list[Line]:
    """The runs the workspace's history holds; a line that is not one fails the test."""
    return history.read(workspace, pytest.fail)


def model(workspace: Path, body: str) -> None:
    """The learner's model: ``cards_each`` returns what ``body`` says."""
    (workspace / "euchre" / "hand.py").write_text(f"def cards_each() -> int:\n    {body}\n")


def across_an_amber(workspace: Path) -> None:
    """Runs at 10:00, 10:00:30, 10:01 and 10:01:30: green, red, an amber (a step module that
    does not import, and ten lines of a new module), then green: from the red, 12 lines."""
    steps = workspace / STAGES[0].steps
    kept_steps = steps.read_text()
    for time, body, light in [
        ("10:00:00", "return 5", "green"),
        ("10:00:30", "return 4", "red"),
        ("10:01:00", "return 4", "amber"),
        ("10:01:30", "return 5", "green"),
    ]:
        with freeze_time(f"2026-11-25 {time}"):
            model(workspace, body)
            if light == "amber":
                extra = "".join(f"EXTRA_{n} = {n}\n" for n in range(10))
                (workspace / "euchre" / "extra.py").write_text(extra)
            steps.write_text("import not_there\n" if light == "amber" else kept_steps)
            run(workspace, "test")


def settle(workspace: Path, constraint: str, minutes: int = 2, level: str = "model") -> None:
    """The workspace's settings, as `make kata` writes them."""
    (workspace / learner.SETTINGS).write_text(
        learner.Settings(level, constraint, minutes).to_json()
    )


def git(workspace: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=Learner", "-c", "user.email=l@example.com", *args],
        cwd=workspace,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty workspace, with this test's imports kept apart from the workspace's."""
    folder = tmp_path / "kata-workspace"
    for name in ("features", "step_defs"):
        (folder / name).mkdir(parents=True)
    (folder / "step_defs" / "__init__.py").write_text("")
    (folder / "pyproject.toml").write_text(CONFIG)
    saved = dict(sys.modules)
    for name in [name for name in sys.modules if name.split(".")[0] == "step_defs"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    for name in set(sys.modules) - set(saved):
        del sys.modules[name]


@pytest.fixture
def workspace_in_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A workspace of one stage, a model, and the learner's test, committed in its own git."""
    folder = tmp_path / "kata-workspace"
    for name in ("features", "step_defs", "euchre", "tests"):
        (folder / name).mkdir(parents=True)
    (folder / "step_defs" / "__init__.py").write_text("")
    (folder / "pyproject.toml").write_text(CONFIG)
    (folder / ".gitignore").write_text(
        "__pycache__/\nkata-history.jsonl\n.kata-reached.json\n.kata-prompted.json\n"
    )
    (folder / "tests" / "test_learners_hand.py").write_text(LEARNERS_TEST)
    write_stage(folder, 1)
    model(folder, "raise NotImplementedError")
    saved = dict(sys.modules)
    monkeypatch.syspath_prepend(str(folder))
    git(folder, "init", "-q", "-b", "main")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "The start")
    yield folder
    for name in set(sys.modules) - set(saved):
        del sys.modules[name]
