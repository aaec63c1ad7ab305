"""The verdict: a run's light and what it means, decided here and nowhere else.

What a run found comes in (the pytest session's outcome and, at levels examples and steps,
what the wrong models say), with the record of the run before it; the light goes out, with
whether it is a refactor and whether a newly revealed scenario passed at once. A pure function:
no file, no clock, no pytest.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal, Protocol

from .record.line import Line

Light = Literal["green", "red", "amber", "interrupted"]
"""Green: everything reached passes; red: something fails; amber: the code does not import,
the tests cannot be collected, or nothing is written to run; interrupted: Ctrl-C stopped the
run before it could tell, and nothing of it is recorded."""


class Evidence(Protocol):
    """What the verdict reads of a run: ``testrun.TestRun``, which says what each is."""

    @property
    def files_hash(self) -> str: ...
    @property
    def reached(self) -> int: ...
    @property
    def examples(self) -> int: ...
    @property
    def failed(self) -> bool: ...
    @property
    def broken(self) -> bool: ...
    @property
    def interrupted(self) -> bool: ...
    @property
    def revealed(self) -> Collection[object]: ...
    @property
    def caught(self) -> int | None: ...
    @property
    def let_through(self) -> int: ...
    @property
    def specified(self) -> str: ...
    @property
    def unwritten(self) -> Collection[object]: ...
    @property
    def misshapen(self) -> Collection[object]: ...
    @property
    def stage_revealed(self) -> bool: ...
    @property
    def uncaught(self) -> int: ...


@dataclass(frozen=True)
class Verdict:
    light: Light
    refactor: bool = False
    """Green after green with the learner's files changed and nothing more nor less specified."""
    passed_at_once: bool = False
    """Green, and the scenarios ``make next`` revealed passed before any code changed."""
    stage_done: bool = False
    """Green, every scenario or Rule of the stage revealed, and every wrong model measured
    caught: the stage is done."""

    @property
    def recorded(self) -> bool:
        """An interrupted run leaves no line, no code and no light anywhere."""
        return self.light != "interrupted"


def decide(before: Line | None, run: Evidence) -> Verdict:
    """The verdict of ``run``, after the run recorded as ``before``."""
    if run.interrupted:
        return Verdict("interrupted")
    if run.broken or run.examples == 0 or run.unwritten or run.misshapen:
        return Verdict("amber")
    if run.failed:
        return Verdict("red")
    return Verdict(
        "green",
        refactor=_is_refactor(before, run),
        passed_at_once=bool(run.revealed),
        stage_done=run.stage_revealed and run.uncaught == 0,
    )


def _is_refactor(before: Line | None, run: Evidence) -> bool:
    """Green after green, the learner's files changed, and what they specify unchanged: the
    same examples reached (examples merged into an outline keep their rows), the same wrong
    models caught, none let through by the learner's steps, and what they specify (their unit
    tests, and their steps or examples) the same."""
    if before is None or before.light != "green" or not before.files_hash:
        return False
    if before.examples is None:  # a line from before examples were counted: its scenarios
        same_examples = before.reached == run.reached
    else:
        same_examples = before.examples == run.examples
    return (
        before.files_hash != run.files_hash
        and same_examples
        and before.caught == run.caught
        and run.let_through == 0
        and before.specified == run.specified
    )
