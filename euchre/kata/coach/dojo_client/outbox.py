"""Each run's light queued for the dojo the workspace joined, as the run's last record; the
command delivers the queue once the light is told (client.py)."""

from __future__ import annotations

from ..hooks import Say, hookimpl
from ..record import joined
from ..record.line import Line
from ..testrun import TestRun


@hookimpl
def coach_recorded(run: TestRun, line: Line, warn: Say) -> None:
    try:
        joined.queue(run.workspace, line.to_json())
    except OSError as error:
        warn(f"dojo: this run's light is not queued for the dojo ({error.strerror})")
