"""`make progress` and the dashboard's view of a pair: what the history says, in words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from euchre.kata.coach.record import progress
from euchre.kata.coach.record.history import Run
from euchre.kata.coach.record.reach import Reach

START = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def a_run(minute: int, light: str, **fields: object) -> Run:
    time = START + timedelta(minutes=minute)
    return Run(time, 1, "x", light, 0, 1, **fields)  # type: ignore[arg-type]


def test_progress_counts_the_runs_baby_steps_reverted_in_each_stage_and_in_all() -> None:
    steps = {"constraint": "baby-steps", "minutes": 2}
    runs = [
        a_run(0, "green", **steps),
        a_run(1, "red", **steps),
        a_run(3, "red", reverted=True, **steps),
        a_run(4, "red", **steps),
        a_run(7, "red", reverted=True, **steps),
        a_run(8, "green", **steps),
    ]
    lines = progress.report(runs, Reach(1, 1))
    stage = next(line for line in lines if line.startswith("  Stage 1"))
    assert stage.endswith(", 2 reverted by baby steps")
    assert "Reverted by baby steps: 2" in lines


def test_progress_says_nothing_of_reverts_where_there_were_none() -> None:
    lines = progress.report([a_run(0, "red"), a_run(1, "green")], Reach(1, 1))
    assert not any("reverted" in line.lower() for line in lines)


def test_progress_counts_the_amber_runs_where_there_were_any() -> None:
    lines = progress.report([a_run(0, "amber"), a_run(1, "red"), a_run(2, "green")], Reach(1, 1))
    stage = next(line for line in lines if line.startswith("  Stage 1"))
    assert "1 red, 1 amber, 1 green, 0 refactors" in stage
    assert "The three beats in all: 1 red, 1 amber, 1 green, 0 refactors" in lines
