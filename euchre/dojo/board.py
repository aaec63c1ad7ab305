"""What the page shows of each pair, worked out from their runs: a row, and their progress.

A pair's row is worked out once, when their lights change, and kept (``Summary``): showing the
board then costs the same however many lights there are. The oldest runs of a pair with very
many are folded into counts (``Counts``), so that a pair's lights, too, cost a bounded time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from euchre.dojo.pair_history import WRITING_EXAMPLES, counted, lines_posted, reach_of
from euchre.dojo.summary import Summary, red_on, summarize
from euchre.kata.coach.record import progress
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import KATA_STAGES, STAGES

STUCK_MINUTES = 10
"""By default, a pair not green for this long is marked stuck (``euchre dojo serve
--stuck-after``)."""
AMBERS_STUCK = 2
"""Amber runs in a row after which a pair is marked stuck at once: their tests cannot run (code
that does not import, a feature or an example that cannot be read, nothing written yet), and a
third try alone seldom mends it."""
IDLE_MINUTES = 5
"""By default, a pair with no run for this long is marked idle (``euchre dojo serve
--idle-after``): whatever their light, the room has not heard from them."""
MOST_LIGHTS = 500
"""Lights kept one by one for each pair, on the dashboard and in the report; older ones are
folded into counts."""


@dataclass(frozen=True)
class Pair:
    """A pair, and their runs in the order they happened (the report reads them from files),
    with the code of each run that kept it, by its commit."""

    id: int
    name: str
    runs: tuple[Line, ...]
    code: dict[str, Code] = field(default_factory=dict)
    code_left_out: int = 0
    """Runs whose code was kept but is left out of a report, over what one pair may add."""


@dataclass(frozen=True)
class Row:
    """One pair's line on the board; ``runs`` are the runs it shows (a pair's view: every one
    kept), ``folded`` how many older ones are counted but no longer shown."""

    id: int
    name: str
    summary: Summary
    now: datetime
    runs: tuple[Line, ...] = field(default=())
    folded: int = 0
    stuck_after: int = STUCK_MINUTES
    """Minutes without green after which the pair is marked stuck."""
    idle_after: int = IDLE_MINUTES
    """Minutes without a run after which the pair is marked idle."""
    problem: str = ""
    """Why the board cannot draw this pair's row ("" when it can): it says so instead."""
    code: Mapping[str, Code] = field(default_factory=dict)
    """The code of the runs whose size its practice measures, by run, where it was posted."""
    until: str = ""
    """What ``now`` is where it is not the present: "the end" of an ended dojo, "the last
    light" of a report; minutes are then said before it, not "ago"."""

    @classmethod
    def of(
        cls,
        pair: Pair,
        now: datetime,
        stuck_after: int = STUCK_MINUTES,
        idle_after: int = IDLE_MINUTES,
        until: str = "",
    ) -> Row:
        """The row of a pair whose every run is at hand, marked by the minutes given: all
        counted, the newest ``MOST_LIGHTS`` shown one by one."""
        shown = pair.runs[-MOST_LIGHTS:]
        return cls(
            *(pair.id, pair.name, summarize(pair.runs), now, shown, len(pair.runs) - len(shown)),
            code=pair.code,
            stuck_after=stuck_after,
            idle_after=idle_after,
            until=until,
        )

    @property
    def recent(self) -> tuple[Line, ...]:
        return self.summary.recent

    @property
    def count(self) -> int:
        return self.summary.runs

    @property
    def last(self) -> Line | None:
        return self.recent[-1] if self.recent else None

    @property
    def stage(self) -> int:
        return self.last.stage if self.last else 0

    @property
    def stages_done(self) -> int:
        """The stages before the one in force, and it too once a green finished it; at level
        steps, where a pair may move on with a wrong model through, those a green finished."""
        if self.last and self.last.level == "steps":
            return len({run.stage for run in self.recent if run.stage_done})
        finished = any(run.stage_done for run in self.recent if run.stage == self.stage)
        return max(self.stage - 1, 0) + finished

    @property
    def done_at(self) -> list[tuple[int, datetime]]:
        """When each stage was done, of the runs shown: at the green that finished it, or, in
        lines from before the coach said so, where the next stage began (never at level steps,
        which a pair may leave with a wrong model through)."""
        marks: dict[int, datetime] = {}
        for before, run in zip((None, *self.recent), self.recent, strict=False):
            if run.stage_done:
                marks.setdefault(run.stage, run.time)
            if before is not None and run.stage > before.stage and before.level != "steps":
                marks.setdefault(before.stage, run.time)
        return sorted(marks.items())

    @property
    def stage_name(self) -> str:
        return STAGES[self.stage - 1].name if self.last else ""

    @property
    def cycles(self) -> int:
        return self.summary.cycles

    @property
    def red_since(self) -> datetime | None:
        """If a red run came since the last green, when the stretch without a green began, as
        the stuck mark counts it: an amber inside it or at its end does not end it."""
        return self.summary.not_green_since if self.summary.red_since else None

    @property
    def red_minutes(self) -> int | None:
        since = self.red_since
        if since is None:
            return None
        return _whole_minutes(self.now - since)

    @property
    def level(self) -> str:
        """The pair's level, as their last run says ("" if it does not)."""
        return self.last.level if self.last else ""

    @property
    def constraint(self) -> str:
        """The pair's coderetreat constraint, as their last run says: ``baby-steps 2 min``, or
        ``predict`` with how often they guessed the light, ``predict 7/9 right``."""
        last = self.last
        if last is None or not last.constraint:
            return ""
        if last.constraint == "baby-steps":
            return f"baby-steps {last.minutes} min"
        counts = self.summary.counts
        return f"predict {counts.right}/{counts.guesses} right" if counts.guesses else "predict"

    @property
    def stuck_minutes(self) -> int | None:
        """Minutes since their first run after their last green (or their first run, if
        none was green); None while their last run is green."""
        since = self.summary.not_green_since
        if since is None:
            return None
        return _whole_minutes(self.now - since)

    @property
    def ambers_in_a_row(self) -> int:
        return self.summary.ambers

    @property
    def _not_green_too_long(self) -> bool:
        since = self.summary.not_green_since
        return since is not None and self.now - since >= timedelta(minutes=self.stuck_after)

    @property
    def stuck(self) -> bool:
        """Not green for ``stuck_after`` minutes, or amber ``AMBERS_STUCK`` times in a row:
        a pair the facilitator may want to visit. A green run ends it."""
        return self._not_green_too_long or self.ambers_in_a_row >= AMBERS_STUCK

    @property
    def stuck_at(self) -> datetime | None:
        """When the pair will be marked stuck if no light of theirs comes: None if they are
        already, or if their last run is green (or they have none)."""
        since = self.summary.not_green_since
        return None if since is None or self.stuck else _later(since, self.stuck_after)

    @property
    def stuck_words(self) -> list[str]:
        """Why they are marked stuck, in words: how long and on which scenario, or their
        ambers in a row."""
        said = []
        if self._not_green_too_long and self.last is not None:
            on = red_on(self.last, self.summary.green_reached)
            said.append(f"stuck {self.stuck_minutes} min on '{on}'")
        if self.ambers_in_a_row >= AMBERS_STUCK:
            times = "twice" if self.ambers_in_a_row == 2 else f"{self.ambers_in_a_row} times"
            said.append(f"amber {times} in a row: their tests cannot run")
        return said

    @property
    def last_run_minutes(self) -> int | None:
        """Whole minutes since their last run; None before their first."""
        return None if self.last is None else _whole_minutes(self.now - self.last.time)

    @property
    def finished(self) -> bool:
        """The kata's stages all done, or at level steps left: the coach says so then."""
        return self.stages_done >= KATA_STAGES or bool(self.last and self.last.stage > KATA_STAGES)

    @property
    def idle(self) -> bool:
        """No run for ``idle_after`` minutes: a pair the room has not heard from, unless they
        finished the kata. A run ends it."""
        last = self.last
        quiet = last is not None and self.now - last.time >= timedelta(minutes=self.idle_after)
        return quiet and not self.finished

    @property
    def idle_at(self) -> datetime | None:
        """When the pair will be marked idle if no light of theirs comes: None if they are
        already, have no run, or finished the kata."""
        if self.last is None or self.idle or self.finished:
            return None
        return _later(self.last.time, self.idle_after)

    @property
    def idle_words(self) -> str:
        return f"idle: no run for {self.last_run_minutes} min" if self.idle else ""

    @property
    def counted(self) -> str:
        """What the pair's runs count, in their level's words: "reached scenarios", "examples"."""
        return counted(self.level)

    def progress(self) -> list[str]:
        """What `make progress` says for this pair, but its row of lights (the page draws it)."""
        if not self.runs:
            return ["No runs yet: their first `make test` will show here."]
        size = lines_posted(self.runs, self.code)
        # A line counts examples, not Rules: which Rule a pair is on is said by its name alone.
        unit = "" if self.level in WRITING_EXAMPLES else "scenario"
        lines = progress.report(
            list(self.runs), reach_of(self.runs), unit, self.counted, size, self.now
        )[2:]
        if self.folded:
            lines.append(
                f"Counted above only from their last {len(self.runs)} runs;"
                f" {self.folded:,} older runs are folded into the board's totals."
            )
        return lines


