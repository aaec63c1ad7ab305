"""What one pytest session over the learner's work found: each reached scenario's outcome
and each of the learner's tests', and what kept the code from importing; found, not judged."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..record.stages import Stage
from .features import Scenario

NO_STEP = "no step definition matches this text yet"
"""What a failure says of a step that no step definition matches."""


@dataclass
class Failure:
    """Why a scenario (one row of an outline's examples) or a unit test failed."""

    row: dict[str, str] = field(default_factory=dict)
    """For a row of a Scenario Outline: the row's values, such as {"tricks": "2"}."""
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
    scenario: Scenario | None = None
    """The scenario as written; None for one of the learner's own tests."""
    collected: int = 0
    ran: int = 0
    """Rows that ran to the end: one that never ran (the run was interrupted) never passed."""
    failures: list[Failure] = field(default_factory=list)
    """One for each failing row, in the order they ran: the first is told in full."""

    @property
    def passed(self) -> bool:
        return self.collected > 0 and self.ran == self.collected and not self.failures

    @property
    def wants_a_step(self) -> bool:
        """Its first failure is a step no step definition matches yet."""
        return bool(self.failures) and self.failures[0].step_where == NO_STEP

    @property
    def failed_as(self) -> str:
        """The name it failed by: a scenario's with its first failing row's values in place of
        an outline's ``<placeholders>`` (as Cucumber names an example); a test's own name."""
        if self.scenario is None:
            return self.name
        return self.scenario.named(self.failures[0].row if self.failures else {})


@dataclass(frozen=True)
class Found:
    """What the session found, before anyone judges it."""

    scenarios: list[Outcome]
    tests: list[Outcome]
    broken: list[str]
    """Why the code does not import or the tests cannot be collected, one reason each."""
    interrupted: bool = False
    """Ctrl-C stopped the session: what did not run is unknown, not passed."""

    @property
    def passed(self) -> int:
        return sum(outcome.passed for outcome in self.scenarios)

    @property
    def examples(self) -> int:
        """Every example collected: each row of an outline counts."""
        return sum(outcome.collected for outcome in self.scenarios)

    @property
    def failed(self) -> bool:
        return not all(outcome.passed for outcome in self.scenarios + self.tests)

    def first_failure(self) -> Outcome:
        """The first reached scenario, or else test, that did not pass, of a run that failed."""
        return next(o for o in self.scenarios + self.tests if not o.passed)
