"""`make progress` and the dashboard's view of a pair: what the history says, in words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from euchre.kata.coach.record import progress
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.reach import Reach

START = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def a_run(minute: int, light: str, **fields: object) -> Line:
    time = START + timedelta(minutes=minute)
    return Line(time, 1, "x", light, 0, 1, **fields)  # type: ignore[arg-type]


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


def test_progress_says_never_red_of_a_pair_never_red_and_a_short_red_as_under_a_minute() -> None:
    """A pair with no red run: "0 min" read as a red too short to count; the retrospective
    says "never red" of them too, and "under a minute" of a red under a minute."""
    never = progress.report([a_run(0, "green"), a_run(4, "green")], Reach(1, 1))
    short = progress.report([a_run(0, "red"), a_run(0, "green")], Reach(1, 1))
    assert [line for line in never + short if line.startswith("Longest stretch red")] == [
        "Longest stretch red: never red",
        "Longest stretch red: under a minute",
    ]


def test_scenarios_revealed_together_that_passed_at_once_are_each_counted() -> None:
    """`make next STAGE=1` revealing two scenarios that pass at once: two scenarios, one run
    (the dojo's question counts scenarios: "Scenarios that passed at once" counted runs)."""
    runs = [
        Line(START + timedelta(minutes=n), 1, "x", "green", reached, reached, passed_at_once=n > 0)
        for n, reached in enumerate((1, 2, 4))
    ]
    lines = progress.report(runs, Reach(1, 4))
    assert "Scenarios that passed at once: 3" in lines
    assert next(line for line in lines if line.startswith("  Stage 1")).endswith(
        ", 3 passed at once"
    )
    assert progress.at_once(runs) == [0, 1, 2]


# The rhythm's counts have one home, here: `make review`, `make progress`, the dashboard and
# the dojo's retrospective all ask these.


def test_a_red_stretch_runs_from_its_first_red_to_the_green_that_ends_it_or_the_last() -> None:
    """An amber on the way does not end it: the pair was not green again, as the board's
    minutes in red count (a facilitator heard 2 min 41 s in red of a pair 2 min 51 s without a
    green, two ambers at its end)."""
    runs = [
        a_run(0, "green"),
        a_run(1, "red"),
        a_run(2, "red"),
        a_run(6, "amber"),
        a_run(7, "green"),
        a_run(8, "red"),
        a_run(9, "amber"),
    ]
    assert progress.red_stretches(runs) == [(1, 4), (5, 6)]
    assert progress.longest_red_stretch(runs) == (1, 4)
    assert progress.longest_red(runs) == timedelta(minutes=6)
    assert progress.red_stretches(runs[:4]) == [(1, 3)]
    assert progress.longest_red(runs[:4], until=START + timedelta(minutes=10)) == timedelta(
        minutes=9
    ), "still not green at the end: it lasts until then"
    assert progress.red_stretches([a_run(0, "amber"), a_run(1, "green")]) == []
    assert progress.red_stretches([a_run(0, "green")]) == []
    assert progress.longest_red_stretch([a_run(0, "green")]) is None


def test_of_stretches_equally_long_the_first_is_the_longest_and_a_clock_set_back_counts_none() -> (
    None
):
    runs = [a_run(0, "red"), a_run(2, "green"), a_run(3, "red"), a_run(5, "green")]
    assert progress.longest_red_stretch(runs) == (0, 1)
    back = [a_run(5, "red"), a_run(1, "green"), a_run(6, "red"), a_run(6, "green")]
    assert progress.longest_red_stretch(back) == (0, 1)
    assert progress.longest_red(back) == timedelta()


def test_a_step_goes_from_a_red_to_the_green_after_it_and_the_largest_is_the_first_biggest() -> (
    None
):
    """A step is the stretch in red, from its first red run to the green that ends it: a
    pair's step across two ambers was measured from the last amber alone, 4 lines of 41, and
    another's after five reds from the last red, 2 lines of 37 (facilitators)."""
    runs = [
        a_run(0, "red"),
        a_run(1, "green"),
        a_run(2, "red"),
        a_run(3, "amber"),
        a_run(4, "red"),
        a_run(5, "green"),
        a_run(6, "red"),
        a_run(7, "green"),
        a_run(8, "amber"),
        a_run(9, "green"),
    ]
    assert progress.steps(runs) == [(0, 1), (2, 5), (6, 7)]
    sizes = {(0, 1): 4, (2, 5): 9, (6, 7): 9}
    assert progress.largest_step(runs, lambda red, green: sizes.get((red, green))) == (2, 5)
    unmeasured = {(0, 1): 4, (2, 5): None, (6, 7): 2}
    assert progress.largest_step(runs, lambda *step: unmeasured[step]) == (0, 1), "None: unknown"
    assert progress.largest_step(runs, lambda red, green: None) is None
    assert progress.largest_step([a_run(0, "red")], lambda red, green: 1) is None


def test_refactors_and_guesses_are_counted_as_each_run_recorded_them() -> None:
    runs = [
        a_run(0, "green", guess="green"),
        a_run(1, "green", refactor=True, guess="red"),
        a_run(2, "red", refactor=True, guess="red"),
        a_run(3, "amber"),
        a_run(4, "green", refactor=True),
    ]
    assert progress.refactors(runs) == [1, 4]
    assert progress.guesses(runs) == (2, 3)
    assert progress.guesses(runs[3:]) == (0, 0)


def test_a_stages_time_is_said_to_the_second_from_the_runs_in_it() -> None:
    """Said as the retrospective says a stretch: "42 s", not "0 min" of a stage done in 42
    seconds; from an hour, hours and minutes; and a stage not begun took no time."""
    runs = [
        Line(START, 1, "x", "red", 0, 1),
        Line(START + timedelta(seconds=42), 1, "x", "green", 1, 1),
        Line(START + timedelta(minutes=63, seconds=50), 2, "x", "green", 1, 1),
    ]
    assert progress.stage_time(runs, 1) == "42 s"
    assert progress.stage_time(runs, 2) == "1 h 03 min"
    assert progress.stage_time(runs, 3) == "0 s"


def test_the_longest_stretch_red_is_said_to_the_second_as_the_retrospective_says_it() -> None:
    """A pair's page said "2 min" where the retrospective read out "2 min 42 s" of the same
    stretch: one looked like a mistake for the other."""
    lines = progress.report([a_run(0, "red"), a_run(2 + 42 / 60, "green")], Reach(1, 1))
    assert "Longest stretch red: 2 min 42 s" in lines
