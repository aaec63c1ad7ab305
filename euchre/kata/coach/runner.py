"""One run of the learner's tests: the scenarios reached so far, then their own unit tests.

The coach runs pytest in-process with a plugin that keeps only the reached scenarios, in the
stories' order, and remembers for each failure the step that failed, as written in the
feature, and the step definition behind it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from . import reach
from .stages import STAGES, TESTS, Stage


@dataclass
class Failure:
    """Why a scenario (one row of an outline's examples) or a unit test failed."""

    example: str = ""
    """For a row of a Scenario Outline: the row's values, such as "tricks=2, makers=1"."""
    step: str = ""
    step_where: str = ""
    detail: list[str] = field(default_factory=list)
    raised_at: str = ""


@dataclass
class Outcome:
    """A reached scenario (all of an outline's rows together) or one of the learner's tests."""

    name: str
    where: str
    stage: Stage | None = None
    collected: int = 0
    failures: list[Failure] = field(default_factory=list)
    """One for each failing row, in the order they ran: the first is told in full."""

    @property
    def passed(self) -> bool:
        return self.collected > 0 and not self.failures


@dataclass
class Result:
    """What a run found, before it is told to the learner."""

    scenarios: list[Outcome]
    tests: list[Outcome]
    broken: list[str]

    @property
    def light(self) -> str:
        if self.broken:
            return "amber"
        everything = self.scenarios + self.tests
        return "green" if all(outcome.passed for outcome in everything) else "red"

    @property
    def passed(self) -> int:
        return sum(outcome.passed for outcome in self.scenarios)

    def first_failure(self) -> Outcome | None:
        return next((o for o in self.scenarios + self.tests if not o.passed), None)


@dataclass(eq=False)  # pluggy keeps plugins in sets
class Recorder:
    """A pytest plugin: keep the reached scenarios and the learner's tests, and record them."""

    root: Path
    reached: dict[tuple[str, int], Outcome]
    tests: dict[str, Outcome] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)
    by_nodeid: dict[str, Outcome] = field(default_factory=dict)
    steps_left: dict[str, list[Any]] = field(default_factory=dict)
    failing: dict[str, Failure] = field(default_factory=dict)
    examples: dict[str, str] = field(default_factory=dict)

    def _learners(self, path: str | Path) -> bool:
        """Whether ``path`` is in the workspace and not an installed package (pytest's, say,
        where a step that nothing matches is raised): only there is a line worth reading."""
        where = Path(path).resolve()
        inside = where.is_relative_to(self.root)
        return inside and not {".venv", "site-packages"} & set(where.relative_to(self.root).parts)

    def _shown(self, path: str | Path) -> str:
        where = Path(path).resolve()
        return str(where.relative_to(self.root) if where.is_relative_to(self.root) else where)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.broken.append(str(report.longrepr))

    def pytest_collection_modifyitems(
        self, session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        kept: list[tuple[tuple[int, int], pytest.Item]] = []
        deselected = []
        for item in items:
            template = scenario_wrapper_template_registry.get(getattr(item, "obj", _no_scenario))
            if template is None:  # one of the learner's own tests
                outcome = self.tests.setdefault(item.nodeid, Outcome(item.name, item.nodeid))
                order = (len(STAGES) + 1, len(kept))
            else:
                key = (Path(template.feature.filename).name, template.line_number)
                if key not in self.reached:
                    deselected.append(item)
                    continue
                outcome = self.reached[key]
                assert outcome.stage is not None  # every reached scenario belongs to a stage
                order = (outcome.stage.number, template.line_number)
            outcome.collected += 1
            self.by_nodeid[item.nodeid] = outcome
            kept.append((order, item))
        kept.sort(key=lambda pair: pair[0])
        items[:] = [item for _, item in kept]
        if deselected:
            config.hook.pytest_deselected(items=deselected)

    def pytest_bdd_before_scenario(self, request: Any, scenario: Any) -> None:
        nodeid = request.node.nodeid
        self.steps_left[nodeid] = list(scenario.steps)
        callspec = getattr(request.node, "callspec", None)
        if callspec is not None:  # a row of a Scenario Outline's examples
            row = callspec.params["_pytest_bdd_example"]
            self.examples[nodeid] = ", ".join(f"{name}={value}" for name, value in row.items())

    def pytest_bdd_after_step(self, request: Any) -> None:
        self.steps_left[request.node.nodeid].pop(0)

    def pytest_bdd_step_error(
        self, request: Any, step: Any, step_func: Callable[..., object], exception: Exception
    ) -> None:
        failure = self._failure(request.node.nodeid)
        failure.step = f"{step.keyword} {step.name}"
        failure.step_where = self._source(step_func)

    def _source(self, function: Callable[..., object]) -> str:
        """The file and line of a step definition's first decorator: the step text it matches."""
        try:
            first = inspect.getsourcelines(function)[1]
        except OSError:  # made at run time, with no source file to read
            first = 0
        return f"{self._shown(inspect.getfile(function))}:{first}"

    def pytest_bdd_step_func_lookup_error(self, request: Any, step: Any) -> None:
        failure = self._failure(request.node.nodeid)
        failure.step = f"{step.keyword} {step.name}"
        failure.step_where = NO_STEP

    def _failure(self, nodeid: str) -> Failure:
        if nodeid not in self.failing:
            failure = self.failing[nodeid] = Failure(example=self.examples.get(nodeid, ""))
            self.by_nodeid[nodeid].failures.append(failure)
        return self.failing[nodeid]

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if not report.failed:
            return
        failure = self._failure(report.nodeid)
        if failure.detail:  # a failed teardown after a failed call: the call tells why
            return
        failure.detail = _detail(report)
        left = self.steps_left.get(report.nodeid)
        if not failure.step and left:  # it failed before its step function was called
            failure.step = f"{left[0].keyword} {left[0].name}"
            failure.step_where = "while reading its text into the step's arguments"
        crash = getattr(report.longrepr, "reprcrash", None)
        if crash is not None and self._learners(crash.path):
            failure.raised_at = f"{self._shown(crash.path)}:{crash.lineno}"


NO_STEP = "no step definition matches this text yet"
"""What a failure says of a step that no step definition matches."""
QUIET_WARNINGS = ("-W", "ignore::pytest.PytestAssertRewriteWarning")
"""The coach imports pytest-bdd before pytest starts, which pytest would warn of every time."""

LONGEST = 240
"""The longest line of a failure's explanation that is shown whole."""


def _no_scenario() -> None:
    """What stands for an item that is not a function: no scenario's."""


def _detail(report: pytest.TestReport) -> list[str]:
    """pytest's explanation of the failure: its ``E`` lines, with the values compared."""
    lines = [line for line in str(report.longrepr).splitlines() if line.strip()]
    explained = [line[1:].strip() for line in lines if line.startswith("E ")] or lines[-1:]
    # pytest spells out every object in an expression; a whole scenario world is no help.
    return [line if len(line) <= LONGEST else line[: LONGEST - 1] + "…" for line in explained]


def run(workspace: Path, reached: reach.Reach, full: bool = False) -> Result:
    """Run the reached scenarios and the learner's tests in ``workspace``."""
    root = workspace.resolve()
    outcomes: dict[tuple[str, int], Outcome] = {}
    stages = STAGES[: reached.stage]
    broken = []
    for stage in stages:
        try:
            templates = reach.scenarios(workspace, stage)
        except reach.UnreadableFeatureError as error:
            broken.append(str(error))
            continue
        if stage.number == reached.stage:
            templates = templates[: reached.revealed]
        for template in templates:
            where = f"{stage.feature_path}:{template.line_number}"
            outcomes[stage.feature, template.line_number] = Outcome(template.name, where, stage)
    recorder = Recorder(root, outcomes)
    # A stage with no scenario yet (at level examples) has nothing to collect.
    written = {outcome.stage for outcome in outcomes.values()}
    paths = [
        str(workspace / s.steps) for s in stages if s in written and (workspace / s.steps).exists()
    ]
    broken += [f"{s.steps} is missing" for s in stages if not (workspace / s.steps).exists()]
    if (workspace / TESTS).is_dir():
        paths.append(str(workspace / TESTS))
    if not paths:  # nothing written yet to collect: pytest would take its testpaths instead
        return Result(list(outcomes.values()), [], broken)
    quiet = [] if full else ["-p", "no:terminal"]
    code = pytest.main(
        # No assertion is cut short; the coach tells the learner what matters.
        [*paths, "-p", "no:cacheprovider", "-o", "verbosity_assertions=2", *QUIET_WARNINGS, *quiet],
        plugins=[recorder],
    )
    broken += recorder.broken
    if code in (pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR):
        # Such as a conftest.py that does not import: pytest has printed why, above.
        return Result(list(outcomes.values()), [], [*broken, "pytest could not start: see above"])
    for stage in [stage for stage in stages if stage in written]:
        explained = any(stage.feature_path in r or stage.steps in r for r in broken)
        if not explained and not any(o.collected for o in outcomes.values() if o.stage is stage):
            broken.append(
                f'{stage.steps} collects no scenario: does it call scenarios("{stage.feature}")?'
            )
    return Result(list(outcomes.values()), list(recorder.tests.values()), broken)
