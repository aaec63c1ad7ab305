"""One pytest session over the learner's work: the reached scenarios, then their own tests.

pytest runs in this process with a plugin that keeps only the reached scenarios, in the stories'
order, and remembers for each failure the step that failed, as written in the feature, and the
step definition behind it. It finds; it does not judge: the light is verdict.py's.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from ..record.stages import STAGES, TESTS
from . import bdd, explained
from .features import Features, Scenario
from .outcomes import NO_STEP, Failure, Found, Outcome

QUIET_WARNINGS = ("-W", "ignore::pytest.PytestAssertRewriteWarning")
"""The coach imports pytest-bdd before pytest starts, which pytest would warn of every time."""
TIME_LIMIT = 10.0
"""Seconds a scenario or test may run before it is stopped: a loop that never ends would
otherwise hang the run, and leave no light."""


class TimeLimit:
    """A pytest plugin: stop each test at ``TIME_LIMIT`` by a timer's signal in the main thread,
    which fails that test alone; none where there is no such signal (Windows). pytest-timeout's
    way writes the stacks to the terminal, which the coach's sessions turn off."""

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self) -> Iterator[None]:
        if sys.platform == "win32":  # no timer's signal there
            return (yield)

        def stop(number: int, frame: object) -> None:
            raise TimeoutError(
                f"it ran over {TIME_LIMIT:g} s and was stopped: is there a loop that never ends?"
            )

        before = signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
        try:
            return (yield)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, before)


def run(
    workspace: Path, features: Features, reached: Sequence[Scenario], stage: int, full: bool
) -> Found:
    """Run the ``reached`` scenarios of stages 1 to ``stage`` and the learner's tests."""
    outcomes = {s.key: Outcome(s.title, s.where, s.stage, s) for s in reached}
    broken = [why for number, why in sorted(features.unreadable.items()) if number <= stage]
    written = sorted({s.stage for s in reached}, key=lambda s: s.number)
    paths = [str(workspace / s.steps) for s in written if (workspace / s.steps).exists()]
    stages = STAGES[:stage]
    broken += [f"{s.steps} is missing" for s in stages if not (workspace / s.steps).exists()]
    if (workspace / TESTS).is_dir():
        paths.append(str(workspace / TESTS))
    if not paths:  # nothing written yet to collect: pytest would take its testpaths instead
        return Found(list(outcomes.values()), [], broken)
    recorder = _Recorder(workspace.resolve(), outcomes)
    quiet = [] if full else ["-p", "no:terminal"]
    # No assertion is cut short; the coach tells the learner what matters.
    args = ["-p", "no:cacheprovider", "-o", "verbosity_assertions=2", *QUIET_WARNINGS, *quiet]
    said = io.StringIO()  # why pytest could not start, which the coach says (and the board shows)
    with contextlib.redirect_stderr(said):
        code = pytest.main([*paths, *args], plugins=[recorder, TimeLimit()])
    broken += recorder.broken
    if code in (pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR):
        # Such as a conftest.py that does not import. pytest names a file from where it runs,
        # or whole, whichever is shorter; the learner reads it from their workspace.
        why = said.getvalue()
        for shown in (str(workspace.resolve()), os.path.relpath(workspace.resolve())):
            why = why.replace(f"{shown}{os.sep}", "")
        broken.append(f"pytest could not start:\n{why}")
        return Found(list(outcomes.values()), [], broken)
    sys.stderr.write(said.getvalue())
    for each in written:
        explained = any(each.feature_path in r or each.steps in r for r in broken)
        if not explained and not any(o.collected for o in outcomes.values() if o.stage is each):
            broken.append(
                f'{each.steps} collects no scenario: does it call scenarios("{each.feature}")?'
            )
    tests = list(recorder.tests.values())
    return Found(list(outcomes.values()), tests, broken, recorder.interrupted)


@dataclass(eq=False)  # pluggy keeps plugins in sets
class _Recorder:
    """A pytest plugin: keep the reached scenarios and the learner's tests, and record them."""

    root: Path
    reached: dict[bdd.Key, Outcome]
    tests: dict[str, Outcome] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)
    by_nodeid: dict[str, Outcome] = field(default_factory=dict)
    steps_left: dict[str, list[Any]] = field(default_factory=dict)
    failing: dict[str, Failure] = field(default_factory=dict)
    rows: dict[str, dict[str, str]] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)
    interrupted: bool = False

    def pytest_keyboard_interrupt(self, excinfo: pytest.ExceptionInfo[BaseException]) -> None:
        """Ctrl-C. pytest stops after a collection error with a KeyboardInterrupt of its own
        (``Session.Interrupted``) and says "interrupted" of both: only a real one counts."""
        self.interrupted = not excinfo.errisinstance(pytest.Session.Interrupted)

    def _learners(self, path: str | Path) -> bool:
        """Whether ``path`` is in the workspace and not an installed package (pytest's, say,
        where a step that nothing matches is raised): only there is a line worth reading."""
        shown = Path(self._shown(path))
        return not shown.is_absolute() and not {".venv", "site-packages"} & set(shown.parts)

    def _shown(self, path: str | Path) -> str:
        where = Path(path).resolve()
        return str(where.relative_to(self.root) if where.is_relative_to(self.root) else where)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.broken.append(
                "\n".join(explained.collection_error(report, self._learners, self._shown))
            )

    def pytest_collection_modifyitems(
        self, session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        kept: list[tuple[tuple[int, int], pytest.Item]] = []
        deselected = []
        for item in items:
            scenario = bdd.scenario_of(item)
            if scenario is None:  # one of the learner's own tests
                outcome = self.tests.setdefault(item.nodeid, Outcome(item.name, item.nodeid))
                order = (len(STAGES) + 1, len(kept))
            elif bdd.key_of(scenario) in self.reached:
                outcome = self.reached[bdd.key_of(scenario)]
                order = (outcome.stage.number if outcome.stage else 0, scenario.line_number)
            else:
                deselected.append(item)
                continue
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
            self.rows[nodeid] = {str(name): str(value) for name, value in row.items()}

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
            failure = self.failing[nodeid] = Failure(row=self.rows.get(nodeid, {}))
            self.by_nodeid[nodeid].failures.append(failure)
        return self.failing[nodeid]

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        ends = report.when == "call" or (report.when == "setup" and not report.passed)
        if ends and report.nodeid not in self.finished:
            self.finished.add(report.nodeid)
            self.by_nodeid[report.nodeid].ran += 1
        if not report.failed:
            return
        failure = self._failure(report.nodeid)
        if failure.detail:  # a failed teardown after a failed call: the call tells why
            return
        failure.detail = explained.failure(report)
        left = self.steps_left.get(report.nodeid)
        if not failure.step and left:  # it failed before its step function was called
            failure.step = f"{left[0].keyword} {left[0].name}"
            failure.step_where = "while reading its text into the step's arguments"
        crash = getattr(report.longrepr, "reprcrash", None)
        if crash is not None and self._learners(crash.path):
            failure.raised_at = f"{self._shown(crash.path)}:{crash.lineno}"
