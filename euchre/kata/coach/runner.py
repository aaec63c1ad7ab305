"""`make test` in a workspace: run the stages in order and stop at the first that is not green."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from .history import LIGHTS, Run
from .stages import STAGES, Stage


@dataclass
class Result:
    """What happened to one scenario."""

    nodeid: str
    stage: Stage
    name: str = ""
    where: str = ""
    passed: bool = True
    failure: str = ""


@dataclass(eq=False)  # pluggy keeps plugins in sets
class Recorder:
    """A pytest plugin that orders the tests by stage and stops after a stage that fails."""

    stages: tuple[Stage, ...]
    root: Path
    results: dict[str, Result] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)
    session: Any = None

    def _stage_of(self, nodeid: str) -> Stage | None:
        return next((s for s in self.stages if nodeid.startswith(s.steps + "::")), None)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.broken.append(str(report.longrepr))

    def pytest_collection_modifyitems(
        self, session: pytest.Session, items: list[pytest.Item]
    ) -> None:
        self.session = session
        for item in items:
            stage = self._stage_of(item.nodeid)
            assert stage is not None  # only the stages' step modules are collected
            self.results[item.nodeid] = Result(item.nodeid, stage, name=item.name)
        items.sort(key=lambda item: self.results[item.nodeid].stage.number)

    def pytest_bdd_before_scenario(self, request: Any, feature: Any, scenario: Any) -> None:
        result = self.results[request.node.nodeid]
        result.name = scenario.name
        result.where = f"features/{Path(feature.filename).name}:{scenario.line_number}"

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        result = self.results[report.nodeid]  # only the stages' scenarios are collected
        if report.failed and result.passed:
            result.passed = False
            crash = getattr(report.longrepr, "reprcrash", None)
            if crash is None:  # such as a fixture that is not found: show pytest's "E" line
                lines = [line.strip() for line in str(report.longrepr).splitlines()]
                errors = [line[1:].strip() for line in lines if line.startswith("E ")]
                result.failure = (errors or [line for line in lines if line] or ["failed"])[0]
            else:
                where = Path(crash.path)
                shown = where.relative_to(self.root) if where.is_relative_to(self.root) else where
                result.failure = f"{crash.message}  ({shown}:{crash.lineno})"
        if report.when == "teardown":
            self._stop_after_a_failed_stage(result)

    def _stop_after_a_failed_stage(self, result: Result) -> None:
        same_stage = [r for r in self.results.values() if r.stage == result.stage]
        if same_stage[-1] is result and not all(r.passed for r in same_stage):
            self.session.shouldstop = f"stage {result.stage.number} is not green"


def run(workspace: Path, clock: Callable[[], datetime], say: Callable[[str], None]) -> Run:
    """Run the stages in ``workspace``, tell the learner where they stand, and return the run."""
    recorder = Recorder(STAGES, workspace.resolve())
    args = [str(workspace / stage.steps) for stage in STAGES if (workspace / stage.steps).exists()]
    code = pytest.main(
        # The coach tells the learner what matters; pytest's own report would bury it.
        [*args, "--rootdir", str(workspace), "-p", "no:cacheprovider", "-p", "no:terminal"],
        plugins=[recorder],
    )
    # INTERRUPTED is how the recorder stops after a red stage; only these mean broken tooling.
    broken = code in (pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR)
    if recorder.broken or broken or not recorder.results:
        return _amber(recorder, clock, say)
    for stage in STAGES:
        results = [r for r in recorder.results.values() if r.stage == stage]
        passed = sum(r.passed for r in results)
        if passed < len(results):
            say(
                f"{LIGHTS['red']} Stage {stage.number} of {len(STAGES)}, {stage.name}:"
                f" {passed} of {len(results)} scenarios pass"
            )
            first = next(r for r in results if not r.passed)
            say(f"Next: make this scenario pass: {first.name} ({first.where or first.nodeid})")
            say(f"  {first.failure.strip().splitlines()[0] if first.failure.strip() else 'failed'}")
            return Run(clock(), stage.number, len(STAGES), stage.name, passed, len(results), "red")
    total = len(recorder.results)
    say(
        f"{LIGHTS['green']} All {len(STAGES)} stages pass: {total} of {total} scenarios."
        " Refactor while it is green, then commit."
    )
    last = STAGES[-1]
    return Run(clock(), last.number, len(STAGES), last.name, total, total, "green")


def _amber(recorder: Recorder, clock: Callable[[], datetime], say: Callable[[str], None]) -> Run:
    say(f"{LIGHTS['amber']} The code does not import, or the tests cannot be collected:")
    detail = "\n".join(recorder.broken) or "no scenarios were collected"
    for line in [line for line in detail.splitlines() if line.strip()][-6:]:
        say(f"  {line}")
    first = STAGES[0]
    return Run(clock(), first.number, len(STAGES), first.name, 0, 0, "amber")
