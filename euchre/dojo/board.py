"""What the page shows of each pair, worked out from their runs: a row, and their progress."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from euchre.dojo.store import Pair
from euchre.kata.coach import progress
from euchre.kata.coach.lights import Run
from euchre.kata.coach.reach import Reach
from euchre.kata.coach.stages import STAGES

STUCK_MINUTES = 10
"""A red stretch this long is shown as one the facilitator may want to look at."""


@dataclass(frozen=True)
class Row:
    """One pair's line on the board."""

    id: int
    name: str
    runs: tuple[Run, ...]
    now: datetime

    @property
    def last(self) -> Run | None:
        return self.runs[-1] if self.runs else None

    @property
    def stage(self) -> int:
        return self.last.stage if self.last else 0

    @property
    def stage_name(self) -> str:
        return STAGES[self.stage - 1].name if self.last else ""

    @property
    def cycles(self) -> int:
        return progress.cycles(list(self.runs))

    @property
    def red_since(self) -> datetime | None:
        """When the current stretch of red runs began, if the last run was red."""
        since = None
        for run in reversed(self.runs):
            if run.light != "red":
                break
            since = run.time
        return since

    @property
    def red_minutes(self) -> int | None:
        since = self.red_since
        if since is None:
            return None
        return max(round((self.now - since).total_seconds() / 60), 0)

    @property
    def stuck(self) -> bool:
        return (self.red_minutes or 0) >= STUCK_MINUTES

    def progress(self) -> list[str]:
        """What `make progress` says for this pair, but its row of lights (the page draws it)."""
        if not self.runs:
            return ["No runs yet: their first `make test` will show here."]
        return progress.report(list(self.runs), reach_of(self.runs))[2:]


def reach_of(runs: tuple[Run, ...]) -> Reach:
    """How far a pair has reached, as their history tells it: the stage of their last run, and
    the scenarios reached in it beyond those of the stages before."""
    last = runs[-1]
    before = [run.reached for run in runs if run.stage < last.stage]
    return Reach(last.stage, max(last.reached - max(before, default=0), 1))


def rows(pairs: list[Pair], now: datetime) -> list[Row]:
    """A row for each pair, by stage, and by name within a stage, so that rows seldom move."""
    made = [Row(pair.id, pair.name, pair.runs, now) for pair in pairs]
    return sorted(made, key=lambda row: (row.stage, row.name.casefold(), row.id))
