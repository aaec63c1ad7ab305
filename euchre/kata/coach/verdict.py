"""The verdict: a run's light and what it means, decided here and nowhere else.

What a run found comes in (the pytest session's outcome and, at levels examples and steps,
what the wrong models say), with the record of the run before it; the light goes out, with
whether it is a refactor and whether a newly revealed scenario passed at once. A pure function:
no file, no clock, no pytest. ``judge`` gathers a run's evidence for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .record.history import Run
from .testrun import Judged, Tested

Light = Literal["green", "red", "amber", "interrupted"]
"""Green: everything reached passes; red: something fails; amber: the code does not import,
the tests cannot be collected, or nothing is written to run; interrupted: Ctrl-C stopped the
run before it could tell, and nothing of it is recorded."""


@dataclass(frozen=True)
class Evidence:
    """What a run found, as the verdict weighs it."""

    files_hash: str
    """The learner's files as they were tested (``record.learner.fingerprint``)."""
    reached: int
    """Reached scenarios (an outline is one)."""
    examples: int
    """Reached examples, each row of an outline counted: 0 when nothing is written to run."""
    failed: bool = False
    """A reached scenario or one of the learner's tests did not pass."""
    broken: bool = False
    """The code does not import, a feature cannot be read, or the tests cannot be collected."""
    interrupted: bool = False
    revealed: bool = False
    """``make next`` revealed scenarios for this run: green, they passed at once."""
    caught: int | None = None
    """At level examples: the wrong models the learner's examples catch."""
    let_through: int = 0
    """At level steps: wrong models the learner's steps let through that the given steps catch."""
    specified: str = ""
    """A hash of what the learner specifies (``levels.level.specified``): their own unit tests,
    and at levels steps, examples and stories their steps' definitions or their examples as
    each row reads."""
    unwritten: bool = False
    """At levels examples and stories: a revealed Rule has no example yet."""
    misshapen: bool = False
    """At levels examples and stories: an example has no ``When``, or more than one."""


@dataclass(frozen=True)
class Verdict:
    light: Light
    refactor: bool = False
    """Green after green with the learner's files changed and nothing more nor less specified."""
    passed_at_once: bool = False
    """Green, and the scenarios ``make next`` revealed passed before any code changed."""

    @property
    def recorded(self) -> bool:
        """An interrupted run leaves no line, no code and no light anywhere."""
        return self.light != "interrupted"


def decide(before: Run | None, found: Evidence) -> Verdict:
    """The verdict of a run that found ``found``, after the run recorded as ``before``."""
    if found.interrupted:
        return Verdict("interrupted")
    if found.broken or found.examples == 0 or found.unwritten or found.misshapen:
        return Verdict("amber")
    if found.failed:
        return Verdict("red")
    return Verdict("green", refactor=_is_refactor(before, found), passed_at_once=found.revealed)


def _is_refactor(before: Run | None, found: Evidence) -> bool:
    """Green after green, the learner's files changed, and what they specify unchanged: the
    same examples reached (examples merged into an outline keep their rows), the same wrong
    models caught, none let through by the learner's steps, and what they specify (their unit
    tests, and their steps or examples) the same."""
    if before is None or before.light != "green" or not before.files_hash:
        return False
    if before.examples is None:  # a line from before examples were counted: its scenarios
        same_examples = before.reached == found.reached
    else:
        same_examples = before.examples == found.examples
    return (
        before.files_hash != found.files_hash
        and same_examples
        and before.caught == found.caught
        and found.let_through == 0
        and before.specified == found.specified
    )


def judge(run: Tested) -> Judged:
    """The run with its verdict, from what it found and the run recorded before it."""
    found, measured = run.found, run.measured
    caught, _ = measured.counts()
    through = len(measured.let_through.through) if measured.let_through is not None else 0
    evidence = Evidence(
        files_hash=run.files_hash,
        reached=len(found.scenarios),
        examples=found.examples,
        failed=found.failed,
        broken=bool(found.broken),
        interrupted=found.interrupted or measured.interrupted,
        revealed=bool(run.revealed),
        caught=caught,
        let_through=through,
        specified=run.specified,
        unwritten=bool(run.unwritten),
        misshapen=bool(run.misshapen),
    )
    return Judged(**run.carried(), verdict=decide(run.before, evidence))
