"""Every scenario drives code: a deliberately minimal learner walks the kata at level model.

The learner writes, for each scenario revealed, the smallest change that turns it green: a
constant before a variable, one case before the rule (the transformation priority premise).
Their model is kept in ``tests/data/minimal_learner/``, one folder a change, each holding the
modules that change, whole, and named after the scenario it turns green. The walk goes through
the coach as a learner does (``make test``, ``make next``): a revealed scenario either fails,
and the next folder is the change that greens it, or passes at once, with no change to make. A
scenario that passes at once specifies nothing the earlier ones did not force; the kata's goal
is at most 1 reveal in 10.
"""

from __future__ import annotations

import gc
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.kata import workspace
from euchre.kata.coach.record import history, reach
from euchre.kata.coach.record.stages import KATA_STAGES, STAGES
from euchre.kata.coach.running import features
from tests.kata.installs import coach_here
from tests.paths import DATA

CHANGES = DATA / "minimal_learner"
AT_ONCE: list[str] = []
"""The scenarios the minimal learner's model passes as soon as they are revealed."""


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def change_for(folder: Path) -> str:
    """The slug of the scenario a change turns green: its folder's name, past the number."""
    return folder.name.split("-", 1)[1]


@pytest.fixture
def learners_model() -> Iterator[None]:
    """The workspace's own ``euchre`` in place of this repository's, while the test runs.

    The coach runs pytest in this process; the step definitions it imports must import the
    learner's model, so this repository's model modules are set aside, and put back after.
    The coach's own modules (``euchre.kata``) stay: they are imported already.
    """
    saved = {name: module for name, module in sys.modules.items() if _is_model(name)}
    for name in saved:
        del sys.modules[name]
    yield
    for name in [name for name in sys.modules if _is_model(name)]:
        del sys.modules[name]
    sys.modules.update(saved)


def _is_model(name: str) -> bool:
    return name == "euchre" or (name.startswith("euchre.") and not name.startswith("euchre.kata"))


def forget_the_model() -> None:
    """A new process's imports: the learner's modules as they are written now."""
    for name in [name for name in sys.modules if _is_model(name)]:
        del sys.modules[name]


def write(change: Path, folder: Path) -> None:
    """The learner's change: each module in it replaces the workspace's, whole."""
    for module in change.rglob("*.py"):
        target = folder / module.relative_to(change)
        target.write_text(module.read_text(encoding="utf-8"), encoding="utf-8")
    shutil.rmtree(folder / "euchre" / "__pycache__", ignore_errors=True)


def run(folder: Path, command: str) -> tuple[int, str]:
    forget_the_model()
    ran = coach_here(folder, command)
    # Each inner session ends with full collections; what the runs before left is not walked.
    gc.freeze()
    return ran


def newest(folder: Path) -> features.Scenario:
    """The scenario the reach has just revealed."""
    reached = reach.load(folder)
    return features.read(folder, reached.stage).of(reached.current)[reached.revealed - 1]


@pytest.mark.e2e
@pytest.mark.usefixtures("isolated", "uncovered", "learners_model")
def test_a_minimal_learner_walking_every_reveal_of_the_kata_needs_new_code_for_9_in_10_or_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "kata"
    workspace.create(folder)
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    changes = iter(sorted(path for path in CHANGES.iterdir() if path.is_dir()))
    first = next(changes)
    assert change_for(first) == slug(newest(folder).name)
    write(first, folder)
    code, out = run(folder, "test")
    assert code == 0, out
    found = features.read(folder, KATA_STAGES)
    last = reach.Reach(KATA_STAGES, len(found.of(STAGES[KATA_STAGES - 1])))
    at_once: list[str] = []
    reveals = 0
    while reach.load(folder) != last:
        code, out = run(folder, "next")
        reveals += 1
        revealed = newest(folder)
        if code == 0:
            at_once.append(revealed.name)
            continue
        assert code == 1, out
        change = next(changes, None)
        assert change is not None, f"no change greens {revealed.name!r}: {out}"
        assert change_for(change) == slug(revealed.name), (change.name, revealed.name)
        write(change, folder)
        code, out = run(folder, "test")
        assert code == 0, f"{change.name} does not green its scenario: {out}"
    assert next(changes, None) is None, "a change for a scenario that passes at once"
    runs = history.read(folder, pytest.fail)
    assert sum(run.passed_at_once for run in runs) == len(at_once), "the coach counts them too"
    assert at_once == AT_ONCE
    assert len(at_once) * 10 <= reveals, f"{len(at_once)} of {reveals} reveals pass at once"
    assert reveals == sum(len(found.of(stage)) for stage in STAGES[:KATA_STAGES]) - 1
