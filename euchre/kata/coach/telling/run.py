"""What a run says: its light and where the learner stands, then what the light asks of them.

The light is told first and recorded before anything is said (keeping.py), so that a closed
output loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import typed
from ..record.lights import AT_ONCE, LIGHTS, REFACTOR
from ..record.line import Line
from ..record.stages import STAGES
from ..testrun import TestRun
from . import failure, green, questions

Say = Callable[[str], None]
INTERRUPTED = "⏹ Interrupted: the run stopped before its light, and nothing of it is recorded."


def tell(run: TestRun, say: Say) -> None:
    """Everything a run says, in order; then the plugins speak (hooks.py)."""
    line = run.line
    if line is None:
        say(INTERRUPTED)
        return
    unit, total = run.level.unit, run.level.in_stage(run.features, run.reach)
    place = f", {unit} {run.reach.revealed} of {total}" if total else ""  # a stage taken whole
    head = (
        f"{LIGHTS[line.light]} Stage {run.reach.stage} of {len(STAGES)},"
        f" {run.reach.current.name}{place}:"
    )
    if line.light == "amber":
        _amber(run, head, say)
    else:
        tests = run.found.tests
        passed = sum(test.passed for test in tests)
        mine = f", and {passed} of {failure.count(len(tests), 'unit test')}" if tests else ""
        say(f"{head} {line.passed} of {line.reached} {run.level.counted} pass{mine}")
    _guess(line, say)
    if line.light == "red":
        failure.first_failure(run, say)
    if line.passed_at_once:
        say(
            # Said of what `make next` revealed: code changed before it is code written ahead.
            f"{AT_ONCE} It passed at once, as `make next` revealed it. Was your code written"
            " ahead of it, did it do more than the earlier scenarios asked, or does this one"
            " check what they checked?"
        )
    if line.refactor:
        say(f"{REFACTOR} A refactor: green again, with your {run.level.written} changed.")
    if line.light == "green":
        _green(run, line, unit, total, say)


def _amber(run: TestRun, head: str, say: Say) -> None:
    if run.amber in ("feature", "code"):
        if run.amber == "feature":
            say(f"{head} a feature cannot be read:")
        else:
            say(f"{head} the code does not import, or the tests cannot be collected:")
        failure.broken(run.found, say)
    elif run.misshapen:  # at levels examples and stories: one When, and a Then
        say(f"{head} an example shows one action, its When, and what it leads to, its Then:")
        for example in run.misshapen:
            say(f"  ✍ {example.said}")
    else:  # at levels examples and stories: nothing is written for a Rule, a story, or any
        story = any(rule is None for _, rule in run.unwritten)
        if not run.found.examples:
            say(f"{head} no example is written yet: nothing ran, so nothing is green.")
        elif story:
            say(
                f"{head} no example of this story is written yet: nothing of it ran, so it is"
                " not green."
            )
        else:
            say(f"{head} a Rule has no example yet: nothing is written for it, so it is not green.")
        if run.level.by_story and (story or not run.found.examples):
            questions.nothing_written(run, say)
            return
        for stage, rule in [(stage, rule) for stage, rule in run.unwritten if rule is not None]:
            say(f"✍ No example yet of Rule: {rule.name}  ({stage.feature_path}:{rule.line})")
        say(f"Write an example under its Rule: line, then `{typed.command('test')}`.")


def _guess(line: Line, say: Say) -> None:
    """Under the predict constraint: whether the learner's guess was the light."""
    if line.guess:
        verdict = "right" if line.guess == line.light else f"it is {line.light}"
        say(f"🎯 You said {line.guess}: {verdict}.")


def _green(run: TestRun, line: Line, unit: str, total: int, say: Say) -> None:
    measured, asked = run.measured, False
    if measured.caught is not None and run.level.by_story:
        questions.asked(run, measured.caught, line, say)
        asked = True
    elif measured.caught is not None:
        green.caught(run, measured.caught, say)
    if measured.let_through is not None:
        green.let_through(run, measured.let_through, say)
    if not asked:
        green.what_next(run, line, unit, total, say)
