"""One run of the tests, carried whole from ``make test`` to the history and the dojo.

A run grows as it goes: each step takes what the steps before it found and gives it on with
its own part added, and its type says how far it has gone. ``TestRun`` is what is known before
the tests run; a ``Tested`` run has the session's outcome and what the wrong models say;
a ``Judged`` one its verdict; a ``Recorded`` one the line kept in the history.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .levels.level import specified
from .record.history import Run
from .record.learner import Settings
from .record.reach import Reach
from .record.stages import Stage
from .running.features import Features, Rule, Scenario

if TYPE_CHECKING:  # the steps that make these import this module
    from .levels.level import Level, Measured
    from .running.session import Found
    from .verdict import Verdict


@dataclass(frozen=True, kw_only=True)
class TestRun:
    """A run as it starts: the workspace's settings and record, and its features, read once."""

    __test__ = False  # a class of the coach's, not one for pytest to collect

    workspace: Path
    settings: Settings
    level: Level
    """The class that makes every decision that differs between the levels."""
    reach: Reach
    features: Features
    history: tuple[Run, ...]
    files_hash: str
    """The learner's files as they are tested (``record.learner.fingerprint``)."""
    guess: str = ""
    """Under the predict constraint: the light the learner said this run would have."""
    revealed: tuple[Scenario, ...] = ()
    """The scenarios ``make next`` has just revealed, whose passing at once is noticed."""
    revealed_rule: Rule | None = None
    """At level examples: the Rule ``make next`` has just revealed."""
    revealed_story: Stage | None = None
    """At level stories: the stage whose story ``make next`` has just revealed."""

    @property
    def to_run(self) -> list[Scenario]:
        """The scenarios this run runs."""
        return self.level.to_run(self.features, self.reach)

    @property
    def before(self) -> Run | None:
        return self.history[-1] if self.history else None

    def carried(self) -> dict[str, Any]:
        """Everything this run holds, to hand on to the next step's type."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    def tested(self, found: Found, measured: Measured) -> Tested:
        """This run, with what its session found and what the wrong models said, and what the
        learner's specification says at this level."""
        ran = self.to_run
        return Tested(
            **self.carried(),
            found=found,
            measured=measured,
            specified=specified(self.level, self.workspace, self.features, ran),
            unwritten=tuple(self.level.unwritten(self.features, self.reach)),
            misshapen=tuple(self.level.misshapen(ran)),
        )


@dataclass(frozen=True, kw_only=True)
class Tested(TestRun):
    found: Found
    measured: Measured
    specified: str = ""
    """A hash of what the learner's own specification says (levels steps, examples, stories)."""
    unwritten: tuple[tuple[Stage, Rule], ...] = ()
    """Each revealed Rule with no example yet (levels examples and stories)."""
    misshapen: tuple[str, ...] = ()
    """Each example not written with one ``When`` (levels examples and stories), in a line."""


@dataclass(frozen=True, kw_only=True)
class Judged(Tested):
    verdict: Verdict


@dataclass(frozen=True, kw_only=True)
class Recorded(Judged):
    line: Run | None
    """The history line kept; None for a run that is not recorded (an interrupted one)."""
    back_to: Run | None = None
    """Under baby steps: the green run whose files were put back after this one."""
