"""A red or amber run's words: what broke, or the first failure, readably, from the learner's
side of the level they are at."""

from __future__ import annotations

from collections.abc import Callable

from .. import typed
from ..levels import phrases
from ..running.outcomes import NO_STEP, Failure, Found
from ..testrun import TestRun

Say = Callable[[str], None]
UNIT_TESTS_SHOWN = 3
BROKEN_LINES = 8
DETAIL_LINES = 30
NOT_COLLECTED = Failure(
    detail=["it is not collected: do the step definitions call scenarios() for it?"]
)


def broken(found: Found, say: Say) -> None:
    """Why the code does not import or the tests cannot be collected: pytest's last lines."""
    lines = [line for reason in found.broken for line in reason.splitlines() if line.strip()]
    for line in lines[-BROKEN_LINES:]:
        say(f"  {line}")


def first_failure(run: TestRun, say: Say) -> None:
    """The first failure in full, then the names of the others."""
    found, level = run.found, run.level
    failing = found.first_failure()
    failure = (failing.failures or [NOT_COLLECTED])[0]
    kind = "Your test" if failing.scenario is None else "Scenario"
    say(f"{kind}: {failing.failed_as}  ({failing.where})")
    if failure.row:
        rows = f"{len(failing.failures)} of {failing.collected} rows fail"
        values = ", ".join(f"{name}={value}" for name, value in failure.row.items())
        say(f"  example: {values}  ({rows}; this is the first)")
    detail = [_from_the_learners_side(line, level.sides) for line in failure.detail]
    where = failure.step_where
    if failure.step_where == NO_STEP and level.written == "examples":
        where = f"no step phrase matches it; `{typed.command('steps')}` lists them all"
        nearest = phrases.nearest(run.workspace, failure.step)
        detail = ["The nearest phrases:", *(f"  {line}" for line in nearest)]
        for phrase in nearest:
            if unread := phrases.unread(phrase, failure.step):
                read = ", or ".join(f"“{value}” as a {place}" for value, place in unread)
                detail = [f"Its words are the phrase “{phrase}”: the steps cannot read {read}."]
                break
    if failure.step:
        say(f"  failed at: {failure.step}  ({where})")
    for line in detail[:DETAIL_LINES]:
        say(f"    {line}")
    if failure.raised_at:
        say(f"  raised at {failure.raised_at}")
    others = [o.name for o in found.scenarios if not o.passed and o is not failing]
    if others:
        # Quoted: a name may hold commas ("The Left Bar, JD, is led …").
        named = ", ".join(f"“{name}”" for name in others[:5])
        say(f"Also failing: {named}{' …' if len(others) > 5 else ''}")
    red_tests = [o for o in found.tests if not o.passed and o is not failing]
    for test in red_tests[:UNIT_TESTS_SHOWN]:  # the inner loop: each with what it asserted
        say(f"Your test: {test.name}  ({test.where})")
        for line in (test.failures or [NOT_COLLECTED])[0].detail[:2]:
            say(f"    {line}")
    if len(red_tests) > UNIT_TESTS_SHOWN:
        say(f"… and {count(len(red_tests) - UNIT_TESTS_SHOWN, 'more failing test')}")
    say(f"The full traceback: {typed.command('test', full=True)}")


def _from_the_learners_side(line: str, sides: tuple[tuple[str, str], ...]) -> str:
    for said, meant in sides:
        line = line.replace(said, meant)
    return line


def count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
