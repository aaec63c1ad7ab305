"""A snapshot of each run's code, kept as a commit on ``refs/kata/runs`` (record/runs.py) for
``make review``, baby steps and the dojo. Its message carries the run's history line and reach,
so that the history is read again from git if its file goes (record/recovery.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Generator

from .hooks import Say, hookimpl
from .record import recovery, runs
from .record.line import Line
from .testrun import TestRun


@hookimpl(wrapper=True)
def coach_told(run: TestRun, say: Say) -> Generator[None, None, None]:
    """After every plugin's advice: the words the learner read, kept beside the run's code (a
    git note on its commit), so that the dojo shows what the pair saw."""
    yield
    if run.line is not None and run.line.run and run.said:
        with contextlib.suppress(runs.GitFailedError):  # the words are the code's companion
            runs.note(run.workspace, run.line.run, "\n".join(run.said))


@hookimpl
def coach_snapshot(run: TestRun, line: Line, warn: Say) -> str | None:
    subject = f"Run {len(run.history) + 1}: {line.light}, stage {line.stage}, {line.scenario}"
    message = recovery.message(subject, line, run.reach)
    try:
        return runs.record(run.workspace, run.settings.paths, message, line.time)
    except runs.GitFailedError as error:
        warn(f"this run's code is not kept ({error}); the tests ran all the same")
        return None