def _later(time: datetime, minutes: int) -> datetime | None:
    """``minutes`` after ``time``; None past the calendar's end (a light stored there before
    such lights were refused)."""
    try:
        return time + timedelta(minutes=minutes)
    except OverflowError:
        return None


def _whole_minutes(span: timedelta) -> int:
    """The whole minutes passed, as the stuck and idle marks count them: 1.8 minutes is 1."""
    return max(int(span.total_seconds() // 60), 0)


def ordered(rows: list[Row]) -> list[Row]:
    """The stuck pairs first; then by stage, and by name within a stage, so that rows seldom
    move."""
    return sorted(rows, key=lambda row: (not row.stuck, row.stage, row.name.casefold(), row.id))


def rows(
    pairs: list[Pair],
    now: datetime,
    stuck_after: int = STUCK_MINUTES,
    idle_after: int = IDLE_MINUTES,
    until: str = "",
) -> list[Row]:
    """A row for each pair, in the board's order, marked by the minutes given."""
    return ordered([Row.of(pair, now, stuck_after, idle_after, until) for pair in pairs])


def next_mark(rows: list[Row]) -> datetime | None:
    """When the next pair will be marked stuck or idle if no light comes: the board must be
    drawn again then, though nothing was posted."""
    marks = [mark for row in rows for mark in (row.stuck_at, row.idle_at) if mark is not None]
    return min(marks, default=None)
