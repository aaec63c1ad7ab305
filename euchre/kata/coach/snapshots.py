"""A snapshot of each run's code, kept as a commit on ``refs/kata/runs`` (record/runs.py) for
``make review``, baby steps and the dojo. Its message carries the run's history line and reach,
so that the history is read again from git if its file goes (record/recovery.py)."""

from __future__ import annotations

from .hooks import Say, hookimpl
from .record import recovery, runs
from .record.history import Line
from .testrun import TestRun


@hookimpl
def coach_snapshot(run: TestRun, line: Line, warn: Say) -> str | None:
    subject = f"Run {len(run.history) + 1}: {line.light}, stage {line.stage}, {line.scenario}"
    message = recovery.message(subject, line, run.reach)
    try:
        return runs.record(run.workspace, run.settings.paths, message, line.time)
    except runs.GitFailedError as error:
        warn(f"this run's code is not kept ({error}); the tests ran all the same")
        return None
