"""The baby-steps constraint: when the light has not been green for the workspace's minutes,
the learner's files go back to the last green run. The change is not lost: it is kept as the
run that was reverted, and the coach says how to bring it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from .. import typed
from ..hooks import Say, hookimpl
from ..record import episodes, reverting, runs
from ..record.learner import Settings
from ..record.line import Line
from ..testrun import TestRun

NAME = "baby-steps"


def red_since(history: Sequence[Line]) -> datetime | None:
    """When the clock started: the first run after the last green (or after the last revert);
    None if the light is green, or has never been."""
    since = None
    green = False
    for run in history:
        if run.light == "green":
            since, green = None, True
        elif green and since is None:
            since = run.time
        if run.reverted:
            since = run.time
    return since


def time_left(settings: Settings, runs: Sequence[Line], now: datetime) -> timedelta | None:
    """Under baby steps, how long after ``runs`` the light may stay not green at ``now`` before
    the files go back (nothing, once the time is up); None when no clock is running: green,
    never green yet, or another constraint."""
    since = red_since(runs) if settings.constraint == NAME else None
    if since is None:
        return None
    return max(since + timedelta(minutes=settings.minutes) - now, timedelta(0))


def back_to(settings: Settings, earlier: Sequence[Line], light: str, now: datetime) -> Line | None:
    """Under baby steps, the last green run to put the files back to, if a run at ``now`` with
    ``light`` leaves them not green for the minutes allowed; None otherwise."""
    left = time_left(settings, earlier, now)  # None: never green, or green until this run
    if light == "green" or left is None or left:  # green now, no clock, or time not up yet
        return None
    return episodes.last_green(earlier)  # red_since saw one


class Plugin:
    """Baby steps for one run: whether its files go back, and where to."""

    def __init__(self) -> None:
        self.due: Line | None = None
        """The last green run, when the time is up after this one."""
        self.back: Line | None = None
        """The green run whose files were put back after this one."""

    @hookimpl
    def coach_line(self, run: TestRun, line: Line) -> dict[str, object] | None:
        if run.settings.constraint != NAME:
            return None
        self.due = back_to(run.settings, run.history, line.light, line.time)
        reverted = self.due is not None and bool(self.due.run)  # a run git never kept: none
        return {"constraint": NAME, "minutes": run.settings.minutes, "reverted": reverted}

    @hookimpl
    def coach_recorded(self, run: TestRun, line: Line, warn: Say) -> None:
        """Put the files back, but a file saved since the run's snapshot."""
        back = self.due
        if not line.reverted or back is None:
            return
        try:
            changed = reverting.restore(run.workspace, line.run, back.run)
        except runs.GitFailedError as error:
            warn(f"baby steps: your files could not be put back ({error}); they are as they were")
            return
        for name in changed:
            warn(f"baby steps: {name} changed as the run ended: it is as you left it, not put back")
        self.back = back

    @hookimpl
    def coach_told(self, run: TestRun, say: Say) -> None:
        """After a run that put the files back, where to find the change; after one not green
        that did not, how long is left before they go back."""
        line = run.line
        if line is None:
            return
        if self.back is None:
            if not line.reverted:  # a revert due but not made is told by its warning
                _time_left(run, line, say)
            return
        minutes, where = run.settings.minutes, " ".join(run.settings.paths)
        say(
            f"⏰ Baby steps: not green for {minutes} min, so your files are back as they were at"
            f" your last green run ({self.back.clock:%H:%M:%S})."
        )
        say(
            f"  Nothing is lost: `git restore --source={line.run[:12]} -- {where}` brings this"
            f" run's code back, and `{typed.command('review')}` shows it."
        )


def _time_left(run: TestRun, line: Line, say: Say) -> None:
    """Under baby steps, after a run not green: how long before the files go back."""
    if run.settings.constraint != NAME or line.light == "green":
        return
    green = episodes.last_green(run.history)
    if green is None:
        say(
            "⏳ Baby steps: the clock starts at your first green run; until then there is no"
            " green to put your files back to."
        )
        return
    left = time_left(run.settings, (*run.history, line), line.time)
    if left and green.run:  # time not up, and the green's code was kept to go back to
        say(
            f"⏳ Baby steps: {_span(left)} left; a run after that which is not green puts your"
            f" files back as they were at your last green run ({green.clock:%H:%M:%S})."
        )


def _span(left: timedelta) -> str:
    """A time left as the learner reads it: "2 min", "1 min 15 s", "45 s"."""
    minutes, seconds = divmod(int(left.total_seconds()), 60)
    said = [f"{minutes} min"] if minutes else []
    return " ".join([*said, f"{seconds} s"] if seconds or not minutes else said)
