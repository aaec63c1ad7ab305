"""One run of the tests, one record from ``make test`` to the history and the dojo.

It starts with what is known before the tests run (the workspace's settings, record and
features); each step of the loop fills in its own part: the session what it found, the wrong
models what they say, the record the line kept in the history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .levels.level import NOTHING, Level, Measured
from .record.learner import Settings
from .record.line import Line
from .record.reach import Reach
from .record.stages import Stage
from .running.features import Features, Misshapen, Rule, Scenario
from .running.outcomes import Found


def _nothing_found() -> Found:
    return Found(scenarios=[], tests=[], broken=[])


@dataclass(frozen=True, kw_only=True)
class TestRun:
    """A run: what it started from, and each step's part once that step has run."""

    __test__ = False  # a class of the coach's, not one for pytest to collect

    workspace: Path
    settings: Settings
    level: Level
    """The class that makes every decision that differs between the levels."""
    reach: Reach
    features: Features
    history: tuple[Line, ...]
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
    found: Found = field(default_factory=_nothing_found)
    """What the pytest session found; nothing before it runs."""
    measured: Measured = NOTHING
    """What the wrong models say of a run whose every example passed."""
    specified: str = ""
    """A hash of what the learner's own specification says (levels steps, examples, stories)."""
    unwritten: tuple[tuple[Stage, Rule | None], ...] = ()
    """Each revealed Rule with no example yet, and a story with none (its Rule None), at
    levels examples and stories."""
    misshapen: tuple[Misshapen, ...] = ()
    """Each example not written with one ``When`` and a ``Then`` (levels examples and
    stories), in a line."""
    line: Line | None = None
    """The history line kept; None before it is, and for a run not recorded (interrupted)."""
    said: list[str] = field(default_factory=list)
    """The words told of the run, the light's and the plugins' advice, as the learner reads
    them: filled in as they are told."""

    @property
    def to_run(self) -> list[Scenario]:
        """The scenarios this run runs."""
        return self.level.to_run(self.features, self.reach)

    @property
    def before(self) -> Line | None:
        return self.history[-1] if self.history else None

    # What the verdict reads (verdict.Evidence).

    @property
    def reached(self) -> int:
        return len(self.found.scenarios)

    @property
    def examples(self) -> int:
        return self.found.examples

    @property
    def failed(self) -> bool:
        return self.found.failed

    @property
    def broken(self) -> bool:
        return bool(self.found.broken)

    @property
    def amber(self) -> str:
        """Why the tests cannot run (``line.AMBERS``): a feature cannot be read, the code does
        not import or the tests cannot be collected, or an example is not one When and its Then;
        "" where they can, or where only nothing is written yet."""
        if self.found.broken:
            features = all(reason.startswith("features/") for reason in self.found.broken)
            return "feature" if features else "code"
        return self.misshapen[0].fault if self.misshapen else ""

    @property
    def interrupted(self) -> bool:
        return self.found.interrupted or self.measured.interrupted

    @property
    def caught(self) -> int | None:
        return self.measured.counts()[0]

    @property
    def stage_revealed(self) -> bool:
        """Every scenario or Rule of the stage in force is revealed (a story is, whole)."""
        return self.reach.revealed >= self.level.in_stage(self.features, self.reach)

    @property
    def uncaught(self) -> int:
        """The wrong models measured that the learner's examples or steps let pass."""
        caught, wrong_models = self.measured.counts()
        return (wrong_models or 0) - (caught or 0)

    @property
    def let_through(self) -> int:
        through = self.measured.let_through
        return len(through.through) if through is not None else 0
